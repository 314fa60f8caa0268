//! Moves out of check without playing them: on boards of at most 64 squares where no piece
//! leaps lamely or hops, a move of an unpinned, non-royal piece of a seat in check is legal
//! exactly when it captures the one checking piece or lands between it and the royal piece
//! ([`crate::compile::AttackTable::evasions_bits`]); a drop, when it lands between.

use super::position::Position;
use crate::vocab::{Seat, SquareSet};

impl Position {
    /// For `seat`, where [`legality`](Self::legality)'s shortcut conditions hold
    /// ([`pin_shortcut_applies`](Self::pin_shortcut_applies)), no facing rule applies and the
    /// attack tables have bitboards without lame leaps or hops: `(vacate, targets)`, where a
    /// board move that empties no square of `vacate` (its royal pieces' squares and the pinned
    /// pieces') and is not an en-passant-like capture, or a drop of a non-royal kind, keeps
    /// every royal piece of `seat` safe exactly when it lands on `targets` (every square for
    /// a royal piece not attacked; for one attacked, its one attacker's square and the
    /// squares between). `None` otherwise.
    pub(super) fn evasion_squares(&self, seat: Seat) -> Option<(SquareSet, SquareSet)> {
        let v = &*self.variant;
        if !v.attacks.has_bits() || v.rules.facing.is_some() {
            return None;
        }
        let occ = self.occupied_bits();
        let own = self.occ[seat.index()].0[0];
        let bits = (occ, own, occ & !own & !self.dead_bb);
        let royals = self.royals[seat.index()];
        let (mut vacate, mut targets) = (royals.0[0], u64::MAX);
        for sq in royals.iter() {
            let (pinned, to) = v.attacks.evasions_bits(&self.board, sq, bits)?;
            vacate |= pinned;
            targets &= to;
        }
        Some((SquareSet([vacate, 0, 0, 0]), SquareSet([targets, 0, 0, 0])))
    }
}
