//! [`PlyEvents`]: what the last action did, read back from its undo entry (for the
//! simulator's event counts; nothing on the move-generation path).

use super::position::Edit;
use super::{Action, Position};

/// The rule events of one action (see [`Position::last_ply_events`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlyEvents {
    /// Pieces captured: the piece the move took, and pieces a rule module took off the board
    /// (Chaturaji's boat triumph). A mate captures nothing: its royal pieces die where they
    /// stand and its other pieces change hands.
    pub captures: u32,
    /// Pieces that changed kind and kept their owner: the moving piece's promotion and pieces
    /// promoted by a rule module (Chaturaji's waiting pawns).
    pub promotions: u32,
    /// The moving piece turned over to its other face ([`crate::rules::flip`]; not counted in
    /// `promotions`).
    pub flips: u32,
    /// Stones turned over to the mover by enclosing ([`crate::rules::enclose`]): pieces that
    /// kept their kind and changed owner.
    pub turned: u32,
    /// The action was a drop from a hand.
    pub drop: bool,
    /// The index, in [`Formations`](crate::rules::formation::Formations), of the formation whose
    /// capture the move made (Chaturaji's boat triumph), if any.
    pub formation: Option<usize>,
    /// Thrones newly scored.
    pub thrones: u32,
    /// Seats mated.
    pub mates: u32,
    /// Turns given out of order by the check interrupt.
    pub interrupts: u32,
}

impl Position {
    /// The rule events of the last action played (all zero at the root or after a roll).
    ///
    /// ```
    /// use ashtapada::{Assignment, Position, load_variant};
    /// let v = load_variant("chaturanga", &Assignment::default()).unwrap();
    /// let mut pos = Position::start(v);
    /// let m = pos.legal_move_list()[0];
    /// pos.play(m).unwrap();
    /// assert_eq!(pos.last_ply_events(), Default::default());
    /// ```
    pub fn last_ply_events(&self) -> PlyEvents {
        let Some(u) = self.undo.last() else {
            return PlyEvents::default();
        };
        let mut e = PlyEvents {
            // Counted only when some throne was scored (rare): the count is per seat.
            thrones: crate::rules::throne::scored_since(&self.counters, &u.counters),
            mates: self
                .counters
                .mate_count
                .saturating_sub(u.counters.mate_count) as u32,
            interrupts: u.interrupts as u32,
            ..PlyEvents::default()
        };
        let Action::Move(m) = u.action else {
            return e;
        };
        e.drop = m.is_drop();
        e.captures = u32::from(!u.captured.is_empty());
        let to = m.to.index();
        // The piece that arrived: compare with the first recorded state of its square.
        let arrived = u
            .edits
            .iter()
            .find_map(|ed| match ed {
                Edit::Square(sq, before) if *sq as usize == to => Some(*before),
                _ => None,
            })
            .unwrap_or(self.board[to]);
        if !arrived.is_empty() && arrived.kind() != u.moved.kind() && !m.is_drop() {
            let flips = self.variant.rules.flip.as_ref();
            if flips.is_some_and(|f| f.of(u.moved.kind()) == Some(arrived.kind())) {
                e.flips += 1;
            } else {
                e.promotions += 1;
            }
        }
        let mut removed = false;
        let mut seen = super::SquareSet::default();
        for ed in &u.edits {
            let Edit::Square(sq, before) = *ed else {
                continue;
            };
            // A castling gating onto the partner's square moves the royal off `to` and puts the
            // gated piece on `from` (the partner's square): neither is a capture or promotion.
            // A wall taken away (the duck moving on) is no capture.
            let gated = m.gate().is_some() && (sq == m.from.0 || sq == m.to.0);
            if before.is_empty() || before.is_dead() || seen.contains(sq) || gated {
                continue;
            }
            seen.insert(sq);
            let now = self.board[sq as usize];
            if now.is_empty() {
                removed = true;
                e.captures += 1;
            } else if now.kind() != before.kind() && now.owner() == before.owner() {
                e.promotions += 1;
            } else if now.owner() != before.owner() && self.variant.rules.enclose.is_some() {
                e.turned += 1;
            }
        }
        if removed {
            e.formation = self
                .variant
                .rules
                .formations
                .as_ref()
                .and_then(|f| f.index_of(u.moved.kind()));
        }
        e
    }
}
