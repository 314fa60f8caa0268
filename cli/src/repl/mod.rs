//! The REPL (`ashtapada repl`) and terminal play (`ashtapada play`).
//!
//! On a terminal, lines are read with rustyline: history kept across sessions, tab
//! completion of commands, options, legal moves and file names (a second Tab lists the
//! candidates), lines pasted or typed ahead run one after another, Ctrl-C cancels the line or
//! stops the running command, Ctrl-D quits. Otherwise ([`run_script`], [`run_lines`]) one
//! command is read per line, with no prompt and no colour, each answer flushed before the
//! next line is read, and the exit code is 0 at the end of the input.

mod board;
mod command;
mod complete;
mod computer;
mod play;
mod records;
mod rules;
mod session;

pub use command::{COMMANDS, Command, MAX_PERFT_DEPTH, ParseError, escape_unprintable, parse};
pub use complete::{Words, candidates};
pub use session::{BOARD, Failure, Session, Setup};

use ashtapada::notation::move_to_string;
use complete::ReplHelper;
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Config, Editor};
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// Runs `input` in `session`, one command per line, writing results to `out` and each error
/// as one line `error: …`. With `echo`, each command is written first after `> ` (for
/// transcripts). Stops at the end of the input or at `quit`.
pub fn run_script(session: &mut Session, input: &str, out: &mut dyn Write, echo: bool) {
    run_lines(session, input.as_bytes(), out, echo);
}

/// Runs the commands read from `input` one line at a time, as they arrive, flushing `out`
/// after each (so that a program can drive the REPL through a pipe). A line that is not
/// UTF-8 text is one error line; the session goes on. Stops at the end of input, a read error
/// or `quit`.
pub fn run_lines(session: &mut Session, mut input: impl BufRead, out: &mut dyn Write, echo: bool) {
    session.begin(out);
    let _ = out.flush();
    let mut bytes = Vec::new();
    for number in 1.. {
        session.set_idle(true);
        let read = crate::lines::read_line(&mut input, &mut bytes, crate::lines::MAX_LINE_BYTES);
        session.set_idle(false);
        match read {
            Ok(crate::lines::Line::End) | Err(_) => break,
            Ok(crate::lines::Line::TooLong(n)) => {
                let _ = writeln!(out, "error: {}", crate::lines::too_long(number, n));
                let _ = out.flush();
                continue;
            }
            Ok(crate::lines::Line::Read) => {}
        }
        let Ok(text) = std::str::from_utf8(crate::lines::without_bom(number, &bytes)) else {
            let _ = writeln!(out, "error: line {number} is not UTF-8 text");
            continue;
        };
        let line = text.trim_end_matches(['\n', '\r']);
        if echo {
            let _ = writeln!(out, "> {}", escape_unprintable(line));
        }
        run_line(session, line, out);
        let _ = out.flush();
        if session.quit {
            break;
        }
    }
}

/// Parses and runs one line; an error is written as one `error: …` line (a rule-file report
/// as its lines).
fn run_line(session: &mut Session, line: &str, out: &mut dyn Write) {
    let result = parse(line)
        .map_err(|e| Failure::Message(e.to_string()))
        .and_then(|cmd| session.execute(cmd, out));
    if let Err(e) = result {
        // Errors quote records and rule files: their control characters are shown escaped
        // (a rendered report is escaped already, and keeps its colours).
        let _ = writeln!(out, "error: {}", e.printable());
    }
}

/// The interactive loop on a terminal.
///
/// # Errors
/// The terminal cannot be read.
pub fn run_interactive(session: &mut Session, out: &mut dyn Write) -> Result<(), String> {
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .build();
    let mut rl: Editor<ReplHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(rl) => rl,
        Err(e) => return Err(format!("cannot read the terminal: {e}")),
    };
    rl.set_helper(Some(ReplHelper::default()));
    let history = history_path();
    if let Some(h) = &history {
        let _ = rl.load_history(h);
    }
    let _ = writeln!(
        out,
        "ashtapada — {}. `help` lists the commands; Tab completes; Ctrl-D quits.",
        session.variant().title
    );
    session.begin(out);
    if !session.is_play() {
        run_line(session, "show", out);
    }
    loop {
        if let Some(h) = rl.helper_mut() {
            h.words = words(session);
        }
        let _ = out.flush();
        let prompt = format!("{}> ", session.prompt());
        match rl.readline(&prompt) {
            // A paste of several lines comes as one text: each line is a command.
            Ok(text) => {
                for line in text.lines() {
                    if !line.trim().is_empty() {
                        let _ = rl.add_history_entry(line);
                    }
                    session.set_idle(false);
                    run_line(session, line, out);
                    let _ = out.flush();
                    if session.quit {
                        break;
                    }
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            // A byte that is not UTF-8 ends the line read so far; the session goes on.
            Err(ReadlineError::Io(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                let _ = writeln!(
                    out,
                    "error: the input is not UTF-8 text; the line typed so far was dropped"
                );
            }
            Err(e) => {
                let _ = writeln!(out, "error: {e}");
                break;
            }
        }
        if session.quit {
            break;
        }
    }
    if let Some(h) = &history {
        if let Some(dir) = h.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = rl.save_history(h);
    }
    Ok(())
}

/// `$XDG_DATA_HOME/ashtapada/history`, else `~/.local/share/ashtapada/history`.
fn history_path() -> Option<PathBuf> {
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(data.join("ashtapada").join("history"))
}

/// The completion words of the session's position.
fn words(session: &Session) -> Words {
    let mut pos = session.position().clone();
    let mut moves = Vec::new();
    let mut origins = Vec::new();
    if pos.outcome().is_none() && !pos.awaiting_roll() {
        let mut list = Vec::new();
        pos.game_moves(&mut list);
        let board = pos.variant().board;
        for m in list {
            moves.push(move_to_string(&pos, m));
            if !m.is_drop() {
                origins.push(board.name(m.from));
            }
        }
        if pos.can_pass() {
            moves.push("pass".to_string());
        }
    }
    origins.sort();
    origins.dedup();
    let mut options: Vec<(String, Vec<String>)> = session
        .rule_file()
        .options
        .iter()
        .map(|o| (o.name.clone(), o.listed_choices()))
        .collect();
    options.push((BOARD.to_string(), vec!["on".into(), "off".into()]));
    Words {
        moves,
        origins,
        options,
    }
}
