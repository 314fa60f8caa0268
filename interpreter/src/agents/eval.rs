//! [`Evaluator`]: a static evaluation built from the rule file alone — piece values, scores,
//! hands, mobility, royal safety and eliminations — and the value of a finished game.

use crate::compile::QUIET;
use crate::engine::Position;
use crate::vocab::{MAX_SEATS, Outcome, Piece, Seat};

/// The value of a won game, in evaluation units (centi-pieces: a piece of rule-file value 1 is
/// worth 100). Every static evaluation stays well inside `-WIN..WIN`.
pub const WIN: i32 = 1_000_000;

/// Evaluation units per unit of rule-file piece value (or score point).
pub const UNIT: i32 = 100;

/// Units per move a seat's pieces would have on an empty board from where they stand
/// (mobility, precomputed per kind, facing and square).
pub(super) const MOBILITY: i32 = 2;

/// The search grades' bonus for a piece in hand, in percent of its value, on top of it: a
/// piece in hand may be dropped where it is needed (variants with hands; times the fitted
/// `hand` weight, which is 0 unless a fitted file sets it: see [`super::Weights::ONE`]).
pub(super) const HAND_BONUS: i32 = 10;

/// Units lost by a seat whose royal piece is attacked.
const IN_CHECK: i32 = 40;

/// Units lost by a seat that is out of the game (mated, resigned, or its royal pieces gone).
const ELIMINATED: i32 = 60 * UNIT;

/// Units per mate a seat has made (mates made rank seats in some rule files).
const MATE_MADE: i32 = 10 * UNIT;

/// Weights read from the rule file once per variant.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Seats.
    seats: usize,
    /// Per kind: its value in units: the rule file's `values:` entry where it has one, else its
    /// `value:`.
    values: Vec<i32>,
    /// Some kind is valued by `values:` (the board's material is then summed from
    /// [`values`](Self::values), not read from the position's `value:` total).
    own_values: bool,
    /// Per seat: it starts with a royal piece (losing them all puts it out of the game).
    royal_at_start: [bool; MAX_SEATS],
    /// The variant the weights were read from.
    variant: std::sync::Arc<crate::compile::Variant>,
    /// Percent of a seat's holdings counted in its standing (100; less under the score view).
    material_pct: i32,
    /// Percent weight of the best other seat against their mean in the relative value (0;
    /// more under the score view).
    best_pct: i32,
    /// Dice variants: the expected loss to the next rolls of the seats at most this many
    /// turns after a piece's owner is subtracted from its standing (0: none; see
    /// [`exposure`](super::exposure::exposure)).
    threat_seats: u8,
    /// Scratch for [`exposure`](super::exposure::exposure).
    hits: Vec<super::exposure::Hit>,
    /// Per (kind, facing) combination and square (`combo * squares + square`): the moves a
    /// piece there has on an empty board ([`empty_board_reach`]).
    reach: Vec<u16>,
    /// Squares on the board.
    squares: usize,
    /// Two seats without dice: the positional terms ([`Positional`](super::positional::Positional)),
    /// which replace the mobility term there.
    positional: Option<Box<super::positional::Positional>>,
    /// Percent of a piece's value a seat gains for holding it in hand ([`HAND_BONUS`] times
    /// the `hand` weight; 0 for [`new`](Self::new)'s evaluator and without hands).
    hand_pct: i32,
}

/// Percent of holdings counted under the score view.
const SCORE_VIEW_MATERIAL: i32 = 50;

/// Percent weight of the leading other seat under the score view.
const SCORE_VIEW_BEST: i32 = 50;

impl Evaluator {
    /// An evaluator for `pos`'s variant with the rule file's values (`values:` where it lists
    /// a kind, else `value:`): `greedy`'s.
    pub fn new(pos: &Position) -> Evaluator {
        Evaluator::build(pos, false)
    }

    /// An evaluator for `pos`'s variant with its fitted values where it has them
    /// ([`crate::compile::FittedValues`]; the rule file's `values:` still wins for the kinds it
    /// lists): the search grades'.
    pub fn fitted(pos: &Position) -> Evaluator {
        Evaluator::build(pos, true)
    }

    /// The evaluator for `pos`'s variant: the search grades' when `search` (fitted values and
    /// weights, the hand bonus), else [`new`](Self::new)'s.
    fn build(pos: &Position, search: bool) -> Evaluator {
        let v = pos.variant();
        let fitted = v.fitted.as_ref().filter(|_| search);
        let mut royal_at_start = [false; MAX_SEATS];
        for &(_, p) in &v.setup {
            if v.kinds[p.kind().index()].royal && p.owner().index() < MAX_SEATS {
                royal_at_start[p.owner().index()] = true;
            }
        }
        let chosen: Vec<Option<f64>> = (0..v.kinds.len())
            .map(|k| v.eval_values[k].or(fitted.and_then(|f| f.values[k])))
            .collect();
        let values: Vec<i32> = v
            .kinds
            .iter()
            .zip(&chosen)
            .map(|(k, e)| e.map_or(k.value as i32 * UNIT, |x| (x * UNIT as f64).round() as i32))
            .collect();
        let reach = empty_board_reach(v);
        let w = super::Weights::of(v, search);
        let positional = (v.seats.len() == 2 && v.rules.dice.is_none()).then(|| {
            let p = super::positional::Positional::weighted(v, &values, &reach, w);
            Box::new(match fitted {
                Some(f) => p.with_squares(v, &f.squares),
                None => p,
            })
        });
        Evaluator {
            seats: v.seats.len(),
            values,
            own_values: chosen.iter().any(Option::is_some),
            royal_at_start,
            variant: v.clone(),
            material_pct: 100,
            best_pct: 0,
            threat_seats: 0,
            hits: Vec::new(),
            reach,
            squares: v.board.len(),
            positional,
            hand_pct: if search && v.rules.hands.is_some() {
                w.scale(super::weights::HAND, HAND_BONUS)
            } else {
                0
            },
        }
    }

    /// The evaluator in `slot`, built anew ([`new`](Self::new)) if it is missing or was built
    /// for another variant than `pos`'s.
    pub fn cached<'a>(slot: &'a mut Option<Evaluator>, pos: &Position) -> &'a mut Evaluator {
        Evaluator::cached_as(slot, pos, false)
    }

    /// [`cached`](Self::cached), built with the fitted values ([`fitted`](Self::fitted)).
    pub fn cached_fitted<'a>(slot: &'a mut Option<Evaluator>, pos: &Position) -> &'a mut Evaluator {
        Evaluator::cached_as(slot, pos, true)
    }

    fn cached_as<'a>(
        slot: &'a mut Option<Evaluator>,
        pos: &Position,
        search: bool,
    ) -> &'a mut Evaluator {
        if slot
            .as_ref()
            .is_none_or(|e| !std::sync::Arc::ptr_eq(&e.variant, pos.variant()))
        {
            *slot = Some(Evaluator::build(pos, search));
        }
        slot.as_mut().expect("just filled")
    }

    /// Sets what the evaluation sees beyond material, score and mobility:
    /// - `threat_seats` (dice variants only): a seat's standing loses the expected value of
    ///   its pieces that the seats at most this many turns after it can capture on their next
    ///   roll (0: none);
    /// - `score_view` (capture-scoring variants only, where rank 1 goes by score): pieces on
    ///   the board count at half their value (they are what can still be lost, not points),
    ///   and the other seats' standing is the mean of their mean and their best (beating the
    ///   leader is what wins).
    pub fn set_sight(&mut self, threat_seats: u8, score_view: bool) {
        let v = &self.variant;
        self.threat_seats = if v.rules.dice.is_some() {
            threat_seats
        } else {
            0
        };
        let scoring = score_view && v.rules.scoring.is_some();
        self.material_pct = if scoring { SCORE_VIEW_MATERIAL } else { 100 };
        self.best_pct = if scoring { SCORE_VIEW_BEST } else { 0 };
    }

    /// Per seat: its expected loss in units to the other seats' next rolls (see
    /// [`set_sight`](Self::set_sight)); all zero when the evaluation does not look.
    pub fn exposure(&mut self, pos: &Position) -> [i32; MAX_SEATS] {
        if self.threat_seats == 0 {
            return [0; MAX_SEATS];
        }
        let mut hits = std::mem::take(&mut self.hits);
        let out = super::exposure::exposure(self, pos, self.threat_seats, &mut hits);
        self.hits = hits;
        out
    }

    /// The value of a piece kind in units.
    #[inline]
    pub fn kind_value(&self, kind: crate::vocab::Kind) -> i32 {
        self.values.get(kind.index()).copied().unwrap_or(0)
    }

    /// The static exchange of capture `m` by the seat to move in units (see
    /// [`Threats::exchange`](super::threats::Threats::exchange)); `None` where the evaluation
    /// has no positional terms (more than two seats, dice).
    pub fn see(&self, pos: &Position, m: crate::vocab::Move) -> Option<i32> {
        self.positional
            .as_ref()
            .map(|p| p.threats().exchange(pos, m))
    }

    /// `seat`'s material in units: pieces on the board plus pieces in hand.
    pub fn holdings(&self, pos: &Position, seat: Seat) -> i32 {
        let hand = self.in_hand(pos, seat);
        if !self.own_values {
            return pos.material(seat) as i32 * UNIT + hand;
        }
        let board = pos.board();
        let on_board: i32 = pos
            .pieces_of(seat)
            .iter()
            .map(|sq| board[sq as usize])
            .filter(|p| !p.is_dead())
            .map(|p| self.values[p.kind().index()])
            .sum();
        on_board + hand
    }

    /// The value of `seat`'s pieces in hand, in units.
    pub fn in_hand(&self, pos: &Position, seat: Seat) -> i32 {
        (0..self.values.len())
            .map(|k| pos.hand_count(seat, crate::vocab::Kind(k as u8)) as i32 * self.values[k])
            .sum()
    }

    /// True if `seat` takes no more part in the game: mated, resigned, or without the royal
    /// pieces it started with.
    pub fn eliminated(&self, pos: &Position, seat: Seat) -> bool {
        let c = pos.counters();
        (c.mated | c.resigned).contains(seat)
            || (self.royal_at_start[seat.index()] && pos.royal_count(seat) == 0)
    }

    /// One seat's standing in units: holdings, score, mates made, mobility (the moves its live
    /// pieces would have on an empty board from their squares: a piece-square term read from
    /// the move table, standing for the pseudo-legal moves at a fraction of their cost), less a
    /// penalty when its royal piece is attacked or when it is out of the game.
    pub fn seat_value(&mut self, pos: &Position, seat: Seat) -> i32 {
        let c = pos.counters();
        let mut v = self.holdings(pos, seat) * self.material_pct / 100
            + c.scores[seat.index()] as i32 * UNIT
            + c.mates[seat.index()] as i32 * MATE_MADE;
        if self.eliminated(pos, seat) {
            return v - ELIMINATED;
        }
        if self.positional.is_none() {
            v += self.reach(pos, seat) as i32 * MOBILITY;
        }
        if self.hand_pct != 0 {
            v += self.in_hand(pos, seat) * self.hand_pct / 100;
        }
        if pos.in_check(seat) {
            v -= IN_CHECK;
        }
        v
    }

    /// The moves `seat`'s live pieces on the board would have on an empty board.
    #[inline]
    pub fn reach(&self, pos: &Position, seat: Seat) -> u32 {
        let n_orients = pos.variant().orients.len();
        let board = pos.board();
        let mut n = 0;
        for sq in pos.pieces_of(seat).iter() {
            let p = board[sq as usize];
            if !p.is_dead() {
                let i = p.combo(n_orients) * self.squares + sq as usize;
                n += self.reach.get(i).copied().unwrap_or(0) as u32;
            }
        }
        n
    }

    /// The position for `root`: its standing (less its [`exposure`](Self::exposure)) against
    /// the other seats' (see [`versus`](Self::versus)).
    pub fn relative(&mut self, pos: &Position, root: Seat) -> i32 {
        if self.seats < 2 {
            return self.seat_value(pos, root);
        }
        let mut v = self.exposure(pos).map(|x| -x);
        for (s, x) in v.iter_mut().enumerate().take(self.seats) {
            *x += self.seat_value(pos, Seat(s as u8));
        }
        if let Some(p) = &self.positional {
            let [a, b] = p.values(pos, &self.values);
            v[0] += a;
            v[1] += b;
        }
        self.versus(&v[..self.seats], root.index())
    }

    /// Seat `s`'s standing in `values` (one per seat) less the other seats': their mean, or
    /// under the score view a blend of their mean and their best.
    pub fn versus(&self, values: &[i32], s: usize) -> i32 {
        let n = values.len() as i32;
        if n < 2 {
            return values.first().copied().unwrap_or(0);
        }
        let mut sum = 0;
        let mut best = i32::MIN;
        for (t, &x) in values.iter().enumerate() {
            if t != s {
                sum += x;
                best = best.max(x);
            }
        }
        let mean = sum / (n - 1);
        values[s] - (mean * (100 - self.best_pct) + best * self.best_pct) / 100
    }

    /// The value of a finished game for `root`, `ply` plies below the search root: [`WIN`] for
    /// a win (less `ply`, so that quicker wins are preferred), `-WIN` for a loss, 0 for a draw;
    /// a ranked end counts each other seat ranked below `root` as a win and above as a loss,
    /// scaled into `-WIN..=WIN`.
    pub fn terminal(&self, pos: &Position, outcome: Outcome, root: Seat, ply: u32) -> i32 {
        let win = WIN - ply as i32;
        match outcome {
            Outcome::Decisive { winner, .. } if winner == root => win,
            Outcome::Decisive { .. } => -win,
            Outcome::Draw { .. } => 0,
            Outcome::Ranked { .. } => {
                let ranks = pos.ranks();
                let mine = ranks[root.index()];
                let net: i32 = ranks
                    .iter()
                    .map(|&r| (r > mine) as i32 - (r < mine) as i32)
                    .sum();
                win / (self.seats as i32 - 1).max(1) * net
            }
        }
    }
}

/// Per (kind, facing) combination and square (`combo * squares + square`): the quiet moves of
/// such a piece there on an empty board (each leap and ray square the move table gives it,
/// no drops).
pub fn empty_board_reach(v: &crate::compile::Variant) -> Vec<u16> {
    let squares = v.board.len();
    let combos = v.kinds.len() * v.orients.len();
    let empty = [Piece::EMPTY; 256];
    let mut out = vec![0u16; combos * squares];
    for combo in 0..combos {
        for sq in 0..squares {
            let mut n = 0u16;
            v.table.walk(
                combo,
                sq as u8,
                &empty,
                |_| false,
                |_, mode, _| n += (mode & QUIET != 0) as u16,
            );
            out[combo * squares + sq] = n;
        }
    }
    out
}

/// Mobility: the target squares of `seat`'s live pieces on the board — empty squares they may
/// move to and other seats' live pieces they may capture (a promotion choice counts once; no
/// drops; royal safety ignored).
#[cfg(test)]
pub fn mobility(pos: &Position, seat: Seat) -> u32 {
    let v = &**pos.variant();
    let t = &v.table;
    let n_orients = v.orients.len();
    let board = pos.board();
    let target_ok = |mode: u8, p: Piece| {
        if p.is_empty() {
            mode & QUIET != 0
        } else {
            mode & crate::compile::CAPTURE != 0 && p.owner() != seat && !p.is_dead()
        }
    };
    let mut n = 0;
    for from in pos.pieces_of(seat).iter() {
        let p = board[from as usize];
        if p.is_dead() {
            continue;
        }
        t.walk(
            p.combo(n_orients),
            from,
            board,
            |p| !p.is_empty(),
            |_, mode, p| n += target_ok(mode, p) as u32,
        );
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    #[test]
    fn mobility_counts_the_start_moves() {
        // Chaturanga's start: 8 padati steps and 2 × 2 ashva moves, 2 gaja jumps... per side:
        // 8 + 4 + 4 (each gaja jumps to two squares of rank 3) = 16, the perft(1) count.
        let v = load_variant("chaturanga", &Assignment::default()).unwrap();
        let mut pos = Position::start(v);
        assert_eq!(mobility(&pos, Seat(0)), 16);
        assert_eq!(mobility(&pos, Seat(1)), 16);
        assert_eq!(crate::perft::perft(&mut pos, 1), 16);
    }

    #[test]
    fn reach_counts_moves_on_an_empty_board() {
        // A knight on d4 has 8 moves, a rook on a1 14 and a king on e1 5, whatever stands in
        // their way; the black king on e8 has 5.
        let v = load_variant("chess", &Assignment::default()).unwrap();
        let pos = crate::notation::from_fen(&v, "4k3/8/8/8/3N4/8/8/R3K3 w - - 0 1").unwrap();
        let e = Evaluator::new(&pos);
        assert_eq!(e.reach(&pos, Seat(0)), 8 + 14 + 5);
        assert_eq!(e.reach(&pos, Seat(1)), 5);
    }

    #[test]
    fn a_values_section_sets_the_evaluations_piece_values() {
        // The rule file's `values:` replaces `value:` for the kinds it lists, fractions
        // included; the others keep `value:`; material on the board and in hand follows.
        let text = "name: valued\nextends: chess\nvalues: { knight: 3.25, pawn: 0.9 }\n";
        let file = crate::spec::load_str("valued.yaml", text).unwrap();
        let v = crate::engine::compile(&file, &Assignment::default()).unwrap();
        let pos = crate::notation::from_fen(&v, "4k3/p7/8/8/3N4/8/8/R3K3 w - - 0 1").unwrap();
        let e = Evaluator::new(&pos);
        assert_eq!(e.kind_value(v.kind_by_name("knight").unwrap()), 325);
        assert_eq!(e.kind_value(v.kind_by_name("rook").unwrap()), 500);
        assert_eq!(e.holdings(&pos, Seat(0)), 325 + 500);
        assert_eq!(e.holdings(&pos, Seat(1)), 90);
        // A kind the variant does not have is refused at its name.
        let bad = "name: bad\nextends: chess\nvalues: { knigt: 3 }\n";
        let file = crate::spec::load_str("bad.yaml", bad).unwrap();
        let err = crate::engine::compile(&file, &Assignment::default()).unwrap_err();
        assert!(format!("{err:?}").contains("knigt"), "{err:?}");
    }

    #[test]
    fn the_search_grades_value_with_the_fitted_values_and_greedy_with_the_rule_files() {
        // Shatranj ships fitted values (ratha 5.97, padati 1.01); its rule file says 5 and 1.
        let v = load_variant("shatranj", &Assignment::default()).unwrap();
        let pos = Position::start(v.clone());
        let (typed, fitted) = (Evaluator::new(&pos), Evaluator::fitted(&pos));
        let ratha = v.kind_by_name("ratha").unwrap();
        let padati = v.kind_by_name("padati").unwrap();
        let f = v.fitted.as_ref().unwrap();
        assert_eq!(typed.kind_value(ratha), 500);
        assert_eq!(typed.kind_value(padati), 100);
        let want = |k: crate::vocab::Kind| (f.values[k.index()].unwrap() * 100.0).round() as i32;
        assert_eq!(fitted.kind_value(ratha), want(ratha));
        assert_eq!(fitted.kind_value(padati), want(padati));
        // Material follows: each side has 2 ratha and 8 padati among its pieces.
        assert_eq!(
            fitted.holdings(&pos, Seat(0)) - typed.holdings(&pos, Seat(0)),
            2 * (want(ratha) - 500)
                + 8 * (want(padati) - 100)
                + (fitted.kind_value(v.kind_by_name("ashva").unwrap()) - 300) * 2
                + (fitted.kind_value(v.kind_by_name("gaja").unwrap()) - 200) * 2
                + (fitted.kind_value(v.kind_by_name("mantri").unwrap()) - 200)
        );
        // A variant without fitted values evaluates the same either way.
        let v = load_variant("chaturaji", &Assignment::default()).unwrap();
        let pos = Position::start(v);
        for k in 0..pos.variant().kinds.len() {
            let k = crate::vocab::Kind(k as u8);
            assert_eq!(
                Evaluator::new(&pos).kind_value(k),
                Evaluator::fitted(&pos).kind_value(k)
            );
        }
    }

    #[test]
    fn start_positions_are_balanced() {
        for name in ["chaturanga", "chaturaji", "yonin-shogi"] {
            let v = load_variant(name, &Assignment::default()).unwrap();
            let pos = Position::start(v);
            let mut e = Evaluator::new(&pos);
            // Every army is the same: every seat stands level at the start, but for the
            // seat to move's bonus where the positional terms count (two seats, no dice).
            let tempo = if e.positional.is_some() {
                super::super::positional::TEMPO
            } else {
                0
            };
            assert_eq!(e.relative(&pos, pos.to_move()), tempo, "{name}");
        }
    }
}
