//! [`Pawns`]: pawn structure for the two-seat evaluation, read from the rule file alone (no
//! variant names). A *pawn* is a kind that promotes with a gain and whose quiet moves never
//! lead back to a square it left (it only advances: chess's pawn, shatranj's padati, makruk's
//! bia, shogi's pawn, lance and knight). Its *path* is the squares of its shortest quiet
//! routes into the promotion zone; its *span* is every square it stands on, may step to by
//! quiet moves, or may capture on from there. A pawn is *passed* when no enemy pawn's span
//! meets its path (no enemy pawn can ever block or take it on its way), and *doubled* when an
//! own pawn stands on its path.

use crate::compile::{CAPTURE, QUIET, Variant};
use crate::engine::Position;
use crate::vocab::{Piece, Seat, SquareSet};

/// A passed pawn's flat bonus in thousandths of its own value (middle game, end game).
const PASSED_BASE: [i32; 2] = [100, 200];

/// A passed pawn `d` quiet moves from its zone gets its own value plus its promotion's gain,
/// times these thousandths, over `(d + 1)²` (middle game, end game).
const PASSED_NEAR: [i32; 2] = [150, 300];

/// A doubled pawn's penalty in thousandths of its own value (middle game, end game).
const DOUBLED: [i32; 2] = [100, 250];

/// An isolated pawn's penalty in thousandths of its own value (middle game, end game;
/// Stockfish's 5 and 15 centipawns).
const ISOLATED: [i32; 2] = [50, 150];

/// A connected pawn's flat bonus in thousandths of its own value (middle game, end game).
const CONNECTED_BASE: [i32; 2] = [50, 50];

/// A connected pawn `d` quiet moves from its zone gets its value plus its promotion's gain
/// times these thousandths over `(d + 1)²` besides (middle game, end game).
const CONNECTED_NEAR: [i32; 2] = [100, 100];

/// A pawn's material in thousandths of its own value on top of that value (middle game, end
/// game): a tapered pawn, worth more as the pieces come off (Fairy-Stockfish's pawn gains 65%
/// from middle to end game, its knight 9%). `medium` v Fairy-Stockfish 2,000 nodes, the
/// five-variant row of 300 games (docs/agents.md, "Tapered pawns"): 172.0 points against
/// 166.5 without, [0, 250] 163.5, [-150, 250] 156.5 — the best row, inside the noise.
const TAPER: [i32; 2] = [0, 500];

/// The pawn-structure tables of one variant (index `combo * squares + square`).
#[derive(Clone, Debug)]
pub struct Pawns {
    /// Per (kind, facing) combination: its value (units) if it is a pawn.
    own: Vec<Option<i32>>,
    /// Per combination: its value plus its best promotion's gain (units).
    worth: Vec<i32>,
    /// Per combination and square: quiet moves into the zone (`u8::MAX`: never).
    dist: Vec<u8>,
    /// Per combination and square: the squares of its shortest quiet routes into the zone.
    path: Vec<SquareSet>,
    /// Per combination and square: the squares it stands on, may reach or may capture on.
    span: Vec<SquareSet>,
    /// Per combination and square: the squares it captures on from there (empty board).
    guard: Vec<SquareSet>,
    /// Per square: the squares of the neighbouring files.
    beside_files: Vec<SquareSet>,
    /// Per square: the next squares of its rank, either side.
    beside: Vec<SquareSet>,
    /// Squares on the board.
    squares: usize,
    /// Facings.
    orients: usize,
    /// Percent weights of the passed, doubled, isolated and connected terms.
    pct: [i64; 4],
    /// Per combination and square: the isolated penalty, connected bonus, doubled penalty and
    /// passed bonus of a pawn there in units, each (mg, eg), signed as they count
    /// ([`term_values`](Self::term_values), computed once).
    terms: Vec<[[i32; 2]; 4]>,
}

impl Pawns {
    /// The tables of `v` with the piece values `values` (units per kind); `None` when no kind
    /// is a pawn.
    #[cfg(test)]
    pub fn new(v: &Variant, values: &[i32]) -> Option<Pawns> {
        Pawns::weighted(v, values, super::Weights::ONE)
    }

    /// [`new`](Self::new) with the passed, doubled, isolated and connected terms weighted by
    /// `w`.
    pub fn weighted(v: &Variant, values: &[i32], w: super::Weights) -> Option<Pawns> {
        let squares = v.board.len();
        let orients = v.orients.len();
        let combos = v.kinds.len() * orients;
        let mut p = Pawns {
            own: vec![None; combos],
            worth: vec![0; combos],
            dist: vec![u8::MAX; combos * squares],
            path: vec![SquareSet::default(); combos * squares],
            span: vec![SquareSet::default(); combos * squares],
            guard: vec![SquareSet::default(); combos * squares],
            beside_files: vec![SquareSet::default(); squares],
            beside: vec![SquareSet::default(); squares],
            squares,
            orients,
            pct: [
                super::weights::PASSED,
                super::weights::DOUBLED,
                super::weights::ISOLATED,
                super::weights::CONNECTED,
            ]
            .map(|t| w.pct[t] as i64),
            terms: vec![[[0; 2]; 4]; combos * squares],
        };
        let b = v.board;
        for sq in b.squares() {
            let (f, r) = (b.file(sq) as i32, b.rank(sq) as i32);
            for t in b.squares() {
                let (tf, tr) = (b.file(t) as i32, b.rank(t) as i32);
                if (tf - f).abs() == 1 {
                    p.beside_files[sq.0 as usize].insert(t.0);
                    if tr == r {
                        p.beside[sq.0 as usize].insert(t.0);
                    }
                }
            }
        }
        for combo in 0..combos {
            p.fill(v, values, combo);
        }
        p.own.iter().any(Option::is_some).then_some(p)
    }

    /// Fills the tables of `combo` if it is a pawn.
    fn fill(&mut self, v: &Variant, values: &[i32], combo: usize) {
        let kind = combo / self.orients;
        let Some(gain) = promotion_gain(v, values, kind) else {
            return;
        };
        let Some(zone) = v.promo_zone.get(combo) else {
            return;
        };
        let quiet = targets(v, combo, QUIET);
        let reach: Vec<SquareSet> = (0..self.squares).map(|s| closure(&quiet, s)).collect();
        let returns =
            (0..self.squares).any(|s| quiet[s].iter().any(|t| reach[t as usize].contains(s as u8)));
        if returns {
            return;
        }
        let dist = distances(&quiet, zone);
        let hits = targets(v, combo, CAPTURE);
        let own = values.get(kind).copied().unwrap_or(0);
        self.own[combo] = Some(own);
        self.worth[combo] = own + gain;
        for sq in 0..self.squares {
            let i = combo * self.squares + sq;
            self.dist[i] = dist[sq];
            self.path[i] = route(&quiet, &dist, sq);
            self.guard[i] = hits[sq];
            let mut span = reach[sq];
            span.insert(sq as u8);
            for s in span.iter() {
                span = union(span, hits[s as usize]);
            }
            self.span[i] = span;
            self.terms[i] = self.term_values(i);
        }
    }

    /// Per seat of `pos` (two seats): its pawn-structure value in units, middle game and end
    /// game (`[seat][phase]`).
    pub fn values(&self, pos: &Position) -> [[i32; 2]; 2] {
        let board = pos.board();
        // Per seat: its pawns' squares, the squares they capture on (for the connected term)
        // and the union of their spans (an enemy pawn is passed where its path misses it).
        let mut squares = [SquareSet::default(); 2];
        let mut guarded = [SquareSet::default(); 2];
        let mut spans = [SquareSet::default(); 2];
        for s in 0..2 {
            for sq in pos.pieces_of(Seat(s as u8)).iter() {
                if let Some(i) = self.index(board[sq as usize], sq) {
                    squares[s].insert(sq);
                    if self.pct[3] != 0 {
                        guarded[s] = union(guarded[s], self.guard[i]);
                    }
                    spans[s] = union(spans[s], self.span[i]);
                }
            }
        }
        let mut out = [[0; 2]; 2];
        for s in 0..2 {
            for sq in squares[s].iter() {
                let Some(i) = self.index(board[sq as usize], sq) else {
                    continue;
                };
                let term = self.pawn(i, squares[s], guarded[s], &spans[1 - s]);
                out[s][0] += term[0];
                out[s][1] += term[1];
            }
        }
        out
    }

    /// The tapered part of the material of a piece of `combo` (units; middle game, end game):
    /// [`TAPER`] of its value if it is a pawn, else 0.
    pub fn taper(&self, combo: usize) -> [i32; 2] {
        self.own
            .get(combo)
            .copied()
            .flatten()
            .map_or([0; 2], |own| TAPER.map(|t| own * t / 1000))
    }

    /// The table index (`combo * squares + sq`) of `p` on `sq` if it is a live pawn.
    #[inline]
    fn index(&self, p: Piece, sq: u8) -> Option<usize> {
        let combo = p.combo(self.orients);
        (!p.is_dead() && self.own[combo].is_some()).then(|| combo * self.squares + sq as usize)
    }

    /// The value of the pawn at table index `i`, its seat's pawns on `mine`, the squares they
    /// capture on `guarded`, the union of the other seat's pawns' spans `theirs`: passed and
    /// connected bonuses less doubled and isolated penalties (mg, eg).
    fn pawn(&self, i: usize, mine: SquareSet, guarded: SquareSet, theirs: &SquareSet) -> [i32; 2] {
        let d = self.dist[i];
        if d == 0 || d == u8::MAX {
            return [0; 2];
        }
        let [isolated, connected, doubled, passed] = &self.terms[i];
        let path = &self.path[i];
        let sq = i % self.squares;
        let mut out = [0; 2];
        let mut add = |t: &[i32; 2]| {
            out[0] += t[0];
            out[1] += t[1];
        };
        if self.pct[2] != 0 && !intersects(&self.beside_files[sq], &mine) {
            add(isolated);
        }
        if self.pct[3] != 0 && (guarded.contains(sq as u8) || intersects(&self.beside[sq], &mine)) {
            add(connected);
        }
        if intersects(path, &mine) {
            add(doubled);
        }
        if !intersects(path, theirs) {
            add(passed);
        }
        out
    }

    /// The terms of a pawn at table index `i` (its combination's value and distance there
    /// filled in): the isolated penalty, connected bonus, doubled penalty and passed bonus in
    /// units, each (mg, eg), penalties negative.
    fn term_values(&self, i: usize) -> [[i32; 2]; 4] {
        let combo = i / self.squares;
        let own = self.own[combo].unwrap_or(0) as i64;
        let worth = self.worth[combo] as i64;
        let near = (self.dist[i] as i64 + 1) * (self.dist[i] as i64 + 1);
        let [passed, doubled, isolated, connected] = self.pct;
        let mut out = [[0; 2]; 4];
        for ph in 0..2 {
            out[0][ph] = -((own * ISOLATED[ph] as i64 * isolated / 100_000) as i32);
            let flat = own * CONNECTED_BASE[ph] as i64 * connected / 100_000;
            out[1][ph] =
                (flat + worth * CONNECTED_NEAR[ph] as i64 * connected / 100_000 / near) as i32;
            out[2][ph] = -((own * DOUBLED[ph] as i64 * doubled / 100_000) as i32);
            let flat = own * PASSED_BASE[ph] as i64 * passed / 100_000;
            out[3][ph] = (flat + worth * PASSED_NEAR[ph] as i64 * passed / 100_000 / near) as i32;
        }
        out
    }
}

/// The value `kind`'s best promotion gains (units), `None` if it does not promote or gains
/// nothing.
pub(super) fn promotion_gain(v: &Variant, values: &[i32], kind: usize) -> Option<i32> {
    let promotion = v.kinds.get(kind)?.promotion.as_ref()?;
    let own = values.get(kind).copied().unwrap_or(0);
    let gain = promotion
        .to
        .iter()
        .map(|k| values.get(k.index()).copied().unwrap_or(0) - own)
        .max()?;
    (gain > 0).then_some(gain)
}

/// Per square: the squares a piece of `combo` there reaches on an empty board by a move whose
/// mode has a bit of `mode`.
fn targets(v: &Variant, combo: usize, mode: u8) -> Vec<SquareSet> {
    let empty = [Piece::EMPTY; 256];
    (0..v.board.len())
        .map(|sq| {
            let mut out = SquareSet::default();
            v.table.walk(
                combo,
                sq as u8,
                &empty,
                |_| false,
                |to, m, _| {
                    if m & mode != 0 {
                        out.insert(to);
                    }
                },
            );
            out
        })
        .collect()
}

/// The squares reachable from `start` by one or more steps of `next`.
fn closure(next: &[SquareSet], start: usize) -> SquareSet {
    let mut seen = SquareSet::default();
    let mut stack = vec![start as u8];
    while let Some(s) = stack.pop() {
        for t in next[s as usize].iter() {
            if !seen.contains(t) {
                seen.insert(t);
                stack.push(t);
            }
        }
    }
    seen
}

/// Per square: the fewest steps of `next` into `zone` (`u8::MAX`: never).
fn distances(next: &[SquareSet], zone: &SquareSet) -> Vec<u8> {
    let n = next.len();
    let mut dist: Vec<u8> = (0..n)
        .map(|s| if zone.contains(s as u8) { 0 } else { u8::MAX })
        .collect();
    for d in 1..u8::MAX {
        let mut changed = false;
        for s in 0..n {
            if dist[s] == u8::MAX && next[s].iter().any(|t| dist[t as usize] == d - 1) {
                dist[s] = d;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    dist
}

/// The squares after `start` on its shortest routes of `next` into the zone of `dist`.
fn route(next: &[SquareSet], dist: &[u8], start: usize) -> SquareSet {
    let mut out = SquareSet::default();
    let mut frontier = vec![start as u8];
    while let Some(s) = frontier.pop() {
        let d = dist[s as usize];
        if d == 0 || d == u8::MAX {
            continue;
        }
        for t in next[s as usize].iter() {
            if dist[t as usize] == d - 1 && !out.contains(t) {
                out.insert(t);
                frontier.push(t);
            }
        }
    }
    out
}

/// The squares of either set.
fn union(a: SquareSet, b: SquareSet) -> SquareSet {
    let mut out = a;
    for (x, y) in out.0.iter_mut().zip(b.0) {
        *x |= y;
    }
    out
}

/// True if the two sets share a square.
#[inline]
fn intersects(a: &SquareSet, b: &SquareSet) -> bool {
    a.0.iter().zip(&b.0).any(|(x, y)| x & y != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    /// The pawn-structure value of `fen` in chess, per seat `[mg, eg]`.
    fn chess(fen: &str) -> [[i32; 2]; 2] {
        let v = load_variant("chess", &Assignment::default()).unwrap();
        let values: Vec<i32> = v.kinds.iter().map(|k| k.value as i32 * 100).collect();
        let p = Pawns::new(&v, &values).unwrap();
        let pos = crate::notation::from_fen(&v, fen).unwrap();
        p.values(&pos)
    }

    #[test]
    fn passed_and_doubled_pawns_by_hand() {
        // White pawn e4 (4 quiet moves from e8, worth 100 + gain 800): passed when no black
        // pawn can block or take it on e5–e8: mg 10 + 135/25 = 15, eg 20 + 270/25 = 30.
        assert_eq!(chess("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1")[0], [15, 30]);
        // A black pawn on d7 covers e6 (it captures there from d7): not passed.
        assert_eq!(chess("4k3/3p4/8/8/4P3/8/8/4K3 w - - 0 1")[0], [0, 0]);
        // A black pawn behind it (f3) or two files away (c7) does not stop it.
        assert_eq!(chess("4k3/2p5/8/8/4P3/5p2/8/4K3 w - - 0 1")[0], [15, 30]);
        // Doubled: e2 behind e4 (e2 loses 10 / 25); e2 (6 single steps away) is passed too
        // (its path holds only its own pawn): 10 + 135/49 = 12, 20 + 270/49 = 25, less the
        // doubled penalty.
        assert_eq!(
            chess("4k3/8/8/8/4P3/8/4P3/4K3 w - - 0 1")[0],
            [15 + 12 - 10, 30 + 25 - 25]
        );
        // The black pawn's own view: d7 is not passed (the white pawn on e4 may step to e5
        // and take on d6, on d7's path).
        assert_eq!(chess("4k3/3p4/8/8/4P3/8/8/4K3 w - - 0 1")[1], [0, 0]);
    }

    #[test]
    fn isolated_and_connected_pawns_by_hand() {
        // Only the isolated and connected terms on. White pawns a2 c2 f2 g2: a2 and c2 have no
        // pawn on a neighbouring file (b is empty; d too), −5 each in the middle game (5% of
        // 100), −15 in the end game; f2 and g2 stand side by side: connected, 5 + (100 + 800)
        // · 10% / (6 + 1)² = 5 + 90 / 49 = 6 each, either phase. 2 · 6 − 2 · 5 = 2, and
        // 12 − 30 = −18.
        let v = load_variant("chess", &Assignment::default()).unwrap();
        let values: Vec<i32> = v.kinds.iter().map(|k| k.value as i32 * 100).collect();
        let mut w = crate::agents::Weights::ONE;
        for (t, pct) in [
            (super::super::weights::PASSED, 0),
            (super::super::weights::DOUBLED, 0),
            (super::super::weights::ISOLATED, 100),
            (super::super::weights::CONNECTED, 100),
        ] {
            w.pct[t] = pct;
        }
        let p = Pawns::weighted(&v, &values, w).unwrap();
        let at = |fen: &str| p.values(&crate::notation::from_fen(&v, fen).unwrap());
        assert_eq!(at("4k3/8/8/8/8/8/P1P2PP1/4K3 w - - 0 1")[0], [2, -18]);
        // d4 defended by e3 (a pawn on e3 captures on d4): connected, 4 moves from d8,
        // 5 + 90 / 25 = 8; e3 is neither defended nor beside a pawn; neither is isolated.
        assert_eq!(at("4k3/8/8/8/3P4/4P3/8/4K3 w - - 0 1")[0], [8, 8]);
        // Black's view of the same structure, mirrored: d5 defended by e6.
        assert_eq!(at("4k3/8/4p3/3p4/8/8/8/4K3 w - - 0 1")[1], [8, 8]);
        // Built-in weights: both terms off, the passed pawns alone (see above).
        let p = Pawns::new(&v, &values).unwrap();
        let pos = crate::notation::from_fen(&v, "4k3/8/8/8/8/8/P1P2PP1/4K3 w - - 0 1").unwrap();
        assert_eq!(p.values(&pos)[0], [4 * 12, 4 * 25]);
    }

    #[test]
    fn a_pawn_is_worth_more_in_the_end_game() {
        // Chess: the pawn (value 1, 100 units) gains nothing in the middle game and half its
        // value in the end game; the knight is no pawn and gains nothing.
        let v = load_variant("chess", &Assignment::default()).unwrap();
        let values: Vec<i32> = v.kinds.iter().map(|k| k.value as i32 * 100).collect();
        let p = Pawns::new(&v, &values).unwrap();
        let combo = |name: &str| v.kinds.iter().position(|k| k.name == name).unwrap() * p.orients;
        assert_eq!(p.taper(combo("pawn")), [0, 50]);
        assert_eq!(p.taper(combo("knight")), [0, 0]);
        // Shatranj's padati at the shipped fitted 0.55 (55 units): 55 · 500 / 1000 = 27.
        let v = load_variant("shatranj", &Assignment::default()).unwrap();
        let mut values: Vec<i32> = v.kinds.iter().map(|k| k.value as i32 * 100).collect();
        let padati = v.kinds.iter().position(|k| k.name == "padati").unwrap();
        values[padati] = 55;
        let p = Pawns::new(&v, &values).unwrap();
        assert_eq!(p.taper(padati * p.orients), [0, 27]);
    }

    #[test]
    fn only_kinds_that_never_return_are_pawns() {
        // Shogi: the pawn, lance and knight only advance; the silver steps back, the rook
        // and bishop promote but return, so they are no pawns.
        let v = load_variant("shogi", &Assignment::default()).unwrap();
        let values: Vec<i32> = v.kinds.iter().map(|k| k.value as i32 * 100).collect();
        let p = Pawns::new(&v, &values).unwrap();
        let pawn_kinds: Vec<&str> = (0..v.kinds.len())
            .filter(|&k| p.own[k * p.orients].is_some())
            .map(|k| v.kinds[k].name.as_str())
            .collect();
        for name in ["silver", "rook", "bishop", "gold", "king"] {
            assert!(!pawn_kinds.contains(&name), "{name} in {pawn_kinds:?}");
        }
        assert!(pawn_kinds.contains(&"pawn"), "{pawn_kinds:?}");
    }
}
