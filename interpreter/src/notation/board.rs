//! The board codec FEN and the extended position string share: ranks from the last to the
//! first separated by `/`, runs of empty squares as numbers, each piece as the notation writes
//! it (a [`PieceCodec`]), then the hands in brackets. Each notation's grammar finds the
//! tokens ([`BoardText`]); this module turns them into a [`Setup`]'s board and hands, and
//! writes them back.

use super::error::{PositionError, PositionErrorKind as K, PositionField as F};
use super::setup::Setup;
use crate::compile::Variant;
use crate::vocab::{Kind, Piece, Seat};
use std::ops::Range;

/// A piece of text and its byte range in the whole string.
pub(super) struct Token<'a> {
    pub text: &'a str,
    pub span: Range<usize>,
}

/// One rank as written: its range and its runs of empty squares and pieces, in file order.
pub(super) struct RankText<'a> {
    pub span: Range<usize>,
    /// `(true, run)` for a run of empty squares, `(false, piece)` for a piece.
    pub items: Vec<(bool, Token<'a>)>,
}

/// A board as written: the ranks, last first, and the hands (the brackets' range and each
/// entry), if written.
pub(super) struct BoardText<'a> {
    pub ranks: Vec<RankText<'a>>,
    pub hands: Option<(Range<usize>, Vec<Token<'a>>)>,
}

/// How a notation writes one piece and one hand entry.
pub(super) trait PieceCodec {
    /// The piece a token stands for.
    fn read_piece(&self, text: &str) -> Result<Piece, K>;
    /// The seat, kind and count a hand entry stands for.
    fn read_hand(&self, text: &str) -> Result<(Seat, Kind, u32), K>;
    /// Writes a piece.
    fn write_piece(&self, p: Piece, out: &mut String);
    /// Writes `count` (at least 1) pieces of `kind` in `seat`'s hand.
    fn write_hand(&self, seat: Seat, kind: Kind, count: u8, out: &mut String);
    /// How many seats' hands the notation writes (in turn order).
    fn hand_seats(&self) -> usize;
}

/// `piece`, marked as remembering its promotion when `marked` (FEN's and the position string's
/// `~`); an error if no `remember: true` promotion gives its kind.
pub(super) fn mark_promoted(v: &Variant, piece: Piece, marked: bool) -> Result<Piece, K> {
    if !marked {
        return Ok(piece);
    }
    let kind = v.kinds.get(piece.kind().index());
    match kind {
        Some(k) if k.promoted_from.is_some() => Ok(piece.promoted()),
        _ => Err(K::NotRemembered {
            letter: kind.map_or('?', |k| k.letter),
        }),
    }
}

/// Reads `board` into `setup`'s board and hands (and their ranges into its source, whose
/// notation, length and board field must be set).
///
/// Errors: a wrong number of ranks, a rank with too many or too few squares, a run of 0
/// squares, what the codec refuses, a hand count of 0 or above 255.
pub(super) fn read_board(
    v: &Variant,
    board: &BoardText<'_>,
    codec: &dyn PieceCodec,
    setup: &mut Setup,
) -> Result<(), PositionError> {
    let (files, ranks) = (v.board.files as usize, v.board.ranks as usize);
    if board.ranks.len() != ranks {
        let given = board.ranks.len();
        return Err(setup
            .source
            .error(F::Board, None, K::RankCount { given, ranks }));
    }
    for (i, r) in board.ranks.iter().enumerate() {
        read_rank(ranks - 1 - i, files, r, codec, setup)?;
    }
    if let Some((span, entries)) = &board.hands {
        setup.source.hands = Some(span.clone());
        for t in entries {
            let at = |kind| setup.source.error(F::Board, Some(t.span.clone()), kind);
            let (seat, kind, count) = codec.read_hand(t.text).map_err(at)?;
            let held = &mut setup.hands[seat.index()][kind.index()];
            let total = count.saturating_add(*held as u32);
            if count == 0 || total > u8::MAX as u32 {
                return Err(at(K::HandCount { max: u8::MAX }));
            }
            *held = total as u8;
            let entry = (seat, kind, t.span.clone(), t.text.to_string());
            setup.source.hand_entries.push(entry);
        }
    }
    Ok(())
}

/// Reads rank `rank` (from 0) of a board `files` wide.
fn read_rank(
    rank: usize,
    files: usize,
    r: &RankText<'_>,
    codec: &dyn PieceCodec,
    setup: &mut Setup,
) -> Result<(), PositionError> {
    let too_long = |setup: &Setup| {
        let kind = K::RankTooLong {
            rank: rank + 1,
            files,
        };
        setup.source.error(F::Board, Some(r.span.clone()), kind)
    };
    let mut file = 0usize;
    for (empty, t) in &r.items {
        let at = |setup: &Setup, kind| setup.source.error(F::Board, Some(t.span.clone()), kind);
        if *empty {
            let n: usize = t.text.parse().unwrap_or(usize::MAX);
            if n == 0 {
                return Err(at(setup, K::ZeroRun));
            }
            // Each empty square is located at its run (`8`), for errors about a square that
            // should hold a piece (a cut corner's).
            for f in file..file.saturating_add(n).min(files) {
                setup
                    .source
                    .squares
                    .push((rank * files + f, t.span.clone()));
            }
            file = file.saturating_add(n);
        } else {
            if file >= files {
                return Err(too_long(setup));
            }
            let piece = codec.read_piece(t.text).map_err(|k| at(setup, k))?;
            let sq = rank * files + file;
            setup.board[sq] = piece;
            setup.source.squares.push((sq, t.span.clone()));
            file += 1;
        }
        if file > files {
            return Err(too_long(setup));
        }
    }
    if file != files {
        let kind = K::RankTooShort {
            rank: rank + 1,
            squares: file,
            files,
        };
        return Err(setup.source.error(F::Board, Some(r.span.clone()), kind));
    }
    Ok(())
}

/// Writes `setup`'s board, then — in variants with hands (not from an unlimited supply,
/// [`crate::rules::enclose`]), or when a hand is not empty — the hands in brackets.
pub(super) fn write_board(v: &Variant, setup: &Setup, codec: &dyn PieceCodec) -> String {
    let mut s = String::new();
    let files = v.board.files as usize;
    for rank in (0..v.board.ranks as usize).rev() {
        let mut empty = 0;
        for file in 0..files {
            let p = setup.board.get(rank * files + file).copied();
            let Some(p) = p.filter(|p| !p.is_empty()) else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                s.push_str(&empty.to_string());
                empty = 0;
            }
            codec.write_piece(p, &mut s);
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    let seats = codec.hand_seats().min(setup.hands.len());
    let in_hand = setup.hands[..seats]
        .iter()
        .any(|h| h.iter().any(|&n| n > 0));
    // An unlimited supply (`enclose.supply`) is not written, as Fairy-Stockfish writes ataxx.
    let unlimited = v.rules.enclose.is_some_and(|e| e.unlimited);
    if (v.rules.hands.is_some() && !unlimited) || in_hand {
        s.push('[');
        for (i, hand) in setup.hands[..seats].iter().enumerate() {
            for (k, &n) in hand.iter().enumerate().take(v.kinds.len()) {
                if n > 0 {
                    codec.write_hand(Seat(i as u8), Kind(k as u8), n, &mut s);
                }
            }
        }
        s.push(']');
    }
    s
}
