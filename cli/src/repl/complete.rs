//! Tab completion: command names, option names and choices, agent levels, built-in variants,
//! the legal moves of the position in notation (in dice variants also from the move without
//! its die: `b1` completes to `5:b1c3`), and file names after `load`, `save` and `open`.

use super::command::COMMANDS;
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

/// What can be completed, taken from the session before each line is read.
#[derive(Clone, Debug, Default)]
pub struct Words {
    /// The legal moves (and `pass`) in notation.
    pub moves: Vec<String>,
    /// Squares a legal move starts from.
    pub origins: Vec<String>,
    /// Option names with their listed choices.
    pub options: Vec<(String, Vec<String>)>,
}

/// The candidates for the word that ends at byte `pos` of `line`: (the word's start, the
/// candidates in order).
pub fn candidates(line: &str, pos: usize, words: &Words) -> (usize, Vec<String>) {
    let head = &line[..pos.min(line.len())];
    let start = head.rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let prefix = &head[start..];
    let before: Vec<&str> = head[..start].split_whitespace().collect();
    let pool: Vec<String> = match before.as_slice() {
        [] => {
            let pool: Vec<String> = COMMANDS
                .iter()
                .map(|c| c.0.to_string())
                .chain(words.moves.iter().cloned())
                .collect();
            // A move typed without its die: `b1` stands for `N:b1…`.
            if !prefix.is_empty() && !prefix.contains(':') {
                let die_less: Vec<String> = words
                    .moves
                    .iter()
                    .filter(|m| {
                        m.split_once(':')
                            .is_some_and(|(_, r)| r.starts_with(prefix))
                    })
                    .cloned()
                    .collect();
                if !die_less.is_empty() {
                    let mut out = die_less;
                    out.sort();
                    out.dedup();
                    return (start, out);
                }
            }
            pool
        }
        ["set"] => words.options.iter().map(|(n, _)| n.clone()).collect(),
        ["set", opt] => words
            .options
            .iter()
            .find(|(n, _)| n == opt)
            .map(|(_, c)| c.clone())
            .unwrap_or_default(),
        ["help"] => COMMANDS.iter().map(|c| c.0.to_string()).collect(),
        ["ai"] => ashtapada::agents::AGENT_NAMES
            .iter()
            .map(|s| s.to_string())
            .collect(),
        ["moves"] => words.origins.clone(),
        ["load"] => ashtapada::spec::all_builtins()
            .map(|(n, _)| n.to_string())
            .collect(),
        _ => Vec::new(),
    };
    let mut out: Vec<String> = pool.into_iter().filter(|w| w.starts_with(prefix)).collect();
    out.dedup();
    (start, out)
}

/// The rustyline helper: completion only.
#[derive(Default)]
pub struct ReplHelper {
    /// The words of the current position.
    pub words: Words,
    /// File names, after `load`, `save` and `open`.
    files: FilenameCompleter,
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let (start, list) = candidates(line, pos, &self.words);
        let mut pairs: Vec<Pair> = list
            .into_iter()
            .map(|w| Pair {
                display: w.clone(),
                replacement: w,
            })
            .collect();
        if takes_file(line, pos) {
            let (file_start, files) = self.files.complete_path(line, pos)?;
            if pairs.is_empty() {
                return Ok((file_start, files));
            }
            if file_start == start {
                pairs.extend(files);
            }
        }
        Ok((start, pairs))
    }
}

/// True if the word ending at byte `pos` of `line` is the argument of `load`, `save` or
/// `open`.
fn takes_file(line: &str, pos: usize) -> bool {
    let head = &line[..pos.min(line.len())];
    let mut words = head.split_whitespace();
    let first = words.next();
    let args = words.count() + usize::from(head.ends_with(char::is_whitespace));
    matches!(first, Some("load" | "save" | "open")) && args >= 1
}

impl Hinter for ReplHelper {
    type Hint = String;
}

impl Highlighter for ReplHelper {}

impl Validator for ReplHelper {}

impl Helper for ReplHelper {}

#[cfg(test)]
mod tests {
    use super::*;

    fn words() -> Words {
        Words {
            moves: vec!["e2e3".into(), "e2e4".into(), "d2d3".into(), "pass".into()],
            origins: vec!["d2".into(), "e2".into()],
            options: vec![
                ("bare-king".into(), vec!["win".into(), "off".into()]),
                ("move-rule".into(), vec!["50".into(), "none".into()]),
            ],
        }
    }

    #[test]
    fn the_first_word_completes_commands_and_moves() {
        assert_eq!(candidates("sh", 2, &words()), (0, vec!["show".to_string()]));
        assert_eq!(candidates("e2", 2, &words()).1, ["e2e3", "e2e4"]);
        assert_eq!(candidates("pa", 2, &words()).1, ["pass"]);
        assert_eq!(
            candidates("re", 2, &words()).1,
            ["resign", "redo", "reload"]
        );
    }

    #[test]
    fn set_completes_option_names_then_choices() {
        assert_eq!(
            candidates("set b", 5, &words()),
            (4, vec!["bare-king".to_string()])
        );
        assert_eq!(candidates("set bare-king ", 14, &words()).1, ["win", "off"]);
        assert_eq!(candidates("set move-rule n", 15, &words()).1, ["none"]);
        assert!(candidates("set nothing ", 12, &words()).1.is_empty());
    }

    /// In dice variants a move is written with its die first; typed without it, it still
    /// completes, to every die that plays it.
    #[test]
    fn a_move_without_its_die_completes() {
        let w = Words {
            moves: vec![
                "5:b1c3".into(),
                "5:b1a3".into(),
                "1:b2b3".into(),
                "5:b2b3".into(),
            ],
            origins: vec!["b1".into(), "b2".into()],
            options: Vec::new(),
        };
        assert_eq!(
            candidates("b1", 2, &w),
            (0, vec!["5:b1a3".into(), "5:b1c3".into()])
        );
        assert_eq!(candidates("b2b", 3, &w).1, ["1:b2b3", "5:b2b3"]);
        assert_eq!(candidates("5:b1", 4, &w).1, ["5:b1c3", "5:b1a3"]);
        assert!(candidates("c7", 2, &w).1.is_empty());
    }

    #[test]
    fn file_names_follow_load_save_and_open() {
        assert!(takes_file("open ", 5));
        assert!(takes_file("save game.js", 12));
        assert!(takes_file("load rules/ch", 13));
        assert!(!takes_file("open", 4));
        assert!(!takes_file("perft 3", 7));
    }

    #[test]
    fn arguments_of_other_commands() {
        assert_eq!(candidates("help per", 8, &words()).1, ["perft"]);
        assert_eq!(candidates("ai h", 4, &words()).1, ["hard"]);
        assert_eq!(candidates("moves ", 6, &words()).1, ["d2", "e2"]);
        assert_eq!(candidates("load chaturaj", 13, &words()).1, ["chaturaji"]);
        assert!(candidates("perft 3", 7, &words()).1.is_empty());
    }
}
