//! Mandatory capture: while the seat to move has a legal capture, only captures are legal —
//! Fairy-Stockfish's `mustCapture`, as its `losers` (with check: a capture must still leave the
//! king safe) and `antichess`/`giveaway` (no royal piece) play it.
//!
//! ```yaml
//! captures: { mandatory: true }
//! ```
//!
//! Key: `captures.mandatory` (a boolean, default `false`: the module is off). A capture is a
//! board move onto another seat's piece, or an en-passant capture; a drop never captures, so
//! with hands a drop is legal only when no capture is. Castling is not a capture.
//!
//! The hot path stays in the engine: `engine/movegen.rs` (`legal_moves`, `count_legal`) keeps
//! only the captures of the legal moves when this module is on, read as one flag
//! (`Modules::captures`), so variants without it generate moves as before. Refused with
//! `dice` ([`MandatoryCapture::REFUSES`]).

use super::compose::{self, Refusal, refuse};
use super::{Cx, Module, Names};
use crate::yaml::{Fields, Reader};

/// The compiled mandatory-capture rule (it has no parameters).
#[derive(Clone, Copy, Debug)]
pub struct MandatoryCapture;

/// The switch `mandatory-capture` (`captures.mandatory`).
pub const MANDATORY_CAPTURE: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Captures);

impl Module for MandatoryCapture {
    const NAME: &'static str = "mandatory-capture";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: MANDATORY_CAPTURE,
        name: "mandatory-capture",
        path: "captures.mandatory",
        on: compose::TRUE,
    }];
    const KEYS: &'static [&'static str] = &["captures"];
    /// `()` when `captures.mandatory: true`.
    type Spec = ();

    const REFUSES: &'static [Refusal] = &[refuse(
        MANDATORY_CAPTURE,
        super::dice::DICE,
        "a dice turn's moves are the moves its dice allow, one die at a time; which of them a \
         capture would rule out is not defined",
    )];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<()> {
        let mut s = r.map(f.opt("captures")?, "captures: { mandatory }")?;
        let on = s
            .opt("mandatory")
            .and_then(|n| r.bool(n, "`mandatory`"))
            .unwrap_or(false);
        s.finish(r, "captures", &["mandatory"]);
        on.then_some(())
    }

    fn compile(_: &(), _: &mut Cx<'_>) -> Option<MandatoryCapture> {
        Some(MandatoryCapture)
    }

    fn explain(&self, _: &Names<'_>) -> Vec<String> {
        vec![
            "mandatory capture: while a capture is legal, only captures are (en passant \
             included; a drop is no capture)"
                .into(),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> (Option<()>, Vec<String>) {
        crate::rules::read_with::<MandatoryCapture>(yaml)
    }

    #[test]
    fn on_only_when_mandatory_is_true() {
        assert_eq!(read("captures: { mandatory: true }\n"), (Some(()), vec![]));
        assert_eq!(read("captures: { mandatory: false }\n").0, None);
        assert_eq!(read("captures: {}\n").0, None);
        assert_eq!(read("name: x\n").0, None);
    }

    #[test]
    fn a_wrong_value_and_an_unknown_key_are_errors() {
        let (spec, errors) = read("captures: { mandatory: yes please, mandatroy: true }\n");
        assert_eq!(spec, None);
        assert_eq!(errors.len(), 2, "{errors:?}");
        let (_, errors) = read("captures: true\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
    }
}
