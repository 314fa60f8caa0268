//! Perft against the reference numbers of an independent engine (`tests/reference/`, copied
//! from `shared/reference/`). Depths up to 5 run in CI; deeper ones with `--ignored`.

use ashtapada::notation::from_fen;
use ashtapada::{Assignment, Position, load_variant, perft};
use ashtapada_tests::parse_perft_file;

const CHATURANGA: &str = include_str!("../reference/chaturanga-bare-king-off.perft");

fn run_cases(text: &str, variant: &str, max_depth: u32, extra: &[&str]) -> usize {
    let cases = parse_perft_file(text).expect("reference file parses");
    assert!(!cases.is_empty());
    let mut checked = 0;
    for case in cases {
        let mut set: Vec<&str> = case.set.iter().map(String::as_str).collect();
        set.extend_from_slice(extra);
        let a = Assignment::parse(&set).expect("options");
        let v = load_variant(case.variant.as_deref().unwrap_or(variant), &a)
            .unwrap_or_else(|e| panic!("{}", e.one_line()));
        let mut pos = match &case.fen {
            Some(f) => from_fen(&v, f).unwrap_or_else(|e| panic!("{}: {e}", case.id)),
            None => Position::start(v),
        };
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

#[test]
#[ignore = "deep: run with --ignored (about a minute in a test build)"]
fn chaturanga_reference_all_depths() {
    run_cases(CHATURANGA, "chaturanga", 7, &[]);
}
