//! Notation: positions (FEN, extended position strings), moves (coordinates, SAN) and game
//! records (JSON/YAML records, PGN).
//!
//! Every position reader parses text into a [`Setup`] (syntax and names) and validates it
//! with the one step [`Setup::into_position`]; every writer writes from a `Setup`. FEN and the
//! extended string share their board code. What is wrong with a position is a
//! [`PositionError`] whose [`PositionErrorKind`] programs can match.

mod board;
mod error;
mod fen;
mod moves;
mod pgn;
mod position;
mod record;
mod setup;

pub use error::{Notation, PositionError, PositionErrorKind, PositionField};
pub use fen::{FenError, from_fen, read_fen, to_fen, write_fen};
pub use moves::{DROP_HINT, MOVE_HINT, parse_action, pass_text};
pub use moves::{
    MoveError, MoveRefusal, action_to_string, move_to_string, parse_move, takes_pieces,
};
pub use pgn::{PgnError, PgnGame, read_pgn, result_text, san, san_move, to_pgn};
pub use position::{
    from_position_string, parse_position, read_position_string, seat_letters, to_position_string,
    write_position_string,
};
pub use record::{
    ActionError, Record, RecordFormatError, RecordOptions, RecordResult, ReplayError, SeatResult,
    Turn, Unused,
};
pub use setup::{Setup, SetupEnd, Source};
