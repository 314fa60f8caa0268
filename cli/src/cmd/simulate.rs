//! `ashtapada simulate VARIANT …`: seeded games between agents for one option assignment or a
//! sweep of them, reported as tables, CSV or JSON, optionally plotted, sharded and recorded.

use super::{Failure, bad_input};
use crate::args::SimulateArgs;
use crate::interrupt::Interrupt;
use crate::output::{Partial, emit_partial, write_atomic};
use crate::players::{self, OUTSIDE_SYNTAX, Players};
use ashtapada::agents::{AGENT_NAMES, SEARCH_GRADES};
use ashtapada::diag::Code;
use ashtapada::notation::{Record, to_pgn};
use ashtapada::sim::{self, GameResult, Observer, Plan, Report, Shard};
use ashtapada::{Assignment, Position, Variant};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// `simulate`: checks every argument, plays the games (in batches under `--precision`) and
/// writes the report, the per-game table and the records. An outside player's failure ends the
/// run with an error naming the game and the seat; the records of the games finished before it
/// are kept. A first SIGINT or SIGTERM stops the run at the next game boundary and writes the
/// report of the games completed, marked partial ([`Interrupt`]); a second ends it at once.
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
    let schedule = schedule_of(a, &variants)?;
    let players = players_of(a, &variants[0])?.rotated(a.rotate);
    if a.agents.iter().any(|n| SEARCH_GRADES.contains(&n.as_str())) {
        for v in &variants {
            v.fitted_problem()?;
        }
    }
    let per_game: Vec<(&'static str, &std::path::Path)> = a
        .per_game
        .as_deref()
        .map(|p| ("--per-game", p))
        .into_iter()
        .collect();
    crate::output::check_outputs(&a.output, &file.files, a.records.as_deref(), &per_game)?;
    check_pgn_records(a, &variants)?;
    let dirs = record_dirs(a, &sweep.swept, &variants)?;
    let interrupt = Interrupt::watch(temporaries(a, &dirs));

    let batch = check_precision(a, shard)?;
    let total = shard.map_or(a.games, |s| s.games(a.games)) * variants.len() as u64;
    let labels = labels(&sweep.swept, &sweep.assignments, &variants[0].name);
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
        (players.halted(), interrupt.flag()),
    )
    .with_partial(players.outside())
    .with_pgn(a.records_format == "pgn");
    let contrasts = sweep.contrasts();
    let games = sim::Games {
        variants: &variants,
        contrasts: &contrasts,
        schedule: &schedule,
    };
    let mut report = Report {
        rules_hash: Some(file.digest.hex()),
        agents: a.agents.clone(),
        max_plies: a.max_plies,
        schedule: schedule_line(a, &schedule),
        shard,
        swept: sweep.swept,
        design: sweep.design,
        ..Report::blank(&games, a.seed)
    };
    let mut plan = plan_of(a, shard);
    let precision = batch
        .zip(a.precision)
        .map(|(batch, points)| sim::Precision { points, batch });
    let agents = || players.agents();
    let failed = || players.failure().is_some();
    sim::play_report(
        &mut report,
        &mut plan,
        precision,
        &games,
        &agents,
        (&watch, &failed),
    )
    .map_err(|e| bad_input(Code::SimulateTally, e, "report this as a bug"))?;
    let kept = watch.kept.load(Ordering::Relaxed);
    let partial = watch.take_partial();
    let rows = watch.finish()?;
    let requested = shard.map_or(a.games, |s| s.games(a.games));
    let failure = players.failure();
    // A signal during the last game stops nothing: every game finished, the report is whole.
    let stopped = interrupt.signal().filter(|_| report.games < requested);
    let mark = match &failure {
        Some(f) => {
            partial_report(&mut report, partial, a.seed);
            Some(format!("outside player failed in game {}", f.game))
        }
        None => stopped.map(|sig| crate::interrupt::name(sig).to_string()),
    };
    let mark = mark.map(|reason| Partial { reason, requested });
    emit_partial(&report, &a.output, out, mark.as_ref())?;
    write_per_game(a, rows, &report)?;
    if let Some(f) = failure {
        return Err(player_failed(a, &f, kept));
    }
    if let Some(sig) = stopped {
        return Err(interrupted(a, sig, report.games, requested));
    }
    if let Some(dir) = &a.records {
        writeln!(err, "records: {} games in {}", total, dir.display())?;
    }
    Ok(())
}

/// Writes the per-game table to `--per-game`, if asked for.
fn write_per_game(
    a: &SimulateArgs,
    rows: Option<sim::PerGame>,
    report: &Report,
) -> Result<(), Failure> {
    let (Some(path), Some(mut rows)) = (&a.per_game, rows) else {
        return Ok(());
    };
    write_atomic(path, rows.to_csv(report).as_bytes()).map_err(|e| {
        bad_input(
            Code::SimulatePerGame,
            e,
            "give a file you can write, e.g. `--per-game games.csv`",
        )
    })
}

/// The end of a run stopped by signal `sig` after `games` of the `requested` games: the
/// message, and the exit code 128 + `sig`.
fn interrupted(a: &SimulateArgs, sig: i32, games: u64, requested: u64) -> Failure {
    let records = a.records.as_ref().map_or_else(String::new, |d| {
        format!("; their records are in `{}`", d.display())
    });
    Failure::Stopped(
        format!(
            "{}: the report covers the games completed ({games} of {requested}) and is \
             marked partial{records}",
            crate::interrupt::name(sig),
        ),
        128 + sig,
    )
}

/// The `--agents` of the run, for `variant`.
fn players_of(a: &SimulateArgs, variant: &Variant) -> Result<Players, Failure> {
    Players::new(&a.agents, variant, Duration::from_secs_f64(a.agent_timeout)).map_err(|e| {
        bad_input(
            Code::SimulateAgent,
            e,
            format!(
                "the agents are {}, and {OUTSIDE_SYNTAX}",
                AGENT_NAMES.join(", ")
            ),
        )
    })
}

/// Makes `report` the report of the games that finished before an outside player failed
/// (`partial`, one tally per assignment): the paired effects and the stopping rule, which
/// need every assignment's game of each seed, are left out.
fn partial_report(report: &mut Report, partial: Vec<sim::Tally>, seed: u64) {
    report.games = partial.iter().map(|t| t.games).max().unwrap_or(0);
    report.effects.clear();
    report.stopping = None;
    for (s, t) in report.runs.iter_mut().zip(partial) {
        *s = sim::Summary::new(&s.variant, seed, s.options.clone(), t);
    }
}

/// The largest `--openings` file read, in bytes.
const MAX_OPENINGS_BYTES: u64 = 64 << 20;

/// `--rotate` and the `--openings` read for each variant.
fn schedule_of(a: &SimulateArgs, variants: &[Arc<Variant>]) -> Result<sim::Schedule, Failure> {
    let Some(path) = &a.openings else {
        return Ok(sim::Schedule {
            rotate: a.rotate,
            openings: Vec::new(),
        });
    };
    let name = path.display().to_string();
    let help = "one position per line: FEN or EPD for two seats, position strings otherwise";
    let fail = |m: String| bad_input(Code::SimulateOpenings, m, help);
    let meta = std::fs::metadata(path).map_err(|e| fail(format!("cannot read `{name}`: {e}")))?;
    if !meta.is_file() {
        return Err(fail(format!("`{name}` is not a file of openings")));
    }
    if meta.len() > MAX_OPENINGS_BYTES {
        return Err(fail(format!(
            "`{name}` is larger than {MAX_OPENINGS_BYTES} bytes"
        )));
    }
    let text = std::fs::read(path).map_err(|e| fail(format!("cannot read `{name}`: {e}")))?;
    let text = String::from_utf8(text).map_err(|_| fail(format!("`{name}` is not UTF-8 text")))?;
    let openings = sim::read_openings(&name, &text, variants).map_err(fail)?;
    Ok(sim::Schedule {
        rotate: a.rotate,
        openings,
    })
}

/// The report's line on the schedule, if the games are not all from the setup with fixed
/// seats.
fn schedule_line(a: &SimulateArgs, schedule: &sim::Schedule) -> Option<String> {
    let mut parts = Vec::new();
    if a.rotate {
        parts.push("agents rotated across the seats game by game".to_string());
    }
    if let (Some(path), Some(list)) = (&a.openings, schedule.openings.first()) {
        let file = path.file_name().map_or_else(
            || path.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        parts.push(format!(
            "games start from {} in {file}, in turn",
            ashtapada::diag::count(list.len(), "opening", "openings")
        ));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// Checks `--games`, `--max-plies` and `--agent-timeout`; reads `--shard`.
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
    if !(a.agent_timeout.is_finite() && a.agent_timeout > 0.0 && a.agent_timeout <= 86_400.0) {
        return Err(bad_input(
            Code::SimulateAgentTimeout,
            format!(
                "`--agent-timeout {}`: the timeout is in seconds, above 0 and at most a day",
                a.agent_timeout
            ),
            "e.g. `--agent-timeout 60` (the default)",
        ));
    }
    match &a.shard {
        Some(s) => Ok(Some(Shard::parse(s).map_err(|e| {
            bad_input(Code::SimulateShard, e, "e.g. `--shard 0/4` … `--shard 3/4`")
        })?)),
        None => Ok(None),
    }
}

/// The plan of the whole run (its `games` and `from` are set per batch).
fn plan_of(a: &SimulateArgs, shard: Option<Shard>) -> Plan {
    Plan {
        seed: a.seed,
        games: a.games,
        shard,
        // More threads than games, or than the machine has cores, only adds overhead (and
        // thousands of thread stacks may not fit the process's memory): the report is the
        // same for any number.
        threads: {
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            let t = if a.threads == 0 { cores } else { a.threads };
            t.min(cores).min(a.games.min(1024) as usize)
        },
        max_plies: a.max_plies,
        from: 0,
    }
}

/// The error of a run an outside player failed: the failure, and where the games finished
/// before it are.
fn player_failed(a: &SimulateArgs, f: &players::Failure, kept: u64) -> Failure {
    let help = match &a.records {
        Some(dir) => format!(
            "the report covers the {kept} games that finished before it, and their records \
             are kept in `{}`",
            dir.display()
        ),
        None => format!(
            "the report covers the {kept} games that finished before it; give `--records DIR` \
             to keep their records too"
        ),
    };
    bad_input(
        Code::SimulatePlayer,
        format!("outside player failed: {f}"),
        help,
    )
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

/// Each assignment's name for the progress bar: the variant's name when nothing is swept
/// ("baseline" would name no comparison), else its swept choices that differ from the
/// baseline's, or `baseline`.
fn labels(swept: &[String], assignments: &[Assignment], name: &str) -> Vec<String> {
    if swept.is_empty() {
        return vec![name.to_string(); assignments.len()];
    }
    let base = &assignments[0];
    assignments
        .iter()
        .map(|x| changed_label(swept, base, x))
        .collect()
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

/// Refuses `--records-format pgn` for a variant PGN cannot hold (more than two seats, dice).
fn check_pgn_records(a: &SimulateArgs, variants: &[Arc<Variant>]) -> Result<(), Failure> {
    let Some(v) = variants
        .iter()
        .find(|v| v.seats.len() != 2 || v.rules.dice.is_some())
        .filter(|_| a.records_format == "pgn")
    else {
        return Ok(());
    };
    Err(bad_input(
        Code::SimulateRecords,
        format!(
            "`--records-format pgn`: PGN holds two-seat games without dice, and {} has {} \
             seats{}",
            v.name,
            v.seats.len(),
            if v.rules.dice.is_some() {
                " and dice"
            } else {
                ""
            }
        ),
        "leave `--records-format` at `json` for this variant",
    ))
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

/// The folders a write may be in progress in when the run is stopped at once, each with the
/// prefix of its temporary files: the records folders and the outputs' folders.
fn temporaries(a: &SimulateArgs, dirs: &[PathBuf]) -> Vec<(PathBuf, String)> {
    let outputs = [&a.output.out, &a.output.plot, &a.per_game];
    dirs.iter()
        .map(|d| (d.clone(), ".game-".to_string()))
        .chain(
            outputs
                .into_iter()
                .flatten()
                .map(|p| crate::output::temporaries_of(p)),
        )
        .collect()
}

/// What a game record names as its variant: a built-in name as it is, a rule file by its
/// absolute path (so that `replay` finds the same rules from any folder).
fn record_source(variant: &str) -> String {
    if ashtapada::spec::builtin(variant).is_some() {
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
    /// Set when an outside player fails: the games that finish after it are not kept.
    halted: Arc<AtomicBool>,
    /// The signal that interrupted the run (0 while none): no game starts after it.
    interrupted: Arc<AtomicI32>,
    /// Games recorded (kept) so far.
    kept: AtomicU64,
    /// The kept games' tallies, one per assignment (runs with outside players only): the
    /// report of a run an outside player halts.
    partial: Option<Mutex<Vec<sim::Tally>>>,
    /// Records in PGN (`game-K.pgn`) rather than JSON.
    pgn: bool,
}

/// The progress bar's speed after `done` games at `per_sec` games a second: whole games a
/// second from 10 up, one decimal from 1, seconds a game below one a second (a search agent's
/// "0 games/s" said nothing), and "first game" before any game has ended.
fn rate_text(done: u64, per_sec: f64) -> String {
    if done == 0 || per_sec <= 0.0 || !per_sec.is_finite() {
        "first game".to_string()
    } else if per_sec >= 10.0 {
        format!("{per_sec:.0} games/s")
    } else if per_sec >= 1.0 {
        format!("{per_sec:.1} games/s")
    } else {
        format!("{:.1} s/game", 1.0 / per_sec)
    }
}

/// The progress bar's time left with `left` games to go after `done` at `per_sec` games a
/// second (the run's average): "eta 1m 05s", or "eta ?" before any game has ended.
fn left_text(done: u64, left: u64, per_sec: f64) -> String {
    if done == 0 || per_sec <= 0.0 || !per_sec.is_finite() {
        return "eta ?".to_string();
    }
    let secs = (left as f64 / per_sec).round() as u64;
    match (secs / 3600, secs / 60 % 60, secs % 60) {
        (0, 0, s) => format!("eta {s}s"),
        (0, m, s) => format!("eta {m}m {s:02}s"),
        (h, m, _) => format!("eta {h}h {m:02}m"),
    }
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
        (halted, interrupted): (Arc<AtomicBool>, Arc<AtomicI32>),
    ) -> Watch {
        let target = if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let shown = !target.is_hidden();
        let bar = ProgressBar::with_draw_target(Some(total), target);
        if let Ok(style) = ProgressStyle::with_template(
            "{msg:28!} {bar:30} {pos}/{len} games  {rate}  {elapsed} {left}",
        ) {
            // Both from the whole run's games over its elapsed time: indicatif's own rate and
            // estimate decay while no game ends, which a slow agent's minute-long games show.
            let per_sec = |s: &ProgressState| s.pos() as f64 / s.elapsed().as_secs_f64();
            bar.set_style(
                style
                    .with_key(
                        "rate",
                        move |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                            let _ = write!(w, "{}", rate_text(s.pos(), per_sec(s)));
                        },
                    )
                    .with_key(
                        "left",
                        move |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                            let left = s.len().unwrap_or(0).saturating_sub(s.pos());
                            let _ = write!(w, "{}", left_text(s.pos(), left, per_sec(s)));
                        },
                    ),
            );
        }
        // Drawn from the start and redrawn each second, so that a slow agent's first game
        // shows as running.
        bar.set_message(labels.first().cloned().unwrap_or_default());
        if shown {
            bar.enable_steady_tick(Duration::from_secs(1));
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
            halted,
            interrupted,
            kept: AtomicU64::new(0),
            partial: None,
            pgn: false,
        }
    }

    /// Writes the records in PGN.
    fn with_pgn(mut self, on: bool) -> Watch {
        self.pgn = on;
        self
    }

    /// The record of a finished game: its file name and text.
    fn record(&self, result: &GameResult, pos: &Position) -> Result<(String, String), String> {
        let k = result.game_index;
        if self.pgn {
            let tags = [
                ("Event", "ashtapada simulate".to_string()),
                ("Round", (k + 1).to_string()),
                ("Seed", self.seed.to_string()),
            ];
            return Ok((format!("game-{k}.pgn"), to_pgn(pos, &tags)?));
        }
        let mut record = Record::from_position(pos, Some(self.seed));
        record.variant.clone_from(&self.source);
        Ok((format!("game-{k}.json"), record.to_json()))
    }

    /// Tallies the kept games apart as well, for the report of a run that is halted.
    fn with_partial(mut self, on: bool) -> Watch {
        self.partial =
            on.then(|| Mutex::new(self.variants.iter().map(|v| sim::Tally::new(v)).collect()));
        self
    }

    /// The kept games' tallies (empty unless [`with_partial`](Self::with_partial)).
    fn take_partial(&self) -> Vec<sim::Tally> {
        self.partial.as_ref().map_or_else(Vec::new, |m| {
            std::mem::take(&mut *m.lock().unwrap_or_else(|e| e.into_inner()))
        })
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
    /// No game starts once the run is interrupted or an outside player has failed.
    fn stopped(&self) -> bool {
        self.interrupted.load(Ordering::SeqCst) != 0 || self.halted.load(Ordering::SeqCst)
    }

    fn finished(&self, run: usize, result: &GameResult, pos: &Position) {
        self.bar.inc(1);
        // A game that finishes after an outside player failed may hold stand-in moves; once
        // a second signal ends the program, nothing more is written.
        if self.halted.load(Ordering::SeqCst) || crate::interrupt::ending() {
            return;
        }
        self.kept.fetch_add(1, Ordering::Relaxed);
        if let (Some(p), Some(v)) = (&self.partial, self.variants.get(run)) {
            let mut tallies = p.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(t) = tallies.get_mut(run) {
                t.add(v, result);
            }
        }
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
        let written = self.record(result, pos).and_then(|(name, text)| {
            let path = dir.join(name);
            if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()) {
                Err(format!(
                    "`{}` is a symbolic link; records are not written through one",
                    path.display()
                ))
            } else {
                write_atomic(&path, text.as_bytes())
            }
        });
        if let Err(e) = written {
            let mut slot = self.error.lock().unwrap_or_else(|e| e.into_inner());
            slot.get_or_insert(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fresh tester's item 9: a slow agent's speed read "0 games/s", and a run without a
    /// sweep was labelled "baseline".
    #[test]
    fn the_progress_bar_shows_a_slow_rate_and_names_an_unswept_run_by_its_variant() {
        assert_eq!(rate_text(0, 0.0), "first game");
        assert_eq!(rate_text(1, 0.25), "4.0 s/game");
        assert_eq!(rate_text(3, 2.5), "2.5 games/s");
        assert_eq!(rate_text(500, 1234.4), "1234 games/s");
        // The fresh tester's next round: the time left is the run's average over the games
        // left, "?" before the first game ends (2 of 4 games in 80 s: 80 s left).
        assert_eq!(left_text(0, 4, 0.0), "eta ?");
        assert_eq!(left_text(2, 2, 2.0 / 80.0), "eta 1m 20s");
        assert_eq!(left_text(10, 5, 1.0), "eta 5s");
        assert_eq!(left_text(1, 999, 0.1), "eta 2h 46m");
        let one = [Assignment::default()];
        assert_eq!(labels(&[], &one, "chaturanga"), ["chaturanga"]);
        let swept = ["bare-king".to_string()];
        let two = [
            Assignment::parse(&["bare-king=win".to_string()]).unwrap(),
            Assignment::parse(&["bare-king=draw".to_string()]).unwrap(),
        ];
        assert_eq!(
            labels(&swept, &two, "chaturanga"),
            ["baseline", "bare-king=draw"]
        );
    }
}
