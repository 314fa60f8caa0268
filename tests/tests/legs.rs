//! Moves in legs (XBetza `a`): hand-worked positions on a small board, the janggi pieces
//! written in legs moving as their lame leaps, and a route that leaves the board on the way.

use ashtapada::Assignment;
use ashtapada::notation::{from_fen, move_to_string};

/// The sorted legal moves of the first seat in `fen`, on a 5×5 board where `x` moves by
/// `betza` and `y` (the second seat's pieces, and blockers) is a wazir.
fn moves(betza: &str, fen: &str) -> Vec<String> {
    let text = format!(
        "name: legs\nboard: {{ files: 5, ranks: 5 }}\n\
         seats:\n  - {{ name: white, edge: south }}\n  - {{ name: black, edge: north }}\n\
         pieces:\n  x: {{ letter: X, betza: {betza} }}\n  y: {{ letter: Y, betza: W }}\n\
         setup:\n  army: {{ c1: x }}\n"
    );
    let file = ashtapada::spec::load_str("legs.yaml", &text)
        .unwrap_or_else(|e| panic!("{betza}: {}", e.one_line()));
    let v = ashtapada::compile(&file, &Assignment::default())
        .unwrap_or_else(|e| panic!("{betza}: {}", e.one_line()));
    let mut pos = from_fen(&v, fen).unwrap_or_else(|e| panic!("{betza}: {e}"));
    let mut out: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| move_to_string(&pos, m))
        .collect();
    out.sort();
    out
}

/// Janggi's elephant `mafsmafW` on a1: c4 through a2 and b3, d3 through b1 and c2. With an
/// enemy on b3 (blocking c4) and one on d3 (captured), the only move is a1d3.
#[test]
fn elephant_in_legs_is_blocked_at_either_square() {
    let open = moves("mafsmafW", "5/5/5/5/X4 w - - 0 1");
    assert_eq!(open, ["a1c4", "a1d3"]);
    let blocked = moves("mafsmafW", "5/5/1y1y1/5/X4 w - - 0 1");
    assert_eq!(blocked, ["a1d3"]);
    // A piece on c2 blocks d3 instead; a2 blocks c4.
    assert!(moves("mafsmafW", "5/5/5/y1y2/X4 w - - 0 1").is_empty());
    // The same piece written as the lame leap.
    assert_eq!(
        moves("nZ", "5/5/1y1y1/5/X4 w - - 0 1"),
        moves("mafsmafW", "5/5/1y1y1/5/X4 w - - 0 1")
    );
}

/// `mafsF` on c3: a diagonal step to an empty square, then an orthogonal step outward. A piece
/// on b4 blocks a4 and b5 (the routes through it), not the knight's other squares; a piece on
/// c4 (the knight's lame square for b5 and d5) blocks nothing.
#[test]
fn diagonal_first_routes_block_on_the_diagonal() {
    let all = moves("mafsF", "5/5/2X2/5/5 w - - 0 1");
    assert_eq!(all.len(), 8);
    let with_b4 = moves("mafsF", "5/1y3/2X2/5/5 w - - 0 1");
    assert_eq!(with_b4.len(), 6, "{with_b4:?}");
    assert!(!with_b4.contains(&"c3a4".to_owned()) && !with_b4.contains(&"c3b5".to_owned()));
    assert_eq!(moves("mafsF", "5/2y2/2X2/5/5 w - - 0 1").len(), 8);
}

/// `mfabrW` (a step forward, then 135° right: back to the right-hand neighbour) on the last
/// rank would pass off the board, so it has no move there; one rank lower it moves c4→d4.
#[test]
fn route_off_the_board_is_no_move() {
    assert!(moves("mfabrW", "2X2/5/5/5/5 w - - 0 1").is_empty());
    assert_eq!(moves("mfabrW", "5/2X2/5/5/5 w - - 0 1"), ["c4d4"]);
    // Blocked by a piece on c5, the square on the way.
    assert!(moves("mfabrW", "2y2/2X2/5/5/5 w - - 0 1").is_empty());
}
