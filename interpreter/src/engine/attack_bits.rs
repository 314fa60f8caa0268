//! The bitboard attack tests ([`crate::compile::AttackTable::attacked_bits`] and
//! [`crate::compile::AttackTable::exposers_bits`]) on a live position, at the width of the
//! variant's tables (one word up to 64 squares, two up to 128: [`AttackSets`]), and checked
//! against the table walks: what the tests call on random walks of every built-in and on hand
//! positions.

use super::position::Position;
use crate::compile::{AttackWord, Word};
use crate::geometry::Square;
use crate::vocab::{Seat, SeatSet};

/// The three square sets the bitboard test [`crate::compile::AttackTable::attacked_bits`]
/// reads — every occupied square (dead pieces included), the attackers' live pieces, and
/// those of them that attack along lines — at
/// the width of the variant's attack tables, or `Walk` where the board has no bitboards (or
/// the caller wants the table walk).
#[derive(Clone, Copy, Debug)]
pub(crate) enum AttackSets {
    /// No bitboards: walk the reverse tables.
    Walk,
    /// One word (boards of at most 64 squares).
    One((u64, u64, u64)),
    /// Two words (boards of 65 to 128 squares).
    Two((u128, u128, u128)),
}

impl AttackSets {
    /// The sets once a piece of the side whose royal pieces they guard (not an attacker)
    /// steps from `from` to `to`, taking whatever stood there: `from` emptied, `to` filled
    /// and no longer an attacker's.
    #[inline(always)]
    pub(crate) fn stepped(self, from: u8, to: u8) -> AttackSets {
        fn step<W: Word>((occ, theirs, sliding): (W, W, W), from: u8, to: u8) -> (W, W, W) {
            let to = W::bit(to);
            (occ & !W::bit(from) | to, theirs & !to, sliding & !to)
        }
        match self {
            AttackSets::One(b) => AttackSets::One(step(b, from, to)),
            AttackSets::Two(b) => AttackSets::Two(step(b, from, to)),
            AttackSets::Walk => AttackSets::Walk,
        }
    }
}

impl AttackSets {
    /// The sets once a piece steps from `from` to the empty square `to` (no capture): `from`
    /// emptied and `to` filled; if `attacker` (the piece is one of the attackers'), it attacks
    /// from `to` now, along lines if it did from `from`.
    #[inline(always)]
    pub(crate) fn moved(self, from: u8, to: u8, attacker: bool) -> AttackSets {
        fn step<W: Word>(
            (occ, theirs, sliding): (W, W, W),
            from: u8,
            to: u8,
            attacker: bool,
        ) -> (W, W, W) {
            let (f, t) = (W::bit(from), W::bit(to));
            let occ = occ & !f | t;
            if !attacker {
                return (occ, theirs, sliding);
            }
            let slides = if sliding.has(from) { t } else { W::ZERO };
            (occ, theirs & !f | t, sliding & !f | slides)
        }
        match self {
            AttackSets::One(b) => AttackSets::One(step(b, from, to, attacker)),
            AttackSets::Two(b) => AttackSets::Two(step(b, from, to, attacker)),
            AttackSets::Walk => AttackSets::Walk,
        }
    }
}

impl Position {
    /// True if a live piece of `seats` attacks `sq`, by the bitboard test on `sets` (which
    /// must agree with the mailbox, as the board stands now) or by the walk for
    /// [`AttackSets::Walk`].
    #[inline(always)]
    pub(crate) fn attacked_in(&self, sq: u8, seats: SeatSet, sets: AttackSets) -> bool {
        let t = &self.variant.attacks;
        match sets {
            AttackSets::One(b) => t.attacked_bits(&self.board, sq, seats, b),
            AttackSets::Two(b) => t.attacked_bits(&self.board, sq, seats, b),
            AttackSets::Walk => t.attacked(&self.board, sq, seats),
        }
    }

    /// The occupied squares and the live pieces of `seats` as they stand, at the width of the
    /// variant's attack tables ([`AttackSets::Walk`] where it has none).
    #[inline]
    pub(crate) fn attack_sets(&self, seats: SeatSet) -> AttackSets {
        match self.variant.attacks.words() {
            1 => AttackSets::One(self.attack_words(seats)),
            2 => AttackSets::Two(self.attack_words(seats)),
            _ => AttackSets::Walk,
        }
    }

    /// [`attack_sets`](Self::attack_sets) in words `W`: `(occupied, live pieces of `seats`,
    /// those of them whose kind attacks along lines)`.
    #[inline]
    pub(crate) fn attack_words<W: Word>(&self, seats: SeatSet) -> (W, W, W) {
        let live = self.live_w::<W>(seats);
        (self.occupied_w(), live, live & W::from_u128(self.slider_bb))
    }

    /// For `seat`: `(occupied, own, others)` in words `W`, as
    /// [`exposers_bits`](crate::compile::AttackTable::exposers_bits) reads them — every
    /// occupied square, `seat`'s pieces (dead ones too), and every other live piece.
    #[inline]
    pub(crate) fn own_sets<W: Word>(&self, seat: Seat) -> (W, W, W) {
        let occ = self.occupied_w::<W>();
        let own = W::from_set(self.occ[seat.index()]);
        (occ, own, occ & !own & !self.dead_w::<W>())
    }

    /// Whether a live piece of `seats` attacks `sq`, by the bitboard test; `None` on boards
    /// over 128 squares (no bitboards).
    #[doc(hidden)]
    pub fn attacked_by_bits(&self, sq: Square, seats: SeatSet) -> Option<bool> {
        match self.attack_sets(seats) {
            AttackSets::Walk => None,
            sets => Some(self.attacked_in(sq.0, seats, sets)),
        }
    }

    /// Checks the bitboard attack tests against the table walks here: for every square and
    /// each seat (alone, and all the others together), whether it is attacked; and for each
    /// royal piece of each seat, its pins and sensitive squares (`exposers`). `Err` names the
    /// first difference; `Ok` also on boards over 128 squares (nothing to compare).
    #[doc(hidden)]
    pub fn check_attack_bits(&self) -> Result<(), String> {
        match self.variant.attacks.words() {
            1 => self.check_attack_bits_in::<u64>(),
            2 => self.check_attack_bits_in::<u128>(),
            _ => Ok(()),
        }
    }

    /// [`check_attack_bits`](Self::check_attack_bits) at the width `W` of the tables.
    fn check_attack_bits_in<W: AttackWord>(&self) -> Result<(), String> {
        let v = &*self.variant;
        let n = v.seats.len();
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
            let bits = self.own_sets::<W>(seat);
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
