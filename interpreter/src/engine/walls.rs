//! Two-part moves with walls ([`crate::rules::walls`]): the squares a legal move may put its
//! wall on (the last stage of the legality pipeline, only where the module is on) and the wall
//! put after the move — the module's hot path.

use super::Move;
use super::position::{Position, ep_key};
use super::special::NO_EP;
use crate::geometry::Square;
use crate::rules::walls::{WallRule, Walls};
use crate::vocab::Piece;

impl Position {
    /// Replaces each legal move of `out` by one move per square its wall may go on, as
    /// Fairy-Stockfish's `make_move_and_gating` lists them; a move with no such square goes.
    #[inline(never)]
    pub(super) fn add_walls(&mut self, w: &Walls, out: &mut Vec<Move>) {
        let base = std::mem::take(out);
        let mut squares = Vec::new();
        for &m in &base {
            self.wall_squares(w, m, &mut squares);
            out.extend(squares.iter().map(|&sq| m.with_wall(Square(sq))));
        }
    }

    /// The squares the wall of `m` (a legal move without its wall) may go on, into `out`: as
    /// Fairy-Stockfish's `make_move_and_gating` finds them, the squares empty after the move
    /// itself — its origin freed, its target taken, castling's rook moved, the pawn taken en
    /// passant gone — read on the board with the move applied in place (no counters, no end
    /// judgement), then restored.
    fn wall_squares(&mut self, w: &Walls, m: Move, out: &mut Vec<u8>) {
        out.clear();
        let seat = self.to_move;
        let moved = self.board[m.from.index()];
        // A castling king's rook moves too (a free castling is applied whole by
        // `with_move_applied`).
        let rook = (self.variant.rules.castling.as_ref())
            .filter(|c| c.royal == moved.kind() && self.rights.contains(m.from.0))
            .filter(|_| self.free_castle(m).is_none())
            .and_then(|c| c.find(seat.index(), m.from.0, m.to.0))
            .map(|c| (c.rook_from, c.rook_to));
        let saved = rook.map(|(rf, rt)| {
            let (r, there) = (self.board[rf as usize], self.board[rt as usize]);
            self.board[rf as usize] = Piece::EMPTY;
            self.board[rt as usize] = r;
            (rf, rt, r, there)
        });
        let combo = moved.combo(self.variant.orients.len());
        self.with_move_applied(m, |p| {
            let open = |sq: u8| w.region.contains(sq) && p.board[sq as usize].is_empty();
            match w.rule {
                WallRule::Duck | WallRule::Anywhere => {
                    out.extend(
                        p.variant
                            .board
                            .squares()
                            .map(|s| s.0)
                            .filter(|&sq| open(sq)),
                    );
                }
                WallRule::Past => out.extend(Some(m.from.0).filter(|&sq| open(sq))),
                WallRule::Arrow => {
                    // As the piece moved (before any promotion), from where it landed.
                    let mut shots = Vec::new();
                    p.piece_targets(seat, moved, combo, m.to.0, &mut shots);
                    out.extend(shots.iter().map(|s| s.to.0).filter(|&sq| open(sq)));
                    out.sort_unstable();
                    out.dedup();
                }
            }
        });
        if let Some((rf, rt, r, there)) = saved {
            self.board[rt as usize] = there;
            self.board[rf as usize] = r;
        }
    }

    /// Puts the wall of a move on `sq` after the move itself (logged for undo, hashed): under
    /// [`WallRule::Duck`] the walls already standing are taken away first. An en-passant mark
    /// on `sq` is dropped.
    pub(super) fn put_wall(&mut self, w: &Walls, sq: Square) {
        if w.rule == WallRule::Duck {
            let board = self.variant.board;
            for s in board.squares() {
                if self.board[s.index()] == w.piece {
                    self.edit(s.0, Piece::EMPTY);
                }
            }
        }
        self.edit(sq.0, w.piece);
        if self.ep == sq.0 {
            self.hash ^= ep_key(self.ep);
            self.ep = NO_EP;
            self.ep_victim = NO_EP;
        }
    }
}
