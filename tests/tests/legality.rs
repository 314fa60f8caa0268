//! One legality pipeline (`Position::moves_for`): the move list, the count, "has a legal move"
//! and the end judgement agree, and only the game's history rules (perpetual check) separate
//! what perft counts from what a player may play.

use ashtapada::notation::parse_move;
use ashtapada::{EndReason, Legality, Outcome, Position, Seat, load_variant, perft};
use ashtapada_tests::{play, position};

/// Issue 25's position: in xiangqi, after the forced line below, white's only move `e5d5`
/// would complete a perpetual check (white checked on each of its moves through the cycle),
/// which the rule file forbids. White has no move it may play, so the game is over and, as
/// xiangqi's rule file says for a side with no move (`stalemate: loss`, `checkmate: loss`),
/// white loses. Perft keeps Fairy-Stockfish's convention and still counts `e5d5`.
const STUCK_FEN: &str = "9/9/3k1a3/9/2pccp3/2cC1c3/3pc4/9/r5n2/5K3 b - - 0 1";
const STUCK_LINE: [&str; 7] = ["d8e8", "d5e5", "e8d8", "e5d5", "d8e8", "d5e5", "e8d8"];

#[test]
fn a_seat_whose_every_move_completes_a_perpetual_check_has_lost() {
    let mut pos = position("xiangqi", &[], STUCK_FEN);
    play(&mut pos, &STUCK_LINE);
    assert_eq!(pos.to_move(), Seat(0), "white to move");
    let outcome = stuck_on(&mut pos, "e5d5");
    assert!(
        matches!(
            outcome,
            Outcome::Decisive {
                winner: Seat(1),
                reason: EndReason::Stalemate | EndReason::Checkmate
            }
        ),
        "{outcome:?}"
    );
}

/// Asserts that `only` is the position's only legal move, that perft counts it, and that the
/// history forbids it (no game move, no legal move for play); returns the game's outcome.
fn stuck_on(pos: &mut Position, only: &str) -> Outcome {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let m = parse_move(pos, only).expect("a move of the position");
    assert_eq!(list, vec![m], "the position's only move");
    assert_eq!(perft(&mut pos.clone(), 1), 1, "perft counts it");
    pos.game_moves(&mut list);
    assert!(list.is_empty(), "but the history forbids it: {list:?}");
    assert!(!pos.has_legal_move());
    pos.outcome().expect("the game is over")
}

/// Before the last move of the line the cycle is not complete: the game goes on and every
/// stage agrees on the moves.
#[test]
fn before_the_cycle_completes_the_pipeline_agrees() {
    let mut pos = position("xiangqi", &[], STUCK_FEN);
    play(&mut pos, &STUCK_LINE[..6]);
    let (mut legal, mut game) = (Vec::new(), Vec::new());
    pos.moves_for(Legality::Position, &mut legal);
    pos.moves_for(Legality::Game, &mut game);
    assert!(!legal.is_empty());
    legal.sort_by_key(|m| (m.from, m.to));
    game.sort_by_key(|m| (m.from, m.to));
    assert_eq!(legal, game);
    assert_eq!(pos.outcome(), None);
}

/// The count, the list, the game's list and "has a move" agree on random walks through
/// several variants (none of these walks repeats a position often enough for the history rule
/// to differ, so the two lists are equal as sets).
#[test]
fn count_list_and_has_move_agree_on_random_walks() {
    let mut rng = ashtapada_tests::Lcg(7);
    for variant in [
        "chess",
        "xiangqi",
        "shogi",
        "makruk",
        "chaturanga",
        "yonin-shogi",
        "sittuyin",
        "crazyhouse",
    ] {
        let v = load_variant(variant, &Default::default()).unwrap();
        let mut pos = Position::start(v);
        let mut buf = Vec::new();
        for ply in 0..150 {
            let (mut list, mut game) = (Vec::new(), Vec::new());
            pos.legal_moves(&mut list);
            pos.game_moves(&mut game);
            assert_eq!(
                pos.count_legal(&mut buf),
                list.len() as u64,
                "{variant} ply {ply}"
            );
            assert_eq!(list.len(), game.len(), "{variant} ply {ply}");
            if pos.outcome().is_some() {
                break;
            }
            assert_eq!(
                pos.has_legal_move(),
                !game.is_empty(),
                "{variant} ply {ply}"
            );
            let Some(a) = ashtapada_tests::random_action(&mut pos, &mut rng) else {
                break;
            };
            pos.play_action(a).unwrap();
        }
    }
}

/// A hand-built shogi position (FEN as Fairy-Stockfish writes shogi: files a–i from sente's
/// left, rank 1 sente's edge). Sente: king i1, silver h2. Gote: king h4, gold i3, silver g2,
/// bishop e5, nothing in hand.
/// - Sente's king has no move: h1 is attacked by gote's silver (g2), i2 by gote's gold (i3),
///   h2 holds its own silver (and, while the silver stands on g3, gote's gold guards h2).
/// - The silver is pinned on the diagonal i1–e5 by the bishop, so it may only step along it:
///   from h2 only to g3 (i1 is its own king), from g3 back to h2 or on to f4.
/// - From g3 it attacks h4, from h2 it attacks h3: the line below shuttles gote's king
///   h4↔h3 with sente checking on every move. Shogi's rule file counts a repetition at the
///   fourth occurrence and forbids the perpetual checker to complete it.
///
/// After three cycles the position with the silver on g3 and gote to move has occurred three
/// times; sente's only move `h2g3` would make it four, so sente has no move it may play, and
/// shogi's `stalemate: loss` makes gote the winner. Perft ignores the history (as
/// Fairy-Stockfish's does) and counts `h2g3`.
#[test]
fn a_shogi_perpetual_checker_with_one_move_has_lost() {
    const FEN: &str = "9/9/9/9/4b4/7k1/8g/6sS1/8K[-] w - - 0 1";
    const CYCLE: [&str; 4] = ["h2g3", "h4h3", "g3h2", "h3h4"];
    let mut pos = position("shogi", &[], FEN);
    let mut list = Vec::new();
    for cycle in 0..3 {
        pos.legal_moves(&mut list);
        let only = parse_move(&mut pos, "h2g3").unwrap();
        assert_eq!(list, vec![only], "cycle {cycle}: sente's only move");
        assert_eq!(pos.outcome(), None, "cycle {cycle}");
        play(&mut pos, &CYCLE);
    }
    let outcome = stuck_on(&mut pos, "h2g3");
    assert!(
        matches!(
            outcome,
            Outcome::Decisive {
                winner: Seat(1),
                ..
            }
        ),
        "gote wins: {outcome:?}"
    );
}

/// Four-player shogi under `format=pairs` (docs/yonin-shogi.md: west and east against south
/// and north; the first mate ends the game and the mated player's team loses). Found by
/// `interpreter/examples/stuck_search.rs` (`-- 300000 11 format=pairs`, which reports it
/// one ply later, west to move with its rook on a3; loaded here before that check, so that
/// the loaded position is the one west's forbidden move would repeat) and worked by hand
/// from the rules (`/work/shared/spec/yonin-shogi.md`); squares as south sees the board.
///
/// West: king a1, rook a2. East (west's partner): rook a4, king c1, gold h1 (faces west),
/// tokin g5. South: king i2 alone. North (south's partner): king e9, silver b1 and tokin g4
/// (both face south). Hands empty; south to move, in check from the rook on a2.
/// - The rules used: no move may leave the mover's king attacked by a live piece of any other
///   seat — a partner's too, in pairs — and partners never capture each other's pieces. A
///   checked seat moves next, out of turn, and play goes on clockwise from it: after south,
///   west, so only these two move. A repetition counts at the fourth occurrence (the loaded
///   position is the first), and a move of a seat that gave check on each of its own moves
///   since the first occurrence, which would make the fourth, is illegal.
/// - West's rook stands between its king on a1 and east's rook on a4: leaving the a-file
///   would leave the king attacked by the partner's rook, and a4 may not be taken, so the
///   rook only shuttles a2↔a3. West's king has no move: a2 (when free) is attacked by north's
///   silver on b1, b2 by east's king, and b1 (the silver) by east's king as well. From a2 the
///   rook checks south's king along the second rank, from a3 along the third.
/// - South's king, checked on i2, may go only to i3: h1 is the gold (guarded by east's rook on
///   h4 down the h-file), i1 is attacked by that gold, h2 by the rook's rank and the gold, h3
///   by east's rook and north's tokin. Checked on i3, it may go only to i2: h2 and h4 — east's
///   rook, which it may not take, for north's tokin on g4 attacks h4 — and i4 by the rook on h4,
///   h3 as before. So every move of the line below is forced.
/// - West checks on every move of the cycle `i2i3 a2a3 i3i2 a3a2`. After the third cycle's
///   `i3i2` (11 plies) west's only move, `a3a2`, would bring back the loaded position for the
///   fourth time: it is illegal, west has no legal move and is checkmated (its king dead on a1,
///   its rook passing to south, the last mover), and the first mate ends the game: south and
///   north share rank 1, west and east rank 3. No other position has occurred four times.
#[test]
fn a_four_player_shogi_perpetual_checker_with_one_move_is_mated() {
    use ashtapada::notation::parse_position;
    const TEXT: &str = "4nK4/9/9/9/6eT2/eR5nTeR1/9/wR7sK/wKnSeK4eG1[] s";
    const CYCLE: [&str; 4] = ["i2i3", "a2a3", "i3i2", "a3a2"];
    let a = ashtapada::Assignment::parse(&["format=pairs"]).unwrap();
    let v = load_variant("yonin-shogi", &a).unwrap();
    let mut pos = parse_position(&v, TEXT).unwrap();
    for ply in 0..11 {
        let m = CYCLE[ply % 4];
        let (mut legal, mut game) = (Vec::new(), Vec::new());
        pos.legal_moves(&mut legal);
        pos.game_moves(&mut game);
        let only = parse_move(&mut pos, m).unwrap();
        assert_eq!(legal, vec![only], "ply {ply}: the only move");
        assert_eq!(game, legal, "ply {ply}");
        assert_eq!(perft(&mut pos.clone(), 1), 1, "ply {ply}");
        assert_eq!(pos.outcome(), None, "ply {ply}");
        assert_eq!(pos.repetitions(), 1 + ply as u32 / 4, "ply {ply}");
        play(&mut pos, &[m]);
    }
    // West was due with `a3a2` forbidden: mated at once, and the game is over.
    assert!(
        matches!(pos.outcome(), Some(Outcome::Ranked { .. })),
        "{:?}",
        pos.outcome()
    );
    assert_eq!(pos.ranks(), [1, 3, 1, 3]);
    assert_eq!(
        ashtapada_tests::at(&pos, "a1"),
        "_K:w*",
        "west's king lies dead on a1"
    );
    assert_eq!(
        ashtapada_tests::at(&pos, "a3"),
        "sR:w",
        "its rook is south's"
    );
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    assert!(list.is_empty());
    assert_eq!(
        perft(&mut pos.clone(), 1),
        0,
        "perft agrees: the game is over"
    );
}
