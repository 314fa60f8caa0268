//! Capture scoring: the capturer scores the captured piece's `value` (Chaturaji).
//!
//! ```yaml
//! scoring: { capture: true }
//! ```
//!
//! Keys: `capture` (default false; `false` switches the module off), `ownerless` (default
//! true; `false`: a piece of no seat, a mated army's, scores nothing). Pieces a module captures
//! (a formation's) score too. Scores are the position's `Counters::scores`.

use super::compose;
use super::{Cx, Hooks, Host, Module, Names};
use crate::vocab::{NO_OWNER, Piece, Seat};
use crate::yaml::{Fields, Reader};

/// `scoring:` as written.
#[derive(Clone, Debug)]
pub struct ScoringSpec {
    /// `capture: true`: the capturer scores the captured piece's `value`.
    pub capture: bool,
    /// `ownerless: false`: a piece of no seat (a mated army's, `mate.pieces: ownerless`)
    /// scores nothing (default true: its value).
    pub ownerless: bool,
}

/// Compiled capture scoring: each kind's value.
#[derive(Clone, Debug)]
pub struct Scoring {
    /// Points per captured piece, by kind.
    pub values: Vec<i64>,
    /// True if a piece of no seat scores its value too.
    pub ownerless: bool,
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
        let ownerless = (s.opt("ownerless"))
            .and_then(|n| r.bool(n, "`ownerless`"))
            .unwrap_or(true);
        s.finish(r, "scoring", &["capture", "ownerless"]);
        Some(ScoringSpec { capture, ownerless })
    }

    fn compile(spec: &ScoringSpec, cx: &mut Cx<'_>) -> Option<Scoring> {
        spec.capture.then(|| Scoring {
            values: cx.values.to_vec(),
            ownerless: spec.ownerless,
        })
    }

    fn explain(&self, _: &Names<'_>) -> Vec<String> {
        let mut line = "scoring: the capturer scores the captured piece's value".to_string();
        if !self.ownerless {
            line.push_str(", nothing for a piece of no seat");
        }
        vec![line]
    }

    #[inline]
    fn on_capture<H: Host>(&self, h: &mut H, mover: Seat, captured: Piece) {
        if !self.ownerless && captured.owner() == Seat(NO_OWNER) {
            return;
        }
        let value = self.values.get(captured.kind().index()).copied();
        h.counters_mut().scores[mover.index()] += value.unwrap_or(0);
    }
}
