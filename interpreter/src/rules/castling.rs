//! Castling: a royal piece and a partner piece (the king and a rook) that have not moved swap
//! sides in one move, as chess and Fairy-Stockfish play it, on any board width.
//!
//! ```yaml
//! castling:
//!   royal: king
//!   partner: rook
//!   sides:                                    # in each seat's own frame
//!     - { fen: K, king: g1, partner-from: h1, partner-to: f1 }
//!     - { fen: Q, king: c1, partner-from: a1, partner-to: d1 }
//! ```
//!
//! Keys: `royal` and `partner` (piece names), `sides` (1 or 2 entries: the FEN letter of that
//! side, upper case, written lower case for the second seat; the royal's destination, and the
//! partner's start and destination squares, in the seat's own frame). The royal starts where
//! the setup puts the seat's piece of that kind.
//!
//! A castling move is written as the royal's move (`e1g1`), as Fairy-Stockfish's UCI writes
//! it: a move of the royal, holding its first-move right, from its start square to a side's
//! destination is that side's castling. It is allowed when both pieces hold their first-move
//! rights (neither has moved), every square between each piece and its destination is empty
//! (but for the two pieces), the royal is not in check and no square it passes or lands on is
//! attacked. The rights are the position's first-move rights, shown in FEN's castling field
//! (`KQkq`).

use super::compose;
use super::{Cx, Module, Names};
use crate::diag::{Code, Diagnostic};
use crate::geometry::{Edge, Orientation, Square};
use crate::vocab::{Kind, SquareSet};
use crate::yaml::{Fields, Node, Reader, Text};

/// One side as written.
#[derive(Clone, Debug)]
pub struct SideSpec {
    /// The FEN letter.
    pub fen: Text,
    /// The royal's destination (seat frame).
    pub king: Text,
    /// The partner's start square (seat frame).
    pub partner_from: Text,
    /// The partner's destination (seat frame).
    pub partner_to: Text,
}

/// `castling:` as written.
#[derive(Clone, Debug)]
pub struct CastlingSpec {
    /// The royal kind.
    pub royal: Text,
    /// The partner kind.
    pub partner: Text,
    /// The sides.
    pub sides: Vec<SideSpec>,
    /// The whole mapping, for errors.
    pub node: Node,
}

/// One castling move of one seat, in board squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastleMove {
    /// The FEN letter as the seat writes it (`K` for the first seat, `k` for the second).
    pub letter: char,
    /// The royal's start square.
    pub king_from: u8,
    /// The royal's destination.
    pub king_to: u8,
    /// The partner's start square.
    pub rook_from: u8,
    /// The partner's destination.
    pub rook_to: u8,
    /// Squares that must be empty (between each piece and its destination, both ends but the
    /// two pieces' own squares).
    pub empty: SquareSet,
    /// Squares the royal passes and lands on, which must not be attacked.
    pub path: Vec<u8>,
}

/// Compiled castling.
#[derive(Clone, Debug)]
pub struct Castling {
    /// The royal kind.
    pub royal: Kind,
    /// The partner kind.
    pub partner: Kind,
    /// Per seat (turn order), its castling moves in `sides` order.
    pub moves: Vec<Vec<CastleMove>>,
}

impl Castling {
    /// The castling move of `seat` whose royal goes from `from` to `to`, if any.
    #[inline]
    pub fn find(&self, seat: usize, from: u8, to: u8) -> Option<&CastleMove> {
        self.moves
            .get(seat)?
            .iter()
            .find(|c| c.king_from == from && c.king_to == to)
    }
}

fn read_side(r: &mut Reader, node: &Node) -> Option<SideSpec> {
    let mut s = r.map(node, "a side: { fen, king, partner-from, partner-to }")?;
    let text = |r: &mut Reader, s: &mut Fields<'_>, key: &str, what: &str| {
        s.req(r, key, what).and_then(|n| super::text(r, n, what))
    };
    let fen = text(r, &mut s, "fen", "the side's FEN letter");
    let king = text(r, &mut s, "king", "the royal's destination square");
    let from = text(r, &mut s, "partner-from", "the partner's start square");
    let to = text(r, &mut s, "partner-to", "the partner's destination square");
    s.finish(
        r,
        "a castling side",
        &["fen", "king", "partner-from", "partner-to"],
    );
    Some(SideSpec {
        fen: fen?,
        king: king?,
        partner_from: from?,
        partner_to: to?,
    })
}

/// The switch `castling` (`castling`).
pub const CASTLING: compose::SwitchId = compose::SwitchId::of(super::ModuleId::Castling);

impl Module for Castling {
    const NAME: &'static str = "castling";
    const SWITCHES: &'static [compose::SwitchKey] = &[compose::SwitchKey {
        id: CASTLING,
        name: "castling",
        path: "castling",
        on: compose::On::NonEmpty,
    }];
    const KEYS: &'static [&'static str] = &["castling"];
    type Spec = CastlingSpec;

    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<CastlingSpec> {
        let node = f.opt("castling")?;
        let mut s = r.map(node, "castling: { royal, partner, sides }")?;
        let royal = s
            .req(r, "royal", "the royal piece that castles")
            .and_then(|n| super::text(r, n, "a piece name"));
        let partner = s
            .req(r, "partner", "the piece it castles with")
            .and_then(|n| super::text(r, n, "a piece name"));
        let sides: Vec<Option<SideSpec>> = s
            .req(r, "sides", "the castling sides")
            .map(|n| r.list(n).into_iter().map(|n| read_side(r, n)).collect())
            .unwrap_or_default();
        s.finish(r, "castling", &["royal", "partner", "sides"]);
        let sides: Option<Vec<SideSpec>> = sides.into_iter().collect();
        Some(CastlingSpec {
            royal: royal?,
            partner: partner?,
            sides: sides?,
            node: node.clone(),
        })
    }

    fn compile(spec: &CastlingSpec, cx: &mut Cx<'_>) -> Option<Castling> {
        let royal = cx.kind(&spec.royal);
        let partner = cx.kind(&spec.partner);
        let (royal, partner) = (royal?, partner?);
        refuse_bad_pair(spec, royal == partner, cx)?;
        if spec.sides.is_empty() || spec.sides.len() > 2 {
            cx.errs.push(
                Diagnostic::new(
                    Code::CompileCastling,
                    format!("castling has {} sides; give 1 or 2", spec.sides.len()),
                    Some(spec.node.span.clone()),
                )
                .help("one entry per side, e.g. `{ fen: K, king: g1, partner-from: h1, partner-to: f1 }`"),
            );
            return None;
        }
        let mut moves = Vec::new();
        for seat in 0..cx.seats.len() {
            let king = cx
                .setup
                .iter()
                .find(|(_, p)| p.kind() == royal && p.owner().index() == seat);
            let Some(&(king_sq, king_piece)) = king else {
                cx.errs.push(castling_error(
                    &spec.royal.node,
                    format!(
                        "seat {} has no {} in the setup to castle",
                        cx.seats[seat], spec.royal.value
                    ),
                ));
                return None;
            };
            let o = cx.orients[king_piece.orient() as usize];
            let mut seat_moves = Vec::new();
            for side in &spec.sides {
                let mut at = |t: &Text| -> Option<u8> {
                    let frame = cx.board.parse_square(&t.value).and_then(|sq| {
                        o.square(cx.board, cx.board.file(sq).into(), cx.board.rank(sq).into())
                    });
                    if frame.is_none() {
                        cx.errs.push(castling_error(
                            &t.node,
                            format!("`{}` is not a square of the board", t.value),
                        ));
                    }
                    frame.map(|s| s.0)
                };
                let (to, from, rook_to) =
                    (at(&side.king), at(&side.partner_from), at(&side.partner_to));
                let letter = side
                    .fen
                    .value
                    .chars()
                    .next()
                    .filter(|c| c.is_ascii_uppercase() && side.fen.value.len() == 1);
                let Some(letter) = letter else {
                    cx.errs.push(
                        Diagnostic::new(
                            Code::CompileCastling,
                            format!("`{}` is not one capital letter", side.fen.value),
                            Some(side.fen.node.span.clone()),
                        )
                        .help("the first seat's castling letter in FEN, e.g. `K` or `Q`; the second seat's is its lower case"),
                    );
                    return None;
                };
                let (to, from, rook_to) = (to?, from?, rook_to?);
                let rank = |sq: u8| o.forward_line(cx.board, Square(sq));
                if to == king_sq.0 || rank(to) != rank(king_sq.0) || rank(from) != rank(king_sq.0) {
                    cx.errs.push(castling_error(
                        &side.king.node,
                        format!(
                            "`{}` must be another square on the {}'s own rank, as must `{}`",
                            side.king.value, spec.royal.value, side.partner_from.value
                        ),
                    ));
                    return None;
                }
                let partner_ok = cx
                    .setup
                    .iter()
                    .any(|(s, p)| s.0 == from && p.kind() == partner && p.owner().index() == seat);
                if !partner_ok {
                    cx.errs.push(castling_error(
                        &side.partner_from.node,
                        format!(
                            "the setup has no {} of seat {} on `{}`",
                            spec.partner.value, cx.seats[seat], side.partner_from.value
                        ),
                    ));
                    return None;
                }
                seat_moves.push(castle_move(
                    (cx.board, o),
                    seat,
                    letter,
                    (king_sq.0, to),
                    (from, rook_to),
                ));
            }
            moves.push(seat_moves);
        }
        Some(Castling {
            royal,
            partner,
            moves,
        })
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        let (k, r) = (names.kind(self.royal), names.kind(self.partner));
        vec![format!(
            "castling: a {k} and a {r} that have not moved, with the squares between empty, \
             castle (the {k} not in check, passing and landing on no attacked square), written \
             as the {k}'s move"
        )]
    }
}

/// Refuses a castling whose partner is the royal kind itself (`same_kind`), or whose sides
/// share a FEN letter.
fn refuse_bad_pair(spec: &CastlingSpec, same_kind: bool, cx: &mut Cx<'_>) -> Option<()> {
    if same_kind {
        cx.errs.push(castling_error(
            &spec.partner.node,
            format!(
                "the castling partner `{}` is the royal kind itself; name another kind",
                spec.partner.value
            ),
        ));
        return None;
    }
    for (i, side) in spec.sides.iter().enumerate() {
        if spec.sides[..i]
            .iter()
            .any(|o| o.fen.value == side.fen.value)
        {
            cx.errs.push(castling_error(
                &side.fen.node,
                format!(
                    "two castling sides have the FEN letter `{}`; give each its own (K, Q)",
                    side.fen.value
                ),
            ));
            return None;
        }
    }
    Some(())
}

fn castling_error(node: &Node, message: String) -> Diagnostic {
    Diagnostic::new(Code::CompileCastling, message, Some(node.span.clone()))
        .help("squares are in the seat's own frame: the chess king side is `{ fen: K, king: g1, partner-from: h1, partner-to: f1 }`")
}

/// The squares of one castling move on `board`, in the frame `o` of the castling seat: what
/// must be empty and what the royal passes. The royal's rank is the seat's own rank: a board
/// rank for a seat on the south or north edge, a board file for one on the west or east edge
/// (four-player boards).
fn castle_move(
    (board, o): (crate::geometry::Board, Orientation),
    seat: usize,
    letter: char,
    (king_from, king_to): (u8, u8),
    (rook_from, rook_to): (u8, u8),
) -> CastleMove {
    let across = |sq: Square| match o.edge {
        Edge::South | Edge::North => board.file(sq),
        Edge::West | Edge::East => board.rank(sq),
    };
    // The squares of the seat's rank through `a` from `a` to `b`, both included, in board
    // order (`b` lies on that rank: the compiler checked it).
    let line = |a: u8, b: u8| -> Vec<u8> {
        let (la, lb) = (across(Square(a)), across(Square(b)));
        let (lo, hi) = (la.min(lb), la.max(lb));
        let rank = o.forward_line(board, Square(a));
        board
            .squares()
            .filter(|&s| o.forward_line(board, s) == rank && (lo..=hi).contains(&across(s)))
            .map(|s| s.0)
            .collect()
    };
    let mut empty = SquareSet::default();
    for s in line(king_from, king_to)
        .into_iter()
        .chain(line(rook_from, rook_to))
    {
        if s != king_from && s != rook_from {
            empty.insert(s);
        }
    }
    let path = line(king_from, king_to)
        .into_iter()
        .filter(|&s| s != king_from)
        .collect();
    CastleMove {
        letter: if seat == 0 {
            letter
        } else {
            letter.to_ascii_lowercase()
        },
        king_from,
        king_to,
        rook_from,
        rook_to,
        empty,
        path,
    }
}
