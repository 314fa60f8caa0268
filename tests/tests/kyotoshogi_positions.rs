//! Kyoto shogi (rules/kyotoshogi.yaml, docs/kyotoshogi.md): pieces that turn over after
//! every move (`flip:`), drops on either face (`drop.either-face`), the uchifuzume option, and
//! perft and divide from middlegame positions with pieces in hand against Fairy-Stockfish's
//! `kyotoshogi` (its numbers, from `go perft N` on the FEN given with each case; Fairy-Stockfish
//! 11.1, the Debian package).
//!
//! Fairy-Stockfish writes a piece on its second face as `+` and its first face's letter (`+P`
//! the rook, `+S` the bishop, `+L` the tokin, `+N` the gold); the FEN reader reads that form
//! (and each face's own letter, R, B, T, G), so every FEN here is Fairy-Stockfish's own.

use ashtapada::notation::{action_to_string, from_fen, move_to_string, parse_move};
use ashtapada::{Assignment, Position, Seat, Variant, divide, load_variant, perft};
use std::sync::Arc;

fn variant(options: &[&str]) -> Arc<Variant> {
    let a = Assignment::parse(options).expect("valid options");
    load_variant("kyotoshogi", &a).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

fn position(options: &[&str], fen: &str) -> Position {
    from_fen(&variant(options), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// (Fairy-Stockfish's FEN, perft 1, 2, 3), each from Fairy-Stockfish with `UCI_Variant
/// kyotoshogi`. The positions come from random Fairy-Stockfish games, with pieces added to
/// the hands (both seats' hands hold pieces in all but the fourth, where only the hands
/// matter).
const MIDDLEGAMES: &[(&str, [u64; 3])] = &[
    ("5/Pnk+s+N/5/3K1/1S2P[LLp] w - - 1 13", [46, 1681, 60559]),
    ("p1Ns1/4s/1k3/L+npK1/4+l[Sl] b - - 2 13", [45, 1216, 27832]),
    (
        "p4/1knS+L/1+n1+P1/2l2/3K1[Ps] w - - 0 13",
        [46, 1707, 34613],
    ),
    ("2k2/5/5/5/2K2[PSLNpsln] w - - 0 1", [189, 28889, 3315266]),
    ("1Nsl1/2k2/p+n2s/L1P2/1K3[Pp] b - - 6 13", [49, 1400, 38758]),
];

#[test]
fn middlegame_perft_with_pieces_in_hand_matches_fairy_stockfish() {
    for (fen, counts) in MIDDLEGAMES {
        let mut pos = position(&["uchifuzume=legal"], fen);
        assert_eq!(
            ashtapada::notation::to_fen(&pos),
            *fen,
            "written back as Fairy-Stockfish writes it"
        );
        for (depth, &want) in counts.iter().enumerate() {
            assert_eq!(
                perft(&mut pos, depth as u32 + 1),
                want,
                "{fen} perft {}",
                depth + 1
            );
        }
    }
}

/// Fairy-Stockfish's `go perft 2` divide of the start position: every move written as it
/// writes them (`+` onto the second face, `-` back), with its count.
#[test]
fn start_divide_matches_fairy_stockfish_move_by_move() {
    let want = [
        ("b1a2+", 11),
        ("b1b2+", 11),
        ("b1c2+", 12),
        ("e1e2+", 12),
        ("a1a2-", 12),
        ("a1b2-", 11),
        ("d1c2-", 10),
        ("d1d2-", 11),
        ("d1e2-", 11),
        ("c1b2", 12),
        ("c1c2", 12),
        ("c1d2", 12),
    ];
    let mut pos = position(&[], "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1");
    let start = pos.clone();
    let mut got: Vec<(String, u64)> = divide(&mut pos, 2)
        .into_iter()
        .map(|(a, n)| (action_to_string(&start, a), n))
        .collect();
    got.sort();
    let mut want: Vec<(String, u64)> = want.iter().map(|&(m, n)| (m.to_string(), n)).collect();
    want.sort();
    assert_eq!(got, want);
}

/// Divide of a middlegame position with pawns in both hands, move by move against
/// Fairy-Stockfish's `go perft 2`: its drops on the second face are written `+P@a4`.
#[test]
fn face_drops_are_written_and_counted_as_fairy_stockfish_does() {
    let fen = "1Nsl1/2k2/p+n2s/L1P2/1K3[Pp] b - - 6 13";
    let mut pos = position(&[], fen);
    let start = pos.clone();
    let got: Vec<(String, u64)> = divide(&mut pos, 2)
        .into_iter()
        .map(|(a, n)| (action_to_string(&start, a), n))
        .collect();
    // Black's pawn in hand: 15 empty squares, each on both faces (Fairy-Stockfish lists
    // `P@a1` … `+P@e5`; here three of them with its counts).
    for (m, n) in [("P@a1", 32), ("+P@a1", 1), ("+P@e2", 32)] {
        let found = got.iter().find(|(g, _)| g == m);
        assert_eq!(found.map(|(_, c)| *c), Some(n), "{m} in {got:?}");
    }
    let drops = got.iter().filter(|(m, _)| m.contains('@')).count();
    assert_eq!(drops, 30, "{got:?}");
    assert_eq!(got.iter().map(|(_, n)| n).sum::<u64>(), 1400);
}

/// Reading moves: `+` and `-` (or no suffix) for a flip, `+P@c3` for a drop on the second
/// face, and the second face's own letter (`R@c3`) for the same drop. A flip is part of the
/// move: taking it back restores the piece and the hash.
#[test]
fn flips_and_face_drops_read_back_and_undo() {
    let mut pos = position(&[], "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1");
    let hash = pos.hash();
    let m = parse_move(&mut pos, "e1e2+").expect("the pawn's move, flipping to a rook");
    assert_eq!(parse_move(&mut pos, "e1e2").expect("no suffix"), m);
    pos.play(m).expect("legal");
    let rook = pos.variant().kind_by_letter('R').expect("rook");
    assert_eq!(pos.piece_at(m.to).kind(), rook);
    let e = pos.last_ply_events();
    assert_eq!((e.flips, e.promotions), (1, 0));
    let back = parse_move(&mut pos, "e5e4-").expect("gote's tokin turning back to a lance");
    pos.play(back).expect("legal");
    pos.undo();
    pos.undo();
    assert_eq!(pos.hash(), hash);
    let pawn = pos.variant().kind_by_letter('P').expect("pawn");
    assert_eq!(pos.piece_at(m.from).kind(), pawn);

    // Sente holds a pawn: `P@c3` drops it as a pawn, `+P@c3` and `R@c3` as a rook.
    let mut pos = position(&[], "2k2/5/5/5/2K2[P] w - - 0 1");
    let pawn_drop = parse_move(&mut pos, "P@c3").expect("legal");
    let rook_drop = parse_move(&mut pos, "+P@c3").expect("legal");
    assert_eq!(
        parse_move(&mut pos, "R@c3").expect("the face's letter"),
        rook_drop
    );
    assert_ne!(pawn_drop, rook_drop);
    assert_eq!(move_to_string(&pos, rook_drop), "+P@c3");
    assert_eq!(move_to_string(&pos, pawn_drop), "P@c3");
    let hash = pos.hash();
    pos.play(rook_drop).expect("legal");
    assert_eq!(pos.piece_at(rook_drop.to).kind(), rook);
    assert_eq!(pos.hand_count(Seat(0), pawn), 0);
    pos.undo();
    assert_eq!(pos.hash(), hash);
    assert_eq!(pos.hand_count(Seat(0), pawn), 1);
}

/// The mating pawn drop, worked by hand: gote's king alone on a5; sente's gold (`+N`) on b3,
/// bishop (`+S`) on d3 and king on e1, a pawn in hand. `P@a4` checks the king (a pawn attacks
/// the square in front), and it has no escape: a4 is guarded by the gold (fF from b3), b4 by
/// the gold (fW), b5 by the bishop (d3–c4–b5). So under `uchifuzume=legal` (Fairy-Stockfish's
/// kyotoshogi: 57 moves here, its perft 1) the drop is a move and mates; under `illegal` it is
/// the one move fewer. A drop of the pawn on its rook face is not a pawn drop: `+P@a1` mates
/// too and stays legal under both.
#[test]
fn the_mating_pawn_drop_follows_the_uchifuzume_option() {
    let fen = "k4/5/1+N1+S1/5/4K[P] w - - 0 1";
    let mut legal = position(&["uchifuzume=legal"], fen);
    let mut illegal = position(&["uchifuzume=illegal"], fen);
    assert_eq!(perft(&mut legal, 1), 57);
    assert_eq!(perft(&mut illegal, 1), 56);
    let mate = parse_move(&mut legal, "P@a4").expect("legal under uchifuzume=legal");
    assert!(parse_move(&mut illegal, "P@a4").is_err());
    legal.play(mate).expect("legal");
    assert_eq!(perft(&mut legal, 1), 0, "gote is mated");
    assert!(legal.outcome().is_some());
    let rook_mate = parse_move(&mut illegal, "+P@a1").expect("a rook drop");
    illegal.play(rook_mate).expect("legal");
    assert_eq!(perft(&mut illegal, 1), 0, "gote is mated by the rook");
}
