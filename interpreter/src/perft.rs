//! Perft and divide: counting the leaf nodes of the legal-move tree.
//!
//! Counting conventions (spec/chaturanga.md): perft counts legal moves; a position where the
//! game is over (an end condition, or no legal move) has no children and counts as a leaf at the
//! last depth. Repetition and the move rule are not applied. Depth 1 is counted in bulk (legal
//! moves are counted, not played).

use crate::engine::{Move, Position};

/// Leaf nodes at `depth` plies below `pos` (1 for depth 0).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut bufs: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(128)).collect();
    perft_rec(pos, depth, &mut bufs)
}

fn perft_rec(pos: &mut Position, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return pos.count_legal(buf);
    }
    pos.legal_moves(buf);
    let mut nodes = 0;
    for &m in buf.iter() {
        pos.play_unchecked(m);
        nodes += perft_rec(pos, depth - 1, rest);
        pos.undo();
    }
    nodes
}

/// Perft split by root move: (move, leaf count below it), in move order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_move_list();
    moves
        .into_iter()
        .map(|m| {
            pos.play_unchecked(m);
            let n = perft(pos, depth.saturating_sub(1));
            pos.undo();
            (m, n)
        })
        .collect()
}
