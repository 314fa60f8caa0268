//! `ashtapada uci` driven through pipes as a GUI drives it: the handshake, options, positions,
//! every kind of `go`, `stop` during `go infinite`, `go perft` against Fairy-Stockfish's
//! numbers, and recovery from bad input.
//!
//! Reference perft numbers are Fairy-Stockfish 11.1's `go perft 4` (Debian's `fairy-stockfish`
//! package, `setoption name UCI_Variant value shatranj`), run on the positions below;
//! `uci_clients.rs` compares the two programs move by move when Fairy-Stockfish is installed.

use crate::driver::{PATIENCE, Program};
use std::time::{Duration, Instant};

/// The ` var NAME` list `UCI_Variant` offers: the two-seat classics, then every variant of
/// Fairy-Stockfish's catalogue in the catalogue's order (`spec::CATALOGUE`). The one list of
/// the classics' order (`engine::catalogue`'s unit test checks only its shape).
fn uci_variants() -> String {
    const CLASSICS: [&str; 14] = [
        "chess",
        "shatranj",
        "chaturanga",
        "makruk",
        "xiangqi",
        "capablanca",
        "shogi",
        "minishogi",
        "torishogi",
        "crazyhouse",
        "kyotoshogi",
        "sittuyin",
        "cambodian",
        "janggi",
    ];
    let catalogue = ashtapada::spec::CATALOGUE.iter().map(|(n, _)| *n);
    CLASSICS
        .into_iter()
        .chain(catalogue)
        .map(|n| format!(" var {n}"))
        .collect()
}

/// Shatranj's start.
const START: &str = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";
/// A shatranj middlegame: a white pawn on b7 promotes three ways, captures in the centre.
const MIDDLE: &str = "r1bk1b1r/pPp2ppp/2n1qn2/3pp3/3PP3/2N1QN2/P1P2PPP/R1BK1B1R w - - 0 9";

/// `ashtapada uci`, its output lines as they arrive.
struct Uci;

impl Uci {
    fn start() -> Program {
        Program::ashtapada(&["uci"])
    }
}

/// The move of a `bestmove` line.
fn best(lines: &[String]) -> String {
    let l = lines.last().unwrap();
    let mut w = l.split_whitespace();
    assert_eq!(w.next(), Some("bestmove"), "{l}");
    w.next().unwrap().to_string()
}

/// The `info depth` lines' depths, checking each line's fields on the way.
fn depths(lines: &[String]) -> Vec<u32> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            for key in ["seldepth", "score", "nodes", "nps", "time", "pv"] {
                assert!(w.contains(&key), "`{key}` missing: {l}");
            }
            let score = w.iter().position(|x| *x == "score").unwrap();
            assert!(matches!(w[score + 1], "cp" | "mate"), "{l}");
            w[2].parse().unwrap()
        })
        .collect()
}

#[test]
fn the_handshake_lists_the_variants_and_options() {
    let mut e = Uci::start();
    e.send("uci");
    let lines = e.lines_until("uciok");
    assert!(lines[0].starts_with("id name ashtapada"), "{lines:#?}");
    let has = |s: &str| lines.iter().any(|l| l == s);
    assert!(has(&format!(
        "option name UCI_Variant type combo default chess{}",
        uci_variants()
    )));
    assert!(has("option name VariantPath type string default <empty>"));
    assert!(has(
        "option name Level type combo default hard var easy var medium var hard"
    ));
    assert!(has("option name Hash type spin default 2 min 1 max 4096"));
    assert!(e.sync().is_empty());
    // After a change of variant, `uci` names it as the value in use.
    e.send("setoption name UCI_Variant value chaturanga");
    e.send("uci");
    let lines = e.lines_until("uciok");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("combo default chaturanga var chess var shatranj"))
    );
    e.quit();
}

#[test]
fn go_depth_nodes_and_movetime() {
    let mut e = Uci::start();
    e.send("setoption name UCI_Variant value shatranj");
    e.send("position startpos moves e2e3 e7e6");
    e.send("go depth 3");
    let lines = e.lines_until("bestmove");
    assert_eq!(depths(&lines), [1, 2, 3], "{lines:#?}");
    // Shatranj's white moves after e2e3 e7e6: none starts on the black ranks.
    let m = best(&lines);
    assert!(m.as_bytes()[1] <= b'3', "{m}");

    e.send("go nodes 3000");
    let lines = e.lines_until("bestmove");
    let total = lines.iter().find(|l| l.starts_with("info nodes")).unwrap();
    let n: u64 = total.split_whitespace().nth(2).unwrap().parse().unwrap();
    // At most the budget: a node past it is never searched.
    assert!((1000..=3000).contains(&n), "{total}");

    e.send(&format!("position fen {MIDDLE}"));
    let t = Instant::now();
    e.send("go movetime 400");
    let lines = e.lines_until("bestmove");
    let took = t.elapsed();
    assert!(took >= Duration::from_millis(300), "{took:?}");
    assert!(took < Duration::from_millis(3000), "{took:?}");
    assert!(!depths(&lines).is_empty());
    e.quit();
}

#[test]
fn go_infinite_waits_for_stop_and_stop_answers_at_once() {
    let mut e = Uci::start();
    e.send("position startpos");
    e.send("go infinite");
    // Searching: `isready` is still answered, no `bestmove` comes.
    std::thread::sleep(Duration::from_millis(500));
    let before = e.sync();
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "{before:#?}"
    );
    // Nothing but `stop` and `isready` is taken while searching.
    e.send("go depth 1");
    let l = e.lines_until("info string");
    let l = l.last().unwrap();
    assert!(
        l.starts_with("info string error: a search is running"),
        "{l}"
    );
    let t = Instant::now();
    e.send("stop");
    let lines = e.lines_until("bestmove");
    assert!(
        t.elapsed() < Duration::from_millis(300),
        "{:?}",
        t.elapsed()
    );
    assert!(!best(&lines).is_empty());
    // A search that ends by itself (a mate in one found) still waits for `stop`.
    e.send("position fen 3k4/p7/3K4/8/8/8/8/7R w - - 0 1");
    e.send("go infinite");
    assert_eq!(
        e.next_within(Duration::from_millis(300))
            .map(|l| l.contains("mate 1")),
        Some(true)
    );
    let mut early = Vec::new();
    while let Some(l) = e.next_within(Duration::from_millis(300)) {
        early.push(l);
    }
    assert!(
        early.iter().all(|l| !l.starts_with("bestmove")),
        "{early:#?}"
    );
    e.send("stop");
    assert_eq!(best(&e.lines_until("bestmove")), "h1h8");
    // `quit` during a search ends the engine at once.
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.quit();
}

/// `go perft` prints as Fairy-Stockfish does; the numbers are Fairy-Stockfish's.
#[test]
fn go_perft_matches_fairy_stockfish() {
    let mut e = Uci::start();
    e.send("setoption name UCI_Variant value shatranj");
    for (fen, depth, nodes, some_line) in [
        (START, 4, 68_122, "c1e3: 4437"),
        (MIDDLE, 4, 568_543, "b7c8q: 19122"),
        (MIDDLE, 1, 29, "b7a8q: 1"),
    ] {
        e.send(&format!("position fen {fen}"));
        e.send(&format!("go perft {depth}"));
        let lines = e.lines_until("Nodes searched");
        assert_eq!(lines.last().unwrap(), &format!("Nodes searched: {nodes}"));
        assert!(
            lines.iter().any(|l| l == some_line),
            "{some_line}: {lines:#?}"
        );
        // One line per root move, a blank line, the total, a blank line.
        let n = lines.len();
        assert_eq!(lines[n - 2], "");
        assert_eq!(e.next_within(PATIENCE).as_deref(), Some(""));
        let sum: u64 = lines[..n - 2]
            .iter()
            .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
            .sum();
        assert_eq!(sum, nodes);
    }
    e.quit();
}

/// Janggi's pass is written and read as Fairy-Stockfish writes it, the general's square twice:
/// in `position … moves`, in `go perft`'s lines (Fairy-Stockfish 11.1: `e2e2: 1` among the 32
/// root moves, 992 after a first pass: the second pass ends the game) and as `bestmove`
/// (under bikjang and in check, the pass is the only legal action).
#[test]
fn janggi_passes_as_fairy_stockfish_writes_them() {
    let mut e = Uci::start();
    e.send("setoption name UCI_Variant value janggi");
    e.send("position startpos");
    e.send("go perft 1");
    let lines = e.lines_until("Nodes searched");
    assert!(lines.iter().any(|l| l == "e2e2: 1"), "{lines:#?}");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 32");
    e.send("position startpos moves e2e2");
    e.send("go perft 2");
    let lines = e.lines_until("Nodes searched");
    assert!(lines.iter().any(|l| l == "e9e9: 0"), "{lines:#?}");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 992");
    e.send("position fen 3k5/9/9/9/9/9/9/9/9/3K1r3 w - - 0 1");
    e.send("go depth 2");
    assert_eq!(best(&e.lines_until("bestmove")), "d1d1");
    // The null move is named as such, not "not a move".
    e.send("position startpos moves 0000");
    e.send("isready");
    let got = e.lines_until("readyok");
    assert!(
        got.iter()
            .any(|l| l.contains("`0000` is not legal: it is the null move")),
        "{got:#?}"
    );
    // A refused pass reads as every refused move does (flipello passes only when stuck).
    e.send("setoption name UCI_Variant value flipello");
    e.send("position startpos moves d4d4");
    e.send("isready");
    let got = e.lines_until("readyok");
    assert!(
        got.iter()
            .any(|l| l.contains("move 1 `d4d4` is not legal: ")
                && l.ends_with("; the position is unchanged")),
        "{got:#?}"
    );
    e.quit();
}

/// Issue 28, item 6: `go perft N` runs on its own thread like a search: `isready` is
/// answered during the count, `stop` ends it at once (the root moves counted so far stay
/// printed, an `info string` says it stopped), `quit` and the end of the input too; a depth
/// over 12 is refused with the limit.
#[test]
fn go_perft_runs_like_a_search_and_stops() {
    let mut e = Uci::start();
    e.send("position startpos");
    // Chess perft(9) from the start: 2.4 trillion leaves, days of counting.
    e.send("go perft 9");
    e.send("isready");
    let lines = e.lines_until("readyok");
    assert!(
        lines.iter().all(|l| !l.starts_with("Nodes searched")),
        "{lines:#?}"
    );
    e.send("stop");
    let lines = e.lines_until("info string go perft 9 stopped");
    assert!(
        lines.last().unwrap().ends_with("of 20 root moves counted"),
        "{lines:#?}"
    );
    // The engine is free again: a short count runs to its total.
    e.send("go perft 2");
    assert_eq!(
        e.lines_until("Nodes searched").last().unwrap(),
        "Nodes searched: 400"
    );
    e.send("go perft 13");
    let got = e.sync();
    assert!(
        got.iter()
            .any(|l| l.contains("`go perft 13` is too deep: at most 12")),
        "{got:#?}"
    );
    // `quit` during a count ends the engine at once.
    e.send("go perft 9");
    e.quit();
    // So does the end of the input.
    let mut e = Uci::start();
    e.send("position startpos");
    e.send("go perft 9");
    e.sync();
    e.close_input();
}

/// Commands other than `stop`, `isready` and `quit` sent during a `go perft` count wait
/// until it ends and are then played, as Stockfish plays them (they were refused as "a search
/// is running"). Chess perft(3) from the start is 8,902 and perft(1) after 1.e4 is 20.
#[test]
fn commands_sent_during_a_count_wait_for_it() {
    let mut e = Uci::start();
    e.send("position startpos");
    e.send("go perft 3");
    e.send("position startpos moves e2e4");
    e.send("go perft 1");
    let first = e.lines_until("Nodes searched");
    assert_eq!(first.last().unwrap(), "Nodes searched: 8902");
    let second = e.lines_until("Nodes searched");
    assert_eq!(second.last().unwrap(), "Nodes searched: 20");
    assert!(
        first.iter().chain(&second).all(|l| !l.contains("error")),
        "{first:#?} {second:#?}"
    );
    e.quit();
}

/// `go` in a finished game: "score mate 0" for a mate (Stockfish's line), "cp 0" for a
/// stalemate, `bestmove (none)`; a move played after the end is refused naming the end, and a
/// `go` after a refused `position` says the position was refused.
#[test]
fn a_finished_game_is_named_as_finished() {
    let mut e = Uci::start();
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    e.send("go depth 3");
    let lines = e.lines_until("bestmove");
    assert_eq!(
        lines[lines.len() - 2..],
        ["info depth 0 score mate 0", "bestmove (none)"]
    );
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 3");
    let lines = e.lines_until("bestmove");
    assert_eq!(
        lines[lines.len() - 2..],
        ["info depth 0 score cp 0", "bestmove (none)"]
    );
    e.quit();
    let mut e = Uci::start();
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4 a2a3");
    e.send("go depth 1");
    let got = e.sync();
    assert!(
        got.iter().any(|l| l.contains("`a2a3` is not legal")
            && l.contains("the game is over: black wins (checkmate)")),
        "{got:#?}"
    );
    assert!(
        got.iter()
            .any(|l| l.contains("`go` after a refused `position`")),
        "{got:#?}"
    );
    e.quit();
}

/// Issue 28, item 13: numbers too large for `go` are "out of range", not "not a whole
/// number".
#[test]
fn go_numbers_out_of_range_say_so() {
    let mut e = Uci::start();
    e.send("position startpos");
    for w in ["nodes", "movetime", "wtime"] {
        e.send(&format!("go {w} 18446744073709551615"));
        let got = e.sync();
        assert_eq!(got.len(), 1, "{got:#?}");
        assert!(got[0].contains("is out of range"), "{}", got[0]);
    }
    e.quit();
}

#[test]
fn bad_input_gets_an_error_and_changes_nothing() {
    let mut e = Uci::start();
    // Shatranj: the pawn has no double step, so `e7e5` below is illegal.
    e.send("setoption name UCI_Variant value shatranj");
    e.send("position startpos moves e2e3");
    for (bad, says) in [
        ("frobnicate", "unknown command `frobnicate`"),
        (
            "setoption name UCI_Variant value tamerlane",
            "unknown variant `tamerlane`",
        ),
        (
            "setoption name Hash value lots",
            "`lots` is not a whole number from 1 to 4096",
        ),
        (
            "setoption name Level value grandmaster",
            "not one of easy, medium, hard",
        ),
        (
            "setoption name Contempt value 10",
            "unknown option `Contempt`",
        ),
        (
            "setoption name VariantPath value chaturaji",
            "4 seats and dice",
        ),
        (
            "setoption name VariantPath value /no/such.yaml",
            "VariantPath `/no/such.yaml`",
        ),
        ("go depth zero", "not a whole number"),
        ("go perft 99", "too deep"),
        ("go searchmoves a1a8", "searchmoves `a1a8` is not legal"),
        (
            "position fen rnbkqbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBKQBNR b - - 0 1",
            "bad FEN",
        ),
        ("position fen 8/8", "bad FEN"),
        (
            "position startpos moves e2e3 e7e5",
            "move 2 `e7e5` is not legal",
        ),
        (
            "position startpos moves e2e3 zz",
            "move 2 `zz` is not legal",
        ),
        ("position", "write `position startpos"),
        ("\u{fffd}\u{1b}[2J", "unknown command"),
    ] {
        e.send(bad);
        let got = e.sync();
        assert_eq!(got.len(), 1, "{bad}: {got:#?}");
        assert!(
            got[0].starts_with("info string error: "),
            "{bad}: {}",
            got[0]
        );
        assert!(got[0].contains(says), "{bad}: {}", got[0]);
        // Control characters are shown escaped, never sent raw to a terminal.
        assert!(!got[0].contains('\u{1b}'), "{bad}: {}", got[0]);
    }
    // A long line is quoted cut, not echoed whole.
    let long = format!("position startpos moves e2e3 {}", "a".repeat(100_000));
    e.send(&long);
    let got = e.sync();
    assert_eq!(got.len(), 1, "{got:#?}");
    assert!(got[0].len() < 1000, "{} bytes", got[0].len());
    // A line over the bound (1 MiB) is skipped unread and refused, naming its length.
    let huge = format!("position startpos moves {}", "a2a3 ".repeat(300_000));
    e.send(&huge);
    let got = e.sync();
    assert_eq!(got.len(), 1, "{got:#?}");
    assert!(got[0].starts_with("info string error: line "), "{}", got[0]);
    assert!(
        got[0].contains("is too long (1500024 bytes; at most 1 MiB)"),
        "{}",
        got[0]
    );
    // After a refused `position`, `go` is refused: searching the position before it would
    // answer for the wrong seat.
    e.send("go depth 2");
    let got = e.sync();
    assert_eq!(got.len(), 1, "{got:#?}");
    assert!(
        got[0].contains("`go` after a refused `position`"),
        "{}",
        got[0]
    );
    // Still shatranj: after e2e3, black moves.
    e.send("position startpos moves e2e3");
    e.send("go depth 2");
    let lines = e.lines_until("bestmove");
    let m = best(&lines);
    assert!(m.as_bytes()[1] >= b'6', "a black move: {m}");
    e.quit();
}

/// The fresh tester: a `position` that does not even read (a byte-order mark before
/// `startpos`) refuses `go` as a position with an illegal move does, rather than leaving the
/// position before it to be searched for the wrong seat.
#[test]
fn go_after_a_position_that_does_not_read_is_refused() {
    let mut e = Uci::start();
    e.send("position startpos moves e2e4");
    e.send("position \u{feff}startpos moves e7e5");
    let got = e.sync();
    assert_eq!(got.len(), 1, "{got:#?}");
    assert!(got[0].contains("write `position startpos"), "{}", got[0]);
    e.send("go depth 1");
    let got = e.sync();
    assert_eq!(got.len(), 1, "{got:#?}");
    assert!(
        got[0].contains("`go` after a refused `position`"),
        "{}",
        got[0]
    );
    e.quit();
}

#[test]
fn go_before_a_position_is_refused() {
    let mut e = Uci::start();
    e.send("go depth 1");
    let got = e.sync();
    assert_eq!(got.len(), 1, "{got:#?}");
    assert!(
        got[0].starts_with("info string error: `go` before `position`"),
        "{}",
        got[0]
    );
    // A change of variant drops the position: it belongs to the old variant.
    e.send("position startpos");
    e.send("setoption name UCI_Variant value chaturanga");
    e.send("go depth 1");
    assert!(e.sync()[0].contains("`go` before `position`"));
    e.quit();
}

/// A drop written in lower case while white is to move names black's piece: refused as the
/// REPL refuses it (the same reader, `notation::parse_move`), with the drop white writes, and
/// the position unchanged; black's lower-case drop plays (the tester found `n@f1` played as
/// white's knight).
#[test]
fn a_lower_case_drop_is_refused_for_white() {
    let mut e = Uci::start();
    e.send("setoption name UCI_Variant value crazyhouse");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPP1PP/RNBQKB1R[Nn] w KQkq - 0 1";
    e.send(&format!("position fen {fen} moves n@f3"));
    let got = e.sync();
    assert_eq!(
        got,
        [
            "info string error: move 1 `n@f3` is not legal: illegal drop `n@f3`: a lower-case \
          letter is black's piece, and white is to move: write `N@f3`; the position is \
          unchanged"
        ],
        "{got:#?}"
    );
    // White's upper-case drop, then black's lower-case one: both play, and both hands are
    // empty after them (no drop among white's moves).
    e.send(&format!("position fen {fen} moves N@f3 n@f6"));
    assert!(e.sync().is_empty());
    let (moves, _) = e.perft(1);
    assert!(
        !moves.is_empty() && moves.iter().all(|(m, _)| !m.contains('@')),
        "{moves:?}"
    );
    e.quit();
}

#[test]
fn a_rule_file_from_variant_path_becomes_selectable() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("short-shatranj.yaml");
    std::fs::write(
        &path,
        "extends: shatranj\nname: short-shatranj\noptions:\n  move-rule: { default: 20 }\n",
    )
    .unwrap();
    let mut e = Uci::start();
    e.send(&format!(
        "setoption name VariantPath value {}",
        path.display()
    ));
    // Issue 28, item 22: `UCI_Variant`'s choices are re-advertised with the new variant.
    assert_eq!(
        e.sync(),
        [
            "info string variant `short-shatranj` loaded: set UCI_Variant to play it",
            &format!(
                "option name UCI_Variant type combo default chess{} var short-shatranj",
                uci_variants()
            )
        ]
    );
    // A file with several problems: one protocol line, the first problem and the count.
    let broken = dir.path().join("broken.yaml");
    std::fs::write(
        &broken,
        "extends: shatranj\nname: broken\nboard: { files: 0 }\nbogus: 1\n",
    )
    .unwrap();
    e.send(&format!(
        "setoption name VariantPath value {}",
        broken.display()
    ));
    let got = e.sync();
    assert_eq!(got.len(), 1, "{got:#?}");
    assert!(
        got[0].starts_with("info string error: VariantPath `"),
        "{}",
        got[0]
    );
    assert!(
        got[0].contains("more: `ashtapada check` lists them)"),
        "{}",
        got[0]
    );
    e.send("setoption name UCI_Variant value short-shatranj");
    e.send("position startpos");
    e.send("go perft 2");
    assert_eq!(
        e.lines_until("Nodes searched").last().unwrap(),
        "Nodes searched: 256"
    );
    e.send("uci");
    let lines = e.lines_until("uciok");
    assert!(
        lines.iter().any(|l| l.contains(&format!(
            "default short-shatranj{} var short-shatranj",
            uci_variants()
        ))),
        "{lines:#?}"
    );
    e.quit();
}

#[test]
fn the_clock_is_kept_and_a_finished_game_has_no_move() {
    let mut e = Uci::start();
    e.send("position startpos");
    // Little time left: the engine's own account of its search (the last `info … time T`)
    // stays within the clock. (Not the wall time seen here: on a loaded machine the pipe and
    // the scheduler add to it, and no test may depend on the machine's speed.)
    e.send("go wtime 300 btime 300 winc 0 binc 0");
    let lines = e.lines_until("bestmove");
    let time = (lines.iter().rev())
        .find_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let i = w.iter().position(|x| *x == "time")?;
            w.get(i + 1)?.parse::<u64>().ok()
        })
        .expect("an info line with the search time");
    assert!(
        time < 300,
        "searched {time} ms of a 300 ms clock: {lines:#?}"
    );
    // Black is mated: no move.
    e.send("position fen 3k3R/p7/3K4/8/8/8/8/8 b - - 0 1");
    e.send("go depth 3");
    assert_eq!(e.lines_until("bestmove").last().unwrap(), "bestmove (none)");
    e.quit();
}

/// The GUI is the referee: cutechess-cli's makruk has no repetition draw, so after the start
/// position's third occurrence (a draw by makruk.yaml's repetition rule) it sends more moves,
/// and they are played and searched on.
#[test]
fn moves_past_a_repetition_draw_are_played_on() {
    let mut e = Uci::start();
    e.send("setoption name UCI_Variant value makruk");
    let shuffle = "b1d2 b8d7 d2b1 d7b8 b1d2 b8d7 d2b1 d7b8";
    e.send(&format!("position startpos moves {shuffle} g1e2"));
    e.send("go depth 2");
    let lines = e.lines_until("bestmove");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:#?}");
    // Black to move after g1e2: a black move starts on black's half.
    let m = best(&lines);
    assert!(m.as_bytes()[1] >= b'5', "{m}");
    // At the repetition itself, too, the engine has a move.
    e.send(&format!("position startpos moves {shuffle}"));
    e.send("go depth 2");
    let lines = e.lines_until("bestmove");
    assert_ne!(best(&lines), "(none)", "{lines:#?}");
    e.quit();
}

/// The score of the last `info depth` line, as (`cp` or `mate`, value).
fn last_score(lines: &[String]) -> (String, i64) {
    let l = (lines.iter().rev())
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    let w: Vec<&str> = l.split_whitespace().collect();
    let i = w.iter().position(|x| *x == "score").unwrap();
    (w[i + 1].to_string(), w[i + 2].parse().unwrap())
}

/// Makruk's counting in UCI, as Fairy-Stockfish plays it: from FSF's counting FEN (a ruea
/// against the bare khun, the limit 32 plies) at 32 counted, every move passes the limit and
/// draws (`go depth 1`: `cp 0`); at 31 none does (a winning score). Fairy-Stockfish (11.1 and
/// the current source) answers `cp 0` and `cp 5340` for the same two positions. Past a
/// counting draw the GUI is the referee (cutechess-cli's makruk does not count): the moves it
/// sends are played and searched on.
#[test]
fn makruk_counting_draws_in_search_and_is_played_on_past() {
    let mut e = Uci::start();
    e.send("setoption name UCI_Variant value makruk");
    e.send("position fen 8/8/8/4k3/8/8/8/R3K3 w - 32 32 20");
    e.send("go depth 1");
    assert_eq!(
        last_score(&e.lines_until("bestmove")),
        ("cp".to_string(), 0)
    );
    e.send("position fen 8/8/8/4k3/8/8/8/R3K3 w - 32 31 20");
    e.send("go depth 1");
    let (kind, value) = last_score(&e.lines_until("bestmove"));
    assert!(kind == "cp" && value > 300, "{kind} {value}");
    e.send("position fen 8/8/8/4k3/8/8/8/R3K3 w - 32 32 20 moves e1d2 e5e4");
    e.send("go depth 2");
    let lines = e.lines_until("bestmove");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:#?}");
    assert_ne!(best(&lines), "(none)", "{lines:#?}");
    e.quit();
}

/// `MultiPV` at least the number of legal moves reports every root move once, the last one
/// (searched alone) included, and the final `info nodes` counts every line's nodes (found by
/// the fresh-clone tester: 19 lines of chess's 20 from the start, and a count of 0).
#[test]
fn multipv_reports_every_root_move_and_the_total_nodes() {
    let mut e = Uci::start();
    e.send("setoption name UCI_Variant value chess");
    e.send("setoption name MultiPV value 25");
    e.send("position startpos");
    e.send("go depth 2");
    let lines = e.lines_until("bestmove");
    let mut seen = std::collections::BTreeSet::new();
    let mut line_nodes = Vec::new();
    for l in &lines {
        let w: Vec<&str> = l.split_whitespace().collect();
        let at = |key: &str| w.iter().position(|&x| x == key).map(|i| w[i + 1]);
        if let (Some(k), Some(pv)) = (at("multipv"), at("pv")) {
            let k: usize = k.parse().unwrap();
            if k > 1 {
                line_nodes.push(at("nodes").unwrap().parse::<u64>().unwrap());
            }
            seen.insert((k, pv.to_string()));
        }
    }
    let ks: std::collections::BTreeSet<usize> = seen.iter().map(|(k, _)| *k).collect();
    assert_eq!(ks, (1..=20).collect(), "{lines:#?}");
    let moves: std::collections::BTreeSet<&str> = seen
        .iter()
        .filter(|(k, _)| *k > 1)
        .map(|(_, m)| m.as_str())
        .collect();
    assert_eq!(moves.len(), 19, "{lines:#?}");
    let total: u64 = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info nodes "))
        .and_then(|l| l.split_whitespace().nth(2))
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        total >= line_nodes.iter().sum::<u64>(),
        "{total}: {lines:#?}"
    );
    e.quit();
}

/// A variant of Fairy-Stockfish's catalogue that is not yet playable here is named as such,
/// pointing to docs/catalogue.md, not as a bare unknown name (the fresh tester).
#[test]
fn a_not_yet_playable_variant_says_so() {
    let name = ashtapada::spec::NOT_YET
        .iter()
        .find(|n| ashtapada::spec::builtin(n).is_none());
    let Some(name) = name else {
        return;
    };
    let mut e = Uci::start();
    e.send(&format!("setoption name UCI_Variant value {name}"));
    let (_, err) = e.until("info string error");
    assert!(
        err.contains("in Fairy-Stockfish's catalogue but not yet playable here")
            && err.contains("docs/catalogue.md"),
        "{err}"
    );
    e.quit();
    let (code, _, err) = crate::driver::run(&["perft", name, "1"], "");
    assert_ne!(code, 0);
    assert!(err.contains("not yet playable here"), "{err}");
}
