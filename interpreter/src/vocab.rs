//! The vocabulary every layer shares: seats, piece kinds, packed pieces, square sets, moves,
//! actions, outcomes and game counters, with the size limits. It depends on nothing in the
//! crate but [`geometry`](crate::geometry).

use crate::geometry::Square;
use std::fmt;

/// Most seats a variant may have (owner codes 0..=6; 7 means "no owner").
pub const MAX_SEATS: usize = 7;

/// Bytes of rule-module state in [`Counters::state`].
pub const STATE_BYTES: usize = 24;

/// The owner code of a piece that belongs to no seat.
pub const NO_OWNER: u8 = 7;

/// Most piece kinds a variant may have.
pub const MAX_KINDS: usize = 62;

/// Most distinct orientations (edge × mirror) a variant may use.
pub const MAX_ORIENTS: usize = 8;

/// A seat index: the position of the seat in the rule file's `seats:` list (turn order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(pub u8);

impl Seat {
    /// The index as `usize`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of seats, one bit per seat index (at most [`MAX_SEATS`] seats, so eight bits).
///
/// The closed type for "which seats": the enemies of a seat, a seat's partners, the seats
/// that resigned or were mated, the seats whose throne or capture-all kind a seat has taken.
/// Bit `i` stands for `Seat(i)`; the raw bits are read only where a position string or a hash
/// writes them ([`bits`](Self::bits), [`from_bits`](Self::from_bits)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Seats `0..n` (every seat of an `n`-seat variant); `n` is at most 8.
    #[inline]
    pub const fn all(n: usize) -> SeatSet {
        SeatSet(((1u16 << n) - 1) as u8)
    }

    /// The set holding `seat` alone.
    #[inline]
    pub const fn one(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// The set whose bit `i` stands for `Seat(i)` (as a position string or hash writes it).
    #[inline]
    pub const fn from_bits(bits: u8) -> SeatSet {
        SeatSet(bits)
    }

    /// The bits of the set: bit `i` for `Seat(i)`.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// True if `seat` is in the set.
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 >> seat.0 & 1 != 0
    }

    /// Adds `seat`.
    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// Removes `seat`.
    #[inline]
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }

    /// The same set with `seat` added.
    #[inline]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << seat.0)
    }

    /// The same set without `seat`.
    #[inline]
    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat.0))
    }

    /// Number of seats in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True if no seat is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest seat in the set, if any.
    #[inline]
    pub const fn first(self) -> Option<Seat> {
        if self.0 == 0 {
            None
        } else {
            Some(Seat(self.0.trailing_zeros() as u8))
        }
    }

    /// The seats in ascending order.
    #[inline]
    pub fn iter(self) -> SeatSetIter {
        SeatSetIter(self.0)
    }
}

impl From<Seat> for SeatSet {
    #[inline]
    fn from(seat: Seat) -> SeatSet {
        SeatSet::one(seat)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> SeatSet {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

impl IntoIterator for SeatSet {
    type Item = Seat;
    type IntoIter = SeatSetIter;
    #[inline]
    fn into_iter(self) -> SeatSetIter {
        self.iter()
    }
}

impl std::ops::BitOr for SeatSet {
    type Output = SeatSet;
    #[inline]
    fn bitor(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }
}

impl std::ops::BitOrAssign for SeatSet {
    #[inline]
    fn bitor_assign(&mut self, other: SeatSet) {
        self.0 |= other.0;
    }
}

impl std::ops::BitAnd for SeatSet {
    type Output = SeatSet;
    #[inline]
    fn bitand(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }
}

/// The seats of the left set that are not in the right one.
impl std::ops::Sub for SeatSet {
    type Output = SeatSet;
    #[inline]
    fn sub(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }
}

/// Iterator over a [`SeatSet`], lowest seat first.
pub struct SeatSetIter(u8);

impl Iterator for SeatSetIter {
    type Item = Seat;

    #[inline]
    fn next(&mut self) -> Option<Seat> {
        if self.0 == 0 {
            return None;
        }
        let s = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Seat(s))
    }
}

/// A piece-kind index: the position of the kind in the rule file's `pieces:` mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    /// The index as `usize`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A square's content packed in 16 bits: kind, owner, orientation index and flags.
/// `Piece::EMPTY` (0) is an empty square.
///
/// Layout: bits 0–5 kind + 1; bits 6–8 owner seat (7 = none); bits 9–11 orientation index
/// (into `compile::Variant::orients`); bit 12 dead (an inert royal piece).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Piece(pub u16);

const OWNER_SHIFT: u16 = 6;
const ORIENT_SHIFT: u16 = 9;
const DEAD: u16 = 1 << 12;
const PROMOTED: u16 = 1 << 13;

impl Piece {
    /// The empty square.
    pub const EMPTY: Piece = Piece(0);

    /// A live piece of `kind`, owned by `owner`, oriented by orientation index `orient`.
    #[inline]
    pub const fn new(kind: Kind, owner: Seat, orient: u8) -> Piece {
        Piece(
            (kind.0 as u16 + 1)
                | ((owner.0 as u16) << OWNER_SHIFT)
                | ((orient as u16) << ORIENT_SHIFT),
        )
    }

    /// True for an empty square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kind (meaningless for an empty square).
    #[inline]
    pub const fn kind(self) -> Kind {
        Kind(((self.0 & 63) as u8).wrapping_sub(1))
    }

    /// The owner seat (7 = none).
    #[inline]
    pub const fn owner(self) -> Seat {
        Seat(((self.0 >> OWNER_SHIFT) & 7) as u8)
    }

    /// The orientation index.
    #[inline]
    pub const fn orient(self) -> u8 {
        ((self.0 >> ORIENT_SHIFT) & 7) as u8
    }

    /// Index of (kind, orientation) into per-orientation tables.
    #[inline]
    pub const fn combo(self, n_orients: usize) -> usize {
        self.kind().index() * n_orients + self.orient() as usize
    }

    /// True for a dead (inert) piece.
    #[inline]
    pub const fn is_dead(self) -> bool {
        self.0 & DEAD != 0
    }

    /// The same piece with another owner (`NO_OWNER` for none), facing unchanged.
    #[inline]
    pub const fn with_owner(self, owner: Seat) -> Piece {
        Piece((self.0 & !(7 << OWNER_SHIFT)) | ((owner.0 as u16 & 7) << OWNER_SHIFT))
    }

    /// The same piece, dead: an inert obstacle that never moves, attacks or is captured.
    #[inline]
    pub const fn killed(self) -> Piece {
        Piece(self.0 | DEAD)
    }

    /// True for a piece that remembers its promotion (crazyhouse's promoted pawn, FEN's `~`):
    /// captured into a hand, it goes there as the kind it was promoted from.
    #[inline]
    pub const fn is_promoted(self) -> bool {
        self.0 & PROMOTED != 0
    }

    /// The same piece, marked as remembering its promotion (see [`is_promoted`](Self::is_promoted)).
    #[inline]
    pub const fn promoted(self) -> Piece {
        Piece(self.0 | PROMOTED)
    }

    /// The same piece with another kind (its flags kept).
    #[inline]
    pub const fn with_kind(self, kind: Kind) -> Piece {
        Piece((self.0 & !63) | (kind.0 as u16 + 1))
    }

    /// A dense index for hashing tables: kind, owner and orientation (flags included: dead and
    /// promoted).
    #[inline]
    pub const fn code(self) -> usize {
        self.0 as usize & 0x3fff
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            f.write_str("Piece(empty)")
        } else {
            write!(
                f,
                "Piece(kind {}, seat {}, orient {})",
                self.kind().0,
                self.owner().0,
                self.orient()
            )
        }
    }
}

/// A set of up to 256 squares, one bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(pub [u64; 4]);

impl SquareSet {
    /// Every square index, 0 to 255.
    pub const FULL: SquareSet = SquareSet([u64::MAX; 4]);

    /// Adds square index `i`.
    #[inline]
    pub fn insert(&mut self, i: u8) {
        self.0[(i >> 6) as usize] |= 1 << (i & 63);
    }

    /// Removes square index `i`.
    #[inline]
    pub fn remove(&mut self, i: u8) {
        self.0[(i >> 6) as usize] &= !(1 << (i & 63));
    }

    /// True if square index `i` is in the set.
    #[inline]
    pub fn contains(&self, i: u8) -> bool {
        self.0[(i >> 6) as usize] >> (i & 63) & 1 != 0
    }

    /// Number of squares in the set.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// True if empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The squares in either set.
    #[inline]
    pub fn union(self, other: SquareSet) -> SquareSet {
        let (a, b) = (self.0, other.0);
        SquareSet([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }

    /// The lowest square index, if any.
    #[inline]
    pub fn first(&self) -> Option<u8> {
        for (w, &word) in self.0.iter().enumerate() {
            if word != 0 {
                return Some((w as u32 * 64 + word.trailing_zeros()) as u8);
            }
        }
        None
    }

    /// Iterates square indices in ascending order.
    ///
    /// A set within the first 64 squares (every set of a board of at most 64 squares) is
    /// walked as its one word: the iterator stops at the word's last square instead of
    /// loading the three empty words after it.
    #[inline]
    pub fn iter(self) -> SquareSetIter {
        let w = self.0;
        SquareSetIter {
            words: w,
            cur: w[0],
            w: 0,
            last: if w[1] | w[2] | w[3] == 0 { 0 } else { 3 },
        }
    }
}

/// Iterator over a [`SquareSet`].
pub struct SquareSetIter {
    words: [u64; 4],
    /// What is left of word `w`: the next square is its lowest bit.
    cur: u64,
    w: usize,
    /// The last word to walk: 0 when the others are empty, else 3.
    last: usize,
}

impl Iterator for SquareSetIter {
    type Item = u8;

    /// The usual step (a square left in the current word) tests, counts and clears one bit;
    /// the next word is loaded only when the current one is done.
    #[inline]
    fn next(&mut self) -> Option<u8> {
        while self.cur == 0 {
            if self.w >= self.last {
                return None;
            }
            self.w += 1;
            self.cur = self.words[self.w];
        }
        let sq = (self.w as u32 * 64 + self.cur.trailing_zeros()) as u8;
        self.cur &= self.cur - 1;
        Some(sq)
    }
}

/// One move of a piece: a **board move** (a piece goes from `from` to `to`, perhaps promoting)
/// or a **drop** (a kind from the seat's hand is put on the empty square `to`, perhaps shown on
/// another face; `from` equals `to`). Seven bytes, `Copy`.
///
/// Build one with [`Move::board`], [`Move::board_promoting`] or [`Move::hand_drop`] (then
/// [`Move::with_die`] in dice variants); read what it does with [`Move::dropped`],
/// [`Move::promotes_to`] (board moves only) and [`Move::drop_face`] (drops only). The kind
/// fields are private so that a board move never carries a dropped kind's face and a drop never
/// carries a promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin square (on a drop: the target square).
    pub from: Square,
    /// Target square.
    pub to: Square,
    /// The kind that stands on `to` after the move when it is not the moving piece's own kind:
    /// on a board move the kind it promotes to, on a drop the face it is dropped as. One meaning
    /// (the kind shown), read through [`Move::shown`], [`Move::promotes_to`] and
    /// [`Move::drop_face`].
    shown: Option<Kind>,
    /// The die value used for the move in dice variants (0 in variants without dice).
    pub die: u8,
    /// The kind taken from the hand: on a drop (`from == to`), the kind dropped; on a board
    /// move (`from != to`), the kind gated in (the gating module, `rules/gating.rs`); `None`
    /// otherwise.
    dropped: Option<Kind>,
    /// The square of the wall the move puts as its second part (two-part moves, the `walls:`
    /// rule module),
    /// [`NO_WALL`] for none.
    wall: u8,
}

/// [`Move`]'s wall square when it puts no wall.
const NO_WALL: u8 = u8::MAX;

impl Move {
    /// A board move from `from` to `to`, without promotion, using no die.
    #[inline]
    pub const fn board(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            shown: None,
            die: 0,
            dropped: None,
            wall: NO_WALL,
        }
    }

    /// A board move from `from` to `to` whose piece becomes `kind` (promotes, or turns over).
    #[inline]
    pub const fn board_promoting(from: Square, to: Square, kind: Kind) -> Move {
        Move {
            from,
            to,
            shown: Some(kind),
            die: 0,
            dropped: None,
            wall: NO_WALL,
        }
    }

    /// A drop of `kind` from the hand on the empty square `to`, shown as `face` (`None`: as
    /// itself), using no die.
    #[inline]
    pub const fn hand_drop(kind: Kind, face: Option<Kind>, to: Square) -> Move {
        Move {
            from: to,
            to,
            shown: face,
            die: 0,
            dropped: Some(kind),
            wall: NO_WALL,
        }
    }

    /// The same move using the die `die` (a die value, 1 to 6; 0 for none).
    #[inline]
    pub const fn with_die(self, die: u8) -> Move {
        Move { die, ..self }
    }

    /// The same move followed by a wall put on `sq`: one action (two-part moves).
    #[inline]
    pub const fn with_wall(self, sq: Square) -> Move {
        Move { wall: sq.0, ..self }
    }

    /// The square of the wall the move puts as its second part; `None` for a move without one.
    #[inline]
    pub const fn wall(self) -> Option<Square> {
        if self.wall == NO_WALL {
            None
        } else {
            Some(Square(self.wall))
        }
    }

    /// The same board move gating in `kind` from the mover's hand (the gating module):
    /// onto `from`, the square the piece leaves; written with `from` the castling partner's
    /// square and `to` the royal's (the partner "taking" the royal, as Fairy-Stockfish writes
    /// it, `h1e1h`), castling with the gated piece entering on the partner's square.
    #[inline]
    pub const fn gating(self, kind: Kind) -> Move {
        Move {
            dropped: Some(kind),
            ..self
        }
    }

    /// True for a drop from the hand, false for a board move (gating moves included).
    #[inline]
    pub const fn is_drop(self) -> bool {
        self.dropped.is_some() && self.from.0 == self.to.0
    }

    /// The kind taken from the hand, on a drop; `None` on a board move (gating moves
    /// included: see [`Move::gate`]).
    #[inline]
    pub const fn dropped(self) -> Option<Kind> {
        if self.from.0 == self.to.0 {
            self.dropped
        } else {
            None
        }
    }

    /// The kind a gating board move brings in from the hand ([`Move::gating`]); `None` on
    /// every other move.
    #[inline]
    pub const fn gate(self) -> Option<Kind> {
        if self.from.0 == self.to.0 {
            None
        } else {
            self.dropped
        }
    }

    /// The kind a board move's piece becomes (promotes to, or turns over to); `None` on a move
    /// that does not promote and on every drop.
    #[inline]
    pub const fn promotes_to(self) -> Option<Kind> {
        if self.is_drop() { None } else { self.shown }
    }

    /// The face a drop shows when it is not the dropped kind itself (kyotoshogi's drop on
    /// either face); `None` on a drop as itself and on every board move.
    #[inline]
    pub const fn drop_face(self) -> Option<Kind> {
        if self.is_drop() { self.shown } else { None }
    }

    /// The kind that stands on `to` after the move when it is not the moving piece's own kind:
    /// [`Move::promotes_to`] on a board move, [`Move::drop_face`] on a drop.
    #[inline]
    pub const fn shown(self) -> Option<Kind> {
        self.shown
    }

    /// The move's place in the canonical order, as one integer: origin square, then target
    /// square, then the kind shown (promotion or drop face: none first, then by kind index),
    /// then dropped kind (none first), then die value — each by index, so the order depends
    /// only on the move itself, never on the order a move generator produced it in; last, the
    /// wall's square ([`Move::wall`], none first), so that moves without walls keep their
    /// order.
    #[inline]
    pub fn canonical_key(self) -> u64 {
        let opt = |k: Option<Kind>| k.map_or(0, |k| k.0 as u64 + 1);
        (self.from.0 as u64) << 40
            | (self.to.0 as u64) << 32
            | opt(self.shown) << 24
            | opt(self.dropped) << 16
            | (self.die as u64) << 8
            | self.wall.wrapping_add(1) as u64
    }

    /// The move whose [`Move::canonical_key`] is `key` (the key's inverse, for keys of moves).
    #[inline]
    pub fn from_canonical_key(key: u64) -> Move {
        let byte = |shift: u32| (key >> shift) as u8;
        let opt = |b: u8| b.checked_sub(1).map(Kind);
        Move {
            from: Square(byte(40)),
            to: Square(byte(32)),
            shown: opt(byte(24)),
            dropped: opt(byte(16)),
            die: byte(8),
            wall: byte(0).wrapping_sub(1),
        }
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The canonical order of [`Move::canonical_key`]: what the agents and the simulator choose
/// from, so that seeded results do not depend on the move generator's order.
impl Ord for Move {
    fn cmp(&self, other: &Move) -> std::cmp::Ordering {
        self.canonical_key().cmp(&other.canonical_key())
    }
}

/// Sorts `moves` into the canonical order ([`Move::canonical_key`]), in place.
#[inline]
pub fn canonical_order(moves: &mut [Move]) {
    moves.sort_unstable_by_key(|m| m.canonical_key());
}

/// Most dice a variant may roll at once.
pub const MAX_DICE: usize = 4;

/// One thing a seat can do on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move a piece on the board (in dice variants, using one die).
    Move(Move),
    /// A roll of the dice: the values, largest first, 0 for no die. A chance event.
    Roll([u8; MAX_DICE]),
    /// End the turn with dice left (where the rule file allows it).
    Pass,
    /// Resign at the start of the turn, before rolling (where the rule file allows it).
    Resign,
}

impl Action {
    /// The board move, if this action is one.
    pub fn as_move(self) -> Option<Move> {
        match self {
            Action::Move(m) => Some(m),
            _ => None,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The seat to move had no legal move while a royal piece was attacked.
    Checkmate,
    /// The seat to move had no legal move otherwise.
    Stalemate,
    /// The same position occurred the rule file's number of times.
    Repetition,
    /// The move rule: too many plies without capture or reset move.
    MoveRule,
    /// A named end condition of the rule file (index into its `end.conditions`).
    Condition(u8),
    /// An end judgement of a rule module: the module's index in the registry
    /// (`rules::ModuleId as u8`) and the index of the reason among the module's reasons
    /// (`rules::Module::END_REASONS`). The module names it and judges it (the capture-all win,
    /// two passes, bikjang, the count).
    Module(u8, u8),
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One seat won.
    Decisive {
        /// The winner.
        winner: Seat,
        /// Why.
        reason: EndReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: EndReason,
    },
    /// Every seat is ranked by the rule file's `ranking:` keys; see `engine::Position::ranks`.
    Ranked {
        /// Why.
        reason: EndReason,
    },
}

impl Outcome {
    /// Why the game ended.
    pub fn reason(self) -> EndReason {
        match self {
            Outcome::Decisive { reason, .. }
            | Outcome::Draw { reason }
            | Outcome::Ranked { reason } => reason,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Seat> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            Outcome::Draw { .. } | Outcome::Ranked { .. } => None,
        }
    }
}

/// Game counters kept by the rule modules; copied into each undo entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// Score per seat.
    pub scores: [i64; MAX_SEATS],
    /// Per seat: the seats whose capture-all kind (Chaturaji's king) it captured.
    pub taken: [SeatSet; MAX_SEATS],
    /// Rounds completed.
    pub rounds: u16,
    /// Consecutive completed rounds without a capture.
    pub quiet_rounds: u16,
    /// A capture happened in the current round.
    pub captured_in_round: bool,
    /// The seats that resigned.
    pub resigned: SeatSet,
    /// The seats that have been mated.
    pub mated: SeatSet,
    /// Mates so far (the order number of the latest mate).
    pub mate_count: u8,
    /// Per seat: mates it made.
    pub mates: [u8; MAX_SEATS],
    /// Per seat: the order number of its latest mate (0 = none).
    pub last_mate: [u8; MAX_SEATS],
    /// Per seat: the order number of the mate it suffered (0 = not mated).
    pub mated_at: [u8; MAX_SEATS],
    /// The rule modules' own state, bytes allotted in registry order to the modules that
    /// declare some (`rules::Module::STATE`, `rules::ModuleId::state_at`), each read and
    /// written only through its module's accessors: the thrones scored (`rules::throne`), the
    /// checks given (`rules::check_count`, part of the position's hash), the running count
    /// (`rules::counting`, not hashed, as in Fairy-Stockfish).
    pub state: [u8; STATE_BYTES],
}

/// The result of an end rule, from the point of view the rule names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultKind {
    /// That seat wins.
    Win,
    /// That seat loses.
    Loss,
    /// The game is drawn.
    Draw,
    /// The game ends and every seat is ranked by the `ranking:` keys.
    Rank,
}

impl ResultKind {
    /// Words accepted in rule files.
    pub const WORDS: [&'static str; 4] = ["win", "loss", "draw", "rank"];

    /// The result a word of [`ResultKind::WORDS`] names; `None` for any other word (the
    /// reader reports it, located, with a suggestion — never read as a draw).
    pub fn parse(s: &str) -> Option<ResultKind> {
        match s {
            "win" => Some(ResultKind::Win),
            "loss" => Some(ResultKind::Loss),
            "draw" => Some(ResultKind::Draw),
            "rank" => Some(ResultKind::Rank),
            _ => None,
        }
    }

    /// The word for this result.
    pub fn name(self) -> &'static str {
        match self {
            ResultKind::Win => "win",
            ResultKind::Loss => "loss",
            ResultKind::Draw => "draw",
            ResultKind::Rank => "rank",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square set iterates exactly its squares, in ascending order, whether they all lie in
    /// the first word (walked alone) or spread over several words.
    #[test]
    fn square_sets_iterate_their_squares_in_order() {
        let cases: [&[u8]; 6] = [
            &[],
            &[0],
            &[0, 5, 63],
            &[64],
            &[3, 63, 64, 130, 255],
            &[200, 201],
        ];
        for squares in cases {
            let mut set = SquareSet::default();
            for &sq in squares {
                set.insert(sq);
            }
            assert_eq!(set.iter().collect::<Vec<_>>(), squares);
        }
    }

    #[test]
    fn result_words_round_trip_and_nothing_else_reads() {
        for w in ResultKind::WORDS {
            assert_eq!(ResultKind::parse(w).map(ResultKind::name), Some(w));
        }
        for w in ["drwa", "Draw", "", "won"] {
            assert_eq!(ResultKind::parse(w), None, "{w}");
        }
    }

    #[test]
    fn a_move_stays_eight_bytes() {
        assert_eq!(std::mem::size_of::<Move>(), 8);
    }

    /// Each kind field has one meaning: a board move never shows a drop face, a drop never a
    /// promotion, and the constructors fill the same bytes the canonical key (and so the
    /// canonical order and seeded games) reads.
    #[test]
    fn a_move_is_a_board_move_or_a_drop() {
        let (a, b, k, f) = (Square(3), Square(12), Kind(2), Kind(5));
        let plain = Move::board(a, b);
        assert_eq!((plain.from, plain.to, plain.die), (a, b, 0));
        assert!(!plain.is_drop());
        assert_eq!(
            (plain.dropped(), plain.promotes_to(), plain.drop_face()),
            (None, None, None)
        );
        let promoting = Move::board_promoting(a, b, k).with_die(4);
        assert_eq!(
            (promoting.promotes_to(), promoting.drop_face()),
            (Some(k), None)
        );
        assert_eq!(
            (promoting.dropped(), promoting.shown(), promoting.die),
            (None, Some(k), 4)
        );
        let drop = Move::hand_drop(k, None, b);
        assert!(drop.is_drop());
        assert_eq!((drop.from, drop.to), (b, b));
        assert_eq!(
            (drop.dropped(), drop.promotes_to(), drop.drop_face()),
            (Some(k), None, None)
        );
        let face = Move::hand_drop(k, Some(f), b);
        assert_eq!(
            (face.dropped(), face.promotes_to(), face.drop_face()),
            (Some(k), None, Some(f))
        );
        assert_eq!(face.shown(), Some(f));
        // Keys by hand: from << 40 | to << 32 | (shown + 1) << 24 | (dropped + 1) << 16 |
        // die << 8 | (wall + 1), the wall byte 0 for none.
        assert_eq!(plain.canonical_key(), 3 << 40 | 12 << 32);
        assert_eq!(
            promoting.canonical_key(),
            3 << 40 | 12 << 32 | 3 << 24 | 4 << 8
        );
        assert_eq!(
            face.canonical_key(),
            12 << 40 | 12 << 32 | 6 << 24 | 3 << 16
        );
        let walled = plain.with_wall(Square(20));
        assert_eq!(walled.canonical_key(), 3 << 40 | 12 << 32 | 21);
        assert_eq!(Move::from_canonical_key(walled.canonical_key()), walled);
        for m in [plain, promoting, drop, face] {
            assert_eq!(Move::from_canonical_key(m.canonical_key()), m);
        }
        assert_ne!(promoting.with_die(0), drop);
    }

    #[test]
    fn canonical_order_is_from_to_promotion_drop_die() {
        let m = |from: u8, to: u8, promotion: Option<u8>, drop: Option<u8>, die: u8| Move {
            from: Square(from),
            to: Square(to),
            shown: promotion.map(Kind),
            die,
            dropped: drop.map(Kind),
            wall: NO_WALL,
        };
        let sorted = [
            m(0, 9, None, None, 6),
            m(1, 0, None, None, 0),
            m(1, 2, None, None, 5),
            m(1, 2, Some(0), None, 1),
            m(1, 2, Some(3), None, 1),
            m(2, 2, None, None, 0),
            m(2, 2, None, Some(0), 0),
            m(2, 2, None, Some(0), 4),
            m(255, 255, Some(61), Some(61), 6),
        ];
        let mut moves = sorted;
        moves.reverse();
        moves.swap(1, 5);
        canonical_order(&mut moves);
        assert_eq!(moves, sorted);
        assert!(sorted.windows(2).all(|w| w[0] < w[1]));
        // A wall orders last, after the same move without one, and the key reads back.
        let walled = m(0, 1, None, None, 0).with_wall(Square(7));
        assert!(walled > m(0, 1, None, None, 0) && walled < m(0, 2, None, None, 0));
        assert!(walled < m(0, 1, None, None, 0).with_wall(Square(8)));
        assert_eq!(Move::from_canonical_key(walled.canonical_key()), walled);
        assert_eq!(walled.wall(), Some(Square(7)));
        assert_eq!(m(0, 1, None, None, 0).wall(), None);
    }

    #[test]
    fn piece_fields_round_trip() {
        for k in 0..MAX_KINDS as u8 {
            for s in 0..MAX_SEATS as u8 {
                for o in 0..MAX_ORIENTS as u8 {
                    let p = Piece::new(Kind(k), Seat(s), o);
                    assert!(!p.is_empty());
                    assert_eq!((p.kind(), p.owner(), p.orient()), (Kind(k), Seat(s), o));
                    assert_eq!(p.with_kind(Kind(3)).owner(), Seat(s));
                }
            }
        }
    }

    #[test]
    fn seat_set_holds_each_seat_once_in_order() {
        let mut s = SeatSet::default();
        assert!(s.is_empty());
        for i in [6u8, 0, 3, 3] {
            s.insert(Seat(i));
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), [Seat(0), Seat(3), Seat(6)]);
        assert_eq!(
            (s.len(), s.bits(), s.first()),
            (3, 0b100_1001, Some(Seat(0)))
        );
        s.remove(Seat(0));
        assert!(!s.contains(Seat(0)) && s.contains(Seat(3)));
        assert_eq!(SeatSet::all(4).bits(), 0b1111);
        assert_eq!(SeatSet::all(4).without(Seat(1)), SeatSet::from_bits(0b1101));
        assert_eq!(SeatSet::all(7).len(), 7);
        assert_eq!(
            SeatSet::from(Seat(2)) | SeatSet::one(Seat(5)),
            SeatSet::from_bits(0b10_0100)
        );
        assert_eq!(
            SeatSet::all(4) - SeatSet::one(Seat(0)),
            SeatSet::from_bits(0b1110)
        );
        assert_eq!(
            [Seat(1), Seat(2)].into_iter().collect::<SeatSet>().bits(),
            0b110
        );
        assert_eq!(SeatSet::EMPTY.iter().next(), None);
    }

    #[test]
    fn square_set_iterates_in_order() {
        let mut s = SquareSet::default();
        for i in [0u8, 5, 63, 64, 200, 255] {
            s.insert(i);
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 5, 63, 64, 200, 255]);
        assert_eq!(s.len(), 6);
        s.remove(63);
        assert!(!s.contains(63));
        assert_eq!(s.first(), Some(0));
    }

    /// The squares come out in ascending order across all four words, each once, and the
    /// iterator stays finished.
    #[test]
    fn a_square_set_iterates_in_ascending_order() {
        let squares = [0u8, 1, 63, 64, 100, 128, 191, 192, 254, 255];
        let mut set = SquareSet::default();
        for &sq in squares.iter().rev() {
            set.insert(sq);
        }
        assert_eq!(set.iter().collect::<Vec<_>>(), squares);
        assert_eq!(SquareSet::default().iter().next(), None);
        let mut only_last = SquareSet::default();
        only_last.insert(200);
        let mut it = only_last.iter();
        assert_eq!((it.next(), it.next(), it.next()), (Some(200), None, None));
    }
}
