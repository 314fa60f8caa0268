//! Bitboards for boards of at most 64 squares (one word) or 128 (two words, [`Word`]): a
//! [`MoveTable`]'s leaps and rays as square masks (bit `i` = square index `i`,
//! `rank * files + file`, as [`crate::geometry`] numbers them), so that a piece's targets
//! come from a few word operations instead of a walk.
//!
//! Leaps are looked up: per (kind, orientation, square) entry, the targets of its leaps by
//! mode. Rays (sliders, at any range) use the simplest fast method, measured against the walk
//! (see [`BitTable`]): a ray's squares lie along one board vector, so their indices rise or
//! fall together and the first piece on a ray is the lowest (rising) or highest (falling) set
//! bit of `mask & occupied`; the ray reaches the squares up to it. No magic numbers, no
//! per-occupancy tables, any rectangular board up to 64 squares.
//!
//! An entry the masks cannot say exactly is marked to be walked as before: a lame leap
//! (its path must be empty), or two steps of a common mode reaching a common square (the walk
//! lists such a move twice, a set once). Hops stay on the tables.

use super::movetable::{CAPTURE, EN_PASSANT, INITIAL, MoveTable, QUIET};
use crate::vocab::SquareSet;

/// The bitboard view of one [`MoveTable`] entry, its squares as a [`Word`] (one word by
/// default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EntryBits<W = u64> {
    /// Targets of the entry's leaps that may move to an empty square.
    pub quiet: W,
    /// Targets of the entry's leaps that may capture.
    pub capture: W,
    /// True if the masks say the entry exactly; false: walk it.
    pub fits: bool,
    /// True if every ray of the entry both moves and captures (the usual slider): its reach
    /// serves both masks.
    pub rays_both: bool,
    /// The entry's rays: start in [`BitTable::rays`] (as [`MoveTable::rays`]).
    pub ray_start: u32,
    /// The entry's rays: their number.
    pub ray_len: u16,
}

/// A square set as machine words, bit `i` = square index `i`: one word ([`u64`]) for boards
/// of at most 64 squares, two ([`u128`]) for boards of at most 128. The bitboard code is
/// written once over this trait and monomorphised for each width, so the two widths share
/// one implementation.
pub trait Word:
    Copy
    + Default
    + Eq
    + std::fmt::Debug
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::BitAndAssign
    + std::ops::BitOrAssign
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// Every square the word can hold.
    const ONES: Self;
    /// Squares the word can hold (64 or 128).
    const BITS: u32;

    /// The set of square index `i` alone (`i` below [`BITS`](Self::BITS)).
    fn bit(i: u8) -> Self;

    /// True if square index `i` is in the set.
    #[inline(always)]
    fn has(self, i: u8) -> bool {
        self & Self::bit(i) != Self::ZERO
    }

    /// The lowest square index in the set (the set must not be empty).
    fn lowest(self) -> u8;

    /// The highest square index in the set (the set must not be empty).
    fn highest(self) -> u8;

    /// The number of squares in the set.
    fn count(self) -> u32;

    /// The set without its lowest square.
    fn clear_lowest(self) -> Self;

    /// The squares of `s` the word can hold (its first [`BITS`](Self::BITS) indices).
    fn from_set(s: SquareSet) -> Self;

    /// The squares of a two-word set the word can hold.
    fn from_u128(s: u128) -> Self;

    /// The set as a [`SquareSet`].
    fn to_set(self) -> SquareSet;

    /// The set's squares 0 to 63 and 64 to 127 as two words (the second is 0 for [`u64`]):
    /// a loop over a set's squares runs word by word, which costs a two-word set no
    /// carry between its halves at each square.
    fn halves(self) -> [u64; 2];
}

/// Calls `f` with each square index of `set`, in ascending order, word by word
/// ([`Word::halves`]).
#[inline(always)]
pub fn for_each_square<W: Word>(set: W, mut f: impl FnMut(u8)) {
    for (base, mut w) in [0u8, 64].into_iter().zip(set.halves()) {
        while w != 0 {
            f(base + w.trailing_zeros() as u8);
            w &= w - 1;
        }
    }
}

/// [`Word`] for an unsigned integer type of `$bits` bits, whose words `from_set` reads from
/// a [`SquareSet`] (`$from`) and `to_set` writes back (`$to`).
macro_rules! word {
    ($t:ty, $bits:expr, $from:expr, $to:expr, $halves:expr) => {
        impl Word for $t {
            const ZERO: $t = 0;
            const ONES: $t = <$t>::MAX;
            const BITS: u32 = $bits;

            #[inline(always)]
            fn bit(i: u8) -> $t {
                1 << i
            }

            #[inline(always)]
            fn lowest(self) -> u8 {
                self.trailing_zeros() as u8
            }

            #[inline(always)]
            fn highest(self) -> u8 {
                ($bits - 1 - self.leading_zeros()) as u8
            }

            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline(always)]
            fn clear_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }

            #[inline(always)]
            fn from_set(s: SquareSet) -> $t {
                $from(s)
            }

            #[inline(always)]
            fn from_u128(s: u128) -> $t {
                s as $t
            }

            #[inline(always)]
            fn to_set(self) -> SquareSet {
                $to(self)
            }

            #[inline(always)]
            fn halves(self) -> [u64; 2] {
                $halves(self)
            }
        }
    };
}

word!(
    u64,
    64,
    |s: SquareSet| s.0[0],
    |w| SquareSet([w, 0, 0, 0]),
    |w| [w, 0]
);
word!(
    u128,
    128,
    |s: SquareSet| (s.0[1] as u128) << 64 | s.0[0] as u128,
    |w: u128| SquareSet([w as u64, (w >> 64) as u64, 0, 0]),
    |w: u128| [w as u64, (w >> 64) as u64]
);

/// The bitboard view of one [`MoveTable`] ray (or reverse attack line), its squares as a
/// [`Word`] (one word by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RayBits<W = u64> {
    /// The ray's squares.
    pub mask: W,
    /// True if the squares' indices rise going away from the origin.
    pub up: bool,
    /// [`QUIET`] | [`CAPTURE`] bits.
    pub mode: u8,
}

/// Bitboards for a move table on a board of at most `W::BITS` squares (64 for [`u64`], the
/// default; 128 for [`u128`]); empty on larger boards.
///
/// Measured with callgrind on chess perft(4) (release build): the walk generator spent 48.1 M
/// instructions in `pseudo_moves_for`; see the README's speed table for the totals.
#[derive(Clone, Debug)]
pub struct BitTable<W = u64> {
    /// Per entry, indexed as [`MoveTable::entries`].
    pub entries: Vec<EntryBits<W>>,
    /// Per ray, indexed as [`MoveTable::rays`].
    pub rays: Vec<RayBits<W>>,
    /// Per square: the squares from which some entry has an en-passant ([`EN_PASSANT`]) leap
    /// onto it (the special table's; empty without such leaps).
    pub ep_from: Vec<W>,
    /// Per (kind, orientation) combo: its first-move ([`INITIAL`]) leaps as shapes shared by
    /// many squares ([`FirstLeaps`]), so that the leaps of every piece holding its right are
    /// found by a few shifts (the special table's; empty without bitboards).
    pub first: Vec<FirstLeaps>,
    /// The shapes of every combo's [`FirstLeaps`], indexed by their `start`.
    pub first_shapes: Vec<FirstShape<W>>,
    /// True if the table has entries and every one fits ([`EntryBits::fits`]): then every
    /// piece's targets come from [`targets`](Self::targets), in square order.
    pub all_fit: bool,
}

impl<W: Word> Default for BitTable<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

/// The most squares a [`FirstShape`]'s leap may pass through (a longer lame first-move leap
/// leaves its combo to the walk).
pub const FIRST_BLOCKS: usize = 3;

/// One first-move leap shape of a combo: from every square of `origins` a leap to the square
/// `to` index steps away, through the squares `blocks[..nblock]` steps away (all must be
/// empty), with modality `mode` ([`QUIET`] | [`CAPTURE`]). Square indices differ by the same
/// amount for a vector anywhere on a rectangular board, so the targets of a set of origins
/// are that set shifted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FirstShape<W = u64> {
    /// The squares whose entry has this leap.
    pub origins: W,
    /// The target's index minus the origin's.
    pub to: i8,
    /// The passed squares' indices minus the origin's (the first `nblock`).
    pub blocks: [i8; FIRST_BLOCKS],
    /// The number of passed squares.
    pub nblock: u8,
    /// [`QUIET`] | [`CAPTURE`] bits.
    pub mode: u8,
}

/// A combo's first-move leaps as shapes ([`FirstShape`]): `first_shapes[start..start + len]`.
/// `exact` is false where the shapes cannot say the entries: a first-move ray, a first-move
/// leap that is also en passant, or one passing more than [`FIRST_BLOCKS`] squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FirstLeaps {
    /// Start in [`BitTable::first_shapes`].
    pub start: u32,
    /// The number of shapes.
    pub len: u16,
    /// True if the shapes are every first-move step of the combo's entries.
    pub exact: bool,
}

/// The squares of `set` moved `by` index steps (a negative `by` moves them down); squares
/// moved off the word are lost.
#[inline(always)]
pub fn shift<W: Word>(set: W, by: i8) -> W {
    if by >= 0 {
        set << by as u32
    } else {
        set >> -(by as i32) as u32
    }
}

/// The squares a ray `r` reaches on a board whose occupied squares are `occ`: its squares up
/// to and including the first occupied one.
#[inline(always)]
pub fn ray_reach<W: Word>(r: RayBits<W>, occ: W) -> W {
    let blockers = r.mask & occ;
    if blockers == W::ZERO {
        r.mask
    } else if r.up {
        // Squares at or below the lowest blocker.
        let b = blockers.lowest() as u32;
        r.mask & (W::ONES >> (W::BITS - 1 - b))
    } else {
        // Squares at or above the highest blocker.
        let b = blockers.highest() as u32;
        r.mask & (W::ONES << b)
    }
}

impl<W: Word> BitTable<W> {
    /// No bitboards: every entry is walked.
    pub const EMPTY: BitTable<W> = BitTable {
        entries: Vec::new(),
        rays: Vec::new(),
        ep_from: Vec::new(),
        first: Vec::new(),
        first_shapes: Vec::new(),
        all_fit: false,
    };

    /// Builds the bitboard view of `t` (built for a board of `n_squares` squares): empty if the
    /// board has more than `W::BITS` squares, or (`lower`) at most `lower` (a narrower word
    /// serves it).
    pub fn build(t: &MoveTable, n_squares: usize, lower: usize) -> BitTable<W> {
        if n_squares > W::BITS as usize || n_squares <= lower {
            return BitTable::default();
        }
        let rays = t
            .rays
            .iter()
            .map(|r| RayBits {
                mask: t.ray(r).iter().fold(W::ZERO, |m, &s| m | W::bit(s)),
                up: false,
                mode: r.mode,
            })
            .collect();
        let mut bt = BitTable {
            entries: Vec::with_capacity(t.entries.len()),
            rays,
            ep_from: vec![W::ZERO; n_squares],
            ..BitTable::default()
        };
        for (i, e) in t.entries.iter().enumerate() {
            let from = (i % n_squares) as u8;
            for l in t.leaps_of(e).iter().filter(|l| l.mode & EN_PASSANT != 0) {
                bt.ep_from[l.to as usize] |= W::bit(from);
            }
            for (j, r) in t.rays_of(e).iter().enumerate() {
                bt.rays[e.ray_start as usize + j].up = t.ray(r)[0] > from;
            }
            bt.entries.push(bt.entry_bits(t, e));
        }
        for combo in t.entries.chunks(n_squares) {
            let first = bt.first_leaps(t, combo);
            bt.first.push(first);
        }
        bt.all_fit = !bt.entries.is_empty() && bt.entries.iter().all(|e| e.fits);
        bt
    }

    /// The first-move leaps of one combo's entries (`entries`, square by square) as shapes.
    fn first_leaps(&mut self, t: &MoveTable, entries: &[super::movetable::Entry]) -> FirstLeaps {
        let start = self.first_shapes.len();
        let mut exact = true;
        for (from, e) in entries.iter().enumerate() {
            exact &= t.rays_of(e).iter().all(|r| r.mode & INITIAL == 0);
            for l in t.leaps_of(e).iter().filter(|l| l.mode & INITIAL != 0) {
                let blocks = t.blocks_of(l);
                if l.mode & EN_PASSANT != 0 || blocks.len() > FIRST_BLOCKS {
                    exact = false;
                    continue;
                }
                let delta = |s: u8| (s as i32 - from as i32) as i8;
                let mut shape = FirstShape {
                    to: delta(l.to),
                    nblock: blocks.len() as u8,
                    mode: l.mode & (QUIET | CAPTURE),
                    ..FirstShape::default()
                };
                for (b, &sq) in shape.blocks.iter_mut().zip(blocks) {
                    *b = delta(sq);
                }
                let same = |s: &&mut FirstShape<W>| {
                    FirstShape {
                        origins: W::ZERO,
                        ..**s
                    } == shape
                };
                match self.first_shapes[start..].iter_mut().find(same) {
                    Some(s) => s.origins |= W::bit(from as u8),
                    None => self.first_shapes.push(FirstShape {
                        origins: W::bit(from as u8),
                        ..shape
                    }),
                }
            }
        }
        FirstLeaps {
            start: start as u32,
            len: (self.first_shapes.len() - start) as u16,
            exact,
        }
    }

    /// The bits of entry `e`: its leaps' masks, fitting if no leap is lame and no two steps of
    /// a common mode share a square.
    fn entry_bits(&self, t: &MoveTable, e: &super::movetable::Entry) -> EntryBits<W> {
        let mut bits = EntryBits {
            fits: true,
            ray_start: e.ray_start,
            ray_len: e.ray_len,
            ..EntryBits::default()
        };
        // Every step's (mask, mode), to find overlaps.
        let mut seen_quiet = W::ZERO;
        let mut seen_capture = W::ZERO;
        let mut add = |mask: W, mode: u8, bits: &mut EntryBits<W>| {
            if (mode & QUIET != 0 && seen_quiet & mask != W::ZERO)
                || (mode & CAPTURE != 0 && seen_capture & mask != W::ZERO)
            {
                bits.fits = false;
            }
            if mode & QUIET != 0 {
                seen_quiet |= mask;
            }
            if mode & CAPTURE != 0 {
                seen_capture |= mask;
            }
        };
        for l in t.leaps_of(e) {
            let mask = W::bit(l.to);
            if l.nblock != 0 {
                bits.fits = false;
            }
            add(mask, l.mode, &mut bits);
            if l.mode & QUIET != 0 {
                bits.quiet |= mask;
            }
            if l.mode & CAPTURE != 0 {
                bits.capture |= mask;
            }
        }
        let rays = &self.rays[e.ray_start as usize..e.ray_start as usize + e.ray_len as usize];
        for r in rays {
            add(r.mask, r.mode, &mut bits);
        }
        bits.rays_both = rays
            .iter()
            .all(|r| r.mode & (QUIET | CAPTURE) == QUIET | CAPTURE);
        bits
    }

    /// For the piece of (kind, orientation) `combo` on `from` (`MoveTable::entry`'s index), on
    /// a board whose occupied squares are `occ`: `(quiet, capture)`, the empty squares it may
    /// move to and the occupied squares it may capture on (whoever stands there; the caller
    /// decides). `None` if the table has no bitboards or the entry must be walked.
    #[inline(always)]
    pub fn targets(&self, t: &MoveTable, combo: usize, from: u8, occ: W) -> Option<(W, W)> {
        let i = combo * t.n_squares + from as usize;
        let eb = self.entries.get(i)?;
        if !eb.fits {
            return None;
        }
        let mut quiet = eb.quiet;
        let mut capture = eb.capture;
        let rays = &self.rays[eb.ray_start as usize..eb.ray_start as usize + eb.ray_len as usize];
        if eb.rays_both {
            let reach = rays.iter().fold(W::ZERO, |a, &r| a | ray_reach(r, occ));
            return Some(((quiet | reach) & !occ, (capture | reach) & occ));
        }
        for &r in rays {
            let reach = ray_reach(r, occ);
            if r.mode & QUIET != 0 {
                quiet |= reach;
            }
            if r.mode & CAPTURE != 0 {
                capture |= reach;
            }
        }
        Some((quiet & !occ, capture & occ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dsl::parse_betza;
    use crate::geometry::{Board, Edge, Orientation, Square};

    /// Every piece of a few Betza strings on every square of a few boards, on random
    /// occupancies: the bitboard targets equal the walk's (the move table's own walk, checked
    /// against the reference generator by the move table's tests), on one word up to 64
    /// squares and on two up to 128.
    #[test]
    fn bitboard_targets_equal_the_walk() {
        let one = [(8, 8), (5, 5), (7, 7), (6, 8), (9, 7), (4, 16), (1, 8)];
        targets_equal_the_walk(&one, |t| t.bits.clone());
        // Across the word boundary: shogi's 9x9, capablanca's 10x8, a 16-file board whose
        // ranks straddle it, and the largest two-word boards.
        let two = [
            (9, 9),
            (10, 8),
            (16, 5),
            (11, 11),
            (8, 16),
            (13, 9),
            (1, 100),
        ];
        targets_equal_the_walk(&two, |t| BitTable::<u128>::build(t, t.n_squares, 64));
    }

    /// [`bitboard_targets_equal_the_walk`] on `boards`, with the table's bitboards that
    /// `bits` picks (which must have every entry).
    fn targets_equal_the_walk<W: Word>(
        boards: &[(u8, u8)],
        bits: impl Fn(&MoveTable) -> BitTable<W>,
    ) {
        let betzas = [
            "K", "N", "Q", "R", "B", "fmWfcF", "mRcB", "R2N", "WAD", "mQ3cK", "fR",
        ];
        let o = Orientation {
            edge: Edge::North,
            mirrored: true,
        };
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut rand = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for &(files, ranks) in boards {
            let board = Board { files, ranks };
            let steps: Vec<_> = betzas
                .iter()
                .map(|b| parse_betza(b).unwrap().steps())
                .collect();
            let t = MoveTable::build(board, &[o], &steps);
            let bt = &bits(&t);
            assert_eq!(bt.entries.len(), t.entries.len(), "{files}x{ranks}");
            for _ in 0..40 {
                let mut mailbox = [crate::vocab::Piece::EMPTY; 256];
                let wall =
                    crate::vocab::Piece::new(crate::vocab::Kind(0), crate::vocab::Seat(0), 0);
                let mut occ = W::ZERO;
                for s in 0..board.len() as u8 {
                    if rand() % 4 == 0 {
                        occ |= W::bit(s);
                        mailbox[s as usize] = wall;
                    }
                }
                for (k, betza) in betzas.iter().enumerate() {
                    for sq in board.squares() {
                        let Square(from) = sq;
                        let (mut quiet, mut capture) = (W::ZERO, W::ZERO);
                        t.walk(
                            k,
                            from,
                            &mailbox,
                            |p| !p.is_empty(),
                            |to, mode, p| {
                                if p.is_empty() && mode & QUIET != 0 {
                                    quiet |= W::bit(to);
                                }
                                if !p.is_empty() && mode & CAPTURE != 0 {
                                    capture |= W::bit(to);
                                }
                            },
                        );
                        let got = bt.targets(&t, k, from, occ);
                        assert_eq!(
                            got,
                            Some((quiet, capture)),
                            "{betza} on {} of {files}x{ranks}, occupancy {occ:?}",
                            board.name(sq)
                        );
                    }
                }
            }
        }
    }

    /// Lame leaps and doubled steps are walked; boards over 64 squares have no one-word
    /// bitboards, and boards of at most 64 or over 128 no two-word ones.
    #[test]
    fn entries_the_masks_cannot_say_are_walked() {
        let board = Board { files: 9, ranks: 7 };
        let o = Orientation {
            edge: Edge::South,
            mirrored: false,
        };
        let betza = |b: &str| parse_betza(b).unwrap().steps();
        // A wazir's leaps listed twice (a union of Betza strings merges them; a table built
        // from raw steps keeps both).
        let doubled = [betza("W"), betza("mW")].concat();
        let steps = vec![betza("nN"), doubled, betza("K")];
        // The table on a board of `files` x `ranks` squares, and its two-word bitboards.
        let tables = |files, ranks| {
            let t = MoveTable::build(Board { files, ranks }, &[o], &steps);
            let two = BitTable::<u128>::build(&t, t.n_squares, 64);
            (t, two)
        };
        let (t, two) = tables(9, 7);
        assert!(two.entries.is_empty());
        let e4 = board.parse_square("e4").unwrap().0;
        assert_eq!(t.bits.targets(&t, 0, e4, 0), None);
        assert_eq!(t.bits.targets(&t, 1, e4, 0), None);
        assert!(t.bits.targets(&t, 2, e4, 0).is_some());
        let (t, two) = tables(9, 10);
        assert!(t.bits.entries.is_empty());
        assert_eq!(two.targets(&t, 0, e4, 0), None);
        assert!(two.targets(&t, 2, e4, 0).is_some());
        let (t, two) = tables(12, 11);
        assert!(t.bits.entries.is_empty() && two.entries.is_empty());
    }
}
