//! Castling in general (issue 29): Fischer random castling from any squares (the king landing
//! on its rook's square, castling written as the king taking its rook and never merged with a
//! king step), FEN castling rights by rook file (Shredder-FEN and X-FEN, as Fairy-Stockfish
//! reads and writes them), castling given to some seats only, a non-royal castling piece, and
//! `check` reporting every castling problem once. Expected values are worked out by hand from
//! the rules (Fairy-Stockfish's `src/position.cpp`: `set_castling_right`, `legal`, `fen`).

use ashtapada::notation::to_fen;
use ashtapada::{Assignment, compile, spec::load_str};
use ashtapada_tests::{play, position};

fn moves(pos: &mut ashtapada::Position) -> Vec<String> {
    let mut m: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| ashtapada::notation::move_to_string(pos, m))
        .collect();
    m.sort();
    m
}

/// The king on f1 castles king side onto g1, its rook's square, the rook landing on f1 (the
/// king's square); queen side it lands on c1 and the e1 rook on d1. Undo restores both.
#[test]
fn chess960_king_lands_on_its_rooks_square() {
    let fen = "5k2/8/8/8/8/8/8/4RKR1 w GE - 0 1";
    let mut pos = position("fischerandom", &[], fen);
    let ms = moves(&mut pos);
    // King steps e2, f2, g2 and the two castlings, written as the king taking its rook.
    let king: Vec<&String> = ms.iter().filter(|m| m.starts_with("f1")).collect();
    assert_eq!(king, ["f1e1", "f1e2", "f1f2", "f1g1", "f1g2"]);
    play(&mut pos, &["f1g1"]);
    assert_eq!(to_fen(&pos), "5k2/8/8/8/8/8/8/4RRK1 b - - 1 1");
    pos.undo();
    assert_eq!(to_fen(&pos), fen);
    play(&mut pos, &["f1e1"]);
    assert_eq!(to_fen(&pos), "5k2/8/8/8/8/8/8/2KR2R1 b - - 1 1");
    pos.undo();
    assert_eq!(to_fen(&pos), fen);
}

/// A castling whose king lands one step away (d1 to c1, rook b1 to d1) is `d1b1`, distinct
/// from the king's step `d1c1`, and exists only while the right does.
#[test]
fn chess960_castling_is_never_a_king_step() {
    let mut pos = position("fischerandom", &[], "4k3/8/8/8/8/8/8/1R1K4 w B - 0 1");
    assert!(moves(&mut pos).contains(&"d1b1".to_string()));
    play(&mut pos, &["d1b1"]);
    assert_eq!(to_fen(&pos), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    let mut pos = position("fischerandom", &[], "4k3/8/8/8/8/8/8/1R1K4 w B - 0 1");
    play(&mut pos, &["d1c1"]);
    assert_eq!(to_fen(&pos), "4k3/8/8/8/8/8/8/1RK5 b - - 1 1");
    // Without the right: no castling, and the king's step leaves the rook where it is.
    let mut pos = position("fischerandom", &[], "4k3/8/8/8/8/8/8/1R1K4 w - - 0 1");
    assert!(!moves(&mut pos).contains(&"d1b1".to_string()));
}

/// A rook that leaves its square checks the king on its destination: an enemy queen on a1
/// behind the b1 rook attacks c1 once the rook has gone to d1 (Fairy-Stockfish's example).
#[test]
fn chess960_castling_may_not_uncover_an_attack_on_the_landing_square() {
    let mut pos = position("fischerandom", &[], "4k3/8/8/8/8/8/8/qR1K4 w B - 0 1");
    assert!(!moves(&mut pos).contains(&"d1b1".to_string()));
}

/// X-FEN's `KQkq` names each side's outermost rook; Fairy-Stockfish reads this position's
/// `KQkq` as `GBfc` (its `d` command) and writes the rooks' files (Shredder-FEN).
#[test]
fn x_fen_side_letters_name_the_outermost_rooks() {
    let pos = position(
        "fischerandom",
        &[],
        "2r1kr2/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1",
    );
    assert_eq!(to_fen(&pos), "2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1");
    let pos = position(
        "caparandom",
        &[],
        "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1",
    );
    assert_eq!(to_fen(&pos), "r3k4r/10/10/10/10/10/10/R3K4R w JAja - 0 1");
}

/// Chess reads Shredder-FEN's rook files as Fairy-Stockfish does in any variant: `Hh` is
/// `Kk` (white may castle only king side: e1g1, not e1c1), `HAha` is `KQkq`; a file with no
/// castling rook on it is still refused. Written back as chess writes it, `KQkq`.
#[test]
fn chess_reads_rook_files_as_castling_letters() {
    let fen = |rights: &str| format!("r3k2r/8/8/8/8/8/8/R3K2R w {rights} - 0 1");
    let mut pos = position("chess", &[], &fen("Hh"));
    let m = moves(&mut pos);
    assert!(
        m.contains(&"e1g1".to_string()) && !m.contains(&"e1c1".to_string()),
        "{m:?}"
    );
    assert_eq!(to_fen(&pos), fen("Kk"));
    let pos = position("chess", &[], &fen("HAha"));
    assert_eq!(to_fen(&pos), fen("KQkq"));
    let v = ashtapada::load_variant("chess", &Assignment::default()).expect("chess");
    assert!(ashtapada::notation::from_fen(&v, &fen("Bb")).is_err());
}

fn variant(text: &str) -> std::sync::Arc<ashtapada::Variant> {
    load_str("t.yaml", text)
        .and_then(|f| compile(&f, &Assignment::default()))
        .unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// `seats: [white]`: only white castles; black's letters are refused in FEN.
#[test]
fn castling_given_to_one_seat_only() {
    let v = variant("name: t\nextends: chess\ncastling:\n  seats: [white]\n");
    let mut pos = ashtapada::notation::from_fen(&v, "r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1")
        .expect("white's rights");
    assert!(moves(&mut pos).contains(&"e1g1".to_string()));
    play(&mut pos, &["a1b1"]);
    assert!(!moves(&mut pos).iter().any(|m| m == "e8g8" || m == "e8c8"));
    assert!(ashtapada::notation::from_fen(&v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").is_err());
}

/// A non-royal castling piece (Fairy-Stockfish's commoner) castles through attacked squares
/// and out of attack; a royal king may not.
#[test]
fn a_non_royal_castler_passes_attacked_squares() {
    let commoner = variant(
        "name: t\nextends: chess\npieces:\n  king: { royal: false }\nend:\n  checkmate: ~\n",
    );
    // The black rook on f8 attacks f1, which the king passes on its way to g1.
    let fen = "4kr2/8/8/8/8/8/8/4K2R w K - 0 1";
    let mut pos = ashtapada::notation::from_fen(&commoner, fen).expect("FEN");
    assert!(moves(&mut pos).contains(&"e1g1".to_string()));
    let mut pos = position("chess", &[], fen);
    assert!(!moves(&mut pos).contains(&"e1g1".to_string()));
}

/// `check` reports every castling problem at once, each once (a side's bad square is one
/// problem, not one per seat).
#[test]
fn every_castling_problem_is_reported_once() {
    let text = "name: t\nextends: chess\ncastling:\n  sides:\n    - { fen: K, king: g1, partner-from: z9, partner-to: f1 }\n    - { fen: Q, king: c1, partner-from: b1, partner-to: d1 }\n";
    let errs = load_str("t.yaml", text)
        .and_then(|f| compile(&f, &Assignment::default()))
        .expect_err("refused")
        .0;
    let messages: Vec<&str> = errs.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "`z9` is not a square of the board",
            "the setup has no rook of seat white on `b1`",
            "the setup has no rook of seat black on `b1`",
        ]
    );
}

/// An unknown royal or partner name does not hide the other castling problems: three problems,
/// three messages, each once (before, the unknown name stopped the castling check).
#[test]
fn an_unknown_castling_piece_hides_no_other_problem() {
    let text = "name: t\nextends: chess\ncastling:\n  royal: kingg\n  partner: rook\n  sides:\n    - { fen: K, king: z1, partner-from: h1, partner-to: f1 }\n    - { fen: Q, king: c1, partner-from: a9, partner-to: d1 }\n";
    let errs = load_str("t.yaml", text)
        .and_then(|f| compile(&f, &Assignment::default()))
        .expect_err("refused")
        .0;
    let mut messages: Vec<&str> = errs.iter().map(|d| d.message.as_str()).collect();
    messages.sort_unstable();
    assert_eq!(
        messages,
        [
            "`a9` is not a square of the board",
            "`z1` is not a square of the board",
            "unknown piece `kingg`",
        ]
    );
}

/// `--set start=N` deals the back rank of Scharnagl number N (published: 0 `BBQNNRKR`, 518
/// chess's `RNBQKBNR`, 959 `RKRNNQBB`), castling rights on both rooks' files.
#[test]
fn a_start_number_deals_the_scharnagl_back_rank() {
    let start = |n: &str| {
        let a = Assignment::parse(&[&format!("start={n}")]).expect("option");
        let v = ashtapada::load_variant("fischerandom", &a).expect("variant");
        to_fen(&ashtapada::Position::start(v))
    };
    assert_eq!(
        start("0"),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
    );
    assert_eq!(
        start("518"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    assert_eq!(
        start("959"),
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"
    );
}
