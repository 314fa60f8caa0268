//! Explosions on capture ([`crate::rules::explosion`]): the blast after a capture, the
//! legality test through the blast and the check test with touching royal pieces — the
//! module's hot path, read from its compiled masks only where the module is on.

use super::Move;
use super::position::Position;
use crate::geometry::Square;
use crate::rules::explosion::Explosions;
use crate::vocab::{Piece, Seat, SquareSet};

/// The eight king-step vectors around a square.
const AROUND: [(i32, i32); 8] = crate::geometry::KING_STEPS;

impl Position {
    /// The squares on the board one king step from `sq`.
    #[inline]
    fn around(&self, sq: u8) -> impl Iterator<Item = u8> + use<> {
        let board = self.variant.board;
        AROUND
            .into_iter()
            .filter_map(move |(dx, dy)| board.offset(Square(sq), dx, dy).map(|s| s.0))
    }

    /// The squares the blast of a capture landing on `to` clears, on the current board (the
    /// capture already made): `to` itself if its piece explodes, then the occupied squares
    /// around it whose pieces the blast does not spare (never a dead piece).
    fn blast_squares(&self, e: &Explosions, to: u8) -> SquareSet {
        let mut out = SquareSet::default();
        let centre = self.board[to as usize];
        if !centre.is_empty() && e.removes(centre.kind(), true) {
            out.insert(to);
        }
        for sq in self.around(to) {
            let p = self.board[sq as usize];
            // Dead pieces (`setup.dead`: walls, cut-out squares) are never captured or blown up.
            if !p.is_empty() && !p.is_dead() && e.removes(p.kind(), false) {
                out.insert(sq);
            }
        }
        out
    }

    /// The blast after a capture that landed on `to`: every piece it clears leaves the board
    /// (logged for undo, hashed), losing its first-move right.
    pub(crate) fn explode(&mut self, e: &Explosions, to: u8) {
        for sq in self.blast_squares(e, to).iter() {
            self.drop_right(sq);
            self.edit(sq, Piece::EMPTY);
        }
    }

    /// True if one of `seat`'s opponents has a royal piece one king step from `sq`: a royal
    /// piece there is not in check under explosions (capturing it would blow up the
    /// capturer's own royal neighbour).
    pub(super) fn touches_enemy_royal(&self, sq: u8, seat: Seat) -> bool {
        let enemies = self.enemies(seat);
        self.around(sq).any(|s| {
            let p = self.board[s as usize];
            !p.is_empty()
                && enemies.contains(p.owner())
                && self.royals[p.owner().index()].contains(s)
        })
    }

    /// Under explosions: true if a royal piece of `seat` is attacked and touches no
    /// opponent's royal piece.
    pub(crate) fn blast_in_check(&self, seat: Seat) -> bool {
        let enemies = self.enemies(seat);
        self.royals[seat.index()].iter().any(|sq| {
            !self.touches_enemy_royal(sq, seat)
                && self.variant.attacks.attacked(&self.board, sq, enemies)
        })
    }

    /// Under explosions, the legality test of `m` (a pseudo-legal move of the seat to move),
    /// as Fairy-Stockfish judges pseudo-royal pieces with `blastOnCapture`: the move and its
    /// blast are made on the board; illegal if the blast takes one of the mover's royal
    /// pieces; legal if it takes an opponent's; otherwise legal if every royal piece of the
    /// mover touches an opponent's royal piece or stands unattacked. A capture of a piece of
    /// its own kind by a `mutually-immune` kind is illegal, with or without royal pieces.
    pub(crate) fn blast_keeps_royals_safe(&mut self, e: &Explosions, m: Move) -> bool {
        let seat = self.to_move;
        let capture = self.is_capture(m);
        if capture && e.mutual != 0 && !m.is_drop() {
            let (mover, target) = (self.board[m.from.index()], self.board[m.to.index()]);
            if !target.is_empty()
                && mover.kind() == target.kind()
                && e.mutual >> mover.kind().0 & 1 == 1
            {
                return false;
            }
        }
        let mut saved: Vec<(u8, Piece)> = Vec::with_capacity(12);
        let (from, to) = (m.from.0, m.to.0);
        let moved = self.board[from as usize];
        if let Some(sq) = self.ep_capture(m, moved) {
            saved.push((sq, self.board[sq as usize]));
            self.board[sq as usize] = Piece::EMPTY;
        }
        saved.push((to, self.board[to as usize]));
        match m.dropped() {
            Some(_) => self.board[to as usize] = self.placed_by_drop(seat, m),
            None => {
                saved.push((from, moved));
                self.board[from as usize] = Piece::EMPTY;
                self.board[to as usize] = match m.promotes_to() {
                    Some(k) => moved.with_kind(k),
                    None => moved,
                };
            }
        }
        if capture {
            for sq in self.blast_squares(e, to).iter() {
                saved.push((sq, self.board[sq as usize]));
                self.board[sq as usize] = Piece::EMPTY;
            }
        }
        let moved_from = (!m.is_drop()).then_some(from);
        let mine: Vec<u8> = self.royals[seat.index()]
            .iter()
            .map(|sq| if Some(sq) == moved_from { to } else { sq })
            .collect();
        let alive = |p: &Self, sq: u8| {
            let piece = p.board[sq as usize];
            !piece.is_empty() && piece.owner() == seat
        };
        let legal = if !mine.iter().all(|&sq| alive(self, sq)) {
            false
        } else if capture
            && self.enemies(seat).iter().any(|s| {
                self.royals[s.index()]
                    .iter()
                    .any(|sq| self.board[sq as usize].is_empty())
            })
        {
            true
        } else {
            let enemies = self.enemies(seat);
            mine.iter().all(|&sq| {
                self.touches_enemy_royal(sq, seat)
                    || !self.variant.attacks.attacked(&self.board, sq, enemies)
            })
        };
        for &(sq, p) in saved.iter().rev() {
            self.board[sq as usize] = p;
        }
        legal
    }
}
