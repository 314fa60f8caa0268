//! Every combination of every built-in variant's local rules (issue 6).
//!
//! The combinations come from the rule files themselves ([`RuleFile::combinations`]: every
//! named choice, integer options at their default and one other number), so a new option or
//! choice is covered without new test code. For each combination: the file compiles, and one
//! snapshot (`snapshots/combinations__VARIANT@ASSIGNMENT.snap`) holds what `ashtapada explain`
//! prints, a perft count and the summary of a fixed seeded batch of random games.
//!
//! Options that must not change play are checked against each other: combinations that differ
//! only in such an option have the same perft count and the same simulation summary.
//!
//! Figures checked by hand against the rules documents (`docs/`) and reference files:
//! - perft 2 from the start: chaturanga and shatranj 256, yonin-shogi 81 (as in
//!   `tests/reference/*.perft`; no option changes the first two plies).
//! - chaturaji, six-sided dice: 171, as in `tests/reference/chaturaji-start.perft`. With
//!   `dice-usage=mandatory` 153: red may no longer pass, and of the 21 unordered rolls all but
//!   {4,4}, {4,6} and {6,6} (no usable die: the turn passes at once, no pass child) gave a
//!   pass child, so 171 − 18. With `dice=long` (faces 2–5, 10 rolls) 55, and 55 − 9 = 46 with
//!   `dice-usage=mandatory` (only {4,4} has no usable die).
//! - the games of a combination with a round limit last at most that many rounds on average
//!   (asserted below for every combination).
//!
//! Accept new snapshots with
//! `INSTA_UPDATE=always cargo test -p ashtapada-tests --test combinations` and review them.

use ashtapada::agents::{Agent, RandomAgent};
use ashtapada::sim::{Summary, simulate};
use ashtapada::spec::{BUILTIN, load};
use ashtapada::{Assignment, Position, compile, perft};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Games per combination, their base seed and ply cap.
const GAMES: u64 = 30;
const SEED: u64 = 6;
const MAX_PLIES: u32 = 1500;

/// Perft depth: small, so that hundreds of combinations stay fast.
const DEPTH: u32 = 2;

/// Options that must not change play (perft or simulation): (variant, option).
const DISPLAY_ONLY: &[(&str, &str)] = &[("yonin-shogi", "show-movable")];

/// Options that change only who starts the second and later games of a run: the perft count
/// from the start position must not change.
const FIRST_SEAT_ONLY: &[(&str, &str)] = &[
    ("chaturaji", "next-game-first-seat"),
    ("yonin-shogi", "rotate-first-seat"),
];

/// What one combination showed: (assignment, perft count, simulation summary).
type Figures = (String, u64, String);

/// The random agent for every seat.
fn random_agents() -> Vec<Box<dyn Agent>> {
    vec![Box::new(RandomAgent::new())]
}

/// The simulation summary, in a form of its own (the CLI's table may change): games, end
/// reasons that occurred, length and per-seat win shares and mean scores.
fn summary_text(s: &Summary) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "{} games, seed {}, random agents, cap {MAX_PLIES} plies",
        s.games, s.seed
    );
    // The reasons that occurred (reports list every reason the variant can give).
    for (reason, n) in s.end_reasons.iter().filter(|(_, n)| *n > 0) {
        let _ = writeln!(t, "  end {reason}: {n}");
    }
    let _ = writeln!(
        t,
        "  plies: mean {:.2}, median {:.1}, p90 {:.0}",
        s.mean_plies, s.median_plies, s.p90_plies
    );
    let _ = writeln!(
        t,
        "  rounds: mean {:.2}, median {:.1}",
        s.mean_rounds, s.median_rounds
    );
    for seat in &s.seats {
        let _ = writeln!(
            t,
            "  {}: win share {:.4}, mean score {:.2}",
            seat.name, seat.win_share, seat.mean_score
        );
    }
    t
}

/// The snapshot name of a combination: `VARIANT@option=choice,option=choice…`.
fn snapshot_name(variant: &str, a: &Assignment) -> String {
    let parts: Vec<String> = a.0.iter().map(|(o, c)| format!("{o}={c}")).collect();
    format!("{variant}@{}", parts.join(","))
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
fn limit(a: &Assignment, option: &str) -> Option<f64> {
    a.get(option).and_then(|v| v.parse().ok())
}

#[test]
fn every_option_combination_compiles_plays_and_is_snapshotted() {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(true);
    settings.set_omit_expression(true);
    let _guard = settings.bind_to_scope();
    let mut total = 0;
    for (name, _) in BUILTIN {
        let file = load(name).unwrap_or_else(|e| panic!("{name}: {}", e.one_line()));
        let combos = file.combinations();
        assert!(!combos.is_empty());
        // Per invariant option: (rest of the assignment) → (perft, summary text) of each choice.
        let mut groups: BTreeMap<(&str, String), Vec<Figures>> = BTreeMap::new();
        for a in &combos {
            let v = compile(&file, a).unwrap_or_else(|e| panic!("{name} {a}: {}", e.one_line()));
            let nodes = perft(&mut Position::start(v.clone()), DEPTH);
            let s = simulate(&v, &random_agents, SEED, GAMES, 1, MAX_PLIES);
            assert_eq!(s.games, GAMES);
            // A round or move limit bounds every game (a move limit counts moves, so plies
            // with rolls and passes may exceed it; rounds may not exceed a round limit).
            if let Some(rounds) = limit(a, "round-limit") {
                assert!(s.mean_rounds <= rounds, "{name} {a}: {}", s.mean_rounds);
            }
            let summary = summary_text(&s);
            let text = format!(
                "{}\nperft {DEPTH}: {nodes}\n\nsimulation: {summary}",
                v.explain()
            );
            insta::assert_snapshot!(snapshot_name(name, a), text);
            for (variant, option) in DISPLAY_ONLY.iter().chain(FIRST_SEAT_ONLY) {
                if variant == name {
                    groups
                        .entry((option, without(a, option)))
                        .or_default()
                        .push((a.to_string(), nodes, summary.clone()));
                }
            }
            total += 1;
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
    // chaturanga 18 + shatranj 18 + makruk 1 + xiangqi 2 + chess 1 + capablanca 1 + chaturaji 192
    // + yonin-shogi 64 + shogi 2 + minishogi 2 + torishogi 2 + crazyhouse 1 + kyotoshogi 2
    // + sittuyin 1 + cambodian 1 + janggi 2.
    assert_eq!(total, 310);
}
