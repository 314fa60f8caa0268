//! The rules of the `royalty` branch of issue 29, each in hand-worked positions (expected
//! values reasoned from Fairy-Stockfish's source, `src/position.cpp`, not printed by
//! ashtapada): makpong's king in check that may only take its single checker
//! (`in-check: { royal-moves: capture-only }`), racing kings' moves that may not give check
//! (`giving-check: forbidden`) and its flag with black's answering move (`reaches`), and
//! suicide's stalemate won by the side with fewer pieces (`stalemate-by: fewer-pieces`).

use ashtapada::notation::parse_move;
use ashtapada_tests::{play, position, result};

fn after(variant: &str, fen: &str, moves: &[&str]) -> Option<String> {
    let mut pos = position(variant, &[], fen);
    play(&mut pos, moves);
    result(&mut pos)
}

fn legal(variant: &str, fen: &str) -> Vec<String> {
    let mut pos = position(variant, &[], fen);
    let mut moves: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| ashtapada::notation::move_to_string(&pos, m))
        .collect();
    moves.sort();
    moves
}

/// Makpong: white's king on e1 in check from the rook on e2 (which nothing guards). In makruk
/// it may take the rook or step to d1 or f1 (d2 and f2 are on the rook's rank); in makpong
/// only the capture is left. With a knight on d3 checking too (double check), makpong leaves
/// no move at all — checkmate, while makruk's king still takes the rook or steps aside.
#[test]
fn makpong_king_in_check_only_takes_its_single_checker() {
    let single = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
    assert_eq!(legal("makruk", single), ["e1d1", "e1e2", "e1f1"]);
    assert_eq!(legal("makpong", single), ["e1e2"]);
    let double = "4k3/8/8/8/8/3n4/4r3/R3K3 w - - 0 1";
    assert_eq!(legal("makpong", double), Vec::<String>::new());
    assert_eq!(
        after("makpong", double, &[]).as_deref(),
        Some("black wins (checkmate)")
    );
    assert!(legal("makruk", double).contains(&"e1e2".to_string()));
    // Out of check the king moves freely; another piece may still block or capture.
    assert_eq!(legal("makpong", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").len(), 5);
    let block = "4k3/4r3/8/8/8/8/R7/4K3 w - - 0 1";
    let moves = legal("makpong", block);
    assert!(moves.contains(&"a2e2".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e1d1".to_string()), "{moves:?}");
}

/// Racing kings: no move may give check. White's rook on a1 with black's king on h8's file
/// neighbour: a rook move onto the king's rank or file is refused, a quiet one is not.
#[test]
fn racingkings_no_move_gives_check() {
    let fen = "8/7k/8/8/8/8/K7/R7 w - - 0 1";
    let moves = legal("racingkings", fen);
    // a1h1 would attack h7 along the h file, a1a7 along the seventh rank.
    assert!(!moves.contains(&"a1h1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"a1a7".to_string()), "{moves:?}");
    assert!(moves.contains(&"a1g1".to_string()), "{moves:?}");
    // The start position has 21 moves (Fairy-Stockfish's perft 1), none of them a check.
    assert_eq!(
        legal("racingkings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1").len(),
        21
    );
}

/// Racing kings' flag: white's king reaching the eighth rank wins at once when black's king
/// cannot reach it on the answering move, and is drawn when it does; black reaching it first
/// wins at once.
#[test]
fn racingkings_flag_with_blacks_answering_move() {
    // Black's king on h7 may answer a8 with g8 or h8.
    let answer = "8/K6k/8/8/8/8/8/8 w - - 0 1";
    assert_eq!(after("racingkings", answer, &["a7a8"]), None);
    assert_eq!(
        after("racingkings", answer, &["a7a8", "h7h8"]).as_deref(),
        Some("draw (both-reached)")
    );
    assert_eq!(
        after("racingkings", answer, &["a7a8", "h7h6"]).as_deref(),
        Some("white wins (flag-unanswered)")
    );
    // Black's king on h2 is far away: white wins at once.
    assert_eq!(
        after("racingkings", "8/K7/8/8/8/8/7k/8 w - - 0 1", &["a7a8"]).as_deref(),
        Some("white wins (white-first)")
    );
    // Black first: it wins at once, white gets no answer.
    assert_eq!(
        after("racingkings", "8/7k/8/8/8/8/K7/8 b - - 0 1", &["h7h8"]).as_deref(),
        Some("black wins (black-first)")
    );
    // The rook on g2 covers g8, so black's only answer is h8: the game goes on. With a
    // bishop on e5 covering h8 too, black cannot answer and white wins at once.
    let rook = "8/K6k/8/8/8/8/6R1/8 w - - 0 1";
    assert_eq!(after("racingkings", rook, &["a7a8"]), None);
    assert!(parse_move(&mut position("racingkings", &[], rook), "a7a8").is_ok());
    assert_eq!(
        after("racingkings", "8/K6k/8/4B3/8/8/6R1/8 w - - 0 1", &["a7a8"]).as_deref(),
        Some("white wins (white-first)")
    );
}

/// Suicide: a seat without a legal move wins when it has fewer pieces than the other, loses
/// when it has more, and draws with as many (antichess: the stalemated seat always wins).
/// White's pawns are blocked (a3 behind a4, a4 before black's a5).
#[test]
fn suicide_stalemate_goes_to_the_side_with_fewer_pieces() {
    let more = "8/8/8/p7/P7/P7/8/8 w - - 0 1";
    assert_eq!(
        after("suicide", more, &[]).as_deref(),
        Some("black wins (stalemate)")
    );
    assert_eq!(
        after("antichess", more, &[]).as_deref(),
        Some("white wins (stalemate)")
    );
    let fewer = "8/7p/8/p7/P7/8/8/8 w - - 0 1";
    assert_eq!(
        after("suicide", fewer, &[]).as_deref(),
        Some("white wins (stalemate)")
    );
    let equal = "8/8/8/p7/P7/8/8/8 w - - 0 1";
    assert_eq!(
        after("suicide", equal, &[]).as_deref(),
        Some("draw (stalemate)")
    );
}
