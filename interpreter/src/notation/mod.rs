//! Notation: position strings (FEN) and move notation.

mod fen;
mod moves;
mod position;
mod record;

pub use fen::{FenError, from_fen, to_fen};
pub use moves::parse_action;
pub use moves::{MoveError, action_to_string, move_to_string, parse_move, takes_pieces};
pub use position::{
    PositionError, from_position_string, parse_position, seat_letters, to_position_string,
};
pub use record::{
    ActionError, Record, RecordFormatError, RecordOptions, RecordResult, ReplayError, SeatResult,
    Turn, Unused,
};
