//! Reverse attack tables: "is this square attacked by any piece of these seats?" without
//! generating moves.
//!
//! Every capturing step of every (kind, orientation) is reduced to a board-frame *leap type*
//! (vector plus lame path) or *ray type* (direction plus range). For each square the table
//! lists the squares an attacker of each type would stand on (for rays: the squares walking
//! back from the target), and a flag per (kind, orientation, type) says who attacks that way.

use super::movetable::{CAPTURE, mode_bits};
use crate::dsl::Step;
use crate::geometry::{Board, Orientation};
use crate::vocab::Piece;

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
    /// `can_ray[combo * n_ray_types + ty]`.
    can_ray: Vec<bool>,
}

type LeapType = ((i32, i32), Vec<(i32, i32)>);
type RayType = ((i32, i32), u8);

impl AttackTable {
    /// Builds the tables for `steps[kind]` over `orients`.
    pub fn build(board: Board, orients: &[Orientation], steps: &[Vec<Step>]) -> AttackTable {
        let mut leap_types: Vec<LeapType> = Vec::new();
        let mut ray_types: Vec<RayType> = Vec::new();
        // (combo, type) pairs.
        let mut leaps_by: Vec<(usize, usize)> = Vec::new();
        let mut rays_by: Vec<(usize, usize)> = Vec::new();
        for (k, kind_steps) in steps.iter().enumerate() {
            for (oi, &o) in orients.iter().enumerate() {
                let combo = k * orients.len() + oi;
                for s in kind_steps
                    .iter()
                    .filter(|s| mode_bits(s.modality) & CAPTURE != 0)
                {
                    let v = o.vector(s.dx as i32, s.dy as i32);
                    if s.range == 1 {
                        let path: Vec<(i32, i32)> = s
                            .lame_squares()
                            .iter()
                            .map(|&(x, y)| o.vector(x as i32, y as i32))
                            .collect();
                        let t = (v, path);
                        let ty = leap_types.iter().position(|x| *x == t).unwrap_or_else(|| {
                            leap_types.push(t);
                            leap_types.len() - 1
                        });
                        leaps_by.push((combo, ty));
                    } else {
                        let t = (v, s.range);
                        let ty = ray_types.iter().position(|x| *x == t).unwrap_or_else(|| {
                            ray_types.push(t);
                            ray_types.len() - 1
                        });
                        rays_by.push((combo, ty));
                    }
                }
            }
        }
        let n_combos = steps.len() * orients.len();
        let mut t = AttackTable {
            n_orients: orients.len(),
            n_leap_types: leap_types.len(),
            n_ray_types: ray_types.len(),
            can_leap: vec![false; n_combos * leap_types.len()],
            can_ray: vec![false; n_combos * ray_types.len()],
            ..AttackTable::default()
        };
        for (c, ty) in leaps_by {
            t.can_leap[c * t.n_leap_types + ty] = true;
        }
        for (c, ty) in rays_by {
            t.can_ray[c * t.n_ray_types + ty] = true;
        }
        for sq in board.squares() {
            let start = t.rev_leaps.len() as u32;
            for (ty, ((dx, dy), path)) in leap_types.iter().enumerate() {
                // The attacker stands at sq - v; its path squares are from + p.
                let Some(from) = board.offset(sq, -dx, -dy) else {
                    continue;
                };
                let block = t.blocks.len() as u32;
                for &(px, py) in path {
                    if let Some(b) = board.offset(from, px, py) {
                        t.blocks.push(b.0);
                    }
                }
                // A move in legs that leaves the board on the way cannot attack from here.
                if t.blocks.len() - block as usize != path.len() {
                    t.blocks.truncate(block as usize);
                    continue;
                }
                let nblock = (t.blocks.len() as u32 - block) as u8;
                t.rev_leaps.push(RevLeap {
                    from: from.0,
                    ty: ty as u16,
                    nblock,
                    block,
                });
            }
            t.leap_index.push((start, t.rev_leaps.len() as u32 - start));
            let start = t.rev_rays.len() as u32;
            for (ty, ((dx, dy), range)) in ray_types.iter().enumerate() {
                let sq_start = t.ray_squares.len() as u32;
                let mut cur = sq;
                let mut n = 0u32;
                while *range == 0 || n < *range as u32 {
                    let Some(next) = board.offset(cur, -dx, -dy) else {
                        break;
                    };
                    t.ray_squares.push(next.0);
                    cur = next;
                    n += 1;
                }
                if n > 0 {
                    t.rev_rays.push(RevRay {
                        ty: ty as u16,
                        len: n as u8,
                        start: sq_start,
                    });
                }
            }
            t.ray_index.push((start, t.rev_rays.len() as u32 - start));
        }
        t
    }

    /// True if a live piece whose owner's bit is set in `seats` attacks `sq`.
    /// `board` is the position's mailbox; dead pieces block but never attack.
    #[inline(always)]
    pub fn attacked(&self, board: &[Piece], sq: u8, seats: u8) -> bool {
        let live = |p: Piece| !p.is_empty() && !p.is_dead() && (seats >> p.owner().0) & 1 != 0;
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
                    {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// Number of distinct (leap types, ray types), for `explain`.
    pub fn type_counts(&self) -> (usize, usize) {
        (self.n_leap_types, self.n_ray_types)
    }
}
