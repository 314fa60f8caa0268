//! Every combination of every built-in variant's local rules (issues 6 and 25).
//!
//! The combinations come from the rule files themselves ([`RuleFile::combinations`]: every
//! named choice, integer options at their default and one other number), so a new option or
//! choice is covered without new test code. For each combination:
//! - the file compiles;
//! - its perft count from the start equals the row of the plain table
//!   `tests/reference/combinations.perft`, and every row of that table is checked — against
//!   another reference file, by hand, or as equal to a checked row of the same variant that
//!   differs only in options that cannot act within the depth (the file's header says which
//!   and why, and [`every_row_of_the_perft_table_is_checked`] enforces it);
//! - a fixed seeded batch of random games keeps the simulation's invariants: the win shares
//!   sum to exactly one, the end reasons to the games, no game passes the ply cap or the
//!   combination's round limit, and the tallies are the same on one thread and on two.
//!
//! Options that must not change play are checked against each other: combinations that differ
//! only in a display option have the same perft count and the same simulation tally; those
//! that differ only in who starts later games have the same perft count.
//!
//! What `ashtapada explain` prints is snapshotted once per built-in variant, at its defaults
//! ([`explain_of_every_builtin_variant_at_its_defaults`]), not once per combination.

use ashtapada::agents::{Agent, RandomAgent};
use ashtapada::sim::{SHARE_UNIT, Tally, simulate};
use ashtapada::spec::{BUILTIN, CATALOGUE, load};
use ashtapada::{Assignment, Position, compile, perft};
use std::collections::BTreeMap;
use std::path::Path;

/// Games per combination, their base seed and ply cap.
const GAMES: u64 = 30;
const SEED: u64 = 6;
const MAX_PLIES: u32 = 1500;

/// Options that must not change play (perft or simulation): (variant, option).
const DISPLAY_ONLY: &[(&str, &str)] = &[("yonin-shogi", "show-movable")];

/// Options that change only who starts the second and later games of a run: the perft count
/// from the start position must not change.
const FIRST_SEAT_ONLY: &[(&str, &str)] = &[
    ("chaturaji", "next-game-first-seat"),
    ("yonin-shogi", "rotate-first-seat"),
];

/// The perft table's path from this crate's directory.
const TABLE: &str = "reference/combinations.perft";

/// One row of the perft table: variant, assignment (`-` for none, else `option=choice`
/// joined by commas), depth, leaf count and how the count was checked.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    variant: String,
    assignment: String,
    depth: u32,
    nodes: u64,
    how: String,
}

/// The perft table: its rows, and its `inert VARIANT OPTION` lines (options that cannot act
/// within the depth of the variant's rows).
struct Table {
    rows: Vec<Row>,
    inert: Vec<(String, String)>,
}

/// The text of a file of this crate, by its path from the crate's directory.
fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// Reads the perft table; a malformed line fails the test, naming its line number.
fn table() -> Table {
    let mut t = Table {
        rows: Vec::new(),
        inert: Vec::new(),
    };
    for (i, line) in read(TABLE).lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            [first, ..] if first.starts_with('#') => {}
            ["inert", variant, option, ..] => {
                t.inert.push((variant.to_string(), option.to_string()))
            }
            [variant, assignment, depth, nodes, how] => t.rows.push(Row {
                variant: variant.to_string(),
                assignment: assignment.to_string(),
                depth: depth
                    .parse()
                    .unwrap_or_else(|_| panic!("{TABLE}:{}: depth", i + 1)),
                nodes: nodes
                    .parse()
                    .unwrap_or_else(|_| panic!("{TABLE}:{}: nodes", i + 1)),
                how: how.to_string(),
            }),
            _ => panic!("{TABLE}:{}: not a row: {line}", i + 1),
        }
    }
    t
}

/// An assignment as the table writes it.
fn key(a: &Assignment) -> String {
    if a.0.is_empty() {
        return "-".to_string();
    }
    let parts: Vec<String> = a.0.iter().map(|(o, c)| format!("{o}={c}")).collect();
    parts.join(",")
}

/// The (option, choice) pairs of an assignment as the table writes it.
fn pairs(assignment: &str) -> BTreeMap<&str, &str> {
    assignment
        .split(',')
        .filter_map(|p| p.split_once('='))
        .collect()
}

/// `a` without `option`: the key of the group of combinations that differ only in it.
fn without(a: &Assignment, option: &str) -> String {
    a.0.iter()
        .filter(|(o, _)| o != option)
        .map(|(o, c)| format!("{o}={c}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The number chosen for the integer option `option` in `a`, if a number is chosen.
fn limit(a: &Assignment, option: &str) -> Option<u32> {
    a.get(option).and_then(|v| v.parse().ok())
}

/// What one combination showed: (assignment, perft count, simulation tally).
type Figures = (String, u64, Tally);

/// The random agent for every seat.
fn random_agents() -> Vec<Box<dyn Agent>> {
    vec![Box::new(RandomAgent::new())]
}

/// The invariants of a combination's simulation tally (one thread) against the two-thread
/// tally of the same games.
fn check_tally(what: &str, a: &Assignment, one: &Tally, two: &Tally) {
    assert_eq!(
        one, two,
        "{what}: one thread and two give different tallies"
    );
    assert_eq!(one.games, GAMES, "{what}");
    let wins: u64 = one.wins.iter().sum();
    assert_eq!(
        wins,
        GAMES * SHARE_UNIT,
        "{what}: win shares do not sum to one"
    );
    let ended: u64 = one.end_reasons.values().sum();
    assert_eq!(ended, GAMES, "{what}: end reasons do not sum to the games");
    let longest = one.plies.keys().max().copied().unwrap_or(0);
    assert!(longest <= MAX_PLIES, "{what}: a game of {longest} plies");
    let rounds = one.rounds.keys().max().copied().unwrap_or(0);
    if let Some(cap) = limit(a, "round-limit") {
        assert!(
            rounds <= cap,
            "{what}: a game of {rounds} rounds, limit {cap}"
        );
    }
    // Four-player shogi's `move-limit` counts the moves of all players; it has no rolls or
    // passes, so no game has more plies.
    if let Some(cap) = limit(a, "move-limit") {
        assert!(
            longest <= cap,
            "{what}: a game of {longest} plies, limit {cap}"
        );
    }
}

/// Every combination of every built-in variant: (variant, assignment, perft at the table's
/// depth), checking the simulation invariants on the way.
fn play_every_combination(rows: &[Row]) -> Vec<Row> {
    let mut out = Vec::new();
    for (name, _) in BUILTIN {
        let file = load(name).unwrap_or_else(|e| panic!("{name}: {}", e.one_line()));
        let combos = file.combinations();
        assert!(!combos.is_empty());
        // Per invariant option: (rest of the assignment) → (perft, tally) of each choice.
        let mut groups: BTreeMap<(&str, String), Vec<Figures>> = BTreeMap::new();
        for a in &combos {
            let what = format!("{name} {a}");
            let v = compile(&file, a).unwrap_or_else(|e| panic!("{what}: {}", e.one_line()));
            let depth = rows
                .iter()
                .find(|r| r.variant == *name)
                .map_or(2, |r| r.depth);
            let nodes = perft(&mut Position::start(v.clone()), depth);
            let one = simulate(&v, &random_agents, SEED, GAMES, 1, MAX_PLIES).tally;
            let two = simulate(&v, &random_agents, SEED, GAMES, 2, MAX_PLIES).tally;
            check_tally(&what, a, &one, &two);
            for (variant, option) in DISPLAY_ONLY.iter().chain(FIRST_SEAT_ONLY) {
                if variant == name {
                    let group = groups.entry((option, without(a, option))).or_default();
                    group.push((a.to_string(), nodes, one.clone()));
                }
            }
            out.push(Row {
                variant: name.to_string(),
                assignment: key(a),
                depth,
                nodes,
                how: String::new(),
            });
        }
        for ((option, rest), members) in &groups {
            assert!(members.len() > 1, "{name}: `{option}` has one choice");
            let display_only = DISPLAY_ONLY.contains(&(name, option));
            for m in &members[1..] {
                assert_eq!(
                    m.1, members[0].1,
                    "{name} {rest}: perft differs by `{option}`"
                );
                if display_only {
                    assert_eq!(m.2, members[0].2, "{name}: {} vs {}", m.0, members[0].0);
                }
            }
        }
    }
    out
}

#[test]
fn every_option_combination_compiles_plays_and_matches_the_perft_table() {
    let t = table();
    let played = play_every_combination(&t.rows);
    let mut wrong = Vec::new();
    for p in &played {
        let row = t
            .rows
            .iter()
            .find(|r| r.variant == p.variant && r.assignment == p.assignment);
        match row {
            Some(r) if r.nodes == p.nodes => {}
            _ => wrong.push(format!(
                "{} {} {} {}",
                p.variant, p.assignment, p.depth, p.nodes
            )),
        }
    }
    assert!(
        wrong.is_empty(),
        "{TABLE}: these combinations have no row or another count (variant, assignment, \
         depth, count as played; check each before adding it):\n{}",
        wrong.join("\n")
    );
    for r in &t.rows {
        assert!(
            played
                .iter()
                .any(|p| p.variant == r.variant && p.assignment == r.assignment),
            "{TABLE}: row {} {} is no combination of the variant",
            r.variant,
            r.assignment
        );
    }
    // chaturanga 18 + shatranj 18 + makruk 1 + xiangqi 2 + chess 1 + capablanca 1 + chaturaji 192
    // + yonin-shogi 64 + shogi 2 + minishogi 2 + torishogi 2 + crazyhouse 1 + kyotoshogi 2
    // + sittuyin 1 + cambodian 1 + janggi 2 + fourchess 2.
    assert_eq!(played.len(), 312);
}

/// The count a `ref:FILE#ID` row names: the `perft DEPTH N` line of block `id ID` of
/// `tests/reference/FILE`.
fn reference_count(file: &str, id: &str, depth: u32) -> Option<u64> {
    let text = read(&format!("reference/{file}"));
    let mut inside = false;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["id", name] => inside = *name == id,
            ["perft", d, n] if inside && d.parse() == Ok(depth) => return n.parse().ok(),
            _ => {}
        }
    }
    None
}

/// The counts worked by hand in the table's header (from the start, depth 2): variant, the
/// options the count depends on, count.
const BY_HAND: &[(&str, &str, u64)] = &[
    ("shatranj", "", 256),
    ("chaturaji", "dice=six-sided,dice-usage=mandatory", 153),
    ("chaturaji", "dice=long,dice-usage=optional", 55),
    ("chaturaji", "dice=long,dice-usage=mandatory", 46),
    // Each seat's 20 first moves; red's d2d4 takes blue's b4d4 (docs/fourchess.md).
    ("fourchess", "mode=ffa", 20 * 20 - 1),
];

/// True if `row` is a row whose count was checked directly (`ref:` or `hand`).
fn checked_directly(row: &Row) -> bool {
    row.how.starts_with("ref:") || row.how == "hand"
}

/// The table holds no count that was only recorded: each row is a reference number, a count
/// worked by hand, or equal to such a row of the same variant that differs only in options
/// the table declares inert within the depth.
#[test]
fn every_row_of_the_perft_table_is_checked() {
    let t = table();
    assert!(t.rows.len() >= 310, "{TABLE}: {} rows", t.rows.len());
    for r in &t.rows {
        let what = format!("{TABLE}: {} {}", r.variant, r.assignment);
        if let Some(source) = r.how.strip_prefix("ref:") {
            let (file, id) = source.split_once('#').expect("ref:FILE#ID");
            assert_eq!(
                reference_count(file, id, r.depth),
                Some(r.nodes),
                "{what}: {source}"
            );
        } else if r.how == "hand" {
            let mine = pairs(&r.assignment);
            let fact = BY_HAND.iter().find(|(v, a, _)| {
                *v == r.variant && pairs(a).iter().all(|(o, c)| mine.get(o) == Some(c))
            });
            assert_eq!(
                fact.map(|f| f.2),
                Some(r.nodes),
                "{what}: no hand-worked count"
            );
        } else {
            assert_eq!(r.how, "same", "{what}: unknown check `{}`", r.how);
            let inert = |o: &str| t.inert.iter().any(|(v, i)| *v == r.variant && i == o);
            let mine = pairs(&r.assignment);
            let base = t.rows.iter().find(|b| {
                b.variant == r.variant
                    && checked_directly(b)
                    && pairs(&b.assignment)
                        .iter()
                        .all(|(o, c)| mine.get(o) == Some(c) || inert(o))
            });
            let base =
                base.unwrap_or_else(|| panic!("{what}: no checked row differs only inertly"));
            assert_eq!(
                r.nodes, base.nodes,
                "{what}: differs from {}",
                base.assignment
            );
        }
    }
}

/// What `ashtapada explain` prints for every built-in variant (seeds, classics and the
/// catalogue) at its defaults: one snapshot each, `snapshots/conformance__combinations__explain@VARIANT.snap`.
#[test]
fn explain_of_every_builtin_variant_at_its_defaults() {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(true);
    settings.set_omit_expression(true);
    let _guard = settings.bind_to_scope();
    for (name, _) in BUILTIN.iter().chain(CATALOGUE) {
        let file = load(name).unwrap_or_else(|e| panic!("{name}: {}", e.one_line()));
        // The first combination is every option at its default, each named.
        let defaults = &file.combinations()[0];
        let v = compile(&file, defaults).unwrap_or_else(|e| panic!("{name}: {}", e.one_line()));
        insta::assert_snapshot!(format!("explain@{name}"), v.explain());
    }
}
