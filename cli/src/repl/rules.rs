//! Local rules and rule files in the REPL: `set`, `options`, `load`, `reload`. A change of
//! rules replays the game under the new ones; if an action no longer replays, nothing changes.

use super::session::{BOARD, Failure, Session, count};
use crate::report::render_diagnostics;
use ashtapada::compile;
use ashtapada::notation::{Record, ReplayError};
use ashtapada::spec::load;
use ashtapada::{Assignment, Position, Variant};
use std::io::Write;
use std::sync::Arc;

/// A rule-file diagnostic as text.
pub(super) fn diagnostics(d: &ashtapada::Diagnostics, color: bool) -> String {
    render_diagnostics(d, color, None).trim_end().to_string()
}

/// Problems as one line each: the message and the help (no location: the REPL line is the
/// only source).
pub(super) fn briefly(d: &ashtapada::Diagnostics) -> String {
    let lines: Vec<String> =
        d.0.iter()
            .map(|x| match &x.help {
                Some(h) => format!("{}; {h}", x.message),
                None => x.message.clone(),
            })
            .collect();
    lines.join("\n")
}

impl Session {
    /// Replays the game on `variant`: the new position, or which action no longer replays.
    pub(super) fn replay_on(&self, variant: &Arc<Variant>) -> Result<Position, String> {
        let record = Record::from_position(&self.pos, Some(self.seed));
        record.replay_on(variant).map_err(|e| match e {
            ReplayError::Action {
                index, text, error, ..
            } => format!("action {} `{text}` no longer replays: {error}", index + 1),
            other => other.to_string(),
        })
    }

    pub(super) fn set(
        &mut self,
        option: &str,
        choice: &str,
        out: &mut dyn Write,
    ) -> Result<(), String> {
        let assignment = self.variant().assignment.with(option, choice);
        let v = compile(&self.file, &assignment).map_err(|d| briefly(&d))?;
        let pos = self
            .replay_on(&v)
            .map_err(|e| format!("{e}; `{option}` stays `{}`", self.current(option)))?;
        let n = pos.ply();
        self.pos = pos;
        self.redo.clear();
        writeln!(
            out,
            "{option} = {}; the game ({}) replays under it",
            self.current(option),
            count(n, "action")
        )
        .map_err(|e| e.to_string())?;
        self.after_human(out)
    }

    /// The current choice of `option`.
    pub(super) fn current(&self, option: &str) -> String {
        self.variant()
            .assignment
            .get(option)
            .unwrap_or("?")
            .to_string()
    }

    pub(super) fn options(&self, out: &mut dyn Write) -> Result<(), String> {
        let mut text = String::new();
        if self.file.options.is_empty() {
            text.push_str(&format!("{} has no options\n", self.variant().name));
        }
        for o in &self.file.options {
            text.push_str(&format!(
                "{} = {}  ({})",
                o.name,
                self.current(&o.name),
                o.accepted()
            ));
            if let Some(d) = &o.description {
                text.push_str(&format!("\n    {d}"));
            }
            text.push('\n');
        }
        let board = if self.board { "on" } else { "off" };
        text.push_str(&format!(
            "{BOARD} = {board}  (on, off)
    the REPL's own: draw the board after each move, undo and redo
"
        ));
        // Names and descriptions come from the rule file: controls are shown escaped.
        write!(out, "{}", ashtapada::diag::printable(&text)).map_err(|e| e.to_string())
    }

    /// Checks that every name in `humans` is a seat of `v`.
    pub(super) fn check_humans(&self, v: &Variant, humans: &[String]) -> Result<(), String> {
        for h in humans {
            if v.seat_by_name(h).is_none() {
                let names: Vec<&str> = v.seats.iter().map(|s| s.name.as_str()).collect();
                let hint = ashtapada::dsl::suggest(h, names.iter().copied())
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                return Err(format!(
                    "`{h}` is not a seat of {}{hint}; the seats are {}",
                    v.name,
                    names.join(", ")
                ));
            }
        }
        Ok(())
    }

    pub(super) fn load(&mut self, source: &str, out: &mut dyn Write) -> Result<(), Failure> {
        // A rule file's problems are shown in full; an unknown name in one line.
        let is_file = std::path::Path::new(source).is_file();
        let report = |d: &ashtapada::Diagnostics| match is_file {
            true => Failure::Report(diagnostics(d, self.color)),
            false => Failure::Message(briefly(d)),
        };
        let file = load(source).map_err(|d| report(&d))?;
        let v = compile(&file, &Assignment::default())
            .map_err(|d| Failure::Report(diagnostics(&d, self.color)))?;
        if let Some(h) = &self.humans {
            self.check_humans(&v, h)?;
        }
        self.source = source.to_string();
        self.file = file;
        self.pos = Position::start(v);
        self.redo.clear();
        let status = self.status();
        writeln!(out, "loaded {}\n{status}", self.variant().title).map_err(|e| e.to_string())?;
        Ok(self.after_human(out)?)
    }

    pub(super) fn reload(&mut self, out: &mut dyn Write) -> Result<(), Failure> {
        let keep = "the old rules are kept";
        let kept = |d: &ashtapada::Diagnostics| {
            Failure::Report(format!("{}\n{keep}", diagnostics(d, self.color)))
        };
        let file = load(&self.source).map_err(|d| kept(&d))?;
        let v = compile(&file, &self.variant().assignment).map_err(|d| kept(&d))?;
        let pos = self.replay_on(&v).map_err(|e| format!("{e}; {keep}"))?;
        let n = pos.ply();
        self.file = file;
        self.pos = pos;
        self.redo.clear();
        writeln!(
            out,
            "reloaded {}: the game ({}) still replays",
            self.source,
            count(n, "action")
        )
        .map_err(|e| Failure::Message(e.to_string()))
    }
}
