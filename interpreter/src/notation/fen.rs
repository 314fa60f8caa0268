//! FEN for two-seat variants, compatible with Fairy-Stockfish (grammar: `grammar/fen.pest`).
//! FEN is read into a [`Setup`] and validated by [`Setup::into_position`]; the board is read
//! and written by the codec it shares with the extended position string (`board.rs`).

use super::board::{BoardText, PieceCodec, RankText, Token, read_board, write_board};
use super::error::{Notation, PositionError, PositionErrorKind as K, PositionField as F};
use super::setup::Setup;
use crate::compile::Variant;
use crate::engine::Position;
use crate::vocab::{Kind, Piece, Seat, SquareSet};
use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;
use std::sync::Arc;

#[derive(Parser)]
#[grammar = "../../grammar/fen.pest"]
struct FenParser;

/// FEN's errors are [`PositionError`]s (with [`Notation::Fen`]).
pub type FenError = PositionError;

/// Parses a FEN position of a two-seat variant.
///
/// In variants with hands the pieces in hand follow the board in brackets, as Fairy-Stockfish
/// writes them: each piece's letter once per piece, upper case for the first seat
/// (`…/RNBQKBNR[Pp] w - - 0 1`; `[]` for empty hands).
///
/// Errors: syntax, a rank with too many or too few squares, a wrong number of ranks, an
/// unknown piece letter, an unknown seat letter, castling or en-passant rights, pieces in hand
/// in a variant without hands or of a kind no capture puts in a hand; and what
/// [`Setup::into_position`] refuses (the seat not to move in check, …).
pub fn from_fen(variant: &Arc<Variant>, fen: &str) -> Result<Position, PositionError> {
    read_fen(variant, fen)?.into_position(variant)
}

/// Reads FEN into a [`Setup`] (syntax and names only; nothing is validated).
pub fn read_fen(v: &Variant, fen: &str) -> Result<Setup, PositionError> {
    let mut setup = Setup::empty(v);
    setup.source.notation = Some(Notation::Fen);
    setup.source.len = fen.len();
    if v.seats.len() != 2 {
        let kind = K::FenNeedsTwoSeats {
            variant: v.name.clone(),
            seats: v.seats.len(),
        };
        return Err(setup
            .source
            .error(F::Whole, Some(0..fen.len().max(1)), kind));
    }
    let pairs = FenParser::parse(Rule::fen, fen).map_err(|e| {
        let (start, end) = match e.location {
            pest::error::InputLocation::Pos(p) => (p, p + 1),
            pest::error::InputLocation::Span((a, b)) => (a, b.max(a + 1)),
        };
        let found = fen.get(start..).and_then(|s| s.chars().next());
        let kind = K::Unexpected {
            found,
            expected: None,
        };
        setup.source.error(F::Whole, Some(start..end), kind)
    })?;
    let items: Vec<Pair<'_, Rule>> = pairs.flat_map(|p| p.into_inner()).collect();
    let board_end = items
        .iter()
        .filter(|p| matches!(p.as_rule(), Rule::placement | Rule::hand))
        .map(|p| p.as_span().end())
        .max()
        .unwrap_or(0);
    setup.source.fields[F::Board.index()] = Some(0..board_end);
    let codec = FenCodec { v };
    let mut board = BoardText {
        ranks: Vec::new(),
        hands: None,
    };
    let mut rest = Vec::new();
    for pair in items {
        let span = pair.as_span().start()..pair.as_span().end();
        match pair.as_rule() {
            Rule::placement => board.ranks = pair.into_inner().map(rank_text).collect(),
            Rule::hand => {
                let entries = pair.clone().into_inner().map(|p| token(&p)).collect();
                board.hands = Some((span, entries));
            }
            _ => rest.push(pair),
        }
    }
    // The board first: its problems are reported before those of the fields after it.
    read_board(v, &board, &codec, &mut setup)?;
    for pair in rest {
        read_field(v, &mut setup, pair)?;
    }
    Ok(setup)
}

/// Reads one field after the board.
fn read_field(v: &Variant, setup: &mut Setup, pair: Pair<'_, Rule>) -> Result<(), PositionError> {
    let span = pair.as_span().start()..pair.as_span().end();
    let text = pair.as_str();
    let field = match pair.as_rule() {
        Rule::side => F::ToMove,
        Rule::castling => F::Castling,
        Rule::en_passant => F::EnPassant,
        Rule::halfmove => F::Halfmove,
        Rule::fullmove => F::Fullmove,
        _ => return Ok(()),
    };
    setup.source.fields[field.index()] = Some(span);
    let fail = |setup: &Setup, kind| Err(setup.source.error(field, None, kind));
    let too_large = || K::NumberTooLarge {
        text: text.to_string(),
    };
    match field {
        F::ToMove => match v.seats.iter().position(|x| x.fen == text || x.name == text) {
            Some(i) => setup.to_move = Seat(i as u8),
            None => {
                let seats: Vec<String> = v
                    .seats
                    .iter()
                    .map(|s| format!("`{}` ({})", s.fen, s.name))
                    .collect();
                let kind = K::UnknownSeat {
                    token: text.to_string(),
                    within: None,
                    seats: seats.join(", "),
                };
                return fail(setup, kind);
            }
        },
        F::Castling if v.right_kinds != 0 => match read_rights(v, setup, text) {
            Ok(rights) => setup.rights = Some(rights),
            Err(kind) => return fail(setup, kind),
        },
        F::EnPassant if text != "-" && v.ep_kinds != 0 => match v.board.parse_square(text) {
            Some(sq) => setup.ep = Some(sq.0),
            None => {
                let kind = K::EnPassantSquare {
                    text: text.to_string(),
                };
                return fail(setup, kind);
            }
        },
        F::Castling | F::EnPassant if text != "-" => {
            let kind = K::CastlingOrEnPassant {
                text: text.to_string(),
            };
            return fail(setup, kind);
        }
        F::Halfmove => match text.parse() {
            Ok(n) => setup.halfmove = n,
            Err(_) => return fail(setup, too_large()),
        },
        F::Fullmove => match text.parse::<u32>() {
            Ok(n) => setup.fullmove = n.max(1),
            Err(_) => return fail(setup, too_large()),
        },
        _ => {}
    }
    Ok(())
}

/// The kinds whose first-move rights FEN's castling field names by file, as
/// Fairy-Stockfish's gating flags (cambodian's `DEde`): kinds with rights that neither promote
/// nor castle. A promoting kind (a pawn) holds its right on its setup square; the castling
/// pieces hold theirs through the castling letters.
fn file_kinds(v: &Variant) -> u64 {
    let castling = v
        .rules
        .castling
        .as_ref()
        .map_or(0, |c| 1u64 << c.royal.0 | 1u64 << c.partner.0);
    v.kinds
        .iter()
        .enumerate()
        .filter(|(_, k)| k.promotion.is_none())
        .fold(0u64, |m, (i, _)| m | 1 << i)
        & v.right_kinds
        & !castling
}

/// The first-move rights a castling field gives on the board read so far: the promoting
/// right kinds on their setup squares, both pieces of each castling letter, and each named
/// file's piece on the seat's first line (upper case: the first seat). A letter that is no
/// castling letter and names a file whose first-line square holds no piece of that seat with a
/// first-move right named by file ([`file_kinds`]) is refused.
fn read_rights(v: &Variant, setup: &Setup, text: &str) -> Result<SquareSet, K> {
    let mut rights = SquareSet::default();
    let on = |sq: u8| {
        setup
            .board
            .get(sq as usize)
            .copied()
            .unwrap_or(Piece::EMPTY)
    };
    for &(sq, p) in &v.setup {
        let k = &v.kinds[p.kind().index()];
        if v.right_kinds >> p.kind().0 & 1 == 1 && k.promotion.is_some() && on(sq.0) == p {
            rights.insert(sq.0);
        }
    }
    if text == "-" {
        return Ok(rights);
    }
    let castling = v.rules.castling.as_ref();
    for c in text.chars() {
        let side = castling.and_then(|cs| {
            cs.moves
                .iter()
                .flatten()
                .find(|m| m.letter == c)
                .map(|m| (m.king_from, m.rook_from))
        });
        if let Some((king, rook)) = side {
            for sq in [king, rook] {
                if !on(sq).is_empty() {
                    rights.insert(sq);
                }
            }
            continue;
        }
        let seat = Seat(u8::from(c.is_ascii_lowercase()));
        let file = (c.to_ascii_lowercase() as u8).wrapping_sub(b'a');
        let o = v.seats[seat.index()].orient;
        let home = (file < v.board.files && c.is_ascii_alphabetic())
            .then(|| {
                (0..v.board.ranks).find_map(|r| {
                    let sq = v.board.square(file.into(), r.into())?;
                    (v.orients[o as usize].forward_line(v.board, sq) == 0).then_some(sq.0)
                })
            })
            .flatten();
        let Some(sq) = home else {
            return Err(K::CastlingLetter { letter: c });
        };
        let p = on(sq);
        if p.is_empty() || p.owner() != seat || file_kinds(v) >> p.kind().0 & 1 == 0 {
            // Shredder-FEN's rook files (`AHah`) in chess, or a file without such a piece.
            return Err(K::CastlingLetter { letter: c });
        }
        rights.insert(sq);
    }
    Ok(rights)
}

/// FEN's castling field for `rights`: each seat's castling letters whose two pieces hold
/// their rights, then the files of its other pieces with rights that FEN names by file; `-`
/// for none.
fn write_rights(v: &Variant, setup: &Setup) -> String {
    let rights = setup.rights.unwrap_or_default();
    let mut out = String::new();
    for seat in 0..v.seats.len().min(2) {
        if let Some(c) = &v.rules.castling {
            for m in c.moves.get(seat).into_iter().flatten() {
                if rights.contains(m.king_from) && rights.contains(m.rook_from) {
                    out.push(m.letter);
                }
            }
        }
        let mut files: Vec<u8> = rights
            .iter()
            .filter(|&sq| {
                let p = setup
                    .board
                    .get(sq as usize)
                    .copied()
                    .unwrap_or(Piece::EMPTY);
                !p.is_empty() && p.owner().index() == seat && file_kinds(v) >> p.kind().0 & 1 == 1
            })
            .map(|sq| v.board.file(crate::geometry::Square(sq)))
            .collect();
        files.sort_unstable();
        for f in files {
            let c = char::from(b'a' + f);
            out.push(if seat == 0 { c.to_ascii_uppercase() } else { c });
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

fn token<'a>(p: &Pair<'a, Rule>) -> Token<'a> {
    Token {
        text: p.as_str(),
        span: p.as_span().start()..p.as_span().end(),
    }
}

fn rank_text(rank: Pair<'_, Rule>) -> RankText<'_> {
    RankText {
        span: rank.as_span().start()..rank.as_span().end(),
        items: rank
            .into_inner()
            .map(|p| (p.as_rule() == Rule::empty_run, token(&p)))
            .collect(),
    }
}

/// FEN's pieces: the kind's letter, upper case for the first seat, lower case for the second.
struct FenCodec<'v> {
    v: &'v Variant,
}

impl FenCodec<'_> {
    fn kind(&self, c: char) -> Result<Kind, K> {
        self.v
            .kind_by_letter(c)
            .ok_or_else(|| K::UnknownPieceLetter {
                letter: c,
                variant: self.v.name.clone(),
                letters: self.v.kinds.iter().map(|k| k.letter).collect(),
            })
    }

    fn letter(&self, seat: Seat, kind: Kind) -> char {
        let c = self.v.kinds.get(kind.index()).map_or('?', |k| k.letter);
        if seat == Seat(0) {
            c
        } else {
            c.to_ascii_lowercase()
        }
    }
}

impl PieceCodec for FenCodec<'_> {
    fn read_piece(&self, text: &str) -> Result<Piece, K> {
        let c = text.chars().next().unwrap_or(' ');
        let kind = self.kind(c)?;
        let seat = Seat(u8::from(!c.is_ascii_uppercase()));
        Ok(Piece::new(kind, seat, self.v.seats[seat.index()].orient))
    }

    fn read_hand(&self, text: &str) -> Result<(Seat, Kind, u32), K> {
        let c = text.chars().next().unwrap_or(' ');
        let kind = self.kind(c)?;
        Ok((Seat(u8::from(!c.is_ascii_uppercase())), kind, 1))
    }

    fn write_piece(&self, p: Piece, out: &mut String) {
        out.push(self.letter(p.owner(), p.kind()));
    }

    fn write_hand(&self, seat: Seat, kind: Kind, count: u8, out: &mut String) {
        for _ in 0..count {
            out.push(self.letter(seat, kind));
        }
    }

    fn hand_seats(&self) -> usize {
        self.v.seats.len().min(2)
    }
}

/// Writes the position as FEN (two-seat variants; more seats are written with the first seat
/// upper case and every other seat lower case), with the hands in brackets after the board in
/// variants with hands (see [`from_fen`]).
pub fn to_fen(pos: &Position) -> String {
    write_fen(pos.variant(), &Setup::from_position(pos))
}

/// Writes a [`Setup`] of `v` as FEN (see [`to_fen`]).
pub fn write_fen(v: &Variant, setup: &Setup) -> String {
    let board = write_board(v, setup, &FenCodec { v });
    let side = v.seats.get(setup.to_move.index()).map_or("?", |s| &s.fen);
    let rights = write_rights(v, setup);
    let ep = setup.ep.map_or_else(
        || "-".to_string(),
        |sq| v.board.name(crate::geometry::Square(sq)),
    );
    format!(
        "{board} {side} {rights} {ep} {} {}",
        setup.halfmove, setup.fullmove
    )
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
        assert_eq!(e.message(), "1 rank given; the board has 8");
        let e = from_fen(&v, "8/8/8/8/8/8/8/1 w - - 0 1").unwrap_err();
        assert_eq!(e.message(), "rank 1 has 1 square; the board has 8 files");
    }
}
