//! `ashtapada simulate VARIANT [--games N] [--seed S] [--set OPT=CHOICE]… [--threads T]
//! [--max-plies P]`: seeded games between random agents, summarised as a table.

use super::{Failure, load};
use crate::args::SimulateArgs;
use ashtapada::Diagnostic;
use ashtapada::agents::{Agent, RandomAgent};
use ashtapada::sim::simulate;
use std::io::Write;

pub fn run(a: &SimulateArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if a.games == 0 {
        return Err(Failure::Diagnostics(
            Diagnostic::new("simulate::games", "`--games 0`: nothing to simulate", None)
                .help("give at least one game, e.g. `--games 1000`")
                .into(),
        ));
    }
    let variant = load(&a.v)?;
    if let Some(dir) = &a.records {
        std::fs::create_dir_all(dir).map_err(|e| {
            Failure::Diagnostics(
                Diagnostic::new(
                    "simulate::records",
                    format!("cannot create the records folder `{}`: {e}", dir.display()),
                    None,
                )
                .help("give a folder you can write to, e.g. `--records ./records`")
                .into(),
            )
        })?;
    }
    // More threads than games, or than any machine has cores, only adds overhead.
    let threads = a.threads.min(a.games.min(1024) as usize);
    let agents = || -> Vec<Box<dyn Agent>> { vec![Box::new(RandomAgent::new())] };
    let summary = simulate(&variant, &agents, a.seed, a.games, threads, a.max_plies);
    if a.format == crate::args::Format::Json {
        let json = summary.to_json(&variant.assignment);
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&json).unwrap_or_default()
        )?;
        if let Some(dir) = &a.records {
            write_records(&variant, a, dir)?;
        }
        return Ok(());
    }
    let options = variant.assignment.to_string();
    if !options.is_empty() {
        writeln!(out, "options: {options}")?;
    }
    writeln!(
        out,
        "agents: random for every seat; ply cap {}",
        a.max_plies
    )?;
    write!(out, "{summary}")?;
    if let Some(dir) = &a.records {
        write_records(&variant, a, dir)?;
        writeln!(out, "records: {} games in {}", a.games, dir.display())?;
    }
    Ok(())
}

/// Plays the games again, one by one (the same seeds give the same games), and writes each
/// one's record.
fn write_records(
    variant: &std::sync::Arc<ashtapada::Variant>,
    a: &SimulateArgs,
    dir: &std::path::Path,
) -> Result<(), Failure> {
    for k in 0..a.games {
        let mut agents: Vec<Box<dyn Agent>> = vec![Box::new(RandomAgent::new())];
        let (_, pos) =
            ashtapada::sim::play_game_to_end(variant, &mut agents, a.seed, k, a.max_plies);
        let record = ashtapada::notation::Record::from_position(&pos, Some(a.seed));
        let path = dir.join(format!("game-{k}.json"));
        std::fs::write(&path, record.to_json()).map_err(|e| {
            Failure::Diagnostics(
                Diagnostic::new(
                    "simulate::records",
                    format!("cannot write `{}`: {e}", path.display()),
                    None,
                )
                .into(),
            )
        })?;
    }
    Ok(())
}
