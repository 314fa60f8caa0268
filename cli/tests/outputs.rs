//! The real binary, interrupted: a run killed before it ends leaves no `--out` or `--plot`
//! file, empty or partial, behind.

use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn an_interrupted_run_leaves_no_output_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (out, plot) = (dir.path().join("r.json"), dir.path().join("p.svg"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_ashtapada"))
        .args([
            "simulate",
            "chaturaji",
            "--games",
            "1000000000",
            "--format",
            "json",
        ])
        .arg("--out")
        .arg(&out)
        .arg("--plot")
        .arg(&plot)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    // Long enough to be playing (the outputs were checked before the first game).
    std::thread::sleep(Duration::from_millis(1500));
    assert!(child.try_wait().expect("waits").is_none(), "still playing");
    child.kill().expect("killed");
    child.wait().expect("ends");
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .expect("listed")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}
