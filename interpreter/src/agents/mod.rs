//! Computer players: the [`Agent`] trait and the agents that implement it.
//!
//! An agent chooses one action for the seat to move. Every random choice it makes comes from
//! the generator it is handed (one per game, see [`game_rng`]), so a game is reproduced
//! exactly from its seed.

mod brs;
mod chance;
mod ending;
mod eval;
mod exposure;
pub mod fit;
mod greedy;
mod limits;
mod maxn;
mod mcts;
#[cfg(test)]
mod node_rate;
mod order;
mod pawns;
mod positional;
mod pvs;
mod random;
mod search;
mod table;
mod threats;
mod weights;

pub use chance::Rolls;
pub use eval::{Evaluator, UNIT, WIN};
pub use greedy::GreedyAgent;
pub use limits::{Iteration, Limits, Report, Score};
pub use mcts::MctsAgent;
/// The generator agents draw from (re-exported so that agents can be written without
/// depending on `rand_chacha`).
pub use rand_chacha::ChaCha8Rng;
pub use random::{RandomAgent, game_rng, uniform_below};
pub use search::{
    Algorithm, BEST_REPLY_NODES, BRISK_SEATS, EASY, FULL, Grade, HARD, HARD_MONTE_CARLO, MEDIUM,
    Pace, STEADY, SearchAgent,
};
pub use weights::Weights;

use crate::engine::Position;
use crate::stop::Stop;
use crate::vocab::Action;

/// A player: chooses the action of the seat to move.
///
/// An agent acts only when the game is not over ([`Position::outcome`] is `None`) and no roll
/// is due ([`Position::awaiting_roll`] is false): dice are rolled by the caller (the
/// simulator, the REPL), never by an agent, and an agent asked to act otherwise refuses with
/// a [`Refusal`] (the built-in agents check this only when they find no move, so the check
/// costs nothing per move). The returned action must be
/// legal in `pos`: a move from [`Position::game_moves`] (the legal moves less those the
/// perpetual-check rule forbids), or [`Action::Pass`] /
/// [`Action::Resign`] where [`Position::can_pass`] / [`Position::can_resign`] allow it; never
/// [`Action::Roll`]. The simulator plays moves unchecked.
///
/// `pos` is lent mutably so that an agent can search (play and undo); it must be handed back
/// as it was received. An agent takes its randomness only from `rng`, so that games are
/// reproducible.
///
/// A searching agent polls the [`Stop`] given to [`set_stop`](Agent::set_stop) where it
/// checks its node budget, and once it is set answers at once with the best action found so
/// far (always a legal one).
pub trait Agent {
    /// The action for the seat to move in `pos`.
    ///
    /// # Errors
    /// [`Refusal::RollDue`] when a roll is due, [`Refusal::GameOver`] when the game is over.
    fn choose(&mut self, pos: &mut Position, rng: &mut ChaCha8Rng) -> Result<Action, Refusal>;

    /// A short name for reports (`random`, …).
    fn name(&self) -> &str;

    /// The flag that cuts the agent's thinking short (Ctrl-C in the REPL, a UCI `stop`).
    /// Agents that answer at once ignore it.
    fn set_stop(&mut self, stop: Stop) {
        let _ = stop;
    }
}

/// Why an agent did not choose an action: it was asked out of turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A roll is due: the dice are rolled before the seat acts, and not by the agent.
    #[error("a roll is due: roll the dice first, agents do not roll")]
    RollDue,
    /// The game is over: no seat acts any more.
    #[error("the game is over")]
    GameOver,
}

/// The agent names [`by_name`] accepts, weakest first.
pub const AGENT_NAMES: [&str; 5] = ["random", "greedy", "easy", "medium", "hard"];

/// The agent names of the search grades, which evaluate with the variant's fitted values
/// ([`crate::compile::Variant::fitted_problem`] says whether they read).
pub const SEARCH_GRADES: [&str; 3] = ["easy", "medium", "hard"];

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
///
/// # Errors
/// A roll is due, or the game is over: the agent was asked out of turn.
pub(crate) fn forced_action(pos: &mut Position) -> Result<Action, Refusal> {
    if pos.awaiting_roll() {
        return Err(Refusal::RollDue);
    }
    if pos.outcome().is_some() {
        return Err(Refusal::GameOver);
    }
    Ok(if pos.can_pass() || !pos.can_resign() {
        Action::Pass
    } else {
        Action::Resign
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    /// Every agent refuses to act while a roll is due and once the game is over, and acts
    /// once the dice are rolled.
    #[test]
    fn an_agent_asked_out_of_turn_refuses() {
        let v = load_variant("chaturaji", &Assignment::default()).unwrap();
        let mut rng = game_rng(0, 0);
        for name in AGENT_NAMES {
            let mut agent = by_name(name).unwrap();
            let mut pos = Position::start(v.clone());
            assert!(pos.awaiting_roll());
            assert_eq!(
                agent.choose(&mut pos, &mut rng),
                Err(Refusal::RollDue),
                "{name}"
            );
            pos.roll(&[1, 5]).unwrap();
            assert!(
                matches!(agent.choose(&mut pos, &mut rng), Ok(Action::Move(_))),
                "{name}"
            );
        }
        // Black is mated: the game is over.
        let v = load_variant("chaturanga", &Assignment::default()).unwrap();
        for name in AGENT_NAMES {
            let mut pos = crate::notation::from_fen(&v, "k7/2K5/8/8/8/8/8/R7 b - - 0 1").unwrap();
            let got = by_name(name).unwrap().choose(&mut pos, &mut rng);
            assert_eq!(got, Err(Refusal::GameOver), "{name}");
        }
    }
}
