//! The report as CSV: one row per option assignment (see [`Report::to_csv`]).

use super::report::Report;
use super::summary::Difference;

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
    /// `plies_diff_lo`, `plies_diff_hi` (empty for the baseline). Shares are fractions
    /// (0–1) with six decimals.
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
        let mut head: Vec<String> = ["variant", "seed", "agents", "max_plies", "games"]
            .map(String::from)
            .to_vec();
        head.extend(base.options.0.iter().map(|(n, _)| format!("option.{n}")));
        for s in &seats {
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
        head.extend(reasons.iter().map(|r| format!("end.{r}")));
        head.extend(events.iter().map(|e| format!("event.{e}")));
        for s in &seats {
            for c in ["win_diff", "win_diff_lo", "win_diff_hi"] {
                head.push(format!("{s}.{c}"));
            }
        }
        head.extend(["plies_diff", "plies_diff_lo", "plies_diff_hi"].map(String::from));

        let mut w = csv::Writer::from_writer(Vec::new());
        let _ = w.write_record(&head);
        let f = |x: f64| format!("{x:.6}");
        for s in &self.runs {
            let mut row: Vec<String> = vec![
                self.variant.clone(),
                self.seed.to_string(),
                self.agents.join("+"),
                self.max_plies.to_string(),
                s.games.to_string(),
            ];
            for (n, _) in &base.options.0 {
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
            for r in &reasons {
                let n = s
                    .end_reasons
                    .iter()
                    .find(|(x, _)| x == r)
                    .map_or(0, |(_, n)| *n);
                row.push(n.to_string());
            }
            for e in &events {
                row.push(s.event(e).to_string());
            }
            let diff = |d: &Difference| [f(d.mean), f(d.ci[0]), f(d.ci[1])];
            match &s.differences {
                Some(d) => {
                    for x in &d.win_share {
                        row.extend(diff(x));
                    }
                    row.extend(diff(&d.plies));
                }
                None => row.extend(std::iter::repeat_n(String::new(), 3 * seats.len() + 3)),
            }
            let _ = w.write_record(&row);
        }
        w.into_inner()
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    }
}
