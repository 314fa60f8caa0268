//! Outside players in `simulate`: UCI engines (`uci:COMMAND nodes=N`) and programs that speak
//! the JSON-lines protocol (`cmd:COMMAND`, see [`json`]), as [`Agent`]s beside the built-in
//! ones.
//!
//! Each outside agent owns a child process for the length of a game, taken from a pool of
//! idle ones (one pool per `--agents` entry) and handed back after the game, so a run starts
//! about one process per worker thread and seat rather than one per game. A process that
//! fails — exits, stays silent past the timeout, answers garbage or an illegal move — is
//! killed, never reused, and halts the run: the failure (game and seat named) is kept, every
//! game still being played finishes at once with stand-in moves ([`fallback`]) and is
//! dropped, and the games that finished before are kept.

pub mod json;
mod process;
mod uci;

use ashtapada::agents::{AGENT_NAMES, Agent, ChaCha8Rng, Refusal, by_name};
use ashtapada::notation::parse_action;
use ashtapada::{Action, Position, Seat, SeatSet, Variant};
pub use process::{Process, end_all};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// One side of an outside protocol: how a process is started and asked for an action.
pub trait Protocol: Send + Sync {
    /// Starts a process and readies it for the run's variant (the UCI handshake).
    ///
    /// # Errors
    /// The program does not start, or refuses the variant.
    fn open(&self, timeout: Duration) -> Result<Process, String>;

    /// Tells the process that game `game` starts (`plays`: the seats this agent plays);
    /// `rng` is the game's generator, for a seed.
    ///
    /// # Errors
    /// The process has gone or does not answer.
    fn new_game(
        &self,
        p: &mut Process,
        pos: &Position,
        game: u64,
        plays: &[String],
        rng: &mut ChaCha8Rng,
        timeout: Duration,
    ) -> Result<(), String>;

    /// The action the process chooses in `pos`, as text in ashtapada's notation.
    ///
    /// # Errors
    /// The process has gone, does not answer in time, or answers garbage.
    fn ask(
        &self,
        p: &mut Process,
        pos: &mut Position,
        game: u64,
        timeout: Duration,
    ) -> Result<String, String>;

    /// Tells the process, before its next turn, that `seat` resigned in game `game` (where
    /// the game goes on: three or more seats). Nothing is sent where the protocol has no
    /// message for it (UCI: a two-seat game ends with a resignation).
    ///
    /// # Errors
    /// The process has gone.
    fn resigned(
        &self,
        _p: &mut Process,
        _pos: &Position,
        _game: u64,
        _seat: &str,
    ) -> Result<(), String> {
        Ok(())
    }
}

/// An outside player's failure: where it happened and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The game index in the run.
    pub game: u64,
    /// The seat to move.
    pub seat: String,
    /// The `--agents` entry.
    pub agent: String,
    /// What went wrong.
    pub message: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown = ashtapada::diag::printable(&self.message);
        write!(
            f,
            "game {}, seat {} (agent `{}`): {}",
            self.game,
            self.seat,
            self.agent,
            ashtapada::diag::excerpt_at(&shown, 400)
        )
    }
}

/// What every agent of a run shares: the halt flag and the first failure.
struct Shared {
    halted: Arc<AtomicBool>,
    first: Mutex<Option<Failure>>,
    timeout: Duration,
    /// `--rotate`: in game K the entries are rotated by K across the seats.
    rotate: bool,
}

impl Shared {
    fn fail(&self, f: Failure) {
        self.first
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert(f);
        self.halted.store(true, Ordering::SeqCst);
    }

    fn halted(&self) -> bool {
        self.halted.load(Ordering::SeqCst)
    }
}

/// One `--agents` entry.
enum Entry {
    Builtin(String),
    Outside {
        name: String,
        protocol: Arc<dyn Protocol>,
        pool: Arc<Mutex<Vec<Process>>>,
    },
}

/// The agents of a run, built anew for each game by [`agents`](Players::agents).
pub struct Players {
    entries: Vec<Entry>,
    shared: Arc<Shared>,
}

/// The syntax of the outside agents, for help texts.
pub const OUTSIDE_SYNTAX: &str =
    "`uci:COMMAND nodes=N` (or `movetime=MS`, `depth=D`) or `cmd:COMMAND`";

impl Players {
    /// Reads the `--agents` names for `variant` (one for every seat, or one per seat in turn
    /// order): built-in agent names, `uci:COMMAND [nodes=N|movetime=MS|depth=D]
    /// [option.NAME=VALUE]…` and `cmd:COMMAND`. Outside players that stay silent for
    /// `timeout` (beyond a UCI `movetime`) fail.
    ///
    /// # Errors
    /// An unknown name (with a suggestion), a malformed outside agent, a UCI agent for a
    /// variant UCI cannot play, or a count of names that is neither 1 nor the seats'.
    pub fn new(names: &[String], variant: &Variant, timeout: Duration) -> Result<Players, String> {
        let seats = variant.seats.len();
        if names.len() != 1 && names.len() != seats {
            return Err(format!(
                "{} agents given for {seats} seats; give one agent for every seat (`--agents \
                 greedy`) or {seats}, in turn order",
                names.len()
            ));
        }
        let mut entries = Vec::new();
        for n in names {
            let protocol: Arc<dyn Protocol> = if let Some(rest) = n.strip_prefix("uci:") {
                Arc::new(uci::Uci::parse(rest, variant, timeout)?)
            } else if let Some(rest) = n.strip_prefix("cmd:") {
                Arc::new(json::Json::parse(rest)?)
            } else {
                by_name(n).map_err(|e| {
                    let help = match e.suggestion {
                        Some(s) => format!("did you mean `{s}`?"),
                        None => format!(
                            "the agents are {}, and the outside players {OUTSIDE_SYNTAX}",
                            AGENT_NAMES.join(", ")
                        ),
                    };
                    format!("unknown agent `{n}`: {help}")
                })?;
                entries.push(Entry::Builtin(n.clone()));
                continue;
            };
            entries.push(Entry::Outside {
                name: n.clone(),
                protocol,
                pool: Arc::default(),
            });
        }
        Ok(Players {
            entries,
            shared: Arc::new(Shared {
                halted: Arc::new(AtomicBool::new(false)),
                first: Mutex::new(None),
                timeout,
                rotate: false,
            }),
        })
    }

    /// The same players, rotated across the seats game by game if `rotate` (`--rotate`:
    /// in game K, seat S is played by entry (S + K) mod N), as [`ashtapada::sim::Schedule`]
    /// hands them out; outside players are told the seats they play in each game.
    pub fn rotated(self, rotate: bool) -> Players {
        let shared = Arc::new(Shared {
            halted: self.shared.halted.clone(),
            first: Mutex::new(None),
            timeout: self.shared.timeout,
            rotate,
        });
        Players { shared, ..self }
    }

    /// True if some agent is an outside player.
    pub fn outside(&self) -> bool {
        self.entries
            .iter()
            .any(|e| matches!(e, Entry::Outside { .. }))
    }

    /// A fresh set of agents for one game, one per entry. Once the run is halted every agent
    /// answers at once with a stand-in move.
    pub fn agents(&self) -> Vec<Box<dyn Agent>> {
        let outside = self.outside();
        self.entries
            .iter()
            .enumerate()
            .map(|(i, e)| -> Box<dyn Agent> {
                match e {
                    Entry::Builtin(n) => {
                        let inner = by_name(n).expect("agent names are checked before the run");
                        if outside {
                            Box::new(Guarded {
                                inner,
                                shared: self.shared.clone(),
                            })
                        } else {
                            inner
                        }
                    }
                    Entry::Outside {
                        name,
                        protocol,
                        pool,
                    } => Box::new(OutsideAgent {
                        name: name.clone(),
                        index: i,
                        entries: self.entries.len(),
                        protocol: protocol.clone(),
                        pool: pool.clone(),
                        shared: self.shared.clone(),
                        process: None,
                        game: None,
                        told_resigned: SeatSet::EMPTY,
                        broken: false,
                    }),
                }
            })
            .collect()
    }

    /// The flag set when an outside player fails: games that finish after it are dropped.
    pub fn halted(&self) -> Arc<AtomicBool> {
        self.shared.halted.clone()
    }

    /// The first failure of the run, if any.
    pub fn failure(&self) -> Option<Failure> {
        self.shared
            .first
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

/// The names of the seats that entry `i` of `count` plays, the entries rotated by `offset`
/// (seat `s` is played by entry `(s + offset) mod count`).
fn seats_of(v: &Variant, i: usize, count: usize, offset: usize) -> Vec<String> {
    v.seats
        .iter()
        .enumerate()
        .filter(|(s, _)| (s + offset) % count == i)
        .map(|(_, s)| s.name.clone())
        .collect()
}

/// The words of an outside agent's command, split as a POSIX shell splits words (the `shlex`
/// crate): at white space, with `'…'`, `"…"` and `\` quoting (`cmd:'/my dir/p.py' fast`),
/// and nothing expanded; the program is then run without a shell.
///
/// # Errors
/// No command, or an unclosed quote or a trailing `\`.
fn command_words(text: &str, syntax: &str) -> Result<Vec<String>, String> {
    let argv = shlex::split(text).ok_or_else(|| {
        format!(
            "`{}`: a quote is not closed (or a `\\` ends the command); quote a word with \
             spaces as `'/my dir/player.py'`",
            quote(text)
        )
    })?;
    if argv.is_empty() {
        return Err(format!("no command given: write {syntax}"));
    }
    Ok(argv)
}

/// A stand-in action, legal in `pos`, for the games still being played once the run is
/// halted: the first legal move, else a pass, else a resignation.
///
/// # Errors
/// A roll is due or the game is over.
pub fn fallback(pos: &mut Position) -> Result<Action, Refusal> {
    if pos.awaiting_roll() {
        return Err(Refusal::RollDue);
    }
    if pos.outcome().is_some() {
        return Err(Refusal::GameOver);
    }
    let mut moves = Vec::new();
    pos.game_moves(&mut moves);
    Ok(match moves.first() {
        Some(&m) => Action::Move(m),
        None if pos.can_pass() || !pos.can_resign() => Action::Pass,
        None => Action::Resign,
    })
}

/// Reads an outside player's action and checks that it is legal in `pos`.
///
/// # Errors
/// Not an action in ashtapada's notation, or not a legal one here.
pub fn checked_action(pos: &mut Position, text: &str) -> Result<Action, String> {
    let quoted = || quote(text);
    let a = parse_action(pos, text).map_err(|e| format!("answered `{}`: {e}", quoted()))?;
    let legal = match a {
        Action::Move(m) => {
            let mut moves = Vec::new();
            pos.game_moves(&mut moves);
            moves.contains(&m)
        }
        Action::Pass => pos.can_pass(),
        Action::Resign => pos.can_resign(),
        Action::Roll(_) => false,
    };
    if !legal {
        return Err(format!("answered `{}`, which is not legal here", quoted()));
    }
    Ok(a)
}

/// A player's answer as it is shown in a message: control characters escaped, cut after 60
/// characters.
pub fn quote(text: &str) -> String {
    let shown = ashtapada::diag::printable(text);
    ashtapada::diag::excerpt_at(&shown, 60).to_string()
}

/// A built-in agent in a run with outside players: stops thinking once the run is halted.
struct Guarded {
    inner: Box<dyn Agent>,
    shared: Arc<Shared>,
}

impl Agent for Guarded {
    fn choose(&mut self, pos: &mut Position, rng: &mut ChaCha8Rng) -> Result<Action, Refusal> {
        if self.shared.halted() {
            return fallback(pos);
        }
        self.inner.choose(pos, rng)
    }

    fn name(&self) -> &str {
        self.inner.name()
    }
}

/// An outside player for one game.
struct OutsideAgent {
    name: String,
    /// Its `--agents` entry, of `entries`.
    index: usize,
    entries: usize,
    protocol: Arc<dyn Protocol>,
    pool: Arc<Mutex<Vec<Process>>>,
    shared: Arc<Shared>,
    process: Option<Process>,
    /// The game the process was told of.
    game: Option<u64>,
    /// The seats whose resignation in this game the process was told of.
    told_resigned: SeatSet,
    /// The process failed: it is not handed back.
    broken: bool,
}

impl OutsideAgent {
    /// Asks the process (started or taken from the pool first) for the action in `pos`.
    fn ask(&mut self, pos: &mut Position, rng: &mut ChaCha8Rng) -> Result<Action, String> {
        let timeout = self.shared.timeout;
        let game = rng.get_stream();
        if self.process.is_none() {
            let idle = self.pool.lock().unwrap_or_else(|e| e.into_inner()).pop();
            self.process = Some(match idle {
                Some(p) => p,
                None => self.protocol.open(timeout)?,
            });
        }
        let p = self.process.as_mut().expect("started above");
        if self.game != Some(game) {
            let offset = match self.shared.rotate {
                true => (game % self.entries.max(1) as u64) as usize,
                false => 0,
            };
            let plays = seats_of(pos.variant(), self.index, self.entries, offset);
            self.protocol.new_game(p, pos, game, &plays, rng, timeout)?;
            self.game = Some(game);
            self.told_resigned = SeatSet::EMPTY;
        }
        let resigned = pos.counters().resigned - self.told_resigned;
        for (s, seat) in pos.variant().seats.iter().enumerate() {
            if resigned.contains(Seat(s as u8)) {
                self.protocol.resigned(p, pos, game, &seat.name)?;
            }
        }
        self.told_resigned |= resigned;
        let text = self.protocol.ask(p, pos, game, timeout)?;
        checked_action(pos, &text).map_err(|e| format!("`{}` {e}", p.command))
    }
}

impl Agent for OutsideAgent {
    fn choose(&mut self, pos: &mut Position, rng: &mut ChaCha8Rng) -> Result<Action, Refusal> {
        if self.broken || self.shared.halted() {
            return fallback(pos);
        }
        // Asked out of turn: refused as every agent does, without asking the player.
        if pos.awaiting_roll() || pos.outcome().is_some() {
            return fallback(pos);
        }
        match self.ask(pos, rng) {
            Ok(a) => Ok(a),
            Err(message) => {
                self.broken = true;
                self.process = None;
                let seat = pos.variant().seats[pos.to_move().index()].name.clone();
                self.shared.fail(Failure {
                    game: rng.get_stream(),
                    seat,
                    agent: self.name.clone(),
                    message,
                });
                fallback(pos)
            }
        }
    }

    fn name(&self) -> &str {
        &self.name
    }
}

impl Drop for OutsideAgent {
    /// Hands a healthy process back to the pool for the next game.
    fn drop(&mut self) {
        if let Some(p) = self.process.take()
            && !self.broken
        {
            self.pool.lock().unwrap_or_else(|e| e.into_inner()).push(p);
        }
    }
}
