//! Guard rails for reading a sweep: p-values of the paired differences, Holm's correction for
//! the many comparisons a sweep makes, and the smallest effect a run of its size can detect.
//!
//! A sweep compares every assignment with the baseline on several figures at once (the first
//! seat, each seat, the length). At the 5% level, one comparison in twenty excludes zero by
//! chance: a `--sweep each` of ten options over four seats would star about three differences
//! that are noise. [`Comparisons`] applies Holm's step-down method to the whole differences
//! table, which keeps the chance of starring any noise at all (the family-wise error rate) at
//! 5%, and is never less powerful than Bonferroni's.

use super::summary::{Difference, Summary, Z95};
use statrs::distribution::{ContinuousCDF, Normal};

/// The family-wise error rate the stars keep to: 5%.
pub const ALPHA: f64 = 0.05;

/// The power at which [`min_detectable`] is stated: 80%, the usual planning figure.
pub const POWER: f64 = 0.8;

/// The standard normal distribution.
fn normal() -> Normal {
    Normal::standard()
}

/// The standard error of a paired difference, from its 95% interval (`half-width / 1.96`), in
/// the difference's units.
pub fn standard_error(d: &Difference) -> f64 {
    d.half_width().abs() / Z95
}

/// The two-sided p-value of a paired difference under the normal approximation its interval
/// uses: the chance of a mean at least this far from zero if the true difference were zero.
/// A difference with no spread is 0 (certain) when non-zero and 1 when zero.
pub fn p_value(d: &Difference) -> f64 {
    let se = standard_error(d);
    if se == 0.0 || !se.is_finite() {
        return if d.mean == 0.0 { 1.0 } else { 0.0 };
    }
    let z = (d.mean / se).abs();
    (2.0 * normal().sf(z)).min(1.0_f64)
}

/// Holm's step-down adjusted p-values, in the order given: sorted ascending, the i-th
/// smallest (from 0) is multiplied by `m − i`, then made non-decreasing and capped at 1. A
/// comparison is significant at family-wise level α when its adjusted value is below α.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]).then(a.cmp(&b)));
    let mut out = vec![1.0; m];
    let mut running: f64 = 0.0;
    for (i, &k) in order.iter().enumerate() {
        running = running.max(((m - i) as f64 * p[k]).min(1.0));
        out[k] = running;
    }
    out
}

/// The smallest true difference that a two-sided test at level `alpha` detects with
/// probability `power` when the difference's standard error is `se`:
/// `(z(1 − alpha/2) + z(power)) · se`, in the units of `se`.
pub fn min_detectable(se: f64, alpha: f64, power: f64) -> f64 {
    let n = normal();
    (n.inverse_cdf(1.0 - alpha / 2.0) + n.inverse_cdf(power)) * se
}

/// One column of the differences table: the first seat, a seat, or the length.
fn columns(d: &super::Differences) -> impl Iterator<Item = &Difference> {
    std::iter::once(&d.first_seat)
        .chain(&d.win_share)
        .chain(std::iter::once(&d.plies))
}

/// The comparisons of a sweep's differences table — per assignment other than the baseline,
/// the first seat's, each seat's and the length's difference — with Holm's adjusted
/// p-values over all of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparisons {
    /// Per run (index into the report's runs; empty for the baseline and any run without
    /// differences): the adjusted p-values of the first seat, each seat in turn order, then
    /// the length in plies.
    pub adjusted: Vec<Vec<f64>>,
    /// The number of comparisons in the family (Holm's `m`).
    pub count: usize,
}

impl Comparisons {
    /// The comparisons of `runs` (the first is the baseline).
    pub fn of(runs: &[Summary]) -> Comparisons {
        let raw: Vec<Vec<f64>> = runs
            .iter()
            .map(|s| {
                s.differences
                    .as_ref()
                    .map_or(Vec::new(), |d| columns(d).map(p_value).collect())
            })
            .collect();
        let flat: Vec<f64> = raw.iter().flatten().copied().collect();
        let mut adjusted = holm(&flat).into_iter();
        Comparisons {
            adjusted: raw
                .iter()
                .map(|r| r.iter().map(|_| adjusted.next().unwrap_or(1.0)).collect())
                .collect(),
            count: flat.len(),
        }
    }

    /// True if run `run`'s difference in `column` (0: the first seat, 1..=seats: each seat,
    /// then the length) is significant after the correction.
    pub fn significant(&self, run: usize, column: usize) -> bool {
        self.adjusted
            .get(run)
            .and_then(|r| r.get(column))
            .is_some_and(|&p| p < ALPHA)
    }

    /// The runs other than the baseline (indices into `runs`, from 1), ranked for people: those
    /// whose first-seat change is distinguishable from zero after the correction, largest
    /// change first, then the others in sweep order — never noise sorted by its size.
    pub fn ranked(&self, runs: &[Summary]) -> Vec<usize> {
        let size = |i: usize| {
            runs[i]
                .differences
                .as_ref()
                .map_or(0.0, |d| d.first_seat.mean.abs())
        };
        let mut order: Vec<usize> = (1..runs.len()).collect();
        order.sort_by(|&a, &b| {
            let (sa, sb) = (self.significant(a, 0), self.significant(b, 0));
            sb.cmp(&sa)
                .then(match sa && sb {
                    true => size(b).total_cmp(&size(a)),
                    false => std::cmp::Ordering::Equal,
                })
                .then(a.cmp(&b))
        });
        order
    }

    /// The first seat's change that a run of this size would likely miss: the
    /// [`min_detectable`] difference (at [`POWER`], and at Holm's strictest threshold
    /// `ALPHA / count`) for the median standard error of the runs' first-seat differences.
    /// `None` without differences.
    pub fn first_seat_detectable(&self, runs: &[Summary]) -> Option<f64> {
        let mut se: Vec<f64> = runs
            .iter()
            .filter_map(|s| s.differences.as_ref())
            .map(|d| standard_error(&d.first_seat))
            .filter(|x| x.is_finite())
            .collect();
        if se.is_empty() || self.count == 0 {
            return None;
        }
        se.sort_by(f64::total_cmp);
        let median = se[se.len() / 2];
        Some(min_detectable(median, ALPHA / self.count as f64, POWER))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(mean: f64, half: f64) -> Difference {
        Difference {
            mean,
            ci: [mean - half, mean + half],
        }
    }

    /// A mean 1.96 standard errors from zero has p = 0.05; 2.576 gives 0.01 (normal table).
    #[test]
    fn p_values_match_the_normal_table() {
        assert!((p_value(&diff(Z95, Z95)) - 0.05).abs() < 1e-6);
        assert!((p_value(&diff(-2.575_829, Z95)) - 0.01).abs() < 1e-6);
        assert_eq!(p_value(&diff(0.0, 0.0)), 1.0);
        assert_eq!(p_value(&diff(0.3, 0.0)), 0.0);
    }

    /// Holm's worked example (Holm 1979 style): p = 0.01, 0.04, 0.03, 0.005 with m = 4:
    /// sorted 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → 0.06 (monotone).
    #[test]
    fn holm_adjusts_step_down_and_stays_monotone() {
        let a = holm(&[0.01, 0.04, 0.03, 0.005]);
        let want = [0.03, 0.06, 0.06, 0.02];
        for (x, y) in a.iter().zip(want) {
            assert!((x - y).abs() < 1e-12, "{a:?}");
        }
        // 0.8 · 2 = 1.6 caps at 1; then 0.9 · 1 rises to the running 1.
        assert_eq!(holm(&[0.9, 0.8]), vec![1.0, 1.0]);
        assert!(holm(&[]).is_empty());
    }

    /// At α = 0.05 and 80% power, (1.95996 + 0.84162) · se = 2.8016 · se.
    #[test]
    fn the_minimum_detectable_effect_is_2_8_standard_errors() {
        assert!((min_detectable(1.0, 0.05, 0.8) - 2.801_585).abs() < 1e-5);
        assert!((min_detectable(0.5, 0.05, 0.8) - 1.400_792).abs() < 1e-5);
    }
}
