//! Writing reports (to standard output or `--out FILE`, with `--plot`), and reading input files
//! with a size bound.

use crate::args::{Format, OutputArgs};
use crate::cmd::{Failure, bad_input};
use ashtapada::sim::Report;
use std::io::{Read, Write};
use std::path::Path;

/// The most bytes an input file (a game record, a simulation report) may have: 256 MiB.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// Writes `report` in the chosen format to `--out` (or `out`), and its plot to `--plot` if
/// given.
pub fn emit(report: &Report, o: &OutputArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let (out_file, plot) = (o.out.as_deref(), o.plot.as_deref());
    let text = match o.format {
        Format::Table => report.to_string(),
        Format::Csv => report.to_csv(),
        Format::Json => {
            let mut s = serde_json::to_string_pretty(&report.to_json()).unwrap_or_default();
            s.push('\n');
            s
        }
    };
    match out_file {
        Some(path) => write_file(path, text.as_bytes()).map_err(|e| {
            bad_input(
                "output::write",
                e,
                "give a file you can write, e.g. `--out report.json`",
            )
        })?,
        None => out.write_all(text.as_bytes())?,
    }
    if let Some(path) = plot {
        let bytes = if is_png(path) {
            crate::plot::png(report).map_err(|e| {
                bad_input(
                    "output::plot",
                    format!("cannot draw `{}`: {e}", path.display()),
                    "give `--plot FILE.svg` for the SVG picture",
                )
            })?
        } else {
            crate::plot::svg(report).into_bytes()
        };
        write_file(path, &bytes).map_err(|e| {
            bad_input(
                "output::plot",
                e,
                "give a file you can write, e.g. `--plot shares.svg`",
            )
        })?;
    }
    Ok(())
}

/// Checks before a long run that `--out` and `--plot` can be written (creating them empty if
/// they do not exist), so that a typo does not cost the run.
pub fn check_writable(o: &OutputArgs) -> Result<(), Failure> {
    if let Some(plot) = &o.plot
        && !plot
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
        && !is_png(plot)
    {
        return Err(bad_input(
            "output::plot",
            format!("`--plot {}`: plots are SVG or PNG pictures", plot.display()),
            "name the file `….svg` or `….png`, e.g. `--plot shares.svg`",
        ));
    }
    for path in [&o.out, &o.plot].into_iter().flatten() {
        check_path(
            path,
            "output::write",
            "give a file you can write, e.g. `--out report.json`",
        )?;
    }
    Ok(())
}

/// Checks that `path` can be written (creating it empty if it does not exist); the error has
/// `code` and `help`.
pub fn check_path(path: &Path, code: &str, help: &str) -> Result<(), Failure> {
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map(|_| ())
        .map_err(|e| {
            bad_input(
                code,
                format!("cannot write `{}`: {e}", path.display()),
                help,
            )
        })
}

/// True if `path` names a PNG picture (`….png`, any case).
fn is_png(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

/// Writes `bytes` to `path`; the error is one line naming the file.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write `{}`: {e}", path.display()))
}

/// Reads a UTF-8 text file of at most [`MAX_INPUT_BYTES`]: a folder, device or pipe is refused
/// before it is read.
pub fn read_text(path: &Path) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(format!("larger than {MAX_INPUT_BYTES} bytes"));
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".into())
}
