//! [`Position`]: a mailbox board of packed pieces, per-seat square sets and counters, the seat
//! to move, move counters, a Zobrist hash and an undo stack.

use super::attack_bits::AttackSets;
use crate::compile::Variant;
use crate::geometry::Square;
use crate::vocab::{Action, Counters, MAX_DICE, Move, Outcome};
use crate::vocab::{MAX_KINDS, MAX_SEATS, Piece, Seat, SeatSet, SquareSet};
use std::sync::Arc;

/// What `undo` needs to take a move back.
#[derive(Clone, Debug)]
pub(crate) struct Undo {
    pub action: Action,
    pub moved: Piece,
    pub captured: Piece,
    pub halfmove: u32,
    pub hash: u64,
    pub ended: Option<Outcome>,
    pub to_move: Seat,
    pub dice: [u8; MAX_DICE],
    pub awaiting_roll: bool,
    pub counters: Counters,
    /// The mover attacked another seat's live royal piece after this move (tracked only where
    /// perpetual check is forbidden).
    pub gave_check: bool,
    /// Turns this action gave out of order by the check interrupt (to a checked seat that was
    /// not next).
    pub interrupts: u8,
    /// `Position::sweep_waiting` before the action.
    pub sweep_waiting: bool,
    /// The first-move rights before the action.
    pub rights: SquareSet,
    /// The en-passant square and its victim's square before the action.
    pub ep: (u8, u8),
    /// Changes made by rule modules after the move (formation captures, promotions, mates),
    /// with what was there before, in the order they were made. Empty (no allocation) for
    /// most moves.
    pub edits: Vec<Edit>,
}

/// One change made by a rule module, with the state before it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Edit {
    /// A square and the piece it held.
    Square(u8, Piece),
    /// A hand entry (seat, kind) and its count.
    Hand(Seat, super::Kind, u8),
}

/// A game position of a compiled [`Variant`], with its history (for `undo` and repetition).
///
/// Positions are only built from the variant's setup ([`Position::start`]) or from a position
/// string (`notation::from_fen`, `notation::from_position_string`), and only changed by legal
/// moves, so they are
/// always consistent; the incremental hash always equals [`Position::compute_hash`].
#[derive(Clone)]
pub struct Position {
    pub(crate) variant: Arc<Variant>,
    /// A second handle to `variant`, lent to the rule modules' hooks after a move
    /// ([`Position::after_move`]): taken out while they run (a move of a pointer), so that they
    /// reach the modules while the position is borrowed mutably, without an atomic clone and
    /// drop of the shared handle on every move. `None` only while a hook runs (a clone made
    /// then, or a hook reached again within one, clones `variant` instead).
    pub(crate) hooks: Option<Arc<Variant>>,
    pub(crate) board: [Piece; 256],
    pub(crate) occ: [SquareSet; MAX_SEATS],
    /// Squares holding ownerless pieces (dead walls): with `occ`, every occupied square.
    pub(crate) walls: SquareSet,
    /// Per kind, the squares of its live pieces (any owner, or none) as a bitboard: bit `i` = square
    /// index `i`, on boards of at most 64 squares (meaningless on larger ones, where no
    /// bitboard path reads it). Kept by [`put`](Self::put) and [`take`](Self::take).
    pub(crate) kind_bb: [u64; MAX_KINDS],
    /// The squares of dead pieces (inert pieces and ownerless walls) as a two-word bitboard,
    /// on boards of at most 128 squares (read at the width in use by
    /// [`dead_w`](Self::dead_w)).
    pub(crate) dead_bb: u128,
    /// The squares of the live pieces whose kind attacks along lines
    /// ([`AttackTable::ray_kinds`](crate::compile::AttackTable::ray_kinds)), as `dead_bb`.
    pub(crate) slider_bb: u128,
    /// The squares of the live pieces of royal kinds
    /// ([`royal_kinds`](crate::compile::Variant::royal_kinds), any owner), as `dead_bb`.
    pub(crate) royal_bb: u128,
    pub(crate) royals: [SquareSet; MAX_SEATS],
    pub(crate) count: [u16; MAX_SEATS],
    pub(crate) material: [i64; MAX_SEATS],
    /// Pieces per seat and kind on the board.
    pub(crate) kind_count: [[u8; MAX_KINDS]; MAX_SEATS],
    /// Pieces in hand per seat and kind.
    pub(crate) hand: [[u8; MAX_KINDS]; MAX_SEATS],
    /// Scores, capture records, rounds, resignations.
    pub(crate) counters: Counters,
    /// The seat that moved first in this game (rounds end when the turn passes it again).
    pub(crate) first_seat: Seat,
    pub(crate) to_move: Seat,
    /// FEN full-move number of the root position.
    pub(crate) root_fullmove: u32,
    /// The seat to move at the root.
    pub(crate) root_seat: Seat,
    pub(crate) halfmove: u32,
    pub(crate) hash: u64,
    pub(crate) ended: Option<Outcome>,
    /// Dice left to use this turn, largest first; 0 = none (dice variants only).
    pub(crate) dice: [u8; MAX_DICE],
    /// True when the seat to move must roll before acting (dice variants only).
    pub(crate) awaiting_roll: bool,
    /// Reusable move buffer for checks off the caller's buffer.
    pub(crate) scratch: Vec<Move>,
    /// True while a move is played only to test it against the game's history
    /// ([`Position::is_perpetual_check`]): the end judgement of that trial position uses the
    /// position's own rules ([`Legality::Position`](super::Legality::Position)), so the test
    /// does not recurse into further trials.
    pub(crate) history_trial: bool,
    /// True to test every candidate move by playing it and to walk the move table instead of
    /// reading its bitboards ([`Position::set_reference_legality`]): the slow reference the
    /// pin-aware shortcut and the bitboard generator are checked against.
    pub(crate) reference_legality: bool,
    /// The legal moves of this position, when `die_cache_valid`: in dice variants the die
    /// moves, found while deciding whether the turn goes on; in the others the
    /// [`Legality::Game`](super::Legality::Game) moves, found while judging whether the seat
    /// to move has one (`has_move`). Reused by the next move generation.
    pub(crate) die_cache: Vec<Move>,
    /// `die_cache` belongs to the current position.
    pub(crate) die_cache_valid: bool,
    /// `die_cache` is in the canonical order by construction ([`Position::die_moves`]'s
    /// answer when it was filled).
    pub(crate) die_cache_sorted: bool,
    /// The hash of the position `die_cache` was filled in (without dice): a check besides
    /// `die_cache_valid`, which each action and undo clears, against the turn passing on or a
    /// module's edit within an action.
    pub(crate) cache_hash: u64,
    /// A rule module was handed the counters to change ([`crate::rules::Host::counters_mut`],
    /// [`crate::rules::Host::add_check`]) since the last action began: until then they are
    /// known to equal the last undo entry's, without comparing them.
    pub(crate) counters_touched: bool,
    /// The next move must look at every waiting piece (set at a root position: loading never
    /// promotes, so a waiting piece may already qualify there).
    pub(crate) sweep_waiting: bool,
    /// First-move rights: the squares of pieces of the variant's right kinds that have not
    /// moved (castling pieces, pawns with a double step, …); empty in variants without them.
    pub(crate) rights: SquareSet,
    /// The en-passant square (`special::NO_EP`: none).
    pub(crate) ep: u8,
    /// The square of the piece an en-passant capture takes.
    pub(crate) ep_victim: u8,
    /// One entry per action played since the root, oldest first; `undo[i].hash` is the hash
    /// of the position before action `i` (the history repetition counts).
    pub(crate) undo: Vec<Undo>,
    /// The undo stack indexed by hash, once the reversible window is long
    /// ([`HistoryIndex`](super::repetition::HistoryIndex)); `None` before.
    pub(crate) history: Option<Box<super::repetition::HistoryIndex>>,
}

/// A 64-bit mix (splitmix64 finaliser), the Zobrist key source: keys are computed, not stored.
#[inline]
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Zobrist key of `piece` on square index `sq`.
#[inline]
pub(crate) fn piece_key(sq: u8, piece: Piece) -> u64 {
    mix(((sq as u64) << 16) | piece.code() as u64)
}

/// Zobrist key of `seat` holding `count` pieces of `kind` in hand.
#[inline]
pub(crate) fn hand_key(seat: Seat, kind: super::Kind, count: u8) -> u64 {
    mix(0x1_0000_0000_0000 | (seat.0 as u64) << 24 | (kind.0 as u64) << 16 | count as u64)
}

/// Zobrist key of a first-move right on square index `sq`.
#[inline]
pub(crate) fn right_key(sq: u8) -> u64 {
    mix(0x2_0000_0000_0000 | sq as u64)
}

/// Zobrist key of the en-passant square `sq`.
#[inline]
pub(crate) fn ep_key(sq: u8) -> u64 {
    mix(0x3_0000_0000_0000 | sq as u64)
}

/// Zobrist key of byte `byte` of the modules' state holding `value` (`Counters::state`): 0 for
/// a byte the hash does not cover ([`crate::rules::HASHED_STATE`]) and for 0, so that
/// variants without hashed state hash as before. A hashed byte's key counts the hashed bytes
/// before it, so the checks given (`check-count:`, the only hashed state) keep the key
/// `(seat, count)` they always had.
#[inline]
pub(crate) fn state_key(byte: usize, value: u8) -> u64 {
    let hashed = crate::rules::HASHED_STATE;
    if value == 0 || hashed >> byte & 1 == 0 {
        0
    } else {
        let ordinal = (hashed & ((1u32 << byte) - 1)).count_ones() as u64;
        mix(0x4_0000_0000_0000 | ordinal << 8 | value as u64)
    }
}

/// Zobrist key of `seat` being to move.
#[inline]
pub(crate) fn seat_key(seat: Seat) -> u64 {
    mix(0xffff_0000_0000 | seat.0 as u64)
}

impl Position {
    /// An empty board of `variant` with the first seat to move.
    pub(crate) fn empty(variant: Arc<Variant>) -> Position {
        let mut p = Position {
            hooks: Some(variant.clone()),
            variant,
            board: [Piece::EMPTY; 256],
            occ: [SquareSet::default(); MAX_SEATS],
            walls: SquareSet::default(),
            kind_bb: [0; MAX_KINDS],
            dead_bb: 0,
            slider_bb: 0,
            royal_bb: 0,
            royals: [SquareSet::default(); MAX_SEATS],
            count: [0; MAX_SEATS],
            material: [0; MAX_SEATS],
            kind_count: [[0; MAX_KINDS]; MAX_SEATS],
            hand: [[0; MAX_KINDS]; MAX_SEATS],
            counters: Counters::default(),
            first_seat: Seat(0),
            to_move: Seat(0),
            root_fullmove: 1,
            root_seat: Seat(0),
            halfmove: 0,
            hash: 0,
            ended: None,
            dice: [0; MAX_DICE],
            awaiting_roll: false,
            scratch: Vec::with_capacity(64),
            history_trial: false,
            reference_legality: false,
            die_cache: Vec::with_capacity(64),
            die_cache_valid: false,
            die_cache_sorted: false,
            cache_hash: 0,
            counters_touched: false,
            sweep_waiting: false,
            rights: SquareSet::default(),
            ep: super::special::NO_EP,
            ep_victim: super::special::NO_EP,
            undo: Vec::with_capacity(256),
            history: None,
        };
        p.hash = p.compute_hash();
        p
    }

    /// The start position of `variant`, judged as if the last seat had just moved.
    pub fn start(variant: Arc<Variant>) -> Position {
        let mut p = Position::empty(variant.clone());
        for &(sq, piece) in &variant.setup {
            p.put(sq.0, piece);
        }
        for s in 0..variant.seats.len() {
            for (k, &n) in variant.start_hand.iter().enumerate() {
                p.hand[s][k] = n;
            }
        }
        p.rights = p.setup_rights();
        p.awaiting_roll = variant.rules.dice.is_some();
        p.hash = p.compute_hash();
        p.judge_root();
        p
    }

    /// The compiled variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The piece on `sq` (`Piece::EMPTY` if none).
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }

    /// The seat to move.
    #[inline]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Plies since the last capture or move-rule reset.
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// Starts the repetition and move-rule counts again from this position: the half-move
    /// clock becomes 0, so neither [`repetitions`](Self::repetitions) nor the rule file's move
    /// rule looks further back. For a referee with other draw rules that plays on past a
    /// repetition or move-rule draw these rules would declare (a UCI GUI: cutechess-cli's
    /// makruk has no repetition draw). A running count (`counting:`) is dropped too, and may
    /// start again after the next move. Undo and every other ending are unchanged.
    pub fn restart_draw_counts(&mut self) {
        self.halfmove = 0;
        crate::rules::counting::set(&mut self.counters, 0, 0);
    }

    /// True if `outcome` is an ending by a count that starts again when play goes on past
    /// it ([`restart_draw_counts`](Self::restart_draw_counts)): repetition, the move rule or
    /// the counting rule.
    pub fn ends_by_draw_count(outcome: Outcome) -> bool {
        matches!(
            outcome.reason(),
            crate::vocab::EndReason::Repetition
                | crate::vocab::EndReason::MoveRule
                | crate::rules::counting::REASON
        )
    }

    /// The game's outcome were play to go on past a draw by count (as a GUI that is the
    /// referee does: [`restart_draw_counts`](Self::restart_draw_counts) where
    /// [`ends_by_draw_count`](Self::ends_by_draw_count)); `None` if a move may still be
    /// played. The position is left as it was, at the cost of two counters (no copy of the
    /// history).
    pub fn outcome_playing_on(&mut self) -> Option<Outcome> {
        let outcome = self.outcome()?;
        if !Self::ends_by_draw_count(outcome) {
            return Some(outcome);
        }
        let kept = (self.halfmove, self.counters);
        self.restart_draw_counts();
        let on = self.outcome();
        (self.halfmove, self.counters) = kept;
        on
    }

    /// Plies played since the root position.
    pub fn ply(&self) -> usize {
        self.undo.len()
    }

    /// The FEN full-move number: starts at the root's and goes up after the last seat moves.
    pub fn fullmove(&self) -> u32 {
        let n = self.variant.seats.len().max(1) as u32;
        self.root_fullmove + (self.root_seat.0 as u32 + self.undo.len() as u32) / n
    }

    /// The incremental Zobrist hash of placement, hands, first-move rights, the en-passant
    /// square, checks given (`check-count:`) and the seat to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash recomputed from scratch (equal to [`hash`](Self::hash) in a consistent position).
    pub fn compute_hash(&self) -> u64 {
        let mut h = seat_key(self.to_move);
        for sq in 0..self.variant.board.len() as u8 {
            let p = self.board[sq as usize];
            if !p.is_empty() {
                h ^= piece_key(sq, p);
            }
        }
        for s in 0..self.variant.seats.len() {
            for k in 0..self.variant.kinds.len() {
                let n = self.hand[s][k];
                if n > 0 {
                    h ^= hand_key(Seat(s as u8), super::Kind(k as u8), n);
                }
            }
        }
        for sq in self.rights.iter() {
            h ^= right_key(sq);
        }
        if self.ep != super::special::NO_EP {
            h ^= ep_key(self.ep);
        }
        for (byte, &n) in self.counters.state.iter().enumerate() {
            h ^= state_key(byte, n);
        }
        h
    }

    /// The actions played since the root (moves, rolls, passes), oldest first.
    pub fn actions_played(&self) -> impl Iterator<Item = Action> + '_ {
        self.undo.iter().map(|u| u.action)
    }

    /// The last board move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.undo.iter().rev().find_map(|u| u.action.as_move())
    }

    /// Squares holding `seat`'s pieces.
    pub fn pieces_of(&self, seat: Seat) -> SquareSet {
        self.occ[seat.index()]
    }

    /// Number of pieces `seat` has on the board.
    pub fn piece_count(&self, seat: Seat) -> u32 {
        self.count[seat.index()] as u32
    }

    /// The squares of `seat`'s royal pieces.
    pub fn royal_squares(&self, seat: Seat) -> SquareSet {
        self.royals[seat.index()]
    }

    /// Number of royal pieces `seat` has on the board.
    pub fn royal_count(&self, seat: Seat) -> u32 {
        self.royals[seat.index()].len()
    }

    /// The sum of the values of `seat`'s pieces on the board.
    pub fn material(&self, seat: Seat) -> i64 {
        self.material[seat.index()]
    }

    /// Puts `piece` on an empty square index, updating sets and counters (not the hash).
    #[inline(always)]
    pub(crate) fn put(&mut self, sq: u8, piece: Piece) {
        self.board[sq as usize] = piece;
        self.put_bits(sq, piece);
        let s = piece.owner().index();
        if s < MAX_SEATS {
            self.occ[s].insert(sq);
            if self.variant.kinds[piece.kind().index()].royal {
                self.royals[s].insert(sq);
            }
            self.count[s] += 1;
            self.kind_count[s][piece.kind().index()] += 1;
            self.material[s] += self.variant.kinds[piece.kind().index()].value;
            self.refresh_last_royals(s, piece);
        } else if !piece.is_empty() {
            self.walls.insert(sq);
        }
    }

    /// Where `piece` of seat index `s` was put or taken and is of a kind royal only while it
    /// is the last ([`crate::rules::last_royal`]): brings the seat's royal squares up to date.
    #[inline]
    fn refresh_last_royals(&mut self, s: usize, piece: Piece) {
        if self.variant.last_royal_kinds() >> piece.kind().0 & 1 == 1 {
            self.recount_last_royals(s);
        }
    }

    /// [`Self::refresh_last_royals`]' rare part, out of the put/take hot path.
    #[cold]
    #[inline(never)]
    fn recount_last_royals(&mut self, s: usize) {
        if let Some(lr) = &self.variant.rules.last_royal {
            self.royals[s] = self.royal_set(s, lr);
        }
    }

    /// Seat index `s`'s royal squares under `lr`, from the board: its `royal: true` pieces and,
    /// while the seat's count allows it, its pieces of `lr`'s kinds.
    fn royal_set(&self, s: usize, lr: &crate::rules::last_royal::LastRoyal) -> SquareSet {
        let on = lr.royal_now(&self.kind_count[s]);
        let mut out = SquareSet::default();
        for sq in self.occ[s].iter() {
            let k = self.board[sq as usize].kind();
            if self.variant.kinds[k.index()].royal || (on && lr.has(k)) {
                out.insert(sq);
            }
        }
        out
    }

    /// Removes the piece on a square index, updating sets and counters (not the hash).
    #[inline(always)]
    pub(crate) fn take(&mut self, sq: u8) -> Piece {
        let piece = self.board[sq as usize];
        self.board[sq as usize] = Piece::EMPTY;
        self.take_bits(sq, piece);
        let s = piece.owner().index();
        if !piece.is_empty() && s < MAX_SEATS {
            self.occ[s].remove(sq);
            self.royals[s].remove(sq);
            self.count[s] -= 1;
            self.kind_count[s][piece.kind().index()] -= 1;
            self.material[s] -= self.variant.kinds[piece.kind().index()].value;
            self.refresh_last_royals(s, piece);
        } else if !piece.is_empty() {
            self.walls.remove(sq);
        }
        piece
    }

    /// [`put`](Self::put)'s part for the bitboards (`kind_bb`, `dead_bb`).
    #[inline(always)]
    fn put_bits(&mut self, sq: u8, piece: Piece) {
        if sq < 128 && !piece.is_empty() {
            if piece.is_dead() {
                self.dead_bb |= 1 << sq;
            } else {
                let slides = self.variant.attacks.ray_kinds() >> piece.kind().0 & 1;
                self.slider_bb |= (slides as u128) << sq;
                let royal = self.variant.royal_kinds() >> piece.kind().0 & 1;
                self.royal_bb |= (royal as u128) << sq;
                if sq < 64 {
                    self.kind_bb[piece.kind().index()] |= 1 << sq;
                }
            }
        }
    }

    /// [`take`](Self::take)'s part for the bitboards (`kind_bb`, `dead_bb`).
    #[inline(always)]
    fn take_bits(&mut self, sq: u8, piece: Piece) {
        if sq < 128 && !piece.is_empty() {
            self.dead_bb &= !(1 << sq);
            self.slider_bb &= !(1 << sq);
            self.royal_bb &= !(1 << sq);
            if sq < 64 {
                self.kind_bb[piece.kind().index()] &= !(1 << sq);
            }
        }
    }

    /// The seat after `seat` in turn order.
    #[inline]
    pub fn next_seat(&self, seat: Seat) -> Seat {
        // A comparison, not a remainder (a division: tens of cycles, on every turn).
        let next = seat.0 as usize + 1;
        Seat(if next >= self.variant.seats.len() {
            0
        } else {
            next as u8
        })
    }

    /// The seat before `seat` in turn order.
    #[inline]
    pub fn prev_seat(&self, seat: Seat) -> Seat {
        let n = self.variant.seats.len();
        Seat(((seat.0 as usize + n - 1) % n) as u8)
    }

    /// The seats whose pieces threaten `seat`'s royal pieces.
    #[inline]
    pub(crate) fn enemies(&self, seat: Seat) -> SeatSet {
        let others = SeatSet::all(self.variant.seats.len()).without(seat);
        self.variant.rules.checkers(seat, others)
    }

    /// True if any royal piece of `seat` is attacked by another seat's live piece, or (under
    /// `duple-check`) every piece of its last-royal kinds is.
    pub fn in_check(&self, seat: Seat) -> bool {
        self.in_check_with(seat, self.attack_sets(self.enemies(seat)))
    }

    /// [`in_check`](Self::in_check) on a board that may stand with a move applied in place
    /// (the square sets then disagree with the mailbox): by the table walks.
    pub(crate) fn in_check_in_place(&self, seat: Seat) -> bool {
        self.in_check_with(seat, AttackSets::Walk)
    }

    /// [`in_check`](Self::in_check), the royal pieces tested on `sets`.
    #[inline]
    pub(super) fn in_check_with(&self, seat: Seat, sets: AttackSets) -> bool {
        if self.variant.rules.explosions.is_some() {
            return self.blast_in_check(seat);
        }
        let enemies = self.enemies(seat);
        self.royals[seat.index()]
            .iter()
            .any(|sq| self.attacked_in(sq, enemies, sets))
            || self.duple_checked(seat, None)
    }

    /// True if `sq` is attacked by a live piece of any seat in `seats`.
    pub fn attacked_by(&self, sq: Square, seats: SeatSet) -> bool {
        self.attacked_in(sq.0, seats, self.attack_sets(seats))
    }

    /// The outcome found by the end conditions after the last move (or at the root), if any.
    /// Does not look for mate or stalemate, nor decide a draw by material
    /// ([`crate::rules::material_count`]); see [`Position::outcome`].
    pub fn ended(&self) -> Option<Outcome> {
        self.ended
    }
}

/// A compact dump (the notation layer writes positions for people): the board from the last
/// rank to the first, `/` between ranks, each square `.` or its piece's owner (a seat number,
/// `_` for none) and kind letter; then the seat to move, the dice left, the ply and the hash.
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let b = self.variant.board;
        let mut board = String::new();
        for rank in (0..b.ranks).rev() {
            for file in 0..b.files {
                let p = self.board[(rank * b.files + file) as usize];
                if p.is_empty() {
                    board.push('.');
                    continue;
                }
                match self.variant.seats.get(p.owner().index()) {
                    Some(_) => board.push_str(&p.owner().0.to_string()),
                    None => board.push('_'),
                }
                board.push(self.variant.kinds[p.kind().index()].letter);
            }
            if rank > 0 {
                board.push('/');
            }
        }
        f.debug_struct("Position")
            .field("board", &board)
            .field("to_move", &self.to_move.0)
            .field("dice", &self.dice())
            .field("ply", &self.undo.len())
            .field("hash", &format_args!("{:#018x}", self.hash))
            .finish()
    }
}

/// Read-only views for the agents (which go through methods, not fields).
impl Position {
    /// The mailbox: the piece on each square index (`Square.0`), [`Piece::EMPTY`] where there
    /// is none; 256 entries, those from the board's square count on always empty.
    #[inline]
    pub fn board(&self) -> &[Piece; 256] {
        &self.board
    }

    /// The dice left this turn as stored, largest first, 0 for no die ([`MAX_DICE`] entries;
    /// all 0 in variants without dice). [`dice`](Self::dice) gives
    /// the same values without the zeros, allocated.
    #[inline]
    pub fn dice_left(&self) -> [u8; MAX_DICE] {
        self.dice
    }
}

/// Checks of the incremental caches, for tests and debugging.
impl Position {
    /// [`check_consistency`](Self::check_consistency)'s part for the kind bitboards and the
    /// dead squares (the dead squares' on boards of at most 128 squares; the kinds' of the
    /// first 64 squares, as [`put`](Self::put) keeps them on any board).
    fn check_kind_bits(&self) -> Result<(), String> {
        let n = self.variant.board.len();
        if n > 128 {
            return Ok(());
        }
        let (mut kind_bb, mut dead_bb, mut slider_bb) = ([0u64; MAX_KINDS], 0u128, 0u128);
        let mut royal_bb = 0u128;
        let (ray_kinds, royal_kinds) =
            (self.variant.attacks.ray_kinds(), self.variant.royal_kinds());
        for (sq, p) in self.board.iter().enumerate().take(n) {
            if p.is_dead() {
                dead_bb |= 1 << sq;
            } else if !p.is_empty() {
                if ray_kinds >> p.kind().0 & 1 != 0 {
                    slider_bb |= 1 << sq;
                }
                if royal_kinds >> p.kind().0 & 1 != 0 {
                    royal_bb |= 1 << sq;
                }
                if sq < 64 {
                    kind_bb[p.kind().index()] |= 1 << sq;
                }
            }
        }
        if self.kind_bb != kind_bb
            || self.dead_bb != dead_bb
            || self.slider_bb != slider_bb
            || self.royal_bb != royal_bb
        {
            return Err(format!(
                "kind bitboards: cached {:x?} (dead {:#x}, sliders {:#x}, royal {:#x}), from the \
                 board {kind_bb:x?} (dead {dead_bb:#x}, sliders {slider_bb:#x}, royal \
                 {royal_bb:#x})",
                self.kind_bb, self.dead_bb, self.slider_bb, self.royal_bb
            ));
        }
        Ok(())
    }

    /// Recomputes every cache kept beside the board — occupancy per seat, royal squares, piece
    /// counts, counts per kind, material, and the hash ([`compute_hash`](Self::compute_hash))
    /// — from the board and hands, and compares each with the cached value.
    ///
    /// # Errors
    /// The first cache that differs, as `what of seat S: cached X, from the board Y`.
    #[doc(hidden)]
    pub fn check_consistency(&self) -> Result<(), String> {
        let seats = self.variant.seats.len();
        let mut occ = [SquareSet::default(); MAX_SEATS];
        let mut royals = [SquareSet::default(); MAX_SEATS];
        let mut count = [0u16; MAX_SEATS];
        let mut kind_count = [[0u8; MAX_KINDS]; MAX_SEATS];
        let mut material = [0i64; MAX_SEATS];
        let mut walls = SquareSet::default();
        for (sq, p) in self.board.iter().enumerate() {
            let s = p.owner().index();
            if !p.is_empty() && s >= MAX_SEATS {
                walls.insert(sq as u8);
            }
            if p.is_empty() || s >= MAX_SEATS {
                continue;
            }
            if sq >= self.variant.board.len() {
                return Err(format!("a piece on square index {sq}, off the board"));
            }
            let kind = &self.variant.kinds[p.kind().index()];
            occ[s].insert(sq as u8);
            if kind.royal {
                royals[s].insert(sq as u8);
            }
            count[s] += 1;
            kind_count[s][p.kind().index()] += 1;
            material[s] += kind.value;
        }
        if let Some(lr) = &self.variant.rules.last_royal {
            for s in 0..MAX_SEATS {
                if lr.royal_now(&kind_count[s]) {
                    for sq in occ[s].iter() {
                        if lr.has(self.board[sq as usize].kind()) {
                            royals[s].insert(sq);
                        }
                    }
                }
            }
        }
        self.check_kind_bits()?;
        if self.walls != walls {
            return Err(format!(
                "ownerless pieces: cached {:?}, from the board {walls:?}",
                self.walls
            ));
        }
        for s in 0..MAX_SEATS {
            let seat = if s < seats {
                s.to_string()
            } else {
                format!("{s} (no such seat)")
            };
            let differ = |what: &str, cached: String, found: String| {
                Err(format!(
                    "{what} of seat {seat}: cached {cached}, from the board {found}"
                ))
            };
            if self.occ[s] != occ[s] {
                return differ(
                    "occupancy",
                    format!("{:?}", self.occ[s]),
                    format!("{:?}", occ[s]),
                );
            }
            if self.royals[s] != royals[s] {
                let (a, b) = (self.royals[s], royals[s]);
                return differ("royal squares", format!("{a:?}"), format!("{b:?}"));
            }
            if self.count[s] != count[s] {
                return differ(
                    "piece count",
                    self.count[s].to_string(),
                    count[s].to_string(),
                );
            }
            if self.kind_count[s] != kind_count[s] {
                let (a, b) = (&self.kind_count[s], &kind_count[s]);
                return differ("kind counts", format!("{a:?}"), format!("{b:?}"));
            }
            if self.material[s] != material[s] {
                let (a, b) = (self.material[s], material[s]);
                return differ("material", a.to_string(), b.to_string());
            }
            if s >= seats && self.hand[s].iter().any(|&n| n > 0) {
                return Err(format!("pieces in the hand of seat {seat}"));
            }
        }
        for sq in self.rights.iter() {
            let p = self.board[sq as usize];
            if p.is_empty() || self.variant.right_kinds() >> p.kind().0 & 1 == 0 {
                return Err(format!(
                    "a first-move right on square index {sq}, without a piece of a right kind"
                ));
            }
        }
        if self.ep != super::special::NO_EP
            && (self.board[self.ep_victim as usize].is_empty()
                || !self.board[self.ep as usize].is_empty())
        {
            return Err(format!(
                "en passant on square index {} (victim {}): not an empty square before a piece",
                self.ep, self.ep_victim
            ));
        }
        let hash = self.compute_hash();
        if self.hash != hash {
            return Err(format!(
                "hash: cached {:#x}, from the board {hash:#x}",
                self.hash
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    #[test]
    fn check_consistency_finds_each_broken_cache() {
        let v = load_variant("chaturanga", &Assignment::default()).unwrap();
        let pos = Position::start(v);
        assert_eq!(pos.check_consistency(), Ok(()));
        type Break = fn(&mut Position);
        let breaks: [(&str, Break); 8] = [
            ("occupancy", |p| p.occ[0].remove(0)),
            ("kind bitboards", |p| p.kind_bb[0] ^= 1 << 20),
            ("kind bitboards", |p| p.royal_bb ^= 1 << 4),
            ("royal squares", |p| p.royals[1] = SquareSet::default()),
            ("piece count", |p| p.count[0] += 1),
            ("kind counts", |p| p.kind_count[1][0] += 1),
            ("material", |p| p.material[0] -= 1),
            ("hash", |p| p.hash ^= 1),
        ];
        for (what, break_it) in breaks {
            let mut broken = pos.clone();
            break_it(&mut broken);
            let e = broken.check_consistency().unwrap_err();
            assert!(e.starts_with(what), "{what}: {e}");
        }
    }
}
