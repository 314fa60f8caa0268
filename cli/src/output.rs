//! Writing reports (to standard output or `--out FILE`, with `--plot`), and reading input files
//! with a size bound.

use crate::args::{Format, OutputArgs};
use crate::cmd::{Failure, bad_input};
use ashtapada::sim::Report;
use std::io::{Read, Write};
use std::path::Path;

/// The most bytes a simulation report read by `merge` may have: 256 MiB.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// The most bytes a game record may have: 4 MiB. Replaying takes up to about 32 times a
/// record's size in memory (the text, each action as a string, and the undo history of every
/// action played), so a record stays within about 130 MB; the longest game `simulate` plays
/// under its default ply cap (10,000 plies) writes a record of well under 1 MiB.
pub const MAX_RECORD_BYTES: u64 = 4 << 20;

/// Writes `report` in the chosen format to `--out` (or `out`), and its plot to `--plot` if
/// given.
pub fn emit(report: &Report, o: &OutputArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let (out_file, plot) = (o.out.as_deref(), o.plot.as_deref());
    let text = match o.format {
        // Option and choice names come from the rule file: controls are shown escaped.
        Format::Table => ashtapada::diag::printable(&report.to_string()).into_owned(),
        Format::Csv => ashtapada::diag::printable(&report.to_csv()).into_owned(),
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
        let svg = crate::plot::svg(report);
        write_file(path, svg.as_bytes()).map_err(|e| {
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
    {
        return Err(bad_input(
            "output::plot",
            format!("`--plot {}`: plots are SVG pictures", plot.display()),
            "name the file `….svg`, e.g. `--plot shares.svg`",
        ));
    }
    let outputs = [
        (
            &o.out,
            "give a file you can write, e.g. `--out report.json`",
        ),
        (
            &o.plot,
            "give a file you can write, e.g. `--plot shares.svg`",
        ),
    ];
    for (path, help) in outputs {
        let Some(path) = path else { continue };
        std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| {
                bad_input(
                    "output::write",
                    format!("cannot write `{}`: {e}", path.display()),
                    help,
                )
            })?;
    }
    Ok(())
}

/// Writes `bytes` to `path`; the error is one line naming the file.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write `{}`: {e}", path.display()))
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
