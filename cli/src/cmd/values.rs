//! `ashtapada values VARIANT [--set OPT=CHOICE …] [--games N] [--seed S] [--agent A]
//! [--json]`: every kind's start value (mobility on the board) and its value fitted to seeded
//! self-play, with a 95% bootstrap interval and the games and positions it comes from.

use super::{Failure, bad_input, load};
use crate::args::ValuesArgs;
use ashtapada::agents::fit::{Fit, Gather, fit, gather};
use ashtapada::diag::Code;
use std::io::Write;

pub fn run(a: &ValuesArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if a.games == 0 {
        return Err(bad_input(
            Code::SimulateGames,
            "`--games 0`: the values are fitted to at least one game",
            "give `--games N` with N ≥ 1 (a few hundred for intervals of a tenth or so)",
        ));
    }
    let v = load(&a.v)?;
    let opts = Gather {
        games: a.games,
        seed: a.seed,
        agent: a.agent.clone(),
        max_plies: a.max_plies,
        ..Gather::default()
    };
    let samples = gather(&v, &opts).map_err(|e| {
        bad_input(
            Code::SimulateAgent,
            e.to_string(),
            "`--agent` takes random, greedy, easy, medium or hard",
        )
    })?;
    let f = fit(&v, &samples, a.resamples, a.seed);
    if a.json {
        writeln!(out, "{}", to_json(&v.name, &opts, &f))?;
    } else {
        write_table(&v.name, &opts, &f, out)?;
    }
    Ok(())
}

fn to_json(variant: &str, opts: &Gather, f: &Fit) -> serde_json::Value {
    let rows: Vec<serde_json::Value> = (0..f.names.len())
        .map(|j| {
            serde_json::json!({
                "name": f.names[j],
                "kind": f.kinds[j].is_some(),
                "start": f.kinds[j].map(|_| f.start[j]),
                "value": f.value[j],
                "low": f.interval[j].0,
                "high": f.interval[j].1,
            })
        })
        .collect();
    serde_json::json!({
        "variant": variant,
        "agent": opts.agent,
        "seed": opts.seed,
        "games": f.games,
        "positions": f.positions,
        "resamples": f.resamples,
        "unit": f.unit.map(|k| f.names[f.kinds.iter().position(|x| *x == Some(k)).unwrap_or(0)].clone()),
        "logit_per_unit": f.scale,
        "values": rows,
    })
}

fn write_table(variant: &str, opts: &Gather, f: &Fit, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "{variant}: {} games of `{}` self-play (seed {}), {} positions, 95% intervals from {} \
         bootstrap resamples of the games",
        f.games, opts.agent, opts.seed, f.positions, f.resamples
    )?;
    writeln!(
        out,
        "{:<16} {:>7} {:>8}  {:<17}",
        "kind", "start", "fitted", "interval"
    )?;
    for j in 0..f.names.len() {
        let (lo, hi) = f.interval[j];
        let start = match f.kinds[j] {
            Some(_) => format!("{:.2}", f.start[j]),
            None => "-".into(),
        };
        writeln!(
            out,
            "{:<16} {:>7} {:>8.2}  [{lo:.2}, {hi:.2}]",
            f.names[j], start, f.value[j]
        )?;
    }
    writeln!(
        out,
        "general terms are per unit: a piece in hand (on top of its value), a move of \
         empty-board mobility in tens, an attacked square next to the royal piece, the move"
    )?;
    // The line must read back: a rule file's `values:` takes 0 to 1000, so a fit below zero
    // (a kind the self-play games could not tell from nothing) is written as 0.
    let kinds: Vec<String> = (0..f.names.len())
        .filter(|&j| f.kinds[j].is_some())
        .map(|j| format!("{}: {:.2}", f.names[j], f.value[j].clamp(0.0, 1000.0)))
        .collect();
    writeln!(out, "values: {{ {} }}", kinds.join(", "))
}
