//! Chaturaji rules from docs/chaturaji.md, checked on hand-built positions (the start-position
//! tests are in `chaturaji_rules.rs`).
//!
//! Every position is loaded from an extended position string (README, "Position strings"),
//! then driven with rolls, moves, passes and resignations. Expected values are worked out by
//! hand from the rules document in each test's doc comment.
//!
//! Reminders used throughout (the document's tables):
//! - seats in turn order: red (south, pawns go north, far line rank 8), blue (west, east,
//!   file h), yellow (north, south, rank 1), green (east, west, file a);
//! - king start squares (thrones): red d1, blue a5, yellow e8, green h4;
//! - capture values: king 5, elephant 4, horse 3, boat 2, pawn 1;
//! - dice: 1 and 5 → pawn or king, 2 → boat, 3 → horse, 4 and 6 → elephant;
//! - far-line squares from one corner to the other: boat, horse, elephant, king, king,
//!   elephant, horse, boat (rank 8 for red: a8 boat, b8 horse, c8 elephant, d8/e8 king, f8
//!   elephant, g8 horse, h8 boat; file h for blue: h1 boat, h2 horse, h3 elephant, h4/h5
//!   king, h6 elephant, h7 horse, h8 boat; likewise rank 1 for yellow and file a for green).

use ashtapada::notation::{parse_position, to_position_string};
use ashtapada::{Assignment, Move, Outcome, Position, Seat, load_variant};
use ashtapada_tests::{at, play, square};

const RED: Seat = Seat(0);
const BLUE: Seat = Seat(1);
const YELLOW: Seat = Seat(2);
const GREEN: Seat = Seat(3);

/// Bit of a seat in the `taken` and `thrones` masks.
fn bit(s: Seat) -> u8 {
    1 << s.0
}

/// A Chaturaji position under `options` from an extended position string.
fn load(options: &[&str], text: &str) -> Position {
    let a = Assignment::parse(options).expect("valid options");
    let v = load_variant("chaturaji", &a).unwrap_or_else(|e| panic!("{}", e.one_line()));
    parse_position(&v, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Asserts the pieces on the given squares (`""` for empty).
fn assert_pieces(pos: &Position, expected: &[(&str, &str)], ctx: &str) {
    for (sq, piece) in expected {
        assert_eq!(at(pos, sq), *piece, "{ctx}: {sq}");
    }
}

fn roll(pos: &mut Position, dice: [u8; 2]) {
    pos.roll(&dice)
        .unwrap_or_else(|e| panic!("roll {dice:?}: {e}"));
}

fn scores(pos: &Position) -> [i64; 4] {
    [
        pos.score(RED),
        pos.score(BLUE),
        pos.score(YELLOW),
        pos.score(GREEN),
    ]
}

/// The end reason's name, or `None` while the game goes on.
fn reason(pos: &mut Position) -> Option<String> {
    pos.outcome().map(|o| pos.reason_name(o.reason()))
}

/// Asserts that the game ended by the capture-all win (the rule file names it `chaturaji`).
fn assert_capture_all(pos: &mut Position) {
    let o = pos.outcome().expect("the game is over");
    assert_eq!(
        o.reason(),
        ashtapada::rules::capture_all::REASON,
        "{}",
        pos.reason_name(o.reason())
    );
    assert_eq!(pos.reason_name(o.reason()), "chaturaji");
}

/// The legal moves of the seat to move that start on `name`.
fn moves_from(pos: &mut Position, name: &str) -> usize {
    let sq = square(pos, name);
    pos.legal_move_list()
        .into_iter()
        .filter(|m| m.from == sq)
        .count()
}

// ---------------------------------------------------------------------------------------------
// 1. Boat triumph
// ---------------------------------------------------------------------------------------------

/// Kings out of the way on their thrones (throne points are off by default): red e1 (not a
/// throne), blue a5, yellow e8, green h4. Red's boat d4, blue boat b3, yellow boat c3, green
/// boat c2 and a yellow pawn on b2. Red to move with 2 and 6.
const TRIUMPH: &str = "4yK3/8/8/bK7/3rB3gK/1bByB5/1yPgB5/4rK3 r 2,6";

/// Red's boat jumps d4→b2 (two squares diagonally, die 2), taking the yellow pawn there: 1
/// point. The 2×2 block b2 c2 b3 c3 now holds four boats, one of each seat (red b2, green c2,
/// blue b3, yellow c3), so red captures the other three: 2+2+2 = 6. Red's score: 1 + 6 = 7.
/// The other blocks holding b2 (a1–b2, a2–b3, b1–c2) hold at most two boats. The three boats
/// leave the board; the 6 moves no red piece (red has no elephant), so the turn passes to blue.
#[test]
fn boat_triumph_captures_the_other_three_boats() {
    let mut pos = load(&[], TRIUMPH);
    assert_pieces(
        &pos,
        &[
            ("d4", "rB"),
            ("b2", "yP"),
            ("b3", "bB"),
            ("c3", "yB"),
            ("c2", "gB"),
        ],
        "loaded",
    );
    play(&mut pos, &["2:d4b2"]);
    assert_eq!(scores(&pos), [7, 0, 0, 0]);
    let events = pos.last_ply_events();
    assert_eq!(
        (events.formation, events.promotions),
        (Some(0), 0),
        "one boat triumph, no promotion"
    );
    assert_pieces(
        &pos,
        &[("b2", "rB"), ("b3", ""), ("c3", ""), ("c2", ""), ("d4", "")],
        "after the triumph",
    );
    assert!(pos.counters().captured_in_round);
    assert_eq!(pos.to_move(), BLUE);
    assert!(pos.outcome().is_none());
}

/// Two boats of one seat in the block: no triumph.
///
/// (a) Blue boats on b3 and c3, green boat c2; red's boat d4→b2 makes four boats in b2 c2 b3
/// c3, but only three seats (red, green, blue twice): nothing is captured, scores stay 0.
/// (b) The mover's own second boat: red boats c3 and (arriving) b2, blue b3, green c2 (yellow's
/// boat is far away on f6): four boats, three seats; nothing happens.
#[test]
fn boat_triumph_needs_four_different_seats() {
    let mut a = load(&[], "4yK3/8/8/bK7/3rB3gK/1bBbB5/2gB5/4rK3 r 2,6");
    play(&mut a, &["2:d4b2"]);
    assert_eq!(scores(&a), [0, 0, 0, 0]);
    assert_pieces(
        &a,
        &[("b2", "rB"), ("b3", "bB"), ("c3", "bB"), ("c2", "gB")],
        "two blue boats",
    );

    let mut b = load(&[], "4yK3/8/5yB2/bK7/3rB3gK/1bBrB5/2gB5/4rK3 r 2,6");
    play(&mut b, &["2:d4b2"]);
    assert_eq!(scores(&b), [0, 0, 0, 0]);
    assert_pieces(
        &b,
        &[
            ("b2", "rB"),
            ("b3", "bB"),
            ("c3", "rB"),
            ("c2", "gB"),
            ("f6", "yB"),
        ],
        "two red boats",
    );
}

/// A block completed by a piece that did not move as a boat: no triumph.
///
/// Red's pawn waits on a8 (a boat square of red's far line) while red still has a boat on e4.
/// Blue boat a7, yellow boat b7, green boat b8. Green's horse g5→e4 (die 3, a knight leap
/// (−2,−1)) takes red's last boat: green scores 2. Red has no boat now, so the pawn on a8
/// promotes to a red boat — and the corner block a7 b7 a8 b8 holds four boats of four seats.
/// But the piece that moved is a horse, not a boat (and a pawn promoting to a boat never
/// triggers the triumph): nothing more is captured. Scores: green 2, the others 0.
#[test]
fn boat_triumph_is_not_triggered_by_a_non_boat() {
    let mut pos = load(&[], "rPgB2yK3/bByB6/8/bK5gH1/4rB2gK/8/8/4rK3 g 3,6");
    assert_eq!(at(&pos, "a8"), "rP", "loading never promotes");
    play(&mut pos, &["3:g5e4"]);
    assert_eq!(scores(&pos), [0, 0, 0, 2]);
    assert_pieces(
        &pos,
        &[
            ("e4", "gH"),
            ("a8", "rB"),
            ("a7", "bB"),
            ("b7", "yB"),
            ("b8", "gB"),
        ],
        "after the horse move",
    );
}

/// `boat-triumph=off`: the position of [`boat_triumph_captures_the_other_three_boats`]; red's
/// d4→b2 takes only the yellow pawn (1 point) and the three boats stay.
#[test]
fn boat_triumph_off_never_fires() {
    let mut pos = load(&["boat-triumph=off"], TRIUMPH);
    play(&mut pos, &["2:d4b2"]);
    assert_eq!(scores(&pos), [1, 0, 0, 0]);
    assert_pieces(
        &pos,
        &[("b2", "rB"), ("b3", "bB"), ("c3", "yB"), ("c2", "gB")],
        "boat-triumph off",
    );
}

/// Two blocks at once, sharing a boat: red's boat a1→c3. Blue boats b3 and d3, yellow boats b4
/// and d4, green boat c4. Blocks holding c3:
/// - b3 c3 b4 c4: blue, red, yellow, green — qualifies;
/// - c3 d3 c4 d4: red, blue, green, yellow — qualifies;
/// - b2 c2 b3 c3 and c2 d2 c3 d3: two boats each — no.
///
/// Red captures b3, b4, c4, d3, d4: five boats, the shared green boat on c4 once, so
/// 5 × 2 = 10 points (12 would count c4 twice).
#[test]
fn boat_triumph_in_two_blocks_captures_each_boat_once() {
    let mut pos = load(&[], "4yK3/8/8/bK7/1yBgByB3gK/1bB1bB4/8/rB3rK3 r 2,6");
    assert_pieces(
        &pos,
        &[
            ("b3", "bB"),
            ("d3", "bB"),
            ("b4", "yB"),
            ("d4", "yB"),
            ("c4", "gB"),
        ],
        "loaded",
    );
    play(&mut pos, &["2:a1c3"]);
    assert_eq!(scores(&pos), [10, 0, 0, 0]);
    assert_pieces(
        &pos,
        &[
            ("c3", "rB"),
            ("b3", ""),
            ("d3", ""),
            ("b4", ""),
            ("d4", ""),
            ("c4", ""),
        ],
        "after the double triumph",
    );
}

// ---------------------------------------------------------------------------------------------
// 2. Promotion (lost-only): waiting pawns
// ---------------------------------------------------------------------------------------------

/// Green's pawn on a3 stands on green's far line (file a); a3 is an elephant square and green
/// still has an elephant (c6), so the pawn waits: with 1 and 5 green has king moves but none
/// from a3. Green passes; red rolls 3 and 4:
/// - 3: red horse d4→e6 takes green's horse (+3). Green lost a horse, not an elephant: a3 stays
///   a pawn.
/// - 4: red elephant c2→c6 (c3 c4 c5 empty) takes green's last elephant (+4, red 7). Now green
///   has no elephant: the pawn on a3 becomes a **green** elephant in the position right after
///   red's capture (not red's, who made the capture). Green's score stays 0.
#[test]
fn waiting_pawn_promotes_after_another_seat_takes_the_last_piece_of_its_kind() {
    let mut pos = load(&[], "4yK3/8/2gE1gH3/bK7/3rH3gK/gP7/2rE5/3rK4 g 1,5");
    assert_eq!(at(&pos, "a3"), "gP");
    assert_eq!(moves_from(&mut pos, "a3"), 0, "a waiting pawn has no moves");
    assert!(moves_from(&mut pos, "h4") > 0, "green's king can move");
    pos.pass().unwrap();
    assert_eq!(pos.to_move(), RED);
    assert_eq!(at(&pos, "a3"), "gP");
    roll(&mut pos, [3, 4]);
    play(&mut pos, &["3:d4e6"]);
    assert_eq!(scores(&pos), [3, 0, 0, 0]);
    assert_eq!(at(&pos, "a3"), "gP", "green still has its elephant");
    play(&mut pos, &["4:c2c6"]);
    assert_eq!(scores(&pos), [7, 0, 0, 0]);
    assert_pieces(
        &pos,
        &[("c6", "rE"), ("e6", "rH"), ("a3", "gE")],
        "after the elephant capture",
    );
    assert_eq!(pos.piece_at(square(&pos, "a3")).owner(), GREEN);
}

/// Several waiting pawns of one seat qualify at once (a **Choice** of docs/chaturaji.md): blue
/// pawns wait on h3 and h6, both elephant squares of blue's far line (file h), while blue has an
/// elephant on e5. Red's elephant e2→e5 (die 4) takes it (+4). Both pawns qualify; the one on
/// the lower square index promotes first — h3 (index 23) before h6 (index 47) — and then blue
/// has an elephant again, so h6 keeps waiting.
#[test]
fn simultaneous_waiting_pawns_promote_in_square_order() {
    let mut pos = load(&[], "4yK3/8/7bP/bK3bE3/6gK1/7bP/4rE3/3rK4 r 4,3");
    play(&mut pos, &["4:e2e5"]);
    assert_eq!(scores(&pos), [4, 0, 0, 0]);
    assert_pieces(&pos, &[("h3", "bE"), ("h6", "bP")], "after the capture");
}

/// A boat triumph can fulfil the waiting condition too. Red's pawn waits on h8 (a boat square
/// of red's far line) while red's only boat stands on c3. Blue's boat d4→b2 completes the block
/// b2 c2 b3 c3 (blue b2, green c2, yellow b3, red c3): blue captures three boats, 6 points.
/// Red has no boat left, so the pawn on h8 becomes a red boat after blue's move.
#[test]
fn waiting_pawn_promotes_after_a_boat_triumph() {
    let mut pos = load(&[], "4yK2rP/8/8/bK7/3bB3gK/1yBrB5/2gB5/4rK3 b 2,6");
    assert_eq!(at(&pos, "h8"), "rP");
    play(&mut pos, &["2:d4b2"]);
    assert_eq!(scores(&pos), [0, 6, 0, 0]);
    let events = pos.last_ply_events();
    assert_eq!(
        (events.formation, events.promotions),
        (Some(0), 1),
        "a triumph and red's waiting pawn"
    );
    assert_pieces(
        &pos,
        &[
            ("b2", "bB"),
            ("c2", ""),
            ("b3", ""),
            ("c3", ""),
            ("h8", "rB"),
        ],
        "after blue's triumph",
    );
}

/// The waiting condition is checked at the end of **every** move. Yellow's pawn on c1 (an
/// elephant square of yellow's far line, rank 1) is loaded while yellow has no elephant:
/// loading never promotes, so it is still a pawn. Red's king makes a quiet move d3→d4; at the
/// end of that move the pawn qualifies and promotes to a yellow elephant.
#[test]

fn a_loaded_qualifying_waiting_pawn_promotes_after_the_next_move() {
    let mut pos = load(&[], "4yK3/8/8/bK7/7gK/3rK4/8/2yP5 r 1,5");
    assert_eq!(at(&pos, "c1"), "yP", "loading never promotes");
    play(&mut pos, &["1:d3d4"]);
    assert_eq!(at(&pos, "c1"), "yE");
    assert_eq!(pos.last_ply_events().promotions, 1);
}

// ---------------------------------------------------------------------------------------------
// 3. Promotion on a king square regains a king
// ---------------------------------------------------------------------------------------------

/// Red has lost its king (yellow took red's and green's, `taken` = `y:rg`). Kings on the
/// board: blue d8 and yellow f6. Red's pawn c7 takes blue's king on d8 (diagonally forward,
/// die 1): +5, and red's `taken` now holds blue. d8 is a king square and red has no king, so
/// the pawn becomes a red king. Seats with a king after the move: red and yellow — two, so
/// `one-king-left` does not end the game (without the promotion only yellow would have one).
/// The 5 still moves red's new king, so red's turn goes on.
#[test]
fn promotion_on_a_king_square_regains_a_king() {
    let mut pos = load(&[], "3bK4/2rP5/5yK2/8/bP7/8/6gP1/rE7 r 1,5 0,0,0,0 y:rg");
    play(&mut pos, &["1:c7d8"]);
    assert_eq!(at(&pos, "d8"), "rK");
    assert_eq!(
        pos.last_ply_events().promotions,
        1,
        "one promotion, counted once"
    );
    assert_eq!(scores(&pos), [5, 0, 0, 0]);
    assert_eq!(pos.counters().taken[RED.index()].bits(), bit(BLUE));
    assert_eq!(reason(&mut pos), None);
    assert_eq!(pos.to_move(), RED);
    assert_eq!(pos.dice(), vec![5]);
}

// ---------------------------------------------------------------------------------------------
// 4. promotion=anytime
// ---------------------------------------------------------------------------------------------

/// `promotion=anytime`. Red (no king; elephant on h1) moves pawn c7→c8 (die 1): c8 is an
/// elephant square, and the pawn becomes an elephant at once although red still has one.
/// Then pawn e7→e8 (die 5): e8 is a king square, so it stays a pawn — even though red has no
/// king. Promotions score nothing. Blue then rolls 4 and 2 and its elephant h5→h1 takes red's
/// elephant (+4); the pawn on e8 is still a pawn (it never waits and promotes later), and the
/// elephant on c8 stays.
#[test]
fn anytime_promotion_except_on_king_squares() {
    let mut pos = load(
        &["promotion=anytime"],
        "6yK1/2rP1rP3/8/bK6bE/8/8/8/6gKrE r 1,5",
    );
    play(&mut pos, &["1:c7c8"]);
    assert_eq!(at(&pos, "c8"), "rE");
    assert_eq!(at(&pos, "h1"), "rE");
    play(&mut pos, &["5:e7e8"]);
    assert_eq!(at(&pos, "e8"), "rP");
    assert_eq!(scores(&pos), [0, 0, 0, 0]);
    assert_eq!(pos.to_move(), BLUE);
    roll(&mut pos, [4, 2]);
    play(&mut pos, &["4:h5h1"]);
    assert_eq!(scores(&pos), [0, 4, 0, 0]);
    assert_pieces(
        &pos,
        &[("h1", "bE"), ("e8", "rP"), ("c8", "rE")],
        "after blue's capture",
    );
}

/// The same pawn moves under the default `lost-only` for contrast: c7→c8 waits as a pawn (red
/// has an elephant on h1), e7→e8 becomes a king (red has none).
#[test]
fn lost_only_promotion_for_contrast() {
    let mut pos = load(&[], "6yK1/2rP1rP3/8/bK6bE/8/8/8/6gKrE r 1,5");
    play(&mut pos, &["1:c7c8"]);
    assert_eq!(at(&pos, "c8"), "rP");
    play(&mut pos, &["5:e7e8"]);
    assert_eq!(at(&pos, "e8"), "rK");
}

// ---------------------------------------------------------------------------------------------
// 5. throne-points=on
// ---------------------------------------------------------------------------------------------

/// `throne-points=on`. Red's king b5→a5 (die 1) lands on blue's throne: +5, red's thrones =
/// {blue}. a5→a4 (die 5): nothing. Blue, yellow and green have kings only, so their rolls of
/// 2 and 3 are unusable and the turn comes back to red (one round). a4→a5 again: nothing, the
/// (red, blue) throne was scored already. Red's score stays 5.
///
/// Own throne: red's king e2→d1 lands on red's own king start square: nothing.
#[test]
fn throne_points_once_per_throne() {
    let mut pos = load(&["throne-points=on"], "6yK1/8/6bK1/1rK6/8/8/5gK2/8 r 1,5");
    play(&mut pos, &["1:b5a5"]);
    assert_eq!(scores(&pos), [5, 0, 0, 0]);
    assert_eq!(
        ashtapada::rules::throne::scored(pos.counters())[RED.index()].bits(),
        bit(BLUE)
    );
    assert_eq!(pos.last_ply_events().thrones, 1);
    play(&mut pos, &["5:a5a4"]);
    assert_eq!(pos.last_ply_events().thrones, 0);
    assert_eq!(scores(&pos), [5, 0, 0, 0]);
    for seat in [BLUE, YELLOW, GREEN] {
        assert_eq!(pos.to_move(), seat);
        roll(&mut pos, [2, 3]);
    }
    assert_eq!(pos.to_move(), RED);
    assert_eq!(pos.counters().rounds, 1);
    roll(&mut pos, [1, 5]);
    play(&mut pos, &["1:a4a5"]);
    assert_eq!(scores(&pos), [5, 0, 0, 0], "the blue throne scores once");
    assert_eq!(
        ashtapada::rules::throne::scored(pos.counters())[RED.index()].bits(),
        bit(BLUE)
    );

    let mut own = load(&["throne-points=on"], "6yK1/8/6bK1/8/8/8/4rKgK2/8 r 1,5");
    play(&mut own, &["1:e2d1"]);
    assert_eq!(
        scores(&own),
        [0, 0, 0, 0],
        "a seat's own throne scores nothing"
    );
    assert_eq!(
        ashtapada::rules::throne::scored(own.counters())[RED.index()].bits(),
        0
    );
}

/// `throne-points=on`: red's king d7 takes yellow's horse on e8, yellow's throne: 3 for the
/// horse plus 5 for the throne = 8; red's thrones = {yellow}.
#[test]
fn throne_capture_scores_both() {
    let mut pos = load(
        &["throne-points=on"],
        "4yH3/3rK4/6yK1/8/8/8/1bK4gK1/8 r 1,5",
    );
    play(&mut pos, &["1:d7e8"]);
    assert_eq!(scores(&pos), [8, 0, 0, 0]);
    assert_eq!(
        ashtapada::rules::throne::scored(pos.counters())[RED.index()].bits(),
        bit(YELLOW)
    );
}

/// `throne-points=on`: red has no king; its pawn e7→e8 (die 1) promotes to a king on yellow's
/// throne — a promotion, not a king's move: nothing scored, no throne recorded. The new king
/// steps e8→d8 (die 5): nothing. After a round in which the others cannot use 2 and 3, the
/// king moves d8→e8: now a king moves onto yellow's throne, +5, thrones = {yellow}.
#[test]
fn throne_not_scored_by_a_promotion() {
    let mut pos = load(&["throne-points=on"], "8/4rP3/6yK1/8/8/8/1bK4gK1/8 r 1,5");
    play(&mut pos, &["1:e7e8"]);
    assert_eq!(at(&pos, "e8"), "rK");
    assert_eq!(scores(&pos), [0, 0, 0, 0]);
    assert_eq!(
        ashtapada::rules::throne::scored(pos.counters())[RED.index()].bits(),
        0
    );
    play(&mut pos, &["5:e8d8"]);
    assert_eq!(scores(&pos), [0, 0, 0, 0]);
    for _ in 0..3 {
        roll(&mut pos, [2, 3]);
    }
    assert_eq!(pos.to_move(), RED);
    roll(&mut pos, [1, 5]);
    play(&mut pos, &["1:d8e8"]);
    assert_eq!(scores(&pos), [5, 0, 0, 0]);
    assert_eq!(
        ashtapada::rules::throne::scored(pos.counters())[RED.index()].bits(),
        bit(YELLOW)
    );
}

// ---------------------------------------------------------------------------------------------
// 6. Chaturaji (capture-all)
// ---------------------------------------------------------------------------------------------

/// Red has already taken blue's and yellow's kings (`taken` = `r:by`); blue and yellow have a
/// pawn each, green only its king on f4, next to red's king e3. Red score 20.
const CHATURAJI: &str = "8/5yP2/8/1bP6/5gK2/4rK3/8/8 r 1,5";

/// Red's king e3 takes green's king on f4 (die 1): 20 + 5 = 25, and red has now taken the kings
/// of all three other seats while keeping its own: chaturaji. The game ends at once
/// (the capture-all win, named `chaturaji`; ranked), red's score becomes 54; the unused 5 is
/// kept. Ranks: red 1st; blue and yellow (0 points, no king, a pawn each: material 1) share
/// 2nd; green (0, no king, no material) 4th.
#[test]
fn chaturaji_raises_the_score_to_54() {
    let mut pos = load(&[], &format!("{CHATURAJI} 20,0,0,0 r:by"));
    assert_eq!(reason(&mut pos), None);
    play(&mut pos, &["1:e3f4"]);
    assert_capture_all(&mut pos);
    assert!(matches!(pos.outcome(), Some(Outcome::Ranked { .. })));
    assert_eq!(scores(&pos), [54, 0, 0, 0]);
    assert_eq!(
        pos.counters().taken[RED.index()].bits(),
        bit(BLUE) | bit(YELLOW) | bit(GREEN)
    );
    assert_eq!(pos.dice(), vec![5]);
    assert_eq!(pos.ranks(), vec![1, 2, 2, 4]);
}

/// The same with red at 60: 60 + 5 = 65 is above 54 and is kept.
#[test]
fn chaturaji_keeps_a_score_above_54() {
    let mut pos = load(&[], &format!("{CHATURAJI} 60,0,0,0 r:by"));
    play(&mut pos, &["1:e3f4"]);
    assert_capture_all(&mut pos);
    assert_eq!(scores(&pos), [65, 0, 0, 0]);
}

/// The chaturaji test comes after promotion. Red has no king but took blue's and yellow's
/// earlier (`r:by`; blue has a king again, on g2). Red's pawn c7 takes green's king on d8:
/// 10 + 5 = 15, and d8 is a king square, so the pawn becomes red's king. After the move red has
/// a king and has taken all three: chaturaji, score 54.
#[test]
fn chaturaji_counts_a_king_just_promoted() {
    let mut pos = load(&[], "3gK4/2rP2yP2/8/8/8/8/6bK1/8 r 1,5 10,0,0,0 r:by");
    play(&mut pos, &["1:c7d8"]);
    assert_eq!(at(&pos, "d8"), "rK");
    assert_eq!(
        pos.last_ply_events().promotions,
        1,
        "one promotion, counted once"
    );
    assert_capture_all(&mut pos);
    assert_eq!(scores(&pos), [54, 0, 0, 0]);
}

/// Without a king of its own no chaturaji: red (no king, `r:by`, 10 points) takes green's king
/// on b8 with its pawn a7 (+5 = 15); b8 is a horse square, so the pawn becomes a horse, not a
/// king. Red has taken all three kings but has none: no chaturaji, the score stays 15. Only
/// blue has a king now, so the game ends by `one-king-left`; red (15) ranks first.
#[test]
fn chaturaji_needs_the_movers_own_king() {
    let mut pos = load(&[], "1gK6/rP4yP2/8/8/8/8/6bK1/8 r 1,5 10,0,0,0 r:by");
    play(&mut pos, &["1:a7b8"]);
    assert_eq!(at(&pos, "b8"), "rH");
    assert_eq!(reason(&mut pos).as_deref(), Some("one-king-left"));
    assert_eq!(scores(&pos), [15, 0, 0, 0]);
    assert_eq!(pos.ranks()[RED.index()], 1);
}

// ---------------------------------------------------------------------------------------------
// 7. One king left
// ---------------------------------------------------------------------------------------------

/// Only red (e3) and green (f4) have kings; nobody has taken a king before (no chaturaji
/// possible). Scores 0, 12, 3, 7. Red's king takes green's (+5): scores 5, 12, 3, 7 and only red
/// has a king: the game ends, `one-king-left`, ranked by score — blue 1st (12), green 2nd (7),
/// red 3rd (5, the only king does not help), yellow 4th (3).
#[test]
fn one_king_left_ends_the_game_ranked_by_score() {
    let mut pos = load(&[], &format!("{CHATURAJI} 0,12,3,7"));
    assert_eq!(reason(&mut pos), None);
    play(&mut pos, &["1:e3f4"]);
    assert_eq!(reason(&mut pos).as_deref(), Some("one-king-left"));
    let o = pos.outcome().unwrap();
    assert!(matches!(o, Outcome::Ranked { .. }));
    assert_eq!(o.winner(), None);
    assert_eq!(scores(&pos), [5, 12, 3, 7]);
    assert_eq!(pos.counters().taken[RED.index()].bits(), bit(GREEN));
    assert_eq!(pos.ranks(), vec![3, 1, 4, 2]);
}

// ---------------------------------------------------------------------------------------------
// 8. Seats with no pieces are skipped
// ---------------------------------------------------------------------------------------------

/// Blue has no pieces. Red rolls 1 and 5 and moves its king e3→e4→e5; the turn is over and
/// goes to yellow, skipping blue. No round is completed (the turn did not pass red).
#[test]
fn a_seat_without_pieces_is_skipped() {
    let mut pos = load(&[], "4yK3/8/8/8/7gK/4rK3/8/8 r roll");
    roll(&mut pos, [1, 5]);
    play(&mut pos, &["1:e3e4", "5:e4e5"]);
    assert_eq!(pos.to_move(), YELLOW);
    assert!(pos.awaiting_roll());
    assert_eq!(pos.counters().rounds, 0);
}

/// Red, the game's first seat, has no pieces; 3 rounds done, 1 of them quiet. Green moves its
/// king h4→g4→f4; the turn passes red (skipped, but it still counts as having had its turn):
/// round 4 is complete, and as nothing was captured in it the quiet count is 2; blue is to
/// move. With a capture in the round (capture field `x`) the quiet count drops to 0 instead.
#[test]
fn skipping_the_first_seat_still_counts_the_round() {
    for (flag, quiet) in [("-", 2), ("x", 0)] {
        let mut pos = load(
            &[],
            &format!("4yK3/8/8/bK7/7gK/8/8/8 g roll 0,0,0,0 - - 3 1 {flag} - - r"),
        );
        roll(&mut pos, [1, 5]);
        play(&mut pos, &["1:h4g4", "5:g4f4"]);
        assert_eq!(pos.to_move(), BLUE, "flag {flag}");
        assert!(pos.awaiting_roll());
        assert_eq!(pos.counters().rounds, 4, "flag {flag}");
        assert_eq!(pos.counters().quiet_rounds, quiet, "flag {flag}");
        assert!(!pos.counters().captured_in_round);
        assert_eq!(reason(&mut pos), None);
    }
}

// ---------------------------------------------------------------------------------------------
// 9. Ranking
// ---------------------------------------------------------------------------------------------

/// Blue and yellow have resigned; red resigns too: three resignations end the game, ranked.
/// Pieces and material (capture values):
/// - red: king e1 + elephant a1 = 9, score 10;
/// - blue: elephant a6, horses a7 b8, boat c8 = 4+3+3+2 = 12, no king, score 10;
/// - yellow: king e8 + pawn e7 = 6, score 10;
/// - green: king h4, elephants h3 h6, horses h2 h7 = 5+4+4+3+3 = 19, score 4.
///
/// Score first: green (4) is last despite its king and material. Among the 10s, having a king
/// comes before material: blue (12, no king) is 3rd. Then material: red (9) 1st, yellow (6)
/// 2nd. Ranks [1, 3, 2, 4].
///
/// With red's elephant replaced by a pawn on a2 (material 5+1 = 6), red and yellow are equal
/// on all three keys and share 1st: ranks [1, 3, 1, 4].
#[test]
fn ranking_by_score_then_king_then_material() {
    let tail = "r roll 10,10,10,4 - - 0 0 - by";
    let mut a = load(
        &[],
        &format!("1bHbB1yK3/bH3yP2gH/bE6gE/8/7gK/7gE/7gH/rE3rK3 {tail}"),
    );
    a.resign().unwrap();
    assert_eq!(reason(&mut a).as_deref(), Some("three-resignations"));
    assert_eq!(
        [
            a.material(RED),
            a.material(BLUE),
            a.material(YELLOW),
            a.material(GREEN)
        ],
        [9, 12, 6, 19]
    );
    assert_eq!(a.ranks(), vec![1, 3, 2, 4]);

    let mut b = load(
        &[],
        &format!("1bHbB1yK3/bH3yP2gH/bE6gE/8/7gK/7gE/rP6gH/4rK3 {tail}"),
    );
    b.resign().unwrap();
    assert_eq!(reason(&mut b).as_deref(), Some("three-resignations"));
    assert_eq!(b.ranks(), vec![1, 3, 1, 4]);
}

/// The third resignation ends the game at once, even as the last turn of a round (spec: "the
/// game ends when three seats have resigned"). Red and blue have resigned; green, the last
/// seat of the round red starts, resigns with 15 rounds done, 11 of them without a capture and
/// none this round. Were the turn passed first, the round would complete (16 rounds, 12 quiet:
/// `no-capture`); it is not: the reason is `three-resignations`, the counters stay 15 and 11,
/// green stays to move, and the final position string reads back as the same ended game.
#[test]
fn the_third_resignation_ends_the_game_before_the_round_completes() {
    let mut pos = load(
        &[],
        "bK6yK/8/8/8/8/8/8/rK6gK g roll 0,0,0,0 - - 15 11 - rb - r 0 1",
    );
    pos.resign().unwrap();
    assert_eq!(reason(&mut pos).as_deref(), Some("three-resignations"));
    assert_eq!(pos.counters().rounds, 15);
    assert_eq!(pos.counters().quiet_rounds, 11);
    assert_eq!(pos.to_move(), GREEN);
    let s = to_position_string(&pos);
    assert!(
        s.starts_with("bK6yK/8/8/8/8/8/8/rK6gK g roll 0,0,0,0 - - 15 11 - rbg - r 0 "),
        "{s}"
    );
    let mut back = load(&[], &s);
    assert_eq!(reason(&mut back).as_deref(), Some("three-resignations"));
    assert_eq!(to_position_string(&back), s);
}

// ---------------------------------------------------------------------------------------------
// 10. A game ending mid-turn keeps its unused die
// ---------------------------------------------------------------------------------------------

/// The position of [`one_king_left_ends_the_game_ranked_by_score`]: red's king e3 takes
/// green's king with the 1, which ends the game. The 5 (which could still move red's king) is
/// kept: red is still to move, no roll is due, the position string's dice field is `5`; and
/// nothing more can be played.
#[test]
fn a_game_ending_mid_turn_keeps_its_unused_die() {
    let mut pos = load(&[], &format!("{CHATURAJI} 0,12,3,7"));
    play(&mut pos, &["1:e3f4"]);
    assert!(pos.outcome().is_some());
    assert_eq!(pos.dice(), vec![5]);
    assert_eq!(pos.to_move(), RED);
    assert!(!pos.awaiting_roll());
    let s = to_position_string(&pos);
    assert_eq!(s.split(' ').nth(2), Some("5"), "{s}");
    assert!(pos.pass().is_err());
    assert!(pos.roll(&[1, 5]).is_err());
    let king_step = Move::board(square(&pos, "f4"), square(&pos, "f5")).with_die(5);
    assert!(pos.play(king_step).is_err(), "no move after the end");
}

/// The same when the die left is one the mover could not use. Green (the last seat; red is
/// first) rolled 1 and 3 and has no horse. Its king f4 takes red's king on e3 with the 1:
/// +5, scores 0, 12, 3, 12, and only green has a king, so the game ends at once after the move
/// (`one-king-left`). The game is over in the middle of green's turn: green stays the seat to
/// move with the 3 kept, and the turn does not pass red, so no round is completed (rounds stay
/// 0). Ranks: green and blue tie on 12, green has a king: green 1st, blue 2nd, yellow (3) 3rd,
/// red (0) 4th.
#[test]

fn a_game_ending_mid_turn_keeps_an_unusable_die_too() {
    let mut pos = load(&[], "8/5yP2/8/1bP6/5gK2/4rK3/8/8 g 1,3 0,12,3,7");
    play(&mut pos, &["1:f4e3"]);
    assert_eq!(reason(&mut pos).as_deref(), Some("one-king-left"));
    assert_eq!(scores(&pos), [0, 12, 3, 12]);
    assert_eq!(pos.ranks(), vec![4, 2, 3, 1]);
    assert_eq!(pos.to_move(), GREEN);
    assert_eq!(pos.dice(), vec![3]);
    assert_eq!(pos.counters().rounds, 0);
}

// ---------------------------------------------------------------------------------------------
// 11. Long dice
// ---------------------------------------------------------------------------------------------

/// `dice=long`: two four-sided long dice showing 2 to 5. A roll with a 6 (or a 1) is refused,
/// as is a position string with a 6 left; 2 and 5 are accepted, and the 5 moves the pawn or
/// the king, the 2 the boat. With the default six-sided dice the roll 6,2 is fine.
#[test]
fn long_dice_show_two_to_five() {
    let board = "4yK3/8/8/bK7/7gK/4rK3/rP7/rB7";
    let mut pos = load(&["dice=long"], &format!("{board} r roll"));
    assert_eq!(
        pos.variant().rules.dice.as_ref().map(|d| d.faces.clone()),
        Some(vec![2, 3, 4, 5])
    );
    assert!(pos.roll(&[6, 2]).is_err(), "no 6 on a long die");
    assert!(pos.roll(&[1, 3]).is_err(), "no 1 on a long die");
    assert!(pos.awaiting_roll());
    roll(&mut pos, [5, 2]);
    assert_eq!(pos.dice(), vec![5, 2]);
    assert!(moves_from(&mut pos, "e3") > 0, "5 moves the king");
    assert!(moves_from(&mut pos, "a2") > 0, "5 moves the pawn");
    assert!(moves_from(&mut pos, "a1") > 0, "2 moves the boat");

    let a = Assignment::parse(&["dice=long"]).unwrap();
    let v = load_variant("chaturaji", &a).unwrap();
    assert!(parse_position(&v, &format!("{board} r 6,2")).is_err());
    assert!(parse_position(&v, &format!("{board} r 5,2")).is_ok());

    let mut six = load(&[], &format!("{board} r roll"));
    assert!(six.roll(&[6, 2]).is_ok());
}
