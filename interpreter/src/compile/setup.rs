//! The start position from `setup:`: square sets in each seat's frame (`army:`) or in board
//! coordinates (`place:`), checked for unknown pieces, off-board squares and double placement.

use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::engine::{Kind, Piece, Seat};
use crate::geometry::{Board, Orientation, Square};
use crate::spec::{RuleSpec, Text, unknown_name};

use super::SeatInfo;

/// Parses a square set written in `frame` coordinates: names separated by spaces or commas,
/// each a square (`a2`) or an inclusive line segment along a file or rank (`a2-h2`).
/// Returns the board squares, or a problem located inside `text`.
pub fn square_set(
    text: &Text,
    board: Board,
    frame: Orientation,
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
        let bad = |off: usize, len: usize, msg: String| {
            Diagnostic::new(
                "compile::square",
                msg,
                Some(text.node.inner_span(start + off..start + off + len)),
            )
            .label("not a square of this board")
            .help(format!(
                "squares are written `a1` to `{}`; a line is written `a2-h2`",
                fb.name(Square((fb.len() - 1) as u8))
            ))
        };
        let parse = |t: &str, off: usize| {
            fb.parse_square(t).ok_or_else(|| {
                bad(
                    off,
                    t.len(),
                    format!("`{t}` is not a square on a {fw}×{fh} board"),
                )
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
        if af != bf && ar != br {
            return Err(bad(
                0,
                part.len(),
                format!("`{part}` is neither along a file nor along a rank"),
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
            "compile::square",
            "an empty square set",
            Some(text.node.span.clone()),
        ));
    }
    Ok(out)
}

/// Places every seat's pieces; reports problems into `errs`.
pub fn place(
    spec: &RuleSpec,
    board: Board,
    seats: &[SeatInfo],
    kinds: &[&str],
    errs: &mut Diagnostics,
) -> Vec<(Square, Piece)> {
    let mut placed: Vec<(Square, Piece, Span)> = Vec::new();
    let mut put = |sq: Square, seat: usize, kind: Kind, span: &Span, errs: &mut Diagnostics| {
        if let Some((_, _, prev)) = placed.iter().find(|(s, _, _)| *s == sq) {
            errs.push(
                Diagnostic::new(
                    "compile::double-placement",
                    format!("two pieces are placed on {}", board.name(sq)),
                    Some(span.clone()),
                )
                .label(format!("places a piece on {}", board.name(sq)))
                .also(prev.clone(), "already placed here")
                .help("every square holds at most one piece: remove one of the two placements"),
            );
            return;
        }
        let info = &seats[seat];
        placed.push((
            sq,
            Piece::new(kind, Seat(seat as u8), info.orient),
            span.clone(),
        ));
    };
    let kind_of = |t: &Text, errs: &mut Diagnostics| match kinds.iter().position(|n| *n == t.value)
    {
        Some(i) => Some(Kind(i as u8)),
        None => {
            errs.push(unknown_name(
                &t.node.span,
                "piece",
                &t.value,
                kinds.iter().copied(),
            ));
            None
        }
    };
    for (squares, piece) in &spec.setup.army {
        let kind = kind_of(piece, errs);
        for (i, seat) in seats.iter().enumerate() {
            match square_set(squares, board, seat.orientation) {
                Ok(list) => {
                    if let Some(k) = kind {
                        for sq in list {
                            put(sq, i, k, &squares.node.span, errs);
                        }
                    }
                }
                Err(d) => {
                    errs.push(d);
                    break;
                }
            }
        }
    }
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
        let identity = Orientation {
            edge: crate::geometry::Edge::South,
            mirrored: false,
        };
        for (squares, piece) in entries {
            let kind = kind_of(piece, errs);
            match square_set(squares, board, identity) {
                Ok(list) => {
                    if let Some(k) = kind {
                        for sq in list {
                            put(sq, seat, k, &squares.node.span, errs);
                        }
                    }
                }
                Err(d) => errs.push(d),
            }
        }
    }
    let mut out: Vec<(Square, Piece)> = placed.into_iter().map(|(s, p, _)| (s, p)).collect();
    out.sort_by_key(|(s, _)| *s);
    out
}
