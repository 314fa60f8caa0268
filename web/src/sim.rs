//! A quick seeded simulation in the page: `simulate`'s report (the same JSON as
//! `ashtapada simulate --format json`), on one thread, with an option swept or none.

use ashtapada::agents::{Agent, by_name};
use ashtapada::sim::{self, Plan, Quiet, Report};
use ashtapada::spec::RuleFile;
use ashtapada::{Variant, compile};
use serde_json::Value;
use std::sync::Arc;

/// Plays `games` seeded games (seed `seed`) of `file` under `base`'s choices between `agent`
/// players, each option of `sweep` (`OPT` or `OPT=V,…`, as `--sweep`) swept against the
/// baseline, and returns the report as `simulate --format json` writes it.
///
/// # Errors
/// An unknown agent or option, no games, or a choice that does not compile.
pub fn simulate(
    file: &RuleFile,
    base: &ashtapada::Assignment,
    sweep: &[String],
    (games, seed, max_plies): (u64, u64, u32),
    agent: &str,
) -> Result<Value, String> {
    if games == 0 {
        return Err("no games: give at least one".into());
    }
    by_name(agent).map_err(|e| e.to_string())?;
    let sweep = sim::sweep(file, base, sweep).map_err(|d| d.one_line())?;
    let variants: Vec<Arc<Variant>> = (sweep.assignments.iter())
        .map(|x| compile(file, x))
        .collect::<Result<_, _>>()
        .map_err(|d| d.one_line())?;
    let contrasts = sweep.contrasts();
    let schedule = sim::Schedule {
        rotate: false,
        openings: Vec::new(),
    };
    let games_of = sim::Games {
        variants: &variants,
        contrasts: &contrasts,
        schedule: &schedule,
    };
    let mut report = Report {
        rules_hash: Some(file.digest.hex()),
        agents: vec![agent.to_string()],
        max_plies,
        swept: sweep.swept,
        design: sweep.design,
        ..Report::blank(&games_of, seed)
    };
    let mut plan = Plan {
        seed,
        games,
        shard: None,
        threads: 1,
        max_plies,
        from: 0,
    };
    let name = agent.to_string();
    let factory = move || vec![by_name(&name).expect("checked above") as Box<dyn Agent>];
    let never = || false;
    sim::play_report(
        &mut report,
        &mut plan,
        None,
        &games_of,
        &factory,
        (&Quiet, &never),
    )?;
    Ok(report.to_json())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same seed gives the same report; a sweep reports one run per choice.
    #[test]
    fn a_seeded_sweep_is_reproduced() {
        let file = ashtapada::spec::load("chaturanga").unwrap();
        let base = ashtapada::Assignment::default();
        let sweep = vec!["bare-king".to_string()];
        let a = simulate(&file, &base, &sweep, (20, 7, 400), "random").unwrap();
        let b = simulate(&file, &base, &sweep, (20, 7, 400), "random").unwrap();
        assert_eq!(a, b);
        assert!(a["runs"].as_array().unwrap().len() >= 2, "{a}");
        assert!(simulate(&file, &base, &[], (0, 7, 400), "random").is_err());
    }

    /// The page's picture is the CLI's `--plot`: the sweep's differences, the win shares and
    /// the game lengths, each panel by its title; a text that is no report is refused.
    #[test]
    fn a_sweep_is_drawn_as_the_cli_plots_it() {
        let file = ashtapada::spec::load("chaturanga").unwrap();
        let base = ashtapada::Assignment::default();
        let sweep = vec!["bare-king".to_string()];
        let report = simulate(&file, &base, &sweep, (20, 7, 400), "random").unwrap();
        let svg = crate::plot(&report.to_string()).unwrap();
        for title in [
            "chaturanga: difference from the baseline",
            "win share, 95% interval (20 games each)",
            "game length",
        ] {
            assert!(svg.contains(title), "no `{title}`");
        }
        assert!(svg.starts_with("<svg") && svg.contains("width=\"1100\""));
        assert!(crate::plot("{}").is_err());
    }
}
