//! The real binary under resource limits: a request for more threads than the process may
//! start is met with as many as it can start, not a panic.

use std::process::Command;

#[cfg(target_os = "linux")]
#[test]
fn thousands_of_threads_under_a_memory_limit_are_not_a_panic() {
    // 1 GB of address space: a few hundred thread stacks at most, not 1024.
    let bin = env!("CARGO_BIN_EXE_ashtapada");
    let script = format!(
        "ulimit -v 1000000 && exec '{bin}' simulate chaturaji --games 2000 --threads 4096 --format json"
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .output()
        .expect("sh runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // The same report as one thread gives: the thread count never changes the results.
    let one = Command::new(bin)
        .args([
            "simulate",
            "chaturaji",
            "--games",
            "2000",
            "--threads",
            "1",
            "--format",
            "json",
        ])
        .output()
        .expect("the binary runs");
    assert_eq!(out.stdout, one.stdout);
}
