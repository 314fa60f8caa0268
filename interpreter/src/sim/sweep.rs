//! Option sweeps: every combination of the choices of some options (`--sweep`), the first
//! being the baseline the others are compared with.

use crate::Assignment;
use crate::diag::{Diagnostic, Diagnostics, Span, text_source};
use crate::dsl::suggest;
use crate::spec::RuleFile;

/// Most option assignments one sweep may play.
pub const MAX_ASSIGNMENTS: usize = 4096;

/// The option assignments of a sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    /// The swept options, in the order given (`all` expanded in file order).
    pub swept: Vec<String>,
    /// Every combination of their choices, the baseline first: each swept option at its
    /// `--set` choice (or its default), every other option as in the base assignment. Later
    /// options vary fastest.
    pub assignments: Vec<Assignment>,
}

/// The sweep of `items` (each `OPTION`, `OPTION=V1,V2,…` or `all`) over `base` (the `--set`
/// choices). `OPTION` alone sweeps its listed choices (named choices and the rule file's
/// `values:` of an integer option); `all` sweeps every option that [changes
/// play](crate::spec::OptionSpec::changes_play) through its listed choices. The baseline choice (the `--set`
/// one, else the default) is always included, first.
///
/// # Errors
/// An unknown option (with a suggestion), a value the option does not accept, a value given
/// twice, a list of values that holds only the baseline, an option swept twice, or more than
/// [`MAX_ASSIGNMENTS`] combinations.
///
/// ```
/// use ashtapada::{Assignment, spec::load, sim::sweep};
/// let file = load("chaturanga").unwrap();
/// let s = sweep(&file, &Assignment::default(), &["move-rule=70,none".into()]).unwrap();
/// assert_eq!(s.assignments.len(), 3);
/// assert_eq!(s.assignments[0].get("move-rule"), Some("50"));
/// assert_eq!(s.assignments[2].get("move-rule"), Some("none"));
/// ```
pub fn sweep(file: &RuleFile, base: &Assignment, items: &[String]) -> Result<Sweep, Diagnostics> {
    let mut errors = Diagnostics::default();
    let mut axes: Vec<(String, Vec<String>)> = Vec::new();
    let mut all = false;
    for item in items {
        let src = text_source("--sweep", item);
        let (name, values) = match item.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v)),
            None => (item.trim(), None),
        };
        if name == "all" && values.is_none() {
            if all {
                errors.push(
                    Diagnostic::new(
                        "sweep::twice",
                        "`--sweep all` is given twice",
                        Some(Span::new(&src, 0, item.len())),
                    )
                    .label("a repeat")
                    .help(
                        "give `--sweep all` once: it already sweeps every option that changes play",
                    ),
                );
            }
            all = true;
            continue;
        }
        let Some(o) = file.option(name) else {
            let help = match suggest(name, file.options.iter().map(|o| o.name.as_str())) {
                Some(s) => format!("did you mean `{s}`?"),
                None => options_list(file),
            };
            errors.push(
                Diagnostic::new(
                    "sweep::unknown",
                    format!("unknown option `{name}`"),
                    Some(Span::new(&src, 0, name.len().min(item.len()))),
                )
                .label("not an option of this variant")
                .help(help),
            );
            continue;
        };
        if axes.iter().any(|(n, _)| n == name) {
            errors.push(
                Diagnostic::new(
                    "sweep::twice",
                    format!("option `{name}` is swept twice"),
                    Some(Span::new(&src, 0, item.len())),
                )
                .help(format!("give `--sweep {name}` once")),
            );
            continue;
        }
        let baseline = o.normalise(base.get(name).unwrap_or(&o.default));
        let mut choices = vec![baseline];
        match values {
            None => choices.extend(o.listed_choices()),
            Some(list) => {
                let mut offset = name.len() + 1;
                let start = offset;
                for v in list.split(',') {
                    let t = v.trim();
                    let here = Some(Span::new(&src, offset, offset + v.len()));
                    let choice = o.normalise(t);
                    if !o.accepts(t) {
                        errors.push(
                            Diagnostic::new(
                                "sweep::bad-choice",
                                format!("`{t}` is not a choice of option `{name}`"),
                                here,
                            )
                            .label("not a choice")
                            .help(format!("`{name}` accepts {}", o.accepted())),
                        );
                    } else if choices[1..].contains(&choice) {
                        errors.push(
                            Diagnostic::new(
                                "sweep::repeated-choice",
                                format!("`{t}` is given twice in the sweep of `{name}`"),
                                here,
                            )
                            .label("a repeat")
                            .help("list each value once"),
                        );
                    }
                    choices.push(choice);
                    offset += v.len() + 1;
                }
                if choices[1..].iter().all(|c| *c == choices[0]) {
                    errors.push(
                        Diagnostic::new(
                            "sweep::nothing-to-compare",
                            format!(
                                "the sweep of `{name}` gives only its baseline `{}`",
                                choices[0]
                            ),
                            Some(Span::new(&src, start, offset - 1)),
                        )
                        .label("only the baseline")
                        .help(format!(
                            "every choice is compared with the baseline (the `--set` choice or \
                             the default): give other values, e.g. `--sweep {name}` for its \
                             listed choices"
                        )),
                    );
                }
            }
        }
        dedup(&mut choices);
        axes.push((name.to_string(), choices));
    }
    if all {
        for o in file.options.iter().filter(|o| o.changes_play()) {
            if axes.iter().any(|(n, _)| *n == o.name) {
                continue;
            }
            let mut choices = vec![o.normalise(base.get(&o.name).unwrap_or(&o.default))];
            choices.extend(o.listed_choices());
            dedup(&mut choices);
            axes.push((o.name.clone(), choices));
        }
    }
    let total = axes
        .iter()
        .try_fold(1usize, |n, (_, c)| n.checked_mul(c.len()))
        .unwrap_or(usize::MAX);
    if total > MAX_ASSIGNMENTS {
        errors.push(
            Diagnostic::new(
                "sweep::too-many",
                format!("the sweep has {total} option combinations; at most {MAX_ASSIGNMENTS} are played"),
                None,
            )
            .help("sweep fewer options, or give integer options a few values (`--sweep round-limit=20,50`)"),
        );
    }
    errors.into_result(())?;
    Ok(Sweep {
        assignments: crate::spec::product(base, &axes),
        swept: axes.into_iter().map(|(n, _)| n).collect(),
    })
}

fn dedup(v: &mut Vec<String>) {
    let mut seen = std::collections::HashSet::new();
    v.retain(|c| seen.insert(c.clone()));
}

fn options_list(file: &RuleFile) -> String {
    if file.options.is_empty() {
        return "this variant has no options".into();
    }
    let names: Vec<String> = file
        .options
        .iter()
        .map(|o| format!("`{}`", o.name))
        .collect();
    format!("the options are {}", names.join(", "))
}
