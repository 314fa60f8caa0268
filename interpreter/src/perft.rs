//! Perft and divide: counting the leaf nodes of the legal-move tree.
//!
//! Counting conventions (spec/chaturanga.md): perft counts legal moves; a position where the
//! game is over (an end condition, or no legal move) has no children and counts as a leaf at the
//! last depth. Repetition and the move rule are not applied. Depth 1 is counted in bulk (legal
//! moves are counted, not played).

use crate::engine::{Action, Move, Position};

/// Leaf nodes at `depth` plies below `pos` (1 for depth 0).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut bufs: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(128)).collect();
    perft_rec(pos, depth, &mut bufs)
}

fn perft_rec(pos: &mut Position, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.awaiting_roll() {
        return perft_roll(pos, depth, bufs);
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    let pass = pos.can_pass() as u64;
    if depth == 1 {
        return pos.count_legal(buf) + pass;
    }
    pos.legal_moves(buf);
    let mut nodes = 0;
    for &m in buf.iter() {
        pos.play_unchecked(m);
        nodes += perft_rec(pos, depth - 1, rest);
        pos.undo();
    }
    if pass == 1 {
        pos.pass_unchecked();
        nodes += perft_rec(pos, depth - 1, rest);
        pos.undo();
    }
    nodes
}

/// A roll node: one child per distinct unordered roll (spec/chaturaji.md).
fn perft_roll(pos: &mut Position, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if pos.ended().is_some() {
        return 0;
    }
    let variant = pos.variant().clone();
    let Some(dice) = &variant.dice else { return 0 };
    if depth == 1 {
        return dice.outcomes.len() as u64;
    }
    let mut nodes = 0;
    for roll in &dice.outcomes {
        pos.roll_unchecked(roll);
        nodes += perft_rec(pos, depth - 1, &mut bufs[1..]);
        pos.undo();
    }
    nodes
}

/// Perft split by root action: (action, leaf count below it), in order — rolls at a roll
/// node, otherwise moves then `pass`.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Action, u64)> {
    let mut actions: Vec<Action> = Vec::new();
    if pos.awaiting_roll() {
        if pos.ended().is_none()
            && let Some(d) = &pos.variant().dice
        {
            actions.extend(d.outcomes.iter().map(|r| Action::Roll(*r)));
        }
    } else {
        actions.extend(pos.legal_move_list().into_iter().map(Action::Move));
        if pos.can_pass() {
            actions.push(Action::Pass);
        }
    }
    actions
        .into_iter()
        .map(|a| {
            match a {
                Action::Move(m) => pos.play_unchecked(m),
                Action::Roll(r) => pos.roll_unchecked(&r),
                Action::Pass => pos.pass_unchecked(),
                Action::Resign => {
                    let _ = pos.resign();
                }
            }
            let n = perft(pos, depth.saturating_sub(1));
            pos.undo();
            (a, n)
        })
        .collect()
}
