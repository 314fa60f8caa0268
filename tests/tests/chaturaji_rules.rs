//! Chaturaji rules from docs/chaturaji.md, checked from the start position (hand-built
//! positions are in `chaturaji_positions.rs`).

use ashtapada::notation::move_to_string;
use ashtapada::{Assignment, Position, Seat, load_variant};
use std::collections::BTreeMap;

fn start(game: u64) -> Position {
    Position::start_for_game(
        load_variant("chaturaji", &Assignment::default()).unwrap(),
        game,
    )
}

/// Moves per piece kind for the seat to move after `roll`.
fn moves_by_kind(pos: &mut Position, roll: [u8; 2]) -> BTreeMap<String, usize> {
    pos.roll(&roll).unwrap();
    let mut out = BTreeMap::new();
    for m in pos.legal_move_list() {
        let k = pos.piece_at(m.from).kind();
        *out.entry(pos.variant().kinds[k.index()].name.clone())
            .or_insert(0) += 1;
    }
    pos.undo();
    out
}

/// Each army has exactly 9 moves over all kinds: boat 1, horse 2, elephant 0, king 2,
/// pawns 4 — for every seat (game k starts with seat k).
#[test]
fn each_army_has_nine_moves_at_the_start() {
    for seat in 0..4u64 {
        let mut pos = start(seat);
        assert_eq!(pos.to_move(), Seat(seat as u8));
        let a = moves_by_kind(&mut pos, [1, 2]); // pawn or king; boat
        let b = moves_by_kind(&mut pos, [3, 4]); // horse; elephant
        let get = |m: &BTreeMap<String, usize>, k: &str| m.get(k).copied().unwrap_or(0);
        assert_eq!(get(&a, "boat"), 1, "seat {seat}");
        assert_eq!(get(&a, "king"), 2, "seat {seat}");
        assert_eq!(get(&a, "pawn"), 4, "seat {seat}");
        assert_eq!(get(&b, "horse"), 2, "seat {seat}");
        assert_eq!(get(&b, "elephant"), 0, "seat {seat}");
        assert_eq!(a.values().sum::<usize>() + b.values().sum::<usize>(), 9);
    }
}

/// With (4,6) red's elephant is boxed in: no die is usable, the turn passes at once to blue,
/// who must roll; the roll stays in the record.
#[test]
fn an_unusable_roll_passes_the_turn() {
    let mut pos = start(0);
    pos.roll(&[4, 6]).unwrap();
    assert_eq!(pos.to_move(), Seat(1));
    assert!(pos.awaiting_roll());
    assert!(pos.dice().is_empty());
    assert_eq!(pos.actions_played().count(), 1);
}

/// A double: the same move with either die is one action; with 1 and 5 they are two.
#[test]
fn dice_are_told_apart_by_value() {
    let mut pos = start(0);
    pos.roll(&[1, 1]).unwrap();
    let moves: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| move_to_string(&pos, m))
        .collect();
    assert_eq!(moves.iter().filter(|m| m.ends_with("a2a3")).count(), 1);
    pos.undo();
    pos.roll(&[5, 1]).unwrap();
    let moves: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| move_to_string(&pos, m))
        .collect();
    assert!(moves.contains(&"1:a2a3".to_string()) && moves.contains(&"5:a2a3".to_string()));
    // Both dice may move the same piece: after 1:a2a3 the 5 still moves that pawn.
    let m = ashtapada::notation::parse_move(&mut pos, "1:a2a3").unwrap();
    pos.play(m).unwrap();
    assert!(ashtapada::notation::parse_move(&mut pos, "5:a3a4").is_ok());
    assert!(pos.can_pass());
}

/// `dice-usage: mandatory` refuses `pass` while a die is usable; `optional` allows it.
#[test]
fn mandatory_dice_usage_refuses_pass() {
    let a = Assignment::parse(&["dice-usage=mandatory"]).unwrap();
    let mut pos = Position::start(load_variant("chaturaji", &a).unwrap());
    pos.roll(&[1, 2]).unwrap();
    assert!(!pos.can_pass());
    assert!(pos.pass().is_err());
    let mut opt = start(0);
    opt.roll(&[1, 2]).unwrap();
    assert!(opt.pass().is_ok());
    assert_eq!(opt.to_move(), Seat(1));
}

/// Resigning is allowed at the start of a turn only, before the roll; the resigned seat is
/// skipped; three resignations end the game.
#[test]
fn three_resignations_end_the_game() {
    let mut pos = start(0);
    pos.roll(&[1, 2]).unwrap();
    assert!(pos.resign().is_err(), "not after the roll");
    pos.undo();
    pos.resign().unwrap();
    assert_eq!(pos.to_move(), Seat(1));
    pos.resign().unwrap();
    assert_eq!(pos.to_move(), Seat(2));
    assert!(pos.outcome().is_none());
    pos.resign().unwrap();
    let o = pos.outcome().expect("over");
    assert_eq!(pos.reason_name(o.reason()), "three-resignations");
    // Resigning does not change the ranking keys (score, king on board, material): all four
    // are equal, so all four share first place.
    assert_eq!(pos.ranks(), vec![1, 1, 1, 1]);
}

/// The round limit: with `round-limit=1` the game ends when the turn comes back to red.
#[test]
fn the_round_limit_ends_the_game() {
    let a = Assignment::parse(&["round-limit=1"]).unwrap();
    let mut pos = Position::start(load_variant("chaturaji", &a).unwrap());
    for _ in 0..4 {
        assert!(pos.outcome().is_none());
        pos.roll(&[4, 6]).unwrap(); // nobody can use 4 and 6 at the start
    }
    assert_eq!(pos.counters().rounds, 1);
    let o = pos.outcome().expect("over after one round");
    assert_eq!(pos.reason_name(o.reason()), "round-limit");
}

/// 12 rounds without a capture end the game (before the default round limit of 30).
#[test]
fn twelve_rounds_without_capture_end_the_game() {
    let mut pos = start(0);
    let mut rolls = 0;
    while pos.outcome().is_none() {
        pos.roll(&[4, 6]).unwrap();
        rolls += 1;
    }
    assert_eq!(rolls, 48);
    assert_eq!(pos.counters().quiet_rounds, 12);
    let o = pos.outcome().unwrap();
    assert_eq!(pos.reason_name(o.reason()), "no-capture");
}
