//! Four-player shogi rules from docs/yonin-shogi.md, checked from the start position
//! (hand-built positions are in `yonin_positions.rs`).

use ashtapada::notation::move_to_string;
use ashtapada::{Assignment, Position, Seat, load_variant, perft};

fn start(game: u64, options: &[&str]) -> Position {
    let a = Assignment::parse(options).unwrap();
    Position::start_for_game(load_variant("yonin-shogi", &a).unwrap(), game)
}

/// 9 legal moves for the seat to move, for each seat. Worked by hand for south: silver c1
/// (FfW) b2 and c2 (d2 holds a pawn); gold d1 (WfF) only c2; gold f1 only g2; silver g1 g2
/// and h2; the king and the rook are boxed in; pawns d3, f3, e4: 2 + 1 + 1 + 2 + 3 = 9.
#[test]
fn nine_moves_for_every_seat_at_the_start() {
    for game in 0..4u64 {
        let mut pos = start(game, &[]);
        assert_eq!(pos.to_move(), Seat(game as u8));
        let moves: Vec<String> = pos
            .legal_move_list()
            .into_iter()
            .map(|m| move_to_string(&pos, m))
            .collect();
        assert_eq!(moves.len(), 9, "seat {game}: {moves:?}");
        assert_eq!(perft(&mut pos, 1), 9);
    }
    // South's moves, by name.
    let mut pos = start(0, &[]);
    let mut moves: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| move_to_string(&pos, m))
        .collect();
    moves.sort();
    assert_eq!(
        moves,
        [
            "c1b2", "c1c2", "d1c2", "d2d3", "e3e4", "f1g2", "f2f3", "g1g2", "g1h2"
        ]
    );
}

/// `rotate-first-seat: off` starts every game with south.
#[test]
fn first_seat_rotation_follows_the_option() {
    assert_eq!(start(3, &[]).to_move(), Seat(3));
    assert_eq!(start(3, &["rotate-first-seat=off"]).to_move(), Seat(0));
}

/// `show-movable` is display only: every count is the same under both choices.
#[test]
fn show_movable_does_not_change_play() {
    let mut on = start(0, &["show-movable=on"]);
    let mut off = start(0, &["show-movable=off"]);
    for d in 1..=4 {
        assert_eq!(perft(&mut on, d), perft(&mut off, d));
    }
}
