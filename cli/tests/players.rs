//! Outside players in `simulate`: a Python program over the JSON-lines protocol for one seat
//! of Chaturaji (dice, four seats), Fairy-Stockfish over UCI in shatranj, and players that
//! crash, answer garbage or fall silent (a clear error naming the game and the seat; the
//! records of the games finished before are kept).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ashtapada(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ashtapada"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("ashtapada runs")
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A player that checks every message against the protocol (and exits 9 with the reason on
/// stderr if one is wrong), answers like `examples/random_player.py`, and counts its turns in
/// `turns.txt`.
const CHECKING_PLAYER: &str = r#"
import json, random, sys
rng = random.Random(0)
turns = 0
for line in sys.stdin:
    m = json.loads(line)
    def need(ok, why):
        if not ok:
            sys.exit(f"protocol: {why}: {line}")
    if m["type"] == "game":
        need(m["protocol"] == 1 and m["variant"] == "chaturaji", "game header")
        need(m["seats"] == ["red", "blue", "yellow", "green"], "seats")
        need(m["plays"] == ["blue"] and m["options"]["dice"] == "six-sided", "plays/options")
        rng = random.Random(m["seed"])
    elif m["type"] == "resigned":
        need(m["seat"] in ["red", "yellow", "green"], "resigned seat")
    else:
        need(m["type"] == "turn" and m["to_move"] == "blue", "turn of blue")
        need(m["position"].split()[1] == "b" and len(m["dice"]) >= 1, "position and dice")
        for a in m["legal"]:
            need(a["kind"] in ("move", "drop", "pass", "resign"), "kind")
            if a["kind"] == "move":
                need(a["action"] == f'{a["die"]}:{a["from"]}{a["to"]}' + ("" if a["promotion"] is None else a["action"][-1]), "move string")
                need(str(a["die"]) in [str(d) for d in m["dice"]], "die in dice")
        turns += 1
        open("turns.txt", "w").write(str(turns))
        print(json.dumps({"action": m["legal"][rng.randrange(len(m["legal"]))]["action"]}), flush=True)
"#;

/// The diagnostic on one line: miette's wrapping and margins undone.
fn unwrapped(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let words: Vec<&str> = text.split_whitespace().filter(|w| *w != "│").collect();
    words.join(" ")
}

fn report(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("a JSON report")
}

/// `cmd:python3 …` plays blue in Chaturaji: every message follows the protocol, the player
/// is asked on blue's turns only, and the run is reproducible (and independent of threads).
#[test]
fn a_python_player_plays_one_seat_of_chaturaji() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("player.py"), CHECKING_PLAYER).unwrap();
    let run = |threads: &str| {
        report(&ashtapada(
            &[
                "simulate",
                "chaturaji",
                "--games",
                "12",
                "--threads",
                threads,
                "--format",
                "json",
                "--agents",
                "random,cmd:python3 player.py,random,random",
            ],
            dir.path(),
        ))
    };
    let one = run("1");
    let turns: u64 = std::fs::read_to_string(dir.path().join("turns.txt"))
        .unwrap()
        .parse()
        .unwrap();
    assert!(turns > 12, "the player chose {turns} actions in 12 games");
    assert_eq!(one["games"], 12);
    assert_eq!(
        one["agents"],
        serde_json::json!(["random", "cmd:python3 player.py", "random", "random"])
    );
    assert_eq!(run("2"), one);
    // The example player ships and plays by the same protocol.
    let example = repo().join("examples/random_player.py");
    let agents = format!("random,cmd:python3 {},random,random", example.display());
    let args = [
        "simulate",
        "chaturaji",
        "--games",
        "6",
        "--format",
        "json",
        "--agents",
        &agents,
    ];
    let a = report(&ashtapada(&args, dir.path()));
    assert_eq!(a, report(&ashtapada(&args, dir.path())));
    assert_eq!(a["games"], 6);
}

/// A player that answers well except in game 2 (index 2, whichever process plays it), where
/// it misbehaves as told by `argv[1]`.
const FAILING_PLAYER: &str = r#"
import json, sys, time
game = None
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "game":
        game = m["game"]
        continue
    if game == 2:
        how = sys.argv[1]
        if how == "garbage":
            print("e2e4 please", flush=True)
        elif how == "exit":
            sys.exit(3)
        elif how == "silent":
            time.sleep(30)
        elif how == "illegal":
            print(json.dumps({"action": "a1a8"}), flush=True)
    print(json.dumps({"action": m["legal"][0]["action"]}), flush=True)
"#;

/// Garbage, an exit, silence and an illegal move in game 2 each end the run with an error
/// naming game 2 and the seat; games 0 and 1 are kept as replayable records, and the report
/// of those two games is printed.
#[test]
fn a_failing_player_is_named_and_earlier_games_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.py"), FAILING_PLAYER).unwrap();
    for (how, says) in [
        (
            "garbage",
            "answered `e2e4 please`, which is not a JSON object",
        ),
        ("exit", "exited (exit status: 3)"),
        ("silent", "did not answer within 5.0 s"),
        ("illegal", "answered `a1a8`"),
    ] {
        let records = dir.path().join(how);
        let agents = format!("cmd:python3 bad.py {how},random");
        let out = ashtapada(
            &[
                "simulate",
                "shatranj",
                "--games",
                "5",
                "--threads",
                "1",
                "--agent-timeout",
                "5",
                "--agents",
                &agents,
                "--format",
                "json",
                "--records",
                records.to_str().unwrap(),
            ],
            dir.path(),
        );
        let err = unwrapped(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{how}: {err}");
        let partial: Value = serde_json::from_slice(&out.stdout).expect("the partial report");
        assert_eq!(partial["games"], 2, "{how}");
        assert_eq!(partial["runs"][0]["tally"]["games"], 2, "{how}");
        assert!(
            err.contains(&format!(
                "game 2, seat white (agent `cmd:python3 bad.py {how}`)"
            )),
            "{how}: {err}"
        );
        assert!(err.contains(says), "{how}: {err}");
        assert!(
            err.contains("the report covers the 2 games that finished before it"),
            "{how}: {err}"
        );
        let mut kept: Vec<String> = std::fs::read_dir(&records)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        kept.sort();
        assert_eq!(kept, ["game-0.json", "game-1.json"], "{how}");
        let replay = ashtapada(
            &["replay", records.join("game-1.json").to_str().unwrap()],
            dir.path(),
        );
        assert!(replay.status.success(), "{how}");
    }
}

/// On two threads the failing game is still named game 2, and the partial report counts
/// exactly the games whose records were kept (game 2 never among them).
#[test]
fn a_failing_player_on_two_threads_names_its_game() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.py"), FAILING_PLAYER).unwrap();
    let records = dir.path().join("two");
    let out = ashtapada(
        &[
            "simulate",
            "shatranj",
            "--games",
            "8",
            "--threads",
            "2",
            "--agents",
            "cmd:python3 bad.py garbage,random",
            "--format",
            "json",
            "--records",
            records.to_str().unwrap(),
        ],
        dir.path(),
    );
    let err = unwrapped(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("game 2, seat white (agent `cmd:python3 bad.py garbage`)"),
        "{err}"
    );
    let kept: Vec<String> = std::fs::read_dir(&records)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!kept.contains(&"game-2.json".to_string()), "{kept:?}");
    let partial: Value = serde_json::from_slice(&out.stdout).expect("the partial report");
    assert_eq!(partial["games"], kept.len() as u64, "{kept:?}");
    assert!(
        err.contains(&format!("the report covers the {} games", kept.len())),
        "{err}"
    );
}

/// A command is split as a shell splits words: a quoted path with a space runs; an unclosed
/// quote is refused before the run.
#[test]
fn a_quoted_command_path_with_a_space_runs() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("my players");
    std::fs::create_dir(&sub).unwrap();
    let example = repo().join("examples/random_player.py");
    std::fs::copy(example, sub.join("random player.py")).unwrap();
    let args = |agents: &str| {
        ashtapada(
            &[
                "simulate", "shatranj", "--games", "2", "--format", "json", "--agents", agents,
            ],
            dir.path(),
        )
    };
    let a = report(&args(
        "cmd:python3 'my players/random player.py' --captures,random",
    ));
    assert_eq!(a["games"], 2);
    let out = args("cmd:python3 'my players/random player.py,random");
    let err = unwrapped(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("a quote is not closed"), "{err}");
}

/// A player that resigns at its first turn (where resigning is legal), and one that notes
/// every `resigned` message it hears in `heard.txt`.
const RESIGNER: &str = r#"
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "turn":
        acts = [a["action"] for a in m["legal"]]
        print(json.dumps({"action": "resign" if "resign" in acts else acts[0]}), flush=True)
"#;
const LISTENER: &str = r#"
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "resigned":
        open("heard.txt", "a").write(f'{m["game"]} {m["seat"]} {m["ply"]}\n')
    if m["type"] == "turn":
        print(json.dumps({"action": m["legal"][0]["action"]}), flush=True)
"#;

/// In four-player shogi with resigning allowed, the seat after a resigning one is told of it
/// once, before its next turn, with the game and the ply.
#[test]
fn outside_players_hear_of_a_resignation() {
    let dir = tempfile::tempdir().unwrap();
    let rules = std::fs::read_to_string(repo().join("rules/yonin-shogi.yaml")).unwrap();
    std::fs::write(
        dir.path().join("y.yaml"),
        format!("{rules}\nresign: true\n"),
    )
    .unwrap();
    std::fs::write(dir.path().join("resigner.py"), RESIGNER).unwrap();
    std::fs::write(dir.path().join("listener.py"), LISTENER).unwrap();
    let out = ashtapada(
        &[
            "simulate",
            "y.yaml",
            "--games",
            "1",
            "--max-plies",
            "20",
            "--format",
            "json",
            "--agents",
            "cmd:python3 resigner.py,cmd:python3 listener.py,random,random",
        ],
        dir.path(),
    );
    report(&out);
    let heard = std::fs::read_to_string(dir.path().join("heard.txt")).unwrap();
    // South (the first seat) resigns at ply 0; west, next, hears of it at ply 1.
    assert_eq!(heard, "0 south 1\n");
}

/// Fairy-Stockfish at a fixed node count plays shatranj against `greedy`: the same report
/// twice and on one thread or two (it is deterministic at fixed nodes); every game ends by the
/// rules, none by the ply cap.
#[test]
fn fairy_stockfish_plays_shatranj_in_simulate_reproducibly() {
    let fsf = crate::uci_clients::fairy_stockfish();
    let dir = tempfile::tempdir().unwrap();
    let agents = format!("uci:{} nodes=400,greedy", fsf.display());
    let run = |threads: &str| {
        report(&ashtapada(
            &[
                "simulate",
                "shatranj",
                "--games",
                "6",
                "--threads",
                threads,
                "--format",
                "json",
                "--agents",
                &agents,
                "--max-plies",
                "600",
            ],
            dir.path(),
        ))
    };
    let one = run("2");
    assert_eq!(one, run("1"));
    assert_eq!(one, run("2"));
    let summary = &one["runs"][0];
    assert_eq!(summary["games"], 6, "{summary}");
    let capped = summary["end_reasons"]
        .as_object()
        .and_then(|r| r.get("ply-cap"))
        .and_then(Value::as_u64)
        .unwrap_or(0);
    assert_eq!(capped, 0, "{summary}");
}

/// Issue 28, item 10: Fairy-Stockfish (current source) plays every two-seat built-in as a
/// `uci:` player against `random`, two games of up to 80 plies each. Every earlier move must
/// reach it written as it was played — in the shogi family a promotion (`+`), a flip back
/// (`-`) or a drop — or its board falls out of step and the run fails blaming the engine.
/// The shogi and torishogi games must contain promotions, so that the test covers them
/// (every Kyoto shogi move flips a piece; minishogi games against `random` end quickly).
#[test]
fn fairy_stockfish_plays_every_two_seat_builtin_as_a_uci_player() {
    let fsf = crate::uci_clients::fairy_stockfish_current();
    let dir = tempfile::tempdir().unwrap();
    let agents = format!("uci:{} nodes=200,random", fsf.display());
    // The built-ins of `rules/` (not the catalogue) that UCI offers: two seats, no dice.
    let uci = ashtapada_cli::engine::Catalogue::builtin();
    let variants: Vec<&str> = (ashtapada::spec::BUILTIN.iter())
        .map(|(name, _)| *name)
        .filter(|name| uci.get(name).is_some())
        .collect();
    assert_eq!(variants.len(), 14, "{variants:?}");
    for &variant in &variants {
        let out = ashtapada(
            &[
                "simulate",
                variant,
                "--games",
                "2",
                "--format",
                "json",
                "--agents",
                &agents,
                "--max-plies",
                "80",
            ],
            dir.path(),
        );
        assert!(
            out.status.success(),
            "{variant}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let summary = &report(&out)["runs"][0];
        assert_eq!(summary["games"], 2, "{variant}: {summary}");
        if ["shogi", "torishogi"].contains(&variant) {
            let promotions = summary["events"]["promotions"].as_u64().unwrap_or(0);
            assert!(promotions > 0, "{variant}: no promotion: {summary}");
        }
    }
}

/// Issue 28, item 13: a `uci:` player answering `bestmove 0000` (UCI's null move) in
/// chaturanga, a game without dice, is told it sent a null move, not "not a roll".
#[test]
fn a_null_move_from_a_uci_player_is_named_as_such() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("null.py"),
        "import sys\n\
         for l in sys.stdin:\n\
         \x20   w = l.split()\n\
         \x20   if w[:1] == ['uci']: print('option name UCI_Variant type combo default chaturanga var chaturanga\\nuciok', flush=True)\n\
         \x20   elif w[:1] == ['isready']: print('readyok', flush=True)\n\
         \x20   elif w[:1] == ['go']: print('bestmove 0000', flush=True)\n",
    )
    .unwrap();
    let out = ashtapada(
        &[
            "simulate",
            "chaturanga",
            "--games",
            "1",
            "--agents",
            "uci:python3 null.py nodes=1,random",
        ],
        dir.path(),
    );
    let err = unwrapped(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("`0000` is the null move"), "{err}");
    assert!(!err.contains("not a roll"), "{err}");
}

/// A UCI agent for a four-seat dice variant is refused before any game, and an engine that
/// does not offer the variant fails the run naming game 0.
#[test]
fn uci_agents_are_refused_where_they_cannot_play() {
    let dir = tempfile::tempdir().unwrap();
    let out = ashtapada(
        &[
            "simulate",
            "chaturaji",
            "--agents",
            "uci:fairy-stockfish nodes=10",
        ],
        dir.path(),
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("has 4 seats and dice"), "{err}");
    // Rules changed by `--set` cannot be told to the engine: refused, naming the option.
    let out = ashtapada(
        &[
            "simulate",
            "shatranj",
            "--set",
            "bare-king=off",
            "--agents",
            "uci:fairy-stockfish nodes=10,random",
        ],
        dir.path(),
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let one_line = unwrapped(&out.stderr);
    assert!(
        one_line.contains("plays its own `shatranj` and cannot be told"),
        "{err}"
    );
    assert!(one_line.contains("king=off` (not the default)"), "{err}");
    std::fs::write(
        dir.path().join("chess-only.py"),
        "import sys\nfor l in sys.stdin:\n    if l.strip() == 'uci': print('uciok', flush=True)\n",
    )
    .unwrap();
    let out = ashtapada(
        &[
            "simulate",
            "shatranj",
            "--games",
            "2",
            "--agents",
            "uci:python3 chess-only.py nodes=5,random",
        ],
        dir.path(),
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("has no UCI_Variant option"), "{err}");
    assert!(err.contains("seat white"), "{err}");
}
