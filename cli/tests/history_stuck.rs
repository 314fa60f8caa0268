//! Issue 25: a seat whose every legal move would complete a forbidden perpetual check has no
//! move it may play, and every door of the binary agrees that the game is over by the rule
//! file's result — `simulate`, the REPL, `replay` and `uci` — while perft (`go perft`) keeps
//! Fairy-Stockfish's convention and still counts the move.
//!
//! The positions are hand-built or found by a search; see `tests/tests/legality.rs` for how
//! each was worked out.
//! - xiangqi: after the forced line the white chariot's only move `e5d5` would give check a
//!   third time into the third occurrence; xiangqi's rule file makes a side with no move lose
//!   (`stalemate: loss`), so black wins.
//! - shogi: sente's only piece that can move is the silver pinned on the h2–e5 diagonal by
//!   gote's bishop; it shuttles h2↔g3, checking gote's king on h4/h3 each time. After three
//!   cycles its only move `h2g3` would make the fourth occurrence with sente checking on every
//!   move of the cycle (`perpetual-check: forbidden`), so sente has no move and, by shogi's
//!   `stalemate: loss`, gote wins.
//! - four-player shogi (`format=pairs`): see [`YONIN`]; west, stuck, is mated at once and the
//!   first mate ends the game.

use crate::driver::{Program, run};
use std::path::Path;

const XIANGQI_FEN: &str = "9/9/3k1a3/9/2pccp3/2cC1c3/3pc4/9/r5n2/5K3 b - - 0 1";
const XIANGQI_LINE: &str = "d8e8 d5e5 e8d8 e5d5 d8e8 d5e5 e8d8";
const SHOGI_FEN: &str = "9/9/9/9/4b4/7k1/8g/6sS1/8K[-] w - - 0 1";
const SHOGI_LINE: &str = "h2g3 h4h3 g3h2 h3h4 h2g3 h4h3 g3h2 h3h4 h2g3 h4h3 g3h2 h3h4";

/// The cases: variant, start, line, the seat that wins and the one that is stuck.
const CASES: [(&str, &str, &str, &str); 2] = [
    ("xiangqi", XIANGQI_FEN, XIANGQI_LINE, "black"),
    ("shogi", SHOGI_FEN, SHOGI_LINE, "gote"),
];

#[test]
fn the_repl_ends_the_game_when_the_only_move_is_forbidden() {
    for (variant, fen, line, winner) in CASES {
        let mut script = format!("position {fen}\n");
        let moves: Vec<&str> = line.split(' ').collect();
        for m in &moves {
            script.push_str(m);
            script.push('\n');
        }
        script.push_str("moves\n");
        let (code, out, err) = run(&["repl", variant], &script);
        assert_eq!(code, 0, "{variant}: {err}");
        assert!(
            out.contains(&format!("game over: {winner} wins (stalemate)")),
            "{variant}: {out}"
        );
        // Before the last move of the line the game went on.
        let mut short = format!("position {fen}\n");
        for m in &moves[..moves.len() - 1] {
            short.push_str(m);
            short.push('\n');
        }
        let (_, out, _) = run(&["repl", variant], &short);
        assert!(!out.contains("game over"), "{variant}: {out}");
    }
}

#[test]
fn replay_reads_the_result_of_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    for (variant, fen, line, winner) in CASES {
        let first = if variant == "shogi" { "sente" } else { "white" };
        let actions: Vec<String> = line.split(' ').map(|m| format!("\"{m}\"")).collect();
        let record = format!(
            "{{\"variant\":\"{variant}\",\"options\":{{}},\"seed\":0,\"first_seat\":\"{first}\",\
             \"start\":\"{fen}\",\"actions\":[{}]}}",
            actions.join(",")
        );
        let path = dir.path().join(format!("{variant}.json"));
        std::fs::write(&path, record).unwrap();
        let (code, out, err) = run(&["replay", path.to_str().unwrap()], "");
        assert_eq!(code, 0, "{variant}: {err}");
        assert!(
            out.contains(&format!("result {winner} wins (stalemate)")),
            "{variant}: {out}"
        );
    }
}

#[test]
fn uci_has_no_best_move_but_perft_still_counts_the_move() {
    let binary = Path::new(env!("CARGO_BIN_EXE_ashtapada"));
    for (variant, fen, line, _) in CASES {
        let mut e = Program::uci(binary, &["uci"], variant);
        e.send(&format!("position fen {fen} moves {line}\ngo nodes 2000"));
        let (_, best) = e.until("bestmove");
        assert_eq!(best, "bestmove (none)", "{variant}");
        // The stuck seat's only move, still counted by perft.
        let only = if variant == "shogi" { "h2g3" } else { "e5d5" };
        assert_eq!(e.perft(1), (vec![(only.to_string(), 1)], 1), "{variant}");
        e.quit();
    }
}

/// Four-player shogi under `format=pairs` (worked out in `tests/tests/legality.rs`,
/// `a_four_player_shogi_perpetual_checker_with_one_move_is_mated`): west's rook, pinned by
/// its partner's, checks south's king on every move of a forced line; after 11 plies west's
/// only move would repeat the start a fourth time, so west is mated at once and the first mate
/// ends the game — south and north rank 1, west and east 3. The REPL, `replay` and
/// `simulate` (every agent must play the forced line) agree. UCI does not apply: it plays
/// two-seat variants only.
const YONIN: &str = "4nK4/9/9/9/6eT2/eR5nTeR1/9/wR7sK/wKnSeK4eG1[] s";
const YONIN_LINE: &str = "i2i3 a2a3 i3i2 a3a2 i2i3 a2a3 i3i2 a3a2 i2i3 a2a3 i3i2";
const YONIN_RESULT: &str = "ranked (first-mate): 1. south, 1. north, 3. west, 3. east";

#[test]
fn four_player_shogi_ends_by_the_first_mate_everywhere() {
    let moves: Vec<&str> = YONIN_LINE.split(' ').collect();
    let script = |n: usize| format!("position {YONIN}\n{}\n", moves[..n].join("\n"));
    let repl = ["repl", "yonin-shogi", "--set", "format=pairs"];
    let (code, out, err) = run(&repl, &script(moves.len()));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("game over: {YONIN_RESULT}")), "{out}");
    let (_, out, _) = run(&repl, &script(moves.len() - 1));
    assert!(!out.contains("game over"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let actions: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
    let record = format!(
        "{{\"variant\":\"yonin-shogi\",\"options\":{{\"format\":\"pairs\"}},\"seed\":0,\
         \"first_seat\":\"south\",\"start\":\"{YONIN}\",\"actions\":[{}]}}",
        actions.join(",")
    );
    let path = dir.path().join("yonin.json");
    std::fs::write(&path, record).unwrap();
    let (code, out, err) = run(&["replay", path.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("result {YONIN_RESULT}")), "{out}");
    for record in simulated(&["yonin-shogi", "--set", "format=pairs"], YONIN) {
        assert_eq!(record["actions"].as_array().unwrap().len(), 11, "{record}");
        assert_eq!(record["result"]["reason"], "first-mate", "{record}");
        let ranks: Vec<u64> = (record["result"]["seats"].as_array().unwrap().iter())
            .map(|s| s["rank"].as_u64().unwrap())
            .collect();
        assert_eq!(ranks, [1, 3, 1, 3], "{record}");
    }
}

/// The records of `simulate VARIANT_ARGS…` from `start`: two games with `random` and two
/// with `medium` in every seat.
fn simulated(variant: &[&str], start: &str) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("stuck.epd");
    std::fs::write(&openings, format!("{start}\n")).unwrap();
    let mut out = Vec::new();
    for agents in ["random", "medium"] {
        let records = dir.path().join(agents);
        let mut args = vec!["simulate", "--games", "2", "--agents", agents];
        args.extend_from_slice(variant);
        args.extend(["--openings", openings.to_str().unwrap()]);
        args.extend(["--records", records.to_str().unwrap()]);
        let (code, _, err) = run(&args, "");
        assert_eq!(code, 0, "{agents}: {err}");
        for game in 0..2 {
            let text = std::fs::read_to_string(records.join(format!("game-{game}.json"))).unwrap();
            out.push(serde_json::from_str(&text).unwrap());
        }
    }
    out
}

/// The xiangqi line is forced for both sides, so any agent playing from the start of the line
/// walks into the stuck position: every game ends there after 7 plies, black winning.
#[test]
fn simulate_from_the_line_ends_every_game_by_the_rules() {
    for record in simulated(&["xiangqi"], XIANGQI_FEN) {
        assert_eq!(record["actions"].as_array().unwrap().len(), 7, "{record}");
        assert_eq!(record["result"]["winner"], "black", "{record}");
        assert_eq!(record["result"]["reason"], "stalemate", "{record}");
    }
}
