//! `ashtapada uci`: the Universal Chess Interface for every two-seat variant, so that GUIs,
//! cutechess-cli and other engines can play ashtapada.
//!
//! Commands are read on their own thread and handed to the main loop; a search runs on a
//! thread of its own ([`search`]), so `stop`, `isready` and `quit` are answered during a
//! search. Bad input — an unknown command, an unknown option or variant, a bad FEN, an
//! illegal move — gets an `info string error: …` line and changes nothing.

mod clock;
mod command;
mod options;
mod search;

use ashtapada::agents::{Grade, HARD, SearchAgent};
use ashtapada::notation::{parse_move, parse_position, pass_text};
use ashtapada::{EndReason, Position, Variant};
use command::{Command, Go};
use search::{Job, Running};
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Instant;

/// The engine's output, shared by the main loop and the search thread: whole lines, flushed
/// at once.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Output to `w`.
    pub fn new(w: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(w)))
    }

    /// Writes `line` and a newline, and flushes. A GUI that has gone away is not an error
    /// here: the engine ends when its input does.
    pub fn say(&self, line: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }

    /// `info string error: …`, always one line (line breaks become `; `).
    /// The message is shown with control characters escaped and cut at
    /// [`MAX_ERROR_CHARS`], so that a hostile line is neither obeyed by a terminal nor echoed
    /// whole.
    fn error(&self, message: &str) {
        // One protocol line, whatever the message holds.
        let message = message.replace('\n', "; ");
        let shown = ashtapada::diag::printable(&message);
        let shown = ashtapada::diag::excerpt_at(&shown, MAX_ERROR_CHARS);
        self.say(&format!("info string error: {shown}"));
    }
}

/// The most characters of an `info string error` message.
const MAX_ERROR_CHARS: usize = 200;

/// The engine's state between commands.
struct Engine {
    out: Output,
    catalogue: Catalogue,
    /// The `UCI_Variant` chosen.
    variant: Arc<Variant>,
    /// The position of the last good `position` command; `None` before one (and after a
    /// change of variant).
    pos: Option<Position>,
    level: Grade,
    /// Hash size in MB.
    hash: usize,
    /// Move overhead in milliseconds.
    overhead: u64,
    /// `MultiPV`: root moves reported per search.
    multipv: usize,
    /// The agent between searches (`None` while a search holds it, or when an option change
    /// asks for a fresh one).
    agent: Option<SearchAgent>,
    running: Option<Running>,
}

pub use options::Catalogue;

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
    let out = Output::new(output);
    let (tx, rx) = mpsc::channel::<Result<String, String>>();
    // The reader: one line at a time, invalid UTF-8 replaced (and then refused as a command),
    // a line over the bound skipped and reported.
    std::thread::spawn(move || {
        let mut input = input;
        let mut buf = Vec::new();
        for number in 1.. {
            let line =
                match crate::lines::read_line(&mut input, &mut buf, crate::lines::MAX_LINE_BYTES) {
                    Ok(crate::lines::Line::End) | Err(_) => break,
                    // Refused as a command: the engine answers with an `info string` error.
                    Ok(crate::lines::Line::TooLong(n)) => Err(crate::lines::too_long(number, n)),
                    Ok(crate::lines::Line::Read) => Ok(String::from_utf8_lossy(
                        crate::lines::without_bom(number, &buf),
                    )
                    .into_owned()),
                };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut engine = Engine::new(out, catalogue);
    while let Ok(line) = rx.recv() {
        match line {
            Ok(line) => {
                if !engine.handle(&line) {
                    break;
                }
            }
            Err(e) => engine.out.error(&e),
        }
    }
    // The input ended or `quit`: a search still running is stopped (its `bestmove` printed).
    engine.finish();
}

impl Engine {
    /// The engine before the first command: the built-in catalogue, its first variant, the
    /// default options and an agent with its table already allocated.
    fn new(out: Output, catalogue: Catalogue) -> Engine {
        let variant = catalogue.variants[0].1.clone();
        let mut engine = Engine {
            out,
            catalogue,
            variant,
            pos: None,
            level: HARD,
            hash: options::DEFAULT_HASH,
            overhead: options::DEFAULT_OVERHEAD,
            multipv: 1,
            agent: None,
            running: None,
        };
        engine.fresh_agent();
        engine
    }

    /// A new agent at the current level, its `Hash` table allocated now — on the command
    /// thread, while `setoption` is read, so that the GUI's `isready` waits for it and no
    /// `go` pays for it on the clock. The old agent and its table are dropped first, so the
    /// two tables are never held at once.
    fn fresh_agent(&mut self) {
        self.agent = None;
        let mut a = SearchAgent::new(self.level);
        a.set_table_bytes(self.hash << 20);
        self.agent = Some(a);
    }

    /// Handles one line; false on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        self.reap();
        let command = match command::parse(line) {
            Ok(Some(c)) => c,
            Ok(None) => return true,
            Err(e) => {
                self.out.error(&e);
                return true;
            }
        };
        let busy = self.running.is_some();
        match command {
            Command::Quit => return false,
            Command::Stop | Command::PonderHit => self.finish(),
            Command::IsReady => self.out.say("readyok"),
            Command::Debug => {}
            Command::Uci => self.uci(),
            _ if busy => self.out.error("a search is running: send `stop` first"),
            Command::SetOption { name, value } => {
                if let Err(e) = self.set_option(&name, value.as_deref()) {
                    self.out.error(&e);
                }
            }
            Command::UciNewGame => {
                // Emptied in place (reallocating a large table took seconds), with the move
                // ordering's memory: a new game.
                match self.agent.as_mut() {
                    Some(a) => a.clear(),
                    None => self.fresh_agent(),
                }
                self.pos = None;
            }
            Command::Position { fen, moves } => match self.position(fen.as_deref(), &moves) {
                Ok(p) => self.pos = Some(p),
                Err(e) => self.out.error(&e),
            },
            Command::Go(go) => {
                if let Err(e) = self.go(&go) {
                    self.out.error(&e);
                }
            }
        }
        true
    }

    /// Takes back the agent of a search that has ended by itself (or is printing its
    /// `bestmove`: the thread is about to end, so waiting for it takes no time).
    fn reap(&mut self) {
        if self.running.as_ref().is_some_and(Running::is_done) {
            self.finish();
        }
    }

    /// Stops the search or perft count running, if any, and takes back a search's agent.
    fn finish(&mut self) {
        if let Some(agent) = self.running.take().and_then(Running::finish) {
            self.agent = Some(agent);
        }
    }

    /// `uci`: identity, options, `uciok`.
    fn uci(&self) {
        self.out
            .say(&format!("id name ashtapada {}", env!("CARGO_PKG_VERSION")));
        self.out.say("id author the ashtapada developers");
        for l in self.catalogue.option_lines(&self.variant.name) {
            self.out.say(&l);
        }
        self.out.say("uciok");
    }

    /// `setoption`.
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let value = value.unwrap_or("");
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let v = self.catalogue.get(value).cloned().ok_or_else(|| {
                    let names: Vec<&str> = self
                        .catalogue
                        .variants
                        .iter()
                        .map(|(n, _)| n.as_str())
                        .collect();
                    format!(
                        "unknown variant `{value}`; variants are {} (load a rule file with \
                         VariantPath)",
                        names.join(", ")
                    )
                })?;
                if !Arc::ptr_eq(&v, &self.variant) {
                    self.variant = v;
                    self.pos = None;
                }
            }
            "variantpath" => {
                if !value.is_empty() && value != "<empty>" {
                    let name = self.catalogue.load(value)?;
                    self.out.say(&format!(
                        "info string variant `{name}` loaded: set UCI_Variant to play it"
                    ));
                    // `UCI_Variant`'s choices re-advertised, the new one among them, for GUIs
                    // that read option lines at any time (python-chess reads them only in the
                    // handshake: start the engine with `--variant-path` for it).
                    let lines = self.catalogue.option_lines(&self.variant.name);
                    self.out.say(&lines[0]);
                }
            }
            "level" => {
                self.level = options::level(value).ok_or_else(|| {
                    format!("option `Level`: `{value}` is not one of easy, medium, hard")
                })?;
                self.fresh_agent();
            }
            "hash" => {
                let mb = options::spin("Hash", value, 1, options::MAX_HASH as u64)? as usize;
                if mb != self.hash || self.agent.is_none() {
                    self.hash = mb;
                    self.fresh_agent();
                }
            }
            "clear hash" => match self.agent.as_mut() {
                Some(a) => a.clear_table(),
                None => self.fresh_agent(),
            },
            "move overhead" => self.overhead = options::spin("Move Overhead", value, 0, 5000)?,
            "multipv" => {
                self.multipv =
                    options::spin("MultiPV", value, 1, options::MAX_MULTIPV as u64)? as usize;
            }
            // Options GUIs send to every engine.
            "ponder" | "uci_chess960" | "threads" | "uci_analysemode" => {}
            _ => {
                return Err(format!(
                    "unknown option `{name}`; options are UCI_Variant, VariantPath, Level, Hash, \
                     Clear Hash, Move Overhead, MultiPV"
                ));
            }
        }
        Ok(())
    }

    /// `position`: the new position, or why it is refused (the old one stays).
    fn position(&self, fen: Option<&str>, moves: &[String]) -> Result<Position, String> {
        let mut pos = match fen {
            None => Position::start(self.variant.clone()),
            Some(f) => parse_position(&self.variant, f).map_err(|e| {
                format!(
                    "bad FEN for {} at character {}: {}",
                    self.variant.name,
                    e.span.start + 1,
                    e.message()
                )
            })?,
        };
        for (i, text) in moves.iter().enumerate() {
            // A pass, as Fairy-Stockfish writes it (the royal square twice).
            if pass_text(&pos).is_some_and(|p| p == *text) {
                play_on(&mut pos);
                pos.pass()
                    .map_err(|e| format!("move {} `{text}`: {e}", i + 1))?;
                continue;
            }
            let m = parse_move(&mut pos, text).map_err(|e| {
                format!(
                    "move {} `{text}` is not legal: {e}; the position is unchanged",
                    i + 1
                )
            })?;
            play_on(&mut pos);
            if pos.outcome().is_some() {
                return Err(format!(
                    "move {} `{text}`: the game is already over; the position is unchanged",
                    i + 1
                ));
            }
            pos.play(m)
                .map_err(|e| format!("move {} `{text}`: {e}", i + 1))?;
        }
        Ok(pos)
    }

    /// `go`: a search on its own thread, or `perft` at once.
    fn go(&mut self, go: &Go) -> Result<(), String> {
        let started = Instant::now();
        let Some(pos) = self.pos.as_ref() else {
            return Err(
                "`go` before `position`: send `position startpos` or `position fen …` first".into(),
            );
        };
        let mut pos = pos.clone();
        play_on(&mut pos);
        if let Some(depth) = go.perft {
            return self.perft(pos, depth);
        }
        let mut only = Vec::new();
        for text in &go.searchmoves {
            only.push(
                parse_move(&mut pos, text)
                    .map_err(|e| format!("searchmoves `{text}` is not legal: {e}"))?,
            );
        }
        let seat = pos.to_move().index();
        let job = Job {
            limits: search::limits(go, self.level.nodes, self.level.max_depth),
            budget: clock::budget(go, seat, self.overhead),
            only,
            pos,
            started,
            wait: go.infinite || go.ponder,
            multipv: self.multipv,
        };
        if self.agent.is_none() {
            self.fresh_agent();
        }
        let agent = self.agent.take().expect("fresh_agent made one");
        self.running = Some(search::start(agent, job, self.out.clone()));
        Ok(())
    }

    /// `go perft N` on its own thread ([`search::start_perft`]), at most
    /// [`search::MAX_PERFT_DEPTH`] plies.
    fn perft(&mut self, pos: Position, depth: u32) -> Result<(), String> {
        if depth > search::MAX_PERFT_DEPTH {
            return Err(format!(
                "`go perft {depth}` is too deep: at most {} (the count grows about tenfold \
                 per ply; depth 7 takes about a minute in chess)",
                search::MAX_PERFT_DEPTH
            ));
        }
        self.running = Some(search::start_perft(pos, depth, self.out.clone()));
        Ok(())
    }
}

/// The GUI is the referee: where it plays on past a repetition, move-rule or counting draw of
/// these rules (cutechess-cli's makruk has no repetition draw and no counting), the counts
/// start again, so the next move is accepted and the search plays on from here. Mate,
/// stalemate and the rule file's other endings still end the game.
fn play_on(pos: &mut Position) {
    if matches!(
        pos.outcome().map(|o| o.reason()),
        Some(EndReason::Repetition | EndReason::MoveRule)
    ) || pos.outcome().map(|o| o.reason()) == Some(ashtapada::rules::counting::REASON)
    {
        pos.restart_draw_counts();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    fn engine() -> (Engine, Sink) {
        let sink = Sink::default();
        (
            Engine::new(Output::new(Box::new(sink.clone())), Catalogue::builtin()),
            sink,
        )
    }

    /// Issue 28, item 7: `setoption name Hash` allocates the table at once (the GUI's
    /// `isready` waits for it, no `go` pays for it), and `ucinewgame` empties it in place
    /// instead of dropping it.
    #[test]
    fn the_hash_table_is_allocated_at_setoption_and_cleared_on_a_new_game() {
        let (mut e, out) = engine();
        assert!(e.agent.as_ref().is_some_and(|a| a.table_bytes() > 0));
        e.handle("setoption name Hash value 64");
        let bytes = e
            .agent
            .as_ref()
            .expect("allocated at setoption")
            .table_bytes();
        assert!(
            (32 << 20..=64 << 20).contains(&bytes),
            "{bytes} bytes for Hash 64"
        );
        e.handle("position startpos");
        e.handle("go depth 3");
        assert!(e.agent.is_none(), "the search holds the agent");
        while !e.running.as_ref().is_some_and(Running::is_done) {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        e.finish();
        assert!(out.text().contains("bestmove"), "{}", out.text());
        let agent = e.agent.as_ref().expect("handed back");
        assert_eq!(agent.table_bytes(), bytes);
        assert!(agent.table_used() > 0, "the search stored results");
        e.handle("ucinewgame");
        let agent = e.agent.as_ref().expect("kept over a new game");
        assert_eq!(agent.table_bytes(), bytes);
        assert_eq!(agent.table_used(), 0, "emptied");
        e.handle("setoption name Level value easy");
        assert_eq!(e.agent.as_ref().map(SearchAgent::table_bytes), Some(bytes));
    }
}
