//! `ashtapada._native`: the Rust side of the Python module `ashtapada`.
//!
//! A thin layer over the interpreter's public API: [`load`] compiles a rule file into a
//! [`PyVariant`], whose games are [`PyGame`]s; [`simulate::simulate`] plays seeded games and
//! hands back the report as the CLI's JSON text with the per-game table as CSV text. The
//! Python package (`python/ashtapada/`) wraps these in its documented classes.

use ashtapada::spec::RuleFile;
use ashtapada::{Assignment, Variant};
use errors::{AshtapadaError, diag_err};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

mod actions;
mod errors;
mod game;
mod interrupt;
mod simulate;

/// A compiled variant: one rule file under one option assignment.
#[pyclass(name = "Variant", module = "ashtapada._native", frozen)]
pub struct PyVariant {
    pub(crate) file: Arc<RuleFile>,
    pub(crate) variant: Arc<Variant>,
    /// What `load` was given (a built-in name or a path).
    pub(crate) source: String,
}

#[pymethods]
impl PyVariant {
    /// The variant's name (`chess`, `chaturaji`, …).
    #[getter]
    fn name(&self) -> String {
        self.variant.name.clone()
    }

    /// The rule file's title.
    #[getter]
    fn title(&self) -> String {
        self.variant.title.clone()
    }

    /// The same rule file compiled under `options` ({option: choice}) over this variant's
    /// assignment; works for variants loaded from text too.
    #[pyo3(signature = (options = None))]
    fn with_options(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyVariant> {
        let merged = PyDict::new(py);
        for (k, v) in &self.variant.assignment.0 {
            merged.set_item(k, v)?;
        }
        if let Some(d) = options {
            merged.update(d.as_mapping())?;
        }
        compiled(self.file.clone(), Some(&merged), &self.source)
    }

    /// What `load` was given: a built-in name or a rule file's path (`loads`: its `name`).
    #[getter]
    fn source(&self) -> String {
        self.source.clone()
    }

    /// Seat names in turn order.
    #[getter]
    fn seats(&self) -> Vec<String> {
        self.variant.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// Piece kinds as (name, letter), in kind order: code `k + 1` of `Game.board()`.
    #[getter]
    fn kinds(&self) -> Vec<(String, String)> {
        self.variant
            .kinds
            .iter()
            .map(|k| (k.name.clone(), k.letter.to_string()))
            .collect()
    }

    /// The board's size as (ranks, files): the shape of `Game.board()`.
    #[getter]
    fn shape(&self) -> (usize, usize) {
        (
            self.variant.board.ranks as usize,
            self.variant.board.files as usize,
        )
    }

    /// The option assignment in force: {option: choice} for every option of the rule file.
    #[getter]
    fn assignment(&self) -> Vec<(String, String)> {
        self.variant.assignment.0.clone()
    }

    /// The rule file's options: {name: {"default", "choices", "description"}}.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for o in &self.file.options {
            let d = PyDict::new(py);
            d.set_item("default", &o.default)?;
            d.set_item("choices", o.listed_choices())?;
            d.set_item("description", o.description.clone())?;
            out.set_item(&o.name, d)?;
        }
        Ok(out)
    }

    /// Dice: (dice per roll, face values), or None for a variant without dice.
    #[getter]
    fn dice(&self) -> Option<(u32, Vec<u32>)> {
        let d = self.variant.rules.dice.as_ref()?;
        Some((d.count.into(), d.faces.iter().map(|&f| f.into()).collect()))
    }

    /// The number of distinct action ids (`Game.legal_action_ids()` are below it).
    #[getter]
    fn num_actions(&self) -> u64 {
        actions::Codec::of(&self.variant).total()
    }

    /// The compiled rules, as `ashtapada explain` prints them.
    fn explain(&self) -> String {
        self.variant.explain()
    }

    /// A game at the variant's setup.
    fn start(&self) -> game::PyGame {
        game::PyGame::new(ashtapada::Position::start(self.variant.clone()))
    }

    /// A game from a position: FEN (two-seat variants) or a position string.
    fn position(&self, text: &str) -> PyResult<game::PyGame> {
        ashtapada::notation::parse_position(&self.variant, text)
            .map(game::PyGame::new)
            .map_err(|e| errors::position_err(&self.variant, text, &e))
    }

    fn __repr__(&self) -> String {
        format!("<ashtapada.Variant {}>", self.variant.name)
    }
}

/// Loads and compiles a variant: a built-in name or a rule file's path, with `options`
/// ({option: choice}) over the defaults.
#[pyfunction]
#[pyo3(signature = (name_or_path, options = None))]
fn load(name_or_path: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<PyVariant> {
    let file = ashtapada::spec::load(name_or_path).map_err(|d| diag_err(&d))?;
    compiled(Arc::new(file), options, name_or_path)
}

/// Loads and compiles a rule file given as YAML text, named `name` in messages; `extends:`
/// in it resolves built-in names and paths relative to the working directory.
#[pyfunction]
#[pyo3(signature = (text, options = None, name = "<rule file>"))]
fn loads(text: &str, options: Option<&Bound<'_, PyDict>>, name: &str) -> PyResult<PyVariant> {
    let file = ashtapada::spec::load_str(name, text).map_err(|d| diag_err(&d))?;
    compiled(Arc::new(file), options, name)
}

/// The variant `file` compiles to under `options` ({option: choice}) over the defaults.
fn compiled(
    file: Arc<RuleFile>,
    options: Option<&Bound<'_, PyDict>>,
    source: &str,
) -> PyResult<PyVariant> {
    let mut items: Vec<String> = Vec::new();
    for (k, v) in options.into_iter().flat_map(|d| d.iter()) {
        items.push(format!("{}={}", k.str()?, v.str()?));
    }
    let assignment = Assignment::parse(&items).map_err(|d| diag_err(&d))?;
    let variant = ashtapada::compile(&file, &assignment).map_err(|d| diag_err(&d))?;
    Ok(PyVariant {
        file,
        variant,
        source: source.to_string(),
    })
}

/// The names of the built-in variants.
#[pyfunction]
fn builtins() -> Vec<String> {
    ashtapada::spec::all_builtins()
        .map(|(n, _)| n.to_string())
        .collect()
}

/// The built-in agent names.
#[pyfunction]
fn agent_names() -> Vec<String> {
    ashtapada::agents::AGENT_NAMES
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// The module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("AshtapadaError", m.py().get_type::<AshtapadaError>())?;
    m.add_class::<PyVariant>()?;
    m.add_class::<game::PyGame>()?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(loads, m)?)?;
    m.add_function(wrap_pyfunction!(builtins, m)?)?;
    m.add_function(wrap_pyfunction!(agent_names, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::merge, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::report_from_json, m)?)?;
    m.add_class::<simulate::SimReport>()?;
    Ok(())
}
