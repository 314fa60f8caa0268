//! The move-repetition rule (`end.move-repetition`, Fairy-Stockfish's `moveRepetitionIllegal`)
//! in `janggimodern`: hand-worked positions, each result reasoned from Fairy-Stockfish's
//! `Position::is_optional_game_end` and confirmed by asking Fairy-Stockfish itself (its XBoard
//! `analyze` prints the result of a game its rules have ended), and game records from seeded
//! games judged ply by ply by Fairy-Stockfish.

use ashtapada::{Position, notation::parse_action};
use ashtapada_tests::{position, result};

/// Janggi's start position.
const START: &str = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

/// A white rook on e5 and king on d1, black's rook on i2 and king on f10: the rook goes to e3
/// and then between e3 and e1; black's rook on rank 1 would check the king unless the white
/// rook stands on e1.
const ROOK: &str = "5k3/9/9/9/9/4R4/9/9/8r/3K5 w - - 0 1";

/// The same with black's rook on i1, checking the king at the start.
const ROOK_CHECK: &str = "5k3/9/9/9/9/4R4/9/9/9/3K4r w - - 0 1";

/// Plays `moves` (moves or passes, as Fairy-Stockfish's UCI writes them) from `fen`; the
/// outcome before the last one and after it.
fn judged(fen: &str, moves: &[&str]) -> (Option<String>, Option<String>) {
    let mut pos = position("janggimodern", &[], fen);
    let (last, before) = moves.split_last().expect("a move");
    for m in before {
        act(&mut pos, m);
    }
    let earlier = result(&mut pos);
    act(&mut pos, last);
    (earlier, result(&mut pos))
}

fn act(pos: &mut Position, m: &str) {
    let a = parse_action(pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    pos.play_action(a).unwrap_or_else(|e| panic!("{m}: {e}"));
}

const LOSS_WHITE: &str = "black wins (move-repetition)";

/// From the start each side takes a horse out and back: white's fifth horse move (the first
/// brought it to g3, the next four went back and forth) loses. Black's horse made one move
/// fewer. Fairy-Stockfish: `0-1` after the ninth ply, nothing after the eighth.
#[test]
fn the_fifth_move_of_a_piece_shuffled_back_and_forth_loses() {
    let moves = [
        "h1g3", "h10g8", "g3h1", "g8h10", "h1g3", "h10g8", "g3h1", "g8h10", "h1g3",
    ];
    assert_eq!(judged(START, &moves), (None, Some(LOSS_WHITE.to_string())));
}

/// The rook arrives on e3 quietly, then e3-e1-e3-e1-e3: four moves back and forth, never in
/// check: white loses on the fourth. Fairy-Stockfish: `0-1`.
#[test]
fn four_moves_back_and_forth_after_a_quiet_arrival_lose() {
    let moves = [
        "e5e3", "i2h2", "e3e1", "h2i2", "e1e3", "i2i3", "e3e1", "i3i2", "e1e3",
    ];
    assert_eq!(judged(ROOK, &moves), (None, Some(LOSS_WHITE.to_string())));
}

/// The same rook moves, but black's rook checks from i1 once (white's e3e1 answers it, then
/// black's rook leaves): a seat in check before one of its moves is not repeating, so the
/// game goes on. Fairy-Stockfish: no result.
#[test]
fn a_check_before_one_of_the_moves_voids_it() {
    let moves = [
        "e5e3", "i2i1", "e3e1", "i1i2", "e1e3", "i2i3", "e3e1", "i3i2", "e1e3",
    ];
    assert_eq!(judged(ROOK, &moves), (None, None));
}

/// The start position has white in check; its first move (the rook to e1) blocks and is the
/// arrival of the piece then moved back and forth: not counted, since white was in check before
/// it. Two plies later the window has moved on (the arrival is then white's second move) and
/// the fourth move back and forth loses. Fairy-Stockfish: no result after 9 plies, `0-1` after
/// 11. This reads the check of the position the history starts from.
#[test]
fn a_check_in_the_loaded_position_counts_before_the_arrival() {
    let nine = [
        "e5e1", "i1i2", "e1e3", "f10f9", "e3e1", "f9f10", "e1e3", "f10f9", "e3e1",
    ];
    assert_eq!(judged(ROOK_CHECK, &nine), (None, None));
    let eleven = [&nine[..], &["f9f10", "e1e3"]].concat();
    assert_eq!(
        judged(ROOK_CHECK, &eleven),
        (None, Some(LOSS_WHITE.to_string()))
    );
}

/// A pass just before the last move is a wait: e3-e1-e3-e1, pass, e1-e3 loses. A pass between
/// earlier moves breaks the back and forth. Fairy-Stockfish: `0-1` for the first, no result for
/// the second. White's pass is written as its king's square twice (`d1d1`).
#[test]
fn a_pass_may_stand_only_before_the_last_move() {
    let late = [
        "e5e3", "i2h2", "e3e1", "h2i2", "e1e3", "i2i3", "e3e1", "i3i2", "d1d1", "i2h2", "e1e3",
    ];
    assert_eq!(judged(ROOK, &late), (None, Some(LOSS_WHITE.to_string())));
    let early = [
        "e5e3", "i2h2", "e3e1", "h2i2", "d1d1", "i2i3", "e1e3", "i3i2", "e3e1", "i2h2", "e1e3",
    ];
    assert_eq!(judged(ROOK, &early), (None, None));
}

/// The general and the guards never leave their palace, so their moves do not count: a guard
/// moved back and forth does not lose (the fourth repetition of the position ends such a game,
/// decided on points, as Fairy-Stockfish's `1-0`/`0-1` by material counting).
#[test]
fn guards_and_generals_may_move_back_and_forth() {
    let moves = [
        "d1e1", "h10g8", "e1d1", "g8h10", "d1e1", "b10c8", "e1d1", "c8b10", "d1e1",
    ];
    assert_eq!(judged(START, &moves), (None, None));
}

/// Whole seeded games (`tests/reference/janggimodern.games`) that Fairy-Stockfish judged after
/// every ply: ashtapada's game goes on exactly as long (no result before the last move) and
/// ends with the same winner (`fsf`: `1-0`, `0-1`, `none`) for the reason recorded.
#[test]
fn game_records_end_where_fairy_stockfish_ends_them() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/reference/janggimodern.games");
    let text = std::fs::read_to_string(path).expect("tests/reference/janggimodern.games");
    let mut games = 0;
    let mut ended_by_rule = 0;
    for block in text.split("\n\n").filter(|b| b.starts_with("game ")) {
        let field = |name: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .unwrap_or_else(|| panic!("{block}: no `{name}`"))
        };
        let (id, fsf, want) = (field("game "), field("fsf "), field("result "));
        let moves: Vec<&str> = field("moves ").split(' ').collect();
        let mut pos = position("janggimodern", &[], START);
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(
                result(&mut pos),
                None,
                "game {id}: over before ply {}",
                i + 1
            );
            act(&mut pos, m);
        }
        let got = result(&mut pos).unwrap_or_else(|| "none".into());
        assert_eq!(got, want, "game {id}");
        let winner = match fsf {
            "1-0" => "white wins",
            "0-1" => "black wins",
            _ => "none",
        };
        assert!(
            got.starts_with(winner),
            "game {id}: {got}, Fairy-Stockfish {fsf}"
        );
        games += 1;
        ended_by_rule += usize::from(got.ends_with("(move-repetition)"));
    }
    assert_eq!((games, ended_by_rule), (14, 8));
}
