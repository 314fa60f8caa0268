//! Perft of the family's games against Fairy-Stockfish (`tests/reference/family.perft`, a copy
//! of `../shared/reference/family.perft`): every block whose variant has a built-in rule file
//! of the same name runs to every listed depth, from the position as Fairy-Stockfish writes it.
//!
//! The shogi family is compared with `uchifuzume=legal` (the file's header: Fairy-Stockfish
//! counts mating pawn drops as legal in perft); a variant without that option runs with its
//! defaults.

use ashtapada::notation::from_fen;
use ashtapada::spec::{BUILTIN, load};
use ashtapada::{Assignment, load_variant, perft};
use ashtapada_tests::{PerftCase, check_counts, parse_perft_file};

const FAMILY: &str = include_str!("../reference/family.perft");

/// The variants of the reference file that have a built-in rule file today. The breadth
/// issues add to this list as their files land; a built-in of the list that is missing, or a
/// built-in of the file that is not listed, fails [`every_family_builtin_is_checked`].
const BUILT: &[&str] = &[
    "makruk",
    "xiangqi",
    "chess",
    "capablanca",
    "crazyhouse",
    "shogi",
    "minishogi",
    "torishogi",
    "kyotoshogi",
    "sittuyin",
    "cambodian",
    "janggi",
];

fn cases() -> Vec<PerftCase> {
    parse_perft_file(FAMILY).expect("family.perft parses")
}

/// The options the reference numbers assume, where the rule file has them.
fn reference_options(variant: &str) -> Assignment {
    let file = load(variant).unwrap_or_else(|e| panic!("{variant}: {}", e.one_line()));
    let set: Vec<&str> = if file.option("uchifuzume").is_some() {
        vec!["uchifuzume=legal"]
    } else {
        Vec::new()
    };
    Assignment::parse(&set).expect("options")
}

/// Runs one block; returns its failures as lines.
fn run(case: &PerftCase) -> Vec<String> {
    let variant = case
        .variant
        .as_deref()
        .expect("every block names its variant");
    let v = match load_variant(variant, &reference_options(variant)) {
        Ok(v) => v,
        Err(e) => return vec![format!("{}: {}", case.id, e.one_line())],
    };
    let fen = case.fen.as_deref().expect("every block gives its FEN");
    let mut pos = match from_fen(&v, fen) {
        Ok(p) => p,
        Err(e) => return vec![format!("{}: FEN {fen}: {e}", case.id)],
    };
    check_counts(&mut pos, case, u64::MAX)
        .1
        .into_iter()
        .collect()
}

fn is_builtin(name: &str) -> bool {
    BUILTIN.iter().any(|(n, _)| *n == name)
}

#[test]
fn family_reference_matches_for_every_built_in_file() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in cases() {
        let variant = case.variant.clone().unwrap_or_default();
        if !is_builtin(&variant) {
            continue;
        }
        checked += 1;
        failures.extend(run(&case));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= BUILT.len(), "{checked} blocks checked");
}

#[test]
fn every_family_builtin_is_checked() {
    let in_file: std::collections::BTreeSet<String> =
        cases().into_iter().filter_map(|c| c.variant).collect();
    for name in BUILT {
        assert!(is_builtin(name), "`{name}` has no built-in rule file");
        assert!(
            in_file.contains(*name),
            "`{name}` has no block in family.perft"
        );
    }
    for name in &in_file {
        if is_builtin(name) {
            assert!(BUILT.contains(&name.as_str()), "add `{name}` to BUILT");
        }
    }
}

/// The harness can fail: a wrong count is reported with the block and the depth.
#[test]
fn a_wrong_count_is_reported() {
    let mut case = cases()
        .into_iter()
        .find(|c| c.id == "makruk-start")
        .expect("makruk-start block");
    case.counts = vec![(1, 23), (2, 530)];
    assert_eq!(
        run(&case),
        vec!["makruk-start perft 2: 529, Fairy-Stockfish 530".to_string()]
    );
}

/// A designer's one-rule change as a short `extends:` file: chaturanga with the chess pawn's
/// double step (`examples/chaturanga-double-step.yaml`). Worked by hand: chaturanga's 16 first
/// moves plus the 8 double steps; after each, black has the same 24 (two plies cannot meet).
#[test]
fn chaturanga_with_the_double_step_is_a_short_extends_file() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/chaturanga-double-step.yaml"
    );
    let v =
        load_variant(path, &Assignment::default()).unwrap_or_else(|e| panic!("{}", e.one_line()));
    let mut pos = ashtapada::Position::start(v);
    assert_eq!(perft(&mut pos, 1), 24);
    assert_eq!(perft(&mut pos, 2), 576);
}
