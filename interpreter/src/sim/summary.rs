//! [`Summary`]: what a batch of games shows, and the table it prints as.

use super::game::{Events, GameResult};
use crate::compile::Variant;
use crate::engine::MAX_SEATS;
use std::collections::BTreeMap;
use std::fmt;

/// Win shares are tallied exactly in units of 1/`SHARE_UNIT` of a game: every tie of up to
/// `MAX_SEATS` (7) seats splits a game into whole units (420 = lcm(1..=7)).
const SHARE_UNIT: u64 = 420;

/// One seat's results over a batch.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatSummary {
    /// The seat's name.
    pub name: String,
    /// Share of the games won, 0 to 1: a game won alone counts 1, a first place shared by k
    /// seats 1/k each, a draw or capped game 1/k for each of the k seats.
    pub win_share: f64,
    /// 95% Wilson score interval of the win share: `[low, high]`, in 0..=1.
    pub win_share_ci: [f64; 2],
    /// Mean score at the end of a game.
    pub mean_score: f64,
}

/// What a batch of games shows (see [`simulate`](super::simulate)).
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The variant's name.
    pub variant: String,
    /// The base seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// Per seat, in turn order.
    pub seats: Vec<SeatSummary>,
    /// Mean game length in complete rounds.
    pub mean_rounds: f64,
    /// Median game length in complete rounds (the mean of the middle two for an even count).
    pub median_rounds: f64,
    /// Mean game length in plies (dice rolls included).
    pub mean_plies: f64,
    /// Median game length in plies.
    pub median_plies: f64,
    /// 90th percentile of the length in plies (nearest rank).
    pub p90_plies: f64,
    /// Event totals over all games.
    pub events: Events,
    /// Games per end-reason name, sorted by name; [`CAP_REASON`](super::CAP_REASON) counts the
    /// games stopped by the ply cap.
    pub end_reasons: Vec<(String, u64)>,
}

impl Summary {
    /// Games stopped by the ply cap.
    pub fn capped(&self) -> u64 {
        self.end_reasons
            .iter()
            .find(|(r, _)| r == super::CAP_REASON)
            .map_or(0, |(_, n)| *n)
    }
}

/// Summarises `results` (in the order given) for `variant`.
pub fn summarize<'a>(
    variant: &Variant,
    seed: u64,
    results: impl IntoIterator<Item = &'a GameResult>,
) -> Summary {
    let mut t = Tally::new(variant, seed);
    for r in results {
        t.add(r);
    }
    t.finish()
}

/// Running totals, all exact integers, so the summary does not depend on the order in which
/// games are added; the medians sort their values.
pub(crate) struct Tally {
    variant: String,
    seed: u64,
    names: Vec<String>,
    games: u64,
    wins: Vec<u64>,
    scores: Vec<i64>,
    rounds: Vec<u32>,
    plies: Vec<u32>,
    events: Events,
    reasons: BTreeMap<String, u64>,
}

impl Tally {
    pub(crate) fn new(variant: &Variant, seed: u64) -> Tally {
        let n = variant.seats.len();
        Tally {
            variant: variant.name.clone(),
            seed,
            names: variant.seats.iter().map(|s| s.name.clone()).collect(),
            games: 0,
            wins: vec![0; n],
            scores: vec![0; n],
            rounds: Vec::new(),
            plies: Vec::new(),
            events: Events::default(),
            reasons: BTreeMap::new(),
        }
    }

    pub(crate) fn add(&mut self, r: &GameResult) {
        debug_assert!(r.ranks.len() == self.wins.len() && r.ranks.len() <= MAX_SEATS);
        self.games += 1;
        let first = r.ranks.iter().filter(|&&x| x == 1).count() as u64;
        for (s, &rank) in r.ranks.iter().enumerate() {
            if rank == 1 {
                self.wins[s] += SHARE_UNIT / first;
            }
        }
        for (total, score) in self.scores.iter_mut().zip(&r.scores) {
            *total += score;
        }
        self.rounds.push(r.rounds);
        self.plies.push(r.plies);
        self.events.add(&r.events);
        *self.reasons.entry(r.reason.clone()).or_default() += 1;
    }

    pub(crate) fn finish(mut self) -> Summary {
        let g = self.games.max(1) as f64;
        let seats = self
            .names
            .iter()
            .enumerate()
            .map(|(s, name)| SeatSummary {
                name: name.clone(),
                win_share: self.wins[s] as f64 / (SHARE_UNIT as f64 * g),
                win_share_ci: wilson(self.wins[s] as f64 / SHARE_UNIT as f64, self.games as f64),
                mean_score: self.scores[s] as f64 / g,
            })
            .collect();
        let mean = |v: &[u32]| v.iter().map(|&x| x as u64).sum::<u64>() as f64 / g;
        Summary {
            variant: self.variant,
            seed: self.seed,
            games: self.games,
            seats,
            mean_rounds: mean(&self.rounds),
            median_rounds: median(&mut self.rounds),
            mean_plies: mean(&self.plies),
            median_plies: median(&mut self.plies),
            p90_plies: percentile(&mut self.plies, 90),
            events: self.events,
            end_reasons: self.reasons.into_iter().collect(),
        }
    }
}

/// The 95% Wilson score interval for `wins` successes (ties counted fractionally) out of `n`
/// trials: `[low, high]`; `[0, 1]` when `n` is 0.
pub fn wilson(wins: f64, n: f64) -> [f64; 2] {
    if n <= 0.0 {
        return [0.0, 1.0];
    }
    const Z: f64 = 1.959_963_984_540_054;
    let p = wins / n;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).max(0.0).sqrt();
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// The `q`-th percentile of `v` by nearest rank (sorted in place); 0 when empty.
fn percentile(v: &mut [u32], q: usize) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_unstable();
    let rank = (q * v.len()).div_ceil(100).max(1);
    v[rank - 1] as f64
}

/// The median of `v` (sorted in place); 0 when empty.
fn median(v: &mut [u32]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_unstable();
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m] as f64
    } else {
        (v[m - 1] as f64 + v[m] as f64) / 2.0
    }
}

/// The summary as a table: per seat win share and mean score, game length, events per game,
/// end reasons.
impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.games.max(1) as f64;
        writeln!(
            f,
            "{} — {} games, seed {}",
            self.variant, self.games, self.seed
        )?;
        writeln!(f)?;
        writeln!(f, "{:<10} {:>10} {:>11}", "seat", "win share", "mean score")?;
        for s in &self.seats {
            writeln!(
                f,
                "{:<10} {:>9.1}% {:>11.2}",
                s.name,
                100.0 * s.win_share,
                s.mean_score
            )?;
        }
        writeln!(f)?;
        writeln!(f, "{:<10} {:>10} {:>11}", "length", "mean", "median")?;
        writeln!(
            f,
            "{:<10} {:>10.2} {:>11.1}",
            "rounds", self.mean_rounds, self.median_rounds
        )?;
        writeln!(
            f,
            "{:<10} {:>10.2} {:>11.1}",
            "plies", self.mean_plies, self.median_plies
        )?;
        writeln!(f)?;
        writeln!(f, "{:<22} {:>10}", "per game", "mean")?;
        let e = &self.events;
        let rows: [(&str, u64); 6] = [
            ("moves", e.moves),
            ("captures", e.captures),
            ("rolls", e.rolls),
            ("rolls with no move", e.dead_rolls),
            ("passes", e.passes),
            ("resignations", e.resignations),
        ];
        for (name, total) in rows {
            if total > 0 || name == "moves" || name == "captures" {
                writeln!(f, "{name:<22} {:>10.2}", total as f64 / g)?;
            }
        }
        writeln!(f)?;
        writeln!(f, "{:<22} {:>10} {:>7}", "end reason", "games", "share")?;
        for (reason, n) in &self.end_reasons {
            writeln!(f, "{reason:<22} {n:>10} {:>6.1}%", 100.0 * *n as f64 / g)?;
        }
        Ok(())
    }
}

impl Summary {
    /// The summary as JSON (the README's "Simulation output" schema): `variant`, `seed`,
    /// `options` (every option with its choice), `games`, `seats` (`name`, `win_share`,
    /// `win_share_ci`, `mean_score`), `length` (`mean_rounds`, `median_rounds`, `mean_plies`,
    /// `median_plies`, `p90_plies`), `end_reasons` (name → games), `events` (name → total).
    pub fn to_json(&self, options: &crate::Assignment) -> serde_json::Value {
        let e = &self.events;
        serde_json::json!({
            "variant": self.variant,
            "seed": self.seed,
            "options": options.0.iter().map(|(k, v)| (k.clone(), serde_json::Value::from(v.clone()))).collect::<serde_json::Map<_, _>>(),
            "games": self.games,
            "seats": self.seats.iter().map(|s| serde_json::json!({
                "name": s.name,
                "win_share": s.win_share,
                "win_share_ci": s.win_share_ci,
                "mean_score": s.mean_score,
            })).collect::<Vec<_>>(),
            "length": {
                "mean_rounds": self.mean_rounds,
                "median_rounds": self.median_rounds,
                "mean_plies": self.mean_plies,
                "median_plies": self.median_plies,
                "p90_plies": self.p90_plies,
            },
            "end_reasons": self.end_reasons.iter().map(|(k, v)| (k.clone(), serde_json::Value::from(*v))).collect::<serde_json::Map<_, _>>(),
            "events": {
                "moves": e.moves,
                "captures": e.captures,
                "rolls": e.rolls,
                "rolls_with_no_move": e.dead_rolls,
                "passes": e.passes,
                "resignations": e.resignations,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked values: 50 of 100 → [0.4038, 0.5962]; 0 of 10 → [0, 0.2775]; 10 of 10 →
    /// [0.7225, 1] (Wilson 1927, z = 1.96).
    #[test]
    fn wilson_intervals_match_worked_values() {
        let close =
            |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).abs() < 5e-4 && (a[1] - b[1]).abs() < 5e-4;
        assert!(
            close(wilson(50.0, 100.0), [0.4038, 0.5962]),
            "{:?}",
            wilson(50.0, 100.0)
        );
        assert!(
            close(wilson(0.0, 10.0), [0.0, 0.2775]),
            "{:?}",
            wilson(0.0, 10.0)
        );
        assert!(
            close(wilson(10.0, 10.0), [0.7225, 1.0]),
            "{:?}",
            wilson(10.0, 10.0)
        );
        assert_eq!(wilson(0.0, 0.0), [0.0, 1.0]);
    }

    #[test]
    fn nearest_rank_percentile() {
        let mut v: Vec<u32> = (1..=10).collect();
        assert_eq!(percentile(&mut v, 90), 9.0);
        assert_eq!(percentile(&mut v, 100), 10.0);
        let mut one = vec![7];
        assert_eq!(percentile(&mut one, 90), 7.0);
        assert_eq!(percentile(&mut [], 90), 0.0);
    }
}
