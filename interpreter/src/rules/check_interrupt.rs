//! The check interrupt (four-player chaturanga as some rule books play it): after a move, a
//! seat whose royal piece is attacked moves next, out of turn — the nearest such seat
//! clockwise from the mover first; play then goes on clockwise from the seat that moved.
//!
//! ```yaml
//! check: { interrupt: true }
//! ```
//!
//! Keys: `check.interrupt` (a boolean, default `false`: the module is off). It needs a royal
//! kind (`pieces.KIND.royal`) and is refused with `dice` ([`CheckInterrupt::REFUSES`],
//! [`CheckInterrupt::NEEDS`]). A turn given out of order counts as a `check-interrupts` event;
//! the count is the undo entry's `interrupts`, kept by the engine's turn passing
//! (`engine/turns.rs`), which asks this module for the seat due through
//! [`Module::next_due`](super::Module::next_due).

use super::compose::{self, Need, Refusal, need, refuse};
use super::{Cx, Hooks, Host, Module, Names};
use crate::vocab::Seat;
use crate::yaml::{Fields, Reader};

/// The compiled check interrupt (it has no parameters).
#[derive(Clone, Copy, Debug)]
pub struct CheckInterrupt;

/// The switch `check-interrupt` (`check.interrupt`).
pub const CHECK_INTERRUPT: compose::SwitchId =
    compose::SwitchId::of(super::ModuleId::CheckInterrupt);

impl Module for CheckInterrupt {
    const NAME: &'static str = "check-interrupt";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: CHECK_INTERRUPT,
        name: "check-interrupt",
        path: "check.interrupt",
        on: compose::TRUE,
    }];
    const KEYS: &'static [&'static str] = &["check"];
    /// `true` when `check.interrupt: true`.
    type Spec = ();
    const HOOKS: Hooks = Hooks {
        next_due: true,
        ..Hooks::NONE
    };

    const REFUSES: &'static [Refusal] = &[refuse(
        CHECK_INTERRUPT,
        super::dice::DICE,
        "dice games have no check (royal pieces are refused with dice), and a dice turn of \
         several moves would be cut short; a checked seat cannot be given a turn out of order",
    )];

    const NEEDS: &'static [Need] = &[need(
        CHECK_INTERRUPT,
        super::royal::ROYAL,
        "without a royal kind no seat is ever in check",
    )];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<()> {
        let mut s = r.map(f.opt("check")?, "check: { interrupt }")?;
        let on = s
            .opt("interrupt")
            .and_then(|n| r.bool(n, "`interrupt`"))
            .unwrap_or(false);
        s.finish(r, "check", &["interrupt"]);
        on.then_some(())
    }

    fn compile(_: &(), _: &mut Cx<'_>) -> Option<CheckInterrupt> {
        Some(CheckInterrupt)
    }

    fn explain(&self, _: &Names<'_>) -> Vec<String> {
        vec![
            "check interrupt: a seat in check moves next, nearest clockwise from the mover first"
                .into(),
        ]
    }

    const EVENTS: &'static [&'static str] = &["check-interrupts"];

    /// The nearest live seat clockwise from `from` that is in check, if any.
    #[inline]
    fn next_due<H: Host>(&self, h: &H, from: Seat) -> Option<Seat> {
        let mut s = from;
        for _ in 1..h.seat_count() {
            s = h.next_seat(s);
            if h.is_live(s) && h.in_check(s) {
                return Some(s);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `yaml` (a top-level mapping) with the check-interrupt schema.
    fn read(yaml: &str) -> (Option<()>, usize) {
        let (spec, errors) = crate::rules::read_with::<CheckInterrupt>(yaml);
        (spec, errors.len())
    }

    #[test]
    fn on_only_when_interrupt_is_true() {
        assert_eq!(read("check: { interrupt: true }\n"), (Some(()), 0));
        assert_eq!(read("check: { interrupt: false }\n"), (None, 0));
        assert_eq!(read("check: {}\n"), (None, 0));
        assert_eq!(read("name: x\n"), (None, 0));
    }

    #[test]
    fn a_wrong_value_and_an_unknown_key_are_errors() {
        assert_eq!(read("check: { interrupt: 3, interupt: true }\n"), (None, 2));
    }
}
