//! Shared by the fuzz targets: running a command of the binary in-process, so that every
//! diagnostic an input produces is rendered exactly as `ashtapada` renders it (miette's
//! graphical report), where offsets inside multi-byte characters or beyond the text panic.

#![allow(dead_code)]

use ashtapada::diag::{Diagnostic, Span, text_source};
use ashtapada::spec::BUILTIN;
use ashtapada::{Assignment, Variant, load_variant};
use std::sync::{Arc, OnceLock};

/// Every built-in variant with its default options, compiled once, in [`BUILTIN`] order.
pub fn variants() -> &'static [Arc<Variant>] {
    static V: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    V.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|(n, _)| load_variant(n, &Assignment::default()).expect("built-in compiles"))
            .collect()
    })
}

/// Runs `ashtapada ARGS…` in-process; standard output and error are rendered and dropped.
/// A panic is a crash; exit codes 0 and 1 are both fine, 2 (usage) means the target built a
/// bad command line.
pub fn run(args: &[&str]) -> i32 {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = ashtapada_cli::run(
        std::iter::once("ashtapada").chain(args.iter().copied()),
        &mut out,
        &mut err,
    );
    assert!(code != 2, "usage error for {args:?}: {}", String::from_utf8_lossy(&err));
    // What reaches the terminal: no raw escape character from the input.
    let err = String::from_utf8_lossy(&err);
    assert!(!err.contains('\u{1b}'), "an escape character reached the terminal: {err:?}");
    code
}

/// Renders an error located in `text` (a position string, a record) as the binary renders
/// it: a diagnostic with the span the reader reported, drawn by miette.
pub fn render_at(name: &str, text: &str, span: std::ops::Range<usize>, message: &str) -> String {
    let src = text_source(name, text);
    let d = Diagnostic::new("fuzz", message, Some(Span::new(&src, span.start, span.end)))
        .help("help");
    render(&d.into())
}

/// Renders rule-file diagnostics as the binary does (no colour, 100 columns).
pub fn render(d: &ashtapada::Diagnostics) -> String {
    let s = ashtapada_cli::render_diagnostics(d, false, None);
    assert!(!s.contains('\u{1b}'), "an escape character reached the terminal: {s:?}");
    s
}
