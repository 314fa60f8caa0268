//! A YAML document as a tree of [`Node`]s that remember their exact source spans.
//!
//! Rule files are read into this tree first (serde-saphyr, with its resource budget), so that
//! `extends:` inheritance and option choices can be merged generically ([`merge`]) before the
//! typed model is read from the result — and every value still knows where it was written,
//! even after it moved from a parent file or an option choice into the resolved tree.

use crate::diag::{Code, Diagnostic, Source, Span};
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;
use serde_saphyr::budget::BudgetBreach;
use std::collections::HashMap;
use std::fmt;

/// Largest rule file accepted, in bytes.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// Deepest nesting of maps and lists accepted.
pub const MAX_DEPTH: usize = 64;

/// A YAML value with the span it was written at.
#[derive(Clone, Debug)]
pub struct Node {
    /// The value.
    pub value: Value,
    /// Where it was written; for a quoted string, the span includes the quotes.
    pub span: Span,
}

/// A YAML value.
#[derive(Clone, Debug)]
pub enum Value {
    /// `~`, `null` or nothing.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A floating-point number.
    Float(f64),
    /// A string.
    Str(String),
    /// A list.
    Seq(Vec<Node>),
    /// A mapping, in file order. Keys are strings (numbers are kept as their text).
    Map(Vec<(Key, Node)>),
}

/// A mapping key with its span.
#[derive(Clone, Debug)]
pub struct Key {
    /// The key as written (integers as their decimal text).
    pub name: String,
    /// Where the key was written.
    pub span: Span,
}

impl Value {
    /// What kind of value this is, for messages ("a string", "a mapping").
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "nothing (null)",
            Value::Bool(_) => "a boolean",
            Value::Int(_) => "an integer",
            Value::Float(_) => "a number",
            Value::Str(_) => "a string",
            Value::Seq(_) => "a list",
            Value::Map(_) => "a mapping",
        }
    }
}

impl Node {
    /// The entries if this is a mapping.
    pub fn as_map(&self) -> Option<&[(Key, Node)]> {
        match &self.value {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }

    /// The value under `key` if this is a mapping that has it.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.as_map()?
            .iter()
            .find(|(k, _)| k.name == key)
            .map(|(_, v)| v)
    }

    /// The scalar as text (strings as they are, numbers and booleans as written).
    pub fn scalar_text(&self) -> Option<String> {
        match &self.value {
            Value::Str(s) => Some(s.clone()),
            Value::Int(i) => Some(i.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            Value::Float(_) => Some(self.span.text().to_string()),
            _ => None,
        }
    }

    /// The span of bytes `range` *inside* this string scalar's value, when the value is written
    /// verbatim in the source (plain or simply quoted); otherwise the whole scalar's span.
    pub fn inner_span(&self, range: std::ops::Range<usize>) -> Span {
        let Value::Str(s) = &self.value else {
            return self.span.clone();
        };
        let text = self.span.source.inner();
        let start = self.span.start;
        let body = match text.as_bytes().get(start) {
            Some(b'\'' | b'"') => start + 1,
            _ => start,
        };
        let verbatim = text.get(body..body + s.len()) == Some(s.as_str());
        if verbatim && range.end <= s.len() {
            let end = if range.start == range.end {
                (body + range.end + 1).min(body + s.len().max(1))
            } else {
                body + range.end
            };
            Span::new(&self.span.source, body + range.start, end)
        } else {
            self.span.clone()
        }
    }
}

/// Merges `over` into `base`: mappings merge key by key (recursively), a `null` in `over`
/// deletes the key, anything else in `over` replaces what `base` had.
pub fn merge(base: &mut Node, over: &Node) {
    match (&mut base.value, &over.value) {
        (Value::Map(b), Value::Map(o)) => {
            for (k, v) in o {
                let pos = b.iter().position(|(bk, _)| bk.name == k.name);
                match (pos, &v.value) {
                    (Some(i), Value::Null) => {
                        b.remove(i);
                    }
                    (None, Value::Null) => {}
                    (Some(i), _) => merge(&mut b[i].1, v),
                    (None, _) => b.push((k.clone(), v.clone())),
                }
            }
        }
        _ => *base = over.clone(),
    }
}

/// Parses YAML text into a [`Node`] tree. Errors are located diagnostics.
pub fn parse_yaml(source: &Source) -> Result<Node, Diagnostic> {
    let text = source.inner();
    if text.len() > MAX_FILE_BYTES {
        return Err(Diagnostic::new(
            Code::SpecTooLarge,
            format!(
                "the file is {} bytes; rule files may have at most {MAX_FILE_BYTES}",
                text.len()
            ),
            Some(Span::new(source, 0, 0)),
        )
        .help("split the variant into a base file and `extends:` children"));
    }
    // YAML 1.2 booleans only: `on`/`off`/`yes`/`no` are words (option choices use them).
    // Duplicate keys reach `convert`, which reports both places (the parser names only one).
    let options = serde_saphyr::options! {
        strict_booleans: true,
        duplicate_keys: serde_saphyr::DuplicateKeyPolicy::PassThrough,
    };
    let raw: Result<Spanned<Raw>, _> = serde_saphyr::from_str_with_options(text, options);
    match raw {
        Ok(r) => {
            let node = convert(source, text, r, 0)?;
            if matches!(node.value, Value::Null) {
                return Err(Diagnostic::new(
                    Code::SpecEmpty,
                    "the rule file is empty",
                    Some(Span::new(source, 0, 0)),
                )
                .label("no rules in this file")
                .help("a rule file is a YAML mapping with at least `name`, `board`, `seats`, `pieces` and `setup`"));
            }
            Ok(node)
        }
        Err(e) => {
            let (start, len) = e
                .location()
                .map(|l| char_range(text, l.span().offset() as usize, l.span().len() as usize))
                .unwrap_or((0, 0));
            if let Some((message, label, help)) = plain_yaml_error(&e) {
                return Err(Diagnostic::new(
                    Code::SpecYaml,
                    message,
                    Some(Span::new(source, start, start + len)),
                )
                .label(label)
                .help(help));
            }
            let msg = e.without_snippet().to_string();
            let msg = msg
                .split_once(": ")
                .filter(|(head, _)| head.starts_with("line ") || head.starts_with("error"))
                .map(|(_, m)| m.to_string())
                .unwrap_or(msg);
            // The location is shown by the report; drop the parser's " at line L, column C".
            let msg = strip_location(&msg);
            // The scanner may report a tab where the scalar before it starts: point at the
            // tab itself (the first one from the start of that line on).
            let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
            let tab = msg
                .contains("tab")
                .then(|| text[line_start..].find('\t'))
                .flatten()
                .map(|i| line_start + i);
            let (at, label) = match tab {
                Some(t) => ((t, t + 1), "a tab"),
                None => ((start, start + len), "the YAML parser stopped here"),
            };
            let d = Diagnostic::new(
                Code::SpecYaml,
                format!("invalid YAML: {msg}"),
                Some(Span::new(source, at.0, at.1)),
            )
            .label(label);
            // An unclosed `{` or `[` is usually reported where the parser gave up, far from
            // the bracket itself: point at the bracket too.
            match unclosed_bracket(text, start) {
                Some(open) if open < start && msg.contains("flow") => {
                    let (bracket, close) = if text.as_bytes()[open] == b'{' {
                        ("{", "}")
                    } else {
                        ("[", "]")
                    };
                    let (line, _) = Span::new(source, open, open + 1).line_col();
                    Err(d
                        .also(
                            Span::new(source, open, open + 1),
                            format!("this `{bracket}` is never closed"),
                        )
                        .help(format!(
                            "close the `{bracket}` of line {line} with `{close}` before this point"
                        )))
                }
                _ => Err(d.help(
                    scanner_help(&msg)
                        .map(str::to_string)
                        .or_else(|| indentation_help(text, start))
                        .unwrap_or_else(|| {
                            "check the indentation and the brackets and quotes around this point"
                                .into()
                        }),
                )),
            }
        }
    }
}

/// The parser's errors whose own wording speaks of the library rather than of the file (API
/// names, budget counters, Rust types): (message, label, help) in plain words.
fn plain_yaml_error(e: &serde_saphyr::Error) -> Option<(String, &'static str, &'static str)> {
    use serde_saphyr::Error as E;
    let too_many = || {
        Some((
            "the file expands to too many values (alias bomb?)".to_string(),
            "too many values by here",
            "a rule file needs a few thousand values at most: use fewer aliases (`*name`), or \
             aliases of smaller values",
        ))
    };
    match e.without_snippet() {
        #[allow(deprecated)] // `msg`, not read, is deprecated.
        E::AliasError { error, .. } => plain_yaml_error(error),
        E::MultipleDocuments { .. }
        | E::Budget {
            breach: BudgetBreach::Documents { .. },
            ..
        } => Some((
            "a rule file holds one YAML document: remove the `---` separator".to_string(),
            "a second document starts here",
            "to share rules between variants, put them in a file of their own and write \
                 `extends:` in the others",
        )),
        // The scanner's own nesting limit (brackets nested a few hundred deep) says only
        // "recursion limit exceeded".
        E::ExternalMessage { msg, .. } if msg == "recursion limit exceeded" => Some((
            format!("nesting deeper than {MAX_DEPTH} levels"),
            "too deep here",
            "rule files need only a few levels of nesting",
        )),
        E::NonFiniteFloat { value, .. } => Some((
            format!("`{value}` is not a finite number"),
            "infinite or not a number",
            "write a whole number (rule files use no fractions, infinities or NaN)",
        )),
        E::Budget {
            breach: BudgetBreach::Depth { .. },
            ..
        }
        | E::AliasReplayStackDepthExceeded { .. } => Some((
            format!("nesting deeper than {MAX_DEPTH} levels"),
            "too deep here",
            "rule files need only a few levels of nesting",
        )),
        E::Budget { .. }
        | E::AliasReplayLimitExceeded { .. }
        | E::AliasExpansionLimitExceeded { .. }
        | E::AliasReplayCounterOverflow { .. } => too_many(),
        E::RecursiveReferencesRequireWeakTypes { .. } => Some((
            "an alias refers to itself".to_string(),
            "this alias is inside the value it names",
            "an alias `*name` cannot be used inside the value its anchor `&name` marks: write \
             the value out",
        )),
        _ => None,
    }
}

/// A help line for the scanner's errors that name their cause: tabs, unclosed quotes.
fn scanner_help(msg: &str) -> Option<&'static str> {
    if msg.contains("tab") {
        Some("indent with spaces: YAML does not allow tabs in indentation")
    } else if msg.contains("unclosed quote") {
        Some("close the quoted string with the same quote it opens with (`\"` or `'`)")
    } else {
        None
    }
}

/// When the parser stopped at the first character of a line indented differently from the
/// line before it (ignoring blank and comment lines), says so.
fn indentation_help(text: &str, at: usize) -> Option<String> {
    let at = at.min(text.len());
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let indent = |line: &str| line.len() - line.trim_start_matches(' ').len();
    let line = text[line_start..].lines().next().unwrap_or("");
    if indent(line) != at - line_start {
        return None;
    }
    let number = text[..line_start].matches('\n').count() + 1;
    let before: Vec<&str> = text[..line_start].lines().collect();
    let (prev_number, prev) = before
        .iter()
        .copied()
        .enumerate()
        .rev()
        .find(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))?;
    let (a, b) = (indent(line), indent(prev));
    (a != b).then(|| {
        format!(
            "line {number} is indented by {} and line {} by {b}: the keys of one mapping \
             start in the same column",
            crate::diag::count(a, "space", "spaces"),
            prev_number + 1
        )
    })
}

/// `msg` without a trailing ` at line L, column C`.
fn strip_location(msg: &str) -> String {
    if let Some(i) = msg.rfind(" at line ") {
        let tail = &msg[i + " at line ".len()..];
        let ok = tail.split_once(", column ").is_some_and(|(l, c)| {
            !l.is_empty()
                && !c.is_empty()
                && l.bytes().all(|b| b.is_ascii_digit())
                && c.bytes().all(|b| b.is_ascii_digit())
        });
        if ok {
            return msg[..i].to_string();
        }
    }
    msg.to_string()
}

/// The byte offset of the innermost `{` or `[` still open at byte `end` of `text`, skipping
/// comments and quoted scalars (a heuristic: good enough to point at a forgotten bracket).
fn unclosed_bracket(text: &str, end: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let end = end.min(bytes.len());
    let mut stack: Vec<usize> = Vec::new();
    let mut i = 0;
    // The last significant byte before `i` on this line (for "does a quote start a scalar").
    let mut prev: u8 = b'\n';
    while i < end {
        let b = bytes[i];
        match b {
            b'#' if prev == b'\n' || bytes[i - 1].is_ascii_whitespace() => {
                while i < end && bytes[i] != b'\n' {
                    i += 1;
                }
                prev = b'\n';
                continue;
            }
            b'\'' | b'"' if matches!(prev, b'\n' | b':' | b',' | b'[' | b'{' | b'-' | b'?') => {
                i += 1;
                while i < end && bytes[i] != b {
                    if b == b'"' && bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'{' | b'[' => stack.push(i),
            b'}' | b']' => {
                stack.pop();
            }
            _ => {}
        }
        if b == b'\n' {
            prev = b'\n';
        } else if !b.is_ascii_whitespace() {
            prev = b;
        }
        i += 1;
    }
    stack.pop()
}

/// Byte range from a character offset and length.
fn char_range(text: &str, offset: usize, len: usize) -> (usize, usize) {
    let mut it = text
        .char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(text.len()));
    let start = it.nth(offset).unwrap_or(text.len());
    let end = text[start..]
        .char_indices()
        .nth(len)
        .map_or(text.len(), |(i, _)| start + i);
    (start, end - start)
}

fn span_of<T>(source: &Source, text: &str, s: &Spanned<T>) -> Span {
    let sp = s.referenced.span();
    let (start, len) = match (sp.byte_offset(), sp.byte_len()) {
        (Some(o), Some(l)) => (o as usize, l as usize),
        _ => char_range(text, sp.offset() as usize, sp.len() as usize),
    };
    let start = start.min(text.len());
    Span::new(source, start, (start + len).min(text.len()))
}

fn convert(
    source: &Source,
    text: &str,
    raw: Spanned<Raw>,
    depth: usize,
) -> Result<Node, Diagnostic> {
    let span = span_of(source, text, &raw);
    if depth > MAX_DEPTH {
        return Err(Diagnostic::new(
            Code::SpecTooDeep,
            format!("nesting deeper than {MAX_DEPTH} levels"),
            Some(span),
        )
        .help("rule files need only a few levels of nesting"));
    }
    let value = match raw.value {
        Raw::Null => Value::Null,
        Raw::Bool(b) => Value::Bool(b),
        Raw::Int(i) => Value::Int(i),
        Raw::Float(f) => Value::Float(f),
        Raw::Str(s) => Value::Str(s),
        Raw::Seq(items) => Value::Seq(
            items
                .into_iter()
                .map(|i| convert(source, text, i, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        Raw::Map(entries) => {
            let mut out: Vec<(Key, Node)> = Vec::with_capacity(entries.len());
            // Key → index in `out`: finding a duplicate stays linear in the number of keys.
            let mut seen: HashMap<String, usize> = HashMap::with_capacity(entries.len());
            for (k, v) in entries {
                let kspan = span_of(source, text, &k);
                let name = match k.value {
                    Raw::Str(s) => s,
                    Raw::Int(i) => i.to_string(),
                    Raw::Bool(b) => b.to_string(),
                    Raw::Null => {
                        return Err(Diagnostic::new(
                            Code::SpecBadKey,
                            "a mapping entry has no key",
                            Some(kspan),
                        )
                        .label("no key before this value")
                        .help("write a name before the `:`, or remove the stray `:`"));
                    }
                    other => {
                        return Err(Diagnostic::new(
                            Code::SpecBadKey,
                            format!("a mapping key must be a name, not {}", other.kind()),
                            Some(kspan),
                        )
                        .label("not a name")
                        .help("keys are names such as `board` or `a1`; a list or mapping cannot be a key"));
                    }
                };
                if let Some(&i) = seen.get(&name) {
                    let prev = &out[i].0;
                    return Err(Diagnostic::new(
                        Code::SpecDuplicateKey,
                        format!("the key `{name}` appears twice"),
                        Some(kspan),
                    )
                    .label("second time")
                    .also(prev.span.clone(), "first time")
                    .help("remove one of them: a mapping holds each key once"));
                }
                seen.insert(name.clone(), out.len());
                out.push((
                    Key { name, span: kspan },
                    convert(source, text, v, depth + 1)?,
                ));
            }
            Value::Map(out)
        }
    };
    Ok(Node { value, span })
}

/// The raw deserialised tree, before spans are turned into byte ranges.
enum Raw {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Seq(Vec<Spanned<Raw>>),
    Map(Vec<(Spanned<Raw>, Spanned<Raw>)>),
}

impl Raw {
    fn kind(&self) -> &'static str {
        match self {
            Raw::Null => "null",
            Raw::Bool(_) => "a boolean",
            Raw::Int(_) => "an integer",
            Raw::Float(_) => "a number",
            Raw::Str(_) => "a string",
            Raw::Seq(_) => "a list",
            Raw::Map(_) => "a mapping",
        }
    }
}

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Raw;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any YAML value")
            }
            fn visit_unit<E>(self) -> Result<Raw, E> {
                Ok(Raw::Null)
            }
            fn visit_none<E>(self) -> Result<Raw, E> {
                Ok(Raw::Null)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Raw, D::Error> {
                Raw::deserialize(d)
            }
            fn visit_bool<E>(self, b: bool) -> Result<Raw, E> {
                Ok(Raw::Bool(b))
            }
            fn visit_i64<E>(self, i: i64) -> Result<Raw, E> {
                Ok(Raw::Int(i))
            }
            fn visit_u64<E: serde::de::Error>(self, u: u64) -> Result<Raw, E> {
                i64::try_from(u)
                    .map(Raw::Int)
                    .map_err(|_| E::custom("integer too large"))
            }
            fn visit_i128<E: serde::de::Error>(self, _: i128) -> Result<Raw, E> {
                Err(E::custom("integer too large"))
            }
            fn visit_u128<E: serde::de::Error>(self, _: u128) -> Result<Raw, E> {
                Err(E::custom("integer too large"))
            }
            fn visit_f64<E>(self, f: f64) -> Result<Raw, E> {
                Ok(Raw::Float(f))
            }
            fn visit_str<E>(self, s: &str) -> Result<Raw, E> {
                Ok(Raw::Str(s.to_string()))
            }
            fn visit_string<E>(self, s: String) -> Result<Raw, E> {
                Ok(Raw::Str(s))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Raw, A::Error> {
                let mut v = Vec::new();
                while let Some(x) = a.next_element()? {
                    v.push(x);
                }
                Ok(Raw::Seq(v))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Raw, A::Error> {
                let mut v = Vec::new();
                while let Some(e) = a.next_entry()? {
                    v.push(e);
                }
                Ok(Raw::Map(v))
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::text_source;

    fn parse(text: &str) -> Node {
        parse_yaml(&text_source("t.yaml", text)).unwrap()
    }

    #[test]
    fn spans_point_at_values_and_keys() {
        let n = parse("name: x\nboard: { files: 8, ranks: 9 }\nlist: ['b2', c3]\n");
        assert_eq!(n.get("name").unwrap().span.text(), "x");
        let board = n.get("board").unwrap();
        assert_eq!(board.get("ranks").unwrap().span.text(), "9");
        let list = n.get("list").unwrap();
        let Value::Seq(items) = &list.value else {
            panic!()
        };
        assert_eq!(items[0].inner_span(0..2).text(), "b2");
        assert_eq!(items[1].inner_span(1..2).text(), "3");
        let (k, _) = &n.as_map().unwrap()[1];
        assert_eq!(k.span.text(), "board");
    }

    #[test]
    fn merge_overrides_deletes_and_adds() {
        let mut a = parse("a: 1\nb: { x: 1, y: 2 }\nc: [1]\n");
        let b = parse("b: { y: ~, z: 3 }\nc: [2, 3]\nd: 4\n");
        merge(&mut a, &b);
        let m = a.as_map().unwrap();
        let names: Vec<_> = m.iter().map(|(k, _)| k.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c", "d"]);
        let bm: Vec<_> = a
            .get("b")
            .unwrap()
            .as_map()
            .unwrap()
            .iter()
            .map(|(k, _)| k.name.clone())
            .collect();
        assert_eq!(bm, ["x", "z"]);
        assert!(matches!(&a.get("c").unwrap().value, Value::Seq(v) if v.len() == 2));
    }

    #[test]
    fn syntax_errors_and_duplicates_are_located() {
        let e = parse_yaml(&text_source("t.yaml", "a: [1, 2\nb: 3")).unwrap_err();
        assert!(e.message.starts_with("invalid YAML"), "{}", e.message);
        assert_eq!(e.span.unwrap().line_col().0, 2);
        let e = parse_yaml(&text_source("t.yaml", "a: 1\na: 2\n")).unwrap_err();
        assert!(
            e.message.contains("twice") || e.message.contains("duplicate"),
            "{}",
            e.message
        );
    }

    #[test]
    fn library_wording_is_replaced_by_plain_messages() {
        let message = |text: &str| {
            let e = parse_yaml(&text_source("t.yaml", text)).unwrap_err();
            assert_eq!(e.code().as_str(), "ashtapada::spec::yaml");
            let help = e.help.clone().unwrap_or_default();
            assert!(!help.contains("indent"), "{help}");
            e.message
        };
        assert_eq!(
            message("name: x\n---\nname: y\n"),
            "a rule file holds one YAML document: remove the `---` separator"
        );
        let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..12 {
            let refs = vec![format!("*a{}", i - 1); 10].join(", ");
            bomb.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
        }
        assert_eq!(
            message(&bomb),
            "the file expands to too many values (alias bomb?)"
        );
        let deep = format!("a: {}{}", "[".repeat(100), "]".repeat(100));
        assert_eq!(message(&deep), "nesting deeper than 64 levels");
        assert_eq!(message("a: &x\n  b: *x\n"), "an alias refers to itself");
    }

    #[test]
    fn many_keys_are_read_and_a_late_duplicate_is_found() {
        let mut text = String::from("name: x\n");
        for i in 0..100_000 {
            text.push_str(&format!("k{i}: 1\n"));
        }
        // Keys are checked against a hash map, not by a linear search per key (which took
        // over 20 s here); no clock is read, so the test cannot fail by the machine's load.
        let n = parse(&text);
        assert_eq!(n.as_map().unwrap().len(), 100_001);
        let e = parse_yaml(&text_source("t.yaml", &format!("{text}k5: 2\n"))).unwrap_err();
        assert_eq!(e.message, "the key `k5` appears twice");
        assert_eq!(e.extra[0].0.text(), "k5");
    }

    #[test]
    fn hostile_input_is_refused() {
        let deep = format!("{}1{}", "[".repeat(200), "]".repeat(200));
        assert!(parse_yaml(&text_source("t.yaml", &deep)).is_err());
        let big = "a: 1\n".repeat(300_000);
        assert!(parse_yaml(&text_source("t.yaml", &big)).is_err());
    }
}
