//! Hands and drops: captured pieces (demoted) go to the capturer's hand; a piece in hand may
//! be dropped on an empty square, subject to the kind's drop restrictions (one per line, no
//! mate by drop, only where it could still move).

use super::Move;
use super::position::Position;
use crate::geometry::Square;
use crate::vocab::{Kind, Piece, Seat, SquareSet};

/// The square set whose words are `f` of `a`'s and `b`'s.
#[inline(always)]
fn words(a: SquareSet, b: SquareSet, f: impl Fn(u64, u64) -> u64) -> SquareSet {
    SquareSet(std::array::from_fn(|w| f(a.0[w], b.0[w])))
}

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

    /// True if some piece on the board is dead (ownerless walls count, dead or not).
    fn any_dead_piece(&self) -> bool {
        !self.walls.is_empty()
            || (self.occ[..self.variant.seats.len()].iter())
                .any(|s| s.iter().any(|sq| self.board[sq as usize].is_dead()))
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
    /// with `drop.either-face` is also dropped as the kind it flips to (the move's
    /// [`Move::drop_face`]), under that face's drop rules.
    pub(crate) fn drop_moves(&self, seat: Seat, out: &mut Vec<Move>) {
        if self.variant.rules.hands.is_none() {
            return;
        }
        for k in 0..self.variant.kinds.len() {
            let (held, other_face) = self.held_faces(seat, k);
            if !held {
                continue;
            }
            let kind = Kind(k as u8);
            self.face_drops(seat, kind, None, out);
            if let Some(face) = other_face {
                self.face_drops(seat, kind, Some(face), out);
            }
        }
    }

    /// True if [`moves_before_walls`](Self::moves_before_walls) judges the drops of the seat
    /// to move by square sets ([`legal_drops`](Self::legal_drops)): it may drop, and it has
    /// royal pieces to keep safe (or the variant needs the full test of every move); not on
    /// the reference path, which tests every candidate.
    #[inline]
    pub(super) fn drops_judged_by_sets(&self) -> bool {
        let rules = &self.variant.rules;
        !self.reference_legality
            && rules.hands.is_some()
            && rules.gating.as_ref().is_none_or(|g| g.drops)
            && (!self.royals[self.to_move.index()].is_empty() || self.variant.needs_full_legality())
    }

    /// Appends the legal drops of the seat to move: the drops
    /// [`drop_moves`](Self::drop_moves) lists that pass `legal` (this position's
    /// [`legality`](Self::legality), with its shortcut squares `exposing`), judged by square
    /// sets where its shortcuts apply. A non-royal drop is legal, but for the no-mate rule of
    /// the kind it is dropped as (tested drop by drop, where the kind has it):
    /// - where the mover is safe (`exposing`), on every square but the filled squares that
    ///   could expose a royal piece (whose drops `legal` tests);
    /// - in check, where [`evasion_squares`](Self::evasion_squares) applies, exactly on its
    ///   squares.
    ///
    /// Every other drop is tested by `legal`. The same drops as `legal` keeps of
    /// [`drop_moves`](Self::drop_moves)' (measured with callgrind on 100 four-player shogi
    /// random games: the drops were two thirds of the moves `legal` tested one by one).
    pub(super) fn legal_drops(
        &mut self,
        exposing: Option<(SquareSet, SquareSet)>,
        legal: &impl Fn(&mut Self, Move) -> bool,
        out: &mut Vec<Move>,
    ) {
        let seat = self.to_move;
        let evade = match exposing {
            None if self.pin_shortcut_applies(seat) => self.evasion_squares(seat).map(|e| e.1),
            _ => None,
        };
        let royal_kinds = self.variant.royal_kinds();
        let full = self.variant.needs_full_legality();
        let mut mate_risk = None;
        for k in 0..self.variant.kinds.len() {
            let (held, other_face) = self.held_faces(seat, k);
            if !held {
                continue;
            }
            let kind = Kind(k as u8);
            for face in std::iter::once(None).chain(other_face.map(Some)) {
                let targets = self.drop_targets(seat, kind, face);
                let plain = royal_kinds >> k & 1 == 0;
                // The squares where the shortcuts clear the drop (but for the no-mate test).
                let clear = match (exposing, evade) {
                    (Some((_, fill)), _) if plain => Some(words(targets, fill, |t, f| t & !f)),
                    (None, Some(evade)) if plain => Some(words(targets, evade, |t, e| t & e)),
                    _ => None,
                };
                let Some(clear) = clear else {
                    for sq in targets.iter() {
                        let m = Move::hand_drop(kind, face, Square(sq));
                        if legal(self, m) {
                            out.push(m);
                        }
                    }
                    continue;
                };
                let placed = face.unwrap_or(kind);
                let no_mate = full
                    && (self.variant.rules.hands.as_ref())
                        .is_some_and(|h| h.drop_rule(placed).no_mate);
                // A no-mate drop is tested where it could attack a royal piece.
                let risky = match no_mate {
                    true => *mate_risk.get_or_insert_with(|| self.royal_attacker_squares(seat)),
                    false => SquareSet::default(),
                };
                for sq in clear.iter() {
                    let m = Move::hand_drop(kind, face, Square(sq));
                    if !risky.contains(sq) || self.drop_mate_allowed(m) {
                        out.push(m);
                    }
                }
                // In check the other squares leave it in check; safe, they are tested.
                if exposing.is_some() {
                    for sq in words(targets, clear, |t, c| t & !c).iter() {
                        let m = Move::hand_drop(kind, face, Square(sq));
                        if legal(self, m) {
                            out.push(m);
                        }
                    }
                }
            }
        }
    }

    /// The squares from which a piece dropped by `seat` could attack another seat's live
    /// royal piece ([`AttackTable::reach_sources`](crate::compile::AttackTable::reach_sources)
    /// of their squares): where a no-mate drop must be tested; every square where the
    /// attack table cannot say it.
    fn royal_attacker_squares(&self, seat: Seat) -> SquareSet {
        fn sources<W: crate::compile::AttackWord>(p: &Position, seat: Seat) -> Option<SquareSet> {
            let royals = W::from_u128(p.royal_bb) & !W::from_set(p.occ[seat.index()]);
            let sources = p.variant.attacks.reach_sources(royals)?;
            Some(sources.to_set())
        }
        match self.variant.attacks.words() {
            1 => sources::<u64>(self, seat),
            2 => sources::<u128>(self, seat),
            _ => None,
        }
        .unwrap_or(SquareSet::FULL)
    }

    /// For kind index `k` of `seat`'s hand: whether [`drop_moves`](Self::drop_moves) drops it
    /// (the seat holds one, or the supply is unlimited and it is not the enclosing rule's
    /// wall), and the other face it is also dropped as (`drop.either-face`), if any.
    #[inline]
    pub(super) fn held_faces(&self, seat: Seat, k: usize) -> (bool, Option<Kind>) {
        let v = &*self.variant;
        let Some(hands) = v.rules.hands.as_ref() else {
            return (false, None);
        };
        let kind = Kind(k as u8);
        if self.hand[seat.index()][k] == 0
            && (!self.unlimited_supply() || v.rules.enclose.and_then(|e| e.wall) == Some(kind))
        {
            return (false, None);
        }
        let face = (hands.drop_rule(kind).either_face)
            .then(|| v.rules.flip.as_ref().and_then(|f| f.of(kind)))
            .flatten();
        (true, face)
    }

    /// Appends `seat`'s drops of `kind` from its hand, as `face` (`None`: as itself), on the
    /// squares [`drop_targets`](Self::drop_targets) gives, in square order.
    fn face_drops(&self, seat: Seat, kind: Kind, face: Option<Kind>, out: &mut Vec<Move>) {
        for sq in self.drop_targets(seat, kind, face).iter() {
            out.push(Move::hand_drop(kind, face, Square(sq)));
        }
    }

    /// The empty squares of the board (no piece of any seat, no ownerless piece).
    #[inline]
    pub(super) fn empty_squares(&self) -> SquareSet {
        let len = self.variant.board.len();
        let mut taken = self.walls;
        for s in &self.occ {
            taken = taken.union(*s);
        }
        let mut free = SquareSet::default();
        for (w, word) in free.0.iter_mut().enumerate() {
            let on_board = match len.saturating_sub(w * 64) {
                0 => 0,
                n if n >= 64 => u64::MAX,
                n => (1u64 << n) - 1,
            };
            *word = on_board & !taken.0[w];
        }
        free
    }

    /// The squares where `seat` may drop `kind` from its hand as `face` (`None`: as itself)
    /// under the drop rules of the kind it is dropped as (royal safety and no-mate are
    /// checked later): the empty squares its region and `mobile` allow (precompiled,
    /// [`Hands::squares`](crate::rules::hands::Hands::squares)), less the lines full under
    /// `per-line`, less the squares a set-up phase's region or colours, the enclosing rule
    /// or — where pieces die (`mate:`) — dead walls forbid. The square sets decide alone
    /// unless one of those rarer rules applies; then each square is also tested.
    pub(super) fn drop_targets(&self, seat: Seat, kind: Kind, face: Option<Kind>) -> SquareSet {
        let v = &*self.variant;
        let Some(hands) = v.rules.hands.as_ref() else {
            return SquareSet::default();
        };
        let orient = v.seats[seat.index()].orient;
        let placed = face.unwrap_or(kind);
        let combo = placed.index() * v.orients.len() + orient as usize;
        let rule = hands.drop_rule(placed);
        // Without a dead piece on the board nothing walls a square in: the allowed squares
        // already leave out those a piece could never move from.
        let dead_walls = v.rules.mate.is_some() && rule.mobile && self.any_dead_piece();
        let allowed = hands.squares(combo);
        let free = self.empty_squares();
        let mut targets = SquareSet(std::array::from_fn(|w| allowed.0[w] & free.0[w]));
        let region = v.rules.placement.as_ref().map(|p| p.region(combo));
        if rule.per_line == 0 && !dead_walls && region.is_none() && v.rules.enclose.is_none() {
            return targets;
        }
        let on_line = if rule.per_line > 0 {
            self.line_counts(seat, placed)
        } else {
            [0u8; 16]
        };
        let full = |sq: u8| {
            rule.per_line > 0 && on_line[self.facing_line(orient, sq) as usize] >= rule.per_line
        };
        for sq in targets.iter() {
            if region.is_some_and(|r| !r.contains(sq))
                || full(sq)
                || v.rules
                    .enclose
                    .is_some_and(|e| !self.enclose_allows_drop(&e, seat, sq))
                || dead_walls && !self.could_move_from(combo, sq)
                || region.is_some() && !self.colours_allow_drop(seat, placed, sq)
            {
                targets.remove(sq);
            }
        }
        targets
    }

    /// `seat`'s live pieces of `kind` per line of its facing ([`Self::facing_line`]), for the
    /// per-line drop limit.
    fn line_counts(&self, seat: Seat, kind: Kind) -> [u8; 16] {
        let orient = self.variant.seats[seat.index()].orient;
        let mut on_line = [0u8; 16];
        for sq in self.occ[seat.index()].iter() {
            let p = self.board[sq as usize];
            if p.kind() == kind && p.orient() == orient && !p.is_dead() {
                on_line[self.facing_line(orient, sq) as usize] += 1;
            }
        }
        on_line
    }

    /// Why the seat to move may not drop `kind` from its hand on `to` as `face` (`None`: as
    /// itself): the first drop rule the drop breaks, in the order the generator applies them,
    /// then royal safety and the no-mate rule; `None` if the drop is legal. The seat must hold
    /// the kind.
    pub fn drop_refusal(
        &mut self,
        kind: Kind,
        face: Option<Kind>,
        to: Square,
    ) -> Option<DropRefusal> {
        let seat = self.to_move;
        let m = Move::hand_drop(kind, face, to);
        if self.legal_move_list().contains(&m) {
            return None;
        }
        let v = std::sync::Arc::clone(&self.variant);
        let hands = v.rules.hands.as_ref()?;
        let placed = face.unwrap_or(kind);
        let orient = v.seats[seat.index()].orient;
        let combo = placed.index() * v.orients.len() + orient as usize;
        let rule = hands.drop_rule(placed);
        let sq = to.0;
        if !self.board[sq as usize].is_empty() {
            return Some(DropRefusal::Occupied);
        }
        if !hands.squares(combo).contains(sq) {
            let region = rule.region.and_then(|r| v.regions.get(r as usize));
            return Some(match region {
                Some(r) if !r.squares[orient as usize].contains(sq) => DropRefusal::Region,
                _ => DropRefusal::NeverMoves,
            });
        }
        if (v.rules.placement.as_ref()).is_some_and(|p| !p.region(combo).contains(sq)) {
            return Some(DropRefusal::Placement);
        }
        if rule.per_line > 0 {
            let line = self.facing_line(orient, sq);
            if self.line_counts(seat, placed)[line as usize] >= rule.per_line {
                return Some(DropRefusal::LineFull {
                    limit: rule.per_line,
                    file: matches!(
                        v.orients[orient as usize].edge,
                        crate::geometry::Edge::South | crate::geometry::Edge::North
                    ),
                });
            }
        }
        if v.rules.mate.is_some() && rule.mobile && !self.could_move_from(combo, sq) {
            return Some(DropRefusal::Walled);
        }
        if let Some(e) = v.rules.enclose
            && !self.enclose_allows_drop(&e, seat, sq)
        {
            return Some(DropRefusal::Encloses(e.style));
        }
        let mut pseudo = Vec::new();
        self.drop_moves(seat, &mut pseudo);
        if !pseudo.contains(&m) {
            return Some(DropRefusal::NotNow);
        }
        if !self.keeps_royals_safe(m) {
            if rule.no_mate {
                let piece = self.placed_by_drop(seat, m);
                self.put(sq, piece);
                let mates = self.drop_mates(sq);
                self.take(sq);
                if mates {
                    return Some(DropRefusal::Mates);
                }
            }
            return Some(DropRefusal::Unsafe);
        }
        if v.rules.captures.is_some() {
            return Some(DropRefusal::CaptureDue);
        }
        Some(DropRefusal::NotNow)
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
    /// is dropped as (its [`Move::drop_face`]).
    #[inline]
    pub(crate) fn placed_by_drop(&self, seat: Seat, m: Move) -> Piece {
        let kind = m.drop_face().or(m.dropped()).unwrap_or(Kind(0));
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
            let escapes =
                self.royal_takes(to, sq) || self.has_move(super::movegen::Legality::Position, true);
            self.to_move = saved;
            if !escapes {
                return true;
            }
        }
        false
    }
}

impl Position {
    /// True if the royal piece on `from`, of the seat to move, may legally take the piece on
    /// `sq` (a board move without promotion of its own, leaving its royal pieces safe): the
    /// usual answer to a pawn drop's check, tried before the seat's whole move list.
    fn royal_takes(&mut self, from: u8, sq: u8) -> bool {
        let p = self.board[from as usize];
        let v = self.variant.clone();
        // Where `has_move` filters more than royal safety, it alone answers.
        let r = &v.rules;
        if v.kinds[p.kind().index()].promotion.is_some()
            || r.check_limits.is_some()
            || r.walls.is_some()
            || r.dice.is_some()
        {
            return false;
        }
        let mut targets = std::mem::take(&mut self.scratch);
        targets.clear();
        self.piece_targets(p.owner(), p, p.combo(v.orients.len()), from, &mut targets);
        let m = Move::board(Square(from), Square(sq));
        let takes = targets.contains(&m) && self.keeps_royals_safe(m);
        self.scratch = targets;
        takes
    }
}

/// Why a drop is not legal ([`Position::drop_refusal`]): the rule it breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropRefusal {
    /// The square holds a piece.
    Occupied,
    /// Outside the kind's `drop.region`.
    Region,
    /// Where the piece could never move, even on an empty board (`drop.mobile`).
    NeverMoves,
    /// Outside the set-up phase's squares (`placement:`).
    Placement,
    /// The line already holds `limit` live pieces of the kind (`drop.per-line`, nifu); `file`:
    /// the line is a file (a rank for a seat on the west or east edge).
    LineFull {
        /// The per-line limit.
        limit: u8,
        /// True if the line is a file.
        file: bool,
    },
    /// Dead pieces wall the square in: the piece could never move from it.
    Walled,
    /// The drop would leave the seat's royal piece attacked (or newly attack a partner's).
    Unsafe,
    /// The kind may not be dropped to give mate (`drop.no-mate`, uchifuzume).
    Mates,
    /// A capture is legal, and captures are compulsory (`captures.mandatory`).
    CaptureDue,
    /// No drop is legal now (a set-up phase or a die that does not allow it).
    NotNow,
    /// Under the enclosing rule ([`crate::rules::enclose`]) the drop encloses no enemy
    /// stone (reversi), touches no own stone (ataxx), or misses the open start squares.
    Encloses(crate::rules::enclose::Style),
}

impl std::fmt::Display for DropRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DropRefusal::Occupied => f.write_str("the square is not empty"),
            DropRefusal::Region => f.write_str("the square is outside the piece's drop region"),
            DropRefusal::NeverMoves => f.write_str(
                "the piece could never move from there, and is not dropped where it could not",
            ),
            DropRefusal::Placement => f.write_str("pieces are placed only on the set-up squares"),
            DropRefusal::LineFull { limit, file } => write!(
                f,
                "that {} already holds {limit} of the seat's pieces of this kind, as many as a {} may",
                if *file { "file" } else { "rank" },
                if *file { "file" } else { "rank" }
            ),
            DropRefusal::Walled => {
                f.write_str("dead pieces wall the square in: the piece could never move")
            }
            DropRefusal::Unsafe => f.write_str("it would leave the seat's royal piece attacked"),
            DropRefusal::Mates => f.write_str("this piece may not be dropped to give mate"),
            DropRefusal::CaptureDue => {
                f.write_str("a capture is legal, and captures are compulsory")
            }
            DropRefusal::NotNow => f.write_str("that piece cannot be dropped now"),
            DropRefusal::Encloses(crate::rules::enclose::Style::Reversi) => f.write_str(
                "a drop must enclose a line of enemy stones (or, while one is empty, fill a \
                 start square)",
            ),
            DropRefusal::Encloses(crate::rules::enclose::Style::Ataxx) => {
                f.write_str("a drop must stand next to one of the seat's own stones")
            }
        }
    }
}
