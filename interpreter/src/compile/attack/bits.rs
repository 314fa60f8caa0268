//! The reverse attack tables as bitboards, for boards of at most 128 squares (bit `i` = square
//! index `i`; one word up to 64 squares, two up to 128, the same code over [`Word`]): "is this
//! square attacked?" and the pins of [`AttackTable::exposers`] from a few
//! word operations on the occupied squares and the attackers' squares, Fairy-Stockfish's way,
//! instead of walking every line square by square.
//!
//! - Leaps (not lame): per square, the squares a leap onto it may start from, any kind
//!   (`leap_sources`); a candidate attacker there is confirmed by its own (kind, orientation,
//!   square) attack mask (`leap_hits`). Usually no attacker stands on any source square and
//!   the test is one `and`.
//! - Lines (sliders at any range): each reverse line is a mask of its squares; the first
//!   piece on it is the lowest or highest set bit of `mask & occupied` ([`ray_reach`]), and it
//!   attacks if it is an attacker whose kind moves along that line. A line holding no
//!   attacker at all is skipped with one `and`.
//! - Lame leaps and hops stay on the tables (they read the mailbox).
//!
//! The mailbox `board` must agree with the bitboards the caller passes: the tests compare
//! these with the table walks ([`AttackTable::attacked`], [`AttackTable::exposers`]) on random
//! walks of every built-in (`tests/tests/pins.rs`) and on hand positions.

use super::AttackTable;
use crate::compile::bitboard::{RayBits, Word, ray_reach};
use crate::vocab::{Piece, Seat, SeatSet, SquareSet};

/// Bitboards of an [`AttackTable`] in words `W`, on a board of at most `W::BITS` squares;
/// empty on larger boards (and, for two words, on boards one word holds).
#[derive(Clone, Debug, Default)]
pub struct AttackBits<W> {
    /// Squares on the board (0: no bitboards).
    n_squares: usize,
    /// Per square: the squares a leap (not lame) of any kind onto it may start from.
    leap_sources: Vec<W>,
    /// Per (combo, square), indexed `combo * n_squares + square`: the squares a piece of that
    /// (kind, orientation) there attacks by leaps that are not lame.
    leap_hits: Vec<W>,
    /// Per reverse line (parallel to [`AttackTable`]'s `rev_rays`): its squares as a mask.
    rays: Vec<RayBits<W>>,
    /// Per square: the union of its reverse lines' masks.
    ray_union: Vec<W>,
    /// True if some reverse leap is lame (its blocks are then read from the table).
    has_lame: bool,
}

impl<W: Word> AttackBits<W> {
    /// The bitboards of `t` (its reverse leaps and lines already built) for `n_combos`
    /// (kind, orientation) pairs on a board of `n_squares` squares; empty over `W::BITS`
    /// squares.
    pub(super) fn build(t: &AttackTable, n_squares: usize, n_combos: usize) -> AttackBits<W> {
        if n_squares == 0 || n_squares > W::BITS as usize {
            return AttackBits::default();
        }
        let mut b = AttackBits {
            n_squares,
            leap_sources: vec![W::ZERO; n_squares],
            leap_hits: vec![W::ZERO; n_squares * n_combos],
            rays: Vec::with_capacity(t.rev_rays.len()),
            ray_union: vec![W::ZERO; n_squares],
            has_lame: false,
        };
        for sq in 0..n_squares {
            let (start, len) = t.leap_index[sq];
            for r in &t.rev_leaps[start as usize..(start + len) as usize] {
                if r.nblock != 0 {
                    b.has_lame = true;
                    continue;
                }
                b.leap_sources[sq] |= W::bit(r.from);
                for c in 0..n_combos {
                    if t.can_leap[c * t.n_leap_types + r.ty as usize] {
                        b.leap_hits[c * n_squares + r.from as usize] |= W::bit(sq as u8);
                    }
                }
            }
            let (start, len) = t.ray_index[sq];
            for r in &t.rev_rays[start as usize..(start + len) as usize] {
                let squares = &t.ray_squares[r.start as usize..(r.start as usize + r.len as usize)];
                let mask = squares.iter().fold(W::ZERO, |m, &s| m | W::bit(s));
                b.ray_union[sq] |= mask;
                b.rays.push(RayBits {
                    mask,
                    up: squares[0] as usize > sq,
                    mode: 0,
                });
            }
        }
        b
    }

    /// True if some reverse leap is lame.
    #[inline]
    pub(super) fn lame(&self) -> bool {
        self.has_lame
    }

    /// True if the table has bitboards of this width.
    #[inline]
    pub(super) fn present(&self) -> bool {
        self.n_squares != 0
    }
}

/// A [`Word`] width the reverse attack tables keep bitboards of: [`u64`] for boards of at
/// most 64 squares, [`u128`] for boards of 65 to 128 without lame leaps ([`AttackTable::words`]
/// says which one a table has).
pub trait AttackWord: Word {
    /// The table's bitboards of this width (empty if the table has the other width or none).
    fn attack_bits(t: &AttackTable) -> &AttackBits<Self>;
}

impl AttackWord for u64 {
    #[inline(always)]
    fn attack_bits(t: &AttackTable) -> &AttackBits<u64> {
        &t.bits
    }
}

impl AttackWord for u128 {
    #[inline(always)]
    fn attack_bits(t: &AttackTable) -> &AttackBits<u128> {
        &t.bits2
    }
}

impl AttackTable {
    /// The words of the bitboard tests ([`attacked_bits`](Self::attacked_bits),
    /// [`exposers_bits`](Self::exposers_bits), …): 1 (their `W` is [`u64`]) on a board of at
    /// most 64 squares, 2 ([`u128`]) on one of 65 to 128 where no kind leaps lamely, 0
    /// (none: walk the tables) on a larger one or one with lame leaps.
    #[inline]
    pub fn words(&self) -> u8 {
        if self.bits.present() {
            1
        } else if self.bits2.present() {
            2
        } else {
            0
        }
    }

    /// The squares from which a piece of some kind could attack a square of `targets` by a
    /// leap or along a line, whatever stands between (every square an attacker of one of
    /// them could stand on, and more); `None` where the table has no bitboards of width `W`,
    /// or hops or lame leaps, which could attack from elsewhere.
    pub fn reach_sources<W: AttackWord>(&self, mut targets: W) -> Option<W> {
        let b = W::attack_bits(self);
        if !b.present() || b.has_lame || self.has_hops {
            return None;
        }
        let mut sources = W::ZERO;
        while targets != W::ZERO {
            let t = targets.lowest() as usize;
            targets = targets.clear_lowest();
            sources |= b.leap_sources[t] | b.ray_union[t];
        }
        Some(sources)
    }

    /// [`attacked`](Self::attacked) on bitboards: true if a live piece of `seats` attacks
    /// `sq`, where `occ` holds every occupied square (dead pieces included), `attackers` the
    /// squares of the live pieces of `seats` and `sliding` those of them whose kind is in
    /// [`ray_kinds`](Self::ray_kinds) (or any superset of those within `attackers`), all
    /// agreeing with the mailbox `board` (which identifies a line's first piece and feeds the
    /// lame leaps and hops). Only when
    /// [`words`](Self::words) is `W`'s.
    #[inline]
    pub fn attacked_bits<W: AttackWord>(
        &self,
        board: &[Piece],
        sq: u8,
        seats: SeatSet,
        (occ, attackers, sliding): (W, W, W),
    ) -> bool {
        let b = W::attack_bits(self);
        let n = b.n_squares;
        let mut cand = b.leap_sources[sq as usize] & attackers;
        while cand != W::ZERO {
            let s = cand.lowest() as usize;
            cand = cand.clear_lowest();
            if b.leap_hits[board[s].combo(self.n_orients) * n + s].has(sq) {
                return true;
            }
        }
        if b.has_lame && self.lame_attacks(board, sq, (occ, attackers), |_| ()) {
            return true;
        }
        // Most lines hold no piece that could attack along them: one test skips them all.
        if b.ray_union[sq as usize] & sliding != W::ZERO {
            let (start, len) = self.ray_index[sq as usize];
            let (start, end) = (start as usize, (start + len) as usize);
            for (r, &rb) in self.rev_rays[start..end].iter().zip(&b.rays[start..end]) {
                if rb.mask & sliding == W::ZERO {
                    continue;
                }
                let first = ray_reach(rb, occ) & sliding;
                if first != W::ZERO && self.ray_attacker(board, r, first.lowest()) {
                    return true;
                }
            }
        }
        let live = |p: Piece| !p.is_empty() && !p.is_dead() && seats.contains(p.owner());
        self.has_hops && self.hop_attacked(board, sq, &live)
    }

    /// [`exposers`](Self::exposers) on bitboards, for a royal piece of `mover` on `sq`: `occ`
    /// holds every occupied square, `own` `mover`'s pieces (dead ones too) and `others` the
    /// live pieces of every other seat (and ownerless live pieces), all agreeing with the
    /// mailbox `board`. Only when [`words`](Self::words) is `W`'s.
    pub fn exposers_bits<W: AttackWord>(
        &self,
        board: &[Piece],
        sq: u8,
        mover: Seat,
        (occ, own, others): (W, W, W),
    ) -> Option<(SquareSet, SquareSet)> {
        let b = W::attack_bits(self);
        let n = b.n_squares;
        let mut cand = b.leap_sources[sq as usize] & others;
        while cand != W::ZERO {
            let s = cand.lowest() as usize;
            cand = cand.clear_lowest();
            if b.leap_hits[board[s].combo(self.n_orients) * n + s].has(sq) {
                return None;
            }
        }
        let mut vacate = SquareSet::default();
        if b.has_lame {
            let blocks = |s: u8| vacate.insert(s);
            if self.lame_attacks(board, sq, (occ, others), blocks) {
                return None;
            }
        }
        let (start, len) = self.ray_index[sq as usize];
        let (start, end) = (start as usize, (start + len) as usize);
        for (r, &rb) in self.rev_rays[start..end].iter().zip(&b.rays[start..end]) {
            if rb.mask & others == W::ZERO {
                continue;
            }
            let first = ray_reach(rb, occ) & occ;
            if first == W::ZERO {
                continue;
            }
            let at = first.lowest();
            if first & own == W::ZERO {
                if first & others != W::ZERO && self.ray_attacker(board, r, at) {
                    return None;
                }
                continue;
            }
            let rest = occ & !first;
            let second = ray_reach(rb, rest) & rest & others;
            if second != W::ZERO && self.ray_attacker(board, r, second.lowest()) {
                vacate.insert(at);
            }
        }
        let mut fill = SquareSet::default();
        if self.has_hops {
            let other = |p: Piece| !p.is_empty() && !p.is_dead() && p.owner() != mover;
            if self.hop_attacked(board, sq, &other) {
                return None;
            }
            self.hop_exposers(board, sq, &other, &mut fill);
            vacate = vacate.union(fill);
        }
        Some((vacate, fill))
    }

    /// For a royal piece of `mover` on `sq`, attacked or not, on the bitboards
    /// [`exposers_bits`](Self::exposers_bits) takes: `(vacate, targets)`, where `vacate`
    /// holds the pinned pieces (as `exposers_bits` finds them) and `targets` the squares a
    /// move of another, unpinned piece of `mover` must land on to leave `sq` unattacked:
    /// every square when none attacks it, the attacker's square and the squares between it
    /// and `sq` along its line when one does, none when two or more do. A move that empties
    /// no square of `vacate`, removes no piece off its target square (no en-passant-like
    /// capture) and lands on `targets` leaves `sq` unattacked, and one landing elsewhere
    /// leaves it attacked. `None` where some kind leaps lamely or hops (their blocks are not
    /// found here). Only when [`words`](Self::words) is `W`'s.
    pub fn evasions_bits<W: AttackWord>(
        &self,
        board: &[Piece],
        sq: u8,
        (occ, own, others): (W, W, W),
    ) -> Option<(W, W)> {
        let b = W::attack_bits(self);
        if self.has_hops || b.has_lame {
            return None;
        }
        let n = b.n_squares;
        let (mut checkers, mut between, mut vacate) = (W::ZERO, W::ZERO, W::ZERO);
        let mut cand = b.leap_sources[sq as usize] & others;
        while cand != W::ZERO {
            let s = cand.lowest() as usize;
            cand = cand.clear_lowest();
            if b.leap_hits[board[s].combo(self.n_orients) * n + s].has(sq) {
                checkers |= W::bit(s as u8);
            }
        }
        let (start, len) = self.ray_index[sq as usize];
        let (start, end) = (start as usize, (start + len) as usize);
        for (r, &rb) in self.rev_rays[start..end].iter().zip(&b.rays[start..end]) {
            if rb.mask & others == W::ZERO {
                continue;
            }
            let reach = ray_reach(rb, occ);
            let first = reach & occ;
            if first == W::ZERO {
                continue;
            }
            let at = first.lowest();
            if first & own == W::ZERO {
                if first & others != W::ZERO && self.ray_attacker(board, r, at) {
                    checkers |= first;
                    between |= reach & !first;
                }
                continue;
            }
            let rest = occ & !first;
            let second = ray_reach(rb, rest) & rest & others;
            if second != W::ZERO && self.ray_attacker(board, r, second.lowest()) {
                vacate |= first;
            }
        }
        let targets = match checkers.count() {
            0 => W::ONES,
            1 => checkers | between,
            _ => W::ZERO,
        };
        Some((vacate, targets))
    }

    /// For a royal piece on `sq`, not attacked, and a piece of its seat on `at` that
    /// [`exposers_bits`](Self::exposers_bits) finds pinned, on the same bitboards: the squares
    /// that piece may move to and leave `sq` unattacked — on every line from `sq` through `at`
    /// that an attacker beyond it would open, the squares up to and including that attacker
    /// (every square where none would). A move of it that takes no other piece off the board
    /// (no en-passant-like capture) is safe exactly when it lands there. `None` where some
    /// kind leaps lamely or hops (a pinned piece may then block those too). Only when
    /// [`words`](Self::words) is `W`'s.
    pub fn pin_line_bits<W: AttackWord>(
        &self,
        board: &[Piece],
        (sq, at): (u8, u8),
        (occ, others): (W, W),
    ) -> Option<W> {
        let b = W::attack_bits(self);
        if self.has_hops || b.has_lame {
            return None;
        }
        let rest = occ & !W::bit(at);
        let mut line = W::ONES;
        let (start, len) = self.ray_index[sq as usize];
        let (start, end) = (start as usize, (start + len) as usize);
        for (r, &rb) in self.rev_rays[start..end].iter().zip(&b.rays[start..end]) {
            if !rb.mask.has(at) || rb.mask & others == W::ZERO {
                continue;
            }
            let reach = ray_reach(rb, rest);
            let beyond = reach & rest & others;
            if beyond != W::ZERO && self.ray_attacker(board, r, beyond.lowest()) {
                line &= reach;
            }
        }
        Some(line)
    }

    /// True if the piece on `s` (one of the attackers) moves along reverse line `r` and may
    /// start there.
    #[inline(always)]
    fn ray_attacker(&self, board: &[Piece], r: &super::RevRay, s: u8) -> bool {
        let p = board[s as usize];
        self.can_ray[p.combo(self.n_orients) * self.n_ray_types + r.ty as usize]
            && self.starts_in(r, s)
    }

    /// The lame leaps onto `sq` from the `attackers` (pieces whose kind leaps that way, read
    /// from the mailbox `board`): true if one has its path empty in `occ`; else false, after
    /// calling `blocked` with each blocking square of each such leap.
    #[inline(never)]
    fn lame_attacks<W: Word>(
        &self,
        board: &[Piece],
        sq: u8,
        (occ, attackers): (W, W),
        mut blocked: impl FnMut(u8),
    ) -> bool {
        let (start, len) = self.leap_index[sq as usize];
        for r in &self.rev_leaps[start as usize..(start + len) as usize] {
            if r.nblock == 0 || !attackers.has(r.from) {
                continue;
            }
            let combo = board[r.from as usize].combo(self.n_orients);
            if !self.can_leap[combo * self.n_leap_types + r.ty as usize] {
                continue;
            }
            let blocks = &self.blocks[r.block as usize..r.block as usize + r.nblock as usize];
            if blocks.iter().all(|&b| !occ.has(b)) {
                return true;
            }
            blocks.iter().for_each(|&b| blocked(b));
        }
        false
    }
}
