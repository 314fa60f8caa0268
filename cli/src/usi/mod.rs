//! `ashtapada usi`: the Universal Shogi Interface for the two-seat variants with drops (shogi,
//! minishogi, kyotoshogi, torishogi and the catalogue's drop variants), so that shogi GUIs
//! and Fairy-Stockfish's USI mode can play them.
//!
//! A thin codec on the engine [`Session`], beside UCI's: the commands are UCI's under USI's
//! names (`usi`/`usiok`, `usinewgame`, `gameover`), positions are SFEN (`position sfen …` or
//! `startpos`), and moves are written as USI writes them: files counted from the right
//! (`9` … `1` left to right as sente sees the board), ranks lettered from the top (`a` … `i`),
//! `+` for a promotion and `P*5e` for a drop (`7g7f`, `8h2b+`). In `go`, `btime`/`binc` are
//! sente's (the first seat's) clock and `byoyomi` is given afresh for every move. Options
//! carry Fairy-Stockfish's USI names (`USI_Variant`, `USI_Hash`, `USI_MultiPV`, spaces as
//! `_`). Bad input gets an `info string error: …` line and changes nothing.

pub mod sfen;

use crate::engine::{Catalogue, Dialect, Go, OptionError, Output, Session, Thought, serve};
use ashtapada::Position;
use ashtapada::agents::Score;
use ashtapada::notation::{PositionError, PositionField};
use std::io::{BufRead, Write};
use std::sync::Arc;

/// USI's notation and lines.
pub struct Usi;

impl Dialect for Usi {
    fn move_in(&self, pos: &Position, text: &str) -> String {
        let board = pos.variant().board;
        let text = text.trim().trim_end_matches('=');
        let text = text.replace('*', "@");
        crate::engine::map_squares(&text, |s| sfen::read_square(board, s), |sq| board.name(sq))
    }

    fn position_commands(&self) -> &'static str {
        "`position startpos` or `position sfen …`"
    }

    /// SFEN, read as the shogi-style FEN it stands for ([`sfen::to_fen`]).
    fn position_in(&self, text: &str) -> Result<String, String> {
        sfen::to_fen(text)
    }

    /// "bad SFEN", the error located in the SFEN's own fields ([`sfen::locate`]); a problem
    /// of the whole position (a missing king) is not given a character.
    fn position_error(&self, variant: &str, text: &str, e: &PositionError) -> String {
        if e.field == PositionField::Whole {
            return format!("bad SFEN for {variant}: {}", e.message());
        }
        format!(
            "bad SFEN for {variant}, {}: {}",
            sfen::locate(text, e.span.start),
            e.message()
        )
    }

    fn move_out(&self, pos: &Position, text: String) -> String {
        let board = pos.variant().board;
        let text = text.replace('@', "*");
        crate::engine::map_squares(
            &text,
            |s| board.parse_square_prefix(s),
            |sq| sfen::square_name(board, sq),
        )
    }

    /// USI's names of the seats: the first is sente (`b` in SFEN), the second gote.
    fn seat_word(&self, index: usize) -> Option<&'static str> {
        ["sente", "gote"].get(index).copied()
    }

    /// USI's notation in the hints: `7g7f`, `8h2b+`, `P*5e`.
    fn hints(&self, message: String) -> String {
        use ashtapada::notation::{DROP_HINT, MOVE_HINT};
        message
            .replace(
                MOVE_HINT,
                "write origin and target squares, e.g. `7g7f`, and `+` to promote, e.g. `8h2b+`",
            )
            .replace(
                DROP_HINT,
                "write the piece's letter, `*` and the square, e.g. `P*5e`",
            )
    }

    /// As UCI's, a mate counted in plies (USI's `score mate`).
    fn thought(&self, t: &Thought) -> Option<String> {
        let mut t = t.clone();
        if let Score::Mate(m) = t.score {
            t.score = Score::Mate(if m > 0 { 2 * m - 1 } else { 2 * m });
        }
        crate::uci::Uci.thought(&t)
    }

    /// `bestmove resign` when there is no move.
    fn best(&self, best: Option<&str>, ponder: Option<&str>) -> String {
        match best {
            None => "bestmove resign".into(),
            b => crate::uci::Uci.best(b, ponder),
        }
    }
}

/// The variants USI offers: the two-seat variants with a hand (drops), shogi first.
pub fn catalogue() -> Catalogue {
    Catalogue::builtin_where(|v| v.rules.hands.is_some())
}

/// Runs the USI engine: reads commands from `input` until `quit` or the end of the input,
/// answers on `output`.
pub fn run(input: Box<dyn BufRead + Send>, output: Box<dyn Write + Send>) {
    let mut session = Session::new(Output::new(output), catalogue(), Arc::new(Usi));
    serve(&mut session, input, handle);
}

/// The commands USI knows, for the error naming an unknown one.
const COMMANDS: &str = "usi, isready, setoption, usinewgame, position, go, stop, ponderhit, \
                        gameover, quit";

/// Handles one line; false on `quit`.
fn handle(s: &mut Session, line: &str) -> bool {
    s.poll();
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return true;
    };
    let busy = s.busy();
    match first {
        "quit" => return false,
        "stop" | "ponderhit" => {
            s.stop();
        }
        // USI's `gameover win|lose|draw`: the game ended; any search stops.
        "gameover" => match rest {
            ["win" | "lose" | "draw"] => {
                s.stop();
            }
            [] => s.error("`gameover` needs one of win, lose, draw"),
            _ => s.error(&format!(
                "`gameover` needs one of win, lose, draw, not `{}`",
                rest.join(" ")
            )),
        },
        "isready" => s.say("readyok"),
        "usi" => usi(s),
        "debug" => {}
        _ if !is_command(first) => s.error(&format!(
            "unknown command `{first}`; commands are {COMMANDS}"
        )),
        _ if busy => s.error("a search is running: send `stop` first"),
        "setoption" => set_option(s, line),
        "usinewgame" => s.new_game(),
        "position" => {
            if let Err(e) = position(s, rest) {
                s.refuse_position(&e);
            }
        }
        _ => match go(rest) {
            Ok(None) => s.say("checkmate notimplemented"),
            Ok(Some(g)) => {
                if let Err(e) = s.go(&g) {
                    s.error(&e);
                }
            }
            Err(e) => s.error(&e),
        },
    }
    true
}

/// True for a command of [`COMMANDS`].
fn is_command(word: &str) -> bool {
    COMMANDS.split(", ").any(|c| c == word)
}

/// `usi`: identity, options under USI's names, `usiok`.
fn usi(s: &Session) {
    s.say(&format!("id name ashtapada {}", env!("CARGO_PKG_VERSION")));
    s.say("id author the ashtapada developers");
    for l in s.catalogue().option_lines(&s.variant().name) {
        s.say(&option_line(&l));
    }
    s.say("usiok");
}

/// A UCI option line under its USI name, as Fairy-Stockfish renames them: `UCI_X` → `USI_X`,
/// `Hash` and `MultiPV` → `USI_Hash`, `USI_MultiPV`, spaces in names → `_`.
fn option_line(uci: &str) -> String {
    let Some(rest) = uci.strip_prefix("option name ") else {
        return uci.to_string();
    };
    let at = rest.find(" type ").unwrap_or(rest.len());
    let (name, tail) = rest.split_at(at);
    let name = match name {
        "Hash" | "MultiPV" => format!("USI_{name}"),
        n => n.strip_prefix("UCI_").map_or_else(
            || n.replace(' ', "_"),
            |x| format!("USI_{}", x.replace(' ', "_")),
        ),
    };
    format!("option name {name}{tail}")
}

/// `setoption name NAME [value VALUE]`, the name in USI's spelling or UCI's.
fn set_option(s: &mut Session, line: &str) {
    let words: Vec<&str> = line.split_whitespace().skip(1).collect();
    if words.first() != Some(&"name") || words.len() < 2 {
        return s.error("write `setoption name NAME value VALUE`");
    }
    let at = words
        .iter()
        .position(|w| *w == "value")
        .unwrap_or(words.len());
    let name = words[1..at].join(" ");
    let value = words.get(at + 1..).map(|v| v.join(" ")).unwrap_or_default();
    let neutral = name.to_ascii_lowercase().replace('_', " ");
    let neutral = match neutral.strip_prefix("usi ") {
        Some("variant") => "uci variant".to_string(),
        Some(rest) => rest.to_string(),
        None => neutral,
    };
    match s.set_option(&neutral, &value) {
        Ok(None) => {}
        Ok(Some(loaded)) => s.note(&format!(
            "variant `{loaded}` loaded: set USI_Variant to play it"
        )),
        Err(OptionError::Bad(e)) => s.error(&e),
        Err(OptionError::Unknown) => s.error(&format!(
            "unknown option `{name}`; options are USI_Variant, VariantPath, Level, USI_Hash, \
             Clear_Hash, Move_Overhead, USI_MultiPV"
        )),
    }
}

/// `position startpos|sfen SFEN [moves M…]`.
fn position(s: &mut Session, words: &[&str]) -> Result<(), String> {
    let at = words.iter().position(|w| *w == "moves");
    let (head, moves) = match at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let fen = match head {
        ["startpos"] => None,
        ["sfen", sfen @ ..] if !sfen.is_empty() => Some(sfen.join(" ")),
        _ => {
            return Err(
                "write `position startpos [moves …]` or `position sfen SFEN [moves …]`".into(),
            );
        }
    };
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    s.set_position(fen.as_deref(), &moves)
}

/// `go …` read as UCI's `go` with the clocks swapped (USI's `btime` is sente's, the first
/// seat's) and `byoyomi` taken out; `Ok(None)` for `go mate` (a tsume search, answered
/// `checkmate notimplemented`).
fn go(words: &[&str]) -> Result<Option<Go>, String> {
    let mut uci = Vec::new();
    let mut byoyomi = None;
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        i += 1;
        match w {
            "mate" => return Ok(None),
            "byoyomi" => {
                let text = words.get(i).ok_or("`go byoyomi` needs a number")?;
                i += 1;
                let n: i64 = text
                    .parse()
                    .map_err(|_| format!("`go byoyomi {text}`: `{text}` is not a whole number"))?;
                byoyomi = Some(n.max(0) as u64);
            }
            "btime" => uci.push("wtime"),
            "wtime" => uci.push("btime"),
            "binc" => uci.push("winc"),
            "winc" => uci.push("binc"),
            other => uci.push(other),
        }
    }
    let mut g = crate::uci::parse_go(&uci)?;
    g.byoyomi = byoyomi;
    Ok(Some(g))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_carry_fairy_stockfish_usi_names() {
        assert_eq!(
            option_line("option name Hash type spin default 2 min 1 max 4096"),
            "option name USI_Hash type spin default 2 min 1 max 4096"
        );
        assert_eq!(
            option_line("option name UCI_Variant type combo default shogi var shogi"),
            "option name USI_Variant type combo default shogi var shogi"
        );
        assert_eq!(
            option_line("option name Move Overhead type spin default 30 min 0 max 5000"),
            "option name Move_Overhead type spin default 30 min 0 max 5000"
        );
    }

    #[test]
    fn go_swaps_the_clocks_and_reads_byoyomi() {
        let g = go(&[
            "btime", "1000", "wtime", "2000", "byoyomi", "300", "binc", "5",
        ])
        .unwrap()
        .unwrap();
        assert_eq!(g.time, [Some(1000), Some(2000)]);
        assert_eq!(g.inc, [Some(5), None]);
        assert_eq!(g.byoyomi, Some(300));
        assert_eq!(go(&["mate", "infinite"]), Ok(None));
        assert!(go(&["byoyomi"]).is_err());
        assert!(go(&["sideways"]).is_err());
    }

    #[test]
    fn moves_are_translated_both_ways_on_the_shogi_board() {
        let v = ashtapada::load_variant("shogi", &ashtapada::Assignment::default()).unwrap();
        let pos = Position::start(v);
        // Sente's pawn from the seventh file, third rank: g3g4 in coordinates.
        for (usi, ours) in [
            ("7g7f", "c3c4"),
            ("8h2b+", "b2h8+"),
            ("P*5e", "P@e5"),
            ("1a1b", "i9i8"),
            ("9i9h", "a1a2"),
        ] {
            assert_eq!(Usi.move_in(&pos, usi), ours, "{usi}");
            assert_eq!(Usi.move_out(&pos, ours.to_string()), usi, "{ours}");
        }
        assert_eq!(Usi.move_in(&pos, "7g7f="), "c3c4");
    }
}
