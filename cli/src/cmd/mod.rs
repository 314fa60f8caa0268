//! One module per subcommand.

mod bench;
mod check;
mod epd_positions;
mod explain;
mod list;
mod merge;
mod perft;
mod pgn_games;
mod repl;
pub(crate) mod replay;
mod simulate;
mod values;

use crate::args::{Cli, Command, VariantArgs};
use ashtapada::{Assignment, Diagnostics, Variant};
use std::io::Write;
use std::sync::Arc;

/// Why a command failed.
pub enum Failure {
    /// Located problems (rule files, options, positions).
    Diagnostics(Diagnostics),
    /// Writing output failed.
    Io(std::io::Error),
    /// A message already rendered (the REPL's start: a rule-file report, a bad seat name).
    Message(String),
    /// The run was stopped by a signal after writing what it had (`simulate`): the message,
    /// and the exit code (128 + the signal's number, as a shell reports it).
    Stopped(String, i32),
}

impl From<Diagnostics> for Failure {
    fn from(d: Diagnostics) -> Failure {
        Failure::Diagnostics(d)
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        Failure::Io(e)
    }
}

/// Runs a parsed command.
pub fn dispatch(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), Failure> {
    match cli.command {
        Command::List => list::run(out),
        Command::Check { files } => check::run(&files, out, err),
        Command::Explain { v } => explain::run(&v, out),
        Command::Perft(a) => perft::run(&a, out),
        Command::Simulate(a) => simulate::run(&a, out, err),
        Command::Merge(a) => merge::run(&a, out),
        Command::Replay(a) => replay::run(&a, out, err),
        Command::Values(a) => values::run(&a, out),
        Command::Bench { depth, variants } => bench::run(depth, &variants, out),
        Command::Repl(a) => repl::run_repl(&a, out),
        Command::Play(a) => repl::run_play(&a, out),
        Command::Uci(a) => {
            let catalogue = catalogue(&a.variant_path)?;
            crate::uci::run_with(catalogue, stdin(), Box::new(std::io::stdout()));
            Ok(())
        }
        Command::Xboard(a) => {
            let catalogue = catalogue(&a.variant_path)?;
            crate::xboard::run_with(catalogue, stdin(), Box::new(std::io::stdout()));
            Ok(())
        }
        Command::Usi => {
            crate::usi::run(stdin(), Box::new(std::io::stdout()));
            Ok(())
        }
    }
}

/// Standard input, buffered, for the protocols.
fn stdin() -> Box<dyn std::io::BufRead + Send> {
    Box::new(std::io::BufReader::new(std::io::stdin()))
}

/// The built-in catalogue with the rule files of `--variant-path`.
fn catalogue(paths: &[String]) -> Result<crate::engine::Catalogue, Failure> {
    let mut catalogue = crate::engine::Catalogue::builtin();
    for path in paths {
        catalogue.load(path).map_err(|e| {
            bad_input(
                ashtapada::diag::Code::SpecNotARuleFile,
                e,
                "give `--variant-path` a rule file of a two-seat variant without dice \
                 (`ashtapada check FILE` lists its problems)",
            )
        })?;
    }
    Ok(catalogue)
}

/// A bad-input failure: one diagnostic without a location, with a hint.
pub fn bad_input(
    code: ashtapada::diag::Code,
    message: impl Into<String>,
    help: impl Into<String>,
) -> Failure {
    Failure::Diagnostics(
        ashtapada::Diagnostic::new(code, message, None)
            .help(help)
            .into(),
    )
}

/// Loads and compiles the variant with its `--set` options.
pub fn load(v: &VariantArgs) -> Result<Arc<Variant>, Failure> {
    let a = Assignment::parse(&v.set)?;
    Ok(ashtapada::load_variant(&v.variant, &a)?)
}
