//! Shogi, minishogi, torishogi and crazyhouse: the drop rules per kind, the no-mate pawn drop
//! and its option, Fairy-Stockfish's FEN with promoted pieces (`+P`, `Q~`) and hands, on
//! hand-built positions. Expected values are worked out by hand in each test's comment, or are
//! Fairy-Stockfish's (its `go perft` on the same FEN, as noted).

use ashtapada::notation::{from_fen, move_to_string, parse_move, to_fen};
use ashtapada::{Assignment, EndReason, Outcome, Position, Seat, load_variant, perft};
use ashtapada_tests::play;

fn load(variant: &str, options: &[&str], fen: &str) -> Position {
    let a = Assignment::parse(options).expect("valid options");
    let v = load_variant(variant, &a).unwrap_or_else(|e| panic!("{}", e.one_line()));
    from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves, in notation.
fn moves(pos: &mut Position) -> Vec<String> {
    let list = pos.legal_move_list();
    list.into_iter().map(|m| move_to_string(pos, m)).collect()
}

/// The no-mate pawn drop (uchifuzume), minishogi:
///
/// ```text
/// 5  . . . r k     gote: king e5, rook d5, silver d4
/// 4  . . . s .
/// 3  . . . . G     sente: gold e3, king a1, a pawn in hand
/// 1  K . . . .
/// ```
/// P@e4 checks the king e5, whose flight squares d5 and d4 hold its own pieces; the pawn is
/// protected by the gold, and neither the rook nor the silver (FfW: c3, e3, d3, c5, e5) reaches
/// e4: mate. Sente's moves: king b1, a2, b2 (3); gold e4, d4 (takes the silver), d3, e2 (4);
/// pawn drops on the 25 − 5 = 20 empty squares but the three of rank 5 (a pawn there could
/// never move): 17. With `uchifuzume=legal` 3 + 4 + 17 = 24 (Fairy-Stockfish's perft 1 of this
/// FEN is 24); by default the mating drop is illegal: 23.
#[test]
fn a_pawn_drop_that_mates_is_illegal_unless_the_option_allows_it() {
    let fen = "3rk/3s1/4G/5/K4[P] w - - 0 1";
    let mut strict = load("minishogi", &[], fen);
    let mut legal = load("minishogi", &["uchifuzume=legal"], fen);
    assert_eq!(perft(&mut legal, 1), 24);
    assert_eq!(perft(&mut strict, 1), 23);
    let strict_moves = moves(&mut strict);
    assert!(
        !strict_moves.contains(&"P@e4".to_string()),
        "{strict_moves:?}"
    );
    assert!(moves(&mut legal).contains(&"P@e4".to_string()));
    // Played where it is legal, the drop mates: gote has no move, the game is over.
    play(&mut legal, &["P@e4"]);
    assert_eq!(perft(&mut legal, 1), 0);
    assert!(matches!(
        legal.outcome(),
        Some(Outcome::Decisive {
            winner: Seat(0),
            reason: EndReason::Checkmate
        })
    ));
    // A pawn drop that checks without mating stays legal: with the rook gone from d5 the king
    // escapes there, and P@e4 is a legal drop under both choices.
    let mut open = load("minishogi", &[], "4k/3s1/4G/5/K4[P] w - - 0 1");
    assert!(moves(&mut open).contains(&"P@e4".to_string()));
}

/// At most two swallows of a seat per file (torishogi, `per-line: 2`):
///
/// ```text
/// 7  . . . k . . .    sente: swallows a3 and a5, king d1, a swallow in hand
/// 5  S . . . . . .
/// 3  S . . . . . .
/// 1  . . . K . . .
/// ```
/// Sente's moves: king c1, e1, c2, d2, e2 (5); swallows a3a4, a5a6 (2); swallow drops on the
/// 45 empty squares but the 6 empty ones of rank 7 (it could never move there) and the 4 empty
/// ones of file a below it (a1, a2, a4, a6: the file holds two already): 35. No drop mates (the
/// king on d7 steps aside from a swallow on d6). 5 + 2 + 35 = 42.
#[test]
fn at_most_two_swallows_per_file() {
    let fen = "3k3/7/S6/7/S6/7/3K3[S] w - - 0 1";
    let mut pos = load("torishogi", &[], fen);
    let all = moves(&mut pos);
    assert!(all.iter().all(|m| !m.starts_with("S@a")), "{all:?}");
    assert!(all.contains(&"S@b2".to_string()));
    assert!(
        all.iter()
            .all(|m| !(m.starts_with("S@") && m.ends_with('7')))
    );
    assert_eq!(all.len(), 42, "{all:?}");
    // With one swallow on the file, a second may be dropped there: a1, a2, a4 … a6 (5 more).
    let mut one = load("torishogi", &[], "3k3/7/7/7/S6/7/3K3[S] w - - 0 1");
    let drops = moves(&mut one);
    for sq in ["a1", "a2", "a4", "a5", "a6"] {
        assert!(drops.contains(&format!("S@{sq}")), "{sq}: {drops:?}");
    }
}

/// Shogi's pawn, lance and knight are not dropped where they could never move; the gold is.
/// Sente (moving north) holds one of each, the kings are on e1 and e9: a pawn or lance not on
/// rank 9, a knight not on ranks 8 and 9, a gold anywhere empty. Empty squares: 79. Drops:
/// pawn 79 − 8 = 71 (rank 9 without e9), lance 71, knight 79 − 8 − 9 = 62, gold 79.
#[test]
fn shogi_drops_only_where_a_piece_could_move() {
    let fen = "4k4/9/9/9/9/9/9/9/4K4[PLNG] w - - 0 1";
    let mut pos = load("shogi", &[], fen);
    let all = moves(&mut pos);
    let count = |letter: char| {
        all.iter()
            .filter(|m| m.starts_with(&format!("{letter}@")))
            .count()
    };
    assert_eq!(count('P'), 71);
    assert_eq!(count('L'), 71);
    assert_eq!(count('N'), 62);
    assert_eq!(count('G'), 79);
    // Drops are read as `P@e5` and `P*e5`, the same move.
    let at = parse_move(&mut pos, "P@e5").unwrap();
    let star = parse_move(&mut pos, "P*e5").unwrap();
    assert_eq!(at, star);
}

/// Fairy-Stockfish's FEN of a shogi game: after 1. c3c4 g7g6 2. b2h8+ (the bishop takes the
/// bishop and promotes) g9h8 (the silver takes the horse), it writes
/// `lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Bb] w - - 0 3`, each side with
/// a bishop in hand, and counts 280687 at depth 3.
#[test]
fn shogi_fen_with_hands_reads_and_writes_as_fairy_stockfish_does() {
    let v = load_variant("shogi", &Assignment::default()).unwrap();
    let mut pos = Position::start(v.clone());
    play(&mut pos, &["c3c4", "g7g6", "b2h8+"]);
    // The horse on h8 is written `+B`.
    assert_eq!(
        to_fen(&pos),
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2"
    );
    play(&mut pos, &["g9h8"]);
    let fsf = "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Bb] w - - 0 3";
    assert_eq!(to_fen(&pos), fsf);
    let mut read = from_fen(&v, fsf).unwrap();
    assert_eq!(read.hash(), pos.hash());
    assert_eq!(perft(&mut read, 3), 280687);
}

/// Crazyhouse's promoted pawn (`~`): the black queen on d2 was a pawn; the white king takes it
/// and gets a pawn in hand, not a queen. Fairy-Stockfish counts 347 at depth 3 from the FEN
/// with the queen, 272 at depth 2 from the position after the capture.
#[test]
fn a_captured_promoted_pawn_returns_to_the_hand_as_a_pawn() {
    let mut pos = load("crazyhouse", &[], "4k3/8/8/8/8/8/3q~4/4K3[] w - - 0 1");
    assert_eq!(perft(&mut pos, 3), 347);
    play(&mut pos, &["e1d2"]);
    assert_eq!(to_fen(&pos), "4k3/8/8/8/8/8/3K4/8[P] b - - 0 1");
    assert_eq!(perft(&mut pos, 2), 272);
    // A pawn promoting is marked, and writes `~`: here white's b7 pawn becomes a queen.
    let mut pos = load("crazyhouse", &[], "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1");
    play(&mut pos, &["b7b8q"]);
    assert_eq!(to_fen(&pos), "1Q~2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
}

/// Crazyhouse's en passant: the pawn taken en passant goes to the capturer's hand like any
/// captured piece. White's e5 pawn takes d5 en passant (black's last move was d7d5): white
/// holds a pawn (`[P]`), as Fairy-Stockfish's FEN after `e5d6` shows; undone, the hand is
/// empty again. Fairy-Stockfish counts 25935 at depth 3 from the FEN before the capture (a
/// game in which the pawn was not credited counted 24988; cutechess-cli then refused the
/// engine's drop of that pawn as illegal).
#[test]
fn a_pawn_taken_en_passant_goes_to_the_hand() {
    let fen = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR[] w KQkq d6 0 3";
    let mut pos = load("crazyhouse", &[], fen);
    assert_eq!(perft(&mut pos, 3), 25935);
    play(&mut pos, &["e5d6"]);
    assert_eq!(
        to_fen(&pos),
        "rnbqkbnr/ppp1pppp/3P4/8/8/8/PPPP1PPP/RNBQKBNR[P] b KQkq - 0 3"
    );
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.undo();
    assert_eq!(to_fen(&pos), fen);
    assert_eq!(pos.hash(), pos.compute_hash());
}

/// An illegal drop says which rule it breaks (`Position::drop_refusal`, and the error of
/// `parse_move`), in the order the rules are applied. Shogi, sente to move with a pawn in
/// hand, its pawn on e3, the kings on e1 and e9: e1 is occupied; a9 is on the last rank, where
/// a pawn could never move; e5 is on the e-file, which holds sente's pawn (nifu). Minishogi's
/// mating pawn drop (the first test's position) breaks the no-mate rule. Sittuyin at the
/// start: a chariot (`R`) is placed only on the first rank (its `by-kind` squares), so `R@a2`
/// is outside the set-up squares; white's king placed on a1 is legal.
#[test]
fn an_illegal_drop_names_the_rule_it_breaks() {
    use ashtapada::DropRefusal;
    let refusal = |pos: &mut Position, text: &str| {
        let m = parse_move(pos, text).expect_err(text).to_string();
        let (letter, square) = text.split_once('@').unwrap();
        let kind = pos.kind_for_letter(letter.chars().next().unwrap()).unwrap();
        let to = pos.variant().board.parse_square(square).unwrap();
        (pos.drop_refusal(kind, None, to), m)
    };
    let mut pos = load("shogi", &[], "4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1");
    assert_eq!(refusal(&mut pos, "P@e1").0, Some(DropRefusal::Occupied));
    assert_eq!(refusal(&mut pos, "P@a9").0, Some(DropRefusal::NeverMoves));
    let (why, message) = refusal(&mut pos, "P@e5");
    assert_eq!(
        why,
        Some(DropRefusal::LineFull {
            limit: 1,
            file: true
        })
    );
    assert!(
        message.starts_with("illegal drop `P@e5`: that file already holds 1 of the seat's pieces"),
        "{message}"
    );
    let mut pos = load("minishogi", &[], "3rk/3s1/4G/5/K4[P] w - - 0 1");
    assert_eq!(refusal(&mut pos, "P@e4").0, Some(DropRefusal::Mates));
    let mut open = load(
        "minishogi",
        &["uchifuzume=legal"],
        "3rk/3s1/4G/5/K4[P] w - - 0 1",
    );
    let e4 = open.variant().board.parse_square("e4").unwrap();
    let pawn = open.kind_for_letter('P').unwrap();
    assert_eq!(open.drop_refusal(pawn, None, e4), None);
    let fen = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1";
    let mut pos = load("sittuyin", &[], fen);
    assert_eq!(refusal(&mut pos, "R@a2").0, Some(DropRefusal::Placement));
    let a1 = pos.variant().board.parse_square("a1").unwrap();
    let king = pos.kind_for_letter('K').unwrap();
    assert_eq!(pos.drop_refusal(king, None, a1), None);
}
