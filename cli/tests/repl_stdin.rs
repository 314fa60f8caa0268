//! The real binary reads REPL commands from a pipe: no prompt, no colour, exit 0 at the end of
//! the input.

use crate::driver::{run, run_bytes};
use std::io::Write;
use std::process::{Command, Stdio};

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
    assert!(out.contains("2 moves: 1:d2d3 5:d2d3\n"), "{out}");
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

/// A line over the bound (1 MiB) is one error, read without being kept; the game goes on.
#[test]
fn a_line_over_the_bound_is_one_error_and_the_session_goes_on() {
    let mut input = b"e2e3\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 3 << 20));
    input.extend(b"\nfen\n");
    let (code, out, err) = run_bytes(&["repl", "chaturanga"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("error: line 2 is too long (3145728 bytes; at most 1 MiB)\n"),
        "{}",
        &out[..out.len().min(500)]
    );
    assert!(
        out.len() < 10_000,
        "the line is not echoed: {} bytes",
        out.len()
    );
    assert!(
        out.contains("rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b - - 0 1"),
        "the move was kept: {out}"
    );
}

/// A byte-order mark at the start of the input is dropped; one later in a line is refused.
#[test]
fn a_leading_byte_order_mark_is_dropped() {
    let (code, out, err) = run_bytes(
        &["repl", "chaturanga"],
        b"\xef\xbb\xbfe2e3\n\xef\xbb\xbffen\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("white: e2e3"), "{out}");
    assert!(
        out.contains("error: `\\u{feff}fen` contains a control character"),
        "{out}"
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

/// `ashtapada repl chaturanga` with its standard input and output piped, left running.
fn spawn_chaturanga() -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_ashtapada"))
        .args(["repl", "chaturanga"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts")
}

/// A program driving the REPL through a pipe reads the whole answer to each line — status
/// line included — before it sends the next: nothing waits for more input or for the end.
#[test]
fn each_answer_arrives_before_the_next_line_is_sent() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;
    let mut child = spawn_chaturanga();
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.expect("text")).is_err() {
                break;
            }
        }
    });
    let next = || {
        rx.recv_timeout(Duration::from_secs(30))
            .expect("an answer line while standard input stays open")
    };
    let mut ask = |line: &str| {
        stdin.write_all(line.as_bytes()).expect("sent");
        stdin.flush().expect("flushed");
    };
    ask("e2e3\n");
    assert_eq!(next(), "white: e2e3");
    assert_eq!(next(), "black to move");
    ask("fen\n");
    assert_eq!(
        next(),
        "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b - - 0 1"
    );
    ask("undo\n");
    assert_eq!(next(), "took back: e2e3");
    assert_eq!(next(), "white to move");
    drop(stdin);
    assert!(child.wait().expect("ends").success());
}

/// A Ctrl-C (SIGINT) stops a long command in a script and the script goes on; while the
/// script waits for input, it ends the session with the status of a SIGINT (130).
#[cfg(unix)]
#[test]
fn sigint_stops_a_command_in_a_script_then_ends_it_when_idle() {
    use std::io::{BufRead, BufReader};
    use std::time::Duration;
    let mut child = spawn_chaturanga();
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let interrupt = |pid: u32| {
        let ok = Command::new("kill")
            .args(["-INT", &pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(ok.success());
    };
    stdin.write_all(b"fen\n").expect("sent");
    assert!(
        lines
            .next()
            .expect("a line")
            .expect("text")
            .ends_with(" w - - 0 1")
    );
    stdin.write_all(b"perft 7\n").expect("sent");
    std::thread::sleep(Duration::from_millis(500));
    interrupt(child.id());
    assert_eq!(
        lines.next().expect("a line").expect("text"),
        "error: `perft 7` stopped (Ctrl-C) before it finished; nothing changed"
    );
    stdin.write_all(b"e2e3\n").expect("sent");
    assert_eq!(lines.next().expect("a line").expect("text"), "white: e2e3");
    assert_eq!(
        lines.next().expect("a line").expect("text"),
        "black to move"
    );
    // Give it the moment to go back to reading its input.
    std::thread::sleep(Duration::from_millis(300));
    interrupt(child.id());
    let status = child.wait().expect("ends");
    assert_eq!(status.code(), Some(130), "{status:?}");
}

/// A two-part move's error quotes the whole move and names the part at fault (the fresh
/// tester: `e7e5,e5d5` was refused as ``illegal move `e7e5` ``, blaming a legal move); the
/// forms Fairy-Stockfish does not read — the wall's square alone, a joust move without its
/// wall — are refused with the full form to write.
#[test]
fn two_part_move_errors_quote_the_whole_move_and_the_bad_part() {
    let cases = [
        (
            "duck",
            "e2e4,e4e4",
            "illegal move `e2e4,e4e4`: `e2e4` is legal, but its wall part `e4e4`",
        ),
        (
            "duck",
            "e2e4,e5d5",
            "illegal move `e2e4,e5d5`: the wall part `e5d5`, after the comma, must start from \
             the move's target square, e4",
        ),
        (
            "duck",
            "z2e4,e4d5",
            "`z2e4,e4d5` (its move part `z2e4`) is not a move",
        ),
        (
            "duck",
            "e2e4,e9d5",
            "`e2e4,e9d5` is not a move: its wall part `e9d5`, after the comma, is not a wall",
        ),
        (
            "duck",
            "e2e4,d5",
            "`e2e4,d5` is not a move: its wall part `d5` names only the wall's square",
        ),
        (
            "joust",
            "d4c2",
            "`d4c2` puts a wall as its second part: add a comma, the target square and the \
             wall's square, e.g. `d4c2,c2d4`",
        ),
        (
            "chess",
            "e2e4,e4d5",
            "`e2e4,e4d5` is not a move: chess has no two-part moves",
        ),
    ];
    for (variant, mv, want) in cases {
        let (code, out, err) = run(&["repl", variant], &format!("{mv}\nfen\n"));
        assert_eq!(code, 0, "{err}");
        assert!(
            out.contains(&format!("error: {want}")),
            "{variant} {mv}: {out}"
        );
        // Refused: the position is the start, white still to move.
        assert!(out.contains(" w "), "{variant} {mv}: {out}");
    }
}

/// A drop written in lower case while white is to move is refused, not played as white's (the
/// fresh tester's item 10: `k@a1` was taken as `K@a1`); the upper-case drop plays.
#[test]
fn a_lower_case_drop_is_not_taken_as_the_first_seats() {
    let script = "position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1\n\
                  n@e4\nfen\nN@e4\nfen\n";
    let (code, out, err) = run(&["repl", "crazyhouse"], script);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "error: illegal drop `n@e4`: a lower-case letter is black's piece, and white is to move: \
             write `N@e4`"
        ),
        "{out}"
    );
    let fens: Vec<&str> = out.lines().filter(|l| l.contains("/8/")).collect();
    assert!(fens.iter().any(|l| l.contains("[Nn] w")), "{out}");
    assert!(
        fens.iter()
            .any(|l| l.contains("4N3") && l.contains("[n] b")),
        "{out}"
    );
}
