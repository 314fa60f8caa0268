//! Computer players: the [`Agent`] trait and the agents that implement it.
//!
//! An agent chooses one action for the seat to move. Every random choice it makes comes from
//! the generator it is handed (one per game, see [`crate::sim`]), so a game is reproduced
//! exactly from its seed.

mod random;

/// The generator agents draw from (re-exported so that agents can be written without
/// depending on `rand_chacha`).
pub use rand_chacha::ChaCha8Rng;
pub use random::{RandomAgent, uniform_below};

use crate::{Action, Position};

/// A player: chooses the action of the seat to move.
///
/// The simulator calls [`choose`](Agent::choose) only when the game is not over
/// ([`Position::outcome`] is `None`) and no roll is due ([`Position::awaiting_roll`] is
/// false): dice are rolled by the simulator, never by an agent. The returned action must be
/// legal in `pos`: a move from [`Position::game_moves`] (the legal moves less those the
/// perpetual-check rule forbids), or [`Action::Pass`] /
/// [`Action::Resign`] where [`Position::can_pass`] / [`Position::can_resign`] allow it; never
/// [`Action::Roll`]. The simulator plays moves unchecked.
///
/// `pos` is lent mutably so that an agent can search (play and undo); it must be handed back
/// as it was received. An agent takes its randomness only from `rng`, so that games are
/// reproducible.
pub trait Agent {
    /// The action for the seat to move in `pos`.
    fn choose(&mut self, pos: &mut Position, rng: &mut ChaCha8Rng) -> Action;

    /// A short name for reports (`random`, …).
    fn name(&self) -> &str;
}
