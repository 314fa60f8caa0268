//! Castling: a royal piece and a partner piece (the king and a rook) that have not moved swap
//! sides in one move, as chess and Fairy-Stockfish play it, on any board width.
//!
//! ```yaml
//! castling:
//!   royal: king
//!   partner: rook                             # or a list: [rook, chancellor]
//!   sides:                                    # in each seat's own frame
//!     - { fen: K, king: g1, partner-from: h1, partner-to: f1 }
//!     - { fen: Q, king: c1, partner-from: a1, partner-to: d1 }
//! ```
//!
//! Keys: `royal` and `partner` (piece names; `partner` may list several kinds, any of which
//! castles), `sides` (1 or 2 entries: the FEN letter of that side, upper case, written lower
//! case for the second seat; the royal's destination, and the partner's start and destination
//! squares, in the seat's own frame), `free` (optional, default `false`) and `seats`
//! (optional: the seats that may castle, by name; default all). The royal starts where the
//! setup puts the seat's piece of that kind; where the setup has none (it is placed from the
//! hand, placement chess), `royal-from: e1` names its start square in the seat's own frame,
//! and the partners need not stand in the setup either.
//!
//! A castling move is written as the royal's move (`e1g1`), as Fairy-Stockfish's UCI writes
//! it: a move of the royal, holding its first-move right, from its start square to a side's
//! destination is that side's castling. It is allowed when both pieces hold their first-move
//! rights (neither has moved), every square between each piece and its destination is empty
//! (but for the two pieces), and, for a royal kind only, the royal is not in check and no
//! square it passes or lands on is attacked (a non-royal castling piece, Fairy-Stockfish's
//! commoner, passes attacked squares). The rights are the position's first-move rights, shown
//! in FEN's castling field (`KQkq`).
//!
//! `free: true` is Fischer random castling (Fairy-Stockfish's `chess960`): the royal and a
//! partner castle from wherever they stand on the seat's castling line (the line of the
//! sides' destinations) while both hold their first-move rights; a partner beyond the royal
//! towards the side whose partner lands before the royal (`partner-to` f1 before `king` g1)
//! castles on that side. `partner-from` is not written. The move is written as the royal
//! taking its own partner (`e1h1`, `b1a1`), as Fairy-Stockfish's UCI writes chess960 castling,
//! so that it never meets a step of the royal; FEN's castling field names the partners' files
//! (Shredder-FEN `HAha`, as Fairy-Stockfish writes it) and reads the side letters too (X-FEN
//! `KQkq`: the outermost partner of that side).

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
    /// The partner's start square (seat frame); absent with `free: true`.
    pub partner_from: Option<Text>,
    /// The partner's destination (seat frame).
    pub partner_to: Text,
}

/// `castling:` as written.
#[derive(Clone, Debug)]
pub struct CastlingSpec {
    /// The royal kind.
    pub royal: Text,
    /// The partner kinds (one or more).
    pub partners: Vec<Text>,
    /// Fischer random castling (`free: true`).
    pub free: bool,
    /// The seats that may castle (`seats:`); empty: all.
    pub seats: Vec<Text>,
    /// The sides that read whole.
    pub sides: Vec<SideSpec>,
    /// How many sides are written, whole or not.
    pub written: usize,
    /// The FEN letter of every side written that has one, whole or not: their problems
    /// (not a capital, two sides sharing one) are reported beside a side's missing key.
    pub letters: Vec<Text>,
    /// `royal-from:` the royal's start square (seat frame) for a seat whose setup has none.
    pub royal_from: Option<Text>,
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

/// One side of free (Fischer random) castling of one seat: where the two pieces land.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FreeSide {
    /// The FEN letter as the seat writes it (`K`/`Q` for the first seat, `k`/`q` for the
    /// second): X-FEN's letter for the outermost partner of this side.
    pub letter: char,
    /// True for the side whose partner stands beyond the royal in line order (files a→h for
    /// a seat on the south or north edge): the side whose partner lands before the royal.
    pub high: bool,
    /// The royal's destination, as an index into [`FreeSeat::line`].
    pub king_to: usize,
    /// The partner's destination, as an index into [`FreeSeat::line`].
    pub rook_to: usize,
}

/// Free (Fischer random) castling of one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FreeSeat {
    /// The squares of the seat's castling line in line order (by file for a seat on the south
    /// or north edge, by rank for one on the west or east edge).
    pub line: Vec<u8>,
    /// Its sides (one or two).
    pub sides: Vec<FreeSide>,
}

impl FreeSeat {
    /// The index of `sq` in [`line`](Self::line), if it lies on it.
    #[inline]
    pub fn index(&self, sq: u8) -> Option<usize> {
        self.line.iter().position(|&s| s == sq)
    }

    /// The side on which a royal on line index `king` castles with a partner on line index
    /// `partner`, if the seat has that side.
    #[inline]
    pub fn side(&self, king: usize, partner: usize) -> Option<&FreeSide> {
        self.sides.iter().find(|s| s.high == (partner > king))
    }
}

/// Compiled castling.
#[derive(Clone, Debug)]
pub struct Castling {
    /// The royal kind.
    pub royal: Kind,
    /// The first partner kind (as written first).
    pub partner: Kind,
    /// Bit mask of the partner kinds (bit = kind index).
    pub partners: u64,
    /// Per seat (turn order), its castling moves in `sides` order (empty for a seat that may
    /// not castle, and for every seat with `free: true`).
    pub moves: Vec<Vec<CastleMove>>,
    /// Per seat (turn order), its free castling (`free: true`; `None` for a seat that may not
    /// castle); empty without `free`.
    pub free: Vec<Option<FreeSeat>>,
}

impl Castling {
    /// True if `kind` is one of the partner kinds.
    #[inline]
    pub fn is_partner(&self, kind: Kind) -> bool {
        self.partners >> kind.0 & 1 == 1
    }

    /// The free castling of `seat`, if it has one.
    #[inline]
    pub fn free_of(&self, seat: usize) -> Option<&FreeSeat> {
        self.free.get(seat)?.as_ref()
    }
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

/// One side: its FEN letter if it reads, and the side if it reads whole.
fn read_side(r: &mut Reader, node: &Node) -> (Option<Text>, Option<SideSpec>) {
    let Some(mut s) = r.map(node, "a side: { fen, king, partner-from, partner-to }") else {
        return (None, None);
    };
    let text = |r: &mut Reader, s: &mut Fields<'_>, key: &str, what: &str| {
        s.req(r, key, what).and_then(|n| super::text(r, n, what))
    };
    let fen = text(r, &mut s, "fen", "the side's FEN letter");
    let king = text(r, &mut s, "king", "the royal's destination square");
    let from = s
        .opt("partner-from")
        .map(|n| super::text(r, n, "the partner's start square"));
    let to = text(r, &mut s, "partner-to", "the partner's destination square");
    s.finish(
        r,
        "a castling side",
        &["fen", "king", "partner-from", "partner-to"],
    );
    let partner_from = match from {
        Some(f) => f.map(Some),
        None => Some(None),
    };
    let side = match (fen.clone(), king, partner_from, to) {
        (Some(fen), Some(king), Some(partner_from), Some(partner_to)) => Some(SideSpec {
            fen,
            king,
            partner_from,
            partner_to,
        }),
        _ => None,
    };
    (fen, side)
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
        let partners = s
            .req(r, "partner", "the piece it castles with")
            .map(|n| super::piece_names(r, n));
        let free = s
            .opt("free")
            .map_or(Some(false), |n| r.bool(n, "Fischer random castling"));
        let seats = s
            .opt("seats")
            .map(|n| {
                r.list(n)
                    .into_iter()
                    .filter_map(|n| super::text(r, n, "a seat name"))
                    .collect()
            })
            .unwrap_or_default();
        let read: Vec<(Option<Text>, Option<SideSpec>)> = s
            .req(r, "sides", "the castling sides")
            .map(|n| r.list(n).into_iter().map(|n| read_side(r, n)).collect())
            .unwrap_or_default();
        let royal_from = s
            .opt("royal-from")
            .and_then(|n| super::text(r, n, "the royal's start square"));
        s.finish(
            r,
            "castling",
            &["royal", "partner", "sides", "free", "seats", "royal-from"],
        );
        // A side that does not read whole is left out (its problem reported); its letter is
        // still checked against the others'.
        let written = read.len();
        let (letters, sides): (Vec<_>, Vec<_>) = read.into_iter().unzip();
        Some(CastlingSpec {
            royal: royal?,
            partners: partners.filter(|p| !p.is_empty())?,
            free: free?,
            seats,
            sides: sides.into_iter().flatten().collect(),
            written,
            letters: letters.into_iter().flatten().collect(),
            royal_from,
            node: node.clone(),
        })
    }

    fn compile(spec: &CastlingSpec, cx: &mut Cx<'_>) -> Option<Castling> {
        let royal = cx.kind(&spec.royal);
        let partner_kinds: Vec<Option<Kind>> = spec.partners.iter().map(|p| cx.kind(p)).collect();
        let mut castling_seats = vec![spec.seats.is_empty(); cx.seats.len()];
        for t in &spec.seats {
            if let Some(seat) = cx.seat(t) {
                castling_seats[seat.index()] = true;
            }
        }
        let partner_kinds: Option<Vec<Kind>> = partner_kinds.into_iter().collect();
        let partners = (partner_kinds.iter().flatten()).fold(0u64, |m, k| m | 1 << k.0);
        let mut problems = Problems::default();
        if let Some(royal) = royal {
            refuse_bad_pair(spec, partners >> royal.0 & 1 == 1, &mut problems);
        }
        if spec.written == 0 || spec.written > 2 {
            problems.push(
                Diagnostic::new(
                    Code::CompileCastling,
                    format!("castling has {} sides; give 1 or 2", spec.written),
                    Some(spec.node.span.clone()),
                )
                .help("one entry per side, e.g. `{ fen: K, king: g1, partner-from: h1, partner-to: f1 }`"),
            );
        }
        for fen in &spec.letters {
            let letter_ok =
                fen.value.len() == 1 && fen.value.chars().all(|c| c.is_ascii_uppercase());
            if !letter_ok {
                problems.push(
                    Diagnostic::new(
                        Code::CompileCastling,
                        format!("`{}` is not one capital letter", fen.value),
                        Some(fen.node.span.clone()),
                    )
                    .help("the first seat's castling letter in FEN, e.g. `K` or `Q`; the second seat's is its lower case"),
                );
            }
        }
        for side in &spec.sides {
            match (&side.partner_from, spec.free) {
                (Some(f), true) => problems.push(castling_error(
                    &f.node,
                    "with `free: true` the partner castles from wherever it stands: leave out `partner-from`".into(),
                )),
                (None, false) => problems.push(castling_error(
                    &side.king.node,
                    "this side has no `partner-from`: name the partner's start square (or write `free: true` for Fischer random castling)".into(),
                )),
                _ => {}
            }
        }
        // An unknown royal or partner name is already reported: still name every square
        // that is not on the board, so that one run shows every castling problem.
        let (Some(royal), Some(partner_kinds)) = (royal, partner_kinds) else {
            squares_on_board(spec, cx, &mut problems);
            problems.flush(cx);
            return None;
        };
        let cw = CompileWith {
            spec,
            royal,
            partners,
        };
        let mut moves = Vec::new();
        let mut free = Vec::new();
        for (seat, &castles) in castling_seats.iter().enumerate() {
            if !castles {
                moves.push(Vec::new());
                free.push(None);
            } else if spec.free {
                moves.push(Vec::new());
                free.push(cw.free_seat(seat, cx, &mut problems));
            } else {
                moves.push(cw.seat_moves(seat, cx, &mut problems).unwrap_or_default());
            }
        }
        if !problems.flush(cx) {
            return None;
        }
        Some(Castling {
            royal,
            partner: partner_kinds[0],
            partners,
            moves,
            free: if spec.free { free } else { Vec::new() },
        })
    }

    fn explain(&self, names: &Names<'_>) -> Vec<String> {
        let k = names.kind(self.royal);
        let r = (0..64)
            .filter(|&i| self.partners >> i & 1 == 1)
            .map(|i| names.kind(Kind(i as u8)).to_string())
            .collect::<Vec<_>>()
            .join(" or ");
        let from = if self.free.is_empty() {
            format!("written as the {k}'s move")
        } else {
            format!(
                "from any squares of the castling line (Fischer random), written as the {k} \
                 taking its {r}"
            )
        };
        vec![format!(
            "castling: a {k} and a {r} that have not moved, with the squares between empty, \
             castle (a royal {k} not in check, passing and landing on no attacked square), {from}"
        )]
    }
}

/// The castling problems found so far: each reported once (a side's square that fits no
/// seat is one problem, not one per seat), all of them together.
#[derive(Default)]
struct Problems(Vec<Diagnostic>);

impl Problems {
    fn push(&mut self, d: Diagnostic) {
        let at = |d: &Diagnostic| d.span.as_ref().map(|s| (s.start, s.end));
        let same = |o: &Diagnostic| o.message == d.message && at(o) == at(&d);
        if !self.0.iter().any(same) {
            self.0.push(d);
        }
    }

    /// Moves the problems to `cx`; true if there were none.
    fn flush(self, cx: &mut Cx<'_>) -> bool {
        let none = self.0.is_empty();
        for d in self.0 {
            cx.errs.push(d);
        }
        none
    }
}

/// Reports each square of `spec`'s sides (and `royal-from`) that is not on the board, in the
/// first seat's frame; for a castling whose royal or partner name is unknown.
fn squares_on_board(spec: &CastlingSpec, cx: &Cx<'_>, problems: &mut Problems) {
    let named = spec.sides.iter().flat_map(|side| {
        [
            Some(&side.king),
            side.partner_from.as_ref(),
            Some(&side.partner_to),
        ]
        .into_iter()
        .flatten()
    });
    for t in named.chain(spec.royal_from.as_ref()) {
        if cx.board.parse_square(&t.value).is_none() {
            problems.push(castling_error(
                &t.node,
                format!("`{}` is not a square of the board", t.value),
            ));
        }
    }
}

/// What compiling one seat's castling needs besides the context.
struct CompileWith<'a> {
    spec: &'a CastlingSpec,
    royal: Kind,
    partners: u64,
}

impl CompileWith<'_> {
    /// The square `t` names in the frame `o`, or a problem.
    fn square(&self, t: &Text, o: Orientation, cx: &Cx<'_>, problems: &mut Problems) -> Option<u8> {
        let frame = cx
            .board
            .parse_square(&t.value)
            .and_then(|sq| o.square(cx.board, cx.board.file(sq).into(), cx.board.rank(sq).into()));
        if frame.is_none() {
            problems.push(castling_error(
                &t.node,
                format!("`{}` is not a square of the board", t.value),
            ));
        }
        frame.map(|s| s.0)
    }

    /// The orientation of `seat`.
    fn orient(seat: usize, cx: &Cx<'_>) -> Orientation {
        let o = cx
            .setup
            .iter()
            .find(|(_, p)| p.owner().index() == seat)
            .map_or(if seat == 0 { cx.first_orient } else { 0 }, |(_, p)| {
                p.orient()
            });
        cx.orients[o as usize]
    }

    /// `seat`'s castling moves (fixed squares), or `None` after a problem.
    fn seat_moves(
        &self,
        seat: usize,
        cx: &Cx<'_>,
        problems: &mut Problems,
    ) -> Option<Vec<CastleMove>> {
        let spec = self.spec;
        let king = cx
            .setup
            .iter()
            .find(|(_, p)| p.kind() == self.royal && p.owner().index() == seat);
        let (king_sq, o) = match (king, &spec.royal_from) {
            (Some(&(sq, piece)), _) => (sq, cx.orients[piece.orient() as usize]),
            (None, Some(from)) => {
                let o = Self::orient(seat, cx);
                (Square(self.square(from, o, cx, problems)?), o)
            }
            (None, None) => {
                problems.push(castling_error(
                    &spec.royal.node,
                    format!(
                        "seat {} has no {} in the setup to castle (one placed from the hand \
                         names its start square with `royal-from:`)",
                        cx.seats[seat], spec.royal.value
                    ),
                ));
                return None;
            }
        };
        let mut seat_moves = Vec::new();
        for side in &spec.sides {
            let Some(partner_from) = &side.partner_from else {
                continue;
            };
            let to = self.square(&side.king, o, cx, problems);
            let from = self.square(partner_from, o, cx, problems);
            let rook_to = self.square(&side.partner_to, o, cx, problems);
            let (Some(to), Some(from), Some(rook_to)) = (to, from, rook_to) else {
                continue;
            };
            let letter = side.fen.value.chars().next().unwrap_or('K');
            let rank = |sq: u8| o.forward_line(cx.board, Square(sq));
            // Each square that is wrong, named and underlined on its own.
            let king_bad = to == king_sq.0 || rank(to) != rank(king_sq.0);
            if king_bad {
                problems.push(castling_error(
                    &side.king.node,
                    format!(
                        "`{}` must be another square on the {}'s own rank",
                        side.king.value, spec.royal.value
                    ),
                ));
            }
            if rank(from) != rank(king_sq.0) {
                problems.push(castling_error(
                    &partner_from.node,
                    format!(
                        "`{}` must be on the {}'s own rank",
                        partner_from.value, spec.royal.value
                    ),
                ));
                continue;
            }
            if king_bad {
                continue;
            }
            // A royal placed from the hand (`royal-from`) castles with partners placed too.
            let partner_ok = king.is_none()
                || cx.setup.iter().any(|(s, p)| {
                    s.0 == from && self.partners >> p.kind().0 & 1 == 1 && p.owner().index() == seat
                });
            if !partner_ok {
                let names: Vec<&str> = spec.partners.iter().map(|t| t.value.as_str()).collect();
                problems.push(castling_error(
                    &partner_from.node,
                    format!(
                        "the setup has no {} of seat {} on `{}`",
                        names.join(" or "),
                        cx.seats[seat],
                        partner_from.value
                    ),
                ));
                continue;
            }
            seat_moves.push(castle_move(
                (cx.board, o),
                seat,
                letter,
                (king_sq.0, to),
                (from, rook_to),
            ));
        }
        Some(seat_moves)
    }

    /// `seat`'s free castling, or `None` after a problem.
    fn free_seat(&self, seat: usize, cx: &Cx<'_>, problems: &mut Problems) -> Option<FreeSeat> {
        let o = Self::orient(seat, cx);
        let mut sides = Vec::new();
        let mut line_of = None;
        for side in &self.spec.sides {
            let to = self.square(&side.king, o, cx, problems);
            let rook_to = self.square(&side.partner_to, o, cx, problems);
            let (Some(to), Some(rook_to)) = (to, rook_to) else {
                continue;
            };
            let line = o.forward_line(cx.board, Square(to));
            if o.forward_line(cx.board, Square(rook_to)) != line
                || line_of.is_some_and(|l| l != line)
                || to == rook_to
            {
                problems.push(castling_error(
                    &side.partner_to.node,
                    format!(
                        "`{}` and `{}` must be two squares of one line, the castling line of every side",
                        side.king.value, side.partner_to.value
                    ),
                ));
                continue;
            }
            line_of = Some(line);
            sides.push((side, to, rook_to));
        }
        let line_no = line_of?;
        let across = |sq: u8| match o.edge {
            Edge::South | Edge::North => cx.board.file(Square(sq)),
            Edge::West | Edge::East => cx.board.rank(Square(sq)),
        };
        let mut line: Vec<u8> = cx
            .board
            .squares()
            .filter(|&s| o.forward_line(cx.board, s) == line_no)
            .map(|s| s.0)
            .collect();
        line.sort_by_key(|&s| across(s));
        let index = |sq: u8| line.iter().position(|&s| s == sq).unwrap_or(0);
        let mut out: Vec<FreeSide> = Vec::new();
        for (side, to, rook_to) in sides {
            let letter = side.fen.value.chars().next().unwrap_or('K');
            let high = index(rook_to) < index(to);
            if out.iter().any(|s| s.high == high) {
                problems.push(castling_error(
                    &side.partner_to.node,
                    "both sides land the partner on the same side of the royal; one side's partner lands before the royal (f1, g1), the other's after it (d1, c1)".into(),
                ));
                continue;
            }
            out.push(FreeSide {
                letter: if seat == 0 {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                },
                high,
                king_to: index(to),
                rook_to: index(rook_to),
            });
        }
        Some(FreeSeat { line, sides: out })
    }
}

/// Refuses a castling whose partners include the royal kind itself (`same_kind`), or whose
/// sides share a FEN letter.
fn refuse_bad_pair(spec: &CastlingSpec, same_kind: bool, problems: &mut Problems) {
    if same_kind {
        let t = (spec.partners.iter())
            .find(|p| p.value == spec.royal.value)
            .unwrap_or(&spec.partners[0]);
        problems.push(castling_error(
            &t.node,
            format!(
                "the castling partner `{}` is the royal kind itself; name another kind",
                t.value
            ),
        ));
    }
    for (i, fen) in spec.letters.iter().enumerate() {
        if spec.letters[..i].iter().any(|o| o.value == fen.value) {
            problems.push(castling_error(
                &fen.node,
                format!(
                    "two castling sides have the FEN letter `{}`; give each its own (K, Q)",
                    fen.value
                ),
            ));
        }
    }
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
