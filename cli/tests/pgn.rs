//! Issue 28, item 22: PGN. `simulate --records DIR --records-format pgn` writes each game as
//! PGN with SAN moves and the `Variant` (and `FEN`) tags; `replay` reads it back to the same
//! final position as the game's JSON record; python-chess (`chess.pgn`, installed by
//! `tools/test-deps`) reads the chess and crazyhouse games move by move without an error; the
//! REPL's `save x.pgn` writes the game so far.

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn ashtapada(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ashtapada"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("ashtapada runs")
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The `position` line of `replay`'s output.
fn final_position(replay: &str) -> String {
    replay
        .lines()
        .find(|l| l.starts_with("position "))
        .unwrap_or_else(|| panic!("no position line: {replay}"))
        .to_string()
}

/// Plays `games` seeded games of `variant` between `greedy` and `random`, once with JSON
/// records and once with PGN records, and checks that every PGN replays to the JSON record's
/// final position. Returns the PGN folder (in `dir`).
fn pgn_agrees_with_json(variant: &str, games: u32, dir: &Path) -> std::path::PathBuf {
    let common = [
        "simulate",
        variant,
        "--games",
        &games.to_string(),
        "--agents",
        "greedy,random",
        "--max-plies",
        "120",
        "--format",
        "json",
    ]
    .map(String::from);
    let run = |folder: &str, format: &str| {
        let mut args: Vec<String> = common.to_vec();
        args.extend(["--records", folder, "--records-format", format].map(String::from));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        ok(&ashtapada(&args, dir));
    };
    let (json, pgn) = (format!("{variant}-json"), format!("{variant}-pgn"));
    run(&json, "json");
    run(&pgn, "pgn");
    for k in 0..games {
        let pgn_file = format!("{pgn}/game-{k}.pgn");
        let text = std::fs::read_to_string(dir.join(&pgn_file)).unwrap();
        assert!(text.contains(&format!("[Variant \"{variant}\"]")), "{text}");
        let from_pgn = ok(&ashtapada(&["replay", &pgn_file], dir));
        let from_json = ok(&ashtapada(
            &["replay", &format!("{json}/game-{k}.json")],
            dir,
        ));
        assert_eq!(
            final_position(&from_pgn),
            final_position(&from_json),
            "{variant} game {k}:\n{text}"
        );
    }
    dir.join(pgn)
}

#[test]
fn simulate_writes_pgn_records_that_replay_to_the_same_positions() {
    let dir = tempfile::tempdir().unwrap();
    for variant in [
        "chess",
        "crazyhouse",
        "shatranj",
        "makruk",
        "xiangqi",
        "shogi",
        "kyotoshogi",
        "torishogi",
        "capablanca",
        "janggi",
    ] {
        pgn_agrees_with_json(variant, 3, dir.path());
    }
    // PGN has no dice and two seats only: refused before any game.
    let out = ashtapada(
        &[
            "simulate",
            "chaturaji",
            "--games",
            "1",
            "--records",
            "r",
            "--records-format",
            "pgn",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("PGN holds two-seat games without dice"),
        "{err}"
    );
}

/// python-chess reads the chess and crazyhouse PGN records: the right board for the
/// `Variant` tag, every SAN move legal (`game.errors` empty), as many moves as `replay` counts.
#[test]
fn python_chess_reads_the_pgn_records() {
    let dir = tempfile::tempdir().unwrap();
    for variant in ["chess", "crazyhouse"] {
        let folder = pgn_agrees_with_json(variant, 3, dir.path());
        for k in 0..3 {
            let file = folder.join(format!("game-{k}.pgn"));
            let replay = ok(&ashtapada(&["replay", file.to_str().unwrap()], dir.path()));
            let actions = replay
                .lines()
                .find_map(|l| l.strip_prefix("actions "))
                .unwrap()
                .to_string();
            let script = "import sys, chess.pgn\n\
                          g = chess.pgn.read_game(open(sys.argv[1]))\n\
                          assert not g.errors, g.errors\n\
                          b = g.end().board()\n\
                          print(type(b).uci_variant, len(b.move_stack))\n";
            let out = Command::new("python3")
                .args(["-c", script])
                .arg(&file)
                .stderr(Stdio::piped())
                .output()
                .expect("python3 runs");
            let said = ok(&out);
            assert_eq!(
                said.trim(),
                format!("{variant} {actions}"),
                "{}",
                file.display()
            );
        }
    }
}

/// `ashtapada repl chess` in `dir`, fed `input` on its standard input.
fn chess_repl(dir: &std::path::Path, input: &[u8]) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ashtapada"))
        .args(["repl", "chess"])
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// The REPL's `save x.pgn` writes the game so far in PGN, which `replay` reads back and the
/// REPL's `open` opens.
#[test]
fn the_repl_saves_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let out = chess_repl(dir.path(), b"e2e4\ne7e5\ng1f3\nb8c6\nf1b5\nsave game.pgn\n");
    ok(&out);
    let text = std::fs::read_to_string(dir.path().join("game.pgn")).unwrap();
    assert!(text.contains("[Variant \"chess\"]"), "{text}");
    assert!(text.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 *"), "{text}");
    let replay = ok(&ashtapada(&["replay", "game.pgn"], dir.path()));
    assert!(replay.contains("actions 5"), "{replay}");
    // With a byte-order mark in front (as some editors save), it still replays.
    std::fs::write(dir.path().join("bom.pgn"), format!("\u{feff}{text}")).unwrap();
    let replay = ok(&ashtapada(&["replay", "bom.pgn"], dir.path()));
    assert!(replay.contains("actions 5"), "{replay}");
    // The REPL opens the PGN it saved (found by the fresh-clone tester: "no `variant` key").
    let out = chess_repl(dir.path(), b"open game.pgn\n");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("opened game.pgn: 5 actions of chess"),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_broken_record_named_json_or_yaml_is_reported_as_a_record_not_as_pgn() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("a.json", "[1,2"),
        ("b.yaml", "[variant: chess"),
        ("c.json", r#"{"variant":"chess","seed":-5,"actions":[]}"#),
    ] {
        std::fs::write(dir.path().join(name), text).unwrap();
        let out = ashtapada(&["replay", name], dir.path());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{name}: {err}");
        assert!(
            err.contains("invalid record") || err.contains("not a game record"),
            "{name}: {err}"
        );
        assert!(
            !err.contains("PGN") && !err.contains("tag"),
            "{name}: {err}"
        );
    }
    // A PGN file whose name says nothing is still read as PGN by its first `[`.
    std::fs::write(dir.path().join("game"), "[Variant \"chess\"\n").unwrap();
    let err =
        String::from_utf8_lossy(&ashtapada(&["replay", "game"], dir.path()).stderr).into_owned();
    assert!(err.contains("tag"), "{err}");
}
