//! Game records (`notation::Record`): written from seeded random games, serialised to JSON and
//! YAML, read back and replayed to the identical final position; the dice-turn summary; bad
//! records failing at the right action; and the `ashtapada replay` command.

use ashtapada::notation::{
    ActionError, MoveError, Record, ReplayError, Unused, from_position_string, move_to_string,
    parse_action, parse_move, to_position_string,
};
use ashtapada::{Action, Assignment, PlayError, Position, RollError, Seat, Variant, load_variant};
use ashtapada_tests::{Lcg, random_action};
use std::path::PathBuf;
use std::sync::Arc;

fn variant(name: &str, options: &[&str]) -> Arc<Variant> {
    let a = Assignment::parse(options).expect("options");
    load_variant(name, &a).unwrap_or_else(|e| panic!("{name}: {}", e.one_line()))
}

/// A seeded random game of at most `max` actions from `pos`.
fn play_random(mut pos: Position, seed: u64, max: usize) -> Position {
    let mut rng = Lcg(seed);
    for _ in 0..max {
        let Some(a) = random_action(&mut pos, &mut rng) else {
            break;
        };
        pos.play_action(a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
    }
    pos
}

/// Replays `record` and checks it reaches `pos` exactly, and records the same again.
fn assert_replays_to(record: &Record, pos: &Position, ctx: &str) {
    let mut replayed = record
        .replay()
        .unwrap_or_else(|e| panic!("{ctx}: does not replay: {e}"));
    assert_eq!(
        to_position_string(&replayed),
        to_position_string(pos),
        "{ctx}: final position"
    );
    assert_eq!(replayed.hash(), pos.hash(), "{ctx}: hash");
    assert_eq!(replayed.fullmove(), pos.fullmove(), "{ctx}: move number");
    assert_eq!(replayed.ply(), pos.ply(), "{ctx}: plies");
    assert_eq!(replayed.outcome(), pos.clone().outcome(), "{ctx}: outcome");
    let again = Record::from_position(&replayed, record.seed);
    assert_eq!(&again, record, "{ctx}: recording the replay");
}

#[test]
fn records_replay_to_the_identical_final_position() {
    let mut whys = std::collections::HashSet::new();
    let cases: Vec<(&str, Arc<Variant>)> = vec![
        ("chaturaji", variant("chaturaji", &[])),
        (
            "chaturaji long",
            variant(
                "chaturaji",
                &["dice=long", "throne-points=on", "round-limit=12"],
            ),
        ),
        (
            "chaturaji mandatory",
            variant("chaturaji", &["dice-usage=mandatory", "promotion=anytime"]),
        ),
        ("chaturanga", variant("chaturanga", &[])),
        ("shatranj", variant("shatranj", &[])),
        ("yonin-shogi", variant("yonin-shogi", &[])),
        (
            "yonin-shogi pairs",
            variant("yonin-shogi", &["format=pairs", "mated-pieces=ownerless"]),
        ),
    ];
    for (name, v) in cases {
        for seed in 0..5u64 {
            let ctx = format!("{name} seed {seed}");
            let pos = play_random(
                Position::start_for_game(v.clone(), seed),
                seed * 7919 + 1,
                3000,
            );
            let record = Record::from_position(&pos, Some(seed));
            assert_eq!(record.variant, v.name);
            assert_eq!(record.options.0, v.assignment.0, "{ctx}: every option");
            assert_eq!(record.seed, Some(seed));
            assert_eq!(record.actions.len(), pos.ply());
            assert_eq!(record.start, None, "{ctx}: started from the setup");
            whys.extend(record.turns.iter().filter_map(|t| t.why));
            assert_replays_to(&record, &pos, &ctx);

            let json = record.to_json();
            let from_json = Record::parse(&json).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            assert_eq!(from_json, record, "{ctx}: JSON round trip");
            assert_replays_to(&from_json, &pos, &format!("{ctx} (JSON)"));

            let yaml = record.to_yaml();
            let from_yaml = Record::parse(&yaml).unwrap_or_else(|e| panic!("{ctx}: {e}\n{yaml}"));
            assert_eq!(from_yaml, record, "{ctx}: YAML round trip");
        }
    }
    for why in [Unused::NoLegalMove, Unused::Passed, Unused::GameOver] {
        assert!(whys.contains(&why), "no game showed {why:?}: {whys:?}");
    }
}

#[test]
fn a_short_chaturaji_record() {
    let v = variant("chaturaji", &[]);
    let mut pos = Position::start(v);
    for a in ["1,5", "1:d2d3", "5:c2c3", "2,2", "2:a8c6", "pass", "1,5"] {
        let action = parse_action(&mut pos, a).unwrap_or_else(|e| panic!("{a}: {e}"));
        pos.play_action(action)
            .unwrap_or_else(|e| panic!("{a}: {e}"));
    }
    let record = Record::from_position(&pos, Some(7));
    let json = record.to_json();
    // The sample in the README and the module documentation has this shape.
    for fragment in [
        "\"variant\": \"chaturaji\"",
        "\"dice\": \"six-sided\"",
        "\"round-limit\": \"30\"",
        "\"seed\": 7",
        "\"first_seat\": \"red\"",
        "\"1:d2d3\"",
        "\"why\": \"passed\"",
        "\"why\": \"in-progress\"",
        "\"outcome\": null",
    ] {
        assert!(json.contains(fragment), "{fragment} missing from\n{json}");
    }
    assert!(!json.contains("\"start\""), "{json}");
    /// Seat, index of the roll, roll, unused dice, why.
    type TurnRow<'a> = (&'a str, usize, &'a str, &'a [u8], Option<Unused>);
    let turns: Vec<TurnRow<'_>> = record
        .turns
        .iter()
        .map(|t| {
            (
                t.seat.as_str(),
                t.action,
                t.roll.as_str(),
                t.unused.as_slice(),
                t.why,
            )
        })
        .collect();
    assert_eq!(
        turns,
        [
            ("red", 0, "1,5", &[][..], None),
            ("blue", 3, "2,2", &[2][..], Some(Unused::Passed)),
            ("yellow", 6, "1,5", &[1, 5][..], Some(Unused::InProgress)),
        ]
    );
    let result = record.result.as_ref().expect("result");
    assert_eq!(result.outcome, None);
    assert_eq!(result.seats.len(), 4);
    assert!(result.seats.iter().all(|s| s.rank.is_none()));
    assert_replays_to(&record, &pos, "short game");
}

#[test]
fn a_roll_with_no_usable_die_is_a_turn_of_its_own() {
    let v = variant("chaturaji", &[]);
    // Red has only a king: a roll of 2,3 (boat, horse) moves nothing.
    let start = "bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 0 0 - - - r 0 1";
    let mut pos = from_position_string(&v, start).unwrap();
    pos.play_action(Action::Roll([3, 2, 0, 0])).unwrap();
    assert_eq!(pos.to_move(), Seat(1));
    let record = Record::from_position(&pos, None);
    assert_eq!(record.start.as_deref(), Some(start));
    assert_eq!(record.turns.len(), 1);
    assert_eq!(record.turns[0].unused, [2, 3]);
    assert_eq!(record.turns[0].why, Some(Unused::NoLegalMove));
    assert_replays_to(&record, &pos, "no usable die");
}

#[test]
fn a_rotated_first_seat_needs_no_start_position() {
    let v = variant("chaturaji", &[]);
    let pos = play_random(Position::start_for_game(v, 2), 99, 40);
    let record = Record::from_position(&pos, Some(2));
    assert_eq!(record.first_seat, "yellow");
    assert_eq!(record.start, None);
    assert_replays_to(&record, &pos, "game 2 of a match");
    let first = Record {
        actions: Vec::new(),
        ..record.clone()
    }
    .replay()
    .unwrap();
    assert_eq!(first.to_move(), Seat(2));
}

#[test]
fn a_record_from_a_loaded_position_keeps_its_start() {
    let v = variant("chaturanga", &[]);
    let mut root =
        ashtapada::notation::parse_position(&v, "r3k3/8/8/8/8/8/4P3/R3K3 w - - 3 20").unwrap();
    ashtapada_tests::play(&mut root, &["e2e3", "e8d8", "e1d2"]);
    let record = Record::from_position(&root, None);
    assert_eq!(
        record.start.as_deref(),
        Some("bR3bK3/8/8/8/8/8/4wP3/wR3wK3 w - 0,0 - - 0 0 - - - w 3 20")
    );
    assert_eq!(record.actions, ["e2e3", "e8d8", "e1d2"]);
    assert_replays_to(&record, &root, "from FEN");
}

fn chaturaji_record() -> (Record, Position) {
    let v = variant("chaturaji", &[]);
    let pos = play_random(Position::start(v), 4242, 120);
    (Record::from_position(&pos, Some(4242)), pos)
}

/// The index of the first action that is a move, a roll.
fn first_of(record: &Record, roll: bool) -> usize {
    record
        .actions
        .iter()
        .position(|a| a.contains(',') == roll && a.contains(':') != roll)
        .expect("such an action")
}

#[test]
fn a_bad_action_fails_at_its_index() {
    let (record, _) = chaturaji_record();
    let check = |index: usize, text: &str, ok: &dyn Fn(&ActionError) -> bool| {
        let mut bad = record.clone();
        bad.actions[index] = text.to_string();
        match bad.replay() {
            Err(ReplayError::Action {
                index: i,
                text: t,
                error,
                before,
            }) => {
                assert_eq!((i, t.as_str()), (index, text));
                assert!(ok(&error), "{text}: {error:?}");
                assert!(!before.is_empty());
            }
            other => panic!("{text} at {index}: {other:?}"),
        }
    };
    let m = first_of(&record, false);
    let r = first_of(&record, true);
    // A well-formed move that is not legal: from an empty square.
    check(m, "1:e4e5", &|e| {
        matches!(e, ActionError::Parse(MoveError::Illegal { .. }))
    });
    // Not an action at all.
    check(m, "castle", &|e| {
        matches!(e, ActionError::Parse(MoveError::Syntax(_)))
    });
    // Dice the variant cannot show.
    check(r, "7,7", &|e| {
        matches!(
            e,
            ActionError::Play(PlayError::BadRoll(RollError::Face { value: 7, .. }))
        )
    });
    // A move where a roll is due.
    check(r, "1:d2d3", &|e| {
        matches!(e, ActionError::Play(PlayError::MustRoll))
    });
    // A roll where the dice are already rolled.
    check(m, "1,5", &|e| {
        matches!(e, ActionError::Play(PlayError::BadRoll(RollError::NotDue)))
    });
    // Resigning in the middle of a turn.
    check(m, "resign", &|e| {
        matches!(e, ActionError::Play(PlayError::CannotResign))
    });
    let message = {
        let mut bad = record.clone();
        bad.actions[m] = "1:e4e5".into();
        bad.replay().unwrap_err().to_string()
    };
    assert!(
        message.starts_with(&format!(
            "actions[{m}] `1:e4e5` does not replay: illegal move"
        )),
        "{message}"
    );
}

#[test]
fn an_action_after_the_end_fails() {
    let v = variant("chaturaji", &["round-limit=2"]);
    let pos = play_random(Position::start(v), 5, 5000);
    assert!(pos.ended().is_some(), "the game should have ended");
    let mut record = Record::from_position(&pos, None);
    record.actions.push("3,4".into());
    let n = record.actions.len() - 1;
    match record.replay() {
        Err(ReplayError::Action { index, error, .. }) => {
            assert_eq!(index, n);
            assert!(
                matches!(
                    error,
                    ActionError::Play(PlayError::GameOver(_) | PlayError::BadRoll(_))
                ),
                "{error:?}"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_variants_seats_and_starts_are_reported() {
    let (record, _) = chaturaji_record();
    let bad_option = Record {
        options: ashtapada::notation::RecordOptions(vec![("dice".into(), "d20".into())]),
        ..record.clone()
    };
    assert!(matches!(bad_option.replay(), Err(ReplayError::Variant(_))));
    let bad_seat = Record {
        first_seat: "purple".into(),
        ..record.clone()
    };
    let e = bad_seat.replay().unwrap_err();
    assert!(matches!(e, ReplayError::FirstSeat(_)), "{e}");
    assert!(e.to_string().contains("red, blue, yellow, green"), "{e}");
    let bad_start = Record {
        start: Some("8/8 r".into()),
        ..record.clone()
    };
    assert!(matches!(bad_start.replay(), Err(ReplayError::Start(_))));
    let other_first = Record {
        start: Some("bK7/8/8/8/8/8/8/rK7 r roll 0,0,0,0 - - 0 0 - - - b".into()),
        actions: Vec::new(),
        ..record.clone()
    };
    assert!(matches!(
        other_first.replay(),
        Err(ReplayError::FirstSeat(_))
    ));
}

#[test]
fn parse_action_reads_every_kind_of_action() {
    let v = variant("chaturaji", &[]);
    let mut pos = Position::start(v);
    assert_eq!(
        parse_action(&mut pos, "4,6"),
        Ok(Action::Roll([6, 4, 0, 0]))
    );
    assert_eq!(
        parse_action(&mut pos, " 6,4 "),
        Ok(Action::Roll([6, 4, 0, 0]))
    );
    assert_eq!(parse_action(&mut pos, "pass"), Ok(Action::Pass));
    assert_eq!(parse_action(&mut pos, "resign"), Ok(Action::Resign));
    assert!(matches!(
        parse_action(&mut pos, "1,2,3,4,5"),
        Err(MoveError::Syntax(_))
    ));
    assert!(matches!(
        parse_action(&mut pos, "4,,6"),
        Err(MoveError::Syntax(_))
    ));
    assert!(matches!(
        parse_action(&mut pos, "0,6"),
        Err(MoveError::Syntax(_))
    ));
    pos.roll(&[1, 5]).unwrap();
    assert!(matches!(parse_action(&mut pos, "5:d2d3"), Ok(Action::Move(m)) if m.die == 5));
}

#[test]
fn drops_are_written_and_read() {
    let v = variant("yonin-shogi", &[]);
    let mut pos = Position::start(v);
    let mut rng = Lcg(3);
    let mut drops = 0;
    for _ in 0..400 {
        for m in pos.legal_move_list() {
            let text = move_to_string(&pos, m);
            if let Some(k) = m.dropped() {
                drops += 1;
                let letter = pos.variant().kinds[k.index()].letter;
                assert_eq!(text, format!("{letter}@{}", pos.variant().board.name(m.to)));
                let star = text.replace('@', "*");
                assert_eq!(parse_move(&mut pos, &star), Ok(m), "{star}");
            }
            assert_eq!(parse_move(&mut pos, &text), Ok(m), "{text}");
        }
        let Some(a) = random_action(&mut pos, &mut rng) else {
            break;
        };
        pos.play_action(a).unwrap();
    }
    assert!(drops > 0, "no drop was legal in the game");
    assert!(matches!(
        parse_move(&mut pos, "Q@e5"),
        Err(MoveError::Syntax(_))
    ));
    assert!(matches!(
        parse_move(&mut pos, "PP@e5"),
        Err(MoveError::Syntax(_))
    ));
}

/// A file in the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path =
            std::env::temp_dir().join(format!("ashtapada-records-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("write a temporary file");
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("UTF-8 path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn run(args: &[&str]) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut all = vec!["ashtapada"];
    all.extend_from_slice(args);
    let code = ashtapada_cli::run(all, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

#[test]
fn the_replay_command_prints_the_final_position() {
    let v = variant("chaturaji", &[]);
    let pos = play_random(Position::start(v), 77, 5000);
    let record = Record::from_position(&pos, Some(77));
    for (name, text) in [
        ("game.json", record.to_json()),
        ("game.yaml", record.to_yaml()),
    ] {
        let file = TempFile::new(name, &text);
        let (code, out, err) = run(&["replay", file.path()]);
        assert_eq!(code, 0, "{name}: {err}");
        assert_eq!(err, "", "{name}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "variant chaturaji");
        assert_eq!(lines[1], format!("actions {}", record.actions.len()));
        assert_eq!(lines[2], format!("position {}", to_position_string(&pos)));
        assert!(lines[3].starts_with("scores red "), "{out}");
        assert!(lines[4].starts_with("ranks 1. "), "{out}");
        let outcome = pos.clone().outcome();
        let expected = match outcome {
            Some(o) => pos.describe_outcome(o),
            None => "in progress".into(),
        };
        assert!(lines[5].starts_with(&format!("result {expected}")), "{out}");
    }
}

#[test]
fn the_replay_command_locates_a_bad_action() {
    let (mut record, _) = chaturaji_record();
    let m = first_of(&record, false);
    record.actions[m] = "1:e4e5".into();
    let file = TempFile::new("bad.json", &record.to_json());
    let (code, out, err) = run(&["replay", file.path()]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains(&format!("actions[{m}] `1:e4e5` does not replay")),
        "{err}"
    );
    assert!(err.contains("record::action"), "{err}");
    assert!(
        err.contains("\"1:e4e5\""),
        "the report shows the action in the file: {err}"
    );
    assert!(err.contains("the position before it: "), "{err}");

    let broken = TempFile::new(
        "broken.json",
        "{ \"variant\": \"chaturaji\", \"actions\": [1, }",
    );
    let (code, _, err) = run(&["replay", broken.path()]);
    assert_eq!(code, 1);
    assert!(err.contains("invalid record"), "{err}");

    let (code, _, err) = run(&["replay", "/nonexistent/record.json"]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read the record"), "{err}");
}
