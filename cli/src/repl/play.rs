//! `ashtapada play`: seats named with `--human` are played by people, every other seat by the
//! computer. Dice are rolled for everyone; `undo` takes back the human's last turn together
//! with the computer's replies after it.

use super::session::{AUTOPLAY_TURNS, Session};
use ashtapada::{Action, Seat};
use std::io::Write;

impl Session {
    /// True in `play`.
    pub fn is_play(&self) -> bool {
        self.humans.is_some()
    }

    /// True if `seat` is played by a person (always, outside `play`).
    pub(super) fn is_human(&self, seat: Seat) -> bool {
        match &self.humans {
            None => true,
            Some(h) => h
                .iter()
                .any(|n| *n == self.variant().seats[seat.index()].name),
        }
    }

    /// After a person's command: in `play`, rolls for the seats to move and lets the computer
    /// players move until a person is to move with the dice rolled or the game is over; then,
    /// if `set board` is on, draws the board.
    pub(super) fn after_human(&mut self, out: &mut dyn Write) -> Result<(), String> {
        if self.humans.is_none() {
            return self.redraw(out);
        }
        let level = self.level.clone();
        let mut agent = self.agent(&level)?;
        let mut turns = 0;
        while self.pos.outcome().is_none() && turns < AUTOPLAY_TURNS {
            let seat = self.pos.to_move();
            if !self.is_human(seat) {
                let Some((seat, texts)) = self.computer_turn(agent.as_mut())? else {
                    writeln!(
                        out,
                        "stopped (Ctrl-C): {}'s turn was taken back; `ai` plays it",
                        self.seat_name(seat)
                    )
                    .map_err(|e| e.to_string())?;
                    break;
                };
                writeln!(out, "{}: {}", self.seat_name(seat), texts.join(" "))
                    .map_err(|e| e.to_string())?;
            } else if self.pos.awaiting_roll() {
                let values = self.random_values();
                self.pos.roll(&values).map_err(|e| e.to_string())?;
                let text = self.roll_text(seat);
                writeln!(out, "{} rolls {text}", self.seat_name(seat))
                    .map_err(|e| e.to_string())?;
            } else {
                break;
            }
            turns += 1;
        }
        self.redraw(out)
    }

    /// Takes back the last turn a person played and every action after it; a roll that
    /// started that turn stays, so the person plays the same dice again. Returns the actions
    /// taken back, oldest first.
    pub(super) fn undo_human_turn(&mut self) -> Result<Vec<Action>, String> {
        let before = self.pos.clone();
        let mut taken: Vec<Action> = Vec::new();
        loop {
            let Some(a) = self.pos.undo() else {
                self.pos = before;
                return Err("nothing of yours to take back".into());
            };
            taken.push(a);
            let seat = self.pos.to_move();
            if self.is_human(seat) && !matches!(a, Action::Roll(_)) {
                // The start of this turn: the roll before it, another seat's action, or the root.
                let mut peek = self.pos.clone();
                match peek.undo() {
                    None | Some(Action::Roll(_)) => break,
                    Some(_) if peek.to_move() != seat => break,
                    Some(_) => {}
                }
            }
        }
        taken.reverse();
        Ok(taken)
    }
}
