//! Perft's bulk count of drops ([`Position::count_legal`]): drops are counted from square
//! sets where their legality follows from them, instead of being listed and tested one by one.

use super::position::Position;
use crate::geometry::Square;
use crate::vocab::{Kind, Move, SquareSet};

impl Position {
    /// The number of the seat to move's drops ([`drop_moves`](Self::drop_moves)'s list) that
    /// `legal` keeps (the position's legality test; `None`: every candidate is legal), without
    /// listing them. Where the mover's royal pieces stand safe now (the pin-aware shortcut of
    /// [`legality`](Self::legality) applies), a drop of a kind that is neither royal nor
    /// under the no-mate rule is legal unless it fills a square that could expose a royal
    /// piece (a hopper's screen): those kinds' other targets are counted as a set. Every other
    /// drop goes through `legal`.
    pub(super) fn count_drops(&mut self, legal: Option<&impl Fn(&mut Self, Move) -> bool>) -> u64 {
        let r = &self.variant.rules;
        if r.hands.is_none() || !r.gating.as_ref().is_none_or(|g| g.drops) {
            return 0;
        }
        let seat = self.to_move;
        // Computed at the first kind held.
        let mut verdicts: Option<Option<(SquareSet, SquareSet)>> = None;
        let mut n = 0;
        for k in 0..self.variant.kinds.len() {
            let (held, other_face) = self.held_faces(seat, k);
            if !held {
                continue;
            }
            let kind = Kind(k as u8);
            // As itself, then as its other face.
            for face in [Some(None), other_face.map(Some)].into_iter().flatten() {
                let targets = self.drop_targets(seat, kind, face);
                let Some(legal) = legal else {
                    n += targets.len() as u64;
                    continue;
                };
                if targets.is_empty() {
                    continue;
                }
                let verdict = *verdicts.get_or_insert_with(|| self.drop_verdicts(seat));
                let tested = match verdict {
                    Some((pass, risk)) if self.plain_drop(kind, face) => {
                        let at_risk = and(targets, risk);
                        n += (and(targets, pass).len() - and(at_risk, pass).len()) as u64;
                        at_risk
                    }
                    _ => targets,
                };
                for sq in tested.iter() {
                    if legal(self, Move::hand_drop(kind, face, Square(sq))) {
                        n += 1;
                    }
                }
            }
        }
        n
    }

    /// For the drops of plain kinds ([`plain_drop`](Self::plain_drop)) of `seat`, the seat to
    /// move, as [`legality`](Self::legality) judges them: `(pass, risk)`, where a drop on
    /// `risk` must be tested and one off it is legal exactly when it lands on `pass`; `None`
    /// where every drop must be tested. With the royal pieces safe, `risk` holds the squares
    /// whose filling could expose one (a hopper's screen) and `pass` every square; in check,
    /// where [`evasion_squares`](Self::evasion_squares) applies, `pass` holds its squares and
    /// `risk` none.
    fn drop_verdicts(&self, seat: crate::vocab::Seat) -> Option<(SquareSet, SquareSet)> {
        if !self.pin_shortcut_applies(seat) {
            return None;
        }
        match self.exposing_squares(seat) {
            Some((_, fill)) => Some((SquareSet::FULL, fill)),
            None => (self.evasion_squares(seat)).map(|(_, evade)| (evade, SquareSet::default())),
        }
    }

    /// True if a drop of `kind` (as `face`) needs no test of its own when the mover's royal
    /// pieces stand safe: the kind is not royal, and the no-mate rule does not apply to it
    /// (as [`drop_mate_allowed`](Self::drop_mate_allowed) decides).
    #[inline]
    fn plain_drop(&self, kind: Kind, face: Option<Kind>) -> bool {
        let v = &*self.variant;
        let no_mate =
            (v.rules.hands.as_ref()).is_some_and(|h| h.drop_rule(face.unwrap_or(kind)).no_mate);
        v.royal_kinds() >> kind.0 & 1 == 0 && !(v.needs_full_legality() && no_mate)
    }
}

/// The squares in both sets.
#[inline]
fn and(a: SquareSet, b: SquareSet) -> SquareSet {
    SquareSet(std::array::from_fn(|w| a.0[w] & b.0[w]))
}
