//! The engine: positions, legal move generation, play/undo and the end rules.
//!
//! Rule modules are parameterised by the compiled [`Variant`](crate::Variant); nothing here
//! knows a variant by name.

mod dice;
mod events;
mod hands;
mod movegen;
mod outcome;
mod piece;
mod play;
mod position;
mod repetition;
mod rules;
mod setup;
mod start;
mod turns;

pub use events::PlyEvents;
pub use outcome::{EndReason, Outcome};
pub use piece::{Kind, MAX_KINDS, MAX_ORIENTS, MAX_SEATS, NO_OWNER, Piece, Seat, SquareSet};
pub use play::PlayError;
pub use position::{Counters, Position};
pub(crate) use setup::{EndSetting, SetupState};

use crate::geometry::Square;

/// A board move: from a square to a square, with an optional promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin square.
    pub from: Square,
    /// Target square.
    pub to: Square,
    /// The kind the piece becomes, if it promotes.
    pub promotion: Option<Kind>,
    /// The die value used for the move in dice variants (0 in variants without dice).
    pub die: u8,
    /// For a drop: the kind dropped from the hand onto `to` (`from` equals `to`).
    pub drop: Option<Kind>,
}

/// Most dice a variant may roll at once.
pub const MAX_DICE: usize = 4;

/// One thing a seat can do on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move a piece on the board (in dice variants, using one die).
    Move(Move),
    /// A roll of the dice: the values, largest first, 0 for no die. A chance event.
    Roll([u8; MAX_DICE]),
    /// End the turn with dice left (where the rule file allows it).
    Pass,
    /// Resign at the start of the turn, before rolling (where the rule file allows it).
    Resign,
}
