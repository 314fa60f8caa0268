//! Output safety and reports: the files a command writes (`--out`, `--plot`, `--records`) are
//! checked before a long run — each a regular file or a new one in an existing folder, none an
//! input or another output — and written to a temporary file beside the target that is then
//! renamed into place, so that an interrupted or failed run leaves no empty or partial file and
//! replaces nothing. A report that cannot be written is kept on standard output. Input files
//! are read with a size bound.

use crate::args::{Format, OutputArgs};
use crate::cmd::{Failure, bad_input};
use ashtapada::diag::Code;
use ashtapada::sim::Report;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The most bytes a simulation report read by `merge` may have: 256 MiB.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// The most bytes a game record may have: 4 MiB. Replaying takes up to about 32 times a
/// record's size in memory (the text, each action as a string, and the undo history of every
/// action played), so a record stays within about 130 MB; the longest game `simulate` plays
/// under its default ply cap (10,000 plies) writes a record of well under 1 MiB.
pub const MAX_RECORD_BYTES: u64 = 4 << 20;

/// Why a report covers fewer games than were asked for; [`emit_partial`] marks it so.
pub struct Partial {
    /// Why, e.g. `interrupted (SIGINT)`.
    pub reason: String,
    /// The games asked for.
    pub requested: u64,
}

/// Writes `report` in the chosen format to `--out` (or `out`), and its plot to `--plot` if
/// given, each through [`write_atomic`]. A report or plot that cannot be written to its file
/// is written to `out` instead, and the error says so.
pub fn emit(report: &Report, o: &OutputArgs, out: &mut dyn Write) -> Result<(), Failure> {
    emit_partial(report, o, out, None)
}

/// [`emit`], marking a report that covers only some of the games (`partial`): the table
/// starts with a `partial report` line, and the JSON report holds
/// `"partial": {"reason", "games_completed", "games_requested"}`; CSV is left as it is (its
/// readers expect the header first), the command's message says it.
pub fn emit_partial(
    report: &Report,
    o: &OutputArgs,
    out: &mut dyn Write,
    partial: Option<&Partial>,
) -> Result<(), Failure> {
    let text = match o.format {
        // Option and choice names come from the rule file: controls are shown escaped.
        Format::Table => {
            let mark = partial.map_or_else(String::new, |p| {
                format!(
                    "partial report, {}: {} of {} games completed\n\n",
                    p.reason, report.games, p.requested
                )
            });
            ashtapada::diag::printable(&format!("{mark}{report}")).into_owned()
        }
        Format::Csv => ashtapada::diag::printable(&report.to_csv()).into_owned(),
        Format::Json => {
            let mut v = report.to_json();
            if let (Some(p), Some(map)) = (partial, v.as_object_mut()) {
                map.insert(
                    "partial".into(),
                    serde_json::json!({
                        "reason": p.reason,
                        "games_completed": report.games,
                        "games_requested": p.requested,
                    }),
                );
            }
            let mut s = serde_json::to_string_pretty(&v).unwrap_or_default();
            s.push('\n');
            s
        }
    };
    let mut lost = Vec::new();
    match o.out.as_deref() {
        Some(path) => {
            if let Err(e) = write_atomic(path, text.as_bytes()) {
                out.write_all(text.as_bytes())?;
                lost.push(format!(
                    "{e}; the report was written to standard output instead"
                ));
            }
        }
        None => out.write_all(text.as_bytes())?,
    }
    if let Some(path) = o.plot.as_deref() {
        let (bytes, kind) = if is_png(path) {
            let png = crate::plot::png(report).map_err(|e| {
                bad_input(
                    Code::OutputPlot,
                    format!("cannot draw `{}`: {e}", path.display()),
                    "give `--plot FILE.svg` for the SVG picture",
                )
            })?;
            (png, "PNG")
        } else {
            (crate::plot::svg(report).into_bytes(), "SVG")
        };
        if let Err(e) = write_atomic(path, &bytes) {
            if kind == "SVG" {
                out.write_all(&bytes)?;
                lost.push(format!(
                    "{e}; the plot (SVG) was written to standard output instead"
                ));
            } else {
                lost.push(format!("{e}; the plot (PNG) was not written"));
            }
        }
    }
    if lost.is_empty() {
        return Ok(());
    }
    Err(bad_input(
        Code::OutputWrite,
        lost.join("\n"),
        "free some space or give a file you can write; nothing else was replaced",
    ))
}

/// Checks, before a long run, the files it will write: `--plot` must be named `….svg` or
/// `….png`; each of
/// `--out` and `--plot` must be a regular file or a new file in an existing folder that can be
/// written to (nothing is created: a folder, a device such as `/dev/full` or a named pipe is
/// refused, since writing one would fail or block at the end of the run), and none may be one
/// of `inputs` (the rule files or reports the command reads), the other output, or a file in
/// the `records` folder.
///
/// `extra` names further outputs of the command (`("--per-game", path)`), checked the same way.
pub fn check_outputs(
    o: &OutputArgs,
    inputs: &[PathBuf],
    records: Option<&Path>,
    extra: &[(&'static str, &Path)],
) -> Result<(), Failure> {
    if let Some(plot) = &o.plot
        && !plot
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
        && !is_png(plot)
    {
        return Err(bad_input(
            Code::OutputPlot,
            format!("`--plot {}`: plots are SVG or PNG pictures", plot.display()),
            "name the file `….svg` or `….png`, e.g. `--plot shares.svg`",
        ));
    }
    let outputs: Vec<(&str, &Path)> = [("--out", &o.out), ("--plot", &o.plot)]
        .into_iter()
        .filter_map(|(flag, p)| p.as_deref().map(|p| (flag, p)))
        .chain(extra.iter().copied())
        .collect();
    for &(flag, path) in &outputs {
        if let Some(input) = inputs.iter().find(|i| same_file(path, i)) {
            return Err(bad_input(
                Code::OutputOverwritesInput,
                format!(
                    "`{flag} {}` is `{}`, an input of this command: writing it would replace it",
                    path.display(),
                    input.display()
                ),
                "write the output to another file",
            ));
        }
        if let Some(dir) = records
            && let (Some(file), Some(dir)) = (identity(path), identity(dir))
            && file.starts_with(&dir)
        {
            return Err(bad_input(
                Code::OutputInRecords,
                format!(
                    "`{flag} {}` is in the records folder `{}`",
                    path.display(),
                    dir.display()
                ),
                "write the report outside the `--records` folder",
            ));
        }
        check_target(flag, path)?;
    }
    for (i, &(flag_a, a)) in outputs.iter().enumerate() {
        if let Some(&(flag_b, b)) = outputs[i + 1..].iter().find(|(_, b)| same_file(a, b)) {
            return Err(bad_input(
                Code::OutputSameFile,
                format!(
                    "`{flag_a} {}` and `{flag_b} {}` are the same file: one would replace the other",
                    a.display(),
                    b.display()
                ),
                "give each output its own file, e.g. `--out report.csv --plot report.svg`",
            ));
        }
    }
    Ok(())
}

/// A target `flag path` can be written: an existing regular file, or a new file in an existing
/// folder where a file can be created (tried with a temporary file, removed at once).
fn check_target(flag: &str, path: &Path) -> Result<(), Failure> {
    let refuse = |what: String| {
        bad_input(
            Code::OutputWrite,
            format!("cannot write `{}` (`{flag}`): {what}", path.display()),
            format!(
                "give a regular file you can write, e.g. `{flag} {}`",
                example(flag)
            ),
        )
    };
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        let to = std::fs::read_link(path)
            .map(|t| {
                format!(
                    " to `{}`",
                    ashtapada::diag::printable(&t.display().to_string())
                )
            })
            .unwrap_or_default();
        return Err(bad_input(
            Code::OutputWrite,
            format!(
                "cannot write `{}` (`{flag}`): it is a symbolic link{to}; outputs are not \
                 written through one",
                path.display()
            ),
            format!(
                "to replace the file it points to, name that file (`{flag} TARGET`); else \
                 remove the link or give a new file, e.g. `{flag} {}`",
                example(flag)
            ),
        ));
    }
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => {
            return Err(refuse(format!(
                "it is {}, not a regular file",
                ashtapada::spec::file_kind(&m)
            )));
        }
        Ok(m) if m.permissions().readonly() => return Err(refuse("it is read-only".into())),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(refuse(e.to_string())),
    }
    let dir = folder(path);
    if !dir.is_dir() {
        return Err(refuse(format!(
            "its folder `{}` does not exist",
            dir.display()
        )));
    }
    temporary_beside(path).map(drop).map_err(|e| {
        refuse(format!(
            "cannot create a file in `{}`: {}",
            dir.display(),
            e.kind()
        ))
    })
}

/// The folder `path` is in (`.` for a bare name).
fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// An example file name for `flag`'s help.
fn example(flag: &str) -> &'static str {
    match flag {
        "--plot" => "shares.svg",
        "--per-game" => "games.csv",
        _ => "report.json",
    }
}

/// True if `a` and `b` name the same file: the same file on disk (through links too) where
/// both exist, else the same absolute path once their folders are resolved.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    // Only regular files are opened: opening a named pipe would block.
    let regular = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.is_file());
    if regular(a)
        && regular(b)
        && let Ok(same) = same_file::is_same_file(a, b)
    {
        return same;
    }
    matches!((identity(a), identity(b)), (Some(x), Some(y)) if x == y)
}

/// The absolute path `path` stands for, links resolved: its longest existing ancestor
/// resolved, joined with the rest of it (`None` only if nothing of it resolves).
fn identity(path: &Path) -> Option<PathBuf> {
    let mut rest = Vec::new();
    let mut at = path;
    loop {
        let base = if at.as_os_str().is_empty() {
            Path::new(".")
        } else {
            at
        };
        if let Ok(p) = std::fs::canonicalize(base) {
            return Some(rest.iter().rev().fold(p, |p, name| p.join(name)));
        }
        rest.push(at.file_name()?);
        at = at.parent()?;
    }
}

/// A new temporary file in `target`'s folder, named `.NAME.…tmp` after it (hidden, so that a
/// run killed while writing leaves no file that looks like a report).
fn temporary_beside(target: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let dir = folder(target);
    let name = target
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)
}

/// Writes `bytes` to `path` atomically: into a temporary file in the same folder, renamed over
/// `path` once complete (an existing file keeps its permissions; a new one is readable by all,
/// `rw-r--r--`). A symbolic link at `path` is replaced itself, never the file it points to.
/// On any failure the temporary file is removed and `path` is as it was. The error is one
/// line naming the file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let fail = |e: std::io::Error| {
        let why = match e.kind() {
            // `ErrorKind`'s own words ("entity not found") name no folder.
            std::io::ErrorKind::NotFound => {
                let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
                let folder = folder.map_or_else(|| ".".into(), |p| p.display().to_string());
                format!("the folder `{folder}` does not exist or cannot hold a new file")
            }
            kind => kind.to_string(),
        };
        format!("cannot write `{}`: {why}", path.display())
    };
    let mut tmp = temporary_beside(path).map_err(fail)?;
    tmp.write_all(bytes).map_err(fail)?;
    let permissions = match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_file() => m.permissions(),
        _ => new_file_permissions(tmp.as_file())?,
    };
    tmp.as_file().set_permissions(permissions).map_err(fail)?;
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

/// The permissions of a new output file: `rw-r--r--` (a temporary file is created private).
fn new_file_permissions(file: &std::fs::File) -> Result<std::fs::Permissions, String> {
    #[allow(unused_mut)]
    let mut p = file.metadata().map_err(|e| e.to_string())?.permissions();
    #[cfg(unix)]
    std::os::unix::fs::PermissionsExt::set_mode(&mut p, 0o644);
    Ok(p)
}

/// Prepares the `--records` folder `dir` for a run: it may not exist yet or be empty. A folder
/// holding files is refused — the records of two runs would mix — unless `force` is given and
/// it holds only the records of an earlier run (`game-K.json` files, and sweep subfolders named
/// `OPTION=CHOICE…` holding only such files): these are then deleted. Anything else in it is
/// never deleted.
pub fn clear_records(dir: &Path, force: bool) -> Result<(), Failure> {
    let refuse = |message: String, help: &str| bad_input(Code::SimulateRecords, message, help);
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => {
            return Err(refuse(
                format!("cannot read the records folder `{}`: {e}", dir.display()),
                "give a folder you can write to, e.g. `--records ./records`",
            ));
        }
    };
    let mut records = Vec::new();
    let mut others = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if is_record_temporary(&path) {
            // Left by a run that was killed while writing a record: never a file of yours.
            let _ = std::fs::remove_file(&path);
        } else if is_record(&path) || is_sweep_folder(&path) {
            records.push(path);
        } else {
            others.push(path);
        }
    }
    if records.is_empty() && others.is_empty() {
        return Ok(());
    }
    if !force || !others.is_empty() {
        let held = if others.is_empty() {
            format!("{} records of an earlier run", records.len())
        } else {
            others.sort();
            format!("`{}`, which is not a game record", others[0].display())
        };
        let help = if others.is_empty() {
            "give a new or empty folder, or `--force` to delete the earlier records first"
        } else {
            "give a new or empty folder (`--force` deletes only game records)"
        };
        return Err(refuse(
            format!(
                "the records folder `{}` is not empty: it holds {held}, and the records of two runs would mix",
                dir.display()
            ),
            help,
        ));
    }
    for path in records {
        let removed = if path.is_dir() {
            std::fs::remove_dir_all(&path)
        } else {
            std::fs::remove_file(&path)
        };
        removed.map_err(|e| {
            refuse(
                format!("cannot delete the earlier record `{}`: {e}", path.display()),
                "delete the earlier records yourself, or give a new folder",
            )
        })?;
    }
    Ok(())
}

/// A game record file as `simulate --records` names it: `game-K.json`.
fn is_record(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    path.symlink_metadata().is_ok_and(|m| m.is_file())
        && name
            .strip_prefix("game-")
            .and_then(|n| n.strip_suffix(".json").or_else(|| n.strip_suffix(".pgn")))
            .is_some_and(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()))
}

/// The temporary file of a game record being written ([`write_atomic`]):
/// `.game-K.json.XXXXXX.tmp`, a regular file.
fn is_record_temporary(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    path.symlink_metadata().is_ok_and(|m| m.is_file())
        && name
            .strip_prefix(".game-")
            .and_then(|n| n.strip_suffix(".tmp"))
            .and_then(|n| n.split_once(".json."))
            .is_some_and(|(k, random)| {
                !k.is_empty()
                    && k.bytes().all(|b| b.is_ascii_digit())
                    && !random.is_empty()
                    && random.bytes().all(|b| b.is_ascii_alphanumeric())
            })
}

/// A sweep assignment's records folder: named `OPTION=CHOICE…`, holding only game records
/// (and temporaries of records, which are removed).
fn is_sweep_folder(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.contains('=')
        && path.symlink_metadata().is_ok_and(|m| m.is_dir())
        && std::fs::read_dir(path).is_ok_and(|entries| {
            entries.flatten().all(|e| {
                let p = e.path();
                if is_record_temporary(&p) {
                    let _ = std::fs::remove_file(&p);
                    return true;
                }
                is_record(&p)
            })
        })
}

/// Removes the temporary files of writes in progress in `dir` whose names start with
/// `prefix` (`.game-` for records, `.NAME.` for the output `NAME`) and end with `.tmp`: for a
/// run that is stopped at once. Errors are ignored (the program is ending).
pub fn remove_temporaries(dir: &Path, prefix: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(prefix)
            && name.ends_with(".tmp")
            && e.path().symlink_metadata().is_ok_and(|m| m.is_file())
        {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// The folder and temporary-file prefix of a write to `path` ([`write_atomic`]), for
/// [`remove_temporaries`].
pub fn temporaries_of(path: &Path) -> (PathBuf, String) {
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    (folder(path).to_path_buf(), format!(".{name}."))
}

/// Reads a UTF-8 text file of at most [`MAX_INPUT_BYTES`]: a folder, device or pipe is refused
/// before it is read.
pub fn read_text(path: &Path) -> Result<String, String> {
    read_bounded(path, MAX_INPUT_BYTES)
}

/// Reads a game record: [`read_text`] with the bound [`MAX_RECORD_BYTES`].
pub fn read_record(path: &Path) -> Result<String, String> {
    read_bounded(path, MAX_RECORD_BYTES)
}

/// Why `text`, read from `path` as a game record, is not one at all — it has no `variant`
/// key — so that its reader's error, which would quote it, is not shown: it may be any file
/// (`/etc/shadow`). `None` when it looks like a record (a broken record's errors are shown in
/// place).
pub fn not_a_record(path: &str, text: &str) -> Option<String> {
    let keyed = text.contains("\"variant\"")
        || text.contains("'variant'")
        || text.lines().any(|l| {
            l.trim_start_matches(|c: char| c.is_whitespace() || c == '{')
                .starts_with("variant:")
        });
    (!keyed).then(|| {
        format!(
            "`{}` is not a game record: it has no `variant` key (a record is a JSON or YAML \
             mapping with `variant`, `options`, `seed`, `actions` …); its text is not shown",
            ashtapada::diag::printable(path)
        )
    })
}

/// Reads a UTF-8 text file of at most `max` bytes, reading at most one byte more; a folder,
/// device or pipe is refused before it is opened.
fn read_bounded(path: &Path, max: u64) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > max {
        return Err(format!("larger than {max} bytes, the most it may have"));
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".into())
}

/// True if `path` names a PNG picture (`….png`, any case).
fn is_png(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> Report {
        let v = ashtapada::load_variant("chaturanga", &ashtapada::Assignment::default())
            .expect("built in");
        let agents = || -> Vec<Box<dyn ashtapada::agents::Agent>> {
            vec![ashtapada::agents::by_name("random").expect("known")]
        };
        let summary = ashtapada::sim::simulate(&v, &agents, 0, 2, 1, 100);
        Report {
            variant: v.name.clone(),
            rules_hash: None,
            seed: 0,
            agents: vec!["random".into()],
            max_plies: 100,
            schedule: None,
            games: 2,
            shard: None,
            swept: Vec::new(),
            design: ashtapada::sim::Design::default(),
            runs: vec![summary],
            stopping: None,
            effects: Vec::new(),
        }
    }

    #[test]
    fn a_report_that_cannot_be_written_is_kept_on_standard_output() {
        // The folder of `--out` vanished during the run: the write fails at the end.
        let dir = tempfile::tempdir().expect("temp dir");
        let gone = dir.path().join("gone");
        let o = OutputArgs {
            format: Format::Csv,
            out: Some(gone.join("report.csv")),
            plot: Some(gone.join("report.svg")),
        };
        let r = report();
        let mut out = Vec::new();
        let Err(Failure::Diagnostics(d)) = emit(&r, &o, &mut out) else {
            panic!("the write must fail");
        };
        let text = String::from_utf8(out).expect("UTF-8");
        assert!(text.starts_with(&r.to_csv()), "{text}");
        assert!(text.contains("<svg"), "{text}");
        let message = d.one_line();
        assert!(
            message.contains("written to standard output instead"),
            "{message}"
        );
        assert!(message.contains("report.csv"), "{message}");
    }

    /// The fresh tester: a folder that is missing was "entity not found"; it is named now.
    #[test]
    fn a_write_into_a_missing_folder_names_the_folder() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("gone").join("game.json");
        let e = write_atomic(&path, b"x").unwrap_err();
        assert!(
            e.ends_with(&format!(
                "game.json`: the folder `{}` does not exist or cannot hold a new file",
                dir.path().join("gone").display()
            )),
            "{e}"
        );
    }

    #[test]
    fn a_write_replaces_the_file_whole_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("report.json");
        std::fs::write(&path, "old").expect("written");
        write_atomic(&path, b"new").expect("written");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("listed")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names, [std::ffi::OsString::from("report.json")]);
    }
}
