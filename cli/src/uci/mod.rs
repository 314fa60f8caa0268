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
use ashtapada::notation::{action_to_string, parse_move, parse_position, pass_text};
use ashtapada::{Action, EndReason, Position, Variant, divide};
use command::{Command, Go};
use options::Catalogue;
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
    /// The agent between searches (`None` while a search holds it, or when an option change
    /// asks for a fresh one).
    agent: Option<SearchAgent>,
    running: Option<Running>,
}

/// Runs the UCI engine: reads commands from `input` until `quit` or the end of the input,
/// answers on `output`.
pub fn run(input: Box<dyn BufRead + Send>, output: Box<dyn Write + Send>) {
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
    let catalogue = Catalogue::builtin();
    let variant = catalogue.variants[0].1.clone();
    let mut engine = Engine {
        out,
        catalogue,
        variant,
        pos: None,
        level: HARD,
        hash: options::DEFAULT_HASH,
        overhead: options::DEFAULT_OVERHEAD,
        agent: None,
        running: None,
    };
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
    if let Some(r) = engine.running.take() {
        r.finish();
    }
}

impl Engine {
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
            Command::Stop | Command::PonderHit => {
                if let Some(r) = self.running.take() {
                    self.agent = Some(r.finish());
                }
            }
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
                self.agent = None;
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
        if self.running.as_ref().is_some_and(Running::is_done)
            && let Some(r) = self.running.take()
        {
            self.agent = Some(r.finish());
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
                }
            }
            "level" => {
                self.level = options::level(value).ok_or_else(|| {
                    format!("option `Level`: `{value}` is not one of easy, medium, hard")
                })?;
                self.agent = None;
            }
            "hash" => {
                self.hash = options::spin("Hash", value, 1, options::MAX_HASH as u64)? as usize;
                self.agent = None;
            }
            "clear hash" => self.agent = None,
            "move overhead" => self.overhead = options::spin("Move Overhead", value, 0, 5000)?,
            // Options GUIs send to every engine.
            "ponder" | "uci_chess960" | "threads" | "multipv" | "uci_analysemode" => {}
            _ => {
                return Err(format!(
                    "unknown option `{name}`; options are UCI_Variant, VariantPath, Level, Hash, \
                     Clear Hash, Move Overhead"
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
            return self.perft(&mut pos, depth);
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
        };
        let agent = self.agent.take().unwrap_or_else(|| {
            let mut a = SearchAgent::new(self.level);
            a.set_table_bytes(self.hash << 20);
            a
        });
        self.running = Some(search::start(agent, job, self.out.clone()));
        Ok(())
    }

    /// `go perft N`, printed as Fairy-Stockfish prints it: `MOVE: COUNT` per root move, a
    /// blank line, `Nodes searched: N`, a blank line.
    fn perft(&self, pos: &mut Position, depth: u32) -> Result<(), String> {
        if depth > 64 {
            return Err(format!("`go perft {depth}` is too deep: at most 64"));
        }
        let mut total = 0;
        for (a, n) in divide(pos, depth) {
            // A pass as Fairy-Stockfish writes it (the royal square twice).
            let text = match a {
                Action::Pass => pass_text(pos).unwrap_or_else(|| action_to_string(pos, a)),
                _ => action_to_string(pos, a),
            };
            self.out.say(&format!("{text}: {n}"));
            total += n;
        }
        self.out.say(&format!("\nNodes searched: {total}\n"));
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
        Some(EndReason::Repetition | EndReason::MoveRule | EndReason::Counting)
    ) {
        pos.restart_draw_counts();
    }
}
