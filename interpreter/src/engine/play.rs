//! Playing and taking back moves.

use super::position::{Position, Undo, piece_key, seat_key};
use super::{Move, Outcome};
use std::fmt;

/// Why a move was refused. The position is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is already over.
    GameOver(Outcome),
    /// The move is not legal here.
    Illegal(Move),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(_) => f.write_str("the game is over"),
            PlayError::Illegal(_) => f.write_str("illegal move"),
        }
    }
}

impl std::error::Error for PlayError {}

impl Position {
    /// Plays `m` if it is legal; otherwise returns why and leaves the position unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        if !self.is_legal(m) {
            return Err(PlayError::Illegal(m));
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays `m`, which must be legal (as from [`legal_moves`](Self::legal_moves)); then judges
    /// the end conditions.
    pub fn play_unchecked(&mut self, m: Move) {
        let (from, to) = (m.from.0, m.to.0);
        let mover = self.to_move;
        let moved = self.take(from);
        let captured = self.take(to);
        self.undo.push(Undo {
            mv: m,
            moved,
            captured,
            halfmove: self.halfmove,
            hash: self.hash,
            ended: self.ended,
            to_move: mover,
        });
        self.history.push(self.hash);
        let placed = match m.promotion {
            Some(k) => moved.with_kind(k),
            None => moved,
        };
        self.put(to, placed);
        let mut h = self.hash ^ piece_key(from, moved) ^ piece_key(to, placed) ^ seat_key(mover);
        if !captured.is_empty() {
            h ^= piece_key(to, captured);
        }
        let resets =
            !captured.is_empty() || self.variant.kinds[moved.kind().index()].resets_move_rule;
        self.halfmove = if resets { 0 } else { self.halfmove + 1 };
        self.to_move = self.next_seat(mover);
        self.hash = h ^ seat_key(self.to_move);
        self.ended = self.judge_conditions(mover);
    }

    /// Takes back the last move; returns it, or `None` at the root.
    pub fn undo(&mut self) -> Option<Move> {
        let u = self.undo.pop()?;
        self.history.pop();
        let (from, to) = (u.mv.from.0, u.mv.to.0);
        self.take(to);
        if !u.captured.is_empty() {
            self.put(to, u.captured);
        }
        self.put(from, u.moved);
        self.halfmove = u.halfmove;
        self.hash = u.hash;
        self.ended = u.ended;
        self.to_move = u.to_move;
        Some(u.mv)
    }
}
