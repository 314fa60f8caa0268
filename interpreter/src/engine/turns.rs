//! Turn order for seats without dice: the next live seat clockwise, or — with the check
//! interrupt — the nearest seat clockwise whose royal piece is attacked; and mates that do not
//! end the game: dead royal pieces and the transfer of a mated seat's hand and pieces.

use super::position::Position;
use crate::vocab::Seat;

impl Position {
    /// True if `seat` still takes turns (not mated, not resigned).
    pub(crate) fn is_live(&self, seat: Seat) -> bool {
        (self.counters.mated | self.counters.resigned) >> seat.0 & 1 == 0
    }

    /// Passes the turn on after `from` moved (see [`next_due`](Self::next_due)), counting a
    /// check interrupt when the seat due is not the next live seat; returns the seat due.
    pub(crate) fn pass_turn_on(&mut self, from: Seat) -> Seat {
        let next = self.next_due(from);
        if self.variant.modules.check_interrupt
            && next != self.next_live(from)
            && let Some(u) = self.undo.last_mut()
        {
            u.interrupts = u.interrupts.saturating_add(1);
        }
        self.set_to_move(next);
        next
    }

    /// The seat due after `from` moved: with the check interrupt, the nearest live seat
    /// clockwise from `from` that is in check; otherwise the next live seat clockwise.
    pub(crate) fn next_due(&self, from: Seat) -> Seat {
        let n = self.variant.seats.len();
        if self.variant.modules.check_interrupt {
            let mut s = from;
            for _ in 1..n {
                s = self.next_seat(s);
                if self.is_live(s) && self.in_check(s) {
                    return s;
                }
            }
        }
        self.next_live(from)
    }

    /// The next live seat clockwise from `from` (`from` itself if no other seat is live).
    pub(crate) fn next_live(&self, from: Seat) -> Seat {
        let n = self.variant.seats.len();
        let mut s = from;
        for _ in 0..n {
            s = self.next_seat(s);
            if self.is_live(s) {
                return s;
            }
        }
        from
    }

    /// While the seat due has no legal move, mates it (with `mater` as the mater) and passes the
    /// turn on as if it had moved; stops when the end conditions end the game. The last live
    /// seat is never mated: with no legal move it ends the game as a checkmate or stalemate
    /// would ([`no_move_outcome`](Self::no_move_outcome)), so that the seat due always has a
    /// legal move in a game that goes on.
    pub(crate) fn resolve_mates(&mut self, mater: Seat, to_mater: bool) {
        for _ in 0..self.variant.seats.len() {
            if self.ended.is_some() || self.has_legal_move() {
                return;
            }
            if self.next_live(self.to_move) == self.to_move {
                self.ended = Some(self.no_move_outcome());
                return;
            }
            let mated = self.to_move;
            self.apply_mate(mated, mater, to_mater);
            self.ended = self.judge_conditions(mater);
            if self.ended.is_some() {
                return;
            }
            self.pass_turn_on(mated);
        }
    }

    /// Mates `seat`: its royal pieces die (inert, ownerless obstacles), its hand goes to
    /// `mater`, its other pieces go to `mater` keeping their facing, or become ownerless.
    fn apply_mate(&mut self, seat: Seat, mater: Seat, to_mater: bool) {
        for sq in self.royals[seat.index()].iter() {
            let p = self.board[sq as usize];
            self.edit(sq, p.with_owner(Seat(crate::vocab::NO_OWNER)).killed());
        }
        for sq in self.occ[seat.index()].iter() {
            let p = self.board[sq as usize];
            let owner = if to_mater {
                mater
            } else {
                Seat(crate::vocab::NO_OWNER)
            };
            self.edit(sq, p.with_owner(owner));
        }
        for k in 0..self.variant.kinds.len() {
            let kind = super::Kind(k as u8);
            let n = self.hand[seat.index()][k];
            if n > 0 {
                let m = self.hand[mater.index()][k];
                self.set_hand(mater, kind, m.saturating_add(n));
                self.set_hand(seat, kind, 0);
            }
        }
        let c = &mut self.counters;
        c.mated |= 1 << seat.0;
        c.mate_count = c.mate_count.saturating_add(1);
        c.mates[mater.index()] = c.mates[mater.index()].saturating_add(1);
        c.last_mate[mater.index()] = c.mate_count;
        c.mated_at[seat.index()] = c.mate_count;
    }
}
