//! The Python exceptions of the interpreter's errors: `AshtapadaError` (a `ValueError`) with the
//! text the CLI prints for the same problem, and the checks of integer arguments.
//!
//! A rule file, option or position that does not read is drawn as the CLI draws it on a
//! terminal without colour (miette's graphical report: code, `× message`, the located source
//! lines, `help:`), so `str(error)` equals the CLI's standard error for that input. A bad
//! action gets the REPL's one-line message.

use ashtapada::diag::{Code, Diagnostic, Diagnostics, Span, text_source};
use ashtapada::notation::{PositionError, parse_position, to_fen, to_position_string};
use ashtapada::{Position, Variant};
use miette::{GraphicalReportHandler, GraphicalTheme};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};
use std::sync::Arc;

create_exception!(
    _native,
    AshtapadaError,
    PyValueError,
    "A rule file, option, position, action or argument the interpreter refused; the message is \
     the CLI's (for a rule file, an option or a position, the located report the CLI draws)."
);

/// The longest source line a report draws, as the CLI (`cli/src/report.rs`): a span on a
/// longer line is reported in one line instead (miette cannot draw beyond column 65535).
const MAX_DRAWN_LINE: usize = 300;

/// The reported diagnostics of `d` as the CLI renders them without colour, 100 columns wide:
/// one report each, "…and N more problems" if some were left out, and a count line when there
/// are several. No trailing newline.
pub(crate) fn render(d: &Diagnostics) -> String {
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(100)
        .with_links(false);
    let mut out = String::new();
    let (shown, more) = d.reported();
    for diag in shown {
        let diag = &diag.printable();
        let too_wide = std::iter::once(diag.span.as_ref())
            .flatten()
            .chain(diag.extra.iter().map(|(s, _)| s))
            .any(|s| s.widest_line().1 > MAX_DRAWN_LINE);
        let mut s = String::new();
        if too_wide || handler.render_report(&mut s, diag).is_err() {
            s = format!("{}\n\n  × {}\n", diag.code().as_str(), diag.one_line());
            if let Some(h) = &diag.help {
                s.push_str(&format!("  help: {h}\n"));
            }
        }
        out.push_str(&s);
        if !out.ends_with('\n') {
            out.push('\n');
        }
    }
    if more > 0 {
        out.push_str(&Diagnostics::more_line(more));
        out.push('\n');
    }
    if d.len() > 1 {
        out.push_str(&count_line(d));
        out.push('\n');
    }
    out.truncate(out.trim_end().len());
    out
}

/// "3 problems found", "2 warnings found", "1 problem and 2 warnings found" (the CLI's).
fn count_line(d: &Diagnostics) -> String {
    let warnings = d.0.iter().filter(|x| x.warning).count();
    let problems = d.len() - warnings;
    let count = |n: usize, one: &str| ashtapada::diag::count(n, one, &format!("{one}s"));
    match (problems, warnings) {
        (p, 0) => format!("{p} problems found"),
        (0, w) => format!("{} found", count(w, "warning")),
        (p, w) => format!("{} and {} found", count(p, "problem"), count(w, "warning")),
    }
}

/// The Python error of a list of diagnostics: [`render`]ed.
pub(crate) fn diag_err(d: &Diagnostics) -> PyErr {
    AshtapadaError::new_err(render(d))
}

/// A Python error with a one-line message.
pub(crate) fn err(msg: impl std::fmt::Display) -> PyErr {
    AshtapadaError::new_err(msg.to_string())
}

/// The error of a position `text` that does not read in `variant`: located in the text (its
/// source named `position`), with the variant's start as an example, as `perft --fen` reports
/// it.
pub(crate) fn position_err(variant: &Arc<Variant>, text: &str, e: &PositionError) -> PyErr {
    let src = text_source("position", text);
    let (start, end) = (e.span.start.min(text.len()), e.span.end.min(text.len()));
    let setup = Position::start(variant.clone());
    let example = to_position_string(&setup);
    let help = if parse_position(variant, &example).is_err() {
        "see docs/positions.md, \"Position strings\", for the fields and what is refused"
            .to_string()
    } else if variant.seats.len() == 2 {
        format!(
            "write FEN, e.g. `{}`, or an extended position string, e.g. `{example}` (see \
             docs/positions.md, \"Position strings\")",
            to_fen(&setup)
        )
    } else {
        format!(
            "write an extended position string, e.g. the start: `{example}` (see \
             docs/positions.md, \"Position strings\")"
        )
    };
    let d = Diagnostic::new(
        Code::NotationPosition,
        e.message(),
        Some(Span::new(&src, start, end)),
    )
    .label("here")
    .help(help);
    diag_err(&d.into())
}

/// The integer argument `value` (`name` in messages) checked to lie in `lo..=hi`: a
/// `TypeError` for what is not an int (`bool` included), an `AshtapadaError` (a `ValueError`)
/// naming the range for an int outside it, however large.
pub(crate) fn int_in(value: &Bound<'_, PyAny>, name: &str, lo: u64, hi: u64) -> PyResult<u64> {
    if !value.is_instance_of::<PyInt>() || value.is_instance_of::<PyBool>() {
        let ty = value.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "{name} must be an int, not {ty}"
        )));
    }
    match value.extract::<u64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(err(format!(
            "{name}={} is out of range: it is an integer from {lo} to {hi}",
            value.str()?
        ))),
    }
}
