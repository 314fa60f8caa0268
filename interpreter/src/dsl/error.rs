//! [`DslError`]: one problem in a DSL string, located by a byte range, its typed
//! [`DslErrorKind`] (and the resolver's [`Refusal`] of a name), and the translation of pest's
//! parse errors into it.

use std::fmt;
use std::ops::Range;

use pest::RuleType;
use pest::error::{Error as PestError, ErrorVariant, InputLocation};

use super::expr::Type;

/// A problem in a DSL string, located by a byte range into that string.
///
/// The span points at the exact characters at fault (an unknown letter, a token, an unexpected
/// character); it covers the whole string only when the whole string is the problem (e.g. it is
/// empty, in which case the span is `0..0`). A caller that embeds the DSL string in a larger
/// text (a YAML scalar) shifts the span with [`DslError::offset`]. What is wrong is the typed
/// [`DslErrorKind`]; [`DslError::message`] words it.
///
/// ```
/// # use ashtapada::dsl::{DslErrorKind, parse_betza};
/// let errors = parse_betza("fX").unwrap_err();
/// assert_eq!(errors[0].span, 1..2);
/// assert_eq!(errors[0].kind, DslErrorKind::NotAnAtom('X'));
/// assert_eq!(errors[0].message(), "`X` is not a Betza atom");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DslError {
    /// Byte range of the offending characters in the DSL string.
    pub span: Range<usize>,
    /// What is wrong.
    pub kind: DslErrorKind,
    /// How to fix it, when there is something useful to say (a "did you mean" line, the list of
    /// valid letters).
    pub help: Option<String>,
}

/// What is wrong in a DSL string: the Betza problems, then the expression problems. Its
/// `Display` is the one-sentence message (no trailing full stop).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DslErrorKind {
    /// A syntax error at the span: the text found there (`None` at the end of the input) and
    /// the friendly names of what the grammar expected there (maybe none).
    Unexpected {
        /// The text at the span, `None` at the end of the input.
        found: Option<String>,
        /// What could have come instead, e.g. `a Betza atom (W F D N A H C Z G K Q R B)`.
        expected: Vec<&'static str>,
    },
    /// An error pest made itself (not a grammar mismatch), with its message.
    Pest(String),
    /// An empty Betza string.
    EmptyBetza,
    /// A Betza string longer than its bound, in bytes.
    BetzaTooLong {
        /// Its length.
        len: usize,
        /// The most allowed.
        max: usize,
    },
    /// An XBetza modifier letter this dialect does not support yet; `what` names its meaning
    /// ("first-move rights are").
    Unsupported {
        /// The letter.
        letter: char,
        /// What it stands for, with its verb: "en-passant capture is".
        what: &'static str,
    },
    /// A form of a move in legs (XBetza `a`) this dialect does not take; the text says which.
    Legs(&'static str),
    /// An upper-case letter that is no atom.
    NotAnAtom(char),
    /// A lower-case letter that is no modifier.
    NotAModifier(char),
    /// Modifiers at the end with no atom after them.
    NoAtom {
        /// The modifiers.
        modifiers: String,
    },
    /// A direction spec that selects no move of its atom (`fl` of `W`).
    SelectsNothing {
        /// The spec's letters.
        spec: String,
        /// The atom.
        atom: char,
    },
    /// A range of 0.
    RangeZero,
    /// A range above 15, as written.
    RangeTooLarge(String),
    /// One atom letter three times or more (`WWW`), as written.
    Tripled(String),
    /// A direction spec given twice in one group, as written.
    RepeatedDirection(String),
    /// `m` and `c` in one group.
    MoveAndCapture,
    /// `i` (first move only) in a group that may capture.
    InitialCapture,
    /// `e` (en passant) with `m` (move only).
    EnPassantMove,
    /// `m` or `c` given twice in one group.
    RepeatedModality(char),
    /// Two hop letters in one group (`p`/`g` twice, or both): the first and the second.
    HopTwice(char, char),
    /// `p` or `g` on a leap (not a rider) or with `n`.
    HopNotRider(char),
    /// `h` (half) that does not follow f, b, l or r.
    StrayHalf,
    /// An empty (or blank) expression.
    EmptyExpression,
    /// An expression longer than its bound, in bytes.
    ExpressionTooLong {
        /// Its length.
        len: usize,
        /// The most allowed.
        max: usize,
    },
    /// A second comparison in a chain (`a < b < c`).
    ChainedComparison,
    /// An integer literal that does not fit 64 bits, as written.
    IntegerTooLarge(String),
    /// An operand or a whole expression of the wrong type.
    Mismatch {
        /// The type wanted.
        expected: Type,
        /// The type found.
        found: Type,
    },
    /// An expression nested deeper than the evaluation stack.
    TooDeep,
    /// A name the resolver refused.
    Refused(Refusal),
}

impl fmt::Display for DslErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DslErrorKind as K;
        match self {
            K::Unexpected { found, expected } => {
                match found {
                    Some(text) => write!(f, "unexpected `{text}`")?,
                    None => f.write_str("unexpected end of input")?,
                }
                if !expected.is_empty() {
                    write!(f, ": expected {}", join_or(expected))?;
                }
                Ok(())
            }
            K::Pest(message) => f.write_str(message),
            K::EmptyBetza => f.write_str("empty Betza move"),
            K::BetzaTooLong { len, max } => {
                write!(f, "Betza move is too long ({len} bytes, at most {max})")
            }
            K::Unsupported { letter, what } => write!(f, "`{letter}`: {what} not supported yet"),
            K::Legs(what) => write!(f, "move in legs: {what}"),
            K::NotAnAtom(letter) => write!(f, "`{letter}` is not a Betza atom"),
            K::NotAModifier(letter) => write!(f, "`{letter}` is not a Betza modifier"),
            K::NoAtom { modifiers } => write!(f, "modifiers `{modifiers}` have no atom after them"),
            K::SelectsNothing { spec, atom } => write!(f, "`{spec}` selects no move of `{atom}`"),
            K::RangeZero => f.write_str("a range must be at least 1"),
            K::RangeTooLarge(text) => write!(f, "a range must be at most 15, not {text}"),
            K::Tripled(text) => write!(
                f,
                "`{text}`: an atom is written once (a leap) or twice (a rider)"
            ),
            K::RepeatedDirection(spec) => write!(f, "direction `{spec}` given twice in one group"),
            K::MoveAndCapture => f.write_str("`m` (move only) and `c` (capture only) in one group"),
            K::InitialCapture => f.write_str("`i` (first move only) needs `m` (move only)"),
            K::EnPassantMove => f.write_str("`e` (en passant) is a capture, not with `m`"),
            K::RepeatedModality(letter) => write!(f, "`{letter}` given twice in one group"),
            K::HopTwice(a, b) if a == b => write!(f, "`{a}` given twice in one group"),
            K::HopTwice(a, b) => write!(f, "`{a}` and `{b}` in one group"),
            K::HopNotRider(letter) => {
                write!(f, "`{letter}` (hop) needs a rider and no `n`")
            }
            K::StrayHalf => f.write_str("`h` (half) must follow f, b, l or r"),
            K::EmptyExpression => f.write_str("empty expression"),
            K::ExpressionTooLong { len, max } => {
                write!(f, "expression is too long ({len} bytes, at most {max})")
            }
            K::ChainedComparison => f.write_str("comparisons cannot be chained"),
            K::IntegerTooLarge(text) => write!(f, "integer `{text}` is too large"),
            K::Mismatch { expected, found } => write!(
                f,
                "expected {}, found {}",
                expected.with_article(),
                found.with_article()
            ),
            K::TooDeep => f.write_str("expression is nested too deeply"),
            K::Refused(r) => r.fmt(f),
        }
    }
}

/// Why a resolver refused a name of an expression ([`ResolveError`]). `Display` words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// No quantity or parameter has this name.
    UnknownQuantity(String),
    /// Argument `arg` (0-based) names no seat.
    UnknownSeat {
        /// The name given.
        name: String,
        /// Which argument.
        arg: usize,
    },
    /// Argument `arg` (0-based) names no piece kind.
    UnknownPiece {
        /// The name given.
        name: String,
        /// Which argument.
        arg: usize,
    },
    /// The quantity needs a seat argument where none (or a number) is given.
    NeedsSeat(String),
    /// The quantity needs a piece-kind argument where none (or a number) is given.
    NeedsKind(String),
    /// Argument `arg` is `opponent` in a variant without exactly two seats.
    OpponentNeedsTwoSeats {
        /// Which argument.
        arg: usize,
    },
    /// Argument `arg` is `seat` outside `ranking:`.
    SeatOutsideRanking {
        /// Which argument.
        arg: usize,
    },
    /// A quantity given the wrong number of arguments.
    Arity {
        /// The quantity.
        name: String,
        /// How many it takes.
        takes: usize,
        /// How many were given.
        given: usize,
    },
    /// A named parameter of the rule file given an argument.
    ParameterArgument(String),
    /// Argument `arg` (0-based) names no region of the rule file (`regions:`).
    UnknownRegion {
        /// The name given.
        name: String,
        /// Which argument.
        arg: usize,
    },
    /// The quantity needs a region argument where none (or a number) is given.
    NeedsRegion(String),
    /// `checks(SEAT)` in a rule file that does not count checks (no `check-count:`).
    ChecksNotCounted,
}

/// Which part of a call `name(arg, …)` a [`Refusal`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The whole call.
    Call,
    /// The name.
    Name,
    /// The argument at this 0-based index.
    Arg(usize),
}

impl Refusal {
    /// The part of the call at fault, where a report points.
    pub fn fault(&self) -> Fault {
        match self {
            Refusal::UnknownQuantity(_) => Fault::Name,
            Refusal::UnknownSeat { arg, .. }
            | Refusal::UnknownPiece { arg, .. }
            | Refusal::OpponentNeedsTwoSeats { arg }
            | Refusal::SeatOutsideRanking { arg }
            | Refusal::UnknownRegion { arg, .. } => Fault::Arg(*arg),
            Refusal::ChecksNotCounted => Fault::Name,
            Refusal::NeedsSeat(_)
            | Refusal::NeedsKind(_)
            | Refusal::NeedsRegion(_)
            | Refusal::Arity { .. }
            | Refusal::ParameterArgument(_) => Fault::Call,
        }
    }

    /// For an unknown name, what it should have named: `quantity`, `seat` or `piece`.
    pub fn unknown(&self) -> Option<&'static str> {
        match self {
            Refusal::UnknownQuantity(_) => Some("quantity"),
            Refusal::UnknownSeat { .. } => Some("seat"),
            Refusal::UnknownPiece { .. } => Some("piece"),
            Refusal::UnknownRegion { .. } => Some("region"),
            _ => None,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::UnknownQuantity(name) => write!(f, "unknown quantity `{name}`"),
            Refusal::UnknownSeat { name, .. } => write!(f, "unknown seat `{name}`"),
            Refusal::UnknownPiece { name, .. } => write!(f, "unknown piece `{name}`"),
            Refusal::NeedsSeat(name) => write!(f, "`{name}` needs a seat"),
            Refusal::NeedsKind(name) => write!(f, "`{name}` needs a piece kind"),
            Refusal::OpponentNeedsTwoSeats { .. } => {
                f.write_str("`opponent` is only defined for two seats")
            }
            Refusal::SeatOutsideRanking { .. } => {
                f.write_str("`seat` (the seat being ranked) is only defined in `ranking:`")
            }
            Refusal::Arity { name, takes, given } => write!(
                f,
                "`{name}` takes {takes} argument{}, not {given}",
                if *takes == 1 { "" } else { "s" }
            ),
            Refusal::ParameterArgument(name) => {
                write!(f, "the parameter `{name}` takes no argument")
            }
            Refusal::UnknownRegion { name, .. } => write!(f, "unknown region `{name}`"),
            Refusal::NeedsRegion(name) => write!(f, "`{name}` needs a region"),
            Refusal::ChecksNotCounted => f.write_str(
                "`checks` needs checks to be counted, and this file does not count them",
            ),
        }
    }
}

/// The resolver's refusal of a name; the compiler wraps it into a [`DslError`]
/// ([`DslErrorKind::Refused`]) at the name's span (the name and its argument, if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveError {
    /// Why.
    pub reason: Refusal,
    /// A help line, typically from [`suggest`](crate::dsl::suggest()): "did you mean `kings_on_board`?".
    pub help: Option<String>,
}

impl DslError {
    /// An error of `kind` at `span`, with no help line.
    pub fn new(span: Range<usize>, kind: DslErrorKind) -> Self {
        DslError {
            span,
            kind,
            help: None,
        }
    }

    /// What is wrong, in one sentence without a trailing full stop.
    pub fn message(&self) -> String {
        self.kind.to_string()
    }

    /// The same error with a help line.
    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The same error with its span moved `by` bytes to the right: for a DSL string that starts
    /// at byte `by` of a larger text.
    #[must_use]
    pub fn offset(mut self, by: usize) -> Self {
        self.span = self.span.start + by..self.span.end + by;
        self
    }
}

impl fmt::Display for DslError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (at {}..{})",
            self.kind, self.span.start, self.span.end
        )?;
        if let Some(help) = &self.help {
            write!(f, "; help: {help}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DslError {}

/// The span of one character at byte `pos` of `src` (empty at the end of the string).
pub(crate) fn char_span(src: &str, pos: usize) -> Range<usize> {
    let pos = pos.min(src.len());
    let len = src[pos..].chars().next().map_or(0, char::len_utf8);
    pos..pos + len
}

/// Translate a pest error into a [`DslError`].
///
/// `name` gives the friendly name of a rule in an "expected …" list (pest's `renamed_rules`
/// idea) with a rank to sort the list by, or `None` to leave the rule out of the list. Names
/// are deduplicated.
pub(crate) fn from_pest<R: RuleType>(
    err: &PestError<R>,
    src: &str,
    name: impl Fn(&R) -> Option<(u8, &'static str)>,
) -> DslError {
    let span = match err.location {
        InputLocation::Pos(pos) => char_span(src, pos),
        InputLocation::Span((start, end)) => start..end,
    };
    let found = src
        .get(span.clone())
        .filter(|text| !text.is_empty())
        .map(str::to_owned);
    match &err.variant {
        ErrorVariant::CustomError { message } => {
            DslError::new(span, DslErrorKind::Pest(message.clone()))
        }
        ErrorVariant::ParsingError { positives, .. } => {
            let mut ranked: Vec<(u8, &'static str)> = positives.iter().filter_map(name).collect();
            ranked.sort_unstable();
            ranked.dedup();
            let expected = ranked.into_iter().map(|(_, n)| n).collect();
            DslError::new(span, DslErrorKind::Unexpected { found, expected })
        }
    }
}

/// `a`, `a or b`, `a, b or c`.
pub(crate) fn join_or(items: &[&str]) -> String {
    join_list(items, "or")
}

/// `a`, `a and b`, `a, b and c` (with `conjunction` for "and").
pub(crate) fn join_list(items: &[&str], conjunction: &str) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} {conjunction} {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn char_span_is_one_character_or_empty_at_end() {
        assert_eq!(char_span("ab", 1), 1..2);
        assert_eq!(char_span("aé", 1), 1..3);
        assert_eq!(char_span("ab", 2), 2..2);
        assert_eq!(char_span("ab", 9), 2..2);
    }

    #[test]
    fn join_or_reads_as_english() {
        assert_eq!(join_or(&[]), "");
        assert_eq!(join_or(&["a"]), "a");
        assert_eq!(join_or(&["a", "b"]), "a or b");
        assert_eq!(join_or(&["a", "b", "c"]), "a, b or c");
    }

    #[test]
    fn offset_and_display() {
        let e = DslError::new(1..2, DslErrorKind::RangeZero)
            .with_help("fix it")
            .offset(10);
        assert_eq!(e.span, 11..12);
        assert_eq!(
            e.to_string(),
            "a range must be at least 1 (at 11..12); help: fix it"
        );
    }
}
