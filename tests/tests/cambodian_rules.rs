//! Cambodian chess's first moves (`rules/cambodian.yaml`, the first-move conditions module):
//! perft against Fairy-Stockfish beyond the reference file, and hand-worked positions.

use ashtapada::notation::{from_fen, move_to_string, to_fen};
use ashtapada::spec::load_str;
use ashtapada::{Assignment, compile, perft};
use ashtapada_tests::{play, position};

/// The legal moves at `fen`, in the project's notation.
fn moves_at(fen: &str) -> Vec<String> {
    let mut pos = position("cambodian", &[], fen);
    let list = pos.legal_move_list();
    list.into_iter().map(|m| move_to_string(&pos, m)).collect()
}

/// Positions made for the khun's right, with perft numbers from Fairy-Stockfish built from the
/// mirrored source (`src/`, commit c19b5f6c, `make build ARCH=x86-64`; UCI_Variant cambodian,
/// `go perft N`). Debian's fairy-stockfish 11.1 predates the current rules (it has no loss of
/// the right and lets the met's leap capture) and differs on the first and third.
const FSF: &[(&str, &str, u32, u64)] = &[
    // Black's ruea a2→a1 lands on white's first rank behind the ma on b1: no check, but the
    // khun's right is gone (Fairy-Stockfish tests the rook's lines on an empty board).
    (
        "rook-behind-a-blocker",
        "4k3/8/8/8/8/8/r7/1N1KM3 b DE - 0 1",
        4,
        29051,
    ),
    // White's khun with its right, in check from the ma on c3: no leap while in check.
    (
        "in-check-with-right",
        "4k3/8/8/8/8/2n5/8/3KM3 w DE - 0 1",
        4,
        3419,
    ),
    // Rooks of both sides reach the kings' ranks and files; both mets hold their leaps.
    (
        "rooks-on-the-lines",
        "3mk3/8/8/8/8/8/1r6/R2KM3 b DEde - 0 1",
        4,
        101242,
    ),
    (
        "cambodian-mid1-deeper",
        "r1s1ks1r/3nm3/pppNpppp/3n4/5P2/PPPPPNPP/8/R1SKMS1R b DEe - 0 5",
        4,
        65858,
    ),
];

#[test]
fn perft_matches_fairy_stockfish_on_first_move_positions() {
    for (id, fen, depth, nodes) in FSF {
        let mut pos = position("cambodian", &[], fen);
        assert_eq!(perft(&mut pos, *depth), *nodes, "{id} perft({depth})");
    }
}

/// A ruea landing on the khun's rank takes its right even behind a blocker; one landing on
/// another rank does not; the met's right is untouched (it has no `first-move:`
/// conditions).
#[test]
fn a_rook_on_the_kings_rank_takes_the_right() {
    let mut pos = position("cambodian", &[], "4k3/8/8/8/8/8/r7/1N1KM3 b DE - 0 1");
    play(&mut pos, &["a2a1"]);
    // No bia is left and white (khun, ma, met: three pieces) is due: Cambodian board's honour
    // starts, 63 moves = 126 plies (Fairy-Stockfish at c19b5f6c writes the same FEN).
    assert_eq!(to_fen(&pos), "4k3/8/8/8/8/8/8/rN1KM3 w E 126 0 2");
    let mut pos = position("cambodian", &[], "4k3/8/8/8/8/8/r7/1N1KM3 b DE - 0 1");
    play(&mut pos, &["a2h2"]);
    assert_eq!(to_fen(&pos), "4k3/8/8/8/8/8/7r/1N1KM3 w DE 126 0 2");
    // Hand count: white's khun d1 has c1, c2, d2, e2 (4 steps; e1 is its met) and, holding
    // its right, the leaps b2 and f2; after a2a1 the leaps are gone.
    let legal = |fen: &str| {
        let mut moves: Vec<String> = moves_at(fen)
            .into_iter()
            .filter(|m| m.starts_with("d1"))
            .collect();
        moves.sort();
        moves
    };
    assert_eq!(
        legal("4k3/8/8/8/8/8/8/rN1KM3 w E - 1 2"),
        ["d1c1", "d1c2", "d1d2", "d1e2"]
    );
    assert_eq!(
        legal("4k3/8/8/8/8/8/8/rN1KM3 w DE - 1 2"),
        ["d1b2", "d1c1", "d1c2", "d1d2", "d1e2", "d1f2"]
    );
}

/// In check from the ma on c3 the khun keeps its right but may not leap; the met's leap e1→e3
/// jumps over the piece on e2 and does not capture.
#[test]
fn no_leap_in_check_and_the_met_leaps_over_without_capturing() {
    let moves = moves_at("4k3/8/8/8/8/2n5/8/3KM3 w DE - 0 1");
    assert!(
        !moves.iter().any(|m| m == "d1b2" || m == "d1f2"),
        "{moves:?}"
    );
    let moves = moves_at("4k3/8/8/8/8/8/4P3/3KM3 w DE - 0 1");
    assert!(moves.iter().any(|m| m == "e1e3"), "{moves:?}");
    let moves = moves_at("4k3/8/8/8/8/4p3/8/3KM3 w DE - 0 1");
    assert!(!moves.iter().any(|m| m == "e1e3"), "{moves:?}");
}

/// `first-move:` on a kind without first-move moves, and an unknown key in it, are located
/// errors.
#[test]
fn misused_first_move_keys_are_located_errors() {
    let text =
        "name: bad\nextends: makruk\npieces:\n  met: { first-move: { not-in-check: true } }\n";
    let file = load_str("bad.yaml", text).unwrap_or_else(|e| panic!("{}", e.one_line()));
    let errs = compile(&file, &Assignment::default()).unwrap_err();
    let line = errs.one_line();
    assert!(line.contains("`met` has no first-move moves"), "{line}");
    assert!(line.contains("bad.yaml:4"), "{line}");
    let text =
        "name: bad\nextends: makruk\npieces:\n  met: { betza: FimfD, first-move: { when: 3 } }\n";
    let errs = load_str("bad.yaml", text)
        .and_then(|f| compile(&f, &Assignment::default()).map(|_| ()))
        .unwrap_err();
    assert!(errs.one_line().contains("when"), "{}", errs.one_line());
    let text = "name: bad\nextends: makruk\npieces:\n  khun: { betza: KimfsN, first-move: { lost-when-aimed-by: [rook] } }\n";
    let errs = load_str("bad.yaml", text)
        .and_then(|f| compile(&f, &Assignment::default()).map(|_| ()))
        .unwrap_err();
    assert!(errs.one_line().contains("rook"), "{}", errs.one_line());
}

/// A FEN file letter naming no piece with a first-move right is refused.
#[test]
fn a_letter_naming_no_right_is_refused() {
    let v = ashtapada::load_variant("cambodian", &Assignment::default()).unwrap();
    // a1 holds a ruea, which has no first-move right.
    let e = from_fen(
        &v,
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w ADEde - 0 1",
    )
    .unwrap_err();
    assert!(e.message().contains('A'), "{}", e.message());
}
