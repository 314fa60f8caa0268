//! A UCI engine as a player (`uci:COMMAND nodes=N`): the handshake, `UCI_Variant` under the
//! name `ashtapada uci` offers the variant by (its rule file's `name`, the name
//! Fairy-Stockfish and cutechess use), `position fen ROOT moves …` in Fairy-Stockfish's FEN
//! and UCI coordinates, `go`, `bestmove`.

use super::{Process, Protocol, command_words};
use ashtapada::agents::ChaCha8Rng;
use ashtapada::notation::{action_to_string, pass_text, to_fen};
use ashtapada::{Action, Position, Variant};
use std::time::Duration;

/// The syntax, for messages.
const SYNTAX: &str = "`uci:COMMAND nodes=N` (or `movetime=MS`, `depth=D`; `option.NAME=VALUE` \
                      for each engine option to set)";

/// A UCI engine's command line and settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uci {
    argv: Vec<String>,
    /// The `go` command: `go nodes N`, `go movetime MS` or `go depth D`.
    go: String,
    /// Extra time allowed for a `movetime` search.
    think: Duration,
    /// `setoption` pairs, in order.
    options: Vec<(String, String)>,
    /// The `UCI_Variant` value.
    variant: String,
}

impl Uci {
    /// Reads `COMMAND… [nodes=N|movetime=MS|depth=D] [option.NAME=VALUE]…` (the settings after
    /// the command, exactly one budget). `timeout` is the run's `--agent-timeout`: a
    /// `movetime` may not exceed it (the engine is given `movetime` and then `timeout` more
    /// to answer).
    ///
    /// # Errors
    /// No command, no budget or two, a budget that is not a positive whole number, a
    /// `movetime` longer than `timeout`, a variant UCI cannot play (more than two seats, or
    /// dice), or options set away from the variant's defaults (the engine plays its own rules
    /// of that name and cannot be told).
    pub fn parse(text: &str, variant: &Variant, timeout: Duration) -> Result<Uci, String> {
        if variant.seats.len() != 2 || variant.rules.dice.is_some() {
            return Err(format!(
                "`uci:{text}`: UCI engines play two-seat variants without dice, and `{}` has {} \
                 seats{}; use a `cmd:` player (the JSON-lines protocol) for it",
                variant.name,
                variant.seats.len(),
                if variant.rules.dice.is_some() {
                    " and dice"
                } else {
                    ""
                }
            ));
        }
        refuse_changed_rules(text, variant)?;
        let mut words = command_words(text, SYNTAX)?;
        let mut go = Vec::new();
        let mut options = Vec::new();
        let mut think = Duration::ZERO;
        while let Some(w) = words.last().filter(|_| words.len() > 1) {
            let Some((key, value)) = w.split_once('=') else {
                break;
            };
            if let Some(name) = key.strip_prefix("option.") {
                options.push((name.to_string(), value.to_string()));
            } else if ["nodes", "movetime", "depth"].contains(&key) {
                let n = value
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("`uci:{text}`: `{w}` is not a positive whole number"))?;
                if key == "movetime" {
                    think = Duration::from_millis(n);
                    if think > timeout {
                        return Err(format!(
                            "`uci:{text}`: `{w}` ({:.1} s) is longer than the agent timeout \
                             ({:.1} s, `--agent-timeout`); give a shorter `movetime` or a \
                             longer `--agent-timeout`",
                            think.as_secs_f64(),
                            timeout.as_secs_f64()
                        ));
                    }
                }
                go.push(format!("go {key} {n}"));
            } else {
                break;
            }
            words.pop();
        }
        options.reverse();
        if go.len() != 1 {
            return Err(format!(
                "`uci:{text}`: give the engine one budget, e.g. `uci:fairy-stockfish nodes=5000` \
                 (a fixed node count keeps seeded runs reproducible); write {SYNTAX}"
            ));
        }
        Ok(Uci {
            argv: words,
            go: go.remove(0),
            think,
            options,
            variant: variant.name.clone(),
        })
    }
}

/// The `var` choices of an `option name UCI_Variant type combo …` line.
fn variant_choices(line: &str) -> Option<Vec<String>> {
    let rest = line.strip_prefix("option name UCI_Variant type combo")?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    Some(
        words
            .windows(2)
            .filter(|w| w[0] == "var")
            .map(|w| w[1].to_string())
            .collect(),
    )
}

impl Protocol for Uci {
    fn open(&self, timeout: Duration) -> Result<Process, String> {
        let mut p = Process::spawn(&self.argv, timeout)?;
        p.send("uci")?;
        let mut choices = None;
        p.read_until(timeout, |l| {
            if let Some(c) = variant_choices(l) {
                choices = Some(c);
            }
            (l.trim() == "uciok").then_some(())
        })?;
        match choices {
            Some(c) if c.contains(&self.variant) => {
                p.send(&format!(
                    "setoption name UCI_Variant value {}",
                    self.variant
                ))?;
            }
            Some(c) => {
                return Err(format!(
                    "`{}` does not offer the variant `{}` (its UCI_Variant choices: {})",
                    p.command,
                    self.variant,
                    c.join(", ")
                ));
            }
            None if self.variant == "chess" => {}
            None => {
                return Err(format!(
                    "`{}` has no UCI_Variant option (it plays chess only), so it cannot play `{}`",
                    p.command, self.variant
                ));
            }
        }
        for (name, value) in &self.options {
            p.send(&format!("setoption name {name} value {value}"))?;
        }
        Ok(p)
    }

    fn new_game(
        &self,
        p: &mut Process,
        _pos: &Position,
        _game: u64,
        _plays: &[String],
        _rng: &mut ChaCha8Rng,
        timeout: Duration,
    ) -> Result<(), String> {
        p.send("ucinewgame")?;
        p.send("isready")?;
        p.read_until(timeout, |l| (l.trim() == "readyok").then_some(()))
    }

    fn ask(
        &self,
        p: &mut Process,
        pos: &mut Position,
        _game: u64,
        timeout: Duration,
    ) -> Result<String, String> {
        p.send(&position_command(pos))?;
        p.send(&self.go)?;
        let best = p.read_until(timeout + self.think, |l| {
            let mut w = l.split_whitespace();
            (w.next() == Some("bestmove")).then(|| w.next().unwrap_or("").to_string())
        })?;
        Ok(best)
    }
}

/// `position fen ROOT moves …`: the game's root position and every move since, each written
/// against the position it was played in (a move's notation depends on its position: the
/// piece it moves decides between `+`, `-` and a kind's letter), and a pass as
/// Fairy-Stockfish writes it (the royal square twice).
pub fn position_command(pos: &Position) -> String {
    let mut root = pos.clone();
    let mut actions = Vec::new();
    while let Some(a) = root.undo() {
        actions.push(a);
    }
    actions.reverse();
    let mut line = format!("position fen {}", to_fen(&root));
    let mut moves = Vec::with_capacity(actions.len());
    for a in actions {
        moves.push(match a {
            Action::Pass => pass_text(&root).unwrap_or_else(|| action_to_string(&root, a)),
            _ => action_to_string(&root, a),
        });
        root.play_action_unchecked(a);
    }
    if !moves.is_empty() {
        line.push_str(" moves ");
        line.push_str(&moves.join(" "));
    }
    line
}

/// Refuses a variant whose options differ from the defaults of the variant of the same name:
/// a UCI engine plays its own rules for `UCI_Variant` and would silently disagree.
fn refuse_changed_rules(text: &str, variant: &Variant) -> Result<(), String> {
    let Ok(plain) = ashtapada::load_variant(&variant.name, &ashtapada::Assignment::default())
    else {
        return Ok(());
    };
    let changed: Vec<String> = variant
        .assignment
        .0
        .iter()
        .filter(|(name, value)| {
            plain
                .assignment
                .0
                .iter()
                .any(|(n, v)| n == name && v != value)
        })
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    if changed.is_empty() {
        return Ok(());
    }
    Err(format!(
        "`uci:{text}`: the engine plays its own `{}` and cannot be told `{}` (not the \
         default); leave the option at its default for UCI players, or use a `cmd:` player",
        variant.name,
        changed.join(" ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashtapada::{Assignment, load_variant};

    /// The agent timeout of these tests.
    const T: Duration = Duration::from_secs(60);

    #[test]
    fn settings_follow_the_command() {
        let v = load_variant("shatranj", &Assignment::default()).unwrap();
        let u = Uci::parse("fairy-stockfish --x nodes=5000 option.Hash=8", &v, T).unwrap();
        assert_eq!(u.argv, ["fairy-stockfish", "--x"]);
        assert_eq!(u.go, "go nodes 5000");
        assert_eq!(u.options, [("Hash".to_string(), "8".to_string())]);
        let u = Uci::parse("fsf movetime=20", &v, T).unwrap();
        assert_eq!(
            (u.go.as_str(), u.think),
            ("go movetime 20", Duration::from_millis(20))
        );
        for bad in ["fsf", "fsf nodes=0", "fsf nodes=1 depth=2", "nodes=5", ""] {
            assert!(Uci::parse(bad, &v, T).is_err(), "{bad}");
        }
        let four = load_variant("chaturaji", &Assignment::default()).unwrap();
        let e = Uci::parse("fsf nodes=1", &four, T).unwrap_err();
        assert!(e.contains("4 seats and dice"), "{e}");
    }

    /// Issue 28 item 8: a `movetime` is bounded by the agent timeout (a day's `movetime`
    /// waited a day for a silent engine).
    #[test]
    fn a_movetime_longer_than_the_agent_timeout_is_refused() {
        let v = load_variant("shatranj", &Assignment::default()).unwrap();
        let e = Uci::parse("fsf movetime=86400000", &v, T).unwrap_err();
        assert!(
            e.contains("`movetime=86400000` (86400.0 s) is longer than the agent timeout (60.0 s"),
            "{e}"
        );
        assert!(Uci::parse("fsf movetime=60000", &v, T).is_ok());
        assert!(Uci::parse("fsf movetime=60001", &v, T).is_err());
    }

    #[test]
    fn the_variant_list_is_read_from_the_combo() {
        assert_eq!(
            variant_choices(
                "option name UCI_Variant type combo default chess var chess var shatranj"
            ),
            Some(vec!["chess".to_string(), "shatranj".to_string()])
        );
        assert_eq!(variant_choices("option name Hash type spin"), None);
    }

    /// The root in FEN and the moves in UCI coordinates, as Fairy-Stockfish reads them.
    #[test]
    fn the_position_command_names_the_root_and_the_moves() {
        let v = load_variant("shatranj", &Assignment::default()).unwrap();
        let mut pos = Position::start(v);
        let start = position_command(&pos);
        assert_eq!(
            start,
            "position fen rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1"
        );
        for m in ["e2e3", "g8f6"] {
            let mv = ashtapada::notation::parse_move(&mut pos, m).unwrap();
            pos.play(mv).unwrap();
        }
        assert_eq!(position_command(&pos), format!("{start} moves e2e3 g8f6"));
    }

    /// Each earlier move is written against the position it was played in (issue 28, item
    /// 10): in the shogi family a move's suffix depends on the piece that made it (`+`, `-`),
    /// which the final position no longer shows. Every two-seat built-in, 60 plies of a fixed
    /// line through its legal moves, each move's text taken when it was played.
    #[test]
    fn earlier_moves_are_written_against_their_own_positions() {
        for name in [
            "shogi",
            "minishogi",
            "kyotoshogi",
            "torishogi",
            "crazyhouse",
            "chess",
            "janggi",
            "makruk",
            "sittuyin",
        ] {
            let v = load_variant(name, &Assignment::default()).unwrap();
            let mut pos = Position::start(v);
            let start = position_command(&pos);
            let mut written = Vec::new();
            for ply in 0..60usize {
                let moves = pos.legal_move_list();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                // Promotions first where there are any, so that promoted pieces move later.
                let pick = moves
                    .iter()
                    .copied()
                    .find(|m| m.promotes_to().is_some() && ply % 3 == 0)
                    .unwrap_or(moves[(ply * 7 + 3) % moves.len()]);
                written.push(ashtapada::notation::move_to_string(&pos, pick));
                pos.play(pick).unwrap();
            }
            assert_eq!(
                position_command(&pos),
                format!("{start} moves {}", written.join(" ")),
                "{name}"
            );
        }
    }
}
