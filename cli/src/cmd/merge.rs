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
        if let Some(why) = partial_reason(&text) {
            return Err(bad_input(
                Code::MergeReport,
                format!(
                    "`{}` is a partial report ({why}): its games are not the shard's",
                    path.display()
                ),
                "merge the reports of complete runs: run that shard again",
            ));
        }
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

/// Why a JSON report is marked partial (`"partial": {"reason", …}`, written by a `simulate`
/// run that was interrupted or whose outside player failed), if it is.
fn partial_reason(text: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    let p = v.get("partial")?;
    let reason = p
        .get("reason")
        .and_then(|r| r.as_str())
        .unwrap_or("partial");
    Some(ashtapada::diag::printable(reason).into_owned())
}
