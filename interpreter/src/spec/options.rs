//! Local rules as named options: their declaration (`options:`), an assignment of choices,
//! and applying an assignment to a rule tree.
//!
//! An option has named choices, each a partial rule file merged over the file when chosen
//! ([`merge`](crate::yaml::merge) semantics: mappings merge, `~` deletes, other values replace).
//! An integer option also accepts any whole number in its range, written into the tree at the
//! dotted path `at:`.

use crate::diag::{Code, Diagnostic, Diagnostics, Span, text_source};
use crate::dsl::suggest;
use crate::yaml::Reader;
use crate::yaml::{Key, Node, Value, merge};
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
    /// Where the path was written (the `at:` value).
    pub at_node: Node,
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
            if !out.contains(&self.default) && parse_int(&self.default).is_some() {
                out.insert(0, self.default.clone());
            }
        }
        for c in &self.choices {
            out.push(c.name.clone());
        }
        out
    }

    /// The values a sweep over every combination of options tries, default first: the
    /// default; for an integer option one other number (the first listed `values:` entry that
    /// is not the default, else the nearest other number in range); then every named choice
    /// not yet included, in file order.
    ///
    /// ```
    /// let f = ashtapada::spec::load("chaturanga").unwrap();
    /// // `move-rule`: default 50, listed values 50 and 70, and the choice `none`.
    /// assert_eq!(f.option("move-rule").unwrap().sweep_values(), ["50", "70", "none"]);
    /// ```
    pub fn sweep_values(&self) -> Vec<String> {
        let mut out = vec![self.default.clone()];
        if let Some(i) = &self.integer {
            let default = parse_int(&self.default);
            let other = i
                .values
                .iter()
                .copied()
                .find(|&v| Some(v) != default)
                .or_else(|| {
                    let d = default.unwrap_or(i.min);
                    [d.checked_add(1), d.checked_sub(1), Some(i.min)]
                        .into_iter()
                        .flatten()
                        .find(|&v| Some(v) != default && (i.min..=i.max).contains(&v))
                });
            out.extend(other.map(|v| v.to_string()));
        }
        for c in &self.choices {
            if !out.contains(&c.name) {
                out.push(c.name.clone());
            }
        }
        out
    }

    /// Whether choosing among its choices can change play: it has an integer value or a
    /// choice that overrides part of the file (an option whose choices are all empty, such as
    /// a display setting, does not).
    pub fn changes_play(&self) -> bool {
        self.integer.is_some()
            || self
                .choices
                .iter()
                .any(|c| c.body.as_map().is_none_or(|m| !m.is_empty()))
    }

    /// True if `value` is acceptable for this option: a choice's name or, for an integer
    /// option, a whole number in range written in decimal digits (`5`, `05`, `-3`; not `+5`).
    pub fn accepts(&self, value: &str) -> bool {
        self.choices.iter().any(|c| c.name == value)
            || self
                .integer
                .as_ref()
                .is_some_and(|i| parse_int(value).is_some_and(|v| (i.min..=i.max).contains(&v)))
    }

    /// `value` in its normal form: a number as it is shown (`05` → `5`), anything else as it
    /// is. A choice's name is never rewritten.
    pub fn normalise(&self, value: &str) -> String {
        match parse_int(value) {
            Some(v) if self.integer.is_some() && !self.choices.iter().any(|c| c.name == value) => {
                v.to_string()
            }
            _ => value.to_string(),
        }
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

/// A whole number written in decimal digits with an optional `-`: `5`, `05`, `-3`, not `+5`
/// or ` 5`.
fn parse_int(s: &str) -> Option<i64> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// An assignment of choices to options, as given on a command line: `name=choice` pairs.
/// Options not named take their defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assignment(pub Vec<(String, String)>);

impl Assignment {
    /// Parses `NAME=CHOICE` items (as from repeated `--set`).
    ///
    /// Errors: an item not of that form; an option set twice (naming both items).
    pub fn parse<S: AsRef<str>>(items: &[S]) -> Result<Assignment, Diagnostics> {
        let mut out: Vec<(String, String)> = Vec::new();
        let mut errors = Diagnostics::default();
        for item in items {
            let item = item.as_ref();
            match item.split_once('=') {
                Some((n, c)) if !n.trim().is_empty() && !c.trim().is_empty() => {
                    let (n, c) = (n.trim(), c.trim());
                    if let Some((_, first)) = out.iter().find(|(o, _)| o == n) {
                        let src = text_source("--set", item);
                        errors.push(
                            Diagnostic::new(
                                Code::OptionsSetTwice,
                                format!("option `{n}` is set twice: `{n}={first}` and `{item}`"),
                                Some(Span::new(&src, 0, item.len())),
                            )
                            .label("second `--set` of this option")
                            .help(format!("give `--set {n}=…` once")),
                        );
                        continue;
                    }
                    out.push((n.to_string(), c.to_string()))
                }
                _ => {
                    let src = text_source("--set", item);
                    errors.push(
                        Diagnostic::new(
                            Code::OptionsSyntax,
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

/// Every combination of the options' [sweep values](OptionSpec::sweep_values), as complete
/// assignments (every option named, in declaration order); the first option varies slowest and
/// the first combination is all defaults. No options give one empty assignment.
pub fn combinations(options: &[OptionSpec]) -> Vec<Assignment> {
    let axes: Vec<(String, Vec<String>)> = options
        .iter()
        .map(|o| (o.name.clone(), o.sweep_values()))
        .collect();
    product(&Assignment::default(), &axes)
}

/// Every combination of `axes` (option name, values) over `base`: the first axis varies
/// slowest, and each combination is `base` with the axes' options set. No axes give `base`.
pub fn product(base: &Assignment, axes: &[(String, Vec<String>)]) -> Vec<Assignment> {
    let mut out = vec![base.clone()];
    for (name, values) in axes {
        out = out
            .iter()
            .flat_map(|a| values.iter().map(move |v| a.with(name, v)))
            .collect();
    }
    out
}

/// Reads the `options:` mapping.
pub fn read_options(r: &mut Reader, node: &Node) -> Vec<OptionSpec> {
    let mut out = Vec::new();
    let Some(mut all) = r.map(node, "option name → option") else {
        return out;
    };
    let entries = all.rest();
    let names: Vec<&str> = entries.iter().map(|(k, _)| k.name.as_str()).collect();
    for (k, v) in entries {
        let others = names.iter().copied().filter(|n| *n != k.name);
        if let Some(o) = read_option(r, k, v, others) {
            out.push(o);
        }
    }
    out
}

/// Reads one option; `others` are the names of the other options (for a suggestion when this
/// one, having no choices, looks like a misspelt change of another's default).
fn read_option<'a>(
    r: &mut Reader,
    k: &Key,
    v: &Node,
    others: impl Iterator<Item = &'a str>,
) -> Option<OptionSpec> {
    let mut f = r.map(v, "an option: { default, choices }")?;
    let description = f
        .opt("description")
        .and_then(|n| r.string(n, "a description"));
    let default_node = f.req(r, "default", "the default choice");
    let default = default_node.and_then(|n| r.string(n, "a choice name"));
    // Choices with a body of the wrong type (already reported): still names of choices.
    let (choices, broken) = match f.opt("choices") {
        Some(c) => read_choices(r, k, c),
        None => (Vec::new(), Vec::new()),
    };
    // An `integer:` with problems (already reported): the option is not usable either.
    let integer = match f.opt("integer").map(|n| read_integer(r, n)) {
        Some(Err(())) => Err(()),
        Some(Ok(i)) => Ok(i),
        None => Ok(None),
    };
    f.finish(
        r,
        "an option",
        &["description", "default", "choices", "integer"],
    );
    let integer = integer.ok()?;
    if choices.is_empty() && integer.is_none() && broken.is_empty() {
        r.error(no_choices(k, others));
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
        r.error(bad_default(&opt, default_node?));
        return None;
    }
    if !broken.is_empty() {
        return None;
    }
    Some(opt)
}

/// Reads `choices:` of option `k`: the choices, and the names of those whose body is broken
/// (reported).
fn read_choices(r: &mut Reader, k: &Key, c: &Node) -> (Vec<Choice>, Vec<String>) {
    let (mut choices, mut broken) = (Vec::new(), Vec::new());
    let Some(mut cf) = r.map(c, "choice name → overrides") else {
        return (choices, broken);
    };
    for (ck, cv) in cf.rest() {
        match choice_body(r, k, ck, cv) {
            Some(body) => choices.push(Choice {
                name: ck.name.clone(),
                body,
            }),
            None => broken.push(ck.name.clone()),
        }
    }
    (choices, broken)
}

/// The overrides of choice `ck` of option `k` (`~` is no override), or `None` with the problem
/// reported: a body that is not a mapping, or one that sets `name`, `extends` or `options`.
fn choice_body(r: &mut Reader, k: &Key, ck: &Key, cv: &Node) -> Option<Node> {
    let entries = match &cv.value {
        Value::Null => {
            return Some(Node {
                value: Value::Map(Vec::new()),
                span: cv.span.clone(),
            });
        }
        Value::Map(entries) => entries,
        _ => {
            r.expected(cv, "a mapping of rule-file overrides (or `{}`)");
            return None;
        }
    };
    let forbidden: Vec<&Key> = entries
        .iter()
        .map(|(k, _)| k)
        .filter(|k| matches!(k.name.as_str(), "name" | "extends" | "options"))
        .collect();
    for key in &forbidden {
        r.error(
            Diagnostic::new(
                Code::OptionsChoiceKey,
                format!(
                    "the choice `{}` of option `{}` sets `{}`",
                    ck.name, k.name, key.name
                ),
                Some(key.span.clone()),
            )
            .label("not allowed in a choice")
            .help(
                "a choice overrides rules; it cannot rename the variant, extend a file or \
                 declare options",
            ),
        );
    }
    forbidden.is_empty().then(|| cv.clone())
}

/// Reads `integer: { min, max, at, values }`: `Err(())` when its range is empty (reported: the
/// option is not usable), `Ok(None)` when a required part is missing (reported).
fn read_integer(r: &mut Reader, n: &Node) -> Result<Option<IntegerOption>, ()> {
    let Some(mut i) = r.map(n, "{ min, max, at, values }") else {
        return Ok(None);
    };
    let min = i
        .opt("min")
        .and_then(|n| r.int(n, i64::MIN, i64::MAX, "min"))
        .unwrap_or(1);
    let max_node = i.opt("max");
    let max = max_node
        .and_then(|n| r.int(n, i64::MIN, i64::MAX, "max"))
        .unwrap_or(1_000_000);
    if let Some(n) = max_node.filter(|_| max < min) {
        r.error(
            Diagnostic::new(
                Code::OptionsEmptyRange,
                format!("`max` ({max}) is less than `min` ({min}): no number is accepted"),
                Some(n.span.clone()),
            )
            .label(format!("less than {min}"))
            .help(
                "`integer:` accepts the whole numbers from `min` to `max`: make `max` at least \
                 `min`",
            ),
        );
    }
    let at_node = i.req(r, "at", "the dotted path the number is written to");
    let at = at_node.and_then(|n| r.string(n, "a dotted path"));
    // With an empty range, every listed value would be reported too: check none.
    let values = i
        .opt("values")
        .filter(|_| min <= max)
        .map(|n| {
            r.list(n)
                .into_iter()
                .filter_map(|x| r.int(x, min, max, "a listed value"))
                .collect()
        })
        .unwrap_or_default();
    i.finish(r, "an integer option", &["min", "max", "at", "values"]);
    if max < min {
        return Err(());
    }
    let (Some(at), Some(at_node)) = (at, at_node) else {
        return Ok(None);
    };
    Ok(Some(IntegerOption {
        min,
        max,
        at: at.split('.').map(str::to_string).collect(),
        at_node: at_node.clone(),
        values,
    }))
}

/// The problem of option `k` with neither `choices:` nor `integer:`; `others` are the other
/// options' names, for a "did you mean" when `k` looks like a misspelt one.
fn no_choices<'a>(k: &Key, others: impl Iterator<Item = &'a str>) -> Diagnostic {
    Diagnostic::new(
        Code::OptionsNoChoices,
        format!("option `{}` has no choices", k.name),
        Some(k.span.clone()),
    )
    .label("no `choices:` and no `integer:`")
    .help(match suggest(&k.name, others) {
        Some(s) => format!(
            "did you mean `{s}`? To change an option of the file this one extends, write its \
             name exactly; to declare a new option, add `choices:` (name → overrides) or \
             `integer:` (min, max, at)"
        ),
        None => "add `choices:` (name → overrides) or `integer:` (min, max, at)".into(),
    })
}

/// The problem of `opt`'s default (written at `default_node`) that is none of its choices.
fn bad_default(opt: &OptionSpec, default_node: &Node) -> Diagnostic {
    let names: Vec<&str> = opt.choices.iter().map(|c| c.name.as_str()).collect();
    Diagnostic::new(
        Code::OptionsBadDefault,
        format!(
            "the default `{}` of option `{}` is not among its choices",
            opt.default, opt.name
        ),
        Some(default_node.span.clone()),
    )
    .label("not a choice of this option")
    .help(match suggest(&opt.default, names.iter().copied()) {
        Some(s) => format!(
            "did you mean `{s}`? `{}` accepts {}",
            opt.name,
            opt.accepted()
        ),
        None => format!("`{}` accepts {}", opt.name, opt.accepted()),
    })
}

/// Checks that the `at:` path of every integer option names a place in `tree` (the rule file
/// with its parents): each key but the last must exist and hold a mapping; the last may be new
/// (it is then created in that mapping). A wrong path is reported at the `at:` value, on the
/// segment at fault, with the keys that exist there.
pub fn check_paths(r: &mut Reader, tree: &Node, options: &[OptionSpec]) {
    for o in options {
        let Some(i) = &o.integer else { continue };
        let mut node = tree;
        let mut offset = 0;
        for (depth, key) in i.at.iter().enumerate() {
            let range = offset..offset + key.len();
            offset += key.len() + 1;
            let walked = i.at[..depth].join(".");
            let place = if walked.is_empty() {
                "the rule file".to_string()
            } else {
                format!("`{walked}`")
            };
            if key.is_empty() {
                r.error(
                    Diagnostic::new(
                        Code::OptionsBadPath,
                        if i.at.len() == 1 {
                            "the path `at:` is empty".to_string()
                        } else {
                            format!("the path `at: {}` has an empty key", i.at.join("."))
                        },
                        Some(i.at_node.inner_span(range)),
                    )
                    .label("empty key")
                    .help(
                        "`at:` is the dotted path of a value in the rule file: keys separated by \
                         single dots, e.g. `end.move-rule.moves`",
                    ),
                );
                break;
            }
            let Some(entries) = node.as_map() else {
                r.error(
                    Diagnostic::new(
                        Code::OptionsBadPath,
                        format!(
                            "`at: {}` goes through {place}, which is {}, not a mapping",
                            i.at.join("."),
                            node.value.kind()
                        ),
                        Some(i.at_node.inner_span(range)),
                    )
                    .label(format!("{place} has no keys"))
                    .help("`at:` is the dotted path of a value in the rule file, e.g. `end.move-rule.moves`"),
                );
                break;
            };
            let last = depth + 1 == i.at.len();
            match entries.iter().find(|(k, _)| k.name == *key) {
                Some((_, v)) => node = v,
                None if last => {}
                None => {
                    let names = entries.iter().map(|(k, _)| k.name.as_str());
                    let help = match suggest(key, names.clone()) {
                        Some(s) => format!("did you mean `{s}`?"),
                        None if entries.is_empty() => format!("{place} is empty"),
                        None => format!(
                            "{place} has {}",
                            names
                                .map(|n| format!("`{n}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    };
                    r.error(
                        Diagnostic::new(
                            Code::OptionsBadPath,
                            format!("`at: {}`: {place} has no key `{key}`", i.at.join(".")),
                            Some(i.at_node.inner_span(range)),
                        )
                        .label("no such key")
                        .help(format!(
                            "{help} (`at:` is the dotted path of a value in the rule file; only \
                             its last key may be new)"
                        )),
                    );
                    break;
                }
            }
        }
    }
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
                        Code::OptionsUnknown,
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
                        Code::OptionsBadChoice,
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
        } else if let (Some(i), Some(v)) = (&o.integer, parse_int(value)) {
            // Reported at the path, should the number be wrong where it lands.
            let span = i.at_node.span.clone();
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
    // A key created on the way is located where the path was written.
    let span = value.span.clone();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_option_set_twice_is_an_error_naming_both() {
        let e = Assignment::parse(&["move-rule=50", "stalemate=draw", "move-rule=70"]).unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(
            e.0[0].message,
            "option `move-rule` is set twice: `move-rule=50` and `move-rule=70`"
        );
    }

    #[test]
    fn sweep_values_take_the_default_one_other_number_and_every_choice() {
        let f = crate::spec::load("chaturaji").unwrap();
        let values = |name: &str| f.option(name).unwrap().sweep_values();
        // Default 30, listed 20, 30, 50 (the first that is not the default is 20), and `none`.
        assert_eq!(values("round-limit"), ["30", "20", "none"]);
        assert_eq!(values("boat-triumph"), ["on", "off"]);
        let y = crate::spec::load("yonin-shogi").unwrap();
        // Default `none` is a choice; the first listed number is 200.
        assert_eq!(
            y.option("move-limit").unwrap().sweep_values(),
            ["none", "200"]
        );
    }

    #[test]
    fn a_number_is_found_when_none_is_listed() {
        let file = |integer: &str| {
            let text = format!(
                "params: {{}}\noptions:\n  n:\n    default: 5\n    integer: {{ {integer}, at: params.n }}\n"
            );
            crate::spec::load_str("t.yaml", &text).unwrap()
        };
        assert_eq!(file("min: 1, max: 9").options[0].sweep_values(), ["5", "6"]);
        assert_eq!(file("min: 1, max: 5").options[0].sweep_values(), ["5", "4"]);
        assert_eq!(file("min: 5, max: 5").options[0].sweep_values(), ["5"]);
    }

    #[test]
    fn combinations_are_the_product_of_the_sweep_values() {
        let f = crate::spec::load("chaturanga").unwrap();
        let all = combinations(&f.options);
        // bare-king 3 × stalemate 2 × move-rule 3.
        assert_eq!(all.len(), 18);
        assert_eq!(
            all[0].to_string(),
            "bare-king=win stalemate=loss move-rule=50"
        );
        assert_eq!(
            all[17].to_string(),
            "bare-king=shatranj stalemate=draw move-rule=none"
        );
        let mut unique = all.clone();
        unique.dedup();
        assert_eq!(unique.len(), 18);
        assert_eq!(combinations(&[]), [Assignment::default()]);
    }

    /// Compiled choices: `tests/tests/options.rs`.
    #[test]
    fn a_plus_sign_is_not_a_number() {
        assert_eq!(parse_int("-12"), Some(-12));
        for bad in ["+5", " 5", "5 ", "", "-", "0x5"] {
            assert_eq!(parse_int(bad), None, "{bad:?}");
        }
    }
}
