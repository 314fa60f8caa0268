//! `ashtapada xboard` driven as XBoard drives it (the handshake, `variant`, `force`,
//! `usermove`, `go`, `setboard`, `undo`, `ping`, bad input), and cutechess-cli (`proto=xboard`)
//! playing xiangqi and shogi games between ashtapada and Fairy-Stockfish (current source,
//! which speaks xboard too), every game ending by the rules: no illegal move, no time
//! forfeit, no disconnect.

use crate::uci_clients::{cutechess, endings, fairy_stockfish_current};
use crate::usi::Program;
use std::process::Command;

/// The handshake and a short game in force mode and with `go`, in xiangqi (ranks from 0).
#[test]
fn an_xboard_gui_session_is_answered() {
    let mut e = Program::ashtapada(&["xboard"]);
    e.send("xboard\nprotover 2");
    let (_, features) = e.until("feature");
    for f in [
        "setboard=1",
        "usermove=1",
        "sigint=0",
        "sigterm=0",
        "ping=1",
        "done=1",
    ] {
        assert!(features.contains(f), "{features}");
    }
    let variants = features.split("variants=\"").nth(1).unwrap();
    let variants: Vec<&str> = variants.split('"').next().unwrap().split(',').collect();
    for v in ["normal", "xiangqi", "shogi", "makruk", "shatranj", "janggi"] {
        assert!(variants.contains(&v), "{variants:?}");
    }
    e.send("accepted done\nping 3");
    assert_eq!(e.until("pong").1, "pong 3");
    // Xiangqi: the cannon on h2 (XBoard's rank 2 is the third rank) to the centre.
    e.send("new\nvariant xiangqi\nforce\nusermove h2e2\nsd 2\ngo");
    let (_, reply) = e.until("move ");
    let m = reply.strip_prefix("move ").unwrap();
    // Black's move, in XBoard squares: ranks 0 to 9, black's pieces on ranks 6 to 9.
    assert!(m.as_bytes()[1] >= b'6', "{reply}");
    // The engine keeps the game: the same position reached by `undo` and a replay.
    e.send("undo\nundo\nusermove h2e2\nusermove z9z9");
    assert_eq!(e.until("Illegal move").1, "Illegal move: z9z9");
    e.send(&format!("usermove {m}\nping 4"));
    let (between, pong) = e.until("pong");
    assert_eq!(pong, "pong 4");
    assert!(
        between.iter().all(|l| !l.starts_with("Illegal")),
        "{between:?}"
    );
    // `setboard`, then white's only mate in one: the rook from a1 (XBoard a0) to the last
    // rank (a9), the other rook on b9 guarding the general's one flight square, e9.
    e.send("force\nsetboard 4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1\nsd 3\ngo");
    assert_eq!(e.until("move ").1, "move a0a9");
    // A bad command and an unknown variant.
    e.send("frobnicate now");
    assert!(e.until("Error").1.contains("unknown command"));
    e.send("variant nosuchgame");
    assert!(e.until("Error").1.contains("unknown variant"));
}

/// Plays `games` cutechess-cli games of `variant` between `ashtapada xboard` and
/// Fairy-Stockfish (xboard too) at fixed node counts, each at most `max_moves` moves, and
/// checks that every one ended by the rules.
fn xboard_match(variant: &str, games: usize, max_moves: u32) {
    let fsf = fairy_stockfish_current();
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    let out = Command::new(cutechess())
        .args(["-variant", variant])
        .args(["-engine", "name=ashtapada", "proto=xboard", "arg=xboard"])
        .arg(format!("cmd={}", env!("CARGO_BIN_EXE_ashtapada")))
        .args(["-engine", "name=fairy-stockfish", "proto=xboard"])
        .arg(format!("cmd={}", fsf.display()))
        .args(["-each", "tc=inf", "nodes=1500"])
        .args(["-games", &games.to_string(), "-repeat"])
        .args(["-maxmoves", &max_moves.to_string(), "-pgnout"])
        .arg(&pgn)
        .current_dir(dir.path())
        .output()
        .expect("cutechess-cli runs");
    let log = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "cutechess-cli failed:\n{log}");
    let text = std::fs::read_to_string(&pgn).expect("a PGN file");
    let endings = endings(&text);
    assert_eq!(endings.len(), games, "{text}\n{log}");
    let bad = [
        "illegal",
        "disconnect",
        "stall",
        "time",
        "crash",
        "terminat",
        "claim",
    ];
    for e in &endings {
        assert!(
            matches!(e.result.as_str(), "1-0" | "0-1" | "1/2-1/2"),
            "{e:?}\n{log}"
        );
        let c = e.reason.to_ascii_lowercase();
        assert!(!bad.iter().any(|b| c.contains(b)), "{e:?}\n{log}");
        assert!(
            e.termination.as_deref().is_none_or(|t| t == "adjudication"),
            "{e:?}\n{log}"
        );
    }
    assert!(!log.contains("Warning"), "{log}");
}

#[test]
fn cutechess_plays_xiangqi_over_xboard_between_ashtapada_and_fairy_stockfish() {
    xboard_match("xiangqi", 2, 80);
}

#[test]
fn cutechess_plays_shogi_over_xboard_between_ashtapada_and_fairy_stockfish() {
    xboard_match("shogi", 2, 80);
}
