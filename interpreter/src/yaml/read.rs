//! Reading typed values out of a [`Node`] tree, collecting every problem as a diagnostic.
//!
//! [`Fields`] walks one mapping: each key the reader asks for is marked as read, and
//! [`Fields::finish`] reports the keys nobody read as unknown, with a "did you mean" line —
//! the way Fairy-Stockfish tracks read keys, but located to the character.

use super::node::{Key, Node, Value};
use crate::diag::{Code, Diagnostic, Diagnostics, Span};
use crate::dsl::suggest;

/// A string value together with the node it came from (for spans).
#[derive(Clone, Debug)]
pub struct Text {
    /// The string.
    pub value: String,
    /// Where it was written.
    pub node: Node,
}

/// Collects diagnostics while a tree is read.
#[derive(Default)]
pub struct Reader {
    /// Problems found so far.
    pub errors: Diagnostics,
    /// How many of them lose nothing: unknown keys, which are ignored (a misspelt required
    /// key is not one of them; its value is missing).
    pub ignored: usize,
    /// How many of the others a rule module's reader found in its own keys and went on past
    /// ([`contain`](Self::contain)): the module's spec keeps what read, so the compiler can
    /// still check it and the rest of the file beside them.
    pub contained: usize,
}

impl Reader {
    /// Runs `read`, a rule module's reader, which returns whether it kept a spec: if it did,
    /// the problems it found (unknown keys aside, which are [`ignored`](Self::ignored)) are
    /// [`contained`](Self::contained). A module left out for its problems keeps them
    /// stopping: another part of the file may rely on it (`setup.hand` on `hands:`).
    pub fn contain(&mut self, read: impl FnOnce(&mut Reader) -> bool) {
        let (errors, ignored) = (self.errors.len(), self.ignored);
        if read(self) {
            self.contained += (self.errors.len() - errors) - (self.ignored - ignored);
        }
    }

    /// Problems that stop the typed model: every one not ignored and not contained.
    pub fn stopping(&self) -> usize {
        self.errors.len() - self.ignored - self.contained
    }

    /// Records a problem.
    pub fn error(&mut self, d: Diagnostic) {
        self.errors.push(d);
    }

    /// A "wrong type" problem at `node`.
    pub fn expected(&mut self, node: &Node, what: &str) {
        self.error(
            Diagnostic::new(
                Code::SpecType,
                format!("expected {what}, found {}", node.value.kind()),
                Some(node.span.clone()),
            )
            .label(format!("expected {what}"))
            .help(type_help(what)),
        );
    }

    /// The mapping at `node`, or a problem.
    pub fn map<'a>(&mut self, node: &'a Node, what: &str) -> Option<Fields<'a>> {
        match &node.value {
            Value::Map(entries) => Some(Fields {
                node,
                entries,
                used: vec![false; entries.len()],
                missing: Vec::new(),
            }),
            _ => {
                self.expected(node, &format!("a mapping ({what})"));
                None
            }
        }
    }

    /// A string scalar (numbers and booleans are accepted as their text).
    pub fn string(&mut self, node: &Node, what: &str) -> Option<String> {
        match &node.value {
            Value::Str(s) => Some(s.clone()),
            Value::Int(_) | Value::Bool(_) => node.scalar_text(),
            _ => {
                self.expected(node, what);
                None
            }
        }
    }

    /// An integer within `min..=max`.
    ///
    /// A whole number too large for 64 bits (which YAML reads as a float) is out of range like
    /// any other, not "a number" of the wrong type.
    pub fn int(&mut self, node: &Node, min: i64, max: i64, what: &str) -> Option<i64> {
        let (above, shown) = match &node.value {
            Value::Int(i) if (min..=max).contains(i) => return Some(*i),
            Value::Int(i) => (*i > max, i.to_string()),
            // `8.0` stays a type error; `99999999999999999999` is out of range, and
            // `-9223372036854775808` (which the YAML parser reads as a float) is exact.
            Value::Float(f) if f.is_finite() && f.fract() == 0.0 && f.abs() >= i64::MAX as f64 => {
                let shown = node.span.text().trim().to_string();
                match shown
                    .parse::<i128>()
                    .ok()
                    .and_then(|n| i64::try_from(n).ok())
                {
                    Some(i) if (min..=max).contains(&i) => return Some(i),
                    _ => (*f > 0.0, shown),
                }
            }
            _ => {
                self.expected(node, &format!("an integer ({what})"));
                return None;
            }
        };
        let label = if above {
            format!("more than {max}")
        } else {
            format!("less than {min}")
        };
        self.error(
            Diagnostic::new(
                Code::SpecRange,
                format!("{what} must be from {min} to {max}, not {shown}"),
                Some(node.span.clone()),
            )
            .label(label)
            .help(format!("write a whole number from {min} to {max}")),
        );
        None
    }

    /// A boolean.
    pub fn bool(&mut self, node: &Node, what: &str) -> Option<bool> {
        match &node.value {
            Value::Bool(b) => Some(*b),
            _ => {
                self.expected(node, &format!("true or false ({what})"));
                None
            }
        }
    }

    /// A list (a single scalar counts as a list of one).
    pub fn list<'a>(&mut self, node: &'a Node) -> Vec<&'a Node> {
        match &node.value {
            Value::Seq(items) => items.iter().collect(),
            Value::Null => Vec::new(),
            _ => vec![node],
        }
    }

    /// One of the words in `choices`, or a problem with a suggestion.
    pub fn word<'c>(&mut self, node: &Node, choices: &[&'c str], what: &str) -> Option<&'c str> {
        let s = self.string(node, what)?;
        if let Some(c) = choices.iter().find(|c| **c == s) {
            return Some(c);
        }
        self.error(unknown_name(&node.span, what, &s, choices.iter().copied()));
        None
    }
}

/// How to write a value of the kind `what` describes ("an integer (…)", "true or false (…)").
fn type_help(what: &str) -> String {
    if what.starts_with("an integer") {
        "write a whole number in digits, without quotes, e.g. `8`".to_string()
    } else if what.starts_with("true or false") {
        "write `true` or `false`, without quotes".to_string()
    } else if what.starts_with("a mapping") {
        "write `key: value` entries, one per line indented under the key, or `{ key: value, … }`"
            .to_string()
    } else if what.starts_with("an expression") {
        "write a condition such as `bare(opponent)` or `pieces(mover) <= 1`".to_string()
    } else if what.starts_with("a list") {
        "write `[a, b]`, or one `- item` per line indented under the key".to_string()
    } else {
        format!("write {what} here")
    }
}

/// " (`gajа` contains the non-ASCII character `а`, U+0430)" when `name` is not ASCII: a
/// look-alike letter makes "did you mean `gaja`?" puzzling otherwise.
fn non_ascii_note(name: &str) -> String {
    match name.chars().find(|c| !c.is_ascii()) {
        Some(c) => format!(
            " (`{name}` contains the non-ASCII character `{c}`, U+{:04X})",
            c as u32
        ),
        None => String::new(),
    }
}

/// "unknown piece `hrose`" with "did you mean `horse`?" or the list of known names.
pub fn unknown_name<'a>(
    span: &Span,
    what: &str,
    name: &str,
    known: impl IntoIterator<Item = &'a str> + Clone,
) -> Diagnostic {
    let help = match suggest(name, known.clone()) {
        Some(s) => format!("did you mean `{s}`?{}", non_ascii_note(name)),
        None => {
            let all: Vec<_> = known.into_iter().map(|k| format!("`{k}`")).collect();
            if all.is_empty() {
                format!("no {what} is defined")
            } else {
                format!("expected one of {}", all.join(", "))
            }
        }
    };
    Diagnostic::new(
        Code::SpecUnknownName,
        format!("unknown {what} `{name}`"),
        Some(span.clone()),
    )
    .label(format!("not a known {what}"))
    .help(help)
}

/// One mapping being read; remembers which keys were read.
pub struct Fields<'a> {
    /// The mapping node.
    pub node: &'a Node,
    entries: &'a [(Key, Node)],
    used: Vec<bool>,
    /// Required keys found missing, each with the message of its report, to merge with a
    /// misspelt key in [`Fields::finish`].
    missing: Vec<(String, String)>,
}

impl<'a> Fields<'a> {
    /// The value under `key`, marking it read.
    pub fn opt(&mut self, key: &str) -> Option<&'a Node> {
        let i = self.entries.iter().position(|(k, _)| k.name == key)?;
        self.used[i] = true;
        Some(&self.entries[i].1)
    }

    /// The value under `key`, or a "missing key" problem.
    pub fn req(&mut self, r: &mut Reader, key: &str, what: &str) -> Option<&'a Node> {
        let v = self.opt(key);
        if v.is_none() {
            let message = format!("missing `{key}` ({what})");
            self.missing.push((key.to_string(), message.clone()));
            r.error(
                Diagnostic::new(Code::SpecMissingKey, message, Some(self.node.span.clone()))
                    .label(format!("this mapping needs `{key}`"))
                    .help(format!("add `{key}:` with {what}")),
            );
        }
        v
    }

    /// Every entry not yet read, marking them read (for mappings keyed by user names).
    pub fn rest(&mut self) -> Vec<(&'a Key, &'a Node)> {
        let mut out = Vec::new();
        for (i, (k, v)) in self.entries.iter().enumerate() {
            if !self.used[i] {
                self.used[i] = true;
                out.push((k, v));
            }
        }
        out
    }

    /// Reports every key not read as unknown; `known` lists the keys this mapping accepts.
    ///
    /// A misspelt required key (`peices:`) is one problem, not two: the "missing `pieces`"
    /// report is dropped in favour of the "unknown key `peices`" one, which says so.
    pub fn finish(self, r: &mut Reader, what: &str, known: &[&str]) {
        for (i, (k, _)) in self.entries.iter().enumerate() {
            if !self.used[i] {
                let mut ignored = true;
                let suggested = suggest(&k.name, known.iter().copied());
                let missing = suggested.and_then(|s| self.missing.iter().find(|m| m.0 == s));
                let help = match (suggested, missing) {
                    (Some(s), Some((_, missing))) => {
                        ignored = false;
                        // The very report `req` made: same code, place and message.
                        if let Some(j) = r.errors.0.iter().position(|d| {
                            d.code() == Code::SpecMissingKey
                                && d.span.as_ref() == Some(&self.node.span)
                                && d.message == *missing
                        }) {
                            r.errors.0.remove(j);
                        }
                        format!("did you mean `{s}`? (`{s}` is required and missing)")
                    }
                    (Some(s), None) => format!("did you mean `{s}`?{}", non_ascii_note(&k.name)),
                    (None, _) => format!(
                        "{what} accepts {}",
                        known
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                r.error(
                    Diagnostic::new(
                        Code::SpecUnknownKey,
                        format!("unknown key `{}` in {what}", k.name),
                        Some(k.span.clone()),
                    )
                    .label("unknown key")
                    .help(help),
                );
                r.ignored += ignored as usize;
            }
        }
    }
}
