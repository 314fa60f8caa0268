//! Main effects and two-way interactions of a factorial sweep, from exact per-game contrasts.
//!
//! A **main effect** of choice `c` of option `o` is the mean, over every combination of the
//! other swept options' choices, of (the assignment with `o = c`) minus (the same assignment
//! with `o` at its baseline choice). A **two-way interaction** of `o1 = c1` and `o2 = c2` is
//! the mean over the other options of `x(c1, c2) − x(c1, b2) − x(b1, c2) + x(b1, b2)` (`b`:
//! the baseline choices): how much the two changes together differ from the sum of each
//! alone. Every assignment plays game `k` from the same seed, so each contrast is computed per
//! game and its 95% interval is a paired one, from exact integer sums ([`EffectTally`]) that
//! shards add up like the tallies.

use super::game::GameResult;
use super::summary::Difference;
use super::tally::{SHARE_UNIT, add_each, add_to};
use crate::spec::Assignment;
use serde::{Deserialize, Serialize};

/// One contrast of a factorial sweep: the runs counted with `+1` and `−1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contrast {
    /// The option choices compared with the baseline: one (a main effect) or two (an
    /// interaction).
    pub terms: Vec<(String, String)>,
    /// Indices of the runs counted `+1`.
    pub plus: Vec<usize>,
    /// Indices of the runs counted `−1`.
    pub minus: Vec<usize>,
    /// The number of combinations of the other options averaged over (the contrast's sum is
    /// divided by it).
    pub divisor: u64,
}

/// The exact per-game sums of one contrast. Measures, in order: the first seat's win (in
/// 1/[`SHARE_UNIT`] units), each seat's win in turn order (same units), the length in plies.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectTally {
    /// The option choices of the contrast (one or two `[option, choice]` pairs).
    pub terms: Vec<(String, String)>,
    /// Games.
    pub games: u64,
    /// Per measure: the sum over the games of the contrast's value (before the division).
    pub sum: Vec<i64>,
    /// Per measure: the sum of its squares, as a decimal string (it may exceed 64 bits).
    #[serde(with = "decimal")]
    pub sq: Vec<u128>,
}

/// `u128`s written as decimal strings in JSON (which holds integers of 64 bits at most).
mod decimal {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[u128], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().map(|x| x.to_string()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u128>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|x| x.parse().map_err(serde::de::Error::custom))
            .collect()
    }
}

/// A contrast's figures: per measure, its mean and 95% paired interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Effect {
    /// The option choices (one: a main effect; two: an interaction).
    pub terms: Vec<(String, String)>,
    /// The first seat's win share (fraction).
    pub first_seat: Difference,
    /// Each seat's win share (fraction), in turn order.
    pub win_share: Vec<Difference>,
    /// Game length (plies).
    pub plies: Difference,
}

impl Effect {
    /// `promotion=anytime`, or `promotion=anytime × dice=long` for an interaction.
    pub fn label(&self) -> String {
        self.terms
            .iter()
            .map(|(o, c)| format!("{o}={c}"))
            .collect::<Vec<_>>()
            .join(" × ")
    }
}

/// The contrasts of a factorial sweep of `swept` whose assignments are `runs` (the first
/// being the baseline): every main effect, then every two-way interaction. None with fewer
/// than two swept options (a single option's differences are its main effects).
pub fn contrasts(swept: &[String], runs: &[&Assignment]) -> Vec<Contrast> {
    if swept.len() < 2 || runs.is_empty() {
        return Vec::new();
    }
    let choice = |i: usize, o: &str| runs[i].get(o).unwrap_or_default().to_string();
    // Per option: its baseline choice and its other choices, in order of appearance.
    let axes: Vec<(&String, String, Vec<String>)> = swept
        .iter()
        .map(|o| {
            let base = choice(0, o);
            let mut others: Vec<String> = Vec::new();
            for i in 0..runs.len() {
                let c = choice(i, o);
                if c != base && !others.contains(&c) {
                    others.push(c);
                }
            }
            (o, base, others)
        })
        .collect();
    let select = |f: &dyn Fn(usize) -> bool| (0..runs.len()).filter(|&i| f(i)).collect::<Vec<_>>();
    let mut out = Vec::new();
    for (o, b, cs) in &axes {
        for c in cs {
            let plus = select(&|i| choice(i, o) == *c);
            let minus = select(&|i| choice(i, o) == *b);
            out.push(Contrast {
                terms: vec![((*o).clone(), c.clone())],
                divisor: plus.len() as u64,
                plus,
                minus,
            });
        }
    }
    for (a, (o1, b1, c1s)) in axes.iter().enumerate() {
        for (o2, b2, c2s) in &axes[a + 1..] {
            for c1 in c1s {
                for c2 in c2s {
                    let at = |i: usize, x: &str, y: &str| choice(i, o1) == x && choice(i, o2) == y;
                    let plus = select(&|i| at(i, c1, c2) || at(i, b1, b2));
                    let minus = select(&|i| at(i, c1, b2) || at(i, b1, c2));
                    out.push(Contrast {
                        terms: vec![((*o1).clone(), c1.clone()), ((*o2).clone(), c2.clone())],
                        divisor: (plus.len() / 2) as u64,
                        plus,
                        minus,
                    });
                }
            }
        }
    }
    out
}

impl EffectTally {
    /// An empty tally of `c` for `seats` seats.
    pub fn new(c: &Contrast, seats: usize) -> EffectTally {
        EffectTally {
            terms: c.terms.clone(),
            games: 0,
            sum: vec![0; seats + 2],
            sq: vec![0; seats + 2],
        }
    }

    /// Adds one game: `results[i]` is run `i`'s game with this seed.
    pub fn add(&mut self, c: &Contrast, results: &[GameResult]) {
        self.games += 1;
        let measures = self.sum.len();
        let mut x = vec![0i64; measures];
        let mut add = |i: usize, sign: i64| {
            let r = &results[i];
            let units = super::tally::win_units(r);
            x[0] += sign * units[r.first_seat.index()] as i64;
            for s in 0..measures - 2 {
                x[s + 1] += sign * units[s] as i64;
            }
            x[measures - 1] += sign * r.plies as i64;
        };
        for &i in &c.plus {
            add(i, 1);
        }
        for &i in &c.minus {
            add(i, -1);
        }
        for (m, v) in x.into_iter().enumerate() {
            self.sum[m] += v;
            self.sq[m] += (v.unsigned_abs() as u128).pow(2);
        }
    }

    /// Adds another shard's tally of the same contrast, with checked arithmetic (`self` is
    /// left as it was on an error).
    ///
    /// # Errors
    /// When the contrasts differ, or a total overflows (the field named).
    pub fn merge(&mut self, other: &EffectTally) -> Result<(), String> {
        if self.terms != other.terms
            || self.sum.len() != other.sum.len()
            || self.sq.len() != other.sq.len()
        {
            return Err("the parts' sweep effects differ".into());
        }
        let mut m = self.clone();
        add_to(&mut m.games, other.games, "effects.games")?;
        add_each(&mut m.sum, &other.sum, "effects.sum")?;
        add_each(&mut m.sq, &other.sq, "effects.sq")?;
        *self = m;
        Ok(())
    }

    /// The figures, for a contrast averaged over `divisor` combinations.
    pub fn effect(&self, divisor: u64) -> Effect {
        let d = divisor.max(1) as f64;
        let m = |k: usize, unit: f64| {
            let (sum, sq) = (
                self.sum.get(k).copied().unwrap_or(0),
                self.sq.get(k).copied().unwrap_or(0),
            );
            Difference::paired(self.games, sum as f64, sq as f64, unit * d)
        };
        let units = SHARE_UNIT as f64;
        let n = self.sum.len().saturating_sub(2);
        Effect {
            terms: self.terms.clone(),
            first_seat: m(0, units),
            win_share: (0..n).map(|s| m(s + 1, units)).collect(),
            plies: m(n + 1, 1.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(pairs: &[(&str, &str)]) -> Assignment {
        Assignment(
            pairs
                .iter()
                .map(|(o, c)| (o.to_string(), c.to_string()))
                .collect(),
        )
    }

    /// A 2×3 sweep (x: 0,1; y: 0,1,2, y fastest): x=1's main effect compares runs 3,4,5 with
    /// 0,1,2 over 3 combinations; the interaction x=1 × y=2 is runs {5, 0} less {3, 2}.
    #[test]
    fn contrasts_of_a_two_by_three_sweep() {
        let runs: Vec<Assignment> = ["0", "1"]
            .iter()
            .flat_map(|x| ["0", "1", "2"].map(|y| a(&[("x", x), ("y", y)])))
            .collect();
        let refs: Vec<&Assignment> = runs.iter().collect();
        let c = contrasts(&["x".into(), "y".into()], &refs);
        assert_eq!(c.len(), 1 + 2 + 2);
        assert_eq!(
            (c[0].plus.clone(), c[0].minus.clone(), c[0].divisor),
            (vec![3, 4, 5], vec![0, 1, 2], 3)
        );
        assert_eq!(
            (c[2].plus.clone(), c[2].minus.clone(), c[2].divisor),
            (vec![2, 5], vec![0, 3], 2)
        );
        let last = &c[4];
        assert_eq!(
            last.terms,
            vec![("x".into(), "1".into()), ("y".into(), "2".into())]
        );
        assert_eq!(
            (last.plus.clone(), last.minus.clone(), last.divisor),
            (vec![0, 5], vec![2, 3], 1)
        );
        assert!(contrasts(&["x".into()], &refs).is_empty());
    }
}
