//! The Python exceptions of the interpreter's errors: `AshtapadaError` (a `ValueError`) with the
//! text the CLI prints for the same problem, and the checks of integer arguments.
//!
//! A rule file, option or position that does not read is drawn as the CLI draws it on a
//! terminal without colour (miette's graphical report: code, `× message`, the located source
//! lines, `help:`), so `str(error)` equals the CLI's standard error for that input. A bad
//! action gets the REPL's one-line message.

use ashtapada::Variant;
use ashtapada::diag::Diagnostics;
use ashtapada::notation::PositionError;
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

/// The reported diagnostics of `d` as the CLI renders them without colour, 100 columns wide
/// ([`ashtapada::report::render_diagnostics`]). No trailing newline.
pub(crate) fn render(d: &Diagnostics) -> String {
    let mut out = ashtapada::report::render_diagnostics(d, false, None);
    out.truncate(out.trim_end().len());
    out
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
    diag_err(&e.diagnostic(variant, "position", text).into())
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
