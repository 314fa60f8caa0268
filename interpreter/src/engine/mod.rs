//! The engine: positions, legal move generation, play/undo and the end rules.
//!
//! Rule modules are parameterised by the compiled [`Variant`](crate::compile::Variant); nothing here
//! knows a variant by name.

mod attack_bits;
mod blast;
mod build;
mod check_limits;
mod dice;
mod drop_count;
mod duple_check;
mod enclose;
mod evasions;
mod events;
mod game;
mod gating;
mod hands;
mod host;
mod in_place;
mod load;
mod mate_rule;
mod movegen;
mod outcome;
mod pass;
mod petrify;
mod placement;
mod play;
mod position;
mod repetition;
mod setup;
mod special;
mod start;
mod tactical;
mod tally;
mod turns;
mod walls;

// For engine's own `super::` paths and for code not yet moved: elsewhere, import from
// crate::vocab (tests/tests/layers.rs refuses `crate::engine::Kind`).
#[allow(unused_imports)]
pub use crate::vocab::{
    Action, Counters, EndReason, Kind, MAX_DICE, MAX_KINDS, MAX_ORIENTS, MAX_SEATS, Move, NO_OWNER,
    Outcome, Piece, Seat, SquareSet,
};
pub use events::PlyEvents;
pub use hands::DropRefusal;
pub use load::{compile, compile_with_warnings, load_variant};
pub use movegen::Legality;
pub(crate) use outcome::Listing;
pub use play::{PlayError, RollError};
pub use position::Position;
pub(crate) use setup::{EndSetting, SetupState};
