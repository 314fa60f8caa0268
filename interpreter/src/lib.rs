//! # ashtapada
//!
//! A rules-DSL interpreter for the chess family's dice, multi-player and ancient games.
//! A variant is a YAML rule file (board, seats, pieces in Betza notation, setup, promotion,
//! end conditions, ranking, and local rules as named options); [`load_variant`] compiles it,
//! for one option [`Assignment`], into an immutable [`Variant`] holding compact move tables,
//! and [`Position`] plays it.
//!
//! ```
//! use ashtapada::{Assignment, Position, load_variant, perft};
//! let v = load_variant("chaturanga", &Assignment::default()).unwrap();
//! let mut pos = Position::start(v);
//! assert_eq!(perft(&mut pos, 2), 256);
//! ```

pub mod agents;
pub mod compile;
pub mod diag;
pub mod dsl;
mod engine;
pub mod geometry;
pub mod notation;
mod perft;
#[cfg(feature = "render")]
pub mod report;
pub mod rules;
pub mod sim;
pub mod spec;
mod stop;
pub mod vocab;
pub mod yaml;

pub use compile::Variant;
pub use diag::{Diagnostic, Diagnostics};
pub use engine::{
    DropRefusal, Legality, PlayError, Position, RollError, compile, compile_with_warnings,
    load_variant,
};
pub use geometry::{Board, Edge, Orientation, Square};
pub use perft::{divide, divide_until, perft, perft_until};
pub use spec::{Assignment, RuleFile};
pub use stop::{Stop, Stopped};
pub use vocab::{
    Action, Counters, EndReason, Kind, MAX_KINDS, MAX_ORIENTS, MAX_SEATS, Move, NO_OWNER, Outcome,
    Piece, Seat, SeatSet, SquareSet,
};
