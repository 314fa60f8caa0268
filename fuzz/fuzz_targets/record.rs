//! Game records: any text is read as a record (JSON or YAML) and replayed on every built-in
//! variant; every error is rendered as `ashtapada replay` renders it. One input in 32 goes
//! through `ashtapada replay` itself (from a file), the record's own `variant:` too when it
//! cannot name a path (a named pipe would block).
#![no_main]

#[path = "common.rs"]
mod common;

use ashtapada::notation::{Record, ReplayError};
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
    if data.len() % 32 == 0 && std::fs::write(scratch(), data).is_ok() {
        let p = scratch().to_str().expect("a UTF-8 path");
        if !data.contains(&b'/') && !data.contains(&b'.') {
            common::run(&["replay", p]);
        }
        common::run(&["replay", p, "--rules", "chaturaji"]);
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let record = match Record::parse(text) {
        Ok(r) => r,
        Err(e) => {
            common::render_at("record.json", text, e.span.clone(), &e.message);
            return;
        }
    };
    for v in common::variants() {
        match record.replay_on(v) {
            Ok(mut pos) => {
                let _ = pos.outcome();
                let _ = Record::from_position(&pos, record.seed).to_json();
            }
            Err(ReplayError::Start(e)) => {
                let start = record.start.as_deref().unwrap_or("");
                common::render_at("start", start, e.span.clone(), &e.message());
            }
            Err(e) => {
                let _ = ashtapada::diag::printable(&e.to_string());
            }
        }
    }
});
