//! First-move rights, en passant and castling: the moves of the special table
//! ([`Variant::special`](crate::compile::Variant::special)) and of the castling module, and
//! what playing them changes besides the board move itself.
//!
//! The generator calls into here only for variants that have such moves, so the other
//! variants' move generation is unchanged.
//!
//! - A piece of a right kind ([`Variant::right_kinds`](crate::compile::Variant::right_kinds))
//!   holds its first-move right until it moves or is captured ([`Position::rights`]).
//! - A first-move leap through squares (a lame one, as the pawn's `ifmnD`) by a kind that can
//!   itself capture en passant leaves the first square it passed as the en-passant square,
//!   when a piece of the other seat could capture onto it en passant (as Fairy-Stockfish sets
//!   and writes it: only when a capture is possible, legal or not).
//! - A move of a kind with en-passant steps onto the en-passant square captures the piece that
//!   passed it.
//! - A move of the castling royal from its start square, holding its right, to a castling
//!   destination is castling: the partner moves too.

use super::Move;
use super::attack_bits::AttackSets;
use super::position::{Position, ep_key, right_key};
use crate::compile::{CAPTURE, EN_PASSANT, INITIAL, QUIET};
use crate::geometry::Square;
use crate::vocab::{Piece, Seat, SquareSet};

/// No en-passant square.
pub(crate) const NO_EP: u8 = u8::MAX;

impl Position {
    /// Appends the first-move and en-passant moves of `seat`'s pieces of `kinds` (from the
    /// special table), then its castling moves if the royal kind is in `kinds`; the pieces on
    /// `done` (a bitboard; 0 on boards of more than 64 squares and with a first-move region)
    /// have had their first-move steps found already (perft's bulk count,
    /// `Position::tally_first_leaps`): only their en-passant steps are walked.
    pub(crate) fn special_moves(
        &self,
        seat: Seat,
        (kinds, done): (u64, u64),
        die: u8,
        out: &mut Vec<Move>,
    ) {
        let v = &*self.variant;
        let t = &v.special;
        let n_orients = v.orients.len();
        let unchecked = v.rules.first_move.as_ref().map_or(0, |f| f.not_in_check);
        let mut checked = None;
        // Without first-move or en-passant steps the special table is empty (castling alone).
        let mut pieces = if v.has_special() {
            self.occ[seat.index()]
        } else {
            SquareSet::default()
        };
        // `first-move-region`: the squares grant the first moves, not the rights.
        let region = (v.rules.multi_step.as_ref())
            .and_then(|m| m.region)
            .and_then(|r| v.regions.get(r as usize));
        // Every special step is a first move (it needs its piece's right, without a region) or
        // an en-passant capture (it needs the en-passant square): without either, only the
        // pieces holding a right have one.
        let mut rights = self.rights;
        rights.0[0] &= !done;
        if region.is_none() && self.ep == NO_EP && v.board.len() <= NO_EP as usize {
            let (a, b) = (pieces.0, rights.0);
            pieces = SquareSet(std::array::from_fn(|i| a[i] & b[i]));
        } else if region.is_none()
            && let Some(&to_ep) = t.bits.ep_from.get(self.ep as usize)
        {
            // With an en-passant square on a board of at most 64 squares: the pieces holding a
            // right, and those of the kinds with an en-passant step onto it from where they stand.
            let ep_takers = self.kinds_bits(v.ep_kinds()) & to_ep;
            pieces.0[0] &= rights.0[0] | ep_takers;
        }
        for from in pieces.iter() {
            let p = self.board[from as usize];
            if p.is_dead() || kinds >> p.kind().0 & 1 == 0 {
                continue;
            }
            let combo = p.combo(n_orients);
            let e = t.entry(combo, from);
            let mut holds = match region {
                Some(r) => r.squares[p.orient() as usize].contains(from),
                None => rights.contains(from),
            };
            if holds && unchecked >> p.kind().0 & 1 == 1 {
                holds = !*checked.get_or_insert_with(|| self.in_check(seat));
            }
            for l in t.leaps_of(e) {
                if l.mode & INITIAL != 0 && !holds {
                    continue;
                }
                let target = self.board[l.to as usize];
                let ok = if l.mode & EN_PASSANT != 0 {
                    l.to == self.ep
                        && target.is_empty()
                        && self.capturable(seat, self.board[self.ep_victim as usize])
                } else if target.is_empty() {
                    l.mode & QUIET != 0
                } else {
                    l.mode & CAPTURE != 0 && self.capturable(seat, target)
                };
                if ok
                    && t.blocks_of(l)
                        .iter()
                        .all(|&b| self.board[b as usize].is_empty())
                {
                    self.push_zoned(p, combo, from, l.to, die, out);
                }
            }
            for r in t.rays_of(e) {
                if r.mode & INITIAL != 0 && !holds {
                    continue;
                }
                for &to in t.ray(r) {
                    let target = self.board[to as usize];
                    if target.is_empty() {
                        if r.mode & QUIET != 0 {
                            self.push_zoned(p, combo, from, to, die, out);
                        }
                    } else {
                        if r.mode & CAPTURE != 0 && self.capturable(seat, target) {
                            self.push_zoned(p, combo, from, to, die, out);
                        }
                        break;
                    }
                }
            }
        }
        if let Some(c) = &v.rules.castling
            && kinds >> c.royal.0 & 1 == 1
        {
            self.castling_moves(seat, die, out);
        }
    }

    /// Appends `seat`'s castling moves: both pieces hold their rights, the squares between are
    /// empty, and for a royal castling kind the royal is not in check and passes no attacked
    /// square (the square it lands on is tested again by the legality test, with the move
    /// made). A non-royal castling piece passes attacked squares (Fairy-Stockfish's commoner).
    fn castling_moves(&self, seat: Seat, die: u8, out: &mut Vec<Move>) {
        let Some(c) = &self.variant.rules.castling else {
            return;
        };
        if let Some(fs) = c.free_of(seat.index()) {
            self.free_castling_moves(c, fs, seat, die, out);
            return;
        }
        let enemies = self.enemies(seat);
        let royal_kind = self.variant.royal_kinds() >> c.royal.0 & 1 == 1;
        let blasts = self.variant.rules.explosions.is_some();
        let duple = (self.variant.rules.last_royal).is_some_and(|lr| lr.duple_check);
        let mut checked = None;
        for cm in c.moves.get(seat.index()).into_iter().flatten() {
            let (king, rook) = (
                self.board[cm.king_from as usize],
                self.board[cm.rook_from as usize],
            );
            if !self.rights.contains(cm.king_from)
                || !self.rights.contains(cm.rook_from)
                || king.is_empty()
                || king.owner() != seat
                || king.kind() != c.royal
                || rook.is_empty()
                || rook.owner() != seat
                || !c.is_partner(rook.kind())
                || cm.empty.iter().any(|s| !self.board[s as usize].is_empty())
            {
                continue;
            }
            // A king royal only while it is its seat's last (`last-royal`) castles as royal.
            if royal_kind || self.royals[seat.index()].contains(cm.king_from) {
                // The occupied squares and the enemies' live pieces, for the bitboard test.
                let sets = self.attack_sets(enemies);
                let attacked = |s: u8| self.attacked_in(s, enemies, sets);
                // `in_check`, on the bitboards where it asks only whether a royal piece is
                // attacked.
                let in_check = || match sets {
                    AttackSets::One(_) | AttackSets::Two(_) if !blasts && !duple => {
                        self.royals[seat.index()].iter().any(attacked)
                    }
                    _ => self.in_check(seat),
                };
                if *checked.get_or_insert_with(in_check) {
                    return;
                }
                // Under explosions a square touching an opponent's royal piece is not
                // attacked. A castling piece that is not royal passes attacked squares and
                // castles while attacked (Fairy-Stockfish's commoner castling).
                if cm
                    .path
                    .iter()
                    .any(|&s| attacked(s) && !(blasts && self.touches_enemy_royal(s, seat)))
                    || self.petrified_castle_blocked(seat, cm.king_from, cm.king_to, &cm.path)
                {
                    continue;
                }
            }
            out.push(Move::board(Square(cm.king_from), Square(cm.king_to)).with_die(die));
        }
    }

    /// Appends `seat`'s free (Fischer random) castling moves: for its royal and each partner
    /// on the castling line holding their rights, on the side the partner stands, when the
    /// squares between each piece and its destination hold nothing but the two pieces, and,
    /// for a royal castling kind, the royal is not in check and passes no attacked square.
    /// Each is written as the royal taking its partner.
    fn free_castling_moves(
        &self,
        c: &crate::rules::castling::Castling,
        fs: &crate::rules::castling::FreeSeat,
        seat: Seat,
        die: u8,
        out: &mut Vec<Move>,
    ) {
        let holds = |sq: u8, kinds: u64| {
            let p = self.board[sq as usize];
            self.rights.contains(sq)
                && !p.is_empty()
                && p.owner() == seat
                && kinds >> p.kind().0 & 1 == 1
        };
        let royal = self.variant.royal_kinds() >> c.royal.0 & 1 == 1;
        let enemies = self.enemies(seat);
        let span = |a: usize, b: usize| a.min(b)..=a.max(b);
        let mut checked = None;
        for (ki, &k) in fs.line.iter().enumerate() {
            if !holds(k, 1 << c.royal.0) {
                continue;
            }
            for (ri, &r) in fs.line.iter().enumerate() {
                if ri == ki || !holds(r, c.partners) {
                    continue;
                }
                let Some(side) = fs.side(ki, ri) else {
                    continue;
                };
                let clear = span(ki, side.king_to)
                    .chain(span(ri, side.rook_to))
                    .all(|i| i == ki || i == ri || self.board[fs.line[i] as usize].is_empty());
                if !clear {
                    continue;
                }
                if royal {
                    if *checked.get_or_insert_with(|| self.in_check(seat)) {
                        return;
                    }
                    let attacked = span(ki, side.king_to)
                        .filter(|&i| i != ki)
                        .any(|i| (self.variant.attacks).attacked(&self.board, fs.line[i], enemies));
                    if attacked {
                        continue;
                    }
                }
                out.push(Move::board(Square(k), Square(r)).with_die(die));
            }
        }
    }

    /// The squares of the free castling `m` — the royal taking its own partner — as
    /// `(royal from, royal to, partner from, partner to)`, if `m` is one.
    #[inline(always)]
    pub(crate) fn free_castle(&self, m: Move) -> Option<(u8, u8, u8, u8)> {
        let c = self.variant.rules.castling.as_ref()?;
        if c.free.is_empty() || m.is_drop() || m.from == m.to {
            return None;
        }
        self.free_castle_of(c, m)
    }

    /// [`free_castle`](Self::free_castle) where the rules have free castling and `m` is a
    /// board move between two squares.
    #[inline(never)]
    fn free_castle_of(
        &self,
        c: &crate::rules::castling::Castling,
        m: Move,
    ) -> Option<(u8, u8, u8, u8)> {
        let (from, to) = (m.from.0, m.to.0);
        let (k, r) = (self.board[from as usize], self.board[to as usize]);
        if k.is_empty() || r.is_empty() || k.owner() != r.owner() {
            return None;
        }
        let fs = c.free_of(k.owner().index())?;
        let (ki, ri) = (fs.index(from)?, fs.index(to)?);
        let side = fs.side(ki, ri)?;
        Some((from, fs.line[side.king_to], to, fs.line[side.rook_to]))
    }

    /// Plays the free castling `squares` ([`free_castle`](Self::free_castle)) on the board,
    /// every change an edit (logged for undo and hashed).
    pub(crate) fn play_free_castle(&mut self, (kf, kt, rf, rt): (u8, u8, u8, u8)) {
        let (king, rook) = (self.board[kf as usize], self.board[rf as usize]);
        self.edit(kf, Piece::EMPTY);
        self.edit(rf, Piece::EMPTY);
        self.edit(kt, king);
        self.edit(rt, rook);
    }

    /// The square of the piece an en-passant capture `m` by `moved` takes, if `m` is one: a
    /// move onto the en-passant square by one of the mover's en-passant steps (not by a quiet
    /// step that lands there too, as a berolina pawn's diagonal step).
    #[inline]
    pub(crate) fn ep_capture(&self, m: Move, moved: Piece) -> Option<u8> {
        (self.ep != NO_EP
            && m.to.0 == self.ep
            && !m.is_drop()
            && self.variant.ep_kinds() >> moved.kind().0 & 1 == 1
            && self.ep_step(moved, m.from.0, m.to.0))
        .then_some(self.ep_victim)
    }

    /// True if `moved` on `from` has an en-passant step to `to`.
    fn ep_step(&self, moved: Piece, from: u8, to: u8) -> bool {
        let t = &self.variant.special;
        let e = t.entry(moved.combo(self.variant.orients.len()), from);
        t.leaps_of(e)
            .iter()
            .any(|l| l.to == to && l.mode & EN_PASSANT != 0)
    }

    /// After the board move of `m` by `moved` (already on `m.to`): takes an en-passant victim,
    /// moves a castling partner, drops the rights of the pieces that moved or were captured,
    /// and sets the new en-passant square. Every change is logged for undo and hashed. Returns
    /// the piece it took en passant (empty if none); with `hands.captures` it goes to the
    /// mover's hand like any captured piece (crazyhouse, as Fairy-Stockfish plays it).
    pub(crate) fn play_special(&mut self, m: Move, mover: Seat, moved: Piece) -> Piece {
        let (from, to) = (m.from.0, m.to.0);
        let victim = if !m.is_drop() {
            self.ep_capture(m, moved)
        } else {
            None
        };
        if self.ep != NO_EP {
            self.hash ^= ep_key(self.ep);
            self.ep = NO_EP;
            self.ep_victim = NO_EP;
        }
        let took = victim.map_or(Piece::EMPTY, |sq| self.board[sq as usize]);
        if let Some(sq) = victim {
            self.edit(sq, Piece::EMPTY);
            if (self.variant.rules.hands.as_ref()).is_some_and(|h| h.captures) {
                let k = self.hand_kind(took);
                self.set_hand(mover, k, self.hand[mover.index()][k.index()] + 1);
            }
        }
        if m.is_drop() {
            self.drop_gives_right(to, moved);
            self.placement_castling_rights(mover, to, moved);
            return took;
        }
        self.drop_right(to);
        if let Some(f) = &self.variant.rules.first_move
            && f.tests(moved.kind())
        {
            self.drop_aimed_rights(mover, moved, to);
        }
        let multi = self.variant.rules.multi_step.as_ref();
        if self.rights.contains(from) {
            self.drop_right(from);
            let castle = self
                .variant
                .rules
                .castling
                .as_ref()
                .filter(|c| c.royal == moved.kind())
                .and_then(|c| c.find(mover.index(), from, to))
                .map(|cm| (cm.rook_from, cm.rook_to));
            if let Some((rook_from, rook_to)) = castle {
                let rook = self.board[rook_from as usize];
                self.drop_right(rook_from);
                self.edit(rook_from, Piece::EMPTY);
                self.edit(rook_to, rook);
                return took;
            }
        } else if multi.is_none_or(|m| m.region.is_none()) {
            return took;
        }
        self.mark_en_passant(mover, moved, from, to);
        took
    }

    /// Sets the en-passant square after `moved` of `mover` went from `from` to `to`, if that
    /// was a first-move leap through squares: always for a kind marking `always`
    /// ([`crate::rules::multi_step`]), otherwise for a kind that captures en passant itself
    /// when a piece of the next seat could capture there.
    fn mark_en_passant(&mut self, mover: Seat, moved: Piece, from: u8, to: u8) {
        let always = (self.variant.rules.multi_step.as_ref())
            .is_some_and(|m| m.always >> moved.kind().0 & 1 == 1);
        if (always || self.variant.ep_kinds() >> moved.kind().0 & 1 == 1)
            && let Some(passed) = self.passed_square(moved, from, to)
            && self.in_ep_region(self.next_seat(mover), passed)
            && (always || self.ep_possible(self.next_seat(mover), passed))
        {
            self.ep = passed;
            self.ep_victim = to;
            self.hash ^= ep_key(passed);
        }
    }

    /// True if `seat` may capture en passant onto `sq`: anywhere, or on the squares of the
    /// `en-passant-region` in the seat's frame ([`crate::rules::multi_step`]).
    fn in_ep_region(&self, seat: Seat, sq: u8) -> bool {
        self.variant.ep_region_allows(seat, sq)
    }

    /// True if `p` is of a kind whose multi-step always marks its en-passant squares
    /// ([`crate::rules::multi_step`]): FEN writes the square landed on too.
    pub(crate) fn marks_always(&self, p: Piece) -> bool {
        !p.is_empty()
            && (self.variant.rules.multi_step.as_ref())
                .is_some_and(|m| m.always >> p.kind().0 & 1 == 1)
    }

    /// The square of a piece of `seat` that could have just passed `sq` by a first-move leap
    /// of a kind marking `always` (the first found, in square order), for an en-passant field
    /// written without it.
    pub(crate) fn passer_of(&self, seat: Seat, sq: u8) -> Option<u8> {
        let v = &*self.variant;
        let t = &v.special;
        let n = v.orients.len();
        self.occ[seat.index()].iter().find(|&at| {
            let p = self.board[at as usize];
            self.marks_always(p)
                && v.board.squares().any(|f| {
                    t.leaps_of(t.entry(p.combo(n), f.0)).iter().any(|l| {
                        l.to == at && l.mode & INITIAL != 0 && t.blocks_of(l).first() == Some(&sq)
                    })
                })
        })
    }

    /// A piece dropped on `sq` holds a first-move right where a loaded position would give it
    /// one: a promoting kind with rights (a pawn, whose right FEN does not write) dropped on a
    /// setup square of its kind and seat (crazyhouse: a pawn dropped on its second rank may
    /// make the double step, as Fairy-Stockfish plays it).
    fn drop_gives_right(&mut self, sq: u8, dropped: Piece) {
        let v = &*self.variant;
        let kind = dropped.kind();
        if v.right_kinds() >> kind.0 & 1 == 1
            && v.kinds[kind.index()].promotion.is_some()
            && v.setup.iter().any(|&(s, p)| s.0 == sq && p == dropped)
        {
            self.rights.insert(sq);
            self.hash ^= right_key(sq);
        }
    }

    /// The first-move conditions' losses ([`crate::rules::first_move`]): `moved` of `mover`
    /// has landed on `to`; each other seat's piece holding a right that a landing of this kind
    /// takes, and that `moved` aims at from `to` (it could capture there on an empty board),
    /// loses it.
    fn drop_aimed_rights(&mut self, mover: Seat, moved: Piece, to: u8) {
        let v = std::sync::Arc::clone(&self.variant);
        let Some(f) = &v.rules.first_move else {
            return;
        };
        let t = &v.table;
        let e = t.entry(moved.combo(v.orients.len()), to);
        for sq in self.rights.iter() {
            let p = self.board[sq as usize];
            if p.is_empty() || p.owner() == mover || !f.takes(p.kind(), moved.kind()) {
                continue;
            }
            let aims = t
                .leaps_of(e)
                .iter()
                .any(|l| l.to == sq && l.mode & CAPTURE != 0)
                || t.rays_of(e)
                    .iter()
                    .any(|r| r.mode & CAPTURE != 0 && t.ray(r).contains(&sq));
            if aims {
                self.drop_right(sq);
            }
        }
    }

    /// Removes the first-move right on `sq`, if there is one.
    #[inline]
    pub(super) fn drop_right(&mut self, sq: u8) {
        if self.rights.contains(sq) {
            self.rights.remove(sq);
            self.hash ^= right_key(sq);
        }
    }

    /// The first square passed by the first-move leap of `moved` from `from` to `to`, if it
    /// made one through squares.
    fn passed_square(&self, moved: Piece, from: u8, to: u8) -> Option<u8> {
        let t = &self.variant.special;
        let e = t.entry(moved.combo(self.variant.orients.len()), from);
        t.leaps_of(e)
            .iter()
            .find(|l| l.to == to && l.mode & INITIAL != 0 && l.nblock > 0)
            .and_then(|l| t.blocks_of(l).first().copied())
    }

    /// True if a piece of `seat` has an en-passant step onto the empty square `sq`.
    pub(crate) fn ep_possible(&self, seat: Seat, sq: u8) -> bool {
        let v = &*self.variant;
        if !self.board[sq as usize].is_empty() {
            return false;
        }
        let t = &v.special;
        let mut pieces = self.occ[seat.index()];
        if let Some(from) = t.bits.ep_from.get(sq as usize) {
            // Only the pieces of the kinds with an en-passant step, where one leads to `sq`.
            pieces.0[0] &= self.kinds_bits(v.ep_kinds()) & from;
        }
        pieces.iter().any(|from| {
            let p = self.board[from as usize];
            !p.is_dead()
                && v.ep_kinds() >> p.kind().0 & 1 == 1
                && t.leaps_of(t.entry(p.combo(v.orients.len()), from))
                    .iter()
                    .any(|l| l.to == sq && l.mode & EN_PASSANT != 0)
        })
    }

    /// The first-move rights: squares of the pieces that have not moved (of the kinds that
    /// have such rights).
    pub fn rights(&self) -> crate::vocab::SquareSet {
        self.rights
    }

    /// The en-passant square and the square of the piece a capture there takes, if any.
    pub fn en_passant(&self) -> Option<(Square, Square)> {
        (self.ep != NO_EP).then_some((Square(self.ep), Square(self.ep_victim)))
    }
}
