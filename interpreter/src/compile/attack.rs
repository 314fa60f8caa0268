//! Reverse attack tables: "is this square attacked by any piece of these seats?" without
//! generating moves.
//!
//! Every capturing step of every (kind, orientation) is reduced to a board-frame *leap type*
//! (vector plus lame path) or *ray type* (direction plus range). For each square the table
//! lists the squares an attacker of each type would stand on (for rays: the squares walking
//! back from the target), and a flag per (kind, orientation, type) says who attacks that way.

mod bits;
mod evasion;

pub use bits::AttackWord;

use super::movetable::{CAPTURE, HopLimits, Movement, line, mode_bits};
use crate::dsl::{Hop, Step};
use crate::geometry::{Board, Orientation, Square};
use crate::vocab::{Piece, Seat, SeatSet, SquareSet};

/// A leap that could attack `square` from `from`.
#[derive(Clone, Copy, Debug)]
struct RevLeap {
    from: u8,
    ty: u16,
    nblock: u8,
    block: u32,
}

/// A ray type walking back from a square: the squares an attacker could stand on.
#[derive(Clone, Copy, Debug)]
struct RevRay {
    ty: u16,
    len: u8,
    /// 0: the attacker may stand anywhere; else 1 + its index in `from_sets`.
    zone: u8,
    start: u32,
}

/// Reverse attack tables for one variant.
#[derive(Clone, Debug, Default)]
pub struct AttackTable {
    n_orients: usize,
    n_leap_types: usize,
    n_ray_types: usize,
    /// Per square: (start, len) into `rev_leaps`.
    leap_index: Vec<(u32, u32)>,
    rev_leaps: Vec<RevLeap>,
    blocks: Vec<u8>,
    /// Per square: (start, len) into `rev_rays`.
    ray_index: Vec<(u32, u32)>,
    rev_rays: Vec<RevRay>,
    ray_squares: Vec<u8>,
    /// `can_leap[combo * n_leap_types + ty]`.
    can_leap: Vec<bool>,
    /// `can_ray[combo * n_ray_types + ty]` (plain rays and hop rays share the types).
    can_ray: Vec<bool>,
    /// The start squares of steps that apply only on some squares (`region-moves:`).
    from_sets: Vec<SquareSet>,
    /// True if some kind hops: [`attacked`](Self::attacked) then walks `rev_hops`.
    has_hops: bool,
    /// Per square: (start, len) into `rev_hops`.
    hop_index: Vec<(u32, u32)>,
    /// Hop lines walking back from a square, with `true` for a grasshopper's.
    rev_hops: Vec<(RevRay, bool)>,
    /// Per kind: what its hops may not pass over or capture.
    hop_limits: Vec<HopLimits>,
    /// The kinds with a capturing ray or hop ray in some orientation (bit per kind): the only
    /// pieces a reverse line may find attacking.
    ray_kinds: u64,
    /// The same tables as one-word bitboards, on boards of at most 64 squares.
    bits: bits::AttackBits<u64>,
    /// The same tables as two-word bitboards, on boards of 65 to 128 squares.
    bits2: bits::AttackBits<u128>,
}

/// Where a step applies, in board squares: the squares it starts from and the squares it
/// stays in (`None`: everywhere).
type Zone = (Option<SquareSet>, Option<SquareSet>);
type LeapType = ((i32, i32), Vec<(i32, i32)>, Zone);
/// (direction, range, zone, hop).
type RayType = ((i32, i32), u8, Zone, Hop);

/// The index of `t` in `types`, added if new.
fn type_index<T: PartialEq>(types: &mut Vec<T>, t: T) -> usize {
    types.iter().position(|x| *x == t).unwrap_or_else(|| {
        types.push(t);
        types.len() - 1
    })
}

impl AttackTable {
    /// Builds the tables for `steps[kind]` (the same on every square) over `orients`.
    pub fn build(board: Board, orients: &[Orientation], steps: &[Vec<Step>]) -> AttackTable {
        let moves: Vec<Movement> = steps.iter().map(|s| Movement::plain(s.clone())).collect();
        AttackTable::build_moves(board, orients, &moves)
    }

    /// Builds the tables for `moves[kind]` over `orients`, with their regions and hops as
    /// [`MoveTable::build_moves`](super::MoveTable::build_moves) compiles them.
    pub fn build_moves(board: Board, orients: &[Orientation], moves: &[Movement]) -> AttackTable {
        let mut leap_types: Vec<LeapType> = Vec::new();
        let mut ray_types: Vec<RayType> = Vec::new();
        // (combo, type) pairs.
        let mut leaps_by: Vec<(usize, usize)> = Vec::new();
        let mut rays_by: Vec<(usize, usize)> = Vec::new();
        for (k, kind) in moves.iter().enumerate() {
            for (oi, &o) in orients.iter().enumerate() {
                let combo = k * orients.len() + oi;
                for (s, from, within) in kind
                    .placed(oi)
                    .into_iter()
                    .filter(|(s, ..)| mode_bits(s.modality) & CAPTURE != 0)
                {
                    let v = o.vector(s.dx as i32, s.dy as i32);
                    if s.range == 1 {
                        let path: Vec<(i32, i32)> = s
                            .lame_squares()
                            .iter()
                            .map(|&(x, y)| o.vector(x as i32, y as i32))
                            .collect();
                        let ty = type_index(&mut leap_types, (v, path, (from, within)));
                        leaps_by.push((combo, ty));
                    } else {
                        let ty = type_index(&mut ray_types, (v, s.range, (from, within), s.hop));
                        rays_by.push((combo, ty));
                    }
                }
            }
        }
        let n_combos = moves.len() * orients.len();
        let mut t = AttackTable {
            n_orients: orients.len(),
            n_leap_types: leap_types.len(),
            n_ray_types: ray_types.len(),
            can_leap: vec![false; n_combos * leap_types.len()],
            can_ray: vec![false; n_combos * ray_types.len()],
            hop_limits: moves.iter().map(|m| m.limits).collect(),
            ..AttackTable::default()
        };
        for (c, ty) in leaps_by {
            t.can_leap[c * t.n_leap_types + ty] = true;
        }
        for (c, ty) in rays_by {
            t.can_ray[c * t.n_ray_types + ty] = true;
            t.ray_kinds |= 1 << (c / orients.len());
        }
        for (_, _, (from, _), _) in &ray_types {
            if let Some(f) = from
                && !t.from_sets.contains(f)
            {
                t.from_sets.push(*f);
            }
        }
        for sq in board.squares() {
            t.add_reverse_leaps(board, sq, &leap_types);
            t.add_reverse_rays(board, sq, &ray_types);
        }
        t.has_hops = !t.rev_hops.is_empty();
        t.bits = bits::AttackBits::build(&t, board.len(), n_combos);
        // Two words only where no kind leaps lamely: xiangqi's lame-leap test on the
        // bitboards (its blocks read one by one) measured 3.5% more instructions in perft(4)
        // than the walk; shogi's 81 squares without lame leaps gain.
        if !t.bits.present() {
            let two = bits::AttackBits::<u128>::build(&t, board.len(), n_combos);
            if !two.lame() {
                t.bits2 = two;
            }
        }
        t
    }

    /// For a royal piece of `mover` on `sq` (square index) on `board` (the mailbox): `None` if
    /// another seat's live piece attacks it now (as [`attacked`](Self::attacked) finds), else
    /// the squares whose change by a move of `mover` could let one attack it: `(vacate,
    /// fill)`, where a move that empties no square of `vacate`, puts a piece on no square of
    /// `fill` and removes no piece elsewhere (no en-passant-like capture) leaves `sq`
    /// unattacked. Only other seats' pieces attack, and a move of `mover` removes none of
    /// them but the one on its target square, which it fills, so:
    /// - `vacate` holds the pinned pieces: `mover`'s first piece on a line walking back from
    ///   `sq` when the next piece on it is another seat's live piece attacking along that
    ///   line, and the blocking squares of the lame leaps of other seats' pieces onto `sq`;
    /// - both hold, on a hop line walking back from `sq`, the squares before each other
    ///   seat's live piece hopping along it with at most two pieces between (one move changes
    ///   that count by at most one, or the kind of a screen by a capture).
    ///
    /// Cost: one walk of each line up to its second piece (hop lines: third), where
    /// [`attacked`](Self::attacked) walks them to their first.
    pub fn exposers(&self, board: &[Piece], sq: u8, mover: Seat) -> Option<(SquareSet, SquareSet)> {
        let other = |p: Piece| !p.is_empty() && !p.is_dead() && p.owner() != mover;
        let mut vacate = SquareSet::default();
        let (start, len) = self.leap_index[sq as usize];
        for r in &self.rev_leaps[start as usize..(start + len) as usize] {
            let p = board[r.from as usize];
            if other(p)
                && self.can_leap[p.combo(self.n_orients) * self.n_leap_types + r.ty as usize]
            {
                let blocks = &self.blocks[r.block as usize..r.block as usize + r.nblock as usize];
                if blocks.iter().all(|&b| board[b as usize].is_empty()) {
                    return None;
                }
                blocks.iter().for_each(|&b| vacate.insert(b));
            }
        }
        let (start, len) = self.ray_index[sq as usize];
        for r in &self.rev_rays[start as usize..(start + len) as usize] {
            let squares = &self.ray_squares[r.start as usize..r.start as usize + r.len as usize];
            let mut pieces = squares.iter().filter(|&&s| !board[s as usize].is_empty());
            let attacks = |s: u8| {
                let p = board[s as usize];
                other(p)
                    && self.can_ray[p.combo(self.n_orients) * self.n_ray_types + r.ty as usize]
                    && self.starts_in(r, s)
            };
            let Some(&first) = pieces.next() else {
                continue;
            };
            if board[first as usize].owner() != mover {
                if attacks(first) {
                    return None;
                }
                continue;
            }
            if pieces.next().is_some_and(|&s| attacks(s)) {
                vacate.insert(first);
            }
        }
        let mut fill = SquareSet::default();
        if self.has_hops {
            if self.hop_attacked(board, sq, &other) {
                return None;
            }
            self.hop_exposers(board, sq, &other, &mut fill);
            vacate = vacate.union(fill);
        }
        Some((vacate, fill))
    }

    /// The hop lines' part of [`exposers`](Self::exposers): adds to `out` the squares before
    /// each hopper `other` accepts with at most two pieces between it and `sq`.
    #[inline(never)]
    fn hop_exposers(
        &self,
        board: &[Piece],
        sq: u8,
        other: &dyn Fn(Piece) -> bool,
        out: &mut SquareSet,
    ) {
        let (start, len) = self.hop_index[sq as usize];
        for (r, _) in &self.rev_hops[start as usize..(start + len) as usize] {
            let squares = &self.ray_squares[r.start as usize..r.start as usize + r.len as usize];
            let mut seen = 0;
            for (j, &s) in squares.iter().enumerate() {
                let p = board[s as usize];
                if p.is_empty() {
                    continue;
                }
                if other(p)
                    && self.can_ray[p.combo(self.n_orients) * self.n_ray_types + r.ty as usize]
                    && self.starts_in(r, s)
                {
                    squares[..j].iter().for_each(|&b| out.insert(b));
                }
                seen += 1;
                if seen == 3 {
                    break;
                }
            }
        }
    }

    /// The leaps that could attack `sq`, one per leap type whose start and target fit.
    fn add_reverse_leaps(&mut self, board: Board, sq: Square, leap_types: &[LeapType]) {
        let start = self.rev_leaps.len() as u32;
        for (ty, ((dx, dy), path, (from_set, within))) in leap_types.iter().enumerate() {
            // The attacker stands at sq - v; its path squares are from + p.
            let Some(from) = board.offset(sq, -dx, -dy) else {
                continue;
            };
            if within.is_some_and(|w| !w.contains(sq.0))
                || from_set.is_some_and(|f| !f.contains(from.0))
            {
                continue;
            }
            let block = self.blocks.len() as u32;
            for &(px, py) in path {
                if let Some(b) = board.offset(from, px, py) {
                    self.blocks.push(b.0);
                }
            }
            // A move in legs that leaves the board on the way cannot attack from here.
            if self.blocks.len() - block as usize != path.len() {
                self.blocks.truncate(block as usize);
                continue;
            }
            let nblock = (self.blocks.len() as u32 - block) as u8;
            self.rev_leaps.push(RevLeap {
                from: from.0,
                ty: ty as u16,
                nblock,
                block,
            });
        }
        self.leap_index
            .push((start, self.rev_leaps.len() as u32 - start));
    }

    /// The lines walking back from `sq`, one per ray type whose target fits: the squares a
    /// ray reaching `sq` passes, nearest first, ending at the first square outside the ray's
    /// region (where its piece could only be the attacker itself).
    fn add_reverse_rays(&mut self, board: Board, sq: Square, ray_types: &[RayType]) {
        let start = self.rev_rays.len() as u32;
        let hop_start = self.rev_hops.len() as u32;
        for (ty, ((dx, dy), range, (from_set, within), hop)) in ray_types.iter().enumerate() {
            if within.is_some_and(|w| !w.contains(sq.0)) {
                continue;
            }
            let sq_start = self.ray_squares.len() as u32;
            let mut n = line(
                board,
                sq,
                (-dx, -dy),
                *range,
                &|q: Square| within.is_none_or(|w| w.contains(q.0)),
                &mut self.ray_squares,
            );
            let last = self
                .ray_squares
                .last()
                .copied()
                .filter(|_| n > 0)
                .map_or(sq, Square);
            if within.is_some()
                && (*range == 0 || n < *range as u32)
                && let Some(outside) = board.offset(last, -dx, -dy)
            {
                self.ray_squares.push(outside.0);
                n += 1;
            }
            if n == 0 {
                continue;
            }
            let zone = from_set.map_or(0, |f| {
                1 + self.from_sets.iter().position(|x| *x == f).unwrap_or(0) as u8
            });
            let r = RevRay {
                ty: ty as u16,
                len: n as u8,
                zone,
                start: sq_start,
            };
            match hop {
                Hop::None => self.rev_rays.push(r),
                Hop::Cannon => self.rev_hops.push((r, false)),
                Hop::Grasshopper => self.rev_hops.push((r, true)),
            }
        }
        self.ray_index
            .push((start, self.rev_rays.len() as u32 - start));
        self.hop_index
            .push((hop_start, self.rev_hops.len() as u32 - hop_start));
    }

    /// True if the piece found on `s` by a reverse ray `r` may have started there.
    #[inline]
    fn starts_in(&self, r: &RevRay, s: u8) -> bool {
        r.zone == 0 || self.from_sets[r.zone as usize - 1].contains(s)
    }

    /// True if a live piece whose owner is in `seats` attacks `sq`.
    /// `board` is the position's mailbox; dead pieces block but never attack.
    #[inline(always)]
    pub fn attacked(&self, board: &[Piece], sq: u8, seats: SeatSet) -> bool {
        let live = |p: Piece| !p.is_empty() && !p.is_dead() && seats.contains(p.owner());
        let (start, len) = self.leap_index[sq as usize];
        for r in &self.rev_leaps[start as usize..(start + len) as usize] {
            let p = board[r.from as usize];
            if live(p) && self.can_leap[p.combo(self.n_orients) * self.n_leap_types + r.ty as usize]
            {
                let blocks = &self.blocks[r.block as usize..r.block as usize + r.nblock as usize];
                if blocks.iter().all(|&b| board[b as usize].is_empty()) {
                    return true;
                }
            }
        }
        let (start, len) = self.ray_index[sq as usize];
        for r in &self.rev_rays[start as usize..(start + len) as usize] {
            let squares = &self.ray_squares[r.start as usize..r.start as usize + r.len as usize];
            for &s in squares {
                let p = board[s as usize];
                if !p.is_empty() {
                    if live(p)
                        && self.can_ray[p.combo(self.n_orients) * self.n_ray_types + r.ty as usize]
                        && self.starts_in(r, s)
                    {
                        return true;
                    }
                    break;
                }
            }
        }
        self.has_hops && self.hop_attacked(board, sq, &live)
    }

    /// True if a live piece `live` accepts attacks `sq` by hopping over a screen.
    #[inline(never)]
    fn hop_attacked(&self, board: &[Piece], sq: u8, live: &dyn Fn(Piece) -> bool) -> bool {
        let (start, len) = self.hop_index[sq as usize];
        let target = board[sq as usize];
        for (r, grasshopper) in &self.rev_hops[start as usize..(start + len) as usize] {
            let squares = &self.ray_squares[r.start as usize..r.start as usize + r.len as usize];
            // The screen: the next square for a grasshopper, else the first piece met.
            let screen_at = if *grasshopper {
                Some(0).filter(|_| !board[squares[0] as usize].is_empty())
            } else {
                squares.iter().position(|&s| !board[s as usize].is_empty())
            };
            let Some(i) = screen_at else { continue };
            let screen = board[squares[i] as usize];
            let Some(&s) = squares[i + 1..]
                .iter()
                .find(|&&s| !board[s as usize].is_empty())
            else {
                continue;
            };
            let p = board[s as usize];
            if live(p)
                && self.can_ray[p.combo(self.n_orients) * self.n_ray_types + r.ty as usize]
                && self.starts_in(r, s)
            {
                let limits = self.hop_limits[p.kind().index()];
                let over = limits.not_over >> screen.kind().0 & 1 == 0;
                let takes = target.is_empty() || limits.not_capturing >> target.kind().0 & 1 == 0;
                if over && takes {
                    return true;
                }
            }
        }
        false
    }

    /// The kinds (bit per kind) that attack along some line, plain or hopping: a piece of
    /// another kind never attacks along a reverse line (the `sliding` squares of
    /// [`attacked_bits`](Self::attacked_bits)).
    #[inline]
    pub fn ray_kinds(&self) -> u64 {
        self.ray_kinds
    }

    /// True if some kind attacks by hopping (over a screen, which may depend on its kind).
    #[inline]
    pub fn has_hops(&self) -> bool {
        self.has_hops
    }

    /// Number of distinct (leap types, ray types), for `explain`.
    pub fn type_counts(&self) -> (usize, usize) {
        (self.n_leap_types, self.n_ray_types)
    }
}
