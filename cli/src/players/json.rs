//! The JSON-lines protocol (`cmd:COMMAND`): any program plays any variant — any number of
//! seats, dice included — reading one JSON object per line on its standard input and
//! answering each `turn` with one line on its standard output.
//!
//! From ashtapada (protocol [`VERSION`]):
//! - `{"type":"game", "protocol":1, "variant":…, "options":{…}, "seats":[…], "plays":[…],
//!   "game":K, "seed":S}` when a game starts (`plays`: the seats this player plays; `seed`:
//!   drawn from the game's generator, for a player that wants randomness of its own);
//! - `{"type":"turn", "game":K, "ply":N, "position":…, "to_move":…, "dice":[…],
//!   "legal":[{"action":"1:d2d3", "kind":"move", "from":"d2", "to":"d3", "piece":"pawn",
//!   "promotion":null, "die":1, "capture":false}, …]}` for each action it must choose.
//!
//! - `{"type":"resigned", "game":K, "ply":N, "seat":…}` before the player's next `turn`, for
//!   each seat that resigned since its last one (in games of three or more seats, which go
//!   on without it).
//!
//! The answer: `{"action":"1:d2d3"}`, one of the `legal` actions' `action` strings. The
//! simulator rolls the dice. The input ends when the run does. The README's "Protocols"
//! section and `examples/protocol.schema.json` give the schema.

use super::{Process, Protocol, command_words};
use ashtapada::agents::{ChaCha8Rng, uniform_below};
use ashtapada::notation::{move_to_string, takes_pieces, to_position_string};
use ashtapada::{Move, Position};
use serde_json::{Value, json};
use std::time::Duration;

/// The protocol version sent in every `game` message.
pub const VERSION: u32 = 1;

/// A JSON-lines player's command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Json {
    argv: Vec<String>,
}

impl Json {
    /// Reads `COMMAND…` (any variant can be played).
    ///
    /// # Errors
    /// No command.
    pub fn parse(text: &str) -> Result<Json, String> {
        Ok(Json {
            argv: command_words(text, "`cmd:COMMAND`, e.g. `cmd:python3 my_player.py`")?,
        })
    }
}

/// The `game` message.
pub fn game_message(pos: &Position, game: u64, plays: &[String], seed: u64) -> Value {
    let v = pos.variant();
    let options: serde_json::Map<String, Value> = v
        .assignment
        .0
        .iter()
        .map(|(n, c)| (n.clone(), Value::String(c.clone())))
        .collect();
    json!({
        "type": "game",
        "protocol": VERSION,
        "variant": v.name,
        "options": options,
        "seats": v.seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
        "plays": plays,
        "game": game,
        "seed": seed,
    })
}

/// One legal move, structured.
fn move_entry(pos: &mut Position, m: Move) -> Value {
    let v = pos.variant().clone();
    let kind_name = |k: ashtapada::Kind| v.kinds[k.index()].name.clone();
    let piece = match m.dropped() {
        Some(k) => kind_name(k),
        None => kind_name(pos.piece_at(m.from).kind()),
    };
    json!({
        "action": move_to_string(pos, m),
        "kind": if m.is_drop() { "drop" } else { "move" },
        "from": (!m.is_drop()).then(|| v.board.name(m.from)),
        "to": v.board.name(m.to),
        "piece": piece,
        // A board move's promoted kind; on a drop, the face it is dropped as (kyotoshogi).
        "promotion": m.shown().map(kind_name),
        "die": (m.die != 0).then_some(m.die),
        "capture": takes_pieces(pos, m),
    })
}

/// The `turn` message: the position, the seat to move, the dice and every legal action.
pub fn turn_message(pos: &mut Position, game: u64) -> Value {
    let mut moves = Vec::new();
    pos.game_moves(&mut moves);
    let mut legal: Vec<Value> = moves.iter().map(|&m| move_entry(pos, m)).collect();
    if pos.can_pass() {
        legal.push(json!({"action": "pass", "kind": "pass"}));
    }
    if pos.can_resign() {
        legal.push(json!({"action": "resign", "kind": "resign"}));
    }
    let v = pos.variant();
    json!({
        "type": "turn",
        "game": game,
        "ply": pos.ply(),
        "position": to_position_string(pos),
        "to_move": v.seats[pos.to_move().index()].name,
        "dice": pos.dice(),
        "legal": legal,
    })
}

impl Protocol for Json {
    fn open(&self, timeout: Duration) -> Result<Process, String> {
        Process::spawn(&self.argv, timeout)
    }

    fn new_game(
        &self,
        p: &mut Process,
        pos: &Position,
        game: u64,
        plays: &[String],
        rng: &mut ChaCha8Rng,
        _timeout: Duration,
    ) -> Result<(), String> {
        // 32 bits: a whole number every JSON reader holds exactly.
        let seed = u64::from(uniform_below(rng, u32::MAX));
        p.send(&game_message(pos, game, plays, seed).to_string())
    }

    fn resigned(
        &self,
        p: &mut Process,
        pos: &Position,
        game: u64,
        seat: &str,
    ) -> Result<(), String> {
        p.send(&resigned_message(pos, game, seat).to_string())
    }

    fn ask(
        &self,
        p: &mut Process,
        pos: &mut Position,
        game: u64,
        timeout: Duration,
    ) -> Result<String, String> {
        p.send(&turn_message(pos, game).to_string())?;
        let line = p.read_line(timeout)?;
        reply_action(&line).ok_or_else(|| {
            let shown = super::quote(&line);
            format!(
                "`{}` answered `{shown}`, which is not a JSON object with an `action` string \
                 (e.g. {{\"action\": \"e2e3\"}})",
                p.command
            )
        })
    }
}

/// The `resigned` message: `seat` resigned in game `game`; `ply` is the ply count now.
pub fn resigned_message(pos: &Position, game: u64, seat: &str) -> Value {
    json!({"type": "resigned", "game": game, "ply": pos.ply(), "seat": seat})
}

/// The `action` of an answer line, if it is a JSON object with an `action` string. A
/// byte-order mark before it (as some Windows programs write) is skipped.
pub fn reply_action(line: &str) -> Option<String> {
    let line = line.strip_prefix('\u{feff}').unwrap_or(line);
    let v: Value = serde_json::from_str(line).ok()?;
    v.get("action")?.as_str().map(String::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashtapada::{Assignment, load_variant};

    /// The keys `examples/protocol.schema.json` requires of a message.
    fn required(schema: &Value, def: &str) -> Vec<String> {
        schema["$defs"][def]["required"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k.as_str().unwrap().to_string())
            .collect()
    }

    /// Every message holds the keys the schema requires, of the types it names; a Chaturaji
    /// turn after a roll of 5 and 4 lists red's moves with those dice, and the pass.
    #[test]
    fn messages_hold_what_the_schema_requires() {
        let text = include_str!("../../../examples/protocol.schema.json");
        let schema: Value = serde_json::from_str(text).unwrap();
        let v = load_variant("chaturaji", &Assignment::default()).unwrap();
        let mut pos = Position::start(v);
        pos.roll(&[5, 4]).unwrap();
        let game = game_message(&pos, 3, &["red".into()], 7);
        for k in required(&schema, "game") {
            assert!(game.get(&k).is_some(), "game lacks {k}: {game}");
        }
        assert_eq!(game["seats"], json!(["red", "blue", "yellow", "green"]));
        let turn = turn_message(&mut pos, 3);
        for k in required(&schema, "turn") {
            assert!(turn.get(&k).is_some(), "turn lacks {k}: {turn}");
        }
        assert_eq!(turn["dice"], json!([5, 4]));
        assert_eq!(turn["to_move"], "red");
        let legal = turn["legal"].as_array().unwrap();
        for a in legal {
            for k in required(&schema, "action") {
                assert!(a.get(&k).is_some(), "action lacks {k}: {a}");
            }
        }
        // Red's start: the king (d1) to e1 or e2 with a 5 (the pawns' 5 too); the elephant
        // (c1) is blocked; the pass, since using the dice is optional.
        assert!(
            legal
                .iter()
                .any(|a| a["action"] == "5:d1e2" && a["piece"] == "king")
        );
        assert!(
            legal
                .iter()
                .any(|a| a["action"] == "5:d2d3" && a["die"] == 5)
        );
        assert_eq!(legal.last().unwrap()["kind"], "pass");
        let resigned = resigned_message(&pos, 3, "blue");
        for k in required(&schema, "resigned") {
            assert!(resigned.get(&k).is_some(), "resigned lacks {k}: {resigned}");
        }
        assert_eq!(resigned["type"], "resigned");
        assert_eq!(
            reply_action(r#"{"action": "5:d2d3"}"#).as_deref(),
            Some("5:d2d3")
        );
        assert_eq!(reply_action("5:d2d3"), None);
        // Issue 28 item 13: a byte-order mark before the object is skipped.
        assert_eq!(
            reply_action("\u{feff}{\"action\": \"5:d2d3\"}").as_deref(),
            Some("5:d2d3")
        );
        assert_eq!(super::super::quote("\u{feff}x"), "\\u{feff}x");
        assert_eq!(reply_action(r#"{"move": "5:d2d3"}"#), None);
    }
}
