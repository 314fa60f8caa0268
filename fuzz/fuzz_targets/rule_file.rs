//! Rule-file loader: any text is loaded and, when it loads, compiled with its default options
//! and with every single named choice; neither may panic, hang or exhaust memory, and every
//! diagnostic is rendered as `ashtapada check` renders it. A file that compiles is explained
//! and its start position's moves are generated.
#![no_main]

#[path = "common.rs"]
mod common;

use ashtapada::spec::load_str;
use ashtapada::{Assignment, Position, compile};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = match load_str("fuzz.yaml", text) {
        Ok(f) => f,
        Err(e) => {
            common::render(&e);
            return;
        }
    };
    let mut assignments = vec![Assignment::default()];
    for o in &file.options {
        for c in o.listed_choices() {
            assignments.push(Assignment::default().with(&o.name, &c));
        }
    }
    for a in assignments.iter().take(16) {
        match compile(&file, a) {
            Ok(v) => {
                let _ = v.explain();
                let mut pos = Position::start(v);
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                let _ = pos.outcome();
            }
            Err(e) => {
                common::render(&e);
            }
        }
    }
});
