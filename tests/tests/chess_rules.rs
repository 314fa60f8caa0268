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

/// `explain` of a file that extends another shows the child's own title and source, or its
/// name and no source: never the parent's (the last tester saw chess's source).
#[test]
fn an_extending_file_shows_its_own_title_and_source_never_its_parents() {
    let explain = |text: &str| {
        let file = ashtapada::spec::load_str("kid.yaml", text).unwrap();
        let v = ashtapada::compile(&file, &ashtapada::Assignment::default()).unwrap();
        v.explain()
            .lines()
            .take(2)
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let own = "name: kid\ntitle: Kid chess\nsource: my notes\nextends: chess\n";
    assert_eq!(explain(own), ["kid — Kid chess", "source: my notes"]);
    let bare = explain("name: kid\nextends: chess\n");
    assert_eq!(bare[0], "kid — kid");
    assert!(!bare[1].starts_with("source:"), "{bare:?}");
}
