//! The search thread: one `go` runs a [`SearchAgent`] on its own thread, which prints the
//! iteration lines and the answer in the protocol's [`Dialect`] — or, for `go perft N`, the
//! perft count — while the main thread stays free to read `stop`, `isready` and `quit`.

use super::clock::Budget;
use super::{Dialect, Go, Output, Thought, one_line};
use ashtapada::agents::{Agent, Iteration, Limits, SearchAgent};
use ashtapada::notation::{action_to_string, move_to_string, pass_text};
use ashtapada::{Action, Move, Position, Stop, perft_until};
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The deepest iteration a `go` without a depth may reach.
pub const MAX_DEPTH: i32 = 64;

/// A search in progress.
pub struct Running {
    /// Set to end it.
    pub stop: Stop,
    /// The thread; a search hands the agent back once it has printed `bestmove` (a perft
    /// count has none), with the action it chose.
    pub handle: JoinHandle<(Option<SearchAgent>, Option<Action>)>,
    /// [`THINKING`], then [`ANSWERED`] just before `bestmove` is printed (a GUI that has read
    /// it may send the next `position` and `go` at once, before the thread has ended), or
    /// [`DISCARDED`] when the command thread withdrew the search first: nothing is printed.
    pub answer: Arc<AtomicU8>,
    /// True for a `go perft` count, which runs in the foreground ([`super::serve`]).
    pub perft: bool,
}

/// [`Running::answer`]: the search runs.
pub const THINKING: u8 = 0;
/// [`Running::answer`]: the answer is being printed.
pub const ANSWERED: u8 = 1;
/// [`Running::answer`]: withdrawn before it answered; it prints nothing.
pub const DISCARDED: u8 = 2;

/// Claims the right to print the answer (false: the search was withdrawn).
fn claim(answer: &AtomicU8) -> bool {
    answer
        .compare_exchange(THINKING, ANSWERED, Ordering::SeqCst, Ordering::SeqCst)
        .is_ok()
}

impl Running {
    /// True once `bestmove` is being printed: the thread is about to end.
    pub fn is_done(&self) -> bool {
        self.answer.load(Ordering::SeqCst) == ANSWERED
    }

    /// Withdraws the search if it has not answered yet: it stops and prints nothing, and the
    /// action is `None`. A search that already answered is finished as by
    /// [`finish`](Self::finish) (its answer is out, so its move stands).
    pub fn discard(self) -> (Option<SearchAgent>, Option<Action>) {
        let withdrawn = self
            .answer
            .compare_exchange(THINKING, DISCARDED, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok();
        let (agent, chosen) = self.finish();
        (agent, chosen.filter(|_| !withdrawn))
    }

    /// True once the thread has ended by itself.
    pub fn has_ended(&self) -> bool {
        self.handle.is_finished()
    }

    /// Asks the search to stop and waits for its `bestmove`; returns the agent of a search
    /// and the action it chose.
    pub fn finish(self) -> (Option<SearchAgent>, Option<Action>) {
        self.stop.stop();
        self.handle
            .join()
            .expect("the search thread does not panic")
    }
}

/// What one `go` asks for, worked out on the main thread.
pub struct Job {
    /// The position to search (the thread's own copy).
    pub pos: Position,
    /// The root moves allowed (`searchmoves`); empty for all.
    pub only: Vec<Move>,
    /// Depth and nodes (the clock limits are set when the thread starts).
    pub limits: Limits,
    /// The time limits from `go`, measured from `started`.
    pub budget: Option<Budget>,
    /// When `go` was read.
    pub started: Instant,
    /// `infinite` or `ponder`: `bestmove` waits for `stop` (or `ponderhit`).
    pub wait: bool,
    /// `MultiPV`: how many root moves to report (1: the best only).
    pub multipv: usize,
}

/// The limits of `go` for a level whose budget is `level_nodes` nodes and `level_depth`
/// plies: `depth`, `mate`, `nodes`, `movetime`, `infinite` and `ponder` replace the level's
/// budget (the others unlimited); a clock, or nothing, keeps it (a clock adds time limits),
/// and the level then plays as its game moves in `simulate` do ([`Limits::level`]: its work
/// budget and its pace).
pub fn limits(go: &Go, level_nodes: u64, level_depth: i32) -> Limits {
    let depth = go
        .depth
        .map(|d| d.min(MAX_DEPTH as u32) as i32)
        .or(go.mate.map(|m| (2 * m.min(32) as i32 - 1).min(MAX_DEPTH)));
    let replaced =
        depth.is_some() || go.nodes.is_some() || go.movetime.is_some() || go.infinite || go.ponder;
    if replaced {
        Limits::new(depth.unwrap_or(MAX_DEPTH), go.nodes.unwrap_or(u64::MAX))
    } else {
        Limits::level(level_depth, level_nodes)
    }
}

/// Starts `job` on its own thread.
pub fn start(
    mut agent: SearchAgent,
    mut job: Job,
    out: Output,
    dialect: Arc<dyn Dialect>,
) -> Running {
    let stop = Stop::new();
    agent.set_stop(stop.clone());
    let flag = stop.clone();
    let answer = Arc::new(AtomicU8::new(THINKING));
    let finished = answer.clone();
    let handle = std::thread::spawn(move || {
        if let Some(b) = job.budget {
            job.limits.soft = Some(job.started + b.soft);
            job.limits.hard = Some(job.started + b.hard);
        }
        // A fault in the search must not leave the GUI waiting for a `bestmove`: the engine
        // says so and plays a legal move, and the next `go` gets a fresh agent.
        let searched = std::panic::catch_unwind(AssertUnwindSafe(|| {
            think(&mut agent, &mut job, &out, &*dialect)
        }));
        let ((line, chosen), agent) = match searched {
            Ok(answer) => (answer, Some(agent)),
            Err(why) => {
                out.say(&dialect.error(
                    &one_line(&format!(
                        "the search failed ({}); playing the first legal move",
                        panic_text(&why)
                    )),
                    None,
                ));
                (first_legal_move(&mut job.pos, &*dialect), None)
            }
        };
        if job.wait {
            // UCI: after `go infinite` the answer waits for `stop`, even when the search is
            // over (a forced mate found, the depth reached).
            while !flag.is_set() {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        if claim(&finished) {
            out.say(&line);
        }
        (agent, chosen)
    });
    Running {
        stop,
        handle,
        answer,
        perft: false,
    }
}

/// The text of a panic's payload.
fn panic_text(why: &(dyn std::any::Any + Send)) -> String {
    why.downcast_ref::<String>()
        .cloned()
        .or_else(|| why.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic".into())
}

/// The answer with the first legal move of `pos` (in generation order), or none.
fn first_legal_move(pos: &mut Position, dialect: &dyn Dialect) -> (String, Option<Action>) {
    let mut moves = Vec::new();
    pos.game_moves(&mut moves);
    match moves.first() {
        Some(&m) => (
            dialect.best(Some(&text(pos, m, dialect)), None),
            Some(Action::Move(m)),
        ),
        None => (dialect.best(None, None), None),
    }
}

/// `m` in the dialect's notation.
fn text(pos: &Position, m: Move, dialect: &dyn Dialect) -> String {
    dialect.move_out(pos, move_to_string(pos, m))
}

/// The deepest `go perft`: the count grows about tenfold per ply, so depth 12 already takes
/// days (`stop` ends a count early).
pub const MAX_PERFT_DEPTH: u32 = 12;

/// Starts `go perft depth` from `pos` on its own thread, printed as Fairy-Stockfish prints
/// it: `MOVE: COUNT` per root move as each is counted, a blank line, `Nodes searched: N`, a
/// blank line. A `stop` (or `quit`, or the end of the input) ends the count early: the root
/// moves counted so far stay printed, and an `info string` line says the count was stopped
/// instead of the total.
pub fn start_perft(
    mut pos: Position,
    depth: u32,
    out: Output,
    dialect: Arc<dyn Dialect>,
) -> Running {
    let stop = Stop::new();
    let flag = stop.clone();
    let answer = Arc::new(AtomicU8::new(THINKING));
    let finished = answer.clone();
    let handle = std::thread::spawn(move || {
        let mut total = 0;
        let mut counted = 0;
        let mut actions: Vec<Action> = pos
            .legal_move_list()
            .into_iter()
            .map(Action::Move)
            .collect();
        if pos.can_pass() {
            actions.push(Action::Pass);
        }
        for &a in &actions {
            // A pass as Fairy-Stockfish writes it (the royal square twice).
            let text = match a {
                Action::Pass => pass_text(&pos).unwrap_or_else(|| action_to_string(&pos, a)),
                _ => action_to_string(&pos, a),
            };
            let text = dialect.move_out(&pos, text);
            pos.play_action_unchecked(a);
            let n = perft_until(&mut pos, depth - 1, &flag);
            pos.undo();
            let Ok(n) = n else { break };
            out.say(&format!("{text}: {n}"));
            total += n;
            counted += 1;
        }
        if !claim(&finished) {
            return (None, None);
        }
        if flag.is_set() && counted < actions.len() {
            out.say(&dialect.note(&format!(
                "go perft {depth} stopped: {counted} of {} root moves counted",
                actions.len()
            )));
        } else {
            out.say(&format!("\nNodes searched: {total}\n"));
        }
        (None, None)
    });
    Running {
        stop,
        handle,
        answer,
        perft: true,
    }
}

/// Searches and returns the answer line and the action chosen, printing a line per
/// iteration.
fn think(
    agent: &mut SearchAgent,
    job: &mut Job,
    out: &Output,
    dialect: &dyn Dialect,
) -> (String, Option<Action>) {
    let pos = &mut job.pos;
    if pos.legal_move_list().is_empty() && !pos.can_pass() {
        let end = super::GameEnd::of(pos);
        if let Some(l) = dialect.nothing_to_search(end.as_ref()) {
            out.say(&l);
        }
        return (dialect.no_move(end.as_ref()), None);
    }
    let started = job.started;
    let multi = job.multipv > 1;
    let mut last: Option<Iteration> = None;
    let mut report = |root: &Position, it: &Iteration| {
        let t = thought(root, it, started.elapsed(), multi.then_some(1), dialect);
        if let Some(l) = dialect.thought(&t) {
            out.say(&l);
        }
        last = Some(it.clone());
    };
    let mut rng = ashtapada::sim::game_rng(0, pos.hash());
    let action = agent.think(pos, &mut rng, &job.limits, &job.only, &mut report);
    // The search's own nodes, then those of the `MultiPV` lines after it.
    let mut nodes = agent.nodes();
    if multi && let Ok(Action::Move(best)) = action {
        nodes += more_lines(agent, job, best, out, dialect);
    }
    let pos = &mut job.pos;
    let best = match action {
        Ok(Action::Move(best)) => best,
        // A pass, as Fairy-Stockfish writes it (the royal square twice).
        Ok(Action::Pass) => {
            let text = pass_text(pos).map(|p| dialect.move_out(pos, p));
            let chosen = text.as_ref().map(|_| Action::Pass);
            return (dialect.best(text.as_deref(), None), chosen);
        }
        _ => return (dialect.best(None, None), None),
    };
    let elapsed = started.elapsed();
    if let Some(l) = dialect.searched(nodes, nps(nodes, elapsed), elapsed.as_millis()) {
        out.say(&l);
    }
    let best_text = text(pos, best, dialect);
    let ponder = last
        .filter(|it| it.pv.first() == Some(&best))
        .and_then(|it| it.pv.get(1).copied())
        .map(|p| {
            pos.play_unchecked(best);
            let t = text(pos, p, dialect);
            pos.undo();
            t
        });
    (
        dialect.best(Some(&best_text), ponder.as_deref()),
        Some(Action::Move(best)),
    )
}

/// `MultiPV` lines 2, 3, …: each a search of the root moves not yet reported, to the depth
/// the first search completed (and its node limit), reported as `info … multipv K …`. A
/// `stop` ends them too (after `go infinite` they are cut short: the first line is then the
/// only one searched deeply). Returns the nodes they searched.
fn more_lines(
    agent: &mut SearchAgent,
    job: &mut Job,
    best: Move,
    out: &Output,
    dialect: &dyn Dialect,
) -> u64 {
    let pos = &mut job.pos;
    let mut left: Vec<Move> = if job.only.is_empty() {
        pos.legal_move_list()
    } else {
        job.only.clone()
    };
    left.retain(|&m| m != best);
    let mut limits = job.limits;
    limits.depth = agent.depth().max(1);
    let started = job.started;
    let mut nodes = 0;
    for k in 2..=job.multipv {
        if left.is_empty() {
            break;
        }
        let mut last: Option<Iteration> = None;
        let mut report = |_: &Position, it: &Iteration| last = Some(it.clone());
        let mut rng = ashtapada::sim::game_rng(k as u64, pos.hash());
        let searched = agent.think(pos, &mut rng, &limits, &left, &mut report);
        nodes += agent.nodes();
        let Ok(Action::Move(m)) = searched else {
            break;
        };
        if let Some(it) = last.filter(|it| it.pv.first() == Some(&m))
            && let Some(l) =
                dialect.thought(&thought(pos, &it, started.elapsed(), Some(k), dialect))
        {
            out.say(&l);
        }
        left.retain(|&x| x != m);
    }
    nodes
}

/// Nodes per second.
fn nps(nodes: u64, elapsed: Duration) -> u64 {
    (nodes as u128 * 1000 / elapsed.as_millis().max(1)) as u64
}

/// An iteration searched from `root`, its moves in the dialect's notation; `multipv`
/// numbers the line when `MultiPV` is over 1.
pub fn thought(
    root: &Position,
    it: &Iteration,
    elapsed: Duration,
    multipv: Option<usize>,
    dialect: &dyn Dialect,
) -> Thought {
    let mut pos = root.clone();
    let pv: Vec<String> = it
        .pv
        .iter()
        .map(|&m| {
            let t = text(&pos, m, dialect);
            pos.play_unchecked(m);
            t
        })
        .collect();
    Thought {
        depth: it.depth,
        seldepth: it.seldepth,
        multipv,
        score: it.score,
        nodes: it.nodes,
        nps: nps(it.nodes, elapsed),
        millis: elapsed.as_millis(),
        pv,
    }
}
