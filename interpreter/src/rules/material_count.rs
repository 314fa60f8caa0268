//! Material counting (Fairy-Stockfish's `materialCounting`, janggi's point count): a game that
//! ends drawn is decided by the material left on the board.
//!
//! ```yaml
//! material-count:
//!   values: { rook: 13, cannon: 7, horse: 5, elephant: 3, advisor: 3, soldier: 2 }
//!   bonus: { black: 1.5 }
//! ```
//!
//! Keys, inside `material-count` (a mapping; `{}` counts the pieces' `value:`s with no bonus):
//! - `values`: piece name → points (0 to 1000) of each such piece on the board; kinds not
//!   named count their `value:`. An unknown piece name is a located error.
//! - `bonus`: seat name → points added to that seat's total (a whole or half number from 0 to
//!   1000: janggi's 1.5 for the second player, komi). An unknown seat is a located error.
//!
//! Whenever the game ends drawn — by repetition, the move rule, a stalemate or a condition
//! whose result is `draw`, two passes in a row ([`pass`](super::pass)) or bikjang
//! ([`bikjang`](super::bikjang)) — each seat's total is the sum of its pieces' points on the
//! board plus its bonus; the seat with the highest total wins (the end reason stays the one
//! that ended the game); equal highest totals leave the draw. Fairy-Stockfish's janggi: chariot
//! 13, cannon 7, horse 5, elephant 3, guard 3, soldier 2, and 1.5 points to the second player,
//! so that one side always wins.

use super::compose;
use super::{Cx, Module, Names};
use crate::diag::{Code, Diagnostic};
use crate::vocab::Seat;
use crate::yaml::{Fields, Node, Reader, Text, Value};

/// `material-count` as written.
#[derive(Clone, Debug, Default)]
pub struct MaterialCountSpec {
    /// `values`: (piece name, points).
    pub values: Vec<(Text, i64)>,
    /// `bonus`: (seat name, half points).
    pub bonus: Vec<(Text, i64)>,
}

/// The compiled counting rule, in half points (so that a bonus of 1.5 is exact).
#[derive(Clone, Debug)]
pub struct MaterialCount {
    /// Half points of one piece of each kind, in kind order.
    pub weights: Vec<i64>,
    /// Half points added to each seat's total, in seat order.
    pub bonus: Vec<i64>,
}

impl MaterialCount {
    /// The winner by count, from each seat's pieces on the board (`counts[seat][kind]`);
    /// `None` if the highest total is shared.
    pub fn winner(&self, counts: &[Vec<u8>]) -> Option<Seat> {
        let totals: Vec<i64> = counts
            .iter()
            .enumerate()
            .map(|(s, per)| {
                let pieces: i64 = per
                    .iter()
                    .zip(&self.weights)
                    .map(|(&n, &w)| n as i64 * w)
                    .sum();
                pieces + self.bonus.get(s).copied().unwrap_or(0)
            })
            .collect();
        let best = *totals.iter().max()?;
        let mut at = totals.iter().enumerate().filter(|(_, t)| **t == best);
        match (at.next(), at.next()) {
            (Some((s, _)), None) => Some(Seat(s as u8)),
            _ => None,
        }
    }
}

/// Half points of `n`: a whole or half number from 0 to 1000, else a located error.
fn half_points(r: &mut Reader, n: &Node) -> Option<i64> {
    let v = match n.value {
        Value::Int(i) => i as f64,
        Value::Float(f) => f,
        _ => f64::NAN,
    };
    if (0.0..=1000.0).contains(&v) && (v * 2.0).fract() == 0.0 {
        return Some((v * 2.0) as i64);
    }
    r.error(
        Diagnostic::new(
            Code::SpecRange,
            "a bonus is a whole or half number of points from 0 to 1000",
            Some(n.span.clone()),
        )
        .label("not a whole or half number from 0 to 1000")
        .help("write e.g. `bonus: { black: 1.5 }`"),
    );
    None
}

/// The entries of the mapping at `n`: (name as text, value node).
pub(super) fn entries<'a>(r: &mut Reader, n: &'a Node, what: &str) -> Vec<(Text, &'a Node)> {
    let Some(mut m) = r.map(n, what) else {
        return Vec::new();
    };
    m.rest()
        .into_iter()
        .map(|(k, v)| {
            let name = Text {
                value: k.name.clone(),
                node: Node {
                    value: Value::Str(k.name.clone()),
                    span: k.span.clone(),
                },
            };
            (name, v)
        })
        .collect()
}

/// The switch `material-count` (`material-count`).
pub const MATERIAL_COUNT: compose::SwitchId = compose::SwitchId::of(super::ModuleId::MaterialCount);

impl Module for MaterialCount {
    const NAME: &'static str = "material-count";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: MATERIAL_COUNT,
        name: "material-count",
        path: "material-count",
        on: compose::On::NonEmpty,
    }];
    const KEYS: &'static [&'static str] = &["material-count"];
    type Spec = MaterialCountSpec;

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<MaterialCountSpec> {
        let n = f.opt("material-count")?;
        let mut m = r.map(n, "material counting: { values, bonus }")?;
        let mut out = MaterialCountSpec::default();
        if let Some(v) = m.opt("values") {
            for (name, v) in entries(r, v, "piece name → points") {
                if let Some(p) = r.int(v, 0, 1000, "the points of one such piece") {
                    out.values.push((name, p));
                }
            }
        }
        if let Some(b) = m.opt("bonus") {
            for (name, v) in entries(r, b, "seat name → points") {
                if let Some(p) = half_points(r, v) {
                    out.bonus.push((name, p));
                }
            }
        }
        m.finish(r, "material counting", &["values", "bonus"]);
        Some(out)
    }

    fn compile(spec: &MaterialCountSpec, cx: &mut Cx<'_>) -> Option<MaterialCount> {
        let mut weights: Vec<i64> = cx.values.iter().map(|v| v * 2).collect();
        let mut bonus = vec![0; cx.seats.len()];
        let mut ok = true;
        for (name, p) in &spec.values {
            match cx.kind(name) {
                Some(k) => weights[k.index()] = p * 2,
                None => ok = false,
            }
        }
        for (name, p) in &spec.bonus {
            match cx.seat(name) {
                Some(s) => bonus[s.index()] = *p,
                None => ok = false,
            }
        }
        ok.then_some(MaterialCount { weights, bonus })
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        let half = |h: i64| {
            if h % 2 == 0 {
                (h / 2).to_string()
            } else {
                format!("{}.5", h / 2)
            }
        };
        let values: Vec<String> = self
            .weights
            .iter()
            .enumerate()
            .map(|(k, &w)| format!("{} {}", names.kinds.get(k).copied().unwrap_or("?"), half(w)))
            .collect();
        let bonus: Vec<String> = self
            .bonus
            .iter()
            .enumerate()
            .filter(|(_, b)| **b != 0)
            .map(|(s, &b)| {
                format!(
                    "{} +{}",
                    names.seats.get(s).copied().unwrap_or("?"),
                    half(b)
                )
            })
            .collect();
        let bonus = if bonus.is_empty() {
            String::new()
        } else {
            format!("; bonus {}", bonus.join(", "))
        };
        vec![format!(
            "material count: a game that ends drawn is won by the seat with the most points \
             on the board ({}{bonus}); equal totals stay a draw",
            values.join(", ")
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_highest_total_wins_and_a_tie_stays_a_draw() {
        // Janggi's weights doubled (rook 26, soldier 4) and black's 1.5 bonus (3).
        let m = MaterialCount {
            weights: vec![26, 4],
            bonus: vec![0, 3],
        };
        // One rook each: 26 against 29, black wins.
        assert_eq!(m.winner(&[vec![1, 0], vec![1, 0]]), Some(Seat(1)));
        // A soldier more for white: 30 against 29, white wins.
        assert_eq!(m.winner(&[vec![1, 1], vec![1, 0]]), Some(Seat(0)));
        let even = MaterialCount {
            weights: vec![2],
            bonus: vec![0, 0],
        };
        assert_eq!(even.winner(&[vec![1], vec![1]]), None);
    }

    #[test]
    fn reads_values_and_half_point_bonuses() {
        let read = crate::rules::read_with::<MaterialCount>;
        let (spec, errors) =
            read("material-count: { values: { rook: 13 }, bonus: { black: 1.5 } }\n");
        let spec = spec.unwrap();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(spec.values[0].1, 13);
        assert_eq!(spec.bonus[0].1, 3);
        for bad in [
            "material-count: { bonus: { black: 1.25 } }\n",
            "material-count: { values: { rook: -1 } }\n",
            "material-count: { colour: 1 }\n",
            "material-count: 3\n",
        ] {
            let (_, errors) = read(bad);
            assert_eq!(errors.len(), 1, "{bad}: {errors:?}");
        }
    }
}
