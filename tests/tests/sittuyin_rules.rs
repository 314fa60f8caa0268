//! Sittuyin: the set-up phase (placement from the hand), promotion in place, and perft
//! against Fairy-Stockfish's `sittuyin` on positions beyond the reference file.

use ashtapada::notation::to_fen;
use ashtapada::perft;
use ashtapada_tests::{play, position};

/// Perft of positions played out against Fairy-Stockfish 11.1 (`/usr/games/fairy-stockfish`,
/// `setoption name UCI_Variant value sittuyin`, `go perft N`): its numbers, not ours.
const FSF: &[(&str, u32, u64)] = &[
    // The start, a ply deeper than the reference file.
    (
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1",
        3,
        580_096,
    ),
    // Mid-placement: white has placed a chariot and the king.
    (
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/R2K4[SSFRNNkssfrrnn] w - - 0 2",
        3,
        269_280,
    ),
    // White has placed everything and moves its pawns while black still places (and may
    // not place its king on d6 or f6 once a pawn reaches e5).
    (
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/RRKSSFNN[kssfrrnn] w - - 0 9",
        3,
        64_629,
    ),
    // Both sides part-placed, pieces in contact.
    (
        "rrk5/3n4/1sn1ppps/ppppf3/4PPPP/PPPP4/3SN3/R4K2[FRSNkssfrrnn] w - - 0 5",
        3,
        120_780,
    ),
    // Pawn promotions: white's b7 and c6 on diagonal squares, d5 too; black's f3 and g2.
    ("4k3/1P6/2P5/3P4/8/5p2/6p1/4K3[] w - - 0 1", 4, 20_101),
    // White still has its general: no promotion.
    ("4k3/1P6/2P5/3P4/8/8/8/3FK3[] w - - 0 1", 3, 371),
    // A last pawn promotes from any square.
    ("8/3k4/8/4P3/8/8/2K5/8[] w - - 0 1", 4, 7_180),
];

#[test]
fn perft_matches_fairy_stockfish_beyond_the_reference_file() {
    for &(fen, depth, want) in FSF {
        let mut pos = position("sittuyin", &[], fen);
        assert_eq!(perft(&mut pos, depth), want, "{fen} perft {depth}");
    }
}

/// While a seat holds pieces in hand it must place one: at the start white's 88 moves are all
/// drops (the pawns on e4 and a3 could otherwise step); a chariot only on the back rank.
#[test]
fn pieces_in_hand_must_be_placed_first_chariots_on_the_back_rank() {
    let mut pos = position(
        "sittuyin",
        &[],
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1",
    );
    let moves = pos.legal_move_list();
    assert_eq!(moves.len(), 88);
    assert!(moves.iter().all(|m| m.is_drop()));
    let rook_rank = |m: &ashtapada::Move| pos.variant().board.rank(m.to);
    let chariot = pos.kind_for_letter('R').unwrap();
    let chariots: Vec<_> = moves
        .iter()
        .filter(|m| m.dropped() == Some(chariot))
        .collect();
    assert_eq!(chariots.len(), 8);
    assert!(chariots.iter().all(|m| rook_rank(m) == 0));
    // Black places on its own three ranks (6 to 8): a horse on e6 is refused (a pawn stands
    // there), on d6 it is fine.
    play(&mut pos, &["K@d1"]);
    play(&mut pos, &["N@d6"]);
    let fen = to_fen(&pos);
    let (board, rest) = fen.split_once('[').unwrap();
    assert_eq!(board, "8/8/3npppp/pppp4/4PPPP/PPPP4/8/3K4");
    let mut hand: Vec<char> = rest.split_once(']').unwrap().0.chars().collect();
    hand.sort_unstable();
    assert_eq!(hand.into_iter().collect::<String>(), "FNNRRSSfknrrss");
}

/// Promotion in place: the pawn on g3, black's only pawn, becomes a general where it stands
/// or one diagonal step away (h2, f4, h4: f2 is black's own chariot), never where the general
/// would attack a white piece — the four moves Fairy-Stockfish lists (sittuyin-end1).
#[test]
fn a_last_pawn_promotes_in_place_or_one_step_diagonally() {
    let mut pos = position(
        "sittuyin",
        &[],
        "8/8/6R1/s3r3/P5R1/1KP3p1/1F2kr2/8[] b - - 0 72",
    );
    let promo: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .filter(|m| m.promotes_to().is_some())
        .map(|m| pos.variant().board.name(m.from) + &pos.variant().board.name(m.to))
        .collect();
    assert_eq!(promo, ["g3h2", "g3g3", "g3f4", "g3h4"]);
    play(&mut pos, &["g3g3f"]);
    // A promotion (a move of the pawn) starts the 50-move clock again: Fairy-Stockfish writes
    // `… w - - 0 73` after `moves g3g3f`.
    assert_eq!(
        to_fen(&pos),
        "8/8/6R1/s3r3/P5R1/1KP3f1/1F2kr2/8[] w - - 0 73"
    );
}

/// Fairy-Stockfish's "sittuyin stalemate due to optional promotion" (rule 3.9 c.7,
/// `only-promotions-draw`): white's khun a1 is boxed in (the chariots on b8 and h2 take a2,
/// b1 and b2) and its last pawn d3, blocked by black's pawn on d4, has only its five
/// promotions (`go perft 1` in Fairy-Stockfish at c19b5f6c: d3c2f d3e2f d3d3f d3c4f d3e4f).
/// Not in check, two pieces, only promotions: stalemate, a draw. Fairy-Stockfish scores
/// black's h3h2, which makes this position, `cp 0` after one node (an immediate game end),
/// and h3g3 instead `cp 769`.
#[test]
fn only_promotions_left_is_stalemate() {
    let mut pos = position("sittuyin", &[], "1r5k/8/8/8/3p4/3P3r/8/K7[] b - - 0 60");
    play(&mut pos, &["h3h2"]);
    let mut moves: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| ashtapada::notation::move_to_string(&pos, m))
        .collect();
    moves.sort();
    assert_eq!(moves, ["d3c2f", "d3c4f", "d3d3f", "d3e2f", "d3e4f"]);
    assert_eq!(
        pos.outcome(),
        Some(ashtapada::Outcome::Draw {
            reason: ashtapada::EndReason::Stalemate
        })
    );
    // With the chariot on g3 instead, the khun may step to a2: the game goes on.
    let mut pos = position("sittuyin", &[], "1r5k/8/8/8/3p4/3P3r/8/K7[] b - - 0 60");
    play(&mut pos, &["h3g3"]);
    assert_eq!(pos.outcome(), None);
}
