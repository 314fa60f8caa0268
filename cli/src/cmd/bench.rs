//! `ashtapada bench`: perft nodes per second for each built-in variant.

use super::Failure;
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
    for name in names {
        let v = load_variant(&name, &Assignment::default())?;
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
    Ok(())
}
