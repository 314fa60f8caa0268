//! Two-part moves with walls (Fairy-Stockfish's `wallingRule`): every move is followed, as
//! part of the same ply, by a compulsory second action of the same seat that puts a wall — an
//! inert piece of no seat, written `*` in FEN — on a square of the board after the move.
//!
//! ```yaml
//! pieces:
//!   duck: { letter: D, betza: "", value: 0 }   # the wall's kind: never moves by itself
//! walls: { piece: duck, rule: duck }           # duck chess
//! walls: { piece: arrow, rule: arrow }         # the game of the Amazons
//! walls: { piece: wall, rule: past }           # joust, snailtrail: the square left
//! walls: { piece: wall, rule: anywhere, not-on: "c1 d8" }  # isolation
//! ```
//!
//! Keys: `walls.piece` (a piece name, required: the kind every wall is; walls are dead pieces
//! of no seat, never moved, attacked or captured, and block every move), `walls.rule` (one of
//! `duck`, `arrow`, `past`, `anywhere`; default `anywhere`) and `walls.not-on` (squares in
//! board coordinates where no wall may be put, default none: Fairy-Stockfish's
//! `wallingRegion`, isolation's start squares).
//!
//! The rules, as Fairy-Stockfish's `wallingRule` places the wall (`gating_square`):
//! - `duck`: the walls already on the board are taken away and one is put on any empty square
//!   of the board after the move (so the duck moves every ply, and never stays where it was);
//! - `arrow`: on an empty square the moved piece could move to from its new square (an
//!   amazon shoots its arrow as a queen from where it landed);
//! - `past`: on the square the piece left (joust, snailtrail);
//! - `anywhere`: on any empty square (isolation).
//!
//! A move with no square for its wall is not legal. The move and its wall are one action and
//! one ply (Fairy-Stockfish's perft counts them so), written in coordinates as
//! Fairy-Stockfish's UCI writes them: the move, a comma, the target square and the wall's
//! square (`e2e4,e4d5`); [`crate::vocab::Move::wall`] holds the wall's square. An en-passant
//! mark is dropped when the wall lands on its square.
//!
//! The hot path stays in the engine: `engine/walls.rs` lists the wall squares of every legal
//! move (the last stage of `engine/movegen.rs`'s pipeline, only where this module is on) and
//! puts the wall after the move (`engine/play.rs`). Refused with dice, mates that go on
//! (`mate:`, `points:`),
//! hands (captured or given at the start) and the set-up phase
//! ([`Walls::REFUSES`]).

use super::compose::{self, Refusal, refuse};
use super::{Cx, Module, Names};
use crate::diag::{Code, Diagnostic};
use crate::vocab::{Kind, NO_OWNER, Piece, Seat, SquareSet};
use crate::yaml::{Fields, Reader, Text};
use std::sync::Arc;

/// Where a wall goes after a move (Fairy-Stockfish's `WallingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallRule {
    /// The walls on the board are taken away; the new one goes on any empty square.
    Duck,
    /// On an empty square the moved piece could move to from where it landed.
    Arrow,
    /// On the square the moved piece left.
    Past,
    /// On any empty square.
    Anywhere,
}

impl WallRule {
    /// The rule-file words, in enum order.
    pub const WORDS: [&'static str; 4] = ["duck", "arrow", "past", "anywhere"];

    fn parse(w: &str) -> Option<WallRule> {
        Some(match w {
            "duck" => WallRule::Duck,
            "arrow" => WallRule::Arrow,
            "past" => WallRule::Past,
            "anywhere" => WallRule::Anywhere,
            _ => return None,
        })
    }
}

/// `walls:` as written.
#[derive(Clone, Debug)]
pub struct WallsSpec {
    /// `piece:`: the kind every wall is.
    pub piece: Text,
    /// `rule:` (default `anywhere`).
    pub rule: WallRule,
    /// `not-on:`: squares where no wall may be put.
    pub not_on: Option<Text>,
    /// Where `rule:` (or, without it, `walls:`) is written, for errors.
    pub span: crate::diag::Span,
}

/// The compiled walls rule.
#[derive(Clone, Copy, Debug)]
pub struct Walls {
    /// The wall as it stands on the board: a dead piece of the wall's kind and of no seat.
    pub piece: Piece,
    /// Where the wall goes.
    pub rule: WallRule,
    /// The squares a wall may be put on (the board less `not-on`).
    pub region: SquareSet,
}

/// The switch `walls` (`walls`).
pub const WALLS: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Walls);

impl Module for Walls {
    const NAME: &'static str = "walls";
    const KEYS: &'static [&'static str] = &["walls"];
    type Spec = WallsSpec;
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: WALLS,
        name: "walls",
        path: "walls",
        on: compose::On::NonEmpty,
    }];
    const REFUSES: &'static [Refusal] = &[
        refuse(
            WALLS,
            super::dice::DICE,
            "a dice turn of several moves would put several walls; which move carries the \
             wall is not defined",
        ),
        refuse(
            WALLS,
            super::mate::MATE,
            "a mated seat's turn passes without a move, so without a wall; the duck's or the \
             arrows' order would not be defined",
        ),
        refuse(
            WALLS,
            super::points::POINTS,
            "a seat with no legal move is passed over and play goes on, so a turn would pass \
             without its wall",
        ),
        refuse(
            WALLS,
            super::hands::HANDS,
            "drops with a second action are not defined (Fairy-Stockfish places no wall after \
             a drop in any variant)",
        ),
        refuse(
            WALLS,
            super::hands::START_HAND,
            "drops from a start hand followed by a wall are not defined",
        ),
        refuse(
            WALLS,
            super::placement::PLACEMENT,
            "a set-up phase places pieces, not walls; a wall after each placement is not \
             defined",
        ),
    ];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<WallsSpec> {
        let node = f.opt("walls")?;
        let mut s = r.map(node, "walls: { piece, rule, not-on }")?;
        let span = s.opt("rule").map_or(&node.span, |n| &n.span).clone();
        let piece = s
            .req(r, "piece", "the kind every wall is, a piece name")
            .and_then(|n| super::text(r, n, "a piece name"));
        let rule = s
            .opt("rule")
            .and_then(|n| r.word(n, &WallRule::WORDS, "wall rule"))
            .and_then(WallRule::parse)
            .unwrap_or(WallRule::Anywhere);
        let not_on = s.opt("not-on").and_then(|n| super::text(r, n, "squares"));
        s.finish(r, "walls", &["piece", "rule", "not-on"]);
        Some(WallsSpec {
            piece: piece?,
            rule,
            not_on,
            span,
        })
    }

    /// `rule: duck` with royal pieces: taking the duck away may uncover an attack on a royal
    /// piece, which no rule of Fairy-Stockfish's (its duck chess has no royal piece) judges.
    fn refuse(spec: &WallsSpec, all: &super::Specs) -> Option<crate::diag::Diagnostic> {
        let royal = all.royal.as_ref().is_some_and(|r| !r.is_empty()) || all.last_royal.is_some();
        (spec.rule == WallRule::Duck && royal).then(|| {
            crate::diag::Diagnostic::new(
                crate::diag::Code::CompileRefusedPair,
                "`walls.rule: duck` cannot be combined with royal pieces (`pieces.KIND.royal`, \
                 `last-royal`): taking the duck away may uncover an attack on a royal piece, \
                 and whether such a move is legal is not defined",
                Some(spec.span.clone()),
            )
            .label("the duck is taken away after every move")
            .help(
                "duck chess has no check: make the king an ordinary piece (`royal: false`) \
                 and end the game on its capture (`count(opponent, king) == 0`), or use \
                 `rule: anywhere`, whose walls stay",
            )
        })
    }

    fn compile(spec: &WallsSpec, cx: &mut Cx<'_>) -> Option<Walls> {
        let kind: Kind = cx.kind(&spec.piece)?;
        if !unseated(kind, &spec.piece, cx) {
            return None;
        }
        let piece = Piece::new(kind, Seat(NO_OWNER), cx.first_orient).killed();
        let mut region = SquareSet::default();
        for sq in cx.board.squares() {
            region.insert(sq.0);
        }
        if let Some(t) = &spec.not_on {
            match super::placement::board_squares(t, cx.board) {
                Ok(set) => {
                    for sq in set.iter() {
                        region.remove(sq);
                    }
                }
                Err(d) => {
                    cx.errs.push(d);
                    return None;
                }
            }
        }
        Some(Walls {
            piece,
            rule: spec.rule,
            region,
        })
    }

    /// Every move brings a wall into the game: the wall's kind is reached from any kind.
    fn becomes(&self, _kind: Kind) -> u64 {
        1 << self.piece.kind().0
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        let wall = names.kind(self.piece.kind());
        let place = match self.rule {
            WallRule::Duck => "takes the walls away and puts one on any empty square",
            WallRule::Arrow => "puts one where the moved piece could move to from its new square",
            WallRule::Past => "puts one on the square the moved piece left",
            WallRule::Anywhere => "puts one on any empty square",
        };
        vec![format!(
            "walls: every move, as part of the same ply, {place} (the wall, {wall}: of no seat, \
             never moved or captured, written `*` in FEN); a move with nowhere to put it is \
             illegal"
        )]
    }
}

/// True if no seat fields `kind` in the setup; otherwise pushes the located error and returns
/// false. A wall is no seat's and never moves: a kind the seats also field would be both. The
/// error points at the setup entry that gives a seat the kind, and at `name` (the key that
/// names the wall's kind) as well — beside it in the same file, else (an `extends:` parent's
/// key) by its place in the help. Shared by `walls` and `petrify`.
pub(super) fn unseated(kind: Kind, name: &Text, cx: &mut Cx<'_>) -> bool {
    let Some(i) = (cx.setup.iter())
        .position(|(_, p)| p.kind() == kind && !p.is_dead() && p.owner() != Seat(NO_OWNER))
    else {
        return true;
    };
    let message = format!(
        "`{}` is the walls' kind, and the setup also gives a seat one (on {}): a wall belongs \
         to no seat and never moves",
        name.value,
        cx.board.name(cx.setup[i].0)
    );
    let named = name.node.span.clone();
    let mut help =
        String::from("give the walls a kind of their own, e.g. `duck: { letter: D, betza: W }`");
    let d = match cx.setup_spans.get(i) {
        Some(at) => {
            let d = Diagnostic::new(Code::CompilePieces, message, Some(at.clone()))
                .label("a seat's piece of the walls' kind");
            if Arc::ptr_eq(&at.source, &named.source) {
                d.also(named, "the walls' kind")
            } else {
                let (line, col) = named.line_col();
                help = format!(
                    "the walls' kind is named at {}:{line}:{col}; {help}",
                    named.source_name()
                );
                d
            }
        }
        None => Diagnostic::new(Code::CompilePieces, message, Some(named))
            .label("a kind the seats field"),
    };
    cx.errs.push(d.help(help));
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> (Option<WallsSpec>, Vec<String>) {
        crate::rules::read_with::<Walls>(yaml)
    }

    #[test]
    fn keys_have_their_defaults() {
        let (spec, errors) = read("walls: { piece: duck }\n");
        assert!(errors.is_empty(), "{errors:?}");
        let spec = spec.unwrap();
        assert_eq!(spec.rule, WallRule::Anywhere);
        assert_eq!(spec.piece.value, "duck");
        let (spec, _) = read("walls: { piece: arrow, rule: arrow, not-on: c1 }\n");
        let spec = spec.unwrap();
        assert_eq!(spec.rule, WallRule::Arrow);
        assert_eq!(spec.not_on.unwrap().value, "c1");
        assert!(read("name: x\n").0.is_none());
    }

    #[test]
    fn an_unknown_key_and_an_unknown_rule_are_errors() {
        let (_, errors) = read("walls: { piece: duck, rules: duck }\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
        let (_, errors) = read("walls: { piece: duck, rule: goose }\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
    }
}
