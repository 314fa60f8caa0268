//! Loading rule files: built-in names or paths, `extends:` inheritance, and resolution of an
//! option assignment into a typed [`RuleSpec`].

use super::catalogue::{all_builtins, builtin};
use super::digest::RulesDigest;
use super::model::{RuleSpec, read_spec};
use super::options::{Assignment, OptionSpec, apply, check_assignment, check_paths, read_options};
use crate::diag::{Code, Diagnostic, Diagnostics, Source, Span};
use crate::dsl::suggest;
use crate::yaml::{Node, Value, merge, parse_yaml};
use crate::yaml::{Reader, unknown_name};
use miette::NamedSource;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Built-in rule files, embedded in the binary: (name, YAML text).
pub const BUILTIN: &[(&str, &str)] = &[
    ("chaturanga", include_str!("../../../rules/chaturanga.yaml")),
    ("shatranj", include_str!("../../../rules/shatranj.yaml")),
    ("makruk", include_str!("../../../rules/makruk.yaml")),
    ("xiangqi", include_str!("../../../rules/xiangqi.yaml")),
    ("chess", include_str!("../../../rules/chess.yaml")),
    ("capablanca", include_str!("../../../rules/capablanca.yaml")),
    ("chaturaji", include_str!("../../../rules/chaturaji.yaml")),
    (
        "yonin-shogi",
        include_str!("../../../rules/yonin-shogi.yaml"),
    ),
    ("fourchess", include_str!("../../../rules/fourchess.yaml")),
    ("shogi", include_str!("../../../rules/shogi.yaml")),
    ("minishogi", include_str!("../../../rules/minishogi.yaml")),
    ("torishogi", include_str!("../../../rules/torishogi.yaml")),
    ("crazyhouse", include_str!("../../../rules/crazyhouse.yaml")),
    ("kyotoshogi", include_str!("../../../rules/kyotoshogi.yaml")),
    ("sittuyin", include_str!("../../../rules/sittuyin.yaml")),
    ("cambodian", include_str!("../../../rules/cambodian.yaml")),
    ("janggi", include_str!("../../../rules/janggi.yaml")),
];

/// How deep `extends:` chains may go.
const MAX_EXTENDS: usize = 16;

/// A loaded rule file: its tree with `extends:` applied, and its declared options.
#[derive(Clone, Debug)]
pub struct RuleFile {
    /// The merged tree (parents first, this file over them), before options are applied.
    pub tree: Node,
    /// The options declared by the file and its parents.
    pub options: Vec<OptionSpec>,
    /// Where it was read from: `None` for a built-in.
    pub path: Option<PathBuf>,
    /// The variant name as requested (a built-in name or a path).
    pub origin: String,
    /// The digest of the text of every file read to build it: this file, then each
    /// `extends:` parent, nearest first (built-ins too). Equal digests mean the same rules;
    /// reports carry it as `rules_hash`.
    pub digest: RulesDigest,
    /// Every rule file read from disk to build it, as its path was given or resolved: this
    /// file, then each `extends:` parent that is a file, nearest first (built-ins are not
    /// files). Commands that write files refuse to overwrite these.
    pub files: Vec<PathBuf>,
}

/// Where a rule file comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Origin {
    Builtin(&'static str),
    File(PathBuf),
}

/// Loads `variant`: a built-in name (see [`BUILTIN`]) or a path to a YAML rule file.
///
/// Errors: a missing file, YAML errors, a bad `extends:` chain, or a bad `options:` section, all
/// as located diagnostics. A file not named `….yaml` or `….yml` that does not read as a rule
/// file (not YAML, not a mapping, keys no rule file has) is named, never shown, as
/// [`load_referenced`] does: it may be any file (`/etc/shadow`).
pub fn load(variant: &str) -> Result<RuleFile, Diagnostics> {
    let l = load_as(variant, true)?;
    l.problems.into_result(l.file)
}

/// A rule file read as far as it goes: for `ashtapada check`, which reports what the later
/// stages can still check instead of stopping at the first stage with problems.
#[derive(Clone, Debug)]
pub struct Leniently {
    /// The rule file, with only the options that read without problems.
    pub file: RuleFile,
    /// The problems of the `options:` section.
    pub problems: Diagnostics,
    /// The options left out for their problems: name and the span of its key, in file order.
    pub left_out: Vec<(String, crate::diag::Span)>,
}

/// Loads `variant` as [`load`] does, except that problems in `options:` do not stop it: the
/// options that have them are left out ([`Leniently`]), so that the rest of the file can
/// still be compiled and checked.
///
/// Errors: those of [`load`] before the options (a missing file, YAML errors, a bad
/// `extends:` chain).
pub fn load_leniently(variant: &str) -> Result<Leniently, Diagnostics> {
    load_as(variant, true)
}

/// Loads `variant` as [`load`] does, for a name that came from another file — a game record's
/// `variant:` — rather than from the person running the command: a file that does not read
/// as a rule file (not YAML, not a mapping, keys no rule file has) is named, never shown.
pub fn load_referenced(variant: &str) -> Result<RuleFile, Diagnostics> {
    let l = load_as(variant, false)?;
    l.problems.into_result(l.file)
}

/// [`load`], [`load_referenced`] and [`load_leniently`]: `shown` tells whether the file's own
/// text may appear in the diagnostics of a file that is not a rule file. The problems of
/// `options:` come back beside the file read without the options that have them.
fn load_as(variant: &str, shown: bool) -> Result<Leniently, Diagnostics> {
    let origin = match builtin(variant) {
        Some((n, _)) => Origin::Builtin(n),
        None if Path::new(variant).exists()
            || variant.ends_with(".yaml")
            || variant.ends_with(".yml")
            || variant.contains('/') =>
        {
            Origin::File(PathBuf::from(variant))
        }
        None => {
            // A near miss among every built-in is suggested; otherwise the list names the
            // seeds and classics and points at `ashtapada list` for the catalogue.
            let all: Vec<&str> = all_builtins().map(|(n, _)| *n).collect();
            let suggested = crate::dsl::suggest(variant, all.iter().copied()).is_some();
            let names: Vec<&str> = if suggested {
                all
            } else {
                BUILTIN.iter().map(|(n, _)| *n).collect()
            };
            let d = unknown_name(
                &Span::new(
                    &crate::diag::text_source("VARIANT", variant),
                    0,
                    variant.len(),
                ),
                "variant",
                variant,
                names.iter().copied(),
            );
            // "did you mean `chaturanga`? Or give …", "expected one of …, or the path …".
            let help = match d.help.as_deref() {
                _ if let Some(note) = super::not_yet_playable(variant) => note,
                Some(h) if suggested => {
                    format!("{h} Or give the path of a rule file, e.g. `./my-variant.yaml`")
                }
                Some(h) => format!(
                    "{h}, a variant of Fairy-Stockfish's catalogue (`ashtapada list` shows \
                     them), or the path of a rule file, e.g. `./my-variant.yaml`"
                ),
                None => "give a built-in variant name or the path of a rule file".to_string(),
            };
            return Err(d.help(help).into());
        }
    };
    let mut chain = Vec::new();
    let mut digest = RulesDigest::default();
    let root = match &origin {
        Origin::File(p) => folder_of(p),
        Origin::Builtin(_) => None,
    };
    let mut files = Vec::new();
    let mut ctx = Chain {
        origins: &mut chain,
        digest: &mut digest,
        files: &mut files,
        root,
    };
    let shown = shown && (matches!(origin, Origin::Builtin(_)) || is_yaml_name(variant));
    let tree = load_tree(&origin, None, shown, &mut ctx)?;
    let path = match &origin {
        Origin::File(p) => Some(p.clone()),
        Origin::Builtin(_) => None,
    };
    let mut l = rule_file(tree, path, variant, digest);
    l.file.files = files;
    Ok(l)
}

/// Reads and checks the `options:` of a merged tree and wraps it as a [`RuleFile`]; with
/// problems, the file holds only the options without any.
fn rule_file(tree: Node, path: Option<PathBuf>, origin: &str, digest: RulesDigest) -> Leniently {
    let mut r = Reader::default();
    let mut options = tree
        .get("options")
        .map(|n| read_options(&mut r, n))
        .unwrap_or_default();
    check_paths(&mut r, &tree, &options);
    let mut problems = r.errors;
    problems.sort();
    let mut left_out = Vec::new();
    if !problems.is_empty() {
        options.retain(|o| {
            let mut alone = Reader::default();
            check_paths(&mut alone, &tree, std::slice::from_ref(o));
            alone.errors.is_empty()
        });
        let kept: Vec<&str> = options.iter().map(|o| o.name.as_str()).collect();
        if let Some(entries) = tree.get("options").and_then(Node::as_map) {
            left_out = (entries.iter())
                .filter(|(k, _)| !kept.contains(&k.name.as_str()))
                .map(|(k, _)| (k.name.clone(), k.span.clone()))
                .collect();
        }
    }
    let file = RuleFile {
        tree,
        options,
        path,
        origin: origin.to_string(),
        digest,
        files: Vec::new(),
    };
    Leniently {
        file,
        problems,
        left_out,
    }
}

/// Loads a rule file from text (for tests and the REPL), named `name` in messages.
/// `extends:` in it resolves built-in names and paths relative to the working directory.
pub fn load_str(name: &str, text: &str) -> Result<RuleFile, Diagnostics> {
    let source: Source = Arc::new(NamedSource::new(name, text.to_string()));
    let mut chain = vec![Origin::File(PathBuf::from(name))];
    let mut digest = RulesDigest::default();
    let mut files = Vec::new();
    let mut ctx = Chain {
        origins: &mut chain,
        digest: &mut digest,
        files: &mut files,
        root: std::fs::canonicalize(".").ok(),
    };
    let tree = parse_and_extend(&source, Path::new("."), None, true, &mut ctx)?;
    let mut l = rule_file(tree, None, name, digest);
    l.file.files = files;
    l.problems.into_result(l.file)
}

fn read_origin(origin: &Origin, at: Option<&Node>) -> Result<Source, Diagnostics> {
    match origin {
        Origin::Builtin(name) => {
            let text = builtin(name).map(|(_, t)| *t).unwrap_or("");
            Ok(Arc::new(NamedSource::new(
                format!("<builtin {name}>"),
                text.to_string(),
            )))
        }
        Origin::File(path) => read_file(path, at)
            .map(|text| Arc::new(NamedSource::new(path.display().to_string(), text)))
            .map_err(Diagnostics::from),
    }
}

/// Reads a rule file: a regular file of at most [`MAX_FILE_BYTES`](crate::yaml::MAX_FILE_BYTES)
/// bytes of UTF-8 text. A device (`/dev/zero`), a named pipe or a folder is refused before it
/// is opened (reading one would never end, or block), and at most one byte more than the limit
/// is ever read.
fn read_file(path: &Path, at: Option<&Node>) -> Result<String, Diagnostic> {
    let max = crate::yaml::MAX_FILE_BYTES;
    let meta = std::fs::metadata(path).map_err(|e| io_diagnostic(path, &e, at))?;
    if !meta.is_file() {
        return Err(Diagnostic::new(
            Code::SpecNotAFile,
            format!(
                "`{}` is {}, not a rule file",
                path.display(),
                file_kind(&meta)
            ),
            Some(located(path, at)),
        )
        .label("not a regular file")
        .help("give the path of a YAML rule file"));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(max as u64 + 1).read_to_end(&mut bytes))
        .map_err(|e| io_diagnostic(path, &e, at))?;
    if bytes.len() > max {
        return Err(Diagnostic::new(
            Code::SpecTooLarge,
            format!(
                "`{}` is larger than {max} bytes, the most a rule file may have",
                path.display()
            ),
            Some(located(path, at)),
        )
        .label("this file is too large")
        .help("split the variant into a base file and `extends:` children"));
    }
    String::from_utf8(bytes).map_err(|e| {
        // Where the first byte that is not UTF-8 is: its line, column (in characters) and value.
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
        let column = 1 + String::from_utf8_lossy(&good[line_start..]).chars().count();
        let byte = e.as_bytes()[good.len()];
        let mut d = io_diagnostic(path, &std::io::ErrorKind::InvalidData.into(), at);
        d.message = format!(
            "{}: byte 0x{byte:02x} at line {line}, column {column}",
            d.message
        );
        d
    })
}

/// What a path that is not a regular file is, for messages: "a folder", "a device", …
pub fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    if meta.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    "a special file"
}

/// Where to report a problem with the file at `path`: the `extends:` value that named it, or
/// the path as given on the command line.
fn located(path: &Path, at: Option<&Node>) -> Span {
    match at {
        Some(n) => n.span.clone(),
        None => as_given(&path.display().to_string()),
    }
}

/// The span of a path as given on the command line (a source named
/// [`COMMAND_LINE`](crate::diag::COMMAND_LINE) holding the path alone), for a file that no
/// `extends:` names.
fn as_given(shown: &str) -> Span {
    Span::new(
        &crate::diag::text_source(crate::diag::COMMAND_LINE, shown),
        0,
        shown.len(),
    )
}

/// A file that cannot be read: missing, not UTF-8, or another I/O error. `at` is the
/// `extends:` value that named it, if any.
fn io_diagnostic(path: &Path, e: &std::io::Error, at: Option<&Node>) -> Diagnostic {
    let shown = path.display();
    let (message, label) = match e.kind() {
        std::io::ErrorKind::NotFound => (format!("there is no file `{shown}`"), "no such file"),
        std::io::ErrorKind::InvalidData => (
            format!("`{shown}` is not UTF-8 text"),
            "this file is not UTF-8 text",
        ),
        _ => (
            format!("cannot read `{shown}`: {e}"),
            "cannot read this file",
        ),
    };
    let help = match (e.kind(), at) {
        (std::io::ErrorKind::InvalidData, _) => "save the rule file as UTF-8 text".to_string(),
        (_, Some(n)) => {
            let written = n.scalar_text().unwrap_or_default();
            let stem = written
                .strip_suffix(".yaml")
                .or_else(|| written.strip_suffix(".yml"))
                .unwrap_or(&written);
            match suggest(stem, all_builtins().map(|(n, _)| *n)) {
                Some(s) => format!(
                    "did you mean the built-in variant `{s}`? `extends:` takes a built-in \
                     variant name or a path relative to the extending file"
                ),
                None => format!(
                    "`extends:` takes a built-in variant name ({}) or a path relative to the \
                     extending file",
                    BUILTIN
                        .iter()
                        .map(|(n, _)| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }
        }
        (_, None) => "check the path".to_string(),
    };
    Diagnostic::new(Code::SpecIo, message, Some(located(path, at)))
        .label(label)
        .help(help)
}

/// True if `a` and `b` name the same rule file (comparing canonical paths when both exist).
fn same_origin(a: &Origin, b: &Origin) -> bool {
    match (a, b) {
        (Origin::File(x), Origin::File(y)) => {
            x == y
                || matches!(
                    (std::fs::canonicalize(x), std::fs::canonicalize(y)),
                    (Ok(cx), Ok(cy)) if cx == cy
                )
        }
        _ => a == b,
    }
}

/// The files of one `extends:` chain being loaded.
struct Chain<'a> {
    /// The files being loaded, the requested one first.
    origins: &'a mut Vec<Origin>,
    /// The digest of every file read.
    digest: &'a mut RulesDigest,
    /// Every rule file read from disk (see [`RuleFile::files`]).
    files: &'a mut Vec<PathBuf>,
    /// The folder every `extends:` path must lie in (canonical): the requested file's folder.
    /// `None` for a built-in (which extends only built-ins).
    root: Option<PathBuf>,
}

/// The canonical folder of the file at `path` (`None` if it does not exist).
fn folder_of(path: &Path) -> Option<PathBuf> {
    let file = std::fs::canonicalize(path).ok()?;
    file.parent().map(Path::to_path_buf)
}

/// Refuses an `extends:` path (`path`, as joined to the extending file's folder) that leads
/// outside `root` — by `..`, an absolute path or a symbolic link — or that is empty: a shared
/// rule file may only build on files beside or below the one requested, never make the
/// loader read (and echo) any other file.
fn check_inside(
    path: &Path,
    written: &str,
    root: Option<&Path>,
    at: &Node,
) -> Result<(), Diagnostic> {
    let refuse = |message: String, label: &str| {
        Err(Diagnostic::new(Code::SpecExtendsOutside, message, Some(at.span.clone()))
            .label(label)
            .help(format!(
                "`extends:` takes a built-in variant name ({}) or the path of a rule file in the \
                 folder of the file you load or below it, e.g. `extends: base.yaml`",
                builtin_list()
            )))
    };
    if written.trim().is_empty() {
        return refuse("`extends:` is empty".into(), "no name or path");
    }
    let Ok(full) = std::fs::canonicalize(path) else {
        // A missing file is reported where it is opened.
        return Ok(());
    };
    match root {
        Some(root) if full.starts_with(root) => Ok(()),
        Some(root) => refuse(
            format!(
                "`extends: {written}` leads outside `{}`, the folder of the rule file loaded",
                root.display()
            ),
            "outside the rule file's folder",
        ),
        None => refuse(
            format!("`extends: {written}`: a built-in variant extends only built-in variants"),
            "not a built-in variant",
        ),
    }
}

/// "`chaturanga`, `shatranj`, …": the built-in names, for help lines.
fn builtin_list() -> String {
    BUILTIN
        .iter()
        .map(|(n, _)| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn load_tree(
    origin: &Origin,
    at: Option<&Node>,
    shown: bool,
    ctx: &mut Chain<'_>,
) -> Result<Node, Diagnostics> {
    if ctx.origins.iter().any(|o| same_origin(o, origin)) {
        let names: Vec<String> = ctx
            .origins
            .iter()
            .chain(std::iter::once(origin))
            .map(origin_name)
            .collect();
        return Err(Diagnostic::new(
            Code::SpecExtendsCycle,
            format!("`extends:` forms a cycle: {}", names.join(" → ")),
            at.map(|n| n.span.clone()),
        )
        .label("extends a file that extends this one")
        .help("remove one `extends:` so that the chain ends in a file that extends nothing")
        .into());
    }
    // The chain holds the requested file and its ancestors so far: `MAX_EXTENDS` ancestors
    // are allowed, one more is refused.
    if ctx.origins.len() > MAX_EXTENDS {
        return Err(Diagnostic::new(
            Code::SpecExtendsDepth,
            format!("`extends:` chain with more than {MAX_EXTENDS} ancestors"),
            at.map(|n| n.span.clone()),
        )
        .label("one parent too many")
        .help(format!(
            "a rule file may have at most {MAX_EXTENDS} ancestors: merge some of them"
        ))
        .into());
    }
    let source = read_origin(origin, at)?;
    if let Origin::File(p) = origin {
        ctx.files.push(p.clone());
    }
    ctx.origins.push(origin.clone());
    let dir = match origin {
        Origin::File(p) => p.parent().map(Path::to_path_buf).unwrap_or_default(),
        Origin::Builtin(_) => PathBuf::from("."),
    };
    let tree = parse_and_extend(&source, &dir, at, shown, ctx);
    ctx.origins.pop();
    tree
}

/// The diagnostic for a file that does not read as a rule file and whose text may not be
/// shown (see [`load_referenced`]): it names the file and where it was named, and says why
/// without quoting it.
fn not_a_rule_file(source: &Source, at: Option<&Node>, why: &str) -> Diagnostics {
    let span = match at {
        Some(n) => n.span.clone(),
        None => as_given(source.name()),
    };
    Diagnostic::new(
        Code::SpecNotARuleFile,
        format!("`{}` is not a rule file: {why}", source.name()),
        Some(span),
    )
    .label("not a rule file")
    .help(if is_yaml_name(source.name()) {
        format!(
            "name a YAML rule file; to see its problems, run `ashtapada check {}`",
            source.name()
        )
    } else {
        "a rule file is a YAML mapping of rule-file keys (`name:`, `board:`, `pieces:` …) in a \
         file named `….yaml`; this file's text is not shown, as it may be another kind of file"
            .to_string()
    })
    .into()
}

/// True if `name` ends with `.yaml` or `.yml`: the rule files whose text diagnostics show.
fn is_yaml_name(name: &str) -> bool {
    name.ends_with(".yaml") || name.ends_with(".yml")
}

fn origin_name(o: &Origin) -> String {
    match o {
        Origin::Builtin(n) => n.to_string(),
        Origin::File(p) => p.display().to_string(),
    }
}

/// Parses `source` (fed to the digest) and merges it over the file it `extends:`, if any.
/// `at` is the `extends:` value that named the file (`None` for the requested file); unless
/// `shown`, a file that does not read as a rule file is reported without its text.
fn parse_and_extend(
    source: &Source,
    dir: &Path,
    at: Option<&Node>,
    shown: bool,
    ctx: &mut Chain<'_>,
) -> Result<Node, Diagnostics> {
    ctx.digest.write_file(source.inner());
    let shown = shown && at.is_none();
    let mut tree = match parse_yaml(source) {
        Ok(t) => t,
        Err(e) if !shown => {
            let place = e.span.as_ref().map(|s| s.line_col());
            let why = match place {
                Some((l, c)) => format!("it is not YAML (line {l}, column {c})"),
                None => "it is not YAML".to_string(),
            };
            return Err(not_a_rule_file(source, at, &why));
        }
        Err(e) => return Err(e.into()),
    };
    if !shown {
        let why = match &tree.value {
            Value::Map(entries) => entries
                .iter()
                .position(|(k, _)| !super::model::is_top_key(&k.name))
                .map(|i| format!("its key number {} is not a rule-file key", i + 1)),
            other => Some(format!("it is {}, not a YAML mapping", other.kind())),
        };
        if let Some(why) = why {
            return Err(not_a_rule_file(source, at, &why));
        }
    }
    let Value::Map(entries) = &mut tree.value else {
        return Err(Diagnostic::new(
            Code::SpecNotAMapping,
            format!(
                "a rule file must be a YAML mapping, not {}",
                tree.value.kind()
            ),
            Some(tree.span.clone()),
        )
        .label("the whole document")
        .help(
            "a rule file is a mapping of keys: start with `name: my-variant`, then `board:`, \
             `seats:`, `pieces:` and `setup:`",
        )
        .into());
    };
    let Some(pos) = entries.iter().position(|(k, _)| k.name == "extends") else {
        return Ok(tree);
    };
    let ext = entries.remove(pos).1;
    let Value::Str(parent) = &ext.value else {
        return Err(Diagnostic::new(
            Code::SpecType,
            format!(
                "`extends:` takes the name of a built-in variant or a path, not {}",
                ext.value.kind()
            ),
            Some(ext.span.clone()),
        )
        .label("not a name or a path")
        .help("write e.g. `extends: chaturanga` or `extends: base.yaml`")
        .into());
    };
    let origin = match builtin(parent) {
        Some((n, _)) => Origin::Builtin(n),
        None => {
            let path = dir.join(parent);
            check_inside(&path, parent, ctx.root.as_deref(), &ext)?;
            Origin::File(path)
        }
    };
    let mut base = load_tree(&origin, Some(&ext), shown, ctx)?;
    drop_identity(&mut base);
    merge(&mut base, &tree);
    Ok(base)
}

/// Removes a parent's `title:` and `source:` before a child is merged over it: they name the
/// parent, so a child shows its own or none (`explain` then titles it by its name).
fn drop_identity(base: &mut Node) {
    if let Value::Map(entries) = &mut base.value {
        entries.retain(|(k, _)| k.name != "title" && k.name != "source");
    }
}

impl RuleFile {
    /// Applies an option assignment (defaults for options not named) and reads the typed model.
    ///
    /// Errors: an unknown option or choice (located in the `--set` text), and every problem of
    /// the resolved file.
    pub fn resolve(&self, assignment: &Assignment) -> Result<RuleSpec, Diagnostics> {
        match self.read(assignment)? {
            (s, e) if e.is_empty() => Ok(s),
            (_, e) => Err(e),
        }
    }

    /// [`resolve`](Self::resolve), except that a model is still returned, with the problems
    /// found, when every problem is an unknown key (ignored) or a problem in a rule module's
    /// own keys ([`Reader::contain`]), so that the compiler can report its own problems
    /// alongside them.
    pub(crate) fn read(
        &self,
        assignment: &Assignment,
    ) -> Result<(RuleSpec, Diagnostics), Diagnostics> {
        check_assignment(&self.options, assignment)?;
        let mut tree = self.tree.clone();
        apply(&mut tree, &self.options, assignment);
        let mut r = Reader::default();
        let spec = read_spec(&mut r, &tree);
        let mut e = r.errors;
        e.sort();
        match spec {
            Some(s) => Ok((s, e)),
            None => Err(e),
        }
    }

    /// Every combination of its options' choices (integer options at their default and one
    /// other number): see [`combinations`](super::combinations).
    pub fn combinations(&self) -> Vec<Assignment> {
        super::options::combinations(&self.options)
    }

    /// The option called `name`.
    pub fn option(&self, name: &str) -> Option<&OptionSpec> {
        self.options.iter().find(|o| o.name == name)
    }

    /// The variant's name as written in the file (`name:`), or the origin if unreadable.
    pub fn name(&self) -> String {
        self.tree
            .get("name")
            .and_then(Node::scalar_text)
            .unwrap_or_else(|| self.origin.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder for one test's files.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("ashtapada-load-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// The fresh tester: a rule file with a byte that is not UTF-8 is refused naming the
    /// byte and where it is (line 2, after `é`, two bytes but one column).
    #[test]
    fn a_byte_that_is_not_utf8_is_named_with_its_line_and_column() {
        let dir = scratch("utf8");
        let path = dir.join("bad.yaml");
        std::fs::write(&path, b"name: x\n\xc3\xa9a\xff\n").unwrap();
        let e = load(path.to_str().unwrap()).unwrap_err();
        assert!(
            e.0[0]
                .message
                .ends_with("is not UTF-8 text: byte 0xff at line 2, column 3"),
            "{}",
            e.0[0].message
        );
    }

    #[test]
    fn an_unknown_variant_suggests_a_name_or_a_path() {
        let e = load("chaturnga").unwrap_err();
        assert_eq!(
            e.0[0].help.as_deref(),
            Some(
                "did you mean `chaturanga`? Or give the path of a rule file, e.g. `./my-variant.yaml`"
            )
        );
        let e = load("xyzzy").unwrap_err();
        let help = e.0[0].help.clone().unwrap();
        assert!(help.starts_with("expected one of `chaturanga`, "), "{help}");
        assert!(
            help.ends_with(
                "`janggi`, a variant of Fairy-Stockfish's catalogue (`ashtapada list` shows \
                 them), or the path of a rule file, e.g. `./my-variant.yaml`"
            ),
            "{help}"
        );
        // A near miss of a catalogue name is suggested too.
        let e = load("knightmat").unwrap_err();
        assert_eq!(
            e.0[0].help.as_deref(),
            Some(
                "did you mean `knightmate`? Or give the path of a rule file, e.g. `./my-variant.yaml`"
            )
        );
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_pipes_are_refused_without_reading_them() {
        let e = load("/dev/zero").unwrap_err();
        assert_eq!(e.0[0].code().as_str(), "ashtapada::spec::not-a-file");
        assert_eq!(e.0[0].message, "`/dev/zero` is a device, not a rule file");
        assert_eq!(e.0[0].span.as_ref().unwrap().text(), "/dev/zero");
        // The one-line form (UCI's `VariantPath`) names no placeholder file (the fresh tester
        // saw `FILE:1:1: …`); the report's source is the command line.
        assert_eq!(
            e.0[0].one_line(),
            "`/dev/zero` is a device, not a rule file"
        );
        assert_eq!(e.0[0].span.as_ref().unwrap().source_name(), "command line");

        // Outside the folder of the file loaded: refused before it is looked at.
        let e = load_str("t.yaml", "name: x\nextends: /dev/zero\n").unwrap_err();
        assert_eq!(e.0[0].code().as_str(), "ashtapada::spec::extends-outside");
        assert_eq!(e.0[0].span.as_ref().unwrap().text(), "/dev/zero");

        // A named pipe nobody writes to: opening it would block for ever.
        let dir = scratch("fifo");
        let fifo = dir.join("pipe.yaml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let child = dir.join("child.yaml");
            std::fs::write(&child, "name: x\nextends: pipe.yaml\n").unwrap();
            let e = load(child.to_str().unwrap()).unwrap_err();
            assert!(
                e.0[0].message.ends_with("is a named pipe, not a rule file"),
                "{}",
                e.0[0].message
            );
        }
        let e = load(dir.to_str().unwrap()).unwrap_err();
        assert!(
            e.0[0].message.ends_with("is a folder, not a rule file"),
            "{}",
            e.0[0].message
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The digest covers the file and every parent it extends: editing a parent changes the
    /// child's digest; the same texts give the same digest.
    #[test]
    fn the_digest_covers_every_file_read() {
        let dir = scratch("digest");
        let parent = dir.join("base.yaml");
        let child = dir.join("mine.yaml");
        let chaturanga = BUILTIN[0].1;
        std::fs::write(&parent, chaturanga).unwrap();
        std::fs::write(&child, "extends: base.yaml\nname: mine\n").unwrap();
        let digest = || load(child.to_str().unwrap()).unwrap().digest;
        let before = digest();
        assert_eq!(digest(), before);
        std::fs::write(&parent, format!("{chaturanga}# edited\n")).unwrap();
        assert_ne!(digest(), before, "the parent was edited");
        // The built-in's digest is that of its text alone.
        let mut d = RulesDigest::default();
        d.write_file(chaturanga);
        assert_eq!(load("chaturanga").unwrap().digest, d);
        assert_ne!(load("shatranj").unwrap().digest, d);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_over_the_limit_is_refused() {
        let dir = scratch("large");
        let big = dir.join("big.yaml");
        std::fs::write(&big, "#".repeat(crate::yaml::MAX_FILE_BYTES + 1)).unwrap();
        let e = load(big.to_str().unwrap()).unwrap_err();
        assert_eq!(e.0[0].code().as_str(), "ashtapada::spec::too-large");
        assert!(e.0[0].help.is_some());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
