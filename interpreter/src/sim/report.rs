//! [`Report`]: a simulation's figures for every option assignment, as JSON (which also carries
//! the exact tallies, so that the reports of shards merge into the report of one run).

use super::effects::{Effect, EffectTally, contrasts};
use super::summary::{Difference, Summary};
use super::sweep::Design;
use super::tally::Tally;
use crate::spec::Assignment;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::fmt;

/// A part of a run split across processes or machines: the games whose index ≡ `index`
/// (mod `count`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K, from 0.
    pub index: u64,
    /// N, at least 1.
    pub count: u64,
}

impl Shard {
    /// Parses `K/N` with 0 ≤ K < N.
    ///
    /// # Errors
    /// A one-line message for anything else.
    pub fn parse(s: &str) -> Result<Shard, String> {
        let bad = || format!("`{s}` is not a shard K/N with 0 ≤ K < N, e.g. `0/4`");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = k.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// How many of games `0..total` are in this shard.
    pub fn games(&self, total: u64) -> u64 {
        if total > self.index {
            (total - self.index).div_ceil(self.count)
        } else {
            0
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The figures of a simulation: its settings and one [`Summary`] per option assignment (the
/// first is the baseline of a sweep).
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The variant's name.
    pub variant: String,
    /// The digest of the rule-file texts the variant was compiled from
    /// ([`RuleFile::digest`](crate::spec::RuleFile::digest), 16 hex digits): two rule files
    /// with the same `name:` but different rules have different digests. `None` when read
    /// from a report written before reports carried it.
    pub rules_hash: Option<String>,
    /// The base seed.
    pub seed: u64,
    /// Agent names, one for all seats or one per seat.
    pub agents: Vec<String>,
    /// The ply cap.
    pub max_plies: u32,
    /// Who played which seat and from where, when not every game starts from the setup with
    /// agent `s mod n` at seat `s` (`simulate --rotate`, `--openings`): one line for people,
    /// e.g. `agents rotated across the seats game by game; 12 openings from book.epd`.
    pub schedule: Option<String>,
    /// Games per assignment in the whole run (all shards together).
    pub games: u64,
    /// The shard this report covers; `None` for a whole run.
    pub shard: Option<Shard>,
    /// The swept options (empty without a sweep).
    pub swept: Vec<String>,
    /// How the sweep's assignments are laid out (every combination, or one option at a time).
    pub design: Design,
    /// One summary per option assignment.
    pub runs: Vec<Summary>,
    /// How the number of games was chosen, when `--precision` chose it.
    pub stopping: Option<Stopping>,
    /// A factorial sweep of two or more options: the exact tallies of its main effects and
    /// two-way interactions ([`contrasts`]); empty otherwise.
    pub effects: Vec<EffectTally>,
}

/// The stopping rule of a run played to a precision (`simulate --precision P`): games are
/// played in batches of `batch` (games 0..batch, then batch..2·batch, …) until every
/// reported paired difference's 95% interval is at most ±`points` percentage points wide, or
/// `max_games` have been played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stopping {
    /// The precision asked for: the largest half-width of a win-share interval, in
    /// percentage points.
    pub points: f64,
    /// Games per batch.
    pub batch: u64,
    /// The most games per assignment (`--games`).
    pub max_games: u64,
    /// The widest half-width reached (percentage points) when play stopped.
    pub reached: f64,
}

impl Stopping {
    /// True if the precision was reached (rather than the game limit).
    pub fn met(&self) -> bool {
        self.reached <= self.points
    }
}

#[derive(Deserialize)]
struct RawReport {
    variant: String,
    #[serde(default)]
    rules_hash: Option<String>,
    seed: u64,
    agents: Vec<String>,
    max_plies: u32,
    #[serde(default)]
    schedule: Option<String>,
    games: u64,
    shard: Option<String>,
    swept: Vec<String>,
    #[serde(default)]
    design: Option<String>,
    runs: Vec<RawRun>,
    #[serde(default)]
    stopping: Option<RawStopping>,
    #[serde(default)]
    effects: Vec<RawEffect>,
}

#[derive(Deserialize)]
struct RawEffect {
    tally: EffectTally,
}

#[derive(Deserialize)]
struct RawStopping {
    points: f64,
    batch: u64,
    max_games: u64,
    reached: f64,
}

#[derive(Deserialize)]
struct RawRun {
    options: Map<String, Value>,
    tally: Tally,
}

impl Report {
    /// The label of run `i`: its swept options' choices (`promotion=anytime dice=long`), or
    /// every option's choice outside a sweep.
    ///
    /// # Panics
    /// If there is no run `i`.
    pub fn label(&self, i: usize) -> String {
        let s = &self.runs[i];
        if self.swept.is_empty() {
            return s.options.to_string();
        }
        if self.design == Design::Each {
            return self.changed(i);
        }
        self.swept
            .iter()
            .map(|o| format!("{o}={}", s.options.get(o).unwrap_or("?")))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The main effects and two-way interactions of a factorial sweep, in the order of
    /// [`contrasts`]: main effects first.
    pub fn effects(&self) -> Vec<Effect> {
        let options: Vec<&Assignment> = self.runs.iter().map(|s| &s.options).collect();
        contrasts(&self.swept, &options)
            .iter()
            .zip(&self.effects)
            .map(|(c, t)| t.effect(c.divisor))
            .collect()
    }

    /// Run `i`'s choices that differ from the baseline's (`promotion=anytime`), or
    /// `baseline` for the baseline itself.
    ///
    /// # Panics
    /// If there is no run `i`.
    pub fn changed(&self, i: usize) -> String {
        let (s, base) = (&self.runs[i], &self.runs[0]);
        let diff: Vec<String> = s
            .options
            .0
            .iter()
            .filter(|(n, c)| base.options.get(n) != Some(c.as_str()))
            .map(|(n, c)| format!("{n}={c}"))
            .collect();
        if diff.is_empty() {
            "baseline".into()
        } else {
            diff.join(" ")
        }
    }

    /// True if run `i` (not the baseline) was identical to the baseline in every game: the
    /// same ranks, scores, length, end reason and event counts under every seed.
    pub fn identical_to_baseline(&self, i: usize) -> bool {
        self.runs
            .get(i)
            .and_then(|s| s.differences.as_ref().map(|d| (s, d)))
            .is_some_and(|(s, d)| s.games > 0 && d.same_games == s.games)
    }

    /// Why run `i`'s option may not have come into play, or `None`: identical to the
    /// baseline in every game, or changing only events (its choice adds or removes them) that
    /// never occurred in any game of either. Names the events that never occurred and, for
    /// passes and resignations with agents that never choose them, says so.
    pub fn note(&self, i: usize) -> Option<String> {
        let (s, base) = (self.runs.get(i)?, self.runs.first()?);
        s.differences.as_ref()?;
        let never: Vec<&str> = base
            .events
            .iter()
            .filter(|(e, n)| *n == 0 && s.event(e) == 0)
            .map(|(e, _)| e.as_str())
            .collect();
        let listed = |x: &Summary, e: &str| x.events.iter().any(|(n, _)| n == e);
        let governed: Vec<&str> = base
            .events
            .iter()
            .map(|(e, _)| e.as_str())
            .filter(|e| !listed(s, e))
            .chain(
                s.events
                    .iter()
                    .map(|(e, _)| e.as_str())
                    .filter(|e| !listed(base, e)),
            )
            .collect();
        let idle = !governed.is_empty()
            && governed
                .iter()
                .all(|e| base.event(e) == 0 && s.event(e) == 0);
        let identical = self.identical_to_baseline(i);
        if !identical && !idle {
            return None;
        }
        let mut note = if identical {
            format!("identical to the baseline in all {} games", s.games)
        } else {
            format!("it governs {}, which never occurred", governed.join(", "))
        };
        if identical && !never.is_empty() {
            note.push_str(&format!("; never occurred: {}", never.join(", ")));
        }
        let unforced = ["random", "greedy"];
        let choosy: Vec<&str> = ["passes", "resignations"]
            .into_iter()
            .filter(|e| never.contains(e))
            .collect();
        if identical
            && !choosy.is_empty()
            && self.agents.iter().all(|a| unforced.contains(&a.as_str()))
        {
            let what = choosy
                .iter()
                .map(|e| if *e == "passes" { "pass" } else { "resign" })
                .collect::<Vec<_>>()
                .join(" or ");
            note.push_str(&format!(
                " (these agents never {what} by choice: only when nothing else is legal)"
            ));
        }
        Some(note)
    }

    /// The JSON form (the README's "Simulation output"): the settings (with `rules_hash`, null
    /// if unknown), and per assignment
    /// `variant`, `options`, `games`, `seats`, `first_seat`, `length`, `end_reasons`,
    /// `events`, `difference` (from the baseline, or null) and the exact `tally`.
    pub fn to_json(&self) -> Value {
        let cmp = super::Comparisons::of(&self.runs);
        json!({
            "variant": self.variant,
            "rules_hash": self.rules_hash,
            "seed": self.seed,
            "agents": self.agents,
            "max_plies": self.max_plies,
            "schedule": self.schedule,
            "games": self.games,
            "shard": self.shard.map(|s| s.to_string()),
            "swept": self.swept,
            "design": self.design.name(),
            "stopping": self.stopping.map(|st| json!({
                "points": st.points,
                "batch": st.batch,
                "max_games": st.max_games,
                "reached": st.reached,
                "met": st.met(),
            })),
            "effects": self.effects().iter().zip(&self.effects).map(|(e, t)| json!({
                "label": e.label(),
                "kind": if e.terms.len() == 1 { "main" } else { "interaction" },
                "first_seat": difference_json(&e.first_seat),
                "win_share": self.runs[0].seats.iter().zip(&e.win_share)
                    .map(|(seat, w)| seat_difference_json(&seat.name, w))
                    .collect::<Vec<_>>(),
                "plies": difference_json(&e.plies),
                "tally": serde_json::to_value(t).unwrap_or(Value::Null),
            })).collect::<Vec<_>>(),
            "comparisons": (self.runs.len() > 1).then(|| json!({
                "method": "holm",
                "family": "the differences table: per assignment, the first seat, each seat and plies",
                "count": cmp.count,
                "alpha": super::ALPHA,
                "power": super::POWER,
                "first_seat_detectable": cmp.first_seat_detectable(&self.runs),
            })),
            "runs": (0..self.runs.len()).map(|i| {
                let mut v = run_json(&self.runs[i]);
                if let Some(d) = v.get_mut("difference").and_then(Value::as_object_mut) {
                    let adjusted = cmp.adjusted.get(i).cloned().unwrap_or_default();
                    d.insert("p_adjusted".into(), json!({
                        "first_seat": adjusted.first(),
                        "win_share": adjusted.get(1..adjusted.len().saturating_sub(1)),
                        "plies": adjusted.last(),
                    }));
                }
                let agents = self.runs[i].agent_shares();
                if let (Some(m), false) = (v.as_object_mut(), agents.is_empty()) {
                    m.insert("agents".into(), agents.iter().enumerate().map(|(a, (share, ci, fair))| json!({
                        "agent": self.agents.get(a),
                        "win_share": share,
                        "win_share_ci": ci,
                        "fair_share": fair,
                    })).collect());
                }
                if let Some(m) = v.as_object_mut() {
                    let first = i == 0 || self.runs[i].differences.is_none();
                    m.insert("label".into(), Value::from(self.label(i)));
                    m.insert(
                        "identical_to_baseline".into(),
                        if first { Value::Null } else { Value::from(self.identical_to_baseline(i)) },
                    );
                    m.insert("note".into(), self.note(i).map_or(Value::Null, Value::from));
                }
                v
            }).collect::<Vec<_>>(),
        })
    }

    /// Reads a report written by [`to_json`](Self::to_json) (the figures are computed again
    /// from the tallies).
    ///
    /// # Errors
    /// A one-line message if the text is not such a report.
    pub fn from_json(text: &str) -> Result<Report, String> {
        let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        if !value.is_object() {
            return Err("not a simulation report (a JSON object)".into());
        }
        let raw: RawReport =
            serde_json::from_value(value).map_err(|e| format!("not a simulation report: {e}"))?;
        if raw.runs.is_empty() {
            return Err("the report has no runs".into());
        }
        if raw
            .runs
            .iter()
            .any(|r| r.tally.seats != raw.runs[0].tally.seats)
        {
            return Err("the report's runs have different seats".into());
        }
        let shard = match &raw.shard {
            Some(s) => Some(Shard::parse(s)?),
            None => None,
        };
        let runs = raw
            .runs
            .into_iter()
            .map(|r| {
                r.tally.check()?;
                let options = r
                    .options
                    .into_iter()
                    .map(|(k, v)| match v {
                        Value::String(s) => (k, s),
                        other => (k, other.to_string()),
                    })
                    .collect();
                Ok(Summary::new(
                    &raw.variant,
                    raw.seed,
                    Assignment(options),
                    r.tally,
                ))
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Report {
            variant: raw.variant,
            rules_hash: raw.rules_hash,
            seed: raw.seed,
            agents: raw.agents,
            schedule: raw.schedule,
            max_plies: raw.max_plies,
            games: raw.games,
            shard,
            swept: raw.swept,
            design: match raw.design.as_deref() {
                None => Design::Factorial,
                Some(d) => Design::from_name(d)
                    .ok_or_else(|| format!("unknown sweep design `{d}` (factorial or each)"))?,
            },
            runs,
            effects: raw.effects.into_iter().map(|e| e.tally).collect(),
            stopping: raw.stopping.map(|s| Stopping {
                points: s.points,
                batch: s.batch,
                max_games: s.max_games,
                reached: s.reached,
            }),
        })
    }

    /// Combines the reports of the shards of one run into the report of the whole run: the
    /// same as one process playing every game would give, byte for byte. Each part comes with
    /// the name messages call it by (its file).
    ///
    /// Parts without a `rules_hash` (older reports) merge only with each other; the result
    /// then has none either.
    ///
    /// # Errors
    /// When the parts are not shards of one run (other variant, seed, agents, ply cap, games,
    /// sweep or assignments, or rules of the same name with different texts), a shard is
    /// given twice, or one is missing. One line naming the parts at fault.
    pub fn merge(parts: Vec<(String, Report)>) -> Result<Report, String> {
        let mut parts = parts.into_iter();
        let Some((first_name, mut whole)) = parts.next() else {
            return Err("no reports to merge".into());
        };
        let Some(first) = whole.shard else {
            return if parts.len() == 0 {
                Ok(whole)
            } else {
                Err(format!(
                    "`{first_name}` is a whole run, not a shard (`--shard K/N`)"
                ))
            };
        };
        let mut seen = vec![false; first.count.min(1 << 20) as usize];
        let mut mark = |s: Shard| -> Result<(), String> {
            if s.count != first.count {
                return Err(format!("shard {s} is not one of {} shards", first.count));
            }
            let slot = seen
                .get_mut(s.index as usize)
                .ok_or_else(|| format!("shard {s} is out of range"))?;
            if std::mem::replace(slot, true) {
                return Err(format!("shard {s} is given twice"));
            }
            Ok(())
        };
        mark(first)?;
        for (name, part) in parts {
            let Some(s) = part.shard else {
                return Err(format!(
                    "`{name}` is a whole run, not a shard (`--shard K/N`)"
                ));
            };
            let same = part.variant == whole.variant
                && part.seed == whole.seed
                && part.agents == whole.agents
                && part.schedule == whole.schedule
                && part.max_plies == whole.max_plies
                && part.games == whole.games
                && part.swept == whole.swept
                && part.design == whole.design
                && part.runs.len() == whole.runs.len()
                && part
                    .runs
                    .iter()
                    .zip(&whole.runs)
                    .all(|(a, b)| a.options == b.options);
            if !same {
                return Err(format!(
                    "`{name}` (shard {s}) is not from the same run as `{first_name}` (shard \
                     {first}): variant, seed, agents, ply cap, games and options must all be equal"
                ));
            }
            same_rules(&first_name, &whole, &name, &part)?;
            mark(s)?;
            for (w, p) in whole.runs.iter_mut().zip(part.runs) {
                let mut t = std::mem::take(&mut w.tally);
                t.merge(&p.tally)?;
                *w = Summary::new(&w.variant, w.seed, w.options.clone(), t);
            }
            if part.effects.len() != whole.effects.len() {
                return Err(format!(
                    "`{name}` and `{first_name}` have different sweep effects"
                ));
            }
            for (w, p) in whole.effects.iter_mut().zip(&part.effects) {
                w.merge(p)?;
            }
        }
        let missing: Vec<String> = seen
            .iter()
            .enumerate()
            .filter(|(_, s)| !**s)
            .map(|(k, _)| format!("{k}/{}", first.count))
            .collect();
        if !missing.is_empty() {
            return Err(format!(
                "shards missing: {}",
                missing
                    .iter()
                    .take(10)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", ")
                    + if missing.len() > 10 { ", …" } else { "" }
            ));
        }
        whole.shard = None;
        Ok(whole)
    }
}

/// Refuses two parts made from different rule texts, or one with a `rules_hash` and one
/// without (a report older than the field).
fn same_rules(a_name: &str, a: &Report, b_name: &str, b: &Report) -> Result<(), String> {
    match (&a.rules_hash, &b.rules_hash) {
        (Some(x), Some(y)) if x != y => Err(format!(
            "`{b_name}` and `{a_name}` were made from different rule files for variant `{}` \
             (rules_hash {y} and {x}): merge only shards of the same rules",
            a.variant
        )),
        (Some(_), None) | (None, Some(_)) => {
            let (old, new) = if a.rules_hash.is_none() {
                (a_name, b_name)
            } else {
                (b_name, a_name)
            };
            Err(format!(
                "`{old}` has no rules_hash (an older report) and `{new}` has one: the rules \
                 cannot be compared; make every shard with the same ashtapada"
            ))
        }
        _ => Ok(()),
    }
}

fn options_json(a: &Assignment) -> Value {
    Value::Object(
        a.0.iter()
            .map(|(k, v)| (k.clone(), Value::from(v.clone())))
            .collect(),
    )
}

fn difference_json(d: &Difference) -> Value {
    json!({ "mean": d.mean, "ci": d.ci, "significant": d.significant() })
}

fn seat_difference_json(seat: &str, d: &Difference) -> Value {
    json!({ "seat": seat, "mean": d.mean, "ci": d.ci, "significant": d.significant() })
}

fn run_json(s: &Summary) -> Value {
    let map = |v: &[(String, u64)]| -> Value {
        Value::Object(
            v.iter()
                .map(|(k, n)| (k.clone(), Value::from(*n)))
                .collect(),
        )
    };
    let difference = match &s.differences {
        Some(d) => json!({
            "win_share": s.seats.iter().zip(&d.win_share)
                .map(|(seat, w)| seat_difference_json(&seat.name, w))
                .collect::<Vec<_>>(),
            "first_seat": difference_json(&d.first_seat),
            "turn_position": d.positions.iter().map(difference_json).collect::<Vec<_>>(),
            "plies": difference_json(&d.plies),
            "rounds": difference_json(&d.rounds),
            "end_reasons": Value::Object(d.end_reasons.iter()
                .map(|(r, x)| (r.clone(), difference_json(x)))
                .collect()),
            "same_games": d.same_games,
        }),
        None => Value::Null,
    };
    json!({
        "variant": s.variant,
        "options": options_json(&s.options),
        "games": s.games,
        "seats": s.seats.iter().map(|x| json!({
            "name": x.name,
            "win_share": x.win_share,
            "win_share_ci": x.win_share_ci,
            "mean_score": x.mean_score,
        })).collect::<Vec<_>>(),
        "first_seat": {
            "win_share": s.first_seat_share,
            "win_share_ci": s.first_seat_ci,
            "fair_share": 1.0 / s.seats.len().max(1) as f64,
            "rotates": s.first_seat_rotates,
        },
        "turn_position": s.positions.iter().map(|(share, ci)| json!({
            "win_share": share,
            "win_share_ci": ci,
        })).collect::<Vec<_>>(),
        "length": {
            "mean_rounds": s.mean_rounds,
            "median_rounds": s.median_rounds,
            "mean_plies": s.mean_plies,
            "median_plies": s.median_plies,
            "p90_plies": s.p90_plies,
        },
        "end_reasons": map(&s.end_reasons),
        "events": map(&s.events),
        "event_games": Value::Object(
            s.events
                .iter()
                .map(|(k, _)| (k.clone(), s.event_games(k).map_or(Value::Null, Value::from)))
                .collect(),
        ),
        "difference": difference,
        "tally": serde_json::to_value(&s.tally).unwrap_or(Value::Null),
    })
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn shards_parse_and_count_their_games() {
        assert_eq!(Shard::parse("2/5"), Ok(Shard { index: 2, count: 5 }));
        for bad in ["5/5", "1/0", "x/2", "1", "1/2/3", "", "/", "-1/2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        // Games 0..10 in 3 shards: {0,3,6,9}, {1,4,7}, {2,5,8}.
        let counts: Vec<u64> = (0..3)
            .map(|k| Shard { index: k, count: 3 }.games(10))
            .collect();
        assert_eq!(counts, [4, 3, 3]);
        assert_eq!(Shard { index: 4, count: 5 }.games(3), 0);
        assert_eq!(Shard { index: 0, count: 1 }.games(7), 7);
    }
}
