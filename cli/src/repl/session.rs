//! The REPL's state — the rule file, the option assignment, the position with its history, the
//! redo stack and the dice generator — and [`Session::execute`], which runs one command.
//!
//! Every failure is a message and leaves the session as it was.

use super::board::{self, Marks};
use super::command::{COMMANDS, Command};
use super::rules::diagnostics;
use ashtapada::agents::{ChaCha8Rng, by_name};
use ashtapada::compile;
use ashtapada::notation::{
    action_to_string, move_to_string, parse_move, parse_position, pass_text, to_fen,
    to_position_string,
};
use ashtapada::spec::{RuleFile, load};
use ashtapada::{Action, Assignment, Position, Seat, Stop, Variant};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Why a REPL command failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// A message that may quote a rule file, a record or the line typed: its control
    /// characters are still to be escaped ([`Failure::printable`]).
    Message(String),
    /// A rule file's report as [`crate::render_diagnostics`] drew it: its quoted text is
    /// already escaped, and its colours (on a terminal) are the report's own.
    Report(String),
}

impl Failure {
    /// The text to show: a message with its control characters escaped, a report as drawn.
    pub fn printable(&self) -> std::borrow::Cow<'_, str> {
        match self {
            Failure::Message(m) => ashtapada::diag::printable(m),
            Failure::Report(r) => std::borrow::Cow::Borrowed(r),
        }
    }
}

impl From<String> for Failure {
    fn from(m: String) -> Failure {
        Failure::Message(m)
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Message(t) | Failure::Report(t) => f.write_str(t),
        }
    }
}

/// The longest `autoplay` without a count: turns played before it stops.
pub const AUTOPLAY_TURNS: u32 = 2000;

/// The REPL's own setting `set board on|off` (not a rule-file option): draw the board after
/// each move, undo and redo.
pub const BOARD: &str = "board";

/// Line width for lists of moves.
const WIDTH: usize = 78;

/// How a session starts.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    /// A built-in name or a rule file's path (default: `chaturanga`).
    pub variant: Option<String>,
    /// `OPT=CHOICE` items.
    pub set: Vec<String>,
    /// Seed of the dice and the computer players.
    pub seed: u64,
    /// Draw with colour.
    pub color: bool,
    /// `play`: the seats people play, by name; every other seat is a computer player.
    pub humans: Option<Vec<String>>,
    /// The computer players' level (an [`ashtapada::agents::AGENT_NAMES`] name).
    pub level: Option<String>,
    /// A game record to resume.
    pub open: Option<String>,
    /// Draw the board after each move, undo and redo (`set board on|off`); `None`: the
    /// mode's default, drawn in `play` and not in the REPL.
    pub board: Option<bool>,
}

/// One REPL session.
pub struct Session {
    /// Where the rules come from: a built-in name or a path (`reload` reads it again).
    pub(super) source: String,
    /// The loaded rule file (its options).
    pub(super) file: RuleFile,
    /// The game.
    pub(super) pos: Position,
    /// Groups of actions taken back, the last taken back last; `redo` plays one group.
    pub(super) redo: Vec<Vec<Action>>,
    pub(super) rng: ChaCha8Rng,
    pub(super) seed: u64,
    pub(super) color: bool,
    /// The seats people play in `play`; `None` in the REPL.
    pub(super) humans: Option<Vec<String>>,
    /// The level of `ai`, `autoplay` and the computer players.
    pub(super) level: String,
    /// Draw the board after each move, undo and redo.
    pub(super) board: bool,
    /// Set by Ctrl-C (SIGINT): the running command stops (perft, divide, `ai`, `autoplay`,
    /// the computer players of `play`).
    pub(super) stop: Stop,
    /// True while the session waits for the next line (a Ctrl-C then ends a script).
    pub(super) idle: Arc<AtomicBool>,
    /// True once `quit` was given.
    pub quit: bool,
}

impl Session {
    /// Starts a session: loads the variant with its options, and the record to resume.
    ///
    /// # Errors
    /// The variant's or options' diagnostics, a bad level or seat name, or a record that does
    /// not replay, as text.
    pub fn new(setup: &Setup) -> Result<Session, String> {
        let source = setup.variant.clone().unwrap_or_else(|| "chaturanga".into());
        let assignment = Assignment::parse(&setup.set).map_err(|d| d.one_line())?;
        let file = load(&source).map_err(|d| diagnostics(&d, setup.color))?;
        let variant = compile(&file, &assignment).map_err(|d| diagnostics(&d, setup.color))?;
        let level = setup.level.clone().unwrap_or_else(|| "random".into());
        by_name(&level).map_err(|e| e.to_string())?;
        let mut s = Session {
            source,
            file,
            pos: Position::start(variant),
            redo: Vec::new(),
            rng: ashtapada::sim::game_rng(setup.seed, 0),
            seed: setup.seed,
            color: setup.color,
            humans: None,
            level,
            board: setup.board.unwrap_or(setup.humans.is_some()),
            stop: Stop::new(),
            idle: Arc::new(AtomicBool::new(false)),
            quit: false,
        };
        if let Some(h) = &setup.humans {
            s.check_humans(s.pos.variant(), h)?;
            s.humans = Some(h.clone());
        }
        if let Some(f) = &setup.open {
            let name = s.variant().name.clone();
            s.open(f, Some(&name), &mut Vec::new())?;
        }
        Ok(s)
    }

    /// The variant being played.
    pub fn variant(&self) -> &Arc<Variant> {
        self.pos.variant()
    }

    /// The position (for completion).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The rule file's options (for completion).
    pub fn rule_file(&self) -> &RuleFile {
        &self.file
    }

    /// The flag a Ctrl-C handler sets to stop the running command (cleared before each
    /// command).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.flag()
    }

    /// The flag that is true while the session waits for its next line: a Ctrl-C handler may
    /// end a script then (`signal_hook::flag::register_conditional_shutdown`).
    pub fn idle_flag(&self) -> Arc<AtomicBool> {
        self.idle.clone()
    }

    /// Marks the session as waiting for input (`true`) or running a command (`false`, which
    /// also clears a stop left from before).
    pub fn set_idle(&self, idle: bool) {
        if !idle {
            self.stop.clear();
        }
        self.idle.store(idle, Ordering::SeqCst);
    }

    /// Runs one command, writing its results to `out`.
    ///
    /// # Errors
    /// What went wrong: one line, or a rule file's rendered report ([`Failure`]); the session
    /// is unchanged.
    pub fn execute(&mut self, cmd: Command, out: &mut dyn Write) -> Result<(), Failure> {
        match cmd {
            Command::Load(v) => self.load(&v, out),
            Command::Reload => self.reload(out),
            other => self.execute_plain(other, out).map_err(Failure::Message),
        }
    }

    /// [`execute`](Self::execute) for the commands whose failures are one line.
    fn execute_plain(&mut self, cmd: Command, out: &mut dyn Write) -> Result<(), String> {
        let io = |e: std::io::Error| format!("cannot write: {e}");
        match cmd {
            Command::Nothing => Ok(()),
            Command::Show => self.show(&Marks::default(), out),
            Command::Moves(sq) => self.moves(sq.as_deref(), out),
            Command::Move(text) => self.play_move(&text, out),
            Command::Roll => self.roll(None, out),
            Command::Dice(values) => self.roll(Some(&values), out),
            Command::Pass => self.act(Action::Pass, out),
            Command::Resign => self.act(Action::Resign, out),
            Command::Undo => self.undo(out),
            Command::Redo => self.redo(out),
            Command::Set { option, choice } if option == BOARD => self.set_board(&choice, out),
            Command::Set { option, choice } => self.set(&option, &choice, out),
            Command::Options => self.options(out),
            Command::Load(_) | Command::Reload => unreachable!("run by `execute`"),
            Command::Fen => {
                let text = if self.variant().seats.len() == 2 {
                    to_fen(&self.pos)
                } else {
                    to_position_string(&self.pos)
                };
                writeln!(out, "{text}").map_err(io)
            }
            Command::Position(text) => self.set_position(&text, out),
            Command::Perft(n) => {
                let mut p = self.pos.clone();
                let nodes = ashtapada::perft_until(&mut p, n, &self.stop)
                    .map_err(|_| interrupted(&format!("perft {n}")))?;
                writeln!(out, "nodes {nodes}").map_err(io)
            }
            Command::Divide(n) => self.divide(n, out),
            Command::Ai(level) => {
                let level = level.unwrap_or_else(|| self.level.clone());
                self.computer_turns(&level, Some(1), out)
            }
            Command::Autoplay(n) => {
                let level = self.level.clone();
                self.computer_turns(&level, Some(n.unwrap_or(AUTOPLAY_TURNS)), out)
            }
            Command::History => self.history(out),
            Command::Save(f) => self.save(&f, out),
            Command::Open(f) => self.open(&f, None, out),
            Command::Explain => write!(out, "{}", self.variant().explain()).map_err(io),
            Command::Help(c) => help(c.as_deref(), out),
            Command::Quit => {
                self.quit = true;
                Ok(())
            }
        }
    }

    /// Starts the game: in `play`, names the computer players and their level, then they
    /// move until a person is to move, and the board is drawn; in the REPL, nothing.
    pub fn begin(&mut self, out: &mut dyn Write) {
        if !self.is_play() {
            return;
        }
        let computers: Vec<String> = (0..self.variant().seats.len())
            .map(|i| Seat(i as u8))
            .filter(|&s| !self.is_human(s))
            .map(|s| self.seat_name(s))
            .collect();
        let line = match computers.as_slice() {
            [] => "no computer players: every seat is played by a person".to_string(),
            [one] => format!("computer player: {one} (level {})", self.level),
            all => format!(
                "computer players: {} (level {})",
                all.join(", "),
                self.level
            ),
        };
        let _ = writeln!(out, "{line}");
        if let Err(e) = self.after_human(out) {
            let _ = writeln!(out, "error: {}", ashtapada::diag::printable(&e));
        }
    }

    /// The prompt: the seat to move, or `game over`.
    pub fn prompt(&mut self) -> String {
        match self.pos.outcome() {
            Some(_) => "game over".into(),
            None => self.seat_name(self.pos.to_move()),
        }
    }

    /// The name of `seat`.
    pub(super) fn seat_name(&self, seat: Seat) -> String {
        self.variant().seats[seat.index()].name.clone()
    }

    /// `set board on|off`.
    fn set_board(&mut self, choice: &str, out: &mut dyn Write) -> Result<(), String> {
        self.board = match choice {
            "on" => true,
            "off" => false,
            _ => return Err(format!("`{BOARD}` is `on` or `off`, not `{choice}`")),
        };
        let what = if self.board {
            "the board is drawn after each move, undo and redo"
        } else {
            "the board is drawn by `show`"
        };
        writeln!(out, "{BOARD} = {choice}: {what}").map_err(|e| e.to_string())
    }

    /// Draws the board (as [`show`](Self::show)) if `set board` is on.
    pub(super) fn redraw(&mut self, out: &mut dyn Write) -> Result<(), String> {
        if self.board {
            self.show(&Marks::default(), out)?;
        }
        Ok(())
    }

    /// Draws the board with `marks` (and the last move) and the panel beside it.
    pub(super) fn show(&mut self, marks: &Marks, out: &mut dyn Write) -> Result<(), String> {
        let last = self.last_move();
        let mut marks = marks.clone();
        marks.last = last.as_ref().map(|(m, _)| (m.from, m.to));
        let panel = board::panel(&mut self.pos, last.as_ref().map(|(_, t)| t.as_str()));
        let text = board::draw(&self.pos, &marks, &panel, self.color);
        write!(out, "{text}").map_err(|e| format!("cannot write: {e}"))
    }

    /// The last board move and its notation.
    fn last_move(&self) -> Option<(ashtapada::Move, String)> {
        let mut p = self.pos.clone();
        while let Some(a) = p.undo() {
            if let Action::Move(m) = a {
                let text = move_to_string(&p, m);
                return Some((m, text));
            }
        }
        None
    }

    /// One line: who is to move (and the dice), the seats in check, or the result.
    pub(super) fn status(&mut self) -> String {
        if let Some(o) = self.pos.outcome() {
            return format!("game over: {}", self.pos.describe_outcome(o));
        }
        let mut s = format!("{} to move", self.seat_name(self.pos.to_move()));
        if self.pos.awaiting_roll() {
            s.push_str(" (roll due)");
        } else if self.variant().rules.dice.is_some() {
            s.push_str(&format!(" (dice {})", board::dice_text(&self.pos)));
        }
        let n = self.variant().seats.len();
        let checked: Vec<String> = (0..n)
            .map(|i| Seat(i as u8))
            .filter(|&seat| self.pos.in_check(seat))
            .map(|seat| self.seat_name(seat))
            .collect();
        if !checked.is_empty() {
            s.push_str(&format!("; check: {}", checked.join(", ")));
        }
        s
    }

    /// Refuses any move when the game is over or a roll is due.
    fn ready_to_move(&mut self) -> Result<(), String> {
        if let Some(o) = self.pos.outcome() {
            return Err(format!(
                "the game is over: {}",
                self.pos.describe_outcome(o)
            ));
        }
        if self.pos.awaiting_roll() {
            return Err(format!(
                "{} must roll first: `roll` or `dice A B`",
                self.seat_name(self.pos.to_move())
            ));
        }
        Ok(())
    }

    fn moves(&mut self, square: Option<&str>, out: &mut dyn Write) -> Result<(), String> {
        self.ready_to_move()?;
        let mut list = Vec::new();
        self.pos.game_moves(&mut list);
        // Listed in the canonical order (origin, target, promotion, drop), whatever order the
        // generator found them in.
        ashtapada::vocab::canonical_order(&mut list);
        let board = self.variant().board;
        let from = match square {
            None => None,
            Some(t) => Some(board.parse_square(t).ok_or_else(|| {
                let last = board
                    .square(board.files as i32 - 1, board.ranks as i32 - 1)
                    .map_or_else(String::new, |sq| board.name(sq));
                format!("`{t}` is not a square of this board (a1 to {last})")
            })?),
        };
        if let Some(sq) = from {
            list.retain(|m| m.from == sq && !m.is_drop());
        }
        let mut words: Vec<String> = list.iter().map(|&m| move_to_string(&self.pos, m)).collect();
        if from.is_none() && self.pos.can_pass() {
            words.push("pass".into());
        }
        if let (Some(sq), true) = (from, list.is_empty()) {
            let name = self.variant().board.name(sq);
            return writeln!(out, "no legal move from {name}").map_err(|e| e.to_string());
        }
        if let Some(sq) = from {
            let shown = self.variant().assignment.get("show-movable") != Some("off");
            if shown {
                let marks = Marks {
                    origin: Some(sq),
                    reach: list.iter().map(|m| m.to).collect(),
                    ..Marks::default()
                };
                self.show(&marks, out)?;
            }
        }
        let text = wrap(&format!("{}:", count(words.len(), "move")), &words);
        write!(out, "{text}").map_err(|e| format!("cannot write: {e}"))
    }

    /// Plays one action for the seat to move and reports it.
    pub(super) fn act(&mut self, a: Action, out: &mut dyn Write) -> Result<(), String> {
        self.persons_turn()?;
        let seat = self.pos.to_move();
        let text = action_to_string(&self.pos, a);
        let dice = self.pos.dice();
        let marked = play_marked(&mut self.pos, a).map_err(|e| {
            if let ashtapada::PlayError::GameOver(o) = e {
                format!("the game is over: {}", self.pos.describe_outcome(o))
            } else {
                format!("`{text}`: {e}")
            }
        })?;
        self.redo.clear();
        let mut texts = vec![marked];
        texts.extend(self.forfeited(&dice, a, seat));
        self.report(seat, &texts, out)?;
        self.after_human(out)
    }

    /// In `play`, refuses a person's action for a computer player's seat (to move after a
    /// Ctrl-C stopped its turn).
    fn persons_turn(&self) -> Result<(), String> {
        let seat = self.pos.to_move();
        if self.is_human(seat) {
            Ok(())
        } else {
            Err(format!(
                "{} is a computer player: `ai` plays its turn",
                self.seat_name(seat)
            ))
        }
    }

    /// The note for the dice `seat` left unused when its turn ended by itself after it played
    /// `a` with `dice` left: `(5 forfeited: no legal move with it)`.
    pub(super) fn forfeited(&mut self, dice: &[u8], a: Action, seat: Seat) -> Option<String> {
        let turn_over = self.pos.to_move() != seat || self.pos.awaiting_roll();
        if self.variant().rules.dice.is_none() || !turn_over || self.pos.outcome().is_some() {
            return None;
        }
        let mut left = dice.to_vec();
        if let Action::Move(m) = a
            && let Some(i) = left.iter().position(|&d| d == m.die)
        {
            left.remove(i);
        } else {
            // A pass ends the turn by choice, a roll with no usable die says so itself.
            return None;
        }
        let (dice, pronoun) = match left.as_slice() {
            [] => return None,
            [d] => (d.to_string(), "it"),
            many => {
                let v: Vec<String> = many.iter().map(u8::to_string).collect();
                (v.join(" and "), "them")
            }
        };
        Some(format!("({dice} forfeited: no legal move with {pronoun})"))
    }

    /// `SEAT: ACTIONS` and the status line.
    pub(super) fn report(
        &mut self,
        seat: Seat,
        actions: &[String],
        out: &mut dyn Write,
    ) -> Result<(), String> {
        let status = self.status();
        writeln!(
            out,
            "{}: {}\n{status}",
            self.seat_name(seat),
            actions.join(" ")
        )
        .map_err(|e| format!("cannot write: {e}"))
    }

    fn play_move(&mut self, text: &str, out: &mut dyn Write) -> Result<(), String> {
        self.ready_to_move()?;
        // A pass as Fairy-Stockfish writes it: the royal square twice (`e2e2`).
        if pass_text(&self.pos).is_some_and(|p| p == text) {
            return self.act(Action::Pass, out);
        }
        let m = parse_move(&mut self.pos, text).map_err(|e| e.to_string())?;
        self.act(Action::Move(m), out)
    }

    /// Rolls `values`, or at random. In the middle of a turn whose only action so far is its
    /// roll, `dice` replaces that roll.
    fn roll(&mut self, values: Option<&[u8]>, out: &mut dyn Write) -> Result<(), String> {
        if self.variant().rules.dice.is_none() {
            return Err(format!("{} has no dice", self.variant().name));
        }
        if let Some(o) = self.pos.outcome() {
            return Err(format!(
                "the game is over: {}",
                self.pos.describe_outcome(o)
            ));
        }
        let replace = values.is_some()
            && !self.pos.awaiting_roll()
            && matches!(self.pos.actions_played().last(), Some(Action::Roll(_)));
        if !self.pos.awaiting_roll() && !replace {
            return Err("no roll is due: the dice of this turn are already rolled".into());
        }
        self.persons_turn()?;
        let values: Vec<u8> = match values {
            Some(v) => v.to_vec(),
            None => self.random_values(),
        };
        let before = self.pos.clone();
        if replace {
            self.pos.undo();
        }
        let seat = self.pos.to_move();
        if let Err(e) = self.pos.roll(&values) {
            self.pos = before;
            return Err(e.to_string());
        }
        self.redo.clear();
        let text = self.roll_text(seat);
        self.report(seat, &[text], out)?;
        self.after_human(out)
    }

    /// Takes back the last action (in `play`, the human's last turn and the replies).
    fn undo(&mut self, out: &mut dyn Write) -> Result<(), String> {
        let group = if self.humans.is_some() {
            self.undo_human_turn()?
        } else {
            let a = self.pos.undo().ok_or("nothing to take back")?;
            vec![a]
        };
        let texts = texts_from(&self.pos, &group);
        writeln!(out, "took back: {}", texts.join(" ")).map_err(|e| e.to_string())?;
        self.redo.push(group);
        let status = self.status();
        writeln!(out, "{status}").map_err(|e| e.to_string())?;
        self.redraw(out)
    }

    fn redo(&mut self, out: &mut dyn Write) -> Result<(), String> {
        let group = self.redo.pop().ok_or("nothing to redo")?;
        let texts = texts_from(&self.pos, &group);
        let before = self.pos.clone();
        for &a in &group {
            if let Err(e) = self.pos.play_action(a) {
                self.pos = before;
                self.redo.push(group);
                return Err(format!("cannot redo: {e}"));
            }
        }
        writeln!(out, "redone: {}", texts.join(" ")).map_err(|e| e.to_string())?;
        let status = self.status();
        writeln!(out, "{status}").map_err(|e| e.to_string())?;
        self.after_human(out)
    }

    fn set_position(&mut self, text: &str, out: &mut dyn Write) -> Result<(), String> {
        let pos = parse_position(self.variant(), text).map_err(|e| format!("bad position: {e}"))?;
        self.pos = pos;
        self.redo.clear();
        let status = self.status();
        writeln!(out, "{status}").map_err(|e| e.to_string())?;
        self.after_human(out)
    }

    fn divide(&mut self, depth: u32, out: &mut dyn Write) -> Result<(), String> {
        let mut p = self.pos.clone();
        let parts = ashtapada::divide_until(&mut p, depth, &self.stop)
            .map_err(|_| interrupted(&format!("divide {depth}")))?;
        let mut text = String::new();
        for (a, n) in &parts {
            text.push_str(&format!("{}: {n}\n", action_to_string(&p, *a)));
        }
        let total = if depth == 0 {
            1
        } else {
            parts.iter().map(|(_, n)| n).sum()
        };
        text.push_str(&format!("nodes {total}\n"));
        write!(out, "{text}").map_err(|e| e.to_string())
    }
}

/// The message of a command stopped by Ctrl-C before it finished.
pub(super) fn interrupted(what: &str) -> String {
    format!("`{what}` stopped (Ctrl-C) before it finished; nothing changed")
}

/// The notation of `actions` played in order from `start`, each capture marked with a
/// trailing `x` (`3:a7b5x`): a move after which fewer squares are occupied than before (a
/// drop adds one), so that a formation's capture (Chaturaji's boat triumph) is marked too.
pub(super) fn texts_from(start: &Position, actions: &[Action]) -> Vec<String> {
    let mut p = start.clone();
    actions
        .iter()
        .map(|&a| play_marked(&mut p, a).unwrap_or_else(|_| action_to_string(&p, a)))
        .collect()
}

/// Plays `a` in `pos` and returns its notation, with a trailing `x` if it captured (see
/// [`texts_from`]).
///
/// # Errors
/// The action is not legal; `pos` is unchanged.
pub(super) fn play_marked(pos: &mut Position, a: Action) -> Result<String, ashtapada::PlayError> {
    let mut text = action_to_string(pos, a);
    let marked = match a {
        Action::Move(m) if pos.is_legal(m) => ashtapada::notation::takes_pieces(pos, m),
        _ => false,
    };
    pos.play_action(a)?;
    if marked {
        text.push('x');
    }
    Ok(text)
}

/// `1 move`, `3 moves`.
pub(super) fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// `head` then `words`, wrapped at [`WIDTH`] columns with a four-space indent.
fn wrap(head: &str, words: &[String]) -> String {
    let mut out = head.to_string();
    let mut col = out.chars().count();
    for w in words {
        if col + 1 + w.len() > WIDTH {
            out.push_str("\n   ");
            col = 3;
        }
        out.push(' ');
        out.push_str(w);
        col += 1 + w.len();
    }
    out.push('\n');
    out
}

/// `help`: every command, or one.
fn help(command: Option<&str>, out: &mut dyn Write) -> Result<(), String> {
    const MOVE_HELP: &str = "play a move: e2e3, a7a8q, e6e7+ (promote), 2:a1c3 (with a die), P@e5 (drop), e2e4,e4d5 (with its wall)";
    let mut text = String::new();
    match command {
        None => {
            for (_, usage, what) in COMMANDS {
                text.push_str(&format!("{usage:<18} {what}\n"));
            }
            text.push_str(&format!("{:<18} {MOVE_HELP}\n", "MOVE"));
        }
        Some(c) if c.eq_ignore_ascii_case("move") => {
            text.push_str(&format!("MOVE\n    {MOVE_HELP}\n"));
        }
        Some(c) => {
            let (_, usage, what) = COMMANDS.iter().find(|x| x.0 == c).ok_or_else(|| {
                let hint = ashtapada::dsl::suggest(c, COMMANDS.iter().map(|x| x.0))
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                format!("no command `{c}`{hint}")
            })?;
            text.push_str(&format!("{usage}\n    {what}\n"));
        }
    }
    write!(out, "{text}").map_err(|e| e.to_string())
}
