//! Extended position strings for any variant (grammar: `grammar/position.pest`): the board
//! with each piece's owner and the hands, the seat to move, the dice, and every counter of the
//! rule modules, as space-separated fields. The format is documented on
//! [`from_position_string`] and in the README ("Position strings").

use super::fen::{FenError, from_fen};
use crate::compile::Variant;
use crate::engine::{EndSetting, Position, SetupState};
use crate::vocab::{Counters, EndReason, MAX_DICE, MAX_SEATS, NO_OWNER, Piece, Seat};
use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

#[derive(Parser)]
#[grammar = "../../grammar/position.pest"]
struct PositionParser;

/// A malformed or impossible position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// Byte range of the offending part (a piece, a rank, a value, or the whole field).
    pub span: Range<usize>,
    /// Byte range of the whole field the problem is in.
    pub field: Range<usize>,
    /// What is wrong, naming the field.
    pub message: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at column {})", self.message, self.span.start + 1)
    }
}

impl std::error::Error for PositionError {}

impl From<FenError> for PositionError {
    fn from(e: FenError) -> PositionError {
        PositionError {
            field: e.span.clone(),
            span: e.span,
            message: e.message,
        }
    }
}

/// The fields of a position string, in order: name for messages, grammar rule, and the expected
/// form.
const FIELDS: [(&str, Rule, &str); 15] = [
    (
        "board",
        Rule::board_field,
        "ranks separated by `/`, each piece as its seat's letter and its kind's letter, e.g. `rB`, and runs of empty squares as numbers",
    ),
    (
        "seat to move",
        Rule::to_move_field,
        "a seat letter, e.g. `r`",
    ),
    (
        "dice",
        Rule::dice_field,
        "`roll` if a roll is due, the dice left, e.g. `1,5`, or `-`",
    ),
    (
        "scores",
        Rule::scores_field,
        "one whole number per seat, separated by commas, e.g. `0,3,0,2`",
    ),
    (
        "taken",
        Rule::taken_field,
        "`-`, or a seat letter, `:` and the letters of the seats whose king it took, e.g. `r:by,g:r`",
    ),
    (
        "thrones",
        Rule::thrones_field,
        "`-`, or a seat letter, `:` and the letters of the seats whose throne it scored, e.g. `r:y`",
    ),
    (
        "rounds",
        Rule::rounds_field,
        "the rounds completed, e.g. `4`",
    ),
    (
        "rounds without capture",
        Rule::quiet_rounds_field,
        "the completed rounds without a capture, e.g. `1`",
    ),
    (
        "capture this round",
        Rule::capture_field,
        "`x` if a capture happened in the current round, else `-`",
    ),
    (
        "resigned seats",
        Rule::resigned_field,
        "`-`, or the letters of the seats that resigned, e.g. `by`",
    ),
    (
        "mates",
        Rule::mates_field,
        "`-`, or the mates in order, each as the mater's seat letter, `:` and the mated seat's, e.g. `s:w,n:e`",
    ),
    (
        "first seat",
        Rule::first_seat_field,
        "a seat letter, e.g. `r`",
    ),
    (
        "half-move clock",
        Rule::halfmove_field,
        "the plies since the last capture or reset move, e.g. `0`",
    ),
    (
        "move number",
        Rule::fullmove_field,
        "the full-move number, from 1",
    ),
    (
        "end",
        Rule::end_field,
        "`-` (the game goes on), or an end reason's name (an end condition, the capture-all win's name, or `repetition`), with `:` and the winner's seat letter for a win",
    ),
];

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
    let v = pos.variant();
    let n = v.seats.len();
    let letters = seat_letters(v);
    let letter = |s: Seat| letters.get(s.index()).copied().unwrap_or('_');
    let set = |mask: u8| -> String {
        (0..n)
            .filter(|&i| mask >> i & 1 != 0)
            .map(|i| letters[i])
            .collect()
    };
    let sets = |masks: &[u8]| -> String {
        let parts: Vec<String> = (0..n)
            .filter(|&i| masks[i] != 0)
            .map(|i| format!("{}:{}", letters[i], set(masks[i])))
            .collect();
        if parts.is_empty() {
            "-".into()
        } else {
            parts.join(",")
        }
    };
    let mut board = String::new();
    for rank in (0..v.board.ranks).rev() {
        let mut empty = 0;
        for file in 0..v.board.files {
            let p = pos.board[(rank * v.board.files + file) as usize];
            if p.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                board.push_str(&empty.to_string());
                empty = 0;
            }
            board.push(letter(p.owner()));
            board.push(v.kinds.get(p.kind().index()).map_or('?', |k| k.letter));
            if p.orient() != default_orient(v, p.owner())
                && let Some(i) = v.seats.iter().position(|s| s.orient == p.orient())
            {
                board.push(':');
                board.push(letters[i]);
            }
            if p.is_dead() {
                board.push('*');
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let in_hand = (0..n).any(|s| pos.hand[s].iter().any(|&c| c > 0));
    if v.modules.hands || in_hand {
        board.push('[');
        for (s, &l) in letters.iter().enumerate() {
            for (k, info) in v.kinds.iter().enumerate() {
                let c = pos.hand[s][k];
                if c > 1 {
                    board.push_str(&c.to_string());
                }
                if c > 0 {
                    board.push(l);
                    board.push(info.letter);
                }
            }
        }
        board.push(']');
    }
    let dice = if pos.awaiting_roll {
        "roll".to_string()
    } else {
        let d = pos.dice();
        if d.is_empty() {
            "-".to_string()
        } else {
            d.iter()
                .rev()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(",")
        }
    };
    let c = &pos.counters;
    let scores: Vec<String> = c.scores[..n].iter().map(i64::to_string).collect();
    let resigned = set(c.resigned);
    let mut fields = vec![
        board,
        letter(pos.to_move).to_string(),
        dice,
        scores.join(","),
        sets(&c.taken),
        sets(&c.thrones),
        c.rounds.to_string(),
        c.quiet_rounds.to_string(),
        if c.captured_in_round { "x" } else { "-" }.to_string(),
        if resigned.is_empty() {
            "-".to_string()
        } else {
            resigned
        },
        mates_string(c, &letters),
        letter(pos.first_seat).to_string(),
        pos.halfmove.to_string(),
        pos.fullmove().to_string(),
    ];
    // A repetition is the one ending the fields cannot show: the history it counts is not in
    // them (an end condition, mate, stalemate and the move rule are judged from the fields).
    let ended = pos.ended.or_else(|| {
        pos.repetition_outcome()
            .and_then(|_| pos.clone().outcome())
            .filter(|o| o.reason() == EndReason::Repetition)
    });
    if ended != pos.judge_setup() {
        fields.push(match ended {
            None => "-".to_string(),
            Some(o) => {
                let mut s = pos.reason_name(o.reason());
                if let Some(w) = o.winner() {
                    s.push(':');
                    s.push(letter(w));
                }
                s
            }
        });
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

/// One field of the string: its index, text and byte range.
struct Field<'a> {
    index: usize,
    text: &'a str,
    range: Range<usize>,
}

impl Field<'_> {
    fn name(&self) -> &'static str {
        FIELDS[self.index].0
    }

    /// An error on the whole field.
    fn error(&self, message: impl Into<String>) -> PositionError {
        self.error_at(0..self.text.len(), message)
    }

    /// An error on bytes `r` of the field.
    fn error_at(&self, r: Range<usize>, message: impl Into<String>) -> PositionError {
        let start = self.range.start + r.start;
        PositionError {
            span: start..(self.range.start + r.end).max(start + 1),
            field: self.range.clone(),
            message: format!("{}: {}", self.name(), message.into()),
        }
    }

    /// An error on a pair of this field's parse.
    fn error_on(&self, pair: &Pair<'_, Rule>, message: impl Into<String>) -> PositionError {
        let s = pair.as_span();
        self.error_at(s.start()..s.end(), message)
    }

    /// Parses the field with its grammar rule, which must cover all of it.
    fn parse(&self) -> Result<Pair<'_, Rule>, PositionError> {
        let (_, rule, expected) = FIELDS[self.index];
        let unexpected = |at: usize| {
            let found = self.text.get(at..).and_then(|s| s.chars().next());
            let message = match found {
                Some(c) => format!("unexpected `{c}`: expected {expected}"),
                None => format!("ends too early: expected {expected}"),
            };
            self.error_at(at..at + found.map_or(1, char::len_utf8), message)
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
        pair.as_str()
            .parse()
            .map_err(|_| self.error_on(pair, format!("`{}` is too large", pair.as_str())))
    }
}

/// Splits `text` at spaces into fields.
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
                    index: out.len(),
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
    fn by_token(&self, s: &str) -> Option<Seat> {
        let mut cs = s.chars();
        if let (Some(c), None) = (cs.next(), cs.next())
            && let Some(seat) = self.by_letter(c)
        {
            return Some(seat);
        }
        self.variant
            .seats
            .iter()
            .position(|x| x.name.eq_ignore_ascii_case(s) || x.fen.eq_ignore_ascii_case(s))
            .map(|i| Seat(i as u8))
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

    /// The seat of a one-letter pair, or an error naming the seats.
    fn letter_of(&self, f: &Field<'_>, pair: &Pair<'_, Rule>) -> Result<Seat, PositionError> {
        let c = pair.as_str().chars().next().unwrap_or(' ');
        self.by_letter(c).ok_or_else(|| {
            f.error_on(
                pair,
                format!("`{c}` is not a seat; the seats are {}", self.known()),
            )
        })
    }

    /// A bit mask of seats written as letters together (`by`).
    fn mask_of(&self, f: &Field<'_>, pair: &Pair<'_, Rule>) -> Result<u8, PositionError> {
        let start = pair.as_span().start();
        let mut mask = 0u8;
        for (i, c) in pair.as_str().char_indices() {
            let seat = self.by_letter(c).ok_or_else(|| {
                f.error_at(
                    start + i..start + i + c.len_utf8(),
                    format!("`{c}` is not a seat; the seats are {}", self.known()),
                )
            })?;
            mask |= 1 << seat.0;
        }
        Ok(mask)
    }

    /// Per-seat bit masks from `seat:letters` entries (`what` names what the letters mean).
    fn sets_of(
        &self,
        f: &Field<'_>,
        pair: Pair<'_, Rule>,
        what: &str,
    ) -> Result<[u8; MAX_SEATS], PositionError> {
        let mut out = [0u8; MAX_SEATS];
        for entry in pair.into_inner().filter(|p| p.as_rule() == Rule::seat_set) {
            let span = entry.as_span();
            let mut inner = entry.into_inner();
            let (Some(owner), Some(letters)) = (inner.next(), inner.next()) else {
                continue;
            };
            let owner = self.letter_of(f, &owner)?;
            let mask = self.mask_of(f, &letters)?;
            if mask >> owner.0 & 1 != 0 {
                return Err(f.error_at(
                    span.start()..span.end(),
                    format!(
                        "{} cannot have its own {what}",
                        self.variant.seats[owner.index()].name
                    ),
                ));
            }
            out[owner.index()] |= mask;
        }
        Ok(out)
    }
}

/// Reads an extended position string of `variant`: space-separated fields, `-` for an empty
/// value:
///
/// ```text
/// BOARD TO-MOVE DICE SCORES TAKEN THRONES ROUNDS QUIET CAPTURE RESIGNED MATES FIRST HALFMOVE FULLMOVE [END]
/// ```
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
/// | end | `capture-all`, `repetition` | only when the end conditions cannot tell how the game stands (always for a game ended by repetition, which the fields cannot show) |
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
/// rounds; and positions play never reaches: a turn in progress with no usable die left (that
/// turn would be over), a seat to move that resigned or was mated, where mates do not end the
/// game a seat to move with no legal move (it would be mated), a dead royal piece whose seat
/// (the seat it faces as) the mates field does not list, and a mated seat that still owns a
/// piece on the board or in hand.
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
    let v = &**variant;
    let n = v.seats.len();
    let fields = split(text);
    if fields.is_empty() {
        return Err(PositionError {
            span: 0..1,
            field: 0..text.len(),
            message: "the position string is empty: it needs at least the board".into(),
        });
    }
    if let Some(extra) = fields.get(FIELDS.len()) {
        return Err(PositionError {
            span: extra.range.start..text.len().max(extra.range.start + 1),
            field: extra.range.clone(),
            message: format!(
                "too many fields: a position string has at most {} (the last is the end)",
                FIELDS.len()
            ),
        });
    }
    let seats = Seats {
        variant: v,
        letters: seat_letters(v),
    };
    let mut pos = Position::empty(variant.clone());
    let mut state = SetupState {
        to_move: Seat(0),
        dice: None,
        counters: Counters::default(),
        first_seat: Seat(0),
        halfmove: 0,
        fullmove: 1,
        end: EndSetting::Judge,
    };
    let mut end_pair = None;
    let mut written = Written::default();
    for f in &fields {
        let pair = f.parse()?;
        match f.index {
            0 => written = read_board(&mut pos, &seats, f, pair)?,
            1 => {
                state.to_move = seats.by_token(f.text).ok_or_else(|| {
                    f.error(format!(
                        "`{}` is not a seat; the seats are {}",
                        f.text,
                        seats.known()
                    ))
                })?;
            }
            2 => {
                state.dice = read_dice(v, f, pair)?;
            }
            3 => {
                let values: Vec<_> = pair.into_inner().collect();
                if values.len() != n {
                    let names: Vec<&str> = v.seats.iter().map(|s| s.name.as_str()).collect();
                    return Err(f.error(format!(
                        "{} scores given; {} has {n} seats ({})",
                        values.len(),
                        v.name,
                        names.join(", ")
                    )));
                }
                for (i, p) in values.iter().enumerate() {
                    state.counters.scores[i] = f.number(p)?;
                }
            }
            4 => state.counters.taken = seats.sets_of(f, pair, "king")?,
            5 => state.counters.thrones = seats.sets_of(f, pair, "throne")?,
            6 => state.counters.rounds = f.number(&pair)?,
            7 => {
                state.counters.quiet_rounds = f.number(&pair)?;
                if state.counters.quiet_rounds > state.counters.rounds {
                    return Err(f.error(format!(
                        "{} rounds without capture, but only {} rounds completed",
                        state.counters.quiet_rounds, state.counters.rounds
                    )));
                }
            }
            8 => state.counters.captured_in_round = f.text == "x",
            9 => {
                if let Some(p) = pair
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::seat_letters)
                {
                    state.counters.resigned = seats.mask_of(f, &p)?;
                }
            }
            10 => read_mates(&seats, f, pair, &mut state.counters)?,
            11 => {
                state.first_seat = seats.by_token(f.text).ok_or_else(|| {
                    f.error(format!(
                        "`{}` is not a seat; the seats are {}",
                        f.text,
                        seats.known()
                    ))
                })?;
            }
            12 => state.halfmove = f.number(&pair)?,
            13 => {
                state.fullmove = f.number(&pair)?;
                if state.fullmove == 0 {
                    return Err(f.error("the move number starts at 1"));
                }
            }
            _ => end_pair = Some((f, pair)),
        }
    }
    if let Some((f, pair)) = end_pair {
        state.end = read_end(&pos, &seats, f, pair)?;
    }
    pos.finish_setup(&state);
    // A problem with a field that was left out is reported on the whole string.
    let blame = |index: usize, message: String| match fields.get(index) {
        Some(f) => f.error(message),
        None => PositionError {
            span: 0..text.len().max(1),
            field: 0..text.len(),
            message: format!("{}: {message}", FIELDS[index].0),
        },
    };
    check_mated_seats(&pos, &seats, &fields[0], &written)?;
    let to_move = pos.to_move;
    let live = (0..n as u8).any(|s| pos.is_live(Seat(s)));
    if pos.ended.is_none() && live && !pos.is_live(to_move) {
        let why = if pos.counters.mated >> to_move.0 & 1 != 0 {
            "has been mated"
        } else {
            "has resigned"
        };
        return Err(blame(
            1,
            format!(
                "{} {why} and takes no more turns",
                v.seats[to_move.index()].name
            ),
        ));
    }
    if pos.ended.is_none() && v.dice.is_some() && !pos.awaiting_roll {
        if pos.dice.iter().all(|&d| d == 0) {
            return Err(blame(
                2,
                "no dice left and no roll due while the game goes on: write `roll` (and the next seat to move) or the dice left".into(),
            ));
        }
        if !pos.setup_can_move() {
            return Err(blame(
                2,
                format!(
                    "no die left ({}) moves a piece of {}, so this turn is over: write `roll` and the next seat to move",
                    pos.dice()
                        .iter()
                        .rev()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(","),
                    v.seats[to_move.index()].name
                ),
            ));
        }
    }
    // A royal piece in check belongs to the seat due: with the check interrupt that seat moves
    // next, and without it the seat that moved last could not have left it attacked.
    if v.has_royals && pos.ended.is_none() && !pos.in_check(to_move) {
        let checked: Vec<&str> = (0..v.seats.len() as u8)
            .map(Seat)
            .filter(|&s| s != to_move && pos.is_live(s) && pos.in_check(s))
            .map(|s| v.seats[s.index()].name.as_str())
            .collect();
        if !checked.is_empty() {
            return Err(blame(
                1,
                format!(
                    "{} in check but {} is to move: no game reaches this position (the seat in check moves next)",
                    if checked.len() == 1 {
                        format!("{} is", checked[0])
                    } else {
                        format!("{} are", checked.join(" and "))
                    },
                    v.seats[to_move.index()].name
                ),
            ));
        }
    }
    if pos.ended.is_none() && v.modules.mate.is_some() && !pos.setup_can_move() {
        return Err(blame(
            1,
            format!(
                "{} has no legal move, so it would already be mated (loading a position plays nothing): load the position before the mating move",
                v.seats[to_move.index()].name
            ),
        ));
    }
    Ok(pos)
}

/// Where the board field wrote what the mates field must agree with (byte ranges in the
/// field): each dead piece, each piece on the board by its owner, each hand entry by its seat.
#[derive(Default)]
struct Written {
    dead: Vec<(Piece, Range<usize>)>,
    owned: Vec<(Seat, Range<usize>)>,
    hands: Vec<(Seat, Range<usize>)>,
}

/// Refuses a board that disagrees with the mates field: a dead royal piece whose seat (the
/// seat it faces as) has not been mated, and a mated seat that still owns pieces on the board
/// or in hand (a mate kills its royal pieces and gives the rest away).
fn check_mated_seats(
    pos: &Position,
    seats: &Seats<'_>,
    board: &Field<'_>,
    written: &Written,
) -> Result<(), PositionError> {
    let v = seats.variant;
    let mated = pos.counters.mated;
    for (piece, r) in &written.dead {
        let info = &v.kinds[piece.kind().index()];
        if !info.royal {
            continue;
        }
        let faced: Vec<usize> = (0..v.seats.len())
            .filter(|&i| v.seats[i].orient == piece.orient())
            .collect();
        if !faced.is_empty() && faced.iter().all(|&i| mated >> i & 1 == 0) {
            let seat = &v.seats[faced[0]].name;
            return Err(board.error_at(
                r.clone(),
                format!(
                    "a dead {} of {seat}, but {seat} has not been mated: a royal piece dies only when its seat is mated (add the mate to the mates field)",
                    info.name
                ),
            ));
        }
    }
    let mated_name = |s: Seat| {
        (mated >> s.0 & 1 != 0 && s.index() < v.seats.len())
            .then(|| v.seats[s.index()].name.as_str())
    };
    for (seat, r) in &written.owned {
        if let Some(name) = mated_name(*seat) {
            return Err(board.error_at(
                r.clone(),
                format!(
                    "{name} has been mated (the mates field) but owns this piece: a mated seat's pieces go to its mater or to nobody"
                ),
            ));
        }
    }
    for (seat, r) in &written.hands {
        if let Some(name) = mated_name(*seat) {
            return Err(board.error_at(
                r.clone(),
                format!(
                    "{name} has been mated (the mates field) but holds pieces in hand: a mated seat's hand goes to its mater"
                ),
            ));
        }
    }
    Ok(())
}

/// Reads the board field (with the hands) into `pos`; returns where it wrote what the mates
/// field must agree with.
fn read_board(
    pos: &mut Position,
    seats: &Seats<'_>,
    f: &Field<'_>,
    pair: Pair<'_, Rule>,
) -> Result<Written, PositionError> {
    let mut written = Written::default();
    let v = seats.variant;
    let (files, ranks) = (v.board.files as usize, v.board.ranks as usize);
    let (rank_pairs, hands): (Vec<_>, Vec<_>) =
        pair.into_inner().partition(|p| p.as_rule() == Rule::rank);
    if rank_pairs.len() != ranks {
        return Err(f.error(format!(
            "{} ranks given; the board has {ranks}",
            rank_pairs.len()
        )));
    }
    for (i, rp) in rank_pairs.into_iter().enumerate() {
        let rank = ranks - 1 - i;
        let too_many = |rp: &Pair<'_, Rule>| {
            f.error_on(
                rp,
                format!("rank {} has more than {files} squares", rank + 1),
            )
        };
        let mut file = 0usize;
        for item in rp.clone().into_inner() {
            match item.as_rule() {
                Rule::empty_run => {
                    let n: usize = item.as_str().parse().unwrap_or(usize::MAX);
                    if n == 0 {
                        return Err(f.error_on(&item, "a run of 0 empty squares"));
                    }
                    file = file.saturating_add(n);
                }
                _ => {
                    if file >= files {
                        return Err(too_many(&rp));
                    }
                    let piece = read_piece(seats, f, &item)?;
                    let span = item.as_span().start()..item.as_span().end();
                    if piece.is_dead() {
                        written.dead.push((piece, span));
                    } else if piece.owner().index() < v.seats.len() {
                        written.owned.push((piece.owner(), span));
                    }
                    pos.setup_put((rank * files + file) as u8, piece);
                    file += 1;
                }
            }
            if file > files {
                return Err(too_many(&rp));
            }
        }
        if file != files {
            return Err(f.error_on(
                &rp,
                format!(
                    "rank {} has {file} squares; the board has {files} files",
                    rank + 1
                ),
            ));
        }
    }
    for hand in hands {
        if !v.modules.hands && hand.clone().into_inner().next().is_some() {
            return Err(f.error_on(
                &hand,
                format!("{} has no pieces in hand: leave out the brackets", v.name),
            ));
        }
        for item in hand.into_inner() {
            let mut count = 1u32;
            let mut letters = "";
            for part in item.clone().into_inner() {
                match part.as_rule() {
                    Rule::count => count = part.as_str().parse().unwrap_or(u32::MAX),
                    Rule::owner => letters = part.as_str(),
                    _ => {}
                }
            }
            let o = letters.chars().next().unwrap_or('_');
            let seat = seats.by_letter(o).ok_or_else(|| {
                f.error_on(
                    &item,
                    format!(
                        "`{o}` in `{}` is not a seat; the seats are {}",
                        item.as_str(),
                        seats.known()
                    ),
                )
            })?;
            let k = item.as_str().chars().last().unwrap_or(' ');
            let kind = v
                .kind_by_letter(k)
                .ok_or_else(|| unknown_kind(v, f, &item, k))?;
            let info = &v.kinds[kind.index()];
            if info.royal || info.demote != kind {
                let why = if info.royal {
                    format!("a {} is royal and is never captured", info.name)
                } else {
                    format!(
                        "a captured {} goes to the hand as a {}",
                        info.name,
                        v.kinds[info.demote.index()].name
                    )
                };
                return Err(f.error_on(
                    &item,
                    format!("`{}` cannot be in a hand: {why}", item.as_str()),
                ));
            }
            let total = count + pos.hand_count(seat, kind) as u32;
            if count == 0 || total > u8::MAX as u32 {
                return Err(f.error_on(
                    &item,
                    format!("a hand holds 1 to {} pieces of a kind", u8::MAX),
                ));
            }
            pos.setup_hand(seat, kind, total as u8);
            written
                .hands
                .push((seat, item.as_span().start()..item.as_span().end()));
        }
    }
    Ok(written)
}

/// The error for an unknown kind letter.
fn unknown_kind(v: &Variant, f: &Field<'_>, item: &Pair<'_, Rule>, k: char) -> PositionError {
    let letters: String = v.kinds.iter().map(|k| k.letter).collect();
    f.error_on(
        item,
        format!("`{k}` is not a piece of {} (letters: {letters})", v.name),
    )
}

/// Reads one piece: owner letter, kind letter, facing, dead mark.
fn read_piece(
    seats: &Seats<'_>,
    f: &Field<'_>,
    item: &Pair<'_, Rule>,
) -> Result<Piece, PositionError> {
    let v = seats.variant;
    let text = item.as_str();
    let mut cs = text.chars();
    let (o, k) = (cs.next().unwrap_or('_'), cs.next().unwrap_or(' '));
    let Some(kind) = v.kind_by_letter(k) else {
        return Err(unknown_kind(v, f, item, k));
    };
    let owner = if o == '_' {
        Seat(NO_OWNER)
    } else {
        seats.by_letter(o).ok_or_else(|| {
            f.error_on(
                item,
                format!(
                    "`{o}` in `{text}` is not a seat; the seats are {}",
                    seats.known()
                ),
            )
        })?
    };
    let mut orient = default_orient(v, owner);
    let mut dead = false;
    for part in item.clone().into_inner() {
        match part.as_rule() {
            Rule::facing => {
                let seat = part
                    .into_inner()
                    .next()
                    .map(|p| seats.letter_of(f, &p))
                    .transpose()?;
                if let Some(s) = seat {
                    orient = v.seats[s.index()].orient;
                }
            }
            Rule::dead => dead = true,
            _ => {}
        }
    }
    let piece = Piece::new(kind, owner, orient);
    Ok(if dead { piece.killed() } else { piece })
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
        let name = |s: Seat| &seats.variant.seats[s.index()].name;
        if mater == mated {
            return Err(f.error_on(&mate, format!("{} cannot mate itself", name(mater))));
        }
        if c.mated >> mated.0 & 1 != 0 {
            return Err(f.error_on(&mate, format!("{} is mated twice", name(mated))));
        }
        c.mate_count += 1;
        c.mated |= 1 << mated.0;
        c.mates[mater.index()] += 1;
        c.last_mate[mater.index()] = c.mate_count;
        c.mated_at[mated.index()] = c.mate_count;
    }
    Ok(())
}

/// Reads the dice field: `None` for a roll due, else the dice left.
fn read_dice(
    v: &Variant,
    f: &Field<'_>,
    pair: Pair<'_, Rule>,
) -> Result<Option<[u8; MAX_DICE]>, PositionError> {
    let inner: Vec<_> = pair.into_inner().collect();
    match inner.first().map(|p| p.as_rule()) {
        Some(Rule::roll) => {
            if v.dice.is_none() {
                return Err(f.error(format!("{} has no dice: write `-`", v.name)));
            }
            Ok(None)
        }
        Some(Rule::none) | None => Ok(Some([0; MAX_DICE])),
        Some(_) => {
            let Some(rules) = &v.dice else {
                return Err(f.error(format!("{} has no dice: write `-`", v.name)));
            };
            if inner.len() > rules.count as usize {
                return Err(f.error(format!(
                    "{} dice left, but {} dice are rolled",
                    inner.len(),
                    rules.count
                )));
            }
            let mut dice = [0u8; MAX_DICE];
            for (slot, p) in dice.iter_mut().zip(&inner) {
                let d: u8 = p.as_str().parse().unwrap_or(0);
                if !rules.faces.contains(&d) {
                    let faces: Vec<String> = rules.faces.iter().map(u8::to_string).collect();
                    return Err(f.error_on(
                        p,
                        format!(
                            "a die cannot show `{}`; its faces are {}",
                            p.as_str(),
                            faces.join(", ")
                        ),
                    ));
                }
                *slot = d;
            }
            Ok(Some(dice))
        }
    }
}

/// Reads the end field.
fn read_end(
    pos: &Position,
    seats: &Seats<'_>,
    f: &Field<'_>,
    pair: Pair<'_, Rule>,
) -> Result<EndSetting, PositionError> {
    let v = seats.variant;
    let mut inner = pair.into_inner();
    let Some(first) = inner.next() else {
        return Ok(EndSetting::Judge);
    };
    if first.as_rule() == Rule::none {
        return Ok(EndSetting::NotOver);
    }
    let name = first.as_str();
    let repetition = pos.reason_name(EndReason::Repetition);
    let reason = if let Some(i) = v.end.conditions.iter().position(|c| c.name == name) {
        EndReason::Condition(i as u8)
    } else if v.end.repetition.is_some() && name == repetition {
        EndReason::Repetition
    } else if v
        .modules
        .capture_all
        .as_ref()
        .is_some_and(|c| c.name == name)
    {
        EndReason::CaptureAll
    } else {
        let mut names: Vec<&str> = v.end.conditions.iter().map(|c| c.name.as_str()).collect();
        if let Some(c) = &v.modules.capture_all {
            names.push(&c.name);
        }
        if v.end.repetition.is_some() {
            names.push(&repetition);
        }
        let known = if names.is_empty() {
            format!("{} has no end conditions", v.name)
        } else {
            format!("the end reasons are {}", names.join(", "))
        };
        return Err(f.error_on(&first, format!("`{name}` is not an end reason: {known}")));
    };
    let winner = match inner.next() {
        Some(p) => Some(seats.letter_of(f, &p)?),
        None => None,
    };
    Ok(EndSetting::Over(pos.setup_outcome(reason, winner)))
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
    // Six fields that read as FEN and more after them: FEN with extra text, not an extended
    // position string with a broken board.
    if fields.len() > 6 && from_fen(variant, &text[..fields[5].range.end]).is_ok() {
        let extra = &fields[6];
        return Err(PositionError {
            span: extra.range.clone(),
            field: extra.range.clone(),
            message: format!(
                "unexpected `{}` after the move number: FEN has six fields (board, seat to \
                 move, castling, en passant, half-move clock, move number)",
                extra.text
            ),
        });
    }
    let looks_extended = fields.len() > 6
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
        fen_error.into()
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
