//! [`SearchAgent`]: iterative-deepening alpha-beta under a node budget — paranoid for more
//! than two seats; expectimax (with maxⁿ turns) over the dice in dice variants.

use super::chance::Rolls;
use super::eval::{Evaluator, WIN};
use super::limits::{Iteration, Limits, Report};
use super::order::{is_capture, is_promotion, order, order_stable};
use super::table::{Bound, Table};
use super::{Agent, Refusal, forced_action, uniform_below};
use crate::engine::Position;
use crate::stop::Stop;
use crate::vocab::{Action, Move, Seat};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::Instant;

/// Larger than any value.
pub(super) const INF: i32 = WIN + 1;

/// When a game move starts no new iteration (see [`SearchAgent::next_iteration_floor`]): once
/// `start` percent of its node budget is spent, `step` points less for each completed
/// iteration in a row that kept the best move, down to `least`; and once a completed
/// iteration valued the position at `decided` units or more either way (0: never), or at
/// exactly a draw when `drawn` is set, half of that. Under [`think`](SearchAgent::think) the
/// whole node limit may be used, unless the limits are a level's own
/// ([`Limits::level`](super::Limits::level)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    /// Percent of the budget past which no iteration starts.
    pub start: u8,
    /// Percentage points less per stable iteration.
    pub step: u8,
    /// The least percentage, however stable the best move.
    pub least: u8,
    /// Evaluation units (see [`UNIT`](super::eval::UNIT)) from which the game is taken as
    /// decided, so that the floor is halved; 0 for never.
    pub decided: i32,
    /// A value of exactly a draw (a repetition the search found) halves the floor too.
    pub drawn: bool,
}

/// The pace of every grade until 6 December 2026: 50% of the budget, 10 points less per
/// stable iteration, at least 20%, never halved.
pub const STEADY: Pace = Pace {
    start: 50,
    step: 10,
    least: 20,
    decided: 0,
    drawn: false,
};

/// `medium`'s pace in games of more than two seats without dice since 7 December 2026: 30%
/// of the budget, 10 points less per stable iteration, at least 10% (four-player shogi: a
/// third less CPU time a game and a share of 0.600 [0.446, 0.737] of 40 games against the
/// [`STEADY`] pace; docs/agents.md). Two-seat games keep [`STEADY`]: every earlier stop
/// measured there lost to it.
pub const BRISK_SEATS: Pace = Pace {
    start: 30,
    step: 10,
    least: 10,
    decided: 0,
    drawn: false,
};

/// Every node of the budget: a new iteration starts while any node is left (the last one, cut
/// short by the budget, keeps the moves it finished), as an engine protocol's `go nodes`
/// searches. `hard`'s two-seat pace since 7 December 2026: strength, not speed, is its
/// purpose, and its Elo table row against Fairy-Stockfish 20,000 was measured so.
pub const FULL: Pace = Pace {
    start: 100,
    step: 0,
    least: 100,
    decided: 0,
    drawn: false,
};

impl Pace {
    /// The nodes of a `budget` past which a game move starts no new iteration, after `stable`
    /// completed iterations in a row kept the best move and the last valued the position at
    /// `value` (evaluation units, for the root seat).
    pub fn floor(&self, budget: u64, stable: u64, value: i32) -> u64 {
        let steps = u64::from(self.step) * stable.min(10);
        let percent = u64::from(self.start)
            .saturating_sub(steps)
            .max(u64::from(self.least));
        let floor = if percent >= 100 {
            budget
        } else {
            budget / 100 * percent
        };
        let decided = self.decided > 0 && value.abs() >= self.decided;
        if decided || (self.drawn && value == 0) {
            floor / 2
        } else {
            floor
        }
    }
}

/// The most a quiet move is taken to gain at the frontier: two units of rule-file value.
const FUTILITY: i32 = 2 * super::eval::UNIT;

/// A search agent's strength: its budget and depth limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grade {
    /// The agent's name.
    pub name: &'static str,
    /// Node budget per move: actions played in the search (moves, passes and rolls, in
    /// the main search and the quiescence search). Counting nodes, not time, keeps a seeded game
    /// the same on every machine. The first iteration (depth 1) is not cut short by it (only
    /// by [`work`](Grade::work)).
    pub nodes: u64,
    /// Node budget per move in dice variants (the smaller of it and
    /// [`nodes`](Grade::nodes) applies there): a dice game has many more decisions, each
    /// searched through chance nodes.
    pub dice_nodes: u64,
    /// Work budget per move, in work units: each action played (as for
    /// [`nodes`](Grade::nodes)), each move generated (legal or pseudo-legal, counted before any
    /// filtering), and per static evaluation each piece on the board (once for its mobility,
    /// once more where the evaluation weighs exposure to the next rolls). It stops the search
    /// wherever it is, the first iteration included, so that the time per move is bounded on
    /// any rule file by `work` times the cost of one unit (see the README, "Agents"); the
    /// built-in variants never reach it.
    pub work: u64,
    /// Deepest iteration, in plies (a roll is not a ply).
    pub max_depth: i32,
    /// Node budget per move of the two-seat search (two seats, no dice), in place of
    /// [`nodes`](Grade::nodes): the rungs measured against Fairy-Stockfish there
    /// (docs/agents.md) without changing the games of more seats or with dice.
    pub two_seat_nodes: u64,
    /// Deepest iteration of the two-seat search, in place of [`max_depth`](Grade::max_depth);
    /// the node budget decides the depth before it, except in endings with few moves.
    pub two_seat_depth: i32,
    /// Deepest quiescence search (captures and promotions only), in plies; 0 for none.
    pub quiescence: i32,
    /// The search for more than two seats without dice ([`Algorithm::Auto`]: the one measured
    /// best for the rule file's family).
    pub algorithm: Algorithm,
    /// Dice variants: rolls looked past at a leaf, where the next seat's captures under each
    /// roll are searched (0: the leaf's static value).
    pub threat_rolls: u8,
    /// Dice variants: the static evaluation counts each seat's expected loss to the next
    /// rolls of the seats at most this many turns after it (0: none); see
    /// [`Evaluator::set_sight`].
    pub threat_seats: u8,
    /// Capture-scoring variants: the evaluation values score over pieces kept and weighs the
    /// leading other seat; see [`Evaluator::set_sight`].
    pub score_view: bool,
    /// Dice variants: the search covers the root seat's own turn only (all of its die moves)
    /// and sees past it through `threat_rolls` alone. Deeper iterations stop in the middle of
    /// the next seat's turn, and a budget that cannot finish them leaves the root moves
    /// compared at unequal depths.
    pub turn_only: bool,
    /// Check extensions: a move that gives check (the checked seat must answer it) is searched
    /// one ply deeper, at most this many times along one line (0: none).
    pub check_extensions: u8,
    /// Dice variants: the game moves are chosen by Monte Carlo tree search
    /// ([`MctsAgent`](super::MctsAgent)) of this many iterations, with the grade's sight and
    /// work budget, instead of expectimax (0: expectimax). Measured stronger in Chaturaji (see
    /// [`HARD`]); [`think`](SearchAgent::think) still searches by expectimax.
    pub monte_carlo: u32,
    /// When a game move of the two-seat search (two seats, no dice) stops deepening
    /// ([`Pace`]); dice games keep [`STEADY`].
    pub two_seat_pace: Pace,
    /// When a game move of more than two seats without dice stops deepening ([`Pace`]).
    pub seats_pace: Pace,
    /// Two-seat search: the static value fades towards a draw as the rule file's drawing move
    /// rule nears (times `(2N − h) / 2N` at `h` plies of the `N` the rule allows), so that
    /// the side ahead makes progress (a capture or a resetting move) instead of shuffling.
    pub move_rule_fade: bool,
    /// Two-seat search: ending knowledge in the static value (`ending.rs`): once one seat
    /// leads by two units of non-royal material and the other has at most 35% of its start
    /// material, the seat ahead drives the other's royal piece to the edge and comes close
    /// with its own, and, where an end condition counts pieces (a bare royal piece loses),
    /// closes in on the other's last non-royal pieces. Off in every grade: measured neutral
    /// in Chaturanga `medium` (0.481 [0.375, 0.589] of 80 games against `medium` without it,
    /// and no shorter games; docs/agents.md).
    pub ending: bool,
}

/// How a search agent searches a game of more than two seats without dice (two seats: the
/// principal-variation search; dice: expectimax, `maxn.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// The algorithm measured strongest for the rule file's family (see
    /// [`Algorithm::for_variant`]).
    Auto,
    /// Paranoid alpha-beta: every other seat plays against the root seat, in turn.
    Paranoid,
    /// Best-reply search (`brs.rs`): after each root move only the strongest reply of any
    /// other seat.
    BestReply,
}

impl Grade {
    /// The node budget per move and the deepest iteration on `variant`: with dice the smaller
    /// of [`nodes`](Grade::nodes) and [`dice_nodes`](Grade::dice_nodes); with more than two
    /// seats at most three times `dice_nodes`; with two seats and no dice
    /// [`two_seat_nodes`](Grade::two_seat_nodes) and [`two_seat_depth`](Grade::two_seat_depth).
    pub fn budget_for(&self, variant: &crate::compile::Variant) -> (u64, i32) {
        if variant.rules.dice.is_some() {
            (self.nodes.min(self.dice_nodes), self.max_depth)
        } else if variant.seats.len() > 2 {
            // More seats: at most three times the dice budget (`medium` keeps its 3 000
            // nodes of before in four-player shogi, where 5 000 halved its speed).
            (
                self.nodes.min(self.dice_nodes.saturating_mul(3)),
                self.max_depth,
            )
        } else {
            (self.two_seat_nodes, self.two_seat_depth)
        }
    }
}

impl Algorithm {
    /// The algorithm a grade of this choice, with a budget of `nodes` per move, uses on
    /// `variant`: `Auto` becomes the one measured strongest at equal nodes (README,
    /// "Agents"): for more than two seats, best-reply search from [`BEST_REPLY_NODES`] nodes
    /// up (it needs depth to see the root seat's second move), paranoid below.
    pub fn for_variant(self, variant: &crate::compile::Variant, nodes: u64) -> Algorithm {
        match self {
            Algorithm::Auto if variant.seats.len() > 2 && nodes >= BEST_REPLY_NODES => {
                Algorithm::BestReply
            }
            Algorithm::Auto => Algorithm::Paranoid,
            a => a,
        }
    }
}

/// The node budget from which [`Algorithm::Auto`] searches games of more than two seats
/// with best-reply search. Measured in four-player shogi (medium's settings, seats paired
/// 2 v 2, both pairings): best-reply v paranoid at 12 000 nodes won 0.80 [0.65, 0.90] of 40
/// games; at 3 000 nodes 0.48 [0.36, 0.61] of 60; at `easy`'s 400, 0.47 [0.38, 0.56] of 120.
pub const BEST_REPLY_NODES: u64 = 10_000;

/// `easy`'s work budget: well above the most it was measured to spend on one move of a
/// built-in variant (75 thousand units, four-player shogi).
const EASY_WORK: u64 = 200_000;

/// `medium`'s work budget: well above the most it was measured to spend on one move of a
/// built-in variant (0.87 million units, four-player shogi).
const MEDIUM_WORK: u64 = 2_000_000;

/// `hard`'s work budget: well above the most it was measured to spend on one move of a
/// built-in variant (4.3 million units, four-player shogi).
const HARD_WORK: u64 = 10_000_000;

/// `easy`: two plies, short quiescence, 400 nodes (150 in dice variants); in dice variants
/// it sees its own turn only. Two seats without dice: 2,000 nodes, as deep as they reach
/// (measured against Fairy-Stockfish at 200 nodes a move: docs/agents.md).
pub const EASY: Grade = Grade {
    algorithm: Algorithm::Auto,
    name: "easy",
    nodes: 400,
    dice_nodes: 150,
    work: EASY_WORK,
    max_depth: 2,
    two_seat_nodes: 2_000,
    two_seat_depth: 64,
    quiescence: 2,
    threat_rolls: 0,
    threat_seats: 0,
    score_view: false,
    turn_only: false,
    check_extensions: 0,
    monte_carlo: 0,
    two_seat_pace: STEADY,
    seats_pace: STEADY,
    move_rule_fade: false,
    ending: false,
};

/// `medium`: up to eight plies, 5 000 nodes (1 000 in dice variants), four plies of
/// quiescence, check extensions (two per line); in dice variants it also sees the next seat's
/// roll (its captures at the leaves) and each seat's expected loss to every other seat's next
/// roll; the score view in capture-scoring variants. Two seats without dice: 10,000 nodes at
/// the [`STEADY`] pace, the cheapest measured setting that meets Fairy-Stockfish at 2,000
/// nodes in the five two-seat classics (7,500 nodes at `STEADY` lost in chess, −101 ± 88;
/// docs/agents.md, "One player per grade"). Without dice and with more than two seats it
/// stops deepening sooner than the other grades ([`BRISK_SEATS`]).
pub const MEDIUM: Grade = Grade {
    algorithm: Algorithm::Auto,
    name: "medium",
    nodes: 5_000,
    dice_nodes: 1_000,
    work: MEDIUM_WORK,
    max_depth: 8,
    two_seat_nodes: 10_000,
    two_seat_depth: 64,
    quiescence: 4,
    threat_rolls: 1,
    threat_seats: 3,
    score_view: true,
    turn_only: false,
    check_extensions: 2,
    monte_carlo: 0,
    two_seat_pace: STEADY,
    seats_pace: BRISK_SEATS,
    move_rule_fade: false,
    ending: false,
};

/// `hard`: up to twenty plies, 80 000 nodes, with check extensions (two per line); in dice
/// variants it plays by Monte Carlo tree search ([`HARD_MONTE_CARLO`] iterations, each seat's
/// expected loss to every other seat's next roll in the evaluation); its expectimax
/// ([`think`](SearchAgent::think)) searches its own turn whole and sees the next two seats'
/// rolls (their captures under each roll) at its leaves. Two seats without dice: 200,000
/// nodes, as deep as they reach, every node used ([`FULL`]; against Fairy-Stockfish at 20,000
/// nodes: docs/agents.md).
pub const HARD: Grade = Grade {
    algorithm: Algorithm::Auto,
    name: "hard",
    nodes: 80_000,
    dice_nodes: 80_000,
    work: HARD_WORK,
    max_depth: 20,
    two_seat_nodes: 200_000,
    two_seat_depth: 64,
    quiescence: 8,
    threat_rolls: 2,
    threat_seats: 3,
    score_view: true,
    turn_only: true,
    check_extensions: 2,
    monte_carlo: HARD_MONTE_CARLO,
    two_seat_pace: FULL,
    seats_pace: STEADY,
    move_rule_fade: false,
    ending: false,
};

/// `hard`'s Monte Carlo iterations per move in dice variants ([`Grade::monte_carlo`]).
/// Measured in Chaturaji against `medium` (seats paired 2 v 2, both pairings, seeded):
/// 3,000 iterations won 0.563 [0.523, 0.602] of 600 games, where `hard`'s expectimax over its
/// own turn (80,000 nodes) won 0.45 [0.38, 0.52] of 200, and deeper or wider expectimax did
/// no better (10,000 nodes past its own turn 0.458 of 400; two rolls at the leaves 0.486).
pub const HARD_MONTE_CARLO: u32 = 3_000;

/// A search agent; its [`Grade`] sets the budget.
///
/// Algorithm: iterative deepening from depth 1 until the node budget or the grade's depth is
/// reached (an iteration cut short by the budget is used only for the moves it finished,
/// searched best-first), over a minimax tree valued for the seat to move at the root:
/// - two seats without dice: principal-variation search (`pvs.rs`) with aspiration windows,
///   null-move pruning where the rule file leaves no zugzwang, reverse futility, late-move
///   reductions, killer, countermove and history ordering, a full static exchange (x-rays) for
///   capture ordering and quiescence pruning, mate-distance pruning and draws by repetition;
/// - more seats: *paranoid* alpha-beta — every other seat is assumed to play against the root
///   seat. Chosen over maxⁿ because it keeps alpha-beta pruning (maxⁿ prunes almost nothing),
///   so it searches deeper on the same budget, and it plays safe in games where any seat may
///   attack any other; from [`BEST_REPLY_NODES`] nodes per move, best-reply search instead
///   (`brs.rs`, see [`Algorithm`]);
/// - dice variants: expectimax with maxⁿ turns (see `maxn.rs`): where a roll is due the node
///   is a chance node whose values are the expectation over every distinct roll (faces that
///   move the same kinds are merged; see [`Rolls`]); elsewhere the seat to move takes the
///   action best for itself. The die moves of the current roll (and passing, where the rule
///   file allows it) are searched exactly. Not paranoid: no alpha-beta window crosses a
///   chance node and a turn's die moves all belong to one seat, so paranoid search would
///   prune nothing there, and its assumption that every seat plays against the root seat only
///   makes the play timid.
///
/// A grade with [`check_extensions`](Grade::check_extensions) searches a move that gives
/// check one ply deeper (the checked seat must answer, so the line is forcing; in four-player
/// shogi the checked seat moves at once, out of turn), a limited number of times per line.
/// A grade with [`turn_only`](Grade::turn_only) searches the root seat's turn whole in dice
/// variants and looks past it only through the rolls at its leaves.
///
/// At the frontier, quiet moves are skipped where the static value is more than two units of
/// rule-file value outside the window (futility pruning). Leaves go through a quiescence
/// search of captures and promotions (not in dice variants, where the next roll decides what
/// can move). Move ordering: the transposition-table move,
/// then captures by MVV-LVA, then promotions (the two-seat search: see `order_with`). The
/// transposition table (2^16 entries in buckets of two, depth-preferred; keyed by
/// [`Position::hash`] and the dice left) always orders moves; its values cut the search only
/// where the hash determines the evaluation (no dice, no scores, no mates that change hands).
///
/// Evaluation ([`Evaluator`]): for each seat, its pieces on the board and in hand at the rule
/// file's values, its score, its mates made, its mobility (pseudo-legal board moves), less
/// penalties for an attacked royal piece and for being out of the game; the root seat's
/// standing less the mean of the others'. The grade's sight
/// ([`Evaluator::set_sight`]) adds, in dice variants, each seat's expected loss to the next
/// rolls of the seats after it, and in capture-scoring variants the score view (pieces at
/// half value, the leading other seat weighed). A finished game is worth ±[`WIN`] (by rank for a
/// ranked end).
///
/// Randomness: the root moves are shuffled with `rng` before the (stable) ordering, so that
/// equally valued moves are chosen uniformly and games differ from seed to seed.
#[derive(Clone, Debug)]
pub struct SearchAgent {
    pub(super) grade: Grade,
    eval: Option<Evaluator>,
    pub(super) rolls: Option<(Arc<crate::compile::Variant>, Rolls)>,
    pub(super) table: Table,
    /// Move buffers per ply.
    pub(super) moves: Vec<Vec<Move>>,
    /// Ordered (key, move) buffers per ply.
    pub(super) ordered: Vec<Vec<(i32, Move)>>,
    /// Quiet moves tried per ply (two-seat search).
    pub(super) tried: Vec<Vec<Move>>,
    /// Seat to move at the root.
    pub(super) root: Seat,
    /// Nodes searched for the current move.
    nodes: u64,
    /// The node budget of the current move ([`Grade::nodes`], or [`Grade::dice_nodes`] in
    /// dice variants).
    budget: u64,
    /// The deepest iteration of the current move ([`Grade::budget_for`]).
    max_depth: i32,
    /// Work units spent on the current move (see [`Grade::work`]).
    work: u64,
    /// Set once depth 1 is complete: the budget may now stop the search.
    may_stop: bool,
    /// The budget ran out: every value since is void.
    pub(super) stopped: bool,
    /// Whether the seat to move at the node about to be searched is in check, where the
    /// caller already tested it (the two-seat search's child); taken by the node.
    pub(super) known_check: Option<bool>,
    /// The two-seat search's static values by position key (built on first use).
    pub(super) eval_cache: Option<Box<super::table::EvalCache>>,
    /// Table values may cut the search (the hash determines the evaluation).
    pub(super) cuts: bool,
    /// Check extensions left on the current line.
    pub(super) extensions: u8,
    /// The deepest iteration completed for the current move.
    depth: i32,
    /// Set from outside to end the search at once ([`Agent::set_stop`]).
    stop: Stop,
    /// The search ends once this instant has passed (polled every 256 nodes, after depth 1);
    /// set by [`think`](SearchAgent::think) only, so agents in games never read a clock.
    pub(super) deadline: Option<Instant>,
    /// No new iteration starts once this instant has passed ([`think`](SearchAgent::think)).
    soft_limit: Option<Instant>,
    /// The deepest ply reached in the current search (quiescence included).
    pub(super) seldepth: u32,
    /// Killers, countermoves and history of the two-seat search.
    pub(super) memory: super::order::Memory,
    /// The variant's null-move rule (two-seat search).
    pub(super) null_rule: super::pvs::NullRule,
    /// Two seats and no dice: the search is [`pvs`](super::pvs).
    two_seat: bool,
    /// Searching for [`think`](Self::think) (an engine protocol), not for a game move.
    thinking: bool,
    /// The grade's algorithm for the current variant ([`Algorithm::for_variant`]).
    algorithm: Algorithm,
    /// The Monte Carlo player of a grade with [`Grade::monte_carlo`] (dice variants).
    monte_carlo: Option<super::MctsAgent>,
    /// The ending knowledge of the current variant ([`Grade::ending`], two-seat search).
    ending: Option<super::ending::Ending>,
}

impl SearchAgent {
    /// A search agent of `grade`.
    pub fn new(grade: Grade) -> SearchAgent {
        SearchAgent {
            grade,
            eval: None,
            rolls: None,
            table: Table::new(16),
            eval_cache: None,
            moves: Vec::new(),
            ordered: Vec::new(),
            tried: Vec::new(),
            root: Seat(0),
            nodes: 0,
            max_depth: 1,
            budget: 0,
            work: 0,
            may_stop: false,
            stopped: false,
            known_check: None,
            cuts: false,
            extensions: 0,
            depth: 0,
            stop: Stop::new(),
            deadline: None,
            soft_limit: None,
            seldepth: 0,
            memory: super::order::Memory::default(),
            null_rule: super::pvs::NullRule {
                allowed: false,
                min_pieces: 2,
            },
            two_seat: false,
            thinking: false,
            algorithm: Algorithm::Paranoid,
            monte_carlo: None,
            ending: None,
        }
    }

    /// Replaces the transposition table by an empty one of at most `bytes` bytes (at least
    /// 2^10 entries); the default is 2^16 entries.
    pub fn set_table_bytes(&mut self, bytes: usize) {
        self.table = Table::new(Table::bits_for(bytes));
    }

    /// Empties the transposition table in place, keeping its size and allocation.
    pub fn clear_table(&mut self) {
        self.table.clear();
    }

    /// The transposition table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// How many transposition-table entries hold a result (a full scan of the table).
    pub fn table_used(&self) -> usize {
        self.table.used()
    }

    /// Forgets what earlier searches learnt: empties the transposition table and the move
    /// ordering's memory (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.memory.clear();
        if let Some(c) = &mut self.eval_cache {
            c.clear();
        }
    }

    /// Nodes searched for the last move chosen.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Work units (see [`Grade::work`]) spent on the last move chosen.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The deepest iteration (in plies) completed for the last move chosen; 0 when the move
    /// was forced or the only one.
    pub fn depth(&self) -> i32 {
        self.depth
    }

    /// Prepares the per-variant state for `pos`.
    fn prepare(&mut self, pos: &Position) {
        let e = Evaluator::cached_fitted(&mut self.eval, pos);
        e.set_sight(self.grade.threat_seats, self.grade.score_view);
        let v = pos.variant();
        if let Some(d) = &v.rules.dice
            && self.rolls.as_ref().is_none_or(|r| !Arc::ptr_eq(&r.0, v))
        {
            self.rolls = Some((v.clone(), Rolls::new(d)));
        }
        if v.rules.dice.is_none() {
            self.rolls = None;
        }
        self.cuts = v.rules.dice.is_none() && !v.rules.keeps_score() && v.rules.mate.is_none();
        self.two_seat = v.seats.len() == 2 && v.rules.dice.is_none();
        if self.two_seat {
            self.null_rule = super::pvs::NullRule::of(pos);
            if !self.grade.ending {
                self.ending = None;
            } else if self.ending.as_ref().is_none_or(|e| !e.is_for(pos)) {
                let eval = self.eval.as_ref().expect("built above");
                self.ending = Some(super::ending::Ending::new(pos, eval));
            }
            self.memory.start();
            if self.cuts {
                let cache = self.eval_cache.get_or_insert_default();
                cache.keep_for(std::sync::Arc::as_ptr(v) as usize);
            }
        }
        self.algorithm = self.grade.algorithm.for_variant(v, self.grade.nodes);
        self.root = pos.to_move();
        (self.budget, self.max_depth) = self.grade.budget_for(v);
        self.nodes = 0;
        self.work = 0;
        self.depth = 0;
        self.seldepth = 0;
        self.may_stop = false;
        self.stopped = false;
        self.table.generation = self.table.generation.wrapping_add(1);
    }

    /// The evaluator (set by [`prepare`](Self::prepare)).
    pub(super) fn evaluator(&mut self) -> &mut Evaluator {
        self.eval.as_mut().expect("prepare builds the evaluator")
    }

    /// The evaluator, read-only (set by [`prepare`](Self::prepare)).
    pub(super) fn evaluator_ref(&self) -> &Evaluator {
        self.eval.as_ref().expect("prepare builds the evaluator")
    }

    /// The table key of `pos`: its hash with the dice left.
    pub(super) fn key(pos: &Position) -> u64 {
        let dice = u32::from_le_bytes(pos.dice_left()) as u64;
        pos.hash() ^ dice.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// True if the search ends with the root seat's turn ([`Grade::turn_only`], dice
    /// variants).
    #[inline]
    pub(super) fn turn_only(&self) -> bool {
        self.grade.turn_only && self.rolls.is_some()
    }

    /// Counts a node; true if a budget or the time has run out or a stop was asked for (then
    /// the search unwinds): the node budget and the deadline once the first iteration is
    /// complete, the work budget at any time. A node past the node budget is refused before
    /// it is counted, so a search that may stop counts at most the budget.
    #[inline]
    pub(super) fn spend(&mut self) -> bool {
        if self.may_stop && self.nodes >= self.budget {
            self.stopped = true;
            return true;
        }
        self.nodes += 1;
        self.work += 1;
        if (self.may_stop && self.past_deadline())
            || self.work > self.grade.work
            || self.stop.is_set()
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Counts `units` of work done besides playing actions (moves generated, pieces
    /// evaluated); the next [`spend`](Self::spend) stops the search if the work budget is
    /// exceeded.
    #[inline]
    pub(super) fn charge(&mut self, units: usize) {
        self.work += units as u64;
    }

    /// Counts the work of one static evaluation of `pos`: each piece on the board, twice where
    /// the evaluation weighs exposure.
    pub(super) fn charge_evaluation(&mut self, pos: &Position) {
        let seats = pos.variant().seats.len();
        let pieces: u32 = (0..seats).map(|s| pos.piece_count(Seat(s as u8))).sum();
        let passes = 1 + (self.grade.threat_seats > 0 && pos.variant().rules.dice.is_some()) as u32;
        self.charge((pieces * passes) as usize);
    }

    /// True if the deadline has passed; reads the clock every 256 nodes only.
    #[inline]
    fn past_deadline(&self) -> bool {
        self.nodes & 255 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The static value of `pos` for the root seat.
    pub(super) fn static_value(&mut self, pos: &Position) -> i32 {
        self.charge_evaluation(pos);
        let root = self.root;
        self.evaluator().relative(pos, root)
    }

    /// The two-seat search's static value of `pos` for `seat`: the evaluation's, plus the
    /// ending term where the grade has one ([`Grade::ending`]).
    pub(super) fn two_seat_value(&mut self, pos: &Position, seat: Seat) -> i32 {
        let v = self.evaluator().relative(pos, seat);
        match (&self.ending, &self.eval) {
            (Some(e), Some(eval)) => v + e.value(pos, eval, seat),
            _ => v,
        }
    }

    /// The value of `pos` for the root seat, searched `depth` plies deep within `alpha..beta`.
    fn search(&mut self, pos: &mut Position, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        if let Some(o) = Self::node_outcome(pos, depth) {
            let root = self.root;
            return self.evaluator().terminal(pos, o, root, ply as u32);
        }
        // Alpha-beta runs in variants without dice only (dice variants search with maxⁿ and
        // expectation nodes, `maxn.rs`), so no roll is ever due here.
        debug_assert!(!pos.awaiting_roll());
        if depth <= 0 {
            return self.quiesce(pos, ply, alpha, beta, self.grade.quiescence);
        }
        let key = Self::key(pos);
        let mut best_move = None;
        if let Some(e) = self.table.probe(key) {
            best_move = e.best;
            if self.cuts
                && e.generation == self.table.generation
                && e.depth >= depth
                && e.value.abs() < WIN / 2
            {
                let hit = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.value >= beta,
                    Bound::Upper => e.value <= alpha,
                };
                if hit {
                    return e.value;
                }
            }
        }
        self.grow(ply);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut ordered = std::mem::take(&mut self.ordered[ply]);
        pos.legal_moves(&mut moves);
        self.charge(moves.len());
        let maximise = pos.to_move() == self.root;
        if depth == 1 && self.futile(pos, maximise, alpha, beta) {
            moves.retain(|&m| is_capture(pos, m) || is_promotion(pos, m));
        }
        let eval = self.eval.as_ref().expect("prepare builds the evaluator");
        order(eval, pos, &moves, best_move, &mut ordered);
        let (mut a, mut b) = (alpha, beta);
        let mut best = if maximise { -INF } else { INF };
        let pass = pos.can_pass();
        for i in 0..ordered.len() + pass as usize {
            let action = ordered
                .get(i)
                .map_or(Action::Pass, |&(_, m)| Action::Move(m));
            let v = self.child(pos, action, depth - 1, ply, a, b);
            if self.stopped {
                break;
            }
            let better = if maximise { v > best } else { v < best };
            if better {
                best = v;
                best_move = action.as_move();
            }
            if maximise {
                a = a.max(v);
            } else {
                b = b.min(v);
            }
            if a >= b {
                break;
            }
        }
        self.moves[ply] = moves;
        self.ordered[ply] = ordered;
        if self.stopped {
            return 0;
        }
        if best == INF || best == -INF {
            // No action at all (cannot happen in a game that goes on): judge it as it stands.
            return self.static_value(pos);
        }
        self.table
            .store(key, best_move, best, depth, Bound::of(best, alpha, beta));
        best
    }

    /// The outcome of `pos` at a search node with `depth` plies left: at the horizon (no
    /// plies left) the mate test stops at the first legal move, since the node lists no moves
    /// of its own ([`Position::outcome_at_leaf`]; the same answer at less cost).
    #[inline]
    pub(super) fn node_outcome(pos: &mut Position, depth: i32) -> Option<crate::vocab::Outcome> {
        if depth <= 0 {
            pos.outcome_at_leaf()
        } else {
            pos.outcome()
        }
    }

    /// Futility pruning at the frontier (one ply left, no dice): true if the static value is
    /// so far on the wrong side of the window that no quiet move (worth at most
    /// [`FUTILITY`]) can bring it back, and the seat to move is not in check; then only
    /// captures and promotions are searched.
    fn futile(&mut self, pos: &Position, maximise: bool, alpha: i32, beta: i32) -> bool {
        if pos.variant().rules.dice.is_some() || pos.in_check(pos.to_move()) {
            return false;
        }
        let stand = self.static_value(pos);
        if maximise {
            stand + FUTILITY <= alpha
        } else {
            stand - FUTILITY >= beta
        }
    }

    /// Plays `action` from a node at `ply`, counting the node and the selective depth; false,
    /// with nothing played, once the budget is spent. The caller searches the child and takes
    /// the action back.
    #[inline]
    pub(super) fn enter(&mut self, pos: &mut Position, action: Action, ply: usize) -> bool {
        if self.spend() {
            return false;
        }
        match action {
            Action::Move(m) => pos.play_unchecked(m),
            _ => pos.pass_unchecked(),
        }
        self.seldepth = self.seldepth.max(ply as u32 + 1);
        true
    }

    /// Plays `action`, searches the child, takes it back.
    fn child(
        &mut self,
        pos: &mut Position,
        action: Action,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if !self.enter(pos, action, ply) {
            return 0;
        }
        // The check test first: it is cheap, and `outcome` may look for a legal move.
        let extend = self.extensions > 0 && pos.in_check(pos.to_move()) && pos.outcome().is_none();
        self.extensions -= extend as u8;
        let v = self.search(pos, depth + extend as i32, ply + 1, alpha, beta);
        self.extensions += extend as u8;
        pos.undo();
        v
    }

    /// Quiescence search: the static value, improved by captures and promotions (not in dice
    /// variants), at most `left` plies deep.
    pub(super) fn quiesce(
        &mut self,
        pos: &mut Position,
        ply: usize,
        alpha: i32,
        beta: i32,
        left: i32,
    ) -> i32 {
        if let Some(o) = pos.ended().map(|o| pos.counted(o)) {
            let root = self.root;
            return self.evaluator().terminal(pos, o, root, ply as u32);
        }
        let stand = self.static_value(pos);
        if left <= 0 || pos.awaiting_roll() || pos.variant().rules.dice.is_some() {
            return stand;
        }
        let maximise = pos.to_move() == self.root;
        let (mut a, mut b) = (alpha, beta);
        if maximise {
            if stand >= b {
                return stand;
            }
            a = a.max(stand);
        } else {
            if stand <= a {
                return stand;
            }
            b = b.min(stand);
        }
        self.grow(ply);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut ordered = std::mem::take(&mut self.ordered[ply]);
        // Only captures and promotions: from the pseudo-legal board moves (no drops), the
        // legal ones.
        moves.clear();
        pos.pseudo_moves(pos.to_move(), &mut moves);
        self.charge(moves.len());
        moves.retain(|&m| is_capture(pos, m) || is_promotion(pos, m));
        moves.retain(|&m| pos.keeps_royals_safe(m));
        let eval = self.eval.as_ref().expect("prepare builds the evaluator");
        order(eval, pos, &moves, None, &mut ordered);
        let mut best = stand;
        for &(_, m) in ordered.iter() {
            if self.spend() {
                break;
            }
            pos.play_unchecked(m);
            self.seldepth = self.seldepth.max(ply as u32 + 1);
            let v = self.quiesce(pos, ply + 1, a, b, left - 1);
            pos.undo();
            if self.stopped {
                break;
            }
            if maximise {
                best = best.max(v);
                a = a.max(v);
            } else {
                best = best.min(v);
                b = b.min(v);
            }
            if a >= b {
                break;
            }
        }
        self.moves[ply] = moves;
        self.ordered[ply] = ordered;
        if self.stopped { 0 } else { best }
    }

    /// Makes sure the per-ply buffers reach `ply`.
    pub(super) fn grow(&mut self, ply: usize) {
        while self.moves.len() <= ply {
            self.moves.push(Vec::with_capacity(64));
            self.ordered.push(Vec::with_capacity(64));
            self.tried.push(Vec::with_capacity(64));
        }
    }

    /// The root: iterative deepening over `actions` (shuffled and ordered), best first;
    /// `report` (if any) hears of every completed iteration.
    fn iterate(
        &mut self,
        pos: &mut Position,
        actions: &mut [Action],
        mut report: Option<&mut Report<'_>>,
    ) -> Action {
        let max_depth = if self.turn_only() {
            // Every die move of the root seat's turn; the line ends where a roll is due.
            (pos.dice().len() as i32).clamp(1, self.max_depth)
        } else {
            self.max_depth
        };
        let mut previous = 0;
        // Completed iterations in a row that kept the same best action.
        let mut stable = 0u64;
        for depth in 1..=max_depth {
            let before = actions[0];
            self.extensions = self.grade.check_extensions;
            let (best, alpha) = if self.two_seat {
                self.root_pvs(pos, actions, depth, previous)
            } else {
                self.root_minimax(pos, actions, depth)
            };
            // A cut-short iteration still ranks the moves it finished: the previous best was
            // searched first, so a better one found is better at this depth.
            if let Some(i) = best {
                actions[..=i].rotate_right(1);
            }
            previous = alpha;
            self.may_stop = true;
            if !self.stopped {
                stable = if actions[0] == before { stable + 1 } else { 0 };
                self.depth = depth;
                if let Some(report) = report.as_mut() {
                    let pv = self.principal_variation(pos, actions[0], depth);
                    let it = Iteration::new(depth, self.seldepth, alpha, self.nodes, pv);
                    report(pos, &it);
                }
            }
            if self.stopped
                || alpha.abs() >= WIN - 1000
                || self.nodes >= self.next_iteration_floor(stable, alpha)
                || self.work >= self.grade.work
                || self.soft_limit.is_some_and(|d| Instant::now() >= d)
            {
                break;
            }
        }
        actions[0]
    }
}

impl SearchAgent {
    /// One root iteration of the paranoid or expectimax search, `depth` plies: the index of
    /// the best action (if one finished) and its value for the root seat.
    fn root_minimax(
        &mut self,
        pos: &mut Position,
        actions: &[Action],
        depth: i32,
    ) -> (Option<usize>, i32) {
        let mut alpha = -INF;
        let mut best = None;
        let dice = pos.variant().rules.dice.is_some();
        let root = self.root.index();
        for (i, &action) in actions.iter().enumerate() {
            let v = if dice {
                self.maxn_child(pos, action, depth - 1, 0)[root]
            } else if self.algorithm == Algorithm::BestReply {
                self.brs_child(pos, action, depth - 1, 0, alpha, INF)
            } else {
                self.child(pos, action, depth - 1, 0, alpha, INF)
            };
            if self.stopped {
                break;
            }
            if v > alpha {
                alpha = v;
                best = Some(i);
            }
        }
        (best, alpha)
    }

    /// [`choose`](Agent::choose) under `limits` (depth, nodes, time) instead of the grade's
    /// budget, among the root moves in `only` (every move when it is empty), telling `report`
    /// of every completed iteration (with the root position); for engine protocols, where a
    /// search may be timed (a seeded game never is). The [`Stop`] of
    /// [`set_stop`](Agent::set_stop) ends it at once.
    ///
    /// # Errors
    /// As [`choose`](Agent::choose): a roll is due, or the game is over.
    pub fn think(
        &mut self,
        pos: &mut Position,
        rng: &mut ChaCha8Rng,
        limits: &Limits,
        only: &[Move],
        report: &mut Report<'_>,
    ) -> Result<Action, Refusal> {
        let grade = self.grade;
        self.grade.nodes = limits.nodes;
        self.grade.dice_nodes = limits.nodes;
        self.grade.two_seat_nodes = limits.nodes;
        // The caller's limits replace the grade's budgets: the work budget too, so that
        // `go infinite` or a long clock is bounded by time and stop alone — unless the
        // grade's own budget decides, where the search is the grade's game move.
        if !limits.paced {
            self.grade.work = u64::MAX;
        }
        self.grade.max_depth = limits.depth.max(1);
        self.grade.two_seat_depth = limits.depth.max(1);
        self.deadline = limits.hard;
        self.soft_limit = limits.soft;
        self.thinking = !limits.paced;
        let action = self.decide(pos, rng, only, Some(report));
        self.thinking = false;
        self.grade = grade;
        self.deadline = None;
        self.soft_limit = None;
        action
    }

    /// The principal variation after an iteration: `first`, then the table's best moves
    /// while they are legal, at most `depth` moves and never past the game's end.
    fn principal_variation(&mut self, pos: &mut Position, first: Action, depth: i32) -> Vec<Move> {
        let Action::Move(m) = first else {
            return Vec::new();
        };
        let mut pv = vec![m];
        pos.play_unchecked(m);
        while (pv.len() as i32) < depth && pos.outcome().is_none() && !pos.awaiting_roll() {
            let best = self.table.probe(Self::key(pos)).and_then(|e| e.best);
            match best {
                Some(m) if pos.is_legal(m) => {
                    pv.push(m);
                    pos.play_unchecked(m);
                }
                _ => break,
            }
        }
        for _ in 0..pv.len() {
            pos.undo();
        }
        pv
    }

    /// The nodes past which a game move starts no new iteration, after `stable` completed
    /// iterations in a row kept the same best action and the last valued the position at
    /// `value` for the root seat (see [`Pace`]): an iteration costs about as much as all
    /// before it together, so one begun late would mostly be cut short; a best action that
    /// stayed put through several iterations is unlikely to change in the next; and where the
    /// game is decided (or a draw was found) the exact choice matters less. The budget saved
    /// makes seeded games faster at about the same strength. Under [`think`](Self::think) the
    /// whole node limit may be used, as an engine protocol's `go nodes` asks, unless its
    /// limits are the grade's own ([`Limits::paced`]).
    fn next_iteration_floor(&self, stable: u64, value: i32) -> u64 {
        if self.thinking {
            return self.budget;
        }
        let pace = if self.two_seat {
            self.grade.two_seat_pace
        } else if self.rolls.is_none() {
            self.grade.seats_pace
        } else {
            STEADY
        };
        pace.floor(self.budget, stable, value)
    }

    /// The body of [`choose`](Agent::choose), with the iteration report of
    /// [`think`](Self::think).
    fn decide(
        &mut self,
        pos: &mut Position,
        rng: &mut ChaCha8Rng,
        only: &[Move],
        report: Option<&mut Report<'_>>,
    ) -> Result<Action, Refusal> {
        self.prepare(pos);
        let mut moves = Vec::new();
        pos.game_moves(&mut moves);
        if !only.is_empty() && moves.iter().any(|m| only.contains(m)) {
            moves.retain(|m| only.contains(m));
        }
        if moves.is_empty() {
            return forced_action(pos);
        }
        // Canonical order, shuffle, then order stably: equal moves come in random order, the
        // same whatever order the generator produced them in.
        crate::vocab::canonical_order(&mut moves);
        for i in (1..moves.len()).rev() {
            let j = uniform_below(rng, i as u32 + 1) as usize;
            moves.swap(i, j);
        }
        let mut ordered = Vec::new();
        let eval = self.eval.as_ref().expect("prepare builds the evaluator");
        order_stable(eval, pos, &moves, None, &mut ordered);
        let mut actions: Vec<Action> = ordered.iter().map(|&(_, m)| Action::Move(m)).collect();
        if pos.can_pass() {
            actions.push(Action::Pass);
        }
        // A forced action is played at once, unless an engine protocol asks for the search's
        // report (its `info` line and score, one line per `MultiPV` root move).
        if actions.len() == 1 && report.is_none() {
            return Ok(actions[0]);
        }
        Ok(self.iterate(pos, &mut actions, report))
    }
}

impl SearchAgent {
    /// A game move by Monte Carlo tree search ([`Grade::monte_carlo`]), with the grade's sight
    /// and work budget; the nodes and work it spent are reported as the search's.
    fn choose_by_monte_carlo(
        &mut self,
        pos: &mut Position,
        rng: &mut ChaCha8Rng,
    ) -> Result<Action, Refusal> {
        let g = self.grade;
        let mcts = self.monte_carlo.get_or_insert_with(|| {
            super::MctsAgent::new(g.monte_carlo)
                .with_sight(g.threat_seats, g.score_view)
                .with_work(g.work)
        });
        let action = mcts.choose(pos, rng);
        self.nodes = mcts.nodes();
        self.work = mcts.work();
        self.depth = 0;
        action
    }
}

impl Agent for SearchAgent {
    fn choose(&mut self, pos: &mut Position, rng: &mut ChaCha8Rng) -> Result<Action, Refusal> {
        if self.grade.monte_carlo > 0 && pos.variant().rules.dice.is_some() {
            return self.choose_by_monte_carlo(pos, rng);
        }
        self.decide(pos, rng, &[], None)
    }

    fn name(&self) -> &str {
        self.grade.name
    }

    fn set_stop(&mut self, stop: Stop) {
        self.stop = stop;
    }
}
