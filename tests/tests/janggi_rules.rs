//! Janggi (`rules/janggi.yaml`: the palace lines, the janggi cannon, and the pass, bikjang and
//! material-count modules): perft against Fairy-Stockfish beyond the reference file, and
//! hand-worked positions for passing, bikjang and the point count.

use ashtapada::notation::{parse_action, pass_text, to_fen};
use ashtapada::{Action, Outcome, Seat, perft};
use ashtapada_tests::{play, position};

/// The start position.
const START: &str = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

/// Positions made for one rule each, with perft numbers (and move-by-move divides) from
/// Debian's Fairy-Stockfish 11.1 (`UCI_Variant janggi`, `go perft N`); its janggi rules are
/// those of the current source for these positions (no rule involved changed since).
const FSF: &[(&str, &str, u32, u64)] = &[
    // Bikjang: the generals face on the d-file; white must step off it (d1→e1, or e2 along the
    // palace line) or pass (d1→d2 keeps the facing): 3 actions at depth 1.
    ("bikjang-bare", "3k5/9/9/9/9/9/9/9/9/3K5 w - - 0 1", 3, 46),
    // Bikjang in check: the rook f1 checks along rank 1 and, on a palace-line point, also
    // covers e2: only the pass is left, and after it the game is over (two plies of bikjang):
    // no move at depth 2.
    (
        "bikjang-in-check",
        "3k5/9/9/9/9/9/9/9/9/3K1r3 w - - 0 1",
        3,
        0,
    ),
    // Bikjang broken by interposing: the rook a5 can step onto the e-file between the
    // generals.
    (
        "bikjang-interpose",
        "9/4k4/9/9/9/R8/9/9/4K4/9 w - - 0 1",
        4,
        3728,
    ),
    // Only the pass breaks nothing: the general d1 faces d10; its cannons cannot block.
    (
        "bikjang-pass-only",
        "3k5/4a4/5c3/9/9/9/9/9/4C4/3KC4 w - - 0 1",
        3,
        0,
    ),
    // Palace lines: a chariot in the corner d1, a cannon on f3 hopping over e2 to d1's line.
    (
        "palace-chariot-cannon",
        "4k4/9/3a5/9/9/9/9/5C3/4P4/3RK4 w - - 0 1",
        3,
        1932,
    ),
    // Cannons: never over a cannon, never onto one (three cannons on the e-file).
    (
        "cannon-over-cannon",
        "4k4/9/9/4c4/9/4C4/9/4C4/9/3K5 w - - 0 1",
        3,
        77,
    ),
    // Palace cannons and guards: a cannon in the corner f1 of its own palace, black's cannon
    // and guards in theirs.
    (
        "palace-cannons",
        "3akc3/4a4/9/9/9/9/9/9/4A4/3K1C3 w - - 0 1",
        3,
        1227,
    ),
    // Soldiers in the enemy palace: d8 and f8 step forward diagonally to e9.
    (
        "palace-soldiers",
        "3k5/9/3P1P3/9/9/9/9/9/4K4/9 w - - 0 1",
        4,
        749,
    ),
    // Elephant and horse legs blocked and free.
    (
        "elephant-horse",
        "4k4/9/4c4/9/4b4/9/2B6/3n5/9/3K5 b - - 0 1",
        3,
        3504,
    ),
    (
        "horse-elephant-2",
        "2b1k4/9/9/2N6/9/9/9/9/9/4K4 w - - 0 1",
        3,
        288,
    ),
    // Rooks on open files with the generals on the e- and a-files.
    ("rooks", "r3k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", 3, 369),
    // The reference mid2 with black to move.
    (
        "mid2-black",
        "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 b - - 0 23",
        3,
        5458,
    ),
    // A cannon checking along its file over a non-cannon screen, and the generals facing.
    (
        "cannon-screen",
        "9/4k4/9/9/4c4/9/9/9/4K4/4C4 w - - 0 1",
        3,
        662,
    ),
    // Middlegames reached by random legal moves in Fairy-Stockfish (its FEN from `d`).
    (
        "random-1",
        "1r1k1a1n1/8r/n2a4C/b1p3pp1/1p7/1N3P1pP/1PP1P2c1/1R7/2RbCA3/2B1K1B2 w - - 0 30",
        3,
        107128,
    ),
    (
        "random-2",
        "1nb3bn1/3kaa3/5r3/pPBp2p1p/9/6P2/P3B1P2/2RK2CCr/4A4/5A1NR b - - 2 19",
        3,
        65243,
    ),
    (
        "random-3",
        "2ba1abr1/1C7/2n2k1cn/2p2p1pR/pr7/7C1/1P1PPP1P1/3BK1N2/5A3/RNc2A3 w - - 2 19",
        3,
        82484,
    ),
];

#[test]
fn perft_matches_fairy_stockfish_on_rule_positions() {
    for (id, fen, depth, nodes) in FSF {
        let mut pos = position("janggi", &[], fen);
        assert_eq!(perft(&mut pos, *depth), *nodes, "{id} perft({depth})");
    }
}

/// Two passes from the start end the game; the material is equal (72 points a side: 2 × 13
/// + 2 × 7 + 2 × 5 + 2 × 3 + 2 × 3 + 5 × 2), so black's 1.5 bonus wins it.
#[test]
fn a_double_pass_ends_the_game_by_points() {
    let mut pos = position("janggi", &[], START);
    pos.pass().unwrap();
    assert_eq!(pos.outcome(), None);
    pos.pass().unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Decisive {
            winner: Seat(1),
            reason: ashtapada::rules::pass::PASSES
        })
    );
    assert!(pos.legal_move_list().is_empty());
    assert!(!pos.can_pass());
    assert!(matches!(pos.pass(), Err(ashtapada::PlayError::GameOver(_))));
}

/// A pass under bikjang ends the game: a bare general each, black's 1.5 wins; with a white
/// soldier (2 points) on a2, white wins.
#[test]
fn a_pass_under_bikjang_ends_the_game_by_points() {
    for (fen, winner) in [
        ("3k5/9/9/9/9/9/9/9/9/3K5 w - - 0 1", Seat(1)),
        ("3k5/9/9/9/9/9/9/9/P8/3K5 w - - 0 1", Seat(0)),
    ] {
        let mut pos = position("janggi", &[], fen);
        assert!(pos.under_bikjang(), "{fen}");
        pos.pass().unwrap();
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Decisive {
                winner,
                reason: ashtapada::rules::bikjang::REASON
            }),
            "{fen}"
        );
    }
}

/// A general in check may not pass (the rook a1 checks d1 along rank 1; the generals are on
/// different files); under bikjang it may.
#[test]
fn passing_in_check_only_under_bikjang() {
    let pos = position("janggi", &[], "4k4/9/9/9/9/9/9/9/9/r2K5 w - - 0 1");
    assert!(pos.in_check(Seat(0)) && !pos.under_bikjang());
    assert!(!pos.can_pass());
    let pos = position("janggi", &[], "3k5/9/9/9/9/9/9/9/9/3K1r3 w - - 0 1");
    assert!(pos.in_check(Seat(0)) && pos.under_bikjang());
    assert!(pos.can_pass());
}

/// A pass is written, and read, as Fairy-Stockfish writes it: the general's square twice.
#[test]
fn a_pass_reads_as_the_general_square_twice() {
    let mut pos = position("janggi", &[], START);
    assert_eq!(pass_text(&pos).as_deref(), Some("e2e2"));
    assert_eq!(parse_action(&mut pos, "e2e2"), Ok(Action::Pass));
    pos.pass().unwrap();
    assert_eq!(pass_text(&pos).as_deref(), Some("e9e9"));
}

/// FEN is written as Fairy-Stockfish writes it (its `d` after the same moves), passes counting
/// for the half-move clock, and reads back to the same position.
#[test]
fn fen_round_trips_as_fairy_stockfish_writes_it() {
    let mut pos = position("janggi", &[], START);
    play(&mut pos, &["a1a2", "a10a9"]);
    pos.pass().unwrap();
    pos.pass().unwrap();
    let fen = "1nba1abnr/r3k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R3K4/1NBA1ABNR w - - 4 3";
    assert_eq!(to_fen(&pos), fen);
    let mut pos = position("janggi", &[], START);
    play(&mut pos, &["c4c5", "c7c6", "c5c6"]);
    pos.pass().unwrap();
    pos.pass().unwrap();
    let fen = "rnba1abnr/4k4/1c5c1/p3p1p1p/2P6/9/P3P1P1P/1C5C1/4K4/RNBA1ABNR b - - 2 3";
    assert_eq!(to_fen(&pos), fen);
    for fen in FSF.iter().map(|c| c.1).chain([
        fen,
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
        "1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1",
        "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23",
    ]) {
        assert_eq!(to_fen(&position("janggi", &[], fen)), fen);
    }
}
