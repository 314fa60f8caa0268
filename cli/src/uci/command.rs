//! The UCI commands a GUI sends, read from one line each: a pure parser ([`parse`]) with its
//! tests beside it.

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify, list the options, `uciok`.
    Uci,
    /// `debug on|off` (accepted, no effect).
    Debug,
    /// `isready`: `readyok` once the previous commands are done (at once during a search).
    IsReady,
    /// `setoption name NAME [value VALUE]`; both may contain spaces.
    SetOption {
        /// The option's name, as written.
        name: String,
        /// Its value, if given (buttons have none).
        value: Option<String>,
    },
    /// `ucinewgame`: the next position belongs to a new game.
    UciNewGame,
    /// `position startpos|fen FEN [moves M…]`.
    Position {
        /// The FEN, or `None` for the variant's start position.
        fen: Option<String>,
        /// The moves played from it, in UCI coordinates.
        moves: Vec<String>,
    },
    /// `go …`.
    Go(Go),
    /// `stop`: end the search now and answer `bestmove`.
    Stop,
    /// `ponderhit`: the expected move was played.
    PonderHit,
    /// `quit`.
    Quit,
}

/// The parameters of `go`: the session's search request ([`Go`]); UCI's `wtime`/`winc` are
/// the first seat's, `btime`/`binc` the second's. A negative clock reads as 0.
pub use crate::engine::Go;

/// The words of `go` that take a number.
const GO_NUMBERS: [&str; 11] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "perft",
    "mate",
    "movesleft",
];

/// Reads one line; `Ok(None)` for a blank line.
///
/// # Errors
/// A message naming what is wrong: an unknown command, a missing or malformed value.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let command = match first {
        "uci" => Command::Uci,
        "debug" => Command::Debug,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::UciNewGame,
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "setoption" => set_option(&rest)?,
        "position" => position(&rest)?,
        "go" => Command::Go(go(&rest)?),
        other => {
            return Err(format!(
                "unknown command `{other}`; commands are uci, isready, setoption, ucinewgame, \
                 position, go, stop, ponderhit, quit"
            ));
        }
    };
    Ok(Some(command))
}

/// `setoption name NAME [value VALUE]`.
fn set_option(words: &[&str]) -> Result<Command, String> {
    if words.first() != Some(&"name") {
        return Err("write `setoption name NAME value VALUE`".into());
    }
    let words = &words[1..];
    let at = words.iter().position(|w| *w == "value");
    let (name, value) = match at {
        Some(i) => (&words[..i], Some(words[i + 1..].join(" "))),
        None => (words, None),
    };
    if name.is_empty() {
        return Err("`setoption name` needs an option name".into());
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `position startpos|fen FEN [moves M…]`.
fn position(words: &[&str]) -> Result<Command, String> {
    let at = words.iter().position(|w| *w == "moves");
    let (head, moves) = match at {
        Some(i) => (&words[..i], words[i + 1..].to_vec()),
        None => (words, Vec::new()),
    };
    let fen = match head {
        ["startpos"] => None,
        ["fen", fen @ ..] if !fen.is_empty() => Some(fen.join(" ")),
        ["fen"] => return Err("`position fen` needs a FEN".into()),
        _ => {
            return Err(
                "write `position startpos [moves …]` or `position fen FEN [moves …]`".into(),
            );
        }
    };
    Ok(Command::Position {
        fen,
        moves: moves.into_iter().map(String::from).collect(),
    })
}

/// `go` and its parameters (the words after `go`).
pub(crate) fn go(words: &[&str]) -> Result<Go, String> {
    let mut g = Go::default();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        i += 1;
        if GO_NUMBERS.contains(&w) {
            let Some(text) = words.get(i) else {
                return Err(format!("`go {w}` needs a number"));
            };
            i += 1;
            let n: i64 = text.parse().map_err(|_| {
                let digits = text.strip_prefix('-').unwrap_or(text);
                if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    // Counts (depth, moves to go, perft, mate) are from 1 to u32::MAX, nodes
                    // from 1; the clock's numbers take any 64-bit signed value (negatives read
                    // as 0).
                    let (lo, hi) = if matches!(w, "depth" | "movestogo" | "perft" | "mate") {
                        (1, u32::MAX as i64)
                    } else if w == "nodes" {
                        (1, i64::MAX)
                    } else {
                        (i64::MIN, i64::MAX)
                    };
                    format!(
                        "`go {w} {text}`: `{text}` is out of range: give a number from {lo} to {hi}"
                    )
                } else {
                    format!("`go {w} {text}`: `{text}` is not a whole number")
                }
            })?;
            let clock = n.max(0) as u64;
            let positive = || {
                u32::try_from(n)
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("`go {w} {text}`: give a number from 1 to {}", u32::MAX))
            };
            match w {
                "depth" => g.depth = Some(positive()?),
                // A node budget is a count, not a clock reading: 0 or less is refused.
                "nodes" if n < 1 => {
                    return Err(format!(
                        "`go nodes {text}`: give a number from 1 to {}",
                        i64::MAX
                    ));
                }
                "nodes" => g.nodes = Some(clock),
                "movetime" => g.movetime = Some(clock),
                "wtime" => g.time[0] = Some(clock),
                "btime" => g.time[1] = Some(clock),
                "winc" => g.inc[0] = Some(clock),
                "binc" => g.inc[1] = Some(clock),
                "movestogo" => g.movestogo = Some(positive()?),
                "perft" => g.perft = Some(positive()?),
                "mate" => g.mate = Some(positive()?),
                _ => {} // movesleft: a hint some GUIs send; not used
            }
            continue;
        }
        match w {
            "infinite" => g.infinite = true,
            "ponder" => g.ponder = true,
            "searchmoves" => {
                while let Some(m) = words.get(i).filter(|m| !is_go_word(m)) {
                    g.searchmoves.push(m.to_string());
                    i += 1;
                }
            }
            other => {
                return Err(format!(
                    "`go`: unknown parameter `{other}`; parameters are depth, nodes, movetime, \
                     wtime, btime, winc, binc, movestogo, infinite, ponder, searchmoves, mate, \
                     perft"
                ));
            }
        }
    }
    Ok(g)
}

/// True for a word that starts a `go` parameter.
fn is_go_word(w: &str) -> bool {
    GO_NUMBERS.contains(&w) || matches!(w, "infinite" | "ponder" | "searchmoves")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    #[test]
    fn simple_commands() {
        assert_eq!(ok("uci"), Command::Uci);
        assert_eq!(ok("  isready  "), Command::IsReady);
        assert_eq!(ok("stop"), Command::Stop);
        assert_eq!(ok("quit"), Command::Quit);
        assert_eq!(parse("   "), Ok(None));
        let e = parse("gogo").unwrap_err();
        assert!(e.contains("unknown command `gogo`"), "{e}");
    }

    #[test]
    fn setoption_names_and_values_keep_their_spaces() {
        assert_eq!(
            ok("setoption name Move Overhead value 50"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("50".into())
            }
        );
        assert_eq!(
            ok("setoption name VariantPath value /tmp/my rules.yaml"),
            Command::SetOption {
                name: "VariantPath".into(),
                value: Some("/tmp/my rules.yaml".into())
            }
        );
        assert_eq!(
            ok("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert!(parse("setoption Hash 4").is_err());
        assert!(parse("setoption name").is_err());
    }

    #[test]
    fn positions() {
        assert_eq!(
            ok("position startpos moves e2e3 d7d6"),
            Command::Position {
                fen: None,
                moves: vec!["e2e3".into(), "d7d6".into()]
            }
        );
        let fen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";
        assert_eq!(
            ok(&format!("position fen {fen}")),
            Command::Position {
                fen: Some(fen.into()),
                moves: vec![]
            }
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen moves e2e3").is_err());
        assert!(parse("position startpos e2e3").is_err());
    }

    #[test]
    fn go_parameters() {
        let Command::Go(g) = ok("go wtime 1000 btime -20 winc 10 binc 10 movestogo 40") else {
            panic!()
        };
        assert_eq!(g.time, [Some(1000), Some(0)]);
        assert_eq!(g.inc, [Some(10), Some(10)]);
        assert_eq!(g.movestogo, Some(40));
        let Command::Go(g) = ok("go infinite searchmoves e2e3 d2d3 depth 4") else {
            panic!()
        };
        assert!(g.infinite);
        assert_eq!(g.searchmoves, ["e2e3", "d2d3"]);
        assert_eq!(g.depth, Some(4));
        let Command::Go(g) = ok("go perft 3") else {
            panic!()
        };
        assert_eq!(g.perft, Some(3));
        assert!(parse("go depth").unwrap_err().contains("needs a number"));
        assert!(
            parse("go depth x")
                .unwrap_err()
                .contains("not a whole number")
        );
        assert!(parse("go depth 0").unwrap_err().contains("from 1"));
        for n in ["-1", "0"] {
            let e = parse(&format!("go nodes {n}")).unwrap_err();
            assert!(e.contains("give a number from 1"), "{e}");
        }
        // Whole numbers too large for a clock are out of range, not "not a whole number".
        for w in ["nodes", "movetime", "wtime", "btime", "winc"] {
            for n in ["18446744073709551615", "-99999999999999999999"] {
                let e = parse(&format!("go {w} {n}")).unwrap_err();
                assert!(e.contains("is out of range"), "{e}");
                assert!(!e.contains("not a whole number"), "{e}");
            }
        }
        // A count says its own range (found by the fresh-clone tester: `go depth` named the
        // 64-bit range).
        let e = parse("go depth 18446744073709551615").unwrap_err();
        assert!(e.contains("give a number from 1 to 4294967295"), "{e}");
        let Command::Go(g) = ok("go nodes 9223372036854775807") else {
            panic!()
        };
        assert_eq!(g.nodes, Some(i64::MAX as u64));
        assert!(
            parse("go sideways")
                .unwrap_err()
                .contains("unknown parameter")
        );
    }
}
