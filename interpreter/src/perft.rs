//! Perft and divide: counting the leaf nodes of the legal-move tree.
//!
//! Counting conventions (docs/chaturanga.md): perft counts legal moves; a position where the
//! game is over (an end condition, or no legal move) has no children and counts as a leaf at the
//! last depth. Repetition and the move rule are not applied. Depth 1 is counted in bulk (legal
//! moves are counted, not played).

use crate::engine::Position;
use crate::stop::{Stop, Stopped};
use crate::vocab::{Action, Move};

/// Leaf nodes at `depth` plies below `pos` (1 for depth 0).
///
/// Move buffers are allocated per ply as the search first reaches it, so a huge `depth` costs
/// nothing up front (a search that deep never ends, but one from a finished game does at once).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    Walk::new(&Stop::new()).count(pos, depth, 0)
}

/// [`perft`] that polls `stop` at every node above the last ply and gives up when it is set;
/// `pos` is handed back as it was either way.
///
/// # Errors
/// [`Stopped`] if `stop` was set before the count was complete.
pub fn perft_until(pos: &mut Position, depth: u32, stop: &Stop) -> Result<u64, Stopped> {
    let n = Walk::new(stop).count(pos, depth, 0);
    if stop.is_set() { Err(Stopped) } else { Ok(n) }
}

/// One perft walk: its move buffers and the stop flag it polls.
struct Walk<'a> {
    /// `bufs[ply]` is the move buffer of `ply` plies below the root, pushed when first needed.
    bufs: Vec<Vec<Move>>,
    stop: &'a Stop,
}

impl<'a> Walk<'a> {
    fn new(stop: &'a Stop) -> Walk<'a> {
        Walk {
            bufs: Vec::new(),
            stop,
        }
    }

    /// Leaf nodes `depth` plies below `pos`, `ply` plies below the root; a partial count once
    /// the stop flag is set.
    fn count(&mut self, pos: &mut Position, depth: u32, ply: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        if pos.awaiting_roll() {
            return self.count_rolls(pos, depth, ply);
        }
        if self.bufs.len() <= ply {
            self.bufs.resize_with(ply + 1, || Vec::with_capacity(128));
        }
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        let pass = pos.can_pass() as u64;
        if depth == 1 {
            let n = pos.count_legal(&mut buf) + pass;
            self.bufs[ply] = buf;
            return n;
        }
        if self.stop.is_set() {
            self.bufs[ply] = buf;
            return 0;
        }
        pos.legal_moves(&mut buf);
        let mut nodes = 0;
        for &m in buf.iter() {
            pos.play_unchecked(m);
            nodes += self.count(pos, depth - 1, ply + 1);
            pos.undo();
        }
        if pass == 1 {
            pos.pass_unchecked();
            nodes += self.count(pos, depth - 1, ply + 1);
            pos.undo();
        }
        self.bufs[ply] = buf;
        nodes
    }

    /// A roll node: one child per distinct unordered roll (docs/chaturaji.md).
    fn count_rolls(&mut self, pos: &mut Position, depth: u32, ply: usize) -> u64 {
        if pos.ended().is_some() {
            return 0;
        }
        let variant = pos.variant().clone();
        let Some(dice) = &variant.rules.dice else {
            return 0;
        };
        if depth == 1 {
            return dice.outcomes.len() as u64;
        }
        let mut nodes = 0;
        for roll in &dice.outcomes {
            pos.roll_unchecked(roll);
            nodes += self.count(pos, depth - 1, ply + 1);
            pos.undo();
        }
        nodes
    }
}

/// Perft split by root action: (action, leaf count below it), in order — rolls at a roll
/// node, otherwise moves then `pass`.
///
/// At depth 0 the root is the only node and no action is played: the list is empty.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Action, u64)> {
    divide_until(pos, depth, &Stop::new()).unwrap_or_default()
}

/// [`divide`] that polls `stop` as [`perft_until`] does.
///
/// # Errors
/// [`Stopped`] if `stop` was set before the counts were complete.
pub fn divide_until(
    pos: &mut Position,
    depth: u32,
    stop: &Stop,
) -> Result<Vec<(Action, u64)>, Stopped> {
    let mut actions: Vec<Action> = Vec::new();
    if depth == 0 {
        return Ok(Vec::new());
    }
    if pos.awaiting_roll() {
        if pos.ended().is_none()
            && let Some(d) = &pos.variant().rules.dice
        {
            actions.extend(d.outcomes.iter().map(|r| Action::Roll(*r)));
        }
    } else {
        actions.extend(pos.legal_move_list().into_iter().map(Action::Move));
        if pos.can_pass() {
            actions.push(Action::Pass);
        }
    }
    let mut walk = Walk::new(stop);
    let parts = actions
        .into_iter()
        .map(|a| {
            pos.play_action_unchecked(a);
            let n = walk.count(pos, depth.saturating_sub(1), 0);
            pos.undo();
            (a, n)
        })
        .collect();
    if stop.is_set() {
        Err(Stopped)
    } else {
        Ok(parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::notation::from_fen;
    use crate::spec::Assignment;

    fn chaturanga(fen: Option<&str>) -> Position {
        let v = load_variant("chaturanga", &Assignment::default()).unwrap();
        match fen {
            Some(f) => from_fen(&v, f).unwrap(),
            None => Position::start(v),
        }
    }

    #[test]
    fn a_huge_depth_allocates_nothing_up_front() {
        // Black is mated: the search stops at the root, however deep it was asked to go.
        let mut pos = chaturanga(Some("k7/2K5/8/8/8/8/8/R7 b - - 0 1"));
        assert_eq!(perft(&mut pos, u32::MAX), 0);
        let mut pos = chaturanga(None);
        assert_eq!(perft(&mut pos, 2), 256);
    }

    #[test]
    fn a_set_stop_ends_the_count_and_leaves_the_position() {
        let mut pos = chaturanga(None);
        let before = crate::notation::to_fen(&pos);
        let stop = Stop::new();
        assert_eq!(perft_until(&mut pos, 3, &stop), Ok(4_176));
        stop.stop();
        assert_eq!(perft_until(&mut pos, 9, &stop), Err(Stopped));
        assert_eq!(divide_until(&mut pos, 9, &stop), Err(Stopped));
        assert_eq!(crate::notation::to_fen(&pos), before);
        stop.clear();
        assert_eq!(divide_until(&mut pos, 1, &stop).map(|d| d.len()), Ok(16));
    }

    #[test]
    fn divide_at_depth_zero_lists_no_action() {
        let mut pos = chaturanga(None);
        assert!(divide(&mut pos, 0).is_empty());
        assert_eq!(perft(&mut pos, 0), 1);
        let parts = divide(&mut pos, 2);
        assert_eq!(parts.len(), 16);
        assert_eq!(
            parts.iter().map(|(_, n)| n).sum::<u64>(),
            perft(&mut pos, 2)
        );
    }
}
