//! `ashtapada values`: every kind's start and fitted value, with intervals, as JSON; seeded
//! runs repeat; bad input is refused with a located message.

use std::process::Command;

fn values(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ashtapada"))
        .arg("values")
        .args(args)
        .output()
        .expect("the binary runs")
}

/// `ashtapada ARGS…` with the fitted-values cache in `dir`.
fn with_cache(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ashtapada"))
        .args(args)
        .env("ASHTAPADA_VALUES_CACHE", dir)
        .output()
        .expect("the binary runs")
}

#[test]
fn values_reports_every_non_royal_kind_with_an_interval() {
    let out = values(&["makruk", "--games", "12", "--resamples", "8", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(j["games"], 12);
    assert!(j["positions"].as_u64().unwrap() > 0);
    let rows = j["values"].as_array().unwrap();
    // makruk's kinds: every one but the royal khun, in file order, then the general terms.
    let kinds: Vec<&str> = rows
        .iter()
        .filter(|r| r["kind"] == true)
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["met", "khon", "ma", "ruea", "bia"]);
    assert!(!kinds.contains(&"khun"));
    for r in rows {
        let (lo, x, hi) = (r["low"].as_f64(), r["value"].as_f64(), r["high"].as_f64());
        assert!(lo.is_some() && x.is_some() && hi.is_some(), "{r}");
        assert!(lo.unwrap() <= hi.unwrap(), "{r}");
    }
    // The pawn-like bia is the start unit; the ruea (a rook) starts highest.
    let start = |n: &str| rows.iter().find(|r| r["name"] == n).unwrap()["start"].as_f64();
    assert_eq!(start("bia"), Some(1.0));
    assert!(start("ruea") > start("ma"));
    // Seeded: the same command gives the same report.
    let again = values(&["makruk", "--games", "12", "--resamples", "8", "--json"]);
    assert_eq!(out.stdout, again.stdout);
}

#[test]
fn values_refuses_zero_games_and_unknown_agents() {
    let out = values(&["shatranj", "--games", "0"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--games 0"));
    let out = values(&["shatranj", "--games", "2", "--agent", "hardest"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown agent `hardest`"));
}

/// The last line of the table, the `values:` section.
fn values_line(out: &std::process::Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().last().expect("a table").to_string();
    assert!(line.starts_with("values: {"), "{text}");
    line
}

#[test]
fn values_write_a_rule_file_that_extends_the_variant_with_the_fit() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("makruk-fitted.yaml");
    let f = file.to_str().unwrap();
    let quick = ["--games", "4", "--resamples", "2"];
    let out = values(&[&["makruk", "--write", f][..], &quick[..]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A built-in is extended by name, with the section the table printed.
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("# Piece values fitted by `ashtapada values`: 4 games"));
    assert_eq!(
        lines[1..],
        ["name: makruk-fitted", "extends: makruk", &values_line(&out)]
    );
    // An existing file is never overwritten.
    let again = values(&[&["makruk", "--write", f][..], &quick[..]].concat());
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("the file exists"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);

    // A rule file is extended by its path from the written file's folder…
    let sub = dir.path().join("rules");
    std::fs::create_dir(&sub).unwrap();
    let koth = sub.join("koth.yaml");
    let source = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/kingofthehill.yaml"
    );
    std::fs::copy(source, &koth).unwrap();
    let fitted = dir.path().join("koth-fitted.yaml");
    let k = koth.to_str().unwrap();
    let out = values(&[&[k, "--write", fitted.to_str().unwrap()][..], &quick[..]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&fitted).unwrap();
    assert!(text.contains("\nextends: rules/koth.yaml\n"), "{text}");
    // …and refused where an `extends:` path could not reach it (above the written file).
    let below = sub.join("deeper");
    std::fs::create_dir(&below).unwrap();
    let out = values(
        &[
            &[k, "--write", below.join("x.yaml").to_str().unwrap()][..],
            &quick[..],
        ]
        .concat(),
    );
    assert!(!out.status.success());
    // The message as one line (the report wraps it at the terminal's width).
    let stderr = String::from_utf8_lossy(&out.stderr).replace('│', " ");
    let one_line = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        one_line.contains("is not in that file's folder or below it"),
        "{stderr}"
    );
    assert!(!below.join("x.yaml").exists());
}

#[test]
fn values_save_to_the_cache_that_the_search_grades_read() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| with_cache(dir.path(), args);
    let out = run(&[
        "values",
        "chess",
        "--games",
        "4",
        "--resamples",
        "2",
        "--save",
        "--weights",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = table.lines().collect();
    let values_line = lines.iter().find(|l| l.starts_with("values: {")).unwrap();
    let weights_line = lines.iter().find(|l| l.starts_with("weights: {")).unwrap();
    // The saved file holds the table's two lines for the variant of that name…
    let saved = std::fs::read_to_string(dir.path().join("chess.yaml")).unwrap();
    assert!(saved.contains("\nvariant: chess\ngames: 4\n"), "{saved}");
    assert!(
        saved.contains(values_line) && saved.contains(weights_line),
        "{saved}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("saved to"));
    // …which `explain` shows as the search grades' values, from the cache.
    let explained = String::from_utf8_lossy(&run(&["explain", "chess"]).stdout).to_string();
    assert!(explained.contains("fitted values (cache "), "{explained}");
    // Without the cache, chess has the file it ships.
    let plain = Command::new(env!("CARGO_BIN_EXE_ashtapada"))
        .args(["explain", "chess"])
        .env("ASHTAPADA_VALUES_CACHE", "")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&plain.stdout).contains("fitted values (shipped"));
    // A cache file that does not read is refused where it is wrong.
    std::fs::write(
        dir.path().join("chess.yaml"),
        "variant: chess\nvalues: { quen: 9 }\n",
    )
    .unwrap();
    let bad = run(&["explain", "chess"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("quen"));
}

/// A values cache that does not read stops only what reads it (the tester's item 3): the
/// search grades, located in the cache file with how to get rid of it; perft and the `random`
/// and `greedy` players run as without the cache.
#[test]
fn a_broken_values_cache_stops_only_the_search_grades() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("chaturanga.yaml"), ": : :\n").unwrap();
    let run = |cache: &std::path::Path, args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_ashtapada"))
            .args(args)
            .env("ASHTAPADA_VALUES_CACHE", cache)
            .output()
            .expect("the binary runs")
    };
    let none = std::path::Path::new("");
    for args in [
        &["perft", "chaturanga", "2"][..],
        &[
            "simulate",
            "chaturanga",
            "--games",
            "2",
            "--agents",
            "random",
        ],
        &[
            "simulate",
            "chaturanga",
            "--games",
            "2",
            "--agents",
            "greedy,random",
        ],
    ] {
        let out = run(dir.path(), args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.stdout, run(none, args).stdout, "{args:?}");
    }
    let out = run(
        dir.path(),
        &["simulate", "chaturanga", "--games", "1", "--agents", "easy"],
    );
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("chaturanga.yaml:1:1"), "{stderr}");
    assert!(stderr.contains("ASHTAPADA_VALUES_CACHE="), "{stderr}");
}

#[test]
fn values_fit_on_the_games_of_a_pgn_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("match.pgn");
    // Two finished games (one from a FEN), one unfinished (`*`, left out).
    let games = "[Event \"m\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n\
                 [Event \"m\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\"]\n\
                 [Result \"1/2-1/2\"]\n\n1... d5 2. c4 e6 1/2-1/2\n\n\
                 [Event \"m\"]\n[Result \"*\"]\n\n1. c4 *\n";
    std::fs::write(&file, games).unwrap();
    let path = file.to_str().unwrap();
    let out = values(&[
        "chess",
        "--games-from",
        path,
        "--resamples",
        "2",
        "--weights",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(j["games"], 2);
    assert_eq!(j["from"], path);
    // A byte-order mark before the first tag (as some editors write) reads the same games.
    let bom = dir.path().join("bom.pgn");
    std::fs::write(&bom, format!("\u{feff}{games}")).unwrap();
    let with_bom = values(&[
        "chess",
        "--games-from",
        bom.to_str().unwrap(),
        "--resamples",
        "2",
        "--json",
    ]);
    let b: serde_json::Value = serde_json::from_slice(&with_bom.stdout)
        .unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&with_bom.stderr)));
    assert_eq!(
        (b["games"].clone(), b["positions"].clone()),
        (2.into(), 9.into())
    );
    // Every ply's position is quiet (no capture, no check): 6 + 3.
    assert_eq!(j["positions"], 9);
    assert!(j["weights"].as_array().is_some_and(|w| !w.is_empty()));
    let table = values(&["chess", "--games-from", path, "--resamples", "2"]);
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(
        text.starts_with(&format!("chess: 2 games of the games of `{path}`")),
        "{text}"
    );

    // A move that is not legal is refused, located at the move.
    std::fs::write(&file, "[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n").unwrap();
    let out = values(&["chess", "--games-from", path]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game 1, move 3 `Ke3` is not legal"), "{err}");
    // No finished game, a variant PGN cannot hold, and self-play options with the file.
    std::fs::write(&file, "[Result \"*\"]\n\n1. e4 *\n").unwrap();
    let err = values(&["chess", "--games-from", path]).stderr;
    assert!(String::from_utf8_lossy(&err).contains("no game with a result"));
    let err = values(&["chaturaji", "--games-from", path]).stderr;
    assert!(String::from_utf8_lossy(&err).contains("PGN holds two-seat games"));
    let out = values(&["chess", "--games-from", path, "--games", "3"]);
    assert!(!out.status.success());
}

#[test]
fn values_fit_on_scored_positions_of_an_epd_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("scored.epd");
    let path = file.to_str().unwrap();
    // Two games' positions (ids), an engine's scores for the seat to move; one line in check
    // (black's king after 1. e4 f6 2. Qh5+) is left out; a comment and a blank line skipped.
    let epd = "# scored\n\
        rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ce 20; id \"g1\";\n\
        rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 ce -25; id \"g1\";\n\
        \n\
        rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - ce -110; id \"g2\";\n\
        rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - c9 \"1-0\"; id \"g2\";\n\
        rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - ce -300; id \"g2\";\n";
    std::fs::write(&file, epd).unwrap();
    let out = values(&[
        "chess",
        "--positions-from",
        path,
        "--resamples",
        "2",
        "--weights",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("1 position left out"), "{err}");
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        (j["games"].clone(), j["positions"].clone()),
        (2.into(), 4.into())
    );
    assert_eq!(j["from"], path);
    assert!(j["weights"].as_array().is_some_and(|w| !w.is_empty()));
    let table = values(&["chess", "--positions-from", path, "--resamples", "2"]);
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(
        text.starts_with(&format!("chess: 4 scored positions of `{path}` (2 ids)")),
        "{text}"
    );

    // Bad lines are refused at their line: no label, a score that is no number, a result
    // that is none, a position of another board; a variant EPD cannot hold.
    for (line, message) in [
        (
            "8/8/8/8/8/8/8/K6k w - - id \"x\";",
            "line 2 has no score (`ce`) and no result (`c9`)",
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - ce +-3;",
            "line 2: `ce +-3` is not a score in centipawns",
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - ce inf;",
            "line 2: `ce inf` is not a score in centipawns",
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - c9 \"2-0\";",
            "line 2: `c9 \"2-0\"` is not a result",
        ),
        (
            "8/8/8/8/8/8/K6k w - - ce 1;",
            "line 2 is not a position of chess",
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - ce 1; 8/8/8/8/8/8/8/K6k w - - ce 2;",
            "line 2: `8/8/8/8/8/8/8/K6k` is not an EPD operation",
        ),
    ] {
        std::fs::write(&file, format!("# one bad line\n{line}\n")).unwrap();
        let out = values(&["chess", "--positions-from", path]);
        assert!(!out.status.success(), "{line}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{line}: {err}");
        assert!(err.contains("scored.epd:2:"), "{line}: located: {err}");
    }
    // Lines may end with a lone `\r`; a check-counting variant's EPD keeps its check count
    // (`3+3`) between the four fields and the operations.
    std::fs::write(
        &file,
        "8/8/8/8/8/8/8/K6k w - - ce 1;\r8/8/8/8/8/8/8/K6k w - - c9 \"2-0\";\r",
    )
    .unwrap();
    let err =
        String::from_utf8_lossy(&values(&["chess", "--positions-from", path]).stderr).to_string();
    assert!(
        err.contains("line 2: `c9 \"2-0\"` is not a result"),
        "{err}"
    );
    std::fs::write(
        &file,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 ce 20; id \"a\";\n\
         rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3+3 ce -20; id \"a\";\n",
    )
    .unwrap();
    let out = values(&[
        "3check",
        "--positions-from",
        path,
        "--resamples",
        "2",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        (j["games"].clone(), j["positions"].clone()),
        (1.into(), 2.into())
    );
    std::fs::write(&file, "# nothing\n").unwrap();
    let err = values(&["chess", "--positions-from", path]).stderr;
    assert!(String::from_utf8_lossy(&err).contains("no position to fit on"));
    let err = values(&["chaturaji", "--positions-from", path]).stderr;
    assert!(String::from_utf8_lossy(&err).contains("EPD holds two-seat positions"));
    let out = values(&["chess", "--positions-from", path, "--games", "3"]);
    assert!(!out.status.success());
    let missing = dir.path().join("missing.epd");
    let err = values(&["chess", "--positions-from", missing.to_str().unwrap()]).stderr;
    assert!(String::from_utf8_lossy(&err).contains("cannot read the positions"));
}

#[test]
fn values_fit_and_save_piece_square_tables_that_the_search_grades_read() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| with_cache(dir.path(), args);
    let out = run(&[
        "values",
        "chess",
        "--games",
        "4",
        "--resamples",
        "2",
        "--squares",
        "--save",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The tables print rank by rank (eight ranks of eight, middle game | end game) per kind.
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("piece-square tables in units"), "{table}");
    let knight = table.split("knight (").nth(1).expect("a knight table");
    let ranks: Vec<&str> = knight.lines().skip(1).take(8).collect();
    for r in &ranks {
        let (mg, eg) = r.split_once('|').expect("middle game | end game");
        assert_eq!(
            (mg.split_whitespace().count(), eg.split_whitespace().count()),
            (8, 8),
            "{r}"
        );
    }
    // Saved as the `squares:` section, 64 squares a list; read back by the search grades.
    let saved = std::fs::read_to_string(dir.path().join("chess.yaml")).unwrap();
    let section = saved.split("squares:\n").nth(1).expect("a squares section");
    let knight = section.split("  knight:\n").nth(1).expect("knight");
    let mg = knight.lines().next().unwrap().trim();
    assert!(mg.starts_with("mg: ["), "{mg}");
    assert_eq!(mg.matches(',').count(), 63, "{mg}");
    let explain = run(&["explain", "chess"]);
    let text = String::from_utf8_lossy(&explain.stdout);
    assert!(
        text.contains(
            "piece-square tables (middle and end game, added to the built-in ones): king"
        ),
        "{text}"
    );
    // A fit without `--weights` or `--squares` keeps the weights and tables in use (here the
    // shipped chess weights the first save carried over, and its tables).
    assert!(saved.contains("\nweights: { reach: 0.59"), "{saved}");
    let out = run(&[
        "values",
        "chess",
        "--games",
        "2",
        "--resamples",
        "2",
        "--save",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let again = std::fs::read_to_string(dir.path().join("chess.yaml")).unwrap();
    assert!(again.contains("\nweights: { reach: 0.59"), "{again}");
    assert!(again.contains(&format!("  knight:\n    {mg}")), "{again}");
    // A cache file whose list is short is refused where it is written.
    let broken = saved.replacen("    mg: [", "    mg: [1, ", 1);
    let short = broken.replacen(&format!("    mg: [{}", &mg[5..]), "    mg: [1, 2, 3]", 1);
    std::fs::write(dir.path().join("chess.yaml"), short).unwrap();
    let out = run(&["simulate", "chess", "--agents", "easy", "--games", "1"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("lists 3 squares; the board has 64"), "{err}");
}
