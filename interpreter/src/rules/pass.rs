//! Passing (Fairy-Stockfish's `pass`, as janggi plays it): instead of moving, the seat to move
//! may pass its turn, unless one of its royal pieces is attacked; two passes in a row end the
//! game drawn.
//!
//! ```yaml
//! pass: true
//! ```
//!
//! Key: `pass` (`true`, `when-stuck` or `false`, default off). With `when-stuck` a seat may
//! pass only when it has no other legal move (Fairy-Stockfish's `passOnStalemate`: othello,
//! ataxx); such a seat with no piece on the board has no pass either (it is stalemated), as in
//! Fairy-Stockfish, whose pass is a move of one of the seat's pieces. A pass is the action
//! `pass` (written in UCI as Fairy-Stockfish writes it, the passing seat's royal square twice:
//! `e2e2`; without a royal piece, its lowest square, `a1` first then along the rank:
//! `d4d4`); it changes
//! nothing on the board and counts as a ply for the move rule. A seat whose royal piece is
//! attacked may not pass (under [`bikjang`](super::bikjang), while the royal pieces face, it
//! may). When the last two plies were both passes the game is over, drawn (end reason
//! `double-pass`; [`material_count`](super::material_count) decides such a draw by material).
//! The game ends at once, as Fairy-Stockfish's `is_immediate_game_end` (whose legal move
//! generation, and so perft, has no move after a double pass). Refused with `dice` (a dice
//! turn has its own pass) and with `placement` (a seat holding pieces must place one).

use super::compose::{self, Refusal, refuse};
use super::{Cx, Module, Names};
use crate::vocab::{EndReason, ResultKind};
use crate::yaml::{Fields, Node, Reader};

/// The compiled passing rule.
#[derive(Clone, Copy, Debug)]
pub struct Pass {
    /// `pass: when-stuck`: only a seat with no other legal move may pass.
    pub when_stuck: bool,
}

/// Two passes in a row: a draw (`double-pass`).
pub const PASSES: EndReason = super::ModuleId::Pass.reason(0);

/// The switch `pass` (`pass`).
pub const PASS: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Pass);

impl Module for Pass {
    const NAME: &'static str = "pass";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: PASS,
        name: "pass",
        path: "pass",
        on: compose::On::Words(&["true", "when-stuck"]),
    }];
    const END_REASONS: &'static [&'static str] = &["double-pass"];

    fn stated_end(&self, _: u8) -> Option<ResultKind> {
        Some(ResultKind::Draw)
    }
    const KEYS: &'static [&'static str] = &["pass"];
    /// The key's node, for the refusal's span.
    type Spec = Node;

    const REFUSES: &'static [Refusal] = &[
        refuse(
            PASS,
            super::dice::DICE,
            "a dice turn already ends by passing with a usable die; a turn-long pass of the board \
         is not defined with dice",
        ),
        refuse(
            PASS,
            super::placement::PLACEMENT,
            "in a set-up phase a seat holding pieces must place one; a pass would let it skip \
         that; keep one of them",
        ),
    ];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<Node> {
        let n = f.opt("pass")?;
        if matches!(n.value, crate::yaml::Value::Bool(_)) {
            let on = r.bool(n, "`pass`")?;
            return on.then(|| n.clone());
        }
        if n.scalar_text().is_some_and(|t| t == "when-stuck") {
            return Some(n.clone());
        }
        r.error(
            crate::diag::Diagnostic::new(
                crate::diag::Code::SpecType,
                "expected true, false or when-stuck (`pass`)",
                Some(n.span.clone()),
            )
            .label("expected true, false or when-stuck (`pass`)")
            .help(
                "write `true` (a pass whenever not in check), `when-stuck` (only with no legal \
                 move) or `false`",
            ),
        );
        None
    }

    /// `when-stuck` with royal pieces: whether a seat is stuck is judged on its moves before
    /// royal safety, so it is refused there (a located error at the key).
    fn refuse(spec: &Node, all: &super::Specs) -> Option<crate::diag::Diagnostic> {
        let stuck = spec.scalar_text().is_some_and(|t| t == "when-stuck");
        if !stuck || (all.royal.is_none() && all.last_royal.is_none()) {
            return None;
        }
        Some(
            crate::diag::Diagnostic::new(
                crate::diag::Code::CompileRefusedPair,
                "`pass: when-stuck` cannot be used with royal pieces",
                Some(spec.span.clone()),
            )
            .label("passing only when stuck")
            .help(
                "a seat's being stuck is judged before royal safety; write `pass: true` (a \
                 pass whenever not in check) or remove the royal kinds",
            ),
        )
    }

    /// Refused with a set-up phase, where a seat holding pieces must place one.
    fn compile(spec: &Node, _cx: &mut Cx<'_>) -> Option<Pass> {
        let when_stuck = spec.scalar_text().is_some_and(|t| t == "when-stuck");
        Some(Pass { when_stuck })
    }

    fn explain(&self, _names: &Names<'_>) -> Vec<String> {
        if self.when_stuck {
            return vec![
                "pass: a seat with no legal move passes (only then), if it has a piece on the \
                 board"
                    .into(),
            ];
        }
        vec![
            "pass: the seat to move may pass instead of moving, unless its royal piece is \
             attacked"
                .into(),
        ]
    }

    fn explain_end(&self, _names: &Names<'_>, _all: &super::Modules) -> Vec<String> {
        vec!["double-pass: two passes in a row: draw".into()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_bool() {
        let read = crate::rules::read_with::<Pass>;
        assert!(read("pass: true\n").0.is_some());
        assert!(read("pass: when-stuck\n").0.is_some());
        assert!(read("pass: false\n").0.is_none());
        assert!(read("name: x\n").0.is_none());
        let (spec, errors) = read("pass: sometimes\n");
        assert_eq!((spec.is_none(), errors.len()), (true, 1), "{errors:?}");
    }
}
