//! # ashtapada-web
//!
//! ashtapada in the browser: the interpreter compiled to WebAssembly
//! (`wasm32-unknown-unknown`) with a [`wasm_bindgen`] surface for the playground page in
//! `web/www/` (see `docs/web.md`). Games run on the page's thread and, for the computer
//! players, in a Web Worker; the WebAssembly build has no threads and reads no files
//! (`extends:` reaches the built-ins only).
//!
//! Structured results cross to JavaScript as JSON text (the page calls `JSON.parse`); errors
//! are thrown as strings: a JSON `{"diagnostics": [...]}` for a rule file that does not load,
//! a message for anything else. Every function works natively too, where the tests call it.

pub mod check;
pub mod game;
pub mod sim;
pub mod view;

use serde_json::json;
use wasm_bindgen::prelude::*;

/// The built-in variants: a JSON array of `{name, group}` (`seeds`, `classics` or
/// `catalogue`), in `ashtapada list`'s order.
#[wasm_bindgen]
pub fn builtins() -> String {
    use ashtapada::spec::Group;
    let list: Vec<serde_json::Value> = (Group::ALL.iter())
        .flat_map(|&g| {
            let group = format!("{g:?}").to_lowercase();
            g.names()
                .into_iter()
                .map(move |n| json!({ "name": n, "group": group }))
        })
        .collect();
    serde_json::Value::Array(list).to_string()
}

/// The rule-file text of the built-in `name`, or undefined for an unknown name.
#[wasm_bindgen]
pub fn builtin_text(name: &str) -> Option<String> {
    ashtapada::spec::builtin(name).map(|(_, t)| t.to_string())
}

/// Checks a rule file's text under every option choice: JSON
/// `{"ok": bool, "diagnostics": [...]}` ([`check::check_text`]).
#[wasm_bindgen]
pub fn check(text: &str) -> String {
    check::check_text(text).to_string()
}

/// A quick seeded simulation of the rule file `text` (options as a JSON object, `sweep` an
/// option name, `OPT=V,…` or empty): the report as `simulate --format json` writes it.
///
/// # Errors
/// A rule file that does not load (diagnostics JSON), an unknown agent or option.
#[wasm_bindgen]
pub fn simulate(
    text: &str,
    options: &str,
    sweep: &str,
    games: u32,
    seed: u32,
    agent: &str,
) -> Result<String, String> {
    let file =
        ashtapada::spec::load_str(check::EDITOR, text).map_err(|d| check::diagnostics_text(&d))?;
    let base = Game::new(text, options, 0)?
        .inner
        .variant()
        .assignment
        .clone();
    let sweep: Vec<String> = (!sweep.trim().is_empty())
        .then(|| sweep.trim().to_string())
        .into_iter()
        .collect();
    let report = sim::simulate(
        &file,
        &base,
        &sweep,
        (games.into(), seed.into(), 2000),
        agent,
    )?;
    Ok(report.to_string())
}

/// A simulation report ([`simulate`]'s JSON) drawn as the CLI's `--plot` draws it
/// ([`ashtapada_plot::svg`]): an SVG document. Call it on the page's thread: in WebAssembly
/// the text is measured by the browser's document.
///
/// # Errors
/// The text is not such a report.
#[wasm_bindgen]
pub fn plot(report: &str) -> Result<String, String> {
    ashtapada::sim::Report::from_json(report).map(|r| ashtapada_plot::svg(&r))
}

/// A game in the page ([`game::Session`]).
#[wasm_bindgen]
pub struct Game {
    inner: game::Session,
}

#[wasm_bindgen]
impl Game {
    /// A game of the rule file `text` under `options` (a JSON object of option name to
    /// choice, or empty), dice and computer players drawing from `seed`.
    ///
    /// # Errors
    /// The located diagnostics as JSON text.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, options: &str, seed: u32) -> Result<Game, String> {
        game::Session::new(text, options, seed.into()).map(|inner| Game { inner })
    }

    /// A game of the built-in variant `name`.
    ///
    /// # Errors
    /// An unknown name or option (diagnostics JSON).
    pub fn builtin(name: &str, options: &str, seed: u32) -> Result<Game, String> {
        game::Session::builtin(name, options, seed.into()).map(|inner| Game { inner })
    }

    /// Everything to draw, as JSON ([`game::Session::state_json`]).
    pub fn state(&mut self) -> String {
        self.inner.state_json().to_string()
    }

    /// The rule file's options and this game's choices, as JSON.
    pub fn options(&self) -> String {
        self.inner.options_json().to_string()
    }

    /// Plays an action written as the REPL writes it; returns its text in the move list.
    ///
    /// # Errors
    /// Why the action is refused.
    pub fn play(&mut self, text: &str) -> Result<String, String> {
        self.inner.play(text)
    }

    /// Rolls the dice at random; returns the roll's text.
    ///
    /// # Errors
    /// No dice, or no roll due.
    pub fn roll(&mut self) -> Result<String, String> {
        self.inner.roll()
    }

    /// Takes back the last action; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// Plays again the last action taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        self.inner.redo()
    }

    /// Sets the position from FEN or an extended position string.
    ///
    /// # Errors
    /// What is wrong with the text.
    pub fn set_position(&mut self, text: &str) -> Result<(), String> {
        self.inner.set_position(text)
    }

    /// One computer turn by `level` (`easy`, `medium`, `hard`, `random`, `greedy`): a JSON
    /// array of the texts played.
    ///
    /// # Errors
    /// An unknown level, or a game that is over.
    pub fn computer_turn(&mut self, level: &str) -> Result<String, String> {
        self.inner
            .computer_turn(level)
            .map(|t| json!(t).to_string())
    }

    /// Perft from this position to `depth` (a float: exact below 2^53).
    pub fn perft(&mut self, depth: u32) -> f64 {
        self.inner.perft(depth) as f64
    }
}
