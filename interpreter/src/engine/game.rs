//! Passing the turn (round counting), resignation, scores and ranks.

use super::position::Position;
use super::{Action, PlayError};
use crate::vocab::{Piece, Seat};

impl Position {
    /// Advances the turn from the seat to move to the next seat that can play (has pieces, has
    /// not resigned), counting a completed round each time the turn passes the first seat;
    /// true if it did (the counters changed).
    pub(crate) fn advance_turn(&mut self) -> bool {
        let n = self.variant.seats.len();
        let mut next = self.to_move;
        let mut round = false;
        for _ in 0..n {
            next = self.next_seat(next);
            if next == self.first_seat {
                round = true;
                let c = &mut self.counters;
                c.rounds = c.rounds.saturating_add(1);
                c.quiet_rounds = if c.captured_in_round {
                    0
                } else {
                    c.quiet_rounds.saturating_add(1)
                };
                c.captured_in_round = false;
            }
            if self.count[next.index()] > 0 && !self.counters.resigned.contains(next) {
                break;
            }
        }
        self.set_to_move(next);
        round
    }

    /// True if the seat to move may resign now (the rule file allows it, at the start of the
    /// turn, before rolling).
    pub fn can_resign(&self) -> bool {
        self.variant.rules.resign.is_some()
            && self.ended.is_none()
            && (self.awaiting_roll || self.variant.rules.dice.is_none())
    }

    /// Resigns for the seat to move: its pieces stay on the board, inert, and it takes no more
    /// turns. The end conditions are judged at once, before the turn passes: a resignation
    /// that ends the game (Chaturaji's third) leaves the round and capture counters as they
    /// were, and the resigning seat to move.
    pub fn resign(&mut self) -> Result<(), PlayError> {
        if !self.can_resign() {
            return Err(PlayError::CannotResign);
        }
        let seat = self.to_move;
        self.push_undo(Action::Resign, Piece::EMPTY, Piece::EMPTY);
        self.counters.resigned.insert(seat);
        self.ended = self.judge_conditions(seat);
        if self.ended.is_none() {
            self.end_turn();
            self.ended = self.judge_conditions(seat);
        }
        if self.ended.is_none()
            && self.variant.rules.dice.is_none()
            && self.variant.rules.mates_go_on()
        {
            self.resolve_mates(seat);
        }
        Ok(())
    }

    /// Each seat's score.
    pub fn score(&self, seat: Seat) -> i64 {
        self.counters.scores[seat.index()]
    }

    /// The game counters: scores, capture records, thrones, rounds, resignations.
    pub fn counters(&self) -> &super::Counters {
        &self.counters
    }

    /// The first seat of this game.
    pub fn first_seat(&self) -> Seat {
        self.first_seat
    }

    /// Ranks of all seats by the `ranking:` keys (1 = first; equal keys share a rank).
    pub fn ranks(&self) -> Vec<u8> {
        let n = self.variant.seats.len();
        let keys: Vec<Vec<i64>> = (0..n)
            .map(|s| {
                self.variant
                    .ranking
                    .iter()
                    .map(|(e, qs)| {
                        e.eval(&mut |id| {
                            self.quantity(
                                qs[id as usize],
                                self.prev_seat(self.to_move),
                                Seat(s as u8),
                            )
                        })
                    })
                    .collect()
            })
            .collect();
        (0..n)
            .map(|s| 1 + (0..n).filter(|&o| keys[o] > keys[s]).count() as u8)
            .collect()
    }
}
