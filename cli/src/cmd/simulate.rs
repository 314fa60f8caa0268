//! `ashtapada simulate VARIANT …`: seeded games between agents for one option assignment or a
//! sweep of them, reported as tables, CSV or JSON, optionally plotted, sharded and recorded.

use super::{Failure, bad_input};
use crate::args::SimulateArgs;
use crate::output::{emit, write_atomic};
use ashtapada::agents::{AGENT_NAMES, Agent, by_name};
use ashtapada::diag::Code;
use ashtapada::notation::Record;
use ashtapada::sim::{self, GameResult, Observer, Plan, Report, Shard};
use ashtapada::{Assignment, Position, Variant};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The report of a run before its first game: one empty summary per option assignment, one
/// empty effect tally per contrast.
fn empty_report(
    a: &SimulateArgs,
    file: &ashtapada::RuleFile,
    variants: &[Arc<Variant>],
    sweep: sim::Sweep,
    shard: Option<Shard>,
    contrasts: &[sim::Contrast],
) -> Report {
    let seats = variants[0].seats.len();
    Report {
        variant: variants[0].name.clone(),
        rules_hash: Some(file.digest.hex()),
        seed: a.seed,
        agents: a.agents.clone(),
        max_plies: a.max_plies,
        games: 0,
        shard,
        swept: sweep.swept,
        design: sweep.design,
        stopping: None,
        effects: contrasts
            .iter()
            .map(|c| sim::EffectTally::new(c, seats))
            .collect(),
        runs: variants
            .iter()
            .map(|v| sim::Summary::new(&v.name, a.seed, v.assignment.clone(), sim::Tally::new(v)))
            .collect(),
    }
}

/// Refuses `--games 0` and `--max-plies 0`; reads `--shard K/N`.
fn check_counts(a: &SimulateArgs) -> Result<Option<Shard>, Failure> {
    if a.games == 0 {
        return Err(bad_input(
            Code::SimulateGames,
            "`--games 0`: nothing to simulate",
            "give at least one game, e.g. `--games 1000`",
        ));
    }
    if a.max_plies == 0 {
        return Err(bad_input(
            Code::SimulateMaxPlies,
            "`--max-plies 0`: every game would stop before its first ply",
            "give a cap of at least one ply, e.g. `--max-plies 2000` (the default is 10000)",
        ));
    }
    let shard = a.shard.as_deref().map(Shard::parse).transpose();
    shard.map_err(|e| bad_input(Code::SimulateShard, e, "e.g. `--shard 0/4` … `--shard 3/4`"))
}

/// The threads to play on: `--threads` (0 for every core), at most the cores and the games.
/// More threads than games, or than the machine has cores, only adds overhead (and thousands
/// of thread stacks may not fit the process's memory): the report is the same for any number.
fn thread_count(a: &SimulateArgs) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let t = if a.threads == 0 { cores } else { a.threads };
    t.min(cores).min(a.games.min(1024) as usize)
}

pub fn run(a: &SimulateArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), Failure> {
    let shard = check_counts(a)?;
    let file = ashtapada::spec::load(&a.v.variant)?;
    let base = Assignment::parse(&a.v.set)?;
    let sweep = sim::sweep(&file, &base, &a.sweep)?;
    let variants = sweep
        .assignments
        .iter()
        .map(|x| ashtapada::compile(&file, x))
        .collect::<Result<Vec<Arc<Variant>>, _>>()?;
    let seats = variants[0].seats.len();
    check_agents(&a.agents, seats)?;
    let per_game: Vec<(&'static str, &std::path::Path)> = a
        .per_game
        .as_deref()
        .map(|p| ("--per-game", p))
        .into_iter()
        .collect();
    crate::output::check_outputs(&a.output, &file.files, a.records.as_deref(), &per_game)?;
    let dirs = record_dirs(a, &sweep.swept, &variants)?;

    let batch = check_precision(a, shard)?;
    let mut plan = Plan {
        seed: a.seed,
        games: a.games,
        shard,
        threads: thread_count(a),
        max_plies: a.max_plies,
        from: 0,
    };
    let total = shard.map_or(a.games, |s| s.games(a.games)) * variants.len() as u64;
    let labels: Vec<String> = sweep
        .assignments
        .iter()
        .map(|x| changed_label(&sweep.swept, &sweep.assignments[0], x))
        .collect();
    let per_game = a
        .per_game
        .as_ref()
        .map(|_| Mutex::new(sim::PerGame::new(&variants)));
    let watch = Watch::new(
        total,
        a.seed,
        dirs,
        record_source(&a.v.variant),
        labels,
        per_game,
        variants.clone(),
    );
    let names = a.agents.clone();
    let agents = || -> Vec<Box<dyn Agent>> {
        names
            .iter()
            .map(|n| by_name(n).expect("agent names are checked before the run"))
            .collect()
    };
    let contrasts = match sweep.design {
        sim::Design::Factorial => {
            sim::contrasts(&sweep.swept, &sweep.assignments.iter().collect::<Vec<_>>())
        }
        sim::Design::Each => Vec::new(),
    };
    let mut report = empty_report(a, &file, &variants, sweep, shard, &contrasts);
    // Without `--precision`, one batch of every game; with it, batches until the intervals
    // are narrow enough (the games of each batch are the same in every run).
    loop {
        plan.from = report.games;
        plan.games = match batch {
            Some(b) => (report.games + b).min(a.games),
            None => a.games,
        };
        let (tallies, effects) =
            sim::run_with_effects(&variants, &agents, &plan, &watch, &contrasts);
        for (s, t) in report.runs.iter_mut().zip(tallies) {
            let mut whole = std::mem::take(&mut s.tally);
            whole
                .merge(&t)
                .map_err(|e| bad_input(Code::SimulateTally, e, "report this as a bug"))?;
            *s = sim::Summary::new(&s.variant, a.seed, s.options.clone(), whole);
        }
        for (w, e) in report.effects.iter_mut().zip(&effects) {
            w.merge(e)
                .map_err(|e| bad_input(Code::SimulateTally, e, "report this as a bug"))?;
        }
        report.games = plan.games;
        let (Some(b), Some(points)) = (batch, a.precision) else {
            break;
        };
        let reached = 100.0 * widest_interval(&report);
        report.stopping = Some(sim::Stopping {
            points,
            batch: b,
            max_games: a.games,
            reached,
        });
        if reached <= points || report.games >= a.games {
            break;
        }
    }
    let rows = watch.finish()?;
    emit(&report, &a.output, out)?;
    if let (Some(path), Some(mut rows)) = (&a.per_game, rows) {
        write_atomic(path, rows.to_csv(&report).as_bytes()).map_err(|e| {
            bad_input(
                Code::SimulatePerGame,
                e,
                "give a file you can write, e.g. `--per-game games.csv`",
            )
        })?;
    }
    if let Some(dir) = &a.records {
        writeln!(err, "records: {} games in {}", total, dir.display())?;
    }
    Ok(())
}

/// The batch size under `--precision` (`None` without it), after checking the options.
fn check_precision(a: &SimulateArgs, shard: Option<Shard>) -> Result<Option<u64>, Failure> {
    let Some(p) = a.precision else {
        return Ok(None);
    };
    if !(p.is_finite() && p > 0.0 && p <= 100.0) {
        return Err(bad_input(
            Code::SimulatePrecision,
            format!(
                "`--precision {p}`: the precision is a half-width in percentage points, above 0 and at most 100"
            ),
            "e.g. `--precision 1` for intervals within ±1 point",
        ));
    }
    if shard.is_some() {
        return Err(bad_input(
            Code::SimulatePrecision,
            "`--precision` with `--shard`: when to stop depends on every shard's games",
            "give the shards a fixed `--games N`, or run `--precision` in one process",
        ));
    }
    if a.batch == 0 {
        return Err(bad_input(
            Code::SimulateBatch,
            "`--batch 0`: a batch must hold at least one game",
            "e.g. `--batch 1000` (the default)",
        ));
    }
    Ok(Some(a.batch))
}

/// The widest half-width (a fraction) of the intervals `--precision` bounds: in a sweep,
/// every paired win-share difference (each seat, the first seat, each turn position) and
/// every main effect and interaction; outside sweeps, every seat's and the first seat's win
/// share.
fn widest_interval(r: &Report) -> f64 {
    let mut widest = 0.0f64;
    if r.runs.len() == 1 {
        for s in &r.runs {
            for x in &s.seats {
                widest = widest.max((x.win_share_ci[1] - x.win_share_ci[0]) / 2.0);
            }
            widest = widest.max((s.first_seat_ci[1] - s.first_seat_ci[0]) / 2.0);
        }
        return widest;
    }
    for d in r.runs.iter().filter_map(|s| s.differences.as_ref()) {
        for x in d.win_share.iter().chain(&d.positions) {
            widest = widest.max(x.half_width());
        }
    }
    for e in r.effects() {
        for x in e.win_share.iter().chain([&e.first_seat]) {
            widest = widest.max(x.half_width());
        }
    }
    widest
}

/// An assignment's name for the progress bar: its swept choices that differ from the
/// baseline's, or `baseline`.
fn changed_label(swept: &[String], base: &Assignment, x: &Assignment) -> String {
    let diff: Vec<String> = swept
        .iter()
        .filter(|o| x.get(o) != base.get(o))
        .map(|o| format!("{o}={}", x.get(o).unwrap_or("?")))
        .collect();
    if diff.is_empty() {
        "baseline".into()
    } else {
        diff.join(" ")
    }
}

/// One agent name for all seats, or one per seat; every name known.
fn check_agents(names: &[String], seats: usize) -> Result<(), Failure> {
    for n in names {
        if let Err(e) = by_name(n) {
            let help = match e.suggestion {
                Some(s) => format!("did you mean `{s}`?"),
                None => format!("the agents are {}", AGENT_NAMES.join(", ")),
            };
            return Err(bad_input(
                Code::SimulateAgent,
                format!("unknown agent `{n}`"),
                help,
            ));
        }
    }
    if names.len() != 1 && names.len() != seats {
        return Err(bad_input(
            Code::SimulateAgents,
            format!("{} agents given for {seats} seats", names.len()),
            format!("give one agent for every seat (`--agents greedy`) or {seats}, in turn order"),
        ));
    }
    Ok(())
}

/// The folder of each assignment's records (created), if records are wanted: the records
/// folder itself, or in a sweep one subfolder per assignment named by its swept choices.
fn record_dirs(
    a: &SimulateArgs,
    swept: &[String],
    variants: &[Arc<Variant>],
) -> Result<Vec<PathBuf>, Failure> {
    let Some(dir) = &a.records else {
        return Ok(Vec::new());
    };
    crate::output::clear_records(dir, a.force)?;
    let dirs: Vec<PathBuf> = variants
        .iter()
        .map(|v| {
            if variants.len() == 1 {
                return dir.clone();
            }
            let choices: Vec<(&str, &str)> = swept
                .iter()
                .map(|o| (o.as_str(), v.assignment.get(o).unwrap_or("?")))
                .collect();
            assignment_folder(dir, &choices)
        })
        .collect();
    let refuse = |d: &PathBuf, why: &str| {
        bad_input(
            Code::SimulateRecords,
            format!("cannot create the records folder `{}`: {why}", d.display()),
            "give a folder you can write to, e.g. `--records ./records`",
        )
    };
    // Every name is checked before any folder is made.
    if let Some(d) = dirs
        .iter()
        .find(|d| *d != dir && d.file_name().is_some_and(|n| n.len() > 255))
    {
        return Err(refuse(
            d,
            "the swept choices make a name longer than 255 bytes",
        ));
    }
    for d in &dirs {
        std::fs::create_dir_all(d).map_err(|e| refuse(d, &e.to_string()))?;
        if d != dir && std::fs::symlink_metadata(d).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(refuse(
                d,
                "it is a symbolic link; records are not written through one",
            ));
        }
    }
    Ok(dirs)
}

/// The folder of one sweep assignment's records: `DIR/OPTION=CHOICE_OPTION=CHOICE…`, one
/// component inside `dir` whatever the rule file names its options and choices. Letters,
/// digits (any script) and `-.+,@` are kept; every other character — `/`, `\`, `_`, `%`,
/// `=` inside a name, spaces, control characters — is written as `%XX` per UTF-8 byte, so
/// that no name can climb out with `..`, start a new folder, or make two assignments share
/// one (`=` and `_` only separate). The component always holds `=`, so it is never `.` or
/// `..`.
fn assignment_folder(dir: &std::path::Path, choices: &[(&str, &str)]) -> PathBuf {
    fn escape(name: &str, out: &mut String) {
        for c in name.chars() {
            if c.is_alphanumeric() || "-.+,@".contains(c) {
                out.push(c);
            } else {
                let mut buf = [0; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("%{b:02X}"));
                }
            }
        }
    }
    let mut name = String::new();
    for (i, (option, choice)) in choices.iter().enumerate() {
        if i > 0 {
            name.push('_');
        }
        escape(option, &mut name);
        name.push('=');
        escape(choice, &mut name);
    }
    dir.join(name)
}

/// What a game record names as its variant: a built-in name as it is, a rule file by its
/// absolute path (so that `replay` finds the same rules from any folder).
fn record_source(variant: &str) -> String {
    if ashtapada::spec::BUILTIN.iter().any(|(n, _)| *n == variant) {
        return variant.to_string();
    }
    std::fs::canonicalize(variant).map_or_else(|_| variant.to_string(), |p| p.display().to_string())
}

/// Watches the run: a progress bar on a terminal, the game records and the per-game table.
struct Watch {
    bar: ProgressBar,
    seed: u64,
    /// The records' `variant`.
    source: String,
    dirs: Vec<PathBuf>,
    error: Mutex<Option<String>>,
    /// Each assignment's name, shown on the bar.
    labels: Vec<String>,
    /// Games finished, to name the assignment being played now and then.
    seen: AtomicU64,
    per_game: Option<Mutex<sim::PerGame>>,
    variants: Vec<Arc<Variant>>,
}

/// Games between updates of the name on the progress bar.
const NAME_EVERY: u64 = 64;

impl Watch {
    #[allow(clippy::too_many_arguments)]
    fn new(
        total: u64,
        seed: u64,
        dirs: Vec<PathBuf>,
        source: String,
        labels: Vec<String>,
        per_game: Option<Mutex<sim::PerGame>>,
        variants: Vec<Arc<Variant>>,
    ) -> Watch {
        let target = if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(Some(total), target);
        if let Ok(style) = ProgressStyle::with_template(
            "{msg:28!} {bar:30} {pos}/{len} games  {rate} games/s  eta {eta}",
        ) {
            bar.set_style(style.with_key(
                "rate",
                |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0}", s.per_sec());
                },
            ));
        }
        Watch {
            bar,
            seed,
            source,
            dirs,
            error: Mutex::new(None),
            labels,
            seen: AtomicU64::new(0),
            per_game,
            variants,
        }
    }

    /// Clears the bar; hands back the per-game table, if one is kept.
    fn finish(self) -> Result<Option<sim::PerGame>, Failure> {
        self.bar.finish_and_clear();
        match self.error.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(e) => Err(bad_input(
                Code::SimulateRecords,
                e,
                "give a folder you can write to, e.g. `--records ./records`",
            )),
            None => Ok(self
                .per_game
                .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))),
        }
    }
}

impl Observer for Watch {
    fn finished(&self, run: usize, result: &GameResult, pos: &Position) {
        self.bar.inc(1);
        if self
            .seen
            .fetch_add(1, Ordering::Relaxed)
            .is_multiple_of(NAME_EVERY)
            && let Some(l) = self.labels.get(run)
        {
            self.bar.set_message(l.clone());
        }
        if let (Some(rows), Some(v)) = (&self.per_game, self.variants.get(run)) {
            rows.lock()
                .unwrap_or_else(|e| e.into_inner())
                .add(run, self.seed, v, result);
        }
        let Some(dir) = self.dirs.get(run) else {
            return;
        };
        let path = dir.join(format!("game-{}.json", result.game_index));
        let mut record = Record::from_position(pos, Some(self.seed));
        record.variant.clone_from(&self.source);
        let written = if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink())
        {
            Err(format!(
                "`{}` is a symbolic link; records are not written through one",
                path.display()
            ))
        } else {
            write_atomic(&path, record.to_json().as_bytes())
        };
        if let Err(e) = written {
            let mut slot = self.error.lock().unwrap_or_else(|e| e.into_inner());
            slot.get_or_insert(e);
        }
    }
}
