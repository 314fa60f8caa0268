//! Capability flags come from the modules themselves: a rule module that implements a hook the
//! engine asks only where some module has it (`next_due`, `on_no_move`, `after_turn`,
//! `after_move`) declares
//! it in its `HOOKS`, in the same file, or the engine would never call it (issue 25: flags
//! were wired by module name).

use crate::rust_source::{lex, rust_files, workspace_dir};

/// The gated hooks: the method implemented and the `Hooks` field that must say so.
const GATED: [(&str, &str); 4] = [
    ("fn next_due<", "next_due: true"),
    ("fn on_no_move<", "on_no_move: true"),
    ("fn after_turn<", "after_turn: true"),
    ("fn after_move<", "after_move: true"),
];

#[test]
fn every_gated_hook_a_module_implements_is_declared_in_its_hooks() {
    let dir = workspace_dir("interpreter/src/rules");
    let mut missing = Vec::new();
    let mut seen = 0;
    for (rel, path) in rust_files(&dir) {
        if rel == "mod.rs" {
            continue;
        }
        let src = std::fs::read_to_string(&path).unwrap();
        let code: String = lex(&src).code.into_iter().collect();
        for (hook, flag) in GATED {
            if code.contains(hook) {
                seen += 1;
                if !code.contains(flag) {
                    missing.push(format!(
                        "{rel}: implements `{hook}` without `{flag}` in HOOKS"
                    ));
                }
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    // check_interrupt, mate and perpetual_check implement one each today.
    assert!(seen >= 3, "the scan found only {seen} gated hooks");
}

/// The derived flags: on exactly where a module with the hook is on.
#[test]
fn derived_capability_flags_follow_the_modules_on() {
    use ashtapada::{Assignment, load_variant};
    for (variant, reorders, mates_go_on, turn_hooks, scores) in [
        ("chess", false, false, false, false),
        ("xiangqi", false, false, true, false),
        ("yonin-shogi", true, true, true, false),
        ("chaturaji", false, false, false, true),
    ] {
        let v = load_variant(variant, &Assignment::default()).unwrap();
        let r = &v.rules;
        assert_eq!(
            (
                r.reorders_turns(),
                r.mates_go_on(),
                r.has_turn_hooks(),
                r.keeps_score()
            ),
            (reorders, mates_go_on, turn_hooks, scores),
            "{variant}"
        );
    }
}
