//! Option sweeps: every combination of the choices of some options (`--sweep`), the first
//! being the baseline the others are compared with.

use crate::diag::{Code, Diagnostic, Diagnostics, Source, Span, text_source};
use crate::dsl::suggest;
use crate::spec::{Assignment, OptionSpec, RuleFile};

/// Most option assignments one sweep may play.
pub const MAX_ASSIGNMENTS: usize = 4096;

/// How a sweep's assignments are laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Design {
    /// Every combination of the swept options' choices (`--sweep A --sweep B`, `--sweep
    /// all`); also a single swept option.
    #[default]
    Factorial,
    /// One option at a time (`--sweep each`): the baseline, then each other choice of each
    /// option that changes play, every other option at its baseline choice.
    Each,
}

impl Design {
    /// `factorial` or `each`, as in reports.
    pub fn name(self) -> &'static str {
        match self {
            Design::Factorial => "factorial",
            Design::Each => "each",
        }
    }

    /// The design named `name` (as [`name`](Self::name) gives it).
    pub fn from_name(name: &str) -> Option<Design> {
        [Design::Factorial, Design::Each]
            .into_iter()
            .find(|d| d.name() == name)
    }
}

/// The option assignments of a sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    /// The swept options, in the order given (`all` and `each` expanded in file order).
    pub swept: Vec<String>,
    /// The layout of the assignments.
    pub design: Design,
    /// The assignments, the baseline first: each swept option at its `--set` choice (or its
    /// default), every other option as in the base assignment. [`Design::Factorial`]: every
    /// combination of the swept options' choices, later options varying fastest.
    /// [`Design::Each`]: then one assignment per other choice of each swept option, in
    /// file order, the rest at the baseline.
    pub assignments: Vec<Assignment>,
}

impl Sweep {
    /// The factorial contrasts this sweep's report estimates ([`contrasts`](super::contrasts)
    /// of its options over its assignments); none for [`Design::Each`], whose assignments
    /// differ from the baseline one option at a time.
    pub fn contrasts(&self) -> Vec<super::Contrast> {
        match self.design {
            Design::Factorial => {
                super::contrasts(&self.swept, &self.assignments.iter().collect::<Vec<_>>())
            }
            Design::Each => Vec::new(),
        }
    }
}

/// The sweep of `items` (each `OPTION`, `OPTION=V1,V2,…` or `all`) over `base` (the `--set`
/// choices). `OPTION` alone sweeps its listed choices (named choices and the rule file's
/// `values:` of an integer option); `all` sweeps every option that [changes
/// play](crate::spec::OptionSpec::changes_play) through its listed choices. The baseline choice (the `--set`
/// one, else the default) is always included, first. `each` (alone) varies every option that
/// changes play one at a time around the baseline ([`Design::Each`]).
///
/// # Errors
/// An unknown option (with a suggestion), a value the option does not accept, a value given
/// twice, a list of values that holds only the baseline, an option swept twice, `each` with
/// other sweep items or in a variant without options that change play, or more than
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
    if let Some(i) = items.iter().position(|i| i.trim() == "each") {
        return each(file, base, items, i);
    }
    let mut axes: Vec<(String, Vec<String>)> = Vec::new();
    let mut all = false;
    for item in items {
        let src = text_source("--sweep", item);
        if item.split_once('=').is_none() && item.trim() == "all" {
            if all {
                errors.push(
                    Diagnostic::new(
                        Code::SweepTwice,
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
        if let Some(axis) = named_axis(file, base, item, &src, &axes, &mut errors) {
            axes.push(axis);
        }
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
                Code::SweepTooMany,
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
        design: Design::Factorial,
    })
}

/// The axis of one sweep item `OPTION` or `OPTION=V1,V2,…` (written in `src`): the option's
/// name and its choices, the baseline first; `None` with the problem in `errors` for an
/// unknown option or one already in `axes`.
fn named_axis(
    file: &RuleFile,
    base: &Assignment,
    item: &str,
    src: &Source,
    axes: &[(String, Vec<String>)],
    errors: &mut Diagnostics,
) -> Option<(String, Vec<String>)> {
    let (name, values) = match item.split_once('=') {
        Some((n, v)) => (n.trim(), Some(v)),
        None => (item.trim(), None),
    };
    let Some(o) = file.option(name) else {
        let help = match suggest(name, file.options.iter().map(|o| o.name.as_str())) {
            Some(s) => format!("did you mean `{s}`?"),
            None => options_list(file),
        };
        errors.push(
            Diagnostic::new(
                Code::SweepUnknown,
                format!("unknown option `{name}`"),
                Some(Span::new(src, 0, name.len().min(item.len()))),
            )
            .label("not an option of this variant")
            .help(help),
        );
        return None;
    };
    if axes.iter().any(|(n, _)| n == name) {
        errors.push(
            Diagnostic::new(
                Code::SweepTwice,
                format!("option `{name}` is swept twice"),
                Some(Span::new(src, 0, item.len())),
            )
            .help(format!("give `--sweep {name}` once")),
        );
        return None;
    }
    let baseline = o.normalise(base.get(name).unwrap_or(&o.default));
    let mut choices = vec![baseline];
    match values {
        None => choices.extend(o.listed_choices()),
        Some(list) => listed_values(o, name, list, src, &mut choices, errors),
    }
    dedup(&mut choices);
    Some((name.to_string(), choices))
}

/// Appends to `choices` (which holds the baseline) the values of `list`, the text after
/// `name=` in `src`, reporting into `errors` a value `o` does not accept, a value given twice
/// and a list that gives only the baseline.
fn listed_values(
    o: &OptionSpec,
    name: &str,
    list: &str,
    src: &Source,
    choices: &mut Vec<String>,
    errors: &mut Diagnostics,
) {
    let mut offset = name.len() + 1;
    let start = offset;
    for v in list.split(',') {
        let t = v.trim();
        let here = Some(Span::new(src, offset, offset + v.len()));
        let choice = o.normalise(t);
        if !o.accepts(t) {
            errors.push(
                Diagnostic::new(
                    Code::SweepBadChoice,
                    format!("`{t}` is not a choice of option `{name}`"),
                    here,
                )
                .label("not a choice")
                .help(format!("`{name}` accepts {}", o.accepted())),
            );
        } else if choices[1..].contains(&choice) {
            errors.push(
                Diagnostic::new(
                    Code::SweepRepeatedChoice,
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
                Code::SweepNothingToCompare,
                format!(
                    "the sweep of `{name}` gives only its baseline `{}`",
                    choices[0]
                ),
                Some(Span::new(src, start, offset - 1)),
            )
            .label("only the baseline")
            .help(format!(
                "every choice is compared with the baseline (the `--set` choice or the \
                 default): give other values, e.g. `--sweep {name}` for its listed choices"
            )),
        );
    }
}

/// `--sweep each` (item `at` of `items`): one option at a time.
fn each(
    file: &RuleFile,
    base: &Assignment,
    items: &[String],
    at: usize,
) -> Result<Sweep, Diagnostics> {
    let src = text_source("--sweep", &items[at]);
    let whole = Some(Span::new(&src, 0, items[at].len()));
    if items.len() > 1 {
        let others: Vec<&str> = items
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != at)
            .map(|(_, s)| s.as_str())
            .collect();
        return Err(Diagnostic::new(
            Code::SweepEachAlone,
            format!(
                "`--sweep each` varies every option one at a time; it takes no other sweep \
                 items (`{}` given too)",
                others.join("`, `")
            ),
            whole,
        )
        .label("one option at a time")
        .help("give `--sweep each` alone, or name the options to combine: `--sweep A --sweep B`")
        .into());
    }
    let options: Vec<_> = file.options.iter().filter(|o| o.changes_play()).collect();
    if options.is_empty() {
        return Err(Diagnostic::new(
            Code::SweepNothingToCompare,
            "this variant has no option that changes play, so `--sweep each` has nothing to vary",
            whole,
        )
        .label("nothing to vary")
        .help(options_list(file))
        .into());
    }
    let mut baseline = base.clone();
    for o in &options {
        baseline = baseline.with(
            &o.name,
            &o.normalise(base.get(&o.name).unwrap_or(&o.default)),
        );
    }
    let mut assignments = vec![baseline.clone()];
    for o in &options {
        let at_base = baseline.get(&o.name).unwrap_or_default().to_string();
        let mut choices = o.listed_choices();
        dedup(&mut choices);
        for c in choices.into_iter().filter(|c| *c != at_base) {
            assignments.push(baseline.with(&o.name, &c));
        }
    }
    if assignments.len() > MAX_ASSIGNMENTS {
        return Err(Diagnostic::new(
            Code::SweepTooMany,
            format!(
                "the sweep has {} assignments; at most {MAX_ASSIGNMENTS} are played",
                assignments.len()
            ),
            whole,
        )
        .into());
    }
    Ok(Sweep {
        swept: options.iter().map(|o| o.name.clone()).collect(),
        design: Design::Each,
        assignments,
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
