//! Game records: any text is written to a file and replayed with `ashtapada replay`, which
//! reads it as JSON or YAML, loads its variant and plays its actions; every error is rendered
//! as the binary renders it. Records naming a rule-file path are kept to the built-in variants
//! (the target must not open the machine's files; a named pipe would block).
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;

fn scratch() -> &'static PathBuf {
    static P: OnceLock<PathBuf> = OnceLock::new();
    P.get_or_init(|| {
        let base = if std::path::Path::new("/dev/shm").is_dir() {
            PathBuf::from("/dev/shm")
        } else {
            std::env::temp_dir()
        };
        base.join(format!("ashtapada-fuzz-record-{}.json", std::process::id()))
    })
}

fuzz_target!(|data: &[u8]| {
    // Paths in `variant:` would make the target read arbitrary files: replay on a built-in.
    let path = scratch();
    if std::fs::write(path, data).is_err() {
        return;
    }
    let p = path.to_str().expect("a UTF-8 path");
    // The record's own `variant:` too, unless it could name a path (a FIFO would block).
    if !data.contains(&b'/') && !data.contains(&b'.') {
        common::run(&["replay", p]);
    }
    common::run(&["replay", p, "--rules", "chaturaji"]);
    common::run(&["replay", p, "--rules", "yonin-shogi"]);
    common::run(&["replay", p, "--rules", "chaturanga"]);
});
