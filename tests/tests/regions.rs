//! Hoppers, regions and royal facing (issue 15), on hand-worked positions: the xiangqi cannon's
//! check over a screen and the flying general (`rules/xiangqi.yaml`), and a small janggi-like
//! file for hop restrictions (a cannon neither hops over nor captures a cannon) and palace
//! diagonals (extra moves from the palace's line squares that stay inside the palace).
//! Every expected list below is worked out by hand from the rules, in the comments.

use ashtapada::notation::{from_fen, to_fen};
use ashtapada::{Assignment, Position, load_variant};

fn moves(pos: &mut Position) -> Vec<String> {
    ashtapada_tests::legal_moves(pos)
}

fn xiangqi(fen: &str) -> Position {
    let v = load_variant("xiangqi", &Assignment::default()).expect("xiangqi compiles");
    from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn a_ten_rank_fen_reads_and_writes_as_fairy_stockfish_writes_it() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let v = load_variant("xiangqi", &Assignment::default()).unwrap();
    assert_eq!(to_fen(&Position::start(v.clone())), start);
    assert_eq!(to_fen(&xiangqi(start)), start);
    let mid = "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1";
    assert_eq!(to_fen(&xiangqi(mid)), mid);
}

#[test]
fn the_flying_general_forbids_leaving_the_kings_facing() {
    // Kings e1 and e10, a white horse e5 between them. Every horse move (c4, c6, d3, d7, f3,
    // f7, g4, g6 — all empty) leaves the e-file and would leave the kings facing: none is
    // legal. The king steps in its palace: d1, f1, and e2 (the horse still stands between).
    let mut pos = xiangqi("4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1");
    let want = ["e1d1", "e1e2", "e1f1"];
    assert_eq!(moves(&mut pos), want);
}

#[test]
fn a_cannon_gives_check_over_one_screen() {
    // Black cannon e10 behind its king d10; white soldier e2 screens the white king e1: the
    // cannon checks over the soldier. The soldier's only move, e3, keeps the screen; the king
    // may not go to d1 (facing the black king on the open d-file), nor e2 (own soldier): only
    // e1f1 is legal.
    let mut pos = xiangqi("3kc4/9/9/9/9/9/9/9/4P4/4K4 w - - 0 1");
    assert!(pos.in_check(pos.to_move()));
    assert_eq!(moves(&mut pos), ["e1f1"]);
    // Without the screen there is no check: the cannon captures only by hopping.
    let mut pos = xiangqi("3kc4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert!(!pos.in_check(pos.to_move()));
    assert_eq!(moves(&mut pos), ["e1e2", "e1f1"]);
}

#[test]
fn soldiers_step_sideways_only_across_the_river() {
    // White soldiers on a4 (own side: forward only, a5) and e6 (across: e7, d6, f6).
    let mut pos = xiangqi("3k5/9/9/9/4P4/9/P8/9/9/4K4 w - - 0 1");
    let got: Vec<String> = moves(&mut pos)
        .into_iter()
        .filter(|m| m.starts_with("a4") || m.starts_with("e6"))
        .collect();
    assert_eq!(got, ["a4a5", "e6d6", "e6e7", "e6f6"]);
}

/// A 5×5 janggi-like file: a 3×3 palace b1-d3 with its line squares, a cannon that may
/// neither hop over nor capture a cannon, and a chariot with palace diagonals.
const MINI: &str = r#"
name: mini-palace
board: { files: 5, ranks: 5 }
seats:
  - { name: white, edge: south, fen: w }
  - { name: black, edge: north, fen: b }
regions:
  palace: b1-d3
  lines: b1 d1 c2 b3 d3
pieces:
  king:    { letter: K, betza: W, royal: true, confined: palace }
  cannon:  { letter: C, betza: pR, hops: { not-over: [cannon], not-capturing: [cannon] } }
  chariot:
    letter: R
    betza: R
    region-moves: [ { in: lines, betza: B, within: palace } ]
setup:
  army: { c1: king }
"#;

fn mini(fen: &str) -> Position {
    let file =
        ashtapada::spec::load_str("mini.yaml", MINI).unwrap_or_else(|e| panic!("{}", e.one_line()));
    let v = ashtapada::compile(&file, &Assignment::default())
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
    from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The moves starting on `from`.
fn moves_from(pos: &mut Position, from: &str) -> Vec<String> {
    moves(pos)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

#[test]
fn a_cannon_neither_hops_over_nor_captures_a_cannon() {
    // White cannon a1, white king c1, black king c5. Up the a-file: a black cannon on a3 is a
    // screen it may not use. Along rank 1 it hops over its own king to d1 and e1.
    let mut pos = mini("2k2/5/c4/5/C1K2 w - - 0 1");
    assert_eq!(moves_from(&mut pos, "a1"), ["a1d1", "a1e1"]);
    // With a black chariot on a3 as the screen: a4, but not the capture of the cannon on a5.
    let mut pos = mini("c1k2/5/r4/5/C1K2 w - - 0 1");
    assert_eq!(moves_from(&mut pos, "a1"), ["a1a4", "a1d1", "a1e1"]);
    // A chariot on a5 instead may be captured.
    let mut pos = mini("r1k2/5/r4/5/C1K2 w - - 0 1");
    assert_eq!(moves_from(&mut pos, "a1"), ["a1a4", "a1a5", "a1d1", "a1e1"]);
}

#[test]
fn palace_lines_give_diagonal_moves_that_stay_in_the_palace() {
    // White chariot on b1, a palace corner (a line square), white king d2, black king e5: the
    // rook's moves a1, c1-e1 and b2-b5, plus the diagonal c2, d3 inside the palace — not
    // beyond d3 to e4.
    let mut pos = mini("4k/5/5/3K1/1R3 w - - 0 1");
    assert_eq!(
        moves_from(&mut pos, "b1"),
        [
            "b1a1", "b1b2", "b1b3", "b1b4", "b1b5", "b1c1", "b1c2", "b1d1", "b1d3", "b1e1"
        ]
    );
    // From c1 (in the palace, but not a line square) no diagonal at all.
    let mut pos = mini("4k/5/5/3K1/2R2 w - - 0 1");
    assert_eq!(
        moves_from(&mut pos, "c1"),
        [
            "c1a1", "c1b1", "c1c2", "c1c3", "c1c4", "c1c5", "c1d1", "c1e1"
        ]
    );
    // From the centre c2: the four palace corners, and the rook's lines.
    let mut pos = mini("4k/5/5/5/1K3 w - - 0 1");
    let mut pos2 = mini("4k/5/5/2R2/1K3 w - - 0 1");
    assert!(moves_from(&mut pos, "c2").is_empty());
    let got = moves_from(&mut pos2, "c2");
    for corner in ["c2b3", "c2d1", "c2d3"] {
        assert!(got.contains(&corner.to_string()), "{got:?}");
    }
    assert!(
        !got.contains(&"c2b1".to_string()),
        "own king on b1: {got:?}"
    );
    assert!(
        !got.contains(&"c2e4".to_string()),
        "outside the palace: {got:?}"
    );
}
