//! Game records: the variant, its options, the seed, the first seat, the start position and
//! every action played (in action notation), with a summary of each dice turn and the result.
//! Records are serialised with serde (JSON or YAML) and replayed with checked play, so a
//! record replays to the identical final position.
//!
//! ```json
//! {
//!   "variant": "chaturaji",
//!   "options": { "dice": "six-sided", "round-limit": "30" },
//!   "seed": 7,
//!   "first_seat": "red",
//!   "actions": ["1,5", "1:d2d3", "5:c2c3", "3,3", "3:b8c6", "pass"],
//!   "turns": [
//!     { "seat": "red", "action": 0, "roll": "1,5" },
//!     { "seat": "blue", "action": 3, "roll": "3,3", "unused": [3], "why": "passed" }
//!   ],
//!   "result": { "outcome": null, "reason": null, "winner": null, "seats": [] }
//! }
//! ```

use super::error::PositionError;
use super::moves::{MoveError, action_to_string, parse_action};
use super::position::{parse_position, seat_letters, to_position_string};
use crate::compile::Variant;
use crate::diag::Diagnostics;
use crate::engine::{PlayError, Position, load_variant};
use crate::spec::Assignment;
use crate::vocab::{Action, Outcome, Seat};
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// A replayable game record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The variant: a built-in name or the path of a rule file.
    pub variant: String,
    /// Every option of the variant with its choice (defaults included), in rule-file order.
    #[serde(default)]
    pub options: RecordOptions,
    /// The seed the game's dice and players were drawn from, if any.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The seat that moved first (rounds are counted from it), by name.
    pub first_seat: String,
    /// The position string of the start, when the game did not start from the setup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Every action in order, in action notation: rolls `4,6`, moves `2:a1c3`, `pass`,
    /// `resign`.
    #[serde(default)]
    pub actions: Vec<String>,
    /// One entry per roll: the dice left unused and why (for people; replay ignores it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<Turn>,
    /// The final state of the game (for people; replay ignores it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<RecordResult>,
}

/// The options of a record: option name → choice, in order; a mapping when serialised.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordOptions(pub Vec<(String, String)>);

impl Serialize for RecordOptions {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

/// A choice written as a string, a number or a boolean (`round-limit: 30` in YAML).
struct ChoiceText(String);

impl<'de> Deserialize<'de> for ChoiceText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ChoiceText, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = ChoiceText;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an option choice (a string or a whole number)")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<ChoiceText, E> {
                Ok(ChoiceText(v.to_string()))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<ChoiceText, E> {
                Ok(ChoiceText(v.to_string()))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<ChoiceText, E> {
                Ok(ChoiceText(v.to_string()))
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<ChoiceText, E> {
                Ok(ChoiceText(if v { "on" } else { "off" }.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for RecordOptions {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RecordOptions, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RecordOptions;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a mapping of option names to choices")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<RecordOptions, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = m.next_entry::<String, ChoiceText>()? {
                    out.push((k, v.0));
                }
                Ok(RecordOptions(out))
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<RecordOptions, E> {
                Ok(RecordOptions::default())
            }
        }
        d.deserialize_map(V)
    }
}

/// One dice turn: the roll and the dice it left unused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// The seat that rolled, by name.
    pub seat: String,
    /// Index of the roll in [`Record::actions`].
    pub action: usize,
    /// The roll, as in `actions` (`4,6`).
    pub roll: String,
    /// The dice not used, ascending (empty if every die moved a piece).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unused: Vec<u8>,
    /// Why dice went unused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<Unused>,
}

/// Why dice of a turn went unused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unused {
    /// No remaining die had a legal move: the turn ended by itself.
    NoLegalMove,
    /// The seat ended its turn early (`pass`).
    Passed,
    /// The game ended during the turn.
    GameOver,
    /// The record ends during this turn.
    InProgress,
}

/// How the game stands at the end of the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordResult {
    /// The outcome in words ("ranked (one-king-left): 1. red (12), …"), `None` while the game
    /// goes on.
    #[serde(default)]
    pub outcome: Option<String>,
    /// Why the game ended: `checkmate`, `capture-all`, an end condition's name….
    #[serde(default)]
    pub reason: Option<String>,
    /// The winner's seat name, for a decisive result.
    #[serde(default)]
    pub winner: Option<String>,
    /// Each seat's score and rank, in turn order.
    #[serde(default)]
    pub seats: Vec<SeatResult>,
}

/// One seat's score and rank.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatResult {
    /// Seat name.
    pub seat: String,
    /// Score.
    pub score: i64,
    /// Rank (1 = first; equal seats share a rank); `None` while the game goes on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u8>,
}

/// Why an action of a record could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// The text is not an action, or not a legal move.
    Parse(MoveError),
    /// The action is not allowed now.
    Play(PlayError),
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::Parse(e) => e.fmt(f),
            ActionError::Play(e) => e.fmt(f),
        }
    }
}

/// Why a record does not replay.
#[derive(Clone, Debug)]
pub enum ReplayError {
    /// The variant or its options do not load.
    Variant(Diagnostics),
    /// `first_seat` is not a seat, or disagrees with the start position.
    FirstSeat(String),
    /// The start position does not read.
    Start(PositionError),
    /// An action does not replay.
    Action {
        /// Its index in [`Record::actions`] (0-based).
        index: usize,
        /// Its text.
        text: String,
        /// The position string before it.
        before: String,
        /// What is wrong.
        error: ActionError,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Variant(d) => write!(f, "the variant does not load: {}", d.one_line()),
            ReplayError::FirstSeat(m) => write!(f, "first_seat: {m}"),
            ReplayError::Start(e) => write!(f, "the start position does not read: {e}"),
            ReplayError::Action {
                index, text, error, ..
            } => write!(
                f,
                "actions[{index}] `{}` does not replay: {error}",
                crate::diag::excerpt(text)
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A record file that does not read, with the byte range of the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordFormatError {
    /// Byte range in the text.
    pub span: Range<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for RecordFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RecordFormatError {}

/// The byte offset of 1-based `line` and `column` (in characters) in `text`.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let rest = text.get(start..).unwrap_or("");
    start
        + rest
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(rest.len(), |(i, _)| i)
}

/// The byte offset of character `n` of `text`.
fn char_offset(text: &str, n: usize) -> usize {
    text.char_indices().nth(n).map_or(text.len(), |(i, _)| i)
}

/// State before action `i` (or the current state for `i == len`): seat to move, dice, roll due,
/// outcome.
fn state_before(pos: &Position, i: usize) -> (Seat, [u8; crate::vocab::MAX_DICE], bool, bool) {
    pos.state_before_action(i).unwrap_or((
        pos.to_move(),
        [0; crate::vocab::MAX_DICE],
        pos.awaiting_roll(),
        pos.ended().is_some(),
    ))
}

/// Nonzero dice values, ascending.
fn dice_list(d: &[u8]) -> Vec<u8> {
    let mut v: Vec<u8> = d.iter().copied().filter(|&x| x != 0).collect();
    v.sort_unstable();
    v
}

impl Record {
    /// The record of the game that led to `pos`: its variant and options, `seed`, the first
    /// seat, the root position (as `start` if it is not the setup), every action played since
    /// the root, the dice turns and the result.
    pub fn from_position(pos: &Position, seed: Option<u64>) -> Record {
        let v = pos.variant();
        let n = v.seats.len();
        let mut root = pos.clone();
        while root.undo().is_some() {}
        let mut setup = Position::start(v.clone());
        if setup.first_seat() != root.first_seat() {
            setup.set_first_seat_at_start(root.first_seat());
        }
        let root_string = to_position_string(&root);
        let start = (to_position_string(&setup) != root_string).then_some(root_string);
        let played: Vec<Action> = pos.actions_played().collect();
        let actions = played.iter().map(|&a| action_to_string(pos, a)).collect();
        let seat_name = |s: Seat| v.seats[s.index()].name.clone();

        let mut turns = Vec::new();
        let mut open: Option<Turn> = None;
        for (i, &a) in played.iter().enumerate() {
            let (seat, dice, _, _) = state_before(pos, i);
            let (next_seat, _, next_roll_due, next_over) = state_before(pos, i + 1);
            let turn_over = next_roll_due || next_seat != seat;
            match a {
                Action::Roll(d) => {
                    let turn = Turn {
                        seat: seat_name(seat),
                        action: i,
                        roll: action_to_string(pos, a),
                        unused: Vec::new(),
                        why: None,
                    };
                    if turn_over {
                        turns.push(Turn {
                            unused: dice_list(&d),
                            why: Some(Unused::NoLegalMove),
                            ..turn
                        });
                    } else {
                        open = Some(turn);
                    }
                }
                Action::Move(m) if turn_over || next_over => {
                    if let Some(mut turn) = open.take() {
                        let mut left = dice;
                        if let Some(j) = left.iter().position(|&x| x == m.die && x != 0) {
                            left[j] = 0;
                        }
                        turn.unused = dice_list(&left);
                        turn.why = (!turn.unused.is_empty()).then_some(if turn_over {
                            Unused::NoLegalMove
                        } else {
                            Unused::GameOver
                        });
                        turns.push(turn);
                    }
                }
                Action::Move(_) | Action::Resign => {}
                Action::Pass => {
                    if let Some(mut turn) = open.take() {
                        turn.unused = dice_list(&dice);
                        turn.why = Some(Unused::Passed);
                        turns.push(turn);
                    }
                }
            }
        }
        if let Some(mut turn) = open {
            turn.unused = dice_list(&pos.dice());
            turn.why = Some(Unused::InProgress);
            turns.push(turn);
        }

        let mut end = pos.clone();
        let outcome = end.outcome();
        let ranks = pos.ranks();
        let seats = (0..n)
            .map(|i| SeatResult {
                seat: v.seats[i].name.clone(),
                score: pos.score(Seat(i as u8)),
                rank: match outcome {
                    None => None,
                    Some(Outcome::Decisive { winner, .. }) => {
                        Some(if winner.index() == i { 1 } else { 2 })
                    }
                    Some(Outcome::Draw { .. }) => Some(1),
                    Some(Outcome::Ranked { .. }) => ranks.get(i).copied(),
                },
            })
            .collect();
        Record {
            variant: v.name.clone(),
            options: RecordOptions(v.assignment.0.clone()),
            seed,
            first_seat: seat_name(pos.first_seat()),
            start,
            actions,
            turns,
            result: Some(RecordResult {
                outcome: outcome.map(|o| pos.describe_outcome(o)),
                reason: outcome.map(|o| pos.reason_name(o.reason())),
                winner: outcome.and_then(Outcome::winner).map(seat_name),
                seats,
            }),
        }
    }

    /// Replays the record: loads the variant (a built-in name or a rule file's path) with the
    /// record's options, starts from `start` or the setup, and plays every action with checked
    /// play. Errors name the first action that fails, by index and text. The `variant` comes
    /// from the record, not from the person replaying it: a file there that is not a rule file
    /// is named, never shown ([`load_referenced`](crate::spec::load_referenced)).
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let file = crate::spec::load_referenced(&self.variant).map_err(ReplayError::Variant)?;
        let v = crate::engine::compile(&file, &Assignment(self.options.0.clone()))
            .map_err(ReplayError::Variant)?;
        self.replay_on(&v)
    }

    /// As [`replay`](Self::replay), with the rules from `rules` (a built-in name or a path)
    /// instead of the record's `variant`; the record's options still apply.
    pub fn replay_from(&self, rules: &str) -> Result<Position, ReplayError> {
        let v = load_variant(rules, &Assignment(self.options.0.clone()))
            .map_err(ReplayError::Variant)?;
        self.replay_on(&v)
    }

    /// As [`replay`](Self::replay), on an already compiled variant (the record's variant and
    /// options are not looked at).
    pub fn replay_on(&self, variant: &Arc<Variant>) -> Result<Position, ReplayError> {
        let v = &**variant;
        let letters = seat_letters(v);
        let first = v
            .seats
            .iter()
            .position(|s| s.name == self.first_seat)
            .or_else(|| {
                let mut cs = self.first_seat.chars();
                match (cs.next(), cs.next()) {
                    (Some(c), None) => letters.iter().position(|&l| l == c),
                    _ => None,
                }
            })
            .map(|i| Seat(i as u8))
            .ok_or_else(|| {
                let names: Vec<&str> = v.seats.iter().map(|s| s.name.as_str()).collect();
                ReplayError::FirstSeat(format!(
                    "`{}` is not a seat of {}; the seats are {}",
                    self.first_seat,
                    v.name,
                    names.join(", ")
                ))
            })?;
        let mut pos = match &self.start {
            Some(s) => {
                let pos = parse_position(variant, s).map_err(ReplayError::Start)?;
                if pos.first_seat() != first {
                    return Err(ReplayError::FirstSeat(format!(
                        "`{}`, but the start position's first seat is {}",
                        self.first_seat,
                        v.seats[pos.first_seat().index()].name
                    )));
                }
                pos
            }
            None => {
                let mut pos = Position::start(variant.clone());
                if pos.first_seat() != first {
                    pos.set_first_seat_at_start(first);
                }
                pos
            }
        };
        for (index, text) in self.actions.iter().enumerate() {
            let fail = |pos: &Position, error| ReplayError::Action {
                index,
                text: text.clone(),
                before: to_position_string(pos),
                error,
            };
            let action = match parse_action(&mut pos, text) {
                Ok(a) => a,
                Err(e @ MoveError::Illegal { .. }) => {
                    // A well-formed move refused because no move may be made now.
                    let why = match pos.ended() {
                        Some(o) => ActionError::Play(PlayError::GameOver(o)),
                        None if pos.awaiting_roll() => ActionError::Play(PlayError::MustRoll),
                        None => ActionError::Parse(e),
                    };
                    return Err(fail(&pos, why));
                }
                Err(e) => return Err(fail(&pos, ActionError::Parse(e))),
            };
            if let Err(e) = pos.play_action(action) {
                return Err(fail(&pos, ActionError::Play(e)));
            }
        }
        Ok(pos)
    }

    /// The record as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The record as YAML.
    pub fn to_yaml(&self) -> String {
        serde_saphyr::to_string(self).unwrap_or_default()
    }

    /// Reads a record written as JSON.
    pub fn from_json(text: &str) -> Result<Record, RecordFormatError> {
        serde_json::from_str(text).map_err(|e| {
            let at = offset_of(text, e.line(), e.column());
            let message = e.to_string();
            let message = message
                .rsplit_once(" at line ")
                .map_or(message.as_str(), |(m, _)| m)
                .to_string();
            RecordFormatError {
                span: at..at + 1,
                message: format!("invalid record: {}", plain_message(&message)),
            }
        })
    }

    /// Reads a record written as YAML.
    pub fn from_yaml(text: &str) -> Result<Record, RecordFormatError> {
        serde_saphyr::from_str(text).map_err(|e| {
            let (start, len) = e.location().map_or((0, 1), |l| {
                (l.span().offset() as usize, l.span().len() as usize)
            });
            let a = char_offset(text, start);
            let b = char_offset(text, start + len.max(1));
            let message = e.without_snippet().to_string();
            let message = message
                .rsplit_once(" at line ")
                .map_or(message.as_str(), |(m, _)| m)
                .to_string();
            RecordFormatError {
                span: a..b.max(a + 1),
                message: format!("invalid record: {}", plain_message(&message)),
            }
        })
    }

    /// Reads a record: JSON if the text starts with `{`, otherwise YAML.
    pub fn parse(text: &str) -> Result<Record, RecordFormatError> {
        if text.trim_start().starts_with('{') {
            Record::from_json(text)
        } else {
            Record::from_yaml(text)
        }
    }
}

/// A reader's message in the record's own terms: the Rust types and budget structures that
/// serde and the YAML reader name are left out ("cannot deserialize null into string; use
/// Option<String>" is "a string is required here, not null"; "budget breached: …" names the
/// limit in words).
fn plain_message(message: &str) -> String {
    if let Some(rest) = message.strip_prefix("budget breached: ") {
        let what = rest.split([' ', '{', '(']).next().unwrap_or("");
        return format!(
            "the record is too large for the YAML reader (its {} limit); write it as JSON",
            match what {
                "ScalarBytes" | "TotalScalarBytes" => "text",
                "Depth" => "nesting",
                "Nodes" | "Events" => "size",
                "Aliases" | "Anchors" => "alias",
                _ => "size",
            }
        );
    }
    if let Some((head, _)) = message.split_once("; use Option<") {
        if let Some(ty) = head.strip_prefix("cannot deserialize null into ") {
            return format!("a {ty} is required here, not null");
        }
        return head.to_string();
    }
    // serde names the Rust integer type a field is read into ("expected u64").
    let mut message = message.to_string();
    for ty in ["u64", "u32", "u16", "u8", "usize"] {
        let rust = format!("expected {ty}");
        if let Some(at) = message.find(&rust) {
            let end = at + rust.len();
            if !message[end..].starts_with(|c: char| c.is_ascii_alphanumeric()) {
                message.replace_range(at..end, "expected a whole number (0 or more)");
            }
        }
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reader_messages_name_no_rust_types() {
        assert_eq!(
            plain_message("cannot deserialize null into string; use Option<String>"),
            "a string is required here, not null"
        );
        assert_eq!(
            plain_message("budget breached: ScalarBytes { limit: 1, observed: 2 }"),
            "the record is too large for the YAML reader (its text limit); write it as JSON"
        );
        assert_eq!(plain_message("missing field `x`"), "missing field `x`");
        assert_eq!(
            plain_message("invalid value: integer `-5`, expected u64"),
            "invalid value: integer `-5`, expected a whole number (0 or more)"
        );
        assert_eq!(
            plain_message("invalid type: floating point `1.5`, expected u32"),
            "invalid type: floating point `1.5`, expected a whole number (0 or more)"
        );
        let e = Record::parse(r#"{"variant":"chess","seed":-5,"actions":[]}"#).unwrap_err();
        assert!(
            e.message.ends_with("expected a whole number (0 or more)"),
            "{}",
            e.message
        );
    }

    #[test]
    fn offsets_from_line_and_column() {
        let t = "ab\ncdé\nf";
        assert_eq!(offset_of(t, 1, 1), 0);
        assert_eq!(offset_of(t, 2, 3), 5);
        assert_eq!(offset_of(t, 3, 1), 8);
        assert_eq!(char_offset("aé b", 3), 4);
    }

    #[test]
    fn options_keep_their_order() {
        let r: Record = serde_json::from_str(
            r#"{"variant":"chaturaji","options":{"z":"1","a":"2"},"first_seat":"red","actions":[]}"#,
        )
        .unwrap();
        assert_eq!(r.options.0[0].0, "z");
        assert!(r.to_json().find("\"z\"").unwrap() < r.to_json().find("\"a\"").unwrap());
    }
}
