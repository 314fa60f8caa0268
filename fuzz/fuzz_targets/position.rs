//! Position parser: any text is read as a position of every built-in variant (FEN or extended
//! position string); a position that reads is written back, read again and must give the same
//! string, and its legal moves are generated. Every error is rendered as the binary renders
//! it (one input in 64 goes through `ashtapada perft 1 --fen` itself).
#![no_main]

#[path = "common.rs"]
mod common;

use ashtapada::notation::{parse_position, to_position_string};
use ashtapada::spec::BUILTIN;
use libfuzzer_sys::fuzz_target;


fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (i, (v, (name, _))) in common::variants().iter().zip(BUILTIN).enumerate() {
        if data.len() % 64 == i {
            common::run(&["perft", name, "1", &format!("--fen={text}")]);
        }
        let mut pos = match parse_position(v, text) {
            Ok(p) => p,
            Err(e) => {
                common::render_at("--fen", text, e.span.clone(), &e.message());
                continue;
            }
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
