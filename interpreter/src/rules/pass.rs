//! Passing (Fairy-Stockfish's `pass`, as janggi plays it): instead of moving, the seat to move
//! may pass its turn, unless one of its royal pieces is attacked; two passes in a row end the
//! game drawn.
//!
//! ```yaml
//! pass: true
//! ```
//!
//! Key: `pass` (`true` or `false`, default off). A pass is the action `pass` (written in UCI as
//! Fairy-Stockfish writes it, the passing seat's royal square twice: `e2e2`); it changes
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

/// The compiled passing rule (it has no parameters).
#[derive(Clone, Copy, Debug)]
pub struct Pass;

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
        on: compose::TRUE,
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
        let on = r.bool(n, "`pass`")?;
        on.then(|| n.clone())
    }

    /// Refused with a set-up phase, where a seat holding pieces must place one.
    fn compile(_spec: &Node, _cx: &mut Cx<'_>) -> Option<Pass> {
        Some(Pass)
    }

    fn explain(&self, _names: &Names<'_>) -> Vec<String> {
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
        assert!(read("pass: false\n").0.is_none());
        assert!(read("name: x\n").0.is_none());
        let (spec, errors) = read("pass: sometimes\n");
        assert_eq!((spec.is_none(), errors.len()), (true, 1), "{errors:?}");
    }
}
