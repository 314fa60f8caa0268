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
