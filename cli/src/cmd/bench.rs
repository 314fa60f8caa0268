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
        let t = Instant::now();
        let nodes = perft(&mut pos, depth);
        let secs = t.elapsed().as_secs_f64();
        writeln!(
            out,
            "{name:<14} {depth:>5} {nodes:>14} {secs:>9.3} {:>12.0}",
            nodes as f64 / secs.max(1e-9)
        )?;
    }
    playouts(&names, out)
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
                let start = Instant::now();
                let s = simulate(&v, &agents, PLAYOUT_SEED, games, t, 10_000);
                let secs = start.elapsed().as_secs_f64().max(1e-9);
                writeln!(
                    out,
                    "{name:<14} {agent:<7} {t:>7} {games:>6} {secs:>9.3} {:>10.0} {:>12.0} {:>7}",
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
