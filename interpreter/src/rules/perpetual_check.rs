//! Perpetual check forbidden (xiangqi's and Fairy-Stockfish's `perpetualCheckIllegal`-like
//! rule): a seat that gave check on each of its own moves through a repeated cycle may not make
//! the move that completes the repetition.
//!
//! ```yaml
//! end: { repetition: { count: 3, perpetual-check: forbidden } }
//! ```
//!
//! Keys: `end.repetition.perpetual-check` (`allowed` or `forbidden`, default `allowed`: the
//! module is off). It needs a royal kind and is refused with `dice` ([`PerpetualCheck::NEEDS`],
//! [`PerpetualCheck::REFUSES`]). Its hook [`Module::after_turn`](super::Module::after_turn)
//! marks each move that gives check (the undo entry's `gave_check`); the legality filter that
//! reads those marks through the repetition window is the engine's repetition machinery
//! (`engine/repetition.rs`, `is_perpetual_check` and `game_moves`), run only when this module
//! is on. Its `explain` text is a clause of the repetition line ([`PerpetualCheck::CLAUSE`]).
//! Perft ignores it.

use super::compose::{self, Need, Refusal, need, refuse};
use super::{Cx, Hooks, Host, Module};
use crate::geometry::Square;
use crate::vocab::{Seat, SeatSet};
use crate::yaml::{Fields, Reader};

/// The compiled rule (it has no parameters).
#[derive(Clone, Copy, Debug)]
pub struct PerpetualCheck;

impl PerpetualCheck {
    /// The clause `explain` adds to the repetition line.
    pub const CLAUSE: &'static str = "; the perpetual checker may not complete it";

    /// True if `seat`'s pieces attack another live seat's royal piece.
    pub fn gives_check<H: Host>(h: &H, seat: Seat) -> bool {
        (0..h.seat_count() as u8).map(Seat).any(|s| {
            s != seat
                && h.is_live(s)
                && h.royals(s)
                    .iter()
                    .any(|sq| h.attacked(Square(sq), SeatSet::one(seat)))
        })
    }
}

/// The switch `perpetual-check` (`end.repetition.perpetual-check`).
pub const PERPETUAL_CHECK: compose::SwitchId =
    compose::SwitchId::of(super::ModuleId::PerpetualCheck);

impl Module for PerpetualCheck {
    const NAME: &'static str = "perpetual-check";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: PERPETUAL_CHECK,
        name: "perpetual-check",
        path: "end.repetition.perpetual-check",
        on: compose::On::Words(&["forbidden"]),
    }];
    /// Its key is inside `end.repetition`, read by the `end:` reader too.
    const KEYS: &'static [&'static str] = &[];
    /// On (`forbidden`).
    type Spec = ();
    const HOOKS: Hooks = Hooks {
        after_turn: true,
        ..Hooks::NONE
    };

    const REFUSES: &'static [Refusal] = &[refuse(
        PERPETUAL_CHECK,
        super::dice::DICE,
        "dice games have no check, so no seat gives perpetual check",
    )];

    const NEEDS: &'static [Need] = &[need(
        PERPETUAL_CHECK,
        super::royal::ROYAL,
        "without a royal kind no move gives check",
    )];

    /// Reads `end.repetition.perpetual-check` under the top-level mapping; the `end:` reader
    /// leaves the key to this module (it only accepts its name).
    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<()> {
        let n = f
            .node
            .get("end")?
            .get("repetition")?
            .get("perpetual-check")?;
        let word = r.word(n, &["allowed", "forbidden"], "perpetual-check rule");
        (word == Some("forbidden")).then_some(())
    }

    fn compile(_: &(), _: &mut Cx<'_>) -> Option<PerpetualCheck> {
        Some(PerpetualCheck)
    }

    /// Marks whether the move just played by `mover` gives check.
    #[inline]
    fn after_turn<H: Host>(&self, h: &mut H, mover: Seat) {
        let gave = Self::gives_check(h, mover);
        h.mark_gave_check(gave);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `yaml` (a top-level mapping) with the perpetual-check schema.
    fn read(yaml: &str) -> (Option<()>, usize) {
        let (spec, errors) = crate::rules::read_with::<PerpetualCheck>(yaml);
        (spec, errors.len())
    }

    #[test]
    fn on_only_when_forbidden() {
        let on = "end: { repetition: { count: 3, perpetual-check: forbidden } }\n";
        assert_eq!(read(on), (Some(()), 0));
        let off = "end: { repetition: { count: 3, perpetual-check: allowed } }\n";
        assert_eq!(read(off), (None, 0));
        assert_eq!(read("end: { repetition: { count: 3 } }\n"), (None, 0));
        assert_eq!(read("name: x\n"), (None, 0));
    }

    #[test]
    fn a_wrong_word_is_an_error() {
        let bad = "end: { repetition: { count: 3, perpetual-check: never } }\n";
        assert_eq!(read(bad), (None, 1));
    }
}
