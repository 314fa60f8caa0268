//! Hardening (issue 13): inputs from the fuzzing pass and hand-made hostile inputs — non-ASCII
//! position strings and records, a seat with no legal move in a game that goes on, rule files
//! that reach outside their folder, choice names that are not safe folder names, control
//! characters — each gives a clear, located error (or works), never a panic, and shows the
//! terminal nothing raw. Expected values are worked out by hand from the rules.

use ashtapada::diag::Span;
use ashtapada::notation::{parse_move, parse_position};
use ashtapada::spec::{load, load_referenced};
use ashtapada::{Assignment, Position, compile, load_variant, perft};
use std::path::{Path, PathBuf};

use ashtapada_tests::{bad, cli, ok};

/// A fresh scratch folder.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ashtapada-harden-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

// ---------------------------------------------------------------------------------------------
// Item 1: spans on character boundaries.

#[test]
fn non_ascii_position_strings_are_errors_not_panics() {
    for text in ["é", "８", "€", "ÿ", "\u{202e}", "\u{feff}", "rnbkqbnr/é/8"] {
        for variant in ["chaturanga", "chaturaji", "yonin-shogi"] {
            let err = bad(&["perft", variant, "1", "--fen", text]);
            assert!(
                err.contains("ashtapada::notation::position"),
                "{text:?}: {err}"
            );
            assert!(err.contains("╭─[--fen:1:"), "located: {err}");
        }
    }
    // The offending character itself is pointed at: `é` starts at column 1.
    let err = bad(&["perft", "chaturanga", "1", "--fen", "é"]);
    assert!(err.contains("unexpected `é`"), "{err}");
}

#[test]
fn spans_inside_a_character_are_widened_to_it() {
    let src = ashtapada::diag::text_source("t", "a€b");
    let span = Span::new(&src, 2, 3);
    assert_eq!(span.text(), "€");
    assert_eq!(span.line_col(), (1, 2));
}

#[test]
fn records_with_non_ascii_text_or_a_byte_order_mark_are_errors_not_panics() {
    let dir = scratch("records-utf8");
    let cases = [
        (
            "start.json",
            "{\"variant\":\"chaturanga\",\"first_seat\":\"white\",\"start\":\"é\",\"actions\":[]}",
            "the start position does not read",
        ),
        (
            "bom.json",
            "\u{feff}{\"variant\":\"chaturanga\",\"first_seat\":\"white\",\"actions\":[\"é\"]}",
            "actions[0] `é` does not replay",
        ),
        (
            "before.json",
            "{\"variant\":\"chaturanga\",\"first_seat\":\"white\",\"x\":\"ÿ€\",\"actions\":[]}",
            "unknown field `x`",
        ),
        (
            "bom.yaml",
            "\u{feff}variant: chaturanga\nfirst_seat: white\nactions: [e2e3, ８]\n",
            "actions[1] `８` does not replay",
        ),
    ];
    for (name, text, expected) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let err = bad(&["replay", s(&path)]);
        assert!(err.contains(expected), "{name}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Item 2: a seat to move with no legal move in a game that goes on.

/// One seat, nothing on the board, mates that do not end the game.
const LONE_SEAT: &str = "name: lone
board: { files: 2, ranks: 2 }
seats:
  - { name: white, edge: south }
pieces:
  rook: { letter: r, betza: cR }
setup:
  army: {}
mate: { pieces: to-mater }
";

/// Two capture-only rooks face each other on a 1×2 board: white takes black's only piece,
/// black (no legal move) is mated, and white, the last seat in the game, has no move left.
const LAST_CAPTURE: &str = "name: last-capture
board: { files: 1, ranks: 2 }
seats:
  - { name: white, edge: south }
  - { name: black, edge: north }
pieces:
  rook: { letter: r, betza: cR }
setup:
  army: { a1: rook }
mate: { pieces: to-mater }
";

#[test]
fn a_lone_seat_with_no_legal_move_ends_the_game_at_once() {
    let dir = scratch("lone");
    let file = dir.join("lone.yaml");
    std::fs::write(&file, LONE_SEAT).unwrap();
    ok(&["check", s(&file)]);
    assert_eq!(ok(&["perft", s(&file), "1"]).trim(), "nodes 0");
    let out = ok(&["simulate", s(&file), "--games", "3", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let run = &report["runs"][0];
    assert_eq!(run["end_reasons"]["stalemate"], 3, "{run}");
    assert_eq!(run["length"]["mean_plies"], 0.0);
    let v = load_variant(s(&file), &Assignment::default()).unwrap();
    let mut pos = Position::start(v);
    assert_eq!(pos.outcome().map(|o| o.winner()), Some(None), "a draw");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_last_seat_left_with_no_move_ends_the_game_instead_of_being_mated() {
    let dir = scratch("last-capture");
    let file = dir.join("last.yaml");
    std::fs::write(&file, LAST_CAPTURE).unwrap();
    ok(&["check", s(&file)]);
    let v = load_variant(s(&file), &Assignment::default()).unwrap();
    let mut pos = Position::start(v);
    // White's one move, a1xa2; then nothing: black is mated, white cannot move.
    assert_eq!(perft(&mut pos, 1), 1);
    assert_eq!(perft(&mut pos, 2), 0);
    let m = parse_move(&mut pos, "a1a2").unwrap();
    pos.play(m).unwrap();
    let outcome = pos.outcome().expect("the game is over");
    assert_eq!(outcome.winner(), None, "a stalemate is a draw by default");
    assert_eq!(pos.variant().reason_name(outcome.reason()), "stalemate");
    // simulate plays it to the end, every game the same.
    let out = ok(&["simulate", s(&file), "--games", "4", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["runs"][0]["end_reasons"]["stalemate"], 4);
    assert_eq!(report["runs"][0]["length"]["mean_plies"], 1.0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_first_seat_with_no_legal_move_while_others_play_is_refused_by_check() {
    let dir = scratch("no-first-move");
    let file = dir.join("empty.yaml");
    let text = LAST_CAPTURE.replace("army: { a1: rook }", "army: {}");
    std::fs::write(&file, text).unwrap();
    let err = bad(&["check", s(&file)]);
    assert!(
        err.contains("white has no legal move at the start, so nobody could mate it"),
        "{err}"
    );
    assert!(err.contains("ashtapada::compile::no-first-move"), "{err}");
    let err = bad(&["simulate", s(&file), "--games", "2"]);
    assert!(err.contains("no legal move at the start"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Item 5: the record size bound.

#[test]
fn a_record_over_four_mebibytes_is_refused_before_it_is_parsed() {
    let dir = scratch("big-record");
    let path = dir.join("big.json");
    let actions = vec!["\"e2e3\""; (4 << 20) / 7 + 10].join(",");
    let text =
        format!("{{\"variant\":\"chaturanga\",\"first_seat\":\"white\",\"actions\":[{actions}]}}");
    assert!(text.len() > 4 << 20);
    std::fs::write(&path, text).unwrap();
    let err = bad(&["replay", s(&path)]);
    assert!(err.contains("larger than 4194304"), "{err}");
    // The REPL's `open` reads records under the same bound.
    let setup = ashtapada_cli::repl::Setup {
        variant: Some("chaturanga".into()),
        ..Default::default()
    };
    let mut session = ashtapada_cli::repl::Session::new(&setup).expect("session");
    let mut out = Vec::new();
    ashtapada_cli::repl::run_script(
        &mut session,
        &format!("open {}\n", s(&path)),
        &mut out,
        true,
    );
    let out = String::from_utf8(out).expect("UTF-8");
    assert!(out.contains("larger than 4194304"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Item 12: rule files read only what lies in their folder, and never echo another file.

const SECRET: &str = "TOPSECRET-4711";

/// `dir/secret.txt` (not a rule file), `dir/rules/` holding the files under test.
fn secret_tree(name: &str) -> (PathBuf, PathBuf) {
    let dir = scratch(name);
    std::fs::write(
        dir.join("secret.txt"),
        format!("root:x:0:0:{SECRET}:/root:/bin/sh\n"),
    )
    .unwrap();
    let rules = dir.join("rules");
    std::fs::create_dir_all(&rules).unwrap();
    (dir, rules)
}

#[test]
fn extends_outside_the_rule_files_folder_is_refused_and_nothing_is_shown() {
    let (dir, rules) = secret_tree("extends-outside");
    let secret = dir.join("secret.txt");
    let cases = [
        ("up.yaml", "../secret.txt".to_string()),
        ("absolute.yaml", s(&secret).to_string()),
        ("etc.yaml", "/etc/passwd".to_string()),
    ];
    for (name, target) in cases {
        let file = rules.join(name);
        std::fs::write(&file, format!("extends: {target}\nname: x\n")).unwrap();
        let err = bad(&["check", s(&file)]);
        assert!(
            err.contains("ashtapada::spec::extends-outside"),
            "{name}: {err}"
        );
        assert!(err.contains("leads outside"), "{name}: {err}");
        assert!(
            !err.contains(SECRET) && !err.contains("root:x:0"),
            "{name} echoed: {err}"
        );
    }
    // A symbolic link inside the folder to a file outside it.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&secret, rules.join("link.yaml")).unwrap();
        let file = rules.join("via-link.yaml");
        std::fs::write(&file, "extends: link.yaml\nname: x\n").unwrap();
        let err = bad(&["check", s(&file)]);
        assert!(err.contains("leads outside"), "{err}");
        assert!(!err.contains(SECRET), "{err}");
    }
    // Beside or below the file is fine.
    std::fs::create_dir_all(rules.join("base")).unwrap();
    std::fs::write(rules.join("base/b.yaml"), "extends: chaturanga\nname: b\n").unwrap();
    std::fs::write(rules.join("child.yaml"), "extends: base/b.yaml\nname: c\n").unwrap();
    ok(&["check", s(&rules.join("child.yaml"))]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_parent_that_is_not_a_rule_file_is_named_never_shown() {
    let (dir, rules) = secret_tree("not-a-rule-file");
    let cases = [
        ("notes.txt", format!("{SECRET}: [unclosed\n")),
        ("scalar.txt", format!("{SECRET}\n")),
        ("config.yaml", format!("password: {SECRET}\n")),
    ];
    for (name, content) in cases {
        std::fs::write(rules.join(name), content).unwrap();
        let file = rules.join("child.yaml");
        std::fs::write(&file, format!("extends: {name}\nname: x\n")).unwrap();
        let err = bad(&["check", s(&file)]);
        assert!(
            err.contains("ashtapada::spec::not-a-rule-file"),
            "{name}: {err}"
        );
        assert!(
            err.contains(&format!("{name}` is not a rule file")),
            "{name}: {err}"
        );
        assert!(!err.contains(SECRET), "{name} echoed: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_records_variant_that_is_not_a_rule_file_is_named_never_shown() {
    let (dir, _) = secret_tree("record-variant");
    let secret = dir.join("secret.txt");
    let record = dir.join("r.json");
    std::fs::write(
        &record,
        format!(
            "{{\"variant\":\"{}\",\"first_seat\":\"white\",\"actions\":[]}}",
            s(&secret)
        ),
    )
    .unwrap();
    let err = bad(&["replay", s(&record)]);
    assert!(err.contains("is not a rule file"), "{err}");
    assert!(!err.contains(SECRET), "{err}");
    let e = load_referenced(s(&secret)).unwrap_err();
    assert_eq!(e.0[0].code().as_str(), "ashtapada::spec::not-a-rule-file");
    // Named on the command line, a file named `….yaml` is taken for a rule file: its
    // problems are shown in place. Any other name is not shown (issue 28 item 15).
    let e = load(s(&secret)).unwrap_err();
    assert_eq!(e.0[0].code().as_str(), "ashtapada::spec::not-a-rule-file");
    let yaml = dir.join("secret.yaml");
    std::fs::copy(&secret, &yaml).unwrap();
    let e = load(s(&yaml)).unwrap_err();
    assert_ne!(e.0[0].code().as_str(), "ashtapada::spec::not-a-rule-file");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Item 13: choice names become safe folder names inside `--records DIR`.

/// Chaturanga with an option whose choice names are hostile folder names.
fn hostile_choices() -> String {
    let base = ashtapada::spec::BUILTIN
        .iter()
        .find(|(n, _)| *n == "chaturanga")
        .unwrap()
        .1;
    let base = base
        .lines()
        .take_while(|l| !l.starts_with("options:"))
        .collect::<Vec<_>>()
        .join("\n");
    format!(
        "{base}\noptions:\n  o:\n    description: \"\\e]0;pwned\\a\\e[2J\"\n    default: a\n    \
         choices:\n      a: {{}}\n      \"../../../../../../outside\": {{}}\n      \"\": {{}}\n      \
         \"x/y\": {{}}\n      \"..\": {{}}\n      \"t\\tn\\nesc\\e[31m\": {{}}\n      \"a_b\": {{}}\n"
    )
}

#[test]
fn sweep_records_stay_inside_the_records_folder() {
    let dir = scratch("sweep-records");
    let file = dir.join("hostile.yaml");
    std::fs::write(&file, hostile_choices()).unwrap();
    let records = dir.join("records");
    let (code, out, err) = cli(&[
        "simulate",
        s(&file),
        "--games",
        "1",
        "--max-plies",
        "4",
        "--sweep",
        "o",
        "--records",
        s(&records),
    ]);
    assert_eq!(code, 0, "{err}");
    // Nothing was written beside the records folder, nor anywhere above it.
    let mut beside: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    beside.sort();
    assert_eq!(beside, ["hostile.yaml", "records"]);
    assert!(!dir.parent().unwrap().join("outside").exists());
    // One folder per assignment, each one plain component holding its record.
    let mut folders: Vec<String> = std::fs::read_dir(&records)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            assert!(e.file_type().unwrap().is_dir());
            assert!(e.path().join("game-0.json").is_file(), "{:?}", e.path());
            e.file_name().into_string().unwrap()
        })
        .collect();
    folders.sort();
    assert_eq!(
        folders,
        [
            "o=",
            "o=..",
            "o=..%2F..%2F..%2F..%2F..%2F..%2Foutside",
            "o=a",
            "o=a%5Fb",
            "o=t%09n%0Aesc%1B%5B31m",
            "o=x%2Fy",
        ]
    );
    // The table shows the names with their controls escaped.
    assert!(!out.contains('\u{1b}'), "{out:?}");
    assert!(out.contains("\\u{1b}[31m"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn records_are_not_written_through_a_symbolic_link() {
    let dir = scratch("record-symlink");
    let records = dir.join("records");
    std::fs::create_dir_all(&records).unwrap();
    let target = dir.join("target.txt");
    std::fs::write(&target, "keep").unwrap();
    std::os::unix::fs::symlink(&target, records.join("game-0.json")).unwrap();
    let err = bad(&[
        "simulate",
        "chaturanga",
        "--games",
        "1",
        "--records",
        s(&records),
    ]);
    // A records folder must be empty (or hold only an earlier run's records, with `--force`),
    // so a link already there is refused before the run, with or without `--force`.
    assert!(err.contains("which is not a game record"), "{err}");
    let err = bad(&[
        "simulate",
        "chaturanga",
        "--games",
        "1",
        "--records",
        s(&records),
        "--force",
    ]);
    assert!(err.contains("which is not a game record"), "{err}");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep");
    // A sweep folder that is a link to elsewhere is refused too.
    let swept = dir.join("swept");
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&swept).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, swept.join("move-rule=none")).unwrap();
    let err = bad(&[
        "simulate",
        "chaturanga",
        "--games",
        "1",
        "--sweep",
        "move-rule=none",
        "--records",
        s(&swept),
        "--force",
    ]);
    assert!(err.contains("which is not a game record"), "{err}");
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Item 14: control characters from a rule file reach the terminal escaped.

#[test]
fn control_characters_in_diagnostics_and_listings_are_escaped() {
    let dir = scratch("escapes");
    let file = dir.join("esc.yaml");
    std::fs::write(
        &file,
        hostile_choices().replace("  o:\n", "  o:\n    \u{1b}]0;title\u{7}: 1\n"),
    )
    .unwrap();
    let err = bad(&["check", s(&file)]);
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(err.contains("\\u{1b}]0;title\\u{7}"), "{err}");
    // The description and the choices, in `explain`-like listings.
    std::fs::write(&file, hostile_choices()).unwrap();
    let out = ok(&["explain", s(&file)]);
    assert!(!out.contains('\u{1b}'), "{out:?}");
    let setup = ashtapada_cli::Setup {
        variant: Some(s(&file).into()),
        ..ashtapada_cli::Setup::default()
    };
    let mut session = ashtapada_cli::Session::new(&setup).unwrap();
    let mut out = Vec::new();
    ashtapada_cli::run_script(&mut session, "options\n", &mut out, false);
    let out = String::from_utf8(out).unwrap();
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out:?}");
    assert!(out.contains("\\u{1b}]0;pwned\\u{7}\\u{1b}[2J"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Item 15: messages that name the problem and its place.

#[test]
fn fen_with_an_extra_field_names_the_extra_field() {
    let fen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1 x";
    let v = load_variant("chaturanga", &Assignment::default()).unwrap();
    let e = parse_position(&v, fen).unwrap_err();
    assert!(
        e.message()
            .starts_with("unexpected `x` after the move number"),
        "{}",
        e.message()
    );
    assert_eq!(e.span, 54..55);
}

#[test]
fn the_help_never_suggests_a_position_the_reader_refuses() {
    // White's ratha attacks black's raja at the start, and white moves first: no game reaches
    // that position, so the start is no example.
    let dir = scratch("refused-start");
    let file = dir.join("checked.yaml");
    std::fs::write(
        &file,
        "name: checked
board: { files: 3, ranks: 3 }
seats:
  - { name: white, edge: south }
  - { name: black, edge: north }
pieces:
  raja: { letter: k, betza: K, royal: true }
  ratha: { letter: r, betza: R }
setup:
  place:
    white: { a1: raja, c1: ratha }
    black: { c3: raja }
",
    )
    .unwrap();
    let start = "2k/3/K1R w - - 0 1";
    let err = bad(&["perft", s(&file), "1", "--fen", start]);
    assert!(err.contains("no legal game reaches this position"), "{err}");
    assert!(!err.contains(&format!("e.g. `{start}`")), "{err}");
    assert!(err.contains("see docs/positions.md"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn seventeen_files_in_an_extends_chain_are_accepted_eighteen_are_not() {
    let dir = scratch("extends-depth");
    let chain = |files: usize| {
        // f0 extends chaturanga; f1 extends f0; …: `files` rule files and the built-in.
        for i in 0..files {
            let parent = if i == 0 {
                "chaturanga".to_string()
            } else {
                format!("f{}.yaml", i - 1)
            };
            std::fs::write(
                dir.join(format!("f{i}.yaml")),
                format!("extends: {parent}\n"),
            )
            .unwrap();
        }
        load(s(&dir.join(format!("f{}.yaml", files - 1))))
    };
    // The requested file and 16 ancestors (15 files and the built-in): accepted.
    assert!(chain(16).is_ok());
    let e = chain(17).unwrap_err();
    assert_eq!(e.0[0].code().as_str(), "ashtapada::spec::extends-depth");
    assert!(
        e.0[0].message.contains("more than 16 ancestors"),
        "{}",
        e.0[0].message
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_smallest_integer_is_accepted() {
    // The help of an overflowing literal says integers range from -9223372036854775808; that
    // number itself reads, in an expression as in `params:`.
    let base = ashtapada::spec::BUILTIN[0].1;
    let when = "when: \"bare(opponent) and not bare(mover)\"";
    assert!(base.contains(when));
    let with = |low: &str| {
        base.replace(
            when,
            &format!("when: \"bare(opponent) and not bare(mover) and rounds > {low}\""),
        ) + &format!("\nparams: {{ low: {low} }}\n")
    };
    let file = ashtapada::spec::load_str("min.yaml", &with("-9223372036854775808")).unwrap();
    compile(&file, &Assignment::default()).expect("the documented minimum is accepted");
    // One less is refused, in both places.
    let file = ashtapada::spec::load_str("min.yaml", &with("-9223372036854775809")).unwrap();
    let e = compile(&file, &Assignment::default()).unwrap_err();
    let messages: Vec<&str> = e.0.iter().map(|d| d.message.as_str()).collect();
    assert!(
        messages
            .iter()
            .any(|m| m.ends_with("not -9223372036854775809")),
        "{messages:?}"
    );
    // The parameter stops the file's reading; the expression's literal is still reported in
    // the same run (its syntax needs nothing else of the file).
    assert!(
        messages.contains(&"integer `9223372036854775809` is too large"),
        "{messages:?}"
    );
    let text = with("-9223372036854775809").replace("low: -9223372036854775809", "low: 0");
    let file = ashtapada::spec::load_str("min.yaml", &text).unwrap();
    let e = compile(&file, &Assignment::default()).unwrap_err();
    assert_eq!(e.0[0].message, "integer `9223372036854775809` is too large");
}

#[test]
fn record_errors_name_no_rust_types() {
    let dir = scratch("record-messages");
    let path = dir.join("null.yaml");
    std::fs::write(&path, "variant: ~\nfirst_seat: white\nactions: []\n").unwrap();
    let err = bad(&["replay", s(&path)]);
    assert!(err.contains("a string is required here, not null"), "{err}");
    assert!(!err.contains("Option<"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_plot_write_suggests_a_plot_file() {
    let err = bad(&[
        "simulate",
        "chaturaji",
        "--games",
        "1",
        "--plot",
        "/no/such/dir/p.svg",
    ]);
    assert!(err.contains("--plot shares.svg"), "{err}");
    assert!(!err.contains("--out report.json"), "{err}");
}

#[test]
fn a_huge_move_is_not_echoed_whole() {
    let huge = "a".repeat(1 << 20);
    let v = load_variant("chaturanga", &Assignment::default()).unwrap();
    let mut pos = Position::start(v);
    let e = parse_move(&mut pos, &huge).unwrap_err().to_string();
    assert!(e.len() < 200, "{} bytes", e.len());
    assert!(e.contains("(1048576 characters)"), "{e}");
    // In a REPL session too: one short error line.
    let mut session = ashtapada_cli::Session::new(&ashtapada_cli::Setup::default()).unwrap();
    let mut out = Vec::new();
    ashtapada_cli::run_script(
        &mut session,
        &format!("{huge}\ne2{huge}\n"),
        &mut out,
        false,
    );
    let out = String::from_utf8(out).unwrap();
    assert_eq!(
        out.lines().filter(|l| l.starts_with("error: ")).count(),
        2,
        "{}",
        &out[..200]
    );
    assert!(out.len() < 1000, "{} bytes of output", out.len());
}

#[test]
fn sweep_all_twice_is_refused() {
    let err = bad(&[
        "simulate",
        "chaturaji",
        "--games",
        "1",
        "--sweep",
        "all",
        "--sweep",
        "all",
    ]);
    assert!(err.contains("`--sweep all` is given twice"), "{err}");
}

#[test]
fn an_empty_extends_says_so() {
    let e = ashtapada::spec::load_str("e.yaml", "extends: \"\"\nname: x\n").unwrap_err();
    assert_eq!(e.0[0].message, "`extends:` is empty");
    assert_eq!(e.0[0].span.as_ref().unwrap().text(), "\"\"");
}

// ---------------------------------------------------------------------------------------------
// Issue 28 item 3: outputs are never written through a symbolic link.

/// `text` with white space runs made one space and miette's margins removed.
fn one_line(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().filter(|w| *w != "│").collect();
    words.join(" ")
}

#[cfg(unix)]
#[test]
fn outputs_are_not_written_through_a_symbolic_link() {
    let dir = scratch("out-symlink");
    let target = dir.join("target.txt");
    std::fs::write(&target, "keep").unwrap();
    for (flag, name) in [("--out", "report.json"), ("--plot", "shares.svg")] {
        let link = dir.join(name);
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let err = one_line(&bad(&[
            "simulate",
            "chaturanga",
            "--games",
            "2",
            flag,
            s(&link),
        ]));
        assert!(err.contains("ashtapada::output::write"), "{flag}: {err}");
        assert!(err.contains("is a symbolic link"), "{flag}: {err}");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep", "{flag}");
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink(),
            "{flag}: the link stays"
        );
    }
    // Naming the file itself replaces it; devices and inputs are refused as before.
    ok(&[
        "simulate",
        "chaturanga",
        "--games",
        "2",
        "--out",
        s(&target),
    ]);
    assert_ne!(std::fs::read_to_string(&target).unwrap(), "keep");
    let err = one_line(&bad(&[
        "simulate",
        "chaturanga",
        "--games",
        "2",
        "--out",
        "/dev/null",
    ]));
    assert!(err.contains("not a regular file"), "{err}");
    let rules = dir.join("rules.yaml");
    std::fs::write(
        &rules,
        ashtapada::spec::BUILTIN
            .iter()
            .find(|(n, _)| *n == "chaturanga")
            .unwrap()
            .1,
    )
    .unwrap();
    let err = one_line(&bad(&[
        "simulate",
        s(&rules),
        "--games",
        "2",
        "--out",
        s(&rules),
    ]));
    assert!(err.contains("an input of this command"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Issue 28 item 15: a file that is not a rule file or a record is named, never shown.

#[test]
fn a_named_file_that_is_not_a_rule_file_or_record_is_never_shown() {
    let dir = scratch("not-shown");
    let shadow = format!("root:$6${SECRET}:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n");
    let cases = [
        ("shadow", shadow.as_str()),
        ("notes.txt", "a: [unclosed TOPSECRET-4711\n"),
        ("config", "password: TOPSECRET-4711\nuser: me\n"),
        ("list", "- TOPSECRET-4711\n- two\n"),
    ];
    for (name, text) in cases {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        for cmd in ["check", "explain"] {
            let err = bad(&[cmd, s(&file)]);
            assert!(err.contains("is not a rule file"), "{cmd} {name}: {err}");
            assert!(err.contains(name), "{cmd} {name}: {err}");
            assert!(!err.contains(SECRET), "{cmd} {name} echoed: {err}");
        }
        let err = bad(&["replay", s(&file)]);
        assert!(err.contains("is not a game record"), "replay {name}: {err}");
        assert!(!err.contains(SECRET), "replay {name} echoed: {err}");
        let mut session = ashtapada_cli::Session::new(&ashtapada_cli::Setup {
            variant: Some("chaturanga".into()),
            ..ashtapada_cli::Setup::default()
        })
        .unwrap();
        let mut out = Vec::new();
        let script = format!("open {}\nload {}\n", s(&file), s(&file));
        ashtapada_cli::run_script(&mut session, &script, &mut out, true);
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("is not a game record"), "open {name}: {out}");
        assert!(out.contains("is not a rule file"), "load {name}: {out}");
        assert!(!out.contains(SECRET), "REPL {name} echoed: {out}");
    }
    // A rule file named `….yaml` is still shown in place when it is broken.
    let broken = dir.join("broken.yaml");
    std::fs::write(&broken, "name: x\nboard: { files: 8, ranks: [\n").unwrap();
    let err = bad(&["check", s(&broken)]);
    assert!(err.contains("broken.yaml:"), "{err}");
    assert!(!err.contains("is not a rule file"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
