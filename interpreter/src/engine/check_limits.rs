//! The engine side of [`crate::rules::check_limits`]: moves that may not give check and a
//! royal piece in check that may only capture its single checker. A stage of the legality
//! pipeline (`movegen.rs`, `Position::moves_for`), run after royal safety and only where the
//! module is on.

use super::Position;
use crate::vocab::{Move, SeatSet};

impl Position {
    /// True if the check limits of the rule file ([`crate::rules::check_limits`]) allow `m`,
    /// a move of the seat to move that keeps its royal pieces safe.
    pub(super) fn within_check_limits(&mut self, m: Move) -> bool {
        let Some(limits) = self.variant.rules.check_limits else {
            return true;
        };
        if limits.royal_captures_checker && !self.royal_capture_allowed(m) {
            return false;
        }
        let forbidden = if m.is_drop() {
            limits.no_checking_drops
        } else {
            limits.no_checking_moves
        };
        !(forbidden && self.gives_check(m))
    }

    /// Keeps the moves of `out` that the check limits allow (a no-op without them).
    pub(super) fn keep_within_check_limits(&mut self, out: &mut Vec<Move>) {
        if self.variant.rules.check_limits.is_some() {
            let mut i = 0;
            while i < out.len() {
                if self.within_check_limits(out[i]) {
                    i += 1;
                } else {
                    out.remove(i);
                }
            }
        }
    }

    /// True if `m`, a move or drop of the seat to move, leaves a royal piece of another live
    /// seat attacked by the mover's pieces (a discovered attack included).
    pub(crate) fn gives_check(&mut self, m: Move) -> bool {
        let mover = self.to_move;
        let others: Vec<_> = (0..self.variant.seats.len())
            .map(|s| crate::vocab::Seat(s as u8))
            .filter(|&s| s != mover && self.is_live(s))
            .map(|s| self.royals[s.index()])
            .collect();
        self.with_move_applied(m, |p| {
            others.iter().any(|royals| {
                royals.iter().any(|sq| {
                    sq != m.to.0
                        && p.variant
                            .attacks
                            .attacked(&p.board, sq, SeatSet::one(mover))
                })
            })
        })
    }

    /// Makpong's rule: while the seat to move is in check, a move of one of its royal pieces
    /// must capture the checker, and no other piece may attack the royal square once that
    /// checker is gone (it was the only one).
    fn royal_capture_allowed(&mut self, m: Move) -> bool {
        let seat = self.to_move;
        if m.is_drop() || !self.royals[seat.index()].contains(m.from.0) || !self.in_check(seat) {
            return true;
        }
        let to = m.to.0 as usize;
        let target = self.board[to];
        if target.is_empty() || target.owner() == seat {
            return false;
        }
        let enemies = self.enemies(seat);
        self.board[to] = crate::vocab::Piece::EMPTY;
        let still = self
            .variant
            .attacks
            .attacked(&self.board, m.from.0, enemies);
        self.board[to] = target;
        !still
    }
}
