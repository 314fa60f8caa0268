//! One game in the page: a compiled rule file, the position, the actions played (as text,
//! for the move list and for the Web Worker that replays them), the actions taken back (for
//! redo) and a seeded generator for dice rolls and computer players.

use crate::check::diagnostics_text;
use crate::view;
use ashtapada::agents::{ChaCha8Rng, by_name, game_rng, uniform_below};
use ashtapada::notation::{action_to_string, parse_action, parse_position, takes_pieces};
use ashtapada::spec::{self, RuleFile};
use ashtapada::{Action, Assignment, Position, Variant, compile, perft};
use serde_json::{Value, json};
use std::sync::Arc;

/// A game being played: see the module's documentation. Errors are messages for people.
pub struct Session {
    file: RuleFile,
    pos: Position,
    /// The position string the game started from, when not the variant's start.
    start: Option<String>,
    /// The text of each action played, in order (captures marked with `x`).
    played: Vec<String>,
    /// The same actions as [`Session::play`] reads them (no marks): what a Web Worker replays.
    actions: Vec<String>,
    /// Actions taken back, the most recent last.
    redo: Vec<Action>,
    rng: ChaCha8Rng,
}

/// Reads `options` (a JSON object of option name to choice, or empty text) into an
/// assignment.
fn assignment(options: &str) -> Result<Assignment, String> {
    if options.trim().is_empty() {
        return Ok(Assignment::default());
    }
    let map: serde_json::Map<String, Value> = serde_json::from_str(options)
        .map_err(|e| format!("options are not a JSON object of option name to choice: {e}"))?;
    let pairs = map
        .into_iter()
        .map(|(k, c)| match c {
            Value::String(s) => (k, s),
            other => (k, other.to_string()),
        })
        .collect();
    Ok(Assignment(pairs))
}

impl Session {
    /// A game of the rule file `text` (a built-in's name works too, through `extends:` or
    /// [`Session::builtin`]) under `options`, at its start, with dice and computer players
    /// drawing from `seed`.
    ///
    /// # Errors
    /// The located diagnostics as a JSON text (`{"diagnostics": [...]}`, see
    /// [`crate::check::diagnostic_json`]).
    pub fn new(text: &str, options: &str, seed: u64) -> Result<Session, String> {
        let file = spec::load_str(crate::check::EDITOR, text).map_err(|d| diagnostics_text(&d))?;
        Session::of_file(file, options, seed)
    }

    /// A game of the built-in variant `name`, as [`Session::new`].
    ///
    /// # Errors
    /// An unknown name or option, as [`Session::new`].
    pub fn builtin(name: &str, options: &str, seed: u64) -> Result<Session, String> {
        let file = spec::load(name).map_err(|d| diagnostics_text(&d))?;
        Session::of_file(file, options, seed)
    }

    fn of_file(file: RuleFile, options: &str, seed: u64) -> Result<Session, String> {
        let a = assignment(options)
            .map_err(|m| json!({ "diagnostics": [{ "severity": "error", "message": m }] }))
            .map_err(|v| v.to_string())?;
        let v = compile(&file, &a).map_err(|d| diagnostics_text(&d))?;
        Ok(Session {
            file,
            pos: Position::start(v),
            start: None,
            played: Vec::new(),
            actions: Vec::new(),
            redo: Vec::new(),
            rng: game_rng(seed, 0),
        })
    }

    /// The compiled variant.
    pub fn variant(&self) -> &Arc<Variant> {
        self.pos.variant()
    }

    /// The position.
    pub fn position(&mut self) -> &mut Position {
        &mut self.pos
    }

    /// The rule file's options: `name`, `description`, `default` and `choices`, and the
    /// choice this game has.
    pub fn options_json(&self) -> Value {
        let a = &self.variant().assignment;
        let list: Vec<Value> = (self.file.options.iter())
            .map(|o| {
                json!({
                    "name": o.name,
                    "description": o.description,
                    "default": o.default,
                    "choices": o.listed_choices(),
                    "value": a.get(&o.name).unwrap_or(&o.default),
                })
            })
            .collect();
        Value::Array(list)
    }

    /// Everything the page draws: the variant ([`view::variant_json`]) under `variant`, the
    /// position ([`view::position_json`]) under `position`, the legal moves
    /// ([`view::legal_json`]) under `legal`, the move list under `played` (and as
    /// [`Session::play`] reads it under `actions`), whether there is
    /// something to redo, and the start position string (null for the variant's start).
    pub fn state_json(&mut self) -> Value {
        json!({
            "variant": view::variant_json(self.variant()),
            "position": view::position_json(&mut self.pos),
            "legal": view::legal_json(&mut self.pos),
            "played": self.played,
            "actions": self.actions,
            "can_undo": !self.played.is_empty(),
            "can_redo": !self.redo.is_empty(),
            "start": self.start,
        })
    }

    /// Plays the action written `text` (a move as the REPL writes it, a roll `4,6`, `pass`,
    /// `resign`) and returns its text as the move list shows it (a capture marked `x`). Clears
    /// what there was to redo unless it is the action redo would play.
    ///
    /// # Errors
    /// A syntax error, an illegal move (with the reason), or an action not allowed now.
    pub fn play(&mut self, text: &str) -> Result<String, String> {
        let a = parse_action(&mut self.pos, text).map_err(|e| e.to_string())?;
        self.play_action(a)
    }

    fn play_action(&mut self, a: Action) -> Result<String, String> {
        let raw = action_to_string(&self.pos, a);
        let mut text = raw.clone();
        let marked = match a {
            Action::Move(m) if self.pos.is_legal(m) => takes_pieces(&mut self.pos, m),
            _ => false,
        };
        self.pos.play_action(a).map_err(|e| e.to_string())?;
        if marked {
            text.push('x');
        }
        if self.redo.last() == Some(&a) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.played.push(text.clone());
        self.actions.push(raw);
        Ok(text)
    }

    /// Rolls the dice at random (from the game's generator) and returns the roll's text.
    ///
    /// # Errors
    /// No dice in this variant, or no roll due.
    pub fn roll(&mut self) -> Result<String, String> {
        let v = self.variant().clone();
        let Some(dice) = &v.rules.dice else {
            return Err(format!("{} has no dice", v.name));
        };
        if !self.pos.awaiting_roll() {
            return Err("no roll is due: use or forfeit the dice rolled".into());
        }
        let values: Vec<u8> = (0..dice.count)
            .map(|_| dice.faces[uniform_below(&mut self.rng, dice.faces.len() as u32) as usize])
            .collect();
        let mut sorted = [0u8; ashtapada::vocab::MAX_DICE];
        sorted[..values.len()].copy_from_slice(&values);
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        self.play_action(Action::Roll(sorted))
    }

    /// Takes back the last action; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.pos.undo() {
            Some(a) => {
                self.played.pop();
                self.actions.pop();
                self.redo.push(a);
                true
            }
            None => false,
        }
    }

    /// Plays again the last action taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        match self.redo.last().copied() {
            Some(a) => self.play_action(a).is_ok(),
            None => false,
        }
    }

    /// Sets the position from a FEN (two seats) or an extended position string; the move list
    /// starts again from it.
    ///
    /// # Errors
    /// What is wrong with the text, located by field.
    pub fn set_position(&mut self, text: &str) -> Result<(), String> {
        let v = self.variant().clone();
        let pos = parse_position(&v, text.trim()).map_err(|e| e.to_string())?;
        self.start = Some(ashtapada::notation::to_position_string(&pos));
        self.pos = pos;
        self.played.clear();
        self.actions.clear();
        self.redo.clear();
        Ok(())
    }

    /// One computer turn for the seat to move, by the agent `level` (`random`, `greedy`,
    /// `easy`, `medium`, `hard`): a random roll first where one is due, then the agent's
    /// actions until the turn passes. Returns the texts played. On an error the turn is taken
    /// back whole. The texts are those [`Session::play`] reads (no capture marks).
    ///
    /// # Errors
    /// An unknown level, a game that is over, or an agent's refusal.
    pub fn computer_turn(&mut self, level: &str) -> Result<Vec<String>, String> {
        let mut agent = by_name(level).map_err(|e| e.to_string())?;
        if let Some(o) = self.pos.outcome() {
            return Err(format!(
                "the game is over: {}",
                self.pos.describe_outcome(o)
            ));
        }
        let before = self.played.len();
        let seat = self.pos.to_move();
        let result = (|| {
            if self.pos.awaiting_roll() {
                self.roll()?;
            }
            while self.pos.outcome().is_none()
                && !self.pos.awaiting_roll()
                && self.pos.to_move() == seat
                && self.played.len() - before < 64
            {
                let a = (agent.choose(&mut self.pos, &mut self.rng)).map_err(|e| e.to_string())?;
                self.play_action(a)?;
            }
            Ok(())
        })();
        if let Err(e) = result {
            while self.played.len() > before {
                self.undo();
            }
            self.redo.clear();
            return Err(e);
        }
        Ok(self.actions[before..].to_vec())
    }

    /// The leaf count of the legal-move tree from this position to `depth` (dice variants:
    /// rolls are plies).
    pub fn perft(&mut self, depth: u32) -> u64 {
        perft(&mut self.pos, depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chaturaji: a roll, a move of a die, undo and redo, and the move list.
    #[test]
    fn a_dice_turn_plays_undoes_and_redoes() {
        let mut s = Session::builtin("chaturaji", "", 1).unwrap();
        assert!(s.play("e2e3").is_err(), "a roll is due first");
        s.play("1,5").unwrap();
        let state = s.state_json();
        assert_eq!(state["position"]["dice_left"], json!([5, 1]));
        let legal = state["legal"].as_array().unwrap();
        assert!(legal.iter().all(|m| m["die"] == 1 || m["die"] == 5));
        let first = legal[0]["text"].as_str().unwrap().to_string();
        s.play(&first).unwrap();
        assert_eq!(s.state_json()["played"], json!(["1,5", first]));
        assert!(s.undo());
        assert_eq!(s.state_json()["played"], json!(["1,5"]));
        assert!(s.redo());
        assert_eq!(s.state_json()["played"], json!(["1,5", first]));
        assert!(!s.redo());
    }

    /// Minishogi: a drop from the hand is listed with its kind and no origin.
    #[test]
    fn drops_are_listed_with_their_kind() {
        let mut s = Session::builtin("minishogi", "", 0).unwrap();
        s.set_position("4k/5/5/5/K4[P] w - - 0 1").unwrap();
        let state = s.state_json();
        let drops: Vec<&Value> = (state["legal"].as_array().unwrap().iter())
            .filter(|m| m["drop"].is_number())
            .collect();
        assert!(!drops.is_empty());
        assert!(drops.iter().all(|m| m["from"].is_null()));
        assert_eq!(state["position"]["hands"][0][0]["text"], "P");
    }

    /// Chess, a pawn on the seventh: four moves share a7 and a8, one per promotion kind,
    /// which the page offers as a choice.
    #[test]
    fn promotion_choices_share_their_squares() {
        let mut s = Session::builtin("chess", "", 0).unwrap();
        s.set_position("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let state = s.state_json();
        let mut kinds: Vec<&str> = (state["legal"].as_array().unwrap().iter())
            .filter(|m| m["from"] == "a7" && m["to"] == "a8")
            .map(|m| m["promotion"].as_str().unwrap())
            .collect();
        kinds.sort_unstable();
        assert_eq!(kinds, ["B", "N", "Q", "R"]);
    }

    /// The computer plays a whole turn, roll included, in chaturaji; in chess, one move.
    #[test]
    fn the_computer_plays_a_turn() {
        let mut s = Session::builtin("chaturaji", "", 3).unwrap();
        let texts = s.computer_turn("easy").unwrap();
        assert!(!texts.is_empty());
        assert_ne!(s.position().to_move().index(), 0);
        let mut s = Session::builtin("chess", "", 3).unwrap();
        assert_eq!(s.computer_turn("medium").unwrap().len(), 1);
        assert!(s.computer_turn("strong").is_err());
    }

    /// A broken rule file is refused with its located diagnostics.
    #[test]
    fn a_broken_file_is_refused_located() {
        let e = Session::new("name: x\nboard: [\n", "", 0).err().unwrap();
        let v: Value = serde_json::from_str(&e).unwrap();
        assert!(v["diagnostics"][0]["line"].is_number(), "{v}");
    }
}
