//! The set-up phase: the game begins with pieces in hand (`setup.hand:`), which the seats
//! place on the board by drops, in the usual turn order, before and between ordinary moves
//! — sittuyin's deployment, as Fairy-Stockfish plays it (`mustDrop`, `dropRegion`,
//! `sittuyinRookDrop` in its `src/variant.cpp`, `sittuyin_variant`).
//!
//! ```yaml
//! hands: { captures: false }
//! setup:
//!   army: { a3-d3: pawn, e4-h4: pawn }
//!   hand: { king: 1, general: 1, elephant: 2, horse: 2, chariot: 2 }
//! placement:
//!   squares: a1-h3                 # where a piece is placed, in each seat's frame
//!   by-kind: { chariot: a1-h1 }    # narrower squares for some kinds
//! ```
//!
//! Rules: a seat that holds pieces in hand must place one when it is to move, if it has a
//! legal drop (in check, a drop that answers the check); only when it has none may it make an
//! ordinary move. A piece is placed on an empty square of `squares` (of its kind's `by-kind`
//! squares, where given). Seats take turns as usual, the first seat first (white first in
//! sittuyin, as in Fairy-Stockfish's start position `… w - - 0 1`), so a seat that has placed
//! all its pieces makes ordinary moves while the other is still placing.
//!
//! Two more rules of Fairy-Stockfish's placement chess (`placement_variant`):
//!
//! ```yaml
//! placement:
//!   squares: a1-h1
//!   opposite-colours: [bishop]     # its bishops end on squares of both colours
//!   castling-rights: true          # a king and rook placed on their castling squares castle
//! ```
//!
//! - `opposite-colours: [KIND, …]` (Fairy-Stockfish's `dropOppositeColoredBishop`): a seat
//!   places such a kind only where it keeps the kind's pieces (on the board and in hand) half
//!   on each square colour: a drop of the kind is refused if more than half (rounded up) would
//!   stand on the colour of its square; a drop of any other kind is refused if it leaves too
//!   few empty squares of the kind's placement squares of one colour for the pieces still due
//!   there (half, rounded down).
//! - `castling-rights: true` (its `castlingDroppedPiece`): the royal kind of `castling:`
//!   placed on its castling start square gains its castling rights with each partner already
//!   on that castling's partner square, and a partner placed on a partner square gains its
//!   right (and the royal's) when the royal stands on its start square; FEN then writes them.
//!
//! - `kinds: [KIND, …]` (Fairy-Stockfish's `mustDropType`, koedem's king): only these kinds
//!   must be placed, and while the seat holds one of them in hand it places nothing else;
//!   other kinds in hand are dropped freely (or not at all) when it holds none of them.
//!
//! Keys: `placement.squares` (a square set in each seat's own frame: square names and
//! rectangles `a1-h3`, separated by spaces), `placement.by-kind` (piece → square set),
//! `placement.opposite-colours` (a list of pieces), `placement.castling-rights` (a boolean,
//! needs `castling:` with fixed sides, not `free`), `placement.kinds` (a list of pieces).
//! Errors, located: a malformed or off-board square, an unknown kind, `placement:` without
//! `hands:`. Refused with dice (a die move has no drop).
//!
//! The engine applies it on its hot path, reading [`Placement::region`]: the region test in
//! `engine/hands.rs::drop_moves` and the must-place rule in `engine/movegen.rs`
//! (`legal_moves`, `count_legal`); both are skipped without this module.

use super::compose::{self, Refusal, refuse};
use super::{Cx, Module, Names, Specs};
use crate::diag::{Code, Diagnostic};
use crate::geometry::{Board, Orientation};
use crate::vocab::{Kind, SquareSet};
use crate::yaml::{Fields, Node, Reader, Text, Value};

/// The set-up phase as written.
#[derive(Clone, Debug)]
pub struct PlacementSpec {
    /// `squares:` the placement region, in each seat's frame.
    pub squares: Option<Text>,
    /// `by-kind:` kind → its own region.
    pub by_kind: Vec<(Text, Text)>,
    /// `opposite-colours:` the kinds kept on squares of both colours.
    pub opposite: Vec<Text>,
    /// `castling-rights: true`.
    pub castling_rights: Option<Text>,
    /// `kinds:` the kinds that must be placed (empty: every kind).
    pub kinds: Vec<Text>,
    /// The `placement:` node, for spans.
    pub node: Node,
}

/// The compiled set-up phase.
#[derive(Clone, Debug)]
pub struct Placement {
    /// Per (kind, orientation) combo (`kind * orients + orient`): where it may be placed.
    pub region: Vec<SquareSet>,
    /// The first seat's squares per kind, as written (for `explain`).
    shown: Vec<String>,
    /// The common squares as written.
    squares: String,
    /// `opposite-colours:` bit mask of the kinds kept on squares of both colours.
    pub opposite: u64,
    /// `castling-rights: true`: a royal and partner placed on their castling squares gain
    /// their castling rights.
    pub castling_rights: bool,
    /// `kinds:` bit mask of the kinds that must be placed (and alone may be placed while one
    /// is in hand); 0: every kind.
    pub must: u64,
}

impl Placement {
    /// The squares a piece of (kind, orientation) `combo` may be placed on.
    #[inline]
    pub fn region(&self, combo: usize) -> &SquareSet {
        &self.region[combo]
    }
}

/// The squares of `text` in `frame` on `board`: square names and rectangles (`a1-h3`),
/// separated by spaces or commas; a problem is located at the bad name.
pub fn frame_squares(
    text: &Text,
    board: Board,
    frame: Orientation,
) -> Result<SquareSet, Diagnostic> {
    let (fw, fh) = frame.frame_size(board);
    let fb = Board {
        files: fw,
        ranks: fh,
    };
    let mut out = SquareSet::default();
    let mut pos = 0;
    for part in text.value.split([' ', ',']) {
        let start = pos;
        pos += part.len() + 1;
        if part.is_empty() {
            continue;
        }
        let bad = || {
            Diagnostic::new(
                Code::CompilePlacement,
                format!(
                    "`{part}` is not a square or a rectangle of squares on the {fw}×{fh} board"
                ),
                Some(text.node.inner_span(start..start + part.len())),
            )
            .label("not a square")
            .help("write squares such as `a1` and rectangles such as `a1-h3`")
        };
        let (a, b) = part.split_once('-').unwrap_or((part, part));
        let (Some(a), Some(b)) = (fb.parse_square(a), fb.parse_square(b)) else {
            return Err(bad());
        };
        let (f0, f1) = (fb.file(a).min(fb.file(b)), fb.file(a).max(fb.file(b)));
        let (r0, r1) = (fb.rank(a).min(fb.rank(b)), fb.rank(a).max(fb.rank(b)));
        for f in f0..=f1 {
            for r in r0..=r1 {
                if let Some(sq) = frame.square(board, f.into(), r.into()) {
                    out.insert(sq.0);
                }
            }
        }
    }
    if out.is_empty() {
        return Err(Diagnostic::new(
            Code::CompilePlacement,
            "an empty square set: it names no square",
            Some(text.node.span.clone()),
        )
        .label("no square here")
        .help("write one or more squares (`a1 b1`) or rectangles (`a1-h3`)"));
    }
    Ok(out)
}

/// [`frame_squares`] in board coordinates (rank 1 along the south edge, files from the
/// west): walls' `not-on` and enclosing's `start`.
pub fn board_squares(text: &Text, board: Board) -> Result<SquareSet, Diagnostic> {
    let south = Orientation {
        edge: crate::geometry::Edge::South,
        mirrored: false,
    };
    frame_squares(text, board, south)
}

/// The switch `placement` (`placement`).
pub const PLACEMENT: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Placement);

impl Module for Placement {
    const NAME: &'static str = "placement";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: PLACEMENT,
        name: "placement",
        path: "placement",
        on: compose::On::NonEmpty,
    }];
    const KEYS: &'static [&'static str] = &["placement"];
    type Spec = PlacementSpec;

    const REFUSES: &'static [Refusal] = &[refuse(
        PLACEMENT,
        super::dice::DICE,
        "a die moves a piece of a kind it names, and placing a piece is not a die move",
    )];

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<PlacementSpec> {
        let node = f.opt("placement")?;
        let mut m = r.map(node, "placement: { squares, by-kind }")?;
        let squares = m
            .req(r, "squares", "the squares pieces are placed on")
            .and_then(|n| super::text(r, n, "squares such as `a1-h3`"));
        let mut by_kind = Vec::new();
        if let Some(n) = m.opt("by-kind")
            && let Some(mut k) = r.map(n, "piece → squares")
        {
            for (key, v) in k.rest() {
                if let Some(t) = super::text(r, v, "squares such as `a1-h1`") {
                    let name = Text {
                        value: key.name.clone(),
                        node: Node {
                            value: Value::Str(key.name.clone()),
                            span: key.span.clone(),
                        },
                    };
                    by_kind.push((name, t));
                }
            }
        }
        let opposite = m
            .opt("opposite-colours")
            .map(|n| super::piece_names(r, n))
            .unwrap_or_default();
        let castling_rights = m.opt("castling-rights").and_then(|n| {
            r.bool(n, "`castling-rights`").filter(|&b| b).map(|_| Text {
                value: "true".to_string(),
                node: n.clone(),
            })
        });
        let kinds = m
            .opt("kinds")
            .map(|n| super::piece_names(r, n))
            .unwrap_or_default();
        m.finish(
            r,
            "placement",
            &[
                "squares",
                "by-kind",
                "opposite-colours",
                "castling-rights",
                "kinds",
            ],
        );
        Some(PlacementSpec {
            squares,
            by_kind,
            opposite,
            castling_rights,
            kinds,
            node: node.clone(),
        })
    }

    fn refuse(spec: &PlacementSpec, all: &Specs) -> Option<Diagnostic> {
        // With dice: refused by the composition table ([`Placement::REFUSES`]).
        let fixed_castling = all
            .castling
            .as_ref()
            .is_some_and(|c| !c.free && c.written > 0);
        let (why, span) = if all.hands.as_ref().is_none_or(|h| !h.on) {
            (
                "pieces are placed from the hand, and the file has no `hands:`",
                spec.node.span.clone(),
            )
        } else if let Some(t) = spec.castling_rights.as_ref().filter(|_| !fixed_castling) {
            (
                "`castling-rights` gives the rights of `castling:`'s sides, and the file has \
                 no `castling:` with `sides:` (free castling is not placed)",
                t.node.span.clone(),
            )
        } else {
            return None;
        };
        Some(
            Diagnostic::new(
                Code::CompilePlacement,
                format!("`placement` cannot be used here: {why}"),
                Some(span),
            )
            .label("set-up phase")
            .help("a set-up phase needs `hands:` and `setup.hand:`, and no `dice:`"),
        )
    }

    fn compile(spec: &PlacementSpec, cx: &mut Cx<'_>) -> Option<Placement> {
        let squares = spec.squares.as_ref()?;
        let n_orients = cx.orients.len();
        let mut own: Vec<Option<&Text>> = vec![None; cx.kinds.len()];
        for (kind, t) in &spec.by_kind {
            if let Some(k) = cx.kind(kind) {
                own[k.index()] = Some(t);
            }
        }
        let mut region = vec![SquareSet::default(); cx.kinds.len() * n_orients];
        let mut ok = true;
        for (k, t) in own.iter().enumerate() {
            let t = t.unwrap_or(squares);
            for (o, frame) in cx.orients.iter().enumerate() {
                match frame_squares(t, cx.board, *frame) {
                    Ok(set) => region[k * n_orients + o] = set,
                    Err(d) => {
                        if o == 0 {
                            cx.errs.push(d);
                        }
                        ok = false;
                    }
                }
            }
        }
        let shown = own
            .iter()
            .map(|t| t.map_or(String::new(), |t| t.value.clone()))
            .collect();
        let opposite = (spec.opposite.iter())
            .filter_map(|t| cx.kind(t))
            .fold(0u64, |m, k| m | 1 << k.0);
        let must = (spec.kinds.iter())
            .filter_map(|t| cx.kind(t))
            .fold(0u64, |m, k| m | 1 << k.0);
        ok.then(|| Placement {
            region,
            shown,
            squares: squares.value.clone(),
            opposite,
            castling_rights: spec.castling_rights.is_some(),
            must,
        })
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        let kinds: Vec<&str> = (0..64u8)
            .filter(|&k| self.must >> k & 1 == 1)
            .map(|k| names.kind(Kind(k)))
            .collect();
        let mut out = vec![if kinds.is_empty() {
            format!(
                "set-up phase: a seat holding pieces in hand must place one on an empty square \
                 of {} (its own frame) while it can, before ordinary moves",
                self.squares
            )
        } else {
            format!(
                "set-up phase: a seat holding a {} in hand must place it on an empty square of \
                 {} (its own frame) while it can, and places nothing else meanwhile",
                kinds.join(" or "),
                self.squares
            )
        }];
        for (k, s) in self.shown.iter().enumerate() {
            if !s.is_empty() {
                out.push(format!("  a {} only on {s}", names.kind(Kind(k as u8))));
            }
        }
        for k in 0..64u8 {
            if self.opposite >> k & 1 == 1 {
                out.push(format!(
                    "  the pieces of kind {} are placed half on each square colour",
                    names.kind(Kind(k))
                ));
            }
        }
        if self.castling_rights {
            out.push(
                "  a royal and a partner placed on their castling squares gain their castling \
                 rights"
                    .to_string(),
            );
        }
        out
    }

    const EVENTS: &'static [&'static str] = &[];
}
