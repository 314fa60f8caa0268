//! The computer's turns: `ai`, `autoplay` and the computer players of `play`. Dice are rolled
//! from the session's generator, so a session is reproduced from its seed. A Ctrl-C stops the
//! computer between two actions: the turn in progress is taken back whole.

use super::session::{AUTOPLAY_TURNS, Session, count, play_marked};
use ashtapada::Seat;
use ashtapada::agents::{Agent, SEARCH_GRADES, by_name, uniform_below};
use ashtapada::notation::action_to_string;
use std::io::Write;

/// One computer turn: the seat and the actions' notation (the roll first, captures marked,
/// unused dice noted), or `None` when a Ctrl-C stopped it and it was taken back.
pub(super) type Turn = Option<(Seat, Vec<String>)>;

impl Session {
    /// The computer plays `turns` turns (rolling where due) with agents of `level`, one line
    /// per turn. A Ctrl-C stops it between two actions, taking back the turn in progress.
    pub(super) fn computer_turns(
        &mut self,
        level: &str,
        turns: Option<u32>,
        out: &mut dyn Write,
    ) -> Result<(), String> {
        let mut agent = self.agent(level)?;
        self.not_over()?;
        let limit = turns.unwrap_or(AUTOPLAY_TURNS);
        let mut played = 0;
        let mut stopped = false;
        while played < limit && self.pos.outcome().is_none() {
            let Some((seat, texts)) = self.computer_turn(agent.as_mut())? else {
                stopped = true;
                break;
            };
            writeln!(out, "{}: {}", self.seat_name(seat), texts.join(" "))
                .map_err(|e| e.to_string())?;
            played += 1;
        }
        self.redo.clear();
        if stopped {
            writeln!(
                out,
                "stopped (Ctrl-C) after {}; the turn in progress was taken back",
                count(played as usize, "turn")
            )
            .map_err(|e| e.to_string())?;
        }
        let status = self.status();
        writeln!(out, "{status}").map_err(|e| e.to_string())?;
        if stopped {
            return self.redraw(out);
        }
        self.after_human(out)
    }

    /// An agent of `level` that stops at the session's Ctrl-C.
    pub(super) fn agent(&self, level: &str) -> Result<Box<dyn Agent>, String> {
        let mut agent = by_name(level).map_err(|e| e.to_string())?;
        if SEARCH_GRADES.contains(&level) {
            let problem = self.pos.variant().fitted_problem();
            problem.map_err(|d| super::rules::diagnostics(&d, self.color))?;
        }
        agent.set_stop(self.stop.clone());
        Ok(agent)
    }

    /// An error if the game is over.
    pub(super) fn not_over(&mut self) -> Result<(), String> {
        match self.pos.outcome() {
            Some(o) => Err(format!(
                "the game is over: {}",
                self.pos.describe_outcome(o)
            )),
            None => Ok(()),
        }
    }

    /// One turn of the seat to move, played by `agent`: a random roll where one is due, then
    /// the agent's actions until the turn passes. On an error or a Ctrl-C the actions of the
    /// turn are taken back: the position is as it was before it.
    pub(super) fn computer_turn(&mut self, agent: &mut dyn Agent) -> Result<Turn, String> {
        let mut played = 0;
        let result = self.play_turn(agent, &mut played);
        if !matches!(result, Ok(Some(_))) {
            for _ in 0..played {
                self.pos.undo();
            }
        }
        result
    }

    /// [`computer_turn`](Self::computer_turn) without the taking back; counts the actions it
    /// plays in `played`.
    fn play_turn(&mut self, agent: &mut dyn Agent, played: &mut usize) -> Result<Turn, String> {
        let seat = self.pos.to_move();
        let mut texts = Vec::new();
        if self.pos.awaiting_roll() {
            let values = self.random_values();
            self.pos.roll(&values).map_err(|e| e.to_string())?;
            *played += 1;
            let mut text = self
                .pos
                .actions_played()
                .last()
                .map(|a| action_to_string(&self.pos, a))
                .unwrap_or_default();
            if self.pos.to_move() != seat || self.pos.awaiting_roll() {
                text.push_str(DEAD_ROLL);
            }
            texts.push(text);
        }
        let mut note = None;
        while self.pos.outcome().is_none()
            && !self.pos.awaiting_roll()
            && self.pos.to_move() == seat
            && texts.len() < 64
        {
            let a = agent.choose(&mut self.pos, &mut self.rng).map_err(|e| {
                format!("the computer cannot act for {}: {e}", self.seat_name(seat))
            })?;
            if self.stop.is_set() {
                return Ok(None);
            }
            let dice = self.pos.dice();
            let text = action_to_string(&self.pos, a);
            let marked = play_marked(&mut self.pos, a)
                .map_err(|e| format!("the computer's `{text}` was refused: {e}"))?;
            *played += 1;
            texts.push(marked);
            note = self.forfeited(&dice, a, seat);
        }
        texts.extend(note);
        Ok(Some((seat, texts)))
    }

    /// Values for a uniformly random roll of the variant's dice (none without dice).
    pub(super) fn random_values(&mut self) -> Vec<u8> {
        let variant = self.variant().clone();
        let Some(dice) = &variant.rules.dice else {
            return Vec::new();
        };
        (0..dice.count)
            .map(|_| dice.faces[uniform_below(&mut self.rng, dice.faces.len() as u32) as usize])
            .collect()
    }

    /// The roll `seat` just made, noting when no die could be used.
    pub(super) fn roll_text(&self, seat: Seat) -> String {
        let mut text = self.last_action_text();
        if self.pos.to_move() != seat || self.pos.awaiting_roll() {
            text.push_str(DEAD_ROLL);
        }
        text
    }

    /// The notation of the last action played (empty if none).
    pub(super) fn last_action_text(&self) -> String {
        let mut p = self.pos.clone();
        match p.undo() {
            Some(a) => action_to_string(&p, a),
            None => String::new(),
        }
    }
}

/// The note after a roll none of whose dice can be used.
const DEAD_ROLL: &str = " (no die can be used: the turn passes)";
