//! The capture-all win (Chaturaji's *chaturaji*): a seat that still has a piece of `kind` on
//! the board and has captured a piece of `kind` from every other seat wins at once, its score
//! raised to at least `score`.
//!
//! ```yaml
//! capture-all: { kind: king, score: 54, name: chaturaji }
//! ```
//!
//! Keys: `kind` (required, a piece name), `score` (default 0), `name` (the end reason's and
//! the event's name, default `capture-all`). The capture record is the position's
//! `Counters::taken`, written in the position string's *taken* field.

use super::compose::{self, Refusal, refuse};
use super::{Cx, Hooks, Host, Module, Moved, Names};
use crate::vocab::{EndReason, Kind, MAX_SEATS, Outcome, Piece, ResultKind, Seat};
use crate::yaml::{Fields, Reader, Text};

/// `capture-all:` as written.
#[derive(Clone, Debug)]
pub struct CaptureAllSpec {
    /// The kind that must be captured from every other seat.
    pub kind: Text,
    /// The score the winner is raised to.
    pub score: i64,
    /// The end reason's name (`name:`, default `capture-all`).
    pub name: String,
}

/// The compiled capture-all win.
#[derive(Clone, Debug)]
pub struct CaptureAll {
    /// The kind to capture from every other seat.
    pub kind: Kind,
    /// The winner's score is raised to at least this.
    pub score: i64,
    /// The end reason's name.
    pub name: String,
}

/// The capture-all win, named by the rule file (`capture-all.name`, Chaturaji's
/// "chaturaji"): every seat is ranked.
pub const REASON: EndReason = super::ModuleId::CaptureAll.reason(0);

/// The switch `capture-all` (`capture-all`).
pub const CAPTURE_ALL: compose::SwitchId = compose::SwitchId::of(super::ModuleId::CaptureAll);

impl Module for CaptureAll {
    const NAME: &'static str = "capture-all";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: CAPTURE_ALL,
        name: "capture-all",
        path: "capture-all",
        on: compose::On::NonEmpty,
    }];
    const END_REASONS: &'static [&'static str] = &["capture-all"];

    fn reason_name(&self, _: u8) -> String {
        self.name.clone()
    }

    fn stated_end(&self, _: u8) -> Option<ResultKind> {
        Some(ResultKind::Rank)
    }
    const KEYS: &'static [&'static str] = &["capture-all"];
    type Spec = CaptureAllSpec;
    const HOOKS: Hooks = Hooks {
        after_move: true,
        scores: true,
        ..Hooks::NONE
    };
    const REFUSES: &'static [Refusal] = &[
        Refusal {
            part: CAPTURE_ALL,
            with: super::royal::ROYAL,
            same_kind: true,
            reason: "royal pieces are never captured, so no seat could capture this kind from \
                     every other seat",
        },
        refuse(
            CAPTURE_ALL,
            super::teams::TEAMS,
            "partners cannot capture each other's pieces, so no seat could capture the kind \
             from every other seat",
        ),
    ];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<CaptureAllSpec> {
        let mut s = r.map(f.opt("capture-all")?, "capture-all: { kind, score }")?;
        let kind = s
            .req(r, "kind", "the kind to capture from every other seat")
            .and_then(|n| super::text(r, n, "a piece name"));
        let score = s
            .opt("score")
            .and_then(|n| r.int(n, -1_000_000, 1_000_000, "the score"))
            .unwrap_or(0);
        let name = s
            .opt("name")
            .and_then(|n| r.string(n, "a name"))
            .unwrap_or_else(|| "capture-all".into());
        s.finish(r, "capture-all", &["kind", "score", "name"]);
        Some(CaptureAllSpec {
            kind: kind?,
            score,
            name,
        })
    }

    fn compile(spec: &CaptureAllSpec, cx: &mut Cx<'_>) -> Option<CaptureAll> {
        Some(CaptureAll {
            kind: cx.kind(&spec.kind)?,
            score: spec.score,
            name: spec.name.clone(),
        })
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        let k = names.kind(self.kind);
        vec![format!(
            "capture-all: having captured a {k} of every other seat, with a {k} left, ends the game (score at least {})",
            self.score
        )]
    }

    fn events(&self) -> Vec<String> {
        vec![self.name.clone()]
    }

    #[inline]
    fn on_capture<H: Host>(&self, h: &mut H, mover: Seat, captured: Piece) {
        if captured.kind() == self.kind && captured.owner().index() < MAX_SEATS {
            h.counters_mut().taken[mover.index()].insert(captured.owner());
        }
    }

    #[inline]
    fn after_move<H: Host>(&self, h: &mut H, mv: &Moved, _: &super::Modules) -> Option<Outcome> {
        let mover = mv.mover;
        let others = h.all_seats().without(mover);
        if h.kind_count(mover, self.kind) == 0
            || !(others - h.counters().taken[mover.index()]).is_empty()
        {
            return None;
        }
        let s = &mut h.counters_mut().scores[mover.index()];
        *s = (*s).max(self.score);
        Some(Outcome::Ranked { reason: REASON })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `yaml` (a top-level mapping) with the capture-all schema.
    fn read(yaml: &str) -> (Option<CaptureAllSpec>, Vec<String>) {
        crate::rules::read_with::<CaptureAll>(yaml)
    }

    #[test]
    fn keys_have_their_defaults() {
        let (spec, errors) = read("capture-all: { kind: king }\n");
        let spec = spec.unwrap();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            (spec.kind.value.as_str(), spec.score, spec.name.as_str()),
            ("king", 0, "capture-all")
        );
        let (spec, _) = read("capture-all: { kind: king, score: 54, name: chaturaji }\n");
        let spec = spec.unwrap();
        assert_eq!((spec.score, spec.name.as_str()), (54, "chaturaji"));
    }

    #[test]
    fn a_missing_kind_and_an_unknown_key_are_errors() {
        let (spec, errors) = read("capture-all: { score: 3, scor: 4 }\n");
        assert!(spec.is_none());
        assert_eq!(errors.len(), 2, "{errors:?}");
        let (spec, errors) = read("name: x\n");
        assert!(spec.is_none() && errors.is_empty());
    }
}
