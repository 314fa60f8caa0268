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

    /// Appends `seat`'s legal-looking drops (royal safety and no-mate are checked later): each
    /// kind in hand on the empty squares its region and `mobile` allow (precompiled,
    /// [`Hands::squares`](crate::rules::hands::Hands::squares)), less the lines full under
    /// `per-line`, less — where pieces die (`mate:`) — squares that dead pieces wall in. A kind
    /// with `drop.either-face` is also dropped as the kind it flips to (the move's `promotion`),
    /// under that face's drop rules.
    pub(crate) fn drop_moves(&self, seat: Seat, out: &mut Vec<Move>) {
        let v = &*self.variant;
        let Some(hands) = v.rules.hands.as_ref() else {
            return;
        };
        for (k, &count) in self.hand[seat.index()][..v.kinds.len()].iter().enumerate() {
            if count == 0 {
                continue;
            }
            let kind = Kind(k as u8);
            self.face_drops(seat, kind, None, out);
            if hands.drop_rule(kind).either_face
                && let Some(face) = v.rules.flip.as_ref().and_then(|f| f.of(kind))
            {
                self.face_drops(seat, kind, Some(face), out);
            }
        }
    }

    /// Appends `seat`'s drops of `kind` from its hand, as `face` (`None`: as itself), where
    /// the drop rules of the kind it is dropped as allow them.
    fn face_drops(&self, seat: Seat, kind: Kind, face: Option<Kind>, out: &mut Vec<Move>) {
        let v = &*self.variant;
        let Some(hands) = v.rules.hands.as_ref() else {
            return;
        };
        let orient = v.seats[seat.index()].orient;
        let dead_walls = v.rules.mate.is_some();
        let placed = face.unwrap_or(kind);
        let combo = placed.index() * v.orients.len() + orient as usize;
        let rule = hands.drop_rule(placed);
        let allowed = hands.squares(combo);
        let mut on_line = [0u8; 16];
        if rule.per_line > 0 {
            for sq in self.occ[seat.index()].iter() {
                let p = self.board[sq as usize];
                if p.kind() == placed && p.orient() == orient && !p.is_dead() {
                    on_line[self.facing_line(orient, sq) as usize] += 1;
                }
            }
        }
        let full = |sq: u8| {
            rule.per_line > 0 && on_line[self.facing_line(orient, sq) as usize] >= rule.per_line
        };
        let region = v.rules.placement.as_ref().map(|p| p.region(combo));
        for sq in 0..v.board.len() as u8 {
            if !self.board[sq as usize].is_empty()
                || !allowed.contains(sq)
                || region.is_some_and(|r| !r.contains(sq))
                || full(sq)
                || dead_walls && rule.mobile && !self.could_move_from(combo, sq)
            {
                continue;
            }
            out.push(Move {
                from: Square(sq),
                to: Square(sq),
                promotion: face,
                die: 0,
                drop: Some(kind),
            });
        }
    }

    /// The kind a captured piece goes to the capturer's hand as: the kind it was promoted from
    /// if it remembers its promotion ([`Piece::is_promoted`]), else its `demote:` kind.
    #[inline]
    pub(crate) fn hand_kind(&self, captured: Piece) -> Kind {
        let v = &*self.variant;
        let remembered = captured
            .is_promoted()
            .then(|| v.kinds[captured.kind().index()].promoted_from)
            .flatten();
        remembered.unwrap_or_else(|| {
            (v.rules.hands.as_ref()).map_or(captured.kind(), |h| h.demoted(captured.kind()))
        })
    }

    /// `moved` promoted to `kind`: marked as remembering its promotion where its kind's
    /// promotion has `remember: true`.
    #[inline]
    pub(crate) fn promoted_piece(&self, moved: Piece, kind: Kind) -> Piece {
        let remember = (self.variant.kinds[moved.kind().index()].promotion.as_ref())
            .is_some_and(|p| p.remember);
        if remember {
            moved.with_kind(kind).promoted()
        } else {
            moved.with_kind(kind)
        }
    }

    /// The piece a drop of `kind` by `seat` puts on the board.
    pub(crate) fn dropped_piece(&self, seat: Seat, kind: Kind) -> Piece {
        Piece::new(kind, seat, self.variant.seats[seat.index()].orient)
    }

    /// The piece the drop `m` by `seat` puts on the board: the dropped kind, or the face it
    /// is dropped as (its `promotion`).
    #[inline]
    pub(crate) fn placed_by_drop(&self, seat: Seat, m: Move) -> Piece {
        let kind = m.promotion.or(m.drop).unwrap_or(Kind(0));
        self.dropped_piece(seat, kind)
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
