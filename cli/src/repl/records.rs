//! The game as a whole: `history`, and game records with `save` and `open`.

use super::session::{Session, count, texts_from};
use ashtapada::notation::Record;
use ashtapada::spec::load_referenced;
use ashtapada::{Action, Seat};
use std::io::Write;

impl Session {
    /// The game so far, one line per turn: `N. SEAT ACTIONS`.
    pub(super) fn history(&self, out: &mut dyn Write) -> Result<(), String> {
        let mut p = self.pos.clone();
        let mut actions = Vec::new();
        while let Some(a) = p.undo() {
            actions.push(a);
        }
        actions.reverse();
        let texts = texts_from(&p, &actions);
        let mut turns: Vec<(Seat, Vec<String>)> = Vec::new();
        for (a, text) in actions.into_iter().zip(texts) {
            let seat = p.to_move();
            let new_turn = matches!(a, Action::Roll(_))
                || turns.last().is_none_or(|(s, _)| *s != seat)
                || self.variant().rules.dice.is_none();
            if new_turn {
                turns.push((seat, vec![text]));
            } else if let Some((_, t)) = turns.last_mut() {
                t.push(text);
            }
            let _ = p.play_action(a);
        }
        let mut text = String::new();
        if turns.is_empty() {
            text.push_str("no moves yet\n");
        }
        for (i, (seat, acts)) in turns.iter().enumerate() {
            text.push_str(&format!(
                "{}. {} {}\n",
                i + 1,
                self.seat_name(*seat),
                acts.join(" ")
            ));
        }
        write!(out, "{text}").map_err(|e| e.to_string())
    }

    /// Writes the game record to `path` (PGN for `.pgn`, two-seat games without dice; YAML
    /// for `.yaml`/`.yml`; else JSON).
    ///
    /// # Errors
    /// The path is a folder, device or named pipe, or cannot be written.
    pub(super) fn save(&self, path: &str, out: &mut dyn Write) -> Result<(), String> {
        let mut record = Record::from_position(&self.pos, Some(self.seed));
        // A rule file is named by its absolute path, so the record replays from any folder.
        record.variant = match &self.file.path {
            Some(p) => std::fs::canonicalize(p)
                .map_or_else(|_| self.source.clone(), |p| p.display().to_string()),
            None => self.source.clone(),
        };
        let lower = path.to_ascii_lowercase();
        let text = if lower.ends_with(".pgn") {
            ashtapada::notation::to_pgn(&self.pos, &[("Event", "ashtapada repl".into())])?
        } else if lower.ends_with(".yaml") || lower.ends_with(".yml") {
            record.to_yaml()
        } else {
            record.to_json()
        };
        // A device or a named pipe would block or swallow the record: only files are written.
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            return Err(format!("cannot write `{path}`: not a regular file"));
        }
        // Never over the rule file being played or a file it extends.
        if let Some(input) = self
            .file
            .files
            .iter()
            .find(|f| crate::output::same_file(std::path::Path::new(path), f))
        {
            return Err(format!(
                "cannot write `{path}`: it is `{}`, the rule file of this game; save the record to another file",
                input.display()
            ));
        }
        crate::output::write_atomic(std::path::Path::new(path), text.as_bytes())?;
        writeln!(
            out,
            "saved {} to {path}",
            count(record.actions.len(), "action")
        )
        .map_err(|e| e.to_string())
    }

    /// Reads the record at `path` and replays it, switching to its variant; with `expect`,
    /// a record of any other variant is refused (`play VARIANT --open FILE`).
    pub(super) fn open(
        &mut self,
        path: &str,
        expect: Option<&str>,
        out: &mut dyn Write,
    ) -> Result<(), String> {
        // Bounded as a record (4 MiB), and only a regular file: `/dev/zero` or a named pipe is refused unread.
        let text = crate::output::read_record(std::path::Path::new(path))
            .map_err(|e| format!("cannot read `{path}`: {e}"))?;
        let (pos, source, actions) = if crate::cmd::replay::is_pgn(path, &text) {
            // A PGN game (as `save x.pgn` writes): its `Variant` tag names the built-in.
            let game = crate::cmd::replay::replay_pgn_text(&text, None)
                .map_err(|f| format!("{path}: {}", f.message))?;
            let name = game.pos.variant().name.clone();
            (game.pos, name, game.moves)
        } else {
            let record = Record::parse(&text).map_err(|e| {
                crate::output::not_a_record(path, &text).unwrap_or_else(|| format!("{path}: {e}"))
            })?;
            let pos = record.replay().map_err(|e| format!("{path}: {e}"))?;
            (pos, record.variant.clone(), record.actions.len())
        };
        let file = load_referenced(&source).map_err(|d| format!("{path}: {}", d.one_line()))?;
        if let Some(want) = expect
            && pos.variant().name != want
        {
            return Err(format!(
                "{path} is a record of {}, not {want}: open it with `ashtapada play {} --open {path}`",
                pos.variant().name,
                source
            ));
        }
        if let Some(h) = &self.humans {
            self.check_humans(pos.variant(), h)?;
        }
        self.source = source;
        self.file = file;
        self.pos = pos;
        self.redo.clear();
        let status = self.status();
        writeln!(
            out,
            "opened {path}: {} of {}\n{status}",
            count(actions, "action"),
            self.variant().name
        )
        .map_err(|e| e.to_string())?;
        self.after_human(out)
    }
}
