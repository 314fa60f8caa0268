//! `ashtapada uci`: the Universal Chess Interface for every two-seat variant, so that GUIs,
//! cutechess-cli and other engines can play ashtapada.
//!
//! A thin codec on the engine [`Session`]: a line is parsed ([`command`]), handed to the
//! session, and answered in UCI's words (the [`Dialect`] defaults are UCI's). Commands are
//! read on their own thread; a search runs on a thread of its own, so `stop`, `isready` and
//! `quit` are answered during a search. Bad input — an unknown command, an unknown option or
//! variant, a bad FEN, an illegal move — gets an `info string error: …` line and changes
//! nothing.

mod command;

use crate::engine::{Dialect, OptionError, Output, Session, serve};
use command::Command;
use std::io::{BufRead, Write};
use std::sync::Arc;

pub use crate::engine::Catalogue;

/// Reads the parameters of UCI's `go` (the words after it).
///
/// # Errors
/// An unknown parameter, a missing or malformed number.
pub(crate) fn parse_go(words: &[&str]) -> Result<crate::engine::Go, String> {
    command::go(words)
}

/// UCI's notation and lines: the [`Dialect`] defaults.
pub struct Uci;

impl Dialect for Uci {}

/// Runs the UCI engine on the built-in variants: reads commands from `input` until `quit` or
/// the end of the input, answers on `output`.
pub fn run(input: Box<dyn BufRead + Send>, output: Box<dyn Write + Send>) {
    run_with(Catalogue::builtin(), input, output);
}

/// [`run`] offering the variants of `catalogue` (the built-ins and rule files loaded with
/// `--variant-path`).
pub fn run_with(
    catalogue: Catalogue,
    input: Box<dyn BufRead + Send>,
    output: Box<dyn Write + Send>,
) {
    let mut session = Session::new(Output::new(output), catalogue, Arc::new(Uci));
    serve(&mut session, input, handle);
}

/// Handles one line; false on `quit`.
fn handle(s: &mut Session, line: &str) -> bool {
    s.poll();
    let command = match command::parse(line) {
        Ok(Some(c)) => c,
        Ok(None) => return true,
        Err(e) if line.split_whitespace().next() == Some("position") => {
            s.refuse_position(&e);
            return true;
        }
        Err(e) => {
            s.error(&e);
            return true;
        }
    };
    let busy = s.busy();
    match command {
        Command::Quit => return false,
        Command::Stop | Command::PonderHit => {
            s.stop();
        }
        Command::IsReady => s.say("readyok"),
        Command::Debug => {}
        Command::Uci => uci(s),
        _ if busy => s.error("a search is running: send `stop` first"),
        Command::SetOption { name, value } => set_option(s, &name, value.as_deref()),
        Command::UciNewGame => s.new_game(),
        Command::Position { fen, moves } => {
            if let Err(e) = s.set_position(fen.as_deref(), &moves) {
                s.error(&e);
            }
        }
        Command::Go(go) => {
            if let Err(e) = s.go(&go) {
                s.error(&e);
            }
        }
    }
    true
}

/// `uci`: identity, options, `uciok`.
fn uci(s: &Session) {
    s.say(&format!("id name ashtapada {}", env!("CARGO_PKG_VERSION")));
    s.say("id author the ashtapada developers");
    for l in s.catalogue().option_lines(&s.variant().name) {
        s.say(&l);
    }
    s.say("uciok");
}

/// `setoption`.
fn set_option(s: &mut Session, name: &str, value: Option<&str>) {
    let neutral = name.to_ascii_lowercase().replace('_', " ");
    match s.set_option(&neutral, value.unwrap_or("")) {
        Ok(None) => {}
        Ok(Some(loaded)) => {
            s.note(&format!(
                "variant `{loaded}` loaded: set UCI_Variant to play it"
            ));
            // `UCI_Variant`'s choices re-advertised, the new one among them, for GUIs that
            // read option lines at any time (python-chess reads them only in the handshake:
            // start the engine with `--variant-path` for it).
            let lines = s.catalogue().option_lines(&s.variant().name);
            s.say(&lines[0]);
        }
        Err(OptionError::Bad(e)) => s.error(&e),
        Err(OptionError::Unknown) => s.error(&format!(
            "unknown option `{name}`; options are UCI_Variant, VariantPath, Level, Hash, Clear \
             Hash, Move Overhead, MultiPV"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashtapada::agents::SearchAgent;
    use std::sync::Mutex;

    /// Output collected in memory.
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Sink {
        fn text(&self) -> String {
            String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
        }
    }

    fn engine() -> (Session, Sink) {
        let sink = Sink::default();
        (
            Session::new(
                Output::new(Box::new(sink.clone())),
                Catalogue::builtin(),
                Arc::new(Uci),
            ),
            sink,
        )
    }

    /// Issue 28, item 7: `setoption name Hash` allocates the table at once (the GUI's
    /// `isready` waits for it, no `go` pays for it), and `ucinewgame` empties it in place
    /// instead of dropping it.
    #[test]
    fn the_hash_table_is_allocated_at_setoption_and_cleared_on_a_new_game() {
        let (mut e, out) = engine();
        assert!(e.agent().is_some_and(|a| a.table_bytes() > 0));
        handle(&mut e, "setoption name Hash value 64");
        let bytes = e.agent().expect("allocated at setoption").table_bytes();
        assert!(
            (32 << 20..=64 << 20).contains(&bytes),
            "{bytes} bytes for Hash 64"
        );
        handle(&mut e, "position startpos");
        handle(&mut e, "go depth 3");
        assert!(e.agent().is_none(), "the search holds the agent");
        while !e.search_done() {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        e.stop();
        assert!(out.text().contains("bestmove"), "{}", out.text());
        let agent = e.agent().expect("handed back");
        assert_eq!(agent.table_bytes(), bytes);
        assert!(agent.table_used() > 0, "the search stored results");
        handle(&mut e, "ucinewgame");
        let agent = e.agent().expect("kept over a new game");
        assert_eq!(agent.table_bytes(), bytes);
        assert_eq!(agent.table_used(), 0, "emptied");
        handle(&mut e, "setoption name Level value easy");
        assert_eq!(e.agent().map(SearchAgent::table_bytes), Some(bytes));
    }
}
