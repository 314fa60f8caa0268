//! Turn order for seats without dice: the next live seat clockwise, or the seat a turn-order
//! module names ([`crate::rules::check_interrupt`]); and the loop that lets the modules take a
//! seat with no legal move out of play ([`crate::rules::mate`]: mates that do not end the game).

use super::position::Position;
use crate::vocab::Seat;

impl Position {
    /// True if `seat` still takes turns (not mated, not resigned).
    pub(crate) fn is_live(&self, seat: Seat) -> bool {
        !(self.counters.mated | self.counters.resigned).contains(seat)
    }

    /// Passes the turn on after `from` moved (see [`next_due`](Self::next_due)), counting a
    /// check interrupt when the seat due is not the next live seat; returns the seat due.
    pub(crate) fn pass_turn_on(&mut self, from: Seat) -> Seat {
        let live = self.next_live(from);
        let next = self.next_due(from);
        if next != live
            && let Some(u) = self.undo.last_mut()
        {
            u.interrupts = u.interrupts.saturating_add(1);
        }
        self.set_to_move(next);
        next
    }

    /// The seat due after `from` moved: the one a turn-order module names
    /// ([`crate::rules::Modules::next_due`]: with the check interrupt, the nearest live seat
    /// clockwise from `from` that is in check); otherwise the next live seat clockwise.
    #[inline]
    pub(crate) fn next_due(&self, from: Seat) -> Seat {
        if self.variant.rules.reorders_turns()
            && let Some(s) = self.variant.rules.next_due(self, from)
        {
            return s;
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

    /// While the seat due has no legal move, lets the modules take it out of play
    /// ([`crate::rules::Modules::on_no_move`]: mates, with `mater` as the mater) and passes the
    /// turn on as if it had moved; stops when the end conditions end the game. The last live
    /// seat is never mated: with no legal move it ends the game as a checkmate or stalemate
    /// would ([`no_move_outcome`](Self::no_move_outcome)), so that the seat due always has a
    /// legal move in a game that goes on; so does a seat no module takes out of play.
    pub(crate) fn resolve_mates(&mut self, mater: Seat) {
        let variant = self.variant.clone();
        if variant.rules.mate.is_some_and(|m| m.at_once) {
            self.mate_at_once(mater);
        }
        for _ in 0..variant.seats.len() {
            if self.ended.is_some() || self.has_legal_move() || self.can_pass() {
                return;
            }
            let mated = self.to_move;
            if self.next_live(mated) == mated || !variant.rules.on_no_move(self, mated, mater) {
                self.ended = Some(self.no_move_outcome());
                return;
            }
            self.ended = self.judge_conditions(mater);
            if self.ended.is_some() {
                return;
            }
            self.pass_turn_on(mated);
        }
    }

    /// `mate.when: at-once` ([`crate::rules::mate`]): after `mater`'s move, every other live
    /// seat in check with no legal move (judged as if it were due), in turn order from
    /// `mater`, is taken out of play by the modules with `mater` as the mater, and the turn
    /// passes on from `mater` to a seat still live; stops when the end conditions end the
    /// game. The last live seat is never mated here.
    fn mate_at_once(&mut self, mater: Seat) {
        let variant = self.variant.clone();
        let mut s = mater;
        for _ in 1..variant.seats.len() {
            s = self.next_seat(s);
            if self.ended.is_some() {
                return;
            }
            if s == mater || !self.is_live(s) || self.next_live(s) == s || !self.in_check(s) {
                continue;
            }
            let due = self.to_move;
            self.set_to_move(s);
            let stuck = !self.has_legal_move() && !self.can_pass();
            self.set_to_move(due);
            if !stuck || !variant.rules.on_no_move(self, s, mater) {
                continue;
            }
            self.ended = self.judge_conditions(mater);
            if self.ended.is_none() && !self.is_live(self.to_move) {
                self.pass_turn_on(mater);
            }
        }
    }
}
