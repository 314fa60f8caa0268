//! Start positions for the games of a match: the first seat rotates from game to game where
//! the rule file says so (`match: { first-seat: rotate }`).

use super::position::Position;
use crate::compile::Variant;
use crate::vocab::Seat;
use std::sync::Arc;

impl Position {
    /// The start position of game `game_index` (0-based) of a match of `variant`.
    ///
    /// With `variant.rules.first_seat`, game `k` starts with seat `k mod seats`
    /// (Chaturaji's `next-game-first-seat: rotate`: game 0 red, game 1 blue, …); that seat is
    /// the game's first seat, so rounds are counted from it. Otherwise this is
    /// [`Position::start`].
    ///
    /// ```
    /// use ashtapada::{Assignment, Position, Seat, load_variant};
    /// let v = load_variant("chaturaji", &Assignment::default()).unwrap();
    /// let pos = Position::start_for_game(v, 5);
    /// assert_eq!(pos.to_move(), Seat(1));
    /// assert_eq!(pos.first_seat(), Seat(1));
    /// ```
    pub fn start_for_game(variant: Arc<Variant>, game_index: u64) -> Position {
        let mut p = Position::start(variant);
        let n = p.variant.seats.len() as u64;
        if p.variant.rules.first_seat.is_some() && n > 0 {
            let seat = Seat((game_index % n) as u8);
            if seat != p.to_move {
                p.first_seat = seat;
                p.root_seat = seat;
                p.set_to_move(seat);
                p.judge_root();
            }
        }
        p
    }
}
