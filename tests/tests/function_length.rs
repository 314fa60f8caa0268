//! No function over [`MAX_LINES`] lines in `interpreter/src` and `cli/src` (issue 14), test
//! modules included: counted from the line of `fn` to the line of its closing brace.

use crate::rust_source::{Lexed, ident_char, lex, rust_files, workspace_dir};

/// The most lines a function may span.
const MAX_LINES: usize = 120;

/// Functions allowed over the limit, as (file, function name): none since issue 14; a
/// function listed here must still be over it.
const BEING_SPLIT: &[(&str, &str)] = &[];

/// Every function with a body in `l`: (name, line of `fn`, lines spanned).
fn functions(l: &Lexed) -> Vec<(String, usize, usize)> {
    let s = &l.code;
    let mut out = Vec::new();
    let mut i = 0;
    while i + 2 < s.len() {
        let word_start = i == 0 || !ident_char(s[i - 1]);
        if !(word_start && s[i] == 'f' && s[i + 1] == 'n' && !ident_char(s[i + 2])) {
            i += 1;
            continue;
        }
        let mut j = i + 2;
        while j < s.len() && s[j].is_whitespace() {
            j += 1;
        }
        let name: String = s[j..].iter().take_while(|&&c| ident_char(c)).collect();
        if name.is_empty() {
            // `fn(…)` pointer types.
            i += 2;
            continue;
        }
        // The body's brace: the first `{` outside parentheses and brackets, unless a `;` ends
        // the declaration first.
        let mut depth = 0i32;
        let mut body = None;
        while j < s.len() {
            match s[j] {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                ';' if depth == 0 => break,
                '{' if depth == 0 => {
                    body = Some(j);
                    break;
                }
                _ => {}
            }
            j += 1;
        }
        let Some(open) = body else {
            i = j;
            continue;
        };
        let mut braces = 0;
        let mut close = open;
        for (k, &c) in s.iter().enumerate().skip(open) {
            if c == '{' {
                braces += 1;
            } else if c == '}' {
                braces -= 1;
                if braces == 0 {
                    close = k;
                    break;
                }
            }
        }
        let first = l.line(i);
        out.push((name, first, l.line(close) - first + 1));
        // Nested functions are counted too: go on inside the body.
        i = open + 1;
    }
    out
}

/// Every function over the limit below `dirs`: "file:line name (N lines)", and the allowlist
/// entries that matched.
fn long_functions(dirs: &[&str]) -> (Vec<String>, Vec<(String, String)>) {
    let mut long = Vec::new();
    let mut allowed = Vec::new();
    for dir in dirs {
        for (rel, path) in rust_files(&workspace_dir(dir)) {
            let file = format!("{dir}/{rel}");
            let text = std::fs::read_to_string(&path).expect("a source file");
            for (name, line, n) in functions(&lex(&text)) {
                if n <= MAX_LINES {
                    continue;
                }
                if BEING_SPLIT.contains(&(file.as_str(), name.as_str())) {
                    allowed.push((file.clone(), name));
                } else {
                    long.push(format!("{file}:{line} {name} ({n} lines)"));
                }
            }
        }
    }
    (long, allowed)
}

#[test]
fn no_function_is_longer_than_the_limit() {
    let (long, allowed) = long_functions(&["interpreter/src", "cli/src", "plot/src"]);
    assert!(
        long.is_empty(),
        "functions over {MAX_LINES} lines (split them):\n{}",
        long.join("\n")
    );
    for (file, name) in BEING_SPLIT {
        assert!(
            allowed.iter().any(|(f, n)| f == file && n == name),
            "{file} {name} is no longer over {MAX_LINES} lines: remove it from BEING_SPLIT"
        );
    }
}

#[test]
fn functions_are_measured_from_fn_to_the_closing_brace() {
    let src = "trait T { fn decl(&self) -> [u8; 2]; }\n\
               pub(crate) fn outer(x: [u8; 2]) -> u8 {\n\
                   let s = \"}\"; // }\n\
                   fn inner() {\n\
                   }\n\
                   let f: fn(u8) -> u8 = |y| y;\n\
                   '}' as u8\n\
               }\n";
    let found = functions(&lex(src));
    assert_eq!(
        found,
        [("outer".to_owned(), 2, 7), ("inner".to_owned(), 4, 2)]
    );
}
