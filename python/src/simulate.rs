//! `simulate`: seeded games between agents, for one option assignment or a sweep, reported as
//! `ashtapada simulate --format json` reports them (the same numbers), with the per-game table
//! as `--per-game` writes it. The GIL is released while the games are played; a Python
//! callable in a seat takes it back for each of its moves.

use crate::PyVariant;
use crate::errors::{diag_err, err, int_in};
use crate::game::PyGame;
use crate::interrupt::interruptible;
use ashtapada::agents::{Agent, ChaCha8Rng, Refusal, by_name};
use ashtapada::sim::{self, GameResult, Observer, Plan, Report};
use ashtapada::vocab::Action;
use ashtapada::{Position, Stop};
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

/// One seat's player as given: a built-in agent's name or a Python callable.
enum Player {
    Builtin(String),
    Python(Py<PyAny>),
}

/// A Python callable as an agent: called with a `Game` (a copy of the position), it returns
/// the action's text or id.
struct PyAgent {
    call: Py<PyAny>,
    name: String,
}

impl Agent for PyAgent {
    fn choose(&mut self, pos: &mut Position, _rng: &mut ChaCha8Rng) -> Result<Action, Refusal> {
        if pos.outcome().is_some() {
            return Err(Refusal::GameOver);
        }
        if pos.awaiting_roll() {
            return Err(Refusal::RollDue);
        }
        let chosen = Python::attach(|py| -> PyResult<Action> {
            let game = Bound::new(py, PyGame::new(pos.clone()))?;
            let answer = self.call.bind(py).call1((game.clone(),))?;
            game.borrow_mut().action_of(&answer)
        });
        // A callable that fails or answers with an illegal action forfeits the choice: the
        // first legal action is played (and the error is printed by Python).
        chosen
            .inspect_err(|e| Python::attach(|py| e.print(py)))
            .or_else(|_| ashtapada_first(pos))
    }

    fn name(&self) -> &str {
        &self.name
    }
}

/// The first legal action: a move, else pass, else resign.
fn ashtapada_first(pos: &mut Position) -> Result<Action, Refusal> {
    let mut moves = Vec::new();
    pos.game_moves(&mut moves);
    Ok(match moves.first() {
        Some(m) => Action::Move(*m),
        None if pos.can_pass() => Action::Pass,
        None => Action::Resign,
    })
}

/// Watches the games: keeps each game's result for the per-game table (when asked for; the
/// table is only built if Python reads it) and stops the run once `stop` is set.
struct Rows<'a> {
    keep: bool,
    results: Mutex<Vec<(usize, GameResult)>>,
    stop: &'a Stop,
}

impl Observer for Rows<'_> {
    fn finished(&self, run: usize, result: &GameResult, _pos: &Position) {
        if self.keep {
            self.results
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((run, result.clone()));
        }
    }

    fn stopped(&self) -> bool {
        self.stop.is_set()
    }
}

/// The variant of each assignment, and every game's (assignment, result).
type Games = (Vec<Arc<ashtapada::Variant>>, Vec<(usize, GameResult)>);

/// A simulation's report, with the results of its games when they were kept: what
/// `ashtapada.Report` wraps. Its texts are made when asked for.
#[pyclass(name = "SimReport", module = "ashtapada._native", frozen)]
pub struct SimReport {
    report: Report,
    /// The variant of each assignment and every game's (assignment, result), if kept.
    games: Option<Games>,
}

#[pymethods]
impl SimReport {
    /// The report as `ashtapada simulate --format json` writes it.
    fn json_text(&self) -> String {
        json_text(&self.report)
    }

    /// The report as `ashtapada simulate` prints it (its default table format).
    fn text(&self) -> String {
        ashtapada::diag::printable(&self.report.to_string()).into_owned()
    }

    /// The per-game table as `simulate --per-game FILE` writes it, or None when the games
    /// were not kept (`per_game=False`, or a report read from JSON).
    fn per_game_csv(&self) -> Option<String> {
        let (variants, results) = self.games.as_ref()?;
        let mut table = sim::PerGame::new(variants);
        for (run, r) in results {
            if let Some(v) = variants.get(*run) {
                table.add(*run, self.report.seed, v, r);
            }
        }
        Some(table.to_csv(&self.report))
    }
}

/// The players of `agents` (names or callables; none: `random`) and their names for the
/// report, checked as the CLI checks `--agents`: one for every seat, or one per seat.
#[allow(clippy::type_complexity)]
fn players_of(agents: &[Bound<'_, PyAny>], seats: usize) -> PyResult<(Vec<Player>, Vec<String>)> {
    let mut players = Vec::new();
    let mut names = Vec::new();
    for a in agents {
        if let Ok(name) = a.extract::<String>() {
            by_name(&name).map_err(err)?;
            names.push(name.clone());
            players.push(Player::Builtin(name));
        } else if a.is_callable() {
            let name = a
                .getattr("__name__")
                .and_then(|n| n.extract::<String>())
                .unwrap_or_else(|_| "python".to_string());
            names.push(format!("python:{name}"));
            players.push(Player::Python(a.clone().unbind()));
        } else {
            return Err(err(
                "an agent is a built-in agent's name or a callable(game) -> action",
            ));
        }
    }
    if players.is_empty() {
        players.push(Player::Builtin("random".into()));
        names.push("random".into());
    }
    if players.len() != 1 && players.len() != seats {
        return Err(err(format!(
            "{} agents given for {seats} seats; give one agent for every seat or {seats}, in \
             turn order",
            players.len()
        )));
    }
    Ok((players, names))
}

/// A fresh set of agents for one game, one per player.
fn fresh_agents(players: &[Player]) -> Vec<Box<dyn Agent>> {
    players
        .iter()
        .map(|p| -> Box<dyn Agent> {
            match p {
                Player::Builtin(n) => by_name(n).expect("agent names are checked"),
                Player::Python(c) => Python::attach(|py| {
                    let name = c
                        .bind(py)
                        .getattr("__name__")
                        .and_then(|n| n.extract::<String>())
                        .unwrap_or_else(|_| "python".into());
                    Box::new(PyAgent {
                        call: c.clone_ref(py),
                        name,
                    })
                }),
            }
        })
        .collect()
}

/// Plays `games` seeded games of `variant` (its option assignment, or a `sweep` of the
/// CLI's `--sweep` items) and returns the report, with the games' results if `per_game`.
/// Ctrl-C stops the run (`KeyboardInterrupt`).
#[pyfunction]
#[pyo3(signature = (variant, games, seed, agents, sweep, threads, max_plies, rotate, shard, per_game))]
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    py: Python<'_>,
    variant: &PyVariant,
    games: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    agents: Vec<Bound<'_, PyAny>>,
    sweep: Vec<String>,
    threads: &Bound<'_, PyAny>,
    max_plies: &Bound<'_, PyAny>,
    rotate: bool,
    shard: Option<String>,
    per_game: bool,
) -> PyResult<SimReport> {
    let games = int_in(games, "games", 1, u64::MAX)?;
    let seed = int_in(seed, "seed", 0, u64::MAX)?;
    let threads = int_in(threads, "threads", 0, 4096)? as usize;
    let max_plies = int_in(max_plies, "max_plies", 1, u32::MAX.into())? as u32;
    let shard = shard
        .map(|s| sim::Shard::parse(&s).map_err(err))
        .transpose()?;
    let (players, names) = players_of(&agents, variant.variant.seats.len())?;
    let file = &variant.file;
    let base = variant.variant.assignment.clone();
    let sweep = sim::sweep(file, &base, &sweep).map_err(|d| diag_err(&d))?;
    let variants = sweep
        .assignments
        .iter()
        .map(|x| ashtapada::compile(file, x))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|d| diag_err(&d))?;
    let contrasts = sweep.contrasts();
    let schedule = sim::Schedule {
        rotate,
        openings: Vec::new(),
    };
    let games_of = sim::Games {
        variants: &variants,
        contrasts: &contrasts,
        schedule: &schedule,
    };
    // The report as `simulate` builds it: the library's blank report and batches.
    let mut report = Report {
        rules_hash: Some(file.digest.hex()),
        agents: names,
        max_plies,
        schedule: rotate.then(|| "agents rotated across the seats game by game".to_string()),
        shard,
        swept: sweep.swept,
        design: sweep.design,
        ..Report::blank(&games_of, seed)
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = if threads == 0 { cores } else { threads };
    let mut plan = Plan {
        seed,
        games,
        shard,
        threads: threads.min(cores).min(games.min(1024) as usize),
        max_plies,
        from: 0,
    };
    let players = Arc::new(players);
    let factory = move || fresh_agents(&players);
    let never = || false;
    let results = interruptible(py, |stop| {
        let rows = Rows {
            keep: per_game,
            results: Mutex::new(Vec::new()),
            stop,
        };
        sim::play_report(
            &mut report,
            &mut plan,
            None,
            &games_of,
            &factory,
            (&rows, &never),
        )
        .map(|()| rows.results.into_inner().unwrap_or_else(|e| e.into_inner()))
    })?
    .map_err(err)?;
    Ok(SimReport {
        report,
        games: per_game.then_some((variants, results)),
    })
}

/// The report's JSON text, as `simulate --format json` writes it.
fn json_text(report: &Report) -> String {
    let v = report.to_json();
    let mut s = format!("{v:#}");
    s.push('\n');
    s
}

/// Merges the JSON reports of the shards of one run (`(name, JSON text)` each, the name used
/// in messages) into the whole run's report, as `ashtapada merge` does.
#[pyfunction]
pub fn merge(parts: Vec<(String, String)>) -> PyResult<SimReport> {
    let parts = parts
        .into_iter()
        .map(|(name, text)| {
            Report::from_json(&text)
                .map(|r| (name.clone(), r))
                .map_err(|e| err(format!("`{name}`: {e}")))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let report = Report::merge(parts).map_err(err)?;
    Ok(SimReport {
        report,
        games: None,
    })
}

/// A report read from its JSON text (`simulate --format json`, `SimReport.json_text`).
#[pyfunction]
pub fn report_from_json(text: &str) -> PyResult<SimReport> {
    let report = Report::from_json(text).map_err(err)?;
    Ok(SimReport {
        report,
        games: None,
    })
}
