//! Gating (issue 30, `rules/gating.rs`, `engine/gating.rs`): S-chess and S-house played out in
//! hand-worked positions, each expected value reasoned from Fairy-Stockfish's rules (a piece
//! from the hand may enter on the first-rank square a piece leaves for the first time; castling
//! may gate onto the king's or the rook's square; the gates are written in FEN's castling
//! field; a gating move is legal when the move without the gated piece is).

use ashtapada::Position;
use ashtapada::notation::{parse_move, san, to_fen};
use ashtapada_tests::{at, play, position};

fn moves(pos: &mut Position) -> Vec<String> {
    ashtapada_tests::legal_moves(pos)
}

/// From the start a knight leaving b1 or g1 may gate either piece in: 20 chess moves and
/// 2 knights × 2 targets × 2 kinds = 8 gating moves (Fairy-Stockfish's perft 1: 28). Pawns
/// leave no gate (they stand on the second rank); nothing is dropped without a move.
#[test]
fn from_the_start_only_the_knights_gate() {
    let mut pos = position(
        "seirawan",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1",
    );
    let all = moves(&mut pos);
    assert_eq!(all.len(), 28);
    let gating: Vec<&String> = all.iter().filter(|m| m.len() == 5).collect();
    assert_eq!(
        gating,
        [
            "b1a3e", "b1a3h", "b1c3e", "b1c3h", "g1f3e", "g1f3h", "g1h3e", "g1h3h"
        ]
    );
    assert!(!all.iter().any(|m| m.contains('@')));
}

/// Nc3 gating the hawk: the hawk stands on b1, white's hand holds the elephant only, and b1's
/// gate is gone from the castling field (the hawk gated in has no gate); the half-move clock
/// runs on (a gating move is not a drop for the move rule, as Fairy-Stockfish counts it). Undo
/// restores the position exactly.
#[test]
fn a_gating_move_puts_the_piece_on_the_square_left() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1";
    let mut pos = position("seirawan", &[], start);
    let hash = pos.hash();
    let m = parse_move(&mut pos, "b1c3h").expect("legal");
    assert_eq!(san(&mut pos, m), "Nc3/H");
    pos.play(m).expect("legal");
    assert_eq!(at(&pos, "b1"), "wH");
    assert_eq!(at(&pos, "c3"), "wN");
    assert_eq!(
        to_fen(&pos),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQCDFGkqbcdfg - 1 1"
    );
    pos.undo();
    assert_eq!(to_fen(&pos), start);
    assert_eq!(pos.hash(), hash);
}

/// Castling with both pieces in hand: O-O may gate onto e1 (`e1g1h`, the king's square) or
/// onto h1 (`h1e1h`, the rook's square, written as the rook taking the king as
/// Fairy-Stockfish writes it); either way the king ends on g1 and the rook on f1.
#[test]
fn castling_gates_onto_the_kings_or_the_rooks_square() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQkq - 0 1";
    let mut pos = position("seirawan", &[], fen);
    let all = moves(&mut pos);
    for m in ["e1g1", "e1g1h", "e1g1e", "h1e1h", "h1e1e", "a1e1h", "e1c1e"] {
        assert!(all.contains(&m.to_string()), "{m} missing from {all:?}");
    }
    // 25 chess moves, 4 king moves × 2 kinds, 5 rook moves × 2, 2 castlings × 2 onto the
    // rook's square (Fairy-Stockfish's perft 1: 47).
    assert_eq!(all.len(), 47);
    let mut king_square = position("seirawan", &[], fen);
    play(&mut king_square, &["e1g1h"]);
    assert_eq!(
        (
            at(&king_square, "e1"),
            at(&king_square, "f1"),
            at(&king_square, "g1")
        ),
        ("wH".into(), "wR".into(), "wK".into())
    );
    assert_eq!(at(&king_square, "h1"), "");
    let mut rook_square = position("seirawan", &[], fen);
    let m = parse_move(&mut rook_square, "h1e1e").expect("legal");
    assert_eq!(san(&mut rook_square, m), "O-O/Eh1");
    rook_square.play(m).expect("legal");
    // White has lost both castlings; a1's rook keeps its gate, written by its file (`A`).
    assert_eq!(
        to_fen(&rook_square),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKE[Heh] b Akq - 1 1"
    );
    rook_square.undo();
    assert_eq!(to_fen(&rook_square), fen);
}

/// A pinned bishop on a gate may not move, so it may not gate either; the king on e1 may step
/// and gate (e1's gate comes from `E`). With the rook on a1 pinning c1 against e1, white has
/// the king's five steps (d1 d2 e2 f1 f2), each plain or gating the hawk: 10 (Fairy-Stockfish's
/// perft 1).
#[test]
fn a_pinned_piece_neither_moves_nor_gates() {
    let mut pos = position("seirawan", &[], "4k3/8/8/8/8/8/8/r1B1K3[H] w CE - 0 1");
    let all = moves(&mut pos);
    assert!(!all.iter().any(|m| m.starts_with("c1")), "{all:?}");
    assert_eq!(all.len(), 10);
}

/// The gated piece does not shield the square the king steps to: in check from b1 along the
/// first rank, the king may not go to f1 (still on the rook's line once e1 is empty), with or
/// without a hawk gated onto e1, as Fairy-Stockfish judges it. Castling out of check is
/// illegal too. Left: d2, e2, f2, each plain or gating: 6.
#[test]
fn a_gated_piece_blocks_no_check_the_move_leaves() {
    let mut pos = position("seirawan", &[], "4k3/8/8/8/8/8/8/1r2K2R[H] w K - 0 1");
    let all = moves(&mut pos);
    assert_eq!(all, ["e1d2", "e1d2h", "e1e2", "e1e2h", "e1f2", "e1f2h"]);
}

/// With an empty hand a seat's gates are not written (they can never be used) while its
/// castling letters are, as Fairy-Stockfish writes them; in S-house (captures fill the hand)
/// they stay.
#[test]
fn gates_of_an_empty_hand_are_not_written_in_s_chess() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Eeh] w KQBCDFGkqbcdfg - 0 1";
    let mut pos = position("seirawan", &[], fen);
    play(&mut pos, &["g1f3e"]);
    assert_eq!(
        to_fen(&pos),
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBER[eh] b KQkqbcdfg - 1 1"
    );
    let mut house = position("shouse", &[], fen);
    play(&mut house, &["g1f3e"]);
    assert_eq!(
        to_fen(&house),
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBER[eh] b KQBCDFkqbcdfg - 1 1"
    );
}

/// S-house: a captured pawn in hand may be dropped but never gated onto the first rank (its
/// drop region excludes it, as Fairy-Stockfish's `drop_region`).
#[test]
fn s_house_drops_and_gates_but_never_gates_a_pawn_onto_the_first_rank() {
    let mut pos = position(
        "shouse",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ph] w KQBCDFGkqbcdfg - 0 1",
    );
    let all = moves(&mut pos);
    assert!(all.contains(&"P@e4".to_string()));
    assert!(all.contains(&"b1c3".to_string()));
    assert!(
        !all.iter().any(|m| m.ends_with('p') && m.len() == 5),
        "{all:?}"
    );
}

/// Bughouse on one board (Fairy-Stockfish's `bughouse`): a capture puts nothing in the
/// capturer's hand (the piece goes to the partner's board), pieces the FEN gives in hand are
/// dropped as in crazyhouse, and a seat stalemated loses.
#[test]
fn bughouse_captures_fill_no_hand_and_stalemate_loses() {
    let mut pos = position(
        "bughouse",
        &[],
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[N] w KQkq - 0 2",
    );
    play(&mut pos, &["e4d5"]);
    assert_eq!(
        to_fen(&pos),
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[N] b KQkq - 0 2"
    );
    play(&mut pos, &["g8f6", "N@e5"]);
    assert_eq!(at(&pos, "e5"), "wN");
    // Black to move, king h8, not in check, no move: stalemated, black loses.
    let mut stale = position("bughouse", &[], "7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1");
    let outcome = stale.outcome().map(|o| stale.describe_outcome(o));
    assert!(
        outcome.as_deref().is_some_and(|o| o.contains("white")),
        "{outcome:?}"
    );
}

/// `explain` says how pieces in hand enter and where they come from (the fresh tester: it
/// said "may be dropped" and then "only by gating", and "from the setup" with
/// `hands.given`), with "an" before a vowel.
#[test]
fn explain_says_how_pieces_in_hand_enter() {
    let explain = |name: &str| {
        let a = ashtapada::Assignment::default();
        ashtapada::load_variant(name, &a).unwrap().explain()
    };
    let seirawan = explain("seirawan");
    assert!(
        seirawan.contains("hands: pieces in hand (from the setup) enter only by gating;"),
        "{seirawan}"
    );
    assert!(!seirawan.contains("may be dropped"), "{seirawan}");
    let bughouse = explain("bughouse");
    assert!(
        bughouse.contains("hands: pieces in hand (from the position) may be dropped;"),
        "{bughouse}"
    );
    assert!(!bughouse.contains("from the setup"), "{bughouse}");
    let shouse = explain("shouse");
    assert!(shouse.contains("may be dropped or gated in"), "{shouse}");
    for text in [seirawan, bughouse, shouse] {
        for vowel in ["a a", "a e", "a i", "a o", "a u"] {
            let words = format!(" {vowel}");
            assert!(!text.contains(&words), "`{words}`: {text}");
        }
    }
}
