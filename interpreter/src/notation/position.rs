//! Extended position strings for any variant (grammar: `grammar/position.pest`): the board
//! with each piece's owner and the hands, the seat to move, the dice, the core's counters and
//! the fields of the rule modules that keep state (each written and read by its module,
//! [`crate::rules::field`]), as space-separated fields. The format is documented on
//! [`from_position_string`] and in `docs/positions.md` ("Position strings"). The string is read into a
//! [`Setup`] and validated by [`Setup::into_position`]; the board is read and written by the
//! codec it shares with FEN (`board.rs`).

use super::board::{BoardText, PieceCodec, RankText, Token, read_board, write_board};
use super::error::{Notation, PositionError, PositionErrorKind as K, PositionField as F};
use super::fen::from_fen;
use super::setup::{Setup, SetupEnd};
use crate::compile::Variant;
use crate::engine::Position;
use crate::geometry::Square;
use crate::rules::field::{FieldCx, FieldProblem, Place};
use crate::vocab::{Counters, EndReason, Kind, MAX_SEATS, NO_OWNER, Piece, Seat, SeatSet};
use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;
use std::ops::Range;
use std::sync::Arc;

#[derive(Parser)]
#[grammar = "../../grammar/position.pest"]
struct PositionParser;

/// The core fields of a position string, in the order of [`F::CORE`]: grammar rule and the
/// expected form (the modules' fields are read by their modules, [`crate::rules::field`]).
const CORE_FIELDS: [(Rule, &str); 16] = [
    (
        Rule::board_field,
        "ranks separated by `/`, each piece as its seat's letter and its kind's letter, e.g. `rB`, and runs of empty squares as numbers",
    ),
    (Rule::to_move_field, "a seat letter, e.g. `r`"),
    (
        Rule::dice_field,
        "`roll` if a roll is due, the dice left, e.g. `1,5`, or `-`",
    ),
    (
        Rule::scores_field,
        "one whole number per seat, separated by commas, e.g. `0,3,0,2`",
    ),
    (
        Rule::taken_field,
        "`-`, or a seat letter, `:` and the letters of the seats whose king it took, e.g. `r:by,g:r`",
    ),
    (Rule::rounds_field, "the rounds completed, e.g. `4`"),
    (
        Rule::quiet_rounds_field,
        "the completed rounds without a capture, e.g. `1`",
    ),
    (
        Rule::capture_field,
        "`x` if a capture happened in the current round, else `-`",
    ),
    (
        Rule::resigned_field,
        "`-`, or the letters of the seats that resigned, e.g. `by`",
    ),
    (
        Rule::mates_field,
        "`-`, or the mates in order, each as the mater's seat letter, `:` and the mated seat's, e.g. `s:w,n:e`",
    ),
    (Rule::first_seat_field, "a seat letter, e.g. `r`"),
    (
        Rule::halfmove_field,
        "the plies since the last capture or reset move, e.g. `0`",
    ),
    (Rule::fullmove_field, "the full-move number, from 1"),
    (
        Rule::end_field,
        "`-` (the game goes on), `?` (the end conditions tell), or an end reason's name (an end condition, the capture-all win's name, or `repetition`), with `:` and the winner's seat letter for a win",
    ),
    (
        Rule::rights_field,
        "`-`, or the squares of the pieces holding first-move rights, separated by commas, e.g. `a1,e1,h1`",
    ),
    (
        Rule::en_passant_field,
        "`-`, or the en-passant square, e.g. `e3`",
    ),
];

/// The fields of `v`'s position strings, in order: the core fields up to the taken field, the
/// modules' fields placed after it ([`Place::AfterTaken`]), the other core fields, then the
/// fields of the modules that are on and place theirs after the core ([`Place::Tail`]), in
/// registry order.
pub fn fields(v: &Variant) -> Vec<F> {
    let module = |place| v.rules.fields_at(place).into_iter().map(F::Module);
    let mut out: Vec<F> = F::CORE[..=4].to_vec();
    out.extend(module(Place::AfterTaken));
    out.extend_from_slice(&F::CORE[5..]);
    out.extend(module(Place::Tail));
    out
}

/// The letter each seat is written with in position strings, in turn order: its `fen` letter
/// in lower case, or `a`, `b`, `c`, … if the `fen` letters are not single, distinct letters.
pub fn seat_letters(variant: &Variant) -> Vec<char> {
    let own: Vec<Option<char>> = variant
        .seats
        .iter()
        .map(|s| {
            let mut cs = s.fen.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_lowercase()),
                _ => None,
            }
        })
        .collect();
    let distinct = own
        .iter()
        .enumerate()
        .all(|(i, c)| c.is_some() && !own[..i].contains(c));
    if distinct {
        own.into_iter().flatten().collect()
    } else {
        (0..variant.seats.len())
            .map(|i| (b'a' + i as u8) as char)
            .collect()
    }
}

/// Writes `pos` as an extended position string (the format: [`from_position_string`]).
///
/// The string describes the position completely: [`from_position_string`] gives back a
/// position with the same string, hash, legal moves and counters.
pub fn to_position_string(pos: &Position) -> String {
    write_position_string(pos.variant(), &Setup::from_position(pos))
}

/// Writes a [`Setup`] of `v` as an extended position string (see [`to_position_string`]).
pub fn write_position_string(v: &Variant, setup: &Setup) -> String {
    let n = v.seats.len();
    let letters = seat_letters(v);
    let letter = |s: Seat| letters.get(s.index()).copied().unwrap_or('_');
    let set = |seats: SeatSet| -> String {
        seats
            .iter()
            .filter(|s| s.index() < n)
            .map(|s| letters[s.index()])
            .collect()
    };
    let codec = ExtendedCodec {
        v,
        letters: letters.clone(),
    };
    let dice = if setup.roll_due {
        "roll".to_string()
    } else if setup.dice.is_empty() {
        "-".to_string()
    } else {
        let d: Vec<String> = setup.dice.iter().map(u8::to_string).collect();
        d.join(",")
    };
    let c = &setup.counters;
    let scores: Vec<String> = c.scores[..n].iter().map(i64::to_string).collect();
    let resigned = set(c.resigned);
    let cx = FieldCx {
        letters: &letters,
        modules: &v.rules,
    };
    let module = |id: crate::rules::ModuleId| id.write_field(c, &cx);
    let mut fields = vec![
        write_board(v, setup, &codec),
        letter(setup.to_move).to_string(),
        dice,
        scores.join(","),
        cx.write_sets(&c.taken).unwrap_or_else(|| "-".into()),
    ];
    for id in v.rules.fields_at(Place::AfterTaken) {
        fields.push(module(id).unwrap_or_else(|| "-".into()));
    }
    fields.extend([
        c.rounds.to_string(),
        c.quiet_rounds.to_string(),
        if c.captured_in_round { "x" } else { "-" }.to_string(),
        if resigned.is_empty() {
            "-".to_string()
        } else {
            resigned
        },
        mates_string(c, &letters),
        letter(setup.first_seat).to_string(),
        setup.halfmove.to_string(),
        setup.fullmove.to_string(),
    ]);
    let rights = setup.rights.filter(|r| *r != default_rights(v, setup));
    let mut tail: Vec<Option<String>> = (v.rules.fields_at(Place::Tail).into_iter())
        .map(module)
        .collect();
    while tail.last().is_some_and(Option::is_none) {
        tail.pop();
    }
    let more = rights.is_some() || setup.ep.is_some() || !tail.is_empty();
    match setup.end {
        SetupEnd::Judge if more => fields.push("?".to_string()),
        SetupEnd::Judge => {}
        SetupEnd::NotOver => fields.push("-".to_string()),
        SetupEnd::Over { reason, winner } => {
            let mut s = v.reason_name(reason);
            if let Some(w) = winner {
                s.push(':');
                s.push(letter(w));
            }
            fields.push(s);
        }
    }
    if more {
        let squares = |set: crate::vocab::SquareSet| -> String {
            let names: Vec<String> = set.iter().map(|sq| v.board.name(Square(sq))).collect();
            if names.is_empty() {
                "-".to_string()
            } else {
                names.join(",")
            }
        };
        fields.push(squares(
            setup.rights.unwrap_or_else(|| default_rights(v, setup)),
        ));
        fields.push(
            setup
                .ep
                .map_or_else(|| "-".to_string(), |sq| v.board.name(Square(sq))),
        );
        fields.extend(tail.into_iter().map(|t| t.unwrap_or_else(|| "-".into())));
    }
    fields.join(" ")
}

/// The orientation index a piece of `owner` has unless it changed hands: its owner seat's
/// (the first seat's for pieces of no seat).
fn default_orient(v: &Variant, owner: Seat) -> u8 {
    v.seats
        .get(owner.index())
        .or(v.seats.first())
        .map_or(0, |s| s.orient)
}

/// The extended string's pieces: the owner's seat letter (`_` for none), the kind's letter,
/// `:` and a seat letter for a facing not the owner's, `*` for a dead piece; hand entries
/// with a count before them when more than one.
struct ExtendedCodec<'v> {
    v: &'v Variant,
    letters: Vec<char>,
}

impl ExtendedCodec<'_> {
    fn seats(&self) -> Seats<'_> {
        Seats {
            variant: self.v,
            letters: self.letters.clone(),
        }
    }

    fn kind(&self, c: char) -> Result<Kind, K> {
        self.v
            .kind_by_letter(c)
            .ok_or_else(|| unknown_kind(self.v, c))
    }

    fn owner(&self, o: char, text: &str) -> Result<Seat, K> {
        let seats = self.seats();
        seats.by_letter(o).ok_or_else(|| K::UnknownSeat {
            token: o.to_string(),
            within: Some(text.to_string()),
            seats: seats.known(),
        })
    }
}

impl PieceCodec for ExtendedCodec<'_> {
    fn read_piece(&self, text: &str) -> Result<Piece, K> {
        let mut cs = text.chars();
        let (o, k) = (cs.next().unwrap_or('_'), cs.next().unwrap_or(' '));
        let kind = self.kind(k)?;
        let owner = if o == '_' {
            Seat(NO_OWNER)
        } else {
            self.owner(o, text)?
        };
        let rest: String = cs.collect();
        let mut orient = default_orient(self.v, owner);
        if let Some(f) = rest
            .trim_start_matches('~')
            .strip_prefix(':')
            .and_then(|r| r.chars().next())
        {
            let seats = self.seats();
            let seat = seats.by_letter(f).ok_or_else(|| K::UnknownSeat {
                token: f.to_string(),
                within: None,
                seats: seats.known(),
            })?;
            orient = self.v.seats[seat.index()].orient;
        }
        let piece = Piece::new(kind, owner, orient);
        let piece = super::board::mark_promoted(self.v, piece, rest.starts_with('~'))?;
        Ok(if rest.ends_with('*') {
            piece.killed()
        } else {
            piece
        })
    }

    fn read_hand(&self, text: &str) -> Result<(Seat, Kind, u32), K> {
        let digits = text.bytes().take_while(u8::is_ascii_digit).count();
        let count = if digits == 0 {
            1
        } else {
            text[..digits].parse().unwrap_or(u32::MAX)
        };
        let mut cs = text[digits..].chars();
        let o = cs.next().unwrap_or('_');
        let seat = self.owner(o, text)?;
        let kind = self.kind(text.chars().last().unwrap_or(' '))?;
        Ok((seat, kind, count))
    }

    fn write_piece(&self, p: Piece, out: &mut String) {
        out.push(self.letters.get(p.owner().index()).copied().unwrap_or('_'));
        out.push(self.v.kinds.get(p.kind().index()).map_or('?', |k| k.letter));
        if p.is_promoted() {
            out.push('~');
        }
        if p.orient() != default_orient(self.v, p.owner())
            && let Some(i) = self.v.seats.iter().position(|s| s.orient == p.orient())
        {
            out.push(':');
            out.push(self.letters[i]);
        }
        if p.is_dead() {
            out.push('*');
        }
    }

    fn write_hand(&self, seat: Seat, kind: Kind, count: u8, out: &mut String) {
        if count > 1 {
            out.push_str(&count.to_string());
        }
        out.push(self.letters.get(seat.index()).copied().unwrap_or('_'));
        out.push(self.v.kinds.get(kind.index()).map_or('?', |k| k.letter));
    }

    fn hand_seats(&self) -> usize {
        self.letters.len()
    }
}

/// The error for an unknown kind letter.
fn unknown_kind(v: &Variant, k: char) -> K {
    K::UnknownPieceLetter {
        letter: k,
        variant: v.name.clone(),
        letters: v.kinds.iter().map(|k| k.letter).collect(),
    }
}

/// The mates field: the mates in order, `mater:mated`, rebuilt from the counters (each mated
/// seat's order number, each mater's count and latest order number).
fn mates_string(c: &Counters, letters: &[char]) -> String {
    let n = letters.len();
    let total = c.mate_count as usize;
    let mut maters: Vec<Option<usize>> = vec![None; total + 1];
    let mut left: Vec<u8> = c.mates[..n].to_vec();
    for (m, count) in left.iter_mut().enumerate() {
        let last = c.last_mate[m] as usize;
        if *count > 0 && (1..=total).contains(&last) {
            maters[last] = Some(m);
            *count -= 1;
        }
    }
    // The other mates of a seat came before its latest one: any seat with mates left whose
    // latest mate is later will do (their earlier mates can take any earlier order number).
    for k in (1..=total).rev() {
        if maters[k].is_none()
            && let Some(m) = (0..n).find(|&m| left[m] > 0 && c.last_mate[m] as usize > k)
        {
            maters[k] = Some(m);
            left[m] -= 1;
        }
    }
    let parts: Vec<String> = (1..=total)
        .filter_map(|k| {
            let mated = (0..n).find(|&x| c.mated_at[x] as usize == k)?;
            Some(format!("{}:{}", letters[maters[k]?], letters[mated]))
        })
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(",")
    }
}

/// One field of the string: which field it is, its text and byte range.
struct Field<'a> {
    field: F,
    text: &'a str,
    range: Range<usize>,
}

impl Field<'_> {
    fn field(&self) -> F {
        self.field
    }

    /// An error on the whole field.
    fn error(&self, kind: K) -> PositionError {
        self.error_at(0..self.text.len(), kind)
    }

    /// An error on bytes `r` of the field.
    fn error_at(&self, r: Range<usize>, kind: K) -> PositionError {
        let start = self.range.start + r.start;
        PositionError {
            kind,
            field: self.field(),
            span: start..(self.range.start + r.end).max(start + 1),
            field_span: self.range.clone(),
            notation: Notation::Extended,
        }
    }

    /// An error on a pair of this field's parse.
    fn error_on(&self, pair: &Pair<'_, Rule>, kind: K) -> PositionError {
        let s = pair.as_span();
        self.error_at(s.start()..s.end(), kind)
    }

    /// The absolute range of a pair of this field's parse.
    fn span_of(&self, pair: &Pair<'_, Rule>) -> Range<usize> {
        let s = pair.as_span();
        self.range.start + s.start()..self.range.start + s.end()
    }

    /// Parses the field with its grammar rule, which must cover all of it.
    fn parse(&self) -> Result<Pair<'_, Rule>, PositionError> {
        let core = F::CORE.iter().position(|&f| f == self.field).unwrap_or(0);
        let (rule, expected) = CORE_FIELDS[core];
        let unexpected = |at: usize| {
            let found = self.text.get(at..).and_then(|s| s.chars().next());
            let kind = K::Unexpected {
                found,
                expected: Some(expected),
            };
            self.error_at(at..at + found.map_or(1, char::len_utf8), kind)
        };
        let pair = PositionParser::parse(rule, self.text)
            .map_err(|e| {
                unexpected(match e.location {
                    pest::error::InputLocation::Pos(p) => p,
                    pest::error::InputLocation::Span((a, _)) => a,
                })
            })?
            .next()
            .ok_or_else(|| unexpected(0))?;
        if pair.as_span().end() < self.text.len() {
            return Err(unexpected(pair.as_span().end()));
        }
        Ok(pair)
    }

    /// Parses a whole number of the field (or of a part of it).
    fn number<T: std::str::FromStr>(&self, pair: &Pair<'_, Rule>) -> Result<T, PositionError> {
        pair.as_str().parse().map_err(|_| {
            self.error_on(
                pair,
                K::NumberTooLarge {
                    text: pair.as_str().to_string(),
                },
            )
        })
    }
}

/// Splits `text` at spaces into fields (each [`F::Whole`] until placed).
fn split(text: &str) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, b) in text
        .bytes()
        .enumerate()
        .chain(std::iter::once((text.len(), b' ')))
    {
        match (b == b' ', start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push(Field {
                    field: F::Whole,
                    text: &text[s..i],
                    range: s..i,
                });
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// Reads the seats of a variant written in a position string.
struct Seats<'v> {
    variant: &'v Variant,
    letters: Vec<char>,
}

impl Seats<'_> {
    /// The seat written as the letter `c` (either case).
    fn by_letter(&self, c: char) -> Option<Seat> {
        let c = c.to_ascii_lowercase();
        self.letters
            .iter()
            .position(|&l| l == c)
            .map(|i| Seat(i as u8))
    }

    /// The seat written as a letter or a name.
    fn by_token(&self, f: &Field<'_>) -> Result<Seat, PositionError> {
        let s = f.text;
        let mut cs = s.chars();
        if let (Some(c), None) = (cs.next(), cs.next())
            && let Some(seat) = self.by_letter(c)
        {
            return Ok(seat);
        }
        self.variant
            .seats
            .iter()
            .position(|x| x.name.eq_ignore_ascii_case(s) || x.fen.eq_ignore_ascii_case(s))
            .map(|i| Seat(i as u8))
            .ok_or_else(|| {
                f.error(K::UnknownSeat {
                    token: s.to_string(),
                    within: None,
                    seats: self.known(),
                })
            })
    }

    /// "the seat letters: r (red), b (blue)…", for messages.
    fn known(&self) -> String {
        let parts: Vec<String> = self
            .letters
            .iter()
            .zip(&self.variant.seats)
            .map(|(l, s)| format!("`{l}` ({})", s.name))
            .collect();
        parts.join(", ")
    }

    fn unknown(&self, c: char) -> K {
        K::UnknownSeat {
            token: c.to_string(),
            within: None,
            seats: self.known(),
        }
    }

    /// The seat of a one-letter pair, or an error naming the seats.
    fn letter_of(&self, f: &Field<'_>, pair: &Pair<'_, Rule>) -> Result<Seat, PositionError> {
        let c = pair.as_str().chars().next().unwrap_or(' ');
        self.by_letter(c)
            .ok_or_else(|| f.error_on(pair, self.unknown(c)))
    }

    /// A set of seats written as letters together (`by`).
    fn mask_of(&self, f: &Field<'_>, pair: &Pair<'_, Rule>) -> Result<SeatSet, PositionError> {
        let start = pair.as_span().start();
        let mut mask = SeatSet::EMPTY;
        for (i, c) in pair.as_str().char_indices() {
            let seat = self
                .by_letter(c)
                .ok_or_else(|| f.error_at(start + i..start + i + c.len_utf8(), self.unknown(c)))?;
            mask.insert(seat);
        }
        Ok(mask)
    }

    /// Per-seat sets of seats from `seat:letters` entries, with each entry's range.
    fn sets_of(
        &self,
        f: &Field<'_>,
        pair: Pair<'_, Rule>,
        setup: &mut Setup,
    ) -> Result<[SeatSet; MAX_SEATS], PositionError> {
        let mut out = [SeatSet::EMPTY; MAX_SEATS];
        for entry in pair.into_inner().filter(|p| p.as_rule() == Rule::seat_set) {
            let span = f.span_of(&entry);
            let mut inner = entry.into_inner();
            let (Some(owner), Some(letters)) = (inner.next(), inner.next()) else {
                continue;
            };
            let owner = self.letter_of(f, &owner)?;
            out[owner.index()] |= self.mask_of(f, &letters)?;
            setup.source.entries.push((f.field(), owner, span));
        }
        Ok(out)
    }
}

/// The board field's tokens, with ranges in the whole string.
fn board_text<'a>(f: &Field<'a>, pair: Pair<'a, Rule>) -> BoardText<'a> {
    let token = |p: &Pair<'a, Rule>| Token {
        text: p.as_str(),
        span: f.span_of(p),
    };
    let mut board = BoardText {
        ranks: Vec::new(),
        hands: None,
    };
    for p in pair.into_inner() {
        if p.as_rule() == Rule::rank {
            board.ranks.push(RankText {
                span: f.span_of(&p),
                items: p
                    .clone()
                    .into_inner()
                    .map(|i| (i.as_rule() == Rule::empty_run, token(&i)))
                    .collect(),
            });
        } else {
            let entries = p.clone().into_inner().map(|i| token(&i)).collect();
            board.hands = Some((f.span_of(&p), entries));
        }
    }
    board
}

/// Reads an extended position string of `variant`: space-separated fields, `-` for an empty
/// value:
///
/// ```text
/// BOARD TO-MOVE DICE SCORES TAKEN THRONES ROUNDS QUIET CAPTURE RESIGNED MATES FIRST HALFMOVE FULLMOVE [END [RIGHTS EP [MODULE…]]]
/// ```
///
/// The order of the fields of a variant is [`fields`]: the core's, with the fields of the rule
/// modules that keep state ([`crate::rules::Module::FIELD`]; thrones after the taken field in
/// every variant, the others after the en-passant square where the module is on), each
/// written and read by its module.
///
/// Chaturaji's start position:
///
/// ```text
/// bBbP2yKyEyHyB/bHbP2yPyPyPyP/bEbP6/bKbP6/6gPgK/6gPgE/rPrPrPrP2gPgH/rBrHrErK2gPgB r roll 0,0,0,0 - - 0 0 - - - r 0 1
/// ```
///
/// | field | example | meaning |
/// |---|---|---|
/// | board | `rB1rH5/…`, `…/4sK4[sG2sPnR]` | ranks from the last to the first, separated by `/`; a piece is its owner's seat letter in lower case and its kind's letter in upper case (`_` for no owner), then `:` and a seat letter if it faces as that seat's pieces rather than its owner's, then `*` if dead; runs of empty squares as numbers; in variants with hands, the pieces in hand follow in brackets, with a count before a letter pair when more than one |
/// | to move | `r` | the seat to move |
/// | dice | `roll`, `1,5`, `-` | a roll is due; the dice left this turn; none |
/// | scores | `0,3,0,2` | each seat's score, in turn order |
/// | taken | `r:by,g:r` | the seats whose capture-all kind (king) each seat captured |
/// | thrones | `r:y` | the thrones each seat has scored |
/// | rounds | `4` | rounds completed |
/// | quiet | `1` | consecutive completed rounds without a capture |
/// | capture | `x`, `-` | a capture happened in the current round, or not |
/// | resigned | `by` | the seats that resigned |
/// | mates | `s:w,n:e` | the mates so far, in order: mater, `:`, mated seat |
/// | first | `r` | the game's first seat (rounds are counted from it) |
/// | halfmove | `0` | plies since the last capture or move-rule reset |
/// | fullmove | `1` | the full-move number |
/// | end | `capture-all`, `repetition` | only when the end conditions cannot tell how the game stands (always for a game ended by repetition, which the fields cannot show), or `?` when fields follow |
/// | rights | `a1,e1,h1` | the squares of the pieces holding first-move rights, when not the setup's |
/// | ep | `e3` | the en-passant square |
/// | checks | `1,0` | the checks each seat has given (`check-count:`) |
/// | count | `6/32` | a running count's plies and limit (`counting:`) |
///
/// Fields after the board may be left out from the right; they then take their start values.
/// A seat's letter is its `fen` letter in lower case; if two seats share a letter, seats are
/// written `a`, `b`, `c`, … in turn order instead.
///
/// Loading never promotes and never ends a turn; the end conditions are judged as at the
/// start (the seat taken to have just moved is the seat to move while it is in the middle of a
/// dice turn, otherwise the seat before it), unless the end field says otherwise.
///
/// Errors (each names its field and points at the offending characters): syntax, a wrong
/// number of ranks or squares, unknown seats, kinds or end reasons, pieces in hand in a variant
/// without hands, dice the variant cannot show, a number out of range, a seat credited with its
/// own king or throne or mating itself, a seat mated twice, more rounds without capture than
/// rounds; and positions play never reaches (see [`Setup::into_position`]): a turn in
/// progress with no usable die left (that turn would be over), a seat to move that resigned or
/// was mated, every seat out, a seat other than the one to move left in check, where mates do
/// not end the game a seat to move with no legal move (it would be mated), a dead royal piece
/// whose seat (the seat it faces as) the mates field does not list, a mated seat that still
/// owns a piece on the board or in hand, a capture-all win no seat has made, and a negative
/// score where no rule takes points away. Each is a [`PositionError`] whose
/// [`kind`](PositionError::kind) says which.
///
/// ```
/// use ashtapada::notation::{from_position_string, to_position_string};
/// use ashtapada::{Assignment, Position, load_variant};
/// let v = load_variant("chaturaji", &Assignment::default()).unwrap();
/// let start = to_position_string(&Position::start(v.clone()));
/// let pos = from_position_string(&v, &start).unwrap();
/// assert_eq!(to_position_string(&pos), start);
/// ```
pub fn from_position_string(variant: &Arc<Variant>, text: &str) -> Result<Position, PositionError> {
    read_position_string(variant, text)?.into_position(variant)
}

/// Reads an extended position string into a [`Setup`] (syntax and names only; what the
/// fields mean together is checked by [`Setup::into_position`]).
pub fn read_position_string(v: &Variant, text: &str) -> Result<Setup, PositionError> {
    let mut fields = split(text);
    let whole = |span: Range<usize>, field_span, kind| PositionError {
        kind,
        field: F::Whole,
        span,
        field_span,
        notation: Notation::Extended,
    };
    if fields.is_empty() {
        return Err(whole(0..1, 0..text.len(), K::Empty));
    }
    let layout = self::fields(v);
    if let Some(extra) = fields.get(layout.len()) {
        let span = extra.range.start..text.len().max(extra.range.start + 1);
        let (max, last) = (layout.len(), layout[layout.len() - 1].name());
        return Err(whole(
            span,
            extra.range.clone(),
            K::TooManyFields { max, last },
        ));
    }
    let mut setup = Setup::empty(v);
    setup.source.notation = Some(Notation::Extended);
    setup.source.len = text.len();
    for (f, &field) in fields.iter_mut().zip(&layout) {
        f.field = field;
        setup.source.fields[field.index()] = Some(f.range.clone());
    }
    let seats = Seats {
        variant: v,
        letters: seat_letters(v),
    };
    for f in &fields {
        match f.field {
            F::Module(id) => read_module_field(&seats, f, id, &mut setup)?,
            _ => read_field(&seats, f, f.parse()?, &mut setup)?,
        }
    }
    if setup.rights.is_none() && v.right_kinds() != 0 {
        setup.rights = Some(default_rights(v, &setup));
    }
    Ok(setup)
}

/// Reads module `id`'s field into `setup` ([`crate::rules::Module::read_field`]), its
/// problem located in the string.
fn read_module_field(
    seats: &Seats<'_>,
    f: &Field<'_>,
    id: crate::rules::ModuleId,
    setup: &mut Setup,
) -> Result<(), PositionError> {
    let cx = FieldCx {
        letters: &seats.letters,
        modules: &seats.variant.rules,
    };
    id.read_field(f.text, &cx, &mut setup.counters)
        .map_err(|problem| match problem {
            FieldProblem::Unexpected { at, found } => {
                let expected = id.field().map(|d| d.expected);
                let end = at + found.map_or(1, char::len_utf8);
                f.error_at(at..end, K::Unexpected { found, expected })
            }
            FieldProblem::UnknownSeat { at, letter } => f.error_at(at, seats.unknown(letter)),
            FieldProblem::TooLarge { at } => {
                let text = f.text[at.clone()].to_string();
                f.error_at(at, K::NumberTooLarge { text })
            }
            FieldProblem::OwnEntry { at, seat, what } => {
                let seat = seats.variant.seats[seat.index()].name.clone();
                f.error_at(at, K::OwnEntry { seat, what })
            }
            FieldProblem::Invalid { at, why } => f.error_at(at, K::ModuleField { why }),
        })
}

/// Reads one core field into `setup`.
fn read_field(
    seats: &Seats<'_>,
    f: &Field<'_>,
    pair: Pair<'_, Rule>,
    setup: &mut Setup,
) -> Result<(), PositionError> {
    let v = seats.variant;
    let c = &mut setup.counters;
    match f.field {
        F::Board => {
            let codec = ExtendedCodec {
                v,
                letters: seats.letters.clone(),
            };
            read_board(v, &board_text(f, pair), &codec, setup)?;
        }
        F::ToMove => setup.to_move = seats.by_token(f)?,
        F::Dice => read_dice(v, f, pair, setup)?,
        F::Scores => read_scores(v, f, pair, c)?,
        F::Taken => setup.counters.taken = seats.sets_of(f, pair, setup)?,
        F::Rounds => c.rounds = f.number(&pair)?,
        F::QuietRounds => c.quiet_rounds = f.number(&pair)?,
        F::Capture => c.captured_in_round = f.text == "x",
        F::Resigned => {
            if let Some(p) = pair
                .into_inner()
                .find(|p| p.as_rule() == Rule::seat_letters)
            {
                c.resigned = seats.mask_of(f, &p)?;
            }
        }
        F::Mates => read_mates(seats, f, pair, c)?,
        F::FirstSeat => setup.first_seat = seats.by_token(f)?,
        F::Halfmove => setup.halfmove = f.number(&pair)?,
        F::Fullmove => setup.fullmove = f.number(&pair)?,
        F::End => setup.end = read_end(seats, f, pair)?,
        _ => read_rights(v, f, pair, setup)?,
    }
    Ok(())
}

/// Reads the first-move rights field or the en-passant field: squares of the board.
fn read_rights(
    v: &Variant,
    f: &Field<'_>,
    pair: Pair<'_, Rule>,
    setup: &mut Setup,
) -> Result<(), PositionError> {
    let mut squares = crate::vocab::SquareSet::default();
    for p in pair.into_inner().filter(|p| p.as_rule() == Rule::square) {
        let sq = v.board.parse_square(p.as_str()).ok_or_else(|| {
            let text = p.as_str().to_string();
            f.error_on(&p, K::EnPassantSquare { text })
        })?;
        if f.field == F::EnPassant {
            setup.ep = Some(sq.0);
        }
        squares.insert(sq.0);
    }
    if f.field == F::Castling {
        setup.rights = Some(squares);
    }
    Ok(())
}

/// The first-move rights a setup has when its string gives none: each piece of a right kind
/// on its setup square.
fn default_rights(v: &Variant, setup: &Setup) -> crate::vocab::SquareSet {
    let mut out = crate::vocab::SquareSet::default();
    for &(sq, p) in &v.setup {
        if v.right_kinds() >> p.kind().0 & 1 == 1 && setup.board.get(sq.index()) == Some(&p) {
            out.insert(sq.0);
        }
    }
    out
}

/// Reads the scores field: one score per seat.
fn read_scores(
    v: &Variant,
    f: &Field<'_>,
    pair: Pair<'_, Rule>,
    c: &mut Counters,
) -> Result<(), PositionError> {
    let values: Vec<_> = pair.into_inner().collect();
    if values.len() != v.seats.len() {
        return Err(f.error(K::ScoreCount {
            given: values.len(),
            variant: v.name.clone(),
            seats: v.seats.iter().map(|s| s.name.clone()).collect(),
        }));
    }
    for (i, p) in values.iter().enumerate() {
        c.scores[i] = f.number(p)?;
    }
    Ok(())
}

/// Reads the mates field into the counters.
fn read_mates(
    seats: &Seats<'_>,
    f: &Field<'_>,
    pair: Pair<'_, Rule>,
    c: &mut Counters,
) -> Result<(), PositionError> {
    for mate in pair.into_inner().filter(|p| p.as_rule() == Rule::mate) {
        let mut inner = mate.clone().into_inner();
        let (Some(a), Some(b)) = (inner.next(), inner.next()) else {
            continue;
        };
        let (mater, mated) = (seats.letter_of(f, &a)?, seats.letter_of(f, &b)?);
        let name = |s: Seat| seats.variant.seats[s.index()].name.clone();
        if mater == mated {
            return Err(f.error_on(&mate, K::SelfMate { seat: name(mater) }));
        }
        if c.mated.contains(mated) {
            return Err(f.error_on(&mate, K::MatedTwice { seat: name(mated) }));
        }
        c.mate_count += 1;
        c.mated.insert(mated);
        c.mates[mater.index()] += 1;
        c.last_mate[mater.index()] = c.mate_count;
        c.mated_at[mated.index()] = c.mate_count;
    }
    Ok(())
}

/// Reads the dice field: `roll` for a roll due, else the dice left.
fn read_dice(
    v: &Variant,
    f: &Field<'_>,
    pair: Pair<'_, Rule>,
    setup: &mut Setup,
) -> Result<(), PositionError> {
    let inner: Vec<_> = pair.into_inner().collect();
    setup.roll_due = inner.first().map(|p| p.as_rule()) == Some(Rule::roll);
    setup.dice.clear();
    for p in inner.iter().filter(|p| p.as_rule() == Rule::die) {
        let d: u8 = p.as_str().parse().map_err(|_| match &v.rules.dice {
            None => f.error(K::NoDice {
                variant: v.name.clone(),
            }),
            Some(rules) => f.error_on(
                p,
                K::BadFace {
                    face: p.as_str().to_string(),
                    faces: rules.faces.clone(),
                },
            ),
        })?;
        setup.dice.push(d);
        setup.source.dice.push(f.span_of(p));
    }
    Ok(())
}

/// The module endings an end field may name, which the fields cannot show (the history is not
/// in them; [`crate::rules::Module::stated_end`]): the capture-all win, two passes in a row, a
/// pass under bikjang, where the variant has them, in registry order.
fn stated_ends(v: &crate::compile::Variant) -> Vec<EndReason> {
    v.end_reasons()
        .into_iter()
        .filter(|r| match *r {
            EndReason::Module(m, i) => crate::rules::ModuleId::from_index(m)
                .and_then(|id| v.rules.stated_end(id, i))
                .is_some(),
            _ => false,
        })
        .collect()
}

/// Reads the end field.
fn read_end(
    seats: &Seats<'_>,
    f: &Field<'_>,
    pair: Pair<'_, Rule>,
) -> Result<SetupEnd, PositionError> {
    let v = seats.variant;
    let mut inner = pair.into_inner();
    let Some(first) = inner.next() else {
        return Ok(SetupEnd::Judge);
    };
    match first.as_rule() {
        Rule::none => return Ok(SetupEnd::NotOver),
        Rule::judge => return Ok(SetupEnd::Judge),
        _ => {}
    }
    let name = first.as_str();
    let repetition = v.reason_name(EndReason::Repetition);
    let stated = stated_ends(v);
    let reason = if let Some(i) = v.end.conditions.iter().position(|c| c.name == name) {
        EndReason::Condition(i as u8)
    } else if v.rules.repetition.is_some() && name == repetition {
        EndReason::Repetition
    } else if let Some(&r) = stated.iter().find(|r| v.reason_name(**r) == name) {
        r
    } else {
        // Named in registry order, the repetition among the modules' endings.
        let mut known: Vec<String> = v.end.conditions.iter().map(|c| c.name.clone()).collect();
        let rep_at = crate::rules::ModuleId::Repetition as u8;
        let before = |r: &EndReason| matches!(*r, EndReason::Module(m, _) if m < rep_at);
        known.extend(
            stated
                .iter()
                .filter(|r| before(r))
                .map(|r| v.reason_name(*r)),
        );
        if v.rules.repetition.is_some() {
            known.push(repetition);
        }
        known.extend(
            stated
                .iter()
                .filter(|r| !before(r))
                .map(|r| v.reason_name(*r)),
        );
        return Err(f.error_on(
            &first,
            K::UnknownEndReason {
                name: name.to_string(),
                variant: v.name.clone(),
                known,
            },
        ));
    };
    let winner = match inner.next() {
        Some(p) => Some(seats.letter_of(f, &p)?),
        None => None,
    };
    Ok(SetupEnd::Over { reason, winner })
}

/// Reads `text` as a position of `variant`: FEN for a two-seat variant when it reads as FEN,
/// otherwise an extended position string.
///
/// When neither form reads, the error is the one of the form the text looks like (more than
/// six fields, or a board written with seat letters, is taken for an extended string).
pub fn parse_position(variant: &Arc<Variant>, text: &str) -> Result<Position, PositionError> {
    if variant.seats.len() != 2 {
        return from_position_string(variant, text);
    }
    let fen_error = match from_fen(variant, text) {
        Ok(p) => return Ok(p),
        Err(e) => e,
    };
    let extended_error = match from_position_string(variant, text) {
        Ok(p) => return Ok(p),
        Err(e) => e,
    };
    let fields = split(text);
    // Six fields (seven with a check field) that read as FEN and more after them: FEN with
    // extra text, not an extended position string with a broken board.
    let n = 6 + variant.rules.check_count.is_some() as usize;
    if fields.len() > n && from_fen(variant, &text[..fields[n - 1].range.end]).is_ok() {
        let extra = &fields[n];
        return Err(PositionError {
            kind: K::FenExtraField {
                text: extra.text.to_string(),
            },
            field: F::Whole,
            span: extra.range.clone(),
            field_span: extra.range.clone(),
            notation: Notation::Fen,
        });
    }
    let looks_extended = fields.len() > n
        || fields.first().is_some_and(|b| {
            let bytes = b.text.as_bytes();
            let mut pieces = 0;
            let mut i = 0;
            while i < bytes.len() {
                match bytes[i] {
                    b'/' | b'0'..=b'9' | b'*' => i += 1,
                    b'a'..=b'z' | b'_' if bytes.get(i + 1).is_some_and(u8::is_ascii_uppercase) => {
                        pieces += 1;
                        i += 2;
                    }
                    _ => return false,
                }
            }
            pieces > 0
        });
    Err(if looks_extended {
        extended_error
    } else {
        fen_error
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    fn chaturaji() -> Arc<Variant> {
        load_variant("chaturaji", &Assignment::default()).unwrap()
    }

    #[test]
    fn chaturaji_start_string() {
        let s = to_position_string(&Position::start(chaturaji()));
        assert_eq!(
            s,
            "bBbP2yKyEyHyB/bHbP2yPyPyPyP/bEbP6/bKbP6/6gPgK/6gPgE/rPrPrPrP2gPgH/rBrHrErK2gPgB r roll 0,0,0,0 - - 0 0 - - - r 0 1"
        );
        assert!(PositionParser::parse(Rule::position, &s).is_ok());
    }

    #[test]
    fn fields_split_at_spaces() {
        let f = split("  ab c  d ");
        let parts: Vec<_> = f.iter().map(|f| (f.text, f.range.clone())).collect();
        assert_eq!(parts, [("ab", 2..4), ("c", 5..6), ("d", 8..9)]);
    }

    #[test]
    fn seat_sets_parse() {
        let p = PositionParser::parse(Rule::taken, "r:by,g:r").unwrap();
        assert_eq!(p.as_str(), "r:by,g:r");
        assert!(PositionParser::parse(Rule::dice, "roll").is_ok());
        assert!(PositionParser::parse(Rule::end, "capture-all:r").is_ok());
    }
}
