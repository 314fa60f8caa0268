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
        self.die_cache_sorted = self.die_moves(&mut buf);
        let usable = !buf.is_empty();
        self.die_cache = buf;
        self.die_cache_valid = true;
        usable
    }

    /// Appends the legal die-tagged moves for every distinct remaining die value. Returns true
    /// if `out` (all of it) is then in the canonical order ([`Move::canonical_key`]) by
    /// construction ([`dice_moves_in_order`](Self::dice_moves_in_order)), so that a random
    /// draw may index it without ordering or checking it; false says nothing.
    pub(crate) fn die_moves(&mut self, out: &mut Vec<Move>) -> bool {
        if self.die_cache_valid && !std::ptr::eq(out, &self.die_cache) {
            if out.is_empty() {
                // Handed over rather than copied (the caller's buffer becomes the cache's, so
                // no allocation either); a later call in this position generates them again.
                std::mem::swap(out, &mut self.die_cache);
                self.die_cache_valid = false;
                return self.die_cache_sorted;
            }
            out.extend_from_slice(&self.die_cache);
            return false;
        }
        let Some(rules) = &self.variant.rules.dice else {
            return false;
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
            return out.is_empty();
        }
        let start = out.len();
        self.pseudo_moves_for(self.to_move, &masks[..n], out);
        let generated = out.len();
        self.retain_legal(out, start);
        // The legality filter keeps the order unless it takes a move out (`swap_remove`).
        start == 0 && out.len() == generated && self.dice_moves_in_order(&masks[..n])
    }

    /// True if [`pseudo_moves_for`](Self::pseudo_moves_for) gives the moves of `dice`
    /// (`(die, kinds)` pairs) in the canonical order ([`Move::canonical_key`]) by construction:
    /// the variant's generator gives each piece's targets in square order and nothing after
    /// them ([`crate::compile::Variant::in_square_order`]; not the reference walk), pieces in
    /// square order, and no piece is moved by two dice (no two name a common kind). A few
    /// tests per generation, where checking the list took a comparison per move.
    #[inline]
    pub(crate) fn dice_moves_in_order(&self, dice: &[(u8, u64)]) -> bool {
        if self.reference_legality || !self.variant.in_square_order() {
            return false;
        }
        let mut named = 0u64;
        for &(_, kinds) in dice {
            if named & kinds != 0 {
                return false;
            }
            named |= kinds;
        }
        true
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
        let d = if let &[a, b] = values {
            // Two dice (Chaturaji's): one comparison, not the network over every slot.
            let mut d = [0u8; MAX_DICE];
            (d[0], d[1]) = (a.max(b), a.min(b));
            d
        } else {
            let mut d = [0u8; MAX_DICE];
            for (slot, v) in d.iter_mut().zip(values) {
                *slot = *v;
            }
            sort_largest_first(&mut d);
            d
        };
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

/// Sorts the dice largest first (zeros last) by a fixed sequence of compare-exchanges
/// (odd-even transposition: `MAX_DICE` passes over neighbours), without a branch on the
/// values: the library sort's insertion loop mispredicted on one roll in two.
#[inline]
fn sort_largest_first(d: &mut [u8; MAX_DICE]) {
    for pass in 0..MAX_DICE {
        let mut i = pass % 2;
        while i + 1 < MAX_DICE {
            let (a, b) = (d[i], d[i + 1]);
            (d[i], d[i + 1]) = (a.max(b), a.min(b));
            i += 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Position, load_variant};
    use crate::spec::Assignment;

    /// Every roll of up to four dice of values 0 to 4 (zeros: dice not rolled) comes out
    /// largest first, as the library sort orders it.
    #[test]
    fn rolls_are_sorted_largest_first() {
        for code in 0..5u32.pow(super::MAX_DICE as u32) {
            let mut d = [0u8; super::MAX_DICE];
            for (i, slot) in d.iter_mut().enumerate() {
                *slot = (code / 5u32.pow(i as u32) % 5) as u8;
            }
            let mut want = d;
            want.sort_unstable_by(|a, b| b.cmp(a));
            super::sort_largest_first(&mut d);
            assert_eq!(d, want, "roll {code}");
        }
    }

    /// The die moves said to be in the canonical order ([`Position::game_moves_sorted`]) are
    /// strictly ascending by [`crate::vocab::Move::canonical_key`], over seeded pseudo-random
    /// Chaturaji games with both dice sets; most lists are said so, and none while two dice
    /// name a common kind (a 5 and a 1 each move the pawns: the moves for the 5 come first).
    #[test]
    fn die_moves_said_sorted_are_sorted() {
        for (dice, faces) in [
            ("six-sided", &[1u8, 2, 3, 4, 5, 6][..]),
            ("long", &[2, 3, 4, 5]),
        ] {
            let a = Assignment::parse(&[format!("dice={dice}")]).expect("an option");
            let v = load_variant("chaturaji", &a).expect("built in");
            let mut x = 0x9e37_79b9_7f4a_7c15u64;
            let mut next = |n: usize| {
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (x >> 33) as usize % n
            };
            let (mut said, mut lists, mut doubled, mut moves) = (0, 0, 0, Vec::new());
            for _ in 0..20 {
                let mut pos = Position::start(v.clone());
                while pos.outcome().is_none() && pos.ply() < 600 {
                    if pos.awaiting_roll() {
                        let roll = [faces[next(faces.len())], faces[next(faces.len())]];
                        pos.roll(&roll).expect("a roll of its faces");
                        continue;
                    }
                    let sorted = pos.game_moves_sorted(&mut moves);
                    let keys: Vec<u64> = moves.iter().map(|m| m.canonical_key()).collect();
                    assert!(
                        !sorted || keys.is_sorted_by(|a, b| a < b),
                        "{dice}: {moves:?}"
                    );
                    if pos.dice() == [5, 1] {
                        assert!(!sorted, "dice 5 and 1 name the same kinds");
                        doubled += 1;
                    }
                    (lists, said) = (lists + 1, said + sorted as usize);
                    let Some(&m) = moves.get(next(moves.len().max(1))) else {
                        break;
                    };
                    pos.play(m).expect("a legal move");
                }
            }
            assert!(
                said * 4 > lists * 3,
                "{dice}: {said} of {lists} lists said sorted"
            );
            assert!(dice == "long" || doubled > 0, "no roll of 5 and 1");
        }
    }

    /// A roll of two dice (`roll_unchecked`'s own path for them) is recorded and kept largest
    /// first with the other slots empty, as the library sort orders it, for every pair of
    /// faces.
    #[test]
    fn two_dice_are_kept_largest_first() {
        let v = load_variant("chaturaji", &Assignment::default()).expect("built in");
        let mut pos = Position::start(v);
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                let mut want = [a, b, 0, 0];
                want.sort_unstable_by(|x, y| y.cmp(x));
                pos.roll_unchecked(&[a, b]);
                let (kept, action) = (pos.dice, pos.undo.last().map(|u| u.action));
                // Kept for the turn unless no die had a move (red's elephants are shut in).
                if !pos.awaiting_roll() {
                    assert_eq!(kept.as_slice(), want.as_slice(), "roll {a} {b}");
                }
                let Some(crate::vocab::Action::Roll(rolled)) = action else {
                    panic!("roll {a} {b}: {action:?}");
                };
                assert_eq!(rolled.as_slice(), want.as_slice(), "roll {a} {b}");
                while pos.ply() > 0 {
                    pos.undo();
                }
            }
        }
    }

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
