//! Limits on moves around check: moves that may not give check, and a royal piece in check
//! that may only capture its checker — Fairy-Stockfish's `checking = false` (racing kings),
//! `dropChecks = false` (supply) and `makpongRule` (makpong).
//!
//! ```yaml
//! giving-check: forbidden          # racing kings: no move or drop may give check
//! giving-check: drops-forbidden    # supply: no drop may give check (moves may)
//! in-check: { royal-moves: capture-only }   # makpong
//! ```
//!
//! Keys:
//! - `giving-check`: `forbidden` (no move or drop may leave a royal piece of another seat
//!   attacked by the mover's pieces, discovered checks included) or `drops-forbidden` (only
//!   drops may not); `allowed` (the default) leaves the module off for this key.
//! - `in-check: { royal-moves: capture-only }`: while the seat to move is in check, a move of a
//!   royal piece is legal only if it captures the checker and that checker is the only one —
//!   the royal square is no longer attacked once the captured piece is gone (Fairy-Stockfish's
//!   makpong: `checkers() ^ to` empty). Other pieces still block or capture as usual; with
//!   two checkers only those other moves remain. `any` (the default) leaves it off.
//!
//! Both only remove moves, after royal safety, in the legality pipeline of
//! `engine/movegen.rs` (`Position::moves_for`, `count_legal`, `has_move`), read as this
//! module's compiled flags, so variants without it generate moves as before. Both need a
//! royal kind ([`CheckLimits::NEEDS`]): without one no move gives check and no seat is in
//! check. Refused with `dice` ([`CheckLimits::REFUSES`]).

use super::compose::{self, Need, Refusal, need, refuse};
use super::{Cx, Module, Names};
use crate::yaml::{Fields, Reader};

/// The compiled limits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckLimits {
    /// No board move may give check (`giving-check: forbidden`).
    pub no_checking_moves: bool,
    /// No drop may give check (`giving-check: forbidden` or `drops-forbidden`).
    pub no_checking_drops: bool,
    /// In check, a royal piece may only capture the single checker
    /// (`in-check: { royal-moves: capture-only }`).
    pub royal_captures_checker: bool,
}

/// The switch `giving-check` (`giving-check`).
pub const GIVING_CHECK: compose::SwitchId = compose::SwitchId::of(super::ModuleId::CheckLimits);

/// The switch `royal-moves` (`in-check.royal-moves`).
pub const ROYAL_MOVES: compose::SwitchId = compose::SwitchId::new(super::ModuleId::CheckLimits, 1);

impl Module for CheckLimits {
    const NAME: &'static str = "check-limits";
    const SWITCHES: &'static [compose::SwitchKey] = &[
        compose::SwitchKey {
            id: GIVING_CHECK,
            name: "giving-check",
            path: "giving-check",
            on: compose::On::Words(&["forbidden", "drops-forbidden"]),
        },
        compose::SwitchKey {
            id: ROYAL_MOVES,
            name: "royal-moves",
            path: "in-check.royal-moves",
            on: compose::On::Words(&["capture-only"]),
        },
    ];
    const KEYS: &'static [&'static str] = &["giving-check", "in-check"];
    type Spec = CheckLimits;

    const NEEDS: &'static [Need] = &[
        need(
            GIVING_CHECK,
            super::royal::ROYAL,
            "without a royal kind no move gives check",
        ),
        need(
            ROYAL_MOVES,
            super::royal::ROYAL,
            "without a royal kind no seat is ever in check",
        ),
    ];

    const REFUSES: &'static [Refusal] = &[
        refuse(
            GIVING_CHECK,
            super::dice::DICE,
            "a dice turn's moves are the moves its dice allow, one die at a time; which of \
             them a check would rule out is not defined",
        ),
        refuse(
            ROYAL_MOVES,
            super::dice::DICE,
            "a dice turn's moves are the moves its dice allow, one die at a time; which of \
             them the rule would rule out is not defined",
        ),
    ];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<CheckLimits> {
        let mut spec = CheckLimits::default();
        if let Some(n) = f.opt("giving-check") {
            match r.word(
                n,
                &["allowed", "forbidden", "drops-forbidden"],
                "`giving-check` rule",
            ) {
                Some("forbidden") => {
                    spec.no_checking_moves = true;
                    spec.no_checking_drops = true;
                }
                Some("drops-forbidden") => spec.no_checking_drops = true,
                _ => {}
            }
        }
        if let Some(n) = f.opt("in-check")
            && let Some(mut s) = r.map(n, "in-check: { royal-moves }")
        {
            spec.royal_captures_checker = s
                .opt("royal-moves")
                .and_then(|n| r.word(n, &["any", "capture-only"], "`royal-moves` rule"))
                == Some("capture-only");
            s.finish(r, "in-check", &["royal-moves"]);
        }
        (spec != CheckLimits::default()).then_some(spec)
    }

    fn compile(spec: &CheckLimits, _: &mut Cx<'_>) -> Option<CheckLimits> {
        Some(*spec)
    }

    fn explain(&self, _: &Names<'_>) -> Vec<String> {
        let mut lines = Vec::new();
        if self.no_checking_moves {
            lines
                .push("giving check: no move or drop may attack another seat's royal piece".into());
        } else if self.no_checking_drops {
            lines.push("giving check: no drop may attack another seat's royal piece".into());
        }
        if self.royal_captures_checker {
            lines.push(
                "in check: a royal piece may move only to capture its checker, when that \
                 checker is the only one"
                    .into(),
            );
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> (Option<CheckLimits>, Vec<String>) {
        crate::rules::read_with::<CheckLimits>(yaml)
    }

    #[test]
    fn each_key_switches_its_limit_on() {
        let all = read("giving-check: forbidden\n").0.unwrap();
        assert!(all.no_checking_moves && all.no_checking_drops && !all.royal_captures_checker);
        let drops = read("giving-check: drops-forbidden\n").0.unwrap();
        assert!(!drops.no_checking_moves && drops.no_checking_drops);
        let mak = read("in-check: { royal-moves: capture-only }\n").0.unwrap();
        assert!(mak.royal_captures_checker && !mak.no_checking_drops);
        assert_eq!(read("giving-check: allowed\n").0, None);
        assert_eq!(read("in-check: { royal-moves: any }\n").0, None);
        assert_eq!(read("name: x\n").0, None);
    }

    #[test]
    fn a_wrong_word_and_an_unknown_key_are_errors() {
        let (_, errors) = read("giving-check: never\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
        let (_, errors) = read("in-check: { royal-move: capture-only }\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
    }
}
