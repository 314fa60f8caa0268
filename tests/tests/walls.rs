//! Two-part moves with walls (issue 30, `rules/walls.rs`): duck chess, the amazons, isolation,
//! joust and snailtrail in hand-worked positions, each expected value reasoned from
//! Fairy-Stockfish's `wallingRule` (duck: the old walls go, the new one on any empty square
//! after the move; arrow: where the moved piece could move from its new square; past: the
//! square left; static: any empty square of the walling region), never from a run.

use ashtapada::notation::from_fen;
use ashtapada::notation::{move_to_string, parse_move, to_fen};
use ashtapada::spec::load_str;
use ashtapada::{Assignment, Position, compile};
use ashtapada_tests::{at, play, position, result};

fn count(pos: &mut Position) -> usize {
    pos.legal_move_list().len()
}

/// Two lone kings in duck chess: the king's 5 steps, each with the duck on any of the 62
/// squares empty after it (64, less the two kings, the king's origin freed); with a duck on
/// the board, 61: the duck must move on, never staying where it stands.
#[test]
fn the_duck_goes_to_any_other_empty_square() {
    let mut pos = position("duck", &[], "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(count(&mut pos), 5 * 62);
    let mut pos = position("duck", &[], "4k3/8/8/8/4*3/8/8/4K3 w - - 0 1");
    assert_eq!(count(&mut pos), 5 * 61);
    let list = pos.legal_move_list();
    assert!(list.iter().all(|m| m.wall().is_some()));
    assert!(
        !list
            .iter()
            .any(|&m| move_to_string(&pos, m).ends_with("e4")),
        "the duck may not stay on e4"
    );
    // The duck moves: e4 is empty again, d5 holds the wall, written `*` in FEN.
    play(&mut pos, &["e1d1,d1d5"]);
    assert_eq!(at(&pos, "e4"), "");
    assert_eq!(at(&pos, "d5"), "_D*");
    assert_eq!(to_fen(&pos), "4k3/8/8/3*4/8/8/8/3K4 b - - 1 1");
    // Taken back, the duck stands on e4 again.
    pos.undo();
    assert_eq!(to_fen(&pos), "4k3/8/8/8/4*3/8/8/4K3 w - - 0 1");
    assert_eq!(pos.hash(), pos.compute_hash());
}

/// No check in duck chess: the king may step next to a rook's line, and capturing the king
/// wins.
#[test]
fn a_king_may_be_left_attacked_and_its_capture_wins() {
    let mut pos = position("duck", &[], "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    // d2 is attacked by the rook on e2: legal in duck chess.
    play(&mut pos, &["e1d2,d2a8"]);
    assert_eq!(result(&mut pos), None);
    play(&mut pos, &["e2d2,d2h8"]);
    let r = result(&mut pos).expect("the game is over");
    assert!(r.contains("black") && r.contains("king-captured"), "{r}");
}

/// A wall on the square a double step passed cancels the en-passant mark (Fairy-Stockfish sets
/// no en-passant square there); elsewhere the mark stands and e5xd6 is legal.
#[test]
fn a_wall_on_the_en_passant_square_cancels_it() {
    let fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
    let mut pos = position("duck", &[], fen);
    play(&mut pos, &["d7d5,d5d6"]);
    assert_eq!(to_fen(&pos), "4k3/8/3*4/3pP3/8/8/8/4K3 w - - 0 2");
    let mut pos = position("duck", &[], fen);
    play(&mut pos, &["d7d5,d5a3"]);
    assert_eq!(to_fen(&pos), "4k3/8/8/3pP3/8/*7/8/4K3 w - d6 0 2");
    play(&mut pos, &["e5d6,d6d5"]);
    assert_eq!(at(&pos, "d5"), "_D*");
    assert_eq!(at(&pos, "d6"), "wP");
}

/// Castling in duck chess: the duck may go where the rook stood, not where king and rook
/// land (Fairy-Stockfish's gating squares for a castling move).
#[test]
fn a_castling_move_frees_the_rooks_square_for_the_duck() {
    let mut pos = position("duck", &[], "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(parse_move(&mut pos, "e1g1,g1h1").is_ok());
    assert!(parse_move(&mut pos, "e1g1,g1f1").is_err());
    assert!(parse_move(&mut pos, "e1g1,g1g1").is_err());
    assert!(parse_move(&mut pos, "e1g1,g1e1").is_ok());
    play(&mut pos, &["e1g1,g1h1"]);
    assert_eq!(to_fen(&pos), "r3k2r/8/8/8/8/8/8/R4RK* b kq - 1 1");
}

/// The move and its wall are written and read as Fairy-Stockfish's UCI writes them; a move
/// without its wall, where several walls are possible, is refused with an example.
#[test]
fn a_two_part_move_is_written_with_a_comma() {
    let mut pos = position("duck", &[], "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let e = parse_move(&mut pos, "e1e2").unwrap_err().to_string();
    assert!(e.contains("wall") && e.contains("e1e2,e2"), "{e}");
    let m = parse_move(&mut pos, "e1e2,e2e4").unwrap();
    assert_eq!(move_to_string(&pos, m), "e1e2,e2e4");
    // The wall's square alone after the comma is refused, as Fairy-Stockfish reads no such
    // shorthand (`position startpos moves e2e4,d5` stops there).
    let e = parse_move(&mut pos, "e1e2,e4").unwrap_err().to_string();
    assert!(e.contains("names only the wall's square"), "{e}");
    // The target before the wall must be the move's.
    assert!(parse_move(&mut pos, "e1e2,e3e4").is_err());
    // A wall on an occupied square is no move.
    assert!(parse_move(&mut pos, "e1e2,e2e8").is_err());
}

/// An amazon boxed in at a1 by arrows on a3, b3, c3, c2 and c1: three moves (a2, b2, b1), and
/// from each three arrows, as a queen shoots from its new square with a1 now empty —
/// 9 moves.
#[test]
fn an_arrow_flies_as_the_amazon_moves_from_its_new_square() {
    let mut pos = position(
        "amazons",
        &[],
        "9q/10/10/10/10/10/10/***7/2*7/Q1*7 w - - 0 1",
    );
    let mut list: Vec<String> = pos
        .legal_move_list()
        .iter()
        .map(|&m| move_to_string(&pos, m))
        .collect();
    list.sort();
    assert_eq!(
        list,
        [
            "a1a2,a2a1",
            "a1a2,a2b1",
            "a1a2,a2b2",
            "a1b1,b1a1",
            "a1b1,b1a2",
            "a1b1,b1b2",
            "a1b2,b2a1",
            "a1b2,b2a2",
            "a1b2,b2b1",
        ]
    );
}

/// Isolation's start: the piece on c1 has 5 steps; its wall may go on any of the 46 squares
/// empty after the step but c1, which `not-on` keeps free (d8 holds black's piece): 5 × 45.
#[test]
fn isolation_keeps_walls_off_the_start_squares() {
    let mut pos = position("isolation", &[], "3p2/6/6/6/6/6/6/2P3 w - - 0 1");
    assert_eq!(count(&mut pos), 5 * 45);
    assert!(parse_move(&mut pos, "c1c2,c2c1").is_err());
}

/// Snailtrail: the square a snail leaves becomes a wall, so each move has one wall, written
/// in full as Fairy-Stockfish writes it (`a1b2` alone is refused); a snail walled in loses.
#[test]
fn the_square_left_becomes_a_wall_and_a_walled_in_side_loses() {
    let mut pos = position("snailtrail", &[], "6p/7/7/7/7/7/P6 w - - 0 1");
    assert_eq!(count(&mut pos), 3);
    assert!(parse_move(&mut pos, "a1b2").is_err());
    play(&mut pos, &["a1b2,b2a1"]);
    assert_eq!(to_fen(&pos), "6p/7/7/7/7/1P5/*6 b - - 1 1");
    let mut pos = position("snailtrail", &[], "6p/7/7/7/7/**5/P*5 w - - 0 1");
    assert_eq!(count(&mut pos), 0);
    let r = result(&mut pos).expect("white cannot move");
    assert!(r.contains("black"), "{r}");
    // Joust: the knight's square is walled behind it.
    let mut pos = position("joust", &[], "8/8/8/4n3/3N4/8/8/8 w - - 0 1");
    assert_eq!(count(&mut pos), 8);
    play(&mut pos, &["d4f5,f5d4"]);
    assert_eq!(at(&pos, "d4"), "_W*");
}

/// A duck beside a royal king is refused at its `rule:`, naming both keys: taking the duck
/// away could uncover an attack on the king. Walls that stay (`anywhere`) are fine with
/// royal pieces: a wall only blocks.
#[test]
fn a_duck_with_royal_pieces_is_refused_where_it_is_written() {
    let text = |rule: &str| {
        format!(
            "name: royal-duck\nextends: chess\npieces:\n  duck: {{ letter: D, betza: W, value: 0 }}\n\
             walls: {{ piece: duck, rule: {rule} }}\n"
        )
    };
    let file = load_str("royal-duck.yaml", &text("duck")).expect("the file reads");
    let e = compile(&file, &Assignment::default()).unwrap_err();
    let d =
        e.0.iter()
            .find(|d| d.message.contains("`walls.rule: duck`"));
    let d = d.unwrap_or_else(|| panic!("{}", e.one_line()));
    assert!(
        d.message.contains("pieces.KIND.royal") && d.span.is_some(),
        "{}",
        d.message
    );
    let file = load_str("royal-walls.yaml", &text("anywhere")).expect("the file reads");
    let v = compile(&file, &Assignment::default()).unwrap_or_else(|e| panic!("{}", e.one_line()));
    // A king in check from a rook on e8 may not ignore it, walls or not.
    let mut pos = from_fen(&v, "4r2k/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let moves = pos.legal_move_list();
    assert!(!moves.is_empty() && moves.iter().all(|m| m.to.0 != 12 && m.from.0 == 4));
}

/// A walls' kind that the setup also gives a seat is refused at the setup entry and at
/// `walls.piece` (the fresh tester's `rookarrows`: `check` said `ok`, and the seats' towers were
/// then also walls).
#[test]
fn a_wall_kind_the_seats_field_is_refused_where_it_is_named() {
    let text = "name: rookarrows
board: { files: 4, ranks: 4 }
seats:
  - { name: white, edge: south, fen: w }
  - { name: black, edge: north, mirror: true, fen: b }
pieces:
  tower: { letter: R, betza: mR, value: 1 }
  arrow: { letter: X, betza: W, value: 0 }
setup:
  place:
    white: { a1: tower }
    black: { d4: tower }
walls: { piece: tower, rule: arrow }
end:
  stalemate: loss
";
    let file = load_str("rookarrows.yaml", text).expect("the file reads");
    let e = compile(&file, &Assignment::default()).unwrap_err();
    let d = (e.0.iter()).find(|d| d.message.contains("is the walls' kind"));
    let d = d.unwrap_or_else(|| panic!("{}", e.one_line()));
    assert!(
        d.message.contains("`tower`") && d.message.contains("a1"),
        "{}",
        d.message
    );
    // At the setup entry that gives a seat the kind, and at the key that names it.
    let span = d.span.as_ref().expect("located");
    assert_eq!(&text[span.start..span.end], "a1", "{span:?}");
    let (named, _) = d.extra.first().expect("the walls' key is shown too");
    assert_eq!(&text[named.start..named.end], "tower", "{named:?}");
    // With a kind of its own the same file compiles.
    let fixed = text.replace("piece: tower", "piece: arrow");
    let file = load_str("rookarrows.yaml", &fixed).expect("the file reads");
    compile(&file, &Assignment::default()).unwrap_or_else(|e| panic!("{}", e.one_line()));
}

/// The same for petrification's wall (the fresh tester: a `petrify.wall` kind placed for a seat
/// was accepted and moved as that seat's piece): refused at the setup entry and where `wall:`
/// names it.
#[test]
fn a_petrify_wall_kind_the_seats_field_is_refused_where_it_is_named() {
    let text = "name: stonetowers
board: { files: 4, ranks: 4 }
seats:
  - { name: white, edge: south, fen: w }
  - { name: black, edge: north, mirror: true, fen: b }
pieces:
  tower: { letter: R, betza: R, value: 1 }
  stone: { letter: S, betza: W, value: 0 }
setup:
  place:
    white: { a1: tower, b2: stone }
    black: { d4: tower }
petrify: { pieces: [tower], wall: stone }
end:
  stalemate: loss
";
    let file = load_str("stonetowers.yaml", text).expect("the file reads");
    let e = compile(&file, &Assignment::default()).unwrap_err();
    let d = (e.0.iter()).find(|d| d.message.contains("is the walls' kind"));
    let d = d.unwrap_or_else(|| panic!("{}", e.one_line()));
    assert!(
        d.message.contains("`stone`") && d.message.contains("b2"),
        "{}",
        d.message
    );
    let span = d.span.as_ref().expect("located");
    assert_eq!(&text[span.start..span.end], "b2", "{span:?}");
    let (named, _) = d.extra.first().expect("the wall's key is shown too");
    assert_eq!(&text[named.start..named.end], "stone", "{named:?}");
    // Without the seat's stone the same file compiles.
    let fixed = text.replace(", b2: stone", "");
    let file = load_str("stonetowers.yaml", &fixed).expect("the file reads");
    compile(&file, &Assignment::default()).unwrap_or_else(|e| panic!("{}", e.one_line()));
}

/// Through `extends: duck` the walls' key is in the built-in: the error points at the user's
/// setup entry, in the user's file, and names the built-in's key in its help (the tester's
/// item 5: it pointed only into `<builtin duck>`).
#[test]
fn a_wall_kind_given_to_a_seat_through_extends_is_refused_in_the_users_file() {
    let text = "name: myduck\nextends: duck\nsetup: { army: { d4: duck } }\n";
    let file = load_str("myduck.yaml", text).expect("the file reads");
    let e = compile(&file, &Assignment::default()).unwrap_err();
    let d = (e.0.iter()).find(|d| d.message.contains("is the walls' kind"));
    let d = d.unwrap_or_else(|| panic!("{}", e.one_line()));
    assert!(d.message.contains("on d4"), "{}", d.message);
    let span = d.span.as_ref().expect("located");
    assert_eq!(span.source_name(), "myduck.yaml");
    assert_eq!(&text[span.start..span.end], "d4", "{span:?}");
    let help = d.help.as_deref().unwrap_or_default();
    assert!(
        help.contains("the walls' kind is named at <builtin duck>:"),
        "{help}"
    );
}
