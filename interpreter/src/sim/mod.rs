//! The seeded batch runner: [`play_game`] plays one game between agents, [`run`] plays a
//! batch for one or more option assignments (a [`sweep`]) in parallel and tallies them
//! ([`Tally`]), [`Report`] holds the figures ([`Summary`]) and prints them as a table, CSV or
//! JSON, and merges the reports of shards.
//!
//! # Determinism
//!
//! Game `k` of a run with base seed `s` draws every random choice (dice and agents) from one
//! generator, [`game_rng`]`(s, k)`: ChaCha8 keyed by `s` (through
//! [`rand::SeedableRng::seed_from_u64`]) on stream `k`
//! ([`rand_chacha::ChaCha8Rng::set_stream`]). Tallies are
//! exact integer sums, so a run gives the same figures, bit for bit, on any machine, with any
//! number of threads, and split into shards; game `k` is the same game in every run with seed
//! `s`, whatever the number of games; and in a sweep every option assignment plays game `k`
//! from the same generator (a paired comparison).

#[cfg(test)]
mod conditions_kept_tests;
mod csv;
mod effects;
mod events;
mod game;
mod openings;
mod report;
mod significance;
mod study;
mod summary;
mod sweep;
mod table;
mod tally;

pub use crate::agents::game_rng;
pub use csv::PerGame;
pub use effects::{Contrast, Effect, EffectTally, contrasts};
pub use events::{Events, MAX_FORMATIONS};
pub use game::{
    CAP_REASON, GameResult, outcome_ranks, play_game, play_game_from, play_game_to_end,
};
pub use openings::{MAX_OPENINGS, read_line, read_openings};
pub use report::{Report, Shard, Stopping};
pub use significance::{ALPHA, Comparisons, POWER, holm, min_detectable, p_value};
pub use study::{Games, Precision, play_report, widest_interval};
pub use summary::{Difference, Differences, SeatSummary, Summary, wilson};
pub use sweep::{Design, MAX_ASSIGNMENTS, Sweep, sweep};
pub use tally::{MAX_GAMES, Paired, SHARE_UNIT, Tally};

use crate::agents::Agent;
use crate::compile::Variant;
use crate::engine::Position;
use rayon::prelude::*;
use std::sync::Arc;

/// What to play: games `0..games` (or a shard of them) from base seed `seed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Base seed.
    pub seed: u64,
    /// Games per option assignment in the whole run (all shards).
    pub games: u64,
    /// Play only this shard's games (index ≡ K mod N).
    pub shard: Option<Shard>,
    /// Worker threads (0: one per core); the results do not depend on it.
    pub threads: usize,
    /// A game is stopped after this many plies (dice rolls count), as [`CAP_REASON`].
    pub max_plies: u32,
    /// Games already played: play only games `from..games` (of the shard). 0 for a whole run;
    /// `--precision` plays its batches so.
    pub from: u64,
}

impl Plan {
    /// The indices of the games this plan plays, as (first, step, count).
    fn indices(&self) -> (u64, u64, u64) {
        match self.shard {
            Some(s) => (s.index, s.count, s.games(self.games)),
            None => (0, 1, self.games),
        }
    }

    /// The indices of the games `from..games` of this plan, as (first, step, count).
    fn remaining_indices(&self) -> (u64, u64, u64) {
        let (first, step, count) = self.indices();
        let skip = match self.shard {
            Some(s) => s.games(self.from),
            None => self.from,
        }
        .min(count);
        (first + skip * step, step, count - skip)
    }
}

/// Who plays which seat, and from which position, game by game (`simulate --rotate` and
/// `--openings`): a comparison of agents is fair only if each plays every seat, and varied
/// only if the games do not all start alike.
#[derive(Clone, Debug, Default)]
pub struct Schedule {
    /// Rotate the agent list across the seats: in game `k`, seat `s` is played by agent
    /// `(s + k) mod n` of the `n` agents (without it, by agent `s mod n`).
    pub rotate: bool,
    /// Start positions, per variant of the run (the same openings read for each option
    /// assignment), cycled through; empty: every game starts from the variant's setup.
    pub openings: Vec<Vec<Position>>,
}

impl Schedule {
    /// The rotation of game `game` with `agents` agents: seat `s` is played by agent
    /// `(s + offset) mod agents`.
    pub fn offset(&self, game: u64, agents: usize) -> usize {
        match self.rotate && agents > 1 {
            true => (game % agents as u64) as usize,
            false => 0,
        }
    }

    /// The opening of game `game` (an index into each variant's openings), `None` without
    /// openings. With rotation each opening is played once in each rotation, in consecutive
    /// games (as match runners pair an opening with the colours swapped): game `k` plays
    /// opening `(k / agents) mod openings`.
    pub fn opening(&self, game: u64, agents: usize) -> Option<usize> {
        let n = self.openings.first().map_or(0, Vec::len);
        if n == 0 {
            return None;
        }
        let per = if self.rotate { agents.max(1) as u64 } else { 1 };
        Some(((game / per) % n as u64) as usize)
    }
}

/// Watches a run: called from the worker threads once per game played.
pub trait Observer: Sync {
    /// Game `result.game_index` of assignment `run` (an index into the variants) ended in
    /// `pos`.
    fn finished(&self, run: usize, result: &GameResult, pos: &Position);

    /// True once the run is to stop at the next game boundary (an interrupted `simulate`):
    /// the games being played finish, and no more start. The tallies then hold the games
    /// finished — every assignment's game of each seed, so paired comparisons stay paired.
    fn stopped(&self) -> bool {
        false
    }
}

/// An [`Observer`] that does nothing.
pub struct Quiet;

impl Observer for Quiet {
    fn finished(&self, _: usize, _: &GameResult, _: &Position) {}
}

/// Plays the games of `plan` for each of `variants` (option assignments of one rule file; the
/// first is the baseline of the paired differences) and tallies them, one [`Tally`] per
/// variant, in the same order.
///
/// `agents` builds a fresh set of agents for each game (one per seat, or fewer: seat `s` is
/// played by agent `s mod len`). Game `k` of every variant uses the generator
/// [`game_rng`]`(seed, k)`.
pub fn run<F>(
    variants: &[Arc<Variant>],
    agents: &F,
    plan: &Plan,
    observer: &dyn Observer,
) -> Vec<Tally>
where
    F: Fn() -> Vec<Box<dyn Agent>> + Sync,
{
    run_with_effects(variants, agents, plan, observer, &[]).0
}

/// [`run`], also tallying the `contrasts` of a factorial sweep ([`contrasts`]) over the same
/// games: one [`EffectTally`] per contrast, in the same order.
pub fn run_with_effects<F>(
    variants: &[Arc<Variant>],
    agents: &F,
    plan: &Plan,
    observer: &dyn Observer,
    contrasts: &[Contrast],
) -> (Vec<Tally>, Vec<EffectTally>)
where
    F: Fn() -> Vec<Box<dyn Agent>> + Sync,
{
    let schedule = Schedule::default();
    run_scheduled(variants, agents, plan, &schedule, observer, contrasts)
}

/// [`run_with_effects`] under a [`Schedule`]: the agent list rotated across the seats and
/// the games started from openings, as the schedule says, the same for any number of threads.
/// With rotation, each tally also counts every agent's wins ([`Tally::agent_wins`]).
pub fn run_scheduled<F>(
    variants: &[Arc<Variant>],
    agents: &F,
    plan: &Plan,
    schedule: &Schedule,
    observer: &dyn Observer,
    contrasts: &[Contrast],
) -> (Vec<Tally>, Vec<EffectTally>)
where
    F: Fn() -> Vec<Box<dyn Agent>> + Sync,
{
    let seats = variants.first().map_or(0, |v| v.seats.len());
    let empty = || {
        (
            variants.iter().map(|v| Tally::new(v)).collect::<Vec<_>>(),
            contrasts
                .iter()
                .map(|c| EffectTally::new(c, seats))
                .collect::<Vec<_>>(),
        )
    };
    let (first, step, count) = plan.remaining_indices();
    let play = |(mut acc, mut fx): (Vec<Tally>, Vec<EffectTally>), j: u64| {
        if observer.stopped() {
            return (acc, fx);
        }
        let k = first + j * step;
        let played: Vec<(GameResult, usize, usize)> = variants
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let mut a = agents();
                let offset = schedule.offset(k, a.len());
                a.rotate_left(offset);
                let start = match schedule.opening(k, a.len()) {
                    Some(o) => schedule.openings[i][o].clone(),
                    None => Position::start_for_game(v.clone(), k),
                };
                let (r, pos) = play_game_from(start, &mut a, plan.seed, k, plan.max_plies);
                observer.finished(i, &r, &pos);
                (r, offset, a.len())
            })
            .collect();
        let results: Vec<GameResult> = played
            .into_iter()
            .enumerate()
            .map(|(i, (r, offset, n))| {
                if schedule.rotate {
                    acc[i].add_agents(&r, offset, n);
                }
                r
            })
            .collect();
        for (i, r) in results.iter().enumerate() {
            acc[i].add(&variants[i], r);
            if i > 0 {
                acc[i].add_paired(r, &results[0]);
            }
        }
        for (t, c) in fx.iter_mut().zip(contrasts) {
            t.add(c, &results);
        }
        (acc, fx)
    };
    let merge = |(mut a, mut fa): (Vec<Tally>, Vec<EffectTally>),
                 (b, fb): (Vec<Tally>, Vec<EffectTally>)| {
        for (x, y) in a.iter_mut().zip(&b) {
            x.merge(y).expect("tallies of the same variants");
        }
        for (x, y) in fa.iter_mut().zip(&fb) {
            x.merge(y).expect("tallies of the same contrasts");
        }
        (a, fa)
    };
    // Once stopped, the games not started are skipped, not walked one by one.
    let going = |_: &u64| !observer.stopped();
    let Some(pool) = thread_pool(plan.threads) else {
        return (0..count).take_while(going).fold(empty(), play);
    };
    pool.install(|| {
        (0..count)
            .into_par_iter()
            .take_any_while(going)
            .fold(empty, play)
            .reduce(empty, merge)
    })
}

/// A pool of `threads` workers (0: one per core), or of as many as the system lets the process
/// start — halving the number until the threads start — or `None` for one thread (the caller
/// plays on its own thread). The results of a run do not depend on the number of threads, so
/// a smaller pool than asked for changes only the speed.
fn thread_pool(threads: usize) -> Option<rayon::ThreadPool> {
    // WebAssembly in a browser has no threads: every game is played on the caller's thread.
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    let mut n = threads;
    while n != 1 {
        if let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(n).build() {
            return Some(pool);
        }
        n = if n == 0 {
            std::thread::available_parallelism().map_or(1, |c| c.get()) / 2
        } else {
            n / 2
        }
        .max(1);
    }
    None
}

/// Plays games `0..games` of `variant` with base seed `seed` and summarises them (one option
/// assignment, no shard: the simple case of [`run`]).
///
/// ```
/// use ashtapada::agents::{Agent, RandomAgent};
/// use ashtapada::sim::simulate;
/// use ashtapada::{Assignment, load_variant};
/// let v = load_variant("chaturaji", &Assignment::default()).unwrap();
/// let agents = || vec![Box::new(RandomAgent::new()) as Box<dyn Agent>];
/// let s = simulate(&v, &agents, 1, 20, 1, 10_000);
/// assert_eq!(s.games, 20);
/// assert_eq!(s, simulate(&v, &agents, 1, 20, 2, 10_000));
/// ```
pub fn simulate<F>(
    variant: &Arc<Variant>,
    agents: &F,
    seed: u64,
    games: u64,
    threads: usize,
    max_plies: u32,
) -> Summary
where
    F: Fn() -> Vec<Box<dyn Agent>> + Sync,
{
    let plan = Plan {
        seed,
        games,
        shard: None,
        threads,
        max_plies,
        from: 0,
    };
    let tally = run(std::slice::from_ref(variant), agents, &plan, &Quiet)
        .pop()
        .unwrap_or_else(|| Tally::new(variant));
    Summary::new(&variant.name, seed, variant.assignment.clone(), tally)
}
