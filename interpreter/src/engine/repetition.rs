//! Repetition: counting occurrences of the current position, and the legality filter of the
//! perpetual-check rule ([`crate::rules::perpetual_check`], which marks the checking moves):
//! a seat that checked on each of its own moves through the repeated cycle may not make the
//! move that completes the repetition. Perft ignores both.

use std::collections::HashMap;

use super::Move;
use super::position::Position;

/// The window (plies since the last irreversible move) from which a position indexes its
/// history by hash ([`HistoryIndex`]): below it, counting a repetition by scanning the window is
/// cheaper than keeping the index.
pub(crate) const INDEX_FROM: u32 = 128;

/// The history of a position with a long reversible window, indexed by hash so that counting
/// the current position's occurrences costs a lookup rather than a scan of the window (which
/// made long games of a rule file with a repetition ending and no move rule quadratic). Built
/// when the game's end is judged with a window of at least [`INDEX_FROM`] plies in a variant
/// with a repetition rule, then kept in step with every action pushed and taken back; `None` before that (an accelerator only:
/// [`Position::repetitions`] gives the same count with or without it).
#[derive(Clone, Debug, Default)]
pub(crate) struct HistoryIndex {
    /// For each hash, the indices into the undo stack of the entries with that hash, ascending.
    at: HashMap<u64, Vec<u32>>,
}

impl HistoryIndex {
    /// The index of the whole undo stack of `p`.
    fn of(p: &Position) -> Self {
        let mut ix = Self::default();
        for (i, u) in p.undo.iter().enumerate() {
            ix.at.entry(u.hash).or_default().push(i as u32);
        }
        ix
    }

    /// Records undo entry `i` (the newest), the position before it having hash `hash`.
    fn push(&mut self, hash: u64, i: usize) {
        self.at.entry(hash).or_default().push(i as u32);
    }

    /// Forgets the newest undo entry, whose hash is `hash`.
    fn pop(&mut self, hash: u64) {
        if let Some(v) = self.at.get_mut(&hash) {
            v.pop();
            if v.is_empty() {
                self.at.remove(&hash);
            }
        }
    }

    /// How many undo entries at index `from` or later have hash `hash`.
    fn count_from(&self, hash: u64, from: usize) -> usize {
        self.at
            .get(&hash)
            .map_or(0, |v| v.len() - v.partition_point(|&i| (i as usize) < from))
    }
}

impl Position {
    /// Keeps the history index, if any, in step after an undo entry was pushed (the newest).
    /// Out of line: the callers, on every move's path, test only that there is an index.
    #[inline(never)]
    pub(crate) fn index_pushed(&mut self) {
        if let Some(ix) = &mut self.history {
            let i = self.undo.len() - 1;
            ix.push(self.undo[i].hash, i);
        }
    }

    /// Keeps the history index, if any, in step after the newest undo entry, of hash `hash`,
    /// was taken off (out of line, as [`index_pushed`](Self::index_pushed)).
    #[inline(never)]
    pub(crate) fn index_popped(&mut self, hash: u64) {
        if let Some(ix) = &mut self.history {
            ix.pop(hash);
        }
    }

    /// Builds the history index once the reversible window is long enough to need it, in a
    /// variant with a repetition rule; called where the game's end is judged, so that move
    /// generation and playouts of other variants never pay for it.
    pub(crate) fn index_history_if_long(&mut self) {
        if self.history.is_none()
            && self.halfmove >= INDEX_FROM
            && self.variant.rules.repetition.is_some()
        {
            self.history = Some(Box::new(HistoryIndex::of(self)));
        }
    }

    /// How many times the current position has occurred (1 = first time), looking back over
    /// the moves since the last capture or reset move.
    pub fn repetitions(&self) -> u32 {
        let n = self.undo.len();
        let back = (self.halfmove as usize).min(n);
        let earlier = match &self.history {
            Some(ix) => ix.count_from(self.hash, n - back),
            None => self.undo[n - back..]
                .iter()
                .filter(|u| u.hash == self.hash)
                .count(),
        };
        1 + earlier as u32
    }

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
