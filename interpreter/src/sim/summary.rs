//! [`Summary`]: the figures of one option assignment's batch of games, computed from its
//! [`Tally`].

use super::tally::{SHARE_UNIT, Tally};
use crate::spec::Assignment;
use std::collections::BTreeMap;

/// 97.5th percentile of the standard normal distribution (two-sided 95% intervals).
pub(crate) const Z95: f64 = 1.959_963_984_540_054;

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

/// A difference from the sweep's baseline over the same seeds, with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    /// Mean per-game difference (this assignment minus the baseline).
    pub mean: f64,
    /// 95% interval of the mean difference (paired, normal approximation): `[low, high]`.
    pub ci: [f64; 2],
}

impl Difference {
    /// True if the interval excludes zero.
    pub fn significant(&self) -> bool {
        self.ci[0] > 0.0 || self.ci[1] < 0.0
    }

    /// Half the interval's width (its distance from the mean), in the difference's units.
    pub fn half_width(&self) -> f64 {
        (self.ci[1] - self.ci[0]) / 2.0
    }

    /// From n paired differences' sum and sum of squares (in units of `unit`).
    pub(crate) fn paired(n: u64, sum: f64, sq: f64, unit: f64) -> Difference {
        if n == 0 {
            return Difference {
                mean: 0.0,
                ci: [0.0, 0.0],
            };
        }
        let nf = n as f64;
        let mean = sum / nf;
        let var = if n > 1 {
            ((sq - nf * mean * mean) / (nf - 1.0)).max(0.0)
        } else {
            0.0
        };
        let half = Z95 * (var / nf).sqrt();
        Difference {
            mean: mean / unit,
            ci: [(mean - half) / unit, (mean + half) / unit],
        }
    }
}

/// An assignment's differences from the sweep's baseline (same seeds, paired).
#[derive(Clone, Debug, PartialEq)]
pub struct Differences {
    /// Per seat, the win share difference.
    pub win_share: Vec<Difference>,
    /// The win share difference of the seat that moved first (in each game of the pair).
    pub first_seat: Difference,
    /// Per turn position (0: the first seat, 1: the seat after it, …), the win share
    /// difference of the seat in that position; entry 0 is `first_seat`.
    pub positions: Vec<Difference>,
    /// The difference in game length, in plies.
    pub plies: Difference,
    /// The difference in game length, in complete rounds.
    pub rounds: Difference,
    /// Per end reason (sorted by name), the difference in the share of games ending so.
    pub end_reasons: Vec<(String, Difference)>,
    /// Games identical to the baseline's game with the same seed (ranks, scores, length, end
    /// reason and event counts).
    pub same_games: u64,
}

/// The figures of a batch of games of one option assignment (see
/// [`simulate`](super::simulate)).
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The variant's name.
    pub variant: String,
    /// The base seed.
    pub seed: u64,
    /// Every option with its choice.
    pub options: Assignment,
    /// Games played.
    pub games: u64,
    /// Per seat, in turn order.
    pub seats: Vec<SeatSummary>,
    /// Share of the games won by the seat that moved first (1/seats would be fair), with its
    /// 95% Wilson interval.
    pub first_seat_share: f64,
    /// 95% Wilson interval of `first_seat_share`.
    pub first_seat_ci: [f64; 2],
    /// Per turn position (0: the first seat), the share of the games won by the seat in that
    /// position, and its 95% Wilson interval.
    pub positions: Vec<(f64, [f64; 2])>,
    /// True if more than one seat moved first (the first seat rotates from game to game), so
    /// that turn positions and seats differ.
    pub first_seat_rotates: bool,
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
    /// Event totals over all games, by name ([`Events::named`](super::Events::named)).
    pub events: Vec<(String, u64)>,
    /// Games per end-reason name, sorted by name; [`CAP_REASON`](super::CAP_REASON) counts the
    /// games stopped by the ply cap.
    pub end_reasons: Vec<(String, u64)>,
    /// Differences from the sweep's baseline, for the other assignments of a sweep.
    pub differences: Option<Differences>,
    /// The exact totals the figures come from.
    pub tally: Tally,
}

impl Summary {
    /// The figures of `tally`, for `variant` played with `options` from base seed `seed`.
    pub fn new(variant: &str, seed: u64, options: Assignment, tally: Tally) -> Summary {
        let t = &tally;
        let g = t.games.max(1) as f64;
        let units = SHARE_UNIT as f64;
        let seats = t
            .seats
            .iter()
            .enumerate()
            .map(|(s, name)| SeatSummary {
                name: name.clone(),
                win_share: t.wins[s] as f64 / (units * g),
                win_share_ci: wilson(t.wins[s] as f64 / units, t.games as f64),
                mean_score: t.score_sums[s] as f64 / g,
            })
            .collect();
        let differences = t.paired.as_ref().map(|p| {
            let win = |sum: &[i64], sq: &[u64], s: usize| {
                let (a, b) = (sum.get(s).copied(), sq.get(s).copied());
                Difference::paired(t.games, a.unwrap_or(0) as f64, b.unwrap_or(0) as f64, units)
            };
            let positions: Vec<Difference> = (0..t.seats.len())
                .map(|s| win(&p.position_sum, &p.position_sq, s))
                .collect();
            Differences {
                win_share: (0..t.seats.len())
                    .map(|s| win(&p.win_sum, &p.win_sq, s))
                    .collect(),
                first_seat: positions.first().copied().unwrap_or(Difference {
                    mean: 0.0,
                    ci: [0.0, 0.0],
                }),
                positions,
                plies: Difference::paired(t.games, p.plies_sum as f64, p.plies_sq as f64, 1.0),
                rounds: Difference::paired(t.games, p.rounds_sum as f64, p.rounds_sq as f64, 1.0),
                end_reasons: t
                    .end_reasons
                    .keys()
                    .map(|r| {
                        let sum = p.reason_sum.get(r).copied().unwrap_or(0);
                        let sq = p.reason_sq.get(r).copied().unwrap_or(0);
                        (
                            r.clone(),
                            Difference::paired(t.games, sum as f64, sq as f64, 1.0),
                        )
                    })
                    .collect(),
                same_games: p.same_games,
            }
        });
        let positions = t
            .position_wins
            .iter()
            .map(|&w| {
                (
                    w as f64 / (units * g),
                    wilson(w as f64 / units, t.games as f64),
                )
            })
            .collect();
        Summary {
            variant: variant.to_string(),
            seed,
            options,
            games: t.games,
            seats,
            first_seat_share: t.first_seat_wins as f64 / (units * g),
            first_seat_ci: wilson(t.first_seat_wins as f64 / units, t.games as f64),
            positions,
            first_seat_rotates: t.first_seat_games.iter().filter(|&&g| g > 0).count() > 1,
            mean_rounds: mean(&t.rounds),
            median_rounds: median(&t.rounds),
            mean_plies: mean(&t.plies),
            median_plies: median(&t.plies),
            p90_plies: percentile(&t.plies, 90),
            events: ordered_events(&t.events),
            end_reasons: t.end_reasons.iter().map(|(k, v)| (k.clone(), *v)).collect(),
            differences,
            tally,
        }
    }

    /// Games stopped by the ply cap.
    pub fn capped(&self) -> u64 {
        self.end_reasons
            .iter()
            .find(|(r, _)| r == super::CAP_REASON)
            .map_or(0, |(_, n)| *n)
    }

    /// Per agent of the `--agents` list under `--rotate` (empty otherwise): its share of the
    /// games won (a shared first place split as for seats), its 95% Wilson interval, and its
    /// fair share (the seats it played over all the seats of all the games).
    pub fn agent_shares(&self) -> Vec<(f64, [f64; 2], f64)> {
        let t = &self.tally;
        let g = t.games.max(1) as f64;
        let units = SHARE_UNIT as f64;
        let seats = (t.seats.len().max(1) as f64) * g;
        (t.agent_wins.iter().zip(&t.agent_seats))
            .map(|(&w, &played)| {
                (
                    w as f64 / (units * g),
                    wilson(w as f64 / units, t.games as f64),
                    played as f64 / seats,
                )
            })
            .collect()
    }

    /// The games in which the event called `name` occurred (0 if it is not counted; `None`
    /// for a report from before these counts).
    pub fn event_games(&self, name: &str) -> Option<u64> {
        if self.tally.games > 0 && self.tally.event_games.is_empty() {
            return None;
        }
        Some(self.tally.event_games.get(name).copied().unwrap_or(0))
    }

    /// The total of the event called `name` (0 if it is not counted).
    pub fn event(&self, name: &str) -> u64 {
        self.events
            .iter()
            .find(|(e, _)| e == name)
            .map_or(0, |(_, n)| *n)
    }
}

/// Events in report order: the engine's own events in [`EVENT_ORDER`], then those named by
/// the rule file (formations, the capture-all rule) alphabetically.
fn ordered_events(events: &BTreeMap<String, u64>) -> Vec<(String, u64)> {
    let rank = |name: &str| {
        EVENT_ORDER
            .iter()
            .position(|e| *e == name)
            .unwrap_or(EVENT_ORDER.len())
    };
    let mut v: Vec<(String, u64)> = events.iter().map(|(k, n)| (k.clone(), *n)).collect();
    v.sort_by_key(|(k, _)| rank(k));
    v
}

/// The order of the engine's own events in reports (as [`Events::each_named`] gives them):
/// the rule modules' fixed events under the names the modules give them (`Module::EVENTS`).
///
/// [`Events::each_named`]: super::events::Events::each_named
const EVENT_ORDER: [&str; 12] = {
    use crate::rules::Module;
    let dice = <crate::rules::dice::DiceRules as Module>::EVENTS;
    [
        "moves",
        "captures",
        dice[0],
        dice[1],
        dice[2],
        <crate::rules::resign::Resign as Module>::EVENTS[0],
        "promotions",
        <crate::rules::flip::Flips as Module>::EVENTS[0],
        <crate::rules::hands::Hands as Module>::EVENTS[0],
        <crate::rules::mate::Mate as Module>::EVENTS[0],
        <crate::rules::check_interrupt::CheckInterrupt as Module>::EVENTS[0],
        <crate::rules::throne::Thrones as Module>::EVENTS[0],
    ]
};

/// The 95% Wilson score interval for `wins` successes (ties counted fractionally) out of `n`
/// trials: `[low, high]`; `[0, 1]` when `n` is 0.
pub fn wilson(wins: f64, n: f64) -> [f64; 2] {
    if n <= 0.0 {
        return [0.0, 1.0];
    }
    let p = wins / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).max(0.0).sqrt();
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// The mean of a histogram (value → count); 0 when empty.
fn mean(h: &BTreeMap<u32, u64>) -> f64 {
    let n: u64 = h.values().sum();
    if n == 0 {
        return 0.0;
    }
    h.iter().map(|(&v, &c)| v as u64 * c).sum::<u64>() as f64 / n as f64
}

/// The value of 1-based rank `r` in the sorted histogram.
fn nth(h: &BTreeMap<u32, u64>, r: u64) -> u32 {
    let mut seen = 0;
    for (&v, &c) in h {
        seen += c;
        if seen >= r {
            return v;
        }
    }
    0
}

/// The `q`-th percentile by nearest rank; 0 when empty.
fn percentile(h: &BTreeMap<u32, u64>, q: u64) -> f64 {
    let n: u64 = h.values().sum();
    if n == 0 {
        return 0.0;
    }
    nth(h, (q * n).div_ceil(100).max(1)) as f64
}

/// The median (the mean of the middle two for an even count); 0 when empty.
fn median(h: &BTreeMap<u32, u64>) -> f64 {
    let n: u64 = h.values().sum();
    if n == 0 {
        return 0.0;
    }
    if n % 2 == 1 {
        nth(h, n / 2 + 1) as f64
    } else {
        (nth(h, n / 2) as f64 + nth(h, n / 2 + 1) as f64) / 2.0
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
        assert!(close(wilson(50.0, 100.0), [0.4038, 0.5962]));
        assert!(close(wilson(0.0, 10.0), [0.0, 0.2775]));
        assert!(close(wilson(10.0, 10.0), [0.7225, 1.0]));
        assert_eq!(wilson(0.0, 0.0), [0.0, 1.0]);
    }

    fn hist(v: &[u32]) -> BTreeMap<u32, u64> {
        let mut h = BTreeMap::new();
        for &x in v {
            *h.entry(x).or_default() += 1;
        }
        h
    }

    #[test]
    fn nearest_rank_percentile_and_median_of_histograms() {
        let h = hist(&(1..=10).collect::<Vec<_>>());
        assert_eq!(percentile(&h, 90), 9.0);
        assert_eq!(percentile(&h, 100), 10.0);
        assert_eq!(median(&h), 5.5);
        assert_eq!(mean(&h), 5.5);
        let h = hist(&[7, 3, 7]);
        assert_eq!((median(&h), percentile(&h, 90)), (7.0, 7.0));
        assert_eq!(percentile(&hist(&[7]), 90), 7.0);
        assert_eq!((percentile(&hist(&[]), 90), median(&hist(&[]))), (0.0, 0.0));
    }

    /// Differences 1, 2, 3 (sum 6, squares 14): mean 2, sample variance 1, half-width
    /// 1.96 · √(1/3) = 1.1316.
    #[test]
    fn paired_difference_interval_matches_a_worked_example() {
        let d = Difference::paired(3, 6.0, 14.0, 1.0);
        assert!((d.mean - 2.0).abs() < 1e-12);
        assert!((d.ci[0] - 0.8684).abs() < 1e-4 && (d.ci[1] - 3.1316).abs() < 1e-4);
        assert!(d.significant());
        let z = Difference::paired(4, 0.0, 4.0, 1.0);
        assert!(!z.significant());
    }
}
