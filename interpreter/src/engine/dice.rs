//! The engine's side of dice turns ([`crate::rules::dice`], which holds the keys, the compiled
//! form, the roll's validation, `explain` and the events): a roll is a chance event recorded in
//! the position; each die allows one move of a kind it names; the turn ends when no remaining
//! die is usable, or early by `pass` where the rule file allows it. Seats with no pieces are
//! skipped. Die-tagged move generation ([`die_moves`](Position::die_moves)) is on the hot path
//! and stays here, called when the variant has dice.

use super::position::Position;
use super::{Action, MAX_DICE, Move, PlayError, RollError};
use crate::vocab::{Piece, Seat};

impl Position {
    /// True when the seat to move must roll before acting.
    pub fn awaiting_roll(&self) -> bool {
        self.awaiting_roll
    }

    /// The dice left to use this turn, largest first (empty when none or between turns).
    pub fn dice(&self) -> Vec<u8> {
        self.dice.iter().copied().filter(|&d| d != 0).collect()
    }

    /// Removes one die showing `value`. The dice are kept largest first with the zeros last
    /// (every writer sorts them so), so taking one out and moving the rest up keeps that order
    /// without sorting again.
    #[inline]
    pub(crate) fn use_die(&mut self, value: u8) {
        if let Some(i) = self.dice.iter().position(|&d| d == value) {
            self.dice.copy_within(i + 1.., i);
            self.dice[MAX_DICE - 1] = 0;
        }
    }

    /// True if some remaining die has a legal move.
    /// The list is kept: until the next action or undo, [`legal_moves`](Self::legal_moves)
    /// copies it instead of generating the moves again.
    pub(crate) fn any_die_usable(&mut self) -> bool {
        let mut buf = std::mem::take(&mut self.die_cache);
        buf.clear();
        self.die_moves(&mut buf);
        let usable = !buf.is_empty();
        self.die_cache = buf;
        self.die_cache_valid = true;
        usable
    }

    /// Appends the legal die-tagged moves for every distinct remaining die value.
    pub(crate) fn die_moves(&mut self, out: &mut Vec<Move>) {
        if self.die_cache_valid && !std::ptr::eq(out, &self.die_cache) {
            if out.is_empty() {
                // Handed over rather than copied (the caller's buffer becomes the cache's, so
                // no allocation either); a later call in this position generates them again.
                std::mem::swap(out, &mut self.die_cache);
                self.die_cache_valid = false;
            } else {
                out.extend_from_slice(&self.die_cache);
            }
            return;
        }
        let Some(rules) = &self.variant.rules.dice else {
            return;
        };
        // One (die, kinds) per distinct die value with a kind to move, largest die first.
        let mut masks = [(0u8, 0u64); MAX_DICE];
        let mut n = 0;
        for &d in self.dice.iter() {
            if d != 0 && (n == 0 || masks[n - 1].0 != d) {
                let kinds = rules.kinds_for(d);
                if kinds != 0 {
                    masks[n] = (d, kinds);
                    n += 1;
                }
            }
        }
        // No remaining die moves a kind (all used, or their faces move nothing): no moves, and
        // no walk over the seat's pieces.
        if n == 0 {
            return;
        }
        let start = out.len();
        self.pseudo_moves_for(self.to_move, &masks[..n], out);
        self.retain_legal(out, start);
    }

    /// Ends the turn: no dice left, the next seat that has pieces is to move and must roll.
    /// True if a round was completed (the round counters moved on).
    pub(crate) fn end_turn(&mut self) -> bool {
        self.die_cache_valid = false;
        self.dice = [0; MAX_DICE];
        self.awaiting_roll = self.variant.rules.dice.is_some();
        self.advance_turn()
    }

    /// Ends the turn of `mover` (a move, roll or pass that left no usable die) and judges the
    /// end conditions for it — unless nothing they read can have changed since they were last
    /// found false: they read neither the placement nor a seat by its place in the play
    /// (`conditions_stable`, `conditions_turn_free`: the turn passing on changes only the
    /// seat to move and, at the end of a round, the counters), and no round was completed.
    /// The same reasoning as a quiet move's ([`play_unchecked`](Self::play_unchecked)).
    pub(crate) fn end_turn_judged(&mut self, mover: Seat) {
        let round = self.end_turn();
        let end = &self.variant.end;
        if round || !end.conditions_stable || !end.conditions_turn_free {
            self.ended = self.judge_conditions(mover);
        }
    }

    /// True if the seat to move may pass now: end its turn with a usable die left, or pass on
    /// the board where the rule file allows it ([`crate::rules::pass`]).
    pub fn can_pass(&self) -> bool {
        if self.variant.rules.pass.is_some() {
            return self.can_pass_board();
        }
        self.variant
            .rules
            .dice
            .as_ref()
            .is_some_and(|d| !d.mandatory)
            && !self.awaiting_roll
            && self.ended.is_none()
            && self.dice.iter().any(|&d| d != 0)
    }

    /// Rolls: sets the dice of the seat to move (any order; checked against the faces). If no
    /// die is usable, the turn passes at once, within this one action.
    pub fn roll(&mut self, values: &[u8]) -> Result<(), PlayError> {
        let variant = self.variant.clone();
        let Some(rules) = &variant.rules.dice else {
            return Err(PlayError::BadRoll(RollError::NoDice));
        };
        if let Some(o) = self.ended {
            return Err(PlayError::GameOver(o));
        }
        if !self.awaiting_roll {
            return Err(PlayError::BadRoll(RollError::NotDue));
        }
        let values = rules.check_roll(values).map_err(PlayError::BadRoll)?;
        self.roll_unchecked(&values);
        Ok(())
    }

    /// Applies a roll of valid values (see [`roll`](Self::roll)).
    pub fn roll_unchecked(&mut self, values: &[u8]) {
        let mut d = [0u8; MAX_DICE];
        for (slot, v) in d.iter_mut().zip(values) {
            *slot = *v;
        }
        d.sort_unstable_by(|a, b| b.cmp(a));
        self.push_undo(Action::Roll(d), Piece::EMPTY, Piece::EMPTY);
        self.dice = d;
        self.awaiting_roll = false;
        if !self.any_die_usable() {
            self.end_turn_judged(self.to_move);
        }
    }

    /// Ends the turn early, where allowed.
    pub fn pass(&mut self) -> Result<(), PlayError> {
        // A board pass, like a move, is refused once the game is over by any rule.
        if self.variant.rules.pass.is_some()
            && let Some(o) = self.outcome()
        {
            return Err(PlayError::GameOver(o));
        }
        if !self.can_pass() {
            return Err(PlayError::CannotPass);
        }
        self.pass_unchecked();
        Ok(())
    }

    /// Ends the turn early without checking [`can_pass`](Self::can_pass).
    pub fn pass_unchecked(&mut self) {
        if self.variant.rules.pass.is_some() {
            self.pass_board();
            return;
        }
        self.push_undo(Action::Pass, Piece::EMPTY, Piece::EMPTY);
        self.end_turn_judged(self.to_move);
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Position, load_variant};
    use crate::spec::Assignment;

    /// Using a die takes one die of that value out and keeps the rest largest first, zeros
    /// last; a value not rolled changes nothing.
    #[test]
    fn using_a_die_keeps_the_rest_in_order() {
        let v = load_variant("chaturaji", &Assignment::default()).expect("built in");
        let mut pos = Position::start(v);
        let cases = [
            ([6, 5, 5, 0], 5, [6, 5, 0, 0]),
            ([6, 5, 5, 0], 6, [5, 5, 0, 0]),
            ([6, 5, 2, 1], 1, [6, 5, 2, 0]),
            ([4, 4, 4, 4], 4, [4, 4, 4, 0]),
            ([3, 2, 0, 0], 5, [3, 2, 0, 0]),
        ];
        for (dice, used, left) in cases {
            pos.dice = dice;
            pos.use_die(used);
            assert_eq!(pos.dice, left, "{dice:?} using {used}");
        }
    }
}
