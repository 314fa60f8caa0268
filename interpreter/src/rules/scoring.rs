//! Capture scoring: the capturer scores the captured piece's `value` (Chaturaji).
//!
//! ```yaml
//! scoring: { capture: true }
//! ```
//!
//! Keys: `capture` (default false; `false` switches the module off). Pieces a module captures
//! (a formation's) score too. Scores are the position's `Counters::scores`.

use super::compose;
use super::{Cx, Hooks, Host, Module, Names};
use crate::vocab::{Piece, Seat};
use crate::yaml::{Fields, Reader};

/// `scoring:` as written.
#[derive(Clone, Debug)]
pub struct ScoringSpec {
    /// `capture: true`: the capturer scores the captured piece's `value`.
    pub capture: bool,
}

/// Compiled capture scoring: each kind's value.
#[derive(Clone, Debug)]
pub struct Scoring {
    /// Points per captured piece, by kind.
    pub values: Vec<i64>,
}

/// The switch `scoring` (`scoring.capture`).
pub const SCORING: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Scoring);

impl Module for Scoring {
    const NAME: &'static str = "scoring";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: SCORING,
        name: "scoring",
        path: "scoring.capture",
        on: compose::TRUE,
    }];
    const KEYS: &'static [&'static str] = &["scoring"];
    type Spec = ScoringSpec;
    const HOOKS: Hooks = Hooks {
        scores: true,
        ..Hooks::NONE
    };

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<ScoringSpec> {
        let mut s = r.map(f.opt("scoring")?, "scoring: { capture }")?;
        let capture = s
            .opt("capture")
            .and_then(|n| r.bool(n, "`capture`"))
            .unwrap_or(false);
        s.finish(r, "scoring", &["capture"]);
        Some(ScoringSpec { capture })
    }

    fn compile(spec: &ScoringSpec, cx: &mut Cx<'_>) -> Option<Scoring> {
        spec.capture.then(|| Scoring {
            values: cx.values.to_vec(),
        })
    }

    fn explain(&self, _: &Names<'_>) -> Vec<String> {
        vec!["scoring: the capturer scores the captured piece's value".into()]
    }

    #[inline]
    fn on_capture<H: Host>(&self, h: &mut H, mover: Seat, captured: Piece) {
        let value = self.values.get(captured.kind().index()).copied();
        h.counters_mut().scores[mover.index()] += value.unwrap_or(0);
    }
}
