//! The real binary's command-line errors: a bad value is named with what would be accepted.

use crate::driver::run;

#[test]
fn a_negative_or_fractional_count_says_what_is_needed() {
    for (command, bad) in [
        (
            &["simulate", "chaturaji", "--games", "1", "--seed"][..],
            "-5",
        ),
        (
            &["simulate", "chaturaji", "--games", "1", "--seed"][..],
            "1.5",
        ),
        (&["values", "shatranj", "--games", "1", "--seed"][..], "-1"),
        (&["simulate", "chaturaji", "--games"][..], "-1"),
        (&["simulate", "chaturaji", "--threads"][..], "-2"),
        (&["perft", "chess"][..], "-1"),
    ] {
        let mut args = command.to_vec();
        args.push(bad);
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(
            err.contains(&format!(
                "a whole number (0 or more) is needed, not `{bad}`"
            )),
            "{args:?}: {err}"
        );
        // clap's tip to write `-- -5` would pass the number as the variant instead.
        assert!(!err.contains("tip:"), "{args:?}: {err}");
    }
    let (code, _, err) = run(
        &["simulate", "chaturaji", "--games", "1", "--seed", "7"],
        "",
    );
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_negative_precision_or_timeout_reaches_its_own_check() {
    // The number is read as the option's value (not clap's `-- -1` tip), and the option's own
    // check refuses it.
    for args in [
        &["simulate", "chaturaji", "--precision", "-1"][..],
        &[
            "simulate",
            "chaturaji",
            "--games",
            "1",
            "--agent-timeout",
            "-1",
        ][..],
    ] {
        let (code, out, err) = run(args, "");
        assert_ne!(code, 0, "{args:?}: {out}{err}");
        assert!(
            !err.contains("tip:") && !err.contains("unexpected argument"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_bad_value_with_control_characters_is_shown_escaped() {
    let (code, _, err) = run(&["simulate", "chaturaji", "--seed", "1\u{7}\u{1b}[2J"], "");
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains('\u{7}') && !err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("1\\u{7}\\u{1b}[2J"), "{err}");
}
