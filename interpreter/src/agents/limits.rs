//! What an engine protocol asks of a [`SearchAgent`](super::SearchAgent) search: its
//! [`Limits`] (depth, nodes, time) and the [`Iteration`] reports it gives while it runs.

use super::eval::WIN;
use crate::Move;
use std::time::Instant;

/// The limits of one [`SearchAgent::think`](super::SearchAgent::think) search. The first
/// iteration (depth 1) always completes unless a stop is asked for
/// ([`SearchAgent::set_stop`](super::SearchAgent::set_stop)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies (at least 1).
    pub depth: i32,
    /// Node budget: actions played in the search, as [`Grade::nodes`](super::Grade::nodes).
    pub nodes: u64,
    /// No new iteration starts after this instant.
    pub soft: Option<Instant>,
    /// The search ends at this instant, even in the middle of an iteration (the moves that
    /// iteration finished still count).
    pub hard: Option<Instant>,
}

impl Limits {
    /// A search limited by its depth and nodes only, no clock.
    pub fn new(depth: i32, nodes: u64) -> Limits {
        Limits {
            depth,
            nodes,
            soft: None,
            hard: None,
        }
    }
}

/// The value of a position for the seat to move at the root, as engine protocols report it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The evaluation in hundredths of the rule file's value unit ([`UNIT`](super::UNIT) per
    /// unit; a pawn of value 1 is 100): UCI's `cp`.
    Centi(i32),
    /// A won game (positive: the root seat wins) or a lost one (negative) in this many moves
    /// of the root seat: UCI's `mate`.
    Mate(i32),
}

impl Score {
    /// The score of a search value: a value within 1000 plies of [`WIN`] is a mate.
    pub fn from_value(value: i32) -> Score {
        if value.abs() >= WIN - 1000 {
            let plies = WIN - value.abs();
            let moves = (plies + 1) / 2;
            Score::Mate(if value > 0 { moves } else { -moves })
        } else {
            Score::Centi(value * 100 / super::UNIT)
        }
    }
}

/// One completed iteration of a [`think`](super::SearchAgent::think) search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The iteration's depth, in plies.
    pub depth: i32,
    /// The deepest ply the search reached so far (quiescence and extensions included).
    pub seldepth: u32,
    /// The best root move's value for the seat to move.
    pub score: Score,
    /// Nodes searched so far for this move.
    pub nodes: u64,
    /// The principal variation: the best root move, then the expected replies (from the
    /// transposition table, legal moves only; it may be shorter than `depth`).
    pub pv: Vec<Move>,
}

impl Iteration {
    /// An iteration report; `value` is the search value of the best root move.
    pub(super) fn new(depth: i32, seldepth: u32, value: i32, nodes: u64, pv: Vec<Move>) -> Self {
        Iteration {
            depth,
            seldepth,
            score: Score::from_value(value),
            nodes,
            pv,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_near_a_win_are_mates_in_moves() {
        // Mate by the root move itself: one ply.
        assert_eq!(Score::from_value(WIN - 1), Score::Mate(1));
        assert_eq!(Score::from_value(WIN - 3), Score::Mate(2));
        assert_eq!(Score::from_value(-(WIN - 2)), Score::Mate(-1));
        assert_eq!(Score::from_value(-(WIN - 4)), Score::Mate(-2));
        assert_eq!(Score::from_value(250), Score::Centi(250));
        assert_eq!(Score::from_value(-37), Score::Centi(-37));
    }
}
