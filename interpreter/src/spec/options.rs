//! Local rules as named options: their declaration (`options:`), an assignment of choices,
//! and applying an assignment to a rule tree.
//!
//! An option has named choices, each a partial rule file merged over the file when chosen
//! ([`merge`](super::node::merge) semantics: mappings merge, `~` deletes, other values replace).
//! An integer option also accepts any whole number in its range, written into the tree at the
//! dotted path `at:`.

use super::node::{Key, Node, Value, merge};
use super::read::Reader;
use crate::diag::{Diagnostic, Diagnostics, Span, text_source};
use crate::dsl::suggest;
use std::fmt;

/// One declared option (`options.NAME`).
#[derive(Clone, Debug)]
pub struct OptionSpec {
    /// The option's name.
    pub name: String,
    /// Where the name was written.
    pub span: Span,
    /// What it changes (`description:`).
    pub description: Option<String>,
    /// The default choice (`default:`): a choice name or, for integer options, a number.
    pub default: String,
    /// Named choices and their overrides, in file order.
    pub choices: Vec<Choice>,
    /// For integer options (`integer:`): the accepted range and where the number goes.
    pub integer: Option<IntegerOption>,
}

/// A named choice of an option.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The choice's name.
    pub name: String,
    /// The partial rule file merged over the file when chosen.
    pub body: Node,
}

/// The integer part of an option (`integer: { min, max, at, values }`).
#[derive(Clone, Debug)]
pub struct IntegerOption {
    /// Smallest accepted value.
    pub min: i64,
    /// Largest accepted value.
    pub max: i64,
    /// Dotted path in the rule file the number is written to, e.g. `end.move-rule.moves`.
    pub at: Vec<String>,
    /// Values worth listing and sweeping (`values:`), besides the default.
    pub values: Vec<i64>,
}

impl OptionSpec {
    /// Every choice worth listing: named choices, then listed integer values.
    pub fn listed_choices(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        if let Some(i) = &self.integer {
            for v in &i.values {
                out.push(v.to_string());
            }
            if !out.contains(&self.default) && self.default.parse::<i64>().is_ok() {
                out.insert(0, self.default.clone());
            }
        }
        for c in &self.choices {
            out.push(c.name.clone());
        }
        out
    }

    /// True if `value` is acceptable for this option.
    pub fn accepts(&self, value: &str) -> bool {
        self.choices.iter().any(|c| c.name == value)
            || self.integer.as_ref().is_some_and(|i| {
                value
                    .parse::<i64>()
                    .is_ok_and(|v| (i.min..=i.max).contains(&v))
            })
    }

    /// A one-line summary of what it accepts, e.g. "`win`, `off`, `shatranj`" or
    /// "a whole number from 1 to 1000, or `none`".
    pub fn accepted(&self) -> String {
        let names: Vec<String> = self
            .choices
            .iter()
            .map(|c| format!("`{}`", c.name))
            .collect();
        match &self.integer {
            Some(i) if names.is_empty() => format!("a whole number from {} to {}", i.min, i.max),
            Some(i) => format!(
                "a whole number from {} to {}, or {}",
                i.min,
                i.max,
                names.join(", ")
            ),
            None => names.join(", "),
        }
    }
}

/// An assignment of choices to options, as given on a command line: `name=choice` pairs.
/// Options not named take their defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assignment(pub Vec<(String, String)>);

impl Assignment {
    /// Parses `NAME=CHOICE` items (as from repeated `--set`).
    pub fn parse<S: AsRef<str>>(items: &[S]) -> Result<Assignment, Diagnostics> {
        let mut out = Vec::new();
        let mut errors = Diagnostics::default();
        for item in items {
            let item = item.as_ref();
            match item.split_once('=') {
                Some((n, c)) if !n.trim().is_empty() && !c.trim().is_empty() => {
                    out.push((n.trim().to_string(), c.trim().to_string()))
                }
                _ => {
                    let src = text_source("--set", item);
                    errors.push(
                        Diagnostic::new(
                            "options::syntax",
                            format!("`{item}` is not of the form OPTION=CHOICE"),
                            Some(Span::new(&src, 0, item.len())),
                        )
                        .help("write e.g. `--set bare-king=off`"),
                    );
                }
            }
        }
        errors.into_result(Assignment(out))
    }

    /// The value assigned to `name`, if any (the last one wins).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, c)| c.as_str())
    }

    /// This assignment with `name` set to `choice`.
    pub fn with(&self, name: &str, choice: &str) -> Assignment {
        let mut out: Vec<_> = self.0.iter().filter(|(n, _)| n != name).cloned().collect();
        out.push((name.to_string(), choice.to_string()));
        Assignment(out)
    }
}

impl fmt::Display for Assignment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|(n, c)| format!("{n}={c}")).collect();
        f.write_str(&parts.join(" "))
    }
}

/// Reads the `options:` mapping.
pub fn read_options(r: &mut Reader, node: &Node) -> Vec<OptionSpec> {
    let mut out = Vec::new();
    let Some(mut all) = r.map(node, "option name → option") else {
        return out;
    };
    for (k, v) in all.rest() {
        if let Some(o) = read_option(r, k, v) {
            out.push(o);
        }
    }
    out
}

fn read_option(r: &mut Reader, k: &Key, v: &Node) -> Option<OptionSpec> {
    let mut f = r.map(v, "an option: { default, choices }")?;
    let description = f
        .opt("description")
        .and_then(|n| r.string(n, "a description"));
    let default_node = f.req(r, "default", "the default choice");
    let default = default_node.and_then(|n| r.string(n, "a choice name"));
    let mut choices = Vec::new();
    // Choices with a body of the wrong type (already reported): still names of choices.
    let mut broken: Vec<String> = Vec::new();
    if let Some(c) = f.opt("choices")
        && let Some(mut cf) = r.map(c, "choice name → overrides")
    {
        for (ck, cv) in cf.rest() {
            let body = match &cv.value {
                Value::Null => Node {
                    value: Value::Map(Vec::new()),
                    span: cv.span.clone(),
                },
                Value::Map(_) => cv.clone(),
                _ => {
                    r.expected(cv, "a mapping of rule-file overrides (or `{}`)");
                    broken.push(ck.name.clone());
                    continue;
                }
            };
            choices.push(Choice {
                name: ck.name.clone(),
                body,
            });
        }
    }
    let integer = f.opt("integer").and_then(|n| {
        let mut i = r.map(n, "{ min, max, at, values }")?;
        let min = i
            .opt("min")
            .and_then(|n| r.int(n, i64::MIN, i64::MAX, "min"))
            .unwrap_or(1);
        let max = i
            .opt("max")
            .and_then(|n| r.int(n, i64::MIN, i64::MAX, "max"))
            .unwrap_or(1_000_000);
        let at = i
            .req(r, "at", "the dotted path the number is written to")
            .and_then(|n| r.string(n, "a dotted path"));
        let values = i
            .opt("values")
            .map(|n| {
                r.list(n)
                    .into_iter()
                    .filter_map(|x| r.int(x, min, max, "a listed value"))
                    .collect()
            })
            .unwrap_or_default();
        i.finish(r, "an integer option", &["min", "max", "at", "values"]);
        Some(IntegerOption {
            min,
            max,
            at: at?.split('.').map(str::to_string).collect(),
            values,
        })
    });
    f.finish(
        r,
        "an option",
        &["description", "default", "choices", "integer"],
    );
    if choices.is_empty() && integer.is_none() && broken.is_empty() {
        r.error(
            Diagnostic::new(
                "options::no-choices",
                format!("option `{}` has no choices", k.name),
                Some(k.span.clone()),
            )
            .label("no `choices:` and no `integer:`")
            .help("add `choices:` (name → overrides) or `integer:` (min, max, at)"),
        );
        return None;
    }
    let opt = OptionSpec {
        name: k.name.clone(),
        span: k.span.clone(),
        description,
        default: default?,
        choices,
        integer,
    };
    if !opt.accepts(&opt.default) && !broken.contains(&opt.default) {
        let names: Vec<&str> = opt.choices.iter().map(|c| c.name.as_str()).collect();
        let span = default_node?.span.clone();
        r.error(
            Diagnostic::new(
                "options::bad-default",
                format!(
                    "the default `{}` of option `{}` is not among its choices",
                    opt.default, opt.name
                ),
                Some(span),
            )
            .label("not a choice of this option")
            .help(match suggest(&opt.default, names.iter().copied()) {
                Some(s) => format!(
                    "did you mean `{s}`? `{}` accepts {}",
                    opt.name,
                    opt.accepted()
                ),
                None => format!("`{}` accepts {}", opt.name, opt.accepted()),
            }),
        );
        return None;
    }
    if !broken.is_empty() {
        return None;
    }
    Some(opt)
}

/// Checks an assignment against the declared options.
pub fn check_assignment(options: &[OptionSpec], a: &Assignment) -> Result<(), Diagnostics> {
    let mut errors = Diagnostics::default();
    for (name, value) in &a.0 {
        let text = format!("{name}={value}");
        let src = text_source("--set", &text);
        match options.iter().find(|o| &o.name == name) {
            None => {
                let help = match suggest(name, options.iter().map(|o| o.name.as_str())) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None if options.is_empty() => "this variant has no options".to_string(),
                    None => format!(
                        "the options are {}",
                        options
                            .iter()
                            .map(|o| format!("`{}`", o.name))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                errors.push(
                    Diagnostic::new(
                        "options::unknown",
                        format!("unknown option `{name}`"),
                        Some(Span::new(&src, 0, name.len())),
                    )
                    .label("not an option of this variant")
                    .help(help),
                );
            }
            Some(o) if !o.accepts(value) => {
                let hint = suggest(value, o.choices.iter().map(|c| c.name.as_str()))
                    .map(|s| format!("did you mean `{s}`? "))
                    .unwrap_or_default();
                errors.push(
                    Diagnostic::new(
                        "options::bad-choice",
                        format!("`{value}` is not a choice of option `{name}`"),
                        Some(Span::new(&src, name.len() + 1, text.len())),
                    )
                    .label("not a choice")
                    .help(format!("{hint}`{name}` accepts {}", o.accepted())),
                );
            }
            Some(_) => {}
        }
    }
    errors.into_result(())
}

/// Applies the assignment (defaults for options not named) to `tree`, in declaration order.
/// The assignment must have passed [`check_assignment`].
pub fn apply(tree: &mut Node, options: &[OptionSpec], a: &Assignment) {
    for o in options {
        let value = a.get(&o.name).unwrap_or(&o.default);
        if let Some(c) = o.choices.iter().find(|c| c.name == value) {
            merge(tree, &c.body);
        } else if let (Some(i), Ok(v)) = (&o.integer, value.parse::<i64>()) {
            let span = o.span.clone();
            set_path(
                tree,
                &i.at,
                Node {
                    value: Value::Int(v),
                    span,
                },
            );
        }
    }
}

fn set_path(tree: &mut Node, path: &[String], value: Node) {
    let Some((first, rest)) = path.split_first() else {
        *tree = value;
        return;
    };
    if !matches!(tree.value, Value::Map(_)) {
        tree.value = Value::Map(Vec::new());
    }
    let span = tree.span.clone();
    let Value::Map(entries) = &mut tree.value else {
        return;
    };
    let i = match entries.iter().position(|(k, _)| &k.name == first) {
        Some(i) => i,
        None => {
            entries.push((
                Key {
                    name: first.clone(),
                    span: span.clone(),
                },
                Node {
                    value: Value::Map(Vec::new()),
                    span,
                },
            ));
            entries.len() - 1
        }
    };
    set_path(&mut entries[i].1, rest, value);
}
