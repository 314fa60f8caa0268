//! The set-up phase's rules beyond its squares ([`crate::rules::placement`]): kinds placed
//! half on each square colour (`opposite-colours`, Fairy-Stockfish's
//! `dropOppositeColoredBishop`) and castling rights gained by the placed royal and partner
//! (`castling-rights`, its `castlingDroppedPiece`), and the kinds that alone must be placed
//! (`kinds`, its `mustDropType`). Each runs only with its key: the colour test from the drop
//! generator (`engine/hands.rs`), the rights from a drop's bookkeeping (`engine/special.rs`),
//! the kinds from the must-place stage (`engine/movegen.rs`).

use super::Position;
use super::position::right_key;
use crate::geometry::Square;
use crate::vocab::{Kind, Move, Piece, Seat};

impl Position {
    /// `placement.kinds` (bit mask `must`): while the seat to move holds one of these kinds in
    /// hand, it drops nothing else, and if it can drop one, it must (the legal moves `out`
    /// keep only those drops).
    pub(crate) fn keep_kind_placements(&self, must: u64, out: &mut Vec<Move>) {
        let hand = &self.hand[self.to_move.index()];
        let holds = (0..self.variant.kinds.len()).any(|k| must >> k & 1 == 1 && hand[k] > 0);
        if !holds {
            return;
        }
        let due = |m: &Move| m.dropped().is_some_and(|k| must >> k.0 & 1 == 1);
        out.retain(|m| !m.is_drop() || due(m));
        if out.iter().any(due) {
            out.retain(due);
        }
    }

    /// The colour (0 or 1) of square `sq`: a1's colour is 0.
    fn square_colour(&self, sq: u8) -> usize {
        let b = self.variant.board;
        ((b.file(Square(sq)) + b.rank(Square(sq))) % 2) as usize
    }

    /// True if `seat` may drop a piece of `kind` on the empty square `to` under
    /// `opposite-colours`: for each kind kept on both colours, a drop of it keeps at most
    /// half (rounded up) of the seat's pieces of the kind (board and hand) on one colour; a
    /// drop of another kind leaves, of each colour, at least half (rounded down) of them on
    /// the board or on empty squares where the kind may still be placed. Always true without
    /// the key.
    pub(crate) fn colours_allow_drop(&self, seat: Seat, kind: Kind, to: u8) -> bool {
        let v = &*self.variant;
        let Some(p) = v.rules.placement.as_ref().filter(|p| p.opposite != 0) else {
            return true;
        };
        let Some(hands) = v.rules.hands.as_ref() else {
            return true;
        };
        let orient = v.seats[seat.index()].orient;
        for k in (0..v.kinds.len()).filter(|&k| p.opposite >> k & 1 == 1) {
            let mut on_board = [0u32; 2];
            for sq in self.occ[seat.index()].iter() {
                let piece = self.board[sq as usize];
                if piece.kind().index() == k && !piece.is_dead() {
                    on_board[self.square_colour(sq)] += 1;
                }
            }
            let total = on_board[0] + on_board[1] + u32::from(self.hand[seat.index()][k]);
            if k == kind.index() {
                if on_board[self.square_colour(to)] + 1 > total.div_ceil(2) {
                    return false;
                }
                continue;
            }
            let combo = k * v.orients.len() + orient as usize;
            let mut free = [0u32; 2];
            for sq in 0..v.board.len() as u8 {
                if sq != to
                    && self.board[sq as usize].is_empty()
                    && hands.squares(combo).contains(sq)
                    && p.region(combo).contains(sq)
                {
                    free[self.square_colour(sq)] += 1;
                }
            }
            if (0..2).any(|c| on_board[c] + free[c] < total / 2) {
                return false;
            }
        }
        true
    }

    /// `castling-rights`: `dropped` of `mover` has just been placed on `sq`. The royal kind of
    /// `castling:` on a castling's start square gains its right, with the partner's, for each
    /// castling of the seat starting there whose partner square holds a partner of the seat; a
    /// partner on a castling's partner square gains its right, with the royal's, when the
    /// seat's royal stands on that castling's start square.
    pub(crate) fn placement_castling_rights(&mut self, mover: Seat, sq: u8, dropped: Piece) {
        let v = std::sync::Arc::clone(&self.variant);
        if !v
            .rules
            .placement
            .as_ref()
            .is_some_and(|p| p.castling_rights)
        {
            return;
        }
        let Some(c) = v.rules.castling.as_ref() else {
            return;
        };
        let own = |p: Piece, royal: bool| {
            !p.is_empty()
                && p.owner() == mover
                && if royal {
                    p.kind() == c.royal
                } else {
                    c.is_partner(p.kind())
                }
        };
        for cm in c.moves.get(mover.index()).into_iter().flatten() {
            let pair = if dropped.kind() == c.royal && cm.king_from == sq {
                own(self.board[cm.rook_from as usize], false)
            } else if c.is_partner(dropped.kind()) && cm.rook_from == sq {
                own(self.board[cm.king_from as usize], true)
            } else {
                false
            };
            if pair {
                for s in [cm.king_from, cm.rook_from] {
                    if !self.rights.contains(s) {
                        self.rights.insert(s);
                        self.hash ^= right_key(s);
                    }
                }
            }
        }
    }
}
