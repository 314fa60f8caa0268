//! Catalogue variants whose pieces in hand come from the position or the start (issue 29):
//! supply chess (drops on the own half, only where the kind may stand, never giving check) and
//! placement chess (a set-up phase with bishops on both colours and castling gained by the
//! placed king and rook) and koedem (a king in hand dropped first; a seat without kings loses
//! only while its opponent holds both).
//! Every expected value here is worked out by hand from the rules; the same positions are in
//! `tests/reference/catalogue-catalogue-c.perft` with Fairy-Stockfish's counts, which agree.

use ashtapada::Position;
use ashtapada::notation::to_fen;
use ashtapada_tests::{play, position, result};

fn moves(pos: &mut Position) -> Vec<String> {
    ashtapada_tests::legal_moves(pos)
}

/// Supply: a rook in hand, the white king on e1, the black king on d10 above an empty d-file.
/// A rook dropped on d1-d5 would check the black king, so it may not be dropped there; it may
/// go on the other 44 - 5 = 39 empty squares of white's half (a1-i5 but e1). The king may go
/// to e2 and f1, not d1 (the kings would face each other): 41 moves.
#[test]
fn supply_a_drop_may_not_give_check() {
    let mut pos = position("supply", &[], "3k5/9/9/9/9/9/9/9/9/4K4[R] w - - 0 1");
    let list = moves(&mut pos);
    assert_eq!(list.len(), 41, "{list:?}");
    for checking in ["R@d1", "R@d3", "R@d5"] {
        assert!(
            !list.contains(&checking.to_string()),
            "{checking} gives check"
        );
    }
    for quiet in ["R@a1", "R@e5", "R@i5", "e1e2", "e1f1"] {
        assert!(list.contains(&quiet.to_string()), "{quiet} is missing");
    }
    assert!(
        !list.iter().any(|m| m.ends_with('6')),
        "a drop across the river"
    );
}

/// Supply: white in check from the rook on e5 (the white king e1, the black king d10). The
/// king may only go to f1 (e2 stays on the file, d1 faces the black king). A drop answers on
/// e2, e3 or e4 as a rook, horse or cannon (9), as an advisor only on its point e2, as an
/// elephant only on its point e3, as a soldier only on e4 (its files of the fourth and fifth
/// ranks): 1 + 9 + 3 = 13 moves.
#[test]
fn supply_drops_answer_a_check_only_where_the_kind_may_stand() {
    let mut pos = position("supply", &[], "3k5/9/9/9/9/4r4/9/9/9/4K4[RNBACP] w - - 0 1");
    let list = moves(&mut pos);
    assert_eq!(list.len(), 13, "{list:?}");
    for m in ["e1f1", "A@e2", "B@e3", "P@e4", "R@e2", "N@e3", "C@e4"] {
        assert!(list.contains(&m.to_string()), "{m} is missing");
    }
    for m in ["A@e3", "B@e2", "B@e4", "P@e2", "P@e3", "e1d1"] {
        assert!(!list.contains(&m.to_string()), "{m} is not legal");
    }
}

/// Supply: advisors, elephants and soldiers in hand (the kings on d1 and e10). An advisor may
/// stand on e2, f1, d3 or f3 (d1 is the king's), an elephant on c1, g1, a3, e3, i3, c5 or g5,
/// a soldier on a4, a5, c4, c5, e4, e5, g4, g5, i4 or i5; of the king's steps in its palace,
/// d2 only (on e1 it would face the black king on the empty e-file).
/// 4 + 7 + 10 + 1 = 22 moves.
#[test]
fn supply_drop_points_follow_each_kinds_squares() {
    let mut pos = position("supply", &[], "4k4/9/9/9/9/9/9/9/9/3K5[AABBPP] w - - 0 1");
    let list = moves(&mut pos);
    assert_eq!(list.len(), 22, "{list:?}");
    let drops = |letter: char| -> Vec<String> {
        let mut squares: Vec<String> = list
            .iter()
            .filter_map(|m| m.strip_prefix(&format!("{letter}@")).map(str::to_string))
            .collect();
        squares.sort();
        squares
    };
    assert_eq!(drops('A'), ["d3", "e2", "f1", "f3"]);
    assert_eq!(drops('B'), ["a3", "c1", "c5", "e3", "g1", "g5", "i3"]);
    assert_eq!(
        drops('P'),
        ["a4", "a5", "c4", "c5", "e4", "e5", "g4", "g5", "i4", "i5"]
    );
}

/// Placement: white must place one of B, B, N on b1 (light), e1 or g1 (dark). Its two bishops
/// need one square of each colour, and b1 is the last light one: the knight may not take it
/// (N@e1, N@g1), a bishop may go on any of the three: 5 moves, none of them an ordinary move
/// (a seat with a piece to place must place it).
#[test]
fn placement_bishops_keep_a_square_of_each_colour() {
    let mut pos = position("placement", &[], "4k3/8/8/8/8/8/8/R1QK1R1N[BBN] w - - 0 1");
    assert_eq!(
        moves(&mut pos),
        ["B@b1", "B@e1", "B@g1", "N@e1", "N@g1"],
        "placement moves"
    );
    // A bishop on b1 (light): the other must go on a dark square, e1 or g1, and the knight
    // then takes the remaining one.
    play(&mut pos, &["B@b1", "e8e7"]);
    assert_eq!(moves(&mut pos), ["B@e1", "B@g1", "N@e1", "N@g1"]);
    // A light bishop already on b1: the second may not go on d1 or h1 (light), only on c1 or
    // g1 (dark); the knight may go on any of the four (two dark squares stay for one bishop).
    let mut second = position("placement", &[], "4k3/8/8/8/8/8/8/RB2KR2[BN] w - - 0 1");
    assert_eq!(
        moves(&mut second),
        ["B@c1", "B@g1", "N@c1", "N@d1", "N@g1", "N@h1"]
    );
}

/// Placement: castling rights come with the placed pieces. The white king placed on e1 and
/// then a rook on h1 beside it gives `K`; black's rook placed on a8 before its king on e8 gives
/// `q` when the king arrives. Then white's rook on a1 adds `Q`. A king placed on f1 gains none.
/// While pieces are in hand, every move is a placement: 6 empty squares each for the queen,
/// rook, knight and (either colour still free three times) bishop: 24.
#[test]
fn placement_castling_rights_come_with_the_placed_king_and_rook() {
    let mut pos = position(
        "placement",
        &[],
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
    );
    play(&mut pos, &["K@e1", "R@a8", "R@h1", "K@e8"]);
    assert_eq!(
        to_fen(&pos),
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R[QRBBNNqrbbnn] w Kq - 0 3"
    );
    assert_eq!(moves(&mut pos).len(), 24);
    play(&mut pos, &["R@a1"]);
    assert_eq!(
        to_fen(&pos),
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QBBNNqrbbnn] b KQq - 0 3"
    );
    let mut off = position(
        "placement",
        &[],
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
    );
    play(&mut off, &["R@h1", "R@a8", "K@f1", "K@e8"]);
    assert_eq!(
        to_fen(&off),
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/5K1R[QRBBNNqrbbnn] w q - 0 3"
    );
    // Once all is placed and the way is clear, the king castles as in chess.
    let mut ready = position(
        "placement",
        &[],
        "rnbqk2r/ppppbppp/4pn2/8/8/4PN2/PPPPBPPP/RNBQK2R[] w KQkq - 2 12",
    );
    play(&mut ready, &["e1g1"]);
    assert_eq!(
        to_fen(&ready),
        "rnbqk2r/ppppbppp/4pn2/8/8/4PN2/PPPPBPPP/RNBQ1RK1[] b kq - 3 12"
    );
}

/// Koedem: both kings in hand, with a queen and a knight: white must drop its king before
/// anything else, on any of the 34 empty squares (the ranks 3-6 and e1, e8 are empty: 32 + 2),
/// and drops neither the queen nor the knight nor moves a pawn: 34 moves, all `K@`.
#[test]
fn koedem_a_king_in_hand_is_dropped_before_anything_else() {
    let mut pos = position(
        "koedem",
        &[],
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[KQNkqn] w - - 0 1",
    );
    let list = moves(&mut pos);
    assert_eq!(list.len(), 34, "{list:?}");
    assert!(list.iter().all(|m| m.starts_with("K@")), "{list:?}");
    // With its king dropped, white's queen and knight drops and its moves come back.
    play(&mut pos, &["K@e1", "K@e8"]);
    let list = moves(&mut pos);
    assert!(list.contains(&"Q@e4".to_string()) && list.contains(&"e2e4".to_string()));
}

/// Koedem: the king is no royal piece, so it is captured like any other; a seat loses when it
/// has no king, on the board or in hand, while the opponent holds both. White's king on e1
/// takes black's only king on d2 while white's other king stands on a1: white wins. Where the
/// black king takes white's e1 king while white still holds a king in hand, nothing ends, and
/// white must then drop that king.
#[test]
fn koedem_without_kings_a_seat_loses_only_when_the_opponent_holds_both() {
    let mut pos = position("koedem", &[], "8/8/8/8/8/8/3k4/K3K3[] w - - 0 1");
    play(&mut pos, &["e1d2"]);
    assert_eq!(
        result(&mut pos).as_deref(),
        Some("white wins (opponent-extinct)")
    );
    let mut pos = position("koedem", &[], "8/8/8/8/8/8/3k4/4K3[K] b - - 0 1");
    play(&mut pos, &["d2e1"]);
    assert_eq!(result(&mut pos), None);
    let list = moves(&mut pos);
    assert_eq!(list.len(), 63, "{list:?}");
    assert!(list.iter().all(|m| m.starts_with("K@")));
}

/// The errors of rule-file text `text`, read and compiled with the defaults: each message with
/// whether it is located (none: the file compiles).
fn problems(text: &str) -> Vec<(String, bool)> {
    let show = |e: ashtapada::diag::Diagnostics| {
        e.0.iter()
            .map(|d| (d.message.clone(), d.span.is_some()))
            .collect()
    };
    let file = match ashtapada::spec::load_str("t.yaml", text) {
        Ok(f) => f,
        Err(e) => return show(e),
    };
    match ashtapada::compile(&file, &ashtapada::Assignment::default()) {
        Ok(_) => Vec::new(),
        Err(e) => show(e),
    }
}

/// What the set-up phase's new keys cannot say is refused, located: `castling-rights` in a
/// file without castling sides, unknown kinds under `opposite-colours` and `kinds`, a
/// `royal-from` off the board; and a castling royal missing from the setup names
/// `royal-from`.
#[test]
fn placement_keys_refuse_what_they_cannot_mean() {
    assert!(problems("extends: placement\n").is_empty());
    let cases = [
        (
            "extends: sittuyin\nplacement: { castling-rights: true }\n",
            "`castling-rights`",
        ),
        (
            "extends: placement\nplacement: { opposite-colours: [elephant] }\n",
            "elephant",
        ),
        (
            "extends: placement\nplacement: { kinds: [dragon] }\n",
            "dragon",
        ),
        (
            "extends: placement\ncastling: { royal-from: z9 }\n",
            "`z9` is not a square",
        ),
        (
            "extends: chess\nsetup: { army: { e1: ~ } }\n",
            "`royal-from:`",
        ),
    ];
    for (text, needle) in cases {
        let e = problems(text);
        assert!(
            e.iter().any(|(m, located)| m.contains(needle) && *located),
            "{text}: {e:?}"
        );
    }
}

/// A board move where every legal move is a drop is refused for that reason, naming what must
/// be placed (the tester: "no legal move starts on that square" said nothing of why).
#[test]
fn a_board_move_before_the_placing_says_a_drop_comes_first() {
    let refusal = |variant: &str, fen: &str| {
        let mut pos = position(variant, &[], fen);
        ashtapada::notation::parse_move(&mut pos, "e2e4")
            .expect_err("refused")
            .to_string()
    };
    let start = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";
    let placement = refusal("placement", start);
    assert!(
        placement.contains("white must place from its hand first")
            && placement.contains("king, queen, rook, bishop, knight"),
        "{placement}"
    );
    let koedem = refusal(
        "koedem",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[K] w - - 0 1",
    );
    assert!(koedem.contains("a drop (of king)"), "{koedem}");
}
