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
