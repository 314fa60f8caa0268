//! Position parser: any text is read as a position of every built-in variant (FEN or extended
//! position string); a position that reads is written back, read again and must give the same
//! string, and its legal moves are generated. The text is also given to `perft 1 --fen`, so
//! that every error is rendered as the binary renders it.
#![no_main]

#[path = "common.rs"]
mod common;

use ashtapada::notation::{parse_position, to_position_string};
use ashtapada::spec::BUILTIN;
use ashtapada::{Assignment, Variant, load_variant};
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, OnceLock};

fn variants() -> &'static [Arc<Variant>] {
    static V: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    V.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|(n, _)| load_variant(n, &Assignment::default()).expect("built-in compiles"))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (v, (name, _)) in variants().iter().zip(BUILTIN) {
        common::run(&["perft", name, "1", &format!("--fen={text}")]);
        let Ok(mut pos) = parse_position(v, text) else {
            continue;
        };
        let written = to_position_string(&pos);
        let again = parse_position(v, &written)
            .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
        assert_eq!(to_position_string(&again), written, "round trip of {text:?}");
        assert_eq!(pos.hash(), pos.compute_hash());
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let _ = pos.outcome();
    }
});
