//! Capture by enclosing (issue 30, `rules/enclose.rs`): flipello, flipersi and ataxx played
//! out in hand-worked positions, each expected value reasoned from Fairy-Stockfish's rules
//! (`enclosingDrop`, `flipEnclosedPieces`, `passOnStalemate`, `stalematePieceCount`,
//! `materialCounting`, `adjudicateFullBoard`: src/position.h and src/position.cpp).

use ashtapada::Position;
use ashtapada::notation::{pass_text, to_fen};
use ashtapada_tests::{at, play, position, result};

/// The legal moves of `pos` as UCI writes them (`P@c3`, `g1e3`), sorted.
fn moves(pos: &mut Position) -> Vec<String> {
    let board = pos.variant().board;
    let mut out: Vec<String> = pos
        .legal_move_list()
        .iter()
        .map(|m| match m.dropped() {
            Some(_) => format!("P@{}", board.name(m.to)),
            None => format!("{}{}", board.name(m.from), board.name(m.to)),
        })
        .collect();
    out.sort();
    out
}

/// Flipello: white drops on c3. East, d3 and e3 (black) run to f3 (white): both turn; north,
/// c4 runs to c5: turns; north-east, d4 and e5 run to f6: both turn. West, b3 ends at the
/// empty a3, and south, c2 and c1 run off the board: none of them turns. Five stones turn;
/// the drop takes one stone from white's hand.
#[test]
fn a_drop_turns_every_enclosed_line_and_no_open_one() {
    let mut pos = position(
        "flipello",
        &[],
        "8/8/5P2/2PPp3/1PppP3/1p1ppP2/2p5/2p5[PPPPPPPPPPpppppppppp] w - - 0 1",
    );
    play(&mut pos, &["P@c3"]);
    for sq in ["c3", "d3", "e3", "c4", "d4", "e5"] {
        assert_eq!(at(&pos, sq), "wP", "{sq}");
    }
    for sq in ["b3", "c2", "c1"] {
        assert_eq!(at(&pos, sq), "bP", "{sq}");
    }
    assert_eq!(pos.last_ply_events().turned, 5);
    assert_eq!(
        to_fen(&pos),
        "8/8/5P2/2PPP3/1PPPP3/1pPPPP2/2p5/2p5[PPPPPPPPPpppppppppp] b - - 0 1"
    );
    pos.undo();
    assert_eq!(at(&pos, "d3"), "bP");
    assert_eq!(pos.hand_total(ashtapada::Seat(0)), 10);
}

/// A drop that encloses nothing is no move: a3 (b3 then the empty c3) and h1 (nothing next
/// to it) are refused with the enclosing rule's reason.
#[test]
fn a_drop_that_encloses_nothing_is_refused() {
    let mut pos = position(
        "flipello",
        &[],
        "8/8/5P2/2PPp3/1PppP3/1p1ppP2/2p5/2p5[PPPPPPPPPPpppppppppp] w - - 0 1",
    );
    let list = moves(&mut pos);
    assert!(list.contains(&"P@c3".to_string()));
    for sq in ["a3", "h1"] {
        assert!(!list.contains(&format!("P@{sq}")), "{sq}");
        let to = ashtapada_tests::square(&pos, sq);
        let why = pos.drop_refusal(ashtapada::Kind(0), None, to).unwrap();
        assert!(why.to_string().contains("enclose"), "{sq}: {why}");
    }
}

/// Flipersi starts empty: the first four drops go only to d4 e4 d5 e5, enclosing nothing.
#[test]
fn flipersi_fills_the_centre_first() {
    let mut pos = ashtapada_tests::position(
        "flipersi",
        &[],
        "8/8/8/8/8/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppp] w - - 0 1",
    );
    assert_eq!(moves(&mut pos), ["P@d4", "P@d5", "P@e4", "P@e5"]);
    play(&mut pos, &["P@d4"]);
    assert_eq!(moves(&mut pos), ["P@d5", "P@e4", "P@e5"]);
}

/// Ataxx: a clone (a drop next to an own stone) keeps the stone it grew from; a jump (two
/// squares) leaves its square. Either way the enemy stones next to the arrival turn over.
#[test]
fn a_clone_keeps_its_origin_and_a_jump_leaves_it() {
    let fen = "P5p/7/7/7/7/5p1/p5P w - - 0 1";
    let mut pos = position("ataxx", &[], fen);
    play(&mut pos, &["P@g2"]);
    assert_eq!(at(&pos, "g1"), "wP");
    assert_eq!(at(&pos, "g2"), "wP");
    assert_eq!(at(&pos, "f2"), "wP", "the black stone next to g2 turns");
    // The supply is unlimited: FEN writes no hands.
    assert_eq!(to_fen(&pos), "P5p/7/7/7/7/5PP/p5P b - - 0 1");

    let mut pos = position("ataxx", &[], fen);
    play(&mut pos, &["g1e3"]);
    assert_eq!(at(&pos, "g1"), "");
    assert_eq!(at(&pos, "e3"), "wP");
    assert_eq!(at(&pos, "f2"), "wP", "the black stone next to e3 turns");
    assert_eq!(to_fen(&pos), "P5p/7/7/7/4P2/5P1/p6 b - - 1 1");
}

/// Ataxx: white's stone on a1 is walled in by black stones on every square within two: its
/// only move is the pass, written as Fairy-Stockfish writes it (its square twice, `a1a1`).
#[test]
fn a_seat_with_no_move_must_pass() {
    let mut pos = position("ataxx", &[], "7/7/7/7/ppp4/ppp4/Ppp4 w - - 0 1");
    assert!(moves(&mut pos).is_empty());
    assert!(pos.can_pass());
    assert_eq!(pass_text(&pos).as_deref(), Some("a1a1"));
    pos.pass().unwrap();
    assert!(pos.outcome().is_none());
    // Black has moves, so it may not pass.
    assert!(!moves(&mut pos).is_empty());
    assert!(!pos.can_pass());
}

/// Flipello: neither side can enclose anything (white's lone a1 stone has no black line
/// ending on a white stone; nothing lies beyond a1): white passes, black passes, and the
/// game is over; the count decides it, 4 black stones to 1.
#[test]
fn two_passes_end_the_game_and_the_count_decides() {
    let mut pos = position(
        "flipello",
        &[],
        "8/8/8/3pp3/3pp3/8/8/P7[PPPPPPPPPPpppppppppp] w - - 0 1",
    );
    assert!(moves(&mut pos).is_empty());
    pos.pass().unwrap();
    assert!(pos.outcome().is_none());
    assert_eq!(pass_text(&pos).as_deref(), Some("d4d4"));
    pos.pass().unwrap();
    assert_eq!(
        result(&mut pos).as_deref(),
        Some("black wins (double-pass)")
    );
}

/// Flipersi has no pass: the same position stalemates white, who has fewer stones and loses.
#[test]
fn flipersi_stalemate_goes_to_the_seat_with_more_stones() {
    let mut pos = position(
        "flipersi",
        &[],
        "8/8/8/3pp3/3pp3/8/8/P7[PPPPPPPPPPpppppppppp] w - - 0 1",
    );
    assert!(moves(&mut pos).is_empty());
    assert!(!pos.can_pass());
    assert_eq!(result(&mut pos).as_deref(), Some("black wins (stalemate)"));
}

/// Ataxx: white clones into the last empty square, g1, turning f1 over: the board is full
/// and white has 28 stones to black's 21, so white wins.
#[test]
fn a_full_board_ends_the_game_won_on_the_count() {
    let mut pos = position(
        "ataxx",
        &[],
        "ppppppp/ppppppp/ppppppp/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPp1 w - - 0 1",
    );
    play(&mut pos, &["P@g1"]);
    assert_eq!(at(&pos, "f1"), "wP");
    assert_eq!(result(&mut pos).as_deref(), Some("white wins (board-full)"));
    assert!(moves(&mut pos).is_empty());
    // The turn passes on the last drop too, as Fairy-Stockfish writes it (checked with its
    // `d` after `position fen … moves P@g1`).
    assert_eq!(
        to_fen(&pos),
        "ppppppp/ppppppp/ppppppp/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP b - - 0 1"
    );
}

/// The drop that fills the board ends a flipello game and hands the turn on (Fairy-Stockfish
/// writes `… b - - 0 1` after it); a full board loaded from FEN, either side to move, has
/// already ended the same way (`adjudicateFullBoard`), in flipello (which could pass) and in
/// flipersi (which would be stalemated): not stalemate, not a game that goes on.
#[test]
fn a_full_board_ends_at_the_last_drop_and_when_loaded() {
    for variant in ["flipello", "flipersi"] {
        let mut pos = position(
            variant,
            &[],
            "1ppppppP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP[Pp] w - - 0 1",
        );
        play(&mut pos, &["P@a8"]);
        let full = "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP[p]";
        assert_eq!(to_fen(&pos), format!("{full} b - - 0 1"), "{variant}");
        let won = Some("white wins (board-full)");
        assert_eq!(result(&mut pos).as_deref(), won, "{variant}");
        for side in ["w", "b"] {
            let mut pos = position(variant, &[], &format!("{full} {side} - - 0 1"));
            assert_eq!(result(&mut pos).as_deref(), won, "{variant} {side}");
            assert!(moves(&mut pos).is_empty(), "{variant} {side}");
            assert!(!pos.can_pass(), "{variant} {side}");
        }
    }
}

/// Walls (`*` in ataxx's FEN) block their squares and never turn: read and written back.
#[test]
fn walls_read_and_write_back_and_block() {
    let fen = "P5p/7/2*1*2/7/2*1*2/7/p5P w - - 0 1";
    let mut pos = position("ataxx", &[], fen);
    assert_eq!(to_fen(&pos), fen);
    assert!(!moves(&mut pos).iter().any(|m| m.ends_with("c5")));
}
