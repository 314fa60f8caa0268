//! The report as tables for people ([`Report`]'s `Display`): one assignment in detail, or a
//! sweep side by side with each assignment's differences from the baseline.

use super::report::Report;
use super::summary::{Difference, Summary};
use std::collections::BTreeSet;
use std::fmt::{self, Write as _};

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let per = if self.runs.len() > 1 {
            " per assignment"
        } else {
            ""
        };
        let games = crate::diag::count(self.games as usize, "game", "games");
        write!(f, "{} — {games}{per}, seed {}", self.variant, self.seed)?;
        if let Some(s) = self.shard {
            let n = crate::diag::count(s.games(self.games) as usize, "game", "games");
            write!(f, ", shard {s} ({n})")?;
            if s.games(self.games) == 0 {
                writeln!(f)?;
                return writeln!(
                    f,
                    "no game's index falls in this shard, so it has nothing to report; \
                     its JSON output still merges with the other shards'"
                );
            }
        }
        writeln!(f)?;
        writeln!(
            f,
            "agents: {}; ply cap {}",
            self.agents.join(", "),
            self.max_plies
        )?;
        match self.runs.as_slice() {
            [one] => write!(f, "{one}"),
            runs => sweep(f, self, runs),
        }
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn interval(ci: [f64; 2]) -> String {
    format!("[{}, {}]", pct(ci[0]), pct(ci[1]))
}

/// One assignment in detail: options, seats, first seat, length, events per game, end
/// reasons.
impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        single(f, self)
    }
}

fn single(f: &mut fmt::Formatter<'_>, s: &Summary) -> fmt::Result {
    let options = s.options.to_string();
    if !options.is_empty() {
        writeln!(f, "options: {options}")?;
    }
    let g = s.games.max(1) as f64;
    writeln!(f)?;
    writeln!(
        f,
        "{:<12} {:>9} {:>17} {:>11}",
        "seat", "win share", "95% interval", "mean score"
    )?;
    for x in &s.seats {
        writeln!(
            f,
            "{:<12} {:>9} {:>17} {:>11.2}",
            x.name,
            pct(x.win_share),
            interval(x.win_share_ci),
            x.mean_score
        )?;
    }
    writeln!(
        f,
        "{:<12} {:>9} {:>17}   fair share {}",
        "first seat",
        pct(s.first_seat_share),
        interval(s.first_seat_ci),
        pct(1.0 / s.seats.len().max(1) as f64)
    )?;
    writeln!(f)?;
    writeln!(
        f,
        "{:<12} {:>9} {:>9} {:>9}",
        "length", "mean", "median", "90th pct"
    )?;
    writeln!(
        f,
        "{:<12} {:>9.2} {:>9.1}",
        "rounds", s.mean_rounds, s.median_rounds
    )?;
    writeln!(
        f,
        "{:<12} {:>9.2} {:>9.1} {:>9.0}",
        "plies", s.mean_plies, s.median_plies, s.p90_plies
    )?;
    writeln!(f)?;
    writeln!(f, "{:<22} {:>9}", "per game", "mean")?;
    for (name, total) in &s.events {
        writeln!(f, "{name:<22} {:>9.2}", *total as f64 / g)?;
    }
    writeln!(f)?;
    writeln!(f, "{:<22} {:>9} {:>7}", "end reason", "games", "share")?;
    for (reason, n) in &s.end_reasons {
        writeln!(f, "{reason:<22} {n:>9} {:>7}", pct(*n as f64 / g))?;
    }
    Ok(())
}

/// A difference and its interval with signs, `+1.2 [-0.3, +2.7]`, starred when the interval
/// excludes zero; values that round to zero are shown as `+0.0`, never `-0.0`.
fn signed(d: &Difference, scale: f64, decimals: usize) -> String {
    let star = if d.significant() { " *" } else { "  " };
    let round = |x: f64| {
        let p = 10f64.powi(decimals as i32);
        (x * scale * p).round() / p + 0.0
    };
    format!(
        "{:+.*} [{:+.*}, {:+.*}]{star}",
        decimals,
        round(d.mean),
        decimals,
        round(d.ci[0]),
        decimals,
        round(d.ci[1])
    )
}

/// A sweep: the assignments side by side, then their differences from the baseline, end
/// reasons and events.
fn sweep(f: &mut fmt::Formatter<'_>, report: &Report, runs: &[Summary]) -> fmt::Result {
    let Some(base) = runs.first() else {
        return Ok(());
    };
    let others: Vec<String> = base
        .options
        .0
        .iter()
        .filter(|(n, _)| !report.swept.contains(n))
        .map(|(n, c)| format!("{n}={c}"))
        .collect();
    if !others.is_empty() {
        writeln!(f, "options: {}", others.join(" "))?;
    }
    writeln!(f, "baseline: {}", report.label(0))?;
    let labels: Vec<String> = (0..runs.len()).map(|i| report.label(i)).collect();
    let w = labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .max(10);
    let seats: Vec<&str> = base.seats.iter().map(|x| x.name.as_str()).collect();
    let sw = seats
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(7);

    writeln!(f)?;
    writeln!(f, "win share and game length")?;
    let mut head = format!("{:<w$}", "assignment");
    for n in &seats {
        write!(head, " {n:>sw$}").ok();
    }
    writeln!(
        f,
        "{head} {:>10} {:>9} {:>9}",
        "first seat", "plies", "rounds"
    )?;
    for (l, s) in labels.iter().zip(runs) {
        let mut row = format!("{l:<w$}");
        for x in &s.seats {
            write!(row, " {:>sw$}", pct(x.win_share)).ok();
        }
        writeln!(
            f,
            "{row} {:>10} {:>9.1} {:>9.2}",
            pct(s.first_seat_share),
            s.mean_plies,
            s.mean_rounds
        )?;
    }

    writeln!(f)?;
    writeln!(
        f,
        "difference from the baseline, 95% paired interval (* excludes zero)"
    )?;
    let dw = 26;
    let mut head = format!("{:<w$}", "assignment");
    for n in &seats {
        write!(head, " {:>dw$}", format!("{n} (points)")).ok();
    }
    writeln!(f, "{head} {:>dw$}", "plies")?;
    for (l, s) in labels.iter().zip(runs).skip(1) {
        let Some(d) = &s.differences else { continue };
        let mut row = format!("{l:<w$}");
        for x in &d.win_share {
            write!(row, " {:>dw$}", signed(x, 100.0, 1)).ok();
        }
        writeln!(f, "{row} {:>dw$}", signed(&d.plies, 1.0, 1))?;
    }

    let reasons: BTreeSet<&str> = runs
        .iter()
        .flat_map(|s| s.end_reasons.iter().map(|(r, _)| r.as_str()))
        .collect();
    columns(
        f,
        "end reasons (share of games)",
        &labels,
        w,
        &reasons,
        |s, r| {
            let n = s
                .end_reasons
                .iter()
                .find(|(x, _)| x == r)
                .map_or(0, |(_, n)| *n);
            pct(n as f64 / s.games.max(1) as f64)
        },
        runs,
    )?;
    let mut events: Vec<&str> = Vec::new();
    for s in runs {
        for (e, _) in &s.events {
            if !events.contains(&e.as_str()) {
                events.push(e);
            }
        }
    }
    columns(
        f,
        "events per game",
        &labels,
        w,
        &events,
        |s, e| format!("{:.2}", s.event(e) as f64 / s.games.max(1) as f64),
        runs,
    )
}

/// A table: one row per assignment, one column per name.
fn columns<'a>(
    f: &mut fmt::Formatter<'_>,
    title: &str,
    labels: &[String],
    w: usize,
    names: impl IntoIterator<Item = &'a &'a str> + Clone,
    cell: impl Fn(&Summary, &str) -> String,
    runs: &[Summary],
) -> fmt::Result {
    writeln!(f)?;
    writeln!(f, "{title}")?;
    let mut head = format!("{:<w$}", "assignment");
    for n in names.clone() {
        write!(head, " {n:>w2$}", w2 = n.chars().count().max(7)).ok();
    }
    writeln!(f, "{head}")?;
    for (l, s) in labels.iter().zip(runs) {
        let mut row = format!("{l:<w$}");
        for n in names.clone() {
            write!(row, " {:>w2$}", cell(s, n), w2 = n.chars().count().max(7)).ok();
        }
        writeln!(f, "{row}")?;
    }
    Ok(())
}
