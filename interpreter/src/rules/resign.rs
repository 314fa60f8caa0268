//! Resignation: a seat may resign at the start of its turn, before rolling; its pieces stay on
//! the board, inert, and it takes no more turns (Chaturaji).
//!
//! ```yaml
//! resign: true
//! ```
//!
//! Key: `resign` (a boolean, default false). The engine's `Position::resign` plays it; the
//! resigned seats are the position's `Counters::resigned`.

use super::compose;
use super::{Cx, Module, Names};
use crate::yaml::{Fields, Reader};

/// Resignation is allowed.
#[derive(Clone, Debug)]
pub struct Resign;

/// The switch `resign` (`resign`).
pub const RESIGN: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Resign);

impl Module for Resign {
    const NAME: &'static str = "resign";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: RESIGN,
        name: "resign",
        path: "resign",
        on: compose::TRUE,
    }];
    const KEYS: &'static [&'static str] = &["resign"];
    type Spec = bool;

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<bool> {
        r.bool(f.opt("resign")?, "`resign`")
    }

    fn compile(spec: &bool, _: &mut Cx<'_>) -> Option<Resign> {
        spec.then_some(Resign)
    }

    fn explain(&self, _: &Names<'_>) -> Vec<String> {
        vec!["resignation: at the start of a turn; the pieces stay, inert".into()]
    }

    const EVENTS: &'static [&'static str] = &["resignations"];
}
