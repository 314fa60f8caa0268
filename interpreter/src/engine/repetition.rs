//! Repetition: counting occurrences of the current position, and the legality filter of the
//! perpetual-check rule ([`crate::rules::perpetual_check`], which marks the checking moves):
//! a seat that checked on each of its own moves through the repeated cycle may not make the
//! move that completes the repetition. Perft ignores both.

use super::Move;
use super::position::Position;

impl Position {
    /// True if `m` (legal) would complete the repetition for a seat that gave check on each of
    /// its own moves through the cycle, where the rule file forbids perpetual check.
    pub fn is_perpetual_check(&mut self, m: Move) -> bool {
        let Some(crate::rules::repetition::Repetition { count, .. }) =
            self.variant.rules.repetition
        else {
            return false;
        };
        if self.variant.rules.perpetual_check.is_none() {
            return false;
        }
        let mover = self.to_move;
        let outer = std::mem::replace(&mut self.history_trial, true);
        self.play_unchecked(m);
        let mut violation = false;
        if self.repetitions() >= count {
            let h = self.hash;
            let n = self.undo.len();
            let back = (self.halfmove as usize).min(n);
            if let Some(first) = self.undo[n - back..].iter().position(|u| u.hash == h) {
                let start = n - back + first;
                violation = self.undo[start..]
                    .iter()
                    .filter(|u| u.to_move == mover)
                    .all(|u| u.gave_check);
            }
        }
        self.undo();
        self.history_trial = outer;
        violation
    }

    /// True if some position since the last irreversible move occurred often enough that one
    /// more occurrence would complete the repetition (else no move can).
    fn repetition_possible(&self) -> bool {
        let Some(crate::rules::repetition::Repetition { count, .. }) =
            self.variant.rules.repetition
        else {
            return false;
        };
        let n = self.undo.len();
        let back = (self.halfmove as usize).min(n);
        if back + 1 < count as usize {
            return false;
        }
        let mut window: Vec<u64> = self.undo[n - back..].iter().map(|u| u.hash).collect();
        window.push(self.hash);
        window.sort_unstable();
        window
            .chunk_by(|a, b| a == b)
            .any(|run| run.len() + 1 >= count as usize)
    }

    /// True if the game's history can forbid a move here: the rule file forbids perpetual
    /// check and a repetition could be completed by the next move.
    pub(crate) fn history_forbids_some(&self) -> bool {
        self.variant.rules.perpetual_check.is_some()
            && !self.last_own_move_gave_no_check()
            && self.repetition_possible()
    }

    /// True if the seat to move's own previous move (since the last irreversible move) gave
    /// no check, where that proves none of its moves can complete a perpetual check: with two
    /// seats and a repetition count of at least 3, a completed repetition spans at least two
    /// cycles, each with a move of this seat, so its previous move is one of the moves that
    /// would all have had to check. A cheap test that spares the repetition search on almost
    /// every ply.
    fn last_own_move_gave_no_check(&self) -> bool {
        let Some(crate::rules::repetition::Repetition { count, .. }) =
            self.variant.rules.repetition
        else {
            return false;
        };
        if self.variant.seats.len() != 2 || count < 3 {
            return false;
        }
        let n = self.undo.len();
        let back = (self.halfmove as usize).min(n);
        self.undo[n - back..]
            .iter()
            .rev()
            .find(|u| u.to_move == self.to_move)
            .is_some_and(|u| !u.gave_check)
    }

    /// Stage 6 of the legality pipeline ([`Position::moves_for`]): removes from `out` the moves
    /// that would complete a forbidden perpetual check.
    pub(crate) fn retain_allowed_by_history(&mut self, out: &mut Vec<Move>) {
        if !self.history_forbids_some() {
            return;
        }
        let mut i = 0;
        while i < out.len() {
            if self.is_perpetual_check(out[i]) {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }
}
