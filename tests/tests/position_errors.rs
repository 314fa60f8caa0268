//! Every kind of [`PositionErrorKind`] reached by a hand-written bad position, matched as a
//! program would match it (never by its message), with the field it names and the column it
//! points at; and the positions no game reaches that the validation step refuses (every seat
//! resigned, a capture-all win without the captures, a negative score where no rule takes
//! points away), beside the legal positions next to them that it accepts.

use ashtapada::notation::{
    PositionError, PositionErrorKind as K, PositionField as F, Setup, from_fen,
    from_position_string, parse_position, to_position_string,
};
use ashtapada::rules::ModuleId;
use ashtapada::{Assignment, Kind, Piece, Seat, SeatSet, Variant, load_variant};
use std::collections::BTreeSet;
use std::sync::Arc;

fn variant(name: &str) -> Arc<Variant> {
    load_variant(name, &Assignment::default()).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// The kind's index in declaration order; exhaustive, so that a new kind needs a case below.
fn index(k: &K) -> usize {
    match k {
        K::Empty => 0,
        K::TooManyFields { .. } => 1,
        K::Unexpected { .. } => 2,
        K::FenNeedsTwoSeats { .. } => 3,
        K::FenExtraField { .. } => 4,
        K::NumberTooLarge { .. } => 5,
        K::RankCount { .. } => 6,
        K::RankTooLong { .. } => 7,
        K::RankTooShort { .. } => 8,
        K::ZeroRun => 9,
        K::UnknownPieceLetter { .. } => 10,
        K::UnknownSeat { .. } => 11,
        K::NoHands { .. } => 12,
        K::NotForHand { .. } => 13,
        K::HandCount { .. } => 14,
        K::BoardSize { .. } => 15,
        K::BadPiece { .. } => 16,
        K::CastlingOrEnPassant { .. } => 17,
        K::NoDice { .. } => 18,
        K::TooManyDice { .. } => 19,
        K::BadFace { .. } => 20,
        K::ScoreCount { .. } => 21,
        K::OwnEntry { .. } => 22,
        K::QuietRounds { .. } => 23,
        K::MoveNumberZero => 24,
        K::SelfMate { .. } => 25,
        K::MatedTwice { .. } => 26,
        K::UnknownEndReason { .. } => 27,
        K::NegativeScore { .. } => 28,
        K::SeatInCheck { .. } => 29,
        K::SeatOut { .. } => 30,
        K::NoSeatLeft => 31,
        K::NoDiceLeft => 32,
        K::NoUsableDie { .. } => 33,
        K::WouldBeMated { .. } => 34,
        K::DeadRoyalNotMated { .. } => 35,
        K::MatedOwnsPiece { .. } => 36,
        K::MatedHoldsHand { .. } => 37,
        K::CaptureAllWithoutCaptures { .. } => 38,
        K::ModuleField { .. } => 45,
        K::CastlingLetter { .. } => 39,
        K::EnPassantSquare { .. } => 40,
        K::NoPromotedForm { .. } => 41,
        K::NotRemembered { .. } => 42,
        K::CheckField { .. } => 43,
        K::CountField { .. } => 44,
        K::WallLetter { .. } => 46,
        K::HandAboveSupply { .. } => 47,
        K::TooManyWalls { .. } => 48,
        K::NoRoyal { .. } => 49,
        K::RoyalAboveStart { .. } => 50,
        K::DeadSquare { .. } => 51,
        K::RoyalsFace { .. } => 52,
    }
}
const KINDS: usize = 53;

/// How a case is read.
#[derive(Clone, Copy)]
enum Form {
    Fen,
    Extended,
    Either,
}

/// (variant, form, text, expected field, expected 1-based column, the expected kind).
type Case = (&'static str, Form, &'static str, F, usize, fn(&K) -> bool);

const R: &str = "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0";

const CASES: &[Case] = &[
    ("chaturaji", Form::Extended, "", F::Whole, 1, |k| {
        *k == K::Empty
    }),
    (
        "chaturaji",
        Form::Extended,
        "8/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 0 0 - - - r 0 1 - - - x",
        F::Whole,
        60,
        |k| {
            *k == K::TooManyFields {
                max: 17,
                last: "en passant",
            }
        },
    ),
    // Kyoto shogi: no kind is the second face of the king (`+K`), and no promotion remembers
    // (`~`).
    (
        "kyotoshogi",
        Form::Fen,
        "p+nk+k+l/5/5/5/+LSK+NP[] w - - 0 1",
        F::Board,
        5,
        |k| matches!(k, K::NoPromotedForm { letter: 'K' }),
    ),
    (
        "kyotoshogi",
        Form::Fen,
        "p+nks+l/5/5/5/+LSK+NP~[] w - - 0 1",
        F::Board,
        21,
        |k| matches!(k, K::NotRemembered { letter: 'P' }),
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r 1;5",
        F::Dice,
        24,
        |k| {
            matches!(
                k,
                K::Unexpected {
                    found: Some(';'),
                    expected: Some(_)
                }
            )
        },
    ),
    (
        "chaturanga",
        Form::Fen,
        "8/8/8/8/8/8/8/8 w - - x",
        F::Whole,
        23,
        |k| {
            matches!(
                k,
                K::Unexpected {
                    found: Some('x'),
                    expected: None
                }
            )
        },
    ),
    (
        "chaturaji",
        Form::Fen,
        "8/8/8/8/8/8/8/8 w - - 0 1",
        F::Whole,
        1,
        |k| matches!(k, K::FenNeedsTwoSeats { seats: 4, .. }),
    ),
    (
        "chaturanga",
        Form::Either,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x",
        F::Whole,
        31,
        |k| matches!(k, K::FenExtraField { text } if text == "x"),
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 70000",
        F::Rounds,
        40,
        |k| matches!(k, K::NumberTooLarge { text } if text == "70000"),
    ),
    (
        "chaturanga",
        Form::Fen,
        "4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1",
        F::Halfmove,
        27,
        |k| matches!(k, K::NumberTooLarge { .. }),
    ),
    (
        "chaturaji",
        Form::Extended,
        "8/8/8/8/8/8/8 r",
        F::Board,
        1,
        |k| *k == K::RankCount { given: 7, ranks: 8 },
    ),
    (
        "chaturanga",
        Form::Fen,
        "8/8/8/8/8/8/8 w",
        F::Board,
        1,
        |k| *k == K::RankCount { given: 7, ranks: 8 },
    ),
    (
        "chaturaji",
        Form::Extended,
        "bB7/8/2yK6/8/3rP4/8/6gH1/rB2rK4 r",
        F::Board,
        7,
        |k| *k == K::RankTooLong { rank: 6, files: 8 },
    ),
    (
        "chaturanga",
        Form::Fen,
        "4k3/8/9/8/8/8/8/4K3 w",
        F::Board,
        7,
        |k| *k == K::RankTooLong { rank: 6, files: 8 },
    ),
    (
        "chaturaji",
        Form::Extended,
        "bB7/8/2yK4/8/3rP4/8/6gH1/rB2rK4 r",
        F::Board,
        7,
        |k| {
            *k == K::RankTooShort {
                rank: 6,
                squares: 7,
                files: 8,
            }
        },
    ),
    (
        "chaturaji",
        Form::Extended,
        "0bK7/8/8/8/8/8/8/rK7 r",
        F::Board,
        1,
        |k| *k == K::ZeroRun,
    ),
    (
        "chaturaji",
        Form::Extended,
        "bB7/8/2yQ5/8/3rP4/8/6gH1/rB2rK4 r",
        F::Board,
        8,
        |k| matches!(k, K::UnknownPieceLetter { letter: 'Q', .. }),
    ),
    (
        "chaturanga",
        Form::Fen,
        "4k3/8/8/8/8/8/8/4K2X w",
        F::Board,
        20,
        |k| matches!(k, K::UnknownPieceLetter { letter: 'X', .. }),
    ),
    // `+G`: no shogi kind is the promotion of the gold (`+P` is the tokin).
    (
        "minishogi",
        Form::Fen,
        "rbsgk/4p/5/P4/K+GSBR[] w",
        F::Board,
        16,
        |k| matches!(k, K::NoPromotedForm { letter: 'G' }),
    ),
    // `R~`: only crazyhouse's queen, rook, bishop and knight promoted from a pawn remember it;
    // the king never does.
    (
        "crazyhouse",
        Form::Fen,
        "4k3/8/8/8/8/8/8/4K~2R[] w",
        F::Board,
        18,
        |k| matches!(k, K::NotRemembered { letter: 'K' }),
    ),
    (
        "chaturaji",
        Form::Extended,
        "bB7/8/2xK5/8/3rP4/8/6gH1/rB2rK4 r",
        F::Board,
        8,
        |k| matches!(k, K::UnknownSeat { token, within: Some(w), .. } if token == "x" && w == "xK"),
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 z",
        F::ToMove,
        21,
        |k| matches!(k, K::UnknownSeat { token, within: None, .. } if token == "z"),
    ),
    (
        "chaturanga",
        Form::Fen,
        "4k3/8/8/8/8/8/8/4K3 x",
        F::ToMove,
        21,
        |k| matches!(k, K::UnknownSeat { token, .. } if token == "x"),
    ),
    (
        "chaturaji",
        Form::Extended,
        "8/8/8/8/8/8/8/8[rP] r",
        F::Board,
        16,
        |k| matches!(k, K::NoHands { .. }),
    ),
    (
        "chaturanga",
        Form::Fen,
        "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1",
        F::Board,
        20,
        |k| matches!(k, K::NoHands { .. }),
    ),
    (
        "yonin-shogi",
        Form::Extended,
        "4nK4/9/9/9/wK7eK/9/9/9/4sK4[sK] s",
        F::Board,
        29,
        |k| matches!(k, K::NotForHand { token, demotes_to: None, .. } if token == "sK"),
    ),
    (
        "yonin-shogi",
        Form::Extended,
        "9/9/9/9/9/9/9/9/4sK4[0sP] s",
        F::Board,
        22,
        |k| *k == K::HandCount { max: 255 },
    ),
    (
        "chaturanga",
        Form::Fen,
        "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
        F::Castling,
        23,
        |k| matches!(k, K::CastlingOrEnPassant { text } if text == "KQkq"),
    ),
    // The duck is a wall: written `*`, never by its letter.
    (
        "duck",
        Form::Fen,
        "rnbqkbnr/pppppppp/8/3D4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        F::Board,
        22,
        |k| matches!(k, K::WallLetter { letter: 'D' }),
    ),
    // One duck at most (the fresh tester: 2 and 32 were read); the second is the place.
    (
        "duck",
        Form::Fen,
        "rnbqkbnr/pppppppp/8/3*4/8/2*5/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        F::Board,
        28,
        |k| matches!(k, K::TooManyWalls { count: 2, .. }),
    ),
    // Seirawan's hands start with one hawk each and only empty (captures go to no hand):
    // ten hawks in one hand are refused at the hand (the fresh tester: it was read).
    (
        "seirawan",
        Form::Fen,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HHHHHHHHHHEhe] w KQBCDFGkqbcdfg - 0 1",
        F::Board,
        45,
        |k| {
            matches!(
                k,
                K::HandAboveSupply {
                    count: 10,
                    bound: 1,
                    ..
                }
            )
        },
    ),
    // A second general in supply's hand (the tester: accepted before); Fairy-Stockfish's
    // `validate_fen` counts each side's kings, the pocket's too, against the start's.
    (
        "supply",
        Form::Fen,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[K] w - - 0 1",
        F::Board,
        61,
        |k| matches!(k, K::RoyalAboveStart { seat, count: 2, start: 1, .. } if seat == "white"),
    ),
    // Placement with no white king on the board or in hand.
    (
        "placement",
        Form::Fen,
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[QRRBBNNkqrrbbnn] w - - 0 1",
        F::Board,
        1,
        |k| matches!(k, K::NoRoyal { seat, .. } if seat == "white"),
    ),
    // Four-player chess with a piece on a cut corner (the tester: accepted before).
    (
        "fourchess",
        Form::Extended,
        "rP_X*_X*yRyNyByKyQyByNyR_X*_X*_X*/_X*_X*_X*yPyPyPyPyPyPyPyP_X*_X*_X*/_X*_X*_X*8_X*_X*_X*/bRbP10gPgR/bNbP10gPgN/bBbP10gPgB/bKbP10gPgQ/bQbP10gPgK/bBbP10gPgB/bNbP10gPgN/bRbP10gPgR/_X*_X*_X*8_X*_X*_X*/_X*_X*_X*rPrPrPrPrPrPrPrP_X*_X*_X*/_X*_X*_X*rRrNrBrQrKrBrNrR_X*_X*_X* r - 0,0,0,0 - - 0 0 - - - r 0 1",
        F::Board,
        1,
        |k| matches!(k, K::DeadSquare { square, .. } if square == "a14"),
    ),
    // Four-player chess with a cut corner left empty, c13 (the tester: the whole board was
    // underlined): the column of the run `1` that leaves it empty.
    (
        "fourchess",
        Form::Extended,
        "_X*_X*_X*yRyNyByKyQyByNyR_X*_X*_X*/_X*_X*1yPyPyPyPyPyPyPyP_X*_X*_X*/_X*_X*_X*8_X*_X*_X*/bRbP10gPgR/bNbP10gPgN/bBbP10gPgB/bKbP10gPgQ/bQbP10gPgK/bBbP10gPgB/bNbP10gPgN/bRbP10gPgR/_X*_X*_X*8_X*_X*_X*/_X*_X*_X*rPrPrPrPrPrPrPrP_X*_X*_X*/_X*_X*_X*rRrNrBrQrKrBrNrR_X*_X*_X* r - 0,0,0,0 - - 0 0 - - - r 0 1",
        F::Board,
        42,
        |k| matches!(k, K::DeadSquare { square, .. } if square == "c13"),
    ),
    // Four-player chess: green (live, not mated) without its king, and red with two (the
    // tester: both read).
    (
        "fourchess",
        Form::Extended,
        "_X*_X*_X*yRyNyByKyQyByNyR_X*_X*_X*/_X*_X*_X*yPyPyPyPyPyPyPyP_X*_X*_X*/_X*_X*_X*8_X*_X*_X*/bRbP10gPgR/bNbP10gPgN/bBbP10gPgB/bKbP10gPgQ/bQbP10gP1/bBbP10gPgB/bNbP10gPgN/bRbP10gPgR/_X*_X*_X*8_X*_X*_X*/_X*_X*_X*rPrPrPrPrPrPrPrP_X*_X*_X*/_X*_X*_X*rRrNrBrQrKrBrNrR_X*_X*_X* r - 0,0,0,0 - - 0 0 - - - r 0 1",
        F::Board,
        1,
        |k| matches!(k, K::NoRoyal { seat, .. } if seat == "green"),
    ),
    (
        "fourchess",
        Form::Extended,
        "_X*_X*_X*yRyNyByKyQyByNyR_X*_X*_X*/_X*_X*_X*yPyPyPyPyPyPyPyP_X*_X*_X*/_X*_X*_X*rK7_X*_X*_X*/bRbP10gPgR/bNbP10gPgN/bBbP10gPgB/bKbP10gPgQ/bQbP10gPgK/bBbP10gPgB/bNbP10gPgN/bRbP10gPgR/_X*_X*_X*8_X*_X*_X*/_X*_X*_X*rPrPrPrPrPrPrPrP_X*_X*_X*/_X*_X*_X*rRrNrBrQrKrBrNrR_X*_X*_X* r - 0,0,0,0 - - 0 0 - - - r 0 1",
        F::Board,
        1,
        |k| matches!(k, K::RoyalAboveStart { seat, count: 2, start: 1, .. } if seat == "red"),
    ),
    // A kingless bughouse position (the fresh tester: read, then scored as a mate).
    (
        "bughouse",
        Form::Fen,
        "8/8/8/8/8/8/8/8[Q] w - - 0 1",
        F::Board,
        1,
        |k| matches!(k, K::NoRoyal { seat, .. } if seat == "white"),
    ),
    (
        "chess",
        Form::Fen,
        "4k3/8/8/8/8/8/8/4K3 w KQkx - 0 1",
        F::Castling,
        23,
        |k| matches!(k, K::CastlingLetter { letter: 'x' }),
    ),
    (
        "chess",
        Form::Fen,
        "4k3/8/8/8/8/8/8/4K3 w - z9 0 1",
        F::EnPassant,
        25,
        |k| matches!(k, K::EnPassantSquare { text } if text == "z9"),
    ),
    (
        "chess",
        Form::Fen,
        "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1",
        F::Checks,
        27,
        |k| matches!(k, K::CheckField { text, of: None } if text == "3+3"),
    ),
    // The modules' fields: more checks given than five-check counts; a count without `/`.
    (
        "5check",
        Form::Extended,
        "4bK3/8/8/8/8/8/8/4wK3 w - 0,0 - - 0 0 - - - w 0 1 ? - - 6,0",
        F::Module(ModuleId::CheckCount),
        57,
        |k| matches!(k, K::ModuleField { why } if why == "6 checks given; the variant counts 5"),
    ),
    (
        "makruk",
        Form::Extended,
        "4bK3/8/8/8/8/8/8/4wK3 w - 0,0 - - 0 0 - - - w 0 1 ? - - 6x32",
        F::Module(ModuleId::Counting),
        58,
        |k| matches!(k, K::Unexpected { found: Some('x'), expected: Some(e) } if e.contains("6/32")),
    ),
    // A count's limit (Fairy-Stockfish's makruk FEN) in a variant without `counting:`.
    (
        "chess",
        Form::Fen,
        "4k3/8/8/8/8/8/8/4K3 w - 32 6 20",
        F::EnPassant,
        25,
        |k| matches!(k, K::CountField { text } if text == "32"),
    ),
    (
        "chaturanga",
        Form::Fen,
        "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
        F::EnPassant,
        25,
        |k| matches!(k, K::CastlingOrEnPassant { text } if text == "e3"),
    ),
    (
        "chaturanga",
        Form::Extended,
        "8/8/8/8/8/8/8/wK7 w roll",
        F::Dice,
        21,
        |k| matches!(k, K::NoDice { .. }),
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r 1,5,2",
        F::Dice,
        23,
        |k| *k == K::TooManyDice { given: 3, count: 2 },
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r 1,7",
        F::Dice,
        25,
        |k| matches!(k, K::BadFace { face, .. } if face == "7"),
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0",
        F::Scores,
        28,
        |k| matches!(k, K::ScoreCount { given: 3, .. }),
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 r:r",
        F::Taken,
        36,
        |k| matches!(k, K::OwnEntry { what: "king", .. }),
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - g:g",
        F::Module(ModuleId::Thrones),
        38,
        |k| matches!(k, K::OwnEntry { what: "throne", .. }),
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 2 3",
        F::QuietRounds,
        42,
        |k| {
            *k == K::QuietRounds {
                quiet: 3,
                rounds: 2,
            }
        },
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 2 1 x - - r 0 0",
        F::Fullmove,
        54,
        |k| *k == K::MoveNumberZero,
    ),
    (
        "yonin-shogi",
        Form::Extended,
        "9/9/9/9/9/9/9/9/4sK4 s - 0,0,0,0 - - 0 0 - - s:s",
        F::Mates,
        46,
        |k| matches!(k, K::SelfMate { seat } if seat == "south"),
    ),
    (
        "yonin-shogi",
        Form::Extended,
        "9/9/9/9/9/9/9/9/4sK4 s - 0,0,0,0 - - 0 0 - - n:w,e:w",
        F::Mates,
        50,
        |k| matches!(k, K::MatedTwice { seat } if seat == "west"),
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 2 1 x - - r 0 1 bogus",
        F::End,
        56,
        |k| matches!(k, K::UnknownEndReason { name, .. } if name == "bogus"),
    ),
    // Chaturaji's scores only grow: capture values, throne points and the capture-all score
    // are all positive.
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r roll -3,0,0,0",
        F::Scores,
        28,
        |k| matches!(k, K::NegativeScore { seat, score: -3 } if seat == "red"),
    ),
    // White's king e1 is attacked by black's rook e8 and black is to move: white moved last.
    (
        "chaturanga",
        Form::Fen,
        "4r3/8/8/8/8/8/8/k3K3 b - - 0 1",
        F::ToMove,
        22,
        |k| matches!(k, K::SeatInCheck { checked, to_move } if checked == &["white"] && to_move == "black"),
    ),
    // Xiangqi's generals face each other on the open e-file: whichever seat moved last made
    // them face, which the flying-general rule forbids (the fresh tester: it was accepted).
    (
        "xiangqi",
        Form::Fen,
        "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        F::Board,
        1,
        |k| matches!(k, K::RoyalsFace { seats } if seats.len() == 2),
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 2 1 x r",
        F::ToMove,
        21,
        |k| matches!(k, K::SeatOut { seat, mated: false } if seat == "red"),
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 0 0 - rbyg",
        F::Resigned,
        46,
        |k| *k == K::NoSeatLeft,
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r -",
        F::Dice,
        23,
        |k| *k == K::NoDiceLeft,
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r 2,2",
        F::Dice,
        23,
        |k| matches!(k, K::NoUsableDie { dice, seat } if dice == &[2, 2] && seat == "red"),
    ),
    // West's king a9 is not attacked, but a8, b8 and b9 are: west has no legal move.
    (
        "yonin-shogi",
        Form::Extended,
        "wK3nK4/7sR1/9/9/8eK/9/9/9/1sR1sK5[] w",
        F::ToMove,
        37,
        |k| matches!(k, K::WouldBeMated { seat } if seat == "west"),
    ),
    (
        "yonin-shogi",
        Form::Extended,
        "4nK4/7_K:e*1/9/9/wK8/9/9/9/4sK4 w - 0,0,0,0 - - 0 0 - - - s",
        F::Board,
        7,
        |k| matches!(k, K::DeadRoyalNotMated { seat, .. } if seat == "east"),
    ),
    (
        "yonin-shogi",
        Form::Extended,
        "4nK4/7_K:e*1/9/9/wK8/9/9/9/4sK3eG w - 0,0,0,0 - - 0 0 - - s:e s",
        F::Board,
        32,
        |k| matches!(k, K::MatedOwnsPiece { seat } if seat == "east"),
    ),
    (
        "yonin-shogi",
        Form::Extended,
        "4nK4/7_K:e*1/9/9/wK8/9/9/9/4sK4[wSeP] w - 0,0,0,0 - - 0 0 - - s:e s",
        F::Board,
        35,
        |k| matches!(k, K::MatedHoldsHand { seat } if seat == "east"),
    ),
    // Over by `chaturaji` (the capture-all win), but nobody has taken the other kings.
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 0 0 - - - r 0 1 chaturaji",
        F::End,
        1,
        |k| matches!(k, K::CaptureAllWithoutCaptures { winner: None, .. }),
    ),
    (
        "chaturaji",
        Form::Extended,
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 b:ryg - 0 0 - - - r 0 1 chaturaji:r",
        F::End,
        1,
        |k| matches!(k, K::CaptureAllWithoutCaptures { winner: Some(w), .. } if w == "red"),
    ),
];

fn read(v: &Arc<Variant>, form: Form, text: &str) -> Result<ashtapada::Position, PositionError> {
    match form {
        Form::Fen => from_fen(v, text),
        Form::Extended => from_position_string(v, text),
        Form::Either => parse_position(v, text),
    }
}

/// An empty cut corner is underlined at the run of empty squares over it (`3`, the first
/// three squares of rank 14), as a piece on a corner is at its piece: never the whole board.
#[test]
fn an_empty_corner_is_underlined_at_its_run() {
    let v = variant("fourchess");
    let text = "3yRyNyByKyQyByNyR_X*_X*_X*/_X*_X*_X*yPyPyPyPyPyPyPyP_X*_X*_X*/_X*_X*_X*8_X*_X*_X*/\
                bRbP10gPgR/bNbP10gPgN/bBbP10gPgB/bKbP10gPgQ/bQbP10gPgK/bBbP10gPgB/bNbP10gPgN/\
                bRbP10gPgR/_X*_X*_X*8_X*_X*_X*/_X*_X*_X*rPrPrPrPrPrPrPrP_X*_X*_X*/\
                _X*_X*_X*rRrNrBrQrKrBrNrR_X*_X*_X* r - 0,0,0,0 - - 0 0 - - - r 0 1";
    let e = from_position_string(&v, text).unwrap_err();
    assert!(
        matches!(&e.kind, K::DeadSquare { square, .. } if square == "a14"),
        "{e:?}"
    );
    assert_eq!((e.field, &text[e.span.clone()]), (F::Board, "3"));
}

#[test]
fn every_kind_is_reached_by_a_hand_written_position() {
    let mut reached = BTreeSet::new();
    let mut problems = Vec::new();
    for &(name, form, text, field, column, expected) in CASES {
        let v = variant(name);
        let e = match read(&v, form, text) {
            Ok(p) => {
                problems.push(format!("`{text}` read as {}", to_position_string(&p)));
                continue;
            }
            Err(e) => e,
        };
        reached.insert(index(&e.kind));
        if !expected(&e.kind) || e.field != field {
            problems.push(format!("`{text}`: {:?} in {:?}", e.kind, e.field));
        }
        // The end field of the capture-all cases is written last: point at it, not column 1.
        let column = if field == F::End && column == 1 {
            text.rfind(' ').unwrap() + 2
        } else {
            column
        };
        if e.span.start + 1 != column {
            problems.push(format!("`{text}`: column {} for {e}", e.span.start + 1));
        }
        assert!(e.span.start < e.span.end, "`{text}`: empty span");
        assert!(!e.message().is_empty());
    }
    // The two kinds only a program's Setup can have.
    let v = variant("chaturaji");
    let mut s = Setup::empty(&v);
    s.board.pop();
    let e = s.into_position(&v).unwrap_err();
    assert_eq!(
        e.kind,
        K::BoardSize {
            given: 63,
            squares: 64
        }
    );
    reached.insert(index(&e.kind));
    let mut s = Setup::empty(&v);
    s.board[9] = Piece::new(Kind(40), Seat(0), 0);
    let e = s.into_position(&v).unwrap_err();
    assert_eq!(e.kind, K::BadPiece { square: 9 });
    assert_eq!(e.span, 0..0, "a program's Setup has no text to point at");
    reached.insert(index(&e.kind));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let missing: Vec<usize> = (0..KINDS).filter(|i| !reached.contains(i)).collect();
    assert!(missing.is_empty(), "kinds not reached: {missing:?}");
}

#[test]
fn the_legal_neighbours_of_the_refused_positions_read() {
    let v = variant("chaturaji");
    for ok in [
        // Three seats resigned: the game is over (three resignations), and reads.
        format!("{R} - - 0 0 - rby"),
        // Red holds every other king and its own: the capture-all win stands.
        "rK7/8/8/8/8/8/8/8 r roll 54,0,0,0 r:byg - 0 0 - - - r 0 1 chaturaji".to_string(),
        "rK7/8/8/8/8/8/8/8 r roll 54,0,0,0 r:byg - 0 0 - - - r 0 1 chaturaji:r".to_string(),
        // A score of 0 is no negative score.
        format!("{R} - - 0 0 - -"),
    ] {
        let pos = from_position_string(&v, &ok).unwrap_or_else(|e| panic!("`{ok}`: {e}"));
        let again = from_position_string(&v, &to_position_string(&pos)).unwrap();
        assert_eq!(again.hash(), pos.hash(), "{ok}");
    }
}

#[test]
fn a_setup_is_plain_data_that_validation_checks_once() {
    let v = variant("chaturaji");
    let start = ashtapada::Position::start(v.clone());
    let mut s = Setup::from_position(&start);
    // Red resigned and it is red's turn: refused, in the resigned field's terms.
    s.counters.resigned = SeatSet::from_bits(1);
    let e = s.clone().into_position(&v).unwrap_err();
    assert!(matches!(e.kind, K::SeatOut { mated: false, .. }), "{e}");
    // Blue to move instead: blue rolls next, red's pieces stay on the board.
    s.to_move = Seat(1);
    let pos = s.clone().into_position(&v).expect("blue to move");
    assert_eq!(pos.to_move(), Seat(1));
    assert_eq!(Setup::from_position(&pos).counters.resigned.bits(), 1);
    assert_eq!(pos.piece_count(Seat(0)), start.piece_count(Seat(0)));
}

/// Beside the facing generals refused above: the same kings with a piece between them on the
/// e-file, or on different files, are positions a game reaches.
#[test]
fn generals_apart_or_screened_are_accepted() {
    let v = variant("xiangqi");
    for fen in [
        "4k4/9/9/9/4p4/9/9/9/9/4K4 w - - 0 1",
        "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        "4k4/9/9/9/4P4/9/9/9/9/4K4 b - - 0 1",
    ] {
        from_fen(&v, fen).unwrap_or_else(|e| panic!("`{fen}`: {e}"));
    }
    let refused = from_fen(&v, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1").expect_err("facing");
    assert!(
        refused
            .to_string()
            .contains("white and black are facing each other with their royal pieces"),
        "{refused}"
    );
}
