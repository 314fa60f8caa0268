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
