//! Counting repetitions over a long reversible history: a rule file with a repetition ending
//! and no move rule, where every ply since the start is in the window. Past 128 plies the
//! position counts through an index of its history by hash; the counts must be those a scan of
//! the whole history gives, after moves and after moves taken back.

use ashtapada::notation::to_fen;
use ashtapada::{Assignment, Position};
use ashtapada_tests::{Lcg, play};

/// Two wazirs that move but never capture, and a white wazir, the taker, that may take black's
/// four immobile stones. The taker's moves start the repetition window again (the move rule's
/// reset), although a position before one may occur again after it. A repetition ends the
/// game only at its 100th occurrence (the most a rule file may ask), the move rule after 500
/// moves without a move of the taker.
const FOREVER: &str = "
name: forever
board: { files: 8, ranks: 8 }
seats:
  - { name: white, edge: south }
  - { name: black, edge: north }
pieces:
  wazir: { letter: W, betza: mW }
  taker: { letter: T, betza: W }
  stone: { letter: S, betza: none }
setup:
  place:
    white: { a1: wazir, h1: taker }
    black: { h8: wazir, c3: stone, d4: stone, e5: stone, f6: stone }
end:
  repetition: { count: 100 }
  move-rule: { moves: 500, reset-by: [taker], result: draw }
";

fn start() -> Position {
    let file = ashtapada::spec::load_str("forever.yaml", FOREVER)
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
    let v = ashtapada::compile(&file, &Assignment::default())
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
    Position::start(v)
}

/// The position part of the FEN (board, side to move, hands): the counters left off, so two
/// occurrences of one position read alike.
fn key(pos: &Position) -> String {
    let fen = to_fen(pos);
    let fields: Vec<&str> = fen.split(' ').collect();
    fields[..fields.len().saturating_sub(2)].join(" ")
}

/// Both wazirs shuttle (a1–a2, h8–h7) for 390 plies: every position recurs once a cycle of
/// four plies, so after ply `p` the position has occurred `p / 4 + 1` times (worked by hand;
/// the 100th occurrence, which would end the game, comes at ply 396). Taking back 150 plies
/// gives the earlier counts again; then a1–b1 starts positions never seen, and b1–a1 returns
/// to the position after ply 3 of each cycle, seen 60 times by ply 240. A move of the taker
/// then starts the window again.
#[test]
fn shuttling_counts_one_occurrence_a_cycle_over_a_long_history() {
    let mut pos = start();
    let cycle = ["a1a2", "h8h7", "a2a1", "h7h8"];
    for p in 1..=390u32 {
        play(&mut pos, &[cycle[(p as usize - 1) % 4]]);
        assert_eq!(pos.repetitions(), p / 4 + 1, "after ply {p}");
    }
    assert!(pos.outcome().is_none(), "100 occurrences are not reached");
    for p in (240..390u32).rev() {
        pos.undo();
        assert_eq!(pos.repetitions(), p / 4 + 1, "back at ply {p}");
    }
    play(&mut pos, &["a1b1"]);
    assert_eq!(pos.repetitions(), 1, "a position never seen");
    play(&mut pos, &["h8h7"]);
    assert_eq!(pos.repetitions(), 1, "a position never seen");
    play(&mut pos, &["b1a1"]);
    assert_eq!(
        pos.repetitions(),
        61,
        "the position after ply 3, 7, …, 239, and now"
    );
    // The taker goes to h2 and back, each move a reset: the start position again (seen at
    // plies 0, 4, …, 240), but the window holds only the position before h7–h8.
    play(&mut pos, &["h7h8", "h1h2", "h8h7", "h2h1", "h7h8"]);
    assert_eq!(
        pos.repetitions(),
        1,
        "the window starts at the taker's move"
    );
}

/// Where the taker stands: its index in the board part of the FEN with empty squares spelt
/// out one by one.
fn taker(pos: &Position) -> usize {
    let fen = to_fen(pos);
    let board = fen.split(' ').next().expect("a board");
    let mut squares = String::new();
    for c in board.chars() {
        match c.to_digit(10) {
            Some(n) => squares.extend(std::iter::repeat_n('.', n as usize)),
            None => squares.push(c),
        }
    }
    squares.find('T').expect("the taker is on the board")
}

/// Random moves and take-backs over 4,000 steps: after each, the count equals the number of
/// earlier positions since the taker's last move (the reset, which every capture is) with the
/// same FEN (a scan that does not use the position's hash), plus one.
#[test]
fn counts_match_a_scan_of_the_history_through_random_play_and_take_backs() {
    let mut pos = start();
    let mut rng = Lcg(7);
    // The FEN of each position of the game, and whether the move to it was the taker's.
    let mut seen: Vec<(String, bool)> = vec![(key(&pos), false)];
    let mut moves = Vec::new();
    for step in 0..4000 {
        if seen.len() > 1 && (rng.below(20) == 0 || pos.outcome().is_some()) {
            for _ in 0..=rng.below(12).min(seen.len() - 2) {
                pos.undo().expect("a ply to take back");
                seen.pop();
            }
        } else {
            pos.legal_moves(&mut moves);
            // The taker moves rarely (about one time in 60 that it is drawn), so that the
            // window grows past the length from which the history is indexed.
            let before = taker(&pos);
            for attempt in 0.. {
                pos.play(moves[rng.below(moves.len())])
                    .expect("a legal move");
                if taker(&pos) == before || attempt == 50 || rng.below(60) == 0 {
                    break;
                }
                pos.undo();
            }
            seen.push((key(&pos), taker(&pos) != before));
        }
        let since = seen.iter().rposition(|(_, reset)| *reset).unwrap_or(0);
        let now = &seen.last().expect("the current position").0;
        let want = seen[since..].iter().filter(|(k, _)| k == now).count() as u32;
        assert_eq!(
            pos.repetitions(),
            want,
            "step {step}, ply {}",
            seen.len() - 1
        );
    }
}
