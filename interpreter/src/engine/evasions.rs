//! Moves out of check without playing them: a move of an unpinned, non-royal piece of a seat
//! in check is legal exactly when it captures the one checking piece or lands between it and
//! the royal piece; a drop, when it lands between. On boards of at most 128 squares without
//! lame leaps or hops by the bitboards ([`crate::compile::AttackTable::evasions_bits`]),
//! elsewhere by the reverse tables' walk ([`crate::compile::AttackTable::evasions`]).

use super::position::Position;
use crate::compile::AttackWord;
use crate::vocab::{Seat, SquareSet};

impl Position {
    /// For `seat`, where [`legality`](Self::legality)'s shortcut conditions hold
    /// ([`pin_shortcut_applies`](Self::pin_shortcut_applies)) and no facing rule applies:
    /// `(vacate, targets)`, where a board move that empties no square of `vacate` (its royal
    /// pieces' squares and the pinned pieces') and is not an en-passant-like capture, or a
    /// drop of a non-royal kind, keeps every royal piece of `seat` safe exactly when it lands
    /// on `targets` (every square for a royal piece not attacked; for one attacked, its one
    /// attacker's square and the squares between).
    ///
    /// On bitboards without lame leaps or hops ([`AttackTable::evasions_bits`], any number
    /// of royal pieces); elsewhere by the walk of the reverse tables
    /// ([`AttackTable::evasions`], one royal piece attacked by one piece, no hoppers).
    /// `None` where neither applies.
    ///
    /// [`AttackTable::evasions_bits`]: crate::compile::AttackTable::evasions_bits
    /// [`AttackTable::evasions`]: crate::compile::AttackTable::evasions
    pub(super) fn evasion_squares(&self, seat: Seat) -> Option<(SquareSet, SquareSet)> {
        let v = &*self.variant;
        if v.rules.facing.is_some() {
            return None;
        }
        let royals = self.royals[seat.index()];
        let on_bits = match v.attacks.words() {
            1 => self.evasions_on_bits::<u64>(seat, royals),
            2 => self.evasions_on_bits::<u128>(seat, royals),
            _ => None,
        };
        if on_bits.is_some() {
            return on_bits;
        }
        if royals.len() != 1 {
            return None;
        }
        let sq = royals.iter().next()?;
        let (pinned, answers) = v.attacks.evasions(&self.board, sq, self.enemies(seat))?;
        Some((pinned.union(royals), answers))
    }

    /// [`evasion_squares`](Self::evasion_squares) on the bitboards of `W` (the width of
    /// the variant's attack tables): `None` where some kind leaps lamely or hops. The
    /// attackers are the enemies' live pieces only (a live ownerless piece, as four-player
    /// shogi's mated armies may leave, attacks no royal piece).
    fn evasions_on_bits<W: AttackWord>(
        &self,
        seat: Seat,
        royals: SquareSet,
    ) -> Option<(SquareSet, SquareSet)> {
        let v = &*self.variant;
        let (occ, own, _) = self.own_sets::<W>(seat);
        let bits = (occ, own, self.live_w::<W>(self.enemies(seat)));
        let (mut vacate, mut targets) = (W::from_set(royals), W::ONES);
        for sq in royals.iter() {
            let (pinned, to) = v.attacks.evasions_bits(&self.board, sq, bits)?;
            vacate |= pinned;
            targets &= to;
        }
        Some((vacate.to_set(), targets.to_set()))
    }
}
