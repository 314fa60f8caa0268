//! FEN for two-seat variants, compatible with Fairy-Stockfish (grammar: `grammar/fen.pest`).

use crate::compile::Variant;
use crate::engine::Position;
use crate::vocab::{Piece, Seat};
use pest::Parser;
use pest_derive::Parser;
use std::fmt;
use std::sync::Arc;

#[derive(Parser)]
#[grammar = "../../grammar/fen.pest"]
struct FenParser;

/// A malformed or impossible position string, with the byte range of the offending part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// Byte range in the string.
    pub span: std::ops::Range<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at column {})", self.message, self.span.start + 1)
    }
}

impl std::error::Error for FenError {}

fn err(span: pest::Span<'_>, message: impl Into<String>) -> FenError {
    FenError {
        span: span.start()..span.end().max(span.start() + 1),
        message: message.into(),
    }
}

/// Parses a FEN position of a two-seat variant.
///
/// In variants with hands the pieces in hand follow the board in brackets, as Fairy-Stockfish
/// writes them: each piece's letter once per piece, upper case for the first seat
/// (`…/RNBQKBNR[Pp] w - - 0 1`; `[]` for empty hands).
///
/// Errors: syntax, a rank with too many or too few squares, a wrong number of ranks, an
/// unknown piece letter, an unknown seat letter, castling or en-passant rights, pieces in hand
/// in a variant without hands or of a kind no capture puts in a hand.
pub fn from_fen(variant: &Arc<Variant>, fen: &str) -> Result<Position, FenError> {
    let v = &**variant;
    if v.seats.len() != 2 {
        return Err(FenError {
            span: 0..fen.len().max(1),
            message: format!(
                "FEN describes two-seat positions; {} has {}",
                v.name,
                crate::diag::count(v.seats.len(), "seat", "seats")
            ),
        });
    }
    let pairs = FenParser::parse(Rule::fen, fen).map_err(|e| {
        let (start, end) = match e.location {
            pest::error::InputLocation::Pos(p) => (p, p + 1),
            pest::error::InputLocation::Span((a, b)) => (a, b.max(a + 1)),
        };
        let found = fen.get(start..).and_then(|s| s.chars().next());
        let message = match found {
            Some(c) => format!("unexpected `{c}` in the position string"),
            None => "the position string ends too early".to_string(),
        };
        FenError {
            span: start..end,
            message,
        }
    })?;
    let mut pos = Position::empty(variant.clone());
    let (files, ranks) = (v.board.files as usize, v.board.ranks as usize);
    let mut side: Option<Seat> = None;
    for pair in pairs
        .into_iter()
        .next()
        .into_iter()
        .flat_map(|p| p.into_inner())
    {
        match pair.as_rule() {
            Rule::placement => {
                let rank_pairs: Vec<_> = pair.into_inner().collect();
                if rank_pairs.len() != ranks {
                    let end = rank_pairs.last().map_or(1, |r| r.as_span().end().max(1));
                    return Err(FenError {
                        span: 0..end,
                        message: format!(
                            "{} given; the board has {ranks}",
                            crate::diag::count(rank_pairs.len(), "rank", "ranks")
                        ),
                    });
                }
                for (i, rp) in rank_pairs.into_iter().enumerate() {
                    let rank = ranks - 1 - i;
                    let span = rp.as_span();
                    let mut file = 0usize;
                    for item in rp.into_inner() {
                        match item.as_rule() {
                            Rule::empty_run => {
                                let n: usize = item.as_str().parse().unwrap_or(usize::MAX);
                                if n == 0 {
                                    return Err(err(item.as_span(), "a run of 0 empty squares"));
                                }
                                file = file.saturating_add(n);
                            }
                            _ => {
                                let c = item.as_str().chars().next().unwrap_or(' ');
                                let Some(kind) = v.kind_by_letter(c) else {
                                    let letters: String =
                                        v.kinds.iter().map(|k| k.letter).collect();
                                    return Err(err(
                                        item.as_span(),
                                        format!(
                                            "`{c}` is not a piece of {} (letters: {letters})",
                                            v.name
                                        ),
                                    ));
                                };
                                let seat = if c.is_ascii_uppercase() {
                                    Seat(0)
                                } else {
                                    Seat(1)
                                };
                                if file >= files {
                                    return Err(err(
                                        span,
                                        format!("rank {} has more than {files} squares", rank + 1),
                                    ));
                                }
                                let piece = Piece::new(kind, seat, v.seats[seat.index()].orient);
                                pos.put((rank * files + file) as u8, piece);
                                file += 1;
                            }
                        }
                        if file > files {
                            return Err(err(
                                span,
                                format!("rank {} has more than {files} squares", rank + 1),
                            ));
                        }
                    }
                    if file != files {
                        return Err(err(
                            span,
                            format!(
                                "rank {} has {}; the board has {files} files",
                                rank + 1,
                                crate::diag::count(file, "square", "squares")
                            ),
                        ));
                    }
                }
            }
            Rule::hand => {
                for item in pair.into_inner() {
                    let c = item.as_str().chars().next().unwrap_or(' ');
                    if !v.modules.hands {
                        return Err(err(
                            item.as_span(),
                            format!("{} has no pieces in hand: leave out the brackets", v.name),
                        ));
                    }
                    let seat = Seat(u8::from(!c.is_ascii_uppercase()));
                    let kind = v
                        .kind_by_letter(c)
                        .filter(|k| {
                            let info = &v.kinds[k.index()];
                            !info.royal && info.demote == *k
                        })
                        .ok_or_else(|| {
                            err(
                                item.as_span(),
                                format!(
                                    "`{c}` cannot be in a hand of {}: a hand holds only kinds a capture demotes to",
                                    v.name
                                ),
                            )
                        })?;
                    let n = pos.hand_count(seat, kind);
                    if n == u8::MAX {
                        return Err(err(
                            item.as_span(),
                            "a hand holds at most 255 pieces of a kind",
                        ));
                    }
                    pos.setup_hand(seat, kind, n + 1);
                }
            }
            Rule::side => {
                let s = pair.as_str();
                let seat = v.seats.iter().position(|x| x.fen == s || x.name == s);
                match seat {
                    Some(i) => side = Some(Seat(i as u8)),
                    None => {
                        let known: Vec<&str> = v.seats.iter().map(|x| x.fen.as_str()).collect();
                        return Err(err(
                            pair.as_span(),
                            format!(
                                "`{s}` is not a seat to move (expected {})",
                                known.join(" or ")
                            ),
                        ));
                    }
                }
            }
            Rule::castling | Rule::en_passant if pair.as_str() != "-" => {
                return Err(err(
                    pair.as_span(),
                    format!(
                        "`{}`: this variant has no castling or en passant; write `-`",
                        pair.as_str()
                    ),
                ));
            }
            Rule::halfmove => {
                pos.halfmove = pair
                    .as_str()
                    .parse()
                    .map_err(|_| err(pair.as_span(), "half-move clock too large"))?;
            }
            Rule::fullmove => {
                let n: u32 = pair
                    .as_str()
                    .parse()
                    .map_err(|_| err(pair.as_span(), "full-move number too large"))?;
                pos.root_fullmove = n.max(1);
            }
            _ => {}
        }
    }
    pos.to_move = side.unwrap_or(Seat(0));
    pos.root_seat = pos.to_move;
    pos.hash = pos.compute_hash();
    // The side that just moved cannot have left its royal piece attacked: such a position is
    // unreachable, and would let the side to move capture a royal piece.
    let other = pos.prev_seat(pos.to_move);
    if pos.in_check(other) {
        let at = fen.find(' ').unwrap_or(fen.len());
        return Err(FenError {
            span: 0..at.max(1),
            message: format!(
                "{} is in check but it is {}'s move: no legal game reaches this position",
                v.seats[other.index()].name,
                v.seats[pos.to_move.index()].name
            ),
        });
    }
    pos.judge_root();
    Ok(pos)
}

/// Writes the position as FEN (two-seat variants; more seats are written with the first seat
/// upper case and every other seat lower case), with the hands in brackets after the board in
/// variants with hands (see [`from_fen`]).
pub fn to_fen(pos: &Position) -> String {
    let v = pos.variant();
    let mut s = String::new();
    for rank in (0..v.board.ranks).rev() {
        let mut empty = 0;
        for file in 0..v.board.files {
            let sq = crate::geometry::Square(rank * v.board.files + file);
            let p = pos.piece_at(sq);
            if p.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
                empty = 0;
            }
            let c = v.kinds[p.kind().index()].letter;
            s.push(if p.owner() == Seat(0) {
                c
            } else {
                c.to_ascii_lowercase()
            });
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    let seats = v.seats.len().min(2);
    let in_hand = (0..seats).any(|i| pos.hand_total(Seat(i as u8)) > 0);
    if v.modules.hands || in_hand {
        // Fairy-Stockfish's form: each piece once per count, the first seat's upper case.
        s.push('[');
        for i in 0..seats {
            for (k, info) in v.kinds.iter().enumerate() {
                let c = if i == 0 {
                    info.letter
                } else {
                    info.letter.to_ascii_lowercase()
                };
                for _ in 0..pos.hand_count(Seat(i as u8), crate::vocab::Kind(k as u8)) {
                    s.push(c);
                }
            }
        }
        s.push(']');
    }
    let side = &v.seats[pos.to_move().index()].fen;
    format!("{s} {side} - - {} {}", pos.halfmove(), pos.fullmove())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    #[test]
    fn counts_of_one_are_singular() {
        let v = load_variant("chaturanga", &Assignment::default()).unwrap();
        let e = from_fen(&v, "8 w - - 0 1").unwrap_err();
        assert_eq!(e.message, "1 rank given; the board has 8");
        let e = from_fen(&v, "8/8/8/8/8/8/8/1 w - - 0 1").unwrap_err();
        assert_eq!(e.message, "rank 1 has 1 square; the board has 8 files");
    }
}
