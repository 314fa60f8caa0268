//! Hand-worked Chaturanga positions for each end rule and piece rule (docs/chaturanga.md).

use ashtapada::notation::{parse_move, to_fen};
use ashtapada::{EndReason, Outcome, Seat, perft};
use ashtapada_tests::{play, position};

const WHITE: Seat = Seat(0);
const BLACK: Seat = Seat(1);

fn reason(pos: &ashtapada::Position, o: Outcome) -> String {
    pos.reason_name(o.reason())
}

/// White's ratha takes black's only other piece, the ashva on a5; black's raja on e8 is not
/// attacked afterwards, so the win comes from the bare-king rule alone, at once.
#[test]
fn a_capture_that_bares_the_opponent_ends_the_game() {
    let mut pos = position("chaturanga", &[], "4k3/8/8/n7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, &["a1a5"]);
    assert!(!pos.in_check(BLACK));
    let o = pos.outcome().expect("game over");
    assert_eq!(
        o,
        Outcome::Decisive {
            winner: WHITE,
            reason: o.reason()
        }
    );
    assert_eq!(reason(&pos, o), "bare-king");
    assert_eq!(pos.legal_move_list(), vec![], "no moves after the end");
    assert_eq!(perft(&mut pos, 1), 0);
    // Without the rule, black simply plays on.
    let mut off = position(
        "chaturanga",
        &["bare-king=off"],
        "4k3/8/8/n7/8/8/8/R3K3 w - - 0 1",
    );
    play(&mut off, &["a1a5"]);
    assert_eq!(off.outcome(), None);
    assert_eq!(perft(&mut off, 1), 5, "Kd7 Kd8 Ke7 Kf7 Kf8");
}

/// Two bare rajas: a draw under the default rules, play on under `bare-king=off`.
#[test]
fn both_rajas_bare_is_a_draw() {
    let mut pos = position("chaturanga", &[], "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let o = pos.outcome().expect("over at the root");
    assert_eq!(o, Outcome::Draw { reason: o.reason() });
    assert_eq!(reason(&pos, o), "both-bare");
    let mut off = position(
        "chaturanga",
        &["bare-king=off"],
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    );
    assert_eq!(off.outcome(), None);
    assert_eq!(perft(&mut off, 1), 5);
}

/// Black's raja on a8 has no move (b8 and b7 are covered by the raja on c7, a7 by the mantri
/// on b6) and is not attacked; black's padati on h5 is blocked. Stalemate: black loses.
#[test]
fn stalemate_loses_by_default_and_draws_with_the_option() {
    let fen = "k7/2K5/1Q6/7p/7P/8/8/8 b - - 0 1";
    let mut pos = position("chaturanga", &[], fen);
    assert!(!pos.in_check(BLACK));
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Decisive {
            winner: WHITE,
            reason: EndReason::Stalemate
        })
    );
    let mut draw = position("chaturanga", &["stalemate=draw"], fen);
    assert_eq!(
        draw.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    );
}

/// The mated side loses: a back-rank mate by the ratha, the raja boxed in by its padatis.
#[test]
fn checkmate_loses() {
    let mut pos = position("chaturanga", &[], "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1");
    play(&mut pos, &["a1a8"]);
    assert!(pos.in_check(BLACK));
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Decisive {
            winner: WHITE,
            reason: EndReason::Checkmate
        })
    );
}

/// The gaja on c1 jumps over its own padati on d2 to e3, from where it attacks g5 over f4,
/// giving check to the raja there even though a piece stands on f4.
#[test]
fn a_gaja_jumps_over_a_piece_and_checks() {
    let mut pos = position("chaturanga", &[], "r7/8/8/6k1/5p2/8/3P4/2B1K3 w - - 0 1");
    play(&mut pos, &["c1e3"]);
    assert!(pos.in_check(BLACK));
    let fen = to_fen(&pos);
    assert!(fen.starts_with("r7/8/8/6k1/5p2/4B3/3P4/4K3 b"), "{fen}");
}

/// A padati on b7 has exactly one move, b7b8 promoting to a mantri — never to anything else,
/// and never staying a padati.
#[test]
fn a_padati_promotes_only_to_a_mantri() {
    let mut pos = position("chaturanga", &[], "4k3/1P5p/8/8/8/8/8/4K3 w - - 0 1");
    let from_b7: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .filter(|m| pos.variant().board.name(m.from) == "b7")
        .map(|m| ashtapada::notation::move_to_string(&pos, m))
        .collect();
    assert_eq!(from_b7, ["b7b8q"]);
    assert!(parse_move(&mut pos, "b7b8r").is_err());
    play(&mut pos, &["b7b8"]);
    assert_eq!(pos.last_ply_events().promotions, 1);
    let b8 = pos.variant().board.parse_square("b8").unwrap();
    let kind = pos.piece_at(b8).kind();
    assert_eq!(pos.variant().kinds[kind.index()].name, "mantri");
}

/// Shatranj bare king: white's ratha takes black's last ashva on d5; against a single piece
/// black moves once more, and its raja takes the ratha back: both bare, a draw. Had black
/// not taken it, black would have lost. Under the default rules white wins at once.
#[test]
fn shatranj_bare_back_gives_a_draw() {
    let fen = "8/8/4k3/3n4/8/8/8/K2R4 w - - 0 1";
    let mut pos = position("chaturanga", &["bare-king=shatranj"], fen);
    play(&mut pos, &["d1d5"]);
    assert_eq!(pos.outcome(), None, "the bared side moves once more");
    let mut other = pos.clone();
    play(&mut pos, &["e6d5"]);
    let o = pos.outcome().expect("over");
    assert_eq!(o, Outcome::Draw { reason: o.reason() });
    assert_eq!(reason(&pos, o), "both-bare");
    play(&mut other, &["e6e7"]);
    let o = other.outcome().expect("over");
    assert_eq!(o.winner(), Some(WHITE));
    assert_eq!(reason(&other, o), "bared");
    // Default rules: bare at once.
    let mut win = position("chaturanga", &[], fen);
    play(&mut win, &["d1d5"]);
    assert_eq!(win.outcome().and_then(Outcome::winner), Some(WHITE));
    // Shatranj against two pieces: the bared side loses at once.
    let mut two = position("shatranj", &[], "8/8/4k3/3n4/8/8/8/K2R3R w - - 0 1");
    play(&mut two, &["d1d5"]);
    assert_eq!(two.outcome().and_then(Outcome::winner), Some(WHITE));
}

/// Threefold repetition: the knights go out and back twice; the start position stands for
/// the third time after the 8th ply.
#[test]
fn threefold_repetition_draws() {
    let mut pos = position(
        "chaturanga",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    );
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    play(&mut pos, &cycle);
    assert_eq!(pos.repetitions(), 2);
    assert_eq!(pos.outcome(), None);
    play(&mut pos, &cycle);
    assert_eq!(pos.repetitions(), 3);
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
}

/// The 50-move rule is 100 plies without a capture or padati move; 70 with the option;
/// never with `none`.
#[test]
fn move_rule_counts_plies_of_both_sides() {
    let fen = |clock: u32| format!("4k3/r7/8/8/8/8/R7/4K3 w - - {clock} 60");
    let mut pos = position("chaturanga", &[], &fen(99));
    assert_eq!(pos.outcome(), None);
    play(&mut pos, &["a2b2"]);
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::MoveRule
        })
    );
    let mut seventy = position("chaturanga", &["move-rule=70"], &fen(139));
    play(&mut seventy, &["a2b2"]);
    assert_eq!(
        seventy.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::MoveRule
        })
    );
    let mut none = position("chaturanga", &["move-rule=none"], &fen(500));
    play(&mut none, &["a2b2"]);
    assert_eq!(none.outcome(), None);
    // A padati move resets the count.
    let mut reset = position("chaturanga", &[], "4k3/r7/8/8/8/8/P7/4K3 w - - 99 60");
    play(&mut reset, &["a2a3"]);
    assert_eq!(reset.halfmove(), 0);
    assert_eq!(reset.outcome(), None);
}

/// A raja may not step into check, and a pinned piece may not leave the line: the white
/// ratha on e2 is pinned by the black ratha on e8, so it has only e3–e8, and the raja has
/// d1 d2 f1 f2 — ten moves in all.
#[test]
fn no_self_check() {
    let mut pos = position("chaturanga", &[], "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1");
    let mut moves: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| ashtapada::notation::move_to_string(&pos, m))
        .collect();
    moves.sort();
    assert_eq!(
        moves,
        [
            "e1d1", "e1d2", "e1f1", "e1f2", "e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8"
        ]
    );
    // The raja may not step next to the other raja either.
    let mut kings = position("chaturanga", &[], "8/p7/8/3k4/8/3K4/8/7R w - - 0 1");
    let ks: Vec<String> = kings
        .legal_move_list()
        .into_iter()
        .map(|m| ashtapada::notation::move_to_string(&kings, m))
        .filter(|m| m.starts_with("d3"))
        .collect();
    assert_eq!(ks, ["d3c2", "d3d2", "d3e2", "d3c3", "d3e3"]);
}

/// Play then undo restores the position, its FEN and its hash exactly; the incremental hash
/// always equals a hash computed from scratch.
#[test]
fn play_undo_and_hash_are_consistent() {
    let mut pos = position(
        "chaturanga",
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    );
    let mut seed = 12345u64;
    let mut trail = Vec::new();
    for _ in 0..200 {
        let moves = pos.legal_move_list();
        if moves.is_empty() || pos.outcome().is_some() {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = moves[(seed >> 33) as usize % moves.len()];
        trail.push((to_fen(&pos), pos.hash()));
        pos.play(m).unwrap();
        assert_eq!(pos.hash(), pos.compute_hash());
    }
    while let Some((fen, hash)) = trail.pop() {
        pos.undo().unwrap();
        assert_eq!(to_fen(&pos), fen);
        assert_eq!(pos.hash(), hash);
    }
    assert!(pos.undo().is_none());
}

#[test]
fn fen_round_trips_and_rejects_bad_input() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        "1n2k3/P1P3P1/8/8/8/8/p6p/R3K1N1 w - - 0 1",
        "4k3/8/8/8/8/8/1p4p1/R1N3K1 b - - 7 42",
    ] {
        let pos = position("chaturanga", &["bare-king=off"], fen);
        assert_eq!(to_fen(&pos), fen);
    }
    let v = ashtapada::load_variant("chaturanga", &ashtapada::Assignment::default()).unwrap();
    for (bad, col) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - - 0 1", 36),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w", 1),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1", 43),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x - - 0 1", 45),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            47,
        ),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 19),
        ("", 1),
    ] {
        let e = ashtapada::notation::from_fen(&v, bad).expect_err(bad);
        assert_eq!(e.span.start + 1, col, "{bad}: {e}");
    }
}
