//! Perft against the reference numbers of independent engines in `tests/reference/`
//! (Fairy-Stockfish for chaturanga, independent reference implementations of
//! `docs/chaturaji.md` and `docs/yonin-shogi.md`; each file names its source). Depths up to 5
//! run in CI; deeper ones with `--ignored`.

use ashtapada::notation::from_fen;
use ashtapada::{Assignment, Position, load_variant, perft};
use ashtapada_tests::parse_perft_file;

const CHATURANGA: &str = include_str!("../reference/chaturanga-bare-king-off.perft");
const CHATURAJI: &str = include_str!("../reference/chaturaji-start.perft");
const YONIN_SHOGI: &str = include_str!("../reference/yonin-shogi-start.perft");

/// Every variant is built in; kept as a function so reference files may name a rule file.
fn variant_path(name: &str) -> String {
    name.to_string()
}

fn run_cases(text: &str, variant: &str, max_depth: u32, extra: &[&str]) -> usize {
    let cases = parse_perft_file(text).expect("reference file parses");
    assert!(!cases.is_empty());
    let mut checked = 0;
    for case in cases {
        let mut set: Vec<&str> = case.set.iter().map(String::as_str).collect();
        set.extend_from_slice(extra);
        let a = Assignment::parse(&set).expect("options");
        let v = load_variant(
            &variant_path(case.variant.as_deref().unwrap_or(variant)),
            &a,
        )
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
        let mut pos = match &case.fen {
            Some(f) => from_fen(&v, f).unwrap_or_else(|e| panic!("{}: {e}", case.id)),
            None => Position::start(v),
        };
        if let Some(d) = &case.dice {
            let values: Vec<u8> = d
                .split(',')
                .map(|x| x.trim().parse().expect("die value"))
                .collect();
            pos.roll(&values)
                .unwrap_or_else(|e| panic!("{}: {e}", case.id));
        }
        for &(depth, nodes) in case.counts.iter().filter(|(d, _)| *d <= max_depth) {
            assert_eq!(perft(&mut pos, depth), nodes, "{} perft {depth}", case.id);
            checked += 1;
        }
    }
    checked
}

#[test]
fn chaturanga_reference_up_to_depth_5() {
    // 5 positions × 5 depths.
    assert_eq!(run_cases(CHATURANGA, "chaturanga", 5, &[]), 25);
}

/// From the start no side can be bared within 5 plies, so the default rules give the same
/// numbers as `bare-king=off` there.
#[test]
fn yonin_shogi_reference_up_to_depth_4() {
    assert_eq!(run_cases(YONIN_SHOGI, "yonin-shogi", 4, &[]), 4);
}

#[test]
fn chaturanga_start_under_default_options() {
    let v = load_variant("chaturanga", &Assignment::default()).unwrap();
    let mut pos = Position::start(v);
    for (d, n) in [(1, 16), (2, 256), (3, 4176), (4, 68122), (5, 1164248)] {
        assert_eq!(perft(&mut pos, d), n, "depth {d}");
    }
}

/// Shatranj differs from chaturanga only in the raja/mantri squares, mirrored for both sides,
/// so its tree from the start has the same shape as chaturanga's (the position is chaturanga's
/// reflected left-to-right, and every piece moves symmetrically).
#[test]
fn shatranj_start_matches_chaturanga_mirrored() {
    let v = load_variant("shatranj", &Assignment::default()).unwrap();
    let mut pos = Position::start(v);
    for (d, n) in [(1, 16), (2, 256), (3, 4176), (4, 68122)] {
        assert_eq!(perft(&mut pos, d), n, "depth {d}");
    }
}

/// Dice turns, from the start, with and without a fixed first roll: every block of the
/// reference file (rolls and actions are plies; a roll node has one child per distinct
/// unordered roll; a roll with no usable die passes the turn at once).
#[test]
fn chaturaji_start_reference() {
    // start-roll 4 depths, then 3 each for the four fixed rolls.
    assert_eq!(run_cases(CHATURAJI, "chaturaji", 4, &[]), 4 + 3 * 4);
}

/// Worked by hand from the start: red's moves per die face are 1 → 6 (4 pawns, 2 king
/// steps), 2 → 1 (boat), 3 → 2 (horse), 4 and 6 → 0 (the elephant is boxed in), 5 → 6.
/// A roll's actions are the distinct (die, move) pairs plus `pass`; (4,4), (4,6) and (6,6)
/// have no usable die, so those nodes continue with blue's 21 rolls: 150 + 21 = 171.
#[test]
fn chaturaji_hand_worked_depth_2() {
    let v = load_variant(&variant_path("chaturaji"), &Assignment::default()).unwrap();
    let mut pos = Position::start(v);
    let per_face = [0u64, 6, 1, 2, 0, 6, 0];
    let mut total = 0;
    for a in 1..=6usize {
        for b in a..=6usize {
            let moves = if a == b {
                per_face[a]
            } else {
                per_face[a] + per_face[b]
            };
            total += if moves == 0 { 21 } else { moves + 1 };
        }
    }
    assert_eq!(total, 171);
    assert_eq!(perft(&mut pos, 2), total);
    // Long dice: faces 2 to 5, ten distinct rolls.
    let long = load_variant(
        &variant_path("chaturaji"),
        &Assignment::parse(&["dice=long"]).unwrap(),
    )
    .unwrap();
    assert_eq!(perft(&mut Position::start(long), 1), 10);
    // Mandatory usage: no `pass` while a die is usable.
    let m = load_variant(
        &variant_path("chaturaji"),
        &Assignment::parse(&["dice-usage=mandatory"]).unwrap(),
    )
    .unwrap();
    let mut mp = Position::start(m);
    mp.roll(&[1, 5]).unwrap();
    assert!(!mp.can_pass());
    assert_eq!(perft(&mut mp, 1), 12);
    assert!(mp.pass().is_err());
}

#[test]
#[ignore = "deep: run with --ignored (about a minute in a test build)"]
fn chaturanga_reference_all_depths() {
    run_cases(CHATURANGA, "chaturanga", 7, &[]);
}
