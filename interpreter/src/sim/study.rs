//! A whole simulation study as library calls: the empty [`Report`] of a run
//! ([`Report::blank`]) and the games played into it ([`play_report`]), in batches until a
//! precision is reached when one is asked for. `ashtapada simulate` formats what these
//! return; a notebook or a binding calls them the same way.

use super::{
    Contrast, EffectTally, Observer, Plan, Report, Schedule, Stopping, Summary, Tally,
    run_scheduled,
};
use crate::agents::Agent;
use crate::compile::Variant;
use std::sync::Arc;

/// The games of a study: one compiled variant per option assignment (the first is the
/// baseline), the contrasts of a factorial sweep (empty otherwise) and who plays which seat
/// from where.
#[derive(Clone, Copy)]
pub struct Games<'a> {
    /// One variant per assignment.
    pub variants: &'a [Arc<Variant>],
    /// The contrasts tallied over the same games ([`super::contrasts`]).
    pub contrasts: &'a [Contrast],
    /// Rotation and openings.
    pub schedule: &'a Schedule,
}

/// Playing to a precision (`simulate --precision P --batch B`): batches of `batch` games
/// until every reported interval's half-width is at most `points` percentage points, or the
/// plan's games are played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Precision {
    /// The largest half-width asked for, in percentage points.
    pub points: f64,
    /// Games per batch.
    pub batch: u64,
}

impl Report {
    /// The report of a run before its games: one empty summary per variant of `games`, one
    /// empty effect tally per contrast, no games. The caller sets the settings it records
    /// (rules hash, agents, ply cap, schedule, shard, sweep) with struct update syntax.
    pub fn blank(games: &Games<'_>, seed: u64) -> Report {
        let seats = games.variants.first().map_or(0, |v| v.seats.len());
        Report {
            variant: games
                .variants
                .first()
                .map(|v| v.name.clone())
                .unwrap_or_default(),
            rules_hash: None,
            seed,
            agents: Vec::new(),
            max_plies: 0,
            schedule: None,
            games: 0,
            shard: None,
            swept: Vec::new(),
            design: super::Design::Factorial,
            stopping: None,
            effects: games
                .contrasts
                .iter()
                .map(|c| EffectTally::new(c, seats))
                .collect(),
            runs: games
                .variants
                .iter()
                .map(|v| Summary::new(&v.name, seed, v.assignment.clone(), Tally::new(v)))
                .collect(),
        }
    }
}

/// Plays the games of `plan` into `report` (made by [`Report::blank`]): without `precision`
/// one batch of every game; with it, batches until the intervals are narrow enough (the games
/// of each batch are the same in every run, and the same for any number of threads). Stops
/// after the batch in which `observer` says to stop (the report then counts the games
/// completed, every assignment's game of each seed) or `failed` turns true.
///
/// # Errors
/// Tallies that do not merge (a bug: the message says so).
pub fn play_report<F>(
    report: &mut Report,
    plan: &mut Plan,
    precision: Option<Precision>,
    games: &Games<'_>,
    agents: &F,
    (observer, failed): (&dyn Observer, &dyn Fn() -> bool),
) -> Result<(), String>
where
    F: Fn() -> Vec<Box<dyn Agent>> + Sync,
{
    let max_games = plan.games;
    loop {
        plan.from = report.games;
        plan.games = match precision {
            Some(p) => (report.games + p.batch).min(max_games),
            None => max_games,
        };
        let (tallies, effects) = run_scheduled(
            games.variants,
            agents,
            plan,
            games.schedule,
            observer,
            games.contrasts,
        );
        for (s, t) in report.runs.iter_mut().zip(tallies) {
            let mut whole = std::mem::take(&mut s.tally);
            whole.merge(&t)?;
            *s = Summary::new(&s.variant, report.seed, s.options.clone(), whole);
        }
        for (w, e) in report.effects.iter_mut().zip(&effects) {
            w.merge(e)?;
        }
        if observer.stopped() {
            // Interrupted: the games completed, every assignment's game of each seed.
            report.games = report.runs.first().map_or(0, |s| s.tally.games);
            return Ok(());
        }
        report.games = plan.games;
        let Some(p) = precision else {
            return Ok(());
        };
        let reached = 100.0 * widest_interval(report);
        report.stopping = Some(Stopping {
            points: p.points,
            batch: p.batch,
            max_games,
            reached,
        });
        if reached <= p.points || report.games >= max_games || failed() {
            return Ok(());
        }
    }
}

/// The widest half-width (a fraction) of the intervals a precision bounds: in a sweep,
/// every paired win-share difference (each seat, the first seat, each turn position) and
/// every main effect and interaction; outside sweeps, every seat's and the first seat's win
/// share.
pub fn widest_interval(r: &Report) -> f64 {
    let mut widest = 0.0f64;
    if r.runs.len() == 1 {
        for s in &r.runs {
            for x in &s.seats {
                widest = widest.max((x.win_share_ci[1] - x.win_share_ci[0]) / 2.0);
            }
            widest = widest.max((s.first_seat_ci[1] - s.first_seat_ci[0]) / 2.0);
        }
        return widest;
    }
    for d in r.runs.iter().filter_map(|s| s.differences.as_ref()) {
        for x in d.win_share.iter().chain(&d.positions) {
            widest = widest.max(x.half_width());
        }
    }
    for e in r.effects() {
        for x in e.win_share.iter().chain([&e.first_seat]) {
            widest = widest.max(x.half_width());
        }
    }
    widest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::RandomAgent;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    /// The library study plays the same games as `simulate` (the same tallies for any number
    /// of threads) and stops at the precision asked for.
    #[test]
    fn a_study_is_played_into_its_report_in_batches() {
        let v = load_variant("chaturanga", &Assignment::default()).unwrap();
        let variants = [v];
        let schedule = Schedule::default();
        let games = Games {
            variants: &variants,
            contrasts: &[],
            schedule: &schedule,
        };
        let agents = || vec![Box::new(RandomAgent::new()) as Box<dyn Agent>];
        let play = |threads, precision| {
            let mut report = Report::blank(&games, 7);
            let mut plan = Plan {
                seed: 7,
                games: 40,
                shard: None,
                threads,
                max_plies: 400,
                from: 0,
            };
            play_report(
                &mut report,
                &mut plan,
                precision,
                &games,
                &agents,
                (&super::super::Quiet, &|| false),
            )
            .unwrap();
            report
        };
        let whole = play(1, None);
        assert_eq!(whole.games, 40);
        assert_eq!(whole.runs[0].tally.games, 40);
        assert_eq!(whole, play(3, None), "the same for any number of threads");
        // A precision no 40 games reach: every batch is played, and the stopping rule says
        // it was not met.
        let batched = play(
            2,
            Some(Precision {
                points: 0.1,
                batch: 15,
            }),
        );
        assert_eq!(batched.games, 40);
        let stopping = batched.stopping.expect("recorded");
        assert!(!stopping.met());
        assert_eq!((stopping.batch, stopping.max_games), (15, 40));
        assert_eq!(batched.runs, whole.runs, "batches play the same games");
        // A loose precision stops after the first batch.
        let loose = play(
            1,
            Some(Precision {
                points: 100.0,
                batch: 15,
            }),
        );
        assert_eq!(loose.games, 15);
        assert!(loose.stopping.unwrap().met());
    }
}
