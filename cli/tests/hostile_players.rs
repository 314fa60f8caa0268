//! Issue 28: outside players that never read, flood, exit while a process they started holds
//! their output, or outlive the run, and `simulate` interrupted by signals. Each run is bounded
//! by a wall-clock limit far above the time it needs, so a hang fails the test instead of
//! stalling it; the assertions are on behaviour (messages, exit codes, files, processes),
//! never on timings.

use serde_json::Value;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The longest any run here may take before it counts as hung.
const BOUND: Duration = Duration::from_secs(90);

fn command(args: &[&str], dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ashtapada"));
    c.args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// Waits for `child` at most [`BOUND`]; kills it and fails the test if it is still running.
fn finish(child: Child, what: &str) -> Output {
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    match rx.recv_timeout(BOUND) {
        Ok(out) => out.expect("ashtapada ran"),
        Err(_) => {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
            panic!("{what}: still running after {BOUND:?}: it hangs");
        }
    }
}

/// Runs `ashtapada ARGS` in `dir`, bounded by [`BOUND`].
fn run(args: &[&str], dir: &Path) -> Output {
    let child = command(args, dir).spawn().expect("ashtapada starts");
    finish(child, &args.join(" "))
}

/// The diagnostic on one line: miette's wrapping and margins undone.
fn unwrapped(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let words: Vec<&str> = text.split_whitespace().filter(|w| *w != "│").collect();
    words.join(" ")
}

/// True while process `pid` exists and is not a zombie.
fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        // The state follows the command name in parentheses.
        s.rsplit_once(") ")
            .is_some_and(|(_, rest)| !rest.starts_with('Z'))
    })
}

/// Waits (up to 20 s) for process `pid` to end; false if it is still running.
fn ends(pid: &str) -> bool {
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if !alive(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

/// Waits (up to [`BOUND`]) until `path` exists and holds a line.
fn wait_for_file(path: &Path) -> String {
    let deadline = Instant::now() + BOUND;
    while Instant::now() < deadline {
        if let Ok(s) = std::fs::read_to_string(path)
            && s.ends_with('\n')
        {
            return s.trim().to_string();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("`{}` was never written", path.display());
}

/// Waits (up to [`BOUND`]) until `dir` holds at least `n` game records.
fn wait_for_records(dir: &Path, n: usize) {
    let deadline = Instant::now() + BOUND;
    while Instant::now() < deadline {
        let count = std::fs::read_dir(dir).map_or(0, |d| {
            d.flatten()
                .filter(|e| e.file_name().to_string_lossy().starts_with("game-"))
                .count()
        });
        if count >= n {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("fewer than {n} records in `{}`", dir.display());
}

fn signal(pid: u32, sig: &str) {
    let ok = Command::new("kill")
        .args([&format!("-{sig}"), &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(ok.success());
}

/// The files in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Item 4: a player that answers `pass` without ever reading its input. Its input pipe fills
/// within the first game (a Chaturaji turn message is kilobytes); the write is bounded by
/// `--agent-timeout` like the read, and the run ends with an error naming the game and seat.
#[test]
fn a_player_that_never_reads_is_timed_out() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("deaf.py"),
        "import json, time\nwhile True:\n    print(json.dumps({'action': 'pass'}), flush=True)\n    time.sleep(0.002)\n",
    )
    .unwrap();
    let out = run(
        &[
            "simulate",
            "chaturaji",
            "--games",
            "200",
            "--threads",
            "1",
            "--agent-timeout",
            "3",
            "--agents",
            "cmd:python3 deaf.py",
            "--format",
            "json",
        ],
        dir.path(),
    );
    let err = unwrapped(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("`python3 deaf.py` did not read its input within 3.0 s"),
        "{err}"
    );
    assert!(err.contains("agent `cmd:python3 deaf.py`"), "{err}");
}

/// An engine that floods: `uciok`, then 1 MiB of `info string` lines every 50 ms, never
/// `readyok`.
const FLOOD: &str = r#"
import sys, time
print("uciok", flush=True)
line = b"info string " + b"x" * 65536 + b"\n"
while True:
    for _ in range(16):
        sys.stdout.buffer.write(line)
    sys.stdout.flush()
    time.sleep(0.05)
"#;

/// Item 5: a flooding UCI player is a clear error naming the seat, long before its timeout,
/// with bounded memory (the line queue and the bytes awaited per answer are bounded).
#[test]
fn a_flooding_player_is_an_error_naming_the_seat() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("flood.py"), FLOOD).unwrap();
    let out = run(
        &[
            "simulate",
            "chess",
            "--games",
            "2",
            "--agent-timeout",
            "600",
            "--agents",
            "uci:python3 flood.py nodes=1,random",
        ],
        dir.path(),
    );
    let err = unwrapped(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("`python3 flood.py` flooded its output: over 8 MiB"),
        "{err}"
    );
    assert!(err.contains("seat white"), "{err}");
}

/// Item 9: a player that exits while a process it started holds its output is reported as
/// exited (not as silent after the timeout), and that process is ended with it.
#[test]
fn a_player_that_exits_leaving_a_grandchild_is_reported_as_exited() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("fork.sh"),
        "read game\nread turn\nsleep 300 &\necho $! > grandchild.pid\nexit 3\n",
    )
    .unwrap();
    let out = run(
        &[
            "simulate",
            "shatranj",
            "--games",
            "1",
            "--agent-timeout",
            "600",
            "--agents",
            "cmd:sh fork.sh,random",
        ],
        dir.path(),
    );
    let err = unwrapped(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("`sh fork.sh` exited (exit status: 3)"),
        "{err}"
    );
    let grandchild = wait_for_file(&dir.path().join("grandchild.pid"));
    assert!(ends(&grandchild), "the player's `sleep` is still running");
}

/// A player that notes its own and its child's process ids, answers with the first legal
/// action (after `delay` seconds), and ignores the end of its input and SIGTERM: only its
/// process group's end stops it.
fn stubborn(delay: f64) -> String {
    format!(
        r#"
import json, os, signal, subprocess, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
signal.signal(signal.SIGINT, signal.SIG_IGN)
child = subprocess.Popen(["sleep", "300"])
# One temporary name per process: two games run at once, each with its own player.
tmp = f"pids.{{os.getpid()}}.tmp"
open(tmp, "w").write(f"{{os.getpid()}} {{child.pid}}\n")
os.rename(tmp, "pids.txt")
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "turn":
        time.sleep({delay})
        print(json.dumps({{"action": m["legal"][0]["action"]}}), flush=True)
while True:
    time.sleep(1)
"#
    )
}

/// Item 2: the first SIGINT stops `simulate` at the next game boundary: the games completed
/// are reported (marked partial, with their count), their records are kept, no temporary file
/// stays, and the exit code is 130. Item 9: the player, which ignores the end of its input
/// and SIGTERM, and its child are ended.
#[test]
fn a_first_interrupt_reports_the_games_completed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("stubborn.py"), stubborn(0.0)).unwrap();
    let records = dir.path().join("rec");
    let mut cmd = command(
        &[
            "simulate",
            "shatranj",
            "--games",
            "1000000",
            "--threads",
            "2",
            "--max-plies",
            "60",
            "--agents",
            "cmd:python3 stubborn.py,random",
            "--format",
            "json",
            "--records",
            records.to_str().unwrap(),
        ],
        dir.path(),
    );
    let child = cmd.spawn().unwrap();
    let pid = child.id();
    wait_for_records(&records, 3);
    signal(pid, "INT");
    let out = finish(child, "interrupted simulate");
    let err = unwrapped(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let kept = listing(&records);
    assert!(
        kept.iter()
            .all(|n| n.starts_with("game-") && n.ends_with(".json")),
        "{kept:?}"
    );
    assert_eq!(report["games"], kept.len() as u64, "{err}");
    assert_eq!(report["runs"][0]["tally"]["games"], kept.len() as u64);
    assert_eq!(report["partial"]["reason"], "interrupted (SIGINT)");
    assert_eq!(report["partial"]["games_completed"], kept.len() as u64);
    assert_eq!(report["partial"]["games_requested"], 1_000_000);
    assert!(
        err.contains(&format!(
            "interrupted (SIGINT): the report covers the games completed ({} of 1000000) and \
             is marked partial",
            kept.len()
        )),
        "{err}"
    );
    let pids = wait_for_file(&dir.path().join("pids.txt"));
    for p in pids.split_whitespace() {
        assert!(ends(p), "process {p} of the player is still running");
    }
    // The records replay.
    let first = records.join(&kept[0]);
    let replay = run(&["replay", first.to_str().unwrap()], dir.path());
    assert!(replay.status.success());
}

/// Item 2: a second SIGTERM ends the run at once (exit 143) while a slow player is thinking:
/// the player's process group is ended and no temporary file stays in the records folder;
/// stale temporaries never make `--force` refuse the folder.
#[test]
fn a_second_signal_stops_at_once_and_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("stubborn.py"), stubborn(0.5)).unwrap();
    let records = dir.path().join("rec");
    let mut cmd = command(
        &[
            "simulate",
            "shatranj",
            "--games",
            "1000",
            "--threads",
            "1",
            "--agents",
            "cmd:python3 stubborn.py,random",
            "--records",
            records.to_str().unwrap(),
        ],
        dir.path(),
    );
    let child = cmd.spawn().unwrap();
    let pid = child.id();
    let pids = wait_for_file(&dir.path().join("pids.txt"));
    signal(pid, "TERM");
    std::thread::sleep(Duration::from_millis(300));
    signal(pid, "TERM");
    let out = finish(child, "terminated simulate");
    let err = unwrapped(&out.stderr);
    assert_eq!(out.status.code(), Some(143), "{err}");
    assert!(
        err.contains("terminated (SIGTERM): stopped at once"),
        "{err}"
    );
    for p in pids.split_whitespace() {
        assert!(ends(p), "process {p} of the player is still running");
    }
    let left = listing(&records);
    assert!(left.iter().all(|n| !n.ends_with(".tmp")), "{left:?}");
    // A temporary left by a run killed outright (SIGKILL) does not block `--force`.
    std::fs::write(records.join(".game-7.json.AbC123.tmp"), "{").unwrap();
    std::fs::write(records.join("game-7.json"), "{}").unwrap();
    let out = run(
        &[
            "simulate",
            "shatranj",
            "--games",
            "2",
            "--records",
            records.to_str().unwrap(),
            "--force",
        ],
        dir.path(),
    );
    assert!(out.status.success(), "{}", unwrapped(&out.stderr));
    assert_eq!(listing(&records), ["game-0.json", "game-1.json"]);
}
