//! The interpreter crate's one-way layer order (issue 14): a top-level module may refer only
//! to the modules listed before it in [`ORDER`], so the crate has no cycle and the vocabulary
//! stays at the bottom. Read from the sources: every `crate::` path (in `use` items with their
//! nested `{…}` groups, in code and in doc comments and their links; not in plain comments or
//! strings) and every `super::` path that reaches the crate root. Inside the crate, items are named by their defining module: a root re-export
//! (`crate::Kind`) or another module's re-export (`crate::engine::Kind`, which is
//! `crate::vocab::Kind`) is refused too.

use std::collections::{BTreeMap, BTreeSet};

use crate::rust_source::{Lexed, ident_char, lex, rust_files, workspace_dir};

/// The crate's top-level modules, lowest layer first: a module may use only those before it.
pub const ORDER: &[&str] = &[
    "diag", "geometry", "vocab", "stop", "dsl", "yaml", "rules", "spec", "compile", "engine",
    "notation", "perft", "agents", "sim", "report",
];

/// Modules of [`ORDER`] that may be absent from `lib.rs` (being built on other branches).
const NOT_YET: &[&str] = &[];

/// One reference to a top-level name: the name after `crate::` (or a root-reaching `super::`),
/// where it stands, the name after it (`crate::engine::Kind`: `Kind`), and whether it is
/// called (`crate::compile(…)`, the root function, not the module).
#[derive(Debug)]
struct Ref {
    name: String,
    at: usize,
    next: Vec<String>,
    called: bool,
}

/// The crate's source files, each with its path below `src`, its module path (`engine/play.rs`:
/// `["engine", "play"]`) and its lexed text.
fn sources() -> Vec<(String, Vec<String>, Lexed)> {
    rust_files(&workspace_dir("interpreter/src"))
        .into_iter()
        .map(|(rel, path)| {
            let text = std::fs::read_to_string(&path).expect("a source file");
            let stem = rel.trim_end_matches(".rs");
            let mut module: Vec<String> = stem.split('/').map(str::to_owned).collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                module.pop();
            }
            (rel, module, lex(&text))
        })
        .collect()
}

fn skip_ws(s: &[char], mut i: usize) -> usize {
    while i < s.len() && s[i].is_whitespace() {
        i += 1;
    }
    i
}

/// The identifier (or `*`) at `i`, and the index after it.
fn ident_at(s: &[char], i: usize) -> (String, usize) {
    if s.get(i) == Some(&'*') {
        return ("*".into(), i + 1);
    }
    let end = (i..s.len()).find(|&j| !ident_char(s[j])).unwrap_or(s.len());
    (s[i..end].iter().collect(), end)
}

/// If `::` follows `i` (after white space), the index after it.
fn colons(s: &[char], i: usize) -> Option<usize> {
    let j = skip_ws(s, i);
    (s.get(j) == Some(&':') && s.get(j + 1) == Some(&':')).then(|| skip_ws(s, j + 2))
}

/// The path items at `i` (just after a `::`): one identifier, or each item of a `{…}` group
/// (nested groups skipped), each with its position and the index after its identifier.
fn items(s: &[char], i: usize) -> Vec<(String, usize, usize)> {
    if s.get(i) != Some(&'{') {
        let (name, end) = ident_at(s, i);
        return vec![(name, i, end)];
    }
    let mut out = Vec::new();
    let (mut j, mut depth, mut fresh) = (i + 1, 1, true);
    while j < s.len() && depth > 0 {
        let c = s[j];
        if depth == 1 && fresh && (ident_char(c) || c == '*') {
            let (name, end) = ident_at(s, j);
            out.push((name, j, end));
            fresh = false;
            j = end;
            continue;
        }
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 1 => fresh = true,
            _ => {}
        }
        j += 1;
    }
    out
}

/// The top-level references of one file: `crate::` paths in `text`, and `super::` paths whose
/// chain of `super`s reaches the crate root from the (inline) module they stand in.
fn refs(l: &Lexed, module: &[String]) -> Vec<Ref> {
    let s = &l.text;
    let mut out = Vec::new();
    // Inline `mod x {` blocks (in code), as (name, brace depth outside them).
    let mut inline: Vec<(String, i32)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < s.len() {
        let c = l.code[i];
        if c == '{' {
            depth += 1;
        } else if c == '}' {
            depth -= 1;
            if inline.last().is_some_and(|m| m.1 == depth) {
                inline.pop();
            }
        }
        let starts = i == 0 || !(ident_char(s[i - 1]) || s[i - 1] == ':');
        if !starts || !(ident_char(s[i])) {
            i += 1;
            continue;
        }
        let (word, end) = ident_at(s, i);
        if word == "mod" && l.code[i] == 'm' {
            let (name, e) = ident_at(s, skip_ws(s, end));
            if l.code.get(skip_ws(s, e)) == Some(&'{') {
                inline.push((name, depth));
            }
        }
        let mut at_root = None;
        if word == "crate" {
            at_root = colons(s, end);
        } else if word == "super" {
            let mut up = 1;
            let mut j = colons(s, end);
            while let Some(k) = j {
                let (w, e) = ident_at(s, k);
                if w != "super" {
                    break;
                }
                up += 1;
                j = colons(s, e);
            }
            if module.len() + inline.len() == up {
                at_root = j;
            }
        }
        if let Some(j) = at_root {
            for (name, at, after) in items(s, j) {
                let next = colons(s, after).map_or(Vec::new(), |k| {
                    items(s, k).into_iter().map(|x| x.0).collect()
                });
                let called = s.get(after) == Some(&'(');
                out.push(Ref {
                    name,
                    at,
                    next,
                    called,
                });
            }
        }
        i = end;
    }
    out
}

/// lib.rs: the top-level modules, and each root re-export with the module it comes from.
fn root(files: &[(String, Vec<String>, Lexed)]) -> (BTreeSet<String>, BTreeMap<String, String>) {
    let lib = &files.iter().find(|f| f.0 == "lib.rs").expect("lib.rs").2;
    let code: String = lib.code.iter().collect();
    let mut modules = BTreeSet::new();
    let mut reexports = BTreeMap::new();
    for item in code.split(';') {
        let words: Vec<&str> = item.split_whitespace().collect();
        let Some(p) = words.iter().position(|w| *w == "mod" || *w == "use") else {
            continue;
        };
        if words[p] == "mod" {
            modules.insert(words[p + 1].to_owned());
            continue;
        }
        let path: String = words[p + 1..].concat();
        let Some((from, names)) = path.split_once("::") else {
            continue;
        };
        for n in names
            .trim_matches(['{', '}'])
            .split(',')
            .filter(|n| !n.is_empty())
        {
            reexports.insert(n.to_owned(), from.to_owned());
        }
    }
    (modules, reexports)
}

/// Per top-level module, the names it re-exports from another top-level module (`pub use
/// crate::vocab::{Kind, …}` in any of its files), with that module.
fn module_reexports(
    files: &[(String, Vec<String>, Lexed)],
) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut out: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (_, module, l) in files {
        let Some(top) = module.first() else { continue };
        let code: String = l.code.iter().collect();
        for (i, _) in code.match_indices("pub use crate::") {
            let at = code[..i].chars().count() + "pub use crate::".len();
            for (from, _, after) in items(&l.code, at) {
                for name in colons(&l.code, after).map_or(Vec::new(), |k| items(&l.code, k)) {
                    out.entry(top.clone())
                        .or_default()
                        .insert(name.0, from.clone());
                }
            }
        }
    }
    out
}

/// Every breach of the layer order in `files` (as [`sources`] gives them), one line each:
/// file, line, what refers to what.
fn breaches(files: &[(String, Vec<String>, Lexed)]) -> Vec<String> {
    let (modules, root_names) = root(files);
    let reexported = module_reexports(files);
    let rank = |m: &str| ORDER.iter().position(|x| *x == m);
    let mut out = Vec::new();
    for (rel, module, l) in files {
        let Some(top) = module.first() else { continue };
        for r in refs(l, module) {
            let place = format!("interpreter/src/{rel}:{}", l.line(r.at));
            if r.name == "self" || r.name.is_empty() {
                continue;
            }
            let module_name = modules.contains(&r.name) || ORDER.contains(&r.name.as_str());
            if !module_name || r.called {
                let name = &r.name;
                let from = root_names.get(name).map_or("its defining module", |m| {
                    reexported.get(m).and_then(|x| x.get(name)).unwrap_or(m)
                });
                out.push(format!(
                    "{place}: {top} names `crate::{name}`, a root re-export; import from crate::{from}::{name}"
                ));
                continue;
            }
            let used = &r.name;
            if used != top && rank(used) >= rank(top) {
                out.push(format!(
                    "{place}: {top} uses {used}, which comes at or after it in the layer order"
                ));
            }
            for n in &r.next {
                if let Some(from) = reexported.get(used).and_then(|m| m.get(n)) {
                    out.push(format!(
                        "{place}: {top} names `crate::{used}::{n}`, a re-export; import from crate::{from}"
                    ));
                }
            }
        }
    }
    out
}

#[test]
fn modules_refer_only_to_lower_layers_by_their_defining_path() {
    let found = breaches(&sources());
    assert!(
        found.is_empty(),
        "{} breaches of the layer order:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_order_names_exactly_the_crates_modules() {
    let (modules, _) = root(&sources());
    for m in &modules {
        assert!(
            ORDER.contains(&m.as_str()),
            "lib.rs module `{m}` has no place in layers::ORDER"
        );
    }
    for m in ORDER {
        assert!(
            modules.contains(*m) || NOT_YET.contains(m),
            "layers::ORDER names `{m}`, which lib.rs does not declare"
        );
    }
    let mut sorted = ORDER.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        ORDER.len(),
        "layers::ORDER names a module twice"
    );
}

#[test]
fn the_reader_finds_every_form_of_reference() {
    let src = "use crate::{engine::{Kind, Seat}, spec::Text, self};\n\
               /// [`x`](crate::sim::Report), a doc link\n\
               fn f() { g(\"crate::agents\"); crate::compile(); super::perft::perft(); }\n\
               mod tests { use super::*; fn g() { super::super::notation::x(); } }\n";
    let l = lex(src);
    let found: Vec<(String, usize, Vec<String>, bool)> = refs(&l, &["engine".to_owned()])
        .into_iter()
        .map(|r| (r.name, l.line(r.at), r.next, r.called))
        .collect();
    let want = |n: &str, line, next: &[&str], called| {
        (
            n.to_owned(),
            line,
            next.iter().map(|s| s.to_string()).collect(),
            called,
        )
    };
    assert_eq!(
        found,
        vec![
            want("engine", 1, &["Kind", "Seat"], false),
            want("spec", 1, &["Text"], false),
            want("self", 1, &[], false),
            want("sim", 2, &["Report"], false),
            want("compile", 3, &[], true),
            want("perft", 3, &["perft"], false),
            want("notation", 4, &["x"], false),
        ]
    );
}

#[test]
fn a_reference_up_the_order_or_through_a_reexport_is_named() {
    let file = |rel: &str, module: &[&str], src: &str| {
        (
            rel.to_owned(),
            module.iter().map(|m| m.to_string()).collect(),
            lex(src),
        )
    };
    let files = vec![
        file(
            "lib.rs",
            &[],
            "pub mod compile;\nmod engine;\npub mod vocab;\npub use engine::Position;\n\
             pub use vocab::Kind;\n",
        ),
        file("vocab.rs", &["vocab"], "pub struct Kind;\n"),
        file(
            "engine/mod.rs",
            &["engine"],
            "pub use crate::vocab::Kind;\npub struct Position;\n",
        ),
        file(
            "compile/mod.rs",
            &["compile"],
            "use crate::vocab::Kind;\nuse crate::engine::Kind as K;\nfn f(p: &crate::Position) {}\n",
        ),
    ];
    assert_eq!(
        breaches(&files),
        [
            "interpreter/src/compile/mod.rs:2: compile uses engine, which comes at or after it in \
             the layer order",
            "interpreter/src/compile/mod.rs:2: compile names `crate::engine::Kind`, a re-export; \
             import from crate::vocab",
            "interpreter/src/compile/mod.rs:3: compile names `crate::Position`, a root re-export; \
             import from crate::engine::Position",
        ]
    );
}
