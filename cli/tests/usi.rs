//! `ashtapada usi` driven as a shogi GUI drives it (the handshake, options, SFEN positions,
//! `go` with byoyomi, `stop`, `gameover`, bad input), and against Fairy-Stockfish's USI mode
//! on the same positions: both list the same legal moves in USI notation (`go perft 1`),
//! agree on deeper counts, and each engine's `bestmove` is legal in the other's list.

use crate::driver::Program;
use crate::uci_clients::fairy_stockfish_current;
use std::time::Duration;

/// A USI engine after the handshake, with `variant` chosen.
fn usi(program: &mut Program, variant: &str) {
    program.send(&format!(
        "usi\nsetoption name USI_Variant value {variant}\nisready"
    ));
    program.until("readyok");
}

/// A USI GUI's session: handshake, options, positions, every kind of `go`, bad input.
#[test]
fn a_usi_gui_session_is_answered() {
    let mut e = Program::ashtapada(&["usi"]);
    e.send("usi");
    let (options, _) = e.until("usiok");
    assert!(options[0].starts_with("id name ashtapada"), "{options:?}");
    let variant = options
        .iter()
        .find(|l| l.starts_with("option name USI_Variant type combo default shogi"))
        .unwrap_or_else(|| panic!("{options:?}"));
    for v in ["minishogi", "kyotoshogi", "torishogi", "euroshogi"] {
        assert!(variant.contains(&format!(" var {v}")), "{variant}");
    }
    assert!(!variant.split(' ').any(|w| w == "chess"), "{variant}");
    assert!(
        options
            .iter()
            .any(|l| l.starts_with("option name USI_Hash"))
    );
    e.send("setoption name USI_Hash value 8\nsetoption name Move_Overhead value 10\nisready");
    let (before, _) = e.until("readyok");
    assert!(before.is_empty(), "{before:?}");
    e.send("usinewgame\nposition startpos\ngo perft 1");
    // Shogi's start: 30 moves (tests/reference/family.perft).
    let (lines, total) = e.until("Nodes searched");
    assert_eq!(total, "Nodes searched: 30");
    assert!(lines.iter().any(|l| l == "7g7f: 1"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "1i1h: 1"), "{lines:?}");
    // A pawn in hand: sente's king on 5i has 5 moves, the pawn drops on the 71 empty
    // squares of ranks b to i (not on rank a, where it could never move).
    e.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1\ngo perft 1");
    let (lines, total) = e.until("Nodes searched");
    assert_eq!(total, "Nodes searched: 76");
    assert!(lines.iter().any(|l| l == "P*5e: 1"), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("P*1a")), "{lines:?}");
    // Moves in USI notation, a promotion, byoyomi.
    e.send("position startpos moves 7g7f 3c3d 8h2b+ 3a2b\ngo btime 0 wtime 0 byoyomi 200");
    let (_, best) = e.until("bestmove");
    assert!(best.len() > "bestmove ".len(), "{best}");
    e.send("position startpos moves 7g7f 3c3d\ngo depth 2");
    let (info, best) = e.until("bestmove");
    assert!(info.iter().any(|l| l.starts_with("info depth")), "{info:?}");
    assert!(best.split(' ').count() >= 2, "{best}");
    // `go infinite` waits for `stop`; `gameover` also ends a search.
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("stop");
    e.until("bestmove");
    e.send("go infinite\ngameover win\nisready");
    e.until("bestmove");
    e.until("readyok");
    // Tsume search is not offered.
    e.send("go mate 1000");
    assert_eq!(e.until("checkmate").1, "checkmate notimplemented");
    // Bad input changes nothing.
    e.send("position startpos moves 7g7e");
    let (_, err) = e.until("info string error");
    assert!(err.contains("`7g7e`"), "{err}");
    e.send("position sfen 9/9 x -");
    assert!(e.until("info string error").1.contains("SFEN"));
    // A bad board or hand is a bad SFEN, located in the SFEN as written (it was "bad FEN at
    // character …" of the FEN it is read as).
    e.send("position sfen 4k4/9/9/9/9/9/9/9/4X4 b - 1");
    let (_, err) = e.until("info string error");
    assert!(
        err.starts_with("info string error: bad SFEN for shogi, the board at character 20: "),
        "{err}"
    );
    e.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b 2X 1");
    let (_, err) = e.until("info string error");
    assert!(
        err.starts_with("info string error: bad SFEN for shogi, the hand `2X` at character 25: "),
        "{err}"
    );
    assert!(!err.contains("bad FEN"), "{err}");
    e.send("setoption name USI_Variant value chess");
    assert!(e.until("info string error").1.contains("unknown variant"));
    e.send("ucinewgame");
    assert!(e.until("info string error").1.contains("unknown command"));
    // Minishogi: files 5 to 1, ranks a to e.
    e.send("setoption name USI_Variant value minishogi\nposition startpos\ngo perft 1");
    let (lines, total) = e.until("Nodes searched");
    assert_eq!(total, "Nodes searched: 14");
    assert!(lines.iter().any(|l| l == "5d5c: 1"), "{lines:?}");
}

/// Issue 25: an illegal move is refused in USI's notation — the move as the GUI wrote it, the
/// squares it names and the legal alternatives (`7g7f`, `P*5e`), never ashtapada's
/// coordinates (`c3c4`, `P@e5`) — and a `go` with a node budget below 1 is refused with an
/// `info string error` line, the session going on.
#[test]
fn usi_errors_speak_usi() {
    let mut e = Program::ashtapada(&["usi"]);
    usi(&mut e, "shogi");
    // `go` before a position names USI's command (the fresh tester: it said `position fen`).
    e.send("go nodes 10");
    let (_, err) = e.until("info string error");
    assert!(
        err.contains("send `position startpos` or `position sfen …` first"),
        "{err}"
    );
    // A `position` that does not read refuses the next `go` too.
    e.send("position startpos");
    e.send("position sfen");
    let (_, err) = e.until("info string error");
    assert!(err.contains("write `position startpos"), "{err}");
    e.send("go nodes 10");
    let (_, err) = e.until("info string error");
    assert!(err.contains("`go` after a refused `position`"), "{err}");
    e.send("gameover");
    let (_, err) = e.until("info string error");
    assert!(
        err.ends_with("`gameover` needs one of win, lose, draw"),
        "{err}"
    );
    // Sente's pawn on 7g steps only to 7f (ashtapada's c3c4).
    e.send("position startpos moves 7g7e");
    let (_, err) = e.until("info string error");
    assert!(err.contains("legal from that square: 7g7f"), "{err}");
    assert!(!err.contains("c3"), "{err}");
    // No piece on 5e (ashtapada's e5).
    e.send("position startpos moves 5e5d");
    let (_, err) = e.until("info string error");
    assert!(err.contains("there is no piece on 5e"), "{err}");
    // A pawn may not be dropped on the last rank; the legal drops are listed as USI drops.
    e.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1 moves P*1a");
    let (_, err) = e.until("info string error");
    assert!(err.contains("illegal drop `P*1a`"), "{err}");
    // Sente's drops from its edge up (the line is cut short after a few hundred characters).
    assert!(
        err.contains("legal drops of that piece: P*9i P*8i P*7i"),
        "{err}"
    );
    assert!(!err.contains('@'), "{err}");
    // A drop from an empty hand is named as the GUI wrote it (found by the fresh tester: it
    // was `P@e5`).
    e.send("position startpos moves P*5e");
    let (_, err) = e.until("info string error");
    assert!(
        err.contains("illegal drop `P*5e`: sente has no pawn in hand"),
        "{err}"
    );
    assert!(!err.contains('@'), "{err}");
    // A drop onto no square of the board is named as written, with no `@` in it.
    e.send("position startpos moves 7g7f 3c3d P*5z");
    let (_, err) = e.until("info string error");
    assert!(
        err.contains("move 3 `P*5z` is not legal: `5z` is not a square"),
        "{err}"
    );
    assert!(!err.contains('@'), "{err}");
    // A two-part move where the variant has none is named whole, not garbled (it gave
    // ``ee55` is not a wall`); an `x` on a move that takes nothing names no UCI squares.
    e.send("position startpos moves 7g7f,7f7e");
    let (_, err) = e.until("info string error");
    assert!(
        err.contains("`7g7f,7f7e` is not a move: shogi has no two-part moves"),
        "{err}"
    );
    e.send("position startpos moves 7g7fx");
    let (_, err) = e.until("info string error");
    assert!(
        err.contains("`7g7fx` is marked `x`, a capture, but it takes nothing"),
        "{err}"
    );
    assert!(!err.contains("c3c4"), "{err}");
    // The syntax hints give USI's notation, not UCI's.
    for (text, hint) in [
        ("7g", "e.g. `7g7f`, and `+` to promote, e.g. `8h2b+`"),
        (
            "P*",
            "`P*` is not a drop: write the piece's letter, `*` and the square, e.g. `P*5e`",
        ),
    ] {
        e.send(&format!("position startpos moves 7g7f 3c3d {text}"));
        let (_, err) = e.until("info string error");
        assert!(err.contains(hint), "{err}");
        assert!(!err.contains("e2e3") && !err.contains('@'), "{err}");
    }
    // `go nodes` below 1 is refused; the session goes on and searches.
    e.send("position startpos");
    for n in ["-1", "0"] {
        e.send(&format!("go nodes {n}"));
        let (_, err) = e.until("info string error");
        assert!(err.contains(&format!("`go nodes {n}`")), "{err}");
    }
    e.send("isready");
    let (before, _) = e.until("readyok");
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "{before:?}"
    );
    e.send("go nodes 200");
    let (_, best) = e.until("bestmove");
    assert!(best.len() > "bestmove ".len(), "{best}");
    // `gameover` takes win, lose or draw (the fresh tester: `gameover maybe` passed silently).
    e.send("gameover maybe");
    let (_, err) = e.until("info string error");
    assert!(
        err.contains("`gameover` needs one of win, lose, draw, not `maybe`"),
        "{err}"
    );
}

/// The positions both engines are given, per variant: the start, a line of moves (with a
/// promotion, captures and drops), and an SFEN with pieces in hand.
const POSITIONS: [(&str, &str); 7] = [
    ("shogi", "startpos moves 7g7f 3c3d 8h2b+ 3a2b"),
    (
        "shogi",
        "startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e 8c8d 4e3d",
    ),
    (
        "shogi",
        "sfen lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 21",
    ),
    ("minishogi", "startpos moves 2e3d 4a3b 1e1b"),
    ("kyotoshogi", "startpos"),
    ("torishogi", "startpos moves 2e2d 6c6d"),
    ("euroshogi", "startpos"),
];

/// `go perft` move by move against Fairy-Stockfish's USI mode, and each engine's move legal
/// in the other's list.
#[test]
fn usi_agrees_with_fairy_stockfish_on_the_same_positions() {
    let fsf_path = fairy_stockfish_current();
    let mut fsf = Program::start(&fsf_path, &[]);
    let mut ours = Program::ashtapada(&["usi"]);
    let mut variant = "";
    for (v, position) in POSITIONS {
        if v != variant {
            usi(&mut fsf, v);
            usi(&mut ours, v);
            variant = v;
        }
        for p in [&mut fsf, &mut ours] {
            p.send(&format!("position {position}"));
        }
        let (theirs, total) = fsf.perft(1);
        assert!(total > 0, "{v} {position}");
        assert_eq!(ours.perft(1), (theirs.clone(), total), "{v} {position}");
        let (_, deep) = fsf.perft(2);
        assert_eq!(ours.perft(2).1, deep, "{v} {position}: perft 2");
        let legal: Vec<&str> = theirs.iter().map(|(m, _)| m.as_str()).collect();
        for p in [&mut fsf, &mut ours] {
            p.send("go nodes 2000");
            let (_, best) = p.until("bestmove");
            let m = best
                .split_whitespace()
                .nth(1)
                .unwrap_or_default()
                .to_string();
            assert!(legal.contains(&m.as_str()), "{v} {position}: `{best}`");
        }
    }
}

/// USI names the seats sente and gote, whatever the rule file calls them (the fresh tester's
/// item 10: "white has no king in hand" in a chess-family drop variant).
#[test]
fn usi_errors_name_the_seats_sente_and_gote() {
    let mut e = Program::ashtapada(&["usi"]);
    usi(&mut e, "crazyhouse");
    e.send("position startpos moves Q*5e");
    let (_, err) = e.until("info string error");
    assert!(err.contains("sente has no queen in hand"), "{err}");
    assert!(!err.contains("white"), "{err}");
    // Gote moving sente's piece: both named as USI names them.
    e.send("position startpos moves 5g5f 5f5e");
    let (_, err) = e.until("info string error");
    assert!(err.contains("sente") && err.contains("gote"), "{err}");
    assert!(!err.contains("white") && !err.contains("black"), "{err}");
}
