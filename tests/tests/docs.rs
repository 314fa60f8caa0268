//! The manual (issues 12 and 25). The rules documents in `docs/` ship with the built-in
//! variants: every built-in rule file's `source:` (what `ashtapada explain` prints on its
//! `source:` line) names a document in the repository, that document names every local rule
//! of the variant with each of its listed choices and its default, and nothing points at
//! material outside the repository. The manual is a set of pages: the README stays short and
//! links every page, every relative link of the README and `docs/` leads to a file and heading
//! that exist, and the rule-file reference (`docs/rule-files.md`) is written once and checked
//! against the compiler both ways — every key a mapping accepts is documented where that
//! mapping is, every key documented is accepted — with `docs/README.md`'s key index listing
//! them all.

use ashtapada::Assignment;
use ashtapada::spec::{BUILTIN, CATALOGUE, load};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The repository's root directory (the parent of this crate's directory).
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// The text of a file of the repository, by its path from the root.
fn read(path: &str) -> String {
    std::fs::read_to_string(repo().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The files directly in a directory of the repository, as paths from the root, sorted.
fn files_in(dir: &str) -> Vec<String> {
    let entries = std::fs::read_dir(repo().join(dir))
        .unwrap_or_else(|e| panic!("{dir}/ is missing from the repository: {e}"));
    let mut files: Vec<String> = entries
        .map(|entry| entry.unwrap())
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
        .map(|entry| format!("{dir}/{}", entry.file_name().to_string_lossy()))
        .collect();
    files.sort();
    files
}

/// The path a built-in variant's `source:` names: the field up to its first space (a remark in
/// brackets may follow, e.g. `docs/chaturanga.md (section Shatranj)`).
fn source_document(variant: &str) -> String {
    let rules = load(variant).unwrap_or_else(|e| panic!("{variant}: {e:?}"));
    let spec = rules
        .resolve(&Assignment::default())
        .unwrap_or_else(|e| panic!("{variant}: {e:?}"));
    let source = spec
        .source
        .unwrap_or_else(|| panic!("{variant} has no source:"));
    source.split(' ').next().unwrap_or_default().to_string()
}

#[test]
fn every_builtin_source_names_a_document_in_the_repository() {
    for (variant, _) in BUILTIN {
        let doc = source_document(variant);
        assert!(
            doc.starts_with("docs/") && doc.ends_with(".md"),
            "{variant}: source `{doc}` is not a rules document under docs/"
        );
        assert!(
            repo().join(&doc).is_file(),
            "{variant}: source `{doc}` does not exist"
        );
        let index = read("docs/README.md");
        let name = doc.trim_start_matches("docs/");
        assert!(
            index.contains(&format!("]({name})")),
            "docs/README.md does not link {name}"
        );
    }
}

/// The catalogue's files (issue 29) name `docs/catalogue.md`, which lists each of them; the four
/// taken from `examples/` are described in the README and name no document.
#[test]
fn every_catalogue_file_is_listed_in_the_catalogue_page() {
    let page = read("docs/catalogue.md");
    for (variant, text) in CATALOGUE {
        assert!(
            page.contains(&format!("`{variant}`")),
            "docs/catalogue.md does not list `{variant}`"
        );
        if !text.lines().any(|l| l.starts_with("source:")) {
            continue;
        }
        assert_eq!(source_document(variant), "docs/catalogue.md", "{variant}");
    }
}

/// The names an "unknown variant" error calls not yet playable ([`ashtapada::spec::NOT_YET`])
/// and the rows of docs/catalogue.md's "Not yet playable" table agree: each row is in the
/// list, and each listed name is a row or has become a built-in.
#[test]
fn the_not_yet_playable_names_are_the_catalogue_page_table() {
    let page = read("docs/catalogue.md");
    let table = page
        .split("## Not yet playable")
        .nth(1)
        .expect("docs/catalogue.md has a \"Not yet playable\" section");
    let table = table.split("\n## ").next().unwrap_or(table);
    let rows: Vec<&str> = table
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .collect();
    for row in &rows {
        assert!(
            ashtapada::spec::NOT_YET.contains(row),
            "`{row}` is in the table but not in NOT_YET"
        );
    }
    for name in ashtapada::spec::NOT_YET {
        assert!(
            rows.contains(name) || ashtapada::spec::builtin(name).is_some(),
            "`{name}` is in NOT_YET but neither in the table nor a built-in"
        );
    }
}

#[test]
fn every_document_names_each_option_of_its_variant_with_its_choices() {
    for (variant, _) in BUILTIN {
        let doc = source_document(variant);
        let text = read(&doc);
        let rules = load(variant).unwrap();
        for option in &rules.options {
            let mut words = vec![option.name.clone(), option.default.clone()];
            words.extend(option.listed_choices());
            for word in words {
                assert!(
                    text.contains(&format!("`{word}`")),
                    "{doc} does not name `{word}` (option `{}` of {variant})",
                    option.name
                );
            }
        }
    }
}

/// The relative links in a Markdown text, as (file, anchor): `](target)` split at its `#`
/// (the file is empty for an in-page anchor, the anchor empty when none); web addresses are
/// left out.
fn relative_links(text: &str) -> Vec<(String, String)> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .filter(|t| !t.is_empty() && !t.contains("://") && !t.contains(' '))
        .map(|target| {
            let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
            (file.to_string(), anchor.to_string())
        })
        .collect()
}

/// The anchors of a Markdown text's headings, as GitHub makes them: the heading's text in
/// lower case, without characters other than letters, digits, `-`, `_` and spaces, spaces
/// made `-`. Lines inside code fences are not headings.
fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        let title = line.trim_start_matches('#');
        if fenced || title.len() == line.len() || !title.starts_with(' ') {
            continue;
        }
        let slug: String = title
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        out.push(slug);
    }
    out
}

/// The manual's Markdown files: the README, every page of `docs/` and the examples' README.
fn manual_files() -> Vec<String> {
    let mut files = vec!["README.md".to_string(), "examples/README.md".to_string()];
    files.extend(files_in("docs").into_iter().filter(|f| f.ends_with(".md")));
    files
}

#[test]
fn links_of_the_documents_and_the_readme_lead_to_files_and_headings_that_exist() {
    for file in manual_files() {
        let dir = repo().join(Path::new(&file).parent().unwrap());
        let text = read(&file);
        for (target, anchor) in relative_links(&text) {
            let path = if target.is_empty() {
                repo().join(&file)
            } else {
                dir.join(&target)
            };
            assert!(path.exists(), "{file}: link `{target}` leads nowhere");
            if anchor.is_empty() {
                continue;
            }
            let linked = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                anchors(&linked).contains(&anchor),
                "{file}: link `{target}#{anchor}`: no heading `{anchor}` there"
            );
        }
    }
}

/// The README is the manual's front page (issue 25): about 300 lines, pointing at each page.
#[test]
fn the_readme_is_short_and_links_every_page_of_the_manual() {
    let readme = read("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 320,
        "README.md has {lines} lines; move text into docs/"
    );
    let index = read("docs/README.md");
    for page in files_in("docs") {
        let name = page.trim_start_matches("docs/");
        if !name.ends_with(".md") || name == "README.md" {
            continue;
        }
        assert!(
            index.contains(&format!("]({name})")),
            "docs/README.md does not link {name}"
        );
    }
    for page in [
        "rule-files",
        "positions",
        "records",
        "repl",
        "simulation",
        "agents",
        "protocols",
        "reliability",
        "architecture",
    ] {
        assert!(
            readme.contains(&format!("](docs/{page}.md)")),
            "README.md does not link docs/{page}.md"
        );
    }
}

#[test]
fn nothing_points_outside_the_repository() {
    let mut files = vec!["README.md".to_string()];
    for dir in ["docs", "rules", "rules/catalogue", "tests/reference"] {
        files.extend(files_in(dir));
    }
    for file in files {
        let text = read(&file);
        // The shared folder, its translated specs and its seed pages (`seeds/000_…`); the
        // fuzz seed corpora (`fuzz/seeds/`) are inside the repository.
        for outside in [
            "shared/",
            "spec/chaturaji",
            "spec/chaturanga",
            "spec/yonin",
            "seeds/0",
        ] {
            assert!(
                !text.contains(outside),
                "{file} refers to `{outside}…`, outside the repository"
            );
        }
    }
}

/// A rule file with an unknown key, `zzqqzzqqzz`, in every mapping a rule file can hold: the
/// reader reports each as "unknown key … in WHAT" with the help "WHAT accepts `a`, `b`, …",
/// which is how the tests below learn the keys the compiler accepts, mapping by mapping.
const PROBE: &str = r#"
name: probe
zzqqzzqqzz: 1
board: { files: 8, ranks: 8, zzqqzzqqzz: 1 }
seats:
  - { name: white, edge: south, zzqqzzqqzz: 1 }
  - { name: black, edge: north, mirror: true }
pieces:
  king: { letter: K, betza: K, royal: true, zzqqzzqqzz: 1 }
  pawn:
    letter: P
    betza: fmWifmnD
    promotion: { zone: 1, to: [king], zzqqzzqqzz: 1 }
    drop: { zzqqzzqqzz: 1 }
    first-move: { zzqqzzqqzz: 1 }
  cannon:
    letter: C
    betza: mRcpR
    hops: { zzqqzzqqzz: 1 }
    region-moves: [ { in: home, betza: W, zzqqzzqqzz: 1 } ]
setup: { army: { e1: king, a2-h2: pawn, h1: cannon }, zzqqzzqqzz: 1 }
end:
  zzqqzzqqzz: 1
  repetition: { count: 3, result: draw, zzqqzzqqzz: 1 }
  move-rule: { moves: 50, result: draw, zzqqzzqqzz: 1 }
  move-repetition: { count: 4, zzqqzzqqzz: 1 }
  checkmate: loss
  mate-rule: { series: [king], zzqqzzqqzz: 1 }
  conditions: { c1: { when: "true", result: win, zzqqzzqqzz: 1 } }
options:
  opt: { default: a, choices: { a: {} }, zzqqzzqqzz: 1 }
  num: { default: 5, integer: { min: 1, max: 9, at: params.n, zzqqzzqqzz: 1 } }
params: { n: 5 }
regions: { home: a1-h2 }
dice: { count: 1, faces: { 1: [pawn] }, zzqqzzqqzz: 1 }
hands: { captures: true, zzqqzzqqzz: 1 }
placement: { squares: a1-h1, zzqqzzqqzz: 1 }
check: { interrupt: true, zzqqzzqqzz: 1 }
mate: { pieces: ownerless, zzqqzzqqzz: 1 }
castling:
  royal: king
  partner: cannon
  sides: [ { fen: K, king: g1, partner-from: h1, partner-to: f1, zzqqzzqqzz: 1 } ]
  zzqqzzqqzz: 1
captures: { mandatory: true, zzqqzzqqzz: 1 }
counting:
  board: { moves: 64, zzqqzzqqzz: 1 }
  bare: { limits: [ { moves: 64 } ], zzqqzzqqzz: 1 }
  zzqqzzqqzz: 1
formations: { boat: { kind: pawn, block: 2, distinct-seats: 2, zzqqzzqqzz: 1 } }
thrones: { kind: king, points: 5, zzqqzzqqzz: 1 }
capture-all: { kind: king, score: 5, zzqqzzqqzz: 1 }
scoring: { capture: true, zzqqzzqqzz: 1 }
match: { first-seat: rotate, zzqqzzqqzz: 1 }
material-count: { values: { pawn: 1 }, zzqqzzqqzz: 1 }
last-royal: { kinds: [king], zzqqzzqqzz: 1 }
in-check: { royal-moves: capture-only, zzqqzzqqzz: 1 }
explosions: { spares: [pawn], zzqqzzqqzz: 1 }
gating: { drops: true, zzqqzzqqzz: 1 }
enclose: { style: reversi, zzqqzzqqzz: 1 }
walls: { piece: pawn, zzqqzzqqzz: 1 }
petrify: { pieces: [pawn], wall: pawn, zzqqzzqqzz: 1 }
"#;

/// The sections of `docs/rule-files.md` that document keys: (anchor, title).
const SECTIONS: &[(&str, &str)] = &[
    ("top-level", "Top level"),
    ("seats-seats-entries", "Seats"),
    ("pieces-pieces-entries-keyed-by-kind-name", "Pieces"),
    ("setup-setup", "Setup"),
    ("end-rules-end", "End rules"),
    ("dice-dice", "Dice"),
    ("options-options", "Options"),
];

/// Where `docs/rule-files.md` documents each mapping the reader knows: (the reader's name for
/// the mapping, the anchor of its section, the table row within it for a nested mapping).
const MAPPINGS: &[(&str, &str, Option<&str>)] = &[
    ("the rule file", "top-level", None),
    ("`board`", "top-level", Some("board")),
    ("hands", "top-level", Some("hands")),
    ("placement", "top-level", Some("placement")),
    ("check", "top-level", Some("check")),
    ("mate", "top-level", Some("mate")),
    ("castling", "top-level", Some("castling")),
    ("a castling side", "top-level", Some("castling")),
    ("captures", "top-level", Some("captures")),
    ("`counting`", "top-level", Some("counting")),
    ("`counting.board`", "top-level", Some("counting")),
    ("`counting.bare`", "top-level", Some("counting")),
    ("a formation", "top-level", Some("formations")),
    ("thrones", "top-level", Some("thrones")),
    ("capture-all", "top-level", Some("capture-all")),
    ("scoring", "top-level", Some("scoring")),
    ("match", "top-level", Some("match")),
    ("material counting", "top-level", Some("material-count")),
    ("last-royal", "top-level", Some("last-royal")),
    ("in-check", "top-level", Some("in-check")),
    ("explosions", "top-level", Some("explosions")),
    ("gating", "top-level", Some("gating")),
    ("enclose", "top-level", Some("enclose")),
    ("walls", "top-level", Some("walls")),
    ("petrify", "top-level", Some("petrify")),
    ("a seat", "seats-seats-entries", None),
    ("a piece", "pieces-pieces-entries-keyed-by-kind-name", None),
    (
        "a promotion rule",
        "pieces-pieces-entries-keyed-by-kind-name",
        None,
    ),
    (
        "hop restrictions",
        "pieces-pieces-entries-keyed-by-kind-name",
        Some("hops"),
    ),
    (
        "a region move",
        "pieces-pieces-entries-keyed-by-kind-name",
        Some("region-moves"),
    ),
    (
        "drop restrictions",
        "pieces-pieces-entries-keyed-by-kind-name",
        Some("drop"),
    ),
    (
        "first-move conditions",
        "pieces-pieces-entries-keyed-by-kind-name",
        Some("first-move"),
    ),
    ("the setup", "setup-setup", None),
    ("`end`", "end-rules-end", None),
    ("`end.repetition`", "end-rules-end", Some("repetition")),
    ("`end.move-rule`", "end-rules-end", Some("move-rule")),
    (
        "`end.move-repetition`",
        "end-rules-end",
        Some("move-repetition"),
    ),
    ("`end.mate-rule`", "end-rules-end", Some("mate-rule")),
    ("a condition", "end-rules-end", Some("conditions")),
    ("dice", "dice-dice", None),
    ("an option", "options-options", None),
    ("an integer option", "options-options", None),
];

/// The keys the compiler accepts, per mapping (the reader's name for it), sorted, as the
/// unknown-key reports on [`PROBE`] list them.
fn accepted_keys() -> BTreeMap<String, Vec<String>> {
    // Read leniently, as `check` does: the options' problems do not stop the rest.
    let path =
        std::env::temp_dir().join(format!("ashtapada-docs-probe-{}.yaml", std::process::id()));
    std::fs::write(&path, PROBE).unwrap();
    let lenient = ashtapada::spec::load_leniently(path.to_str().unwrap());
    let _ = std::fs::remove_file(&path);
    let lenient = lenient.unwrap_or_else(|e| panic!("{}", e.one_line()));
    let mut diagnostics = lenient.problems.0;
    if let Err(d) = lenient.file.resolve(&Assignment::default()) {
        diagnostics.extend(d.0);
    }
    let mut out = BTreeMap::new();
    for d in diagnostics {
        let Some(what) = d.message.strip_prefix("unknown key `zzqqzzqqzz` in ") else {
            continue;
        };
        let help = d.help.clone().unwrap_or_default();
        let list = help
            .strip_prefix(&format!("{what} accepts "))
            .unwrap_or_else(|| panic!("{what}: help `{help}` lists no keys"));
        let mut keys: Vec<String> = list
            .split('`')
            .skip(1)
            .step_by(2)
            .map(String::from)
            .collect();
        keys.sort();
        out.insert(what.to_string(), keys);
    }
    out
}

/// True if `text` holds `word` with no letter, digit or `-` on either side.
fn has_word(text: &str, word: &str) -> bool {
    let part = |c: char| c.is_ascii_alphanumeric() || c == '-';
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(part) && !after.is_some_and(part)
    })
}

/// The text of the section of `docs/rule-files.md` with this anchor, up to the next heading
/// of its level or above.
fn section<'a>(page: &'a str, anchor: &str) -> &'a str {
    let lines: Vec<(usize, &str)> = page
        .lines()
        .scan(0, |at, l| {
            let start = *at;
            *at += l.len() + 1;
            Some((start, l))
        })
        .collect();
    let level = |l: &str| l.len() - l.trim_start_matches('#').len();
    let start = lines
        .iter()
        .position(|(_, l)| level(l) > 0 && anchors(l) == [anchor.to_string()])
        .unwrap_or_else(|| panic!("docs/rule-files.md has no section `{anchor}`"));
    let depth = level(lines[start].1);
    let end = lines[start + 1..]
        .iter()
        .find(|(_, l)| (1..=depth).contains(&level(l)) && l.chars().nth(level(l)) == Some(' '))
        .map_or(page.len(), |(at, _)| *at);
    &page[lines[start].0..end]
}

/// The table rows of a section that document a key: (key, the row's cells).
fn key_rows(text: &str) -> Vec<(String, Vec<&str>)> {
    text.lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.split(" | ").collect();
            let key = cells[0].strip_prefix("| `")?.strip_suffix('`')?;
            Some((key.to_string(), cells))
        })
        .collect()
}

/// The keys written in the braces of a row's type cell: `{ count: N, result: draw }` gives
/// `count` and `result` (each name right after `{` or `,` and followed by `:`, `,` or `}`).
fn brace_keys(cell: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0;
    let chars: Vec<char> = cell.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if depth == 0 || !matches!(c, '{' | ',') {
            continue;
        }
        let rest: String = chars[i + 1..].iter().collect();
        let rest = rest.trim_start();
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '-')
            .collect();
        let next = rest[name.len()..].trim_start().chars().next();
        if !name.is_empty() && matches!(next, Some(':' | ',' | '}')) {
            out.push(name);
        }
    }
    out
}

/// Issue 25: the rule-file reference is written once, in `docs/rule-files.md`, and checked
/// against the compiler: every key a mapping accepts is documented where that mapping is,
/// and every key documented there (a table's first column, a type's `{ … }`) is accepted.
#[test]
fn every_key_the_compiler_accepts_is_documented_and_every_documented_key_exists() {
    let accepted = accepted_keys();
    let page = read("docs/rule-files.md");
    let located: Vec<&str> = MAPPINGS.iter().map(|m| m.0).collect();
    for what in accepted.keys() {
        assert!(
            located.contains(&what.as_str()),
            "the reader knows the mapping `{what}`, which MAPPINGS does not place in \
             docs/rule-files.md"
        );
    }
    let keys_at = |anchor: &str, row: Option<&str>| -> Vec<String> {
        let at = MAPPINGS.iter().filter(|m| m.1 == anchor && m.2 == row);
        at.flat_map(|m| {
            accepted
                .get(m.0)
                .unwrap_or_else(|| panic!("PROBE reaches no mapping `{}`", m.0))
                .clone()
        })
        .collect()
    };
    for (what, anchor, row) in MAPPINGS {
        let text = section(&page, anchor);
        let rows = key_rows(text);
        let place = match row {
            None => text.to_string(),
            Some(r) => rows
                .iter()
                .find(|(k, _)| k == r)
                .unwrap_or_else(|| panic!("docs/rule-files.md#{anchor}: no row `{r}`"))
                .1
                .join(" | "),
        };
        for key in accepted.get(*what).unwrap_or_else(|| {
            panic!(
                "PROBE reaches no mapping `{what}`; it reaches {:?}",
                accepted.keys()
            )
        }) {
            // A section with a key table documents its own keys as rows.
            let documented = match row {
                None if !rows.is_empty() => rows.iter().any(|(k, _)| k == key),
                _ => has_word(&place, key),
            };
            assert!(
                documented,
                "docs/rule-files.md#{anchor}{}: key `{key}` of {what} is not documented",
                row.map(|r| format!(", row `{r}`")).unwrap_or_default()
            );
        }
    }
    for (anchor, _) in SECTIONS {
        let text = section(&page, anchor);
        let known = keys_at(anchor, None);
        for (key, cells) in key_rows(text) {
            assert!(
                known.contains(&key),
                "docs/rule-files.md#{anchor} documents `{key}`, which the compiler refuses"
            );
            let inner = keys_at(anchor, Some(&key));
            for word in cells.get(1).map(|c| brace_keys(c)).unwrap_or_default() {
                assert!(
                    inner.contains(&word),
                    "docs/rule-files.md#{anchor}, row `{key}`: `{word}` is no key the \
                     compiler accepts there"
                );
            }
        }
    }
}

/// The key index of `docs/README.md`: every mapping with the keys it accepts, linked to the
/// section documenting it.
fn key_index(accepted: &BTreeMap<String, Vec<String>>) -> String {
    let mut out = String::new();
    for (what, anchor, row) in MAPPINGS {
        let title = SECTIONS.iter().find(|s| s.0 == *anchor).map_or("", |s| s.1);
        let keys: Vec<String> = accepted
            .get(*what)
            .unwrap_or_else(|| {
                panic!(
                    "PROBE reaches no mapping `{what}`; it reaches {:?}",
                    accepted.keys()
                )
            })
            .iter()
            .map(|k| format!("`{k}`"))
            .collect();
        let row = row.map(|r| format!(", `{r}`")).unwrap_or_default();
        out.push_str(&format!(
            "- {what} ([{title}](rule-files.md#{anchor}){row}): {}\n",
            keys.join(", ")
        ));
    }
    out
}

/// A designer starting at `docs/README.md` finds every key without opening the README.
#[test]
fn the_docs_index_lists_every_key_the_compiler_accepts() {
    let expected = key_index(&accepted_keys());
    let index = read("docs/README.md");
    assert!(
        index.contains(&expected),
        "docs/README.md's key index is out of date; it should read:\n{expected}"
    );
}

/// The rows of `docs/modules.md`'s table of modules: (the key cell with `KIND` and `NAME`
/// written `*`, the whole row).
fn module_rows(page: &str) -> Vec<(String, String)> {
    let start = page
        .find("## The modules")
        .expect("docs/modules.md: ## The modules");
    let table = &page[start..];
    let table = &table[..table[3..].find("\n## ").map_or(table.len(), |e| e + 3)];
    table
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| module ") && !l.starts_with("|---"))
        .map(|l| {
            let cells: Vec<&str> = l.split(" | ").collect();
            let key = cells.get(1).copied().unwrap_or("");
            (key.replace("KIND", "*").replace("NAME", "*"), l.to_string())
        })
        .collect()
}

/// True if a switch `path` (`pieces.*.drop.no-mate`) is written in a row's key cell: whole,
/// or as its parent with its last part named in the row (`pieces.KIND.drop`, … `no-mate` …).
fn switch_documented(path: &str, key: &str, row: &str) -> bool {
    key.contains(&format!("`{path}")) || {
        path.rsplit_once('.').is_some_and(|(parent, last)| {
            key.contains(&format!("`{parent}`")) && has_word(row, last)
        })
    }
}

/// Issue 25: the reference is checked against the registry, module by module. Every module of
/// the registry (`rules::ModuleId::ALL`) has its row in `docs/modules.md`'s table, found by
/// the keys that switch it on (`Module::SWITCHES`), every one of which the table names; the
/// row's file (`rules/….rs`) is the module's own (it declares the module's `NAME`); the row
/// names the module's fixed end reasons (`Module::END_REASONS`); `docs/rule-files.md`
/// documents its keys (`Module::KEYS`, `PIECE_KEYS`, `PROMOTION_KEYS`, `END_KEYS`) and `docs/positions.md` its position-string
/// field (`Module::FIELD`). And every row of the table naming a `rules/` file belongs to a
/// module of the registry.
#[test]
fn every_registry_module_has_its_section_and_its_keys_documented() {
    use ashtapada::rules::{ModuleId, switch_keys};
    let page = read("docs/modules.md");
    let rows = module_rows(&page);
    let reference = read("docs/rule-files.md");
    let positions = read("docs/positions.md");
    let mut claimed = vec![false; rows.len()];
    let mut problems = Vec::new();
    for &id in ModuleId::ALL {
        let name = id.name();
        let switches = switch_keys(id);
        if switches.is_empty() {
            problems.push(format!("module `{name}` declares no switch key"));
        }
        for (n, sw) in switches.iter().enumerate() {
            let Some(at) = rows
                .iter()
                .position(|(key, row)| switch_documented(sw.path, key, row))
            else {
                problems.push(format!(
                    "docs/modules.md names no switch `{}` of module `{name}` in its table",
                    sw.path
                ));
                continue;
            };
            claimed[at] = true;
            if n > 0 {
                continue;
            }
            let row = &rows[at].1;
            // The module's own row: its file declares the module, and it names its endings.
            let file = row
                .split('`')
                .find(|w| w.starts_with("rules/") && w.ends_with(".rs"))
                .map(|f| format!("interpreter/src/{f}"));
            let own = format!("const NAME: &'static str = \"{name}\";");
            match &file {
                Some(f) if read(f).contains(&own) => {}
                _ => problems.push(format!(
                    "docs/modules.md: the row of `{}` names {file:?}, not module `{name}`'s file",
                    sw.path
                )),
            }
            for reason in id.end_reason_names() {
                if !row.contains(&format!("`{reason}`")) {
                    problems.push(format!(
                        "docs/modules.md: the row of module `{name}` does not name its end \
                         reason `{reason}`"
                    ));
                }
            }
        }
        for key in id.keys() {
            if !reference.contains(&format!("`{key}`")) && !reference.contains(&format!("`{key}:`"))
            {
                problems.push(format!(
                    "docs/rule-files.md does not document `{key}`, a key of module `{name}`"
                ));
            }
        }
        if let Some(field) = id.field()
            && !positions.contains(&format!("| {} |", field.name))
        {
            problems.push(format!(
                "docs/positions.md has no row for the `{}` field of module `{name}`",
                field.name
            ));
        }
    }
    for ((_, row), claimed) in rows.iter().zip(&claimed) {
        if !claimed && row.contains("`rules/") {
            problems.push(format!(
                "docs/modules.md: a row names no switch of a registry module: {row}"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
