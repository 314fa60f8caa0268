//! Pin-aware legality (issue 27): the shortcut that clears most moves without playing them
//! (`Position::legal_moves`) gives exactly the moves of the slow reference that plays and tests
//! every candidate (`Position::set_reference_legality`), on seeded random walks through every
//! built-in and catalogue variant and on hand-built pins of each kind of attacker. The
//! reference also walks the move table where the fast path reads its bitboards (boards of at
//! most 64 squares, issue 27), so the walks compare the two generators too.

use ashtapada::notation::move_to_string;
use ashtapada::spec::all_builtins;
use ashtapada::{Assignment, Move, Position, load_variant};
use ashtapada_tests::{Lcg, position, random_action};

/// The position's legal moves (sorted), its count and "has a move", by the shortcut or the
/// reference.
fn moves(pos: &mut Position, reference: bool) -> (Vec<Move>, u64, bool) {
    pos.set_reference_legality(reference);
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    list.sort_by_key(|m| {
        (
            m.from,
            m.to,
            m.shown().map(|k| k.0),
            m.die,
            m.dropped().map(|k| k.0),
        )
    });
    let count = pos.count_legal(&mut Vec::new());
    let any = pos.has_legal_move();
    pos.set_reference_legality(false);
    (list, count, any)
}

/// Asserts that the shortcut and the reference agree on `pos`; `what` names it.
fn agree(pos: &mut Position, what: &str) {
    let fast = moves(pos, false);
    let slow = moves(pos, true);
    assert_eq!(
        fast, slow,
        "{what}: shortcut (left) and reference (right) differ"
    );
}

/// Plays a seeded random walk of at most `plies` plies from `pos` (fewer if the game ends),
/// calling `each` on every position reached before its action, with the ply's number.
fn walk_plies(
    pos: &mut Position,
    plies: usize,
    rng: &mut Lcg,
    mut each: impl FnMut(&mut Position, usize),
) {
    for ply in 0..plies {
        each(pos, ply);
        let Some(a) = random_action(pos, rng) else {
            break;
        };
        pos.play_action(a).unwrap();
    }
}

/// Asserts the position's bookkeeping and its bitboard attack tests (against the table
/// walks) at `at`.
fn consistent(pos: &Position, at: &str) {
    pos.check_consistency()
        .unwrap_or_else(|e| panic!("{at}: {e}"));
    pos.check_attack_bits()
        .unwrap_or_else(|e| panic!("{at}: {e}"));
}

/// Every built-in and catalogue variant, four seeded walks of up to 120 plies each: the two
/// paths agree at every position (up to 36,000 positions, games that end stop early).
#[test]
fn the_shortcut_matches_the_reference_on_random_walks_of_every_variant() {
    let mut rng = Lcg(27);
    let mut checked = 0;
    for (name, _) in all_builtins() {
        let v = load_variant(name, &Assignment::default()).unwrap();
        for walk in 0..4 {
            let mut pos = Position::start(v.clone());
            walk_plies(&mut pos, 120, &mut rng, |pos, ply| {
                agree(pos, &format!("{name} walk {walk} ply {ply}"));
                checked += 1;
            });
        }
    }
    assert!(checked > 10_000, "only {checked} positions");
}

/// Hand-built pins, one per kind of attacker the shortcut reads, each with the moves the pin
/// forbids checked by hand (FEN as Fairy-Stockfish writes them).
#[test]
fn hand_built_pins_forbid_what_they_should() {
    // (variant, FEN, a move the pin forbids, a move of the pinned piece still legal or "").
    let cases: [(&str, &str, &str, &str); 7] = [
        // Chess, king d1: the bishop d2, pinned by the rook d8, may not leave the d-file (it
        // has no move); the rook c2, pinned by the bishop a4 on the diagonal, has none either.
        ("chess", "3r3k/8/8/8/b7/8/2RB4/3K4 w - - 0 1", "d2e3", ""),
        ("chess", "3r3k/8/8/8/b7/8/2RB4/3K4 w - - 0 1", "c2c3", ""),
        // Xiangqi, general e1: two screens (the rook e4, the horse e6) between it and the
        // cannon e8. The rook may not leave the file (one screen would be left), nor take the
        // horse (itself the one screen then); it may move up to e5.
        (
            "xiangqi",
            "4k4/9/4c4/9/4n4/9/4R4/9/9/4K4 w - - 0 1",
            "e4d4",
            "e4e5",
        ),
        (
            "xiangqi",
            "4k4/9/4c4/9/4n4/9/4R4/9/9/4K4 w - - 0 1",
            "e4e6",
            "e4e5",
        ),
        // Xiangqi, flying general: the cannon e2, alone between the generals, may not leave
        // the file.
        (
            "xiangqi",
            "4k4/9/9/9/9/9/9/9/4C4/4K4 w - - 0 1",
            "e2d2",
            "e2e5",
        ),
        // Xiangqi, a horse's leg: the rook d2 blocks the horse d3 from e1; it may only take
        // the horse.
        (
            "xiangqi",
            "3k5/9/9/9/9/9/9/3n5/3R5/4K4 w - - 0 1",
            "d2c2",
            "d2d3",
        ),
        // Xiangqi: nothing between the general and the cannon e8; the rook d2 may not become
        // the screen on e2.
        (
            "xiangqi",
            "4k4/9/4c4/9/9/9/9/9/3R5/4K4 w - - 0 1",
            "d2e2",
            "d2d5",
        ),
    ];
    for (variant, fen, forbidden, allowed) in cases {
        let mut pos = position(variant, &[], fen);
        let list = moves(&mut pos, false).0;
        let shown: Vec<String> = list.iter().map(|&m| move_to_string(&pos, m)).collect();
        assert!(
            !shown.iter().any(|m| m == forbidden),
            "{variant} {fen}: {forbidden} is forbidden, got {shown:?}"
        );
        if !allowed.is_empty() {
            assert!(
                shown.iter().any(|m| m == allowed),
                "{variant} {fen}: {allowed} stays legal, got {shown:?}"
            );
        }
        agree(&mut pos, fen);
    }
}

/// The bitboard attack tests (one word on boards of at most 64 squares, two words up to 128)
/// equal the table walks on seeded random walks of every built-in and catalogue variant:
/// every square against each seat and against all the others, and each royal piece's pins;
/// the kind and dead-square bitboards equal the board (`check_consistency`).
#[test]
fn bitboard_attacks_match_the_walk_on_random_walks_of_every_variant() {
    let mut rng = Lcg(2727);
    let (mut checked, mut two_words) = (0, 0);
    for (name, _) in all_builtins() {
        let v = load_variant(name, &Assignment::default()).unwrap();
        if v.board.len() > 128 {
            continue;
        }
        let wide = v.board.len() > 64;
        for walk in 0..2 {
            let mut pos = Position::start(v.clone());
            walk_plies(&mut pos, 80, &mut rng, |pos, ply| {
                consistent(pos, &format!("{name} walk {walk} ply {ply}"));
                checked += 1;
                two_words += wide as usize;
            });
        }
    }
    assert!(checked > 5_000, "only {checked} positions");
    assert!(
        two_words > 1_000,
        "only {two_words} positions over 64 squares"
    );
}

/// The two-word bitboard attack tests equal the table walks, and the pin-aware shortcut the
/// reference path, on long random games of four-player shogi where a mated army stays on the
/// board ownerless (live pieces no seat owns, which attack no royal piece) and where teams
/// play: dead kings, ownerless pieces and partners on 81 squares.
#[test]
fn two_word_attacks_match_the_walk_with_ownerless_armies_and_teams() {
    let mut rng = Lcg(2728);
    let mut checked = 0;
    for options in [&["mated-pieces=ownerless"][..], &["format=pairs"], &[]] {
        let a = Assignment::parse(options).unwrap();
        let v = load_variant("yonin-shogi", &a).unwrap();
        for game in 0..6 {
            let mut pos = Position::start(v.clone());
            walk_plies(&mut pos, 600, &mut rng, |pos, ply| {
                let at = format!("{options:?} game {game} ply {ply}");
                consistent(pos, &at);
                agree(pos, &at);
                checked += 1;
            });
        }
    }
    assert!(checked > 3_000, "only {checked} positions");
}

/// For each (FEN, square, attacked) of `variant`: whether the second seat attacks the square
/// by the bitboard test is `attacked`, and the bitboard tests equal the table walks there.
fn second_seat_attacks(variant: &str, cases: &[(&str, &str, bool)]) {
    use ashtapada::vocab::{Seat, SeatSet};
    for &(fen, square, attacked) in cases {
        let pos = position(variant, &[], fen);
        let sq = pos.variant().board.parse_square(square).unwrap();
        assert_eq!(
            pos.attacked_by_bits(sq, SeatSet::one(Seat(1))),
            Some(attacked),
            "{fen}: {square}"
        );
        pos.check_attack_bits().unwrap();
    }
}

/// Checkers by hand on two words (shogi's 81 squares, FEN as Fairy-Stockfish writes shogi:
/// files a–i from sente's left, rank 1 sente's edge; square indices 72–80 are rank 9, in the
/// second word): whether gote attacks a square, by the bitboard test, for lines crossing
/// from the second word into the first, blocked and unblocked, a diagonal, a king's step
/// and a knight's leap.
#[test]
fn two_word_checkers_by_hand() {
    // (FEN, square, attacked by gote).
    let cases = [
        // The rook e9 down the open e-file, and along rank 9 up to its own king i9.
        ("4r3k/9/9/9/9/9/9/9/4K4[-] w - - 0 1", "e1", true),
        ("4r3k/9/9/9/9/9/9/9/4K4[-] w - - 0 1", "e8", true),
        ("4r3k/9/9/9/9/9/9/9/4K4[-] w - - 0 1", "a9", true),
        ("4r3k/9/9/9/9/9/9/9/4K4[-] w - - 0 1", "h9", true),
        ("4r3k/9/9/9/9/9/9/9/4K4[-] w - - 0 1", "d1", false),
        ("4r3k/9/9/9/9/9/9/9/4K4[-] w - - 0 1", "a1", false),
        // The king i9 steps to h8.
        ("4r3k/9/9/9/9/9/9/9/4K4[-] w - - 0 1", "h8", true),
        ("4r3k/9/9/9/9/9/9/9/4K4[-] w - - 0 1", "g8", false),
        // Sente's gold e5 blocks the file: the rook reaches e5 and no further.
        ("4r3k/9/9/9/4G4/9/9/9/4K4[-] w - - 0 1", "e1", false),
        ("4r3k/9/9/9/4G4/9/9/9/4K4[-] w - - 0 1", "e4", false),
        ("4r3k/9/9/9/4G4/9/9/9/4K4[-] w - - 0 1", "e5", true),
        // The bishop a9 down the long diagonal to i1.
        ("b7k/9/9/9/9/9/9/9/4K4[-] w - - 0 1", "i1", true),
        ("b7k/9/9/9/9/9/9/9/4K4[-] w - - 0 1", "h1", false),
        // Gote's knight d9 leaps two ranks down, one file aside.
        ("3n4k/9/9/9/9/9/9/9/4K4[-] w - - 0 1", "c7", true),
        ("3n4k/9/9/9/9/9/9/9/4K4[-] w - - 0 1", "e7", true),
        ("3n4k/9/9/9/9/9/9/9/4K4[-] w - - 0 1", "d7", false),
        ("3n4k/9/9/9/9/9/9/9/4K4[-] w - - 0 1", "d8", false),
    ];
    second_seat_attacks("shogi", &cases);
}

/// Checkers by hand (chess, FEN as Fairy-Stockfish writes them): whether black attacks a
/// square, by the bitboard test, for each kind of attacker — a knight, a pawn, a slider
/// blocked and unblocked, a slider behind another piece.
#[test]
fn bitboard_checkers_by_hand() {
    // (FEN, square, attacked by black).
    let cases = [
        ("4k3/8/8/8/8/3n4/8/4K3 w - - 0 1", "e1", true),
        ("4k3/8/8/8/8/3n4/8/4K3 w - - 0 1", "d1", false),
        ("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1", true),
        ("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "d1", false),
        ("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "d3", false),
        ("4k3/8/8/8/b7/8/2P5/4K3 w - - 0 1", "d1", false),
        ("4k3/8/8/8/b7/8/8/4K3 w - - 0 1", "d1", true),
        ("4k3/8/8/8/b7/8/8/4K3 w - - 0 1", "e1", false),
        ("4k3/8/8/8/8/8/8/r2QK3 w - - 0 1", "e1", false),
        ("4k3/8/8/8/8/8/8/r2QK3 w - - 0 1", "d1", true),
        ("4k3/8/8/8/8/8/8/r2qK3 w - - 0 1", "e1", true),
        ("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1", true),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "d7", true),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "d6", false),
    ];
    second_seat_attacks("chess", &cases);
}

/// Perft's bulk count at the last ply (`engine/tally.rs`) on chess positions where some moves
/// must not take the shortcut (a pin, an en-passant capture that would expose the king along a
/// rank, promotions, a check, castling): the bulk count equals the listed moves, the reference
/// path's count and Fairy-Stockfish's perft(1) (its current source, 64-square build).
/// Counting a pinned piece's moves by popcount fails it.
#[test]
fn the_bulk_count_equals_the_list_and_fairy_stockfish() {
    let cases = [
        // The b5 pawn may not take c6 en passant: the rook h5 would see the king a5.
        ("8/8/8/KPp4r/8/8/8/7k w - c6 0 1", 4),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            6,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            44,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            48,
        ),
        // In check from the rook e2: only the king moves.
        ("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", 3),
        // Four promotions of b7 and five king moves.
        ("4k3/1P6/8/8/8/8/8/4K2b w - - 0 1", 9),
    ];
    let mut buf = Vec::new();
    for (fen, fsf) in cases {
        let mut pos = position("chess", &[], fen);
        assert_eq!(pos.count_legal(&mut buf), fsf, "{fen}: bulk count");
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        assert_eq!(list.len() as u64, fsf, "{fen}: listed");
        pos.set_reference_legality(true);
        assert_eq!(pos.count_legal(&mut buf), fsf, "{fen}: reference");
    }
}

/// Moves out of check in crazyhouse (issue 27: evasions and drops in check cleared from the
/// checker's line without playing them, drops counted as sets): each position's legal moves,
/// listed by hand and confirmed by Fairy-Stockfish's `go perft 1`, by the shortcut, its count
/// and the reference.
#[test]
fn moves_out_of_check_by_hand() {
    let cases: [(&str, &[&str]); 6] = [
        // Rook e8 checks from afar: the knight drops on the six squares between, the king
        // steps off the file.
        (
            "4r2k/8/8/8/8/8/8/4K3[N] w - - 0 1",
            &[
                "N@e2", "N@e3", "N@e4", "N@e5", "N@e6", "N@e7", "e1d1", "e1d2", "e1f1", "e1f2",
            ],
        ),
        // A knight's check: no drop blocks it; the king avoids f2.
        (
            "7k/8/8/8/8/3n4/8/4K3[QN] w - - 0 1",
            &["e1d1", "e1d2", "e1e2", "e1f1"],
        ),
        // Double check (rook e8, knight d3): king moves only.
        (
            "4r2k/8/8/8/8/3n4/8/4K3[QN] w - - 0 1",
            &["e1d1", "e1d2", "e1f1"],
        ),
        // The knight c3, pinned by the bishop a5, may not block on e2 or e4; pawns drop
        // between.
        (
            "k3r3/8/8/b7/8/2N5/8/4K3[P] w - - 0 1",
            &[
                "P@e2", "P@e3", "P@e4", "P@e5", "P@e6", "P@e7", "e1d1", "e1d2", "e1f1", "e1f2",
            ],
        ),
        // The bishop b5 takes the checker or blocks on e2.
        (
            "4r2k/8/8/1B6/8/8/8/4K3[N] w - - 0 1",
            &[
                "N@e2", "N@e3", "N@e4", "N@e5", "N@e6", "N@e7", "b5e2", "b5e8", "e1d1", "e1d2",
                "e1f1", "e1f2",
            ],
        ),
        // Not in check: every empty square but the last ranks for the pawn, 62 for the
        // queen, and the king's five steps.
        ("7k/8/8/8/8/8/8/4K3[QP] w - - 0 1", &[]),
    ];
    for (fen, expected) in cases {
        crazyhouse_moves_by_hand(fen, expected, 48 + 62 + 5);
    }
}

/// Asserts that the crazyhouse position `fen` has exactly the moves `expected` (as
/// Fairy-Stockfish writes them), counted and listed, or `count` moves where `expected` is empty
/// (too many to write), and that the shortcut agrees with the reference.
fn crazyhouse_moves_by_hand(fen: &str, expected: &[&str], count: u64) {
    let mut pos = position("crazyhouse", &[], fen);
    let (list, counted, _) = moves(&mut pos, false);
    let mut shown: Vec<String> = list.iter().map(|&m| move_to_string(&pos, m)).collect();
    shown.sort();
    if expected.is_empty() {
        assert_eq!(counted, count, "{fen}: {shown:?}");
        assert_eq!(list.len() as u64, count, "{fen}: {shown:?}");
    } else {
        let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(shown, want, "{fen}");
        assert_eq!(counted, want.len() as u64, "{fen}");
    }
    agree(&mut pos, fen);
}

/// First-move steps in perft's bulk count (issue 27: the double steps of free pawns holding
/// their right counted by shifts of their set, `Position::tally_first_leaps`): each position's
/// moves worked by hand and confirmed by Fairy-Stockfish's `go perft 1` (64-square build), by
/// the list, the bulk count and the reference. Counting a pinned pawn's double step, one
/// through a filled square or onto one, or one that does not block a check fails it.
#[test]
fn first_move_steps_by_hand() {
    let cases: [(&str, &[&str]); 5] = [
        // d2 is pinned by the bishop b4 (no move); e2 is blocked on its first square, f2 on its
        // second (f3 and the capture of e3 are left); g2 and h2 step once or twice.
        (
            "4k3/8/8/8/1b3p2/4p3/3PPPPP/4K3[] w - - 0 1",
            &[
                "e1d1", "e1f1", "f2e3", "f2f3", "g2g3", "g2g4", "h2h3", "h2h4",
            ],
        ),
        // The same for black (the other orientation): d7 pinned by the bishop b5, e7 blocked
        // on e6, f7 on f5.
        (
            "4k3/3ppppp/4P3/1B3P2/8/8/8/4K3[] b - - 0 1",
            &[
                "e8d8", "e8f8", "f7e6", "f7f6", "g7g5", "g7g6", "h7h5", "h7h6",
            ],
        ),
        // Pinned along its file, e2 keeps both steps.
        (
            "4r2k/8/8/8/8/8/4P3/4K3[] w - - 0 1",
            &["e1d1", "e1d2", "e1f1", "e1f2", "e2e3", "e2e4"],
        ),
        // In check from the bishop a5: b2-b4 and c2-c3 block; c2-c4 passes the line but does
        // not stay on it; d2 stays attacked.
        (
            "4k3/8/8/b7/8/8/1PP3P1/4K3[] w - - 0 1",
            &["b2b4", "c2c3", "e1d1", "e1e2", "e1f1", "e1f2"],
        ),
        // The first position with a knight in hand: its 54 drops on the empty squares too.
        ("4k3/8/8/8/1b3p2/4p3/3PPPPP/4K3[N] w - - 0 1", &[]),
    ];
    for (fen, expected) in cases {
        crazyhouse_moves_by_hand(fen, expected, 8 + 54);
    }
}

/// Moves out of check by their squares (`AttackTable::evasions`): in check by one piece, a
/// move is legal iff it captures the checker or fills a square between, from no pinned
/// square; a drop iff it fills a square between. Each position's legal moves worked by hand
/// (FEN as Fairy-Stockfish writes them), and the shortcut agrees with the reference.
#[test]
fn check_evasions_by_hand() {
    let cases: [(&str, &str, &[&str]); 5] = [
        // The rook e4 checks along the file: the bishop blocks on e3; the rook a1 cannot help;
        // the king leaves the file (e2 stays attacked).
        (
            "chess",
            "4k3/8/8/8/4r3/8/3B4/R3K3 w - - 0 1",
            &["d2e3", "e1d1", "e1f1", "e1f2"],
        ),
        // The same check answered by a capture: the rook b4, on the checker's rank, takes it
        // (it reaches neither e2 nor e3); the king steps off the file.
        (
            "chess",
            "4k3/8/8/8/1R2r3/8/8/4K3 w - - 0 1",
            &["b4e4", "e1d1", "e1d2", "e1f1", "e1f2"],
        ),
        // The knight c3, pinned by the queen a5, could take the checking rook or block on e2:
        // it may do neither, and only the king moves.
        (
            "chess",
            "4k3/8/8/q7/4r3/2N5/8/4K3 w - - 0 1",
            &["e1d1", "e1d2", "e1f1", "e1f2"],
        ),
        // Double check (rook e4, knight f3): only the king moves.
        (
            "chess",
            "4k3/8/8/8/4r3/5n2/8/4K3 w - - 0 1",
            &["e1d1", "e1f1", "e1f2"],
        ),
        // Shogi, the rook e5 checks the king e1: a gold from the hand blocks on e2, e3 or e4;
        // the king steps off the file.
        (
            "shogi",
            "4k4/9/9/9/4r4/9/9/9/4K4[G] w - - 0 1",
            &["G@e2", "G@e3", "G@e4", "e1d1", "e1d2", "e1f1", "e1f2"],
        ),
    ];
    for (variant, fen, expected) in cases {
        let mut pos = position(variant, &[], fen);
        let mut shown: Vec<String> = (moves(&mut pos, false).0.iter())
            .map(|&m| move_to_string(&pos, m))
            .collect();
        shown.sort();
        assert_eq!(shown, expected, "{variant} {fen}");
        agree(&mut pos, fen);
    }
}
