//! The README's scale-out pipeline run as written, with GNU parallel (Debian's `parallel`;
//! `apt-get install -y parallel`): shards played by `parallel … --shard {}/N`, merged by
//! `ashtapada merge`, give exactly the single run's report, and the shards' per-game tables,
//! combined as the README says, the single run's per-game table.

use std::path::Path;
use std::process::Command;

fn sh(script: &str, dir: &Path) -> String {
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env("ASHTAPADA", env!("CARGO_BIN_EXE_ashtapada"))
        .output()
        .expect("sh runs");
    assert!(
        out.status.success(),
        "`{script}` failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

#[test]
fn gnu_parallel_shards_merge_into_the_single_run() {
    let found = Command::new("parallel").arg("--version").output();
    assert!(
        found.is_ok_and(|o| o.status.success()),
        "GNU parallel is needed for this test: apt-get install -y parallel"
    );
    let dir = std::env::temp_dir().join(format!("ashtapada-parallel-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let run =
        "\"$ASHTAPADA\" simulate chaturaji --games 60 --sweep promotion --sweep throne-points";
    // The README's pipeline, with fewer games and shards.
    sh(
        &format!(
            "parallel --will-cite {run} --shard {{}}/4 --format json --out part-{{}}.json \
             --per-game games-{{}}.csv ::: $(seq 0 3)"
        ),
        &dir,
    );
    let merged = sh("\"$ASHTAPADA\" merge part-*.json --format json", &dir);
    let single = sh(&format!("{run} --format json --per-game games.csv"), &dir);
    assert_eq!(merged, single, "merged shards are the single run's report");
    assert!(single.contains("\"effects\""), "main effects merged too");
    let table = sh("\"$ASHTAPADA\" merge part-*.json", &dir);
    assert_eq!(table, sh(run, &dir), "the merged table is the single run's");
    let combined = sh(
        "{ head -n 1 games-0.csv; tail -q -n +2 games-*.csv | sort -t, -k1,1n -k2,2n; }",
        &dir,
    );
    let whole = std::fs::read_to_string(dir.join("games.csv")).unwrap();
    assert_eq!(
        combined, whole,
        "combined per-game tables are the single run's"
    );
    assert_eq!(whole.lines().count(), 1 + 60 * 4);
    let _ = std::fs::remove_dir_all(&dir);
}
