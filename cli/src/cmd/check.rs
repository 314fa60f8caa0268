//! `ashtapada check FILE…`: validate rule files under every option choice.

use super::Failure;
use crate::report::{color_enabled, render_diagnostics};
use ashtapada::diag::Code;
use ashtapada::{Assignment, Diagnostic, Diagnostics, compile_with_warnings, spec};
use std::io::Write;

/// What checking one file found.
#[derive(Debug, Default)]
pub struct Checked {
    /// Option assignments that compiled.
    pub variants: usize,
    /// Warnings (of every assignment, each once).
    pub warnings: Diagnostics,
    /// Options left out of the checks for their own problems (name, key span).
    pub left_out: Vec<(String, ashtapada::diag::Span)>,
}

/// Checks one file: its defaults, then each non-default choice of each option (one at a time
/// over the defaults), so problems inside choice bodies are found too.
///
/// # Errors
/// Every problem found, warnings included.
pub fn check_file(path: &str) -> Result<Checked, Diagnostics> {
    // Problems in `options:` do not stop the checks: the rest is compiled without the
    // options that have them.
    let spec::Leniently {
        file,
        problems: mut all,
        left_out,
    } = spec::load_leniently(path)?;
    let option_problems = all.len();
    let mut checked = Checked {
        left_out,
        ..Checked::default()
    };
    let mut assignments = vec![Assignment::default()];
    for o in &file.options {
        for c in o.listed_choices() {
            if c != o.default {
                assignments.push(Assignment::default().with(&o.name, &c));
            }
        }
    }
    for a in &assignments {
        match compile_with_warnings(&file, a) {
            Ok((_, w)) => {
                checked.variants += 1;
                checked.warnings.0.extend(w.0);
            }
            Err(d) => all.0.extend(d.0),
        }
    }
    checked.warnings.sort();
    if all.is_empty() {
        return Ok(checked);
    }
    let warnings = checked.warnings.len();
    all.0.extend(checked.warnings.0);
    // Problems found beyond the options' own were found without the options left out: said
    // at each, since they may explain them.
    if all.len() - warnings > option_problems {
        for (name, span) in &checked.left_out {
            all.push(
                Diagnostic::warn(
                    Code::OptionsLeftOut,
                    format!("the rest of the file was checked without the option `{name}`"),
                    Some(span.clone()),
                )
                .label("left out for its problems")
                .help("fix the option, then check again: its choices are checked then"),
            );
        }
    }
    all.sort();
    Err(all)
}

pub fn run(files: &[String], out: &mut dyn Write, err: &mut dyn Write) -> Result<(), Failure> {
    let mut failed = Diagnostics::default();
    for f in files {
        match check_file(f) {
            Ok(c) => {
                let n = c.variants;
                let warned = match c.warnings.len() {
                    0 => String::new(),
                    w => format!(", {}", ashtapada::diag::count(w, "warning", "warnings")),
                };
                writeln!(
                    out,
                    "ok: {f} ({n} option assignment{} compiled{warned})",
                    if n == 1 { "" } else { "s" }
                )?;
                if !c.warnings.is_empty() {
                    write!(
                        err,
                        "{}",
                        render_diagnostics(&c.warnings, color_enabled(), None)
                    )?;
                }
            }
            Err(d) => {
                let warnings = d.0.iter().filter(|x| x.warning).count();
                let problems = d.len() - warnings;
                let also = match warnings {
                    0 => String::new(),
                    w => format!(" and {}", ashtapada::diag::count(w, "warning", "warnings")),
                };
                writeln!(
                    err,
                    "{f}: {}{also}",
                    ashtapada::diag::count(problems, "problem", "problems"),
                )?;
                failed.0.extend(d.0);
            }
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Failure::Diagnostics(failed))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_assignment_is_singular() {
        let dir = std::env::temp_dir().join(format!("ashtapada-check-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("one.yaml");
        std::fs::write(
            &file,
            "name: one\nboard: { files: 4, ranks: 4 }\nseats: [{ name: white, edge: south }]\n\
             pieces: { king: { letter: K, betza: K } }\nsetup: { army: { a1: king } }\n",
        )
        .unwrap();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let path = file.to_str().unwrap();
        let code = crate::run(["ashtapada", "check", path], &mut out, &mut err);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("ok: {path} (1 option assignment compiled)\n")
        );
    }

    /// `check FILE` on `text` (written as `name` in a fresh folder): exit code, out, err.
    fn check(name: &str, text: &str) -> (i32, String, String) {
        let dir =
            std::env::temp_dir().join(format!("ashtapada-check-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = crate::run(
            ["ashtapada", "check", file.to_str().unwrap()],
            &mut out,
            &mut err,
        );
        let _ = std::fs::remove_dir_all(&dir);
        let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
        (code, text(out), text(err))
    }

    const CHATURANGA: &str = include_str!("../../../rules/chaturanga.yaml");

    /// Three mistakes, one run: an option's default that is not a choice no longer hides an
    /// unclosed `(` and an unknown seat in the end conditions.
    #[test]
    fn an_option_problem_does_not_hide_the_expressions_problems() {
        let text = CHATURANGA
            .replace("    default: win", "    default: wn")
            .replace(
                "\"bare(opponent) and not bare(mover)\"",
                "\"bare(opponent and not bare(mover)\"",
            )
            .replace(
                "\"bare(mover) and bare(opponent)\"",
                "\"bare(mover) and bare(purple)\"",
            );
        let (code, _, err) = check("three.yaml", &text);
        assert_eq!(code, 1, "{err}");
        for problem in [
            "the default `wn` of option `bare-king` is not among its choices",
            "unexpected `and`",
            "unknown seat `purple`",
            "the rest of the file was checked without the option `bare-king`",
        ] {
            assert!(err.contains(problem), "{problem}: {err}");
        }
        assert!(
            err.contains("three.yaml: 3 problems and 1 warning"),
            "{err}"
        );
    }

    /// A royal kind no setup places and a kind no game can reach are warnings: the file still
    /// passes (exit 0), and says how many.
    #[test]
    fn an_unplaced_royal_and_an_unused_kind_are_warned_of() {
        let text = CHATURANGA.replace(
            "  gaja:",
            "  camel:  { letter: C, betza: C, value: 3 }\n  \
             prince: { letter: J, betza: K, value: 0, royal: true }\n  gaja:",
        );
        let (code, out, err) = check("warn.yaml", &text);
        assert_eq!(code, 0, "{err}");
        assert!(out.ends_with("compiled, 2 warnings)\n"), "{out}");
        assert!(err.contains("ashtapada::compile::unused-kind"), "{err}");
        assert!(err.contains("the piece `camel` is never placed"), "{err}");
        assert!(err.contains("ashtapada::compile::unplaced-royal"), "{err}");
        assert!(
            err.contains("the royal piece `prince` is not placed"),
            "{err}"
        );
        // The built-in file itself has none.
        let (code, out, err) = check("plain.yaml", CHATURANGA);
        assert_eq!((code, err.as_str()), (0, ""), "{out}");
    }

    /// `extends: chaturanj` is `chaturanga` cut short: it is the suggestion, not `chaturaji`.
    #[test]
    fn extends_suggests_the_built_in_with_the_longer_common_prefix() {
        let (code, _, err) = check("ext.yaml", "extends: chaturanj\nname: mine\n");
        assert_eq!(code, 1, "{err}");
        assert!(
            err.contains("did you mean the built-in variant `chaturanga`?"),
            "{err}"
        );
    }
}
