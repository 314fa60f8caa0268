//! The example rule files of issue 16's ending rules (`examples/kingofthehill.yaml`,
//! `3check.yaml`, `antichess.yaml`, `losers.yaml`) against Fairy-Stockfish's variants of those
//! names: perft from `tests/reference/examples.perft` (Fairy-Stockfish's numbers), and each
//! game's ending played out in hand-worked positions.

use ashtapada::notation::to_fen;
use ashtapada::{Position, perft};
use ashtapada_tests::{check_counts, parse_perft_file, play, position, result};

const EXAMPLES: &str = include_str!("../reference/examples.perft");

/// The largest count checked in a debug build (the rest run under `cargo test --release`).
const DEBUG_LIMIT: u64 = 3_000_000;

/// The example file of `variant`.
fn file(variant: &str) -> String {
    format!("{}/../examples/{variant}.yaml", env!("CARGO_MANIFEST_DIR"))
}

fn at(variant: &str, fen: &str) -> Position {
    position(&file(variant), &[], fen)
}

#[test]
fn every_example_matches_fairy_stockfish_perft() {
    let cases = parse_perft_file(EXAMPLES).expect("examples.perft parses");
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let variant = case
            .variant
            .as_deref()
            .expect("every block names its variant");
        let fen = case.fen.as_deref().expect("every block gives its FEN");
        let mut pos = at(variant, fen);
        // The FEN reads back as Fairy-Stockfish wrote it (3check's check field included).
        assert_eq!(to_fen(&pos), fen, "{}", case.id);
        let limit = if cfg!(debug_assertions) {
            DEBUG_LIMIT
        } else {
            u64::MAX
        };
        let (n, failure) = check_counts(&mut pos, case, limit);
        checked += n;
        failures.extend(failure);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 70, "only {checked} counts checked");
    for v in ["kingofthehill", "3check", "antichess", "losers"] {
        assert!(
            cases
                .iter()
                .filter(|c| c.variant.as_deref() == Some(v))
                .count()
                >= 3,
            "{v}: fewer than three positions"
        );
    }
}

/// White's king on e3, black's on e1: e4 is one of the four centre squares, so the king that
/// steps there wins at once; f4 is not, and play goes on. Black's king reaching d5 wins too.
#[test]
fn king_of_the_hill_the_king_on_the_centre_wins() {
    let mut pos = at("kingofthehill", "8/8/8/8/8/4K3/8/4k3 w - - 0 1");
    play(&mut pos, &["e3e4"]);
    assert_eq!(
        result(&mut pos).as_deref(),
        Some("white wins (king-of-the-hill)")
    );
    let mut pos = at("kingofthehill", "8/8/8/8/8/4K3/8/4k3 w - - 0 1");
    play(&mut pos, &["e3f4"]);
    assert_eq!(result(&mut pos), None);
    let mut pos = at("kingofthehill", "8/8/3k4/8/8/3K4/8/8 b - - 0 1");
    play(&mut pos, &["d6d5"]);
    assert_eq!(
        result(&mut pos).as_deref(),
        Some("black wins (king-of-the-hill)")
    );
    // A king already on the hill for the seat to move has not won yet (only the mover's king
    // counts, as in Fairy-Stockfish): it wins by moving, and may leave the hill instead.
    let mut pos = at("kingofthehill", "8/8/8/8/4K3/8/8/4k3 w - - 0 1");
    assert_eq!(result(&mut pos), None);
}

/// 1.e4 f6 2.Qh5+ is white's first check: the FEN's check field counts it down (3+3 → 2+3);
/// taking the move back restores the count and the hash.
#[test]
fn three_check_counts_checks_in_the_fen_and_undoes_them() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";
    let mut pos = at("3check", start);
    play(&mut pos, &["e2e4", "f7f6"]);
    let before = (to_fen(&pos), pos.hash());
    play(&mut pos, &["d1h5"]);
    assert_eq!(
        to_fen(&pos),
        "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2"
    );
    assert_eq!(
        ashtapada::rules::check_count::checks(pos.counters())[..2],
        [1, 0]
    );
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.undo();
    assert_eq!((to_fen(&pos), pos.hash()), before);
}

/// White has one check left (1+3): Qxf7+ attacks the king on e8 (f7 is next to it), the third
/// check, and white wins; a quiet move that gives no check does not end the game.
#[test]
fn three_check_the_third_check_wins() {
    let fen = "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 1+3 0 3";
    let mut pos = at("3check", fen);
    assert_eq!(
        ashtapada::rules::check_count::checks(pos.counters())[..2],
        [2, 0]
    );
    play(&mut pos, &["f3f7"]);
    assert_eq!(
        result(&mut pos).as_deref(),
        Some("white wins (third-check)")
    );
    let mut pos = at("3check", fen);
    play(&mut pos, &["f3g3"]);
    assert_eq!(result(&mut pos), None);
}

/// A 3check FEN without the check field means, as in Fairy-Stockfish, that the next check
/// wins for either side (`1+1`): FSF's `position fen` of the FEN below without `1+3` prints
/// `… w KQkq - 1+1 0 3`, and Qxf7+ then wins at once (its perft 3 is 52130 there,
/// `3check-next-check-wins` in examples.perft, not the 52143 of `1+3`).
#[test]
fn three_check_without_the_field_the_next_check_wins() {
    let mut pos = at(
        "3check",
        "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 3",
    );
    assert_eq!(
        to_fen(&pos),
        "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 1+1 0 3"
    );
    // Fairy-Stockfish, `position fen` of this FEN without the field, `go perft 3`: 52130.
    assert_eq!(perft(&mut pos, 3), 52130);
    play(&mut pos, &["f3f7"]);
    assert_eq!(
        result(&mut pos).as_deref(),
        Some("white wins (third-check)")
    );
}

/// Position strings of check counts the variant cannot have are refused, located.
#[test]
fn a_check_field_is_read_only_where_checks_are_counted() {
    let v = ashtapada::load_variant(&file("3check"), &Default::default()).unwrap();
    let e = ashtapada::notation::from_fen(&v, "4k3/8/8/8/8/8/8/4K3 w - - 4+3 0 1").unwrap_err();
    assert_eq!(e.field, ashtapada::notation::PositionField::Checks);
    assert!(e.message().contains("at most 3"), "{}", e.message());
    let v = ashtapada::load_variant("chess", &Default::default()).unwrap();
    let e = ashtapada::notation::from_fen(&v, "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1").unwrap_err();
    assert!(
        e.message().contains("does not count checks"),
        "{}",
        e.message()
    );
}

/// Antichess: after 1.e4 d5 white must capture, and exd5 is its only legal move (the pawn on e4
/// attacks d5; nothing else reaches a black piece).
#[test]
fn antichess_captures_are_compulsory() {
    let mut pos = at(
        "antichess",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
    );
    let moves: Vec<String> = pos
        .legal_move_list()
        .iter()
        .map(|m| ashtapada::notation::move_to_string(&pos, *m))
        .collect();
    assert_eq!(moves, ["e4d5"]);
}

/// Black's pawn on a2 must take the rook on b1 (promoting, here to a king, which antichess
/// allows); white then has no piece left and wins. A seat with pieces but no legal move
/// (white's pawn on a2 blocked by a3) wins by stalemate.
#[test]
fn antichess_losing_every_piece_or_being_stalemated_wins() {
    let mut pos = at("antichess", "8/8/8/8/8/8/p7/1R6 b - - 0 1");
    assert_eq!(pos.legal_move_list().len(), 5, "a2b1 with five promotions");
    play(&mut pos, &["a2b1k"]);
    assert_eq!(
        result(&mut pos).as_deref(),
        Some("white wins (opponent-lost-all)")
    );
    let mut pos = at("antichess", "8/8/8/8/8/p7/P7/8 w - - 0 1");
    assert_eq!(result(&mut pos).as_deref(), Some("white wins (stalemate)"));
}

/// Losers: white's king is in check from the queen on d2; Kxd2 is a legal capture, so it is
/// the only move, and it leaves black with nothing but its king: black wins. With the rook on
/// e2 defended by the bishop on f3, Kxe2 is illegal, so no capture is legal and the king's two
/// safe steps (d1, f1) are the moves.
#[test]
fn losers_captures_are_compulsory_and_a_bare_king_wins() {
    let mut pos = at("losers", "4k3/8/8/8/8/8/3q4/R3K3 w - - 0 1");
    assert_eq!(pos.legal_move_list().len(), 1);
    play(&mut pos, &["e1d2"]);
    assert_eq!(
        result(&mut pos).as_deref(),
        Some("black wins (opponent-bare)")
    );
    let mut pos = at("losers", "4k3/8/8/8/8/5b2/4r3/R3K3 w - - 0 1");
    let moves: Vec<String> = pos
        .legal_move_list()
        .iter()
        .map(|m| ashtapada::notation::move_to_string(&pos, *m))
        .collect();
    assert_eq!(moves, ["e1d1", "e1f1"]);
}

/// Losers: the fool's mate, 1.f3 e5 2.g4 Qh4#, wins for the mated side, white.
#[test]
fn losers_the_checkmated_seat_wins() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut pos = at("losers", start);
    play(&mut pos, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(result(&mut pos).as_deref(), Some("white wins (checkmate)"));
}
