//! `ashtapada bench`: perft nodes per second and random playouts per second for each built-in
//! variant.

use super::Failure;
use ashtapada::agents::{Agent, RandomAgent};
use ashtapada::sim::simulate;
use ashtapada::spec::BUILTIN;
use ashtapada::{Assignment, Position, load_variant, perft};
use std::io::Write;
use std::time::Instant;

pub fn run(depth: u32, only: &[String], out: &mut dyn Write) -> Result<(), Failure> {
    let names: Vec<String> = if only.is_empty() {
        BUILTIN.iter().map(|(n, _)| n.to_string()).collect()
    } else {
        only.to_vec()
    };
    writeln!(
        out,
        "{:<14} {:>5} {:>14} {:>9} {:>12}",
        "variant", "depth", "nodes", "seconds", "nodes/s"
    )?;
    for name in &names {
        let v = load_variant(name, &Assignment::default())?;
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

/// Random playouts per second, one thread: complete games between random agents (2000 for
/// variants with dice or more than two seats, 500 for two-seat variants, whose random games
/// end mostly by the bare-king, repetition or move rules and are longer).
fn playouts(names: &[String], out: &mut dyn Write) -> Result<(), Failure> {
    writeln!(out)?;
    writeln!(
        out,
        "{:<14} {:>6} {:>9} {:>10} {:>12} {:>9}",
        "playouts", "games", "seconds", "games/s", "plies/s", "capped"
    )?;
    let agents = || -> Vec<Box<dyn Agent>> { vec![Box::new(RandomAgent::new())] };
    for name in names {
        let v = load_variant(name, &Assignment::default())?;
        let games = if v.dice.is_some() || v.seats.len() > 2 {
            2000
        } else {
            500
        };
        let t = Instant::now();
        let s = simulate(&v, &agents, PLAYOUT_SEED, games, 1, 10_000);
        let secs = t.elapsed().as_secs_f64().max(1e-9);
        writeln!(
            out,
            "{name:<14} {games:>6} {secs:>9.3} {:>10.0} {:>12.0} {:>9}",
            games as f64 / secs,
            s.mean_plies * games as f64 / secs,
            s.capped()
        )?;
    }
    Ok(())
}
