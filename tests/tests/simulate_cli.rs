//! `ashtapada simulate` and `ashtapada merge`: tables, CSV and JSON with their schemas, bad
//! input, thread and shard independence, sweeps with paired seeds, plots and records.

use ashtapada::spec::BUILTIN;
use serde_json::Value;
use std::path::PathBuf;

use ashtapada_tests::{bad, ok};

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    serde_json::from_str(&ok(&all)).unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ashtapada-sim-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn simulate_prints_a_table_for_every_built_in_variant() {
    for (name, _) in BUILTIN {
        let out = ok(&["simulate", name, "--games", "20", "--seed", "5"]);
        for part in [
            "win share",
            "95% interval",
            "mean score",
            "first seat",
            "rounds",
            "plies",
            "per game",
            "end reason",
        ] {
            assert!(out.contains(part), "{name}: no `{part}` in\n{out}");
        }
        let again = ok(&[
            "simulate",
            name,
            "--games",
            "20",
            "--seed",
            "5",
            "--threads",
            "1",
        ]);
        assert_eq!(out, again, "{name}: same output with one thread");
    }
}

#[test]
fn simulate_and_merge_reject_bad_input_with_one_clear_message() {
    assert!(bad(&["simulate", "chaturaji", "--games", "0"]).contains("--games 0"));
    bad(&["simulate", "chaturaji", "--set", "dice=seven-sided"]);
    bad(&["simulate", "chaturaji", "--set", "no-such-option=on"]);
    bad(&["simulate", "no-such-variant"]);
    let e = bad(&["simulate", "chaturaji", "--agents", "gredy"]);
    assert!(
        e.contains("unknown agent `gredy`") && e.contains("greedy"),
        "{e}"
    );
    let e = bad(&["simulate", "chaturaji", "--agents", "random,greedy"]);
    assert!(e.contains("2 agents given for 4 seats"), "{e}");
    for shard in ["4/4", "x", "1/0", "2/2", "1", "1/2/3"] {
        let e = bad(&["simulate", "chaturaji", "--shard", shard]);
        assert!(e.contains("is not a shard K/N"), "{shard}: {e}");
    }
    let e = bad(&["simulate", "chaturaji", "--sweep", "promotoin"]);
    assert!(
        e.contains("unknown option `promotoin`") && e.contains("promotion"),
        "{e}"
    );
    let e = bad(&["simulate", "chaturaji", "--sweep", "round-limit=20,fifty"]);
    assert!(
        e.contains("`fifty` is not a choice of option `round-limit`"),
        "{e}"
    );
    let e = bad(&[
        "simulate",
        "chaturaji",
        "--sweep",
        "dice",
        "--sweep",
        "dice",
    ]);
    assert!(e.contains("swept twice"), "{e}");
    let e = bad(&["merge", "/no/such/report.json"]);
    assert!(e.contains("cannot read"), "{e}");
    let dir = temp_dir("bad-merge");
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"variant\": 3}").unwrap();
    let e = bad(&["merge", junk.to_str().unwrap()]);
    assert!(e.contains("not a simulation report"), "{e}");
    // A report with no runs is refused (it would have nothing to print or plot).
    let empty = dir.join("empty.json");
    std::fs::write(
        &empty,
        r#"{"variant":"x","seed":0,"agents":["random"],"max_plies":1,"games":1,"shard":null,"swept":[],"runs":[]}"#,
    )
    .unwrap();
    let e = bad(&["merge", empty.to_str().unwrap(), "--plot", "/dev/null"]);
    assert!(e.contains("the report has no runs"), "{e}");
    // An edited report whose totals do not add up is refused.
    let part = dir.join("part.json");
    let p = part.to_str().unwrap();
    ok(&[
        "simulate",
        "chaturanga",
        "--games",
        "4",
        "--shard",
        "0/1",
        "--format",
        "json",
        "--out",
        p,
    ]);
    let text = std::fs::read_to_string(&part).unwrap();
    let edited = text.replacen(
        "\"games\": 4,\n        \"wins\"",
        "\"games\": 99999,\n        \"wins\"",
        1,
    );
    assert_ne!(edited, text, "the tally's game count was edited");
    std::fs::write(&part, edited).unwrap();
    let e = bad(&["merge", p]);
    assert!(e.contains("do not add up"), "{e}");
    // `--out` and `--plot` are checked before the games are played.
    let e = bad(&[
        "simulate",
        "chaturaji",
        "--games",
        "100000000",
        "--out",
        "/no/such/dir/r.json",
    ]);
    assert!(e.contains("cannot write `/no/such/dir/r.json`"), "{e}");
    let e = bad(&[
        "simulate",
        "chaturaji",
        "--games",
        "100000000",
        "--plot",
        "/no/such/dir/p.svg",
    ]);
    assert!(e.contains("cannot write `/no/such/dir/p.svg`"), "{e}");
    // A plot is an SVG picture, whatever name it is given.
    let e = bad(&["simulate", "chaturaji", "--plot", "shares.png"]);
    assert!(e.contains("plots are SVG"), "{e}");
    let e = bad(&["simulate", "chaturaji", "--max-plies", "0"]);
    assert!(e.contains("--max-plies 0"), "{e}");
    // A value given twice, or a sweep of nothing but the baseline.
    let e = bad(&["simulate", "chaturaji", "--sweep", "round-limit=20,020"]);
    assert!(
        e.contains("`020` is given twice in the sweep of `round-limit`"),
        "{e}"
    );
    let e = bad(&["simulate", "chaturaji", "--sweep", "round-limit=30"]);
    assert!(e.contains("gives only its baseline `30`"), "{e}");
    // A JSON value that is not an object is not a report.
    std::fs::write(&junk, "[1, 2]").unwrap();
    let e = bad(&["merge", junk.to_str().unwrap()]);
    assert!(
        e.contains("not a simulation report") && e.contains("object"),
        "{e}"
    );
}

/// The JSON report carries the documented keys for every run; win shares sum to 1 within
/// their intervals; end reasons count every game; and it is byte-identical for 1 and 2
/// threads.
#[test]
fn json_report_has_the_documented_schema_and_ignores_threads() {
    let run = |threads: &str| {
        ok(&[
            "simulate",
            "chaturaji",
            "--games",
            "60",
            "--seed",
            "9",
            "--threads",
            threads,
            "--format",
            "json",
        ])
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let v: Value = serde_json::from_str(&one).unwrap();
    assert_eq!(v["variant"], "chaturaji");
    assert_eq!(v["games"], 60);
    assert_eq!(v["shard"], Value::Null);
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let r = &runs[0];
    for key in [
        "variant",
        "options",
        "games",
        "seats",
        "first_seat",
        "length",
        "end_reasons",
        "events",
        "difference",
        "tally",
    ] {
        assert!(r.get(key).is_some(), "missing `{key}`");
    }
    assert_eq!(r["games"], 60);
    assert_eq!(r["options"]["dice"], "six-sided");
    let seats = r["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    let total: f64 = seats.iter().map(|s| s["win_share"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    for s in seats {
        let (w, lo, hi) = (
            s["win_share"].as_f64().unwrap(),
            s["win_share_ci"][0].as_f64().unwrap(),
            s["win_share_ci"][1].as_f64().unwrap(),
        );
        assert!(lo <= w && w <= hi && 0.0 <= lo && hi <= 1.0, "{s}");
    }
    for key in ["mean_rounds", "mean_plies", "median_plies", "p90_plies"] {
        assert!(r["length"][key].as_f64().is_some(), "length.{key}");
    }
    let games: u64 = r["end_reasons"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(games, 60);
    assert_eq!(r["first_seat"]["fair_share"], 0.25);
}

/// The shape of the JSON report: every key with the type of its value (arrays by their last
/// element: the last run of a sweep has a `difference`), reviewed against the README's schema.
#[test]
fn json_schema_snapshot() {
    fn shape(v: &Value, path: &str, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    // Maps keyed by data (names, lengths) are shown once, as `*`.
                    let dynamic = [
                        ".end_reasons",
                        ".events",
                        "tally.plies",
                        "tally.rounds",
                        ".options",
                    ]
                    .iter()
                    .any(|d| path.ends_with(d));
                    if dynamic {
                        out.push(format!("{path}.*: {}", kind(x)));
                        return;
                    }
                    let p = format!("{path}.{k}");
                    out.push(format!("{p}: {}", kind(x)));
                    shape(x, &p, out);
                }
            }
            Value::Array(a) => {
                if let Some(x) = a.last() {
                    shape(x, &format!("{path}[]"), out);
                }
            }
            _ => {}
        }
    }
    fn kind(v: &Value) -> &'static str {
        match v {
            Value::Null => "null",
            Value::Bool(_) => "bool",
            Value::Number(n) if n.is_f64() => "number",
            Value::Number(_) => "integer",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        }
    }
    let v = json(&[
        "simulate",
        "chaturaji",
        "--games",
        "30",
        "--sweep",
        "promotion",
    ]);
    let mut lines = Vec::new();
    shape(&v, "", &mut lines);
    lines.dedup();
    insta::assert_snapshot!(lines.join("\n"));
}

/// CSV: one header and one row per assignment, every row as wide as the header, and the
/// header's columns as documented.
#[test]
fn csv_report_schema_snapshot() {
    let out = ok(&[
        "simulate",
        "chaturaji",
        "--games",
        "30",
        "--sweep",
        "round-limit=20,50",
        "--format",
        "csv",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "header and three assignments:\n{out}");
    let width = lines[0].split(',').count();
    for l in &lines {
        assert_eq!(l.split(',').count(), width, "{l}");
    }
    let limit = lines[0]
        .split(',')
        .position(|c| c == "option.round-limit")
        .unwrap();
    let limits: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(',').nth(limit).unwrap())
        .collect();
    assert_eq!(
        limits,
        ["30", "20", "50"],
        "the default first, as the baseline"
    );
    insta::assert_snapshot!(lines[0].replace(',', "\n"));
}

/// Shards merged give exactly the report of one run: JSON byte for byte, and the table; for a
/// sweep too (paired differences add up across shards).
#[test]
fn merged_shards_equal_the_single_run() {
    let dir = temp_dir("shards");
    let base = [
        "simulate",
        "chaturaji",
        "--games",
        "50",
        "--seed",
        "4",
        "--sweep",
        "boat-triumph",
    ];
    let single = ok(&[&base[..], &["--format", "json"]].concat());
    let mut files = Vec::new();
    for k in 0..3 {
        let shard = format!("{k}/3");
        let path = dir.join(format!("part-{k}.json"));
        let p = path.to_str().unwrap().to_string();
        ok(&[
            &base[..],
            &["--shard", &shard, "--format", "json", "--out", &p],
        ]
        .concat());
        files.push(p);
    }
    let shard0: Value = serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    assert_eq!(shard0["shard"], "0/3");
    assert_eq!(shard0["runs"][0]["games"], 17, "games 0, 3, …, 48");
    let args = |fmt: &'static str| {
        let mut a: Vec<&str> = vec!["merge"];
        a.extend(files.iter().map(String::as_str));
        a.extend(["--format", fmt]);
        a
    };
    assert_eq!(ok(&args("json")), single);
    assert_eq!(
        ok(&args("table")),
        ok(&base),
        "the merged table is the single run's"
    );
    // Shards in any order; a missing or repeated shard is an error.
    let mut reversed = files.clone();
    reversed.reverse();
    let mut a: Vec<&str> = vec!["merge", "--format", "json"];
    a.extend(reversed.iter().map(String::as_str));
    assert_eq!(ok(&a), single);
    let e = bad(&["merge", &files[0], &files[2]]);
    assert!(e.contains("shards missing: 1/3"), "{e}");
    let e = bad(&["merge", &files[0], &files[0], &files[1]]);
    assert!(e.contains("given twice"), "{e}");
    let other = dir.join("other.json");
    let o = other.to_str().unwrap();
    ok(&[
        "simulate",
        "chaturaji",
        "--games",
        "50",
        "--seed",
        "5",
        "--sweep",
        "boat-triumph",
        "--shard",
        "1/3",
        "--format",
        "json",
        "--out",
        o,
    ]);
    let e = bad(&["merge", &files[0], o, &files[2]]);
    assert!(e.contains("not from the same run"), "{e}");
}

/// Every assignment of a sweep plays the same seeds: an option that does not change play
/// (four-player shogi's `show-movable`) gives identical tallies and a zero difference; and the
/// baseline of a sweep is the same games as a run without the sweep.
#[test]
fn sweeps_are_paired_on_the_same_seeds() {
    let v = json(&[
        "simulate",
        "yonin-shogi",
        "--games",
        "12",
        "--sweep",
        "show-movable",
    ]);
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[0]["options"]["show-movable"], "on");
    assert_eq!(runs[1]["options"]["show-movable"], "off");
    let mut a = runs[0]["tally"].clone();
    let mut b = runs[1]["tally"].clone();
    let paired = b.as_object_mut().unwrap().remove("paired").unwrap();
    a.as_object_mut().unwrap().remove("paired");
    assert_eq!(a, b, "the same games under both choices");
    assert_eq!(paired["plies_sq"], 0);
    for d in runs[1]["difference"]["win_share"].as_array().unwrap() {
        assert_eq!(d["mean"], 0.0);
        assert_eq!(d["ci"], serde_json::json!([0.0, 0.0]));
        assert_eq!(d["significant"], false);
    }

    let swept = json(&[
        "simulate",
        "chaturaji",
        "--games",
        "40",
        "--seed",
        "3",
        "--sweep",
        "dice",
    ]);
    let alone = json(&["simulate", "chaturaji", "--games", "40", "--seed", "3"]);
    assert_eq!(swept["runs"][0]["tally"], alone["runs"][0]["tally"]);
    assert_eq!(swept["swept"], serde_json::json!(["dice"]));
    assert_ne!(
        swept["runs"][1]["tally"], swept["runs"][0]["tally"],
        "other dice, other games"
    );
}

/// `--sweep all` plays every combination of the options that change play (not the display
/// option `show-movable`); integer options through their listed values.
#[test]
fn sweep_all_enumerates_the_options_that_change_play() {
    let v = json(&[
        "simulate",
        "yonin-shogi",
        "--games",
        "1",
        "--sweep",
        "all",
        "--max-plies",
        "40",
    ]);
    let swept: Vec<&str> = v["swept"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert_eq!(
        swept,
        [
            "end",
            "format",
            "mated-pieces",
            "move-limit",
            "rotate-first-seat"
        ]
    );
    // 2 · 2 · 2 · 3 (none, 200, 400) · 2 = 48.
    assert_eq!(v["runs"].as_array().unwrap().len(), 48);
    assert_eq!(v["runs"][0]["difference"], Value::Null);
    assert!(v["runs"][1]["difference"].is_object());
}

#[test]
fn out_plot_and_records_files_are_written() {
    let dir = temp_dir("files");
    let (report, plot, records) = (dir.join("r.csv"), dir.join("p.svg"), dir.join("games"));
    let out = ok(&[
        "simulate",
        "chaturaji",
        "--games",
        "6",
        "--sweep",
        "throne-points",
        "--format",
        "csv",
        "--out",
        report.to_str().unwrap(),
        "--plot",
        plot.to_str().unwrap(),
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(out.is_empty(), "the report went to the file: {out}");
    assert_eq!(std::fs::read_to_string(&report).unwrap().lines().count(), 3);
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..80.min(svg.len())]);
    for text in [
        "win share by seat",
        "red",
        "green",
        "game length",
        "throne-points=on",
    ] {
        assert!(svg.contains(text), "no `{text}` in the plot");
    }
    for choice in ["off", "on"] {
        let game = records
            .join(format!("throne-points={choice}"))
            .join("game-5.json");
        let replay = ok(&["replay", game.to_str().unwrap()]);
        assert!(!replay.is_empty());
    }
    // Under other rules the record's options are one report, at the record's `options`.
    let game = records.join("throne-points=on").join("game-0.json");
    let e = bad(&["replay", game.to_str().unwrap(), "--rules", "chaturanga"]);
    assert!(
        e.contains("the record's options do not fit these rules"),
        "{e}"
    );
    assert_eq!(e.matches("×").count(), 1, "one report: {e}");
}

/// Shards made from different rule files that give the variant the same name (an edited copy
/// of a built-in) are refused, naming both files. Reports written before `rules_hash` merge
/// only with each other, and the merged report has none.
#[test]
fn merge_refuses_shards_of_different_rules() {
    let dir = temp_dir("rules-hash");
    let builtin = BUILTIN.iter().find(|(n, _)| *n == "chaturaji").unwrap().1;
    assert!(builtin.contains("quiet_rounds: 12"));
    let edited = dir.join("chaturaji.yaml");
    std::fs::write(
        &edited,
        builtin.replace("quiet_rounds: 12", "quiet_rounds: 11"),
    )
    .unwrap();
    let shard = |variant: &str, k: u32, file: &str| -> String {
        let p = dir.join(file).to_str().unwrap().to_string();
        let s = format!("{k}/2");
        ok(&[
            "simulate", variant, "--games", "6", "--seed", "3", "--shard", &s, "--format", "json",
            "--out", &p,
        ]);
        p
    };
    let a = shard("chaturaji", 0, "a.json");
    let b = shard("chaturaji", 1, "b.json");
    let c = shard(edited.to_str().unwrap(), 1, "c.json");
    let read =
        |p: &str| -> Value { serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap() };
    let (va, vb, vc) = (read(&a), read(&b), read(&c));
    assert_eq!(va["variant"], vc["variant"], "the same variant name");
    let hash = va["rules_hash"].as_str().unwrap();
    assert!(
        hash.len() == 16 && hash.chars().all(|c| c.is_ascii_hexdigit()),
        "{hash}"
    );
    assert_eq!(va["rules_hash"], vb["rules_hash"]);
    assert_ne!(va["rules_hash"], vc["rules_hash"]);
    let merged: Value = serde_json::from_str(&ok(&["merge", &a, &b, "--format", "json"])).unwrap();
    assert_eq!(merged["rules_hash"], va["rules_hash"]);
    // The message may be wrapped, even inside a long path: compare without the wrapping.
    let flat = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace() && *c != '│')
            .collect()
    };
    let e = flat(&bad(&["merge", &a, &c]));
    assert!(
        e.contains(&flat(
            "were made from different rule files for variant `chaturaji`"
        )) && e.contains(&flat(&format!("`{a}`")))
            && e.contains(&flat(&format!("`{c}`"))),
        "{e}"
    );

    // Older reports, without the field.
    let old = |v: &Value, file: &str| -> String {
        let mut v = v.clone();
        v.as_object_mut().unwrap().remove("rules_hash");
        let p = dir.join(file).to_str().unwrap().to_string();
        std::fs::write(&p, v.to_string()).unwrap();
        p
    };
    let (a_old, b_old) = (old(&va, "a-old.json"), old(&vb, "b-old.json"));
    let merged_old: Value =
        serde_json::from_str(&ok(&["merge", &a_old, &b_old, "--format", "json"])).unwrap();
    assert_eq!(merged_old["rules_hash"], Value::Null);
    assert_eq!(merged_old["runs"], merged["runs"]);
    let e = flat(&bad(&["merge", &a_old, &b]));
    assert!(
        e.contains(&flat(&format!("`{a_old}` has no rules_hash")))
            && e.contains(&flat(&format!("`{b}`"))),
        "{e}"
    );
}

/// The CSV's end-reason columns are every reason the variant can give, whatever happened:
/// for Chaturanga (`rules/chaturanga.yaml`: checkmate, stalemate, repetition, the move rule,
/// the three bare-king conditions) and the ply cap, sorted by name — the same for a run whose
/// games all reach the ply cap as for one where none does.
#[test]
fn csv_end_reason_columns_do_not_depend_on_what_happened() {
    let header = |max_plies: &str| -> (Vec<String>, String) {
        let out = ok(&[
            "simulate",
            "chaturanga",
            "--games",
            "4",
            "--max-plies",
            max_plies,
            "--format",
            "csv",
        ]);
        let mut lines = out.lines();
        let head: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
        (head, lines.next().unwrap().to_string())
    };
    let (capped, row) = header("3");
    let (played, _) = header("10000");
    assert_eq!(capped, played);
    let ends: Vec<&str> = capped
        .iter()
        .filter_map(|c| c.strip_prefix("end."))
        .collect();
    assert_eq!(
        ends,
        [
            "bare-king",
            "bared",
            "both-bare",
            "checkmate",
            "move-rule",
            "ply-cap",
            "repetition",
            "stalemate"
        ]
    );
    // All four capped games, 0 for every other reason.
    let cells: Vec<&str> = row.split(',').collect();
    for (c, v) in capped.iter().zip(&cells) {
        if let Some(r) = c.strip_prefix("end.") {
            assert_eq!(*v, if r == "ply-cap" { "4" } else { "0" }, "{c}");
        }
    }
}
