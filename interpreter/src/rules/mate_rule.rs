//! Which checkmates count (Fairy-Stockfish's `shatarMateRule`, as its `shatar` plays it): a
//! mate given by pieces of some kinds alone gives the mated seat another result (shatar: a
//! mate by knights alone loses for the mater), and a mate counts only when the mater's
//! unbroken series of checks that ends in it holds a check by a piece of the series kinds
//! (shatar's shak: a knight, rook or bers); otherwise the mated seat gets `otherwise` (a draw,
//! shatar's niol).
//!
//! ```yaml
//! end:
//!   checkmate: loss
//!   mate-rule: { alone: [knight], alone-result: win, series: [knight, rook, bers], otherwise: draw }
//! ```
//!
//! Keys (`end.mate-rule`): `alone` (kinds), `alone-result` (default `win`), `series` (kinds),
//! `otherwise` (default `draw`); at least one of `alone` and `series`. A mate is judged in
//! this order: every piece attacking a royal piece of the mated seat is of an `alone` kind →
//! `alone-result`; else a piece of a `series` kind attacks it now, or the mater's earlier
//! moves of the same unbroken series of checks (each of its moves since the series began gave
//! check) gave a check by such a piece → `end.checkmate`; else `otherwise`. Results are the
//! mated seat's. The series is this module's state (one byte per seat, not hashed: Fairy-
//! Stockfish's position key leaves it out too); a position read from FEN starts with no
//! series, as Fairy-Stockfish starts its history there. Needs `end.checkmate` and a royal
//! kind ([`MateRule::NEEDS`]); refused with `mate:` (a mate that does not end the game).
//! The engine applies it in `engine/mate_rule.rs`, called from `Position::no_move_outcome`.

use super::compose::{self, Need, Refusal, need, refuse};
use super::{Cx, Host, Module, Moved, Names, Ranks, piece_names, result, result_words};
use crate::diag::{Code, Diagnostic};
use crate::geometry::Square;
use crate::vocab::{Counters, Kind, Outcome, ResultKind, Seat, SeatSet};
use crate::yaml::{Fields, Node, Reader, Text};

/// `end.mate-rule` as written.
#[derive(Clone, Debug)]
pub struct MateRuleSpec {
    /// The kinds whose mate alone gives `alone_result`.
    pub alone: Vec<Text>,
    /// The mated seat's result for a mate by `alone` kinds only.
    pub alone_result: ResultKind,
    /// The kinds one of whose checks a mate's series must hold.
    pub series: Vec<Text>,
    /// The mated seat's result for a mate whose series holds no such check.
    pub otherwise: ResultKind,
    /// The `mate-rule:` node, for diagnostics.
    pub node: Node,
}

/// The compiled rule: kind masks (bit = kind index) and the mated seat's results.
#[derive(Clone, Copy, Debug)]
pub struct MateRule {
    /// A mate whose every checker is of these kinds gives `alone_result` (0: none).
    pub alone: u64,
    /// The mated seat's result for such a mate.
    pub alone_result: ResultKind,
    /// A mate counts when its series holds a check by one of these kinds (0: every mate).
    pub series: u64,
    /// The mated seat's result otherwise.
    pub otherwise: ResultKind,
}

/// This module's state byte ([`Module::STATE`]): bit `seat` set while the seat's unbroken
/// series of checks (each of its moves since the series began gave check, the last one
/// included) holds a check by a `series` kind; a move that gives no check clears it.
const AT: usize = super::ModuleId::MateRule.state_at();

/// True if `seat`'s unbroken series of checks, ending with its last move, held a check by a
/// piece of the rule's `series` kinds.
pub fn series_held(c: &Counters, seat: Seat) -> bool {
    c.state[AT] >> seat.0 & 1 == 1
}

/// A mate by `alone` kinds only: the mated seat's result.
pub const ALONE: crate::vocab::EndReason = super::ModuleId::MateRule.reason(0);
/// A mate with no series check by a `series` kind: the mated seat's result.
pub const UNPREPARED: crate::vocab::EndReason = super::ModuleId::MateRule.reason(1);

/// The switch `mate-rule` (`end.mate-rule`).
pub const MATE_RULE: compose::SwitchId = compose::SwitchId::of(super::ModuleId::MateRule);

impl MateRule {
    /// How a mate of a seat ends the game, given `by(kinds)`: true if a piece of one of
    /// `kinds` (a mask) attacks a royal piece of the mated seat now; `held`: the mater's
    /// earlier series held a `series` check. `None`: the mate counts (`end.checkmate`).
    pub fn judge(
        &self,
        by: impl Fn(u64) -> bool,
        held: bool,
    ) -> Option<(ResultKind, crate::vocab::EndReason)> {
        if self.alone != 0 && !by(!self.alone) {
            return Some((self.alone_result, ALONE));
        }
        if self.series == 0 || held || by(self.series) {
            return None;
        }
        Some((self.otherwise, UNPREPARED))
    }
}

/// The kinds named in `names` as a mask, or `None` after a problem.
fn mask(names: &[Text], cx: &mut Cx<'_>) -> Option<u64> {
    let mut out = 0u64;
    for t in names {
        out |= 1 << cx.kind(t)?.0;
    }
    Some(out)
}

/// The kinds of `mask`, by name.
fn kind_names(mask: u64, names: &Names<'_>) -> String {
    (0..64)
        .filter(|&k| mask >> k & 1 == 1)
        .map(|k| names.kind(Kind(k as u8)))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Module for MateRule {
    const HOOKS: super::Hooks = super::Hooks {
        after_move: true,
        ..super::Hooks::NONE
    };

    const NAME: &'static str = "mate-rule";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: MATE_RULE,
        name: "mate-rule",
        path: "end.mate-rule",
        on: compose::On::NonEmpty,
    }];
    /// Its key is in `end:`.
    const KEYS: &'static [&'static str] = &[];
    const END_KEYS: &'static [&'static str] = &["mate-rule"];
    const STATE: super::State = super::State {
        bytes: 1,
        hashed: false,
    };
    const END_REASONS: &'static [&'static str] = &["mate-by-alone-kinds", "mate-without-series"];
    type Spec = MateRuleSpec;

    const NEEDS: &'static [Need] = &[
        need(
            MATE_RULE,
            super::no_moves::CHECKMATE,
            "it judges checkmates, which `end.checkmate` ends",
        ),
        need(
            MATE_RULE,
            super::royal::ROYAL,
            "without a royal kind there is no check and no mate",
        ),
    ];
    const REFUSES: &'static [Refusal] = &[refuse(
        MATE_RULE,
        super::mate::MATE,
        "with `mate:` a mate does not end the game, so there is no result to judge",
    )];

    fn read(_: &mut Reader, _: &mut Fields<'_>) -> Option<MateRuleSpec> {
        None
    }

    fn read_end(r: &mut Reader, f: &mut Fields<'_>, ranks: Ranks, spec: &mut Option<MateRuleSpec>) {
        let Some(n) = f.opt("mate-rule") else {
            return;
        };
        let Some(mut s) = r.map(n, "mate-rule: { alone, alone-result, series, otherwise }") else {
            return;
        };
        let alone = s.opt("alone").map_or_else(Vec::new, |k| piece_names(r, k));
        let series = s.opt("series").map_or_else(Vec::new, |k| piece_names(r, k));
        let alone_result = s
            .opt("alone-result")
            .map_or(Some(ResultKind::Win), |n| result(r, n, ranks));
        let otherwise = s
            .opt("otherwise")
            .map_or(Some(ResultKind::Draw), |n| result(r, n, ranks));
        s.finish(
            r,
            "`end.mate-rule`",
            &["alone", "alone-result", "series", "otherwise"],
        );
        if alone.is_empty() && series.is_empty() {
            r.error(
                Diagnostic::new(
                    Code::SpecRange,
                    "`end.mate-rule` names no kinds".to_string(),
                    Some(n.span.clone()),
                )
                .help(
                    "give `alone: [KIND…]` (a mate by these alone), `series: [KIND…]` (a mate \
                     counts after a check by one of these), or both"
                        .to_string(),
                ),
            );
            return;
        }
        if let (Some(alone_result), Some(otherwise)) = (alone_result, otherwise) {
            *spec = Some(MateRuleSpec {
                alone,
                alone_result,
                series,
                otherwise,
                node: n.clone(),
            });
        }
    }

    fn compile(spec: &MateRuleSpec, cx: &mut Cx<'_>) -> Option<MateRule> {
        Some(MateRule {
            alone: mask(&spec.alone, cx)?,
            alone_result: spec.alone_result,
            series: mask(&spec.series, cx)?,
            otherwise: spec.otherwise,
        })
    }

    fn explain_end(&self, names: &Names<'_>, _all: &super::Modules) -> Vec<String> {
        let mut out = Vec::new();
        if self.alone != 0 {
            out.push(format!(
                "a mate by {} alone: {}",
                kind_names(self.alone, names),
                result_words(self.alone_result, "the mated seat")
            ));
        }
        if self.series != 0 {
            out.push(format!(
                "a mate whose unbroken series of checks holds none by {}: {}",
                kind_names(self.series, names),
                result_words(self.otherwise, "the mated seat")
            ));
        }
        out
    }

    /// Extends or ends the mover's series of checks.
    #[inline]
    fn after_move<H: Host>(&self, h: &mut H, mv: &Moved, _: &super::Modules) -> Option<Outcome> {
        let s = mv.mover;
        let mover = SeatSet::one(s);
        let (mut gave, mut worthy) = (false, false);
        for t in (0..h.seat_count() as u8).map(Seat) {
            if t == s || !h.is_live(t) || !h.in_check(t) {
                continue;
            }
            gave = true;
            worthy |= self.series != 0
                && h.royals(t)
                    .iter()
                    .any(|sq| h.attacked_by_kinds(Square(sq), mover, self.series));
        }
        let bit = 1u8 << s.0;
        let held = h.counters().state[AT];
        let now = if gave && (worthy || held & bit != 0) {
            held | bit
        } else {
            held & !bit
        };
        if now != held {
            h.set_state(AT, now);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shatar's rule with kinds knight 0, rook 1, bishop 2: a mate by the knight alone goes
    /// to the mated seat; by a bishop with no earlier shak, a draw; by a bishop after a rook's
    /// check in the series, or by a rook and a knight together, it counts.
    #[test]
    fn judges_a_mate_by_its_checkers_and_series() {
        let rule = MateRule {
            alone: 0b001,
            alone_result: ResultKind::Win,
            series: 0b011,
            otherwise: ResultKind::Draw,
        };
        let checkers = |mask: u64| move |kinds: u64| mask & kinds != 0;
        assert_eq!(
            rule.judge(checkers(0b001), false),
            Some((ResultKind::Win, ALONE))
        );
        assert_eq!(
            rule.judge(checkers(0b001), true),
            Some((ResultKind::Win, ALONE))
        );
        assert_eq!(
            rule.judge(checkers(0b100), false),
            Some((ResultKind::Draw, UNPREPARED))
        );
        assert_eq!(rule.judge(checkers(0b100), true), None);
        assert_eq!(rule.judge(checkers(0b011), false), None);
    }
}
