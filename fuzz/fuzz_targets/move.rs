//! Move parser: any text is read as a move and as an action in the start position of every
//! built-in variant and in a position a few plies in; a move that reads must be legal and
//! write back to text that reads as the same move.
#![no_main]

use ashtapada::notation::{move_to_string, parse_action, parse_move};
use ashtapada::spec::BUILTIN;
use ashtapada::{Assignment, Position, load_variant};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn positions() -> &'static [Position] {
    static P: OnceLock<Vec<Position>> = OnceLock::new();
    P.get_or_init(|| {
        let mut out = Vec::new();
        for (n, _) in BUILTIN {
            let v = load_variant(n, &Assignment::default()).expect("built-in compiles");
            let mut pos = Position::start(v);
            out.push(pos.clone());
            // A few plies in: the first legal move (or roll) each time.
            let mut moves = Vec::new();
            for _ in 0..3 {
                if pos.awaiting_roll() {
                    let faces = pos.variant().rules.dice.as_ref().map(|d| (d.count, d.faces[0]));
                    if let Some((count, face)) = faces {
                        let roll = vec![face; count as usize];
                        let _ = pos.roll(&roll);
                    }
                } else {
                    pos.legal_moves(&mut moves);
                    match moves.first() {
                        Some(&m) => pos.play(m).expect("a legal move"),
                        None => break,
                    }
                }
                out.push(pos.clone());
            }
        }
        out
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for start in positions() {
        let mut pos = start.clone();
        let parsed = parse_move(&mut pos, text);
        if let Err(e) = &parsed {
            // The message quotes the text: it must render whole.
            let _ = e.to_string();
        }
        if let Ok(m) = parsed {
            let written = move_to_string(&pos, m);
            let again = parse_move(&mut pos, &written)
                .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
            assert_eq!(again, m, "{text:?} → {written:?}");
            pos.play(m).expect("a parsed move is legal");
        }
        let mut pos = start.clone();
        match parse_action(&mut pos, text) {
            Ok(a) => {
                let _ = pos.play_action(a).map_err(|e| e.to_string());
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
