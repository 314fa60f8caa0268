//! The search's narrowed move lists (issue 30): `Position::legal_moves_where`, which the
//! quiescence searches use, lists full legal moves of the variant — in duck chess each capture
//! with every square its duck may go to, under mandatory capture only what the rule allows —
//! exactly the legal moves the filter accepts.

use ashtapada::Position;
use ashtapada_tests::position;

fn captures(pos: &Position, m: ashtapada::Move) -> bool {
    let p = pos.piece_at(m.to);
    !m.is_drop() && !p.is_empty() && !p.is_dead() && p.owner() != pos.to_move()
}

/// The filtered list is the legal list, filtered, as a set.
fn check(pos: &mut Position) -> usize {
    let mut narrowed = Vec::new();
    pos.legal_moves_where(&mut narrowed, captures);
    narrowed.sort();
    let legal = pos.legal_move_list();
    let mut expected: Vec<_> = legal.into_iter().filter(|&m| captures(pos, m)).collect();
    expected.sort();
    assert_eq!(narrowed, expected);
    narrowed.len()
}

/// Duck chess: the knight's one capture (c3xd5), each with the duck on one of the 60 squares
/// it may go to: the duck is taken away, so 61 squares are empty after the capture (64 less
/// the two kings and the knight on d5), and it may not stay on e4.
#[test]
fn in_duck_chess_every_capture_comes_with_its_duck() {
    let mut pos = position("duck", &[], "4k3/8/8/3p4/4*3/2N5/8/4K3 w - - 0 1");
    assert_eq!(check(&mut pos), 60);
    let mut list = Vec::new();
    pos.legal_moves_where(&mut list, captures);
    assert!(list.iter().all(|m| m.wall().is_some()));
}

/// Chess and petrified chess (the cheap path: royal safety only) and antichess (mandatory
/// capture: the one capture e4xd5): the same moves as the legal list filtered.
#[test]
fn elsewhere_the_narrowed_list_is_the_legal_list_filtered() {
    let mut pos = position(
        "chess",
        &[],
        "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3",
    );
    assert_eq!(check(&mut pos), 2);
    let mut pos = position("petrified", &[], "4k3/8/8/3p4/5N2/8/8/4K3 w - - 0 1");
    assert_eq!(check(&mut pos), 1);
    let mut pos = position("antichess", &[], "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(check(&mut pos), 1);
}
