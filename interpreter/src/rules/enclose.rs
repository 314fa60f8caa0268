//! Capture by enclosing (Fairy-Stockfish's `enclosingDrop` and `flipEnclosedPieces`: reversi,
//! othello and ataxx): a move or drop turns enemy stones over to the mover instead of taking
//! them, drops go only where they enclose (reversi) or touch (ataxx), and the game ends when
//! the board is full.
//!
//! ```yaml
//! enclose: { style: reversi, start: "d4 e4 d5 e5" }   # flipello, flipersi
//! enclose: { style: ataxx, supply: unlimited }          # ataxx
//! ```
//!
//! Keys, inside `enclose` (a mapping):
//! - `style` (required): `reversi` — a drop must enclose, between the dropped stone and
//!   another stone of the mover, an unbroken line of one or more enemy stones along one of the
//!   eight king directions, and every line it encloses turns over to the mover; `ataxx` — a
//!   drop must stand next to (one king step from) a stone of the mover, and after every move
//!   or drop each enemy stone next to the arrival square turns over to the mover.
//! - `start` (square names and rectangles such as `d4-e5`, board coordinates; default none):
//!   while any of these squares is empty, drops go only there, and need enclose nothing
//!   (Fairy-Stockfish's `enclosingDropStart`; flipersi's open centre).
//! - `supply` (`hand`, the default, or `unlimited`): with `unlimited` a drop never empties
//!   the hand — every kind but the `wall` may be dropped at any time (Fairy-Stockfish's
//!   `freeDrops`) — and
//!   FEN writes no hands, as Fairy-Stockfish writes ataxx.
//! - `wall` (a piece name; default none): the kind a wall (`*` in FEN, a dead piece of no
//!   seat that blocks its square) is read as where the setup places none (`setup.dead`):
//!   ataxx's blocked squares, which only positions given in FEN have.
//!
//! A turned stone keeps its kind and changes owner (and facing, to its new owner's). Dead
//! pieces (`setup.dead`, walls written `*` in FEN) are no seat's stones: they break a line
//! and never turn. After every move, when no square is empty the game ends drawn (end reason
//! `board-full`; with `material-count` the seat with more stones wins, as Fairy-Stockfish's
//! `adjudicateFullBoard` with `materialCounting`). A pass (`pass: when-stuck`) turns nothing.
//!
//! The hot path stays in the engine (`engine/enclose.rs`): the drop filter called from drop
//! generation and the turning over after a move, both reading this module's compiled form.
//! Event: `turned` (stones turned over). Refused with dice (a dice turn's later dice would
//! move stones the first one turned) and with teams (which stones a partner's line encloses
//! is not defined), and with royal pieces (`pieces.KIND.royal`, `last-royal`: a royal piece
//! turned over after the move was judged safe).

use super::compose::{self, Refusal, refuse};
use super::{Cx, Host, Module, Moved, Names};
use crate::diag::{Code, Diagnostic};
use crate::vocab::{Outcome, SquareSet};
use crate::yaml::{Fields, Node, Reader, Text, Value};

/// How stones are enclosed and turned over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Reversi: lines of enemy stones between the arrival and another own stone.
    Reversi,
    /// Ataxx: enemy stones next to the arrival square.
    Ataxx,
}

/// `enclose:` as written.
#[derive(Clone, Debug)]
pub struct EncloseSpec {
    /// `style:`.
    pub style: Style,
    /// `start:`: the squares the first drops must fill.
    pub start: Option<Text>,
    /// `supply: unlimited`.
    pub unlimited: bool,
    /// `wall:`: the kind FEN's `*` stands for.
    pub wall: Option<Text>,
    /// The `enclose:` node, for spans.
    pub node: Node,
}

/// The compiled enclosing rule.
#[derive(Clone, Copy, Debug)]
pub struct Enclose {
    /// How stones are enclosed.
    pub style: Style,
    /// The squares the first drops must fill (empty: none).
    pub start: SquareSet,
    /// Drops never empty the hand, and FEN writes no hands.
    pub unlimited: bool,
    /// The kind FEN's `*` (a wall) stands for where the setup places no dead piece.
    pub wall: Option<crate::vocab::Kind>,
}

/// The switch `enclose` (`enclose`).
pub const ENCLOSE: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Enclose);

/// The board is full: a draw (`board-full`), which `material-count` decides.
pub const FULL: crate::vocab::EndReason = super::ModuleId::Enclose.reason(0);

/// True if `n` is a mapping (`enclose: { style: … }`).
fn is_map(n: &Node) -> bool {
    matches!(n.value, Value::Map(_))
}

/// The squares of `text` in board coordinates (the one reader of square lists,
/// [`super::placement::board_squares`]).
fn squares(text: &Text, board: crate::geometry::Board) -> Result<SquareSet, Diagnostic> {
    super::placement::board_squares(text, board)
}

impl Module for Enclose {
    const HOOKS: super::Hooks = super::Hooks {
        after_move: true,
        ..super::Hooks::NONE
    };

    const NAME: &'static str = "enclose";
    const KEYS: &'static [&'static str] = &["enclose"];
    type Spec = EncloseSpec;
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: ENCLOSE,
        name: "enclose",
        path: "enclose",
        on: compose::On::Test(is_map),
    }];
    const REFUSES: &'static [Refusal] = &[
        refuse(
            ENCLOSE,
            super::dice::DICE,
            "a dice turn's later dice would move stones its first move turned over; which of \
             them stay usable is not defined",
        ),
        refuse(
            ENCLOSE,
            super::teams::TEAMS,
            "which stones a line between partners encloses is not defined",
        ),
        refuse(
            ENCLOSE,
            super::royal::ROYAL,
            "an enclosed royal piece would turn over to the mover, after the move was judged \
             safe; which seat it then guards is not defined",
        ),
        refuse(
            ENCLOSE,
            super::last_royal::LAST_ROYAL,
            "an enclosed royal piece would turn over to the mover, after the move was judged \
             safe; which seat it then guards is not defined",
        ),
    ];
    const END_REASONS: &'static [&'static str] = &["board-full"];
    const EVENTS: &'static [&'static str] = &["turned"];

    fn stated_end(&self, _: u8) -> Option<crate::vocab::ResultKind> {
        Some(crate::vocab::ResultKind::Draw)
    }

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<EncloseSpec> {
        let node = f.opt("enclose")?;
        let mut s = r.map(node, "enclose: { style, start, supply, wall }")?;
        let style = match s.opt("style") {
            Some(n) => match r.word(n, &["reversi", "ataxx"], "enclosing style")? {
                "reversi" => Style::Reversi,
                _ => Style::Ataxx,
            },
            None => {
                r.error(
                    Diagnostic::new(
                        Code::SpecRange,
                        "`enclose` needs a `style`: `reversi` or `ataxx`",
                        Some(node.span.clone()),
                    )
                    .label("no `style` here")
                    .help("write e.g. `enclose: { style: reversi }`"),
                );
                return None;
            }
        };
        let start = s
            .opt("start")
            .and_then(|n| super::text(r, n, "the start squares"));
        let unlimited = match s.opt("supply") {
            Some(n) => r.word(n, &["hand", "unlimited"], "supply")? == "unlimited",
            None => false,
        };
        let wall = s
            .opt("wall")
            .and_then(|n| super::text(r, n, "a piece name"));
        s.finish(r, "enclose", &["style", "start", "supply", "wall"]);
        Some(EncloseSpec {
            style,
            start,
            unlimited,
            wall,
            node: node.clone(),
        })
    }

    fn compile(spec: &EncloseSpec, cx: &mut Cx<'_>) -> Option<Enclose> {
        let start = match &spec.start {
            Some(t) => match squares(t, cx.board) {
                Ok(s) => s,
                Err(d) => {
                    cx.errs.push(d);
                    return None;
                }
            },
            None => SquareSet::default(),
        };
        let wall = match &spec.wall {
            Some(t) => Some(cx.kind(t)?),
            None => None,
        };
        Some(Enclose {
            style: spec.style,
            start,
            unlimited: spec.unlimited,
            wall,
        })
    }

    fn explain(&self, _names: &Names<'_>) -> Vec<String> {
        let mut line = match self.style {
            Style::Reversi => {
                "enclose (reversi): a drop must enclose a line of enemy stones between it and \
                 another own stone, in one of the eight directions; every line it encloses \
                 turns over"
            }
            Style::Ataxx => {
                "enclose (ataxx): a drop must stand next to an own stone; after every move or \
                 drop the enemy stones next to the arrival square turn over"
            }
        }
        .to_string();
        if !self.start.is_empty() {
            line += &format!(
                "; while one of the {} start squares is empty, drops go only there",
                self.start.len()
            );
        }
        if self.unlimited {
            line += "; the supply of stones is unlimited";
        }
        vec![line]
    }

    /// The wall kind is brought into games by FEN's `*`.
    fn becomes(&self, kind: crate::vocab::Kind) -> u64 {
        self.wall.map_or(0, |w| 1 << w.0) & !(1 << kind.0)
    }

    fn explain_end(&self, _names: &Names<'_>, all: &super::Modules) -> Vec<String> {
        let decided = if all.material_count.is_some() {
            ", decided by material count"
        } else {
            ""
        };
        vec![format!("board-full: no empty square left: draw{decided}")]
    }

    /// Ends the game drawn when no square is empty (`board-full`).
    fn after_move<H: Host>(
        &self,
        h: &mut H,
        _mv: &Moved,
        _all: &super::Modules,
    ) -> Option<Outcome> {
        full_board(h)
    }

    /// A full board loaded from a position string has ended too (`board-full`).
    fn judge_root<H: Host>(&self, h: &H) -> Option<Outcome> {
        full_board(h)
    }
}

/// `board-full` (a draw, which `material-count` decides) when no square of `h` is empty.
fn full_board<H: Host>(h: &H) -> Option<Outcome> {
    let n = h.board().len();
    let full = (0..n).all(|sq| !h.piece(crate::geometry::Square(sq as u8)).is_empty());
    full.then_some(Outcome::Draw { reason: FULL })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> (Option<EncloseSpec>, Vec<String>) {
        crate::rules::read_with::<Enclose>(yaml)
    }

    #[test]
    fn reads_the_style_start_and_supply() {
        let (spec, errors) = read("enclose: { style: reversi, start: \"d4 e4 d5 e5\" }\n");
        let spec = spec.unwrap();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(spec.style, Style::Reversi);
        assert!(!spec.unlimited);
        assert_eq!(spec.start.unwrap().value, "d4 e4 d5 e5");
        let (spec, _) = read("enclose: { style: ataxx, supply: unlimited }\n");
        let spec = spec.unwrap();
        assert_eq!(spec.style, Style::Ataxx);
        assert!(spec.unlimited);
        assert!(read("name: x\n").0.is_none());
    }

    #[test]
    fn a_missing_style_an_unknown_key_and_a_wrong_word_are_errors() {
        let (spec, errors) = read("enclose: { start: d4 }\n");
        assert!(spec.is_none());
        assert_eq!(errors.len(), 1, "{errors:?}");
        let (_, errors) = read("enclose: { style: reversi, stat: d4 }\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
        let (spec, errors) = read("enclose: { style: go }\n");
        assert!(spec.is_none());
        assert_eq!(errors.len(), 1, "{errors:?}");
    }

    #[test]
    fn start_squares_read_names_and_rectangles() {
        let (spec, _) = read("enclose: { style: reversi, start: \"d4-e5\" }\n");
        let b = crate::geometry::Board { files: 8, ranks: 8 };
        let set = squares(&spec.unwrap().start.unwrap(), b).unwrap();
        let names: Vec<String> = set
            .iter()
            .map(|s| b.name(crate::geometry::Square(s)))
            .collect();
        assert_eq!(names, ["d4", "e4", "d5", "e5"]);
        let (spec, _) = read("enclose: { style: reversi, start: \"d4 z9\" }\n");
        assert!(squares(&spec.unwrap().start.unwrap(), b).is_err());
    }
}
