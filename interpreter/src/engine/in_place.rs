//! Promotion as a move of its own ([`crate::rules::in_place`]): generation of the moves.

use super::Move;
use super::position::Position;
use crate::compile::CAPTURE;
use crate::geometry::Square;
use crate::rules::in_place::InPlacePromotion;
use crate::vocab::{Piece, Seat, SeatSet};

impl Position {
    /// Appends `seat`'s promotions in place (of its kinds set in `kinds`): a piece of an
    /// in-place kind in its zone (anywhere, if it is its owner's last one and the kind says
    /// so) becomes a `to:` kind (not one its owner still has, with `lost-only`) where it
    /// stands or on an empty square the new kind attacks from there; kept only if the new
    /// piece attacks no piece of another seat and no other seat is then in check.
    #[inline(never)]
    pub(super) fn in_place_moves(
        &self,
        ip: &InPlacePromotion,
        seat: Seat,
        kinds: u64,
        die: u8,
        out: &mut Vec<Move>,
    ) {
        let v = &*self.variant;
        let n_orients = v.orients.len();
        for from in self.occ[seat.index()].iter() {
            let p = self.board[from as usize];
            let k = p.kind();
            if p.is_dead() || (ip.mask & kinds) >> k.0 & 1 == 0 {
                continue;
            }
            let (Some(Some(rule)), Some(pr)) =
                (ip.kinds.get(k.index()), &v.kinds[k.index()].promotion)
            else {
                continue;
            };
            let last = rule.last_anywhere && self.kind_count[seat.index()][k.index()] == 1;
            if !last && !v.promo_zone[p.combo(n_orients)].contains(from) {
                continue;
            }
            for &t in &pr.to {
                if rule.lost_only && self.kind_count[seat.index()][t.index()] > 0 {
                    continue;
                }
                let q = p.with_kind(t);
                let mut targets = vec![from];
                v.table.walk(
                    q.combo(n_orients),
                    from,
                    &self.board,
                    |b| !b.is_empty(),
                    |to, mode, target| {
                        if mode & CAPTURE != 0 && target.is_empty() {
                            targets.push(to);
                        }
                    },
                );
                for to in targets {
                    if self.promotes_quietly(seat, from, to, q) {
                        out.push(Move::board_promoting(Square(from), Square(to), t).with_die(die));
                    }
                }
            }
        }
    }

    /// True if `q` (of `seat`), moved from `from` to `to`, attacks no piece of another seat
    /// and leaves no other seat in check.
    fn promotes_quietly(&self, seat: Seat, from: u8, to: u8, q: Piece) -> bool {
        let v = &*self.variant;
        let mut board = self.board;
        board[from as usize] = Piece::EMPTY;
        board[to as usize] = q;
        let mut attacks = false;
        v.table.walk(
            q.combo(v.orients.len()),
            to,
            &board,
            |b| !b.is_empty(),
            |_, mode, target| {
                attacks |= mode & CAPTURE != 0
                    && !target.is_empty()
                    && !target.is_dead()
                    && target.owner() != seat;
            },
        );
        if attacks {
            return false;
        }
        (0..v.seats.len() as u8).filter(|&s| s != seat.0).all(|s| {
            self.royals[s as usize]
                .iter()
                .all(|sq| !v.attacks.attacked(&board, sq, SeatSet::one(seat)))
        })
    }
}
