//! Repetition: the game ends when the same position — placement, hands, counters and the seat
//! to move — occurs for the `count`-th time (chess's threefold repetition, shogi's sennichite).
//!
//! ```yaml
//! end:
//!   repetition: { count: 3, result: draw }
//! ```
//!
//! Keys, inside `end.repetition`: `count` (required, 2 to 100) and `result` (a result word for
//! the seat that made the last move, default `draw`; one that ranks every seat needs
//! `ranking:` keys). `perpetual-check` in the same mapping is the perpetual-check module's.
//! Refused with dice (a dice position recurs only when the rolls do).
//!
//! The engine counts occurrences from the undo log's hashes since the last irreversible move
//! (`engine/outcome.rs::repetitions`, `engine/repetition.rs`); end reason `repetition`.

use super::compose::{self, Refusal, refuse};
use super::{Cx, Module, Names, Ranks, ordinal, result, result_words};
use crate::vocab::ResultKind;
use crate::yaml::{Fields, Reader};

/// The keys this module reads inside `end.repetition`.
pub const REPETITION_KEYS: [&str; 2] = ["count", "result"];

/// `end.repetition`, as written and compiled (nothing to resolve).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// The occurrence that ends the game (3: the third time).
    pub count: u32,
    /// The result for the seat that made the last move.
    pub result: ResultKind,
}

/// Reads `count` and `result` from the `end.repetition` mapping `f`; `None` if `count` is
/// missing or wrong (the problem is in `r`).
pub fn read_repetition(r: &mut Reader, f: &mut Fields<'_>, ranks: Ranks) -> Option<Repetition> {
    let count = f
        .req(r, "count", "the number of occurrences that ends the game")
        .and_then(|n| r.int(n, 2, 100, "the repetition count"));
    let res = f
        .opt("result")
        .and_then(|n| result(r, n, ranks))
        .unwrap_or(ResultKind::Draw);
    Some(Repetition {
        count: count? as u32,
        result: res,
    })
}

/// The switch `repetition` (`end.repetition`).
pub const REPETITION: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Repetition);

impl Module for Repetition {
    const NAME: &'static str = "repetition";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: REPETITION,
        name: "repetition",
        path: "end.repetition",
        on: compose::On::NonEmpty,
    }];
    /// Its keys are in `end.repetition` ([`REPETITION_KEYS`]).
    const KEYS: &'static [&'static str] = &[];
    type Spec = Repetition;

    const REFUSES: &'static [Refusal] = &[refuse(
        REPETITION,
        super::dice::DICE,
        "a dice position recurs only when the same rolls recur, so the count would measure \
         luck; end a quiet dice game with a condition (`rounds_without_capture`) instead",
    )];

    /// The spec is read from `end.repetition` ([`read_repetition`]).
    fn read(_: &mut Reader, _: &mut Fields<'_>) -> Option<Repetition> {
        None
    }

    const END_KEYS: &'static [&'static str] = &["repetition"];

    /// `repetition: { count, result }`; its `perpetual-check` key is read by
    /// [`super::perpetual_check`].
    fn read_end(r: &mut Reader, f: &mut Fields<'_>, ranks: Ranks, spec: &mut Option<Repetition>) {
        if let Some(n) = f.opt("repetition")
            && let Some(mut rf) = r.map(n, "{ count, result }")
        {
            *spec = read_repetition(r, &mut rf, ranks);
            rf.opt("perpetual-check");
            rf.finish(
                r,
                "`end.repetition`",
                &["count", "result", "perpetual-check"],
            );
        }
    }

    fn compile(spec: &Repetition, _: &mut Cx<'_>) -> Option<Repetition> {
        Some(*spec)
    }

    /// One line; a rule that restricts the repetition (perpetual check) appends its clause.
    fn explain_end(&self, _: &Names<'_>, all: &super::Modules) -> Vec<String> {
        let perpetual = if all.perpetual_check.is_some() {
            super::perpetual_check::PerpetualCheck::CLAUSE
        } else {
            ""
        };
        vec![format!(
            "repetition: {} when a position occurs for the {} time{perpetual}",
            result_words(self.result, "the last mover"),
            ordinal(self.count)
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::parse_yaml;

    fn read(yaml: &str, seats: usize) -> (Option<Repetition>, usize) {
        let tree = parse_yaml(&crate::diag::text_source("t.yaml", yaml)).unwrap();
        let mut r = Reader::default();
        let mut f = r.map(&tree, "repetition").unwrap();
        let ranks = Ranks { seats, keys: false };
        let rule = read_repetition(&mut r, &mut f, ranks);
        (rule, r.errors.len())
    }

    #[test]
    fn result_defaults_to_a_draw_and_count_is_required() {
        let (rule, errors) = read("count: 3\n", 2);
        let rule = rule.unwrap();
        assert_eq!((rule.count, rule.result, errors), (3, ResultKind::Draw, 0));
        let names = Names {
            kinds: &[],
            seats: &[],
        };
        assert_eq!(
            rule.explain_end(&names, &crate::rules::Modules::default()),
            ["repetition: draw when a position occurs for the 3rd time"]
        );
        assert_eq!(read("result: win\n", 2), (None, 1));
        assert_eq!(read("count: 1\n", 2).1, 1);
    }

    #[test]
    fn a_loss_for_one_of_four_seats_needs_ranking_keys() {
        let (rule, errors) = read("count: 4\nresult: loss\n", 4);
        assert_eq!(
            (rule.map(|r| r.result), errors),
            (Some(ResultKind::Loss), 1)
        );
        assert_eq!(read("count: 4\nresult: loss\n", 2).1, 0);
    }
}
