//! The rules documents in `docs/` ship with the built-in variants (issue 12, item 15): every
//! built-in rule file's `source:` (what `ashtapada explain` prints on its `source:` line) names
//! a document in the repository, that document names every local rule of the variant with each
//! of its listed choices and its default, the documents' and the README's relative links lead to
//! files that exist, and nothing points at material outside the repository.

use ashtapada::Assignment;
use ashtapada::spec::{BUILTIN, CATALOGUE, load};
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

/// The relative link targets in a Markdown text: `](target)` with any `#anchor` removed;
/// web addresses and in-page anchors are left out.
fn relative_links(text: &str) -> Vec<String> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .map(|target| target.split('#').next().unwrap_or_default().to_string())
        .filter(|t| !t.is_empty() && !t.contains("://"))
        .collect()
}

#[test]
fn links_of_the_documents_and_the_readme_lead_to_files_that_exist() {
    let mut files = vec!["README.md".to_string()];
    files.extend(files_in("docs").into_iter().filter(|f| f.ends_with(".md")));
    for file in files {
        let dir = repo().join(Path::new(&file).parent().unwrap());
        for target in relative_links(&read(&file)) {
            assert!(
                dir.join(&target).exists(),
                "{file}: link `{target}` leads nowhere"
            );
        }
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
