//! The compiled move table: for every (piece kind, orientation, square) the leap targets and
//! the rays, with their modality, in flat arrays indexed by offsets.
//!
//! Move generation walks these arrays and nothing else: no vector arithmetic, no bounds
//! checks against the board edge, no allocation. [`reference_targets`] is the slow,
//! obviously-correct generator the table is tested against.

use crate::dsl::{Hop, Modality, Step};
use crate::geometry::{Board, Orientation, Square};
use crate::vocab::{Piece, SquareSet};

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
    /// Squares of all rays and hop rays.
    pub ray_squares: Vec<u8>,
    /// True if some kind hops (`p`, `g`): move generation then walks [`hops_of`](Self::hops_of).
    pub has_hops: bool,
    /// Per (kind, orientation, square), as `entries`: (start, len) in `hop_rays`; empty
    /// without hoppers.
    pub hop_entries: Vec<(u32, u16)>,
    /// All hop rays.
    pub hop_rays: Vec<HopRay>,
    /// Per kind: what its hops may not pass over or capture.
    pub hop_limits: Vec<HopLimits>,
    /// The leaps and rays as bitboards, on boards of at most 64 squares (else empty).
    pub bits: super::BitTable,
}

/// One hop ray from a square: the line (squares in [`MoveTable::ray_squares`]) along which the
/// piece passes over the first piece it meets, the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HopRay {
    /// The line, nearest square first, with the step's modality.
    pub ray: Ray,
    /// `g`: only the square just beyond the screen; otherwise (`p`) every square beyond it up
    /// to and including the next piece.
    pub grasshopper: bool,
}

/// What a kind's hops may not use (janggi: a cannon neither hops over nor captures a cannon):
/// bit masks of kinds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HopLimits {
    /// Kinds that may not serve as its screen.
    pub not_over: u64,
    /// Kinds it may not capture by hopping.
    pub not_capturing: u64,
}

/// A kind's movement where it depends on the square: the steps everywhere, a region the
/// piece may not leave, and steps that apply only on some squares. Sets are board squares,
/// one per orientation, as [`crate::compile::Variant::orients`].
#[derive(Clone, Debug, Default)]
pub struct Movement {
    /// Piece-frame steps on every square.
    pub steps: Vec<Step>,
    /// `confined:` every target (and every square of a ray) lies in this set.
    pub confine: Option<Vec<SquareSet>>,
    /// `region-moves:` extra steps from some squares.
    pub zoned: Vec<Zoned>,
    /// Hop restrictions.
    pub limits: HopLimits,
}

/// Extra steps a piece has while it stands in a region.
#[derive(Clone, Debug, Default)]
pub struct Zoned {
    /// The squares it must stand on, per orientation.
    pub from: Vec<SquareSet>,
    /// The squares its targets and rays must stay in, per orientation.
    pub within: Option<Vec<SquareSet>>,
    /// The steps.
    pub steps: Vec<Step>,
}

impl Movement {
    /// The same steps on every square, no region.
    pub fn plain(steps: Vec<Step>) -> Movement {
        Movement {
            steps,
            ..Movement::default()
        }
    }

    /// The same movement with only the steps `keep` accepts (on every square and in every
    /// region).
    pub fn only(&self, keep: &dyn Fn(&Step) -> bool) -> Movement {
        let pick = |steps: &[Step]| steps.iter().filter(|s| keep(s)).copied().collect();
        Movement {
            steps: pick(&self.steps),
            confine: self.confine.clone(),
            zoned: self
                .zoned
                .iter()
                .map(|z| Zoned {
                    from: z.from.clone(),
                    within: z.within.clone(),
                    steps: pick(&z.steps),
                })
                .collect(),
            limits: self.limits,
        }
    }

    /// True if a step hops.
    pub fn hops(&self) -> bool {
        let all = self.zoned.iter().flat_map(|z| &z.steps);
        self.steps.iter().chain(all).any(|s| s.hop != Hop::None)
    }

    /// Every step with where it applies in orientation `oi`: (step, the squares it starts
    /// from — `None`: all —, the squares it must stay in — `None`: the board).
    pub fn placed(&self, oi: usize) -> Vec<(Step, Option<SquareSet>, Option<SquareSet>)> {
        let confine = self.confine.as_ref().map(|c| c[oi]);
        let mut out: Vec<_> = self.steps.iter().map(|s| (*s, None, confine)).collect();
        for z in &self.zoned {
            let within = match (z.within.as_ref().map(|w| w[oi]), confine) {
                (Some(w), Some(c)) => Some(intersect(w, c)),
                (w, c) => w.or(c),
            };
            out.extend(z.steps.iter().map(|s| (*s, Some(z.from[oi]), within)));
        }
        out
    }
}

/// The squares in both sets.
fn intersect(a: SquareSet, b: SquareSet) -> SquareSet {
    SquareSet(std::array::from_fn(|i| a.0[i] & b.0[i]))
}

/// Pushes onto `out` the squares of a line from `sq` by `(dx, dy)`, at most `range` steps (0:
/// no limit), ending before the board edge or the first square not `inside`; returns how many.
pub(crate) fn line(
    board: Board,
    sq: Square,
    (dx, dy): (i32, i32),
    range: u8,
    inside: &dyn Fn(Square) -> bool,
    out: &mut Vec<u8>,
) -> u32 {
    let max = if range == 0 { u32::MAX } else { range as u32 };
    let (mut cur, mut n) = (sq, 0);
    while n < max {
        let Some(next) = board.offset(cur, dx, dy).filter(|&q| inside(q)) else {
            break;
        };
        out.push(next.0);
        cur = next;
        n += 1;
    }
    n
}

impl MoveTable {
    /// Builds the table for `steps[kind]` (piece-frame steps per kind, the same on every
    /// square) over `orients`.
    pub fn build(board: Board, orients: &[Orientation], steps: &[Vec<Step>]) -> MoveTable {
        let moves: Vec<Movement> = steps.iter().map(|s| Movement::plain(s.clone())).collect();
        MoveTable::build_moves(board, orients, &moves)
    }

    /// Builds the table for `moves[kind]` over `orients`: on every square, the steps that
    /// apply there ([`Movement::placed`]), each cut to its region (a leap whose target lies
    /// outside is left out, a ray or hop ray ends before its first square outside).
    pub fn build_moves(board: Board, orients: &[Orientation], moves: &[Movement]) -> MoveTable {
        Self::build_with(board, orients, moves, &|s| mode_bits(s.modality))
    }

    /// The special table: each kind's first-move (`i`) steps, with [`INITIAL`] besides their
    /// modality, and its en-passant (`e`) steps, as [`EN_PASSANT`] leaps only (their ordinary
    /// captures are in the main table). Empty entries for kinds with neither. A first-move
    /// step that the kind also has as an ordinary step (`ifmnD` beside `fmnD`) is left out:
    /// the move is listed once, as the ordinary one (Fairy-Stockfish's initial moves are those
    /// not among the ordinary ones).
    pub fn build_special(board: Board, orients: &[Orientation], moves: &[Movement]) -> MoveTable {
        let special: Vec<Movement> = moves
            .iter()
            .map(|m| {
                let ordinary = |s: &Step| {
                    let plain = Step {
                        initial: false,
                        ..*s
                    };
                    m.steps.contains(&plain)
                };
                m.only(&|s| (s.initial && !ordinary(s)) || s.en_passant)
            })
            .collect();
        Self::build_with(board, orients, &special, &|s| {
            let base = if s.en_passant {
                EN_PASSANT
            } else {
                mode_bits(s.modality)
            };
            base | if s.initial { INITIAL } else { 0 }
        })
    }

    /// Builds the table with `mode_of(step)` as each step's modality byte.
    fn build_with(
        board: Board,
        orients: &[Orientation],
        moves: &[Movement],
        mode_of: &dyn Fn(&Step) -> u8,
    ) -> MoveTable {
        let mut t = MoveTable {
            n_squares: board.len(),
            n_orients: orients.len(),
            has_hops: moves.iter().any(Movement::hops),
            hop_limits: moves.iter().map(|m| m.limits).collect(),
            ..MoveTable::default()
        };
        for kind in moves {
            for (oi, &o) in orients.iter().enumerate() {
                let placed = kind.placed(oi);
                for sq in board.squares() {
                    let mut e = Entry {
                        leap_start: t.leaps.len() as u32,
                        ray_start: t.rays.len() as u32,
                        ..Entry::default()
                    };
                    let hop_start = t.hop_rays.len() as u32;
                    for (s, from, within) in &placed {
                        if from.is_some_and(|f| !f.contains(sq.0)) {
                            continue;
                        }
                        t.add_step(board, o, sq, (s, mode_of(s)), within.as_ref(), &mut e);
                    }
                    t.entries.push(e);
                    if t.has_hops {
                        let n = t.hop_rays.len() as u32 - hop_start;
                        t.hop_entries.push((hop_start, n as u16));
                    }
                }
            }
        }
        t.bits = super::BitTable::build(&t, board.len(), 0);
        t
    }

    /// Adds one step from `sq` (board frame by `o`), cut to `within`, to entry `e`.
    fn add_step(
        &mut self,
        board: Board,
        o: Orientation,
        sq: Square,
        (s, mode): (&Step, u8),
        within: Option<&SquareSet>,
        e: &mut Entry,
    ) {
        let (dx, dy) = o.vector(s.dx as i32, s.dy as i32);
        let inside = |q: Square| within.is_none_or(|w| w.contains(q.0));
        if s.range == 1 {
            let Some(to) = board.offset(sq, dx, dy).filter(|&q| inside(q)) else {
                return;
            };
            let block = self.blocks.len() as u32;
            let path = s.lame_squares();
            for &(bx, by) in &path {
                let (bx, by) = o.vector(bx as i32, by as i32);
                if let Some(b) = board.offset(sq, bx, by) {
                    self.blocks.push(b.0);
                }
            }
            // A lame path lies within its leap's box, so it is on the board; a move in legs
            // may leave the board on the way and is then no move.
            if self.blocks.len() - block as usize != path.len() {
                self.blocks.truncate(block as usize);
                return;
            }
            let nblock = (self.blocks.len() as u32 - block) as u8;
            self.leaps.push(Leap {
                to: to.0,
                mode,
                nblock,
                block,
            });
            e.leap_len += 1;
            return;
        }
        let start = self.ray_squares.len() as u32;
        let n = line(board, sq, (dx, dy), s.range, &inside, &mut self.ray_squares);
        if n == 0 {
            return;
        }
        let ray = Ray {
            start,
            len: n as u8,
            mode,
        };
        match s.hop {
            Hop::None => {
                self.rays.push(ray);
                e.ray_len += 1;
            }
            hop => self.hop_rays.push(HopRay {
                ray,
                grasshopper: hop == Hop::Grasshopper,
            }),
        }
    }

    /// The hop rays of the (kind, orientation) combo on `sq` (empty without hoppers).
    #[inline]
    pub fn hops_of(&self, combo: usize, sq: u8) -> &[HopRay] {
        match self.hop_entries.get(combo * self.n_squares + sq as usize) {
            Some(&(start, len)) => &self.hop_rays[start as usize..start as usize + len as usize],
            None => &[],
        }
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
/// piece. Walks each step vector square by square; used to test [`MoveTable`]. A hop step
/// (`p`, `g`) reaches the squares beyond the first piece on its line (up to and including the
/// next piece; a grasshopper only the square just beyond); what it may capture there is the
/// caller's to decide.
pub fn reference_targets(
    board: Board,
    o: Orientation,
    steps: &[Step],
    from: Square,
    occupied: &dyn Fn(Square) -> bool,
) -> Vec<(Square, u8)> {
    let mut out = Vec::new();
    for s in steps {
        reference_step(board, o, s, from, occupied, &|_| true, &mut out);
    }
    out
}

/// As [`reference_targets`] for a kind's whole [`Movement`] in orientation `oi` (`o`): the
/// steps that apply on `from`, each kept within its region (a leap outside is dropped, a line
/// ends before its first square outside).
pub fn reference_moves(
    board: Board,
    o: Orientation,
    oi: usize,
    movement: &Movement,
    from: Square,
    occupied: &dyn Fn(Square) -> bool,
) -> Vec<(Square, u8)> {
    let mut out = Vec::new();
    for (s, starts, within) in movement.placed(oi) {
        if starts.is_none_or(|f| f.contains(from.0)) {
            let inside = |q: Square| within.is_none_or(|w| w.contains(q.0));
            reference_step(board, o, &s, from, occupied, &inside, &mut out);
        }
    }
    out
}

/// One step of [`reference_targets`], its squares limited to those `inside`.
fn reference_step(
    board: Board,
    o: Orientation,
    s: &Step,
    from: Square,
    occupied: &dyn Fn(Square) -> bool,
    inside: &dyn Fn(Square) -> bool,
    out: &mut Vec<(Square, u8)>,
) {
    let mode = mode_bits(s.modality);
    let (dx, dy) = o.vector(s.dx as i32, s.dy as i32);
    if s.range == 1 {
        let Some(to) = board.offset(from, dx, dy).filter(|&q| inside(q)) else {
            return;
        };
        // A square of the path off the board (a move in legs leaving it) blocks the move.
        let path_clear = s.lame_squares().iter().all(|&(bx, by)| {
            let (bx, by) = o.vector(bx as i32, by as i32);
            board.offset(from, bx, by).is_some_and(|b| !occupied(b))
        });
        if path_clear {
            out.push((to, mode));
        }
        return;
    }
    // Pieces met so far on the line: a plain ride stops at the first, a hop reaches squares
    // only beyond it (a grasshopper just the next one).
    let mut met = 0;
    let mut k = 1;
    while s.range == 0 || k <= s.range as i32 {
        let Some(to) = board.offset(from, dx * k, dy * k).filter(|&q| inside(q)) else {
            break;
        };
        let beyond = met == 1;
        if s.hop == Hop::None || beyond {
            out.push((to, mode));
        }
        if s.hop == Hop::Grasshopper && beyond {
            break;
        }
        if occupied(to) {
            met += 1;
            if s.hop == Hop::None || met == 2 {
                break;
            }
        }
        k += 1;
    }
}
