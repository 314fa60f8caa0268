//! Reading the workspace's own Rust sources as text, for the tests that check their shape
//! (`layers.rs`: the one-way module order; `function_length.rs`: no long functions).
//!
//! [`lex`] splits a file into code and comments with string and character literals blanked
//! out, keeping every character's position (and so its line), so that a brace or a path
//! inside a string or a comment is not taken for code.

use std::path::{Path, PathBuf};

/// A Rust file split into what is code and what is comment, as two texts of the file's own
/// length (in characters) and lines.
pub struct Lexed {
    /// The code: comments and the contents of string and character literals are spaces.
    pub code: Vec<char>,
    /// Code and doc comments (`///`, `//!`, `/** */`, `/*! */`): plain comments and the
    /// contents of string and character literals are spaces.
    pub text: Vec<char>,
}

impl Lexed {
    /// The line (from 1) of character `i`.
    pub fn line(&self, i: usize) -> usize {
        1 + self.code[..i.min(self.code.len())]
            .iter()
            .filter(|&&c| c == '\n')
            .count()
    }
}

/// True for the characters of an identifier.
pub fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The folder `rel` of the workspace (the parent of this crate's folder).
pub fn workspace_dir(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(rel)
}

/// Every `.rs` file below `dir`, sorted, with its path relative to `dir` (`/`-separated).
pub fn rust_files(dir: &Path) -> Vec<(String, PathBuf)> {
    fn walk(dir: &Path, rel: &str, out: &mut Vec<(String, PathBuf)>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for e in entries {
            let e = e.expect("a directory entry");
            let name = e.file_name().to_string_lossy().into_owned();
            let path = e.path();
            let r = if rel.is_empty() {
                name.clone()
            } else {
                format!("{rel}/{name}")
            };
            if path.is_dir() {
                walk(&path, &r, out);
            } else if name.ends_with(".rs") {
                out.push((r, path));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, "", &mut out);
    out.sort();
    out
}

/// Splits `src` into code and doc comments (see [`Lexed`]): line and nested block comments, string
/// literals (with escapes), raw strings (`r#"…"#`, `br"…"`), character literals (told from
/// lifetimes by their closing quote).
pub fn lex(src: &str) -> Lexed {
    let s: Vec<char> = src.chars().collect();
    let mut code = s.clone();
    let mut text = s.clone();
    let blank = |v: &mut Vec<char>, a: usize, b: usize| {
        for c in &mut v[a..b.min(s.len())] {
            if *c != '\n' {
                *c = ' ';
            }
        }
    };
    let at = |i: usize| s.get(i).copied().unwrap_or('\0');
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        let prev_ident = i > 0 && ident_char(s[i - 1]);
        if c == '/' && at(i + 1) == '/' {
            let end = (i..s.len()).find(|&j| s[j] == '\n').unwrap_or(s.len());
            blank(&mut code, i, end);
            let doc = matches!(at(i + 2), '/' | '!') && at(i + 3) != '/';
            if !doc {
                blank(&mut text, i, end);
            }
            i = end;
        } else if c == '/' && at(i + 1) == '*' {
            let (mut depth, mut j) = (0, i);
            while j < s.len() {
                if s[j] == '/' && at(j + 1) == '*' {
                    depth += 1;
                    j += 2;
                } else if s[j] == '*' && at(j + 1) == '/' {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut code, i, j);
            if !(matches!(at(i + 2), '*' | '!') && at(i + 3) != '*' && at(i + 3) != '/') {
                blank(&mut text, i, j);
            }
            i = j;
        } else if !prev_ident && (c == 'r' || (c == 'b' && at(i + 1) == 'r')) && raw_start(&s, i) {
            let mut j = i + if c == 'b' { 2 } else { 1 };
            let hashes = (j..s.len()).take_while(|&k| s[k] == '#').count();
            j += hashes + 1;
            let close = |k: usize| s[k] == '"' && (1..=hashes).all(|h| at(k + h) == '#');
            let end = (j..s.len()).find(|&k| close(k)).unwrap_or(s.len());
            blank(&mut code, j, end);
            blank(&mut text, j, end);
            i = end + 1 + hashes;
        } else if c == '"' || (c == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'')) {
            // A string or a character literal (a lifetime has no closing quote).
            let mut j = i + 1;
            while j < s.len() && s[j] != c {
                j += if s[j] == '\\' { 2 } else { 1 };
            }
            blank(&mut code, i + 1, j);
            blank(&mut text, i + 1, j);
            i = j + 1;
        } else {
            i += 1;
        }
    }
    Lexed { code, text }
}

/// True if a raw string starts at `i` (`r"`, `r#…"`, `br"`, …).
fn raw_start(s: &[char], i: usize) -> bool {
    let mut j = i + if s[i] == 'b' { 2 } else { 1 };
    while j < s.len() && s[j] == '#' {
        j += 1;
    }
    j < s.len() && s[j] == '"'
}

#[test]
fn lex_blanks_strings_and_keeps_comments_apart() {
    let l = lex("let a = \"x { crate::y\"; /// crate::z {\nlet c = '{'; 'a: loop {} // crate::w\n");
    let code: String = l.code.iter().collect();
    let text: String = l.text.iter().collect();
    assert!(
        !code.contains("crate::y") && !code.contains("crate::z"),
        "{code}"
    );
    assert!(
        text.contains("crate::z") && !text.contains("crate::y"),
        "{text}"
    );
    assert!(
        !text.contains("crate::w"),
        "plain comments are not read: {text}"
    );
    assert_eq!(code.matches('{').count(), 1, "{code}");
    assert_eq!(l.line(code.find("loop").unwrap()), 2);
    let raw = lex("r#\"a \" { \"#; /* x /* y */ { */ }");
    let code: String = raw.code.iter().collect();
    assert_eq!(code.matches(['{', '}']).count(), 1, "{code}");
}
