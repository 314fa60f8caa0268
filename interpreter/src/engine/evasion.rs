//! Moves out of check by their two squares: the position's side of
//! [`AttackTable::evasions`](crate::compile::AttackTable::evasions), read by the legality test
//! ([`Position::legality`](super::Position)) when the seat to move is in check.

use super::position::Position;
use crate::vocab::{Seat, SquareSet};

impl Position {
    /// For `seat`, whose only royal piece is attacked by exactly one piece of its enemies:
    /// `(pinned, answers)` ([`AttackTable::evasions`](crate::compile::AttackTable::evasions)):
    /// a board move of another piece from outside `pinned` is legal iff it lands on a square
    /// of `answers` (unless it captures en passant), and so is a drop of a piece that is not
    /// royal. `None` where the variant has a facing rule (a move may open a file between
    /// royal pieces), hopping attackers, or the piece is attacked by none or by several.
    pub(super) fn evasion_squares(&self, seat: Seat) -> Option<(SquareSet, SquareSet)> {
        let v = &*self.variant;
        if v.rules.facing.is_some() {
            return None;
        }
        let sq = self.royals[seat.index()].iter().next()?;
        v.attacks.evasions(&self.board, sq, self.enemies(seat))
    }
}
