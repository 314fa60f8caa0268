//! `ashtapada bench`: perft nodes per second, and playouts per second of random and greedy
//! agents on one thread and on every core, for each built-in variant.

use super::Failure;
use ashtapada::agents::{Agent, by_name};
use ashtapada::sim::simulate;
use ashtapada::spec::BUILTIN;
use ashtapada::{Assignment, Diagnostics, Position, load_variant, perft};
use std::io::Write;
use std::time::Instant;

pub fn run(depth: u32, only: &[String], out: &mut dyn Write) -> Result<(), Failure> {
    let names: Vec<String> = if only.is_empty() {
        BUILTIN.iter().map(|(n, _)| n.to_string()).collect()
    } else {
        only.to_vec()
    };
    super::perft::check_depth(depth, "--depth")?;
    // Every name is checked before the table starts: a misspelt one is reported alone.
    let mut variants = Vec::new();
    let mut errors = Diagnostics::default();
    for name in &names {
        match load_variant(name, &Assignment::default()) {
            Ok(v) => variants.push(v),
            Err(e) => errors.0.extend(e.0),
        }
    }
    if !errors.is_empty() {
        return Err(errors.into());
    }
    writeln!(
        out,
        "{:<14} {:>5} {:>14} {:>9} {:>12}",
        "variant", "depth", "nodes", "seconds", "nodes/s"
    )?;
    for (name, v) in names.iter().zip(variants) {
        let mut pos = Position::start(v);
        let (nodes, secs) = timed(|| perft(&mut pos, depth));
        writeln!(
            out,
            "{name:<14} {depth:>5} {nodes:>14} {:>9} {:>12.0}",
            seconds(secs),
            nodes as f64 / secs.max(1e-9)
        )?;
    }
    playouts(&names, out)
}

/// Shortest time a measurement is repeated for, in seconds: a run shorter than this (a
/// shallow perft, a batch of short games) is repeated, so that the clock's resolution and the
/// start-up of threads do not decide the figure.
const MIN_SECS: f64 = 0.25;

/// Runs `f` until [`MIN_SECS`] have passed (at least once, at most 1,000 times) and returns its
/// last result with the mean wall-clock seconds of one run (never 0). Every run of a perft or a
/// seeded batch gives the same result, so the result of any run stands for all.
fn timed<T>(mut f: impl FnMut() -> T) -> (T, f64) {
    let start = Instant::now();
    let mut runs = 0u32;
    loop {
        let out = f();
        runs += 1;
        let secs = start.elapsed().as_secs_f64();
        if secs >= MIN_SECS || runs >= 1_000 {
            return (out, (secs / runs as f64).max(1e-9));
        }
    }
}

/// Seconds with three significant figures at least (`0.000183`, `0.0492`, `1.234`), so that a
/// short run does not print as `0.000`.
fn seconds(secs: f64) -> String {
    if secs >= 0.1 {
        format!("{secs:.3}")
    } else {
        let decimals = (2.0 - secs.log10().floor()).clamp(3.0, 9.0) as usize;
        format!("{secs:.decimals$}")
    }
}

/// Base seed of the playout benchmark.
const PLAYOUT_SEED: u64 = 1;

/// Agents timed by the playout benchmark.
const PLAYOUT_AGENTS: [&str; 2] = ["random", "greedy"];

/// Playouts per second for random and greedy agents, on one thread and on every core:
/// complete games (2000 for variants with dice, whose games end by round counts; 200 for the
/// others, whose random games are longer and end mostly by bare-king, repetition or move rules).
fn playouts(names: &[String], out: &mut dyn Write) -> Result<(), Failure> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    writeln!(out)?;
    writeln!(
        out,
        "{:<14} {:<7} {:>7} {:>6} {:>9} {:>10} {:>12} {:>7}",
        "playouts", "agents", "threads", "games", "seconds", "games/s", "plies/s", "capped"
    )?;
    for name in names {
        let v = load_variant(name, &Assignment::default())?;
        for agent in PLAYOUT_AGENTS {
            let agents = || -> Vec<Box<dyn Agent>> {
                vec![by_name(agent).expect("the benchmark's agents exist")]
            };
            let mut threads = vec![1];
            if cores > 1 {
                threads.push(cores);
            }
            for t in threads {
                let games = if v.rules.dice.is_some() { 2000 } else { 200 };
                let (s, secs) = timed(|| simulate(&v, &agents, PLAYOUT_SEED, games, t, 10_000));
                writeln!(
                    out,
                    "{name:<14} {agent:<7} {t:>7} {games:>6} {:>9} {:>10.0} {:>12.0} {:>7}",
                    seconds(secs),
                    games as f64 / secs,
                    s.mean_plies * games as f64 / secs,
                    s.capped()
                )?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn short_runs_keep_three_significant_figures() {
        for (secs, shown) in [
            (0.000183, "0.000183"),
            (0.0492, "0.0492"),
            (0.0999, "0.0999"),
            (0.1, "0.100"),
            (1.2344, "1.234"),
            (1e-9, "0.000000001"),
        ] {
            assert_eq!(super::seconds(secs), shown, "{secs}");
        }
    }

    #[test]
    fn a_short_measurement_is_repeated() {
        let mut runs = 0;
        let (last, secs) = super::timed(|| {
            runs += 1;
            runs
        });
        assert!(runs > 1, "a run of no time is repeated, not timed once");
        assert_eq!(last, runs);
        assert!(secs > 0.0);
    }

    #[test]
    fn a_misspelt_variant_is_reported_before_the_table() {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let args = [
            "ashtapada",
            "bench",
            "--depth",
            "1",
            "chaturanga",
            "chaturnga",
        ];
        let code = crate::run(args, &mut out, &mut err);
        let err = String::from_utf8(err).unwrap();
        assert_eq!(code, 1, "{err}");
        assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
        assert!(err.contains("unknown variant `chaturnga`"), "{err}");
    }
}
