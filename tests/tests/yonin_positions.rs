//! Four-player shogi rules from docs/yonin-shogi.md, checked on hand-built positions (the
//! start-position tests are in `yonin_rules.rs`).
//!
//! Every position is loaded from an extended position string (README, "Position strings"),
//! then driven with moves. Expected values are worked out by hand from the rules document in
//! each test's doc comment.
//!
//! Reminders used throughout:
//! - seats in turn order (clockwise): south (pieces move north, last line rank 9, zone ranks
//!   7–9), west (move east, last line file i, zone files g–i), north (move south, last line
//!   rank 1, zone ranks 1–3), east (move west, last line file a, zone files a–c);
//! - moves (oriented by the piece's facing): king K; rook R; gold WfF (one step orthogonally or
//!   diagonally forward); silver FfW (diagonally or straight forward); pawn fW; tokin and
//!   promoted silver move as gold; dragon RF;
//! - letters: K king, R rook, D dragon, G gold, S silver, N promoted silver, P pawn, T tokin;
//!   a promotion is written with the new kind's letter in lower case (`c8c9t`), a drop as
//!   `P@e5`;
//! - in a board string `sP:n` is a south-owned pawn facing as north's pieces do (it moves
//!   south), `_K:w*` a dead (ownerless) king that faced east, `_R:w` an ownerless rook.
//!
//! The position strings are written with all 14 fields when a field other than the board and
//! the seat to move matters (the mates field is the 11th).

use ashtapada::notation::{move_to_string, parse_move, parse_position, to_position_string};
use ashtapada::sim::simulate;
use ashtapada::{Assignment, EndReason, Outcome, PlayError, Position, Seat, Variant, load_variant};
use ashtapada_tests::{at, play, square};
use std::sync::Arc;

const SOUTH: Seat = Seat(0);
const WEST: Seat = Seat(1);
const NORTH: Seat = Seat(2);
const EAST: Seat = Seat(3);

fn variant(options: &[&str]) -> Arc<Variant> {
    let a = Assignment::parse(options).expect("valid options");
    load_variant("yonin-shogi", &a).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// A four-player shogi position under `options` from an extended position string.
fn load(options: &[&str], text: &str) -> Position {
    parse_position(&variant(options), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(pos: &mut Position) -> Vec<String> {
    ashtapada_tests::legal_moves(pos)
}

/// The moves for play in a game (`game_moves`: without perpetual-check repetitions), sorted.
fn game_moves(pos: &mut Position) -> Vec<String> {
    let mut list = Vec::new();
    pos.game_moves(&mut list);
    let mut out: Vec<String> = list.into_iter().map(|m| move_to_string(pos, m)).collect();
    out.sort();
    out
}

/// The legal moves starting on `from` (board moves only), sorted.
fn moves_from(pos: &mut Position, from: &str) -> Vec<String> {
    moves(pos)
        .into_iter()
        .filter(|m| m.starts_with(from) && !m.contains('@'))
        .collect()
}

/// The legal drops of the piece with `letter`, sorted.
fn drops(pos: &mut Position, letter: char) -> Vec<String> {
    let prefix = format!("{letter}@");
    moves(pos)
        .into_iter()
        .filter(|m| m.starts_with(&prefix))
        .collect()
}

fn has(list: &[String], m: &str) -> bool {
    list.iter().any(|x| x == m)
}

fn kind(pos: &Position, letter: char) -> ashtapada::Kind {
    pos.kind_for_letter(letter).expect("a piece letter")
}

fn hand(pos: &Position, seat: Seat, letter: char) -> u8 {
    pos.hand_count(seat, kind(pos, letter))
}

/// The end reason's name, or `None` while the game goes on.
fn reason(pos: &mut Position) -> Option<String> {
    pos.outcome().map(|o| pos.reason_name(o.reason()))
}

/// Asserts that no seat has a legal move starting on any of `squares` (checked for the seat
/// to move).
fn nobody_moves_from(pos: &mut Position, squares: &[&str], ctx: &str) {
    for m in moves(pos) {
        for s in squares {
            assert!(!m.starts_with(s), "{ctx}: {m} moves the piece on {s}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 1. Nifu
// ---------------------------------------------------------------------------------------------

/// Nifu for south (pawns facing north: the line is a file).
///
/// ```text
/// 9  . . . . nK . . . .      south holds a pawn in hand; south's own pieces:
/// 8  . . . . .  . . . .        sP c4 (its own, facing north: file c is closed)
/// 7  . . . . .  . . nP .       sT e5 (a tokin: not an unpromoted pawn, file e stays open)
/// 6  . . . . .  . sP:n . .     sP:n g6 (a pawn it took over from north, facing south:
/// 5  wK . . . sT . . . eK        another facing, so file g stays open)
/// 4  . . sP . .  . . . .     nP h7 is north's pawn: file h stays open.
/// 1  . . . . sK . . . .
/// ```
/// Empty squares: 81 − 8 = 73. A south pawn may not be dropped on rank 9 (its last line,
/// 8 empty squares: all but e9) nor on file c (7 more empty squares: c1–c3, c5–c8).
/// No drop mates anybody (P@a4, P@e8 and P@i4 check west, north and east, which can all step
/// aside) and none leaves south's king attacked, so there are 73 − 8 − 7 = 58 pawn drops.
#[test]
fn nifu_closes_the_file_of_an_own_pawn_of_the_same_facing_only() {
    let mut pos = load(&[], "4nK4/9/7nP1/6sP:n2/wK3sT3eK/2sP6/9/9/4sK4[sP] s");
    let d = drops(&mut pos, 'P');
    for absent in ["P@c1", "P@c3", "P@c5", "P@c8", "P@a9", "P@h9"] {
        assert!(!has(&d, absent), "{absent} must be absent: {d:?}");
    }
    for present in [
        "P@g3", "P@g5", "P@g8", "P@e4", "P@e6", "P@h5", "P@h8", "P@b8",
    ] {
        assert!(has(&d, present), "{present} must be present: {d:?}");
    }
    assert_eq!(d.len(), 58, "{d:?}");
    // `P*g3` is read as `P@g3`.
    let star = parse_move(&mut pos, "P*g3").expect("legal");
    let at_sign = parse_move(&mut pos, "P@g3").expect("legal");
    assert_eq!(star, at_sign);
    assert!(parse_move(&mut pos, "P*c3").is_err());
}

/// Nifu for west (pawns facing east: the line is a rank).
///
/// ```text
/// 9  . . . . nK . . . .      west holds a pawn in hand; west's own pieces:
/// 7  . . . . . wP:s . . .      wP c3 (its own, facing east: rank 3 is closed)
/// 5  wK . . . . . . . eK       wP:s f7 (taken over from south, facing north: rank 7 open)
/// 3  . . wP . . . . . .
/// 1  . . . . sK . . . .
/// ```
/// Empty squares: 81 − 6 = 75. Not on file i (west's last line: 8 empty squares, all but
/// i5), not on rank 3 (7 more: a3, b3, d3–h3). No drop mates (P@d9, P@d1 and P@h5 check
/// north, south and east, which can step aside): 75 − 8 − 7 = 60 drops.
#[test]
fn nifu_for_a_side_seat_closes_a_rank() {
    let mut pos = load(&[], "4nK4/9/5wP:s3/9/wK7eK/9/2wP6/9/4sK4[wP] w");
    assert_eq!(pos.to_move(), WEST);
    let d = drops(&mut pos, 'P');
    for absent in ["P@a3", "P@b3", "P@d3", "P@h3", "P@i1", "P@i9"] {
        assert!(!has(&d, absent), "{absent} must be absent: {d:?}");
    }
    for present in ["P@a7", "P@e7", "P@c5", "P@c1", "P@h5", "P@d9"] {
        assert!(has(&d, present), "{present} must be present: {d:?}");
    }
    assert_eq!(d.len(), 60, "{d:?}");
}

// ---------------------------------------------------------------------------------------------
// 2. Uchifuzume
// ---------------------------------------------------------------------------------------------

/// Uchifuzume against west (a side seat).
///
/// ```text
/// 9  . . . . nK . . . .
/// 6  wS . . . . . . . .      south drops a pawn on a4 (a south pawn attacks the square
/// 5  wK . . . . . . . eK     north of it): check to west's king a5. West's answers:
/// 3  sG . . . . . . . .        a5xa4 — a4 is guarded by the gold a3 (W: a4);
/// 1  . sR . . sK . . . .       b4, b5, b6 — the rook b1 sweeps file b (b2–b9 are empty);
/// ```                          a6 — its own silver; the silver a6 (facing east: b6, b7,
///                              b5) cannot take a4, and any other move leaves the check.
/// West has no legal move: the drop would mate, so P@a4 is absent. P@e8 (check to north,
/// whose king can take it or step aside) is a non-mating pawn-drop check and is present;
/// P@a2 (no check) too.
#[test]
fn uchifuzume_against_a_side_seat_is_absent() {
    let mut pos = load(&[], "4nK4/9/9/wS8/wK7eK/9/sG8/9/1sR2sK4[sP] s");
    let d = drops(&mut pos, 'P');
    assert!(!has(&d, "P@a4"), "{d:?}");
    assert!(has(&d, "P@e8"), "{d:?}");
    assert!(has(&d, "P@a2"), "{d:?}");
    assert!(parse_move(&mut pos, "P@a4").is_err());
    // The non-mating check is played: north answers it out of turn.
    play(&mut pos, &["P@e8"]);
    assert_eq!(pos.to_move(), NORTH);
    assert!(pos.in_check(NORTH));
}

/// The same position without the gold a3: P@a4 still checks west, but now west's king can
/// take the pawn (a4 is guarded by nothing), so the drop does not mate and is present. After
/// it west is in check and due, and its only legal move is a5xa4 (b4–b6 are swept by the rook
/// b1, a6 holds its silver, and the silver cannot answer the check).
#[test]
fn a_pawn_drop_check_on_a_side_seat_that_does_not_mate_is_present() {
    let mut pos = load(&[], "4nK4/9/9/wS8/wK7eK/9/9/9/1sR2sK4[sP] s");
    assert!(has(&drops(&mut pos, 'P'), "P@a4"));
    play(&mut pos, &["P@a4"]);
    assert_eq!(pos.to_move(), WEST);
    assert!(pos.in_check(WEST));
    assert_eq!(moves(&mut pos), ["a5a4"]);
    play(&mut pos, &["a5a4"]);
    assert_eq!(hand(&pos, WEST, 'P'), 1);
    assert_eq!(pos.to_move(), NORTH);
}

/// Uchifuzume forbids only drops: a mating net closed by a pawn moving from a3 to a4 is
/// legal. South: pawn a3, gold b3 (guards a4 with its forward diagonal, and b4 with its
/// front), rook b8 (sweeps b7–b4: b6, b5 for the net). After a3a4 west (due next) has no
/// legal move — a4 guarded, b4, b5, b6 attacked, a6 its own silver, which cannot take a4 —
/// so it is mated at once by south, and its silver becomes south's, still facing east. The
/// drop P@a4 in the same position would mate in the same way, so it is absent.
#[test]
fn a_pawn_move_that_mates_is_legal() {
    let mut pos = load(&[], "4nK4/1sR7/9/wS8/wK7eK/9/sPsG7/9/4sK4[sP] s");
    assert!(!has(&drops(&mut pos, 'P'), "P@a4"));
    play(&mut pos, &["a3a4"]);
    assert_eq!(pos.counters().mated.bits(), 1 << WEST.0);
    assert_eq!(at(&pos, "a5"), "_K:w*");
    assert_eq!(at(&pos, "a6"), "sS:w");
    assert_eq!(pos.to_move(), NORTH);
}

// ---------------------------------------------------------------------------------------------
// 3. Dead drops
// ---------------------------------------------------------------------------------------------

/// A pawn is never dropped on its last line, nor directly in front of a dead king.
///
/// ```text
/// 9  . . . . .    . . . .    north has been mated by south (mates field `s:n`): its king
/// 6  . . . . _K:n* . . . .   lies dead on e6. South holds a pawn and a gold, west a pawn.
/// 5  wK . . . .   . . . eK
/// 1  . . . . sK   . . . .
/// ```
/// South (pawn facing north): no drop on rank 9 (last line); not on e5, whose forward square
/// e6 holds the dead king; e4 (forward e5, empty) and e7 (forward e8) are fine. The gold may
/// go on e5 (it can still step sideways). Drops: 81 − 4 = 77 empty squares, minus 9 on rank 9
/// and e5: 67 pawn drops, 77 gold drops.
/// West (pawn facing east): not on file i; not on d6 (forward e6 is the dead king); c6 and f6
/// are fine. 77 − 8 (file i without i5) − 1 = 68 pawn drops.
#[test]
fn no_pawn_drop_on_the_last_line_or_in_front_of_a_dead_king() {
    let text = "9/9/9/4_K:n*4/wK7eK/9/9/9/4sK4[sPsGwP] s - 0,0,0,0 - - 0 0 - - s:n s 0 1";
    let mut pos = load(&[], text);
    assert_eq!(at(&pos, "e6"), "_K:n*");
    let d = drops(&mut pos, 'P');
    assert!(d.iter().all(|m| !m.ends_with('9')), "{d:?}");
    assert!(!has(&d, "P@e5"), "{d:?}");
    for present in ["P@e4", "P@e7", "P@d5", "P@f5", "P@e8"] {
        assert!(has(&d, present), "{present}: {d:?}");
    }
    assert_eq!(d.len(), 67, "{d:?}");
    let g = drops(&mut pos, 'G');
    assert!(has(&g, "G@e5"));
    assert_eq!(g.len(), 77);

    let text = "9/9/9/4_K:n*4/wK7eK/9/9/9/4sK4[sPsGwP] w - 0,0,0,0 - - 0 0 - - s:n s 0 1";
    let mut pos = load(&[], text);
    let d = drops(&mut pos, 'P');
    assert!(d.iter().all(|m| !m.starts_with("P@i")), "{d:?}");
    assert!(!has(&d, "P@d6"), "{d:?}");
    for present in ["P@c6", "P@f6", "P@d5", "P@d7", "P@h6"] {
        assert!(has(&d, present), "{present}: {d:?}");
    }
    assert_eq!(d.len(), 68, "{d:?}");
}

/// Only pawn drops are restricted (spec: "a piece in hand may be dropped on any empty square";
/// the forbidden drops are all pawn drops). West (pieces facing east) holds a silver; a dead
/// king that faced west stands on h8, and north's king e9, west's a5, south's e1.
///
/// ```text
/// 9  . . . . nK . . .  .
/// 8  . . . . .  . . _K .     i9: a silver facing east would step to j9, j10, j8 (off the
/// 5  wK . . . . . . .  .     board) or h10 (off) and h8 (the dead king): it could never
/// 1  . . . . sK . . .  .     move, and it may be dropped there all the same.
/// ```
/// Nobody is in check, so west has its king's 5 steps (a4, a6, b4, b5, b6) and a silver drop
/// on each of the 81 − 4 = 77 empty squares: 82 moves, S@i9 among them.
#[test]
fn a_silver_may_be_dropped_where_it_could_never_move() {
    let text = "4nK4/7_K:e*1/9/9/wK8/9/9/9/4sK4[wS] w - 0,0,0,0 - - 0 0 - - s:e s 0 1";
    let mut pos = load(&[], text);
    let d = drops(&mut pos, 'S');
    assert!(has(&d, "S@i9"), "{d:?}");
    assert_eq!(d.len(), 77, "{d:?}");
    assert_eq!(moves(&mut pos).len(), 82);
    assert_eq!(ashtapada::perft(&mut pos, 1), 82);
}

// ---------------------------------------------------------------------------------------------
// 4. Promotion
// ---------------------------------------------------------------------------------------------

/// The position of the promotion tests.
///
/// ```text
/// 9  . . . . nK . . . .
/// 8  . . sP . .  . . . .     sP c8 → c9: the pawn's last line.
/// 7  . . . sS .  . sP . .    sP g7 → g8: in the zone (ranks 7–9), not the last line.
/// 5  wK . . . .  . . . eK    sS d7: in the zone.
/// 3  . . . . .  sS . sP:w .  sS f3: outside the zone. sP:w h3: a pawn south took over from
/// 1  . . . . sK . . . .        west, still facing east (last line file i, zone files g–i).
/// ```
const PROMOTION: &str = "4nK4/2sP6/3sS2sP2/9/wK7eK/9/5sS1sP:w1/9/4sK4[] s";

/// Optional promotion in [`PROMOTION`]: the pawn g7 → g8 may promote or not (g7g8, g7g8+).
/// The silver d7 moves to d8, e8 (c8 holds its own pawn) and back out of the zone to c6 and
/// e6: each move starts in the zone, so each comes with and without promotion (`+`). The
/// silver f3 never touches the zone: its five moves (e2, e4, f4, g2, g4) have no promotion.
#[test]
fn promotion_is_optional_in_and_out_of_the_zone() {
    let mut pos = load(&[], PROMOTION);
    assert_eq!(moves_from(&mut pos, "g7"), ["g7g8", "g7g8+"]);
    assert_eq!(
        moves_from(&mut pos, "d7"),
        [
            "d7c6", "d7c6+", "d7d8", "d7d8+", "d7e6", "d7e6+", "d7e8", "d7e8+"
        ]
    );
    assert_eq!(
        moves_from(&mut pos, "f3"),
        ["f3e2", "f3e4", "f3f4", "f3g2", "f3g4"]
    );
}

/// Forced promotion in [`PROMOTION`]: a pawn moving to its last line must promote. The pawn
/// c8 has only c8c9t; the east-facing pawn h3 (its last line is file i) only h3i3t. Written
/// without the letter, `c8c9` reads as the only legal move, c8c9t.
#[test]

fn promotion_is_forced_on_the_last_line() {
    let mut pos = load(&[], PROMOTION);
    assert_eq!(moves_from(&mut pos, "c8"), ["c8c9+"]);
    assert_eq!(moves_from(&mut pos, "h3"), ["h3i3+"]);
    let m = parse_move(&mut pos, "c8c9").expect("legal");
    assert_eq!(move_to_string(&pos, m), "c8c9+");
}

/// The promotions of [`PROMOTION`], played: leaving the zone promoted (a promoted silver,
/// `N`) or not, and a pawn reaching its last line as a tokin.
#[test]
fn promotion_choices_play_out() {
    let text = PROMOTION;
    let mut pos = load(&[], text);
    play(&mut pos, &["d7c6+"]);
    assert_eq!(at(&pos, "c6"), "sN");
    let mut pos = load(&[], text);
    play(&mut pos, &["d7c6"]);
    assert_eq!(at(&pos, "c6"), "sS");
    let mut pos = load(&[], text);
    play(&mut pos, &["c8c9+"]);
    assert_eq!(at(&pos, "c9"), "sT");
}

// ---------------------------------------------------------------------------------------------
// 5. Check interrupt
// ---------------------------------------------------------------------------------------------

/// One check out of turn.
///
/// ```text
/// 9  . . . . nK . . . .      south plays c6e6: the rook sweeps e7, e8 and checks north's
/// 6  . . sR . .  . . . .     king e9 (nothing else: rank 6 and e5–e2 hold no king).
/// 5  wK . . . .  . . . eK    North is in check and moves next, out of turn (west, next in
/// 1  . . . . sK  . . . .     the order, is jumped). North's answers: d8, d9, f8, f9 (e8 is on
/// ```                        the rook's file). After e9d9 play goes on clockwise from north:
/// east, then south, then west again.
#[test]
fn a_checked_seat_moves_out_of_turn_and_play_continues_from_it() {
    let mut pos = load(&[], "4nK4/9/9/2sR6/wK7eK/9/9/9/4sK4[] s");
    play(&mut pos, &["c6e6"]);
    assert!(pos.in_check(NORTH));
    assert_eq!(pos.to_move(), NORTH);
    assert_eq!(
        pos.last_ply_events().interrupts,
        1,
        "west is jumped: an interrupt"
    );
    assert_eq!(moves(&mut pos), ["e9d8", "e9d9", "e9f8", "e9f9"]);
    play(&mut pos, &["e9d9"]);
    assert_eq!(pos.to_move(), EAST, "west's turn was jumped");
    assert_eq!(pos.last_ply_events().interrupts, 0);
    play(&mut pos, &["i5i4"]);
    assert_eq!(pos.to_move(), SOUTH);
    play(&mut pos, &["e1d1"]);
    assert_eq!(pos.to_move(), WEST);
}

/// Two seats checked at once: the nearest clockwise from the mover answers first.
///
/// ```text
/// 9  . . . . nK . . . .      west plays b4e4 (c4, d4 empty): the rook sweeps e5–e8 and
/// 7  . . . . .  . . . eK     checks north's king e9, and e3–e2, checking south's king e1.
/// 5  wK . . nS . . . . .     Clockwise from west: north, east, south — north answers first
/// 4  . wR . . .  . . . .     (although south comes first in seat order).
/// 1  . . . . sK . . . .
/// ```
/// (a) North steps e9d9: south is still in check, so it moves next (east, not in check, is
/// jumped); after south's e1d1 play goes on clockwise from south: west.
/// (b) North takes the rook instead (silver d5 → e4, a forward diagonal; e4 is outside north's
/// zone): nobody is in check any more, so play goes on clockwise from north: east. North now
/// holds a rook.
#[test]
fn two_checks_at_once_are_answered_nearest_clockwise_first() {
    let text = "4nK4/9/8eK/9/wK2nS5/1wR7/9/9/4sK4[] w";
    let mut pos = load(&[], text);
    play(&mut pos, &["b4e4"]);
    assert!(pos.in_check(NORTH));
    assert!(pos.in_check(SOUTH));
    assert!(!pos.in_check(EAST));
    assert_eq!(pos.to_move(), NORTH);
    assert_eq!(
        pos.last_ply_events().interrupts,
        0,
        "north is next after west anyway: no interrupt"
    );
    play(&mut pos, &["e9d9"]);
    assert!(pos.in_check(SOUTH));
    assert_eq!(pos.to_move(), SOUTH);
    assert_eq!(pos.last_ply_events().interrupts, 1, "east is jumped");
    play(&mut pos, &["e1d1"]);
    assert_eq!(pos.to_move(), WEST, "east's turn was jumped");

    let mut pos = load(&[], text);
    play(&mut pos, &["b4e4", "d5e4"]);
    assert!(!pos.in_check(SOUTH) && !pos.in_check(NORTH));
    assert_eq!(hand(&pos, NORTH, 'R'), 1);
    assert_eq!(pos.to_move(), EAST);
}

// ---------------------------------------------------------------------------------------------
// 6. Mate
// ---------------------------------------------------------------------------------------------

/// The mate used by several tests below: south's c5b5 mates west.
///
/// ```text
/// 9  . . . . nK . . . .      [sP wG wP]: south holds a pawn, west a gold and a pawn.
/// 7  . . wP . .  . . . .     south plays gold c5 → b5 (sideways): check to a5. West's king:
/// 5  wK . sG . . . . . eK      a6, b6 (the gold's forward diagonal and front), b4 (its back),
/// 4  . . sS . .  . . . .       a4 (pawn a3), b5 (the gold, guarded by the silver c4's
/// 3  sP . . . .  . . . .       diagonal). The pawn c7 (facing east: d7) cannot take b5, and
/// 1  . . . . sK . . . .        no drop answers a check by an adjacent piece.
/// ```
const MATE: &str = "4nK4/9/2wP6/9/wK1sG5eK/2sS6/sP8/9/4sK4[sPwGwP] s";

/// Mate with `mated-pieces: to-mater` (default). West, due after c5b5, has no legal move:
/// it is mated by south, the last mover. Its king stays on a5, dead and ownerless (`_K:w*`);
/// its hand (gold, pawn) goes to south, which now holds two pawns and a gold; its pawn c7
/// becomes south's and keeps facing east (`sP:w`). Counters: one mate, by south, of west.
/// Play goes on clockwise from west: north. The dead king cannot be taken (the gold b5 has
/// no move to a5). Later, south's new pawn moves east, c7 → d7, not north.
#[test]
fn mate_kills_the_king_and_hands_hand_and_pieces_to_the_mater() {
    let mut pos = load(&[], MATE);
    play(&mut pos, &["c5b5"]);
    assert_eq!(at(&pos, "a5"), "_K:w*");
    assert_eq!(at(&pos, "c7"), "sP:w");
    assert_eq!(hand(&pos, SOUTH, 'P'), 2);
    assert_eq!(hand(&pos, SOUTH, 'G'), 1);
    assert_eq!(pos.hand_total(WEST), 0);
    let c = pos.counters();
    assert_eq!(c.mated.bits(), 1 << WEST.0);
    assert_eq!(c.mate_count, 1);
    assert_eq!(c.mates[..4], [1, 0, 0, 0]);
    assert_eq!(c.mated_at[..4], [0, 1, 0, 0]);
    assert_eq!(c.last_mate[..4], [1, 0, 0, 0]);
    assert_eq!(pos.to_move(), NORTH);
    assert_eq!(pos.outcome(), None);
    // The position string records all of it, and reads back to the same position.
    let written = to_position_string(&pos);
    assert_eq!(
        written,
        "4nK4/9/2sP:w6/9/_K:w*sG6eK/2sS6/sP8/9/4sK4[sG2sP] n - 0,0,0,0 - - 0 0 - - s:w s 1 1"
    );
    let mut back = load(&[], &written);
    assert_eq!(to_position_string(&back), written);
    assert_eq!(moves(&mut back), moves(&mut pos));
    play(&mut pos, &["e9d9", "i5i4"]);
    assert_eq!(pos.to_move(), SOUTH, "west takes no more turns");
    assert_eq!(moves_from(&mut pos, "c7"), ["c7d7"]);
    assert!(!moves_from(&mut pos, "b5").contains(&"b5a5".to_string()));
    play(&mut pos, &["c7d7"]);
    assert_eq!(at(&pos, "d7"), "sP:w");
    assert_eq!(pos.to_move(), NORTH);
}

/// The mater is the last mover even when another seat's piece gives the check.
///
/// ```text
/// 9  nR . . . nK . . . .     east plays silver a5 → b4 (a back diagonal for a west-moving
/// 6  . . . . .  sP . . .     piece), opening file a: north's rook a9 now attacks south's
/// 5  eS . . . .  . . . eK    king a1. South, due at once (check interrupt), cannot answer:
/// 3  . . . . .  . wK . .     a2 is on the rook's file, b1 and b2 are guarded by north's
/// 2  . . nG . .  . . . .     gold c2 (facing south: W b2, forward diagonal b1); the pawn f6
/// 1  sK . . . .  . . . .     cannot help. South is mated; the mater is east (the last
/// ```                        mover), not north. South's pawn f6 goes to east and keeps facing
/// north: on east's turn it moves to f7, inside south's zone (ranks 7–9), with and without
/// promotion. Play goes on clockwise from south: west, north, east.
#[test]
fn the_mater_is_the_last_mover_even_if_another_seat_gives_the_check() {
    let mut pos = load(&[], "nR3nK4/9/9/5sP3/eS7eK/9/6wK2/2nG6/sK8[] e");
    play(&mut pos, &["a5b4"]);
    assert_eq!(at(&pos, "a1"), "_K*");
    assert_eq!(at(&pos, "f6"), "eP:s");
    let c = pos.counters();
    assert_eq!(c.mated.bits(), 1 << SOUTH.0);
    assert_eq!(c.mates[..4], [0, 0, 0, 1]);
    assert_eq!(pos.to_move(), WEST);
    play(&mut pos, &["g3g2", "e9d9"]);
    assert_eq!(pos.to_move(), EAST);
    assert_eq!(moves_from(&mut pos, "f6"), ["f6f7", "f6f7+"]);
}

/// A player due with no legal move is mated even when not in check.
///
/// ```text
/// 9  wK . . . nK . . . .     West's king a9 is not attacked, but a8 (rook h8 along rank 8),
/// 8  . . . . .  . . sR .     b8 (both rooks) and b9 (rook b1 along file b) are; west has
/// 5  . . . . .  . . . eK     nothing else and an empty hand. South plays e1e2; west is due,
/// 1  . sR . . sK . . . .     has no legal move, and is mated by south. North moves next.
/// ```
#[test]
fn no_legal_move_without_check_is_mate_too() {
    let mut pos = load(&[], "wK3nK4/7sR1/9/9/8eK/9/9/9/1sR2sK4[] s");
    play(&mut pos, &["e1e2"]);
    assert_eq!(pos.counters().mated.bits(), 1 << WEST.0);
    assert_eq!(pos.counters().mates[..4], [1, 0, 0, 0]);
    assert_eq!(at(&pos, "a9"), "_K:w*");
    assert_eq!(pos.to_move(), NORTH);
    assert_eq!(pos.outcome(), None);
}

/// After a mate, play goes on from the mated seat, but a check interrupt comes first.
///
/// ```text
/// 9  . . . nK . . . . .      South plays e2e5 (e3, e4 empty): the rook sweeps rank 5 both
/// 6  wP wP . . . . . . .     ways, checking west's a5 and east's i5 (not north: d9 is off
/// 5  wK . . . . . . . eK     the e-file). West, nearest clockwise, is due: its king's
/// 4  wP wP . . . . . . .     squares a4, a6, b4, b6 hold its own pawns and b5 is on the
/// 2  . . . . sR . . . .      rook's rank; its pawns (facing east) are blocked (a4, a6) or
/// 1  . . . . sK . . . .      cannot answer the check (b4c4, b6c6): mated by south, its pawns
/// ```                        become south's (`sP:w`). Clockwise from west comes north, but
/// east is in check: east moves first, and north's turn is jumped. After east's i5i4 play
/// goes on clockwise from east: south.
#[test]
fn after_a_mate_a_check_interrupt_comes_first() {
    let mut pos = load(&[], "3nK5/9/9/wPwP7/wK7eK/wPwP7/9/4sR4/4sK4[] s");
    play(&mut pos, &["e2e5"]);
    assert_eq!(pos.counters().mated.bits(), 1 << WEST.0);
    assert_eq!(at(&pos, "b4"), "sP:w");
    assert!(pos.in_check(EAST));
    assert_eq!(pos.to_move(), EAST);
    assert_eq!(moves(&mut pos), ["i5h4", "i5h6", "i5i4", "i5i6"]);
    play(&mut pos, &["i5i4"]);
    assert_eq!(pos.to_move(), SOUTH);
}

/// One move mates two players; the last mover is the mater of both.
///
/// ```text
/// 9  wK . . . nK nP . . .    South plays c1c9 (c2–c8 empty): the rook sweeps rank 9 and
/// 8  wP wP . nP nP nP . . .  checks west's a9 (through b9) and north's e9 (through d9).
/// 5  . . . . .  .  . . eK    West, nearest clockwise, is due: a8, b8 hold its pawns, b9 is
/// 1  . . sR . sK . . . .     on the rook's rank, its pawns cannot answer (a8 blocked by b8,
/// ```                        b8c8 leaves the check): mated. Then north, still in check, is
/// due: d8, e8, f8, f9 hold its pawns and d9 is on the rank, its pawns cannot answer (f9 is
/// blocked, the others leave the check): mated too, by south — the second mate ends the
/// game (`two-mated`). Ranks: south (2 mates) 1, east 2, north (mated later) 3, west 4.
/// With `end=last-standing` play goes on: east moves next.
#[test]
fn one_move_can_mate_two_players() {
    let text = "wK3nKnP3/wPwP1nPnPnP3/9/9/8eK/9/9/9/2sR1sK4[] s";
    let mut pos = load(&[], text);
    play(&mut pos, &["c1c9"]);
    let c = pos.counters();
    assert_eq!(c.mated.bits(), 1 << WEST.0 | 1 << NORTH.0);
    assert_eq!(c.mates[..4], [2, 0, 0, 0]);
    assert_eq!(c.mated_at[..4], [0, 1, 2, 0]);
    assert_eq!(at(&pos, "a9"), "_K:w*");
    assert_eq!(at(&pos, "e9"), "_K:n*");
    assert_eq!(at(&pos, "d8"), "sP:n");
    assert_eq!(at(&pos, "b8"), "sP:w");
    assert_eq!(reason(&mut pos).as_deref(), Some("two-mated"));
    assert_eq!(pos.ranks(), [1, 4, 3, 2]);

    let mut pos = load(&["end=last-standing"], text);
    play(&mut pos, &["c1c9"]);
    assert_eq!(pos.counters().mated.bits(), 1 << WEST.0 | 1 << NORTH.0);
    assert_eq!(pos.outcome(), None);
    assert_eq!(pos.to_move(), EAST);
}

// ---------------------------------------------------------------------------------------------
// 7. Dead king as an obstacle
// ---------------------------------------------------------------------------------------------

/// A dead king blocks a rook and shields what stands behind it.
///
/// ```text
/// 8  . . . . eK . . . .      north was mated by south (`s:n`); its dead king lies on e5.
/// 6  . . . wK . . . . .      South's rook e2: e1, e3, e4 on the file (not e5: a dead king is
/// 5  . . . . _K:n* . . . .   never captured; not beyond it), and a2–d2, f2–i2: 11 moves.
/// 2  . . . . sR . . . .      East's king e8 stands on the rook's file behind the dead king:
/// 1  sK . . . .  . . . .     not in check. West's king d6 stands next to the dead king: not in
/// ```                        check either (a dead king attacks nothing).
/// After e2e3 west moves: its king may go to c5, c6, c7, d5, and e6 — on the rook's file,
/// but behind the dead king; not d7 or e7 (next to east's king e8), not e5 (the dead king).
#[test]
fn a_dead_king_blocks_a_rook_and_gives_no_check() {
    let text = "9/4eK4/9/3wK5/4_K:n*4/9/9/4sR4/sK8[] s - 0,0,0,0 - - 0 0 - - s:n s 0 1";
    let mut pos = load(&[], text);
    assert!(!pos.in_check(EAST));
    assert!(!pos.in_check(WEST));
    assert_eq!(
        moves_from(&mut pos, "e2"),
        [
            "e2a2", "e2b2", "e2c2", "e2d2", "e2e1", "e2e3", "e2e4", "e2f2", "e2g2", "e2h2", "e2i2"
        ]
    );
    play(&mut pos, &["e2e3"]);
    assert_eq!(pos.to_move(), WEST);
    assert_eq!(moves(&mut pos), ["d6c5", "d6c6", "d6c7", "d6d5", "d6e6"]);
}

// ---------------------------------------------------------------------------------------------
// 8. Ownerless pieces
// ---------------------------------------------------------------------------------------------

/// `mated-pieces=ownerless`: a mated player's pieces stay on the board, owned by nobody.
///
/// ```text
/// 9  . . . . nK . . . .      west was mated by south (`s:w`): dead king a5, and its rook
/// 8  . . eR . .  . . . .     e5 and pawn c3 ownerless. The rook stands on the e-file between
/// 5  _K:w* . . . _R:w . . . eK  south's king e1 and north's e9, and on rank 5 with east's
/// 4  . . . sG .  . . . .     king i5: it checks nobody. Nobody moves it or the pawn.
/// 3  . . _P:w . . . . . .    South's gold d4 takes the rook (forward diagonal e5): south
/// 1  . . . . sK . . . .      holds a rook. North (west is mated) steps e9f9 (e8 is on east's
/// ```                        rook's rank); east's rook c8 takes the ownerless pawn down the
/// c-file (c7–c4 empty): east holds a pawn.
#[test]
fn ownerless_pieces_are_inert_and_anyone_may_capture_them() {
    let text = "4nK4/2eR6/9/9/_K:w*3_R:w3eK/3sG5/2_P:w6/9/4sK4[] s - 0,0,0,0 - - 0 0 - - s:w s 0 1";
    let opts = ["mated-pieces=ownerless"];
    let mut pos = load(&opts, text);
    assert_eq!(at(&pos, "e5"), "_R:w");
    for s in [SOUTH, NORTH, EAST] {
        assert!(!pos.in_check(s), "seat {s:?}");
    }
    nobody_moves_from(&mut pos, &["e5", "c3", "a5"], "south");
    assert!(has(&moves(&mut pos), "d4e5"));
    play(&mut pos, &["d4e5"]);
    assert_eq!(hand(&pos, SOUTH, 'R'), 1);
    assert_eq!(pos.to_move(), NORTH);
    nobody_moves_from(&mut pos, &["c3"], "north");
    play(&mut pos, &["e9f9"]);
    assert_eq!(pos.to_move(), EAST);
    nobody_moves_from(&mut pos, &["c3"], "east");
    play(&mut pos, &["c8c3"]);
    assert_eq!(hand(&pos, EAST, 'P'), 1);
}

/// The mate of [`MATE`] under `mated-pieces=ownerless`: west's pawn c7 stays, ownerless and
/// still facing east (`_P:w`); west's hand still goes to south (two pawns, a gold). North's
/// next moves do not include it.
#[test]
fn a_mate_under_the_ownerless_option_leaves_the_pieces_to_nobody() {
    let mut pos = load(&["mated-pieces=ownerless"], MATE);
    play(&mut pos, &["c5b5"]);
    assert_eq!(at(&pos, "a5"), "_K:w*");
    assert_eq!(at(&pos, "c7"), "_P:w");
    assert_eq!(hand(&pos, SOUTH, 'P'), 2);
    assert_eq!(hand(&pos, SOUTH, 'G'), 1);
    assert_eq!(pos.piece_count(WEST), 0);
    assert_eq!(pos.to_move(), NORTH);
    nobody_moves_from(&mut pos, &["c7"], "north");
}

// ---------------------------------------------------------------------------------------------
// 9. Pairs
// ---------------------------------------------------------------------------------------------

/// `format=pairs`: south and north are partners.
///
/// ```text
/// 9  wR . sG . nK . . . .    South's gold c9 shields north's king e9 from west's rook a9:
/// 8  . wS . . .  . . . .     c9c8 would uncover it — newly checking the partner: absent;
/// 6  . sR . . .  . . nP .    c9b9 keeps rank 9 closed: present; c9d9 keeps it closed too, but
///                            the gold on d9 itself attacks e9 (sideways): absent.
/// 5  wK . . . .  . . . eK    South's rook b6: b6e6 would check north (e7, e8 empty):
/// 1  . . . . sK  . . . .     absent; along rank 6 it stops before north's pawn h6 (no
/// ```                        capture of a partner, b6h6 absent; b6g6 present); it may take
/// west's silver b8 (b6b8, and b6b8d in the zone).
/// In the individual format the same position allows c9c8, c9d9, b6e6 and b6h6.
#[test]
fn pairs_forbid_checking_or_capturing_the_partner() {
    let text = "wR1sG1nK4/1wS7/9/1sR5nP1/wK7eK/9/9/9/4sK4[] s";
    let mut pos = load(&["format=pairs"], text);
    let m = moves(&mut pos);
    for absent in ["c9c8", "c9d9", "b6e6", "b6h6"] {
        assert!(!has(&m, absent), "{absent}: {m:?}");
    }
    for present in ["c9b9", "b6d6", "b6f6", "b6g6", "b6b8", "b6b8+"] {
        assert!(has(&m, present), "{present}: {m:?}");
    }
    let mut pos = load(&[], text);
    let m = moves(&mut pos);
    for present in ["c9c8", "c9d9", "b6e6", "b6h6"] {
        assert!(has(&m, present), "{present}: {m:?}");
    }
}

/// `format=pairs`: a partner's pieces count as attackers, and only new checks of the partner
/// are forbidden.
///
/// (a) West's silver e5 stands between south's rook e2 and north's king e9. West plays e5f6
/// (a forward diagonal for an east-facing silver): north is now attacked by its partner's
/// rook and is in check; it moves next, out of turn.
///
/// (b) East plays h5e5 (g5, f5 empty): its rook checks south's e1 and north's e9 along the
/// e-file. South, nearest clockwise from east, answers first: its king's four squares off
/// the file (d1, d2, f1, f2; e2 stays on the file). Each leaves north in check — but north
/// was already in check, so none newly checks the partner and all four are legal. North
/// then answers.
#[test]
fn pairs_count_partner_attacks_and_forbid_only_new_checks() {
    let opts = ["format=pairs"];
    let mut pos = load(&opts, "4nK4/9/9/9/wK3wS3eK/9/9/4sR4/sK8[] w");
    assert!(!pos.in_check(NORTH));
    play(&mut pos, &["e5f6"]);
    assert!(pos.in_check(NORTH));
    assert_eq!(pos.to_move(), NORTH);

    let mut pos = load(&opts, "4nK4/9/8eK/9/7eR1/9/wK8/9/4sK4[] e");
    play(&mut pos, &["h5e5"]);
    assert!(pos.in_check(SOUTH) && pos.in_check(NORTH));
    assert_eq!(pos.to_move(), SOUTH);
    assert_eq!(moves(&mut pos), ["e1d1", "e1d2", "e1f1", "e1f2"]);
    play(&mut pos, &["e1d1"]);
    assert_eq!(pos.to_move(), NORTH);
}

/// `format=pairs`: the first mate ends the game and the mated player's team loses. In
/// [`MATE`], c5b5 mates west: the game ends (`first-mate`), south and north share rank 1,
/// west and east come below them: rank 3 (ranks count the players above, as in "1, 1, 3").
#[test]
fn pairs_end_at_the_first_mate_and_the_mated_team_loses() {
    let mut pos = load(&["format=pairs"], MATE);
    play(&mut pos, &["c5b5"]);
    assert_eq!(pos.counters().mated.bits(), 1 << WEST.0);
    assert!(matches!(pos.outcome(), Some(Outcome::Ranked { .. })));
    assert_eq!(reason(&mut pos).as_deref(), Some("first-mate"));
    assert_eq!(pos.ranks(), [1, 3, 1, 3]);
    assert!(pos.legal_move_list().is_empty());
}

// ---------------------------------------------------------------------------------------------
// 10. End at the second mate, ranking
// ---------------------------------------------------------------------------------------------

/// [`MATE`] after north already mated east (`n:e`): east's king lies dead on i5 and two of its
/// pieces are north's, still facing west (`nG:e` h4, `nS:e` h6). South's c5b5 mates west:
/// the second mate ends the game (`two-mated`).
///
/// Ranking: south and north are not mated and made one mate each; "pieces" is board pieces
/// (king included) + hand + dead kings of the players mated:
/// - south: board e1, b5, c4, a3 and west's pawn c7 = 5; hand: its pawn + west's gold and
///   pawn = 3; one dead king: 9;
/// - north: board e9, h4, h6 = 3; hand `extra` pieces; one dead king: 4 + `extra`.
///
/// With 6 pieces in north's hand north has 10 > 9 and ranks first although south's mate came
/// later; with 5 the pieces tie at 9 and south's later last mate (the 2nd against the 1st)
/// puts it first. The mated: west (mated 2nd) above east (mated 1st).
#[test]
fn the_second_mate_ends_the_game_and_players_are_ranked() {
    let board = "4nK4/9/2wP6/7nS:e1/wK1sG5_K:e*/2sS4nG:e1/sP8/9/4sK4";
    // North's hand: 2 golds and 4 pawns (6), or 2 golds and 3 pawns (5).
    for (hand_text, ranks) in [("2nG4nP", [2, 3, 1, 4]), ("2nG3nP", [1, 3, 2, 4])] {
        let text = format!("{board}[sPwGwP{hand_text}] s - 0,0,0,0 - - 0 0 - - n:e s 0 1");
        let mut pos = load(&[], &text);
        assert_eq!(pos.outcome(), None);
        play(&mut pos, &["c5b5"]);
        assert_eq!(pos.counters().mated.bits(), 1 << WEST.0 | 1 << EAST.0);
        assert_eq!(reason(&mut pos).as_deref(), Some("two-mated"), "{text}");
        assert_eq!(pos.ranks(), ranks, "{text}");
        assert!(pos.legal_move_list().is_empty());
    }
}

/// More mates rank first, before pieces: south mated east earlier (`s:e`; east's gold h4 and
/// silver h6 are south's, `sG:e`, `sS:e`) and now mates west: two mates against north's
/// none, so south ranks first although north has more pieces: north 1 (king) + 15 in hand
/// (4 rooks, 5 golds, 6 silvers) = 16; south 7 on the board (e1, b5, c4, a3, h4, h6, c7),
/// plus 3 in hand and 2 dead kings = 12. Ranks: south 1, north 2, west (mated 2nd) 3, east 4.
///
/// With `end=last-standing` (the position of the test above, `n:e`) the second mate does not
/// end the game: north moves next.
#[test]
fn more_mates_rank_first_and_last_standing_plays_on() {
    let text = "4nK4/9/2wP6/7sS:e1/wK1sG5_K:e*/2sS4sG:e1/sP8/9/4sK4[sPwGwP4nR5nG6nS] s - 0,0,0,0 - - 0 0 - - s:e s 0 1";
    let mut pos = load(&[], text);
    play(&mut pos, &["c5b5"]);
    assert_eq!(reason(&mut pos).as_deref(), Some("two-mated"));
    assert_eq!(pos.counters().mates[..4], [2, 0, 0, 0]);
    assert_eq!(pos.ranks(), [1, 3, 2, 4]);

    let text = "4nK4/9/2wP6/7nS:e1/wK1sG5_K:e*/2sS4nG:e1/sP8/9/4sK4[sPwGwP2nG3nP] s - 0,0,0,0 - - 0 0 - - n:e s 0 1";
    let mut pos = load(&["end=last-standing"], text);
    play(&mut pos, &["c5b5"]);
    assert_eq!(pos.counters().mated.bits(), 1 << WEST.0 | 1 << EAST.0);
    assert_eq!(pos.outcome(), None);
    assert_eq!(pos.to_move(), NORTH);
}

// ---------------------------------------------------------------------------------------------
// 11. Repetition
// ---------------------------------------------------------------------------------------------

/// The cycle used below.
///
/// ```text
/// 9  . . . . nK . . . .      South's rook swings between d4 and e4, checking north's king
/// 5  wK . . . . . . . eK     on the file it lands on; north steps between e9 and d9 out of
/// 4  . . . sR . . . . .      the check; east's king shuffles i5 ↔ i6. After each answer
/// 1  sK . . . . . . . .      play goes on clockwise from north: east, then south — west is
/// ```                        jumped every time and never moves. One cycle is 6 moves:
/// d4e4 (check), e9d9, i5i6, e4d4 (check), d9e9, i6i5.
const CYCLE: [&str; 6] = ["d4e4", "e9d9", "i5i6", "e4d4", "d9e9", "i6i5"];

/// The 4th occurrence ends the game. From the loaded position (south to move, rook d4, north
/// e9, east i5) the position comes back after 6, 12 and 18 moves: the 18th move, east's
/// i6i5, makes the 4th occurrence (east gave no check, so the move is allowed) and the game
/// ends by repetition. Ranks: nobody mated or mating; pieces south 2 (king, rook), the others
/// 1: south first, the others share rank 2. No move is accepted afterwards.
#[test]
fn the_fourth_occurrence_ends_the_game() {
    let mut pos = load(&[], "4nK4/9/9/9/wK7eK/3sR5/9/9/sK8[] s");
    let seats = [SOUTH, NORTH, EAST, SOUTH, NORTH, EAST];
    for round in 0..3 {
        for (i, m) in CYCLE.iter().enumerate() {
            assert_eq!(pos.to_move(), seats[i], "round {round}, {m}");
            assert_eq!(pos.outcome(), None, "round {round}, {m}");
            assert!(has(&game_moves(&mut pos), m), "round {round}, {m}");
            play(&mut pos, &[m]);
        }
        assert_eq!(pos.repetitions(), round + 2);
    }
    assert!(matches!(
        pos.outcome(),
        Some(Outcome::Ranked {
            reason: EndReason::Repetition
        })
    ));
    assert_eq!(pos.ranks(), [1, 2, 2, 2]);
    let m = ashtapada::Move::board(square(&pos, "d4"), square(&pos, "d5"));
    assert!(matches!(pos.play(m), Err(PlayError::GameOver(_))));
}

/// The perpetual checker must deviate. Loaded just after south's check (rook e4, north to
/// move), the cycle's positions come back every 6 moves, the loaded one being completed by
/// south's checking move d4e4. South gave check on every one of its moves through the
/// cycle, so after 17 moves its d4e4, which would make the 4th occurrence, is absent from
/// `game_moves` (still in `legal_move_list`) and refused by `play`; its other moves stay (for
/// example d4d5, or d4d9, a check from another square). The game goes on after d4d5.
#[test]
fn a_perpetual_checker_may_not_make_the_fourth_occurrence() {
    let mut pos = load(&[], "4nK4/9/9/9/wK7eK/4sR4/9/9/sK8[] n");
    assert!(pos.in_check(NORTH));
    let order = ["e9d9", "i5i6", "e4d4", "d9e9", "i6i5", "d4e4"];
    for _ in 0..2 {
        play(&mut pos, &order);
    }
    play(&mut pos, &order[..5]);
    assert_eq!(pos.to_move(), SOUTH);
    assert_eq!(pos.repetitions(), 3);
    let legal = moves(&mut pos);
    let game = game_moves(&mut pos);
    assert!(has(&legal, "d4e4"));
    assert!(!has(&game, "d4e4"), "{game:?}");
    assert!(has(&game, "d4d5") && has(&game, "d4d9"));
    assert_eq!(game.len(), legal.len() - 1);
    let m = parse_move(&mut pos, "d4e4").expect("legal");
    assert_eq!(pos.play(m), Err(PlayError::Illegal(m)));
    play(&mut pos, &["d4d5"]);
    assert_eq!(pos.outcome(), None);
}

// ---------------------------------------------------------------------------------------------
// 12. Move limit
// ---------------------------------------------------------------------------------------------

/// `move-limit=3`: moves are counted from the loaded position; after the 3rd the game ends
/// (`move-limit`) and everybody is ranked: nobody mated or mating, one piece each (the
/// kings): all share rank 1.
#[test]
fn the_move_limit_ends_the_game() {
    let mut pos = load(&["move-limit=3"], "4nK4/9/9/9/wK7eK/9/9/9/4sK4[] s");
    play(&mut pos, &["e1d1", "a5a4"]);
    assert_eq!(pos.outcome(), None);
    play(&mut pos, &["e9d9"]);
    assert_eq!(reason(&mut pos).as_deref(), Some("move-limit"));
    assert!(matches!(pos.outcome(), Some(Outcome::Ranked { .. })));
    assert_eq!(pos.ranks(), [1, 1, 1, 1]);
    assert!(pos.legal_move_list().is_empty());
}

/// The move limit is applied before looking for a mate: with `move-limit=1`, [`MATE`]'s
/// c5b5 reaches the limit, so the game ends by the limit and west is not mated (its king on
/// a5 stays alive). In pairs the same limit makes the game a draw.
#[test]
fn the_move_limit_comes_before_the_mate() {
    let mut pos = load(&["move-limit=1"], MATE);
    play(&mut pos, &["c5b5"]);
    assert_eq!(reason(&mut pos).as_deref(), Some("move-limit"));
    assert_eq!(pos.counters().mated.bits(), 0);
    assert_eq!(at(&pos, "a5"), "wK");

    let mut pos = load(&["move-limit=1", "format=pairs"], MATE);
    play(&mut pos, &["c5b5"]);
    assert!(matches!(pos.outcome(), Some(Outcome::Draw { .. })));
    assert_eq!(reason(&mut pos).as_deref(), Some("move-limit"));
}

// ---------------------------------------------------------------------------------------------
// Simulation
// ---------------------------------------------------------------------------------------------

/// 100 random games from the start, twice with the same seed: equal summaries.
#[test]
fn a_seeded_simulation_of_100_games_is_reproducible() {
    let v = variant(&[]);
    let agents = || -> Vec<Box<dyn ashtapada::agents::Agent>> {
        vec![Box::new(ashtapada::agents::RandomAgent::new())]
    };
    let a = simulate(&v, &agents, 2024, 100, 1, 10_000);
    let b = simulate(&v, &agents, 2024, 100, 2, 10_000);
    assert_eq!(a, b);
    assert_eq!(a.games, 100);
}

/// Promotion notation: `+` promotes, `=` declines, the new kind's letter also promotes, and a
/// plain move in the zone is the move without promotion (worked on [`PROMOTION`]'s pawn g7).
#[test]
fn promotion_notation_plus_equals_and_letter() {
    let mut pos = load(&[], PROMOTION);
    let plus = parse_move(&mut pos, "g7g8+").unwrap();
    let letter = parse_move(&mut pos, "g7g8t").unwrap();
    assert_eq!(plus, letter);
    assert!(plus.promotes_to().is_some());
    let declined = parse_move(&mut pos, "g7g8=").unwrap();
    let plain = parse_move(&mut pos, "g7g8").unwrap();
    assert_eq!(declined, plain);
    assert!(declined.promotes_to().is_none());
    assert_eq!(move_to_string(&pos, plus), "g7g8+");
    // On the last line only the promotion exists: `=` is refused there.
    assert!(parse_move(&mut pos, "c8c9=").is_err());
    assert!(
        parse_move(&mut pos, "c8c9")
            .unwrap()
            .promotes_to()
            .is_some()
    );
}

/// Kind names with hyphens work in expressions: an end condition on
/// `count(mover, promoted-silver)` compiles, and a position where the seat taken to have just
/// moved (north, before east to move) has a promoted silver is over by it; without one, not.
#[test]
fn hyphenated_kind_names_work_in_expressions() {
    let text = "extends: yonin-shogi\nname: silvers\nend:\n  conditions:\n    \
                promoted: { when: \"count(mover, promoted-silver) >= 1\", result: rank }\n";
    let file = ashtapada::spec::load_str("silvers.yaml", text)
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
    let v = ashtapada::compile(&file, &Assignment::default())
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
    let mut over = parse_position(&v, "4nK4/9/4nN4/9/wK7eK/9/9/9/4sK4[] e").unwrap();
    assert_eq!(reason(&mut over).as_deref(), Some("promoted"));
    let mut on = parse_position(&v, "4nK4/9/4nS4/9/wK7eK/9/9/9/4sK4[] e").unwrap();
    assert_eq!(reason(&mut on), None);
}
