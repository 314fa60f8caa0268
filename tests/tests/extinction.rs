//! Extinction endings and castling partners of the catalogue (issue 29, branch catalogue-a):
//! `extinction`, `kinglet`, `codrus` (Fairy-Stockfish's `extinctionPieceTypes`, written as
//! `end.conditions` on `count(SEAT, KIND)`), `perfect` (castling with two partner kinds) and
//! `horde` (`en-passant-region`, a seat without a king), `spartan` (`last-royal` with
//! `duple-check`) and `wolf` (a pawn promoting to its own promoted face, `+P`).
//! Each position is worked by hand from the rules; the same positions are in
//! `tests/reference/catalogue-catalogue-a.perft` with Fairy-Stockfish's counts.

use ashtapada::notation::{move_to_string, to_fen};
use ashtapada::{Position, perft};
use ashtapada_tests::{play, position, result};

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

/// Horde: white's pawn on a1 double-steps to a3 (`first-move-region` over the first two
/// ranks), but black's pawn on b3 may not take it en passant on a2 — black captures en passant
/// only onto its sixth rank (`en-passant-region`). After a1a3 black has five king steps and
/// b3b2 (6); after a1a2 also b3xa2 (7): 13. From the second rank the double step is taken as in
/// chess (a2a4, b4xa3).
#[test]
fn horde_en_passant_only_onto_the_sixth_rank() {
    let mut pos = position("horde", &[], "4k3/8/8/8/8/1p6/8/P7 w - - 0 1");
    assert_eq!(perft(&mut pos, 2), 13);
    play(&mut pos, &["a1a3"]);
    assert_eq!(to_fen(&pos), "4k3/8/8/8/8/Pp6/8/8 b - - 0 1");
    assert!(!legal(&mut pos).iter().any(|m| m == "b3a2"));
    let mut pos = position("horde", &[], "4k3/8/8/8/1p6/8/P7/8 w - - 0 1");
    play(&mut pos, &["a2a4"]);
    assert_eq!(to_fen(&pos), "4k3/8/8/8/Pp6/8/8/8 b - a3 0 1");
    assert!(legal(&mut pos).iter().any(|m| m == "b4a3"));
}

/// Horde's FEN: an en-passant square outside the side to move's `en-passant-region` is dropped
/// on reading, as Fairy-Stockfish drops it. With black to move, `a2` (below black's sixth rank,
/// which is the board's third) is not kept: no `b3a2`, written back as `-`; `a3` is kept and
/// `b4a3` is legal. Fairy-Stockfish's perft 1: 6 and 7, its `d` writes `-` and `a3`.
#[test]
fn horde_fen_drops_an_en_passant_square_outside_the_region() {
    let mut pos = position("horde", &[], "4k3/8/8/8/8/Pp6/8/8 b - a2 0 1");
    assert_eq!(to_fen(&pos), "4k3/8/8/8/8/Pp6/8/8 b - - 0 1");
    assert!(!legal(&mut pos).iter().any(|m| m == "b3a2"));
    assert_eq!(perft(&mut pos, 1), 6);
    let mut pos = position("horde", &[], "4k3/8/8/8/Pp6/8/8/8 b - a3 0 1");
    assert_eq!(to_fen(&pos), "4k3/8/8/8/Pp6/8/8/8 b - a3 0 1");
    assert_eq!(perft(&mut pos, 1), 7);
}

/// Horde: white, without a king, loses when its last piece is taken: black's b2 pawn takes
/// a1 promoting (four choices), and each of those ends the game.
#[test]
fn horde_white_loses_its_last_piece() {
    let fen = "4k3/8/8/8/8/8/1p6/P7 b - - 0 1";
    for promo in ["q", "r", "b", "n"] {
        assert_eq!(
            after("horde", fen, &[&format!("b2a1{promo}")]).as_deref(),
            Some("black wins (opponent-lost-all)")
        );
    }
    assert_eq!(after("horde", fen, &["b2b1q"]), None);
}

/// Spartan chess, duple check: black's kings on c8 and f8 are both attacked (rooks on c1 and
/// f1), so black is in check though neither king is royal; a move must leave at least one
/// unattacked: c8 to b8, d8, b7 or d7 and f8 to e8, g8, e7 or g7 — not c8c7 or f8f7, which
/// stay on the attacked files (8 moves, not the 10 king steps).
#[test]
fn spartan_both_kings_attacked_is_check() {
    let mut pos = position("spartan", &[], "2k2k2/8/8/8/8/8/8/2R1KR2 b - - 0 1");
    assert!(pos.in_check(ashtapada::Seat(1)));
    let mut moves = legal(&mut pos);
    moves.sort();
    let want = [
        "c8b7", "c8b8", "c8d7", "c8d8", "f8e7", "f8e8", "f8g7", "f8g8",
    ];
    assert_eq!(moves, want);
    // One king attacked is no check while the other stands free.
    let mut pos = position("spartan", &[], "2k2k2/8/8/8/8/8/8/2R1K3 b - - 0 1");
    assert!(!pos.in_check(ashtapada::Seat(1)));
    assert!(legal(&mut pos).iter().any(|m| m == "c8c7"));
}

/// Spartan chess: white's single king is royal (its seat's last), so it may not castle across
/// f1, which black's general on f3 attacks down the f file: king d1, d2 (e2, f1 and f2 are
/// attacked), rook 9 moves — 11, no e1g1. Taking one of black's kings makes the other royal:
/// after c1c8 the rook on c8 attacks f8 along the rank, and black is in check.
#[test]
fn spartan_the_last_king_is_royal() {
    let mut pos = position("spartan", &[], "2k2k2/8/8/8/8/5g2/8/4K2R w K - 0 1");
    let moves = legal(&mut pos);
    assert_eq!(moves.len(), 11);
    assert!(!moves.iter().any(|m| m == "e1g1"));
    let mut pos = position("spartan", &[], "2k2k2/8/8/8/8/8/8/2R1K2R w K - 0 1");
    assert!(!pos.in_check(ashtapada::Seat(1)));
    play(&mut pos, &["c1c8"]);
    assert!(pos.in_check(ashtapada::Seat(1)));
}

/// Wolf chess: a pawn on a9 promotes to a queen, wolf, fox, rook or bishop, or to the
/// elephant, which Fairy-Stockfish writes as a promoted pawn (`+P`) and its move with `+`:
/// 6 promotions and 5 king steps. A sergeant's double step c2c4 marks c3 (written with the
/// landing square, `c3c4`), and black's pawn on b4 takes it en passant.
#[test]
fn wolf_elephant_promotion_and_sergeant_en_passant() {
    let mut pos = position("wolf", &[], "4k3/P7/8/8/8/8/8/8/8/4K3 w - - 0 1");
    let moves = legal(&mut pos);
    assert_eq!(moves.len(), 11);
    assert!(moves.iter().any(|m| m == "a9a10+"));
    play(&mut pos, &["a9a10+"]);
    assert_eq!(to_fen(&pos), "+P3k3/8/8/8/8/8/8/8/8/4K3 b - - 0 1");
    let mut pos = position("wolf", &[], "4k3/8/8/8/8/8/1p6/8/2S5/4K3 w - - 0 1");
    play(&mut pos, &["c2c4"]);
    assert_eq!(to_fen(&pos), "4k3/8/8/8/8/8/1pS5/8/8/4K3 b - c3c4 0 1");
    assert!(legal(&mut pos).iter().any(|m| m == "b4c3"));
}
