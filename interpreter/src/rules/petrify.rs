//! Petrification on capture (Fairy-Stockfish's `petrifyOnCaptureTypes`, its `petrified`
//! variant): a piece of a petrifying kind that captures turns, on the capture square, into a
//! wall — an inert piece of no seat, written `*` in FEN, that never moves, attacks or is
//! captured, and blocks every move.
//!
//! ```yaml
//! pieces:
//!   king:  { betza: mK }                        # a royal piece that may not capture
//!   stone: { letter: S, betza: "", value: 0 }   # the wall's kind: never moves by itself
//! petrify: { pieces: [queen, rook, bishop, knight], wall: stone }
//! ```
//!
//! Keys: `petrify.pieces` (piece names, required: the kinds that turn into a wall when they
//! capture; a pawn that promotes while capturing petrifies only if the pawn's kind is listed,
//! as Fairy-Stockfish judges the moving piece) and `petrify.wall` (a piece name, required:
//! the kind of the wall left on the capture square).
//!
//! A capture's legality is judged as without petrification (the wall stands where the
//! capturer would: no attack on the mover's royal piece changes), and a petrified capturer
//! gives no check. Fairy-Stockfish's petrified king is a pseudo-royal commoner that may not
//! capture (it would petrify) and so attacks no royal piece: a rule file says it with a
//! royal king moving `mK`. Fairy-Stockfish still counts that king's steps in two places, and
//! so does this module wherever it is on (it assumes royal pieces that step as kings): a
//! royal piece one king step from an opponent's royal piece may not castle, nor castle across
//! a square one step from it, and a seat with no legal move whose royal piece touches an
//! opponent's royal piece is mated, not stalemated.
//!
//! The hot path stays in the engine (`engine/petrify.rs`): the wall put after a capture.
//! Refused with explosions (two rules for the capture square), and with walls and enclosing
//! (a second wall kind: `*` in FEN would be ambiguous) ([`Petrify::REFUSES`]).

use super::compose::{self, Refusal, refuse};
use super::{Cx, Module, Names};
use crate::vocab::{Kind, NO_OWNER, Piece, Seat};
use crate::yaml::{Fields, Reader, Text};

/// `petrify:` as written.
#[derive(Clone, Debug)]
pub struct PetrifySpec {
    /// `pieces:`: the kinds that turn into a wall when they capture.
    pub pieces: Vec<Text>,
    /// `wall:`: the kind of the wall.
    pub wall: Text,
}

/// The compiled petrification rule.
#[derive(Clone, Copy, Debug)]
pub struct Petrify {
    /// Bit mask (bit = kind index) of the kinds that petrify when they capture.
    pub kinds: u64,
    /// The wall as it stands on the board: a dead piece of the wall's kind and of no seat.
    pub wall: Piece,
}

impl Petrify {
    /// True if a capture by a piece of `kind` (the kind that moved, before any promotion)
    /// turns it into a wall.
    #[inline]
    pub fn petrifies(&self, kind: Kind) -> bool {
        self.kinds >> kind.0 & 1 == 1
    }
}

/// The switch `petrify` (`petrify`).
pub const PETRIFY: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Petrify);

impl Module for Petrify {
    const NAME: &'static str = "petrify";
    const KEYS: &'static [&'static str] = &["petrify"];
    type Spec = PetrifySpec;
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: PETRIFY,
        name: "petrify",
        path: "petrify",
        on: compose::On::NonEmpty,
    }];
    const REFUSES: &'static [Refusal] = &[
        refuse(
            PETRIFY,
            super::explosion::EXPLOSIONS,
            "a blast and a petrification would both decide what stays on the capture square",
        ),
        refuse(
            PETRIFY,
            super::walls::WALLS,
            "two wall kinds on one board: `*` in FEN would not say which",
        ),
        refuse(
            PETRIFY,
            super::enclose::ENCLOSE,
            "two wall kinds on one board: `*` in FEN would not say which",
        ),
    ];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<PetrifySpec> {
        let node = f.opt("petrify")?;
        let mut s = r.map(node, "petrify: { pieces, wall }")?;
        let pieces = s
            .req(
                r,
                "pieces",
                "the kinds that petrify when they capture, piece names",
            )
            .map(|n| super::piece_names(r, n));
        let wall = s
            .req(r, "wall", "the kind of the wall, a piece name")
            .and_then(|n| super::text(r, n, "a piece name"));
        s.finish(r, "petrify", &["pieces", "wall"]);
        Some(PetrifySpec {
            pieces: pieces?,
            wall: wall?,
        })
    }

    fn compile(spec: &PetrifySpec, cx: &mut Cx<'_>) -> Option<Petrify> {
        // Every unknown name at once: the petrifying kinds are read before the wall's fate.
        let kinds = spec
            .pieces
            .iter()
            .filter_map(|t| cx.kind(t))
            .fold(0u64, |m, k| m | 1 << k.0);
        let kind: Kind = cx.kind(&spec.wall)?;
        if !super::walls::unseated(kind, &spec.wall, cx) {
            return None;
        }
        let wall = Piece::new(kind, Seat(NO_OWNER), cx.first_orient).killed();
        Some(Petrify { kinds, wall })
    }

    /// A capture by a petrifying kind brings the wall into the game.
    fn becomes(&self, kind: Kind) -> u64 {
        if self.petrifies(kind) {
            1 << self.wall.kind().0
        } else {
            0
        }
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        let list = (0..names.kinds.len())
            .filter(|&i| self.kinds >> i & 1 == 1)
            .map(|i| names.kind(Kind(i as u8)).to_string())
            .collect::<Vec<_>>()
            .join(", ");
        vec![format!(
            "petrify: a capturing {list} turns into a wall ({}: of no seat, never moved or \
             captured, written `*` in FEN) on the capture square",
            names.kind(self.wall.kind())
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> (Option<PetrifySpec>, Vec<String>) {
        crate::rules::read_with::<Petrify>(yaml)
    }

    #[test]
    fn both_keys_are_read_and_required() {
        let (spec, errors) = read("petrify: { pieces: [rook, knight], wall: stone }\n");
        assert!(errors.is_empty(), "{errors:?}");
        let spec = spec.unwrap();
        assert_eq!(spec.pieces.len(), 2);
        assert_eq!(spec.wall.value, "stone");
        let (spec, errors) = read("petrify: { pieces: [rook] }\n");
        assert!(spec.is_none());
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(read("name: x\n").0.is_none());
    }

    #[test]
    fn an_unknown_key_is_an_error() {
        let (_, errors) = read("petrify: { pieces: [rook], wall: stone, walls: x }\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
    }

    #[test]
    fn only_listed_kinds_petrify() {
        let p = Petrify {
            kinds: 0b101,
            wall: Piece::EMPTY,
        };
        assert!(p.petrifies(Kind(0)) && !p.petrifies(Kind(1)) && p.petrifies(Kind(2)));
    }
}
