//! What each piece kind is worth, from the rule file alone: a start value from the kind's
//! mobility on the variant's board ([`start_values`]), then values fitted to the results of
//! seeded self-play ([`gather`], [`fit`]) by logistic ("Texel") regression of each seat's share
//! of the result on its material and a few general terms, with bootstrap intervals over games.

use super::{Agent, Evaluator, RandomAgent};
use crate::compile::{CAPTURE, QUIET, Variant};
use crate::engine::Position;
use crate::geometry::Square;
use crate::vocab::{Action, Kind, MAX_DICE, MAX_SEATS, Outcome, Piece, Seat, SeatSet};
use rayon::prelude::*;
use std::sync::Arc;

/// Weight of a promotion's gain (the best target's raw mobility less the kind's own) in a
/// kind's raw start value: the chance of reaching the zone, roughly.
const PROMOTION_SHARE: f64 = 0.02;

/// Start values grow as this power of the raw mobility: a long-range piece's many moves are
/// worth less each than a short-range piece's few (the classical values of chess come out
/// within a pawn or so: N 2.7, B 4.4, R 5.5, Q 7.9 with the pawn 1).
const MOBILITY_POWER: f64 = 0.75;

/// Mobility features are counted in tens of moves (so that every feature is of order one).
const MOBILITY_SCALE: f64 = 10.0;

/// The mobility feature's weight is not fitted but held at the evaluation's (value units per
/// ten moves: [`super::eval`]'s units per move times ten, over [`super::UNIT`]), so that the
/// fitted piece values are the ones the evaluation needs beside its own mobility term.
fn fixed_mobility() -> f64 {
    super::eval::MOBILITY as f64 * MOBILITY_SCALE / super::UNIT as f64
}

/// True for a kind that has a value to fit: not royal (royal kinds are not material: losing
/// them loses the game) and not a wall ([`Variant::is_wall_kind`]: of no seat, it never moves,
/// as fourchess's cut-out corners).
fn valued(v: &Variant, k: usize) -> bool {
    !v.kinds[k].royal && !v.is_wall_kind(Kind(k as u8))
}

/// Per kind: its start value in units of the weakest valued kind of the setup (1.0); `None`
/// for royal kinds and walls (see [`valued`]).
///
/// A kind's raw value is the mean, over the squares of the board (for each facing) from which
/// it has a move, of its quiet and capture targets on an empty board (each counted half), plus
/// [`PROMOTION_SHARE`] of what promoting would add; the start value is that raw value to the
/// power [`MOBILITY_POWER`], normalized.
pub fn start_values(v: &Variant) -> Vec<Option<f64>> {
    let raw = raw_mobility(v);
    let with_promotion: Vec<f64> = (0..v.kinds.len())
        .map(|k| {
            let gain = v.kinds[k]
                .promotion
                .iter()
                .flat_map(|p| p.to.iter())
                .map(|t| raw[t.index()] - raw[k])
                .fold(0.0, f64::max);
            (raw[k] + PROMOTION_SHARE * gain).powf(MOBILITY_POWER)
        })
        .collect();
    let in_setup = |k: usize| v.setup.iter().any(|(_, p)| p.kind().index() == k);
    let unit = unit_kind(v, &with_promotion, in_setup);
    let unit_value = unit.map_or(1.0, |u| with_promotion[u]);
    (0..v.kinds.len())
        .map(|k| valued(v, k).then(|| with_promotion[k] / unit_value))
        .collect()
}

/// The kind that counts as one: the valued kind of the setup with the smallest `values`
/// entry (any valued kind when the setup has none), `None` with no valued kind at all.
fn unit_kind(v: &Variant, values: &[f64], in_setup: impl Fn(usize) -> bool) -> Option<usize> {
    let pick = |only_setup: bool| {
        (0..v.kinds.len())
            .filter(|&k| valued(v, k) && values[k] > 0.0 && (!only_setup || in_setup(k)))
            .min_by(|&a, &b| values[a].total_cmp(&values[b]))
    };
    pick(true).or_else(|| pick(false))
}

/// Per kind: the mean of its quiet and capture targets on an empty board, halved, over the
/// (facing, square) pairs from which it has any.
fn raw_mobility(v: &Variant) -> Vec<f64> {
    let squares = v.board.len();
    let n_orients = v.orients.len();
    let empty = [Piece::EMPTY; 256];
    (0..v.kinds.len())
        .map(|k| {
            let (mut sum, mut from) = (0.0, 0u32);
            for o in 0..n_orients {
                for sq in 0..squares {
                    let (mut quiet, mut capture) = (0u32, 0u32);
                    v.table.walk(
                        k * n_orients + o,
                        sq as u8,
                        &empty,
                        |_| false,
                        |_, mode, _| {
                            quiet += (mode & QUIET != 0) as u32;
                            capture += (mode & CAPTURE != 0) as u32;
                        },
                    );
                    if quiet + capture > 0 {
                        sum += (quiet + capture) as f64 / 2.0;
                        from += 1;
                    }
                }
            }
            if from == 0 { 0.0 } else { sum / from as f64 }
        })
        .collect()
}

/// How the self-play games of [`gather`] are played.
#[derive(Clone, Debug)]
pub struct Gather {
    /// Games to play (game `i` uses [`crate::agents::game_rng`]`(seed, i)`).
    pub games: u64,
    /// Base seed.
    pub seed: u64,
    /// The agent of every seat (an [`crate::agents::AGENT_NAMES`] name).
    pub agent: String,
    /// Random plies at the start of each game, so that games differ (not sampled).
    pub opening: u32,
    /// Ply cap: a game still running there counts as a draw.
    pub max_plies: u32,
}

impl Default for Gather {
    fn default() -> Gather {
        Gather {
            games: 400,
            seed: 1,
            agent: "easy".into(),
            opening: 6,
            max_plies: 300,
        }
    }
}

/// Positions from self-play, one row per (position, seat): the seat's features against the
/// other seats' mean and its share of the game's result.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// Feature names: valued kind names, then the general terms (see [`Features`]).
    pub names: Vec<String>,
    /// Per feature: the kind it counts, `None` for a general term.
    pub kinds: Vec<Option<Kind>>,
    /// Row-major features, `names.len()` per row.
    pub x: Vec<f64>,
    /// Per row: the seat's share of the result (1 a win, 1/k a win shared by k, 0 a loss; a
    /// draw or a capped game 1/seats).
    pub y: Vec<f64>,
    /// Per row: the game it comes from (the bootstrap resamples games).
    pub game: Vec<u32>,
    /// Games played (including any that gave no row).
    pub games: u64,
    /// Seats.
    pub seats: usize,
}

impl Samples {
    /// Rows (one per sampled position and seat).
    pub fn rows(&self) -> usize {
        self.y.len()
    }

    /// Distinct positions sampled.
    pub fn positions(&self) -> usize {
        self.rows() / self.seats.max(1)
    }
}

/// What a row holds: per valued kind ([`valued`]), the seat's pieces of it (board and hand) less the
/// other seats' mean; then the general terms, each the seat's less the others' mean:
/// - `hand`: pieces in hand (variants with hands only);
/// - `mobility`: the moves its pieces would have on an empty board, in tens;
/// - `royal danger`: squares its royal pieces could step to that other seats attack;
/// - `tempo`: 1 for the seat to move.
struct Features {
    /// Valued kinds ([`valued`]), in kind order.
    kinds: Vec<usize>,
    /// The variant has hands.
    hands: bool,
}

impl Features {
    fn new(v: &Variant) -> Features {
        Features {
            kinds: (0..v.kinds.len()).filter(|&k| valued(v, k)).collect(),
            hands: v.rules.hands.is_some(),
        }
    }

    fn names(&self, v: &Variant) -> (Vec<String>, Vec<Option<Kind>>) {
        let mut names: Vec<String> = self
            .kinds
            .iter()
            .map(|&k| v.kinds[k].name.clone())
            .collect();
        let mut kinds: Vec<Option<Kind>> =
            self.kinds.iter().map(|&k| Some(Kind(k as u8))).collect();
        let general: &[&str] = if self.hands {
            &["hand", "mobility", "royal danger", "tempo"]
        } else {
            &["mobility", "royal danger", "tempo"]
        };
        names.extend(general.iter().map(|s| s.to_string()));
        kinds.extend(general.iter().map(|_| None));
        (names, kinds)
    }

    /// Per seat: its raw feature values (before taking differences).
    fn raw(&self, e: &Evaluator, pos: &Position, seat: Seat) -> Vec<f64> {
        let board = pos.board();
        let mut count = vec![0.0; pos.variant().kinds.len()];
        for sq in pos.pieces_of(seat).iter() {
            let p = board[sq as usize];
            if !p.is_dead() {
                count[p.kind().index()] += 1.0;
            }
        }
        let mut hand = 0.0;
        for (k, c) in count.iter_mut().enumerate() {
            let h = pos.hand_count(seat, Kind(k as u8)) as f64;
            *c += h;
            hand += h;
        }
        let mut out: Vec<f64> = self.kinds.iter().map(|&k| count[k]).collect();
        if self.hands {
            out.push(hand);
        }
        out.push(e.reach(pos, seat) as f64 / MOBILITY_SCALE);
        out.push(royal_danger(pos, seat) as f64);
        out.push((pos.to_move() == seat) as u8 as f64);
        out
    }
}

/// Squares `seat`'s royal pieces could step to on an empty board that another seat attacks.
fn royal_danger(pos: &Position, seat: Seat) -> u32 {
    let v = &**pos.variant();
    let n = v.seats.len();
    let others = SeatSet::all(n).without(seat);
    let empty = [Piece::EMPTY; 256];
    let board = pos.board();
    let mut danger = 0;
    for sq in pos.royal_squares(seat).iter() {
        let combo = board[sq as usize].combo(v.orients.len());
        v.table.walk(
            combo,
            sq,
            &empty,
            |_| false,
            |to, mode, _| {
                if mode & QUIET != 0 && pos.attacked_by(Square(to), others) {
                    danger += 1;
                }
            },
        );
    }
    danger
}

/// Plays `opts.games` seeded self-play games of `v` and samples their quiet positions (after
/// the random opening plies: no seat in check, the last action captured nothing, no roll due),
/// one row per seat. Deterministic for a seed, whatever the number of threads.
///
/// # Errors
/// The agent name is unknown.
pub fn gather(v: &Arc<Variant>, opts: &Gather) -> Result<Samples, super::UnknownAgent> {
    super::by_name(&opts.agent)?;
    let f = Features::new(v);
    let (names, kinds) = f.names(v);
    let e = Evaluator::new(&Position::start(v.clone()));
    let raw = |pos: &Position, seat: Seat| f.raw(&e, pos, seat);
    Ok(collect(v, opts, names, kinds, &raw))
}

/// A finished game to fit on, read from a record instead of played ([`gather_from`],
/// [`gather_terms_from`]): a game between outside players, say.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The position the game started from.
    pub start: Position,
    /// The actions played from it, in order.
    pub actions: Vec<Action>,
    /// The winning seat; `None` for a draw or a game not finished.
    pub winner: Option<Seat>,
}

/// [`gather`]'s rows from recorded games instead of self-play: every quiet position of each
/// game from its first ply (no seat in check, the last action captured nothing), one row per
/// seat. The samples' `games` is `games.len()`.
pub fn gather_from(v: &Arc<Variant>, games: &[GameRecord]) -> Samples {
    let f = Features::new(v);
    let (names, kinds) = f.names(v);
    let e = Evaluator::new(&Position::start(v.clone()));
    let raw = |pos: &Position, seat: Seat| f.raw(&e, pos, seat);
    collect_records(v, games, names, kinds, &raw)
}

/// Rows of `games` ([`gather_from`]) with `raw`'s features.
fn collect_records(
    v: &Arc<Variant>,
    games: &[GameRecord],
    names: Vec<String>,
    kinds: Vec<Option<Kind>>,
    raw: &(dyn Fn(&Position, Seat) -> Vec<f64> + Sync),
) -> Samples {
    let seats = v.seats.len();
    let per_game = games
        .par_iter()
        .map(|g| {
            let ranks: Vec<u8> = (0..seats)
                .map(|s| match g.winner {
                    Some(w) if w.index() != s => 2,
                    _ => 1,
                })
                .collect();
            let share = shares(&ranks);
            sample_game(g.start.clone(), &g.actions, &share, 0, raw)
        })
        .collect();
    assemble(names, kinds, games.len() as u64, seats, per_game)
}

/// Per seat: its share of the result from the seats' ranks (1 first): a win shared by the
/// seats ranked first, nothing for the others.
fn shares(ranks: &[u8]) -> Vec<f64> {
    let winners = ranks.iter().filter(|&&r| r == 1).count().max(1);
    ranks
        .iter()
        .map(|&r| if r == 1 { 1.0 / winners as f64 } else { 0.0 })
        .collect()
}

/// The samples of per-game rows, games in order.
fn assemble(
    names: Vec<String>,
    kinds: Vec<Option<Kind>>,
    games: u64,
    seats: usize,
    per_game: Vec<(Vec<f64>, Vec<f64>)>,
) -> Samples {
    let mut s = Samples {
        names,
        kinds,
        games,
        seats,
        ..Samples::default()
    };
    for (g, (x, y)) in per_game.into_iter().enumerate() {
        s.game.extend(std::iter::repeat_n(g as u32, y.len()));
        s.x.extend(x);
        s.y.extend(y);
    }
    s
}

/// Plays [`gather`]'s games and keeps, per sampled position and seat, `raw`'s features of the
/// seat less the other seats' mean.
fn collect(
    v: &Arc<Variant>,
    opts: &Gather,
    names: Vec<String>,
    kinds: Vec<Option<Kind>>,
    raw: &(dyn Fn(&Position, Seat) -> Vec<f64> + Sync),
) -> Samples {
    let seats = v.seats.len();
    let per_game: Vec<(Vec<f64>, Vec<f64>)> = (0..opts.games)
        .into_par_iter()
        .map(|g| one_game(v, opts, raw, g))
        .collect();
    assemble(names, kinds, opts.games, seats, per_game)
}

/// Game `g` of [`gather`]: its rows' features and shares.
fn one_game(
    v: &Arc<Variant>,
    opts: &Gather,
    raw: &(dyn Fn(&Position, Seat) -> Vec<f64> + Sync),
    g: u64,
) -> (Vec<f64>, Vec<f64>) {
    let mut random: Box<dyn Agent> = Box::new(RandomAgent::new());
    let mut pos = Position::start_for_game(v.clone(), g);
    play_out(&mut pos, &mut *random, opts.seed, g, opts.opening);
    let mut agent = super::by_name(&opts.agent).expect("checked by gather");
    let played_seed = opts.seed ^ 0x5851_f42d_4c95_7f2d;
    let outcome = play_out(&mut pos, &mut *agent, played_seed, g, opts.max_plies);
    let end = pos;
    let seats = v.seats.len();
    let ranks: Vec<u8> = match outcome {
        Some(Outcome::Ranked { .. }) => end.ranks(),
        Some(Outcome::Decisive { winner, .. }) => (0..seats)
            .map(|s| if s == winner.index() { 1 } else { 2 })
            .collect(),
        Some(Outcome::Draw { .. }) | None => vec![1; seats],
    };
    let share = shares(&ranks);
    let actions: Vec<Action> = end.actions_played().collect();
    let start = Position::start_for_game(v.clone(), g);
    sample_game(start, &actions, &share, opts.opening, raw)
}

/// The rows of one game played from `pos`: at each position from ply `opening` on where no
/// seat is in check, the last action captured nothing and no roll is due, per seat its `raw`
/// features less the other seats' mean, and its `share` of the result.
fn sample_game(
    mut pos: Position,
    actions: &[Action],
    share: &[f64],
    opening: u32,
    raw: &(dyn Fn(&Position, Seat) -> Vec<f64> + Sync),
) -> (Vec<f64>, Vec<f64>) {
    let seats = pos.variant().seats.len();
    let (mut x, mut y) = (Vec::new(), Vec::new());
    let mut pieces = total_pieces(&pos);
    let mut quiet = true;
    for (i, &a) in actions.iter().enumerate() {
        let sample = i as u32 >= opening
            && quiet
            && !pos.awaiting_roll()
            && (0..seats).all(|s| !pos.in_check(Seat(s as u8)));
        if sample {
            push_rows(&pos, share, raw, &mut x, &mut y);
        }
        pos.play_action_unchecked(a);
        let now = total_pieces(&pos);
        quiet = now == pieces;
        pieces = now;
    }
    debug_assert!(seats <= MAX_SEATS);
    (x, y)
}

/// The rows of one position: per seat its `raw` features less the other seats' mean, and its
/// `share` of the result.
fn push_rows(
    pos: &Position,
    share: &[f64],
    raw: &(dyn Fn(&Position, Seat) -> Vec<f64> + Sync),
    x: &mut Vec<f64>,
    y: &mut Vec<f64>,
) {
    let seats = pos.variant().seats.len();
    let raw: Vec<Vec<f64>> = (0..seats).map(|s| raw(pos, Seat(s as u8))).collect();
    for s in 0..seats {
        for (j, own) in raw[s].iter().enumerate() {
            let others: f64 = (0..seats).filter(|&t| t != s).map(|t| raw[t][j]).sum();
            x.push(own - others / (seats - 1).max(1) as f64);
        }
        y.push(share[s]);
    }
}

/// A position with its expected result, to fit on instead of games ([`gather_scored`]): an
/// engine's score of it, say, or the result of the game it was taken from.
#[derive(Clone, Debug)]
pub struct ScoredPosition {
    /// The position.
    pub pos: Position,
    /// Per seat: its expected share of the result (they sum to 1).
    pub share: Vec<f64>,
    /// The group it is resampled with for the intervals (the positions of one game share
    /// theirs, so that the intervals are not narrowed by near-copies of one position).
    pub group: u32,
}

/// The expected share of the seat to move from an engine's score in centipawns for it (EPD's
/// `ce`): the logistic curve on which 400 centipawns are odds of ten to one (the Elo scale,
/// 100 centipawns ≈ 0.64).
pub fn share_of_centipawns(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

/// [`gather`]'s rows from scored positions instead of self-play: one row per seat of each
/// position, its share the position's; the samples' `games` are the groups
/// ([`ScoredPosition::group`]), in the order they first appear.
pub fn gather_scored(v: &Arc<Variant>, positions: &[ScoredPosition]) -> Samples {
    let f = Features::new(v);
    let (names, kinds) = f.names(v);
    let e = Evaluator::new(&Position::start(v.clone()));
    let raw = |pos: &Position, seat: Seat| f.raw(&e, pos, seat);
    collect_scored(v, positions, names, kinds, &raw)
}

/// [`gather_terms`]' rows from scored positions ([`gather_scored`]); `None` where the
/// positional terms do not exist (more than two seats, dice).
pub fn gather_terms_scored(v: &Arc<Variant>, positions: &[ScoredPosition]) -> Option<Samples> {
    with_terms(v, |names, kinds, raw| {
        collect_scored(v, positions, names, kinds, raw)
    })
}

/// Rows of `positions` ([`gather_scored`]) with `raw`'s features, grouped.
fn collect_scored(
    v: &Arc<Variant>,
    positions: &[ScoredPosition],
    names: Vec<String>,
    kinds: Vec<Option<Kind>>,
    raw: &(dyn Fn(&Position, Seat) -> Vec<f64> + Sync),
) -> Samples {
    let mut index = std::collections::HashMap::new();
    let mut groups: Vec<Vec<&ScoredPosition>> = Vec::new();
    for p in positions {
        let g = *index.entry(p.group).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(p);
    }
    let per_group = groups
        .par_iter()
        .map(|list| {
            let (mut x, mut y) = (Vec::new(), Vec::new());
            for p in list {
                push_rows(&p.pos, &p.share, raw, &mut x, &mut y);
            }
            (x, y)
        })
        .collect();
    assemble(names, kinds, groups.len() as u64, v.seats.len(), per_group)
}

/// Plays `pos` on with `agent` in every seat until the game ends or `max_plies` plies have
/// been played (as the simulator plays a game: the generator of `(seed, game)`, dice rolled
/// uniformly per die); the outcome, `None` at the cap.
fn play_out(
    pos: &mut Position,
    agent: &mut dyn Agent,
    seed: u64,
    game: u64,
    max_plies: u32,
) -> Option<Outcome> {
    let mut rng = super::game_rng(seed, game);
    let mut roll = [0u8; MAX_DICE];
    loop {
        if let Some(o) = pos.outcome() {
            return Some(o);
        }
        if pos.ply() >= max_plies as usize {
            return None;
        }
        if pos.awaiting_roll() {
            let dice = pos
                .variant()
                .rules
                .dice
                .clone()
                .expect("a roll is due only with dice");
            let count = (dice.count as usize).min(MAX_DICE);
            for d in &mut roll[..count] {
                *d = dice.faces[super::uniform_below(&mut rng, dice.faces.len() as u32) as usize];
            }
            pos.roll_unchecked(&roll[..count]);
            continue;
        }
        match agent.choose(pos, &mut rng) {
            Ok(Action::Move(m)) => pos.play_unchecked(m),
            Ok(Action::Pass) => pos.pass().expect("the agent passes only where allowed"),
            Ok(Action::Resign) => pos.resign().expect("the agent resigns only where allowed"),
            Ok(Action::Roll(_)) | Err(_) => return pos.outcome(),
        }
    }
}

/// Pieces on the board and in hand, all seats.
fn total_pieces(pos: &Position) -> u32 {
    let v = pos.variant();
    (0..v.seats.len())
        .map(|s| {
            let seat = Seat(s as u8);
            pos.piece_count(seat)
                + (0..v.kinds.len())
                    .map(|k| pos.hand_count(seat, Kind(k as u8)) as u32)
                    .sum::<u32>()
        })
        .sum()
}

/// Fitted values and their intervals.
#[derive(Clone, Debug)]
pub struct Fit {
    /// Feature names ([`Samples::names`]).
    pub names: Vec<String>,
    /// Per feature: the kind it counts, `None` for a general term.
    pub kinds: Vec<Option<Kind>>,
    /// Per feature: the start value (kinds: [`start_values`]; general terms: 0).
    pub start: Vec<f64>,
    /// Per feature: the fitted weight over [`scale`](Self::scale), so in start-value units (the
    /// unit kind's start value is 1; its fitted value comes out near 1 when the start values
    /// are right); a general term: per unit of its feature — per piece in hand, per ten moves of
    /// mobility, per attacked royal square, for the move.
    pub value: Vec<f64>,
    /// Per feature: the low and high end of the 95% bootstrap interval (percentiles over
    /// resamples of the games).
    pub interval: Vec<(f64, f64)>,
    /// The kind that counts as one ([`start_values`]'s unit).
    pub unit: Option<Kind>,
    /// Logit per start-value unit of material, from a fit of the start values' material alone
    /// (the scale that turns values into win odds).
    pub scale: f64,
    /// Per feature: the games with a sampled position where some seat's count of it differed
    /// from the others' mean (the games its value is learnt from).
    pub seen: Vec<u64>,
    /// Games played.
    pub games: u64,
    /// Positions sampled.
    pub positions: usize,
    /// Bootstrap resamples.
    pub resamples: usize,
}

/// Ridge strength pulling each weight towards its prior (the start values on the scale of a
/// material-only fit), in rows' worth of curvature: it keeps kinds that games rarely show near
/// their start value.
const RIDGE: f64 = 4.0;

/// Newton steps of the full fit (and of each bootstrap refit, which starts from it).
const NEWTON_STEPS: usize = 10;
const REFIT_STEPS: usize = 4;

/// Fits the values: logistic regression of each row's share on its features (the seat's
/// odds: `share ≈ σ(w·x + logit(1/seats))`), by Newton's method with a ridge towards the start
/// values, then `resamples` bootstrap refits over games drawn with replacement (seeded by
/// `seed`) for the intervals. Values are the weights over the scale of a material-only fit
/// of the start values ([`Fit::scale`]).
pub fn fit(v: &Variant, s: &Samples, resamples: usize, seed: u64) -> Fit {
    let d = s.names.len();
    let starts = start_values(v);
    let start: Vec<f64> = s
        .kinds
        .iter()
        .map(|k| k.and_then(|k| starts[k.index()]).unwrap_or(0.0))
        .collect();
    let unit_value = |k: &Option<Kind>| k.is_some_and(|k| starts[k.index()] == Some(1.0));
    let unit_col = s.kinds.iter().position(unit_value);
    let fixed: Vec<Option<f64>> = s
        .names
        .iter()
        .map(|n| (n == "mobility").then(fixed_mobility))
        .collect();
    let base = logit(1.0 / s.seats.max(2) as f64);
    let rows: Vec<usize> = (0..s.rows()).collect();
    let fixed_part: Vec<f64> = rows
        .iter()
        .map(|&i| {
            (0..d)
                .map(|j| fixed[j].unwrap_or(0.0) * s.x[i * d + j])
                .sum()
        })
        .collect();
    let scale = material_scale(s, &start, &fixed_part, base);
    let offset: Vec<f64> = fixed_part.iter().map(|f| base + scale * f).collect();
    let seen = seen_in_games(s);
    let mut free = s.clone();
    for i in 0..s.rows() {
        for j in (0..d).filter(|&j| fixed[j].is_some()) {
            free.x[i * d + j] = 0.0;
        }
    }
    let s = &free;
    let prior: Vec<f64> = start.iter().map(|x| x * scale).collect();
    let mut w = newton(s, &rows, &prior, prior.clone(), &offset, NEWTON_STEPS);
    for j in 0..d {
        if let Some(f) = fixed[j] {
            w[j] = f * scale;
        }
    }
    let norm = |w: &[f64]| -> Vec<f64> { w.iter().map(|x| x / scale).collect() };
    let value = norm(&w);
    let refit = |mut wb: Vec<f64>| {
        for j in 0..d {
            if let Some(f) = fixed[j] {
                wb[j] = f * scale;
            }
        }
        norm(&wb)
    };
    let fitted = Refit {
        prior: &prior,
        w: &w,
        offset: &offset,
    };
    let interval = bootstrap(s, &fitted, &value, resamples, seed, refit);
    Fit {
        names: s.names.clone(),
        kinds: s.kinds.clone(),
        start,
        value,
        interval,
        unit: unit_col.and_then(|c| s.kinds[c]),
        scale,
        seen,
        games: s.games,
        positions: s.positions(),
        resamples,
    }
}

/// A fit to refit on resampled games: its ridge prior, weights and per-row offsets.
struct Refit<'a> {
    prior: &'a [f64],
    w: &'a [f64],
    offset: &'a [f64],
}

/// The 95% intervals of `value` (one per feature): `resamples` refits of `fit` on games drawn
/// with replacement (seeded by `seed`), each refit's weights reported through `report`.
fn bootstrap(
    s: &Samples,
    fit: &Refit,
    value: &[f64],
    resamples: usize,
    seed: u64,
    report: impl Fn(Vec<f64>) -> Vec<f64>,
) -> Vec<(f64, f64)> {
    let mut rng = super::game_rng(seed, 0);
    let by_game = rows_by_game(s);
    let mut draws: Vec<Vec<f64>> = vec![Vec::new(); value.len()];
    for _ in 0..resamples {
        let mut rs = Vec::with_capacity(s.rows());
        for _ in 0..by_game.len() {
            rs.extend_from_slice(
                &by_game[super::uniform_below(&mut rng, by_game.len() as u32) as usize],
            );
        }
        let wb = newton(s, &rs, fit.prior, fit.w.to_vec(), fit.offset, REFIT_STEPS);
        for (j, x) in report(wb).into_iter().enumerate() {
            draws[j].push(x);
        }
    }
    draws
        .into_iter()
        .zip(value)
        .map(|(mut xs, &x)| {
            if xs.is_empty() {
                return (x, x);
            }
            xs.sort_by(f64::total_cmp);
            let at = |q: f64| xs[((xs.len() - 1) as f64 * q).round() as usize];
            (at(0.025), at(0.975))
        })
        .collect()
}

/// The positional weights fitted to self-play ([`fit_weights`]).
#[derive(Clone, Debug)]
pub struct WeightsFit {
    /// Term names, from [`crate::spec::fitted::WEIGHTS`] (those the variant has).
    pub names: Vec<String>,
    /// Per term: its fitted multiplier of the evaluation's built-in weight (1: unchanged).
    pub value: Vec<f64>,
    /// Per term: the 95% bootstrap interval over games.
    pub interval: Vec<(f64, f64)>,
    /// Per term: the games with a sampled position where it differed between the seats.
    pub seen: Vec<u64>,
    /// Games played.
    pub games: u64,
    /// Positions sampled.
    pub positions: usize,
}

/// Positions from [`gather`]'s games for [`fit_weights`] (two seats without dice only, where
/// the positional terms exist; `None` otherwise): per row the seat's material at the search
/// grades' values, then each positional term at weight one (the others at zero), both in
/// piece units ([`super::UNIT`]), the seat's less the other's.
///
/// # Errors
/// The agent name is unknown.
pub fn gather_terms(
    v: &Arc<Variant>,
    opts: &Gather,
) -> Result<Option<Samples>, super::UnknownAgent> {
    super::by_name(&opts.agent)?;
    Ok(with_terms(v, |names, kinds, raw| {
        collect(v, opts, names, kinds, raw)
    }))
}

/// [`gather_terms`]' rows from recorded games instead of self-play (see [`gather_from`]);
/// `None` where the positional terms do not exist (more than two seats, dice).
pub fn gather_terms_from(v: &Arc<Variant>, games: &[GameRecord]) -> Option<Samples> {
    with_terms(v, |names, kinds, raw| {
        collect_records(v, games, names, kinds, raw)
    })
}

/// Calls `f` with [`gather_terms`]' feature names, kinds and per-seat row, where the variant
/// has the positional terms (two seats, no dice); `None` otherwise.
fn with_terms<R>(
    v: &Arc<Variant>,
    f: impl FnOnce(Vec<String>, Vec<Option<Kind>>, &(dyn Fn(&Position, Seat) -> Vec<f64> + Sync)) -> R,
) -> Option<R> {
    use super::weights::{HAND, Weights};
    use crate::spec::fitted::WEIGHTS;
    if v.seats.len() != 2 || v.rules.dice.is_some() {
        return None;
    }
    let start = Position::start(v.clone());
    let e = Evaluator::fitted(&start);
    let values: Vec<i32> = (0..v.kinds.len())
        .map(|k| e.kind_value(Kind(k as u8)))
        .collect();
    let reach = super::eval::empty_board_reach(v);
    let terms: Vec<usize> = (0..WEIGHTS.len())
        .filter(|&t| t != HAND || v.rules.hands.is_some())
        .collect();
    let unit: Vec<super::positional::Positional> = terms
        .iter()
        .map(|&t| {
            let mut w = Weights {
                pct: [0; WEIGHTS.len()],
            };
            w.pct[t] = 100;
            super::positional::Positional::weighted(v, &values, &reach, w)
        })
        .collect();
    let unit_value = super::UNIT as f64;
    let raw = |pos: &Position, seat: Seat| {
        let mut row = vec![e.holdings(pos, seat) as f64 / unit_value];
        for (&t, p) in terms.iter().zip(&unit) {
            let x = if t == HAND {
                (e.in_hand(pos, seat) * super::eval::HAND_BONUS / 100) as f64
            } else {
                p.values(pos, &values)[seat.index() & 1] as f64
            };
            row.push(x / unit_value);
        }
        row
    };
    let mut names = vec!["material".to_string()];
    names.extend(terms.iter().map(|&t| WEIGHTS[t].to_string()));
    let kinds = vec![None; names.len()];
    Some(f(names, kinds, &raw))
}

/// Fits the positional weights: logistic regression of each row's share on its material and
/// terms ([`gather_terms`]), by Newton's method with a ridge towards every term at its
/// built-in weight; a term's weight is its coefficient over the material's. Bootstrap
/// intervals as [`fit`]'s.
pub fn fit_weights(s: &Samples, resamples: usize, seed: u64) -> WeightsFit {
    let d = s.names.len();
    let base = logit(1.0 / s.seats.max(2) as f64);
    let ones = vec![1.0; d];
    let c = material_scale(s, &ones, &vec![0.0; s.rows()], base);
    let prior = vec![c; d];
    let offset = vec![base; s.rows()];
    let rows: Vec<usize> = (0..s.rows()).collect();
    let w = newton(s, &rows, &prior, prior.clone(), &offset, NEWTON_STEPS);
    let ratio = |w: Vec<f64>| -> Vec<f64> {
        let m = if w[0] > 1e-9 { w[0] } else { c };
        w[1..].iter().map(|x| (x / m).clamp(0.0, 10.0)).collect()
    };
    let value = ratio(w.clone());
    let refit = Refit {
        prior: &prior,
        w: &w,
        offset: &offset,
    };
    let interval = bootstrap(s, &refit, &value, resamples, seed, ratio);
    WeightsFit {
        names: s.names[1..].to_vec(),
        value,
        interval,
        seen: seen_in_games(s)[1..].to_vec(),
        games: s.games,
        positions: s.positions(),
    }
}

/// Piece-square tables fitted on top of the evaluation ([`fit_squares`]).
#[derive(Clone, Debug)]
pub struct SquaresFit {
    /// Per kind (all of the variant's, in kind order): its name.
    pub kinds: Vec<String>,
    /// Per kind: its middle-game and end-game units per square of its own frame
    /// ([`crate::compile::FittedValues::squares`]): the tables the variant's fitted file
    /// already gives (none: 0) plus the fitted residual, rounded, within the ±2,000 units a
    /// fitted file allows ([`crate::spec::fitted::MAX_SQUARE_UNITS`]).
    pub tables: Vec<[Vec<i32>; 2]>,
    /// Per kind: the rows where one of its pieces stood (the positions its table is learnt
    /// from, both seats counted).
    pub seen: Vec<u64>,
    /// Logit per unit of the evaluation (the scale its residual is fitted on).
    pub scale: f64,
    /// Games (or scored-position ids) and positions fitted on.
    pub games: u64,
    /// Positions fitted on.
    pub positions: usize,
}

/// Ridge strength of the piece-square residuals towards 0, in rows' worth of curvature: a
/// square where the kind rarely stands keeps about the table it had.
const SQUARES_RIDGE: f64 = 20.0;

/// Rows for [`fit_squares`] (two seats without dice; `None` otherwise): per seat its value
/// by the search grades' evaluation (material, drop bonus and positional terms, in `value:`
/// units; fitted values, weights and tables included), then, per kind and square of the
/// kind's own frame ([`super::positional::frame_indices`]), the middle-game share of the phase
/// (`phase / 256`) where a live piece of the seat's stands there and the end-game share in the
/// next column. `rows` gathers them (games, records or scored positions).
pub fn with_square_terms<R>(
    v: &Arc<Variant>,
    rows: impl FnOnce(
        Vec<String>,
        Vec<Option<Kind>>,
        &(dyn Fn(&Position, Seat) -> Vec<f64> + Sync),
    ) -> R,
) -> Option<R> {
    use super::positional::{Positional, frame_indices};
    if v.seats.len() != 2 || v.rules.dice.is_some() {
        return None;
    }
    let start = Position::start(v.clone());
    let e = Evaluator::fitted(&start);
    let values: Vec<i32> = (0..v.kinds.len())
        .map(|k| e.kind_value(Kind(k as u8)))
        .collect();
    let reach = super::eval::empty_board_reach(v);
    let mut p = Positional::weighted(v, &values, &reach, super::Weights::of(v, true));
    if let Some(f) = &v.fitted {
        p = p.with_squares(v, &f.squares);
    }
    let hand = super::Weights::of(v, true).scale(super::weights::HAND, super::eval::HAND_BONUS);
    let frames = frame_indices(v);
    let n = v.board.len();
    let orients = v.orients.len();
    let unit = super::UNIT as f64;
    let raw = |pos: &Position, seat: Seat| {
        let mut row = vec![0.0; 1 + 2 * v.kinds.len() * n];
        let own = e.holdings(pos, seat) + e.in_hand(pos, seat) * hand / 100;
        row[0] = (own + p.values(pos, &values)[seat.index() & 1]) as f64 / unit;
        let mg = p.phase(pos, &values) as f64 / 256.0;
        let board = pos.board();
        for sq in pos.pieces_of(seat).iter() {
            let piece = board[sq as usize];
            if piece.is_dead() {
                continue;
            }
            let combo = piece.combo(orients);
            let f = frames[combo % orients][sq as usize];
            let col = 1 + 2 * ((combo / orients) * n + f);
            row[col] += mg;
            row[col + 1] += 1.0 - mg;
        }
        row
    };
    let mut names = vec!["evaluation".to_string()];
    for k in &v.kinds {
        for f in 0..n {
            names.push(format!("{} mg {f}", k.name));
            names.push(format!("{} eg {f}", k.name));
        }
    }
    let kinds = vec![None; names.len()];
    Some(rows(names, kinds, &raw))
}

/// [`with_square_terms`]' rows from scored positions ([`gather_scored`]).
pub fn gather_squares_scored(v: &Arc<Variant>, positions: &[ScoredPosition]) -> Option<Samples> {
    with_square_terms(v, |names, kinds, raw| {
        collect_scored(v, positions, names, kinds, raw)
    })
}

/// [`with_square_terms`]' rows from recorded games ([`gather_from`]).
pub fn gather_squares_from(v: &Arc<Variant>, games: &[GameRecord]) -> Option<Samples> {
    with_square_terms(v, |names, kinds, raw| {
        collect_records(v, games, names, kinds, raw)
    })
}

/// [`with_square_terms`]' rows from [`gather`]'s self-play.
///
/// # Errors
/// The agent name is unknown.
pub fn gather_squares(
    v: &Arc<Variant>,
    opts: &Gather,
) -> Result<Option<Samples>, super::UnknownAgent> {
    super::by_name(&opts.agent)?;
    Ok(with_square_terms(v, |names, kinds, raw| {
        collect(v, opts, names, kinds, raw)
    }))
}

/// Fits piece-square tables on top of the evaluation: the scale of the evaluation's value
/// alone (a one-weight logistic fit of each row's share on it), then, with that as each row's
/// offset, a ridge-penalized logistic regression ([`SQUARES_RIDGE`] towards 0) of the share on
/// the per-square columns of [`with_square_terms`]; each coefficient over the scale is a
/// residual in `value:` units, added (as units, a hundredth of one) to the tables the variant
/// already has. No intervals: hundreds of weights, each seen in a fraction of the rows.
pub fn fit_squares(v: &Variant, s: &Samples) -> SquaresFit {
    let d = s.names.len();
    let base = logit(1.0 / s.seats.max(2) as f64);
    let mut first = vec![0.0; d];
    first[0] = 1.0;
    let scale = material_scale(s, &first, &vec![0.0; s.rows()], base);
    let offset: Vec<f64> = (0..s.rows()).map(|i| base + scale * s.x[i * d]).collect();
    let mut free = s.clone();
    for i in 0..s.rows() {
        free.x[i * d] = 0.0;
    }
    let rows: Vec<usize> = (0..s.rows()).collect();
    let w = newton_ridge(
        &free,
        &rows,
        &vec![0.0; d],
        vec![0.0; d],
        &offset,
        NEWTON_STEPS,
        SQUARES_RIDGE,
    );
    let n = v.board.len();
    let mut seen = vec![0u64; v.kinds.len()];
    for i in 0..s.rows() {
        for (k, c) in seen.iter_mut().enumerate() {
            let cols = &s.x[i * d + 1 + 2 * k * n..i * d + 1 + 2 * (k + 1) * n];
            if cols.iter().any(|x| *x != 0.0) {
                *c += 1;
            }
        }
    }
    let tables = (0..v.kinds.len())
        .map(|k| {
            let had = v.fitted.as_ref().and_then(|f| f.squares[k].as_ref());
            [0, 1].map(|phase| {
                (0..n)
                    .map(|f| {
                        let resid = w[1 + 2 * (k * n + f) + phase] / scale * super::UNIT as f64;
                        let max = crate::spec::fitted::MAX_SQUARE_UNITS;
                        (had.map_or(0, |t| t[phase][f]) as f64 + resid.round()).clamp(-max, max)
                            as i32
                    })
                    .collect()
            })
        })
        .collect();
    SquaresFit {
        kinds: v.kinds.iter().map(|k| k.name.clone()).collect(),
        tables,
        seen,
        scale,
        games: s.games,
        positions: s.positions(),
    }
}

/// Per feature: the games with a row where it is not zero.
fn seen_in_games(s: &Samples) -> Vec<u64> {
    let d = s.names.len();
    let mut last = vec![u32::MAX; d];
    let mut out = vec![0u64; d];
    for (i, &g) in s.game.iter().enumerate() {
        for j in 0..d {
            if s.x[i * d + j] != 0.0 && last[j] != g {
                last[j] = g;
                out[j] += 1;
            }
        }
    }
    out
}

/// Per game: its rows.
fn rows_by_game(s: &Samples) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); s.games as usize];
    for (i, &g) in s.game.iter().enumerate() {
        out[g as usize].push(i);
    }
    out.retain(|r| !r.is_empty());
    out
}

fn logit(p: f64) -> f64 {
    (p / (1.0 - p)).ln()
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The one weight `c` of a material-only model `σ(c · (start·x + fixed) + offset)` over all
/// rows (`fixed`: per row, the fixed-weight terms' sum), by Newton's method from 0.5 (kept
/// positive).
fn material_scale(s: &Samples, start: &[f64], fixed: &[f64], offset: f64) -> f64 {
    let d = start.len();
    let rows: Vec<usize> = (0..s.rows()).collect();
    let m: Vec<f64> = rows
        .iter()
        .map(|&i| (0..d).map(|j| start[j] * s.x[i * d + j]).sum::<f64>() + fixed[i])
        .collect();
    let mut c: f64 = 0.5;
    for _ in 0..20 {
        let (mut g, mut h) = (0.0, RIDGE);
        for (r, &i) in rows.iter().enumerate() {
            let p = sigmoid(c * m[r] + offset);
            g += (p - s.y[i]) * m[r];
            h += p * (1.0 - p) * m[r] * m[r];
        }
        c = (c - g / h).clamp(0.01, 5.0);
    }
    c
}

/// Newton's method for the ridge-penalized logistic loss over `rows` (row `i` with its own
/// `offset[i]`), from `w`.
fn newton(
    s: &Samples,
    rows: &[usize],
    prior: &[f64],
    w: Vec<f64>,
    offset: &[f64],
    steps: usize,
) -> Vec<f64> {
    newton_ridge(s, rows, prior, w, offset, steps, RIDGE)
}

/// [`newton`] with the ridge strength `ridge`.
fn newton_ridge(
    s: &Samples,
    rows: &[usize],
    prior: &[f64],
    mut w: Vec<f64>,
    offset: &[f64],
    steps: usize,
    ridge: f64,
) -> Vec<f64> {
    let d = prior.len();
    let mut nz = Vec::with_capacity(d);
    for _ in 0..steps {
        let mut g: Vec<f64> = (0..d).map(|j| ridge * (w[j] - prior[j])).collect();
        let mut h = vec![0.0; d * d];
        for j in 0..d {
            h[j * d + j] = ridge;
        }
        for &i in rows {
            let x = &s.x[i * d..(i + 1) * d];
            let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum::<f64>() + offset[i];
            let p = sigmoid(z);
            let r = p - s.y[i];
            let c = p * (1.0 - p);
            // Only the non-zero columns touch the curvature (the piece-square rows have a
            // few dozen of several hundred).
            nz.clear();
            nz.extend((0..d).filter(|&j| x[j] != 0.0));
            for (ai, &a) in nz.iter().enumerate() {
                g[a] += r * x[a];
                for &b in &nz[ai..] {
                    h[a * d + b] += c * x[a] * x[b];
                }
            }
        }
        for a in 0..d {
            for b in 0..a {
                h[a * d + b] = h[b * d + a];
            }
        }
        let step = solve(h, g, d);
        for j in 0..d {
            w[j] -= step[j];
        }
    }
    w
}

/// Solves `h · x = g` (`h` symmetric positive definite, `d × d` row-major) by Gaussian
/// elimination with partial pivoting.
fn solve(mut h: Vec<f64>, mut g: Vec<f64>, d: usize) -> Vec<f64> {
    for c in 0..d {
        let p = (c..d)
            .max_by(|&a, &b| h[a * d + c].abs().total_cmp(&h[b * d + c].abs()))
            .unwrap_or(c);
        if p != c {
            for k in 0..d {
                h.swap(c * d + k, p * d + k);
            }
            g.swap(c, p);
        }
        let piv = h[c * d + c];
        if piv.abs() < 1e-12 {
            continue;
        }
        for r in c + 1..d {
            let f = h[r * d + c] / piv;
            if f != 0.0 {
                for k in c..d {
                    h[r * d + k] -= f * h[c * d + k];
                }
                g[r] -= f * g[c];
            }
        }
    }
    let mut x = vec![0.0; d];
    for c in (0..d).rev() {
        let piv = h[c * d + c];
        let rest: f64 = (c + 1..d).map(|k| h[c * d + k] * x[k]).sum();
        x[c] = if piv.abs() < 1e-12 {
            0.0
        } else {
            (g[c] - rest) / piv
        };
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    fn starts(name: &str) -> Vec<(String, Option<f64>)> {
        let v = load_variant(name, &Assignment::default()).unwrap();
        let s = start_values(&v);
        v.kinds.iter().map(|k| k.name.clone()).zip(s).collect()
    }

    fn start_of(all: &[(String, Option<f64>)], name: &str) -> f64 {
        all.iter().find(|(n, _)| n == name).unwrap().1.unwrap()
    }

    #[test]
    fn recorded_games_give_a_row_per_seat_at_each_quiet_position() {
        // 1. e4 d5 2. exd5 Qxd5, won by the first seat: the positions before e4, d5 and exd5
        // are sampled (nothing taken just before, no check); the one before Qxd5 follows a
        // capture. Three positions, two rows each; the shares 1 and 0. The same game drawn:
        // a half each. The rows are differences between the seats: in the start position
        // every material count is level, and the first seat has the move (tempo 1).
        let v = load_variant("chess", &Assignment::default()).unwrap();
        let start = Position::start(v.clone());
        let mut pos = start.clone();
        let mut actions = Vec::new();
        for m in ["e2e4", "d7d5", "e4d5", "d8d5"] {
            let a = Action::Move(crate::notation::parse_move(&mut pos, m).unwrap());
            pos.play_action(a).unwrap();
            actions.push(a);
        }
        let won = GameRecord {
            start: start.clone(),
            actions: actions.clone(),
            winner: Some(Seat(0)),
        };
        let drawn = GameRecord {
            winner: None,
            ..won.clone()
        };
        let s = gather_from(&v, &[won.clone(), drawn.clone()]);
        assert_eq!(s.games, 2);
        assert_eq!(
            s.y,
            [1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]
        );
        assert_eq!(s.game, [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
        let d = s.names.len();
        for j in 0..d {
            let level = if s.names[j] == "tempo" { 1.0 } else { 0.0 };
            assert_eq!(s.x[j], level, "{}", s.names[j]);
        }
        // After 1. e4 d5 2. exd5 the first seat is a pawn up (row 3 is the position
        // before Qxd5, not sampled; the last sampled is before exd5: level).
        let pawn = s.names.iter().position(|n| n == "pawn").unwrap();
        assert_eq!(s.x[4 * d + pawn], 0.0);
        let t = gather_terms_from(&v, &[won]).expect("two seats, no dice");
        assert_eq!(t.y, [1.0, 0.0, 1.0, 0.0, 1.0, 0.0]);
        assert_eq!(t.names[0], "material");
        assert!(t.names.iter().any(|n| n == "mobility"));
        // The terms do not exist with more seats.
        let four = load_variant("chaturaji", &Assignment::default()).unwrap();
        let rec = GameRecord {
            start: Position::start(four.clone()),
            actions: Vec::new(),
            winner: None,
        };
        assert!(gather_terms_from(&four, &[rec]).is_none());
    }

    /// The index of chess's pawn kind.
    fn pawn_kind(v: &Variant) -> u8 {
        v.kind_by_name("pawn").unwrap().index() as u8
    }

    #[test]
    fn scored_positions_give_a_row_per_seat_grouped_by_their_id() {
        // The Elo curve: a level score is an even share, 400 centipawns odds of ten to one.
        assert_eq!(share_of_centipawns(0.0), 0.5);
        assert!((share_of_centipawns(400.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!((share_of_centipawns(-400.0) - 1.0 / 11.0).abs() < 1e-12);
        // Three positions: two of group 7 (the start and after 1. e4), one of group 2 (after
        // 1. e4 d5 2. exd5, the first seat a pawn up). Groups are numbered as they first
        // appear, so group 7 is game 0 and group 2 game 1.
        let v = load_variant("chess", &Assignment::default()).unwrap();
        let start = Position::start(v.clone());
        let mut e4 = start.clone();
        let a = Action::Move(crate::notation::parse_move(&mut e4, "e2e4").unwrap());
        e4.play_action(a).unwrap();
        let mut up = e4.clone();
        for m in ["d7d5", "e4d5"] {
            let a = Action::Move(crate::notation::parse_move(&mut up, m).unwrap());
            up.play_action(a).unwrap();
        }
        let scored = |pos: &Position, first: f64, group: u32| ScoredPosition {
            pos: pos.clone(),
            share: vec![first, 1.0 - first],
            group,
        };
        let list = [
            scored(&start, 0.5, 7),
            scored(&up, 0.75, 2),
            scored(&e4, 0.5, 7),
        ];
        let s = gather_scored(&v, &list);
        assert_eq!(s.games, 2);
        assert_eq!(s.y, [0.5, 0.5, 0.5, 0.5, 0.75, 0.25]);
        assert_eq!(s.game, [0, 0, 0, 0, 1, 1]);
        let d = s.names.len();
        let pawn = s.names.iter().position(|n| n == "pawn").unwrap();
        // Rows 4 and 5 are the position a pawn up: +1 for the first seat, -1 for the second.
        assert_eq!((s.x[4 * d + pawn], s.x[5 * d + pawn]), (1.0, -1.0));
        assert_eq!(s.x[pawn], 0.0);
        let t = gather_terms_scored(&v, &list).expect("two seats, no dice");
        assert_eq!(t.names[0], "material");
        assert_eq!(t.y, s.y);
        let pawn_units = Evaluator::fitted(&start).kind_value(Kind(pawn_kind(&v))) as f64;
        let material = t.x[4 * t.names.len()];
        assert!(
            (material - pawn_units / 100.0).abs() < 1e-9,
            "material {material} is a pawn, in value units"
        );
    }

    #[test]
    fn square_rows_count_each_piece_on_its_frame_square_by_phase() {
        // After 1. Nf3 (no capture: the phase is the start's, 256, so the middle-game share is
        // 1): white's knight stands on frame square 21 (f3), black's g8 knight on its frame
        // square 6; both b-knights on frame square 1 cancel in the row (seat's less the
        // other's). The first column is the evaluation's value, level but for the tempo and
        // the knight's better square.
        let v = load_variant("chess", &Assignment::default()).unwrap();
        let mut pos = Position::start(v.clone());
        let a = Action::Move(crate::notation::parse_move(&mut pos, "g1f3").unwrap());
        pos.play_action(a).unwrap();
        let list = [ScoredPosition {
            pos,
            share: vec![0.5, 0.5],
            group: 0,
        }];
        let s = gather_squares_scored(&v, &list).expect("two seats");
        let d = s.names.len();
        let knight = v.kind_by_name("knight").unwrap().index();
        let col = |f: usize, phase: usize| 1 + 2 * (knight * 64 + f) + phase;
        assert_eq!(s.names[col(21, 0)], "knight mg 21");
        assert_eq!(s.x[col(21, 0)], 1.0);
        assert_eq!(s.x[col(21, 1)], 0.0);
        assert_eq!(s.x[col(6, 0)], -1.0);
        assert_eq!(s.x[col(1, 0)], 0.0);
        assert_eq!(
            s.x[d + col(21, 0)],
            -1.0,
            "the second seat's row is the first's negated"
        );
        let nonzero = s.x[1..d].iter().filter(|x| **x != 0.0).count();
        assert_eq!(nonzero, 2);
        // A planted table is recovered: over the positions of random games, shares exactly
        // σ(0.5 · (value + 0.4 · middle-game share of a knight on frame square 21)), that is
        // 40 units for a knight on f3 (f6 for black) in the middle game, 0 elsewhere.
        let opts = Gather {
            games: 60,
            agent: "random".into(),
            max_plies: 60,
            ..Gather::default()
        };
        let mut s = gather_squares(&v, &opts).unwrap().expect("two seats");
        let d = s.names.len();
        for i in 0..s.rows() {
            let x = &s.x[i * d..(i + 1) * d];
            s.y[i] = sigmoid(0.5 * (x[0] + 0.4 * x[col(21, 0)]));
        }
        let on_f3 = (0..s.rows())
            .filter(|&i| s.x[i * d + col(21, 0)] != 0.0)
            .count();
        assert!(on_f3 > 200, "{on_f3} rows with a knight on f3");
        let fit = fit_squares(&v, &s);
        assert_eq!(fit.kinds[knight], "knight");
        assert!((fit.scale - 0.5).abs() < 0.05, "scale {}", fit.scale);
        // The fit adds its residual to the table the variant ships (chess ships one).
        let had = |f: usize| {
            v.fitted
                .as_ref()
                .and_then(|t| t.squares[knight].as_ref())
                .map_or(0, |t| t[0][f])
        };
        let residual = |f: usize| fit.tables[knight][0][f] - had(f);
        let planted = residual(21);
        assert!(
            (30..=45).contains(&planted),
            "knight f3: {planted} units, planted 40"
        );
        let others = (0..64)
            .filter(|&f| f != 21)
            .map(|f| residual(f).abs())
            .max()
            .unwrap();
        assert!(
            others <= 5,
            "the largest other knight square: {others} units"
        );
    }

    #[test]
    fn start_values_order_the_chess_pieces_by_mobility() {
        // Hand-worked mean empty-board targets (quiet and capture, each half): knight 5.25,
        // bishop 8.75, rook 14, queen 22.75; the pawn is the unit, the king has none.
        let s = starts("chess");
        assert_eq!(s.iter().find(|(n, _)| n == "king").unwrap().1, None);
        assert_eq!(start_of(&s, "pawn"), 1.0);
        let (n, b, r, q) = (
            start_of(&s, "knight"),
            start_of(&s, "bishop"),
            start_of(&s, "rook"),
            start_of(&s, "queen"),
        );
        assert!((r / n - (14.0f64 / 5.25).powf(MOBILITY_POWER)).abs() < 1e-9);
        assert!((q / b - (22.75f64 / 8.75).powf(MOBILITY_POWER)).abs() < 1e-9);
        assert!(1.0 < n && n < b && b < r && r < q, "{s:?}");
    }

    /// fourchess's cut-out corners belong to no seat and never move: no value is fitted for
    /// them, as for the royal kings (the fresh tester's item 4: `values fourchess` gave
    /// `corner: 1.45`); the pawn stays the unit.
    #[test]
    fn walls_have_no_value_to_fit() {
        let v = load_variant("fourchess", &Assignment::default()).unwrap();
        let corner = v.kind_by_name("corner").unwrap();
        assert!(v.is_wall_kind(corner));
        assert_eq!(start_values(&v)[corner.index()], None);
        let s = starts("fourchess");
        assert_eq!(start_of(&s, "pawn"), 1.0);
        let (names, _) = Features::new(&v).names(&v);
        assert!(
            !names.iter().any(|n| n == "corner" || n == "king"),
            "{names:?}"
        );
        assert!(names.iter().any(|n| n == "queen"), "{names:?}");
    }

    #[test]
    fn the_logistic_fit_recovers_known_weights() {
        // Rows drawn from σ(0.8·a + 0.2·b): the fit finds 0.8 and 0.2 (their ratio 4 as the
        // value of `a` in units of `b`, when `b` is the unit).
        let mut rng = crate::agents::game_rng(7, 0);
        let mut unit = || super::super::uniform_below(&mut rng, 1 << 20) as f64 / (1 << 20) as f64;
        let mut s = Samples {
            names: vec!["a".into(), "b".into()],
            kinds: vec![None, None],
            seats: 2,
            games: 4000,
            ..Samples::default()
        };
        for g in 0..4000u32 {
            let a = (unit() * 7.0).floor() - 3.0;
            let b = (unit() * 13.0).floor() - 6.0;
            let p = sigmoid(0.8 * a + 0.2 * b);
            s.x.extend([a, b]);
            s.y.push(if unit() < p { 1.0 } else { 0.0 });
            s.game.push(g);
        }
        let rows: Vec<usize> = (0..s.rows()).collect();
        let w = newton(
            &s,
            &rows,
            &[0.0, 0.0],
            vec![0.0, 0.0],
            &vec![0.0; s.rows()],
            10,
        );
        assert!((w[0] - 0.8).abs() < 0.08, "{w:?}");
        assert!((w[1] - 0.2).abs() < 0.04, "{w:?}");
    }

    #[test]
    fn a_kind_is_seen_in_the_games_where_the_counts_differ() {
        // Game 0: `a` differs in two rows, `b` never; game 1: both differ once; game 2: only
        // `b`. So `a` comes from 2 games and `b` from 2.
        let s = Samples {
            names: vec!["a".into(), "b".into()],
            kinds: vec![None, None],
            x: vec![1.0, 0.0, -1.0, 0.0, 0.5, 2.0, 0.0, -1.0, 0.0, 0.0],
            y: vec![1.0; 5],
            game: vec![0, 0, 1, 2, 2],
            games: 3,
            seats: 2,
        };
        assert_eq!(seen_in_games(&s), [2, 2]);
    }

    #[test]
    fn a_terms_weight_is_its_coefficient_over_the_materials() {
        // Rows drawn from σ(0.8·material + 1.6·term): the term's weight is 1.6 / 0.8 = 2 (the
        // ridge pulls it a little towards 1).
        let mut rng = crate::agents::game_rng(11, 0);
        let mut unit = || super::super::uniform_below(&mut rng, 1 << 20) as f64 / (1 << 20) as f64;
        let mut s = Samples {
            names: vec!["material".into(), "tempo".into()],
            kinds: vec![None, None],
            seats: 2,
            games: 4000,
            ..Samples::default()
        };
        for g in 0..4000u32 {
            let m = (unit() * 7.0).floor() - 3.0;
            let t = (unit() * 5.0).floor() - 2.0;
            let p = sigmoid(0.8 * m + 1.6 * t);
            s.x.extend([m, t]);
            s.y.push(if unit() < p { 1.0 } else { 0.0 });
            s.game.push(g);
        }
        let w = fit_weights(&s, 8, 1);
        assert_eq!(w.names, ["tempo"]);
        assert!((w.value[0] - 2.0).abs() < 0.25, "{:?}", w.value);
        assert!(
            w.interval[0].0 <= w.value[0] && w.value[0] <= w.interval[0].1,
            "{w:?}"
        );
        assert_eq!(
            w.seen,
            [4000 - s.x.chunks(2).filter(|r| r[1] == 0.0).count() as u64]
        );
    }
}
