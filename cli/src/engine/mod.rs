//! The engine behind every protocol: one [`Session`] owns the catalogue and the variant
//! chosen, the options, the position and its moves, the search thread and its stop flag, the
//! limits and the clock, and the play-on rules at a game's end. A protocol (`uci`, `usi`,
//! `xboard`) is a codec on it: it reads a line, calls the session, and writes the reply
//! through its [`Dialect`] (move notation and the lines the search thread prints).

pub mod catalogue;
pub mod clock;
pub mod search;
pub mod session;

pub use catalogue::Catalogue;
pub use session::{OptionError, Session};

use ashtapada::Position;
use ashtapada::agents::Score;
use ashtapada::notation::PositionError;
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex, mpsc};

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
}

/// The most characters of an error message shown to the GUI.
pub const MAX_ERROR_CHARS: usize = 200;

/// `message` as one protocol line's worth: line breaks become `; `, control characters are
/// escaped and the text is cut at [`MAX_ERROR_CHARS`], so that a hostile line is neither
/// obeyed by a terminal nor echoed whole.
pub fn one_line(message: &str) -> String {
    let message = message.replace('\n', "; ");
    let shown = ashtapada::diag::printable(&message);
    ashtapada::diag::excerpt_at(&shown, MAX_ERROR_CHARS).to_string()
}

/// What a search asks for, in the protocol's terms read into one shape. Times are in
/// milliseconds, indexed by seat (0: the seat that moves first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// At most this many plies.
    pub depth: Option<u32>,
    /// At most this many nodes.
    pub nodes: Option<u64>,
    /// Exactly this long (less the move overhead).
    pub movetime: Option<u64>,
    /// The two seats' clocks (UCI `wtime`/`btime`, USI `btime`/`wtime`, XBoard `time`/`otim`).
    pub time: [Option<u64>; 2],
    /// Their increments per move.
    pub inc: [Option<u64>; 2],
    /// USI's byoyomi: time given afresh for every move once the clock is spent.
    pub byoyomi: Option<u64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Search until stopped.
    pub infinite: bool,
    /// Search the expected reply until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Count the legal-move tree to this depth instead of searching.
    pub perft: Option<u32>,
    /// A mate in this many moves: read as `depth 2M-1`.
    pub mate: Option<u32>,
    /// Only these root moves, in the protocol's notation.
    pub searchmoves: Vec<String>,
}

/// One iteration of a search, its moves already in the protocol's notation.
#[derive(Clone, Debug)]
pub struct Thought {
    /// Depth in plies.
    pub depth: i32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The line's number when several root moves are reported (`MultiPV` over 1).
    pub multipv: Option<usize>,
    /// The value for the seat to move.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search began.
    pub millis: u128,
    /// The principal variation.
    pub pv: Vec<String>,
}

/// A finished game, as the protocols report it when asked to move in it.
pub struct GameEnd {
    /// The winning seat's index (0: white or sente), `None` for a draw or a ranking.
    pub winner: Option<usize>,
    /// The outcome in words: "black wins (checkmate)".
    pub text: String,
}

impl GameEnd {
    /// The end of `pos`'s game, if it has ended by the rules.
    pub fn of(pos: &mut Position) -> Option<GameEnd> {
        let o = pos.outcome()?;
        Some(GameEnd {
            winner: match o {
                ashtapada::Outcome::Decisive { winner, .. } => Some(winner.index()),
                _ => None,
            },
            text: pos.describe_outcome(o),
        })
    }
}

/// How a protocol writes moves and the search's lines. UCI's forms are the defaults.
pub trait Dialect: Send + Sync {
    /// A move the GUI wrote, in ashtapada's coordinate notation (`e2e4`, `P@e5`).
    fn move_in(&self, _pos: &Position, text: &str) -> String {
        text.to_string()
    }

    /// Why a move the GUI wrote in the protocol's own words cannot be played here, where
    /// the protocol knows better than the move reader (XBoard's `O-O` with no castling
    /// legal); `None`: read it as a move.
    fn refusal(&self, _pos: &Position, _text: &str) -> Option<String> {
        None
    }

    /// A syntax error's text with the hints on how moves are written
    /// ([`ashtapada::notation::MOVE_HINT`], [`DROP_HINT`](ashtapada::notation::DROP_HINT))
    /// in the protocol's own notation.
    fn hints(&self, message: String) -> String {
        message
    }

    /// The protocol's position text (UCI's and XBoard's FEN, USI's SFEN) as the position
    /// string ashtapada reads.
    ///
    /// # Errors
    /// A message naming the field that does not read.
    fn position_in(&self, text: &str) -> Result<String, String> {
        Ok(text.to_string())
    }

    /// Why the position `text` (as the protocol wrote it) is refused for `variant`: `e`, the
    /// error of reading [`position_in`](Self::position_in)'s string, located in `text`.
    fn position_error(&self, variant: &str, text: &str, e: &PositionError) -> String {
        let _ = text;
        format!(
            "bad FEN for {variant} at character {}: {}",
            e.span.start + 1,
            e.message()
        )
    }

    /// A move in ashtapada's notation (`text`), as the protocol writes it.
    fn move_out(&self, _pos: &Position, text: String) -> String {
        text
    }

    /// The protocol's own name of seat `index` (USI: `sente`, `gote`); `None`: the rule
    /// file's seat name.
    fn seat_word(&self, _index: usize) -> Option<&'static str> {
        None
    }

    /// The commands that set a position, for the error of a `go` with none
    /// (UCI's `position startpos` or `position fen …`).
    fn position_commands(&self) -> &'static str {
        "`position startpos` or `position fen …`"
    }

    /// The line for an error (already one line, see [`one_line`]); `command`: the GUI's line
    /// that failed (already one line), `None` for an error of no command (the search
    /// thread's). UCI's and USI's `info string` lines name no command.
    fn error(&self, message: &str, command: Option<&str>) -> String {
        let _ = command;
        format!("info string error: {message}")
    }

    /// A remark that is not an error.
    fn note(&self, message: &str) -> String {
        format!("info string {message}")
    }

    /// The line for one search iteration, if the protocol shows it.
    fn thought(&self, t: &Thought) -> Option<String> {
        let score = match t.score {
            Score::Centi(cp) => format!("cp {cp}"),
            Score::Mate(m) => format!("mate {m}"),
        };
        let line = t
            .multipv
            .map_or_else(String::new, |k| format!(" multipv {k}"));
        Some(format!(
            "info depth {} seldepth {}{line} score {score} nodes {} nps {} time {} pv {}",
            t.depth,
            t.seldepth.max(t.depth as u32),
            t.nodes,
            t.nps,
            t.millis,
            t.pv.join(" ")
        ))
    }

    /// The line after a search: its nodes, speed and time.
    fn searched(&self, nodes: u64, nps: u64, millis: u128) -> Option<String> {
        Some(format!("info nodes {nodes} nps {nps} time {millis}"))
    }

    /// The line before the answer when there is nothing to search (no legal move): the game
    /// is over (`end`, `None` when it has not ended by the rules), "mate 0" when someone won,
    /// as Stockfish writes it, "cp 0" for a draw.
    fn nothing_to_search(&self, end: Option<&GameEnd>) -> Option<String> {
        let score = if end.is_some_and(|e| e.winner.is_some()) {
            "mate 0"
        } else {
            "cp 0"
        };
        Some(format!("info depth 0 score {score}"))
    }

    /// The answer when there is nothing to search: [`best`](Self::best) with no move.
    fn no_move(&self, _end: Option<&GameEnd>) -> String {
        self.best(None, None)
    }

    /// The answer: the move chosen (`None`: no move) and the expected reply.
    fn best(&self, best: Option<&str>, ponder: Option<&str>) -> String {
        match (best, ponder) {
            (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
            (Some(b), None) => format!("bestmove {b}"),
            (None, _) => "bestmove (none)".into(),
        }
    }
}

/// Reads `input` on its own thread, one line at a time: invalid UTF-8 replaced (and then
/// refused as a command), a line over the bound reported as an error (`Err`), a leading
/// byte-order mark skipped. The channel closes at the end of the input.
pub fn read_lines(input: Box<dyn BufRead + Send>) -> mpsc::Receiver<Result<String, String>> {
    let (tx, rx) = mpsc::channel::<Result<String, String>>();
    std::thread::spawn(move || {
        let mut input = input;
        let mut buf = Vec::new();
        for number in 1.. {
            let line =
                match crate::lines::read_line(&mut input, &mut buf, crate::lines::MAX_LINE_BYTES) {
                    Ok(crate::lines::Line::End) | Err(_) => break,
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
    rx
}

/// Runs a codec: every line of `input` goes to `handle` (false ends the loop: `quit`), a line
/// that cannot be read to `session`'s error line; at the end a running search is stopped (its
/// answer printed).
///
/// While a `go perft` count runs, `stop`, `quit` and (while nothing waits) `isready` are
/// answered at once and every other line waits in turn until the count has ended (so `go
/// perft 5` followed by `position …` and `go` plays them after the count, as Stockfish does,
/// where they were refused). The end of the input ends the count as `quit` does, and the lines
/// waiting are then handled, each stopping the count before it, so nothing hangs.
pub fn serve(
    session: &mut Session,
    input: Box<dyn BufRead + Send>,
    mut handle: impl FnMut(&mut Session, &str) -> bool,
) {
    let rx = read_lines(input);
    let mut waiting: std::collections::VecDeque<Result<String, String>> = Default::default();
    let mut ended = false;
    loop {
        let next = if session.counting() && !ended {
            match rx.recv_timeout(std::time::Duration::from_millis(20)) {
                Ok(Ok(line)) if answered_during_a_count(&line, waiting.is_empty()) => {
                    Some(Ok(line))
                }
                Ok(line) => {
                    waiting.push_back(line);
                    None
                }
                Err(mpsc::RecvTimeoutError::Timeout) => None,
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    ended = true;
                    None
                }
            }
        } else if let Some(line) = waiting.pop_front() {
            if ended {
                session.stop();
            }
            Some(line)
        } else if ended {
            break;
        } else {
            match rx.recv() {
                Ok(line) => Some(line),
                Err(_) => break,
            }
        };
        match next {
            Some(Ok(line)) => {
                session.set_command(Some(&line));
                let go_on = handle(session, &line);
                session.set_command(None);
                if !go_on {
                    break;
                }
            }
            Some(Err(e)) => session.error(&e),
            None => {}
        }
    }
    session.stop();
}

/// The commands a running `go perft` count answers at once ([`serve`]): `stop` and `quit`
/// always, `isready` only while no command waits (its `readyok` must follow the answers of
/// the commands sent before it).
fn answered_during_a_count(line: &str, none_waiting: bool) -> bool {
    match line.split_whitespace().next() {
        Some("stop" | "quit") => true,
        Some("isready") => none_waiting,
        _ => false,
    }
}

/// `text` with every square that `read` finds (at a position: the square and the bytes it
/// used) written by `write`; the other characters are kept. The codecs translate move texts
/// with it (USI's `7g7f`, XBoard's ranks from 0 on ten-rank boards).
pub fn map_squares(
    text: &str,
    read: impl Fn(&str) -> Option<(ashtapada::Square, usize)>,
    write: impl Fn(ashtapada::Square) -> String,
) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < text.len() {
        if let Some((sq, n)) = read(&text[i..]) {
            out.push_str(&write(sq));
            i += n;
        } else {
            let c = text[i..].chars().next().expect("inside the text");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}
