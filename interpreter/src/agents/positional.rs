//! [`Positional`]: the two-seat evaluation's positional terms, read from the rule file alone
//! (no variant names): piece-square values from each kind's reach on an empty board
//! (centralisation), advancement toward the promotion zone (by the kind's distance in moves
//! and the value promotion gains), royal safety (attacks on the squares around the royal
//! piece and the own pieces standing there) and a bonus for the seat to move. Middle-game and
//! end-game values are blended by the material left on the board (a tapered evaluation).

use super::weights::{self, Weights};
use crate::compile::{CAPTURE, QUIET, Variant};
use crate::engine::Position;
use crate::vocab::{Piece, Seat, SquareSet};

/// Units per move a non-royal piece would have on an empty board from its square.
const REACH: i32 = 5;

/// Units per empty-board move of a royal piece, in the end game only (a royal piece walks
/// to the centre once the attackers are gone; in the middle game it stays home).
const ROYAL_REACH: i32 = 5;

/// Advancement: a piece `d` moves from its promotion zone gets the promotion's gain times
/// this many thousandths, over `(d + 1)²` (middle game; twice that in the end game).
const ADVANCE: i32 = 300;

/// Units per attack on the royal zone, times the number of attacking pieces (at most
/// [`MAX_ATTACKERS`]). Twice the earlier 4 (with [`SHELTER`] twice the earlier 8): `medium`
/// against the earlier weights 12–9–9 in chess, 6–3–21 in shatranj (docs/agents.md).
const ATTACK: i32 = 8;

/// The most attacking pieces counted.
const MAX_ATTACKERS: i32 = 4;

/// Units per own non-royal piece in the royal zone (at most [`MAX_SHELTER`]).
const SHELTER: i32 = 16;

/// The most sheltering pieces counted.
const MAX_SHELTER: i32 = 3;

/// Units per move a riding piece (one with a ray) has on the board as it stands, blockers
/// counted: the open lines a piece on the empty board's reach does not see.
const RIDER_MOBILITY: i32 = 4;

/// Units for the seat to move.
pub const TEMPO: i32 = 10;

/// The scale of the phase: [`PHASE`] is the start's material, 0 an empty board.
const PHASE: i32 = 256;

/// The positional terms of one variant, precomputed per (kind, facing) combination and
/// square (index `combo * squares + square`).
#[derive(Clone, Debug)]
pub struct Positional {
    /// Middle-game piece-square value in units.
    mg: Vec<i16>,
    /// End-game piece-square value in units (a pawn's with its tapered material:
    /// [`Pawns::taper`](super::pawns::Pawns::taper)).
    eg: Vec<i16>,
    /// The squares a piece may capture on from there on an empty board.
    hits: Vec<SquareSet>,
    /// Per square: the royal zone of a royal piece there (the square and its neighbours).
    zone: Vec<SquareSet>,
    /// Per kind: royal.
    royal: Vec<bool>,
    /// Per combination: the piece rides (has a ray from some square).
    rider: Vec<bool>,
    /// The start position's non-royal material on the board, both seats, in units (≥ 1).
    start: i32,
    /// Squares on the board.
    squares: usize,
    /// Facings.
    orients: usize,
    /// Pawn structure (passed and doubled pawns), where some kind is a pawn.
    pawns: Option<super::pawns::Pawns>,
    /// The terms' weights (the fitted file's, or the built-in ones).
    w: Weights,
    /// Threats ([`Threats`](super::threats::Threats)).
    threats: super::threats::Threats,
}

impl Positional {
    /// The terms of `v`, with the piece values `values` (units per kind), at their built-in
    /// weights.
    #[cfg(test)]
    pub fn new(v: &Variant, values: &[i32], reach: &[u16]) -> Positional {
        Positional::weighted(v, values, reach, Weights::ONE)
    }

    /// The terms of `v`, with the piece values `values` (units per kind) and weights `w`.
    pub fn weighted(v: &Variant, values: &[i32], reach: &[u16], w: Weights) -> Positional {
        let squares = v.board.len();
        let orients = v.orients.len();
        let combos = v.kinds.len() * orients;
        let royal: Vec<bool> = v.kinds.iter().map(|k| k.royal).collect();
        let empty = [Piece::EMPTY; 256];
        let mut mg = vec![0i16; combos * squares];
        let mut eg = vec![0i16; combos * squares];
        let mut hits = vec![SquareSet::default(); combos * squares];
        let pawns = super::pawns::Pawns::weighted(v, values, w);
        for combo in 0..combos {
            let taper = pawns.as_ref().map_or([0; 2], |p| {
                p.taper(combo).map(|x| w.scale(weights::TAPER, x))
            });
            let kind = combo / orients;
            let advance = advancement(v, values, combo, kind);
            for sq in 0..squares {
                let i = combo * squares + sq;
                let r = reach.get(i).copied().unwrap_or(0) as i32;
                let a = advance.as_ref().map_or(0, |(gain, dist)| {
                    dist[sq].map_or(0, |d| gain * ADVANCE / 1000 / ((d + 1) * (d + 1)))
                });
                if royal[kind] {
                    eg[i] = (r * ROYAL_REACH) as i16;
                } else {
                    let (r, a) = (
                        w.scale(weights::REACH, r * REACH),
                        w.scale(weights::ADVANCE, a),
                    );
                    mg[i] = saturate(r + a + taper[0]);
                    eg[i] = saturate(r + 2 * a + taper[1]);
                }
                v.table.walk(
                    combo,
                    sq as u8,
                    &empty,
                    |_| false,
                    |to, mode, _| {
                        if mode & CAPTURE != 0 {
                            hits[i].insert(to);
                        }
                    },
                );
            }
        }
        let rider = (0..combos)
            .map(|c| (0..squares).any(|sq| !v.table.rays_of(v.table.entry(c, sq as u8)).is_empty()))
            .collect();
        let zone = (0..squares)
            .map(|sq| {
                let mut z = SquareSet::default();
                let s = crate::geometry::Square(sq as u8);
                for dx in -1..=1 {
                    for dy in -1..=1 {
                        if let Some(t) = v.board.offset(s, dx, dy) {
                            z.insert(t.0);
                        }
                    }
                }
                z
            })
            .collect();
        let start = v
            .setup
            .iter()
            .map(|&(_, p)| values.get(p.kind().index()).copied().unwrap_or(0))
            .sum::<i32>()
            .max(1);
        let threats = super::threats::Threats::new(v, values, &hits, reach, w);
        Positional {
            threats,
            mg,
            eg,
            hits,
            zone,
            royal,
            rider,
            start,
            squares,
            orients,
            pawns,
            w,
        }
    }

    /// The positional value of each of the two seats of `pos`, in units: piece-square values
    /// blended by the phase, less the danger to its royal piece, plus its shelter; the seat to
    /// move gets [`TEMPO`] besides.
    pub fn values(&self, pos: &Position, values: &[i32]) -> [i32; 2] {
        if self.threats.fits_bits() {
            return self.values_bits(pos, values);
        }
        self.values_walk(pos, values)
    }

    /// Adds fitted piece-square tables to the middle- and end-game tables: per kind (`None`:
    /// none), its units in the middle game and the end game by the square in the piece's own
    /// frame ([`crate::compile::FittedValues::squares`], read through [`frame_indices`]).
    /// Entries saturate at the `i16` range.
    pub fn with_squares(mut self, v: &Variant, squares: &[Option<[Vec<i32>; 2]>]) -> Positional {
        let frames = frame_indices(v);
        for combo in 0..v.kinds.len() * self.orients {
            let (kind, facing) = (combo / self.orients, combo % self.orients);
            let Some([m, e]) = squares.get(kind).and_then(|t| t.as_ref()) else {
                continue;
            };
            for (sq, &f) in frames[facing].iter().enumerate().take(self.squares) {
                let i = combo * self.squares + sq;
                self.mg[i] = saturate(self.mg[i] as i32 + m.get(f).copied().unwrap_or(0));
                self.eg[i] = saturate(self.eg[i] as i32 + e.get(f).copied().unwrap_or(0));
            }
        }
        self
    }

    /// The phase of `pos` as [`values`](Self::values) blends it: the non-royal material on
    /// the board and in hand (both seats, at `values` units per kind) over the start's, from
    /// 0 (an empty board) to [`PHASE`] (256, the start's material or more).
    pub fn phase(&self, pos: &Position, values: &[i32]) -> i32 {
        let board = pos.board();
        let mut material = 0;
        for s in 0..2 {
            let seat = Seat(s as u8);
            for sq in pos.pieces_of(seat).iter() {
                let p = board[sq as usize];
                if !p.is_dead() && !self.royal[p.kind().index()] {
                    material += values.get(p.kind().index()).copied().unwrap_or(0);
                }
            }
            for (k, &x) in values.iter().enumerate() {
                material += pos.hand_count(seat, crate::vocab::Kind(k as u8)) as i32 * x;
            }
        }
        (material * PHASE / self.start).clamp(0, PHASE)
    }

    /// [`values`](Self::values) by the move table's walks: any board (the reference of
    /// [`values_bits`](Self::values_bits)).
    fn values_walk(&self, pos: &Position, values: &[i32]) -> [i32; 2] {
        let board = pos.board();
        let occ = pos.occupied_bits();
        let mut mg = [0i32; 2];
        let mut eg = [0i32; 2];
        let mut material = 0;
        let mut royal_sq = [None; 2];
        for s in 0..2 {
            for sq in pos.pieces_of(Seat(s as u8)).iter() {
                let p = board[sq as usize];
                if p.is_dead() {
                    continue;
                }
                let combo = p.combo(self.orients);
                let i = combo * self.squares + sq as usize;
                let mobility = if self.rider[combo] {
                    self.w.scale(
                        weights::RIDER,
                        RIDER_MOBILITY * moves(pos, occ, combo, sq, Seat(s as u8)),
                    )
                } else {
                    0
                };
                mg[s] += self.mg[i] as i32 + mobility;
                eg[s] += self.eg[i] as i32 + mobility;
                let k = p.kind().index();
                if self.royal[k] {
                    royal_sq[s] = royal_sq[s].or(Some(sq));
                } else {
                    material += values.get(k).copied().unwrap_or(0);
                }
            }
            for (k, &x) in values.iter().enumerate() {
                material += pos.hand_count(Seat(s as u8), crate::vocab::Kind(k as u8)) as i32 * x;
            }
        }
        let safety = [0, 1].map(|s| royal_sq[s].map(|k| self.safety(pos, occ, Seat(s as u8), k)));
        self.blend(pos, [mg, eg], material, self.threats.terms(pos), safety)
    }

    /// [`values`](Self::values) on a board of at most 64 squares
    /// ([`Threats::fits_bits`](super::threats::Threats::fits_bits)) in one pass over the
    /// pieces: each live piece's targets as the board stands come once from the move table's
    /// bitboards ([`reach_bits`]; a walk where they cannot say them) and serve its rider
    /// mobility, the attack sets of the threat terms and its attacks on the other royal
    /// piece's zone. The same counts as [`values_walk`](Self::values_walk), so the same values.
    fn values_bits(&self, pos: &Position, values: &[i32]) -> [i32; 2] {
        let board = pos.board();
        let table = &pos.variant().table;
        let occ = pos.occupied_bits();
        let rider_on = self.w.pct[weights::RIDER] != 0;
        // Per seat: its first live royal piece's square and zone.
        let mut royal_sq = [None; 2];
        for (s, r) in royal_sq.iter_mut().enumerate() {
            *r = pos.pieces_of(Seat(s as u8)).iter().find(|&sq| {
                let p = board[sq as usize];
                !p.is_dead() && self.royal[p.kind().index()]
            });
        }
        let zones = royal_sq.map(|r| r.map(|k| self.zone[k as usize]));
        let mut mg = [0i32; 2];
        let mut eg = [0i32; 2];
        let mut material = 0;
        let mut attacks = super::threats::Attacks::default();
        // Per seat: attacks on its royal zone (squares) and the pieces that make them.
        let mut zone_hits = [0i32; 2];
        let mut attackers = [0i32; 2];
        let mut counted: Vec<(usize, usize, usize, u64)> = Vec::new();
        for s in 0..2 {
            let seat = Seat(s as u8);
            let e = 1 - s;
            for sq in pos.pieces_of(seat).iter() {
                let p = board[sq as usize];
                if p.is_dead() {
                    continue;
                }
                let combo = p.combo(self.orients);
                let i = combo * self.squares + sq as usize;
                let k = p.kind().index();
                let bits = reach_bits(table, combo, sq, occ);
                let (quiet, capture) = bits.unwrap_or_else(|| walk_bits(pos, combo, sq));
                let mobility = if self.rider[combo] && rider_on {
                    let n = match bits {
                        Some(_) => moves_from_bits(board, occ, quiet, capture, seat),
                        None => moves(pos, occ, combo, sq, seat),
                    };
                    self.w.scale(weights::RIDER, RIDER_MOBILITY * n)
                } else {
                    0
                };
                mg[s] += self.mg[i] as i32 + mobility;
                eg[s] += self.eg[i] as i32 + mobility;
                attacks.all[s] |= capture;
                attacks.by_rank[s][self.threats.rank(k)] |= capture;
                if self.threats.counts_mobility(combo) {
                    let mut to_set = quiet & !occ;
                    let mut hits = capture & occ;
                    while hits != 0 {
                        let to = hits.trailing_zeros() as usize;
                        hits &= hits - 1;
                        let q = board[to];
                        if q.owner().index() != s && !q.is_dead() {
                            to_set |= 1 << to;
                        }
                    }
                    counted.push((s, combo, k, to_set));
                }
                if self.royal[k] {
                    continue;
                }
                material += values.get(k).copied().unwrap_or(0);
                // As `safety`: a piece that reaches no square of the zone on the empty board
                // is not counted (a hop's capture needs a screen the empty board lacks).
                if let Some(zone) = zones[e]
                    .as_ref()
                    .filter(|z| self.hits[i].0[0] & z.0[0] != 0)
                {
                    let n = match bits {
                        Some(_) => (capture & zone.0[0]).count_ones() as i32,
                        None => zone_attacks(pos, occ, combo, sq, zone),
                    };
                    if n > 0 {
                        zone_hits[e] += n;
                        attackers[e] += 1;
                    }
                }
            }
            for (k, &x) in values.iter().enumerate() {
                material += pos.hand_count(seat, crate::vocab::Kind(k as u8)) as i32 * x;
            }
        }
        let mut safety = [None; 2];
        for (s, zone) in zones.iter().enumerate() {
            if let Some(zone) = zone {
                let shelter = self.shelter(pos, Seat(s as u8), zone);
                safety[s] = Some(self.safety_units(shelter, zone_hits[s], attackers[s]));
            }
        }
        let terms = self.threats.terms_bits(pos, &attacks, &counted);
        self.blend(pos, [mg, eg], material, terms, safety)
    }

    /// The two seats' values from their piece-square and mobility sums `[mg, eg]` (units per
    /// seat), the non-royal `material` on the board and in hand (units), the threat and safe
    /// mobility `terms` and each seat's royal safety (units; `None` without a royal piece):
    /// pawn structure added, middle and end game blended by the phase, safety scaled by it,
    /// the tempo to the seat to move.
    fn blend(
        &self,
        pos: &Position,
        [mut mg, mut eg]: [[i32; 2]; 2],
        material: i32,
        (threats, mobility): ([i32; 2], [i32; 2]),
        safety: [Option<i32>; 2],
    ) -> [i32; 2] {
        for s in 0..2 {
            mg[s] += threats[s] + mobility[s];
            eg[s] += threats[s] + mobility[s];
        }
        if let Some(p) = &self.pawns {
            let [a, b] = p.values(pos);
            for (s, [m, e]) in [a, b].into_iter().enumerate() {
                mg[s] += m;
                eg[s] += e;
            }
        }
        let phase = (material * PHASE / self.start).clamp(0, PHASE);
        let mut out = [0; 2];
        for s in 0..2 {
            let mut v = (mg[s] * phase + eg[s] * (PHASE - phase)) / PHASE;
            if let Some(x) = safety[s] {
                v += x * phase / PHASE;
            }
            out[s] = v;
        }
        out[pos.to_move().index() & 1] += self.w.scale(weights::TEMPO, TEMPO);
        out
    }

    /// The threat terms and the static exchange.
    pub fn threats(&self) -> &super::threats::Threats {
        &self.threats
    }

    /// The safety of `seat`'s royal piece on `king`, in units: its own non-royal pieces in
    /// the royal zone less the attacks of the other seat's pieces on the zone (each square an
    /// attacker reaches there, blockers counted, times the number of attackers); `occ` is
    /// [`Position::occupied_bits`].
    fn safety(&self, pos: &Position, occ: u64, seat: Seat, king: u8) -> i32 {
        let zone = self.zone[king as usize];
        let board = pos.board();
        let shelter = self.shelter(pos, seat, &zone);
        let mut hits = 0;
        let mut attackers = 0;
        let other = Seat(1 - seat.0);
        for sq in pos.pieces_of(other).iter() {
            let p = board[sq as usize];
            if p.is_dead() || self.royal[p.kind().index()] {
                continue;
            }
            let combo = p.combo(self.orients);
            let i = combo * self.squares + sq as usize;
            if !intersects(&self.hits[i], &zone) {
                continue;
            }
            let n = zone_attacks(pos, occ, combo, sq, &zone);
            if n > 0 {
                hits += n;
                attackers += 1;
            }
        }
        self.safety_units(shelter, hits, attackers)
    }

    /// `seat`'s own live non-royal pieces in `zone`.
    fn shelter(&self, pos: &Position, seat: Seat, zone: &SquareSet) -> i32 {
        let board = pos.board();
        let mut shelter = 0;
        for sq in zone.iter() {
            let p = board[sq as usize];
            if !p.is_empty() && !p.is_dead() && p.owner() == seat && !self.royal[p.kind().index()] {
                shelter += 1;
            }
        }
        shelter
    }

    /// The royal safety in units of `shelter` own pieces in the zone and `hits` attacks on it
    /// by `attackers` pieces ([`safety`](Self::safety)).
    fn safety_units(&self, shelter: i32, hits: i32, attackers: i32) -> i32 {
        self.w
            .scale(weights::SHELTER, SHELTER * shelter.min(MAX_SHELTER))
            - self.w.scale(
                weights::ATTACK,
                ATTACK * hits * attackers.min(MAX_ATTACKERS),
            )
    }
}

/// `x` units as a table entry: clamped to the `i16` range (a fitted file may value a kind up
/// to 1,000 and weigh a term up to 10, beyond what an entry holds), never wrapped.
/// Per orientation of `v` (in [`Variant::orients`] order), per board square: the square's
/// index in that orientation's own frame (`rank * files + file`, rank 0 along the seat's own
/// edge, files from its left: [`crate::geometry::Orientation::square`]).
pub fn frame_indices(v: &Variant) -> Vec<Vec<usize>> {
    v.orients
        .iter()
        .map(|o| {
            let (fw, fh) = o.frame_size(v.board);
            let mut idx = vec![0; v.board.len()];
            for r in 0..fh as usize {
                for f in 0..fw as usize {
                    if let Some(sq) = o.square(v.board, f as i32, r as i32) {
                        idx[sq.index()] = r * fw as usize + f;
                    }
                }
            }
            idx
        })
        .collect()
}

fn saturate(x: i32) -> i16 {
    x.clamp(i16::MIN as i32, i16::MAX as i32) as i16
}

/// The captures the piece of `combo` on `from` makes on the squares of `zone` as the board
/// of `pos` stands (`occ`: [`Position::occupied_bits`]), each step's counted (a walk lists a
/// square two steps reach twice).
fn zone_attacks(pos: &Position, occ: u64, combo: usize, from: u8, zone: &SquareSet) -> i32 {
    let v = pos.variant();
    match reach_bits(&v.table, combo, from, occ) {
        Some((_, capture)) => (capture & zone.0[0]).count_ones() as i32,
        None => {
            let mut n = 0;
            v.table.walk(
                combo,
                from,
                pos.board(),
                |p| !p.is_empty(),
                |to, mode, _| {
                    n += (mode & CAPTURE != 0 && zone.contains(to)) as i32;
                },
            );
            n
        }
    }
}

/// The squares the piece of `combo` on `from` may move to by quiet-mode and by capture-mode
/// steps as the board of `pos` stands (at most 64 squares), by a walk of the move table:
/// [`reach_bits`]' sets where its bitboards cannot say them.
fn walk_bits(pos: &Position, combo: usize, from: u8) -> (u64, u64) {
    let (mut quiet, mut capture) = (0u64, 0u64);
    pos.variant().table.walk(
        combo,
        from,
        pos.board(),
        |p| !p.is_empty(),
        |to, mode, _| {
            if mode & QUIET != 0 {
                quiet |= 1 << to;
            }
            if mode & CAPTURE != 0 {
                capture |= 1 << to;
            }
        },
    );
    (quiet, capture)
}

/// [`moves`] from the piece's [`reach_bits`] sets `quiet` and `capture`.
#[inline]
fn moves_from_bits(board: &[Piece; 256], occ: u64, quiet: u64, capture: u64, seat: Seat) -> i32 {
    let mut n = (quiet & !occ).count_ones() as i32;
    let mut hits = capture & occ;
    while hits != 0 {
        let to = hits.trailing_zeros() as usize;
        hits &= hits - 1;
        let p = board[to];
        n += (p.owner() != seat && !p.is_dead()) as i32;
    }
    n
}

/// The moves of `seat`'s piece of `combo` on `from` as the board stands: empty squares it may
/// move to and other seats' live pieces it may capture (royal safety ignored); `occ` is
/// [`Position::occupied_bits`].
#[inline]
fn moves(pos: &Position, occ: u64, combo: usize, from: u8, seat: Seat) -> i32 {
    let board = pos.board();
    let counts = |p: Piece| p.owner() != seat && !p.is_dead();
    if let Some((quiet, capture)) = reach_bits(&pos.variant().table, combo, from, occ) {
        return moves_from_bits(board, occ, quiet, capture, seat);
    }
    let mut n = 0;
    pos.variant().table.walk(
        combo,
        from,
        board,
        |p| !p.is_empty(),
        |_, mode, p| {
            n += if p.is_empty() {
                mode & QUIET != 0
            } else {
                mode & CAPTURE != 0 && counts(p)
            } as i32;
        },
    );
    n
}

/// The squares the piece of (kind, orientation) `combo` on `from` reaches on a board whose
/// occupied squares are `occ` (boards of at most 64 squares), as
/// [`MoveTable::walk`](crate::compile::MoveTable::walk) visits them with every piece
/// blocking: `(quiet, capture)`, the squares of its quiet-mode and of its capture-mode steps,
/// each ray up to and including its first piece. `None` where the table's bitboards cannot
/// say it (larger boards, lame leaps, overlapping steps): walk the table there. A popcount
/// of these sets replaces the walk in the mobility and royal-safety terms (same counts).
#[inline(always)]
pub(super) fn reach_bits(
    t: &crate::compile::MoveTable,
    combo: usize,
    from: u8,
    occ: u64,
) -> Option<(u64, u64)> {
    let i = combo * t.n_squares + from as usize;
    let eb = t.bits.entries.get(i)?;
    if !eb.fits {
        return None;
    }
    let e = &t.entries[i];
    let (mut quiet, mut capture) = (eb.quiet, eb.capture);
    let rays = &t.bits.rays[e.ray_start as usize..][..e.ray_len as usize];
    for &r in rays {
        let reach = crate::compile::ray_reach(r, occ);
        if r.mode & QUIET != 0 {
            quiet |= reach;
        }
        if r.mode & CAPTURE != 0 {
            capture |= reach;
        }
    }
    Some((quiet, capture))
}

/// True if the two sets share a square.
#[inline]
fn intersects(a: &SquareSet, b: &SquareSet) -> bool {
    a.0.iter().zip(&b.0).any(|(x, y)| x & y != 0)
}

/// For a kind that promotes: the value its best promotion gains (units) and, per square, the
/// fewest moves (on an empty board, quiet or capturing) from there into its promotion zone
/// (`None`: never); `None` for a kind that does not promote or gains nothing.
fn advancement(
    v: &Variant,
    values: &[i32],
    combo: usize,
    kind: usize,
) -> Option<(i32, Vec<Option<i32>>)> {
    let gain = super::pawns::promotion_gain(v, values, kind)?;
    let zone = v.promo_zone.get(combo)?;
    let squares = v.board.len();
    let empty = [Piece::EMPTY; 256];
    let mut next: Vec<Vec<u8>> = vec![Vec::new(); squares];
    for (sq, out) in next.iter_mut().enumerate() {
        v.table.walk(
            combo,
            sq as u8,
            &empty,
            |_| false,
            |to, mode, _| {
                if mode & (QUIET | CAPTURE) != 0 {
                    out.push(to);
                }
            },
        );
    }
    // Breadth-first from every square towards the zone.
    let dist = (0..squares)
        .map(|start| {
            let mut seen = vec![false; squares];
            let mut frontier = vec![start as u8];
            seen[start] = true;
            for d in 0..squares as i32 {
                if frontier.iter().any(|&s| zone.contains(s)) {
                    return Some(d);
                }
                let mut after = Vec::new();
                for &s in &frontier {
                    for &t in &next[s as usize] {
                        if !seen[t as usize] {
                            seen[t as usize] = true;
                            after.push(t);
                        }
                    }
                }
                if after.is_empty() {
                    return None;
                }
                frontier = after;
            }
            None
        })
        .collect();
    Some((gain, dist))
}

#[cfg(test)]
mod tests {

    #[test]
    fn fitted_squares_are_read_in_each_seats_own_frame() {
        // Chess: white's frame is the board; black's is mirrored (north edge, mirror), so
        // black's a8 is its frame square 0 and its h1 frame square 63, and a knight's table
        // entry for frame square 21 (f3 for white) lands on f6 for black.
        let v = crate::engine::load_variant("chess", &crate::spec::Assignment::default()).unwrap();
        let frames = frame_indices(&v);
        let sq = |n: &str| v.board.parse_square(n).unwrap().index();
        let white = v.seats[0].orient as usize;
        let black = v.seats[1].orient as usize;
        assert_eq!((frames[white][sq("a1")], frames[white][sq("h8")]), (0, 63));
        assert_eq!((frames[black][sq("a8")], frames[black][sq("h1")]), (0, 63));
        assert_eq!(frames[black][sq("f6")], 21);
        let values: Vec<i32> = v.kinds.iter().map(|k| k.value as i32 * 100).collect();
        let reach = super::super::eval::empty_board_reach(&v);
        let plain = Positional::new(&v, &values, &reach);
        let knight = v.kind_by_name("knight").unwrap().index();
        let mut squares = vec![None; v.kinds.len()];
        let (mut mg, mut eg) = (vec![0; 64], vec![0; 64]);
        mg[21] = 50;
        eg[21] = -30;
        squares[knight] = Some([mg, eg]);
        let fitted = Positional::new(&v, &values, &reach).with_squares(&v, &squares);
        let at = |p: &Positional, orient: usize, square: &str| {
            let i = (knight * p.orients + orient) * p.squares + sq(square);
            (p.mg[i] as i32, p.eg[i] as i32)
        };
        for (orient, square) in [(white, "f3"), (black, "f6")] {
            let (m0, e0) = at(&plain, orient, square);
            assert_eq!(at(&fitted, orient, square), (m0 + 50, e0 - 30), "{square}");
        }
        assert_eq!(at(&fitted, white, "f6"), at(&plain, white, "f6"));
    }

    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    /// The chess variant's positional terms and its piece values (units).
    fn chess() -> (std::sync::Arc<Variant>, Positional, Vec<i32>) {
        let v = load_variant("chess", &Assignment::default()).unwrap();
        let values: Vec<i32> = v.kinds.iter().map(|k| k.value as i32 * 100).collect();
        let reach = super::super::eval::empty_board_reach(&v);
        let p = Positional::new(&v, &values, &reach);
        (v, p, values)
    }

    #[test]
    fn pawns_gain_by_their_distance_to_the_promotion_zone() {
        // A white pawn on e7 is one move from e8, where it becomes a queen (gain 900 − 100):
        // one quiet move on an empty board (5 units) and 800 · 0.3 / (1 + 1)² = 60 for the
        // advance in the middle game, twice that in the end game. On e2 it is six single
        // steps away (the double step is a first move, not in the table): 5 + 240 / 49 = 9
        // (5 + 8 in the end game, whole units). With the `taper` weight on (a fitted file's;
        // off at the built-in weights), the end game adds the tapered pawn's 50
        // (`pawns::TAPER`: half its value 100) and the middle game nothing.
        let (v, p, values) = chess();
        let pos = crate::notation::from_fen(&v, "4k3/4P3/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        let pawn = pos.piece_at(crate::geometry::Square(52));
        let i = |sq: usize| pawn.combo(p.orients) * p.squares + sq;
        assert_eq!((p.mg[i(52)], p.eg[i(52)]), (65, 125));
        assert_eq!((p.mg[i(12)], p.eg[i(12)]), (9, 13));
        let mut w = Weights::ONE;
        w.pct[weights::TAPER] = 100;
        let reach = super::super::eval::empty_board_reach(&v);
        let t = Positional::weighted(&v, &values, &reach, w);
        assert_eq!((t.mg[i(52)], t.eg[i(52)]), (65, 125 + 50));
        assert_eq!((t.mg[i(12)], t.eg[i(12)]), (9, 13 + 50));
    }

    #[test]
    fn table_entries_saturate_at_the_largest_values_a_fitted_file_allows() {
        // A pawn valued 500 (50,000 units; it stays a pawn: the queen it becomes is valued
        // 1,000) with the `taper` weight at its largest, 10: 50,000 · 0.5 · 10 = 250,000
        // units in the end game, beyond an `i16`; the entry holds the largest value rather
        // than wrapping to a negative one.
        let (v, _, mut values) = chess();
        let kind = |name: &str| v.kinds.iter().position(|k| k.name == name).unwrap();
        let pawn = kind("pawn");
        values[pawn] = 50_000;
        values[kind("queen")] = 100_000;
        let mut w = Weights::ONE;
        w.pct[weights::TAPER] = 1000;
        let reach = super::super::eval::empty_board_reach(&v);
        let t = Positional::weighted(&v, &values, &reach, w);
        let i = pawn * t.orients * t.squares + 12;
        assert_eq!(t.eg[i], i16::MAX);
        assert_eq!(saturate(-70_000), i16::MIN);
    }

    #[test]
    fn royal_safety_counts_attacks_on_the_zone_and_shelter() {
        // The white king on g1: its zone is f1 g1 h1 f2 g2 h2. A black rook on a2 reaches f2,
        // g2 and h2 along the open second rank: 3 hits by 1 attacker, −8 · 3 · 1 = −24. With a
        // white pawn on c2 the rook is blocked at c2 (0 hits) and the pawn is not in the zone;
        // with white pawns on f2 g2 h2 the rook hits f2 only and three pieces shelter: +48 − 8.
        let (v, p, _) = chess();
        for (fen, want) in [
            ("4k3/8/8/8/8/8/r7/6K1 w - - 0 1", -24),
            ("4k3/8/8/8/8/8/r1P5/6K1 w - - 0 1", 0),
            ("4k3/8/8/8/8/8/r4PPP/6K1 w - - 0 1", 48 - 8),
        ] {
            let pos = crate::notation::from_fen(&v, fen).unwrap();
            assert_eq!(
                p.safety(&pos, pos.occupied_bits(), Seat(0), 6),
                want,
                "{fen}"
            );
        }
    }

    /// Random walks with take-backs in variants of at most 64 squares (drops in minishogi,
    /// crazyhouse and kyotoshogi): at every ply the one-pass bitboard evaluation equals the
    /// walks' ([`Positional::values_walk`]) at the built-in weights and with every term on,
    /// and the static exchange of every capture equals the board-copy walk's.
    #[test]
    fn the_bitboard_pass_equals_the_walks_on_random_games() {
        use rand::{Rng, SeedableRng};
        let mut on = Weights::ONE;
        on.pct = [100; crate::spec::fitted::WEIGHTS.len()];
        on.pct[weights::RIDER] = 150;
        for name in [
            "chess",
            "shatranj",
            "chaturanga",
            "makruk",
            "minishogi",
            "crazyhouse",
            "kyotoshogi",
        ] {
            let v = load_variant(name, &Assignment::default()).unwrap();
            let values: Vec<i32> = v.kinds.iter().map(|k| k.value as i32 * 100).collect();
            let reach = super::super::eval::empty_board_reach(&v);
            let terms = [Weights::ONE, on].map(|w| Positional::weighted(&v, &values, &reach, w));
            assert!(terms[0].threats.fits_bits(), "{name}");
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
            let mut pos = crate::engine::Position::start(v.clone());
            let (mut moves, mut checked, mut captures, mut depth) = (Vec::new(), 0, 0, 0);
            for ply in 0..400 {
                for p in &terms {
                    assert_eq!(
                        p.values_bits(&pos, &values),
                        p.values_walk(&pos, &values),
                        "{name} ply {ply}"
                    );
                }
                checked += 1;
                pos.legal_moves(&mut moves);
                for &m in &moves {
                    if !m.is_drop() && !pos.piece_at(m.to).is_empty() {
                        let t = &terms[0].threats;
                        assert_eq!(
                            t.exchange(&pos, m),
                            t.exchange_walk(&pos, m),
                            "{name} ply {ply} {m:?}"
                        );
                        captures += 1;
                    }
                }
                let over = moves.is_empty() || pos.outcome().is_some();
                if over || (depth > 0 && rng.next_u32() % 4 == 0) {
                    if depth == 0 {
                        break;
                    }
                    pos.undo();
                    depth -= 1;
                    continue;
                }
                let m = moves[rng.next_u32() as usize % moves.len()];
                pos.play(m).unwrap();
                depth += 1;
            }
            assert!(
                checked > 300 && captures > 50,
                "{name}: {checked} positions, {captures} captures"
            );
        }
    }

    #[test]
    fn riders_count_their_moves_as_the_board_stands() {
        // A rook on a1 behind its own pawn on a2, its bishop on c1, has b1 only; the bishop,
        // behind pawns on b2 and d2, has nothing; a knight is no rider.
        let (v, p, _) = chess();
        let pos = crate::notation::from_fen(&v, "4k3/8/8/8/8/8/PP1P4/R1B1K1N1 w - - 0 1").unwrap();
        let combo = |sq: u8| pos.piece_at(crate::geometry::Square(sq)).combo(p.orients);
        let occ = pos.occupied_bits();
        assert_eq!(moves(&pos, occ, combo(0), 0, Seat(0)), 1);
        assert_eq!(moves(&pos, occ, combo(2), 2, Seat(0)), 0);
        assert!(p.rider[combo(0)] && p.rider[combo(2)] && !p.rider[combo(6)]);
    }
}
