//! Petrification on capture ([`crate::rules::petrify`]): the two places where
//! Fairy-Stockfish still counts the steps of a royal piece that may not capture — castling and
//! telling mate from stalemate — read only where the module is on. (The wall itself is put by
//! `engine/play.rs`'s effects after a capture.)

use super::position::Position;
use crate::vocab::Seat;

impl Position {
    /// Under petrification: true if `seat`'s castling royal on `king_from` may not castle to
    /// `king_to` across `path` (the squares after `king_from`, `king_to` last) because it
    /// stands on, or passes before its destination, a square one step from an opponent's
    /// royal piece (Fairy-Stockfish's pseudo-royal castling test counts that piece's steps).
    pub(super) fn petrified_castle_blocked(
        &self,
        seat: Seat,
        king_from: u8,
        king_to: u8,
        path: &[u8],
    ) -> bool {
        self.variant.rules.petrify.is_some()
            && std::iter::once(king_from)
                .chain(path.iter().copied().filter(|&s| s != king_to))
                .any(|s| self.touches_enemy_royal(s, seat))
    }

    /// Under petrification: true if a royal piece of `seat` stands one step from an
    /// opponent's royal piece — with no legal move, a mate rather than a stalemate, as
    /// Fairy-Stockfish's pseudo-royal test counts that piece's steps there.
    pub(super) fn petrified_touch_mate(&self, seat: Seat) -> bool {
        self.variant.rules.petrify.is_some()
            && self.royals[seat.index()]
                .iter()
                .any(|sq| self.touches_enemy_royal(sq, seat))
    }
}
