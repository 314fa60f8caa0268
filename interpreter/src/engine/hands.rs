//! Hands and drops: captured pieces (demoted) go to the capturer's hand; a piece in hand may
//! be dropped on an empty square, subject to the kind's drop restrictions (one per line, no
//! mate by drop, only where it could still move).

use super::Move;
use super::position::Position;
use crate::geometry::Square;
use crate::vocab::{Kind, Piece, Seat};

impl Position {
    /// Pieces of `kind` in `seat`'s hand.
    pub fn hand_count(&self, seat: Seat, kind: Kind) -> u8 {
        self.hand[seat.index()][kind.index()]
    }

    /// Total pieces in `seat`'s hand.
    pub fn hand_total(&self, seat: Seat) -> u32 {
        self.hand[seat.index()].iter().map(|&n| n as u32).sum()
    }

    /// True if a piece of (kind, orientation) `combo` standing on `sq` has some move that is not
    /// blocked for ever by a dead piece (on an otherwise empty board).
    fn could_move_from(&self, combo: usize, sq: u8) -> bool {
        // Only dead pieces block for good: walk the table as if every other square were free.
        let mut could = false;
        self.variant.table.walk(
            combo,
            sq,
            &self.board,
            |p| p.is_dead(),
            |_, _, p| could |= !p.is_dead(),
        );
        could
    }

    /// The line of `sq` along orientation `o`'s facing (the frame file): a file for pieces
    /// facing north or south, a rank for pieces facing east or west.
    fn facing_line(&self, o: u8, sq: u8) -> u8 {
        let b = self.variant.board;
        match self.variant.orients[o as usize].edge {
            crate::geometry::Edge::South | crate::geometry::Edge::North => b.file(Square(sq)),
            _ => b.rank(Square(sq)),
        }
    }

    /// Appends `seat`'s legal-looking drops (royal safety and no-mate are checked later).
    pub(crate) fn drop_moves(&self, seat: Seat, out: &mut Vec<Move>) {
        let v = &*self.variant;
        let orient = v.seats[seat.index()].orient;
        let n_orients = v.orients.len();
        for (k, &count) in self.hand[seat.index()][..v.kinds.len()].iter().enumerate() {
            if count == 0 {
                continue;
            }
            let kind = Kind(k as u8);
            let combo = k * n_orients + orient as usize;
            let rule = v
                .rules
                .hands
                .as_ref()
                .map(|h| h.drop_rule(kind))
                .unwrap_or_default();
            let (one_per_line, mobile) = (rule.one_per_line, rule.mobile);
            let mut blocked_lines = 0u32;
            if one_per_line {
                for sq in self.occ[seat.index()].iter() {
                    let p = self.board[sq as usize];
                    if p.kind() == kind && p.orient() == orient {
                        blocked_lines |= 1 << self.facing_line(orient, sq);
                    }
                }
            }
            let region = v.rules.placement.as_ref().map(|p| p.region(combo));
            for sq in 0..v.board.len() as u8 {
                if !self.board[sq as usize].is_empty()
                    || region.is_some_and(|r| !r.contains(sq))
                    || blocked_lines >> self.facing_line(orient, sq) & 1 == 1
                    || mobile && !self.could_move_from(combo, sq)
                {
                    continue;
                }
                out.push(Move {
                    from: Square(sq),
                    to: Square(sq),
                    promotion: None,
                    die: 0,
                    drop: Some(kind),
                });
            }
        }
    }

    /// The piece a drop of `kind` by `seat` puts on the board.
    pub(crate) fn dropped_piece(&self, seat: Seat, kind: Kind) -> Piece {
        Piece::new(kind, seat, self.variant.seats[seat.index()].orient)
    }

    /// For a no-mate kind: true if dropping it (already on the board at `sq`) attacks a live
    /// royal piece whose owner then has no legal move.
    pub(crate) fn drop_mates(&mut self, sq: u8) -> bool {
        let p = self.board[sq as usize];
        let v = self.variant.clone();
        let t = &v.table;
        let mut targets: Vec<u8> = Vec::new();
        t.walk(
            p.combo(v.orients.len()),
            sq,
            &self.board,
            |p| !p.is_empty(),
            |to, mode, target| {
                if mode & crate::compile::CAPTURE != 0 && !target.is_empty() {
                    targets.push(to);
                }
            },
        );
        for to in targets {
            let target = self.board[to as usize];
            if target.is_empty()
                || target.is_dead()
                || target.owner() == p.owner()
                || !v.kinds[target.kind().index()].royal
            {
                continue;
            }
            let victim = target.owner();
            if victim.index() >= super::MAX_SEATS {
                continue;
            }
            let saved = self.to_move;
            self.to_move = victim;
            let escapes = self.has_legal_move();
            self.to_move = saved;
            if !escapes {
                return true;
            }
        }
        false
    }
}
