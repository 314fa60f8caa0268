//! Check counting: the checks each seat gives are counted, so that end conditions can read
//! them (`checks(SEAT)`) — Fairy-Stockfish's `checkCounting`, as its `3check` plays it (the
//! third check wins: `end.conditions` with `checks(mover) >= 3`).
//!
//! ```yaml
//! check-count: 3
//! end:
//!   conditions:
//!     third-check: { when: "checks(mover) >= 3", result: win }
//! ```
//!
//! Key: `check-count` (an integer N from 1 to 99, the number of checks the FEN field counts
//! down from). A move gives check when, after it, a royal piece of another live seat is
//! attacked; it counts once however many royal pieces or seats it attacks. The counts are the
//! position's `Counters::checks`, saved in every undo entry and part of the position's hash
//! (two positions that differ only in checks given are different positions). FEN carries them
//! after the en-passant field as Fairy-Stockfish writes it: the checks each seat has left to
//! give, of N, first seat first (`3+3` at the start, `2+3` after the first seat's first
//! check); a FEN without the field leaves each seat one check to give (`1+1`), as
//! Fairy-Stockfish reads it. It needs a royal kind
//! ([`CheckCount::NEEDS`]).

use super::compose::{self, Need, need};
use super::field::{self, FieldCx, FieldProblem, Place, StateField};
use super::{Cx, Host, Module, Moved, Names};
use crate::vocab::{Counters, MAX_SEATS, Outcome, Seat};
use crate::yaml::{Fields, Reader};

/// The compiled check count.
#[derive(Clone, Copy, Debug)]
pub struct CheckCount {
    /// N: FEN's check field gives the checks each seat has left of N.
    pub of: u8,
}

impl CheckCount {
    /// FEN's check field (`3+3`) for the checks given, `given[seat]`, of the first two seats.
    pub fn fen_field(&self, given: &[u8]) -> String {
        let left = |s: usize| self.of.saturating_sub(given.get(s).copied().unwrap_or(0));
        format!("{}+{}", left(0), left(1))
    }
}

/// The first byte of this module's state ([`Module::STATE`]): per seat, the checks it has
/// given, part of the position's hash.
const AT: usize = super::ModuleId::CheckCount.state_at();

/// Per seat: the checks it has given (`checks(SEAT)`; 0 without `check-count:`).
pub fn checks(c: &Counters) -> [u8; MAX_SEATS] {
    let mut out = [0; MAX_SEATS];
    out.copy_from_slice(&c.state[AT..AT + MAX_SEATS]);
    out
}

/// Sets the checks given by the first seats to `given`, for a position being set up (its
/// hash is computed afterwards).
pub fn set_checks(c: &mut Counters, given: &[u8]) {
    c.state[AT..AT + given.len()].copy_from_slice(given);
}

/// The switch `check-count` (`check-count`).
pub const CHECK_COUNT: compose::SwitchId = compose::SwitchId::of(super::ModuleId::CheckCount);

impl Module for CheckCount {
    const HOOKS: super::Hooks = super::Hooks {
        after_move: true,
        ..super::Hooks::NONE
    };

    const NAME: &'static str = "check-count";
    const STATE: super::State = super::State {
        bytes: MAX_SEATS as u8,
        hashed: true,
    };
    const FIELD: Option<StateField> = Some(StateField {
        name: "checks",
        expected: "`-`, or the checks each seat has given, in turn order, e.g. `1,0`",
        place: Place::Tail,
    });

    /// The checks each seat has given, in turn order (`1,0`); `None` while none has given one.
    fn write_field(c: &Counters, cx: &FieldCx<'_>) -> Option<String> {
        let given = &checks(c)[..cx.letters.len()];
        given.iter().any(|&n| n > 0).then(|| {
            let parts: Vec<String> = given.iter().map(u8::to_string).collect();
            parts.join(",")
        })
    }

    /// One count per seat, each at most N (the N-th check ends the game).
    fn read_field(text: &str, cx: &FieldCx<'_>, c: &mut Counters) -> Result<(), FieldProblem> {
        if text == "-" {
            return Ok(());
        }
        let of = cx.modules.check_count.as_ref().map_or(u8::MAX, |m| m.of);
        let mut given = Vec::new();
        let mut start = 0;
        for part in text.split(',') {
            let at = start..start + part.len();
            let n: u8 = field::number(text, at.clone())?;
            if n > of {
                let why = format!("{n} checks given; the variant counts {of}");
                return Err(FieldProblem::Invalid { at, why });
            }
            given.push(n);
            start += part.len() + 1;
        }
        if given.len() != cx.letters.len() {
            let why = format!(
                "{} given; the variant has {} seats",
                crate::diag::count(given.len(), "count", "counts"),
                cx.letters.len()
            );
            return Err(FieldProblem::Invalid {
                at: 0..text.len(),
                why,
            });
        }
        set_checks(c, &given);
        Ok(())
    }
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: CHECK_COUNT,
        name: "check-count",
        path: "check-count",
        on: compose::On::NonEmpty,
    }];
    const KEYS: &'static [&'static str] = &["check-count"];
    /// N.
    type Spec = u8;

    const NEEDS: &'static [Need] = &[need(
        CHECK_COUNT,
        super::royal::ROYAL,
        "without a royal kind no move gives check",
    )];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<u8> {
        let n = f.opt("check-count")?;
        r.int(n, 1, 99, "`check-count`").map(|n| n as u8)
    }

    fn compile(spec: &u8, _: &mut Cx<'_>) -> Option<CheckCount> {
        Some(CheckCount { of: *spec })
    }

    fn explain(&self, _: &Names<'_>) -> Vec<String> {
        vec![format!(
            "check count: the checks each seat gives are counted (`checks(SEAT)`); FEN gives \
             the checks each seat has left of {} (`{}+{}` at the start)",
            self.of, self.of, self.of
        )]
    }

    /// Counts a check by the mover if a royal piece of another live seat is attacked now.
    #[inline]
    fn after_move<H: Host>(&self, h: &mut H, mv: &Moved, _: &super::Modules) -> Option<Outcome> {
        let gave = (0..h.seat_count() as u8)
            .map(Seat)
            .any(|s| s != mv.mover && h.is_live(s) && h.in_check(s));
        if gave {
            let n = checks(h.counters())[mv.mover.index()];
            h.set_state(AT + mv.mover.index(), n.saturating_add(1));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_number_from_1_to_99() {
        let read = crate::rules::read_with::<CheckCount>;
        assert_eq!(read("check-count: 3\n"), (Some(3), vec![]));
        assert_eq!(read("name: x\n"), (None, vec![]));
        for bad in [
            "check-count: 0\n",
            "check-count: 100\n",
            "check-count: yes\n",
        ] {
            let (spec, errors) = read(bad);
            assert_eq!((spec, errors.len()), (None, 1), "{bad}: {errors:?}");
        }
    }

    #[test]
    fn the_fen_field_counts_down_from_n() {
        let c = CheckCount { of: 3 };
        assert_eq!(c.fen_field(&[0, 0]), "3+3");
        assert_eq!(c.fen_field(&[1, 2]), "2+1");
        // More checks than N (a file whose condition waits for more): never below 0.
        assert_eq!(c.fen_field(&[5, 0]), "0+3");
    }
}
