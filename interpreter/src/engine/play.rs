//! Playing and taking back actions: board moves, dice rolls and passes.

use super::position::{Edit, Position, Undo, hand_key, piece_key, seat_key};
use super::{Action, Move, Outcome, Piece};
use std::fmt;

/// Why an action was refused. The position is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is already over.
    GameOver(Outcome),
    /// The move is not legal here.
    Illegal(Move),
    /// The dice must be rolled first.
    MustRoll,
    /// A roll was given when no roll is due, or with values the dice cannot show.
    BadRoll(RollError),
    /// Passing is not allowed here.
    CannotPass,
    /// Resigning is not allowed here.
    CannotResign,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(_) => f.write_str("the game is over"),
            PlayError::Illegal(_) => f.write_str("illegal move"),
            PlayError::MustRoll => f.write_str("the dice must be rolled first"),
            PlayError::BadRoll(why) => write!(f, "bad roll: {why}"),
            PlayError::CannotPass => f.write_str("passing is not allowed now"),
            PlayError::CannotResign => f.write_str("resigning is not allowed now (only at the start of a turn, where the rules allow it)"),
        }
    }
}

impl std::error::Error for PlayError {}

pub use crate::rules::dice::RollError;

impl Position {
    /// Plays `m` if it is legal; otherwise returns why and leaves the position unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        if self.awaiting_roll {
            return Err(PlayError::MustRoll);
        }
        if !self.is_legal(m) || self.is_perpetual_check(m) {
            return Err(PlayError::Illegal(m));
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays any action after checking it: a move, a roll or a pass.
    pub fn play_action(&mut self, a: Action) -> Result<(), PlayError> {
        match a {
            Action::Move(m) => self.play(m),
            Action::Roll(d) => self.roll(&d),
            Action::Pass => self.pass(),
            Action::Resign => self.resign(),
        }
    }

    /// Plays any action without checking it, as [`play_unchecked`](Self::play_unchecked) does
    /// for a move: a move, a roll, a pass or a resignation that was legal here (replaying a
    /// game's own actions, walking the legal-move tree).
    pub fn play_action_unchecked(&mut self, a: Action) {
        match a {
            Action::Move(m) => self.play_unchecked(m),
            Action::Roll(d) => self.roll_unchecked(&d),
            Action::Pass => self.pass_unchecked(),
            Action::Resign => {
                let _ = self.resign();
            }
        }
    }

    /// Saves what `undo` needs before an action.
    pub(crate) fn push_undo(
        &mut self,
        action: Action,
        moved: super::Piece,
        captured: super::Piece,
    ) {
        self.die_cache_valid = false;
        self.counters_touched = false;
        self.undo.push(Undo {
            action,
            moved,
            captured,
            halfmove: self.halfmove,
            hash: self.hash,
            ended: self.ended,
            to_move: self.to_move,
            dice: self.dice,
            awaiting_roll: self.awaiting_roll,
            counters: self.counters,
            gave_check: false,
            interrupts: 0,
            sweep_waiting: self.sweep_waiting,
            rights: self.rights,
            ep: (self.ep, self.ep_victim),
            edits: Vec::new(),
        });
        if self.history.is_some() {
            self.index_pushed();
        }
    }

    /// Plays `m`, which must be legal (as from [`legal_moves`](Self::legal_moves)); then judges
    /// the end conditions. In dice variants the move uses its die, and the turn ends when no
    /// remaining die is usable.
    pub fn play_unchecked(&mut self, m: Move) {
        let (from, to) = (m.from.0, m.to.0);
        let mover = self.to_move;
        let hands = (self.variant.rules.hands.as_ref()).is_some_and(|h| h.captures);
        let (moved, captured, placed);
        let partner_to = m.gate().and_then(|_| self.partner_gate(m));
        if let Some(k) = m.dropped() {
            moved = self.dropped_piece(mover, k);
            captured = Piece::EMPTY;
            placed = self.placed_by_drop(mover, m);
            self.push_undo(Action::Move(m), moved, captured);
            if !self.unlimited_supply() {
                let n = self.hand[mover.index()][k.index()];
                self.hash ^=
                    hand_key(mover, k, n) ^ if n > 1 { hand_key(mover, k, n - 1) } else { 0 };
                self.hand[mover.index()][k.index()] = n.saturating_sub(1);
            }
            self.put(to, placed);
            self.hash ^= piece_key(to, placed);
        } else if let Some(king_to) = partner_to {
            // Castling gating onto the partner's square, written as the partner taking the
            // royal: the royal moves by an edit here, the partner in `play_special`.
            (moved, captured) = (self.board[to as usize], Piece::EMPTY);
            placed = moved;
            self.push_undo(Action::Move(m), moved, captured);
            self.edit(to, Piece::EMPTY);
            self.edit(king_to, moved);
        } else if self.variant.rules.castling.is_some()
            && let Some(castle) = self.free_castle(m)
        {
            // Free castling, written as the royal taking its partner: every change an edit.
            (moved, captured, placed) = (
                self.board[from as usize],
                Piece::EMPTY,
                self.board[from as usize],
            );
            self.push_undo(Action::Move(m), moved, captured);
            self.play_free_castle(castle);
        } else {
            moved = self.take(from);
            captured = self.take(to);
            self.push_undo(Action::Move(m), moved, captured);
            placed = match m.promotes_to() {
                Some(k) => self.promoted_piece(moved, k),
                None => moved,
            };
            self.put(to, placed);
            let mut h = self.hash ^ piece_key(from, moved) ^ piece_key(to, placed);
            if !captured.is_empty() {
                h ^= piece_key(to, captured);
                if hands {
                    let k = self.hand_kind(captured);
                    let n = self.hand[mover.index()][k.index()];
                    h ^= hand_key(mover, k, n + 1) ^ if n > 0 { hand_key(mover, k, n) } else { 0 };
                    self.hand[mover.index()][k.index()] = n + 1;
                }
            }
            self.hash = h;
        }
        // An en-passant capture takes a piece from another square: it resets like a capture.
        let en_passant = self.play_rights_and_gate(m, mover, moved, partner_to);
        let took_en_passant = !en_passant.is_empty();
        self.play_effects(m, mover, moved, !captured.is_empty() || took_en_passant);
        // Captures, drops and reset-by kinds are irreversible: the move rule and the repetition
        // window start again.
        let resets = !captured.is_empty()
            || took_en_passant
            || m.is_drop()
            || (self.variant.rules.move_rule.as_ref()).is_some_and(|r| r.resets(moved.kind()));
        self.halfmove = if resets { 0 } else { self.halfmove + 1 };
        let dice = self.variant.rules.dice.is_some();
        if dice {
            self.use_die(m.die);
        }
        // The modules see an en-passant victim as the move's capture.
        let taken = if captured.is_empty() {
            en_passant
        } else {
            captured
        };
        if let Some(o) = self.after_move(mover, m, moved, placed, taken) {
            self.ended = Some(o);
            return;
        }
        // The conditions held false before this move; they can only change if something they
        // read changed: the board's composition or the counters (the seat to move changes only
        // below, where they are judged again). Counters no module was handed are unchanged.
        let unchanged = self.variant.end.conditions_stable
            && captured.is_empty()
            && !m.is_drop()
            && m.promotes_to().is_none()
            && self.undo.last().is_some_and(|u| {
                u.edits.is_empty() && (!self.counters_touched || u.counters == self.counters)
            });
        if dice {
            // The game ends at once after the move, keeping any die left; only then may the
            // turn end by itself (and the round counters move on).
            if !unchanged {
                self.ended = self.judge_conditions(mover);
                if self.ended.is_some() {
                    return;
                }
            }
            if !self.any_die_usable() {
                self.end_turn_judged(mover);
            }
            return;
        }
        let next = self.pass_turn_on(mover);
        if self.variant.rules.has_turn_hooks() {
            self.with_variant(|pos, variant| variant.rules.after_turn(pos, mover));
        }
        if !(unchanged && (next == mover || self.conditions_kept(mover))) {
            self.ended = self.judge_conditions(mover);
        }
        if self.ended.is_none() && self.variant.rules.mates_go_on() {
            self.resolve_mates(mover);
        }
    }

    /// What a move does beyond its own piece, after it is made: a capture's blast
    /// (explosions), the capturer turned into a wall (petrify), the stones it encloses turning
    /// over, the wall it puts (two-part moves).
    fn play_effects(&mut self, m: Move, mover: crate::vocab::Seat, moved: Piece, took: bool) {
        let to = m.to.0;
        if let Some(p) = self.variant.rules.petrify
            && took
            && p.petrifies(moved.kind())
        {
            self.edit(to, p.wall);
        }
        if let Some(e) = self.variant.rules.explosions
            && took
        {
            self.explode(&e, to);
        }
        if let Some(e) = self.variant.rules.enclose {
            self.turn_enclosed(&e, mover, to);
        }
        if let Some(sq) = m.wall()
            && let Some(w) = self.variant.rules.walls
        {
            self.put_wall(&w, sq);
        }
    }

    /// Changes the seat to move, keeping the hash in step.
    #[inline]
    pub(crate) fn set_to_move(&mut self, seat: super::Seat) {
        self.hash ^= seat_key(self.to_move) ^ seat_key(seat);
        self.to_move = seat;
    }

    /// After the board move of `m`: the rights, en passant and castling partner
    /// ([`play_special`](Self::play_special), on the castling move itself for a gating onto
    /// the partner's square, whose royal went to `partner_to`), then the gated piece, if any.
    /// Returns the piece taken en passant (empty if none).
    fn play_rights_and_gate(
        &mut self,
        m: Move,
        mover: super::Seat,
        moved: Piece,
        partner_to: Option<u8>,
    ) -> Piece {
        let took = if self.variant.right_kinds() | self.variant.ep_kinds() != 0 {
            let special = match partner_to {
                Some(king_to) => Move::board(m.to, crate::geometry::Square(king_to)),
                None => m,
            };
            self.play_special(special, mover, moved)
        } else {
            Piece::EMPTY
        };
        if let Some(k) = m.gate() {
            self.place_gated(m, mover, k);
        }
        took
    }

    /// Takes back the last action; returns it, or `None` at the root.
    pub fn undo(&mut self) -> Option<Action> {
        let u = self.undo.pop()?;
        if self.history.is_some() {
            self.index_popped(u.hash);
        }
        self.die_cache_valid = false;
        for e in u.edits.iter().rev() {
            match *e {
                Edit::Square(sq, before) => {
                    self.take(sq);
                    if !before.is_empty() {
                        self.put(sq, before);
                    }
                }
                Edit::Hand(seat, kind, before) => self.hand[seat.index()][kind.index()] = before,
            }
        }
        // With the edits taken back the board is as the move itself left it: its origin
        // empty (or promoted in place), but after a free castling, played by edits alone.
        if let Action::Move(m) = u.action
            && (m.is_drop() || m.from == m.to || self.board[m.from.0 as usize].is_empty())
        {
            let (from, to) = (m.from.0, m.to.0);
            self.take(to);
            let seat = u.to_move.index();
            if let Some(k) = m.dropped() {
                if !self.unlimited_supply() {
                    self.hand[seat][k.index()] += 1;
                }
            } else {
                if !u.captured.is_empty() {
                    self.put(to, u.captured);
                    if let Some(hands) = &self.variant.rules.hands
                        && hands.captures
                    {
                        let k = self.hand_kind(u.captured);
                        self.hand[seat][k.index()] -= 1;
                    }
                }
                self.put(from, u.moved);
            }
        }
        self.halfmove = u.halfmove;
        self.hash = u.hash;
        self.ended = u.ended;
        self.to_move = u.to_move;
        self.dice = u.dice;
        self.awaiting_roll = u.awaiting_roll;
        self.counters = u.counters;
        self.sweep_waiting = u.sweep_waiting;
        self.rights = u.rights;
        (self.ep, self.ep_victim) = u.ep;
        Some(u.action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roll_errors_keep_their_words() {
        let words = |e: RollError| PlayError::BadRoll(e).to_string();
        assert_eq!(
            words(RollError::NoDice),
            "bad roll: this variant has no dice"
        );
        assert_eq!(
            words(RollError::NotDue),
            "bad roll: no roll is due: the dice of this turn are already rolled"
        );
        assert_eq!(words(RollError::Zero), "bad roll: a die cannot show 0");
        let count = RollError::Count { count: 2, given: 3 };
        assert_eq!(words(count), "bad roll: 2 dice are rolled, not 3");
        let face = RollError::Face {
            faces: vec![2, 3, 4, 5],
            value: 7,
        };
        assert_eq!(
            words(face),
            "bad roll: a die shows one of [2, 3, 4, 5], not 7"
        );
    }
}
