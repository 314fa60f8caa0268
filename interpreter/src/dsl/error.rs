//! [`DslError`]: one problem in a DSL string, located by a byte range, and the translation of
//! pest's parse errors into it.

use std::fmt;
use std::ops::Range;

use pest::RuleType;
use pest::error::{Error as PestError, ErrorVariant, InputLocation};

/// A problem in a DSL string, located by a byte range into that string.
///
/// The span points at the exact characters at fault (an unknown letter, a token, an unexpected
/// character); it covers the whole string only when the whole string is the problem (e.g. it is
/// empty, in which case the span is `0..0`). A caller that embeds the DSL string in a larger
/// text (a YAML scalar) shifts the span with [`DslError::offset`].
///
/// ```
/// # use ashtapada::dsl::parse_betza;
/// let errors = parse_betza("fX").unwrap_err();
/// assert_eq!(errors[0].span, 1..2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DslError {
    /// Byte range of the offending characters in the DSL string.
    pub span: Range<usize>,
    /// What is wrong, in one sentence without a trailing full stop.
    pub message: String,
    /// How to fix it, when there is something useful to say (a "did you mean" line, the list of
    /// valid letters).
    pub help: Option<String>,
}

impl DslError {
    /// An error at `span` with `message` and no help line.
    pub fn new(span: Range<usize>, message: impl Into<String>) -> Self {
        DslError {
            span,
            message: message.into(),
            help: None,
        }
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
            self.message, self.span.start, self.span.end
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
    let found = match src.get(span.clone()) {
        Some(text) if !text.is_empty() => format!("unexpected `{text}`"),
        _ => "unexpected end of input".to_owned(),
    };
    match &err.variant {
        ErrorVariant::CustomError { message } => DslError::new(span, message.clone()),
        ErrorVariant::ParsingError { positives, .. } => {
            let mut ranked: Vec<(u8, &'static str)> = positives.iter().filter_map(name).collect();
            ranked.sort_unstable();
            ranked.dedup();
            let names: Vec<&'static str> = ranked.into_iter().map(|(_, n)| n).collect();
            let message = if names.is_empty() {
                found
            } else {
                format!("{found}: expected {}", join_or(&names))
            };
            DslError::new(span, message)
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
        let e = DslError::new(1..2, "bad").with_help("fix it").offset(10);
        assert_eq!(e.span, 11..12);
        assert_eq!(e.to_string(), "bad (at 11..12); help: fix it");
    }
}
