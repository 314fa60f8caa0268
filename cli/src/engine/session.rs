//! The engine's state between commands, shared by every protocol: the catalogue and the
//! variant chosen, the options, the position and its moves, the search or perft thread and
//! its stop flag, and the play-on rules at a game's end.

use super::catalogue::{self, Catalogue};
use super::search::{self, Job, Running};
use super::{Dialect, Go, Output, clock, one_line};
use ashtapada::agents::{Grade, HARD, SearchAgent};
use ashtapada::notation::{MoveError, MoveRefusal, parse_move, parse_position, pass_text};
use ashtapada::{Action, Position, Variant};
use std::sync::Arc;
use std::time::Instant;

/// Why `set_option` refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option of that name: the codec says which exist, in its own spelling.
    Unknown,
    /// A bad value, or a rule file that does not load: the message.
    Bad(String),
}

/// One engine session: see the [module](self) documentation.
pub struct Session {
    out: Output,
    dialect: Arc<dyn Dialect>,
    catalogue: Catalogue,
    /// The variant chosen.
    variant: Arc<Variant>,
    /// The position of the last good `position` command; `None` before one (and after a
    /// change of variant).
    pos: Option<Position>,
    /// True when the last `position` command was refused: `go` is refused until one is
    /// accepted (searching the position before it would answer for the wrong seat).
    refused: bool,
    level: Grade,
    /// Hash size in MB.
    hash: usize,
    /// Move overhead in milliseconds.
    overhead: u64,
    /// Root moves reported per search.
    multipv: usize,
    /// The agent between searches (`None` while a search holds it, or when an option change
    /// asks for a fresh one).
    agent: Option<SearchAgent>,
    running: Option<Running>,
    /// True when the session plays the moves it chooses on its own position (XBoard); UCI
    /// and USI send the whole position before every search.
    plays_own_moves: bool,
    /// The GUI's line being handled (one line, see [`one_line`]), which error lines name.
    command: Option<String>,
}

/// Names GUIs and match runners send for a variant under another name: (sent, catalogue
/// name). cutechess-cli's `fischerandom` arrives as `chess960`.
pub const PROTOCOL_ALIASES: &[(&str, &str)] = &[("chess960", "fischerandom")];

impl Session {
    /// The session before the first command: `catalogue`, its first variant, the default
    /// options and an agent with its table already allocated; lines go to `out` in `dialect`.
    pub fn new(out: Output, catalogue: Catalogue, dialect: Arc<dyn Dialect>) -> Session {
        let variant = catalogue.variants[0].1.clone();
        let mut s = Session {
            out,
            dialect,
            catalogue,
            variant,
            pos: None,
            refused: false,
            level: HARD,
            hash: catalogue::DEFAULT_HASH,
            overhead: catalogue::DEFAULT_OVERHEAD,
            multipv: 1,
            agent: None,
            running: None,
            plays_own_moves: false,
            command: None,
        };
        s.fresh_agent();
        s
    }

    /// Makes the session play the move each search chooses on its own position (XBoard).
    pub fn play_own_moves(&mut self) {
        self.plays_own_moves = true;
    }

    /// Writes one line.
    pub fn say(&self, line: &str) {
        self.out.say(line);
    }

    /// Writes an error line in the dialect, naming the GUI's line being handled
    /// ([`set_command`](Self::set_command)) where the dialect names commands (XBoard's
    /// `Error (…): COMMAND`).
    pub fn error(&self, message: &str) {
        let line = self
            .dialect
            .error(&one_line(message), self.command.as_deref());
        self.out.say(&line);
    }

    /// Sets the GUI's line being handled (`None` between lines), which error lines name.
    pub fn set_command(&mut self, line: Option<&str>) {
        self.command = line.map(|l| one_line(l.trim()));
    }

    /// Writes a remark in the dialect.
    pub fn note(&self, message: &str) {
        self.out.say(&self.dialect.note(message));
    }

    /// The catalogue offered.
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    /// The variant chosen.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The current position, if one was set.
    pub fn position(&self) -> Option<&Position> {
        self.pos.as_ref()
    }

    /// The agent between searches, if one is held (for tests).
    pub fn agent(&self) -> Option<&SearchAgent> {
        self.agent.as_ref()
    }

    /// True while a search or a perft count runs.
    pub fn busy(&self) -> bool {
        self.running.is_some()
    }

    /// True while a `go perft` count runs: the codec holds back the commands it does not
    /// answer at once until it ends ([`super::serve`]). A count that has ended is taken back here.
    pub fn counting(&mut self) -> bool {
        match &self.running {
            Some(r) if r.perft && r.has_ended() => {
                self.stop();
                false
            }
            Some(r) => r.perft,
            None => false,
        }
    }

    /// True once a running search is printing its answer (the thread is about to end).
    pub fn search_done(&self) -> bool {
        self.running.as_ref().is_some_and(Running::is_done)
    }

    /// A new agent at the current level, its hash table allocated now — on the command
    /// thread, while options are read, so that the GUI's `isready` waits for it and no
    /// search pays for it on the clock. The old agent and its table are dropped first, so the
    /// two tables are never held at once.
    fn fresh_agent(&mut self) {
        self.agent = None;
        let mut a = SearchAgent::new(self.level);
        a.set_table_bytes(self.hash << 20);
        self.agent = Some(a);
    }

    /// Takes back the agent of a search that has ended by itself (or is printing its
    /// answer: the thread is about to end, so waiting for it takes no time); returns the
    /// action it chose.
    pub fn poll(&mut self) -> Option<Action> {
        if self.search_done() {
            return self.stop();
        }
        None
    }

    /// Stops the search or perft count running, if any, takes back a search's agent and
    /// returns the action the search chose (played on the position first when the session
    /// plays its own moves).
    pub fn stop(&mut self) -> Option<Action> {
        self.end_search(Running::finish)
    }

    /// Withdraws the search running, if any, before it answers: nothing is printed or played
    /// (XBoard: a move the user makes while the engine thinks). A search that has already
    /// answered is ended as by [`stop`](Self::stop), its move played; that action is returned.
    pub fn discard(&mut self) -> Option<Action> {
        self.end_search(Running::discard)
    }

    /// Ends the search running by `end`; takes back its agent and plays its action (when the
    /// session plays its own moves).
    fn end_search(
        &mut self,
        end: fn(Running) -> (Option<SearchAgent>, Option<Action>),
    ) -> Option<Action> {
        let (agent, chosen) = self.running.take().map(end)?;
        if let Some(agent) = agent {
            self.agent = Some(agent);
        }
        if self.plays_own_moves
            && let (Some(a), Some(pos)) = (chosen, self.pos.as_mut())
        {
            play_on(pos);
            if let Err(e) = pos.play_action(a) {
                // The game is over by these rules although the GUI asked for a move: said,
                // so that a position out of step with the GUI's is never silent.
                // Said of the search, not of the line being handled when it ended.
                let message = one_line(&format!("the move chosen is not played here: {e}"));
                self.out.say(&self.dialect.error(&message, None));
            }
        }
        chosen
    }

    /// Chooses the variant named `name` (or by a name of [`PROTOCOL_ALIASES`]); true if it changed (the position is then unset).
    ///
    /// # Errors
    /// An unknown name, with the names offered.
    pub fn select_variant(&mut self, name: &str) -> Result<bool, String> {
        // cutechess-cli sends `UCI_Variant value chess960` for its `fischerandom` (as
        // Fairy-Stockfish accepts it): a protocol's alias, not a rule.
        let name = PROTOCOL_ALIASES
            .iter()
            .find(|(alias, _)| *alias == name)
            .map_or(name, |(_, to)| to);
        let v = self.catalogue.get(name).cloned().ok_or_else(|| {
            if let Some(note) = ashtapada::spec::not_yet_playable(name) {
                return format!("unknown variant `{name}`: {note}");
            }
            let names: Vec<&str> = self
                .catalogue
                .variants
                .iter()
                .map(|(n, _)| n.as_str())
                .collect();
            format!(
                "unknown variant `{name}`; variants are {} (load a rule file with VariantPath)",
                names.join(", ")
            )
        })?;
        if Arc::ptr_eq(&v, &self.variant) {
            return Ok(false);
        }
        self.variant = v;
        self.pos = None;
        self.refused = false;
        Ok(true)
    }

    /// Sets an option by its protocol-neutral name: lower case, words separated by spaces
    /// (`uci variant`, `variantpath`, `level`, `hash`, `clear hash`, `move overhead`,
    /// `multipv`; `ponder`, `threads`, `uci chess960` and `uci analysemode` are accepted and
    /// ignored). Returns a remark for the GUI, if any (a rule file loaded).
    ///
    /// # Errors
    /// [`OptionError::Unknown`] for another name, [`OptionError::Bad`] for a bad value.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<Option<String>, OptionError> {
        let bad = OptionError::Bad;
        match name {
            "uci variant" => {
                self.select_variant(value).map_err(bad)?;
            }
            "variantpath" => {
                if !value.is_empty() && value != "<empty>" {
                    let name = self.catalogue.load(value).map_err(bad)?;
                    return Ok(Some(name));
                }
            }
            "level" => {
                self.level = catalogue::level(value).ok_or_else(|| {
                    bad(format!(
                        "option `Level`: `{value}` is not one of easy, medium, hard"
                    ))
                })?;
                self.fresh_agent();
            }
            "hash" => {
                let mb = catalogue::spin("Hash", value, 1, catalogue::MAX_HASH as u64)
                    .map_err(bad)? as usize;
                if mb != self.hash || self.agent.is_none() {
                    self.hash = mb;
                    self.fresh_agent();
                }
            }
            "clear hash" => match self.agent.as_mut() {
                Some(a) => a.clear_table(),
                None => self.fresh_agent(),
            },
            "move overhead" => {
                self.overhead = catalogue::spin("Move Overhead", value, 0, 5000).map_err(bad)?;
            }
            "multipv" => {
                self.multipv = catalogue::spin("MultiPV", value, 1, catalogue::MAX_MULTIPV as u64)
                    .map_err(bad)? as usize;
            }
            "ponder" | "uci chess960" | "threads" | "uci analysemode" => {}
            _ => return Err(OptionError::Unknown),
        }
        Ok(None)
    }

    /// A new game: the table emptied in place (reallocating a large table took seconds),
    /// with the move ordering's memory; the position unset.
    pub fn new_game(&mut self) {
        match self.agent.as_mut() {
            Some(a) => a.clear(),
            None => self.fresh_agent(),
        }
        self.pos = None;
        self.refused = false;
    }

    /// Sets the position: `fen`, in the dialect's notation (FEN, USI's SFEN; the variant's
    /// start for `None`), and `moves` played from it, in the dialect's notation.
    ///
    /// # Errors
    /// A bad position or a move that is not legal; the old position stays.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
        let set = self.read_position(fen, moves);
        self.refused = set.is_err();
        set
    }

    /// A `position` command that does not read (`why`, said as an error): as after a refusal
    /// by [`set_position`](Self::set_position), `go` is refused until a position is accepted.
    /// While a search runs nothing changes but the error.
    pub fn refuse_position(&mut self, why: &str) {
        if !self.busy() {
            self.refused = true;
        }
        self.error(why);
    }

    /// [`set_position`](Self::set_position) without the note of a refusal.
    fn read_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
        let mut pos = match fen {
            None => Position::start(self.variant.clone()),
            Some(text) => {
                let read = self.dialect.position_in(text)?;
                parse_position(&self.variant, &read)
                    .map_err(|e| self.dialect.position_error(&self.variant.name, text, &e))?
            }
        };
        for (i, text) in moves.iter().enumerate() {
            self.play_text(&mut pos, text, &format!("move {} ", i + 1))?;
        }
        self.pos = Some(pos);
        Ok(())
    }

    /// Plays one move, in the dialect's notation, on the current position (XBoard's
    /// `usermove`).
    ///
    /// # Errors
    /// No position, or a move that is not legal; the position is unchanged.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        let mut pos = self.pos.take().ok_or("no position: send one first")?;
        let played = self.play_text(&mut pos, text, "");
        self.pos = Some(pos);
        played
    }

    /// Takes back `n` plies of the current position; how many were taken back.
    pub fn undo(&mut self, n: usize) -> usize {
        let Some(pos) = self.pos.as_mut() else {
            return 0;
        };
        (0..n).take_while(|_| pos.undo().is_some()).count()
    }

    /// Plays `text` on `pos`; `what` starts the error message (`move 3 `).
    fn play_text(&self, pos: &mut Position, text: &str, what: &str) -> Result<(), String> {
        // After the end no move, pass or null move is legal, whatever its notation.
        if let Some(o) = pos.outcome_playing_on() {
            return Err(format!(
                "{what}`{text}` is not legal: the game is over: {}; the position is \
                 unchanged",
                pos.describe_outcome(o)
            ));
        }
        if text == "0000" {
            return Err(format!(
                "{what}`0000` is not legal: it is the null move (UCI's \"no move\"), and a \
                 move is due here; the position is unchanged"
            ));
        }
        if let Some(why) = self.dialect.refusal(pos, text) {
            return Err(format!(
                "{what}`{text}` is not legal: {why}; the position is unchanged"
            ));
        }
        let ours = self.dialect.move_in(pos, text);
        // A pass, as Fairy-Stockfish writes it (the royal square twice).
        if pass_text(pos).is_some_and(|p| p == ours) {
            play_on(pos);
            return pos.pass().map_err(|e| {
                format!("{what}`{text}` is not legal: {e}; the position is unchanged")
            });
        }
        let m = parse_move(pos, &ours).map_err(|e| {
            let e = self.in_dialect(pos, text, &ours, e);
            format!("{what}`{text}` is not legal: {e}; the position is unchanged")
        })?;
        play_on(pos);
        if pos.outcome().is_some() {
            return Err(format!(
                "{what}`{text}`: the game is already over; the position is unchanged"
            ));
        }
        pos.play(m).map_err(|e| format!("{what}`{text}`: {e}"))
    }

    /// `e`, the refusal of the move the GUI wrote as `text`, with the move, the squares it
    /// names and the legal alternatives written in the dialect's notation (USI's `7g7f` and
    /// `P*5e`, XBoard's ranks from 0 on ten-rank boards) rather than ashtapada's.
    /// `ours` is `text` in ashtapada's notation, which a syntax error quotes.
    fn in_dialect(&self, pos: &Position, text: &str, ours: &str, e: MoveError) -> MoveError {
        let out = |s: &str| self.dialect.move_out(pos, s.to_string());
        let seats = &pos.variant().seats;
        let seat = |name: String| {
            (seats.iter().position(|s| s.name == name))
                .and_then(|i| self.dialect.seat_word(i))
                .map_or(name, str::to_string)
        };
        match e {
            MoveError::Syntax(m) => {
                let quoted = format!("`{ours}`");
                let m = m.strip_prefix(&format!("{quoted}: ")).unwrap_or(&m);
                MoveError::Syntax(self.dialect.hints(m.replace(&quoted, &format!("`{text}`"))))
            }
            MoveError::Illegal {
                from_same_square,
                why,
                ..
            } => MoveError::Illegal {
                text: text.to_string(),
                from_same_square: from_same_square.iter().map(|m| out(m)).collect(),
                why: why.map(|why| match why {
                    MoveRefusal::NoPiece { square } => MoveRefusal::NoPiece {
                        square: out(&square),
                    },
                    MoveRefusal::NotYours {
                        square,
                        owner,
                        to_move,
                    } => MoveRefusal::NotYours {
                        square: out(&square),
                        owner: seat(owner),
                        to_move: seat(to_move),
                    },
                    MoveRefusal::NotInHand { seat: s, kind } => MoveRefusal::NotInHand {
                        seat: seat(s),
                        kind,
                    },
                    MoveRefusal::LowerCaseDrop {
                        owner,
                        to_move,
                        upper,
                    } => MoveRefusal::LowerCaseDrop {
                        owner: seat(owner),
                        to_move: seat(to_move),
                        upper: out(&upper),
                    },
                    other => other,
                }),
            },
        }
    }

    /// Starts a search on its own thread, or `perft` ([`Go::perft`]).
    ///
    /// # Errors
    /// No position, a `searchmoves` move that is not legal, a perft too deep.
    pub fn go(&mut self, go: &Go) -> Result<(), String> {
        let started = Instant::now();
        let pos = match self.pos.as_ref() {
            Some(pos) if !self.refused => pos,
            _ => {
                let why = if self.refused {
                    "`go` after a refused `position` (its error above)"
                } else {
                    "`go` before `position`"
                };
                return Err(format!(
                    "{why}: send {} first",
                    self.dialect.position_commands()
                ));
            }
        };
        let mut pos = pos.clone();
        play_on(&mut pos);
        if let Some(depth) = go.perft {
            return self.perft(pos, depth);
        }
        let mut only = Vec::new();
        for text in &go.searchmoves {
            let ours = self.dialect.move_in(&pos, text);
            only.push(parse_move(&mut pos, &ours).map_err(|e| {
                let e = self.in_dialect(&pos, text, &ours, e);
                format!("searchmoves `{text}` is not legal: {e}")
            })?);
        }
        if let Err(d) = pos.variant().fitted_problem() {
            self.error(&format!(
                "{}; searching with the rule file's values",
                d.one_line()
            ));
        }
        let seat = pos.to_move().index();
        let (nodes, depth) = self.level.budget_for(pos.variant());
        let job = Job {
            limits: search::limits(go, nodes, depth),
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
        self.running = Some(search::start(
            agent,
            job,
            self.out.clone(),
            self.dialect.clone(),
        ));
        Ok(())
    }

    /// `perft N` on its own thread ([`search::start_perft`]), at most
    /// [`search::MAX_PERFT_DEPTH`] plies.
    fn perft(&mut self, pos: Position, depth: u32) -> Result<(), String> {
        if depth > search::MAX_PERFT_DEPTH {
            return Err(format!(
                "`go perft {depth}` is too deep: at most {} (the count grows about tenfold \
                 per ply; depth 7 takes about a minute in chess)",
                search::MAX_PERFT_DEPTH
            ));
        }
        self.running = Some(search::start_perft(
            pos,
            depth,
            self.out.clone(),
            self.dialect.clone(),
        ));
        Ok(())
    }
}

/// The GUI is the referee: where it plays on past a repetition, move-rule or counting draw of
/// these rules (cutechess-cli's makruk has no repetition draw and no counting), the counts
/// start again, so the next move is accepted and the search plays on from here. Mate,
/// stalemate and the rule file's other endings still end the game.
pub fn play_on(pos: &mut Position) {
    if pos.outcome().is_some_and(Position::ends_by_draw_count) {
        pos.restart_draw_counts();
    }
}
