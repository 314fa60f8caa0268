//! Gating (S-chess, Fairy-Stockfish's `gating` with `seirawanGating`): when a piece leaves a
//! square of its seat's first line for the first time, the mover may bring a piece from its
//! hand onto the square it left, as part of the same move. Castling may gate onto the royal's
//! square or onto the castling partner's square.
//!
//! ```yaml
//! gating: {}                       # seirawan: pieces in hand enter only by gating
//! setup:
//!   hand: { hawk: 1, elephant: 1 }
//! ```
//!
//! Key: `gating.drops` (boolean, default false): pieces in hand may also be dropped as in
//! crazyhouse (S-house, with `hands: { captures: true }`); without it a piece in hand enters
//! only by gating, as Fairy-Stockfish's `seirawan` (no `pieceDrops`). Which squares still
//! allow gating — the *gates* — are the first-move rights of the pieces on each seat's first
//! line: a piece standing where the setup put it and that has never moved. Every kind standing
//! on a first line at the start holds such a right under gating (knights, bishops and queens
//! too), so a gate closes when its piece moves (gating or not) or is captured, as
//! Fairy-Stockfish's `gatesBB` does; a piece gated in holds no right, so it opens no gate.
//!
//! The moves: every legal board move whose piece leaves a gate of the mover, once plain and
//! once per kind in the mover's hand gating that kind in (written with the kind's letter after
//! the move, `b1c3h`); a move that promotes never gates. Castling holding both rights also
//! gates onto the partner's square, written as Fairy-Stockfish writes it (`h1e1h`: the partner
//! "taking" the royal). A gating move is legal when the same move without the gated piece is,
//! as Fairy-Stockfish judges it (the piece gated in does not block a check). FEN's castling
//! field names the gates by file (`KQBCDFGkqbcdfg`, X-FEN style: a castling letter for the
//! royal and its partner, the file's letter for every other gate) and the hand in brackets
//! (`[HEhe]`); while a seat's hand is empty and captures do not fill it, its gate letters are
//! not written (they can never be used), as Fairy-Stockfish writes them.
//!
//! The hot path stays in the engine (`engine/gating.rs`: the gating moves and playing them),
//! reading this module's compiled gate lines. Needs a hand (`setup.hand` or
//! `hands.captures`); refused with dice (a gating move has no die).

use super::compose::{self, Need, Refusal, need_any, refuse};
use super::{Cx, Module, Names};
use crate::vocab::{Seat, SquareSet};
use crate::yaml::{Fields, Node, Reader, Value};

/// The compiled gating rule.
#[derive(Clone, Debug, Default)]
pub struct Gating {
    /// Per seat (seat index): the squares of its first line, where its gates can be.
    pub lines: Vec<SquareSet>,
    /// Bit mask (bit = kind index) of the kinds standing on a first line at the start: they
    /// hold first-move rights under gating (their gates).
    pub kinds: u64,
    /// `drops: true`: pieces in hand may also be dropped.
    pub drops: bool,
}

/// `gating:` as written.
#[derive(Clone, Debug)]
pub struct GatingSpec {
    /// `drops:` (default false).
    pub drops: bool,
}

impl Gating {
    /// True if `sq` is on `seat`'s first line (a square a gate of `seat` can be on).
    #[inline]
    pub fn on_line(&self, seat: Seat, sq: u8) -> bool {
        self.lines.get(seat.index()).is_some_and(|l| l.contains(sq))
    }
}

/// The switch `gating` (`gating`).
pub const GATING: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Gating);

/// True if `n` is a mapping: `gating: {}` switches the module on.
fn is_map(n: &Node) -> bool {
    matches!(n.value, Value::Map(_))
}

impl Module for Gating {
    const NAME: &'static str = "gating";
    const KEYS: &'static [&'static str] = &["gating"];
    type Spec = GatingSpec;
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: GATING,
        name: "gating",
        path: "gating",
        on: compose::On::Test(is_map),
    }];
    const REFUSES: &'static [Refusal] = &[refuse(
        GATING,
        super::dice::DICE,
        "a gating move has no die, and each die names the kinds it may move",
    )];
    const NEEDS: &'static [Need] = &[need_any(
        GATING,
        super::hands::HANDS,
        (super::hands::START_HAND, super::hands::GIVEN),
        "gating brings pieces in from the hand, and without `hands: { captures: true }`, \
         `setup.hand` or `hands: { given: true }` no piece is ever in hand",
    )];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<GatingSpec> {
        let mut s = r.map(f.opt("gating")?, "gating: { drops }")?;
        let drops = s
            .opt("drops")
            .and_then(|n| r.bool(n, "`drops`"))
            .unwrap_or(false);
        s.finish(r, "gating", &["drops"]);
        Some(GatingSpec { drops })
    }

    fn compile(spec: &GatingSpec, cx: &mut Cx<'_>) -> Option<Gating> {
        let mut lines = vec![SquareSet::default(); cx.seats.len()];
        let mut kinds = 0u64;
        for &(sq, p) in cx.setup {
            let Some(o) = cx.orients.get(p.orient() as usize) else {
                continue;
            };
            if o.forward_line(cx.board, sq) != 0 {
                continue;
            }
            kinds |= 1 << p.kind().0;
            if let Some(line) = lines.get_mut(p.owner().index()) {
                for s in cx.board.squares() {
                    if o.forward_line(cx.board, s) == 0 {
                        line.insert(s.0);
                    }
                }
            }
        }
        Some(Gating {
            lines,
            kinds,
            drops: spec.drops,
        })
    }

    fn explain(&self, _names: &Names<'_>) -> Vec<String> {
        let mut line = "gating: a piece leaving its start square on its seat's first line for \
                        the first time may bring a piece from the hand onto the square it \
                        leaves (castling: onto the royal's or the partner's square); the move \
                        without the piece gated in must be legal"
            .to_string();
        line += if self.drops {
            "; pieces in hand may also be dropped"
        } else {
            "; pieces in hand enter only by gating"
        };
        vec![line]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> (Option<GatingSpec>, Vec<String>) {
        crate::rules::read_with::<Gating>(yaml)
    }

    #[test]
    fn an_empty_mapping_switches_it_on_and_unknown_keys_are_refused() {
        let (spec, errors) = read("gating: {}\n");
        assert!(
            spec.is_some_and(|s| !s.drops) && errors.is_empty(),
            "{errors:?}"
        );
        let (spec, _) = read("gating: { drops: true }\n");
        assert!(spec.is_some_and(|s| s.drops));
        assert!(read("name: x\n").0.is_none());
        let (_, errors) = read("gating: { squares: all }\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
        let (spec, errors) = read("gating: true\n");
        assert!(spec.is_none());
        assert_eq!(errors.len(), 1, "{errors:?}");
    }
}
