//! Extended position strings (`notation::to_position_string` / `from_position_string`):
//! exact round trips at the start of every built-in variant and after seeded random games,
//! hand-written strings read into the expected pieces and counters, malformed strings reported
//! at the right column, random strings that never panic, `parse_position` for FEN and the
//! extended form, and `perft --position`.

use ashtapada::notation::{
    PositionError, from_fen, from_position_string, parse_position, to_fen, to_position_string,
};
use ashtapada::spec::BUILTIN;
use ashtapada::{Assignment, Kind, Position, Seat, Square, Variant, load_variant, perft};
use ashtapada_tests::{Lcg, random_action};
use std::sync::Arc;

fn variant(name: &str, options: &[&str]) -> Arc<Variant> {
    let a = Assignment::parse(options).expect("options");
    load_variant(name, &a).unwrap_or_else(|e| panic!("{name}: {}", e.one_line()))
}

/// Every built-in variant under its defaults, and the option choices that change what a
/// position holds (dice, promotion, thrones, teams, mated pieces).
fn variants() -> Vec<(String, Arc<Variant>)> {
    let mut out: Vec<(String, Arc<Variant>)> = BUILTIN
        .iter()
        .map(|(n, _)| (n.to_string(), variant(n, &[])))
        .collect();
    for (name, opts) in [
        ("chaturaji", &["dice=long", "throne-points=on"][..]),
        (
            "chaturaji",
            &["promotion=anytime", "dice-usage=mandatory"][..],
        ),
        ("chaturanga", &["bare-king=off"][..]),
        ("yonin-shogi", &["format=pairs"][..]),
        (
            "yonin-shogi",
            &["mated-pieces=ownerless", "end=last-standing"][..],
        ),
    ] {
        if BUILTIN.iter().any(|(n, _)| *n == name) {
            out.push((format!("{name} {}", opts.join(" ")), variant(name, opts)));
        }
    }
    out
}

/// The position string without its move-number field (the 14th), which depends on the root
/// a position was loaded at when seats do not move in turn.
fn without_fullmove(s: &str) -> String {
    s.split(' ')
        .enumerate()
        .filter(|(i, _)| *i != 13)
        .map(|(_, f)| f)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Asserts that `a` and `b` agree in everything a position shows: board, hands, seat to move,
/// dice, counters, clocks, outcome, hash, legal moves and what may be done next.
fn assert_same(a: &mut Position, b: &mut Position, ctx: &str) {
    let v = a.variant().clone();
    assert_eq!(a.hash(), b.hash(), "{ctx}: hash");
    assert_eq!(
        b.hash(),
        b.compute_hash(),
        "{ctx}: loaded hash is consistent"
    );
    assert_eq!(a.to_move(), b.to_move(), "{ctx}: seat to move");
    assert_eq!(a.first_seat(), b.first_seat(), "{ctx}: first seat");
    assert_eq!(a.awaiting_roll(), b.awaiting_roll(), "{ctx}: roll due");
    assert_eq!(a.dice(), b.dice(), "{ctx}: dice");
    assert_eq!(a.counters(), b.counters(), "{ctx}: counters");
    assert_eq!(a.halfmove(), b.halfmove(), "{ctx}: half-move clock");
    assert_eq!(a.fullmove(), b.fullmove(), "{ctx}: move number");
    assert_eq!(a.ended(), b.ended(), "{ctx}: outcome");
    assert_eq!(a.can_pass(), b.can_pass(), "{ctx}: pass");
    assert_eq!(a.can_resign(), b.can_resign(), "{ctx}: resign");
    assert_eq!(a.ranks(), b.ranks(), "{ctx}: ranks");
    for sq in 0..v.board.len() {
        let sq = Square(sq as u8);
        assert_eq!(a.piece_at(sq), b.piece_at(sq), "{ctx}: square {sq:?}");
    }
    for s in 0..v.seats.len() as u8 {
        let s = Seat(s);
        assert_eq!(a.piece_count(s), b.piece_count(s), "{ctx}: pieces of {s:?}");
        assert_eq!(a.material(s), b.material(s), "{ctx}: material of {s:?}");
        assert_eq!(a.royal_count(s), b.royal_count(s), "{ctx}: royals of {s:?}");
        assert_eq!(a.in_check(s), b.in_check(s), "{ctx}: check of {s:?}");
        for k in 0..v.kinds.len() as u8 {
            assert_eq!(
                a.hand_count(s, Kind(k)),
                b.hand_count(s, Kind(k)),
                "{ctx}: hand of {s:?}"
            );
        }
    }
    assert_eq!(
        a.legal_move_list(),
        b.legal_move_list(),
        "{ctx}: legal moves"
    );
}

/// Writes `pos`, reads the string back and checks the two positions agree; returns the loaded
/// position.
fn assert_round_trip(pos: &mut Position, ctx: &str) -> Position {
    let s = to_position_string(pos);
    let mut loaded = from_position_string(pos.variant(), &s)
        .unwrap_or_else(|e| panic!("{ctx}: `{s}` does not read back: {e}"));
    assert_eq!(to_position_string(&loaded), s, "{ctx}: string");
    let mut via_parse = parse_position(pos.variant(), &s).expect("parse_position");
    assert_eq!(to_position_string(&via_parse), s, "{ctx}: parse_position");
    assert_same(pos, &mut loaded, &format!("{ctx}: `{s}`"));
    assert_same(
        pos,
        &mut via_parse,
        &format!("{ctx}: `{s}` (parse_position)"),
    );
    loaded
}

#[test]
fn start_positions_of_every_variant_round_trip() {
    for (name, v) in variants() {
        for game in 0..v.seats.len() as u64 {
            let mut pos = Position::start_for_game(v.clone(), game);
            let mut loaded = assert_round_trip(&mut pos, &format!("{name} game {game}"));
            let depth = if v.rules.dice.is_some() { 3 } else { 2 };
            assert_eq!(
                perft(&mut pos, depth),
                perft(&mut loaded, depth),
                "{name}: perft {depth}"
            );
        }
    }
}

#[test]
fn chaturaji_start_string() {
    let pos = Position::start(variant("chaturaji", &[]));
    assert_eq!(
        to_position_string(&pos),
        "bBbP2yKyEyHyB/bHbP2yPyPyPyP/bEbP6/bKbP6/6gPgK/6gPgE/rPrPrPrP2gPgH/rBrHrErK2gPgB \
         r roll 0,0,0,0 - - 0 0 - - - r 0 1"
    );
    let mut mid = pos.clone();
    mid.roll(&[1, 5]).unwrap();
    assert_eq!(
        to_position_string(&mid),
        "bBbP2yKyEyHyB/bHbP2yPyPyPyP/bEbP6/bKbP6/6gPgK/6gPgE/rPrPrPrP2gPgH/rBrHrErK2gPgB \
         r 1,5 0,0,0,0 - - 0 0 - - - r 0 1"
    );
}

/// What the random games must have shown at least once, per variant family, so that every
/// field is exercised by a real game.
#[derive(Default)]
struct Seen {
    mid_turn: bool,
    scores: bool,
    taken: bool,
    thrones: bool,
    capture_flag: bool,
    resigned: bool,
    mates: bool,
    hands: bool,
    facing: bool,
    dead: bool,
    ended: bool,
}

#[test]
fn random_games_round_trip_at_every_action() {
    let mut seen = std::collections::HashMap::<String, Seen>::new();
    for (name, v) in variants() {
        let family = name.split(' ').next().unwrap_or("").to_string();
        let seen = seen.entry(family).or_default();
        let games = if v.seats.len() > 2 { 6 } else { 3 };
        let mut rng = Lcg(0xa5a5 ^ name.len() as u64);
        for game in 0..games {
            let mut pos = Position::start_for_game(v.clone(), game);
            for ply in 0..700 {
                let ctx = format!("{name} game {game} ply {ply}");
                // A game over by repetition keeps `ended()` empty (repetition is judged from
                // the history, `outcome()`), while a loaded copy records it as its end: the
                // game is over, stop here (first reached by xiangqi's long games).
                if pos.repetition_outcome().is_some() {
                    break;
                }
                let loaded = assert_round_trip(&mut pos, &ctx);
                let s = to_position_string(&pos);
                let fields: Vec<&str> = s.split(' ').collect();
                seen.mid_turn |= v.rules.dice.is_some() && fields[2] != "roll";
                seen.scores |= fields[3].split(',').any(|x| x != "0");
                seen.taken |= fields[4] != "-";
                seen.thrones |= fields[5] != "-";
                seen.capture_flag |= fields[8] == "x";
                seen.resigned |= fields[9] != "-";
                seen.mates |= fields[10] != "-";
                seen.hands |= fields[0].contains('[') && !fields[0].ends_with("[]");
                seen.facing |= fields[0].contains(':');
                seen.dead |= fields[0].contains('*');
                seen.ended |= pos.ended().is_some();
                let Some(action) = random_action(&mut pos, &mut rng) else {
                    break;
                };
                // Every so often, play on from the loaded copy too: the two games must stay
                // the same for a while (the move number aside, which counts from the root).
                if ply % 40 == 0 {
                    let mut rng2 = rng.clone();
                    let (mut a, mut b) = (pos.clone(), loaded.clone());
                    let mut next = Some(action);
                    for k in 0..12 {
                        let Some(act) = next else { break };
                        a.play_action(act)
                            .unwrap_or_else(|e| panic!("{ctx}+{k}: {e}"));
                        b.play_action(act)
                            .unwrap_or_else(|e| panic!("{ctx}+{k} (loaded): {e}"));
                        // A repetition counts positions from before the load, which the
                        // position string does not carry (as FEN does not): stop there.
                        if to_position_string(&a).ends_with(" repetition") {
                            break;
                        }
                        assert_eq!(
                            without_fullmove(&to_position_string(&a)),
                            without_fullmove(&to_position_string(&b)),
                            "{ctx}+{k}: playing on from the loaded position"
                        );
                        next = random_action(&mut a, &mut rng2);
                    }
                }
                pos.play_action(action)
                    .unwrap_or_else(|e| panic!("{ctx}: {action:?}: {e}"));
            }
        }
    }
    let chaturaji = &seen["chaturaji"];
    for (what, ok) in [
        ("a turn in progress", chaturaji.mid_turn),
        ("scores", chaturaji.scores),
        ("captured kings", chaturaji.taken),
        ("thrones", chaturaji.thrones),
        ("a capture this round", chaturaji.capture_flag),
        ("a resignation", chaturaji.resigned),
        ("the end of a game", chaturaji.ended),
    ] {
        assert!(ok, "no chaturaji game showed {what}");
    }
    if let Some(shogi) = seen.get("yonin-shogi") {
        for (what, ok) in [
            ("pieces in hand", shogi.hands),
            ("a mate", shogi.mates),
            ("a piece facing as another seat's", shogi.facing),
            ("a dead piece", shogi.dead),
        ] {
            assert!(ok, "no four-player shogi game showed {what}");
        }
    }
}

#[test]
fn hand_written_chaturaji_position() {
    let v = variant("chaturaji", &[]);
    let s = "bB7/8/2yK5/8/3rP4/8/6gH1/rB2rK4 r 1,5 3,0,2,1 r:b,y:g g:y 5 2 x - - b 7 40";
    let mut pos = from_position_string(&v, s).unwrap();
    let sq = |name: &str| v.board.parse_square(name).unwrap();
    let piece = |pos: &Position, name: &str| {
        let p = pos.piece_at(sq(name));
        (!p.is_empty()).then(|| (p.owner(), v.kinds[p.kind().index()].name.clone()))
    };
    let (red, blue, yellow, green) = (Seat(0), Seat(1), Seat(2), Seat(3));
    assert_eq!(piece(&pos, "a8"), Some((blue, "boat".into())));
    assert_eq!(piece(&pos, "c6"), Some((yellow, "king".into())));
    assert_eq!(piece(&pos, "d4"), Some((red, "pawn".into())));
    assert_eq!(piece(&pos, "g2"), Some((green, "horse".into())));
    assert_eq!(piece(&pos, "a1"), Some((red, "boat".into())));
    assert_eq!(piece(&pos, "d1"), Some((red, "king".into())));
    assert_eq!(piece(&pos, "e4"), None);
    assert_eq!(pos.to_move(), red);
    assert!(!pos.awaiting_roll());
    assert_eq!(pos.dice(), vec![5, 1]);
    let c = pos.counters();
    assert_eq!(c.scores[..4], [3, 0, 2, 1]);
    assert_eq!(c.taken[0].bits(), 1 << 1);
    assert_eq!(c.taken[2].bits(), 1 << 3);
    assert_eq!(ashtapada::rules::throne::scored(c)[3].bits(), 1 << 2);
    assert_eq!(
        (c.rounds, c.quiet_rounds, c.captured_in_round),
        (5, 2, true)
    );
    assert_eq!(c.resigned.bits(), 0);
    assert_eq!(pos.first_seat(), blue);
    assert_eq!((pos.halfmove(), pos.fullmove()), (7, 40));
    assert_eq!(pos.ended(), None);
    assert!(pos.can_pass());
    // The pawn may use either die, the king the 1 or the 5: d4d5 twice, d1 to 5 squares twice.
    assert_eq!(pos.legal_move_list().len(), 2 + 2 * 5);
    assert_eq!(to_position_string(&pos), s);

    // Fields may be left out from the right: the rest take their start values.
    let short = from_position_string(&v, "bB7/8/2yK5/8/3rP4/8/6gH1/rB2rK4 b").unwrap();
    assert_eq!(
        to_position_string(&short),
        "bB7/8/2yK5/8/3rP4/8/6gH1/rB2rK4 b roll 0,0,0,0 - - 0 0 - - - r 0 1"
    );
    // Seat names are accepted for the seat to move and the first seat.
    let named = from_position_string(
        &v,
        "bB7/8/2yK5/8/3rP4/8/6gH1/rB2rK4 blue roll 0,0,0,0 - - 0 0 - - - red",
    )
    .unwrap();
    assert_eq!(to_position_string(&named), to_position_string(&short));
}

#[test]
fn end_conditions_are_judged_on_loading() {
    let v = variant("chaturaji", &[]);
    // Only yellow has a king: the game is over (one-king-left), ranked by score.
    let pos = from_position_string(&v, "8/8/2yK5/8/3rP4/8/6gH1/rB7 r roll 1,0,6,0").unwrap();
    let o = pos.ended().expect("over");
    assert_eq!(pos.reason_name(o.reason()), "one-king-left");
    assert_eq!(pos.ranks(), vec![2, 4, 1, 3]);
    // Twelve quiet rounds end it too; eleven do not.
    let board = "bK7/8/2yK5/8/3rP4/8/8/rK7";
    let quiet = |n: u16| {
        let p = from_position_string(&v, &format!("{board} r roll 0,0,0,0 - - 20 {n}")).unwrap();
        p.ended().map(|o| p.reason_name(o.reason()))
    };
    assert_eq!(quiet(11), None);
    assert_eq!(quiet(12).as_deref(), Some("no-capture"));
    // A capture-all win cannot be judged from the counters: the end field says so, and is
    // written back.
    let s = format!("{board} r - 54,0,0,0 r:byg - 3 0 x - - r 9 12 chaturaji");
    let won = from_position_string(&v, &s).unwrap();
    assert_eq!(
        won.ended().map(|o| won.reason_name(o.reason())).as_deref(),
        Some("chaturaji")
    );
    assert_eq!(to_position_string(&won), s);
}

/// A repetition ending can be written in a position string, like a move-limit ending. In
/// Chaturanga the knights go out and back twice: after 8 plies the start position stands for
/// the third time (`repetition: { count: 3, result: draw }`), a draw. The fields cannot show
/// the history, so the end field says `repetition`; the string reads back as the same ended
/// game and writes back the same. In four-player shogi (`result: rank`) a written repetition
/// ranks every seat.
#[test]
fn a_repetition_ending_is_written_and_read_back() {
    let v = variant("chaturanga", &[]);
    let mut pos = Position::start(v.clone());
    ashtapada_tests::play(
        &mut pos,
        &[
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ],
    );
    let o = pos.outcome().expect("a draw by repetition");
    assert_eq!(pos.reason_name(o.reason()), "repetition");
    assert!(matches!(o, ashtapada::Outcome::Draw { .. }), "{o:?}");
    let s = to_position_string(&pos);
    assert_eq!(
        s,
        "bRbNbBbQbKbBbNbR/bPbPbPbPbPbPbPbP/8/8/8/8/wPwPwPwPwPwPwPwP/wRwNwBwQwKwBwNwR w - 0,0 - - 0 0 - - - w 8 5 repetition"
    );
    let mut back = from_position_string(&v, &s).unwrap();
    assert_eq!(back.outcome(), Some(o));
    assert_eq!(to_position_string(&back), s);
    let m = Position::start(v.clone()).legal_move_list()[0];
    assert!(back.play(m).is_err(), "the game is over");

    if !BUILTIN.iter().any(|(n, _)| *n == "yonin-shogi") {
        return;
    }
    let y = variant("yonin-shogi", &[]);
    let s = "4nK4/9/9/9/wK7eK/9/9/9/4sK4[] s - 0,0,0,0 - - 0 0 - - - s 9 3 repetition";
    let mut pos = from_position_string(&y, s).unwrap();
    let o = pos.outcome().expect("over");
    assert_eq!(pos.reason_name(o.reason()), "repetition");
    assert!(matches!(o, ashtapada::Outcome::Ranked { .. }), "{o:?}");
    assert_eq!(to_position_string(&pos), s);
    // Without a repetition rule the name is refused, located.
    let c = variant("chaturaji", &[]);
    let e = from_position_string(
        &c,
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 2 1 x - - r 0 1 repetition",
    )
    .unwrap_err();
    assert!(
        e.message().contains("`repetition` is not an end reason"),
        "{e}"
    );
}

#[test]
fn four_player_shogi_hands_facing_dead_pieces_and_mates() {
    if !BUILTIN.iter().any(|(n, _)| *n == "yonin-shogi") {
        return;
    }
    let v = variant("yonin-shogi", &[]);
    // South mated west: west's king is dead and ownerless, west's gold now south's (facing
    // east as west's pieces do); south holds two pawns and a gold, north a rook; east's king
    // on i5 (every live seat has its king).
    let s = "4nK4/9/9/9/_K:w*3sG:w3eK/9/9/9/4sK4[sG2sPnR] s - 0,0,0,0 - - 0 0 - - s:w s 0 1";
    let pos = from_position_string(&v, s).unwrap();
    let sq = |name: &str| v.board.parse_square(name).unwrap();
    let king = pos.piece_at(sq("a5"));
    assert!(king.is_dead());
    assert_eq!(king.owner().0, ashtapada::NO_OWNER);
    let gold = pos.piece_at(sq("e5"));
    assert_eq!(gold.owner(), Seat(0));
    assert_eq!(gold.orient(), v.seats[1].orient);
    let (pawn, gold_k, rook) = (
        v.kind_by_name("pawn").unwrap(),
        v.kind_by_name("gold").unwrap(),
        v.kind_by_name("rook").unwrap(),
    );
    assert_eq!(pos.hand_count(Seat(0), pawn), 2);
    assert_eq!(pos.hand_count(Seat(0), gold_k), 1);
    assert_eq!(pos.hand_count(Seat(2), rook), 1);
    let c = pos.counters();
    assert_eq!((c.mated.bits(), c.mate_count), (1 << 1, 1));
    assert_eq!((c.mates[0], c.last_mate[0], c.mated_at[1]), (1, 1, 1));
    assert_eq!(to_position_string(&pos), s);
    assert!(pos.ended().is_none());
}

#[test]
fn two_seat_variants_read_fen_and_the_extended_form() {
    let v = variant("chaturanga", &[]);
    let start = Position::start(v.clone());
    let fen = to_fen(&start);
    let ext = to_position_string(&start);
    assert_ne!(fen, ext);
    let (mut a, mut b) = (
        parse_position(&v, &fen).unwrap(),
        parse_position(&v, &ext).unwrap(),
    );
    assert_same(&mut a, &mut b, "chaturanga start");
    assert!(from_position_string(&v, &fen).is_err());
    assert!(from_fen(&v, &ext).is_err());
    // A broken string is reported in the form it looks like.
    let bad_fen = "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    let e = parse_position(&v, bad_fen).unwrap_err();
    assert!(e.message().contains("rank 6"), "{e}");
    let bad_ext = ext.replacen(" w ", " x ", 1);
    let e = parse_position(&v, &bad_ext).unwrap_err();
    assert!(e.message().contains("seat to move"), "{e}");
    // Four seats never read as FEN.
    let c = variant("chaturaji", &[]);
    assert!(parse_position(&c, "8/8/8/8/8/8/8/8 r").is_ok());
}

/// (variant, string, expected 1-based column, a fragment of the message).
const MALFORMED: &[(&str, &str, usize, &str)] = &[
    ("chaturaji", "", 1, "empty"),
    (
        "chaturaji",
        "bB7/8/2yK5/8/3rP4/8/6gH1/rB2rK4 r 1,7",
        37,
        "cannot show `7`",
    ),
    ("chaturaji", "8/8/8/8/8/8/8 r", 1, "7 ranks given"),
    (
        "chaturaji",
        "bB7/8/2yK6/8/3rP4/8/6gH1/rB2rK4 r",
        7,
        "rank 6 has more than 8",
    ),
    (
        "chaturaji",
        "bB7/8/2yK4/8/3rP4/8/6gH1/rB2rK4 r",
        7,
        "rank 6 has 7 squares",
    ),
    (
        "chaturaji",
        "bB7/8/2xK5/8/3rP4/8/6gH1/rB2rK4 r",
        8,
        "`x` in `xK` is not a seat",
    ),
    (
        "chaturaji",
        "bB7/8/2yQ5/8/3rP4/8/6gH1/rB2rK4 r",
        8,
        "`Q` is not a piece",
    ),
    (
        "chaturaji",
        "bB7/8/2yk5/8/3rP4/8/6gH1/rB2rK4 r",
        9,
        "unexpected `k`",
    ),
    ("chaturaji", "0bB7/8/8/8/8/8/8/8 r", 1, "run of 0"),
    (
        "chaturaji",
        "8/8/8/8/8/8/8/8[rP] r",
        16,
        "no pieces in hand",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 z",
        21,
        "`z` is not a seat",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r 1;5",
        24,
        "unexpected `;`",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r 1,5,2",
        23,
        "3 dice left",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r 2,2",
        23,
        "no die left (2,2) moves a piece of red",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r -",
        23,
        "no dice left and no roll due",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0",
        28,
        "3 scores given",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,x,0",
        32,
        "unexpected `x`",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 r:r",
        36,
        "cannot have its own king",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 r:q",
        38,
        "`q` is not a seat",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - g:g",
        38,
        "its own throne",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 70000",
        40,
        "too large",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 2 3",
        42,
        "3 rounds without capture",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 2 1 y",
        44,
        "unexpected `y`",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 2 1 x r",
        21,
        "red has resigned",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 2 1 x - - q",
        50,
        "`q` is not a seat",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 2 1 x - - r 0 0",
        54,
        "starts at 1",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 2 1 x - - r 0 1 bogus",
        56,
        "`bogus` is not an end reason",
    ),
    (
        "chaturaji",
        "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 2 1 x - - r 0 1 - - - extra",
        62,
        "too many fields",
    ),
    ("chaturanga", "8/8/8/8/8/8/8/wK7 w roll", 21, "has no dice"),
    ("yonin-shogi", "9/9/9/9/9/9/9/9/4sK4[0sP] s", 22, "1 to 255"),
    (
        "yonin-shogi",
        "9/9/9/9/9/9/9/9/4sK4 s - 0,0,0,0 - - 0 0 - - s:s",
        46,
        "cannot mate itself",
    ),
    (
        "yonin-shogi",
        "9/9/9/9/9/9/9/9/4sK4 s - 0,0,0,0 - - 0 0 - - n:w,e:w",
        50,
        "west is mated twice",
    ),
    (
        "yonin-shogi",
        "4nK4/7_K:e*1/9/9/wK8/9/9/9/4sK4 w - 0,0,0,0 - - 0 0 - - - s",
        7,
        "a dead king of east, but east has not been mated",
    ),
    (
        "yonin-shogi",
        "4nK4/7_K:e*1/9/9/wK8/9/9/9/4sK4[wSeP] w - 0,0,0,0 - - 0 0 - - s:e s",
        35,
        "east has been mated (the mates field) but holds pieces in hand",
    ),
    (
        "yonin-shogi",
        "4nK4/7_K:e*1/9/9/wK8/9/9/9/4sK3eG w - 0,0,0,0 - - 0 0 - - s:e s",
        32,
        "east has been mated (the mates field) but owns this piece",
    ),
];

#[test]
fn malformed_strings_are_reported_at_the_offending_field() {
    let mut problems = Vec::new();
    for &(name, s, column, fragment) in MALFORMED {
        if !BUILTIN.iter().any(|(n, _)| *n == name) {
            continue;
        }
        let v = variant(name, &[]);
        let e: PositionError = match from_position_string(&v, s) {
            Ok(p) => {
                problems.push(format!("`{s}` read as {}", to_position_string(&p)));
                continue;
            }
            Err(e) => e,
        };
        if !e.message().contains(fragment) {
            problems.push(format!(
                "`{s}`: message `{}` lacks `{fragment}`",
                e.message()
            ));
        }
        if e.span.start + 1 != column {
            problems.push(format!(
                "`{s}`: column {} (expected {column}) for `{}`",
                e.span.start + 1,
                e.message()
            ));
        }
        assert!(e.span.start < e.span.end, "`{s}`: empty span");
        assert!(
            e.field_span.start <= e.span.start
                && e.span.end <= e.field_span.end.max(e.field_span.start + 1),
            "`{s}`: span {:?} outside field {:?}",
            e.span,
            e.field
        );
        assert!(
            e.to_string()
                .contains(&format!("column {}", e.span.start + 1)),
            "{e}"
        );
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn random_strings_never_panic() {
    let mut rng = Lcg(0xf022);
    const ALPHABET: &[u8] = b"0123456789/ rbygswneKEHBPGRSDTNkp-,:*x_[]roll";
    let starts: Vec<(Arc<Variant>, String)> = variants()
        .into_iter()
        .map(|(_, v)| {
            let s = to_position_string(&Position::start(v.clone()));
            (v, s)
        })
        .collect();
    for i in 0..6000 {
        let (v, base) = &starts[i % starts.len()];
        let text: String = match i % 3 {
            // Noise from the notation's own characters.
            0 => (0..rng.below(60))
                .map(|_| ALPHABET[rng.below(ALPHABET.len())] as char)
                .collect(),
            // A valid string with a few characters replaced, inserted or deleted.
            _ => {
                let mut b: Vec<u8> = base.bytes().collect();
                for _ in 0..1 + rng.below(3) {
                    let at = rng.below(b.len() + 1);
                    let c = ALPHABET[rng.below(ALPHABET.len())];
                    match rng.below(3) {
                        0 if at < b.len() => b[at] = c,
                        1 => b.insert(at, c),
                        _ if at < b.len() => {
                            b.remove(at);
                        }
                        _ => b.push(c),
                    }
                }
                String::from_utf8(b).unwrap_or_default()
            }
        };
        for result in [from_position_string(v, &text), parse_position(v, &text)] {
            match result {
                Ok(pos) => {
                    // Whatever reads must write back to a string that reads the same.
                    let s = to_position_string(&pos);
                    let again = from_position_string(v, &s)
                        .unwrap_or_else(|e| panic!("`{text}` → `{s}` does not read: {e}"));
                    assert_eq!(to_position_string(&again), s, "`{text}`");
                    assert_eq!(again.hash(), pos.hash(), "`{text}`");
                }
                Err(e) => {
                    assert!(e.span.start < e.span.end, "`{text}`: {e}");
                    assert!(e.span.start <= text.len(), "`{text}`: {e}");
                    assert!(!e.message().is_empty());
                }
            }
        }
    }
}

#[test]
fn perft_accepts_position_strings() {
    let v = variant("chaturaji", &[]);
    let mut pos = Position::start(v);
    pos.roll(&[1, 5]).unwrap();
    let s = to_position_string(&pos);
    let expected = perft(&mut pos, 2);
    for flag in ["--fen", "--position"] {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = ashtapada_cli::run(
            ["ashtapada", "perft", "chaturaji", "2", flag, &s],
            &mut out,
            &mut err,
        );
        let out = String::from_utf8(out).unwrap();
        assert_eq!(code, 0, "{flag}: {}", String::from_utf8_lossy(&err));
        assert_eq!(out.trim(), format!("nodes {expected}"), "{flag}");
    }
    // FEN still works for two-seat variants, and a bad string is reported, located.
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = ashtapada_cli::run(
        [
            "ashtapada",
            "perft",
            "chaturanga",
            "1",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        ],
        &mut out,
        &mut err,
    );
    assert_eq!(
        (code, String::from_utf8(out).unwrap().trim()),
        (0, "nodes 16")
    );
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = ashtapada_cli::run(
        [
            "ashtapada",
            "perft",
            "chaturaji",
            "1",
            "--position",
            "bK7/8/8/8/8/8/8/rK7 r 2,2",
        ],
        &mut out,
        &mut err,
    );
    let err = String::from_utf8(err).unwrap();
    assert_eq!(code, 1);
    assert!(
        err.contains("no die left (2,2) moves a piece of red"),
        "{err}"
    );
}

/// Two-seat FEN keeps the hands as Fairy-Stockfish writes them (`[…]` after the board, upper
/// case for the first seat, `[]` when empty), so a position of a two-seat variant with hands
/// reads back with its hands and the same perft. The variant: a 5×5 shogi-like file (king,
/// gold, silver, pawn; captures go to the hand). White holds a silver and two pawns, black a
/// gold: from `[SPPg]` white has its king's and pawn's moves plus drops, which a FEN without
/// hands would lose.
#[test]
fn two_seat_fen_keeps_the_hands() {
    let text = "name: mini\nboard: { files: 5, ranks: 5 }\n\
                seats:\n  - { name: white, edge: south, fen: w }\n  - { name: black, edge: north, fen: b }\n\
                pieces:\n  king: { letter: K, betza: K, royal: true }\n  gold: { letter: G, betza: WfF }\n  \
                silver: { letter: S, betza: FfW }\n  pawn: { letter: P, betza: fW }\n\
                setup:\n  army: { c1: king, a2: pawn }\nhands: { captures: true }\n";
    let file =
        ashtapada::spec::load_str("mini.yaml", text).unwrap_or_else(|e| panic!("{}", e.one_line()));
    let v = ashtapada::compile(&file, &Assignment::default())
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
    let fen = "2k2/5/5/P4/2K2[SPPg] w - - 0 1";
    let mut pos = from_fen(&v, fen).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(to_fen(&pos), fen);
    let mut back = from_fen(&v, &to_fen(&pos)).unwrap();
    assert_eq!(back.hash(), pos.hash());
    assert_eq!(perft(&mut back, 2), perft(&mut pos, 2));
    // The start: empty hands are written `[]`, and a FEN without brackets reads too.
    let start = to_fen(&Position::start(v.clone()));
    assert_eq!(start, "2k2/4p/5/P4/2K2[] w - - 0 1");
    assert_eq!(
        to_fen(&from_fen(&v, "2k2/4p/5/P4/2K2 w - - 0 1").unwrap()),
        start
    );
    // Kings are never in a hand; variants without hands refuse brackets with pieces.
    assert!(from_fen(&v, "2k2/5/5/5/2K2[K] w - - 0 1").is_err());
    let c = variant("chaturanga", &[]);
    let e = from_fen(&c, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").unwrap_err();
    assert!(e.message().contains("no pieces in hand"), "{}", e.message());
}

/// First-move rights and the en-passant square are fields 16 and 17. Hand-worked: after the
/// moves e4 Nf6 Ke2 Ng8 Ke1 white's king has moved, so its right (e1) is gone and white
/// cannot castle (the rooks a1, h1 keep theirs: they have not moved), the e-pawn has left e2;
/// black keeps a8, e8, h8 and its eight pawns. After e4 Nf6 e5 d5 the en-passant square is d6
/// (the pawn on e5 can take there).
#[test]
fn rights_and_the_en_passant_square_round_trip() {
    let v = variant("chess", &[]);
    let mut pos = Position::start(v.clone());
    ashtapada_tests::play(&mut pos, &["e2e4", "g8f6", "e1e2", "f6g8", "e2e1"]);
    let text = to_position_string(&pos);
    assert!(
        text.ends_with(" ? a1,h1,a2,b2,c2,d2,f2,g2,h2,a7,b7,c7,d7,e7,f7,g7,h7,a8,e8,h8 -"),
        "{text}"
    );
    let back = from_position_string(&v, &text).unwrap();
    assert_eq!(back.hash(), pos.hash());
    assert_eq!(to_fen(&back), to_fen(&pos));
    assert!(to_fen(&back).contains(" b kq - "), "{}", to_fen(&back));
    let mut pos = Position::start(v.clone());
    ashtapada_tests::play(&mut pos, &["e2e4", "g8f6", "e4e5", "d7d5"]);
    let text = to_position_string(&pos);
    assert!(text.ends_with(" d6"), "{text}");
    let back = from_position_string(&v, &text).unwrap();
    assert_eq!(back.hash(), pos.hash());
    assert!(to_fen(&back).contains(" w KQkq d6 "), "{}", to_fen(&back));
    // The start writes neither field: every right is a home-square right.
    assert!(!to_position_string(&Position::start(v.clone())).contains('?'));
    // A square that is not on the board is a located error in the rights field.
    let e = from_position_string(
        &v,
        &format!(
            "{} ? a1,z9 -",
            to_position_string(&Position::start(v.clone()))
        ),
    )
    .unwrap_err();
    assert!(e.to_string().contains("z9"), "{e}");
}

/// Cambodian: after the khun's first-move leap d1→f2 its right (d1) is gone with it, and every
/// right left is a home-square right, so the fields are left out. After d1d2 … d2d1 the khun
/// stands on d1 again without its right: the string lists e1, d8, e8 and reads back so.
#[test]
fn cambodian_rights_round_trip() {
    let v = variant("cambodian", &[]);
    let mut pos = Position::start(v.clone());
    ashtapada_tests::play(&mut pos, &["d1f2"]);
    assert!(!to_position_string(&pos).contains('?'));
    assert!(to_fen(&pos).contains(" b Ede "), "{}", to_fen(&pos));
    let mut pos = Position::start(v.clone());
    ashtapada_tests::play(&mut pos, &["d1d2", "a6a5", "d2d1"]);
    let text = to_position_string(&pos);
    assert!(text.ends_with(" ? e1,d8,e8 -"), "{text}");
    let back = from_position_string(&v, &text).unwrap();
    assert_eq!(back.hash(), pos.hash());
    assert!(to_fen(&back).contains(" b Ede "), "{}", to_fen(&back));
}

/// A module's state is written by the module, after the core fields where it is on: five-check
/// writes the checks each seat has given (`check-count:`'s field), which FEN gives as checks
/// left (`3+4`: white gave 2 of 5, black 1), and reads them back; no checks given, no field.
#[test]
fn check_counts_are_written_by_their_module_and_read_back() {
    let v = load_variant("5check", &Assignment::default()).unwrap();
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 3+4 0 2";
    let pos = from_fen(&v, fen).unwrap();
    let s = to_position_string(&pos);
    let fields: Vec<&str> = s.split(' ').collect();
    assert_eq!(fields.len(), 18, "{s}");
    assert_eq!(fields[14..], ["?", fields[15], "-", "2,1"], "{s}");
    let back = from_position_string(&v, &s).unwrap();
    assert_eq!(back.counters(), pos.counters(), "{s}");
    assert_eq!(back.hash(), pos.hash(), "{s}");
    assert_eq!(to_position_string(&back), s);
    let start = to_position_string(&Position::start(v.clone()));
    assert_eq!(start.split(' ').count(), 14, "{start}");
    // Chess has no check-count module: the field is one too many there.
    let chess = load_variant("chess", &Assignment::default()).unwrap();
    let e = from_position_string(&chess, &s).unwrap_err();
    assert!(e.message().contains("at most 17"), "{}", e.message());
}
