//! The engine: positions, legal move generation, play/undo and the end rules.
//!
//! Rule modules are parameterised by the compiled [`Variant`](crate::Variant); nothing here
//! knows a variant by name.

mod movegen;
mod outcome;
mod piece;
mod play;
mod position;

pub use outcome::{EndReason, Outcome};
pub use piece::{Kind, MAX_KINDS, MAX_ORIENTS, MAX_SEATS, Piece, Seat, SquareSet};
pub use play::PlayError;
pub use position::Position;

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
}

/// One thing a seat can do on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move a piece on the board.
    Move(Move),
}
