//! Rule-file text to located diagnostics: what the playground's editor underlines as the user
//! types. The checks are `ashtapada check`'s on a text: the defaults, then each other choice
//! of each option over the defaults, so problems inside choice bodies are found too.

use ashtapada::diag::Span;
use ashtapada::spec::{self, RuleFile};
use ashtapada::{Assignment, Diagnostic, Diagnostics, compile_with_warnings};
use serde_json::{Value, json};

/// The name the editor's text carries in diagnostics (`<editor>:3:9`).
pub const EDITOR: &str = "<editor>";

/// Checks the rule-file `text` under every option choice: `{"ok": bool, "diagnostics": [...]}`
/// with each problem and warning once, in file order ([`diagnostic_json`]). `ok` is true when
/// every assignment compiled (warnings or not).
pub fn check_text(text: &str) -> Value {
    let (ok, found) = match spec::load_str(EDITOR, text) {
        Ok(file) => check_file(&file),
        Err(d) => (false, d),
    };
    let list: Vec<Value> = found.0.iter().map(diagnostic_json).collect();
    json!({ "ok": ok, "diagnostics": list })
}

/// Compiles `file` for its defaults and each non-default choice: whether all compiled, and
/// every problem and warning found (each once, sorted).
fn check_file(file: &RuleFile) -> (bool, Diagnostics) {
    let mut assignments = vec![Assignment::default()];
    for o in &file.options {
        for c in o.listed_choices() {
            if c != o.default {
                assignments.push(Assignment::default().with(&o.name, &c));
            }
        }
    }
    let mut found = Diagnostics::default();
    let mut ok = true;
    for a in &assignments {
        match compile_with_warnings(file, a) {
            Ok((_, w)) => found.0.extend(w.0),
            Err(d) => {
                ok = false;
                found.0.extend(d.0);
            }
        }
    }
    found.sort();
    let mut seen = Vec::new();
    found.0.retain(|d| {
        let key = diagnostic_json(d).to_string();
        let new = !seen.contains(&key);
        seen.push(key);
        new
    });
    (ok, found)
}

/// One diagnostic as the page shows it: `severity` (`error` or `warning`), `code`, `message`,
/// `label`, `help`, and where it is — `source` (the editor's name, or the built-in an
/// `extends:` reached), 1-based `line` and `col` of its first character and `end_line` and
/// `end_col` of its last, or no place when it has none.
pub fn diagnostic_json(d: &Diagnostic) -> Value {
    let mut v = json!({
        "severity": if d.warning { "warning" } else { "error" },
        "code": d.code().as_str(),
        "message": d.message,
        "label": d.label,
        "help": d.help,
    });
    if let Some(span) = &d.span {
        let (line, col) = span.line_col();
        let (end_line, end_col) = end_of(span);
        v["source"] = json!(span.source_name());
        v["line"] = json!(line);
        v["col"] = json!(col);
        v["end_line"] = json!(end_line);
        v["end_col"] = json!(end_col);
    }
    v
}

/// Line and column (1-based) of the span's end: of its last character, or of its start when
/// it is empty.
fn end_of(span: &Span) -> (usize, usize) {
    let text = span.source.inner().as_str();
    let end = span.end.min(text.len());
    let mut last = end.saturating_sub(1).max(span.start.min(end));
    while !text.is_char_boundary(last) {
        last -= 1;
    }
    let before = &text[..last];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// A list of diagnostics as a JSON string (the error of loading a game).
pub fn diagnostics_text(d: &Diagnostics) -> String {
    let list: Vec<Value> = d.0.iter().map(diagnostic_json).collect();
    json!({ "diagnostics": list }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A misspelt piece in the setup is reported on its line and column, with help.
    #[test]
    fn a_broken_setup_is_located() {
        let text = ashtapada::spec::builtin("chaturanga").unwrap().1;
        let broken = text.replacen("b1: ashva", "b1: ashwa", 1);
        let line = broken.lines().position(|l| l.contains("ashwa")).unwrap() + 1;
        let col = broken.lines().nth(line - 1).unwrap().find("ashwa").unwrap() + 1;
        let got = check_text(&broken);
        assert_eq!(got["ok"], false);
        let d = &got["diagnostics"][0];
        assert_eq!(d["line"], line, "{got}");
        assert_eq!(d["col"], col, "{got}");
        assert_eq!(d["source"], EDITOR);
        assert_eq!(d["severity"], "error");
        assert_eq!(check_text(text)["ok"], true);
    }

    /// YAML that does not parse is located too.
    #[test]
    fn bad_yaml_is_located() {
        let got = check_text("name: x\nboard: { files: 8\n");
        assert_eq!(got["ok"], false);
        assert!(got["diagnostics"][0]["line"].as_u64().is_some(), "{got}");
    }
}
