//! Hand-worked chess positions: the en-passant capture and the half-move clock.

use ashtapada::notation::{from_fen, to_fen};
use ashtapada::spec::load_str;
use ashtapada::{Assignment, compile};
use ashtapada_tests::{play, position};

/// A pawn's en-passant capture takes the pawn that passed, and resets the clock.
#[test]
fn en_passant_takes_the_pawn_that_passed() {
    let mut pos = position("chess", &[], "4k3/3p4/8/4P3/8/8/8/4K3 b - - 7 1");
    play(&mut pos, &["d7d5"]);
    assert_eq!(to_fen(&pos), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    play(&mut pos, &["e5d6"]);
    assert_eq!(to_fen(&pos), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
}

/// A capture en passant by a piece that is not reset-by (a knight given `fceF`) resets the
/// half-move clock like any capture: it takes a piece.
#[test]
fn an_en_passant_capture_by_any_piece_resets_the_clock() {
    let file = load_str(
        "ep-knight.yaml",
        "name: ep-knight\nextends: chess\npieces:\n  knight: { betza: NfceF }\n",
    )
    .unwrap_or_else(|e| panic!("{}", e.one_line()));
    let v = compile(&file, &Assignment::default()).unwrap_or_else(|e| panic!("{}", e.one_line()));
    let mut pos = from_fen(&v, "4k3/3p4/8/4N3/8/8/8/4K3 b - - 7 1").unwrap();
    play(&mut pos, &["d7d5"]);
    play(&mut pos, &["e5d6"]);
    assert_eq!(to_fen(&pos), "4k3/8/3N4/8/8/8/8/4K3 b - - 0 2");
}
