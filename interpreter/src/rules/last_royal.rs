//! Royal only while it is the last one (Fairy-Stockfish's pseudo-royal pieces,
//! `extinctionPseudoRoyal` with `extinctionPieceCount`): the pieces of the listed kinds are
//! royal for their seat while the seat has at most `at-most` of them on the board, counted
//! together; with more, none of them is royal — it may be left attacked and be captured.
//!
//! ```yaml
//! last-royal: { kinds: [king, prince], at-most: 1 }   # sho shogi: king and crown prince
//! ```
//!
//! Keys: `kinds` (required, a list of piece names; a kind also `royal: true` stays royal
//! whatever the count), `at-most` (default 1, from 1 to 255). A royal piece of these kinds is royal exactly as a
//! `royal: true` one is: a move may not leave it attacked, a seat whose royal piece is attacked
//! is in check, and the end rules of `end:` (`checkmate`, `stalemate`) judge a seat without a
//! legal move. A move that brings a piece of these kinds onto the board is judged as
//! Fairy-Stockfish judges it (`Position::legal`, src/position.cpp):
//! - a drop, or a promotion that makes a new kind of piece (chess's pawn choosing a queen), is
//!   judged with the count after it: a placed piece that makes the seat's count pass `at-most`
//!   leaves the others unroyal, and one that keeps it within is royal, so it may not be placed
//!   attacked (Fairy-Stockfish's `PROMOTION` moves and drops);
//! - a promotion that turns a piece over to its promoted face (a kind whose `demote:` names the
//!   kind it came from: sho shogi's elephant to the prince, written `+E`) changes no royalty for
//!   the move itself: the seat's royal pieces before it must stand unattacked after it, and the
//!   promoted piece is not yet royal (Fairy-Stockfish's `PIECE_PROMOTION` moves, whose
//!   legality reads the royal pieces of the position before the move). So a seat in check may
//!   not escape by promoting an elephant, although the prince would take the king's royalty
//!   away from the next move on.
//!
//! `duple-check: true` (Fairy-Stockfish's `dupleCheck`, spartan chess): while a seat has more
//! than `at-most` of them (none royal), a move may not leave every one of them attacked, and a
//! seat with all of them attacked is in check (so without a legal move it is mated):
//!
//! ```yaml
//! last-royal: { kinds: [king], duple-check: true }   # spartan: black's two kings
//! ```
//!
//! Refused with dice, as `royal`.
//!
//! Like `royal`, the test stays on the engine's hot path and reads this module's compiled data:
//! `engine/position.rs` keeps a seat's royal squares (its `royals` set, through
//! [`LastRoyal::royal_now`] on every put and take of these kinds), and `engine/movegen.rs`
//! judges a move's promotion or drop with [`LastRoyal::placed`]. Every move is tested in full
//! (`Variant::needs_full_legality`), since a promotion may make a piece royal
//! where it stands attacked.

use super::compose::{self, Refusal, refuse};
use super::{Cx, Module, Names, piece_names};
use crate::diag::{Code, Diagnostic};
use crate::vocab::Kind;
use crate::yaml::{Fields, Reader, Text};

/// `last-royal:` as written.
#[derive(Clone, Debug)]
pub struct LastRoyalSpec {
    /// The kinds, counted together.
    pub kinds: Vec<Text>,
    /// Royal while the seat has at most this many of them.
    pub at_most: u8,
    /// `duple-check`: every one of them attacked is a check.
    pub duple_check: bool,
}

/// The compiled rule.
#[derive(Clone, Copy, Debug)]
pub struct LastRoyal {
    /// Bit mask of the kinds (bit = kind index).
    pub kinds: u64,
    /// Royal while the seat has at most this many pieces of them on the board.
    pub at_most: u8,
    /// `duple-check`: a seat whose pieces of the kinds are all attacked is in check, and a
    /// move may not leave them so (Fairy-Stockfish's `dupleCheck`).
    pub duple_check: bool,
}

/// What a move that brings a piece of the kinds onto the board does to royalty
/// ([`LastRoyal::placed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placed {
    /// The placed piece is royal: it may not stand attacked after the move.
    Royal,
    /// The seat's count passes `at-most`: none of its pieces of the kinds is royal after it.
    Unroyal,
    /// Nothing changes.
    Same,
}

impl LastRoyal {
    /// True if `kind` is one of the kinds.
    #[inline]
    pub fn has(&self, kind: Kind) -> bool {
        self.kinds >> kind.0 & 1 == 1
    }

    /// How many pieces of the kinds a seat with these per-kind counts has.
    #[inline]
    pub fn total(&self, kind_count: &[u8]) -> u32 {
        kind_count
            .iter()
            .enumerate()
            .filter(|&(k, _)| self.kinds >> k & 1 == 1)
            .map(|(_, &n)| n as u32)
            .sum()
    }

    /// True if a seat with these per-kind counts has its pieces of the kinds royal now.
    #[inline]
    pub fn royal_now(&self, kind_count: &[u8]) -> bool {
        self.total(kind_count) <= self.at_most as u32
    }

    /// What a move does to royalty that turns a piece of kind `before` (`None`: a drop) into
    /// one of kind `after`, for a seat with these per-kind counts before the move;
    /// `turned_over` is true when `after` is `before`'s promoted face (its `demote:` names
    /// `before`), which changes no royalty for the move itself (see the module doc).
    pub fn placed(
        &self,
        before: Option<Kind>,
        after: Kind,
        turned_over: bool,
        kind_count: &[u8],
    ) -> Placed {
        if turned_over || !self.has(after) || before.is_some_and(|k| self.has(k)) {
            return Placed::Same;
        }
        if self.total(kind_count) < self.at_most as u32 {
            Placed::Royal
        } else {
            Placed::Unroyal
        }
    }
}

/// The switch `last-royal` (`last-royal`).
pub const LAST_ROYAL: compose::SwitchId = compose::SwitchId::of(super::ModuleId::LastRoyal);

impl Module for LastRoyal {
    const NAME: &'static str = "last-royal";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: LAST_ROYAL,
        name: "last-royal",
        path: "last-royal",
        on: compose::On::NonEmpty,
    }];
    const KEYS: &'static [&'static str] = &["last-royal"];
    type Spec = LastRoyalSpec;

    const REFUSES: &'static [Refusal] = &[refuse(
        LAST_ROYAL,
        super::dice::DICE,
        "a seat's move depends on its roll, so it could not always answer a check; in dice \
         games kings are captured",
    )];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<LastRoyalSpec> {
        let n = f.opt("last-royal")?;
        let mut s = r.map(n, "last-royal: { kinds, at-most }")?;
        let kinds = s.req(r, "kinds", "`kinds`").and_then(|k| {
            let names = piece_names(r, k);
            if names.is_empty() {
                r.error(
                    Diagnostic::new(
                        Code::SpecRange,
                        "`last-royal.kinds` names no piece kind".to_string(),
                        Some(k.span.clone()),
                    )
                    .label("no kinds".to_string())
                    .help("list the kinds royal only while they are the last, e.g. `kinds: [king, prince]`".to_string()),
                );
                return None;
            }
            Some(names)
        });
        let at_most = match s.opt("at-most") {
            Some(n) => r.int(n, 1, 255, "`at-most`").map(|n| n as u8),
            None => Some(1),
        };
        let duple_check = match s.opt("duple-check") {
            Some(n) => r.bool(n, "`duple-check`"),
            None => Some(false),
        };
        s.finish(r, "last-royal", &["kinds", "at-most", "duple-check"]);
        Some(LastRoyalSpec {
            kinds: kinds?,
            at_most: at_most?,
            duple_check: duple_check?,
        })
    }

    fn compile(spec: &LastRoyalSpec, cx: &mut Cx<'_>) -> Option<LastRoyal> {
        let mut kinds = 0u64;
        for t in &spec.kinds {
            kinds |= 1 << cx.kind(t)?.0;
        }
        (kinds != 0).then_some(LastRoyal {
            kinds,
            at_most: spec.at_most,
            duple_check: spec.duple_check,
        })
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        let kinds: Vec<&str> = (0..64)
            .filter(|&k| self.kinds >> k & 1 == 1)
            .map(|k| names.kind(Kind(k as u8)))
            .collect();
        let mut out = vec![format!(
            "last royal: {} royal while their seat has at most {} of them on the board",
            kinds.join(", "),
            self.at_most
        )];
        if self.duple_check {
            out.push(format!(
                "duple check: a seat is in check when every one of its pieces of these kinds \
                 ({}) is attacked",
                kinds.join(", ")
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_kinds_and_a_count() {
        let read = crate::rules::read_with::<LastRoyal>;
        let (spec, errors) = read("last-royal: { kinds: [king, prince], at-most: 2 }\n");
        let spec = spec.unwrap();
        assert!(errors.is_empty(), "{errors:?}");
        let names: Vec<&str> = spec.kinds.iter().map(|t| t.value.as_str()).collect();
        assert_eq!((names, spec.at_most), (vec!["king", "prince"], 2));
        assert_eq!(
            read("last-royal: { kinds: [king] }\n").0.unwrap().at_most,
            1
        );
        assert!(read("name: x\n").0.is_none());
        for bad in [
            "last-royal: { kinds: [king], at-most: 0 }\n",
            "last-royal: { at-most: 1 }\n",
            "last-royal: { kinds: [king], extra: 1 }\n",
            "last-royal: { kinds: [] }\n",
            "last-royal: { kinds: [king], duple-check: 2 }\n",
        ] {
            let (_, errors) = read(bad);
            assert_eq!(errors.len(), 1, "{bad}: {errors:?}");
        }
    }

    /// Sho shogi's count (king and prince, kinds 0 and 1, at most 1): royal with one of them,
    /// not with both. A piece of kind 2 becoming a prince by a promotion that makes a new kind
    /// (as a chess pawn's) makes the prince royal only when the seat had none of them, and
    /// takes royalty away when it had one; the elephant turned over to its promoted face (the
    /// prince's `demote:` names it) changes nothing for the move itself.
    #[test]
    fn royal_while_the_count_stays_within() {
        let r = LastRoyal {
            kinds: 0b11,
            at_most: 1,
            duple_check: false,
        };
        assert!(r.royal_now(&[1, 0, 2]));
        assert!(r.royal_now(&[0, 1, 2]));
        assert!(!r.royal_now(&[1, 1, 0]));
        let (elephant, prince) = (Some(Kind(2)), Kind(1));
        assert_eq!(
            r.placed(elephant, prince, false, &[1, 0, 1]),
            Placed::Unroyal
        );
        assert_eq!(r.placed(elephant, prince, false, &[0, 0, 1]), Placed::Royal);
        assert_eq!(r.placed(None, prince, false, &[0, 0, 1]), Placed::Royal);
        assert_eq!(r.placed(elephant, prince, true, &[1, 0, 1]), Placed::Same);
        assert_eq!(r.placed(elephant, prince, true, &[0, 0, 1]), Placed::Same);
        assert_eq!(
            r.placed(Some(Kind(0)), Kind(0), false, &[1, 0, 0]),
            Placed::Same
        );
        assert_eq!(r.placed(elephant, Kind(2), false, &[1, 0, 1]), Placed::Same);
    }
}
