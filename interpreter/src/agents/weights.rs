//! [`Weights`]: the multipliers of the evaluation's positional terms, from the variant's fitted
//! file ([`crate::spec::fitted`]: `weights:`), in percent (100: the built-in weight).

use crate::compile::Variant;
use crate::spec::fitted::WEIGHTS;

/// Index of each term in [`WEIGHTS`] (and in [`Weights::pct`]).
pub(super) const REACH: usize = 0;
pub(super) const ADVANCE: usize = 1;
pub(super) const ATTACK: usize = 2;
pub(super) const SHELTER: usize = 3;
pub(super) const RIDER: usize = 4;
pub(super) const TEMPO: usize = 5;
pub(super) const PASSED: usize = 6;
pub(super) const DOUBLED: usize = 7;
pub(super) const HAND: usize = 8;
pub(super) const MOBILITY: usize = 9;
pub(super) const ISOLATED: usize = 10;
pub(super) const CONNECTED: usize = 11;
pub(super) const TAPER: usize = 12;

/// The terms a fitted file must turn on: their built-in weight is 0 (see [`Weights::ONE`]).
pub const OFF: [usize; 5] = [HAND, MOBILITY, ISOLATED, CONNECTED, TAPER];

/// Per term of [`WEIGHTS`]: its weight in percent of the built-in one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Percent per term, in [`WEIGHTS`] order.
    pub pct: [i32; WEIGHTS.len()],
}

impl Weights {
    /// Every term at its built-in weight, the terms of [`OFF`] off: the drop bonus (`hand`)
    /// measured below even in shogi (`easy`, 40 games: 47.5% [32.9%, 62.5%]), and safe
    /// mobility and the isolated and connected pawns did not measure better in play
    /// (docs/agents.md), and the tapered pawn measured better in shatranj only (worse in
    /// makruk, level in chess: docs/agents.md, "Tapered pawns"), so only a fitted file turns
    /// them on.
    pub const ONE: Weights = {
        let mut pct = [100; WEIGHTS.len()];
        let mut i = 0;
        while i < OFF.len() {
            pct[OFF[i]] = 0;
            i += 1;
        }
        Weights { pct }
    };

    /// The weights of `v`'s fitted file when `fitted` and it has one, else [`ONE`](Self::ONE).
    pub fn of(v: &Variant, fitted: bool) -> Weights {
        match v.fitted.as_ref().filter(|_| fitted) {
            Some(f) => Weights {
                pct: f.weights.map(|w| (w * 100.0).round() as i32),
            },
            None => Weights::ONE,
        }
    }

    /// `x` times term `t`'s weight (exact at 100%).
    #[inline]
    pub fn scale(&self, t: usize, x: i32) -> i32 {
        (x as i64 * self.pct[t] as i64 / 100) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_indices_name_the_terms_of_the_fitted_file() {
        let at = |name: &str| WEIGHTS.iter().position(|w| *w == name).unwrap();
        assert_eq!(
            [
                REACH, ADVANCE, ATTACK, SHELTER, RIDER, TEMPO, PASSED, DOUBLED, HAND, MOBILITY,
                ISOLATED, CONNECTED, TAPER
            ],
            [
                at("reach"),
                at("advance"),
                at("attack"),
                at("shelter"),
                at("rider"),
                at("tempo"),
                at("passed"),
                at("doubled"),
                at("hand"),
                at("mobility"),
                at("isolated"),
                at("connected"),
                at("taper")
            ]
        );
        let w = Weights {
            pct: [150; WEIGHTS.len()],
        };
        assert_eq!(
            (w.scale(TEMPO, 10), Weights::ONE.scale(TEMPO, -7)),
            (15, -7)
        );
        // The built-in weights agree with the fitted file's defaults.
        for (t, name) in WEIGHTS.iter().enumerate() {
            let d = crate::compile::default_weight(name);
            assert_eq!(Weights::ONE.pct[t], (d * 100.0) as i32, "{name}");
        }
    }
}
