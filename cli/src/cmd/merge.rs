//! `ashtapada merge REPORT…`: the JSON reports of `simulate --shard K/N` runs combined into the
//! report of the whole run.

use super::{Failure, bad_input};
use crate::args::MergeArgs;
use crate::output::emit;
use ashtapada::diag::Code;
use ashtapada::sim::Report;
use std::io::Write;

pub fn run(a: &MergeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    crate::output::check_outputs(&a.output, &a.reports, None, &[])?;
    let mut parts = Vec::with_capacity(a.reports.len());
    for path in &a.reports {
        let text = crate::output::read_text(path).map_err(|e| {
            bad_input(
                Code::MergeRead,
                format!("cannot read `{}`: {e}", path.display()),
                "give the JSON reports of `ashtapada simulate --shard K/N --format json`",
            )
        })?;
        let report = Report::from_json(&text).map_err(|e| {
            bad_input(
                Code::MergeReport,
                format!("`{}`: {e}", path.display()),
                "give the JSON reports of `ashtapada simulate --shard K/N --format json`",
            )
        })?;
        parts.push((path.display().to_string(), report));
    }
    let whole = Report::merge(parts).map_err(|e| {
        bad_input(
            Code::MergeShards,
            e,
            "merge the N reports of one run: the same command with `--shard 0/N` … `--shard N-1/N`",
        )
    })?;
    emit(&whole, &a.output, out)
}
