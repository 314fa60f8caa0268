//! `ashtapada xboard`: the Chess Engine Communication Protocol (XBoard/WinBoard, protocol 2)
//! for every two-seat variant, so that XBoard, cutechess-cli (`proto=xboard`) and
//! Fairy-Stockfish's xboard mode can play ashtapada.
//!
//! A thin codec on the engine [`Session`], beside UCI's. Unlike UCI the engine keeps the game:
//! the GUI sends one move at a time (`usermove`), says which side the engine plays (`go`,
//! `playother`, `force`), and the engine plays the move it chooses on its own position. Moves
//! are coordinates as Fairy-Stockfish's xboard mode writes them: UCI's, except that on a
//! board of ten ranks (xiangqi, janggi) the ranks count from 0 (`h2e2` is `h0e0`… `a9`), and
//! a pass is `@@@@`. Variant names are Fairy-Stockfish's (`normal` is chess). Time: `level`,
//! `st`, `sd`, `nps` (with `st`: a node budget, as cutechess-cli's `nodes=` sends it),
//! `time`/`otim` in centiseconds. Bad input gets `Error (…): …` or `Illegal move: …`.

use crate::engine::{
    Catalogue, Dialect, GameEnd, Go, OptionError, Output, Session, Thought, serve,
};
use ashtapada::agents::Score;
use ashtapada::notation::pass_text;
use ashtapada::{Board, Position, Square};
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// XBoard's notation and lines; `post` decides whether thinking is shown.
#[derive(Default)]
pub struct XBoard {
    post: AtomicBool,
}

/// XBoard's name of `sq` on a board of ten ranks: ranks from 0.
fn square_name(board: Board, sq: Square) -> String {
    let file = (b'a' + board.file(sq)) as char;
    format!("{file}{}", board.rank(sq))
}

/// Reads a leading XBoard square (`a0` … `i9`) on a board of ten ranks.
fn read_square(board: Board, s: &str) -> Option<(Square, usize)> {
    let b = s.as_bytes();
    let (&f, &r) = (b.first()?, b.get(1)?);
    if !f.is_ascii_lowercase() || !r.is_ascii_digit() {
        return None;
    }
    let sq = board.square((f - b'a') as i32, (r - b'0') as i32)?;
    Some((sq, 2))
}

/// True where XBoard counts ranks from 0.
fn ten_ranks(pos: &Position) -> bool {
    pos.variant().board.ranks == 10
}

impl Dialect for XBoard {
    fn position_commands(&self) -> &'static str {
        "`new` or `setboard FEN`"
    }

    fn move_in(&self, pos: &Position, text: &str) -> String {
        if text == "@@@@" {
            return pass_text(pos).unwrap_or_else(|| "pass".into());
        }
        if let Some(m) = castling_in(pos, text) {
            return m;
        }
        let board = pos.variant().board;
        if !ten_ranks(pos) {
            return text.to_string();
        }
        crate::engine::map_squares(text, |s| read_square(board, s), |sq| board.name(sq))
    }

    /// `O-O` / `O-O-O` where no castling to that side is legal; a pass (`@@@@`) in a game
    /// whose rules have none.
    fn refusal(&self, pos: &Position, text: &str) -> Option<String> {
        if text == "@@@@" && pos.variant().rules.pass.is_none() {
            return Some(format!(
                "it is a pass, and {} has no passing move",
                ashtapada::diag::printable(&pos.variant().name)
            ));
        }
        let side = castling_word(text)?;
        if castling_in(pos, text).is_some() {
            return None;
        }
        let which = if side == "O-O" {
            "kingside"
        } else {
            "queenside"
        };
        Some(format!("no castling {which} ({side}) is legal here"))
    }

    fn move_out(&self, pos: &Position, text: String) -> String {
        if pass_text(pos).is_some_and(|p| p == text) {
            return "@@@@".into();
        }
        if let Some(side) = castling_side(pos, &text) {
            return side.into();
        }
        let board = pos.variant().board;
        if !ten_ranks(pos) {
            return text;
        }
        crate::engine::map_squares(
            &text,
            |s| board.parse_square_prefix(s),
            |sq| square_name(board, sq),
        )
    }

    /// CECP's form, `Error (ERRORTYPE): COMMAND`.
    fn error(&self, message: &str, command: Option<&str>) -> String {
        match command {
            Some(c) => format!("Error ({message}): {c}"),
            None => format!("Error ({message})"),
        }
    }

    fn note(&self, message: &str) -> String {
        format!("# {message}")
    }

    /// `DEPTH SCORE TIME NODES PV` (time in centiseconds; a mate in M as 100000 + M), when
    /// `post` is on.
    fn thought(&self, t: &Thought) -> Option<String> {
        if !self.post.load(Ordering::SeqCst) {
            return None;
        }
        let score = match t.score {
            Score::Centi(cp) => cp,
            Score::Mate(m) if m > 0 => 100_000 + m,
            Score::Mate(m) => -100_000 + m,
        };
        Some(format!(
            "{} {score} {} {} {}",
            t.depth,
            t.millis / 10,
            t.nodes,
            t.pv.join(" ")
        ))
    }

    fn searched(&self, _: u64, _: u64, _: u128) -> Option<String> {
        None
    }

    fn nothing_to_search(&self, _end: Option<&GameEnd>) -> Option<String> {
        None
    }

    /// A finished game is claimed with its result (`0-1 {black wins (checkmate)}`), as the
    /// protocol's engines claim results; `resign` only where no rule has ended it.
    fn no_move(&self, end: Option<&GameEnd>) -> String {
        match end {
            Some(e) => {
                let result = match e.winner {
                    Some(0) => "1-0",
                    Some(_) => "0-1",
                    None => "1/2-1/2",
                };
                format!("{result} {{{}}}", e.text)
            }
            None => "resign".into(),
        }
    }

    fn best(&self, best: Option<&str>, _ponder: Option<&str>) -> String {
        best.map_or_else(|| "resign".into(), |b| format!("move {b}"))
    }
}

/// `O-O` or `O-O-O` for a castling written as the royal piece taking its own partner
/// (`e1h1`, Fischer random chess), as XBoard writes castling there: `O-O` toward the higher
/// files. `None` for any other move (a castling whose target square is empty keeps its
/// squares, as XBoard writes it in chess).
fn castling_side(pos: &Position, text: &str) -> Option<&'static str> {
    let board = pos.variant().board;
    let (from, n) = board.parse_square_prefix(text)?;
    let (to, m) = board.parse_square_prefix(&text[n..])?;
    let (a, b) = (pos.piece_at(from), pos.piece_at(to));
    let own = n + m == text.len() && !a.is_empty() && !b.is_empty() && a.owner() == b.owner();
    own.then(|| {
        if board.file(to) > board.file(from) {
            "O-O"
        } else {
            "O-O-O"
        }
    })
}

/// The legal castling that XBoard's `O-O` or `O-O-O` (also written with zeros) names, in
/// ashtapada's notation; `None` for any other text.
fn castling_in(pos: &Position, text: &str) -> Option<String> {
    let side = castling_word(text)?;
    let mut p = pos.clone();
    let legal = p.legal_move_list();
    let written = |m: &ashtapada::Move| ashtapada::notation::move_to_string(pos, *m);
    // A castling written as the royal taking its partner, or else one SAN writes so (chess's
    // `e1g1`), without a gate.
    (legal.iter().map(written))
        .find(|t| castling_side(pos, t) == Some(side))
        .or_else(|| {
            let san = |m: &ashtapada::Move| ashtapada::notation::san(&mut pos.clone(), *m);
            (legal.iter())
                .find(|m| san(m).trim_end_matches(['+', '#']) == side)
                .map(written)
        })
}

/// The castling side XBoard's `text` names: `O-O` (or `0-0`), `O-O-O` (or `0-0-0`).
fn castling_word(text: &str) -> Option<&'static str> {
    match text {
        "O-O" | "0-0" => Some("O-O"),
        "O-O-O" | "0-0-0" => Some("O-O-O"),
        _ => None,
    }
}

/// The longest time XBoard may give in `st`, `level` (base and increment) and the clocks, in
/// seconds: a week. Larger values are refused (`Error (…): COMMAND`), as negative ones are.
const MAX_SECONDS: f64 = 7.0 * 24.0 * 3600.0;
/// The deepest `sd`: the search's own limit.
const MAX_DEPTH: i32 = crate::engine::search::MAX_DEPTH;
/// The most moves per session `level` may give.
const MAX_MPS: u32 = 10_000;
/// The largest `nps`.
const MAX_NPS: f64 = 1e12;

/// How long the engine may think, as the GUI last said.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
enum Control {
    /// Nothing said: the level's own budget.
    #[default]
    Level,
    /// `level MPS BASE INC`: a clock (moves per session, 0 for all; increment in ms).
    Clock { mps: u32, inc: u64 },
    /// `st S`: seconds per move (a node budget with `nps`).
    PerMove(f64),
}

/// The codec's state beside the session.
struct Game {
    dialect: Arc<XBoard>,
    /// `force`: play neither side.
    force: bool,
    /// The seat the engine plays when not in force mode.
    engine: usize,
    control: Control,
    /// `sd`: at most this many plies.
    depth: Option<u32>,
    /// `nps`: nodes per second for a node-counted clock.
    nps: Option<u64>,
    /// `time`/`otim`: the engine's and the opponent's clocks, in ms.
    time: Option<u64>,
    otim: Option<u64>,
}

/// The variant list of `feature variants=`: the catalogue's names, chess as `normal`, each
/// once (the catalogue's own `normal`, Fairy-Stockfish's name for chess, is not listed again).
fn variants(c: &Catalogue) -> String {
    let mut names: Vec<&str> = Vec::new();
    for (n, _) in &c.variants {
        let name = if n == "chess" { "normal" } else { n.as_str() };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names.join(",")
}

/// Runs the XBoard engine: reads commands from `input` until `quit` or the end of the input,
/// answers on `output`.
pub fn run(input: Box<dyn BufRead + Send>, output: Box<dyn Write + Send>) {
    run_with(Catalogue::builtin(), input, output);
}

/// [`run`] offering the variants of `catalogue`.
pub fn run_with(
    catalogue: Catalogue,
    input: Box<dyn BufRead + Send>,
    output: Box<dyn Write + Send>,
) {
    let dialect = Arc::new(XBoard::default());
    let mut session = Session::new(Output::new(output), catalogue, dialect.clone());
    session.play_own_moves();
    let mut game = Game {
        dialect,
        force: false,
        engine: 1,
        control: Control::Level,
        depth: None,
        nps: None,
        time: None,
        otim: None,
    };
    new_game(&mut session, &mut game, None);
    serve(&mut session, input, |s, line| game.handle(s, line));
}

/// `new` (and `variant`): the start position of `variant` (chess when `None` and offered),
/// the engine playing the second seat.
fn new_game(s: &mut Session, g: &mut Game, variant: Option<&str>) {
    let name = match variant {
        Some("normal") | None if s.catalogue().get("chess").is_some() => "chess".to_string(),
        Some(v) => v.to_string(),
        None => s.catalogue().variants[0].0.clone(),
    };
    if let Err(e) = s.select_variant(&name) {
        s.error(&format!("variant {name}: {e}"));
        return;
    }
    if variant.is_none() {
        s.new_game();
        g.force = false;
        g.engine = 1;
        g.depth = None;
    }
    let _ = s.set_position(None, &[]);
}

/// Reads XBoard's `BASE` of `level`: minutes, or `minutes:seconds`.
fn minutes(text: &str) -> Option<f64> {
    match text.split_once(':') {
        // The protocol's MIN:SEC: whole seconds 0 to 59, as two digits or one.
        Some((m, sec)) => {
            let sec: u8 = sec
                .parse()
                .ok()
                .filter(|&s| s < 60 && sec.bytes().all(|b| b.is_ascii_digit()))?;
            Some(m.parse::<f64>().ok()? * 60.0 + f64::from(sec))
        }
        None => Some(text.parse::<f64>().ok()? * 60.0),
    }
}

impl Game {
    /// Handles one line; false on `quit`.
    fn handle(&mut self, s: &mut Session, line: &str) -> bool {
        s.poll();
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        let arg = rest.join(" ");
        // A number of `what` from 0 to `max`; anything else is refused (CECP's `Error`).
        let number = |what: &str, max: f64| -> Result<f64, String> {
            arg.parse::<f64>()
                .ok()
                .filter(|n| n.is_finite() && (0.0..=max).contains(n))
                .ok_or_else(|| format!("`{what}` needs a number from 0 to {max}, not `{arg}`"))
        };
        let done = match first {
            "quit" => return false,
            "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "draw" | "hint" | "bk" | "cores" | "egtpath"
            | "option" | "." | "white" | "black" => Ok(()),
            "protover" => {
                s.say(&format!(
                    "feature myname=\"ashtapada {}\" ping=1 setboard=1 playother=1 usermove=1 \
                     time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=0 san=0 colors=0 nps=1 \
                     name=0 variants=\"{}\" done=1",
                    env!("CARGO_PKG_VERSION"),
                    variants(s.catalogue())
                ));
                Ok(())
            }
            "ping" => {
                s.say(&format!("pong {arg}"));
                Ok(())
            }
            "post" | "nopost" => {
                self.dialect.post.store(first == "post", Ordering::SeqCst);
                Ok(())
            }
            "new" => {
                self.discard(s);
                new_game(s, self, None);
                Ok(())
            }
            "variant" => {
                self.discard(s);
                new_game(s, self, Some(&arg));
                Ok(())
            }
            "force" | "result" => {
                self.discard(s);
                self.force = true;
                Ok(())
            }
            "?" => {
                s.stop();
                Ok(())
            }
            "undo" | "remove" => {
                self.discard(s);
                s.undo(if first == "undo" { 1 } else { 2 });
                Ok(())
            }
            "setboard" => {
                self.discard(s);
                s.set_position(Some(&arg), &[])
            }
            "level" => self.level(&rest),
            "st" => number("st", MAX_SECONDS).map(|t| self.control = Control::PerMove(t)),
            "sd" => number("sd", MAX_DEPTH as f64)
                .and_then(|d| {
                    (d >= 1.0)
                        .then_some(d as u32)
                        .ok_or_else(|| format!("`sd` needs a depth from 1 to {MAX_DEPTH}"))
                })
                .map(|d| self.depth = Some(d)),
            "nps" => number("nps", MAX_NPS).map(|n| self.nps = (n >= 1.0).then_some(n as u64)),
            "time" | "otim" => self.clock(first, &arg),
            "memory" => match s.set_option("hash", &arg) {
                Err(OptionError::Bad(e)) => Err(e),
                _ => Ok(()),
            },
            "go" => {
                self.force = false;
                self.engine = s.position().map_or(0, |p| p.to_move().index());
                self.think(s)
            }
            "playother" => {
                self.force = false;
                self.engine = s.position().map_or(0, |p| 1 - p.to_move().index().min(1));
                Ok(())
            }
            "usermove" => self.user_move(s, &arg),
            other if s.position().is_some() && other.len() <= 12 && rest.is_empty() => {
                // A move without `usermove` (protocol 1 GUIs).
                self.user_move(s, other)
            }
            other => Err(format!("unknown command: {other}")),
        };
        if let Err(e) = done {
            // CECP's form: `Error (ERRORTYPE): COMMAND` (the session names the line).
            s.error(&e);
        }
        true
    }

    /// Stops a search without keeping its move (the GUI has taken the game elsewhere).
    fn discard(&self, s: &mut Session) {
        // A search that has not answered is withdrawn silently; one whose `move` is already
        // out has been played, and the GUI knows it.
        s.discard();
    }

    /// `time`/`otim` in centiseconds. A clock that ran out may be sent negative (GUIs keep
    /// counting): it reads as zero. Not a number, or beyond a week, is refused.
    fn clock(&mut self, which: &str, arg: &str) -> Result<(), String> {
        let ms = arg
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite() && *n <= MAX_SECONDS * 100.0)
            .map(|t| t.max(0.0) as u64 * 10)
            .ok_or_else(|| {
                format!(
                    "`{which}` needs centiseconds up to {}, not `{arg}`",
                    MAX_SECONDS * 100.0
                )
            })?;
        match which {
            "time" => self.time = Some(ms),
            _ => self.otim = Some(ms),
        }
        Ok(())
    }

    /// `level MPS BASE INC`.
    fn level(&mut self, words: &[&str]) -> Result<(), String> {
        let bad = || {
            format!(
                "write `level MPS BASE INC`, not `level {}`",
                words.join(" ")
            )
        };
        let [mps, base, inc] = words else {
            return Err(bad());
        };
        let mps: u32 = mps
            .parse()
            .ok()
            .filter(|&m| m <= MAX_MPS)
            .ok_or_else(|| format!("{}: moves per session from 0 to {MAX_MPS}", bad()))?;
        minutes(base)
            .filter(|b| b.is_finite() && (0.0..=MAX_SECONDS).contains(b))
            .ok_or_else(|| format!("{}: a base time from 0 to {MAX_SECONDS} seconds", bad()))?;
        let inc: f64 = inc
            .parse()
            .ok()
            .filter(|i: &f64| i.is_finite() && (0.0..=MAX_SECONDS).contains(i))
            .ok_or_else(|| format!("{}: an increment from 0 to {MAX_SECONDS} seconds", bad()))?;
        self.control = Control::Clock {
            mps,
            inc: (inc * 1000.0) as u64,
        };
        Ok(())
    }

    /// `usermove`: plays the opponent's move, then thinks if the engine is to move.
    fn user_move(&mut self, s: &mut Session, text: &str) -> Result<(), String> {
        if s.busy() {
            self.discard(s);
        }
        if let Err(e) = s.play(text) {
            s.say(&format!(
                "Illegal move: {}",
                ashtapada::diag::printable(text)
            ));
            s.note(&e);
            return Ok(());
        }
        self.think_if_due(s)
    }

    /// Thinks when the engine plays the side to move.
    fn think_if_due(&mut self, s: &mut Session) -> Result<(), String> {
        let due = s
            .position()
            .is_some_and(|p| p.to_move().index() == self.engine);
        if !self.force && due {
            return self.think(s);
        }
        Ok(())
    }

    /// Starts a search under the time control the GUI set.
    fn think(&mut self, s: &mut Session) -> Result<(), String> {
        let Some(pos) = s.position() else {
            return Err("no position".into());
        };
        let me = pos.to_move().index().min(1);
        let mut go = Go {
            depth: self.depth,
            ..Go::default()
        };
        match self.control {
            Control::Level => {}
            Control::PerMove(secs) => match self.nps {
                Some(nps) => go.nodes = Some(((secs * nps as f64) as u64).max(1)),
                None => go.movetime = Some((secs * 1000.0) as u64),
            },
            Control::Clock { mps, inc } => {
                go.time[me] = self.time;
                go.time[1 - me] = self.otim;
                go.inc = [Some(inc), Some(inc)];
                if mps > 0 {
                    let played = (pos.ply() / 2) as u32;
                    go.movestogo = Some(mps - played % mps);
                }
            }
        }
        s.go(&go)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_rank_boards_count_ranks_from_zero() {
        let v = ashtapada::load_variant("xiangqi", &ashtapada::Assignment::default()).unwrap();
        let pos = Position::start(v);
        let x = XBoard::default();
        assert_eq!(x.move_in(&pos, "h0g2"), "h1g3");
        assert_eq!(x.move_out(&pos, "b10b3".into()), "b9b2");
        let v = ashtapada::load_variant("shogi", &ashtapada::Assignment::default()).unwrap();
        let pos = Position::start(v);
        assert_eq!(x.move_in(&pos, "g3g4"), "g3g4");
        assert_eq!(x.move_out(&pos, "P@e5".into()), "P@e5");
    }

    /// Fischer random castling is `O-O` / `O-O-O` both ways (XBoard's protocol), the king
    /// taking its own rook inside; chess castling keeps its squares. Position
    /// `bqnbrkrn/…/BQNBRKRN w GEge`: the king on f1, rooks on e1 and g1, so `O-O` is `f1g1`
    /// and, with black's king on f8 and rook on g8, `O-O` is `f8g8` too.
    #[test]
    fn fischer_random_castling_is_o_o() {
        let x = XBoard::default();
        let v = ashtapada::load_variant("fischerandom", &ashtapada::Assignment::default()).unwrap();
        let fen = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
        let mut pos = ashtapada::notation::from_fen(&v, fen).unwrap();
        assert_eq!(x.move_in(&pos, "O-O"), "f1g1");
        assert_eq!(x.move_in(&pos, "0-0"), "f1g1");
        assert_eq!(x.move_out(&pos, "f1g1".into()), "O-O");
        assert_eq!(x.move_out(&pos, "f1e1".into()), "O-O-O");
        assert_eq!(x.move_out(&pos, "h1g3".into()), "h1g3");
        let m = ashtapada::notation::parse_move(&mut pos, "f1g1").unwrap();
        pos.play_action(ashtapada::Action::Move(m)).unwrap();
        assert_eq!(x.move_in(&pos, "O-O"), "f8g8");
        let v = ashtapada::load_variant("chess", &ashtapada::Assignment::default()).unwrap();
        let pos = ashtapada::notation::from_fen(&v, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert_eq!(x.move_out(&pos, "e1g1".into()), "e1g1");
    }

    #[test]
    fn level_reads_minutes_and_seconds() {
        assert_eq!(minutes("5"), Some(300.0));
        assert_eq!(minutes("0:30"), Some(30.0));
        assert_eq!(minutes("x"), None);
        // Seconds past 59, signed or fractional are not MIN:SEC (the protocol's form).
        assert_eq!(minutes("5:99"), None);
        assert_eq!(minutes("5:-1"), None);
        assert_eq!(minutes("5:+1"), None);
        assert_eq!(minutes("5:1.5"), None);
        assert_eq!(minutes("1:59"), Some(119.0));
    }
}
