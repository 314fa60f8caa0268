//! Computer players: the [`Agent`] trait and the agents that implement it.
//!
//! An agent chooses one action for the seat to move. Every random choice it makes comes from
//! the generator it is handed (one per game, see [`crate::sim`]), so a game is reproduced
//! exactly from its seed.

mod chance;
mod eval;
mod exposure;
mod greedy;
mod limits;
mod maxn;
mod order;
mod random;
mod search;
mod table;

pub use chance::Rolls;
pub use eval::{Evaluator, UNIT, WIN};
pub use greedy::GreedyAgent;
pub use limits::{Iteration, Limits, Report, Score};
/// The generator agents draw from (re-exported so that agents can be written without
/// depending on `rand_chacha`).
pub use rand_chacha::ChaCha8Rng;
pub use random::{RandomAgent, uniform_below};
pub use search::{EASY, Grade, HARD, MEDIUM, SearchAgent};

use crate::{Action, Position};

/// A player: chooses the action of the seat to move.
///
/// The simulator calls [`choose`](Agent::choose) only when the game is not over
/// ([`Position::outcome`] is `None`) and no roll is due ([`Position::awaiting_roll`] is
/// false): dice are rolled by the simulator, never by an agent. The returned action must be
/// legal in `pos`: a move from [`Position::game_moves`] (the legal moves less those the
/// perpetual-check rule forbids), or [`Action::Pass`] /
/// [`Action::Resign`] where [`Position::can_pass`] / [`Position::can_resign`] allow it; never
/// [`Action::Roll`]. The simulator plays moves unchecked.
///
/// `pos` is lent mutably so that an agent can search (play and undo); it must be handed back
/// as it was received. An agent takes its randomness only from `rng`, so that games are
/// reproducible.
pub trait Agent {
    /// The action for the seat to move in `pos`.
    fn choose(&mut self, pos: &mut Position, rng: &mut ChaCha8Rng) -> Action;

    /// A short name for reports (`random`, …).
    fn name(&self) -> &str;
}

/// The agent names [`by_name`] accepts, weakest first.
pub const AGENT_NAMES: [&str; 5] = ["random", "greedy", "easy", "medium", "hard"];

/// An agent name that [`by_name`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAgent {
    /// The name given.
    pub name: String,
    /// The closest known name, if one is close.
    pub suggestion: Option<&'static str>,
}

impl std::fmt::Display for UnknownAgent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown agent `{}`", self.name)?;
        if let Some(s) = self.suggestion {
            write!(f, " (did you mean `{s}`?)")?;
        }
        write!(f, "; agents are {}", AGENT_NAMES.join(", "))
    }
}

impl std::error::Error for UnknownAgent {}

/// A fresh agent of the named kind (one of [`AGENT_NAMES`]): `random` ([`RandomAgent`]),
/// `greedy` ([`GreedyAgent`]), `easy`, `medium` and `hard` ([`SearchAgent`] of grade
/// [`EASY`], [`MEDIUM`], [`HARD`]).
///
/// # Errors
/// [`UnknownAgent`] for any other name, with the closest known name.
pub fn by_name(name: &str) -> Result<Box<dyn Agent>, UnknownAgent> {
    match name {
        "random" => Ok(Box::new(RandomAgent::new())),
        "greedy" => Ok(Box::new(GreedyAgent::new())),
        "easy" => Ok(Box::new(SearchAgent::new(EASY))),
        "medium" => Ok(Box::new(SearchAgent::new(MEDIUM))),
        "hard" => Ok(Box::new(SearchAgent::new(HARD))),
        _ => Err(UnknownAgent {
            name: name.to_string(),
            suggestion: crate::dsl::suggest(name, AGENT_NAMES.iter().copied()),
        }),
    }
}

/// The action of a seat with no legal move: pass where allowed, else resign where allowed,
/// else pass (the simulator's turn logic never asks for it then).
pub(crate) fn forced_action(pos: &Position) -> Action {
    if pos.can_pass() || !pos.can_resign() {
        Action::Pass
    } else {
        Action::Resign
    }
}
