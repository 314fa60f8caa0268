//! The REPL in a real terminal: the binary runs in a pseudo-terminal (rexpect), as a person
//! would use it — lines typed ahead and pasted, Tab completion, a byte that is not UTF-8, and
//! Ctrl-C during a long command.

#![cfg(unix)]

use rexpect::session::{PtySession, spawn_command};
use std::io::Write;
use std::process::Command;

/// Seconds any expected answer may take (a debug build on a busy machine).
const TIMEOUT_MS: u64 = 30_000;

/// The REPL of `variant` in a pseudo-terminal, without colour, with its history in a
/// temporary folder; waits for the first prompt.
fn repl(variant: &str, history: &tempfile::TempDir) -> PtySession {
    repl_in(variant, history, false)
}

/// [`repl`], in colour if `color`.
fn repl_in(variant: &str, history: &tempfile::TempDir, color: bool) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ashtapada"));
    cmd.args(["repl", variant])
        .env("TERM", "xterm")
        .env("XDG_DATA_HOME", history.path());
    if color {
        cmd.env_remove("NO_COLOR");
    } else {
        cmd.env("NO_COLOR", "1");
    }
    let mut p = spawn_command(cmd, Some(TIMEOUT_MS)).expect("the REPL starts in a pty");
    p.exp_string("Ctrl-D quits").expect("the banner");
    p
}

/// Writes raw bytes to the terminal, as typed.
fn type_bytes(p: &PtySession, bytes: &[u8]) {
    let mut tty = p.process().get_file_handle().expect("the pty");
    tty.write_all(bytes).expect("typed");
    tty.flush().expect("flushed");
}

/// Three lines typed ahead in one go (as a paste without bracketed paste arrives) all run,
/// and so do the lines of a bracketed paste.
#[test]
fn lines_typed_ahead_or_pasted_all_run() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut p = repl("chaturaji", &dir);
    type_bytes(&p, b"fen\rhistory\roptions\r");
    p.exp_string("0,0,0,0 - - 0 0 - - - r 0 1")
        .expect("fen ran");
    p.exp_string("no moves yet").expect("history ran");
    p.exp_string("round-limit = 30").expect("options ran");
    type_bytes(&p, b"\x1b[200~dice 1 5\nhistory\x1b[201~\r");
    p.exp_string("red: 1,5").expect("the pasted roll ran");
    p.exp_string("1. red 1,5").expect("the pasted history ran");
}

/// The first Tab completes as far as the candidates agree, the second lists them; a move
/// typed without its die completes to the die that plays it.
#[test]
fn tab_completes_and_a_second_tab_lists() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut p = repl("chaturaji", &dir);
    // A 3 moves the horse: from b1 to a3 or c3.
    type_bytes(&p, b"dice 3 4\r");
    p.exp_string("red to move (dice 3,4)").expect("rolled");
    type_bytes(&p, b"b1\t");
    p.exp_string("3:b1").expect("completed to the die");
    type_bytes(&p, b"\t");
    p.exp_string("3:b1a3  3:b1c3").expect("listed");
    type_bytes(&p, b"c3\r");
    p.exp_string("red: 3:b1c3").expect("played");
}

/// A byte that is not UTF-8 is one error line; the session and its game go on.
#[test]
fn a_byte_that_is_not_utf8_is_an_error_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut p = repl("chaturanga", &dir);
    type_bytes(&p, b"e2e3\r");
    p.exp_string("white: e2e3").expect("moved");
    type_bytes(&p, b"fe\xff");
    p.exp_string("error: the input is not UTF-8 text")
        .expect("one error line");
    type_bytes(&p, b"fen\r");
    p.exp_string("rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b - - 0 1")
        .expect("the game is intact");
}

/// Ctrl-C during `perft 7` stops it and returns to the prompt with the game intact; the
/// next command runs.
#[test]
fn ctrl_c_stops_a_long_command_and_keeps_the_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut p = repl("chaturanga", &dir);
    type_bytes(&p, b"e2e3\r");
    p.exp_string("white: e2e3").expect("moved");
    // Chaturanga's perft 7 from here is hundreds of millions of nodes: seconds at least.
    type_bytes(&p, b"perft 7\r");
    std::thread::sleep(std::time::Duration::from_millis(500));
    p.send_control('c').expect("Ctrl-C");
    p.exp_string("`perft 7` stopped (Ctrl-C) before it finished")
        .expect("stopped");
    type_bytes(&p, b"fen\r");
    p.exp_string("rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b - - 0 1")
        .expect("the game is intact");
}

/// On a terminal the board is drawn again after a move and after an undo; `set board off`
/// stops that.
#[test]
fn the_board_is_redrawn_after_a_move_and_an_undo() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut p = repl("chaturanga", &dir);
    type_bytes(&p, b"e2e3\r");
    p.exp_string("white: e2e3").expect("moved");
    p.exp_string("last move: e2e3")
        .expect("the board after the move");
    type_bytes(&p, b"undo\r");
    p.exp_string("took back: e2e3").expect("undone");
    p.exp_string("to move: ").expect("the board after the undo");
    type_bytes(&p, b"set board off\re2e3\rfen\r");
    p.exp_string("board = off").expect("set");
    let (between, _) = p
        .exp_regex("rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b - - 0 1")
        .expect("moved and fen");
    assert!(!between.contains("last move"), "no board: {between}");
}

/// The designer's loop on a colour terminal: `load` and `reload` of a broken rule file draw
/// the report in colour (escape sequences the terminal reads), never as escaped text
/// (`\u{1b}[31m…`); the source text quoted in the report still has its controls escaped.
#[test]
fn a_broken_rule_file_is_reported_in_colour_on_load_and_reload() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("mine.yaml");
    let original = include_str!("../../rules/chaturanga.yaml");
    std::fs::write(&file, original.replace("board:", "bord:")).expect("write");
    let mut p = repl_in("chaturanga", &dir, true);
    type_bytes(&p, format!("load {}\r", file.display()).as_bytes());
    let report = p.exp_string("unknown key").expect("the load report");
    let rest = p.exp_string("did you mean").expect("its help");
    let shown = format!("{report}{rest}");
    assert!(
        !shown.contains("\\u{1b}"),
        "escaped colour codes: {shown:?}"
    );
    assert!(shown.contains('\u{1b}'), "no colour: {shown:?}");
    // Fixed, loaded, then broken again with a control character in the file: `reload`.
    std::fs::write(&file, original).expect("write");
    type_bytes(&p, format!("load {}\r", file.display()).as_bytes());
    p.exp_string("loaded Chaturanga").expect("loaded");
    std::fs::write(&file, original.replace("board:", "\u{7}bord:")).expect("write");
    type_bytes(&p, b"reload\r");
    let report = p
        .exp_string("the old rules are kept")
        .expect("the reload report");
    assert!(
        !report.contains("\\u{1b}"),
        "escaped colour codes: {report:?}"
    );
    assert!(report.contains('\u{1b}'), "no colour: {report:?}");
    assert!(
        report.contains("\\u{7}"),
        "the file's BEL is shown escaped: {report:?}"
    );
    assert!(
        !report.contains('\u{7}'),
        "a raw BEL reached the terminal: {report:?}"
    );
}
