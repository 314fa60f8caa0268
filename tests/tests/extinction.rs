//! Extinction endings and castling partners of the catalogue (issue 29, branch catalogue-a):
//! `extinction`, `kinglet`, `codrus` (Fairy-Stockfish's `extinctionPieceTypes`, written as
//! `end.conditions` on `count(SEAT, KIND)`) and `perfect` (castling with two partner kinds).
//! Each position is worked by hand from the rules; the same positions are in
//! `tests/reference/catalogue-catalogue-a.perft` with Fairy-Stockfish's counts.

use ashtapada::notation::{move_to_string, to_fen};
use ashtapada::{Position, perft};
use ashtapada_tests::{play, position};

fn result(pos: &mut Position) -> Option<String> {
    pos.outcome().map(|o| pos.describe_outcome(o))
}

fn after(variant: &str, fen: &str, moves: &[&str]) -> Option<String> {
    let mut pos = position(variant, &[], fen);
    play(&mut pos, moves);
    result(&mut pos)
}

fn legal(pos: &mut Position) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.iter().map(|&m| move_to_string(pos, m)).collect()
}

/// Extinction chess: black's only knight stands on c6, where white's d4 knight takes it: black
/// has no knight left and loses at once. Promoting the last pawn loses too, even while taking
/// the opponent's last queen: the seat that moved is judged first, as Fairy-Stockfish does.
#[test]
fn extinction_a_seat_without_one_of_its_kinds_loses() {
    let fen = "r1bqkb1r/pppppppp/2n5/8/3N4/8/PPPPPPPP/RNBQKB1R w - - 0 1";
    assert_eq!(after("extinction", fen, &[]), None);
    assert_eq!(after("extinction", fen, &["d4f5"]), None);
    assert_eq!(
        after("extinction", fen, &["d4c6"]).as_deref(),
        Some("white wins (opponent-extinct)")
    );
    let fen = "q3kbnr/1P5p/8/8/8/8/8/3QKBNR w - - 0 1";
    assert_eq!(
        after("extinction", fen, &["b7a8q"]).as_deref(),
        Some("black wins (mover-extinct)")
    );
    assert_eq!(
        after("extinction", fen, &["b7b8k"]).as_deref(),
        Some("black wins (mover-extinct)")
    );
}

/// Kinglet chess: white's king a1 has three steps and its only pawn one promotion, to a king
/// (4 moves); promoting leaves white without pawns, which loses, so that move has no answer;
/// after each king step black has three king steps and the h-pawn's two (3 × 5 = 15).
#[test]
fn kinglet_promoting_the_last_pawn_loses() {
    let fen = "8/1P5p/8/8/8/8/8/K6k w - - 0 1";
    let mut pos = position("kinglet", &[], fen);
    let mut moves = legal(&mut pos);
    moves.sort();
    assert_eq!(moves, ["a1a2", "a1b1", "a1b2", "b7b8k"]);
    assert_eq!(perft(&mut pos, 2), 15);
    assert_eq!(
        after("kinglet", fen, &["b7b8k"]).as_deref(),
        Some("black wins (mover-extinct)")
    );
}

/// Codrus: captures are compulsory, so black's queen must take white's king on e1 — and
/// losing the king wins: white wins, and the game has no further move.
#[test]
fn codrus_losing_the_king_wins() {
    let fen = "4k3/8/8/q7/8/8/8/4K3 b - - 0 1";
    let mut pos = position("codrus", &[], fen);
    assert_eq!(legal(&mut pos), ["a5e1"]);
    assert_eq!(perft(&mut pos, 2), 0);
    assert_eq!(
        after("codrus", fen, &["a5e1"]).as_deref(),
        Some("white wins (opponent-lost-king)")
    );
}

/// Perfect chess: the king castles with the rook on h1 and with the chancellor on a1. King 5
/// steps + 2 castlings, chancellor 10 rook moves + 2 knight leaps, rook 9: 28 moves. Castling
/// queen-side puts the king on c1 and the chancellor on d1 and spends both rights.
#[test]
fn perfect_the_chancellor_castles_queen_side() {
    let fen = "4k3/8/8/8/8/8/8/C3K2R w KQ - 0 1";
    let mut pos = position("perfect", &[], fen);
    let moves = legal(&mut pos);
    assert_eq!(moves.len(), 28);
    assert!(moves.iter().any(|m| m == "e1c1") && moves.iter().any(|m| m == "e1g1"));
    play(&mut pos, &["e1c1"]);
    assert_eq!(to_fen(&pos), "4k3/8/8/8/8/8/8/2KC3R b - - 1 1");
}
