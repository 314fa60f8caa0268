//! The start position from `setup:`: square sets in each seat's frame (`army:`) or in board
//! coordinates (`place:`), checked for unknown pieces, off-board squares and double placement.

use crate::diag::{Code, Diagnostic, Diagnostics, Span};
use crate::geometry::{Board, Orientation, Square};
use crate::spec::RuleSpec;
use crate::vocab::{Kind, NO_OWNER, Piece, Seat};
use crate::yaml::{Text, unknown_name};

use super::SeatInfo;

/// Parses a square set written in `frame` coordinates: names separated by spaces or commas,
/// each a square (`a2`) or an inclusive line segment along a file or rank (`a2-h2`).
/// Returns the board squares, or a problem located inside `text`.
pub fn square_set(
    text: &Text,
    board: Board,
    frame: Orientation,
) -> Result<Vec<Square>, Diagnostic> {
    squares_in(text, board, frame, false)
}

/// As [`square_set`], and `rectangles` lets `a1-c3` name every square of that rectangle.
pub(super) fn squares_in(
    text: &Text,
    board: Board,
    frame: Orientation,
    rectangles: bool,
) -> Result<Vec<Square>, Diagnostic> {
    let (fw, fh) = frame.frame_size(board);
    let fb = Board {
        files: fw,
        ranks: fh,
    };
    let s = text.value.as_str();
    let mut out = Vec::new();
    let mut pos = 0;
    for part in s.split([' ', ',']) {
        let start = pos;
        pos += part.len() + 1;
        if part.is_empty() {
            continue;
        }
        let last = fb.name(Square((fb.len() - 1) as u8));
        let bad = |off: usize, len: usize, msg: String, label: &str| {
            Diagnostic::new(
                Code::CompileSquare,
                msg,
                Some(text.node.inner_span(start + off..start + off + len)),
            )
            .label(label)
            .help(format!(
                "squares are written `a1` to `{last}`; a line is written `a2-h2`"
            ))
        };
        let parse = |t: &str, off: usize| {
            fb.parse_square(t).ok_or_else(|| {
                // Well-formed (a lower-case file letter and a rank number) but off the board?
                if well_formed(t) {
                    bad(
                        off,
                        t.len(),
                        format!("`{t}` is off the {fw}×{fh} board"),
                        "off the board",
                    )
                } else {
                    bad(
                        off,
                        t.len(),
                        format!("`{t}` is not a square name"),
                        "not a square name",
                    )
                }
            })
        };
        let (a, b) = match part.split_once('-') {
            Some((x, y)) => (parse(x, 0)?, parse(y, x.len() + 1)?),
            None => {
                let q = parse(part, 0)?;
                (q, q)
            }
        };
        let (af, ar, bf, br) = (fb.file(a), fb.rank(a), fb.file(b), fb.rank(b));
        if af != bf && ar != br && !rectangles {
            return Err(Diagnostic::new(
                Code::CompileSquare,
                format!("`{part}` is neither along a file nor along a rank"),
                Some(text.node.inner_span(start..start + part.len())),
            )
            .label("not a line")
            .help(
                "a line runs along one file (`a1-a8`) or one rank (`a2-h2`); list other \
                 squares one by one, separated by spaces",
            ));
        }
        for f in af.min(bf)..=af.max(bf) {
            for r in ar.min(br)..=ar.max(br) {
                if let Some(sq) = frame.square(board, f as i32, r as i32) {
                    out.push(sq);
                }
            }
        }
    }
    if out.is_empty() {
        return Err(Diagnostic::new(
            Code::CompileSquare,
            "an empty square set",
            Some(text.node.span.clone()),
        )
        .label("no square here")
        .help("write one or more squares (`a1 b1`) or lines (`a2-h2`)"));
    }
    Ok(out)
}

/// True if `t` looks like a square name: a lower-case letter and a rank number.
fn well_formed(t: &str) -> bool {
    let mut chars = t.chars();
    let file = chars.next().is_some_and(|c| c.is_ascii_lowercase());
    let rank = chars.as_str();
    file && (1..=2).contains(&rank.len())
        && !rank.starts_with('0')
        && rank.bytes().all(|b| b.is_ascii_digit())
}

/// Places every seat's pieces, in square order, each with the span of the setup entry that
/// placed it; reports problems into `errs`.
pub fn place(
    spec: &RuleSpec,
    board: Board,
    seats: &[SeatInfo],
    kinds: &[&str],
    errs: &mut Diagnostics,
) -> (Vec<(Square, Piece)>, Vec<Span>) {
    let mut placed: Vec<(Square, Piece, Span)> = Vec::new();
    // Places one piece; on a square already taken, records the clash in `clashes`.
    // Places `kind` for `seat`; a dead piece (`setup.dead`) belongs to no seat, `seat` gives
    // its orientation.
    let mut put = |sq: Square,
                   (seat, dead): (usize, bool),
                   kind: Kind,
                   span: &Span,
                   clashes: &mut Clashes| {
        if let Some((_, _, prev)) = placed.iter().find(|(s, _, _)| *s == sq) {
            clashes.push((sq, prev.clone()));
            return;
        }
        let info = &seats[seat];
        let piece = if dead {
            Piece::new(kind, Seat(NO_OWNER), info.orient).killed()
        } else {
            Piece::new(kind, Seat(seat as u8), info.orient)
        };
        placed.push((sq, piece, span.clone()));
    };
    let kind_of = |t: &Text, errs: &mut Diagnostics| super::kind_named(t, kinds, errs);
    for (squares, piece) in &spec.setup.army {
        let kind = kind_of(piece, errs);
        let mut clashes = Clashes::new();
        for (i, seat) in seats.iter().enumerate() {
            match square_set(squares, board, seat.orientation) {
                Ok(list) => {
                    if let Some(k) = kind {
                        for sq in list {
                            put(sq, (i, false), k, &squares.node.span, &mut clashes);
                        }
                    }
                }
                Err(d) => {
                    errs.push(d);
                    break;
                }
            }
        }
        report_clashes(board, &squares.node.span, &clashes, errs);
    }
    let identity = Orientation {
        edge: crate::geometry::Edge::South,
        mirrored: false,
    };
    for (seat_name, entries) in &spec.setup.place {
        let Some(seat) = seats.iter().position(|s| s.name == seat_name.value) else {
            errs.push(unknown_name(
                &seat_name.node.span,
                "seat",
                &seat_name.value,
                seats.iter().map(|s| s.name.as_str()),
            ));
            continue;
        };
        for (squares, piece) in entries {
            let kind = kind_of(piece, errs);
            let mut clashes = Clashes::new();
            match square_set(squares, board, identity) {
                Ok(list) => {
                    if let Some(k) = kind {
                        for sq in list {
                            put(sq, (seat, false), k, &squares.node.span, &mut clashes);
                        }
                    }
                }
                Err(d) => errs.push(d),
            }
            report_clashes(board, &squares.node.span, &clashes, errs);
        }
    }
    // Dead pieces of no seat, in board coordinates (oriented as the first seat's pieces).
    for (squares, piece) in &spec.setup.dead {
        let kind = kind_of(piece, errs);
        let mut clashes = Clashes::new();
        match square_set(squares, board, identity) {
            Ok(list) => {
                if let Some(k) = kind {
                    for sq in list {
                        put(sq, (0, true), k, &squares.node.span, &mut clashes);
                    }
                }
            }
            Err(d) => errs.push(d),
        }
        report_clashes(board, &squares.node.span, &clashes, errs);
    }
    placed.sort_by_key(|(s, _, _)| *s);
    placed.into_iter().map(|(s, p, at)| ((s, p), at)).unzip()
}

/// Squares one setup entry placed a piece on although they were taken, with the entry that
/// took each.
type Clashes = Vec<(Square, Span)>;

/// One problem per setup entry, naming every square it placed a second piece on (an `army:`
/// entry places for every seat, so `d1` clashes on d1 and, mirrored, on d8).
fn report_clashes(board: Board, span: &Span, clashes: &Clashes, errs: &mut Diagnostics) {
    let Some((first, _)) = clashes.first() else {
        return;
    };
    let names: Vec<String> = clashes.iter().map(|(sq, _)| board.name(*sq)).collect();
    let squares = match names.as_slice() {
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
        [] => board.name(*first),
    };
    let mut d = Diagnostic::new(
        Code::CompileDoublePlacement,
        format!("two pieces are placed on {squares}"),
        Some(span.clone()),
    )
    .label(format!("places a second piece on {squares}"))
    .help("every square holds at most one piece: remove one of the two placements");
    let mut seen: Vec<&Span> = Vec::new();
    for (_, prev) in clashes {
        // An `army:` entry may clash with itself (its squares for one seat are its squares
        // for another): the main label already points there.
        if prev != span && !seen.contains(&prev) {
            seen.push(prev);
            d = d.also(prev.clone(), "already placed here");
        }
    }
    errs.push(d);
}

/// Every seat's pieces in hand at the start, per kind index, from `setup.hand:`; problems (an
/// unknown kind, a kind listed twice, a hand without `hands:`) go to `errs`, located.
pub(super) fn start_hand(spec: &RuleSpec, kinds: &[&str], errs: &mut Diagnostics) -> Vec<u8> {
    let mut hand = vec![0u8; kinds.len()];
    let Some(node) = &spec.setup.hand_node else {
        return hand;
    };
    if spec.rules.hands.is_none() {
        errs.push(
            Diagnostic::new(
                Code::CompileSetupHand,
                "`setup.hand` gives pieces in hand, and the file has no `hands:`",
                Some(node.span.clone()),
            )
            .label("pieces in hand")
            .help(
                "add `hands: { captures: false }` (or `true`, if captured pieces go to the \
                 hand too) so that pieces in hand can be dropped",
            ),
        );
    }
    for (i, (t, n)) in spec.setup.hand.iter().enumerate() {
        if spec.setup.hand[..i].iter().any(|(f, _)| f.value == t.value) {
            errs.push(
                Diagnostic::new(
                    Code::CompileSetupHand,
                    format!("`{}` is listed twice in `setup.hand`", t.value),
                    Some(t.node.span.clone()),
                )
                .label("second time")
                .help("give each kind's count once"),
            );
        }
        if let Some(k) = super::kind_named(t, kinds, errs) {
            hand[k.index()] = *n;
        }
    }
    hand
}
