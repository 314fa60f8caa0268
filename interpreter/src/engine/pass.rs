//! Passing the turn on the board ([`crate::rules::pass`]) and bikjang
//! ([`crate::rules::bikjang`]): when a seat may pass, playing and judging a pass, and the two
//! endings they give (two passes in a row; a pass under bikjang).

use super::position::Position;
use crate::vocab::{Action, Outcome, Piece, ResultKind};

impl Position {
    /// True if the seat to move is under bikjang: one of its royal pieces faces another
    /// seat's royal piece on an open file, where the rule file has [`crate::rules::bikjang`].
    #[inline]
    pub fn under_bikjang(&self) -> bool {
        self.faces_under_bikjang(self.to_move)
    }

    /// True if a royal piece of `seat` faces another seat's royal piece on an open file,
    /// where the rule file has [`crate::rules::bikjang`].
    #[inline]
    pub fn faces_under_bikjang(&self, seat: crate::vocab::Seat) -> bool {
        self.variant.rules.bikjang.as_ref().is_some_and(|b| {
            b.under(
                &self.board,
                self.royals[seat.index()],
                seat,
                self.variant.royal_kinds(),
            )
        })
    }

    /// True if the seat to move may pass on the board ([`crate::rules::pass`]): the game goes
    /// on and none of its royal pieces is attacked, or it is under bikjang; with `pass:
    /// when-stuck`, only a seat with a piece on the board and no legal move (refused with
    /// royal pieces, so its candidate moves are its legal moves).
    pub(crate) fn can_pass_board(&self) -> bool {
        let Some(pass) = self.variant.rules.pass else {
            return false;
        };
        if self.ended.is_some() {
            return false;
        }
        if pass.when_stuck {
            if self.pass_square().is_none() {
                return false;
            }
            let mut moves = Vec::new();
            self.candidates(&mut moves);
            return moves.is_empty();
        }
        !self.in_check(self.to_move) || self.under_bikjang()
    }

    /// The square Fairy-Stockfish writes a pass with (twice, in UCI): the royal square of
    /// the seat to move, else its lowest live piece's square; `None` if it has neither.
    pub fn pass_square(&self) -> Option<u8> {
        let seat = self.to_move;
        self.royals[seat.index()].iter().next().or_else(|| {
            self.occ[seat.index()]
                .iter()
                .find(|&sq| !self.board[sq as usize].is_dead())
        })
    }

    /// Plays a board pass (which must be allowed): a ply for the move rule, the turn to the
    /// next seat, the turn hooks, the end conditions and the pass endings (which end the game
    /// at once, as Fairy-Stockfish's `is_immediate_game_end`: its legal move generation, and so
    /// its perft, has no move after them).
    pub(crate) fn pass_board(&mut self) {
        self.push_undo(Action::Pass, Piece::EMPTY, Piece::EMPTY);
        self.halfmove += 1;
        let mover = self.to_move;
        self.pass_turn_on(mover);
        if self.variant.rules.has_turn_hooks() {
            let variant = self.variant.clone();
            variant.rules.after_turn(self, mover);
        }
        self.ended = self.judge_conditions(mover).or_else(|| self.pass_outcome());
    }

    /// The ending a pass gives: the last two plies were both passes ([`crate::rules::pass::PASSES`]), or the last ply was a
    /// pass and the seat to move is still under bikjang ([`crate::rules::bikjang::REASON`]); a draw,
    /// for the seat that passed last.
    pub(crate) fn pass_outcome(&self) -> Option<Outcome> {
        self.variant.rules.pass?;
        let n = self.undo.len();
        let passed = |i: usize| n > i && matches!(self.undo[n - 1 - i].action, Action::Pass);
        if !passed(0) {
            return None;
        }
        let reason = if passed(1) {
            crate::rules::pass::PASSES
        } else if self.under_bikjang() {
            crate::rules::bikjang::REASON
        } else {
            return None;
        };
        Some(self.result_for(self.prev_seat(self.to_move), ResultKind::Draw, reason))
    }

    /// A drawn outcome decided by material where the rule file counts it
    /// ([`crate::rules::material_count`]); any other outcome as it is.
    pub(crate) fn counted(&self, o: Outcome) -> Outcome {
        match (o, &self.variant.rules.material_count) {
            (Outcome::Draw { reason }, Some(m)) => {
                let counts: Vec<Vec<u8>> = self
                    .kind_count
                    .iter()
                    .take(self.variant.seats.len())
                    .map(|per| per.to_vec())
                    .collect();
                m.winner(&counts)
                    .map_or(o, |winner| Outcome::Decisive { winner, reason })
            }
            _ => o,
        }
    }
}
