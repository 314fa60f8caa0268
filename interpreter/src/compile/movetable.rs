//! The compiled move table: for every (piece kind, orientation, square) the leap targets and
//! the rays, with their modality, in flat arrays indexed by offsets.
//!
//! Move generation walks these arrays and nothing else: no vector arithmetic, no bounds
//! checks against the board edge, no allocation. [`reference_targets`] is the slow,
//! obviously-correct generator the table is tested against.

use crate::dsl::{Modality, Step, lame_path};
use crate::geometry::{Board, Orientation, Square};
use crate::vocab::Piece;

/// Bit in a modality byte: the step may go to an empty square.
pub const QUIET: u8 = 1;
/// Bit in a modality byte: the step may capture.
pub const CAPTURE: u8 = 2;

/// Bit in a modality byte of the special table: the step is a first move (XBetza `i`), made
/// only by a piece that holds its first-move right.
pub const INITIAL: u8 = 4;
/// Bit in a modality byte of the special table: the step captures en passant (XBetza `e`).
pub const EN_PASSANT: u8 = 8;

/// The modality byte of a Betza modality.
pub fn mode_bits(m: Modality) -> u8 {
    match m {
        Modality::Both => QUIET | CAPTURE,
        Modality::MoveOnly => QUIET,
        Modality::CaptureOnly => CAPTURE,
    }
}

/// One leap from a square: the target, what it may do there, and the squares that must be
/// empty for a lame leap (`blocks[block..block + nblock]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leap {
    /// Target square.
    pub to: u8,
    /// [`QUIET`] | [`CAPTURE`] bits.
    pub mode: u8,
    /// Number of squares that must be empty.
    pub nblock: u8,
    /// Start of those squares in [`MoveTable::blocks`].
    pub block: u32,
}

/// One ray from a square: `squares[start..start + len]` in order, nearest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ray {
    /// Start in [`MoveTable::ray_squares`].
    pub start: u32,
    /// Number of squares (already cut at the board edge and at the rider's range).
    pub len: u8,
    /// [`QUIET`] | [`CAPTURE`] bits.
    pub mode: u8,
}

/// Index ranges of one (kind, orientation, square) entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// Start of the leaps in [`MoveTable::leaps`].
    pub leap_start: u32,
    /// Number of leaps.
    pub leap_len: u16,
    /// Number of rays.
    pub ray_len: u16,
    /// Start of the rays in [`MoveTable::rays`].
    pub ray_start: u32,
}

/// The whole table for a variant.
#[derive(Clone, Debug, Default)]
pub struct MoveTable {
    /// Number of squares on the board.
    pub n_squares: usize,
    /// Number of orientations the table was built for.
    pub n_orients: usize,
    /// `entries[(kind * n_orients + orient) * n_squares + square]`.
    pub entries: Vec<Entry>,
    /// All leaps.
    pub leaps: Vec<Leap>,
    /// Squares that must be empty for lame leaps.
    pub blocks: Vec<u8>,
    /// All rays.
    pub rays: Vec<Ray>,
    /// Squares of all rays.
    pub ray_squares: Vec<u8>,
}

impl MoveTable {
    /// Builds the table for `steps[kind]` (piece-frame steps per kind) over `orients`.
    pub fn build(board: Board, orients: &[Orientation], steps: &[Vec<Step>]) -> MoveTable {
        Self::build_with(board, orients, steps, |s| mode_bits(s.modality))
    }

    /// The special table: each kind's first-move (`i`) steps, with [`INITIAL`] besides their
    /// modality, and its en-passant (`e`) steps, as [`EN_PASSANT`] leaps only (their ordinary
    /// captures are in the main table). Empty entries for kinds with neither.
    pub fn build_special(board: Board, orients: &[Orientation], steps: &[Vec<Step>]) -> MoveTable {
        let special: Vec<Vec<Step>> = steps
            .iter()
            .map(|k| {
                k.iter()
                    .filter(|s| s.initial || s.en_passant)
                    .copied()
                    .collect()
            })
            .collect();
        Self::build_with(board, orients, &special, |s| {
            let base = if s.en_passant {
                EN_PASSANT
            } else {
                mode_bits(s.modality)
            };
            base | if s.initial { INITIAL } else { 0 }
        })
    }

    /// Builds the table with `mode(step)` as each step's modality byte.
    fn build_with(
        board: Board,
        orients: &[Orientation],
        steps: &[Vec<Step>],
        mode_of: impl Fn(&Step) -> u8,
    ) -> MoveTable {
        let mut t = MoveTable {
            n_squares: board.len(),
            n_orients: orients.len(),
            ..MoveTable::default()
        };
        for kind_steps in steps {
            for &o in orients {
                for sq in board.squares() {
                    let mut e = Entry {
                        leap_start: t.leaps.len() as u32,
                        ray_start: t.rays.len() as u32,
                        ..Entry::default()
                    };
                    for s in kind_steps {
                        let (dx, dy) = o.vector(s.dx as i32, s.dy as i32);
                        let mode = mode_of(s);
                        if s.range == 1 {
                            let Some(to) = board.offset(sq, dx, dy) else {
                                continue;
                            };
                            let block = t.blocks.len() as u32;
                            if s.lame {
                                for (bx, by) in lame_path(s.dx, s.dy) {
                                    let (bx, by) = o.vector(bx as i32, by as i32);
                                    // On the board, since the target is and the path lies between.
                                    if let Some(b) = board.offset(sq, bx, by) {
                                        t.blocks.push(b.0);
                                    }
                                }
                            }
                            let nblock = (t.blocks.len() as u32 - block) as u8;
                            t.leaps.push(Leap {
                                to: to.0,
                                mode,
                                nblock,
                                block,
                            });
                            e.leap_len += 1;
                        } else {
                            let start = t.ray_squares.len() as u32;
                            let max = if s.range == 0 {
                                u32::MAX
                            } else {
                                s.range as u32
                            };
                            let mut cur = sq;
                            let mut n = 0;
                            while n < max {
                                let Some(next) = board.offset(cur, dx, dy) else {
                                    break;
                                };
                                t.ray_squares.push(next.0);
                                cur = next;
                                n += 1;
                            }
                            if n > 0 {
                                t.rays.push(Ray {
                                    start,
                                    len: n as u8,
                                    mode,
                                });
                                e.ray_len += 1;
                            }
                        }
                    }
                    t.entries.push(e);
                }
            }
        }
        t
    }

    /// The entry for a (kind, orientation) combo index and a square.
    #[inline]
    pub fn entry(&self, combo: usize, sq: u8) -> &Entry {
        &self.entries[combo * self.n_squares + sq as usize]
    }

    /// The leaps of an entry.
    #[inline]
    pub fn leaps_of(&self, e: &Entry) -> &[Leap] {
        &self.leaps[e.leap_start as usize..e.leap_start as usize + e.leap_len as usize]
    }

    /// The rays of an entry.
    #[inline]
    pub fn rays_of(&self, e: &Entry) -> &[Ray] {
        &self.rays[e.ray_start as usize..e.ray_start as usize + e.ray_len as usize]
    }

    /// The squares of a ray.
    #[inline]
    pub fn ray(&self, r: &Ray) -> &[u8] {
        &self.ray_squares[r.start as usize..r.start as usize + r.len as usize]
    }

    /// The squares of a lame leap's path.
    #[inline]
    pub fn blocks_of(&self, l: &Leap) -> &[u8] {
        &self.blocks[l.block as usize..l.block as usize + l.nblock as usize]
    }

    /// The one leap/ray walk: calls `visit(to, mode, piece)` for every square the piece of
    /// `combo` on `from` reaches on `board` (the mailbox, indexed by square) — each leap whose
    /// lame path holds no piece that `blocks`, then each ray square by square, nearest first,
    /// up to and including the first square whose piece `blocks`. `mode` holds the step's
    /// [`QUIET`] and [`CAPTURE`] bits and `piece` is what stands on `to`; the caller decides
    /// what they allow. Move generation, mobility, exposure and the drop rules all walk the
    /// table through here.
    #[inline(always)]
    pub fn walk(
        &self,
        combo: usize,
        from: u8,
        board: &[Piece; 256],
        blocks: impl Fn(Piece) -> bool,
        mut visit: impl FnMut(u8, u8, Piece),
    ) {
        let e = self.entry(combo, from);
        for l in self.leaps_of(e) {
            if self
                .blocks_of(l)
                .iter()
                .all(|&b| !blocks(board[b as usize]))
            {
                visit(l.to, l.mode, board[l.to as usize]);
            }
        }
        for r in self.rays_of(e) {
            for &to in self.ray(r) {
                let p = board[to as usize];
                visit(to, r.mode, p);
                if blocks(p) {
                    break;
                }
            }
        }
    }
}

/// The slow, obviously-correct generator: every (target, mode) a piece with `steps`, oriented
/// by `o`, reaches from `from` on `board`, where `occupied(sq)` tells which squares hold a
/// piece. Walks each step vector square by square; used to test [`MoveTable`].
pub fn reference_targets(
    board: Board,
    o: Orientation,
    steps: &[Step],
    from: Square,
    occupied: &dyn Fn(Square) -> bool,
) -> Vec<(Square, u8)> {
    let mut out = Vec::new();
    for s in steps {
        let mode = mode_bits(s.modality);
        let (dx, dy) = o.vector(s.dx as i32, s.dy as i32);
        if s.range == 1 {
            let Some(to) = board.offset(from, dx, dy) else {
                continue;
            };
            let path_clear = !s.lame
                || lame_path(s.dx, s.dy).iter().all(|&(bx, by)| {
                    let (bx, by) = o.vector(bx as i32, by as i32);
                    board.offset(from, bx, by).is_none_or(|b| !occupied(b))
                });
            if path_clear {
                out.push((to, mode));
            }
        } else {
            let mut k = 1;
            while s.range == 0 || k <= s.range as i32 {
                let Some(to) = board.offset(from, dx * k, dy * k) else {
                    break;
                };
                out.push((to, mode));
                if occupied(to) {
                    break;
                }
                k += 1;
            }
        }
    }
    out
}
