//! The diagnostics corpus: every broken rule file under `tests/diagnostics/` is checked with
//! `ashtapada check`, must fail with exit code 1, and its report (standard error) is
//! snapshot-tested. Each report must be located (`╭─[file:line:column]`) and carry a help line.
//!
//! The built-in rule files must pass `check`, and `explain chaturanga` is snapshot-tested too.
//!
//! Paths are given relative to the repository root (the working directory is set to it), so the
//! snapshots do not depend on where the repository is cloned. Accept new snapshots with
//! `INSTA_UPDATE=always cargo test -p ashtapada-tests --test diagnostics`.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The repository root, made the working directory (every test here wants the same one).
fn repo_root() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .canonicalize()
            .expect("the repository root exists");
        std::env::set_current_dir(&root).expect("can enter the repository root");
        root
    })
}

/// Runs the command line with `args`; returns (exit code, stdout, stderr), colour codes removed
/// (colour is on only when standard error is a terminal, e.g. a developer's `cargo test`).
fn run(args: &[&str]) -> (i32, String, String) {
    repo_root();
    let mut out = Vec::new();
    let mut err = Vec::new();
    let code = ashtapada_cli::run(
        std::iter::once("ashtapada").chain(args.iter().copied()),
        &mut out,
        &mut err,
    );
    let text = |b: Vec<u8>| strip_ansi(&String::from_utf8(b).expect("output is UTF-8"));
    (code, text(out), text(err))
}

/// `s` without ANSI escape sequences (`ESC [ … letter`).
fn strip_ansi(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            match chars.next() {
                Some('[') => {
                    for d in chars.by_ref() {
                        if d.is_ascii_alphabetic() {
                            break;
                        }
                    }
                }
                Some('(' | ')') => {
                    chars.next();
                }
                _ => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Every `.yaml` file under `dir`, recursively, relative to the repository root, sorted.
fn corpus(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(repo_root().join(&d)).expect("readable corpus folder") {
            let path = d.join(entry.expect("readable entry").file_name());
            if repo_root().join(&path).is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "yaml") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The comment block at the top of a corpus file: what it breaks.
fn header(text: &str) -> String {
    text.lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// True if `line` holds a location `╭─[FILE:LINE:COLUMN]`.
fn is_location(line: &str) -> bool {
    let Some((_, rest)) = line.split_once("╭─[") else {
        return false;
    };
    let Some(inner) = rest.strip_suffix(']') else {
        return false;
    };
    let mut parts = inner.rsplitn(3, ':');
    let (col, row, file) = (parts.next(), parts.next(), parts.next());
    let number = |s: Option<&str>| s.is_some_and(|s| !s.is_empty() && s.parse::<u32>().is_ok());
    number(col) && number(row) && file.is_some_and(|f| !f.is_empty())
}

#[test]
fn every_broken_rule_file_is_reported_located_and_with_help() {
    let root = repo_root();
    let files = corpus(Path::new("tests/diagnostics"));
    assert!(
        files.len() >= 20,
        "the corpus has only {} files",
        files.len()
    );
    for file in files {
        let path = file.to_str().expect("UTF-8 path").replace('\\', "/");
        let stem = file.file_stem().and_then(|s| s.to_str()).expect("a stem");
        let text = std::fs::read_to_string(root.join(&file)).expect("readable corpus file");
        let (code, out, err) = run(&["check", &path]);
        assert_eq!(code, 1, "{path}: exit code {code}\n{out}{err}");
        assert!(out.is_empty(), "{path}: nothing on stdout, got:\n{out}");
        // Safety net: no absolute path of this clone may leak into a snapshot.
        let err = err.replace(&format!("{}/", root.display()), "");

        // One report per problem: each starts with its code line `ashtapada::…`.
        let mut reports: Vec<Vec<&str>> = Vec::new();
        for line in err.lines() {
            if line.starts_with("ashtapada::") {
                reports.push(Vec::new());
            }
            if let Some(r) = reports.last_mut() {
                r.push(line);
            }
        }
        assert!(!reports.is_empty(), "{path}: no report\n{err}");
        for r in &reports {
            let report = r.join("\n");
            assert!(
                r.iter().any(|l| is_location(l)),
                "{path}: a report without `╭─[file:line:column]`:\n{report}"
            );
            assert!(
                r.iter().any(|l| l.trim_start().starts_with("help:")),
                "{path}: a report without a help line:\n{report}"
            );
        }

        insta::with_settings!({ description => header(&text), omit_expression => true }, {
            insta::assert_snapshot!(stem, err);
        });
    }
}

#[test]
fn builtin_rule_files_check_clean() {
    let (code, out, err) = run(&["check", "rules/chaturanga.yaml", "rules/shatranj.yaml"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.is_empty(), "{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.lines().all(|l| l.starts_with("ok: rules/")), "{out}");
}

#[test]
fn explain_chaturanga() {
    let (code, out, err) = run(&["explain", "chaturanga"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("explain_chaturanga", out);
}

/// The problems of `text` (a rule file extending chaturanga) under the default options.
fn problems(text: &str) -> Vec<ashtapada::Diagnostic> {
    use ashtapada::{Assignment, compile, spec::load_str};
    load_str("t.yaml", text)
        .and_then(|f| compile(&f, &Assignment::default()))
        .expect_err("the file is refused")
        .0
}

#[test]
fn a_misspelt_result_word_is_a_located_error_never_a_draw() {
    use ashtapada::diag::Code;
    // Each place a result word is read; `drwa` is at the same column of line 2 in each.
    let places = [
        "end: { stalemate: drwa }",
        "end: { conditions: { x: { when: 'ply > 0', result: drwa } } }",
        "end: { repetition: { count: 3, result: drwa } }",
        "end: { move-rule: { moves: 50, result: drwa } }",
    ];
    for place in places {
        let text = format!("extends: chaturanga\n{place}\n");
        let d = problems(&text);
        let found: Vec<String> = d.iter().map(|d| d.one_line()).collect();
        let d = d
            .iter()
            .find(|d| d.code() == Code::SpecUnknownName)
            .unwrap_or_else(|| panic!("{place}: no unknown-name report in {found:?}"));
        assert_eq!(d.message, "unknown result `drwa`", "{place}");
        let span = d.span.as_ref().expect("located");
        assert_eq!(span.text(), "drwa", "{place}");
        let column = place.find("drwa").unwrap() + 1;
        assert_eq!(span.line_col(), (2, column), "{place}");
        assert_eq!(d.help.as_deref(), Some("did you mean `draw`?"), "{place}");
    }
}

/// A problem that stops the rule file's reading (a type error in `board:`, an unknown edge in
/// `seats:`, an unknown result) no longer hides the syntax errors of the pieces' Betza and the
/// end conditions' expressions: each is reported in the same run, at its characters.
#[test]
fn a_core_problem_does_not_hide_betza_and_expression_syntax() {
    use ashtapada::diag::Code;
    let cases = [
        ("board: { files: eight, ranks: 8 }", Code::SpecType, "eight"),
        (
            "seats: [{ name: white, edge: south }, { name: black, edge: up }]",
            Code::SpecUnknownName,
            "up",
        ),
        ("stalemate: wn", Code::SpecUnknownName, "wn"),
    ];
    for (core, code, at) in cases {
        let (top, end) = match core.strip_prefix("stalemate: ") {
            Some(_) => (String::new(), format!("  {core}\n")),
            None => (format!("{core}\n"), String::new()),
        };
        let text = format!(
            "extends: chaturanga\n{top}pieces:\n  wizard: {{ letter: Z, betza: FCx }}\n\
             end:\n{end}  conditions:\n    x: {{ when: 'ply >', result: draw }}\n"
        );
        let d = problems(&text);
        let found: Vec<String> = d.iter().map(|d| d.one_line()).collect();
        let text_of = |d: &ashtapada::Diagnostic| d.span.as_ref().map(|s| s.text().to_string());
        let first = d.iter().find(|d| d.code() == code);
        let first = first.unwrap_or_else(|| panic!("{core}: no {code:?} in {found:?}"));
        assert_eq!(text_of(first).as_deref(), Some(at), "{core}");
        let betza = d.iter().find(|d| d.code() == Code::CompileBetza);
        let betza = betza.unwrap_or_else(|| panic!("{core}: no Betza error in {found:?}"));
        assert_eq!(betza.message, "`x` is not a Betza modifier", "{core}");
        assert_eq!(text_of(betza).as_deref(), Some("x"), "{core}");
        let expr = d.iter().find(|d| d.code() == Code::CompileExpression);
        let expr = expr.unwrap_or_else(|| panic!("{core}: no expression error in {found:?}"));
        assert_eq!(expr.message, "unexpected end of input", "{core}");
    }
}

/// The code lines (`ashtapada::LAYER::NAME` alone on a line) of the text files under `dir`
/// whose names end with one of `exts`, recursively, with the file each was found in.
fn code_lines(dir: &Path, exts: &[&str]) -> Vec<(String, PathBuf)> {
    let mut found = Vec::new();
    let mut stack = vec![repo_root().join(dir)];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("readable entry").path();
            let name = path.to_string_lossy().to_string();
            if path.is_dir() {
                stack.push(path);
            } else if exts.iter().any(|e| name.ends_with(e)) {
                let text = std::fs::read_to_string(&path).expect("readable text");
                for line in text.lines() {
                    let line = line.trim();
                    let rest = line.strip_prefix("ashtapada::").unwrap_or("");
                    let shaped = rest.split_once("::").is_some_and(|(layer, name)| {
                        !layer.is_empty()
                            && layer.bytes().all(|b| b.is_ascii_lowercase())
                            && !name.is_empty()
                            && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
                    });
                    if shaped {
                        found.push((line.to_string(), path.clone()));
                    }
                }
            }
        }
    }
    found
}

#[test]
fn every_code_has_its_own_string_and_every_code_shown_is_known() {
    use ashtapada::diag::Code;
    let mut strings: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
    let n = strings.len();
    strings.sort_unstable();
    strings.dedup();
    assert_eq!(strings.len(), n, "two codes share a string");
    for c in Code::ALL {
        assert_eq!(c.as_str().parse::<Code>(), Ok(*c));
        assert_eq!(c.to_string(), c.as_str());
        assert!(
            c.as_str()
                .starts_with(&format!("ashtapada::{}::", c.layer()))
        );
    }
    // The codes quoted by the README, the documentation and every snapshot of a report.
    let mut shown = code_lines(Path::new("docs"), &[".md"]);
    shown.extend(code_lines(Path::new("tests/tests/snapshots"), &[".snap"]));
    shown.extend(code_lines(Path::new("cli/tests/snapshots"), &[".snap"]));
    let readme = std::fs::read_to_string(repo_root().join("README.md")).expect("README");
    let in_readme = readme
        .lines()
        .filter(|l| l.trim().starts_with("ashtapada::") && l.trim().matches("::").count() == 2)
        .map(|l| (l.trim().to_string(), PathBuf::from("README.md")));
    shown.extend(in_readme);
    assert!(shown.len() >= 40, "only {} code lines found", shown.len());
    for (code, file) in &shown {
        assert!(
            code.parse::<Code>().is_ok(),
            "{}: `{code}` is not a diagnostic code",
            file.display()
        );
    }
}

/// `check` names every unknown kind at once (the fresh tester's item 6: `knigt` in `petrify`
/// showed only once `ston` was fixed, and `dragon` in `values:` only in a file of its own).
#[test]
fn unknown_kinds_in_petrify_and_values_are_reported_together() {
    let text = "extends: chaturanga
pieces:
  stone: { letter: W, betza: W, value: 0 }
petrify: { pieces: [ashwa], wall: ston }
values: { dragon: 3 }
";
    let d = problems(text);
    let messages: Vec<String> = d.iter().map(|d| d.one_line()).collect();
    for name in ["`ashwa`", "`ston`", "`dragon`"] {
        assert!(
            messages.iter().any(|m| m.contains(name)),
            "{name}: {messages:?}"
        );
    }
}

/// The words of `mate:` and `placement.castling-rights` name their key and the choices (the
/// fresh tester: "unknown when a checkmate is judged `sometimes`", "expected true or false
/// (true or false)").
#[test]
fn a_wrong_word_names_its_key_and_the_choices() {
    let d = problems("extends: chaturanga\nmate: { when: sometimes, stalemate: never }\n");
    let when = d.iter().find(|d| d.message.contains("sometimes")).unwrap();
    assert_eq!(when.message, "unknown `mate.when` choice `sometimes`");
    assert_eq!(
        when.help.as_deref(),
        Some("expected one of `turn`, `at-once`")
    );
    let stalemate = d.iter().find(|d| d.message.contains("never")).unwrap();
    assert_eq!(stalemate.message, "unknown `mate.stalemate` choice `never`");
    let d = problems("extends: chaturanga\nplacement: { castling-rights: maybe }\n");
    let found: Vec<String> = d.iter().map(|d| d.one_line()).collect();
    let rights = d.iter().find(|d| d.message.contains("castling-rights"));
    let rights = rights.unwrap_or_else(|| panic!("{found:?}"));
    assert_eq!(
        rights.message,
        "expected true or false (`castling-rights`), found a string"
    );
}
