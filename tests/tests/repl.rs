//! Scripted REPL sessions for every built-in variant, fed through `run_script` into a buffer
//! and snapshot-tested, with the facts each transcript must show checked by hand against the
//! rules (move counts, perft counts, promotions, drops). Also `set`, `reload` of an edited rule
//! file, `play` with computer seats, and `save`/`open`.
//!
//! Accept new snapshots with `INSTA_UPDATE=always cargo test -p ashtapada-tests --test repl`
//! and read them before committing.

use ashtapada_cli::repl::{Session, Setup, run_script};
use std::path::Path;

/// Runs `script` in a session started from `setup`; the transcript echoes each line after `> `.
fn transcript(setup: &Setup, script: &str) -> String {
    let mut session = Session::new(setup).unwrap_or_else(|e| panic!("session: {e}"));
    let mut out = Vec::new();
    run_script(&mut session, script, &mut out, true);
    String::from_utf8(out).expect("output is UTF-8")
}

fn repl(variant: &str) -> Setup {
    Setup {
        variant: Some(variant.into()),
        seed: 7,
        ..Setup::default()
    }
}

/// The outputs of each line `> {command}` (up to the next `> ` line), in order.
fn answers<'a>(text: &'a str, command: &str) -> Vec<&'a str> {
    let key = format!("> {command}\n");
    text.match_indices(&key)
        .filter(|(i, _)| *i == 0 || text.as_bytes()[i - 1] == b'\n')
        .map(|(i, _)| {
            let rest = &text[i + key.len()..];
            &rest[..rest.find("\n> ").map_or(rest.len(), |j| j + 1)]
        })
        .collect()
}

/// The output of the first line `> {command}`.
fn answer<'a>(text: &'a str, command: &str) -> &'a str {
    answers(text, command)
        .first()
        .copied()
        .unwrap_or_else(|| panic!("no `{command}` in\n{text}"))
}

#[test]
fn chaturanga_session() {
    let script = "\
show
e2e4
moves
e2e3
shwo
moves e7
e7e6
history
undo
redo
undo
undo
undo
redo
fen
position 4k3/P6p/8/8/8/8/8/4K3 w - - 0 1
fen
moves a7
a7a8
show
perft 2
divide 1
position 4k3/7p/8/8/8/8/7P/R3K3 w - - 0 1
a1a8
show
moves
position not a position
set bare-king off
set bare-king nope
set bare-kin off
options
help set
help mvoes
quit
show
";
    let out = transcript(&repl("chaturanga"), script);
    // No double step: e2e4 is refused with the one legal pawn move from e2.
    assert_eq!(
        answer(&out, "e2e4"),
        "error: illegal move `e2e4`; legal from that square: e2e3\n"
    );
    // 8 pawn steps, 4 horse moves, 4 elephant jumps (c1a3 c1e3 f1d3 f1h3).
    assert!(answer(&out, "moves").starts_with("16 moves:"), "{out}");
    assert!(answer(&out, "shwo").contains("did you mean `show`?"));
    // After `undo`×3 the third finds nothing; `redo` brings back e2e3.
    assert_eq!(
        answer(&out, "fen"),
        "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b - - 0 1\n"
    );
    // The pawn on a7 promotes to a mantri (Q), compulsorily.
    assert!(answer(&out, "moves a7").contains("1 move: a7a8q"), "{out}");
    // The rook gives check along the eighth rank; the raja must step off it (d7 e7 f7).
    assert_eq!(
        answer(&out, "a1a8"),
        "white: a1a8\nblack to move; check: black\n"
    );
    assert!(answers(&out, "show")[2].contains("check: black"), "{out}");
    assert!(
        answers(&out, "moves")[1].starts_with("3 moves: e8d7 e8e7 e8f7"),
        "{out}"
    );
    assert!(answer(&out, "position not a position").starts_with("error: bad position"));
    assert!(
        answer(&out, "set bare-kin off").contains("did you mean"),
        "{out}"
    );
    assert!(!out.contains("> show\n> "), "the script stops at `quit`");
    assert_eq!(out.matches("\n> ").count() + 1, script.lines().count() - 1);
    insta::assert_snapshot!("repl_chaturanga", out);
}

#[test]
fn chaturanga_perft_matches_the_reference() {
    // Perft 2 from the start is 256 (tests/reference/chaturanga-bare-king-off.perft); after
    // e2e3, black has 16 moves.
    let out = transcript(&repl("chaturanga"), "perft 2\ne2e3\nperft 1\ndivide 1\n");
    assert_eq!(answer(&out, "perft 2"), "nodes 256\n");
    assert_eq!(answer(&out, "perft 1"), "nodes 16\n");
    assert!(answer(&out, "divide 1").ends_with("nodes 16\n"));
}

#[test]
fn shatranj_session() {
    let script = "\
fen
moves
e2e3
d7d6
history
ai random
fen
explain
help
load chaturaji
load no-such-variant
fen
";
    let out = transcript(&repl("shatranj"), script);
    // `explain` prints what `ashtapada explain` prints.
    let mut explained = Vec::new();
    let code = ashtapada_cli::run(
        ["ashtapada", "explain", "shatranj"],
        &mut explained,
        &mut Vec::new(),
    );
    assert_eq!(code, 0);
    assert_eq!(
        answer(&out, "explain"),
        String::from_utf8(explained).expect("UTF-8")
    );
    assert!(answer(&out, "help").contains("set OPT CHOICE"), "{out}");
    assert!(answer(&out, "load chaturaji").starts_with("loaded Chaturaji\nred to move (roll due)"));
    assert!(
        answer(&out, "load no-such-variant").starts_with("error: "),
        "{out}"
    );
    // The failed load changed nothing: still Chaturaji's start.
    assert!(
        answers(&out, "fen")[2].starts_with("bBbP2yKyEyHyB/"),
        "{out}"
    );
    let out = out.replace(
        answer(&out, "explain"),
        "[as `ashtapada explain shatranj`]\n",
    );
    // Shatranj's array has the shah on d1 and the firzan on e1.
    assert_eq!(
        answer(&out, "fen"),
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1\n"
    );
    assert!(answer(&out, "moves").starts_with("16 moves:"), "{out}");
    assert_eq!(answer(&out, "history"), "1. white e2e3\n2. black d7d6\n");
    insta::assert_snapshot!("repl_shatranj", out);
}

#[test]
fn chaturaji_session() {
    let script = "\
show
perft 1
perft 2
d2d3
moves
dice 1 7
dice 1 5
moves
moves d2
d2d3
1:d2d3
roll
dice 2 3
fen
undo
undo
undo
redo
redo
history
autoplay 3
history
set dice long
set dice-usage mandatory
set promotion anytime
show
resign
";
    let out = transcript(&repl("chaturaji"), script);
    assert_eq!(
        answer(&out, "d2d3"),
        "error: red must roll first: `roll` or `dice A B`\n"
    );
    assert!(
        answer(&out, "dice 1 7").starts_with("error: bad roll"),
        "{out}"
    );
    // 1 and 5 both move a pawn or the king: 4 pawn steps and the king to e1 or e2, for each
    // die, and `pass`.
    assert_eq!(
        answer(&out, "moves"),
        "error: red must roll first: `roll` or `dice A B`\n"
    );
    assert!(answers(&out, "moves")[1].starts_with("13 moves:"), "{out}");
    assert!(
        answer(&out, "moves d2").contains("2 moves: 1:d2d3 5:d2d3"),
        "{out}"
    );
    // 21 distinct rolls of two six-sided dice.
    assert_eq!(answer(&out, "perft 1"), "nodes 21\n");
    assert!(
        answer(&out, "roll").starts_with("error: no roll is due"),
        "{out}"
    );
    // `dice` in the middle of a turn whose roll has been used is refused too.
    assert!(
        answer(&out, "dice 2 3").starts_with("error: no roll is due"),
        "{out}"
    );
    // Long dice show 2 to 5: red's first roll, 1 and 5, cannot be replayed.
    assert!(
        answer(&out, "set dice long")
            .starts_with("error: action 1 `1,5` no longer replays: bad roll"),
        "{out}"
    );
    insta::assert_snapshot!("repl_chaturaji", out);
}

#[test]
fn yonin_shogi_session() {
    // The start, with one pawn in south's hand.
    let start = "2nSnGnKnGnS2/3nPnRnP3/wS3nP3eS/wGwP5ePeG/wKwRwP3ePeReK/wGwP5ePeG/wS3sP3eS/\
                 3sPsRsP3/2sSsGsKsGsS2[sP] s - 0,0,0,0 - - 0 0 - - - s 0 1";
    let script = format!(
        "\
show
moves e3
e3e4
moves
position {start}
show
P@e5
P@c4
history
undo
P*c4
set show-movable off
moves b4
set show-movable on
moves c5
autoplay 4
fen
"
    );
    let out = transcript(&repl("yonin-shogi"), &script);
    // The pawn on e3 steps to e4; nothing else.
    assert!(answer(&out, "moves e3").contains("1 move: e3e4"), "{out}");
    assert!(
        // Five columns a square: yonin shogi has promoted pieces beside seat symbols (`▲+S`).
        answer(&out, "moves e3").contains("(·  )"),
        "reachable square marked"
    );
    // Nifu: south already has a pawn on the e-file.
    assert!(
        answer(&out, "P@e5").starts_with("error: illegal drop `P@e5`"),
        "{out}"
    );
    assert_eq!(answer(&out, "P@c4"), "south: P@c4\nwest to move\n");
    assert!(answer(&out, "P*c4").starts_with("south: P@c4"), "{out}");
    // West's pawn on b4 can take the dropped pawn. With show-movable off, `moves SQUARE`
    // lists without drawing; with it on, the board is drawn with the reachable square marked.
    assert_eq!(answer(&out, "moves b4"), "1 move: b4c4\n");
    assert!(answer(&out, "moves c5").contains("(·  )"), "{out}");
    assert!(
        answer(&out, "moves c5").ends_with("1 move: c5d5\n"),
        "{out}"
    );
    insta::assert_snapshot!("repl_yonin_shogi", out);
}

/// Minishogi in the REPL: captures fill the hands, drops are typed `P@e5` or `P*e5`, and `fen`
/// prints Fairy-Stockfish's FEN with the hands, which `position` reads back to the same
/// position (the same perft 2). Worked by hand: 1. e1e4+ (the rook takes the pawn, check)
/// e5e4 (the king takes the rook): sente holds a pawn, gote a rook (lower case: `[Pr]`).
/// Fairy-Stockfish writes the same FEN for this game and counts 656 at depth 2 from it.
#[test]
fn minishogi_session_keeps_the_hands_in_its_fen() {
    let script = "e1e4\ne5e4\nfen\nperft 2\nP*c3\nundo\nP@c3\nfen\n";
    let out = transcript(&repl("minishogi"), script);
    let fen = answers(&out, "fen")[0].trim();
    assert_eq!(fen, "rbsg1/4k/5/P4/KGSB1[Pr] w - - 0 2", "{out}");
    assert!(answer(&out, "P*c3").starts_with("sente: P@c3"), "{out}");
    assert!(answers(&out, "fen")[1].contains("[r] b"), "{out}");
    let perft = answer(&out, "perft 2").to_string();
    assert_eq!(perft, "nodes 656\n");
    let again = transcript(&repl("minishogi"), &format!("position {fen}\nperft 2\n"));
    assert_eq!(answer(&again, "perft 2"), perft, "{again}");
    insta::assert_snapshot!("repl_minishogi", out);
}

/// A session whose output names `dir` shows `[TMP]` instead.
fn in_dir(out: &str, dir: &Path) -> String {
    out.replace(&dir.display().to_string(), "[TMP]")
}

#[test]
fn reload_keeps_the_game_only_if_it_replays() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("my.yaml");
    let original = include_str!("../../rules/chaturanga.yaml");
    std::fs::write(&file, original).expect("write");
    let setup = Setup {
        variant: Some(file.display().to_string()),
        ..Setup::default()
    };
    let mut session = Session::new(&setup).expect("session");
    let mut out = Vec::new();
    let step = |session: &mut Session, out: &mut Vec<u8>, script: &str| {
        run_script(session, script, out, true);
    };
    step(&mut session, &mut out, "b1c3\ne7e6\nfen\n");
    // The horse becomes a wazir: b1c3 no longer replays.
    std::fs::write(&file, original.replace("betza: N,", "betza: W,")).expect("write");
    step(&mut session, &mut out, "reload\nfen\nmoves g1\n");
    // A harmless edit: the title.
    std::fs::write(
        &file,
        original.replace("title: Chaturanga", "title: My chaturanga"),
    )
    .expect("write");
    step(&mut session, &mut out, "reload\nfen\nshow\n");
    // A broken file: an unknown key.
    std::fs::write(&file, original.replace("board:", "bord:")).expect("write");
    step(&mut session, &mut out, "reload\nfen\nhistory\n");
    let out = in_dir(&String::from_utf8(out).expect("UTF-8"), dir.path());
    let kept = "rnbqkbnr/pppp1ppp/4p3/8/8/2N5/PPPPPPPP/R1BQKBNR w - - 0 2\n";
    assert_eq!(out.matches(kept).count(), 4, "{out}");
    assert!(
        out.contains("error: action 1 `b1c3` no longer replays"),
        "{out}"
    );
    assert!(out.contains("the old rules are kept"), "{out}");
    // Still the old horse: g1 has its two knight moves.
    assert!(
        answer(&out, "moves g1").contains("2 moves: g1f3 g1h3"),
        "{out}"
    );
    assert!(out.contains("reloaded [TMP]/my.yaml: the game (2 actions) still replays"));
    assert!(out.contains("My chaturanga (chaturanga)"), "{out}");
    assert!(
        out.contains("unknown top-level key `bord`") || out.contains("bord"),
        "{out}"
    );
    insta::assert_snapshot!("repl_reload", out);
}

#[test]
fn save_and_open_a_record_in_the_repl() {
    let dir = tempfile::tempdir().expect("temp dir");
    let yaml = dir.path().join("g.yaml");
    let script = format!(
        "dice 3 4\nautoplay 5\nhistory\nsave {0}\nload chaturanga\nopen {0}\nhistory\nopen {0}.missing\n",
        yaml.display()
    );
    let out = in_dir(&transcript(&repl("chaturaji"), &script), dir.path());
    let h = answers(&out, "history");
    assert_eq!(h.len(), 2);
    assert_eq!(h[0], h[1], "{out}");
    assert!(
        answer(
            &out,
            &format!("save {}", yaml.display()).replace(&dir.path().display().to_string(), "[TMP]")
        )
        .starts_with("saved "),
        "{out}"
    );
    assert!(
        out.contains("error: cannot read `[TMP]/g.yaml.missing`"),
        "{out}"
    );
    let text = std::fs::read_to_string(&yaml).expect("saved");
    assert!(text.contains("variant: chaturaji"), "{text}");
}

#[test]
fn set_takes_integer_options_and_named_choices() {
    let setup = Setup {
        variant: Some("chaturanga".into()),
        ..Setup::default()
    };
    let out = transcript(
        &setup,
        "position 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nset move-rule none\nset move-rule 3\noptions\n",
    );
    assert!(
        answer(&out, "set move-rule none").starts_with("move-rule = none;"),
        "{out}"
    );
    assert!(answer(&out, "options").contains("move-rule = 3"), "{out}");
}

#[test]
fn play_against_the_computer_with_undo_save_and_resume() {
    let dir = tempfile::tempdir().expect("temp dir");
    let record = dir.path().join("game.json");
    let setup = Setup {
        variant: Some("chaturanga".into()),
        seed: 5,
        humans: Some(vec!["white".into()]),
        level: Some("easy".into()),
        ..Setup::default()
    };
    let script = format!(
        "e2e3\nd2d3\nhistory\nundo\nhistory\nundo\nundo\nredo\nhistory\nsave {}\n",
        record.display()
    );
    let out = in_dir(&transcript(&setup, &script), dir.path());
    // The computer replies after each of white's moves; `undo` takes back both.
    let h = answers(&out, "history");
    assert_eq!(h.len(), 3);
    assert_eq!(h[0].lines().count(), 4, "{out}");
    assert!(h[0].starts_with("1. white e2e3\n2. black "), "{out}");
    assert_eq!(h[1].lines().count(), 2, "{out}");
    assert_eq!(h[2], h[1], "redo brings back the same turn");
    assert!(
        out.contains("error: nothing of yours to take back"),
        "{out}"
    );
    insta::assert_snapshot!("repl_play_chaturanga", out);

    // Resume: the same two plies, white to move.
    let resumed = Setup {
        open: Some(record.display().to_string()),
        ..setup.clone()
    };
    let out2 = in_dir(&transcript(&resumed, "history\n"), dir.path());
    assert_eq!(answer(&out2, "history"), h[2], "{out2}");

    // A record of another variant than the one named.
    let other = Setup {
        variant: Some("shatranj".into()),
        ..resumed.clone()
    };
    let e = Session::new(&other).err().expect("refused");
    assert!(e.contains("is a record of chaturanga, not shatranj"), "{e}");

    // A seat that is not one of the variant's.
    let bad = Setup {
        humans: Some(vec!["red".into()]),
        ..setup
    };
    let e = Session::new(&bad).err().expect("refused");
    assert_eq!(
        e,
        "`red` is not a seat of chaturanga; the seats are white, black"
    );
}

#[test]
fn play_chaturaji_rolls_for_everyone() {
    let setup = Setup {
        variant: Some("chaturaji".into()),
        seed: 11,
        humans: Some(vec!["yellow".into()]),
        level: Some("random".into()),
        ..Setup::default()
    };
    let out = transcript(&setup, "dice 3 4\nmoves\npass\nhistory\nundo\nhistory\n");
    // Red and blue move first; yellow's dice are rolled for it, then replaced by `dice`.
    assert!(
        out.starts_with("computer players: red, blue, green (level random)\nred: "),
        "{out}"
    );
    assert!(out.contains("\nblue: "), "{out}");
    assert!(out.contains("yellow rolls "), "{out}");
    assert!(
        answer(&out, "dice 3 4").starts_with("yellow: 3,4\nyellow to move (dice 3,4)"),
        "{out}"
    );
    // `undo` takes back yellow's pass and every computer turn after it; yellow's roll stays.
    let h = answers(&out, "history");
    assert!(h[0].contains("\n7. yellow 3,4 pass\n"), "{out}");
    assert!(h[1].ends_with("\n7. yellow 3,4\n"), "{out}");
    assert!(
        answer(&out, "undo").starts_with("took back: pass 3,3 "),
        "{out}"
    );
    assert!(
        answer(&out, "undo").contains("yellow to move (dice 3,4)"),
        "{out}"
    );
    insta::assert_snapshot!("repl_play_chaturaji", out);
}

#[test]
fn bad_input_is_one_error_line_in_every_variant() {
    let bad = [
        "moves 99",
        "moves z1",
        "dice 0 0",
        "dice 255 1",
        "position -",
        "position x y z",
        "set",
        "set a b",
        "redo",
        "undo",
        "P@",
        "@",
        "1:",
        "0:a1a2",
        "a1",
        "a1a1",
        "é9",
        "ai nobody",
        "open /",
        "save /",
        "load /",
        "help nothing",
        "e2e3=x",
        "perft x",
        "autoplay -3",
    ];
    for variant in ["chaturanga", "shatranj", "chaturaji", "yonin-shogi"] {
        for line in bad {
            let mut session = Session::new(&repl(variant)).expect("session");
            let mut out = Vec::new();
            run_script(&mut session, line, &mut out, false);
            let out = String::from_utf8(out).expect("UTF-8");
            assert!(
                out.starts_with("error: ") && out.lines().count() == 1,
                "{variant}: `{line}` gave\n{out}"
            );
        }
        // Edge cases that are not errors must not fail either.
        let edges = "perft 0\ndivide 0\nautoplay 0\nmoves\nfen\nhistory\noptions\n";
        let out = transcript(&repl(variant), edges);
        assert_eq!(answer(&out, "perft 0"), "nodes 1\n");
        assert_eq!(answer(&out, "divide 0"), "nodes 1\n");
    }
}

/// Moving a square that holds another seat's piece names its owner and the seat to move (seat
/// names from the rule file); an empty origin square is called empty. In Chaturaji
/// (`rules/chaturaji.yaml`) blue's pawns start on the b-file and green's on the g-file.
#[test]
fn a_move_from_the_wrong_square_says_whose_piece_it_is() {
    // (variant, script, [(line, why it is refused)]).
    type Case<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)]);
    let cases: [Case; 2] = [
        (
            "chaturanga",
            "e7e6\ne4e5\ne2e3\n",
            &[
                (
                    "e7e6",
                    "the piece on e7 belongs to black; it is white's turn",
                ),
                ("e4e5", "there is no piece on e4"),
            ],
        ),
        (
            "chaturaji",
            "dice 1 5\nb5b4\n1:g2f2\ne4e3\n",
            &[
                ("b5b4", "the piece on b5 belongs to blue; it is red's turn"),
                (
                    "1:g2f2",
                    "the piece on g2 belongs to green; it is red's turn",
                ),
                ("e4e3", "there is no piece on e4"),
            ],
        ),
    ];
    for (variant, script, errors) in cases {
        let out = transcript(&repl(variant), script);
        for (line, why) in errors {
            let written = line.split_once(':').map_or(*line, |(_, m)| m);
            assert_eq!(
                answer(&out, line),
                format!("error: illegal move `{written}`: {why}\n"),
                "{variant}"
            );
        }
    }
    let out = transcript(&repl("chaturanga"), "e2e3\n");
    assert_eq!(answer(&out, "e2e3"), "white: e2e3\nblack to move\n");
    // A die written with the move: one not left, one that moves nothing from that square
    // (red's boat on a1 moves with a 2), one in a variant without dice.
    let out = transcript(&repl("chaturaji"), "dice 5 1\n6:a1a8\n1:a1a3\n");
    assert_eq!(
        answer(&out, "6:a1a8"),
        "error: illegal move `6:a1a8`: no die left shows 6: the dice left are 1,5\n"
    );
    assert_eq!(
        answer(&out, "1:a1a3"),
        "error: illegal move `a1a3`: no legal move with die 1 starts on that square\n"
    );
    let out = transcript(&repl("chaturanga"), "2:e2e3\n");
    assert_eq!(
        answer(&out, "2:e2e3"),
        "error: chaturanga has no dice: write the move without `2:`\n"
    );
}

/// Typed control characters never reach the terminal: the line is refused with them escaped,
/// and the transcript's echo escapes them too; the session goes on.
#[test]
fn control_characters_in_input_are_echoed_escaped() {
    let script = "e2e4\u{1b}[2J\u{7}\nload \u{1b}]0;title\u{7}.yaml\nmoves e2\n";
    let out = transcript(&repl("chaturanga"), script);
    assert!(!out.contains(['\u{1b}', '\u{7}']), "{out:?}");
    assert_eq!(
        answer(&out, "e2e4\\u{1b}[2J\\u{7}"),
        "error: `e2e4\\u{1b}[2J\\u{7}` contains a control character (shown escaped); type the \
         command without it\n"
    );
    assert!(
        answer(&out, "load \\u{1b}]0;title\\u{7}.yaml")
            .starts_with("error: `load \\u{1b}]0;title\\u{7}.yaml` contains a control character"),
        "{out}"
    );
    assert!(
        answer(&out, "moves e2").ends_with("1 move: e2e3\n"),
        "{out}"
    );
}

/// `perft` and `divide` deeper than the REPL's limit are refused at once, pointing to the
/// command line; the limit itself runs (Chaturanga with `bare-king=off` from a bare-king
/// ending, `tests/reference/chaturanga-bare-king-off.perft` id p2-promotion-black: perft 3 is
/// 855) and the session goes on.
#[test]
fn perft_deeper_than_the_limit_is_refused() {
    let setup = Setup {
        set: vec!["bare-king=off".into()],
        ..repl("chaturanga")
    };
    let script = "\
position 4k3/8/8/8/8/8/1p4p1/R1N3K1 b - - 0 1
perft 12
divide 8
perft 3
";
    let out = transcript(&setup, script);
    assert_eq!(
        answer(&out, "perft 12"),
        "error: `perft 12` is deeper than the REPL's limit of 7: run `ashtapada perft VARIANT \
         12 --position POS` (`fen` prints POS)\n"
    );
    assert!(
        answer(&out, "divide 8").starts_with("error: `divide 8` is deeper"),
        "{out}"
    );
    assert_eq!(answer(&out, "perft 3"), "nodes 855\n");
    let help = transcript(&repl("chaturanga"), "help perft\n");
    assert!(
        help.contains("N at most 7; deeper: `ashtapada perft`"),
        "{help}"
    );
}

/// Hand-worked Chaturaji position: red's horse on d4 can take blue's pawn on e6 with the 3;
/// red has no boat, so the 2 cannot be used and the turn ends with it forfeited. The capture
/// is marked in the report and in `history`.
#[test]
fn a_capture_is_marked_and_a_forfeited_die_announced() {
    let script = "\
position yK6bK/8/4bP3/8/3rH4/8/8/rK6gK r 3,2
3:d4e6
history
undo
set board on
3:d4e6
undo
set board maybe
set board off
options
";
    let out = transcript(&repl("chaturaji"), script);
    assert_eq!(
        answer(&out, "3:d4e6"),
        "red: 3:d4e6x (2 forfeited: no legal move with it)\nblue to move (roll due)\n"
    );
    assert_eq!(answer(&out, "history"), "1. red 3:d4e6x\n");
    assert_eq!(
        answer(&out, "undo"),
        "took back: 3:d4e6x\nred to move (dice 2,3)\n"
    );
    // With the board on, the move and the undo each draw it; the capture scored 1 (a pawn).
    let with_board = answers(&out, "3:d4e6")[1];
    assert!(
        with_board.contains("scores: red 1, blue 0, yellow 0, green 0"),
        "{out}"
    );
    assert!(with_board.contains("last move: 3:d4e6"), "{out}");
    assert!(answers(&out, "undo")[1].contains("to move: "), "{out}");
    assert_eq!(
        answer(&out, "set board maybe"),
        "error: `board` is `on` or `off`, not `maybe`\n"
    );
    assert!(
        answer(&out, "options").ends_with(
            "board = off  (on, off)\n    the REPL's own: draw the board after each move, undo and redo\n"
        ),
        "{out}"
    );
}

/// A record that is a device or a named pipe is refused at once, in `open`, `save` and
/// `play --open`: nothing is read without bound, nothing blocks.
#[cfg(unix)]
#[test]
fn devices_and_named_pipes_are_refused_as_records() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let script = format!(
        "open /dev/zero\nopen {0}\nsave {0}\nsave /dev/null\nsave {1}\nfen\n",
        fifo.display(),
        dir.path().display()
    );
    let out = in_dir(&transcript(&repl("chaturanga"), &script), dir.path());
    for (command, verb, path) in [
        ("open /dev/zero", "read", "/dev/zero"),
        ("open [TMP]/fifo", "read", "[TMP]/fifo"),
        ("save [TMP]/fifo", "write", "[TMP]/fifo"),
        ("save /dev/null", "write", "/dev/null"),
        ("save [TMP]", "write", "[TMP]"),
    ] {
        assert_eq!(
            answer(&out, command),
            format!("error: cannot {verb} `{path}`: not a regular file\n")
        );
    }
    assert!(answer(&out, "fen").ends_with(" w - - 0 1\n"), "{out}");
    let play = Setup {
        variant: Some("chaturanga".into()),
        humans: Some(vec!["white".into()]),
        open: Some(fifo.display().to_string()),
        ..Setup::default()
    };
    let e = Session::new(&play).err().expect("refused");
    assert!(e.ends_with("`: not a regular file"), "{e}");
}

/// `play` names the computer players and their level before anything else.
#[test]
fn play_names_the_computer_seats_and_their_level() {
    let setup = Setup {
        variant: Some("chaturaji".into()),
        seed: 3,
        humans: Some(vec!["red".into(), "yellow".into()]),
        level: Some("easy".into()),
        ..Setup::default()
    };
    let out = transcript(&setup, "");
    assert!(
        out.starts_with("computer players: blue, green (level easy)\n"),
        "{out}"
    );
    let one = Setup {
        variant: Some("chaturanga".into()),
        humans: Some(vec!["black".into()]),
        ..Setup::default()
    };
    let out = transcript(&one, "");
    assert!(
        out.starts_with("computer player: white (level random)\nwhite: "),
        "{out}"
    );
}

/// A Ctrl-C while a computer player thinks takes its turn back; the person cannot play for
/// it, `ai` plays it and the computer players go on. (The stop flag is set before the
/// session begins, as the Ctrl-C handler would set it during white's first move.)
#[test]
fn a_stopped_computer_turn_is_taken_back_and_ai_plays_it() {
    let setup = Setup {
        variant: Some("chaturanga".into()),
        humans: Some(vec!["black".into()]),
        level: Some("hard".into()),
        ..Setup::default()
    };
    let mut session = Session::new(&setup).expect("a session");
    session
        .stop_flag()
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let mut out = Vec::new();
    run_script(
        &mut session,
        "e2e3\nfen\nai random\nhistory\n",
        &mut out,
        true,
    );
    let out = String::from_utf8(out).expect("UTF-8");
    assert!(
        out.starts_with(
            "computer player: white (level hard)\nstopped (Ctrl-C): white's turn was taken back; `ai` plays it\n"
        ),
        "{out}"
    );
    assert_eq!(
        answer(&out, "e2e3"),
        "error: white is a computer player: `ai` plays its turn\n"
    );
    assert_eq!(
        answer(&out, "fen"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n"
    );
    assert!(answer(&out, "ai random").starts_with("white: "), "{out}");
    assert!(answer(&out, "history").starts_with("1. white "), "{out}");
    assert_eq!(answer(&out, "history").lines().count(), 1, "{out}");
}

/// `save` never writes over the rule file being played (or a file it extends), and a saved
/// record names the rule file by its absolute path, so it replays from any folder; an error
/// quoting a record shows its control characters escaped.
#[test]
fn save_keeps_the_rule_file_and_names_it_absolutely() {
    let dir = std::env::temp_dir().join(format!("ashtapada-repl-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("mine.yaml");
    std::fs::write(&rules, "extends: chaturanga\nname: mine\n").unwrap();
    let setup = Setup {
        variant: Some(rules.display().to_string()),
        seed: 7,
        ..Setup::default()
    };
    let record = dir.join("game.json");
    let out = transcript(
        &setup,
        &format!(
            "e2e3\nsave {}\nsave {}\n",
            rules.display(),
            record.display()
        ),
    );
    assert!(out.contains("the rule file of this game"), "{out}");
    assert_eq!(
        std::fs::read_to_string(&rules).unwrap(),
        "extends: chaturanga\nname: mine\n"
    );
    let saved = std::fs::read_to_string(&record).unwrap();
    let canonical = std::fs::canonicalize(&rules).unwrap();
    assert!(saved.contains(&*canonical.display().to_string()), "{saved}");
    // A record whose action holds ESC: the error shows it escaped.
    let hostile = dir.join("hostile.json");
    std::fs::write(
        &hostile,
        r#"{"variant":"chaturanga","options":{},"first_seat":"white","actions":["e2e3","\u001b[31mxx"]}"#,
    )
    .unwrap();
    let out = transcript(
        &repl("chaturanga"),
        &format!("open {}\n", hostile.display()),
    );
    assert!(out.contains("error: "), "{out}");
    assert!(!out.contains('\u{1b}'), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
