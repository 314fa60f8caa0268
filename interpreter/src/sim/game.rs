//! One game between agents: [`play_game`] and its [`GameResult`].

use super::events::Events;
use super::game_rng;
use crate::agents::{Agent, uniform_below};
use crate::compile::Variant;
use crate::engine::Position;
use crate::vocab::{Action, MAX_DICE, MAX_SEATS, Outcome, Seat};
use std::sync::Arc;

/// The end-reason name of a game stopped by the ply cap rather than by the rules.
pub const CAP_REASON: &str = "ply-cap";

/// The result of one simulated game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The game's index in its run (with the base seed, it determines the game).
    pub game_index: u64,
    /// The seat that moved first.
    pub first_seat: Seat,
    /// How the game ended by the rules; `None` if it was stopped by the ply cap.
    pub outcome: Option<Outcome>,
    /// The end reason's name ([`Position::reason_name`]), or [`CAP_REASON`].
    pub reason: String,
    /// Rank per seat, 1 = first, equal ranks shared: [`Position::ranks`] for a ranked outcome;
    /// the winner 1 and the others 2 for a decisive one; all 1 for a draw or a capped game.
    pub ranks: Vec<u8>,
    /// Score per seat at the end.
    pub scores: Vec<i64>,
    /// Complete rounds: the engine's round counter in dice variants; elsewhere, where the
    /// engine does not count rounds, plies divided by the number of seats.
    pub rounds: u32,
    /// Plies played: every action, dice rolls included ([`Position::ply`]).
    pub plies: u32,
    /// Event counts.
    pub events: Events,
}

impl GameResult {
    /// True if the game was stopped by the ply cap.
    pub fn capped(&self) -> bool {
        self.outcome.is_none()
    }

    /// The seats ranked first (they share the win: 1/k each).
    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        self.ranks
            .iter()
            .enumerate()
            .filter(|(_, r)| **r == 1)
            .map(|(s, _)| Seat(s as u8))
    }
}

/// Plays game `game_index` of a run with base seed `seed`: from
/// [`Position::start_for_game`] (the first seat rotates per game where the variant says so),
/// with one generator, [`game_rng`]`(seed, game_index)`, for the dice and the agents. Dice are
/// rolled uniformly per die over the variant's faces. Seat `s` is played by
/// `agents[s % agents.len()]`.
///
/// The game ends when [`Position::outcome`] reports an end, or after `max_plies` plies (dice
/// rolls count as plies), reported as [`CAP_REASON`].
///
/// # Panics
/// If `agents` is empty, or an agent returns a pass or resignation that is not allowed, or a
/// roll.
pub fn play_game(
    variant: &Arc<Variant>,
    agents: &mut [Box<dyn Agent>],
    seed: u64,
    game_index: u64,
    max_plies: u32,
) -> GameResult {
    play_game_to_end(variant, agents, seed, game_index, max_plies).0
}

/// [`play_game`], also handing back the final position (with every action played, for a game
/// record: [`Record::from_position`](crate::notation::Record::from_position)).
pub fn play_game_to_end(
    variant: &Arc<Variant>,
    agents: &mut [Box<dyn Agent>],
    seed: u64,
    game_index: u64,
    max_plies: u32,
) -> (GameResult, Position) {
    play_game_from(
        Position::start_for_game(variant.clone(), game_index),
        agents,
        seed,
        game_index,
        max_plies,
    )
}

/// [`play_game_to_end`] from `start` (an opening; [`Position::start_for_game`] for the
/// variant's own start): game `game_index`'s generator, the same agents and ply cap.
///
/// # Panics
/// As [`play_game`].
pub fn play_game_from(
    start: Position,
    agents: &mut [Box<dyn Agent>],
    seed: u64,
    game_index: u64,
    max_plies: u32,
) -> (GameResult, Position) {
    assert!(!agents.is_empty(), "play_game needs at least one agent");
    let mut pos = start;
    let variant = pos.variant().clone();
    let mut rng = game_rng(seed, game_index);
    let n = variant.seats.len();
    let mut events = Events::default();
    let mut roll = [0u8; MAX_DICE];
    // Seat S is played by agent S mod the agents, looked up rather than divided every ply
    // (a 64-bit division costs tens of cycles).
    let agent_of: [usize; MAX_SEATS] = std::array::from_fn(|s| s % agents.len());
    // Where only the last action's judgement decides (Chaturaji), a game not ended by it goes
    // on without asking [`Position::outcome`] (a call per action).
    let only_ended = variant.only_ended_decides();
    let outcome = loop {
        if (!only_ended || pos.ended().is_some())
            && let Some(o) = pos.outcome()
        {
            break Some(o);
        }
        if pos.ply() >= max_plies as usize {
            break None;
        }
        if pos.awaiting_roll() {
            let dice = variant
                .rules
                .dice
                .as_ref()
                .expect("a roll is due only with dice");
            let count = (dice.count as usize).min(MAX_DICE);
            for d in &mut roll[..count] {
                *d = dice.faces[uniform_below(&mut rng, dice.faces.len() as u32) as usize];
            }
            pos.roll_unchecked(&roll[..count]);
            events.rolls += 1;
            events.dead_rolls += pos.awaiting_roll() as u64;
            continue;
        }
        let seat = pos.to_move().index();
        let chosen = agents[agent_of[seat]].choose(&mut pos, &mut rng);
        match chosen.expect("the simulator asks only in turn: no roll due, game not over") {
            Action::Move(m) => {
                pos.play_unchecked(m);
                events.moves += 1;
            }
            Action::Pass => {
                pos.pass()
                    .expect("the agent passed where passing is not allowed");
                events.passes += 1;
            }
            Action::Resign => {
                pos.resign()
                    .expect("the agent resigned where resigning is not allowed");
                events.resignations += 1;
            }
            Action::Roll(_) => panic!("agents do not roll: the simulator rolls the dice"),
        }
        events.record(&pos.last_ply_events());
    };
    let ranks = outcome_ranks(&pos, outcome);
    if outcome.is_some_and(|o| o.reason() == crate::rules::capture_all::REASON) {
        events.capture_all = 1;
    }
    let reason = match outcome {
        Some(o) => pos.reason_name(o.reason()),
        None => CAP_REASON.to_string(),
    };
    let plies = pos.ply() as u32;
    let rounds = if variant.rules.dice.is_some() {
        pos.counters().rounds as u32
    } else {
        plies / n.max(1) as u32
    };
    let result = GameResult {
        game_index,
        first_seat: pos.first_seat(),
        outcome,
        reason,
        ranks,
        scores: (0..n).map(|s| pos.score(Seat(s as u8))).collect(),
        rounds,
        plies,
        events,
    };
    (result, pos)
}

/// The rank per seat (1 = first, equal ranks shared) of a game that ended in `pos` with
/// `outcome`: [`Position::ranks`] for a ranked outcome; the winner 1 and the others 2 for a
/// decisive one; all 1 for a draw or a game stopped without an outcome (`None`, the ply cap).
pub fn outcome_ranks(pos: &Position, outcome: Option<Outcome>) -> Vec<u8> {
    let n = pos.variant().seats.len();
    match outcome {
        Some(Outcome::Ranked { .. }) => pos.ranks(),
        Some(Outcome::Decisive { winner, .. }) => (0..n)
            .map(|s| if s == winner.index() { 1 } else { 2 })
            .collect(),
        Some(Outcome::Draw { .. }) | None => vec![1; n],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::RandomAgent;

    /// A dice game's outcome in play is the last action's (`Variant::only_ended_decides`)
    /// only without an end that `Position::outcome` tests itself: Chaturaji with a move rule
    /// of one move each is not such a game, and a seeded random game of it ends by the move
    /// rule (Chaturaji itself never does: it has none).
    #[test]
    fn a_dice_game_with_a_move_rule_still_ends_by_it() {
        use crate::engine::load_variant;
        use crate::spec::Assignment;
        let plain = load_variant("chaturaji", &Assignment::default()).expect("built in");
        assert!(plain.only_ended_decides());
        let text = "name: t\nextends: chaturaji\nend:\n  move-rule: { moves: 1, result: draw }\n";
        let file = crate::spec::load_str("t.yaml", text).unwrap_or_else(|e| panic!("{e:?}"));
        let v = crate::engine::compile(&file, &Assignment::default())
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert!(!v.only_ended_decides());
        let mut agents: Vec<Box<dyn crate::agents::Agent>> =
            vec![Box::new(crate::agents::RandomAgent::new())];
        let result = crate::sim::play_game(&v, &mut agents, 1, 0, 1000);
        let reason = result.outcome.map(|o| o.reason());
        assert_eq!(reason, Some(crate::vocab::EndReason::MoveRule));
    }

    /// After every action of seeded random Chaturaji games, a game that is not over has no end
    /// condition holding for the seat that acted: the engine skips judging only where nothing
    /// the conditions read can have changed (quiet moves; the turn passing on within a round,
    /// with conditions that name no seat by its place in the play), so judging afresh never
    /// finds an end it missed. Round-limit 5 makes rounds end games, thrones add scoring.
    #[test]
    fn skipped_judging_never_misses_an_end() {
        let short = crate::spec::Assignment::parse(&["round-limit=5", "throne-points=on"])
            .expect("valid choices");
        for assignment in [crate::spec::Assignment::default(), short] {
            let v = crate::engine::load_variant("chaturaji", &assignment).expect("built in");
            assert!(v.end.conditions_stable && v.end.conditions_turn_free);
            let dice = v.rules.dice.clone().expect("chaturaji has dice");
            let mut agent = RandomAgent::new();
            let mut judged = 0;
            for game in 0..30 {
                let mut pos = Position::start_for_game(v.clone(), game);
                let mut rng = game_rng(7, game);
                while pos.outcome().is_none() {
                    let mover = pos.to_move();
                    if pos.awaiting_roll() {
                        let roll: Vec<u8> = (0..dice.count)
                            .map(|_| {
                                dice.faces
                                    [uniform_below(&mut rng, dice.faces.len() as u32) as usize]
                            })
                            .collect();
                        pos.roll_unchecked(&roll);
                    } else {
                        match agent.choose(&mut pos, &mut rng) {
                            Ok(Action::Move(m)) => pos.play_unchecked(m),
                            Ok(Action::Pass) => pos.pass_unchecked(),
                            other => panic!("a random agent moves or passes: {other:?}"),
                        }
                    }
                    if pos.ended.is_none() {
                        assert_eq!(pos.judge_conditions(mover), None, "game {game}");
                        judged += 1;
                    }
                }
            }
            assert!(judged > 1000, "{judged} positions judged");
        }
    }
}
