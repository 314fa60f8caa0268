//! The computer's turns: `ai`, `autoplay` and the computer players of `play`. Dice are rolled
//! from the session's generator, so a session is reproduced from its seed.

use super::session::{AUTOPLAY_TURNS, Session};
use ashtapada::Seat;
use ashtapada::agents::{Agent, by_name, uniform_below};
use ashtapada::notation::action_to_string;
use std::io::Write;

impl Session {
    /// The computer plays `turns` turns (rolling where due) with agents of `level`, one line
    /// per turn.
    pub(super) fn computer_turns(
        &mut self,
        level: &str,
        turns: Option<u32>,
        out: &mut dyn Write,
    ) -> Result<(), String> {
        let mut agent = by_name(level).map_err(|e| e.to_string())?;
        self.not_over()?;
        let limit = turns.unwrap_or(AUTOPLAY_TURNS);
        let mut played = 0;
        while played < limit && self.pos.outcome().is_none() {
            let (seat, texts) = self.computer_turn(agent.as_mut())?;
            writeln!(out, "{}: {}", self.seat_name(seat), texts.join(" "))
                .map_err(|e| e.to_string())?;
            played += 1;
        }
        self.redo.clear();
        let status = self.status();
        writeln!(out, "{status}").map_err(|e| e.to_string())?;
        self.after_human(out)
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
    /// the agent's actions until the turn passes. Returns the seat and the actions' notation.
    pub(super) fn computer_turn(
        &mut self,
        agent: &mut dyn Agent,
    ) -> Result<(Seat, Vec<String>), String> {
        let seat = self.pos.to_move();
        let mut texts = Vec::new();
        if self.pos.awaiting_roll() {
            let values = self.random_values();
            self.pos.roll(&values).map_err(|e| e.to_string())?;
            texts.push(self.roll_text(seat));
        }
        while self.pos.outcome().is_none()
            && !self.pos.awaiting_roll()
            && self.pos.to_move() == seat
            && texts.len() < 64
        {
            let a = agent.choose(&mut self.pos, &mut self.rng);
            let text = action_to_string(&self.pos, a);
            self.pos
                .play_action(a)
                .map_err(|e| format!("the computer's `{text}` was refused: {e}"))?;
            texts.push(text);
        }
        Ok((seat, texts))
    }

    /// Values for a uniformly random roll of the variant's dice (none without dice).
    pub(super) fn random_values(&mut self) -> Vec<u8> {
        let variant = self.variant().clone();
        let Some(dice) = &variant.dice else {
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
            text.push_str(" (no die can be used: the turn passes)");
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
