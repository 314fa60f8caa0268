//! Legal move generation from the compiled move table.
//!
//! Pseudo-legal moves come straight from the table (leaps, then rays, nearest square first);
//! a move is legal if it leaves no royal piece of the mover attacked, which is tested with
//! the reverse attack tables on the board with the move applied in place (two squares
//! changed and restored, no counters touched).

use super::Move;
use super::attack_bits::AttackSets;
use super::position::Position;
use crate::compile::{AttackWord, BitTable, CAPTURE, QUIET, Word};
use crate::geometry::Square;
use crate::vocab::{Kind, MAX_KINDS, Piece, Seat, SeatSet, SquareSet};

/// How much of the legality pipeline ([`Position::moves_for`]) runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legality {
    /// The rules of the position alone: what perft counts (Fairy-Stockfish's convention, which
    /// ignores rules of the game's history) and what a search explores.
    Position,
    /// Also the rules of the game's history (a move completing a forbidden perpetual check):
    /// what a player may play, and what mate and stalemate are judged on.
    Game,
}

/// Writes the die of each kind of `named` (a kind bit mask) under `dice`, the `(die, kinds)`
/// pairs of [`Position::pseudo_moves_for`], into `die_of` (by kind index; other kinds are left
/// as they are); false if two of them name a common kind of `named` (a piece of it is moved by
/// each: the general walk lists both).
#[inline(always)]
fn die_per_kind(dice: &[(u8, u64)], named: u64, die_of: &mut [u8; MAX_KINDS]) -> bool {
    let mut seen = 0u64;
    for &(die, kinds) in dice {
        let mut ks = kinds & named & (u64::MAX >> (64 - MAX_KINDS));
        if seen & ks != 0 {
            return false;
        }
        seen |= ks;
        while ks != 0 {
            die_of[ks.trailing_zeros() as usize] = die;
            ks &= ks - 1;
        }
    }
    true
}

impl Position {
    /// Appends every pseudo-legal move of `seat` (ignoring royal safety) to `out`.
    pub(crate) fn pseudo_moves(&self, seat: Seat, out: &mut Vec<Move>) {
        self.pseudo_moves_for(seat, &[(0, u64::MAX)], out);
    }

    /// Appends the pseudo-legal moves of `seat`'s pieces for each `(die, kinds)` of `dice`:
    /// the moves of the pieces whose kind bit is set in `kinds`, tagged with `die` (0 without
    /// dice). The board moves come piece by piece in square order (all of one piece's moves
    /// together, for every die that moves it), then hops, then first-move, en-passant and
    /// castling moves.
    pub(crate) fn pseudo_moves_for(&self, seat: Seat, dice: &[(u8, u64)], out: &mut Vec<Move>) {
        let v = &*self.variant;
        let any = dice.iter().fold(0, |a, &(_, k)| a | k);
        let occ = self.occupied_bits();
        // The reference path walks the tables: tests compare the two generators.
        let bits = if self.reference_legality {
            &crate::compile::BitTable::EMPTY
        } else {
            &v.table.bits
        };
        // The pieces `seat` may capture, for the bitboard targets.
        let capt = if bits.entries.is_empty() {
            0
        } else {
            self.capturable_among(seat, occ)
        };
        let mine = self.occ[seat.index()];
        let (dice_any, board) = ((dice, any), (occ, capt, bits));
        if bits.entries.is_empty() {
            for from in mine.iter() {
                self.piece_dice_moves(seat, from, dice_any, board, out);
            }
        } else {
            // The board fits a word: its pieces by bit, without the square set's walk over
            // four words (whose word loop was a tenth of a dice generation's mispredicted
            // branches). Dice that name a few kinds: only their live pieces, from the kind
            // bitboards.
            let mut bb = mine.0[0];
            let named = any & (u64::MAX >> (64 - v.kinds.len().clamp(1, 64)));
            // Every piece's targets from bitboards, none promoting, nothing beyond the pieces:
            // each piece's one die read from a table by its kind, without a loop over the dice.
            if v.in_square_order() {
                let mut die_of = [0u8; MAX_KINDS];
                if die_per_kind(dice, named, &mut die_of) {
                    bb &= self.kinds_bits_of(named, v.kinds.len());
                    self.square_order_moves(bb, &die_of, (occ, capt, bits), out);
                    return;
                }
            }
            if v.rules.dice.is_some() && named.count_ones() < v.kinds.len() as u32 {
                bb &= self.kinds_bits_of(named, v.kinds.len());
            }
            while bb != 0 {
                self.piece_dice_moves(seat, bb.trailing_zeros() as u8, dice_any, board, out);
                bb &= bb - 1;
            }
        }
        if self.any_moves_beyond_pieces() {
            self.moves_beyond_pieces(seat, dice, 0, out);
        }
    }

    /// [`pseudo_moves_for`](Self::pseudo_moves_for) where the variant is
    /// [`in_square_order`](crate::compile::Variant::in_square_order) (every entry's targets on
    /// bitboards, no promotion chosen with the move, no moves beyond the pieces) and no piece
    /// is moved by two dice: the moves of the live pieces on `bb` (a bitboard of the seat's),
    /// each tagged with the die `die_of` gives its kind, on the board whose occupied squares
    /// are `occ` and whose squares the seat may capture on are `capt`.
    #[inline(always)]
    fn square_order_moves(
        &self,
        mut bb: u64,
        die_of: &[u8; MAX_KINDS],
        (occ, capt, bits): (u64, u64, &crate::compile::BitTable),
        out: &mut Vec<Move>,
    ) {
        let v = &*self.variant;
        let n_orients = v.orients.len();
        while bb != 0 {
            let from = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            let p = self.board[from as usize];
            let combo = p.combo(n_orients);
            if let Some((quiet, capture)) = bits.targets(&v.table, combo, from, occ) {
                let die = die_of[p.kind().index()];
                self.push_bits::<false, u64>(p, (combo, from), quiet | (capture & capt), die, out);
            }
        }
    }

    /// True if [`moves_beyond_pieces`](Self::moves_beyond_pieces) may add a move: the variant
    /// has hops, special moves (first-move leaps, en passant), castling or moves in place.
    /// Tested before the call (most variants have none of them, and a dice turn generates
    /// its moves after every action).
    #[inline]
    pub(crate) fn any_moves_beyond_pieces(&self) -> bool {
        let v = &*self.variant;
        v.table.has_hops
            || v.has_special()
            || v.rules.castling.is_some()
            || v.rules.in_place.is_some()
    }

    /// [`pseudo_moves_for`](Self::pseudo_moves_for)'s moves of the piece of `seat` on `from`
    /// (none if it is dead or of a kind no die names): for each `(die, kinds)` of `dice` that
    /// names its kind, in order, its leaps and rays on the board whose occupied squares are
    /// `occ` and whose squares `seat` may capture on are `capt`, from `bits` where it has the
    /// piece's entry. `any` is every kind bit of `dice`.
    #[inline(always)]
    fn piece_dice_moves<W: Word>(
        &self,
        seat: Seat,
        from: u8,
        (dice, any): (&[(u8, u64)], u64),
        (occ, capt, bits): (W, W, &BitTable<W>),
        out: &mut Vec<Move>,
    ) {
        let v = &*self.variant;
        let p = self.board[from as usize];
        let k = p.kind();
        if p.is_dead() || any >> k.0 & 1 == 0 {
            return;
        }
        let combo = p.combo(v.orients.len());
        let promotes = v.kinds[k.index()].promotion.is_some();
        for &(die, kinds) in dice {
            if kinds >> k.0 & 1 == 0 {
                continue;
            }
            // Pieces that never promote here push each move as found, without the
            // promotion test.
            if promotes {
                self.piece_moves::<true, W>(seat, p, (combo, from, occ, capt), (bits, die), out);
            } else {
                self.piece_moves::<false, W>(seat, p, (combo, from, occ, capt), (bits, die), out);
            }
        }
    }

    /// The rest of [`pseudo_moves_for`](Self::pseudo_moves_for) after the pieces' leaps and
    /// rays: hops, then first-move, en-passant and castling moves, then moves in place; the
    /// first-move steps of the pieces on `done` (a bitboard) are left out (see
    /// [`special_moves`](Self::special_moves)).
    pub(super) fn moves_beyond_pieces(
        &self,
        seat: Seat,
        dice: &[(u8, u64)],
        done: u64,
        out: &mut Vec<Move>,
    ) {
        let v = &*self.variant;
        if v.table.has_hops {
            for &(die, kinds) in dice {
                self.hop_moves_for(seat, kinds, die, out);
            }
        }
        if v.has_special() || v.rules.castling.is_some() {
            for &(die, kinds) in dice {
                self.special_moves(seat, (kinds, done), die, out);
            }
        }
        if let Some(ip) = &v.rules.in_place {
            for &(die, kinds) in dice {
                self.in_place_moves(ip, seat, kinds, die, out);
            }
        }
    }

    /// Appends the leaps and rays of piece `p` (of `seat`, standing or imagined on `from`) as
    /// board moves without promotion: the squares it could move to (an amazon's arrows).
    pub(super) fn piece_targets(
        &self,
        seat: Seat,
        p: Piece,
        combo: usize,
        from: u8,
        out: &mut Vec<Move>,
    ) {
        // The table walk (no bitboards): the board may stand with a move applied in place.
        let walk = &BitTable::EMPTY;
        self.piece_moves::<false, u64>(seat, p, (combo, from, 0, 0), (walk, 0), out);
    }

    /// The occupied squares as a bitboard (every seat's pieces and the ownerless ones), for
    /// boards of at most 64 squares ([`crate::compile::BitTable`]); meaningless on larger ones.
    #[inline]
    pub(crate) fn occupied_bits(&self) -> u64 {
        self.occupied_w()
    }

    /// The occupied squares (every seat's pieces and the ownerless ones) in words `W`, for
    /// boards of at most `W::BITS` squares.
    #[inline]
    pub(crate) fn occupied_w<W: Word>(&self) -> W {
        (self.occ.iter()).fold(W::from_set(self.walls), |a, &s| a | W::from_set(s))
    }

    /// The squares of the dead pieces (inert pieces, ownerless walls) in words `W`, for
    /// boards of at most `W::BITS` squares.
    #[inline]
    pub(crate) fn dead_w<W: Word>(&self) -> W {
        W::from_u128(self.dead_bb)
    }

    /// The squares of the pieces `seat` may capture ([`capturable`](Self::capturable): live,
    /// not its own nor a partner's, not royal) as a bitboard, for boards of at most 64 squares.
    #[inline]
    pub(crate) fn capturable_bits(&self, seat: Seat) -> u64 {
        self.capturable_among(seat, self.occupied_bits())
    }

    /// [`capturable_bits`](Self::capturable_bits) where the occupied squares, `occ`, are known
    /// (a generation has them: not folded over the seats a second time).
    #[inline]
    fn capturable_among(&self, seat: Seat, occ: u64) -> u64 {
        let v = &*self.variant;
        // Every occupied square but the seat's and its partners' (no loop over the seats
        // with a test per seat: its branches were a sixth of a generation's mispredictions).
        let ours = (v.rules.partners(seat).iter()).fold(self.occ[seat.index()].0[0], |a, s| {
            a | self.occ[s.index()].0[0]
        });
        occ & !ours & !self.dead_w::<u64>() & !(self.royal_bb as u64)
    }

    /// The squares of the live pieces of the kinds whose bits are set in `kinds` (any owner),
    /// as a bitboard, for boards of at most 64 squares.
    #[inline]
    pub(crate) fn kinds_bits(&self, mut kinds: u64) -> u64 {
        let mut bb = 0;
        while kinds != 0 {
            bb |= self.kind_bb[kinds.trailing_zeros() as usize];
            kinds &= kinds - 1;
        }
        bb
    }

    /// [`kinds_bits`](Self::kinds_bits) for a variant of `n` kinds, without a branch per kind:
    /// every kind's bitboard is masked in or out, so the loop runs `n` times whatever `kinds`
    /// holds (the processor predicts it; a loop over the set bits ended at a different count
    /// for each roll).
    #[inline]
    pub(crate) fn kinds_bits_of(&self, kinds: u64, n: usize) -> u64 {
        (self.kind_bb[..n.min(self.kind_bb.len())].iter().enumerate())
            .fold(0, |bb, (k, b)| bb | (b & 0u64.wrapping_sub(kinds >> k & 1)))
    }

    /// The squares of the live pieces of `seats` in words `W` (boards of at most `W::BITS`
    /// squares).
    #[inline]
    pub(crate) fn live_w<W: Word>(&self, seats: SeatSet) -> W {
        let set = |s: Seat| W::from_set(self.occ[s.index()]);
        seats.iter().fold(W::ZERO, |a, s| a | set(s)) & !self.dead_w::<W>()
    }

    /// Appends the leaps and rays of piece `p` (of `seat`, on `from`, (kind, orientation)
    /// combo `combo`, on a board whose occupied squares are `occ` and whose squares `seat` may
    /// capture on are `capt`, as bitboards) from the move table, tagged with `die`; expanded into promotion choices if `PROMOTES` (the kind has a
    /// promotion). Where `bits` (the table's bitboards, or none) has the piece's entry the
    /// targets come from it ([`crate::compile::BitTable::targets`]) in square order, else
    /// from a walk of the table, nearest first: the canonical order agents use does not
    /// depend on it.
    ///
    /// The hottest loop of the engine: written out here rather than through
    /// `MoveTable::walk` (which mobility, exposure and drops use), so each target is pushed
    /// as it is found (measured: the closure form costs perft about 8%).
    #[inline(always)]
    pub(super) fn piece_moves<const PROMOTES: bool, W: Word>(
        &self,
        seat: Seat,
        p: Piece,
        (combo, from, occ, capt): (usize, u8, W, W),
        (bits, die): (&BitTable<W>, u8),
        out: &mut Vec<Move>,
    ) {
        let t = &self.variant.table;
        let push = |to: u8, out: &mut Vec<Move>| {
            if PROMOTES {
                self.push_zoned(p, combo, from, to, die, out);
            } else {
                out.push(Move::board(Square(from), Square(to)).with_die(die));
            }
        };
        if let Some((quiet, capture)) = bits.targets(t, combo, from, occ) {
            let targets = quiet | (capture & capt);
            self.push_bits::<PROMOTES, W>(p, (combo, from), targets, die, out);
            return;
        }
        let e = t.entry(combo, from);
        for l in t.leaps_of(e) {
            let target = self.board[l.to as usize];
            let ok = if target.is_empty() {
                l.mode & QUIET != 0
            } else {
                l.mode & CAPTURE != 0 && self.capturable(seat, target)
            };
            if ok
                && (l.nblock == 0
                    || t.blocks_of(l)
                        .iter()
                        .all(|&b| self.board[b as usize].is_empty()))
            {
                push(l.to, out);
            }
        }
        for r in t.rays_of(e) {
            for &to in t.ray(r) {
                let target = self.board[to as usize];
                if target.is_empty() {
                    if r.mode & QUIET != 0 {
                        push(to, out);
                    }
                } else {
                    if r.mode & CAPTURE != 0 && self.capturable(seat, target) {
                        push(to, out);
                    }
                    break;
                }
            }
        }
    }

    /// Pushes the moves of piece `p` ((kind, orientation) combo `combo`, on `from`) to the
    /// squares of `targets`, in square order; with `PROMOTES`, through [`push_move`](Self::push_move) only where
    /// a promotion may apply (the move starts or ends in the promotion zone).
    #[inline(always)]
    pub(super) fn push_bits<const PROMOTES: bool, W: Word>(
        &self,
        p: Piece,
        (combo, from): (usize, u8),
        mut targets: W,
        die: u8,
        out: &mut Vec<Move>,
    ) {
        let zoned = if PROMOTES {
            let zone = W::from_set(self.variant.promo_zone[combo]);
            if zone.has(from) {
                targets
            } else {
                targets & zone
            }
        } else {
            W::ZERO
        };
        while targets != W::ZERO {
            let to = targets.lowest();
            targets = targets.clear_lowest();
            if PROMOTES && zoned.has(to) {
                self.push_move(p, combo, from, to, die, out);
            } else {
                out.push(Move::board(Square(from), Square(to)).with_die(die));
            }
        }
    }

    /// Appends the hopping moves (`p`, `g`) of `seat`'s pieces whose kind bit is set in
    /// `kinds`: along each hop ray, past the first piece (the screen, unless the kind may not
    /// hop over it), to the empty squares beyond it and the next piece, if it may capture that
    /// (a grasshopper only to the square just beyond).
    #[inline(never)]
    fn hop_moves_for(&self, seat: Seat, kinds: u64, die: u8, out: &mut Vec<Move>) {
        let v = &*self.variant;
        let t = &v.table;
        let n_orients = v.orients.len();
        for from in self.occ[seat.index()].iter() {
            let p = self.board[from as usize];
            if p.is_dead() || kinds >> p.kind().0 & 1 == 0 {
                continue;
            }
            let combo = p.combo(n_orients);
            let limits = t.hop_limits[p.kind().index()];
            for h in t.hops_of(combo, from) {
                let squares = t.ray(&h.ray);
                let Some(i) = squares
                    .iter()
                    .position(|&s| !self.board[s as usize].is_empty())
                else {
                    continue;
                };
                let screen = self.board[squares[i] as usize];
                if limits.not_over >> screen.kind().0 & 1 != 0 {
                    continue;
                }
                let beyond = &squares[i + 1..];
                let beyond = if h.grasshopper {
                    &beyond[..beyond.len().min(1)]
                } else {
                    beyond
                };
                for &to in beyond {
                    let target = self.board[to as usize];
                    if target.is_empty() {
                        if h.ray.mode & QUIET != 0 {
                            self.push_move(p, combo, from, to, die, out);
                        }
                    } else {
                        if h.ray.mode & CAPTURE != 0
                            && limits.not_capturing >> target.kind().0 & 1 == 0
                            && self.capturable(seat, target)
                        {
                            self.push_move(p, combo, from, to, die, out);
                        }
                        break;
                    }
                }
            }
        }
    }

    /// True if `seat` may capture `target`: another seat's live piece, not a partner's, and
    /// not a royal piece (royal pieces are never left attacked, so capturing one could only
    /// come from a loaded position that no game reaches).
    #[inline]
    pub(super) fn capturable(&self, seat: Seat, target: Piece) -> bool {
        target.owner() != seat
            && !target.is_dead()
            && self.variant.royal_kinds() >> target.kind().0 & 1 == 0
            && !self.variant.rules.partners(seat).contains(target.owner())
    }

    /// Pushes a move as [`push_move`](Self::push_move) does, but with only one set test where
    /// the move neither starts nor ends in the promotion zone of `combo` (the usual case).
    #[inline(always)]
    pub(super) fn push_zoned(
        &self,
        p: Piece,
        combo: usize,
        from: u8,
        to: u8,
        die: u8,
        out: &mut Vec<Move>,
    ) {
        let zone = &self.variant.promo_zone[combo];
        if zone.contains(to) || zone.contains(from) {
            self.push_move(p, combo, from, to, die, out);
        } else {
            out.push(Move::board(Square(from), Square(to)).with_die(die));
        }
    }

    /// Pushes a move, expanded into its promotion choices.
    #[inline]
    pub(super) fn push_move(
        &self,
        p: Piece,
        combo: usize,
        from: u8,
        to: u8,
        die: u8,
        out: &mut Vec<Move>,
    ) {
        let v = &*self.variant;
        let (from_sq, to_sq) = (Square(from), Square(to));
        if let Some(pr) = &v.kinds[p.kind().index()].promotion
            && !pr.in_place
        {
            let zone = &v.promo_zone[combo];
            if (zone.contains(to) || zone.contains(from))
                && (!pr.on_capture || !self.board[to as usize].is_empty())
            {
                let choice = v.rules.promotion_choice.as_ref();
                for &k in &pr.to {
                    if choice.is_none_or(|c| {
                        c.offers(p.kind(), p.owner(), k, || self.kind_count(p.owner(), k))
                    }) {
                        out.push(Move::board_promoting(from_sq, to_sq, k).with_die(die));
                    }
                }
                if pr.mandatory || v.forced_zone[combo].contains(to) {
                    return;
                }
            }
        }
        out.push(Move::board(from_sq, to_sq).with_die(die));
    }

    /// Whether playing `m`, a legal quiet board move of the seat to move (onto an empty
    /// square, no promotion, gate or wall), leaves the seat due next in check — what
    /// [`play_unchecked`](Self::play_unchecked) then [`in_check`](Self::in_check) of the seat
    /// to move say — found on the board with the move applied in place and the attack sets
    /// stepped ([`AttackSets::moved`]), without playing it. `None` where the move may do more
    /// than move its piece: more or fewer than two seats, dice, rule modules with after-move
    /// or after-turn hooks or a changed turn order, explosions, petrification, enclosure,
    /// walls, gating, last-royal rules, a piece holding rights (castling, first moves) or an
    /// en-passant capture; and for every move that is not quiet.
    pub(crate) fn quiet_move_checks(&mut self, m: Move) -> Option<bool> {
        let v = &*self.variant;
        let r = &v.rules;
        let plain = v.seats.len() == 2
            && r.dice.is_none()
            && r.explosions.is_none()
            && r.petrify.is_none()
            && r.enclose.is_none()
            && r.walls.is_none()
            && r.gating.is_none()
            && r.last_royal.is_none()
            && !r.has_move_hooks()
            && !r.has_turn_hooks()
            && !r.reorders_turns()
            && !r.mates_go_on();
        let (from, to) = (m.from.0, m.to.0);
        let moved = self.board[from as usize];
        if !plain
            || m.is_drop()
            || m.promotes_to().is_some()
            || m.gate().is_some()
            || m.wall().is_some()
            || from == to
            || moved.is_empty()
            || !self.board[to as usize].is_empty()
            || v.right_kinds() >> moved.kind().0 & 1 != 0
            || self.ep_capture(m, moved).is_some()
        {
            return None;
        }
        let next = self.next_live(self.to_move);
        let enemies = self.enemies(next);
        let sets = self
            .attack_sets(enemies)
            .moved(from, to, enemies.contains(self.to_move));
        Some(self.with_move_applied(m, |p| p.in_check_with(next, sets)))
    }

    /// True if playing `m` (a pseudo-legal move or drop of the seat to move) leaves none of
    /// the mover's royal pieces attacked — and, where the rule file says so, does not newly
    /// attack a partner's royal piece and is not a mating drop of a no-mate kind.
    #[inline]
    pub(crate) fn keeps_royals_safe(&mut self, m: Move) -> bool {
        if let Some(e) = self.variant.rules.explosions {
            return self.blast_keeps_royals_safe(&e, m);
        }
        self.royals_safe_after(m) && self.drop_mate_allowed(m)
    }

    /// [`keeps_royals_safe`](Self::keeps_royals_safe) without explosions and without the
    /// no-mate rule of drops: the mover's royal pieces (and, where the rule file says so, its
    /// partners') are safe once `m` is played.
    #[inline]
    fn royals_safe_after(&mut self, m: Move) -> bool {
        let seat = self.to_move;
        let mut royals = self.royals[seat.index()];
        let full = self.variant.needs_full_legality();
        if royals.is_empty() && !full {
            return true;
        }
        // Partners whose royal pieces a move may not newly attack (none under `team-check`).
        let partners = match self.variant.rules.team_check {
            Some(_) => SeatSet::EMPTY,
            None => self.variant.rules.partners(seat),
        };
        let partners_before = if partners.is_empty() {
            SeatSet::EMPTY
        } else {
            self.partners_in_check(seat)
        };
        let moved_from = (!m.is_drop()).then_some(m.from.0);
        let enemies = self.enemies(seat);
        // Under bikjang every move must end the facing.
        let bikjang = self.under_bikjang();
        // A royal piece placed from the hand (a set-up phase) may not be placed attacked.
        let mut dropped_royal = m
            .dropped()
            .is_some_and(|k| self.variant.royal_kinds() >> k.0 & 1 == 1);
        if let Some(lr) = &self.variant.rules.last_royal {
            let placed_royal;
            (royals, placed_royal) = self.last_royal_change(lr, m, royals);
            dropped_royal |= placed_royal;
        }
        let landed = self.free_castle(m).map_or(m.to.0, |c| c.1);
        let duple = self
            .variant
            .rules
            .last_royal
            .is_some_and(|lr| lr.duple_check);
        // The occupied squares and the enemies' live pieces after the move, for the bitboard
        // attack test (not under the reference path, nor for a free castling's four squares).
        let sets = match self.reference_legality || self.free_castle(m).is_some() {
            true => AttackSets::Walk,
            false => self.attack_sets_after(m, enemies),
        };
        let attacked = |p: &Self, sq: u8| p.attacked_in(sq, enemies, sets);
        self.with_move_applied(m, |p| {
            let placed_safe = !dropped_royal || !attacked(p, m.to.0);
            placed_safe
                && !royals.iter().any(|sq| {
                    let sq = if Some(sq) == moved_from { landed } else { sq };
                    attacked(p, sq)
                        || p.variant
                            .rules
                            .facing
                            .as_ref()
                            .is_some_and(|f| f.faces(&p.board, sq, seat, p.variant.royal_kinds()))
                        || (bikjang
                            && p.variant.rules.bikjang.as_ref().is_some_and(|b| {
                                b.files.faces(&p.board, sq, seat, p.variant.royal_kinds())
                            }))
                })
                && (partners.is_empty() || (p.partners_in_check(seat) - partners_before).is_empty())
                && !(duple && p.duple_checked(seat, Some(landed)))
        })
    }

    /// For `m`, a pseudo-legal board move or drop of the seat to move (not a free castling):
    /// the occupied squares, the squares of `enemies`' live pieces and those of them that
    /// attack along lines once it is played, as bitboards of `W` (boards of at most `W::BITS` squares): its target filled, its origin
    /// emptied, and an en-passant victim taken.
    #[inline]
    fn bits_after<W: Word>(&self, m: Move, enemies: SeatSet) -> (W, W, W) {
        let (mut occ, mut theirs, sliding) = self.attack_words::<W>(enemies);
        // As `with_move_applied` plays it.
        let to = W::bit(m.to.0);
        if m.dropped().is_none() {
            occ &= !W::bit(m.from.0);
        }
        if let Some(v) = self.ep_capture(m, self.board[m.from.0 as usize]) {
            occ &= !W::bit(v);
            theirs &= !W::bit(v);
        }
        (occ | to, theirs & !to, sliding & theirs & !to)
    }

    /// [`bits_after`](Self::bits_after) at the width of the variant's attack tables
    /// ([`AttackTable::words`](crate::compile::AttackTable::words)); [`AttackSets::Walk`] on
    /// a board too large for bitboards.
    #[inline]
    fn attack_sets_after(&self, m: Move, enemies: SeatSet) -> AttackSets {
        match self.variant.attacks.words() {
            1 => AttackSets::One(self.bits_after(m, enemies)),
            2 => AttackSets::Two(self.bits_after(m, enemies)),
            _ => AttackSets::Walk,
        }
    }

    /// How `m`, a promotion or drop of the seat to move, changes which of its pieces are royal
    /// under `lr` ([`crate::rules::last_royal::LastRoyal::placed`]): its royal squares to keep
    /// safe after the move (without the pieces of `lr`'s kinds where the move makes the count
    /// pass `at-most`), and true if the placed piece is royal (it may not stand attacked).
    fn last_royal_change(
        &self,
        lr: &crate::rules::last_royal::LastRoyal,
        m: Move,
        royals: SquareSet,
    ) -> (SquareSet, bool) {
        use crate::rules::last_royal::Placed;
        let seat = self.to_move;
        let before = (!m.is_drop()).then(|| self.board[m.from.0 as usize].kind());
        let after = match (m.dropped(), m.promotes_to()) {
            (Some(_), _) => self.placed_by_drop(seat, m).kind(),
            (None, Some(k)) => k,
            (None, None) => return (royals, false),
        };
        let turned_over =
            before.is_some() && self.variant.kinds[after.index()].unpromoted == before;
        match lr.placed(before, after, turned_over, &self.kind_count[seat.index()]) {
            Placed::Royal => (royals, true),
            Placed::Same => (royals, false),
            Placed::Unroyal => {
                let mut kept = royals;
                for sq in royals.iter() {
                    let k = self.board[sq as usize].kind();
                    if lr.has(k) && !self.variant.kinds[k.index()].royal {
                        kept.remove(sq);
                    }
                }
                (kept, false)
            }
        }
    }

    /// False if `m` is a drop of a no-mate kind (the pawn in shogi) that mates; true for every
    /// other move.
    pub(super) fn drop_mate_allowed(&mut self, m: Move) -> bool {
        if !m.is_drop() {
            return true;
        }
        // The rule of the kind it is dropped as (a drop on a piece's other face follows that
        // face's rules).
        let p = self.placed_by_drop(self.to_move, m);
        if !self.variant.needs_full_legality()
            || !(self.variant.rules.hands.as_ref()).is_some_and(|h| h.drop_rule(p.kind()).no_mate)
        {
            return true;
        }
        // A drop that attacks no royal piece mates nobody: found on the board as it is (the
        // piece's own square blocks none of its steps), without placing it.
        if !self.attacks_a_royal(p, m.to.0) {
            return true;
        }
        // The mated seat's reply search needs the real occupancy sets: place the drop
        // properly for the test.
        self.put(m.to.0, p);
        let mates = self.drop_mates(m.to.0);
        self.take(m.to.0);
        !mates
    }

    /// True if `p`, standing on `sq`, would attack another seat's live royal piece (the
    /// first test of [`drop_mates`](Self::drop_mates), on the board without `p`).
    fn attacks_a_royal(&self, p: Piece, sq: u8) -> bool {
        let v = &*self.variant;
        let mut any = false;
        v.table.walk(
            p.combo(v.orients.len()),
            sq,
            &self.board,
            |q| !q.is_empty(),
            |_, mode, target| {
                any |= mode & CAPTURE != 0
                    && !target.is_empty()
                    && !target.is_dead()
                    && target.owner() != p.owner()
                    && v.kinds[target.kind().index()].royal;
            },
        );
        any
    }

    /// A test of legality for each of the mover's pseudo-legal moves, as
    /// [`keeps_royals_safe`](Self::keeps_royals_safe) gives it, made cheaper (pin-aware) when
    /// the mover's royal pieces are safe now (not attacked, not facing, not under bikjang), no
    /// piece of it turns royal by a move (no last-royal rule) and it has no partner to
    /// protect:
    /// - a drop only adds a piece, so unless it lands on a hop line's sensitive square
    ///   (see below) it cannot expose them: only the drop's own restriction is left;
    /// - a board move that moves no royal piece, no pinned piece (the
    ///   [`exposers`](crate::compile::AttackTable::exposers) of each royal square: a piece
    ///   alone between it and an attacker along a line, a lame leap's block, and with facing
    ///   the piece alone between it and another royal piece on its file), fills no square
    ///   before a hopper that one move could bring to attack, and is not an en-passant
    ///   capture lets no piece attack them: it is legal without playing it (almost every
    ///   move, in almost every position).
    ///
    /// In check (the same conditions but the royal pieces' safety), where
    /// [`evasion_squares`](Self::evasion_squares) applies, a move of an unpinned non-royal
    /// piece (not en passant) or a non-royal drop is legal exactly when it lands on its
    /// squares; and a lone royal piece's steps (not a free castling) test only their landing
    /// square.
    ///
    /// Every other move, and every move when the shortcut does not apply (or under
    /// [`set_reference_legality`](Self::set_reference_legality)), is played and tested.
    fn legality(&mut self) -> impl Fn(&mut Self, Move) -> bool + use<> {
        let exposing = self.shortcut_squares();
        self.legality_with(exposing)
    }

    /// The squares of [`legality`](Self::legality)'s shortcut for the seat to move (see
    /// [`exposing_squares`](Self::exposing_squares)): `None` where the shortcut does not
    /// apply (the seat is in check, has partners, a piece may turn royal, explosions, bikjang,
    /// or the reference path).
    pub(super) fn shortcut_squares(&self) -> Option<(SquareSet, SquareSet)> {
        let seat = self.to_move;
        self.pin_shortcut_applies(seat)
            .then(|| self.exposing_squares(seat))
            .flatten()
    }

    /// [`legality`](Self::legality) with its shortcut squares `exposing` already found
    /// ([`shortcut_squares`](Self::shortcut_squares) of this position).
    pub(super) fn legality_with(
        &self,
        exposing: Option<(SquareSet, SquareSet)>,
    ) -> impl Fn(&mut Self, Move) -> bool + use<> {
        let seat = self.to_move;
        let shortcut = self.pin_shortcut_applies(seat);
        let safe_now = exposing.is_some();
        // In check on a bitboard without lame leaps or hops: a board move of an unpinned,
        // non-royal piece or a non-royal drop is legal exactly when it lands on `evade`.
        let evading = (shortcut && !safe_now)
            .then(|| self.evasion_squares(seat))
            .flatten();
        let (vacate, fill) = exposing.unwrap_or((SquareSet::FULL, SquareSet::FULL));
        let ep = self.ep;
        // The one royal piece's own steps, where no castling can move it: only its landing
        // square is tested (see `royal_step_safe`).
        let lone_royal = self.royals[seat.index()];
        let lone = shortcut && lone_royal.len() == 1;
        let slow = SlowCases {
            evading,
            royal_kinds: self.variant.royal_kinds(),
            lone_royal: lone.then_some(lone_royal),
            pinned_to: (lone
                && safe_now
                && self.variant.attacks.words() != 0
                && self.variant.rules.facing.is_none())
            .then(|| lone_royal.iter().next())
            .flatten(),
            sets: match lone {
                true => self.attack_sets(self.enemies(seat)),
                false => AttackSets::Walk,
            },
        };
        let royal_kinds = slow.royal_kinds;
        move |pos: &mut Self, m: Move| match m.dropped() {
            None if !vacate.contains(m.from.0) && !fill.contains(m.to.0) && m.to.0 != ep => true,
            Some(k) if safe_now && royal_kinds >> k.0 & 1 == 0 && !fill.contains(m.to.0) => {
                pos.drop_mate_allowed(m)
            }
            _ => pos.legal_slow(m, &slow),
        }
    }

    /// [`legality`](Self::legality)'s test of a move its first shortcuts do not clear: a
    /// move of a royal or pinned piece, one filling a hopper's screen, an en-passant-like
    /// capture, a royal drop, or any move or drop in check.
    #[inline(never)]
    fn legal_slow(&mut self, m: Move, c: &SlowCases) -> bool {
        let plain_kind = |k: Kind| c.royal_kinds >> k.0 & 1 == 0;
        if let Some(k) = m.dropped() {
            if let Some((_, evade)) = c.evading.filter(|_| plain_kind(k)) {
                evade.contains(m.to.0) && self.drop_mate_allowed(m)
            } else {
                self.keeps_royals_safe(m)
            }
        } else if let Some((_, evade)) = c.evading.filter(|e| !e.0.contains(m.from.0))
            && m.to.0 != self.ep
        {
            evade.contains(m.to.0)
        } else if let Some(royal) = c.lone_royal
            && royal.contains(m.from.0)
            && m.to.0 != self.ep
            && (self.variant.rules.castling.is_none() || self.free_castle(m).is_none())
        {
            self.royal_step_safe(m, c.sets)
        } else if let Some(royal) = c.pinned_to
            && m.from.0 != royal
            && m.to.0 != self.ep
            && let Some(on_line) = self.on_pin_line(royal, m)
        {
            on_line
        } else {
            self.keeps_royals_safe(m)
        }
    }

    /// Whether the board move `m` of a pinned piece lands where it leaves the seat to move's
    /// one royal piece on `royal` (not attacked) safe, from the bitboards
    /// ([`pin_line_bits`](crate::compile::AttackTable::pin_line_bits)); `None` where they
    /// cannot say it (lame leaps, hops, no bitboards).
    fn on_pin_line(&self, royal: u8, m: Move) -> Option<bool> {
        match self.variant.attacks.words() {
            1 => self.pin_line::<u64>(royal, m.from.0).map(|l| l.has(m.to.0)),
            2 => self
                .pin_line::<u128>(royal, m.from.0)
                .map(|l| l.has(m.to.0)),
            _ => None,
        }
    }

    /// The squares the pinned piece on `at` may move to and leave the seat to move's one
    /// royal piece on `royal` (not attacked) safe, as bitboards of `W`
    /// ([`on_pin_line`](Self::on_pin_line)); the attackers are the enemies' live pieces (a
    /// live ownerless piece attacks no royal piece).
    fn pin_line<W: AttackWord>(&self, royal: u8, at: u8) -> Option<W> {
        let enemies = self.live_w::<W>(self.enemies(self.to_move));
        (self.variant.attacks).pin_line_bits(&self.board, (royal, at), (self.occupied_w(), enemies))
    }

    /// True if [`legality`](Self::legality)'s pin-aware shortcuts may apply to `seat`: not
    /// the reference path, no partner to protect, no piece turning royal, no explosions, not
    /// under bikjang.
    #[inline]
    pub(super) fn pin_shortcut_applies(&self, seat: Seat) -> bool {
        let r = &self.variant.rules;
        !self.reference_legality
            && r.partners(seat).is_empty()
            && r.last_royal.is_none()
            && r.explosions.is_none()
            && !self.under_bikjang()
    }

    /// [`keeps_royals_safe`](Self::keeps_royals_safe) for a board move `m` of the seat to
    /// move's only royal piece (attacked now or not; not under bikjang), not a free castling
    /// (the royal taking its own partner), where no partner's royal piece must stay safe and no
    /// piece turns royal ([`legality`](Self::legality)'s shortcut conditions) and `m` is not
    /// an en-passant capture: the move changes only its two squares, so the royal piece is
    /// safe unless its landing square is attacked or faces another royal piece. The general
    /// test's other questions (partners, last-royal changes, bikjang, a dropped royal, a
    /// drop's mate) have known answers here; four-player shogi plays most of its fully tested
    /// moves with the king.
    ///
    /// `sets`: the occupied squares and the enemies' live pieces before the move
    /// ([`attack_sets`](Self::attack_sets)).
    fn royal_step_safe(&mut self, m: Move, sets: AttackSets) -> bool {
        let seat = self.to_move;
        let enemies = self.enemies(seat);
        let to = m.to.0;
        // The occupied squares and the enemies' pieces after the step, on bitboards.
        let sets = sets.stepped(m.from.0, to);
        self.with_move_applied(m, |p| {
            let v = &*p.variant;
            !p.attacked_in(to, enemies, sets)
                && !(v.rules.facing.as_ref())
                    .is_some_and(|f| f.faces(&p.board, to, seat, v.royal_kinds()))
        })
    }

    /// Sets whether every candidate move is played and tested for royal safety and the
    /// candidates come from a walk of the move table (`true`: the slow reference path) or only
    /// those the pin-aware shortcut cannot clear are tested and the candidates come from the
    /// bitboards where the board has them (`false`, the default): both give the same moves;
    /// tests compare them.
    #[doc(hidden)]
    pub fn set_reference_legality(&mut self, on: bool) {
        self.reference_legality = on;
        self.die_cache_valid = false;
    }

    /// For `seat`: the squares whose emptying (its royal pieces' own squares and the pinned
    /// pieces') and those whose filling could expose one of its royal pieces (see
    /// [`legality`](Self::legality)); `None` if one is attacked (the seat is in check) or
    /// faces another seat's royal piece already.
    #[inline]
    pub(super) fn exposing_squares(&self, seat: Seat) -> Option<(SquareSet, SquareSet)> {
        let v = &*self.variant;
        let (mut vacate, mut fill) = (SquareSet::default(), SquareSet::default());
        let words = v.attacks.words();
        for sq in self.royals[seat.index()].iter() {
            vacate.insert(sq);
            let (pinned, screens) = match words {
                1 => v
                    .attacks
                    .exposers_bits::<u64>(&self.board, sq, seat, self.own_sets(seat))?,
                2 => v
                    .attacks
                    .exposers_bits::<u128>(&self.board, sq, seat, self.own_sets(seat))?,
                _ => v.attacks.exposers(&self.board, sq, seat)?,
            };
            vacate = vacate.union(pinned);
            fill = fill.union(screens);
            if let Some(f) = &v.rules.facing {
                if f.faces(&self.board, sq, seat, v.royal_kinds()) {
                    return None;
                }
                f.pinned(&self.board, sq, seat, v.royal_kinds())
                    .for_each(|s| vacate.insert(s));
            }
        }
        Some((vacate, fill))
    }

    /// Runs `f` on the board with `m` applied in place (only the two squares change: no
    /// counters, sets or hash), then restores it.
    #[inline(always)]
    pub(super) fn with_move_applied<R>(&mut self, m: Move, f: impl FnOnce(&Self) -> R) -> R {
        if let Some(castle) = self.free_castle(m) {
            return self.with_free_castle_applied(castle, f);
        }
        let (from, to) = (m.from.0 as usize, m.to.0 as usize);
        let moved = self.board[from];
        let captured = self.board[to];
        let victim = self.ep_capture(m, moved).map(|sq| {
            let p = self.board[sq as usize];
            self.board[sq as usize] = Piece::EMPTY;
            (sq, p)
        });
        match m.dropped() {
            Some(_) => self.board[to] = self.placed_by_drop(self.to_move, m),
            None => {
                // `from` first: a promotion in place has `from == to`.
                self.board[from] = Piece::EMPTY;
                self.board[to] = match m.promotes_to() {
                    Some(k) => moved.with_kind(k),
                    None => moved,
                };
            }
        }
        let r = f(self);
        if !m.is_drop() {
            self.board[from] = moved;
        }
        self.board[to] = captured;
        if let Some((sq, p)) = victim {
            self.board[sq as usize] = p;
        }
        r
    }

    /// [`with_move_applied`](Self::with_move_applied) for a free castling (its four squares).
    #[inline(never)]
    fn with_free_castle_applied<R>(
        &mut self,
        (kf, kt, rf, rt): (u8, u8, u8, u8),
        f: impl FnOnce(&Self) -> R,
    ) -> R {
        let (king, rook) = (self.board[kf as usize], self.board[rf as usize]);
        self.board[kf as usize] = Piece::EMPTY;
        self.board[rf as usize] = Piece::EMPTY;
        self.board[kt as usize] = king;
        self.board[rt as usize] = rook;
        let r = f(self);
        self.board[kt as usize] = Piece::EMPTY;
        self.board[rt as usize] = Piece::EMPTY;
        self.board[kf as usize] = king;
        self.board[rf as usize] = rook;
        r
    }

    /// `seat`'s partners whose royal pieces are attacked (by any other seat).
    fn partners_in_check(&self, seat: Seat) -> SeatSet {
        (self.variant.rules.partners(seat).iter())
            .filter(|&p| self.is_live(p) && self.in_check_in_place(p))
            .collect()
    }

    /// Keeps only the moves of `out[start..]` that leave the mover's royal pieces safe.
    /// Inline: the usual answer, a mover without royal pieces keeps every move, costs no call.
    #[inline]
    pub(crate) fn retain_legal(&mut self, out: &mut Vec<Move>, start: usize) {
        if self.royals[self.to_move.index()].is_empty() && !self.variant.needs_full_legality() {
            return;
        }
        self.filter_legal(out, start);
    }

    /// [`retain_legal`](Self::retain_legal)'s filter, for a mover with royal pieces to keep safe.
    #[inline(never)]
    fn filter_legal(&mut self, out: &mut Vec<Move>, start: usize) {
        let legal = self.legality();
        self.filter_with(out, start, &legal);
    }

    /// Keeps only the moves of `out[start..]` that pass `legal` (this position's
    /// [`legality`](Self::legality)).
    #[inline(always)]
    fn filter_with(
        &mut self,
        out: &mut Vec<Move>,
        start: usize,
        legal: &impl Fn(&mut Self, Move) -> bool,
    ) {
        let mut i = start;
        while i < out.len() {
            if legal(self, out[i]) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// The legality pipeline: fills `out` with the moves of the seat to move that pass every
    /// stage `legality` includes, in this order:
    /// 1. nothing once the game has ended by an end condition, nor while a roll is due;
    /// 2. candidates: in dice variants the die moves of the current roll (each tagged with the
    ///    die it uses; with a double, one move per die value; royal safety applied there), else
    ///    the pseudo-legal board moves and the drops;
    /// 3. royal safety ([`retain_legal`](Self::retain_legal)): no royal piece of the mover
    ///    left attacked (and the other rules a move must keep, see `legality()`);
    /// 4. placement ([`crate::rules::placement`]): drops first while a drop is possible;
    /// 5. mandatory capture ([`crate::rules::captures`]): captures only, where there is one;
    /// 6. [`Legality::Game`] only: no move that completes a forbidden perpetual check
    ///    ([`crate::rules::perpetual_check`]), a rule of the game's history.
    ///
    /// [`legal_moves`](Self::legal_moves), [`game_moves`](Self::game_moves),
    /// [`count_legal`](Self::count_legal) and [`has_move`](Self::has_move) are this pipeline;
    /// the last two only stop early or count instead of collecting.
    pub fn moves_for(&mut self, legality: Legality, out: &mut Vec<Move>) {
        self.moves_for_sorted(legality, out);
    }

    /// [`moves_for`](Self::moves_for), returning true if `out` is then in the canonical order
    /// ([`Move::canonical_key`]) by construction (dice turns on bitboards,
    /// [`dice_moves_in_order`](Self::dice_moves_in_order)); false says nothing.
    pub(crate) fn moves_for_sorted(&mut self, legality: Legality, out: &mut Vec<Move>) -> bool {
        out.clear();
        if self.ended.is_some() || self.awaiting_roll {
            return false;
        }
        let mut sorted = false;
        if self.variant.rules.dice.is_some() {
            sorted = self.die_moves(out);
        } else if self.cached_moves_fit(legality) {
            // Handed over (the caller's buffer becomes the cache's): no copy, no allocation.
            std::mem::swap(out, &mut self.die_cache);
            self.die_cache_valid = false;
            return false;
        } else {
            self.moves_before_walls(out);
            if let Some(w) = self.variant.rules.walls {
                self.add_walls(&w, out);
            }
        }
        if legality == Legality::Game {
            // Its filter keeps the order unless it takes a move out (`swap_remove`).
            let n = out.len();
            self.retain_allowed_by_history(out);
            sorted &= out.len() == n;
        }
        sorted
    }

    /// Stages 2 to 5 of the pipeline without dice (candidates, royal safety, gating,
    /// placement, check limits, mandatory capture), into `out`: every legal move, each
    /// without the wall that the last stage ([`crate::rules::walls`]) adds.
    pub(super) fn moves_before_walls(&mut self, out: &mut Vec<Move>) {
        if self.drops_judged_by_sets() {
            // The board moves one by one, the drops by their square sets (`legal_drops`).
            self.pseudo_moves(self.to_move, out);
            let exposing = self.shortcut_squares();
            let legal = self.legality_with(exposing);
            self.filter_with(out, 0, &legal);
            self.legal_drops(exposing, &legal, out);
        } else {
            self.candidates(out);
            self.retain_legal(out, 0);
        }
        if self.variant.rules.gating.is_some() {
            self.add_gating_moves(out);
        }
        if self.variant.rules.placement.is_some() {
            self.keep_placements(out);
        }
        self.keep_within_check_limits(out);
        if self.variant.rules.captures.is_some() {
            self.keep_captures(out);
        }
    }

    /// True if the kept list ([`has_move`](Self::has_move)) holds this position's moves for
    /// `legality`: kept for [`Legality::Game`], which equals [`Legality::Position`] where the
    /// history forbids nothing.
    #[inline]
    fn cached_moves_fit(&self, legality: Legality) -> bool {
        self.die_cache_valid
            && self.cache_hash == self.hash
            && (legality == Legality::Game || !self.history_forbids_some())
    }

    /// Stage 2 of the pipeline without dice: the pseudo-legal board moves, then the drops.
    pub(super) fn candidates(&self, out: &mut Vec<Move>) {
        self.pseudo_moves(self.to_move, out);
        self.drop_candidates(out);
    }

    /// The drops of stage 2 ([`candidates`](Self::candidates)), where the seat to move may
    /// drop.
    pub(super) fn drop_candidates(&self, out: &mut Vec<Move>) {
        let rules = &self.variant.rules;
        if rules.hands.is_some() && rules.gating.as_ref().is_none_or(|g| g.drops) {
            self.drop_moves(self.to_move, out);
        }
    }

    /// The moves of the position alone ([`Legality::Position`]): what perft counts, as
    /// Fairy-Stockfish does, and what the search explores below its root.
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        self.moves_for(Legality::Position, out);
    }

    /// The moves a player may make in the game ([`Legality::Game`]): the position's moves less
    /// those the game's history forbids (a completed perpetual check).
    pub fn game_moves(&mut self, out: &mut Vec<Move>) {
        self.moves_for(Legality::Game, out);
    }

    /// [`game_moves`](Self::game_moves), returning true if `out` is then known to be in the
    /// canonical order ([`Move::canonical_key`], strictly ascending) by construction, so that
    /// a seeded draw may index it as it is: in dice turns on boards of at most 64 squares whose
    /// dice name disjoint kinds, without hops, special moves or promotions chosen with the
    /// move. False says nothing about the order.
    pub fn game_moves_sorted(&mut self, out: &mut Vec<Move>) -> bool {
        self.moves_for_sorted(Legality::Game, out)
    }

    /// The set-up phase ([`crate::rules::placement`]): a seat holding pieces in hand that can
    /// place one must; keeps only the drops of `out` (legal moves) when there is one.
    fn keep_placements(&self, out: &mut Vec<Move>) {
        let must = self.variant.rules.placement.as_ref().map_or(0, |p| p.must);
        if must != 0 {
            self.keep_kind_placements(must, out);
        } else if self.hand_total(self.to_move) > 0 && out.iter().any(|m| m.is_drop()) {
            out.retain(|m| m.is_drop());
        }
    }

    /// True if `m`, a move or drop of the seat to move, captures: a board move onto another
    /// seat's piece, or an en-passant capture (for mandatory capture, `rules::captures`).
    #[inline]
    pub(crate) fn is_capture(&self, m: Move) -> bool {
        if m.is_drop() {
            return false;
        }
        let target = self.board[m.to.0 as usize];
        (!target.is_empty() && target.owner() != self.to_move)
            || self.ep_capture(m, self.board[m.from.0 as usize]).is_some()
    }

    /// Mandatory capture (`rules::captures`): keeps only the captures of the legal moves
    /// `out`, if it has any.
    #[inline(never)]
    fn keep_captures(&self, out: &mut Vec<Move>) {
        if out.iter().any(|&m| self.is_capture(m)) {
            out.retain(|&m| self.is_capture(m));
        }
    }

    /// The legal moves in generation order (allocates; for callers off the hot path).
    pub fn legal_move_list(&mut self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves(&mut out);
        out.sort_by_key(|m| (m.from, m.to, m.shown().map(|k| k.0), m.die, m.wall()));
        out
    }

    /// Number of moves [`legal_moves`](Self::legal_moves) lists (perft's bulk count at the
    /// last depth): the same pipeline, counting the moves that pass royal safety instead of
    /// collecting them where no later stage needs the list.
    pub fn count_legal(&mut self, buf: &mut Vec<Move>) -> u64 {
        if self.pipeline_beyond_safety() {
            self.legal_moves(buf);
            return buf.len() as u64;
        }
        buf.clear();
        if self.ended.is_some() || self.awaiting_roll {
            return 0;
        }
        if let Some(n) = self.tally_legal(buf) {
            return n;
        }
        // The board moves are listed; the drops are counted apart (`count_drops`).
        self.pseudo_moves(self.to_move, buf);
        if self.royals[self.to_move.index()].is_empty() && !self.variant.needs_full_legality() {
            return buf.len() as u64 + self.count_drops(None::<&fn(&mut Self, Move) -> bool>);
        }
        let legal = self.legality();
        let mut n = 0;
        for &m in buf.iter() {
            if legal(self, m) {
                n += 1;
            }
        }
        n + self.count_drops(Some(&legal))
    }

    /// True if the position's legal moves ([`Legality::Position`]) are the candidates that
    /// keep the mover's royal pieces safe, and nothing more: no dice, gating, placement, check
    /// limits, mandatory capture or walls (see [`moves_for`](Self::moves_for)).
    pub(crate) fn legality_is_royal_safety(&self) -> bool {
        let r = &self.variant.rules;
        r.dice.is_none()
            && r.gating.is_none()
            && r.placement.is_none()
            && r.check_limits.is_none()
            && r.captures.is_none()
            && r.walls.is_none()
    }

    /// Legality tested move by move, for a search that may stop before it reaches the last
    /// move: where [`legality_is_royal_safety`](Self::legality_is_royal_safety), fills `out`
    /// with the candidate moves (pseudo-legal moves and drops) of the seat to move and returns
    /// the test that keeps exactly the moves [`legal_moves`](Self::legal_moves) lists; else
    /// `None`, `out` untouched.
    pub(crate) fn candidates_and_test(
        &mut self,
        out: &mut Vec<Move>,
    ) -> Option<impl Fn(&mut Self, Move) -> bool + use<>> {
        if !self.legality_is_royal_safety() || self.ended.is_some() || self.awaiting_roll {
            return None;
        }
        out.clear();
        self.candidates(out);
        Some(self.candidate_test())
    }

    /// [`candidates_and_test`](Self::candidates_and_test)'s test for this position.
    #[inline(always)]
    fn candidate_test(&mut self) -> impl Fn(&mut Self, Move) -> bool + use<> {
        let every =
            self.royals[self.to_move.index()].is_empty() && !self.variant.needs_full_legality();
        let legal = self.legality();
        move |pos: &mut Self, m: Move| every || legal(pos, m)
    }

    /// For [`outcome_listing`](Self::outcome_listing): whether a candidate is legal — a
    /// board move of `out` (the seat to move's pseudo-legal board moves), else a drop, which
    /// are then appended to `out` — as [`has_move`](Self::has_move)'s plain question answers
    /// it (by [`candidate_test`](Self::candidate_test), which keeps exactly the legal
    /// candidates); whether the drops were appended; and that test.
    #[inline(always)]
    pub(super) fn any_legal_then_test(
        &mut self,
        out: &mut Vec<Move>,
    ) -> (bool, bool, impl Fn(&mut Self, Move) -> bool + use<>) {
        let test = self.candidate_test();
        if out.iter().any(|&m| test(self, m)) {
            return (true, false, test);
        }
        let board = out.len();
        self.drop_candidates(out);
        let any = out[board..].iter().any(|&m| test(self, m));
        (any, true, test)
    }

    /// Appends the seat to move's drops to `out` (pseudo-legal board moves) where
    /// [`outcome_listing`](Self::outcome_listing) has not ([`Listing::drops`] false): `out`
    /// then holds the candidates of [`candidates_and_test`](Self::candidates_and_test).
    pub(crate) fn complete_listing(&self, listing: super::Listing, out: &mut Vec<Move>) {
        if !listing.drops {
            self.drop_candidates(out);
        }
    }

    /// True if the seat to move has a move a player may make ([`Legality::Game`]): what the
    /// end judgement (mate, stalemate, a seat with no move) asks.
    pub fn has_legal_move(&mut self) -> bool {
        self.legal_move_exists(true)
    }

    /// [`has_legal_move`](Self::has_legal_move); `keep`: find every move and keep the list
    /// for the next [`moves_for`](Self::moves_for) (a game, whose player asks for the moves
    /// next), else stop at the first legal move (a search's leaf, which asks for none; the
    /// same answer).
    pub(crate) fn legal_move_exists(&mut self, keep: bool) -> bool {
        if self.history_trial {
            return self.has_move(Legality::Position, keep);
        }
        self.has_move(Legality::Game, keep)
    }

    /// True if the pipeline up to `legality` leaves the seat to move a move, stopping at the
    /// first. Placement and mandatory capture only narrow a non-empty list, so they are not
    /// run. In dice variants the roll is not consulted: true if some board move or drop is
    /// legal under some roll (a seat without a usable die passes; it is not mated).
    ///
    /// Without dice, for [`Legality::Game`] with `keep`, it finds every legal move instead and keeps the
    /// list for the next [`moves_for`](Self::moves_for) of this position: a game asks this
    /// after every move (mate, stalemate) and then the player asks for the moves. Measured with
    /// callgrind on 20 four-player shogi random games, with the random agent's bucketed
    /// canonical selection: 187 million instructions before, 128 after.
    pub(crate) fn has_move(&mut self, legality: Legality, keep: bool) -> bool {
        if keep && legality == Legality::Game && self.variant.rules.dice.is_none() {
            let mut buf = std::mem::take(&mut self.die_cache);
            self.die_cache_valid = false;
            self.moves_for(Legality::Game, &mut buf);
            let any = !buf.is_empty();
            self.die_cache = buf;
            self.die_cache_valid = true;
            self.cache_hash = self.hash;
            return any;
        }
        if self.variant.rules.walls.is_some() {
            // A move counts only with a square for its wall.
            let mut buf = Vec::new();
            self.moves_for(legality, &mut buf);
            return !buf.is_empty();
        }
        let mut buf = std::mem::take(&mut self.scratch);
        buf.clear();
        let plain = self.variant.rules.check_limits.is_none()
            && !(legality == Legality::Game && self.history_forbids_some());
        // The board moves alone first when only whether one move passes is asked: the drops
        // are generated only if none does.
        if plain {
            self.pseudo_moves(self.to_move, &mut buf);
        } else {
            self.candidates(&mut buf);
        }
        let legal = self.legality();
        if self.variant.rules.check_limits.is_some() {
            buf.retain(|&m| legal(self, m));
            self.keep_within_check_limits(&mut buf);
        }
        let any = if legality == Legality::Game && self.history_forbids_some() {
            buf.retain(|&m| legal(self, m));
            self.retain_allowed_by_history(&mut buf);
            !buf.is_empty()
        } else if plain {
            self.any_board_move_then_drop(&mut buf, legal)
        } else {
            buf.iter().any(|&m| legal(self, m))
        };
        self.scratch = buf;
        any
    }

    /// [`has_move`](Self::has_move)'s plain question: true if a board move of `buf` (the
    /// seat to move's pseudo-legal board moves) passes `legal`, else if one of its drops does,
    /// generated only then (a shogi pawn drop's mate test asks this of a checked seat, which
    /// usually has a board move out of check: its drops across the board are not generated).
    fn any_board_move_then_drop(
        &mut self,
        buf: &mut Vec<Move>,
        legal: impl Fn(&mut Self, Move) -> bool,
    ) -> bool {
        if buf.iter().any(|&m| legal(self, m)) {
            return true;
        }
        let rules = &self.variant.rules;
        if rules.hands.is_none() || !rules.gating.as_ref().is_none_or(|g| g.drops) {
            return false;
        }
        buf.clear();
        self.drop_moves(self.to_move, buf);
        buf.iter().any(|&m| legal(self, m))
    }

    /// True if `m` is legal here.
    pub fn is_legal(&mut self, m: Move) -> bool {
        let mut buf = Vec::new();
        self.legal_moves(&mut buf);
        buf.contains(&m)
    }

    /// The kind a promotion letter names, if the kind exists.
    pub fn kind_for_letter(&self, c: char) -> Option<Kind> {
        self.variant.kind_by_letter(c)
    }
}

/// What [`Position::legality`] finds once per position for the moves its first shortcut does
/// not clear ([`Position::legal_slow`]).
struct SlowCases {
    /// In check, where [`Position::evasion_squares`] applies: its `(vacate, targets)`.
    evading: Option<(SquareSet, SquareSet)>,
    /// The royal kinds' bits.
    royal_kinds: u64,
    /// The mover's one royal piece's square, where its steps test only their landing square.
    lone_royal: Option<SquareSet>,
    /// The square of the mover's one royal piece, safe now, where a pinned piece's move is
    /// judged by its pin lines (bitboards, no facing rule): see `Position::pin_line`.
    pinned_to: Option<u8>,
    /// With `lone_royal`: the occupied squares and the enemies' live pieces now, for the
    /// bitboard test of the royal piece's landing squares (`Position::royal_step_safe`).
    sets: AttackSets,
}
