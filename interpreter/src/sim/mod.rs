//! The seeded batch runner: [`play_game`] plays one game between agents, [`simulate`] plays
//! many in parallel and summarises them ([`Summary`]).
//!
//! # Determinism
//!
//! Game `k` of a run with base seed `s` draws every random choice (dice and agents) from one
//! generator, [`game_rng`]`(s, k)`: ChaCha8 keyed by `s` (through
//! [`SeedableRng::seed_from_u64`]) on stream `k` ([`ChaCha8Rng::set_stream`]). Games are
//! summarised in game-index order with exact integer tallies, so a run gives the same
//! [`Summary`], bit for bit, on any machine and with any number of threads; and game `k` is
//! the same game in every run with seed `s`, whatever the number of games.

mod game;
mod summary;

pub use game::{CAP_REASON, Events, GameResult, play_game, play_game_to_end};
pub use summary::{SeatSummary, Summary, summarize};

use crate::agents::Agent;
use crate::compile::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::sync::Arc;

/// The generator of game `game_index` of a run with base seed `seed`: ChaCha8 seeded from
/// `seed` by [`SeedableRng::seed_from_u64`], with stream number `game_index`.
pub fn game_rng(seed: u64, game_index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(game_index);
    rng
}

/// Games played per parallel batch; results are folded into the summary batch by batch, in
/// game-index order, so memory stays bounded for long runs.
const BATCH: u64 = 4096;

/// Plays games `0..games` of `variant` with base seed `seed` and summarises them.
///
/// `agents` builds a fresh set of agents for each game (one per seat, or fewer: seat `s` is
/// played by agent `s mod len`). `threads` is the number of worker threads (0: one per core);
/// the summary does not depend on it. Each game ends by the rules or after `max_plies` plies
/// (see [`play_game`]).
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
    let play = |k: u64| {
        let mut a = agents();
        play_game(variant, &mut a, seed, k, max_plies)
    };
    let mut tally = summary::Tally::new(variant, seed);
    if threads == 1 {
        for k in 0..games {
            tally.add(&play(k));
        }
        return tally.finish();
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a rayon thread pool");
    pool.install(|| {
        let mut start = 0;
        while start < games {
            let end = games.min(start + BATCH);
            let results: Vec<GameResult> = (start..end).into_par_iter().map(play).collect();
            for r in &results {
                tally.add(r);
            }
            start = end;
        }
    });
    tally.finish()
}
