//! The REPL's command language: one command per line, read by the pure function [`parse`].
//!
//! A line is a command word and its arguments separated by spaces, or a move in notation
//! (`e2e3`, `2:a1c3`, `P@e5`, `e6e7+`). Blank lines and lines starting with `#` do nothing.

use std::borrow::Cow;
use std::fmt;

/// The deepest `perft` and `divide` the REPL runs (Chaturanga's perft 7 is 357 million nodes,
/// seconds; each ply more multiplies that by about twenty). Deeper counts: `ashtapada perft`.
pub const MAX_PERFT_DEPTH: u32 = 7;

/// One parsed REPL command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A blank line or a `#` comment: nothing to do.
    Nothing,
    /// `show`: draw the board and the state beside it.
    Show,
    /// `moves [SQUARE]`: the legal moves, or those from one square (marked on the board).
    Moves(Option<String>),
    /// A move or drop in notation, as typed.
    Move(String),
    /// `roll`: roll the dice at random (session generator).
    Roll,
    /// `dice A B`: roll these values.
    Dice(Vec<u8>),
    /// `pass`: end a dice turn with dice left.
    Pass,
    /// `resign`: resign for the seat to move.
    Resign,
    /// `undo`: take back the last action (in `play`, the human's last turn).
    Undo,
    /// `redo`: play again what `undo` took back.
    Redo,
    /// `set OPT CHOICE`: change a local rule and replay the game under it.
    Set {
        /// Option name.
        option: String,
        /// The choice.
        choice: String,
    },
    /// `options`: the variant's options with their current choices.
    Options,
    /// `load VARIANT|FILE`: a new game of another variant.
    Load(String),
    /// `reload`: re-read the rule file, keeping the game if it still replays.
    Reload,
    /// `fen`: the position string (FEN in two-seat variants).
    Fen,
    /// `position POS`: set up a position from FEN or an extended position string.
    Position(String),
    /// `perft N`: leaf count at depth N.
    Perft(u32),
    /// `divide N`: perft split by root action.
    Divide(u32),
    /// `ai [LEVEL]`: the computer plays one turn for the seat to move.
    Ai(Option<String>),
    /// `autoplay [N]`: the computer plays N turns (default: to the end of the game).
    Autoplay(Option<u32>),
    /// `history`: the actions played, one line per turn.
    History,
    /// `save FILE`: write the game record (JSON, YAML for `.yaml`/`.yml`, PGN for `.pgn`).
    Save(String),
    /// `open FILE`: load a game record and replay it.
    Open(String),
    /// `explain`: the compiled rules.
    Explain,
    /// `help [COMMAND]`: the commands, or one command.
    Help(Option<String>),
    /// `quit`: leave.
    Quit,
}

/// A line that is not a command, with a one-line message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

/// Every command word: (name, usage, what it does). `help` prints this table.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "show",
        "show",
        "draw the board, the seat to move, dice, scores, hands and checks",
    ),
    (
        "moves",
        "moves [SQUARE]",
        "list the legal moves, or those from SQUARE (marked on the board)",
    ),
    ("roll", "roll", "roll the dice at random (seeded by --seed)"),
    (
        "dice",
        "dice A B",
        "roll these values (right after a roll: replace it)",
    ),
    (
        "pass",
        "pass",
        "end a dice turn with dice left, where the rules allow it",
    ),
    (
        "resign",
        "resign",
        "resign for the seat to move, where the rules allow it",
    ),
    (
        "undo",
        "undo",
        "take back the last action (in `play`: your last turn and the replies)",
    ),
    ("redo", "redo", "play again what `undo` took back"),
    (
        "set",
        "set OPT CHOICE",
        "choose a local rule and replay the game under it; `set board on|off`: draw the board after moves",
    ),
    (
        "options",
        "options",
        "the variant's options, their choices and the current one",
    ),
    (
        "load",
        "load VARIANT|FILE",
        "start a game of a built-in variant or a rule file",
    ),
    (
        "reload",
        "reload",
        "re-read the rule file; keep the game if it still replays",
    ),
    (
        "fen",
        "fen",
        "the position string (FEN in two-seat variants)",
    ),
    (
        "position",
        "position POS",
        "set up a position from FEN or an extended position string",
    ),
    (
        "perft",
        "perft N",
        "count the leaf nodes N plies deep (N at most 7; deeper: `ashtapada perft`)",
    ),
    (
        "divide",
        "divide N",
        "perft N split by first action (N at most 7)",
    ),
    (
        "ai",
        "ai [LEVEL]",
        "the computer plays one turn (levels: random, greedy, easy, medium, hard)",
    ),
    (
        "autoplay",
        "autoplay [N]",
        "the computer plays N turns, or to the end of the game",
    ),
    (
        "history",
        "history",
        "the actions played, one line per turn",
    ),
    (
        "save",
        "save FILE",
        "write the game record (JSON; YAML if FILE ends in .yaml or .yml; PGN if .pgn)",
    ),
    ("open", "open FILE", "read a game record and replay it"),
    ("explain", "explain", "the compiled rules of the variant"),
    ("help", "help [COMMAND]", "this list, or one command"),
    ("quit", "quit", "leave (Ctrl-D too)"),
];

/// Reads one line. A line whose first word is no command but which contains a digit, `@` or
/// `*` is taken as a move in notation and checked when played.
///
/// # Errors
/// An unknown command (with the closest command name), a missing or extra argument, or an
/// argument that is not a number where one is needed.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    if line.chars().any(unprintable) {
        return Err(ParseError(format!(
            "`{}` contains a control character (shown escaped); type the command without it",
            escape_unprintable(line.trim())
        )));
    }
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(Command::Nothing);
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let args: Vec<&str> = rest.split_whitespace().collect();
    let lower = word.to_ascii_lowercase();
    let none = |c: Command| no_args(&lower, &args).map(|()| c);
    match lower.as_str() {
        "show" | "board" => none(Command::Show),
        "moves" => Ok(Command::Moves(at_most_one(&lower, &args)?)),
        "roll" => none(Command::Roll),
        "dice" => dice(rest),
        "pass" => none(Command::Pass),
        "resign" => none(Command::Resign),
        "undo" => none(Command::Undo),
        "redo" => none(Command::Redo),
        "set" => set(&args),
        "options" => none(Command::Options),
        "load" => Ok(Command::Load(required(&lower, rest, "VARIANT|FILE")?)),
        "reload" => none(Command::Reload),
        "fen" => none(Command::Fen),
        "position" => Ok(Command::Position(required(&lower, rest, "POS")?)),
        "perft" => Ok(Command::Perft(capped_depth(&lower, &args)?)),
        "divide" => Ok(Command::Divide(capped_depth(&lower, &args)?)),
        "ai" => Ok(Command::Ai(at_most_one(&lower, &args)?)),
        "autoplay" => match at_most_one(&lower, &args)? {
            None => Ok(Command::Autoplay(None)),
            Some(n) => Ok(Command::Autoplay(Some(number(&lower, &n)?))),
        },
        "history" => none(Command::History),
        "save" => Ok(Command::Save(required(&lower, rest, "FILE")?)),
        "open" => Ok(Command::Open(required(&lower, rest, "FILE")?)),
        "explain" => none(Command::Explain),
        "help" | "?" => Ok(Command::Help(at_most_one(&lower, &args)?)),
        "quit" | "exit" => none(Command::Quit),
        _ if args.is_empty()
            && word.contains(|c: char| c.is_ascii_digit() || c == '@' || c == '*') =>
        {
            Ok(Command::Move(word.to_string()))
        }
        _ => {
            let hint = ashtapada::dsl::suggest(word, COMMANDS.iter().map(|c| c.0))
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            Err(ParseError(format!(
                "unknown command `{}`{hint}; `help` lists the commands, and a move is written like `e2e3`",
                ashtapada::diag::excerpt(word)
            )))
        }
    }
}

/// The usage line of `name`.
fn usage(name: &str) -> &'static str {
    COMMANDS.iter().find(|c| c.0 == name).map_or("", |c| c.1)
}

fn no_args(name: &str, args: &[&str]) -> Result<(), ParseError> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(ParseError(format!(
            "`{name}` takes no argument (got `{}`)",
            args.join(" ")
        )))
    }
}

fn at_most_one(name: &str, args: &[&str]) -> Result<Option<String>, ParseError> {
    match args {
        [] => Ok(None),
        [a] => Ok(Some(a.to_string())),
        _ => Err(ParseError(format!(
            "`{name}` takes at most one argument: `{}`",
            usage(name)
        ))),
    }
}

fn required(name: &str, rest: &str, what: &str) -> Result<String, ParseError> {
    if rest.is_empty() {
        Err(ParseError(format!(
            "`{name}` needs {what}: `{}`",
            usage(name)
        )))
    } else {
        Ok(rest.to_string())
    }
}

fn number<T: std::str::FromStr>(name: &str, text: &str) -> Result<T, ParseError> {
    text.parse().map_err(|_| {
        // A whole number too large for the command is not "not a whole number".
        let large = text.bytes().all(|b| b.is_ascii_digit()) && !text.is_empty();
        let what = if large {
            "too large"
        } else {
            "not a whole number"
        };
        ParseError(format!("`{name}`: `{text}` is {what}: `{}`", usage(name)))
    })
}

fn depth(name: &str, args: &[&str]) -> Result<u32, ParseError> {
    match args {
        [n] => number(name, n),
        _ => Err(ParseError(format!(
            "`{name}` needs one depth: `{}`",
            usage(name)
        ))),
    }
}

/// A depth of at most [`MAX_PERFT_DEPTH`]; deeper counts are left to the command line.
fn capped_depth(name: &str, args: &[&str]) -> Result<u32, ParseError> {
    let n = depth(name, args)?;
    if n > MAX_PERFT_DEPTH {
        let divide = if name == "divide" { " --divide" } else { "" };
        return Err(ParseError(format!(
            "`{name} {n}` is deeper than the REPL's limit of {MAX_PERFT_DEPTH}: run \
             `ashtapada perft VARIANT {n}{divide} --position POS` (`fen` prints POS)"
        )));
    }
    Ok(n)
}

/// True for a character that must not reach the terminal as typed: a control character other
/// than tab (ESC, BEL, CR, C1 controls…), or an invisible one that reorders or hides text
/// (zero-width and bidirectional controls, the byte-order mark).
fn unprintable(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

/// `text` with every [`unprintable`] character written as its escape (`\u{1b}`, `\u{7}`,
/// `\r`), so that echoing input never drives the terminal; other text unchanged.
pub fn escape_unprintable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unprintable) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unprintable(c) {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `dice 1 5` or `dice 1,5`.
fn dice(rest: &str) -> Result<Command, ParseError> {
    let values: Vec<&str> = rest
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    if values.is_empty() {
        return Err(ParseError(
            "`dice` needs the values rolled: `dice A B`".into(),
        ));
    }
    values
        .iter()
        .map(|v| number::<u8>("dice", v))
        .collect::<Result<Vec<u8>, _>>()
        .map(Command::Dice)
}

/// `set OPT CHOICE` or `set OPT=CHOICE`.
fn set(args: &[&str]) -> Result<Command, ParseError> {
    let pair = match args {
        [o, c] => Some((o.to_string(), c.to_string())),
        [oc] => oc
            .split_once('=')
            .filter(|(o, c)| !o.is_empty() && !c.is_empty())
            .map(|(o, c)| (o.to_string(), c.to_string())),
        _ => None,
    };
    pair.map(|(option, choice)| Command::Set { option, choice })
        .ok_or_else(|| ParseError("`set` needs an option and a choice: `set OPT CHOICE`".into()))
}

#[cfg(test)]
mod tests {
    use super::Command::*;
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap_or_else(|e| panic!("`{line}`: {e}"))
    }

    fn err(line: &str) -> String {
        match parse(line) {
            Ok(c) => panic!("`{line}` parsed as {c:?}"),
            Err(e) => e.0,
        }
    }

    #[test]
    fn blank_lines_and_comments_do_nothing() {
        assert_eq!(ok(""), Nothing);
        assert_eq!(ok("   \t"), Nothing);
        assert_eq!(ok("# a comment"), Nothing);
    }

    #[test]
    fn commands_without_arguments() {
        for (line, cmd) in [
            ("show", Show),
            ("board", Show),
            ("roll", Roll),
            ("pass", Pass),
            ("resign", Resign),
            ("undo", Undo),
            ("redo", Redo),
            ("options", Options),
            ("reload", Reload),
            ("fen", Fen),
            ("history", History),
            ("explain", Explain),
            ("quit", Quit),
            ("exit", Quit),
            ("  SHOW  ", Show),
        ] {
            assert_eq!(ok(line), cmd, "{line}");
        }
    }

    #[test]
    fn extra_arguments_are_refused() {
        for word in [
            "show", "roll", "pass", "resign", "undo", "redo", "options", "reload", "fen",
            "history", "explain", "quit",
        ] {
            let e = err(&format!("{word} x"));
            assert_eq!(e, format!("`{word}` takes no argument (got `x`)"));
        }
    }

    #[test]
    fn moves_with_and_without_a_square() {
        assert_eq!(ok("moves"), Moves(None));
        assert_eq!(ok("moves e2"), Moves(Some("e2".into())));
        assert!(err("moves e2 e3").contains("at most one argument: `moves [SQUARE]`"));
    }

    #[test]
    fn moves_in_notation() {
        for m in [
            "e2e3",
            "2:a1c3",
            "P@e5",
            "P*e5",
            "e6e7+",
            "a7a8q",
            "e6e7=",
            "e2e4,e4d5",
        ] {
            assert_eq!(ok(m), Move(m.into()), "{m}");
        }
        // Two words are no move.
        assert!(err("e2 e3").starts_with("unknown command `e2`"));
    }

    #[test]
    fn dice_values() {
        assert_eq!(ok("dice 1 5"), Dice(vec![1, 5]));
        assert_eq!(ok("dice 1,5"), Dice(vec![1, 5]));
        assert_eq!(ok("dice 6"), Dice(vec![6]));
        assert_eq!(err("dice"), "`dice` needs the values rolled: `dice A B`");
        assert_eq!(
            err("dice 1 x"),
            "`dice`: `x` is not a whole number: `dice A B`"
        );
        assert!(err("dice 1 300").contains("`300` is too large"));
        assert!(err("perft 99999999999999999999").contains("is too large: `perft N`"));
    }

    #[test]
    fn set_an_option() {
        let want = Set {
            option: "bare-king".into(),
            choice: "off".into(),
        };
        assert_eq!(ok("set bare-king off"), want);
        assert_eq!(ok("set bare-king=off"), want);
        for bad in ["set", "set bare-king", "set a b c", "set =off", "set a="] {
            assert_eq!(
                err(bad),
                "`set` needs an option and a choice: `set OPT CHOICE`",
                "{bad}"
            );
        }
    }

    #[test]
    fn commands_taking_the_rest_of_the_line() {
        assert_eq!(ok("load chaturaji"), Load("chaturaji".into()));
        assert_eq!(ok("load my rules.yaml"), Load("my rules.yaml".into()));
        assert_eq!(ok("save g.json"), Save("g.json".into()));
        assert_eq!(ok("open g.yaml"), Open("g.yaml".into()));
        let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(ok(&format!("position {fen}")), Position(fen.into()));
        assert_eq!(
            err("load"),
            "`load` needs VARIANT|FILE: `load VARIANT|FILE`"
        );
        assert_eq!(err("save"), "`save` needs FILE: `save FILE`");
        assert_eq!(err("open"), "`open` needs FILE: `open FILE`");
        assert_eq!(err("position"), "`position` needs POS: `position POS`");
    }

    #[test]
    fn perft_and_divide_need_one_depth() {
        assert_eq!(ok("perft 3"), Perft(3));
        assert_eq!(ok("divide 2"), Divide(2));
        assert_eq!(err("perft"), "`perft` needs one depth: `perft N`");
        assert_eq!(err("divide 1 2"), "`divide` needs one depth: `divide N`");
        assert_eq!(
            err("perft -1"),
            "`perft`: `-1` is not a whole number: `perft N`"
        );
    }

    #[test]
    fn perft_and_divide_are_capped_with_a_pointer_to_the_command_line() {
        assert_eq!(ok("perft 7"), Perft(7));
        assert_eq!(ok("divide 7"), Divide(7));
        assert_eq!(
            err("perft 12"),
            "`perft 12` is deeper than the REPL's limit of 7: run \
             `ashtapada perft VARIANT 12 --position POS` (`fen` prints POS)"
        );
        assert!(err("divide 8").contains("`ashtapada perft VARIANT 8 --divide --position POS`"));
        // The help states the limit.
        let perft = COMMANDS.iter().find(|c| c.0 == "perft").unwrap();
        assert!(perft.2.contains(&format!("at most {MAX_PERFT_DEPTH}")));
        assert!(perft.2.contains("`ashtapada perft`"));
    }

    #[test]
    fn control_characters_are_refused_and_shown_escaped() {
        assert_eq!(
            err("e2e4\u{1b}[2J"),
            "`e2e4\\u{1b}[2J` contains a control character (shown escaped); type the command \
             without it"
        );
        assert!(err("load x\u{7}.yaml").starts_with("`load x\\u{7}.yaml` contains"));
        assert!(
            err("show\u{9b}31m").starts_with("`show\\u{9b}31m` contains"),
            "C1 CSI"
        );
        assert!(
            err("moves \u{202e}e2").contains("\\u{202e}"),
            "bidi override"
        );
        // Tabs separate words; other non-ASCII text is kept.
        assert_eq!(ok("moves\te2"), Moves(Some("e2".into())));
        assert_eq!(escape_unprintable("load règles.yaml"), "load règles.yaml");
        assert_eq!(escape_unprintable("a\rb\u{0}"), "a\\rb\\0");
    }

    #[test]
    fn ai_autoplay_and_help_take_an_optional_argument() {
        assert_eq!(ok("ai"), Ai(None));
        assert_eq!(ok("ai hard"), Ai(Some("hard".into())));
        assert_eq!(ok("autoplay"), Autoplay(None));
        assert_eq!(ok("autoplay 12"), Autoplay(Some(12)));
        assert_eq!(ok("help"), Help(None));
        assert_eq!(ok("help set"), Help(Some("set".into())));
        assert_eq!(ok("?"), Help(None));
        assert!(err("ai a b").contains("`ai [LEVEL]`"));
        assert_eq!(
            err("autoplay x"),
            "`autoplay`: `x` is not a whole number: `autoplay [N]`"
        );
        assert!(err("help a b").contains("`help [COMMAND]`"));
    }

    #[test]
    fn unknown_commands_suggest_the_closest() {
        assert_eq!(
            err("shwo"),
            "unknown command `shwo` (did you mean `show`?); `help` lists the commands, and a move is written like `e2e3`"
        );
        assert!(err("relaod").contains("did you mean `reload`?"));
        assert!(err("autoply 3").contains("did you mean `autoplay`?"));
        assert!(!err("xyzzy").contains("did you mean"));
    }

    #[test]
    fn every_command_word_parses() {
        for (name, usage, _) in COMMANDS {
            let line = usage
                .replace("[SQUARE]", "")
                .replace("[LEVEL]", "")
                .replace("[N]", "")
                .replace("[COMMAND]", "")
                .replace("OPT CHOICE", "a b")
                .replace("VARIANT|FILE", "x")
                .replace("A B", "1 2")
                .replace(" N", " 1")
                .replace("POS", "p")
                .replace("FILE", "f");
            assert!(parse(&line).is_ok(), "{name}: `{line}`");
        }
    }
}
