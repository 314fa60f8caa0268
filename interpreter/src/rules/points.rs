//! Points for mates, stalemates and checks (four-player chess's free-for-all): the seat that
//! mates scores, a stalemated seat scores for itself, and a move that checks several kings
//! at once scores a bonus by how many it checks — by the kind that moved where the file says.
//!
//! ```yaml
//! points:
//!   checkmate: 20                     # to the mater (the seat that made the last move)
//!   stalemate: 20                     # to the seat stalemated
//!   checks: { 2: 5, 3: 20 }           # a move checking 2 (3) kings at once
//!   checks-by: { queen: { 2: 1, 3: 5 } }  # the same, when the piece that moved is a queen
//! ```
//!
//! Keys: `checkmate`, `stalemate` (whole numbers, default 0), `checks` (a mapping from a number
//! of kings, 2 to 6, to points), `checks-by` (piece name → such a mapping; the kind that stands
//! on the target square after the move). A king counts as checked when a royal piece of a live
//! seat other than the mover and its partners is attacked by the mover's pieces after the move
//! (a discovered check counts). The mate and stalemate points are given when a seat due to move
//! has no legal move and is taken out of play (the [`mate`](super::mate) module; the engine asks
//! this module first, while the seat's royal pieces still stand) — or the game ends there. Points
//! go to the position's `Counters::scores`, as capture scoring's do ([`scoring`](super::scoring)).

use super::compose::{self, Need, need};
use super::material_count::entries;
use super::{Cx, Hooks, Host, Module, Modules, Moved, Names};
use crate::vocab::{Kind, MAX_SEATS, Outcome, Seat, SeatSet};
use crate::yaml::{Fields, Node, Reader, Text, Value};

/// Points by the number of kings one move checks (index: that number).
type ByCount = [i64; MAX_SEATS];

/// `points:` as written.
#[derive(Clone, Debug, Default)]
pub struct PointsSpec {
    /// Points to the mater.
    pub checkmate: i64,
    /// Points to the stalemated seat.
    pub stalemate: i64,
    /// Points by the number of kings checked at once.
    pub checks: ByCount,
    /// Per kind name: its own points by the number of kings checked.
    pub checks_by: Vec<(Text, ByCount)>,
}

/// Compiled points.
#[derive(Clone, Debug)]
pub struct Points {
    /// Points to the mater.
    pub checkmate: i64,
    /// Points to the stalemated seat.
    pub stalemate: i64,
    /// Points by the number of kings checked at once.
    pub checks: ByCount,
    /// Per kind: its own table, where the file gives one.
    pub checks_by: Vec<(Kind, ByCount)>,
}

/// The switch `points` (`points`).
pub const POINTS: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Points);

/// Reads a mapping from a number of kings (2 to 6) to points.
fn read_counts(r: &mut Reader, n: &Node) -> ByCount {
    let mut out = [0; MAX_SEATS];
    for (k, v) in entries(r, n, "number of kings checked → points") {
        match k.value.parse::<usize>() {
            Ok(c) if (2..MAX_SEATS).contains(&c) => {
                out[c] = r.int(v, -1000, 1000, "points").unwrap_or(0);
            }
            _ => {
                let key = Node {
                    value: Value::Str(k.value.clone()),
                    span: k.node.span.clone(),
                };
                r.expected(&key, "a number of kings checked at once, 2 to 6");
            }
        }
    }
    out
}

impl Module for Points {
    const NAME: &'static str = "points";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: POINTS,
        name: "points",
        path: "points",
        on: compose::On::NonEmpty,
    }];
    const KEYS: &'static [&'static str] = &["points"];
    type Spec = PointsSpec;

    const NEEDS: &'static [Need] = &[need(
        POINTS,
        super::royal::ROYAL,
        "mates and checks are about royal pieces; without a royal kind there are none",
    )];
    const HOOKS: Hooks = Hooks {
        after_move: true,
        on_no_move: true,
        scores: true,
        ..Hooks::NONE
    };

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<PointsSpec> {
        let n = f.opt("points")?;
        let mut s = r.map(n, "points: { checkmate, stalemate, checks, checks-by }")?;
        let mut out = PointsSpec::default();
        let int = |r: &mut Reader, key: &str, s: &mut Fields<'_>| {
            (s.opt(key)).and_then(|n| r.int(n, -1000, 1000, "points"))
        };
        out.checkmate = int(r, "checkmate", &mut s).unwrap_or(0);
        out.stalemate = int(r, "stalemate", &mut s).unwrap_or(0);
        if let Some(n) = s.opt("checks") {
            out.checks = read_counts(r, n);
        }
        if let Some(n) = s.opt("checks-by") {
            for (kind, v) in entries(r, n, "piece name → (number of kings → points)") {
                let counts = read_counts(r, v);
                out.checks_by.push((kind, counts));
            }
        }
        let known = ["checkmate", "stalemate", "checks", "checks-by"];
        s.finish(r, "points", &known);
        Some(out)
    }

    fn compile(spec: &PointsSpec, cx: &mut Cx<'_>) -> Option<Points> {
        let checks_by: Vec<(Kind, ByCount)> = (spec.checks_by.iter())
            .filter_map(|(t, c)| cx.kind(t).map(|k| (k, *c)))
            .collect();
        (checks_by.len() == spec.checks_by.len()).then_some(Points {
            checkmate: spec.checkmate,
            stalemate: spec.stalemate,
            checks: spec.checks,
            checks_by,
        })
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        let counts = |c: &ByCount| {
            let parts: Vec<String> = (2..MAX_SEATS)
                .filter(|&i| c[i] != 0)
                .map(|i| format!("{i} kings {}", c[i]))
                .collect();
            parts.join(", ")
        };
        let mut out = vec![format!(
            "points: checkmate {} to the mater, stalemate {} to the stalemated seat",
            self.checkmate, self.stalemate
        )];
        if self.checks.iter().any(|&p| p != 0) {
            out.push(format!(
                "points: one move checking {}",
                counts(&self.checks)
            ));
        }
        for (k, c) in &self.checks_by {
            out.push(format!(
                "points: a {} checking {}",
                names.kind(*k),
                counts(c)
            ));
        }
        out
    }

    /// Scores the mate or stalemate of `seat`; never takes it out of play itself.
    fn on_no_move<H: Host>(&self, h: &mut H, seat: Seat, mater: Seat) -> bool {
        let (to, points) = if h.in_check(seat) {
            (mater, self.checkmate)
        } else {
            (seat, self.stalemate)
        };
        h.counters_mut().scores[to.index()] += points;
        false
    }

    /// Scores a move that checks two or more kings.
    fn after_move<H: Host>(&self, h: &mut H, mv: &Moved, all: &Modules) -> Option<Outcome> {
        let mover = mv.mover;
        let partners = all.partners(mover);
        let checked = (0..h.seat_count())
            .map(|i| Seat(i as u8))
            .filter(|&s| s != mover && !partners.contains(s) && h.is_live(s))
            .filter(|&s| {
                (h.royals(s).iter())
                    .any(|sq| h.attacked(crate::geometry::Square(sq), SeatSet::one(mover)))
            })
            .count();
        if checked >= 2 {
            let table = (self.checks_by.iter())
                .find(|(k, _)| *k == mv.placed.kind())
                .map_or(&self.checks, |(_, c)| c);
            h.counters_mut().scores[mover.index()] += table[checked.min(MAX_SEATS - 1)];
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> (Option<PointsSpec>, usize) {
        let (spec, errors) = crate::rules::read_with::<Points>(yaml);
        (spec, errors.len())
    }

    #[test]
    fn reads_every_key() {
        let (s, e) = read(
            "points: { checkmate: 20, stalemate: 10, checks: { 2: 5, 3: 20 }, checks-by: { queen: { 2: 1 } } }\n",
        );
        let s = s.unwrap();
        assert_eq!(e, 0);
        assert_eq!((s.checkmate, s.stalemate), (20, 10));
        assert_eq!((s.checks[2], s.checks[3], s.checks[4]), (5, 20, 0));
        assert_eq!(s.checks_by[0].0.value, "queen");
        assert_eq!(s.checks_by[0].1[2], 1);
    }

    #[test]
    fn a_bad_count_and_an_unknown_key_are_errors() {
        assert_eq!(read("points: { checks: { 1: 5, x: 2 }, mate: 3 }\n").1, 3);
    }
}
