//! The `ashtapada` command line: clap subcommands over the `ashtapada` library.
//!
//! [`run`] takes the arguments and two writers, so every command's output can be captured and
//! snapshot-tested. Exit codes: 0 success, 1 bad input (a broken rule file, a bad option, an
//! illegal move, a malformed position), 2 usage errors (from clap).

mod args;
mod cmd;
pub mod engine;
mod interrupt;
mod lines;
mod output;
mod players;
mod plot;
pub mod repl;
mod report;
pub mod uci;
pub mod usi;
pub mod xboard;

pub use args::Cli;
pub use repl::{Session, Setup, run_script};
pub use report::render_diagnostics;

use clap::Parser;
use std::ffi::OsString;
use std::io::Write;

/// Exit code for bad input.
pub const EXIT_BAD_INPUT: i32 = 1;

/// Parses `args` (the first is the program name) and runs the command, writing results to
/// `out` and diagnostics to `err`. Returns the exit code.
pub fn run<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = e.exit_code();
            let plain = e.render().to_string();
            // clap quotes a bad value as given: one with control characters (a bell, an
            // escape sequence) is shown escaped, without colour.
            let text = if code != 0 && ashtapada::diag::printable(&plain) != plain {
                ashtapada::diag::printable(&plain).into_owned()
            } else if report::color_enabled() {
                e.render().ansi().to_string()
            } else {
                plain
            };
            let w: &mut dyn Write = if code == 0 { out } else { err };
            let _ = write!(w, "{text}");
            return code;
        }
    };
    let result = cmd::dispatch(cli, out, err);
    interrupt::hold_if_ending();
    match result {
        Ok(()) => 0,
        Err(cmd::Failure::Diagnostics(d)) => {
            let _ = write!(
                err,
                "{}",
                render_diagnostics(&d, report::color_enabled(), None)
            );
            EXIT_BAD_INPUT
        }
        // The reader went away (`ashtapada perft … | head -1`): it has all it wanted.
        Err(cmd::Failure::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(cmd::Failure::Message(m)) => {
            // One line gets the `error:` prefix; a rendered rule-file report is shown as it is.
            let m = m.trim_end();
            if m.contains('\n') {
                let _ = writeln!(err, "{m}");
            } else {
                let _ = writeln!(err, "error: {m}");
            }
            EXIT_BAD_INPUT
        }
        Err(cmd::Failure::Io(e)) => {
            let _ = writeln!(err, "error: {e}");
            EXIT_BAD_INPUT
        }
        Err(cmd::Failure::Stopped(m, code)) => {
            let _ = writeln!(err, "{m}");
            code
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::{self, Write};

    /// Standard output whose reader has gone away.
    struct ClosedPipe;

    impl Write for ClosedPipe {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_broken_pipe_ends_quietly_with_success() {
        let mut err = Vec::new();
        let args = ["ashtapada", "perft", "chaturanga", "2", "--divide"];
        let code = super::run(args, &mut ClosedPipe, &mut err);
        assert_eq!(code, 0);
        assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
    }
}
