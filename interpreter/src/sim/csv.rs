//! The report as CSV: one row per option assignment (see [`Report::to_csv`]).

use super::report::Report;
use super::summary::{Difference, Differences, Summary};

impl Report {
    /// The report as CSV, one header row and one row per option assignment. Columns:
    /// `variant`, `seed`, `agents` (joined by `+`), `max_plies`, `games`; `option.NAME` per
    /// option; per seat `SEAT.win_share`, `SEAT.win_lo`, `SEAT.win_hi`, `SEAT.mean_score`;
    /// `first_seat.win_share`, `first_seat.win_lo`, `first_seat.win_hi`; `mean_rounds`,
    /// `median_rounds`, `mean_plies`, `median_plies`, `p90_plies`; `end.REASON` (games) for
    /// every end reason the variant can give (its tallies list them all, 0 if none occurred;
    /// sorted by name, `ply-cap` included); `event.NAME` (total) for every event the variant
    /// counts, in report order; and the differences from
    /// the baseline, `SEAT.win_diff`, `SEAT.win_diff_lo`, `SEAT.win_diff_hi`, `plies_diff`,
    /// `plies_diff_lo`, `plies_diff_hi`, then `first_seat.win_diff`, `first_seat.win_diff_lo`,
    /// `first_seat.win_diff_hi`, the same for the seat in each later turn position
    /// (`turn2.win_diff`, … `turnN.win_diff_hi`), `rounds_diff`, `rounds_diff_lo`,
    /// `rounds_diff_hi`, and per end reason `end_diff.REASON`, `end_diff_lo.REASON`,
    /// `end_diff_hi.REASON` (the change in the share of games ending so), all empty for the
    /// baseline; last `label` (the swept choices, or the changed one in `--sweep each`),
    /// `identical_to_baseline` (`true`/`false`, empty for the baseline) and `note` (why the
    /// option may not have come into play, or empty). Shares are fractions (0–1) with six
    /// decimals.
    pub fn to_csv(&self) -> String {
        let Some(base) = self.runs.first() else {
            return String::new();
        };
        let seats: Vec<&str> = base.seats.iter().map(|s| s.name.as_str()).collect();
        let mut reasons: Vec<&str> = Vec::new();
        let mut events: Vec<&str> = Vec::new();
        for s in &self.runs {
            for (r, _) in &s.end_reasons {
                if !reasons.contains(&r.as_str()) {
                    reasons.push(r);
                }
            }
            for (e, _) in &s.events {
                if !events.contains(&e.as_str()) {
                    events.push(e);
                }
            }
        }
        reasons.sort_unstable();
        let columns = Columns {
            options: base.options.0.iter().map(|(n, _)| n.as_str()).collect(),
            seats,
            reasons,
            events,
        };
        let mut w = csv::Writer::from_writer(Vec::new());
        let _ = w.write_record(columns.head());
        for (i, s) in self.runs.iter().enumerate() {
            let mut row = columns.figures(self, s);
            row.extend(columns.differences(s.differences.as_ref()));
            row.push(self.label(i));
            row.push(match s.differences {
                Some(_) => self.identical_to_baseline(i).to_string(),
                None => String::new(),
            });
            row.push(self.note(i).unwrap_or_default());
            let _ = w.write_record(&row);
        }
        w.into_inner()
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    }
}

/// The variable columns of the CSV: the baseline's options and seats, and the end reasons and
/// events of every run.
struct Columns<'a> {
    options: Vec<&'a str>,
    seats: Vec<&'a str>,
    reasons: Vec<&'a str>,
    events: Vec<&'a str>,
}

/// A share or mean as the CSV writes it: six decimals.
fn f(x: f64) -> String {
    format!("{x:.6}")
}

impl Columns<'_> {
    /// The header row (see [`Report::to_csv`]).
    fn head(&self) -> Vec<String> {
        let mut head: Vec<String> = ["variant", "seed", "agents", "max_plies", "games"]
            .map(String::from)
            .to_vec();
        head.extend(self.options.iter().map(|n| format!("option.{n}")));
        for s in &self.seats {
            for c in ["win_share", "win_lo", "win_hi", "mean_score"] {
                head.push(format!("{s}.{c}"));
            }
        }
        head.extend(
            [
                "first_seat.win_share",
                "first_seat.win_lo",
                "first_seat.win_hi",
                "mean_rounds",
                "median_rounds",
                "mean_plies",
                "median_plies",
                "p90_plies",
            ]
            .map(String::from),
        );
        head.extend(self.reasons.iter().map(|r| format!("end.{r}")));
        head.extend(self.events.iter().map(|e| format!("event.{e}")));
        head.extend(self.events.iter().map(|e| format!("event_games.{e}")));
        for s in &self.seats {
            for c in ["win_diff", "win_diff_lo", "win_diff_hi"] {
                head.push(format!("{s}.{c}"));
            }
        }
        head.extend(["plies_diff", "plies_diff_lo", "plies_diff_hi"].map(String::from));
        let triple = |head: &mut Vec<String>, name: &str, what: &str| {
            for c in ["", "_lo", "_hi"] {
                head.push(format!("{name}.{what}{c}"));
            }
        };
        triple(&mut head, "first_seat", "win_diff");
        for p in 2..=self.seats.len() {
            triple(&mut head, &format!("turn{p}"), "win_diff");
        }
        head.extend(["rounds_diff", "rounds_diff_lo", "rounds_diff_hi"].map(String::from));
        for r in &self.reasons {
            for c in ["end_diff", "end_diff_lo", "end_diff_hi"] {
                head.push(format!("{c}.{r}"));
            }
        }
        head.extend(["label", "identical_to_baseline", "note"].map(String::from));
        head
    }

    /// The cells of run `s` of `report` up to its events: the run, its options, the seats'
    /// shares and scores, the first seat, the lengths, the end reasons and the events.
    fn figures(&self, report: &Report, s: &Summary) -> Vec<String> {
        let mut row: Vec<String> = vec![
            report.variant.clone(),
            report.seed.to_string(),
            report.agents.join("+"),
            report.max_plies.to_string(),
            s.games.to_string(),
        ];
        for n in &self.options {
            row.push(s.options.get(n).unwrap_or_default().to_string());
        }
        for x in &s.seats {
            row.extend([
                f(x.win_share),
                f(x.win_share_ci[0]),
                f(x.win_share_ci[1]),
                f(x.mean_score),
            ]);
        }
        row.extend([
            f(s.first_seat_share),
            f(s.first_seat_ci[0]),
            f(s.first_seat_ci[1]),
            f(s.mean_rounds),
            f(s.median_rounds),
            f(s.mean_plies),
            f(s.median_plies),
            f(s.p90_plies),
        ]);
        for r in &self.reasons {
            let n = s
                .end_reasons
                .iter()
                .find(|(x, _)| x == r)
                .map_or(0, |(_, n)| *n);
            row.push(n.to_string());
        }
        for e in &self.events {
            row.push(s.event(e).to_string());
        }
        for e in &self.events {
            row.push(s.event_games(e).map_or(String::new(), |n| n.to_string()));
        }
        row
    }

    /// The difference cells of a run (each mean, low and high end), all empty for the
    /// baseline (`None`).
    fn differences(&self, d: Option<&Differences>) -> Vec<String> {
        let Some(d) = d else {
            let n = 3 * (2 * self.seats.len() + 2 + self.reasons.len());
            return vec![String::new(); n];
        };
        let diff = |d: &Difference| [f(d.mean), f(d.ci[0]), f(d.ci[1])];
        let mut row = Vec::new();
        for x in &d.win_share {
            row.extend(diff(x));
        }
        row.extend(diff(&d.plies));
        for x in &d.positions {
            row.extend(diff(x));
        }
        row.extend(diff(&d.rounds));
        for r in &self.reasons {
            match d.end_reasons.iter().find(|(x, _)| x == r) {
                Some((_, x)) => row.extend(diff(x)),
                None => row.extend(std::iter::repeat_n(String::new(), 3)),
            }
        }
        row
    }
}

/// The per-game table (`simulate --per-game FILE.csv`): one row per game played, for
/// statistics of one's own. Rows are made on the worker threads ([`PerGame::row`]) and
/// written sorted by assignment and game ([`PerGame::to_csv`]).
///
/// Columns: `assignment` (the index of the option assignment, 0 the baseline), `game` (the
/// game's index: with the base seed it determines the game), `seed` (the base seed), `label`
/// (the assignment's swept choices; its every option is in the report's row of the same
/// index, so that a column never mixes numbers and names), `first_seat` (the seat that
/// moved first), per seat `SEAT.rank` (1 = first, equal ranks shared) and `SEAT.score`,
/// `winners` (the seats ranked first, joined by `+`), `plies`, `rounds`, `end_reason` and
/// `event.NAME` per rule event any assignment counts (empty where this assignment's variant
/// does not count it).
#[derive(Clone, Debug, Default)]
pub struct PerGame {
    seats: Vec<String>,
    events: Vec<String>,
    rows: Vec<(usize, u64, Vec<String>)>,
}

impl PerGame {
    /// An empty table for the assignments `variants` (their seats, options and events).
    pub fn new(variants: &[std::sync::Arc<crate::compile::Variant>]) -> PerGame {
        let mut events: Vec<String> = Vec::new();
        for v in variants {
            for (e, _) in super::Events::default().named(v) {
                if !events.contains(&e) {
                    events.push(e);
                }
            }
        }
        PerGame {
            seats: variants
                .first()
                .map(|v| v.seats.iter().map(|s| s.name.clone()).collect())
                .unwrap_or_default(),
            events,
            rows: Vec::new(),
        }
    }

    /// Adds game `r` of assignment `run` (played with `variant` from base seed `seed`).
    pub fn add(
        &mut self,
        run: usize,
        seed: u64,
        variant: &crate::compile::Variant,
        r: &super::GameResult,
    ) {
        let seat = |s: crate::vocab::Seat| {
            self.seats
                .get(s.index())
                .cloned()
                .unwrap_or_else(|| s.index().to_string())
        };
        let mut row = vec![
            run.to_string(),
            r.game_index.to_string(),
            seed.to_string(),
            String::new(), // the label, filled in when written
        ];
        row.push(seat(r.first_seat));
        for s in 0..self.seats.len() {
            row.push(r.ranks.get(s).map_or(String::new(), |x| x.to_string()));
            row.push(r.scores.get(s).map_or(String::new(), |x| x.to_string()));
        }
        row.push(r.winners().map(seat).collect::<Vec<_>>().join("+"));
        row.push(r.plies.to_string());
        row.push(r.rounds.to_string());
        row.push(r.reason.clone());
        let named = r.events.named(variant);
        for e in &self.events {
            row.push(
                named
                    .iter()
                    .find(|(n, _)| n == e)
                    .map_or(String::new(), |(_, n)| n.to_string()),
            );
        }
        self.rows.push((run, r.game_index, row));
    }

    /// Adds another part's rows (another thread's or batch's).
    pub fn append(&mut self, other: PerGame) {
        self.rows.extend(other.rows);
    }

    /// Games in the table.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// True if no game was added.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The CSV text: the header, then the rows sorted by assignment and game, each labelled
    /// with `report`'s label of its assignment.
    pub fn to_csv(&mut self, report: &Report) -> String {
        let mut head: Vec<String> = ["assignment", "game", "seed", "label"]
            .map(String::from)
            .to_vec();
        head.push("first_seat".into());
        for s in &self.seats {
            head.push(format!("{s}.rank"));
            head.push(format!("{s}.score"));
        }
        head.extend(["winners", "plies", "rounds", "end_reason"].map(String::from));
        head.extend(self.events.iter().map(|e| format!("event.{e}")));
        self.rows.sort_by_key(|(run, game, _)| (*run, *game));
        let mut w = csv::Writer::from_writer(Vec::new());
        let _ = w.write_record(&head);
        for (run, _, row) in &mut self.rows {
            if *run < report.runs.len() {
                row[3] = report.label(*run);
            }
            let _ = w.write_record(&*row);
        }
        w.into_inner()
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    }
}
