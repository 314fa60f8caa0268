//! The real binary reads REPL commands from a pipe: no prompt, no colour, exit 0 at the end of
//! the input.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `ashtapada ARGS` with `input` on standard input; returns (exit code, stdout, stderr).
fn run(args: &[&str], input: &str) -> (i32, String, String) {
    run_bytes(args, input.as_bytes())
}

/// [`run`] with any bytes on standard input.
fn run_bytes(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ashtapada"))
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // A binary that refuses to start may close its input before reading it.
    let _ = child.stdin.take().expect("stdin").write_all(input);
    let out = child.wait_with_output().expect("the binary ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

#[test]
fn a_chaturaji_script_through_a_pipe() {
    let script = "dice 1 5\nmoves d2\n1:d2d3\nbogus\n5:d1d2\nfen\nhistory\n";
    let (code, out, err) = run(&["repl", "chaturaji"], script);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert!(!out.contains('\u{1b}'), "no colour in a pipe: {out}");
    assert!(
        !out.lines()
            .any(|l| l.starts_with("red> ") || l.starts_with("> ")),
        "no prompt in a pipe: {out}"
    );
    assert!(out.contains("2 moves: 5:d2d3 1:d2d3\n"), "{out}");
    assert!(out.contains("error: unknown command `bogus`"), "{out}");
    assert!(out.contains("\n1. red 1,5 1:d2d3 5:d1d2\n"), "{out}");
}

#[test]
fn a_bad_seat_or_variant_fails_at_once() {
    let (code, _, err) = run(&["play", "chaturanga", "--human", "red"], "");
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: `red` is not a seat of chaturanga; the seats are white, black\n"
    );
    let (code, _, err) = run(&["repl", "no-such-variant"], "show\n");
    assert_eq!(code, 1);
    assert!(err.contains("no-such-variant"), "{err}");
}

/// A line that is not UTF-8 is one error; the lines before and after it still run.
#[test]
fn a_line_that_is_not_text_is_one_error_and_the_session_goes_on() {
    let (code, out, err) = run_bytes(&["repl", "chaturanga"], b"e2e3\n\xff\xfe\nfen\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("white: e2e3"), "{out}");
    assert!(out.contains("error: line 2 is not UTF-8 text"), "{out}");
    assert!(
        out.contains("rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b - - 0 1"),
        "the move was kept: {out}"
    );
}

/// Control characters typed into the REPL are never written back raw: the binary's output has
/// no ESC or BEL, only their escapes.
#[test]
fn control_characters_are_not_echoed_to_the_terminal() {
    let (code, out, err) = run_bytes(&["repl", "chaturanga"], b"e2e4\x1b[2J\x07\nshow\x1b\n");
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains(['\u{1b}', '\u{7}']), "{out:?}");
    assert!(
        out.contains("error: `e2e4\\u{1b}[2J\\u{7}` contains a control character"),
        "{out}"
    );
    assert!(
        out.contains("error: `show\\u{1b}` contains a control character"),
        "{out}"
    );
}
