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
/// (`…/RNBQKBNR[Pp] w - - 0 1`; `[]` for empty hands). A kind that is the promotion of
/// another ([`crate::compile::KindInfo::unpromoted`]: shogi's tokin) is written `+` and that
/// kind's letter (`+P`; its own letter is read too), and a piece that remembers its promotion
/// has `~` after its letter (`Q~`, crazyhouse).
/// In variants that count checks
/// (`check-count:`) the check field follows the en-passant field, also as Fairy-Stockfish
/// writes it: the checks each seat has left to give (`… w KQkq - 3+3 0 1`); without it, as
/// in Fairy-Stockfish, each seat has one check left (`1+1`: the next check wins). In variants
/// with a counting rule (`counting:`) a number in the en-passant field is a running count's
/// limit in plies and the half-move field then holds the plies counted (`… b - 32 6 20`), as
/// Fairy-Stockfish writes them (a number there is refused in other variants).
///
/// Errors: syntax, a rank with too many or too few squares, a wrong number of ranks, an
/// unknown piece letter, `+X` where no kind is the promotion of `X`, `~` after a kind no
/// remembering promotion gives, an unknown seat letter, castling or en-passant rights, pieces in hand
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
    // Without a check field Fairy-Stockfish takes the next check of either side to win: one
    // check left each.
    if let Some(c) = &v.rules.check_count
        && setup.source.fields[F::Checks.index()].is_none()
    {
        crate::rules::check_count::set_checks(&mut setup.counters, &[c.of - 1; 2]);
    }
    // A running count (its limit in the en-passant field) takes the half-move field for the
    // plies counted, as Fairy-Stockfish reads it; the half-move clock starts again at 0.
    let limit = crate::rules::counting::limit(&setup.counters);
    if limit != 0 && setup.halfmove != 0 {
        crate::rules::counting::set(&mut setup.counters, setup.halfmove, limit);
        setup.halfmove = 0;
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
        Rule::checks => F::Checks,
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
        F::Castling if v.right_kinds() != 0 => match read_rights(v, setup, text) {
            Ok(rights) => setup.rights = Some(rights),
            Err(kind) => return fail(setup, kind),
        },
        F::EnPassant if text.starts_with(|c: char| c.is_ascii_digit()) => {
            if v.rules.counting.is_none() {
                let kind = K::CountField {
                    text: text.to_string(),
                };
                return fail(setup, kind);
            }
            match text.parse() {
                Ok(n) => {
                    let ply = crate::rules::counting::ply(&setup.counters);
                    crate::rules::counting::set(&mut setup.counters, ply, n);
                }
                Err(_) => return fail(setup, too_large()),
            }
        }
        F::EnPassant if text != "-" && v.ep_kinds() != 0 => match ep_squares(v, text) {
            // A square outside the side to move's `en-passant-region` is dropped, as
            // Fairy-Stockfish drops it (horde: `e3` with white to move).
            Some((sq, _)) if !v.ep_region_allows(setup.to_move, sq) => {}
            Some((sq, victim)) => (setup.ep, setup.ep_victim) = (Some(sq), victim),
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
        F::Checks => match read_checks(v, text) {
            Ok(given) => crate::rules::check_count::set_checks(&mut setup.counters, &given),
            Err(kind) => return fail(setup, kind),
        },
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

/// The checks given by the two seats that FEN's check field `text` (`2+3`: the checks each has
/// left to give) means, in a variant with `check-count:`.
fn read_checks(v: &Variant, text: &str) -> Result<[u8; 2], K> {
    let refuse = |of| K::CheckField {
        text: text.to_string(),
        of,
    };
    let Some(count) = &v.rules.check_count else {
        return Err(refuse(None));
    };
    let mut given = [0u8; 2];
    for (g, left) in given.iter_mut().zip(text.split('+')) {
        match left.parse::<u8>() {
            Ok(n) if n <= count.of => *g = count.of - n,
            _ => return Err(refuse(Some(count.of))),
        }
    }
    Ok(given)
}

/// The kinds whose first-move rights FEN's castling field names by file, as
/// Fairy-Stockfish's gating flags (cambodian's `DEde`): kinds with rights that neither promote
/// nor castle. A promoting kind (a pawn) holds its right on its setup square; the castling
/// pieces hold theirs through the castling letters.
fn file_kinds(v: &Variant) -> u64 {
    // Under gating every gate is named: a castling piece's too, by its file, where no
    // castling letter names it (`E`: the king's gate after both rooks have moved).
    let castling = match (&v.rules.castling, &v.rules.gating) {
        (Some(c), None) => 1u64 << c.royal.0 | c.partners,
        _ => 0,
    };
    v.kinds
        .iter()
        .enumerate()
        .filter(|(_, k)| k.promotion.is_none())
        .fold(0u64, |m, (i, _)| m | 1 << i)
        & v.right_kinds()
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
        if v.right_kinds() >> p.kind().0 & 1 == 1 && k.promotion.is_some() && on(sq.0) == p {
            rights.insert(sq.0);
        }
    }
    if text == "-" {
        return Ok(rights);
    }
    let castling = v.rules.castling.as_ref();
    for c in text.chars() {
        if let Some(given) = castling.and_then(|cs| free_rights(v, cs, c, &on)) {
            given.iter().for_each(|sq| rights.insert(sq));
            continue;
        }
        // A side letter (`K`), or Shredder-FEN's file of the castling partner (`H` in chess,
        // as Fairy-Stockfish reads it; lower case for the second seat). Under gating a file
        // letter is a gate only (the rook's right alone, read below), never both castling
        // pieces' rights.
        let by_file = |m: &&crate::rules::castling::CastleMove, seat: usize| {
            v.rules.gating.is_none()
                && c.is_ascii_alphabetic()
                && seat == usize::from(c.is_ascii_lowercase())
                && v.board.file(crate::geometry::Square(m.rook_from))
                    == (c.to_ascii_lowercase() as u8).wrapping_sub(b'a')
        };
        let side = castling.and_then(|cs| {
            let mut all = cs
                .moves
                .iter()
                .enumerate()
                .flat_map(|(s, ms)| ms.iter().map(move |m| (s, m)));
            all.clone()
                .find(|(_, m)| m.letter == c)
                .or_else(|| all.find(|(s, m)| by_file(m, *s)))
                .map(|(_, m)| (m.king_from, m.rook_from))
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

/// The rights the castling letter `c` gives under free (Fischer random) castling, as
/// Fairy-Stockfish reads them: a side letter (X-FEN's `K`, `Q`; lower case for the second
/// seat) the royal on the castling line and that side's outermost partner; a file letter
/// (Shredder-FEN's `H`, `a`) the royal and the partner on that file of the line. A letter
/// naming no partner of the seat there gives only the royal's right (none when the seat has
/// no royal on the line), as Fairy-Stockfish skips such a letter. `None` if `c` is neither
/// (or the letter's seat has no free castling).
fn free_rights(
    v: &Variant,
    cs: &crate::rules::castling::Castling,
    c: char,
    on: &impl Fn(u8) -> Piece,
) -> Option<SquareSet> {
    let seat = usize::from(c.is_ascii_lowercase());
    let fs = cs.free_of(seat)?;
    let mine = |sq: u8, kinds: u64| {
        let p = on(sq);
        !p.is_empty() && p.owner().index() == seat && kinds >> p.kind().0 & 1 == 1
    };
    let partner_at = if let Some(side) = fs.sides.iter().find(|s| s.letter == c) {
        let ends: Box<dyn Iterator<Item = &u8>> = if side.high {
            Box::new(fs.line.iter().rev())
        } else {
            Box::new(fs.line.iter())
        };
        ends.copied().find(|&sq| mine(sq, cs.partners))
    } else {
        let file = (c.to_ascii_lowercase() as u8).wrapping_sub(b'a');
        if !c.is_ascii_alphabetic() || file >= v.board.files {
            return None;
        }
        let sq = fs
            .line
            .iter()
            .copied()
            .find(|&sq| v.board.file(crate::geometry::Square(sq)) == file)?;
        Some(sq).filter(|&sq| mine(sq, cs.partners))
    };
    let mut given = SquareSet::default();
    if let Some(&king) = fs.line.iter().find(|&&sq| mine(sq, 1 << cs.royal.0)) {
        given.insert(king);
        partner_at.into_iter().for_each(|sq| given.insert(sq));
    }
    Some(given)
}

/// Shredder-FEN's letters of `seat`'s free castling rights, as Fairy-Stockfish writes them:
/// the file of the partner holding its right beyond the royal (the `high` side), then the
/// file of the one before it, each only while the royal on the line holds its right.
fn write_free_rights(
    v: &Variant,
    cs: &crate::rules::castling::Castling,
    seat: usize,
    setup: &Setup,
    out: &mut String,
) {
    let Some(fs) = cs.free_of(seat) else {
        return;
    };
    let rights = setup.rights.unwrap_or_default();
    let on = |sq: u8| {
        setup
            .board
            .get(sq as usize)
            .copied()
            .unwrap_or(Piece::EMPTY)
    };
    let holds = |sq: u8, kinds: u64| {
        let p = on(sq);
        rights.contains(sq)
            && !p.is_empty()
            && p.owner().index() == seat
            && kinds >> p.kind().0 & 1 == 1
    };
    let Some(ki) = fs.line.iter().position(|&sq| holds(sq, 1 << cs.royal.0)) else {
        return;
    };
    let letter = |sq: u8| {
        let c = char::from(b'a' + v.board.file(crate::geometry::Square(sq)));
        if seat == 0 { c.to_ascii_uppercase() } else { c }
    };
    let high = fs.line[ki + 1..]
        .iter()
        .rev()
        .find(|&&sq| holds(sq, cs.partners));
    let low = fs.line[..ki].iter().find(|&&sq| holds(sq, cs.partners));
    for sq in [high, low].into_iter().flatten() {
        if fs.side(ki, fs.index(*sq).unwrap_or(0)).is_some() {
            out.push(letter(*sq));
        }
    }
}

/// False if `seat`'s gates ([`crate::rules::gating`]) are left out of the castling field: its
/// hand is empty and captures do not fill it, so they can never be used (Fairy-Stockfish
/// clears them then). True without gating.
fn gates_written(v: &Variant, setup: &Setup, seat: usize) -> bool {
    v.rules.gating.is_none()
        || v.rules.hands.as_ref().is_some_and(|h| h.captures)
        || setup
            .hands
            .get(seat)
            .is_some_and(|h| h.iter().any(|&n| n > 0))
}

/// FEN's castling field for `rights`: each seat's castling letters whose two pieces hold
/// their rights, then the files of its other pieces with rights that FEN names by file; `-`
/// for none.
fn write_rights(v: &Variant, setup: &Setup) -> String {
    let rights = setup.rights.unwrap_or_default();
    let mut out = String::new();
    for seat in 0..v.seats.len().min(2) {
        // The squares a castling letter names already (their files are not written again).
        let mut named = SquareSet::default();
        if let Some(c) = &v.rules.castling {
            write_free_rights(v, c, seat, setup, &mut out);
            for m in c.moves.get(seat).into_iter().flatten() {
                if rights.contains(m.king_from) && rights.contains(m.rook_from) {
                    out.push(m.letter);
                    named.insert(m.king_from);
                    named.insert(m.rook_from);
                }
            }
        }
        if !gates_written(v, setup, seat) {
            continue;
        }
        let mut files: Vec<u8> = rights
            .iter()
            .filter(|&sq| !named.contains(sq))
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

    /// The dead piece `*` stands for: the variant's wall ([`crate::rules::walls`]), or its own
    /// dead piece (`setup.dead`), the first it places; else the enclosing rule's wall kind
    /// ([`crate::rules::enclose`]'s `wall`).
    fn dead(&self) -> Result<Piece, K> {
        let stone = (self.v.rules.enclose.and_then(|e| e.wall))
            .map(|k| Piece::new(k, Seat(crate::vocab::NO_OWNER), self.v.seats[0].orient).killed());
        let petrified = self.v.rules.petrify.map(|p| p.wall);
        let wall = self.v.rules.walls.map(|w| w.piece).or(stone).or(petrified);
        wall.into_iter()
            .chain(self.v.setup.iter().map(|&(_, p)| p))
            .find(|p| p.is_dead())
            .or(wall)
            .ok_or_else(|| K::UnknownPieceLetter {
                letter: '*',
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
        if text == "*" {
            return self.dead();
        }
        let body = text.strip_prefix('+').unwrap_or(text);
        let c = body.chars().next().unwrap_or(' ');
        let mut kind = self.kind(c)?;
        if self.v.is_wall_kind(kind) {
            return Err(K::WallLetter { letter: c });
        }
        if body.len() < text.len() {
            kind = self
                .v
                .kinds
                .iter()
                .position(|k| k.unpromoted == Some(kind))
                .map(|i| Kind(i as u8))
                .ok_or(K::NoPromotedForm {
                    letter: c.to_ascii_uppercase(),
                })?;
        }
        let seat = Seat(u8::from(!c.is_ascii_uppercase()));
        let piece = Piece::new(kind, seat, self.v.seats[seat.index()].orient);
        super::board::mark_promoted(self.v, piece, body.ends_with('~'))
    }

    fn read_hand(&self, text: &str) -> Result<(Seat, Kind, u32), K> {
        let c = text.chars().next().unwrap_or(' ');
        let kind = self.kind(c)?;
        Ok((Seat(u8::from(!c.is_ascii_uppercase())), kind, 1))
    }

    fn write_piece(&self, p: Piece, out: &mut String) {
        if p.is_dead() {
            out.push('*');
            return;
        }
        match self
            .v
            .kinds
            .get(p.kind().index())
            .and_then(|k| k.unpromoted)
        {
            Some(base) => {
                out.push('+');
                out.push(self.letter(p.owner(), base));
            }
            None => out.push(self.letter(p.owner(), p.kind())),
        }
        if p.is_promoted() {
            out.push('~');
        }
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

/// The en-passant field's squares: one (`e3`), or two (`c3d4`: the square passed and the
/// square of the piece that passed it, in either order, as Fairy-Stockfish writes its custom
/// pieces' marks, lower square first). `None` if a square is not on the board, or with more.
fn ep_squares(v: &Variant, text: &str) -> Option<(u8, Option<u8>)> {
    let split = text[1..]
        .find(|c: char| c.is_ascii_lowercase())
        .map(|i| i + 1);
    let (a, b) = match split {
        Some(i) => (&text[..i], Some(&text[i..])),
        None => (text, None),
    };
    let first = v.board.parse_square(a)?.0;
    match b {
        None => Some((first, None)),
        Some(b) => Some((first, Some(v.board.parse_square(b)?.0))),
    }
}

/// The en-passant field for the square `sq`: with the square of the piece that passed it
/// where its kind marks `always` ([`crate::rules::multi_step`]), both in square order, as
/// Fairy-Stockfish writes its custom pieces' marks.
fn write_ep(v: &Variant, setup: &Setup, sq: u8) -> String {
    let name = |s: u8| v.board.name(crate::geometry::Square(s));
    let always = v.rules.multi_step.as_ref().map_or(0, |m| m.always);
    match setup.ep_victim {
        Some(at)
            if setup
                .board
                .get(at as usize)
                .is_some_and(|p| !p.is_empty() && always >> p.kind().0 & 1 == 1) =>
        {
            format!("{}{}", name(sq.min(at)), name(sq.max(at)))
        }
        _ => name(sq),
    }
}

/// Writes a [`Setup`] of `v` as FEN (see [`to_fen`]).
pub fn write_fen(v: &Variant, setup: &Setup) -> String {
    let board = write_board(v, setup, &FenCodec { v });
    let side = v.seats.get(setup.to_move.index()).map_or("?", |s| &s.fen);
    let rights = write_rights(v, setup);
    let c = &setup.counters;
    // A running count (`counting:`) is written as Fairy-Stockfish writes it: its limit in the
    // en-passant field and the plies counted in the half-move field.
    let limit = crate::rules::counting::limit(c);
    let counting = v.rules.counting.is_some() && limit != 0;
    let ep = match setup.ep {
        _ if counting => limit.to_string(),
        Some(sq) => write_ep(v, setup, sq),
        None => "-".to_string(),
    };
    let halfmove = if counting {
        crate::rules::counting::ply(c)
    } else {
        setup.halfmove
    };
    let checks = v.rules.check_count.as_ref().map_or_else(String::new, |c| {
        format!(
            "{} ",
            c.fen_field(&crate::rules::check_count::checks(&setup.counters))
        )
    });
    format!(
        "{board} {side} {rights} {ep} {checks}{halfmove} {}",
        setup.fullmove
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    /// A 3×3 two-seat test variant with hands: a pawn promoting to a tokin (`demote: pawn`, so
    /// FEN writes it `+P`) and, with `remember`, to a queen that remembers it (FEN's `~`).
    fn promoting(remember: bool) -> Arc<Variant> {
        let file = format!(
            "name: t\nboard: {{ files: 3, ranks: 3 }}\n\
             seats: [{{ name: white, edge: south, fen: w }}, {{ name: black, edge: north, fen: b }}]\n\
             pieces:\n  king: {{ letter: K, betza: K, royal: true }}\n\
             \x20 queen: {{ letter: Q, betza: Q }}\n\
             \x20 tokin: {{ letter: T, betza: WfF, demote: pawn }}\n\
             \x20 pawn: {{ letter: P, betza: fW, promotion: {{ zone: 1, to: [{}], remember: {remember} }} }}\n\
             setup: {{ army: {{ a1: king }} }}\nhands: {{ captures: true }}\n\
             end: {{ checkmate: loss }}\n",
            if remember { "queen" } else { "tokin" }
        );
        let f = crate::spec::load_str("t.yaml", &file).unwrap_or_else(|e| panic!("{e:?}"));
        crate::engine::compile(&f, &Assignment::default()).unwrap_or_else(|e| panic!("{e:?}"))
    }

    #[test]
    fn a_promoted_kind_is_written_with_a_plus_and_its_unpromoted_letter() {
        let v = promoting(false);
        // Fairy-Stockfish writes shogi's promoted pawn `+P`; the tokin's own letter reads too.
        let fen = "+p1k/3/K1+P[Pp] w - - 0 1";
        let pos = from_fen(&v, fen).unwrap();
        let tokin = v.kind_by_name("tokin").unwrap();
        assert_eq!(pos.piece_at(crate::geometry::Square(2)).kind(), tokin);
        assert_eq!(pos.piece_at(crate::geometry::Square(6)).kind(), tokin);
        assert_eq!(to_fen(&pos), fen);
        let same = from_fen(&v, "t1k/3/K1T[Pp] w - - 0 1").unwrap();
        assert_eq!(to_fen(&same), fen);
        assert_eq!(same.hash(), pos.hash());
        // `+K`: no kind is the promotion of the king; `+` alone is a syntax error.
        let e = from_fen(&v, "+k2/3/K2[] w - - 0 1").unwrap_err();
        assert!(e.message().contains("`+K`"), "{}", e.message());
        assert!(from_fen(&v, "+2/3/K2[] w - - 0 1").is_err());
    }

    #[test]
    fn a_piece_that_remembers_its_promotion_is_marked_with_a_tilde() {
        let v = promoting(true);
        let fen = "q~1k/3/KQ1[] w - - 0 1";
        let pos = from_fen(&v, fen).unwrap();
        assert!(pos.piece_at(crate::geometry::Square(6)).is_promoted());
        assert!(!pos.piece_at(crate::geometry::Square(1)).is_promoted());
        assert_eq!(to_fen(&pos), fen);
        // The mark is part of the position: the hash differs from the unmarked queen's.
        let plain = from_fen(&v, "q1k/3/KQ1[] w - - 0 1").unwrap();
        assert_ne!(plain.hash(), pos.hash());
        // The extended position string writes the mark too and reads back the same position.
        let text = crate::notation::to_position_string(&pos);
        assert!(text.contains("bQ~"), "{text}");
        let back = crate::notation::from_position_string(&v, &text).unwrap();
        assert_eq!(back.hash(), pos.hash());
        // `~` on a kind no remembering promotion gives.
        let e = from_fen(&v, "q1k/3/K~Q1[] w - - 0 1").unwrap_err();
        assert!(e.message().contains("`K~`"), "{}", e.message());
    }

    #[test]
    fn a_captured_piece_that_remembers_its_promotion_goes_to_the_hand_as_a_pawn() {
        let v = promoting(true);
        // White's queen on a2 takes the promoted queen on a3: white's hand gets a pawn, not a
        // queen; undo gives the marked queen back and empties the hand.
        let fen = "q~1k/Q2/K2[] w - - 0 1";
        let mut pos = from_fen(&v, fen).unwrap();
        let m = crate::notation::parse_move(&mut pos, "a2a3").unwrap();
        pos.play(m).unwrap();
        assert_eq!(to_fen(&pos), "Q1k/3/K2[P] b - - 0 1");
        pos.undo();
        assert_eq!(to_fen(&pos), fen);
        // A pawn promoting by a remembering promotion is marked: b2b3 makes `Q~`.
        let mut pos = from_fen(&v, "2k/1P1/K2[] w - - 0 1").unwrap();
        let m = crate::notation::parse_move(&mut pos, "b2b3q").unwrap();
        pos.play(m).unwrap();
        // (The half-move clock counts the pawn move: this variant has no move rule resetting it.)
        assert_eq!(to_fen(&pos), "1Q~k/3/K2[] b - - 1 1");
        let back = from_fen(&v, &to_fen(&pos)).unwrap();
        assert_eq!(back.hash(), pos.hash());
    }

    #[test]
    fn counts_of_one_are_singular() {
        let v = load_variant("chaturanga", &Assignment::default()).unwrap();
        let e = from_fen(&v, "8 w - - 0 1").unwrap_err();
        assert_eq!(e.message(), "1 rank given; the board has 8");
        let e = from_fen(&v, "8/8/8/8/8/8/8/1 w - - 0 1").unwrap_err();
        assert_eq!(e.message(), "rank 1 has 1 square; the board has 8 files");
    }

    /// Shogi-style FEN without castling and en-passant fields, as Fairy-Stockfish reads it
    /// (`6k/S6/7/7/7/7/K6[] w 0 1`), and `[-]` for empty hands, as it writes torishogi's start,
    /// read in every built-in variant with hands, as the full form does.
    #[test]
    fn shogi_style_fen_without_castling_and_en_passant_fields_is_read() {
        let cases = [
            (
                "torishogi",
                "6k/S6/7/7/7/7/K6[] w 0 1",
                "6k/S6/7/7/7/7/K6[] w - - 0 1",
            ),
            (
                "torishogi",
                "6k/S6/7/7/7/7/K6[-] b 3 12",
                "6k/S6/7/7/7/7/K6[] b - - 3 12",
            ),
            (
                "shogi",
                "8k/9/9/9/9/9/9/9/K8[Pp] w 0 1",
                "8k/9/9/9/9/9/9/9/K8[Pp] w - - 0 1",
            ),
            (
                "minishogi",
                "4k/5/5/5/K4[] b 0 1",
                "4k/5/5/5/K4[] b - - 0 1",
            ),
            (
                "kyotoshogi",
                "4k/5/5/5/K4[] w 0 1",
                "4k/5/5/5/K4[] w - - 0 1",
            ),
            (
                "crazyhouse",
                "4k3/8/8/8/8/8/8/4K3[Nn] w 0 1",
                "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1",
            ),
        ];
        for (name, short, full) in cases {
            let v = load_variant(name, &Assignment::default()).expect("built in");
            let a = from_fen(&v, short).unwrap_or_else(|e| panic!("{name} `{short}`: {e}"));
            let b = from_fen(&v, full).unwrap_or_else(|e| panic!("{name} `{full}`: {e}"));
            assert_eq!(to_fen(&a), to_fen(&b), "{name} `{short}`");
        }
        let v = load_variant("torishogi", &Assignment::default()).expect("built in");
        assert!(
            from_fen(&v, "6k/S6/7/7/7/7/K6[] w 0").is_err(),
            "one clock alone"
        );
    }
}
