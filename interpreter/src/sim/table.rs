//! The report as tables for people ([`Report`]'s `Display`): one assignment in detail, or a
//! sweep side by side with each assignment's differences from the baseline.

use super::report::Report;
use super::significance::{ALPHA, Comparisons, POWER};
use super::summary::{Difference, Summary};
use super::sweep::Design;
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
        if let Some(schedule) = &self.schedule {
            para(f, schedule)?;
        }
        if let Some(st) = &self.stopping {
            para(f, &stopping_line(st))?;
        }
        match self.runs.as_slice() {
            [one] => {
                write!(f, "{one}")?;
                agents_table(f, &self.agents, one)
            }
            runs => sweep(f, self, runs),
        }
    }
}

/// Under `--rotate`, each agent's share of the games won against its fair share.
fn agents_table(f: &mut fmt::Formatter<'_>, names: &[String], s: &Summary) -> fmt::Result {
    let shares = s.agent_shares();
    if shares.is_empty() {
        return Ok(());
    }
    writeln!(f)?;
    writeln!(
        f,
        "{:<22} {:>9} {:>17} {:>10}",
        "agent (seats rotated)", "win share", "95% interval", "fair share"
    )?;
    for (i, (share, ci, fair)) in shares.iter().enumerate() {
        let name = names.get(i).map_or("?", String::as_str);
        let name = format!("{}. {name}", i + 1);
        writeln!(
            f,
            "{name:<22} {:>9} {:>17} {:>10}",
            pct(*share),
            interval(*ci),
            pct(*fair)
        )?;
    }
    Ok(())
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
    writeln!(
        f,
        "{:<22} {:>9} {:>9} {:>7}",
        "per game", "mean", "in games", "share"
    )?;
    for (name, total) in &s.events {
        let (games, share) = match s.event_games(name) {
            Some(n) => (n.to_string(), pct(n as f64 / g)),
            None => ("?".to_string(), "?".to_string()),
        };
        writeln!(
            f,
            "{name:<22} {:>9.2} {games:>9} {share:>7}",
            *total as f64 / g
        )?;
    }
    writeln!(f)?;
    writeln!(f, "{:<22} {:>9} {:>7}", "end reason", "games", "share")?;
    for (reason, n) in &s.end_reasons {
        writeln!(f, "{reason:<22} {n:>9} {:>7}", pct(*n as f64 / g))?;
    }
    Ok(())
}

/// The widest a printed table may be, in columns.
pub const TABLE_WIDTH: usize = 100;

/// The widest label printed beside its figures; a longer one gets a line of its own.
const LABEL_WIDTH: usize = 26;

/// Sweeps with more assignments than this print a summary (main effects, the largest
/// differences) instead of every assignment's rows, which go to CSV and JSON.
pub const FULL_ROWS_MAX: usize = 16;

/// Assignments listed in a large sweep's summary.
const TOP_ROWS: usize = 12;

/// A table for a terminal: a title, a header and rows, the first column the label. Columns
/// that do not fit in [`TABLE_WIDTH`] go to a further block under the first, with the labels
/// repeated.
struct Grid {
    title: String,
    head: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Grid {
    fn new(title: impl Into<String>, head: Vec<String>) -> Grid {
        Grid {
            title: title.into(),
            head,
            rows: Vec::new(),
        }
    }

    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = |c: usize| {
            std::iter::once(&self.head)
                .chain(&self.rows)
                .map(|r| r.get(c).map_or(0, |x| x.chars().count()))
                .max()
                .unwrap_or(0)
        };
        let label_w = width(0).min(LABEL_WIDTH);
        let widths: Vec<usize> = (1..self.head.len()).map(|c| width(c).max(7)).collect();
        // Blocks of columns that fit beside the label.
        let mut blocks: Vec<Vec<usize>> = vec![Vec::new()];
        let mut used = label_w;
        for (c, w) in widths.iter().enumerate() {
            let last = blocks.last_mut().expect("a block");
            if !last.is_empty() && used + 1 + w > TABLE_WIDTH {
                blocks.push(vec![c + 1]);
                used = label_w + 1 + w;
            } else {
                last.push(c + 1);
                used += 1 + w;
            }
        }
        writeln!(f)?;
        para(f, &self.title)?;
        for (b, cols) in blocks.iter().enumerate() {
            if b > 0 {
                writeln!(f)?;
            }
            let line = |r: &[String], label: &str| {
                let mut out = format!("{label:<label_w$}");
                for &c in cols {
                    let w = widths[c - 1];
                    let cell = r.get(c).map_or("", |x| x.as_str());
                    write!(out, " {cell:>w$}").ok();
                }
                out.trim_end().to_string()
            };
            writeln!(f, "{}", line(&self.head, &self.head[0]))?;
            for r in &self.rows {
                let label = r.first().map_or("", |x| x.as_str());
                if label.chars().count() > label_w {
                    para(f, label)?;
                    writeln!(f, "{}", line(r, ""))?;
                } else {
                    writeln!(f, "{}", line(r, label))?;
                }
            }
        }
        Ok(())
    }
}

/// A difference as `+1.2±0.4*`: the mean, the half-width of its 95% interval, and a star when
/// the interval excludes zero; values that round to zero are shown as `+0.0`, never `-0.0`.
fn compact(d: &Difference, scale: f64) -> String {
    starred(d, scale, d.significant())
}

/// [`compact`], starred if `significant`.
fn starred(d: &Difference, scale: f64, significant: bool) -> String {
    let decimals = 1;
    let star = if significant { "*" } else { " " };
    let p = 10f64.powi(decimals as i32);
    let round = |x: f64| (x * scale * p).round() / p + 0.0;
    format!(
        "{:+.*}±{:.*}{star}",
        decimals,
        round(d.mean),
        decimals,
        round(d.half_width()).abs()
    )
}

/// The key of the differences section's explanation.
const DIFF_KEY: &str =
    "mean ± half-width of the 95% paired interval; * the interval excludes zero (uncorrected)";

/// A sweep: `--sweep each` ranked by the first seat's change; a factorial sweep's
/// assignments side by side (or, past [`FULL_ROWS_MAX`], a summary), its main effects and
/// interactions; then end reasons and events.
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
        para(f, &format!("options: {}", others.join(" ")))?;
    }
    let baseline: Vec<String> = report
        .swept
        .iter()
        .map(|o| format!("{o}={}", base.options.get(o).unwrap_or("?")))
        .collect();
    para(f, &format!("baseline: {}", baseline.join(" ")))?;
    if report.design == Design::Each {
        para(
            f,
            "design: each option that changes play varied alone, the others at the baseline",
        )?;
    }
    let large = runs.len() > FULL_ROWS_MAX;
    // A large sweep names each assignment by its changes from the baseline.
    let labels: Vec<String> = (0..runs.len())
        .map(|i| {
            if large {
                report.changed(i)
            } else {
                report.label(i)
            }
        })
        .collect();
    let seats: Vec<&str> = base.seats.iter().map(|x| x.name.as_str()).collect();
    let rotates = runs.iter().any(|s| s.first_seat_rotates);
    // The rows shown: every assignment; in `each` and large sweeps ranked by the size of the
    // first seat's change among the changes distinguishable from zero (after Holm's
    // correction): noise sorted by size would put the luckiest draw on top. The rest follow
    // in sweep order.
    let cmp = Comparisons::of(runs);
    let ranked = report.design == Design::Each || large;
    let order: Vec<usize> = match ranked {
        true => std::iter::once(0).chain(cmp.ranked(runs)).collect(),
        false => (0..runs.len()).collect(),
    };
    let shown: Vec<usize> = match large {
        true => order.iter().copied().take(TOP_ROWS + 1).collect(),
        false => order,
    };
    if large {
        para(
            f,
            &format!(
                "{} assignments: below, the main effects, the largest interactions and the {} \
             assignments whose first seat's win share differs most from the baseline among \
             those distinguishable from zero, then others in sweep order (named by their \
             changes from it); every assignment's row is in `--format csv` and `--format json`",
                runs.len(),
                shown.len() - 1
            ),
        )?;
        effects(f, report, &seats)?;
    }

    // Win shares and length.
    let v = Rows {
        runs,
        shown: &shown,
        labels: &labels,
        seats: &seats,
    };
    if !large {
        shares_table(f, v)?;
    }
    differences_table(f, v, ranked, &cmp)?;
    if large {
        return notes(f, report, &shown, &labels);
    }
    if rotates {
        positions_table(f, v)?;
    }
    effects(f, report, &seats)?;
    notes(f, report, &shown, &labels)?;
    reasons_tables(f, report, v)?;
    events_table(f, v)
}

/// The rows a sweep's tables show: the runs, which of them (in order), their labels, and the
/// seat names.
#[derive(Clone, Copy)]
struct Rows<'a> {
    runs: &'a [Summary],
    shown: &'a [usize],
    labels: &'a [String],
    seats: &'a [&'a str],
}

/// The win share of every seat and the first seat, and the mean length, per assignment.
fn shares_table(f: &mut fmt::Formatter<'_>, v: Rows<'_>) -> fmt::Result {
    let Rows {
        runs,
        shown,
        labels,
        seats,
    } = v;
    let mut head = vec!["assignment".to_string()];
    head.extend(seats.iter().map(|s| s.to_string()));
    head.extend(["first seat", "plies", "rounds"].map(String::from));
    let mut g = Grid::new(
        format!(
            "win share and game length (fair share {})",
            pct(1.0 / seats.len().max(1) as f64)
        ),
        head,
    );
    for &i in shown {
        let s = &runs[i];
        let mut row = vec![labels[i].clone()];
        row.extend(s.seats.iter().map(|x| pct(x.win_share)));
        row.push(pct(s.first_seat_share));
        row.push(format!("{:.1}", s.mean_plies));
        row.push(format!("{:.2}", s.mean_rounds));
        g.rows.push(row);
    }
    g.write(f)
}

/// The paired differences from the baseline: the first seat, each seat, the length, starred
/// after Holm's correction over the whole table ([`Comparisons`]); then the smallest
/// first-seat change the run's size can detect.
fn differences_table(
    f: &mut fmt::Formatter<'_>,
    v: Rows<'_>,
    ranked: bool,
    cmp: &Comparisons,
) -> fmt::Result {
    let Rows {
        runs,
        shown,
        labels,
        seats,
    } = v;
    let key = format!(
        "mean ± half-width of the 95% paired interval; * significant after Holm's correction \
         for the table's {} comparisons (family-wise error {})",
        cmp.count,
        pct(ALPHA)
    );
    let title = if ranked {
        format!(
            "difference from the baseline, the first-seat changes distinguishable from zero \
             first, largest first, then the others in sweep order ({key})"
        )
    } else {
        format!("difference from the baseline ({key})")
    };
    let mut head = vec!["assignment".to_string(), "first seat".to_string()];
    head.extend(seats.iter().map(|s| s.to_string()));
    head.push("plies".into());
    let mut g = Grid::new(format!("{title}; win shares in points"), head);
    for &i in shown.iter().skip(1) {
        let Some(d) = &runs[i].differences else {
            continue;
        };
        let star = |c: usize| cmp.significant(i, c);
        let mut row = vec![labels[i].clone(), starred(&d.first_seat, 100.0, star(0))];
        row.extend((d.win_share.iter().enumerate()).map(|(s, x)| starred(x, 100.0, star(s + 1))));
        row.push(starred(&d.plies, 1.0, star(d.win_share.len() + 1)));
        g.rows.push(row);
    }
    g.write(f)?;
    let Some(mde) = cmp.first_seat_detectable(runs) else {
        return Ok(());
    };
    let games = runs.get(1).map_or(0, |s| s.games);
    let found = (1..runs.len()).any(|i| cmp.significant(i, 0));
    let verdict = if found {
        ""
    } else {
        "; no first-seat change here is distinguishable from zero"
    };
    para(
        f,
        &format!(
            "size: with {} per assignment, a first-seat change smaller than about {:.1} points \
             is likely to go undetected ({} power at Holm's strictest level, {} / {}){verdict}",
            crate::diag::count(games as usize, "game", "games"),
            100.0 * mde,
            pct(POWER),
            pct(ALPHA),
            cmp.count
        ),
    )
}

/// The paired differences of the seat in each turn position.
fn positions_table(f: &mut fmt::Formatter<'_>, v: Rows<'_>) -> fmt::Result {
    let Rows {
        runs,
        shown,
        labels,
        seats,
    } = v;
    {
        let mut head = vec!["assignment".to_string()];
        head.extend((1..=seats.len() as u32).map(crate::rules::ordinal));
        let mut g = Grid::new(
            format!(
                "difference by turn position (the seat moving 1st, 2nd, … in each game), \
                 points ({DIFF_KEY})"
            ),
            head,
        );
        for &i in shown.iter().skip(1) {
            let Some(d) = &runs[i].differences else {
                continue;
            };
            let mut row = vec![labels[i].clone()];
            row.extend(d.positions.iter().map(|x| compact(x, 100.0)));
            g.rows.push(row);
        }
        g.write(f)
    }
}

/// The share of games per end reason, and in ranked sweeps its change from the baseline.
fn reasons_tables(f: &mut fmt::Formatter<'_>, report: &Report, v: Rows<'_>) -> fmt::Result {
    let Rows {
        runs,
        shown,
        labels,
        ..
    } = v;
    let reasons: BTreeSet<&str> = runs
        .iter()
        .flat_map(|s| s.end_reasons.iter().map(|(r, _)| r.as_str()))
        .collect();
    let mut head = vec!["assignment".to_string()];
    head.extend(reasons.iter().map(|r| r.to_string()));
    let mut g = Grid::new("end reasons (share of games)", head);
    for &i in shown {
        let s = &runs[i];
        let mut row = vec![labels[i].clone()];
        for r in &reasons {
            let n = s
                .end_reasons
                .iter()
                .find(|(x, _)| x == r)
                .map_or(0, |(_, n)| *n);
            row.push(pct(n as f64 / s.games.max(1) as f64));
        }
        g.rows.push(row);
    }
    g.write(f)?;
    if report.design == Design::Each {
        let mut head = vec!["assignment".to_string()];
        head.extend(reasons.iter().map(|r| r.to_string()));
        let mut g = Grid::new(
            format!("change in the share of games per end reason, points ({DIFF_KEY})"),
            head,
        );
        for &i in shown.iter().skip(1) {
            let Some(d) = &runs[i].differences else {
                continue;
            };
            let mut row = vec![labels[i].clone()];
            for r in &reasons {
                match d.end_reasons.iter().find(|(x, _)| x == r) {
                    Some((_, x)) => row.push(compact(x, 100.0)),
                    None => row.push(String::new()),
                }
            }
            g.rows.push(row);
        }
        g.write(f)?;
    }
    Ok(())
}

/// Rule events per game, per assignment.
fn events_table(f: &mut fmt::Formatter<'_>, v: Rows<'_>) -> fmt::Result {
    let Rows {
        runs,
        shown,
        labels,
        ..
    } = v;
    let mut events: Vec<&str> = Vec::new();
    for s in runs {
        for (e, _) in &s.events {
            if !events.contains(&e.as_str()) {
                events.push(e);
            }
        }
    }
    // A rare event's mean rounds to 0.00: the games it occurred in show it.
    type Cell<'a> = &'a dyn Fn(&Summary, &str) -> String;
    let grids: [(&str, Cell<'_>); 2] = [
        ("events per game", &|s, e| {
            format!("{:.2}", s.event(e) as f64 / s.games.max(1) as f64)
        }),
        ("games in which each event occurred", &|s, e| {
            s.event_games(e).map_or("?".to_string(), |n| n.to_string())
        }),
    ];
    for (title, cell) in grids {
        let mut head = vec!["assignment".to_string()];
        head.extend(events.iter().map(|e| e.to_string()));
        let mut g = Grid::new(title, head);
        for &i in shown {
            let mut row = vec![labels[i].clone()];
            row.extend(events.iter().map(|e| cell(&runs[i], e)));
            g.rows.push(row);
        }
        g.write(f)?;
    }
    Ok(())
}

/// The notes on assignments whose option may not have come into play ([`Report::note`]).
fn notes(
    f: &mut fmt::Formatter<'_>,
    report: &Report,
    shown: &[usize],
    labels: &[String],
) -> fmt::Result {
    let all: Vec<(usize, String)> = (1..report.runs.len())
        .filter_map(|i| report.note(i).map(|n| (i, n)))
        .collect();
    if all.is_empty() {
        return Ok(());
    }
    writeln!(f)?;
    writeln!(f, "options that never came into play")?;
    for (i, n) in &all {
        if shown.contains(i) || all.len() <= TOP_ROWS {
            para(f, &format!("{}: {n}", labels[*i]))?;
        }
    }
    let hidden = all.iter().filter(|(i, _)| !shown.contains(i)).count();
    if all.len() > TOP_ROWS && hidden > 0 {
        para(
            f,
            &format!(
                "{} of the {} assignments are identical to the baseline in every game or change \
                 only events that never occurred ({hidden} not listed above); see the `note` \
                 column of `--format csv`",
                all.len(),
                report.runs.len() - 1
            ),
        )?;
    }
    Ok(())
}

/// Writes `text` as lines of at most [`TABLE_WIDTH`] columns, broken between words, the
/// continuation lines indented by two spaces.
fn para(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > TABLE_WIDTH {
            writeln!(f, "{line}")?;
            line = format!("  {word}");
        } else {
            if len > 0 {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    writeln!(f, "{line}")
}

/// The stopping rule of a `--precision` run, as a line of the report.
pub(crate) fn stopping_line(st: &super::report::Stopping) -> String {
    if st.met() {
        format!(
            "stopping rule: batches of {} games until every reported win-share 95% interval \
             (of the differences, in a sweep) is within ±{} points (at most {} games): reached \
             ±{:.2}",
            st.batch, st.points, st.max_games, st.reached
        )
    } else {
        format!(
            "stopping rule: batches of {} games until every reported win-share 95% interval \
             (of the differences, in a sweep) is within ±{} points (at most {} games): NOT \
             reached, the widest is ±{:.2} at the game limit",
            st.batch, st.points, st.max_games, st.reached
        )
    }
}

/// Interactions listed: the largest, by the size of their effect on the first seat.
const TOP_INTERACTIONS: usize = 5;

/// A factorial sweep's main effects, then its largest two-way interactions.
fn effects(f: &mut fmt::Formatter<'_>, report: &Report, seats: &[&str]) -> fmt::Result {
    let all = report.effects();
    if all.is_empty() {
        return Ok(());
    }
    let row = |e: &super::Effect| {
        let mut r = vec![e.label(), compact(&e.first_seat, 100.0)];
        r.extend(e.win_share.iter().map(|x| compact(x, 100.0)));
        r.push(compact(&e.plies, 1.0));
        r
    };
    let mut head = vec!["choice".to_string(), "first seat".to_string()];
    head.extend(seats.iter().map(|s| s.to_string()));
    head.push("plies".into());
    let mut main: Vec<&super::Effect> = all.iter().filter(|e| e.terms.len() == 1).collect();
    main.sort_by(|a, b| b.first_seat.mean.abs().total_cmp(&a.first_seat.mean.abs()));
    let mut g = Grid::new(
        format!(
            "main effects: each choice against its baseline choice, averaged over the other \
             options' choices, largest first-seat effect first ({DIFF_KEY}); points"
        ),
        head.clone(),
    );
    g.rows = main.iter().map(|e| row(e)).collect();
    g.write(f)?;
    let mut two: Vec<&super::Effect> = all.iter().filter(|e| e.terms.len() == 2).collect();
    if two.is_empty() {
        return Ok(());
    }
    two.sort_by(|a, b| b.first_seat.mean.abs().total_cmp(&a.first_seat.mean.abs()));
    head[0] = "interaction".into();
    let mut g = Grid::new(
        format!(
            "the {} largest two-way interactions (of {}) by first-seat effect: the two changes \
             together less the sum of each alone; points",
            two.len().min(TOP_INTERACTIONS),
            two.len()
        ),
        head,
    );
    g.rows = two.iter().take(TOP_INTERACTIONS).map(|e| row(e)).collect();
    g.write(f)
}
