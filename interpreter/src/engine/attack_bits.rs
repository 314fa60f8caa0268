//! The bitboard attack tests ([`crate::compile::AttackTable::attacked_bits`] and
//! [`crate::compile::AttackTable::exposers_bits`]) checked against the table walks on a live
//! position: what the tests call on random walks of every built-in and on hand positions.

use super::position::Position;
use crate::geometry::Square;
use crate::vocab::{Seat, SeatSet};

impl Position {
    /// On a board of at most 64 squares: whether a live piece of `seats` attacks `sq`, by
    /// the bitboard test; `None` on larger boards (no bitboards).
    #[doc(hidden)]
    pub fn attacked_by_bits(&self, sq: Square, seats: SeatSet) -> Option<bool> {
        let attacks = &self.variant.attacks;
        attacks.has_bits().then(|| {
            let bits = (self.occupied_bits(), self.live_bits(seats));
            attacks.attacked_bits(&self.board, sq.0, seats, bits)
        })
    }

    /// Checks the bitboard attack tests against the table walks here: for every square and
    /// each seat (alone, and all the others together), whether it is attacked; and for each
    /// royal piece of each seat, its pins and sensitive squares (`exposers`). `Err` names the
    /// first difference; `Ok` also on boards over 64 squares (nothing to compare).
    #[doc(hidden)]
    pub fn check_attack_bits(&self) -> Result<(), String> {
        let v = &*self.variant;
        if !v.attacks.has_bits() {
            return Ok(());
        }
        let n = v.seats.len();
        let occ = self.occupied_bits();
        for s in 0..n {
            let seat = Seat(s as u8);
            let others = SeatSet::all(n).without(seat);
            for seats in [SeatSet::one(seat), others] {
                for sq in v.board.squares() {
                    let walk = v.attacks.attacked(&self.board, sq.0, seats);
                    if self.attacked_by_bits(sq, seats) != Some(walk) {
                        let name = v.board.name(sq);
                        return Err(format!(
                            "{name} attacked by {seats:?}: the walk says {walk}"
                        ));
                    }
                }
            }
            let own = self.occ[s].0[0];
            let bits = (occ, own, occ & !own & !self.dead_bb);
            for sq in self.royals[s].iter() {
                let walk = v.attacks.exposers(&self.board, sq, seat);
                let got = v.attacks.exposers_bits(&self.board, sq, seat, bits);
                if got != walk {
                    let name = v.board.name(Square(sq));
                    return Err(format!(
                        "exposers of {name} (seat {s}): bitboards {got:?}, the walk {walk:?}"
                    ));
                }
            }
        }
        Ok(())
    }
}
