//! Capture by enclosing ([`crate::rules::enclose`]): where a drop may go and the stones a
//! move or drop turns over — the module's hot path, reached only where the module is on.

use super::position::Position;
use crate::geometry::Square;
use crate::rules::enclose::{Enclose, Style};
use crate::vocab::{Piece, Seat, SquareSet};

/// The eight king-step vectors around a square.
const AROUND: [(i32, i32); 8] = crate::geometry::KING_STEPS;

impl Position {
    /// True if drops never empty the hand ([`crate::rules::enclose`]'s `supply: unlimited`).
    #[inline]
    pub(crate) fn unlimited_supply(&self) -> bool {
        self.variant.rules.enclose.is_some_and(|e| e.unlimited)
    }

    /// True if `p` is a live stone of `seat` (never a dead piece: walls are no seat's).
    #[inline]
    fn stone_of(p: Piece, seat: Seat) -> bool {
        !p.is_empty() && !p.is_dead() && p.owner() == seat
    }

    /// True if `p` is a live stone of a seat other than `seat`.
    #[inline]
    fn enemy_stone(p: Piece, seat: Seat) -> bool {
        !p.is_empty() && !p.is_dead() && p.owner() != seat
    }

    /// The enemy stones a stone of `seat` arriving on `to` encloses (reversi) or touches
    /// (ataxx): the stones that turn over to `seat`.
    pub(crate) fn enclosed(&self, e: &Enclose, seat: Seat, to: u8) -> SquareSet {
        let board = self.variant.board;
        let at = |sq: Square| self.board[sq.0 as usize];
        let mut out = SquareSet::default();
        for (dx, dy) in AROUND {
            let mut line = SquareSet::default();
            let mut sq = board.offset(Square(to), dx, dy);
            while let Some(s) = sq
                && Self::enemy_stone(at(s), seat)
            {
                line.insert(s.0);
                if e.style == Style::Ataxx {
                    break;
                }
                sq = board.offset(s, dx, dy);
            }
            let closed = match e.style {
                Style::Ataxx => true,
                Style::Reversi => sq.is_some_and(|s| Self::stone_of(at(s), seat)),
            };
            if closed {
                out = out.union(line);
            }
        }
        out
    }

    /// True if `seat` may drop on the empty square `sq` under the enclosing rule: while a
    /// start square is empty, only on a start square; then (reversi) where the drop encloses
    /// a stone, or (ataxx) next to one of its own stones.
    pub(crate) fn enclose_allows_drop(&self, e: &Enclose, seat: Seat, sq: u8) -> bool {
        if e.start.iter().any(|s| self.board[s as usize].is_empty()) {
            return e.start.contains(sq);
        }
        match e.style {
            Style::Reversi => !self.enclosed(e, seat, sq).is_empty(),
            Style::Ataxx => {
                let board = self.variant.board;
                AROUND.iter().any(|&(dx, dy)| {
                    board
                        .offset(Square(sq), dx, dy)
                        .is_some_and(|s| Self::stone_of(self.board[s.0 as usize], seat))
                })
            }
        }
    }

    /// Turns over to `mover` the stones its move or drop arriving on `to` encloses (logged
    /// for undo, hashed); each keeps its kind and takes its new owner's facing.
    pub(crate) fn turn_enclosed(&mut self, e: &Enclose, mover: Seat, to: u8) {
        let orient = self.variant.seats[mover.index()].orient;
        for sq in self.enclosed(e, mover, to).iter() {
            let p = self.board[sq as usize];
            self.edit(sq, Piece::new(p.kind(), mover, orient));
        }
    }
}
