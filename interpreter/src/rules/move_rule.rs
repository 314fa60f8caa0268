//! The n-move rule: the game ends after `moves` moves by each seat without a capture, a drop
//! or a move of a `reset-by` kind (chess's fifty-move rule: `moves: 50, reset-by: [pawn]`).
//!
//! ```yaml
//! end:
//!   move-rule: { moves: 50, reset-by: [pawn], result: draw }
//! ```
//!
//! Keys, inside `end.move-rule`: `moves` (required, 1 to 100000, per seat), `reset-by` (piece
//! names, default none; an unknown name is a located error) and `result` (a result word for
//! the seat that made the last move, default `draw`).
//!
//! The engine keeps the count in `Position::halfmove` (`engine/play.rs`, reset through
//! [`MoveRule::resets`]) and ends the game in `engine/outcome.rs`; end reason `move-rule`.

use super::compose;
use super::{Cx, Module, Names, Ranks, result, result_words};
use crate::vocab::{Kind, ResultKind};
use crate::yaml::{Fields, Node, Reader, Text};

/// `end.move-rule` as written.
#[derive(Clone, Debug)]
pub struct MoveRuleSpec {
    /// Moves per seat.
    pub moves: u32,
    /// Kinds whose moves reset the count (captures always do).
    pub reset_by: Vec<Text>,
    /// The result when it applies.
    pub result: ResultKind,
}

/// Reads `end.move-rule` at `node`; `None` if it is wrong (the problems are in `r`).
pub fn read_move_rule(r: &mut Reader, node: &Node, ranks: Ranks) -> Option<MoveRuleSpec> {
    let mut f: Fields = r.map(node, "{ moves, reset-by, result }")?;
    let moves = f
        .req(r, "moves", "the number of moves per seat")
        .and_then(|n| r.int(n, 1, 100_000, "the move count"));
    let reset_by = f
        .opt("reset-by")
        .map(|n| super::piece_names(r, n))
        .unwrap_or_default();
    let res = f
        .opt("result")
        .and_then(|n| result(r, n, ranks))
        .unwrap_or(ResultKind::Draw);
    f.finish(r, "`end.move-rule`", &["moves", "reset-by", "result"]);
    Some(MoveRuleSpec {
        moves: moves? as u32,
        reset_by,
        result: res,
    })
}

/// The compiled move rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRule {
    /// Plies without a reset that end the game: moves per seat × seats.
    pub plies: u32,
    /// The result for the seat that made the last move.
    pub result: ResultKind,
    /// Bit mask of the kinds whose moves reset the count.
    pub resets: u64,
}

impl MoveRule {
    /// True if a move of `kind` resets the count.
    #[inline]
    pub fn resets(&self, kind: Kind) -> bool {
        self.resets >> kind.0 & 1 == 1
    }
}

/// The switch `move-rule` (`end.move-rule`).
pub const MOVE_RULE: compose::SwitchId = compose::SwitchId::of(super::ModuleId::MoveRule);

impl Module for MoveRule {
    const NAME: &'static str = "move-rule";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: MOVE_RULE,
        name: "move-rule",
        path: "end.move-rule",
        on: compose::On::NonEmpty,
    }];
    /// Its keys are in `end.move-rule` ([`read_move_rule`]).
    const KEYS: &'static [&'static str] = &[];
    type Spec = MoveRuleSpec;

    /// The spec is read from `end.move-rule` ([`read_move_rule`]).
    fn read(_: &mut Reader, _: &mut Fields<'_>) -> Option<MoveRuleSpec> {
        None
    }

    const END_KEYS: &'static [&'static str] = &["move-rule"];

    fn read_end(r: &mut Reader, f: &mut Fields<'_>, ranks: Ranks, spec: &mut Option<MoveRuleSpec>) {
        if let Some(n) = f.opt("move-rule") {
            *spec = read_move_rule(r, n, ranks);
        }
    }

    fn compile(spec: &MoveRuleSpec, cx: &mut Cx<'_>) -> Option<MoveRule> {
        let resets = spec
            .reset_by
            .iter()
            .filter_map(|t| cx.kind(t))
            .fold(0u64, |m, k| m | 1 << k.0);
        Some(MoveRule {
            plies: spec.moves.saturating_mul(cx.seats.len().max(1) as u32),
            result: spec.result,
            resets,
        })
    }

    fn explain_end(&self, names: &Names<'_>, _all: &super::Modules) -> Vec<String> {
        let resets: Vec<&str> = (0..names.kinds.len() as u8)
            .filter(|&k| self.resets(Kind(k)))
            .map(|k| names.kind(Kind(k)))
            .collect();
        vec![format!(
            "move rule: {} after {} without a capture{}",
            result_words(self.result, "the last mover"),
            crate::diag::count(self.plies as usize, "ply", "plies"),
            if resets.is_empty() {
                String::new()
            } else {
                format!(" or a move of {}", resets.join(", "))
            }
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Diagnostics;
    use crate::yaml::parse_yaml;

    /// Reads and compiles `end.move-rule` written in `yaml`, for kinds `pawn`, `king` and
    /// `seats` seats; the number of problems.
    fn compile(yaml: &str, seats: usize) -> (Option<MoveRule>, usize) {
        let tree = parse_yaml(&crate::diag::text_source("t.yaml", yaml)).unwrap();
        let mut r = Reader::default();
        let ranks = Ranks { seats, keys: false };
        let Some(spec) = read_move_rule(&mut r, &tree, ranks) else {
            return (None, r.errors.len());
        };
        let mut errs = Diagnostics::default();
        let names: Vec<String> = (0..seats).map(|i| format!("s{i}")).collect();
        let mut cx = Cx::for_tests(&["pawn", "king"], &[1, 0], &names, &mut errs);
        let rule = MoveRule::compile(&spec, &mut cx);
        (rule, r.errors.len() + errs.len())
    }

    #[test]
    fn moves_per_seat_become_plies_and_reset_by_names_kinds() {
        let (rule, errors) = compile("{ moves: 50, reset-by: [pawn] }", 2);
        let rule = rule.unwrap();
        assert_eq!(
            (rule.plies, rule.result, errors),
            (100, ResultKind::Draw, 0)
        );
        assert!(rule.resets(Kind(0)) && !rule.resets(Kind(1)));
        let names = Names {
            kinds: &["pawn", "king"],
            seats: &[],
        };
        assert_eq!(
            rule.explain_end(&names, &crate::rules::Modules::default()),
            ["move rule: draw after 100 plies without a capture or a move of pawn"]
        );
        assert_eq!(compile("{ moves: 10 }", 4).0.unwrap().plies, 40);
    }

    #[test]
    fn an_unknown_kind_and_a_missing_count_are_errors() {
        assert_eq!(compile("{ moves: 5, reset-by: [pwan] }", 2).1, 1);
        assert_eq!(compile("{ reset-by: [pawn] }", 2), (None, 1));
    }
}
