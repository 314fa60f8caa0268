//! Notation: position strings (FEN) and move notation.

mod fen;
mod moves;

pub use fen::{FenError, from_fen, to_fen};
pub use moves::{MoveError, action_to_string, move_to_string, parse_move};
