//! Shared by the fuzz targets: running a command of the binary in-process, so that every
//! diagnostic an input produces is rendered exactly as `ashtapada` renders it (miette's
//! graphical report), where offsets inside multi-byte characters or beyond the text panic.

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

/// Renders rule-file diagnostics as the binary does (no colour, 100 columns).
pub fn render(d: &ashtapada::Diagnostics) -> String {
    let s = ashtapada_cli::render_diagnostics(d, false, None);
    assert!(!s.contains('\u{1b}'), "an escape character reached the terminal: {s:?}");
    s
}
