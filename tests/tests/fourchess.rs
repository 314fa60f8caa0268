//! Four-player chess (`rules/fourchess.yaml`, docs/fourchess.md), checked on hand-worked
//! positions: the start (perft by hand), the corners, checks of several seats at once and
//! their points, a move that mates two seats, elimination and the turn order after it, grey
//! armies, stalemate of one seat, promotion in both modes, castling for every seat, teams.
//!
//! Reminders: seats in turn order red (south, pawns move north), blue (west, pawns move east),
//! yellow (north), green (east); the corners a1–c3, l1–n3, a12–c14, l12–n14 hold dead pieces of
//! no seat (`_X*`), which [`board`] adds to every position. Capture points: pawn 1, knight 3,
//! bishop and rook 5, queen 9, promoted queen (`D`) 1, grey pieces 0; checkmate 20 to the mater,
//! stalemate 20 to the stalemated seat, one move checking two (three) kings 5 (20), with a
//! queen 1 (5).

use ashtapada::notation::parse_position;
use ashtapada::{Assignment, Position, Seat, Variant, load_variant, perft};
use ashtapada_tests::{at, play};
use std::sync::Arc;

const RED: Seat = Seat(0);
const BLUE: Seat = Seat(1);
const YELLOW: Seat = Seat(2);
const GREEN: Seat = Seat(3);

fn variant(options: &[&str]) -> Arc<Variant> {
    let a = Assignment::parse(options).expect("valid options");
    load_variant("fourchess", &a).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// True if `file` (0 = a) and `rank` (0 = rank 1) is a cut-out corner square.
fn corner(file: usize, rank: usize) -> bool {
    !(3..=10).contains(&file) && !(3..=10).contains(&rank)
}

/// The board field of a position string: the corners, and `pieces` as (square, token) pairs,
/// a token being a seat letter and a kind letter (`rK`) as position strings write them.
fn board(pieces: &[(&str, &str)]) -> String {
    let mut rows = Vec::new();
    for rank in (0..14).rev() {
        let (mut row, mut empty) = (String::new(), 0);
        for file in 0..14 {
            let name = format!("{}{}", (b'a' + file as u8) as char, rank + 1);
            let token = if corner(file, rank) {
                Some("_X*")
            } else {
                pieces.iter().find(|(s, _)| *s == name).map(|(_, t)| *t)
            };
            match token {
                Some(t) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row += t;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    rows.join("/")
}

/// A position under `options`: `pieces` on the board, `rest` the fields after it (the seat to
/// move first).
fn load(options: &[&str], pieces: &[(&str, &str)], rest: &str) -> Position {
    let text = format!("{} {rest}", board(pieces));
    parse_position(&variant(options), &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(pos: &mut Position) -> Vec<String> {
    ashtapada_tests::legal_moves(pos)
}

fn moves_from(pos: &mut Position, from: &str) -> Vec<String> {
    (moves(pos).into_iter())
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

fn scores(pos: &Position) -> Vec<i64> {
    pos.counters().scores[..4].to_vec()
}

fn start() -> Position {
    Position::start(variant(&[]))
}

/// Each seat has 20 moves from the start (16 pawn moves, 4 knight moves; the corners take the
/// knights' c2/l2-like squares away), perft 1 = 20; red's first move cannot reach blue's army
/// except `d2d4`, which stands on the square of blue's `b4d4`: perft 2 = 20 × 20 − 1 = 399.
#[test]
fn perft_from_the_start_by_hand() {
    let mut pos = start();
    assert_eq!(pos.to_move(), RED);
    assert_eq!(perft(&mut pos, 1), 20);
    assert_eq!(perft(&mut pos, 2), 399);
    assert_eq!(moves_from(&mut pos, "e1"), ["e1d3", "e1f3"]);
    assert_eq!(moves_from(&mut pos, "j1"), ["j1i3", "j1k3"]);
    // The start squares of each army (docs/fourchess.md, "Setup").
    for (sq, token) in [
        ("g1", "rQ"),
        ("h1", "rK"),
        ("a7", "bQ"),
        ("a8", "bK"),
        ("h14", "yQ"),
        ("g14", "yK"),
        ("n8", "gQ"),
        ("n7", "gK"),
        ("d1", "rR"),
        ("a11", "bR"),
        ("k14", "yR"),
        ("n4", "gR"),
    ] {
        assert_eq!(at(&pos, sq), token, "{sq}");
    }
    // Every seat in turn has 20 moves at its first turn.
    for (seat, mv) in [(BLUE, "e2e3"), (YELLOW, "b5c5"), (GREEN, "e13e12")] {
        play(&mut pos, &[mv]);
        assert_eq!(pos.to_move(), seat);
        assert_eq!(moves(&mut pos).len(), 20, "{seat:?}");
    }
    play(&mut pos, &["m5l5"]);
    assert_eq!(pos.to_move(), RED);
}

/// A knight on f5 moving to g7 attacks f9 (blue's king) and h9 (yellow's): two seats are in
/// check at once, green (king m4) is not, and red scores 5. From e5, a knight on g6 would also
/// attack… instead a third king on i6 makes it three at once: 20 points.
#[test]
fn a_knight_checks_two_and_three_kings_at_once() {
    let kings = [("h1", "rK"), ("f9", "bK"), ("h9", "yK")];
    let mut two: Vec<(&str, &str)> = kings.to_vec();
    two.extend([("m4", "gK"), ("f5", "rN")]);
    let mut pos = load(&[], &two, "r");
    play(&mut pos, &["f5g7"]);
    assert!(pos.in_check(BLUE) && pos.in_check(YELLOW));
    assert!(!pos.in_check(GREEN));
    assert_eq!(scores(&pos), [5, 0, 0, 0]);
    // Blue answers its check; yellow is still in check.
    assert_eq!(pos.to_move(), BLUE);
    let mut three: Vec<(&str, &str)> = kings.to_vec();
    three.extend([("i6", "gK"), ("f5", "rN")]);
    let mut pos = load(&[], &three, "r");
    play(&mut pos, &["f5g7"]);
    assert!(pos.in_check(BLUE) && pos.in_check(YELLOW) && pos.in_check(GREEN));
    assert_eq!(scores(&pos), [20, 0, 0, 0]);
}

/// The same two kings checked by a queen (g2 to g9, between them on rank 9): 1 point, not 5.
#[test]
fn a_queen_checking_two_kings_scores_one() {
    let pieces = [
        ("h1", "rK"),
        ("f9", "bK"),
        ("h9", "yK"),
        ("m4", "gK"),
        ("g2", "rQ"),
    ];
    let mut pos = load(&[], &pieces, "r");
    play(&mut pos, &["g2g9"]);
    assert!(pos.in_check(BLUE) && pos.in_check(YELLOW));
    assert_eq!(scores(&pos), [1, 0, 0, 0]);
}

/// The double mate. Blue's king d14 is shut in by the corner (c13, c14) and its pawns d13,
/// e13; yellow's king k14 by the corner (l13, l14) and its pawns j13, k13. Red's rook g2–g14
/// checks both along rank 14 (e14 and j14 are attacked too), and no pawn can block or take:
/// blue is mated at its turn (20 to red), then yellow at its turn (20 more), and the rook's
/// double check scored 5: red has 45. Green moves next, and after it red: the turn order
/// skips the two seats that are out.
const DOUBLE_MATE: [(&str, &str); 11] = [
    ("h1", "rK"),
    ("g2", "rR"),
    ("d14", "bK"),
    ("d13", "bP"),
    ("e13", "bP"),
    ("k14", "yK"),
    ("j13", "yP"),
    ("k13", "yP"),
    ("j10", "yN"),
    ("m8", "gK"),
    ("m6", "gR"),
];

#[test]
fn one_move_mates_two_seats_and_the_turn_skips_them() {
    let mut pos = load(&[], &DOUBLE_MATE, "r");
    play(&mut pos, &["g2g14"]);
    assert_eq!(pos.to_move(), GREEN);
    assert_eq!(scores(&pos), [45, 0, 0, 0]);
    assert!(pos.outcome().is_none());
    // Their armies stay, grey: dead kings, ownerless pawns and knight.
    assert_eq!(at(&pos, "d14"), "_K:b*");
    assert_eq!(at(&pos, "d13"), "_P:b");
    assert_eq!(at(&pos, "j10"), "_N:y");
    play(&mut pos, &["m6m5"]);
    assert_eq!(pos.to_move(), RED);
    play(&mut pos, &["h1h2"]);
    assert_eq!(pos.to_move(), GREEN);
}

/// Grey pieces: the knight j10 attacks l9, which green's king may enter now; a dead king is
/// never captured (the rook on g14 reaches e14, not d14); a grey piece is captured for 0.
#[test]
fn grey_armies_do_not_move_check_or_score() {
    let mut pos = load(&[], &DOUBLE_MATE, "r");
    play(&mut pos, &["g2g14"]);
    assert!(moves(&mut pos).contains(&"m8l9".to_string()));
    play(&mut pos, &["m8l9"]);
    assert!(!pos.in_check(GREEN));
    let rook = moves_from(&mut pos, "g14");
    assert!(rook.contains(&"g14e14".to_string()), "{rook:?}");
    assert!(!rook.contains(&"g14d14".to_string()), "{rook:?}");
    play(&mut pos, &["g14g10", "l9l8", "g10j10"]);
    assert_eq!(at(&pos, "j10"), "rR");
    assert_eq!(scores(&pos), [45, 0, 0, 0]);
}

/// Without the mate of the same move, the same pieces' capture scores: the knight of a live
/// yellow is worth 3.
#[test]
fn a_live_piece_scores_its_value() {
    let pieces = [
        ("h1", "rK"),
        ("g10", "rR"),
        ("d14", "bK"),
        ("k14", "yK"),
        ("j10", "yN"),
        ("m8", "gK"),
    ];
    let mut pos = load(&[], &pieces, "r");
    play(&mut pos, &["g10j10"]);
    assert_eq!(scores(&pos), [3, 0, 0, 0]);
}

/// Stalemate of one seat. Blue's king a4 stands by the corner (a3, b3); red's rook b10
/// covers b4–b9, and red's rook h6 moving to h5 covers a5 (through b5). Blue, not in check,
/// has no move: it is out with 20 points for itself, and yellow moves next.
#[test]
fn a_stalemated_seat_is_out_with_twenty_points() {
    let pieces = [
        ("h1", "rK"),
        ("b10", "rR"),
        ("h6", "rR"),
        ("a4", "bK"),
        ("g14", "yK"),
        ("n7", "gK"),
    ];
    let mut pos = load(&[], &pieces, "r");
    play(&mut pos, &["h6h5"]);
    assert_eq!(pos.to_move(), YELLOW);
    assert_eq!(scores(&pos), [0, 20, 0, 0]);
    assert_eq!(at(&pos, "a4"), "_K:b*");
}

/// Promotion. Free-for-all: a red pawn reaching g8 (its 8th rank) becomes a promoted queen
/// (`D`); blue's pawn reaching h5 (its 8th rank is file h) too. Teams: rank 8 is nothing
/// special; the 11th rank promotes, to a queen. (The kings stand off the new queen's lines.)
#[test]
fn pawns_promote_on_the_rank_of_each_mode() {
    let pieces = [
        ("h1", "rK"),
        ("g7", "rP"),
        ("g10", "rP"),
        ("a10", "bK"),
        ("g5", "bP"),
        ("f14", "yK"),
        ("n7", "gK"),
    ];
    let mut pos = load(&[], &pieces, "r");
    assert_eq!(moves_from(&mut pos, "g7"), ["g7g8d"]);
    play(&mut pos, &["g7g8d", "g5h5d"]);
    assert_eq!(at(&pos, "g8"), "rD");
    assert_eq!(at(&pos, "h5"), "bD");
    let mut pos = load(&["mode=teams"], &pieces, "r");
    assert_eq!(moves_from(&mut pos, "g7"), ["g7g8"]);
    assert_eq!(moves_from(&mut pos, "g10"), ["g10g11q"]);
    play(&mut pos, &["g10g11q"]);
    assert_eq!(at(&pos, "g11"), "rQ");
}

/// Castling for every seat, both sides, from a back rank holding only the king and rooks on
/// their start squares (docs/fourchess.md: red h1j1/h1f1, blue a8a10/a8a6, yellow
/// g14e14/g14i14, green n7n5/n7n9), the rook landing beside the king.
#[test]
fn every_seat_castles_on_both_sides() {
    let pieces = [
        ("h1", "rK"),
        ("d1", "rR"),
        ("k1", "rR"),
        ("a8", "bK"),
        ("a4", "bR"),
        ("a11", "bR"),
        ("g14", "yK"),
        ("d14", "yR"),
        ("k14", "yR"),
        ("n7", "gK"),
        ("n4", "gR"),
        ("n11", "gR"),
    ];
    let cases = [
        (
            "r",
            "h1",
            ["h1f1", "h1j1"],
            [("h1j1", "i1"), ("h1f1", "g1")],
        ),
        (
            "b",
            "a8",
            ["a8a10", "a8a6"],
            [("a8a10", "a9"), ("a8a6", "a7")],
        ),
        (
            "y",
            "g14",
            ["g14e14", "g14i14"],
            [("g14e14", "f14"), ("g14i14", "h14")],
        ),
        (
            "g",
            "n7",
            ["n7n5", "n7n9"],
            [("n7n5", "n6"), ("n7n9", "n8")],
        ),
    ];
    for (seat, king, castles, results) in cases {
        let mut pos = load(&[], &pieces, seat);
        let from_king = moves_from(&mut pos, king);
        for c in castles {
            assert!(
                from_king.contains(&c.to_string()),
                "{seat}: {c} in {from_king:?}"
            );
        }
        for (mv, rook) in results {
            let mut p = load(&[], &pieces, seat);
            play(&mut p, &[mv]);
            assert_eq!(&at(&p, rook)[1..], "R", "{seat} {mv}: the rook on {rook}");
        }
    }
}

/// Teams: yellow's rook on h10 looks at red's king h1 along file h — no check between partners,
/// while in the free-for-all red is in check. A red piece never takes a partner's.
#[test]
fn partners_give_no_check_and_are_not_captured() {
    let pieces = [
        ("h1", "rK"),
        ("h10", "yR"),
        ("e10", "rR"),
        ("a8", "bK"),
        ("g14", "yK"),
        ("n7", "gK"),
    ];
    let mut ffa = load(&[], &pieces, "r");
    assert!(ffa.in_check(RED));
    let mut teams = load(&["mode=teams"], &pieces, "r");
    assert!(!teams.in_check(RED));
    let rook = moves_from(&mut teams, "e10");
    assert!(!rook.contains(&"e10h10".to_string()), "{rook:?}");
    assert!(rook.contains(&"e10g10".to_string()), "{rook:?}");
    // In the free-for-all the rook answers the check by taking the checker.
    assert_eq!(moves_from(&mut ffa, "e10"), ["e10h10"]);
}

/// Teams: the double-mate position's rook move mates blue; yellow's king on the same rank is
/// red's partner's, not checked. The first mate ends the game, red and yellow ranked first.
#[test]
fn in_teams_the_first_mate_ends_the_game() {
    let mut pos = load(&["mode=teams"], &DOUBLE_MATE, "r");
    play(&mut pos, &["g2g14"]);
    assert!(!pos.in_check(YELLOW));
    let outcome = pos.outcome().expect("the game is over");
    assert_eq!(pos.reason_name(outcome.reason()), "first-mate");
    let ranks = pos.ranks();
    assert!(ranks[RED.index()] < ranks[BLUE.index()], "{ranks:?}");
    assert_eq!(ranks[RED.index()], ranks[YELLOW.index()], "{ranks:?}");
}

/// `explain` names each team once (found by the fresh tester: every seat listed its partner,
/// so each team appeared twice).
#[test]
fn explain_names_each_team_once() {
    let text = variant(&["mode=teams"]).explain();
    let teams: Vec<&str> = text.lines().filter(|l| l.starts_with("team: ")).collect();
    assert_eq!(teams, ["team: red with yellow", "team: blue with green"]);
}

/// Free-for-all, as chess.com plays it: a checkmate is judged at once, after any seat's move,
/// not when the mated seat's turn comes. Yellow's king k14 is shut in by the corner (l13, l14)
/// and its pawns j13, k13; red's rook g2–g14 checks it along rank 14 and covers j14. Blue's
/// bishop on e12 could take the rook (e12–f13–g14) on blue's turn, before yellow's, but yellow
/// is out already: 20 points to red, its king dead, its army grey. Blue moves next and takes the
/// rook (5 points), then green: the turn skips yellow.
#[test]
fn a_checkmate_is_judged_at_once_before_the_mated_seats_turn() {
    let pieces = [
        ("h1", "rK"),
        ("g2", "rR"),
        ("a8", "bK"),
        ("e12", "bB"),
        ("k14", "yK"),
        ("j13", "yP"),
        ("k13", "yP"),
        ("n7", "gK"),
    ];
    let mut pos = load(&[], &pieces, "r");
    play(&mut pos, &["g2g14"]);
    assert_eq!(scores(&pos), [20, 0, 0, 0]);
    assert_eq!(at(&pos, "k14"), "_K:y*");
    assert_eq!(at(&pos, "j13"), "_P:y");
    assert_eq!(pos.to_move(), BLUE);
    play(&mut pos, &["e12g14"]);
    assert_eq!(scores(&pos), [20, 5, 0, 0]);
    assert_eq!(pos.to_move(), GREEN);
    assert!(pos.outcome().is_none());
    // Taken back, yellow is live again and red is to move.
    pos.undo();
    pos.undo();
    assert_eq!(at(&pos, "k14"), "yK");
    assert_eq!(pos.to_move(), RED);
    assert_eq!(scores(&pos), [0, 0, 0, 0]);
}

/// Teams, as chess.com plays them: a checkmate waits for the mated seat's turn, so its partner
/// may still free it. Green's king n11 is shut in by the corner (m12, n12) and its pawns m10,
/// m11; red's rook h4–n4 checks it along file n and covers n10. Blue (green's partner) moves
/// before green and takes the rook with its bishop (k7–l6–m5–n4): green is free, and the game
/// goes on. In the free-for-all the same move mates green at once (20 points to red, blue next).
#[test]
fn in_teams_a_checkmate_is_judged_at_the_mated_seats_turn() {
    let pieces = [
        ("h1", "rK"),
        ("h4", "rR"),
        ("a8", "bK"),
        ("k7", "bB"),
        ("g14", "yK"),
        ("n11", "gK"),
        ("m10", "gP"),
        ("m11", "gP"),
    ];
    let mut pos = load(&["mode=teams"], &pieces, "r");
    play(&mut pos, &["h4n4"]);
    assert!(pos.outcome().is_none(), "green is judged at its own turn");
    assert_eq!((at(&pos, "n11"), pos.to_move()), ("gK".to_string(), BLUE));
    play(&mut pos, &["k7n4", "g14g13"]);
    assert_eq!(pos.to_move(), GREEN);
    assert!(!pos.in_check(GREEN) && pos.outcome().is_none());
    let mut ffa = load(&[], &pieces, "r");
    play(&mut ffa, &["h4n4"]);
    assert_eq!(at(&ffa, "n11"), "_K:g*");
    assert_eq!((scores(&ffa), ffa.to_move()), (vec![20, 0, 0, 0], BLUE));
}

/// Teams: a stalemate is a draw (chess.com). The free-for-all stalemate position above: red's
/// rook h6–h5 leaves blue's king a4 without a move and not in check; the game ends at blue's
/// turn as a stalemate, every seat drawn (ranked alike).
#[test]
fn in_teams_a_stalemate_is_a_draw() {
    let pieces = [
        ("h1", "rK"),
        ("b10", "rR"),
        ("h6", "rR"),
        ("a4", "bK"),
        ("g14", "yK"),
        ("n7", "gK"),
    ];
    let mut pos = load(&["mode=teams"], &pieces, "r");
    play(&mut pos, &["h6h5"]);
    let outcome = pos.outcome().expect("the game is over");
    assert_eq!(pos.reason_name(outcome.reason()), "stalemate");
    let ranks = pos.ranks();
    assert!(ranks.iter().all(|&r| r == ranks[0]), "{ranks:?}");
    assert_eq!(at(&pos, "a4"), "bK");
}
