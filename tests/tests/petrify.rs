//! Petrification on capture (issue 30, `rules/petrify.rs`): Fairy-Stockfish's `petrified` in
//! hand-worked positions. Each expected value is reasoned from its rules
//! (`petrifyOnCaptureTypes`, the pseudo-royal commoner king: src/position.cpp's `legal`,
//! `do_move` and `stalemate_value`), never read from a run; the castling and mate corners are
//! also in `tests/reference/catalogue-mechanics.perft`, counted by Fairy-Stockfish.

use ashtapada::notation::to_fen;
use ashtapada::{Position, Seat};
use ashtapada_tests::{at, play, position, result};

fn moves(pos: &mut Position) -> Vec<String> {
    ashtapada_tests::legal_moves(pos)
}

/// A knight that captures turns to stone where it lands: `*` in FEN, of no seat; taken back,
/// the knight and the pawn stand again. The stone blocks: the king no longer steps to d5.
#[test]
fn a_capturing_knight_turns_to_stone() {
    let fen = "8/8/8/3p4/4kN2/8/8/4K3 w - - 0 1";
    let mut pos = position("petrified", &[], fen);
    play(&mut pos, &["f4d5"]);
    assert_eq!(at(&pos, "d5"), "_W*");
    assert_eq!(to_fen(&pos), "8/8/8/3*4/4k3/8/8/4K3 b - - 0 1");
    // Black's king on e4: 8 steps less d5 (the stone); no piece of white attacks any square.
    let list = moves(&mut pos);
    assert_eq!(list.len(), 7, "{list:?}");
    assert!(!list.iter().any(|m| m.ends_with("d5")));
    pos.undo();
    assert_eq!(to_fen(&pos), fen);
    assert_eq!(pos.hash(), pos.compute_hash());
}

/// A pawn captures and stays a pawn, a capturing promotion included (the moving piece, a
/// pawn, is not a petrifying kind).
#[test]
fn a_capturing_pawn_stays_a_pawn() {
    let mut pos = position("petrified", &[], "3nk3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    play(&mut pos, &["c7d8q"]);
    assert_eq!(at(&pos, "d8"), "wQ");
    let mut pos = position("petrified", &[], "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    play(&mut pos, &["e4d5"]);
    assert_eq!(at(&pos, "d5"), "wP");
}

/// A rook that captures on the king's file gives no check: it is a stone. The same rook
/// moving there without capturing gives check.
#[test]
fn a_petrified_capturer_gives_no_check() {
    let mut pos = position("petrified", &[], "4k3/8/8/8/8/4p3/8/4RK2 w - - 0 1");
    play(&mut pos, &["e1e3"]);
    assert_eq!(at(&pos, "e3"), "_W*");
    assert!(!pos.in_check(Seat(1)), "the stone on e3 gives no check");
    let mut pos = position("petrified", &[], "4k3/8/8/8/8/8/8/3R1K2 w - - 0 1");
    play(&mut pos, &["d1e1"]);
    assert!(pos.in_check(Seat(1)));
}

/// The king never captures (it would turn to stone, and a royal stone is no king) and two
/// kings may stand side by side: neither attacks the other.
#[test]
fn the_king_never_captures_and_kings_may_touch() {
    let mut pos = position("petrified", &[], "8/8/8/8/8/8/3pk3/4K3 w - - 0 1");
    let list = moves(&mut pos);
    // The pawn on d2 attacks c1 and e1: the king is in check. Its steps: d1 and f1 (beside
    // the black king, which attacks nothing), f2; not d2 (a capture) nor e2 (occupied).
    assert_eq!(list, ["e1d1", "e1f1", "e1f2"], "{list:?}");
}

/// Castling is judged with the enemy king's steps counted, as Fairy-Stockfish's pseudo-royal
/// castling test does: not beside the squares the king starts on or passes (g2 touches f1),
/// but beside its destination (b2 touches only c1, b1 and a1 of the back rank).
#[test]
fn castling_counts_the_enemy_kings_steps_except_on_the_target() {
    let mut pos = position("petrified", &[], "8/8/8/8/8/8/6k1/4K2R w K - 0 1");
    assert!(!moves(&mut pos).contains(&"e1g1".to_string()));
    let mut pos = position("petrified", &[], "8/8/8/8/8/8/1k6/R3K3 w Q - 0 1");
    assert!(moves(&mut pos).contains(&"e1c1".to_string()));
    let mut pos = position("petrified", &[], "8/8/8/8/8/8/2k5/R3K3 w Q - 0 1");
    assert!(!moves(&mut pos).contains(&"e1c1".to_string()));
}

/// No legal move beside the enemy king is a mate (Fairy-Stockfish's `stalemate_value` counts
/// the king's steps); the same box by a queen alone is a stalemate, a draw.
#[test]
fn boxed_in_beside_the_enemy_king_is_mate_else_stalemate() {
    // a8: a7 and b8 covered by the knight on c6, b7 held by the white king.
    let mut pos = position("petrified", &[], "k7/1K6/2N5/8/8/8/8/8 b - - 0 1");
    let r = result(&mut pos).expect("over");
    assert!(r.contains("white") && r.contains("checkmate"), "{r}");
    // a8: a7, b7 and b8 covered by the queen on b6, which does not attack a8.
    let mut pos = position("petrified", &[], "k7/8/1Q6/8/8/8/8/7K b - - 0 1");
    let r = result(&mut pos).expect("over");
    assert!(r.contains("stalemate") && r.contains("draw"), "{r}");
}
