//! Match settings: which seat begins each game of a match.
//!
//! ```yaml
//! match: { first-seat: rotate }
//! ```
//!
//! Key: `first-seat`: `fixed` (default; the module is off) or `rotate`: game k of a match
//! starts with seat k mod seats (`Position::start_for_game`).

use super::compose;
use super::{Cx, Module, Names};
use crate::yaml::{Fields, Reader};

/// Each new game of a match starts one seat further on.
#[derive(Clone, Debug)]
pub struct RotateFirstSeat;

/// The switch `first-seat` (`match.first-seat`).
pub const FIRST_SEAT: compose::SwitchId = compose::SwitchId::of(super::ModuleId::FirstSeat);

impl Module for RotateFirstSeat {
    const NAME: &'static str = "match";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: FIRST_SEAT,
        name: "first-seat",
        path: "match.first-seat",
        on: compose::On::Words(&["true", "rotate"]),
    }];
    const KEYS: &'static [&'static str] = &["match"];
    type Spec = bool;

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<bool> {
        let mut s = r.map(f.opt("match")?, "match: { first-seat }")?;
        let rotate = s
            .opt("first-seat")
            .and_then(|n| r.word(n, &["rotate", "fixed"], "first-seat rule"))
            == Some("rotate");
        s.finish(r, "match", &["first-seat"]);
        Some(rotate)
    }

    fn compile(spec: &bool, _: &mut Cx<'_>) -> Option<RotateFirstSeat> {
        spec.then_some(RotateFirstSeat)
    }

    fn explain(&self, _: &Names<'_>) -> Vec<String> {
        vec!["match: each new game starts one seat further on".into()]
    }
}
