//! Measures the agents: speed and strength. Not part of the test run.
//!
//! ```text
//! cargo run --release -p ashtapada --example strength -- speed [GAMES] [VARIANT…]
//! cargo run --release -p ashtapada --example strength -- ladder [GAMES] [THREADS] [VARIANT…]
//! cargo run --release -p ashtapada --example strength -- match A B [GAMES] [THREADS] [VARIANT…]
//! cargo run --release -p ashtapada --example strength -- stress GRADE [ACTIONS] [VARIANT…]
//! cargo run --release -p ashtapada --example strength -- rate AGENT [GAMES] [VARIANT…]
//! ```
//!
//! - `speed`: games per second of `random` and `greedy` (self-play, one thread) and the mean
//!   and largest time per move of each search grade (self-play, one game per variant).
//! - `match A B`: agent A against agent B on each variant. Every game is played twice with the
//!   same seed, once with A in the even seats and B in the odd ones and once the other way
//!   round (the first seat rotates where the rule file says so), so seat advantage cancels.
//!   Prints A's win share (rank 1, ties split) with its 95% Wilson interval.
//! - `stress GRADE`: the time per move of one search grade (`easy`, `medium`, `hard`) in one
//!   self-play game of each variant (a built-in name or a rule file), over its first ACTIONS
//!   actions (rolls included; default 400).
//! - `rate AGENT`: GAMES seeded self-play games (seed 1, one thread, one agent for every
//!   seat, as `simulate --agents AGENT --threads 1`) and their mean length; time it with
//!   `/usr/bin/time` for games per CPU-second.
//! - `ladder`: `match` for greedy–random and easy–greedy (GAMES each), medium–easy (GAMES/2)
//!   and hard–medium (GAMES/4).

use ashtapada::agents::{Agent, SearchAgent, by_name, uniform_below};
use ashtapada::sim::simulate;
use ashtapada::{Assignment, Position, Variant, load_variant};
use std::sync::Arc;
use std::time::Instant;

const VARIANTS: [&str; 3] = ["chaturanga", "chaturaji", "yonin-shogi"];
const MAX_PLIES: u32 = 800;

fn variant(name: &str) -> Arc<Variant> {
    load_variant(name, &Assignment::default()).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// The 95% Wilson score interval of `wins` (fractional) out of `n`.
fn wilson(wins: f64, n: f64) -> [f64; 2] {
    let z = 1.959_963_984_540_054_f64;
    let p = wins / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z / d * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// An agent by name; a search grade may name its algorithm for games of more than two seats
/// after a slash (`medium/paranoid`, `medium/brs`; `hard/whole`: past its own turn in dice variants) and its node budget after a colon
/// (`medium:2000`, `hard/brs:40000`; `mcts:N`: Monte Carlo tree search of N iterations), for comparisons at equal work.
/// Settings of the grade may follow after commas (`hard,threat_rolls=1,turn_only=0`): the
/// [`Grade`](ashtapada::agents::Grade) fields `max_depth`, `two_seat_depth`, `quiescence`,
/// `threat_rolls`, `threat_seats`, `score_view`, `turn_only`, `check_extensions`,
/// `monte_carlo`, and of its two-seat [`Pace`](ashtapada::agents::Pace) `start`, `step`, `least`,
/// `decided`, `drawn` (booleans as 0 or 1), `fade` ([`Grade::move_rule_fade`](ashtapada::agents::Grade::move_rule_fade)), `ending` ([`Grade::ending`](ashtapada::agents::Grade::ending)), and of its pace for more seats without dice the same
/// keys after `n_` (`n_start`, …); a node budget sets the two-seat budget too.
fn agent(spec: &str) -> Box<dyn Agent> {
    use ashtapada::agents::{Algorithm, EASY, HARD, MEDIUM};
    let mut fields = spec.split(',');
    let name = fields.next().unwrap_or(spec);
    let (name, nodes) = match name.split_once(':') {
        Some((n, k)) => (n, k.parse::<u64>().ok()),
        None => (name, None),
    };
    let (base, algorithm) = match name.split_once('/') {
        Some((b, a)) => (b, Some(a)),
        None => (name, None),
    };
    if base == "mcts" {
        return Box::new(ashtapada::agents::MctsAgent::new(
            nodes.unwrap_or(1000) as u32
        ));
    }
    let mut grade = match base {
        "easy" => EASY,
        "medium" => MEDIUM,
        "hard" => HARD,
        _ => return by_name(name).unwrap_or_else(|e| panic!("{e}")),
    };
    if let Some(a) = algorithm {
        grade.algorithm = match a {
            "paranoid" => Algorithm::Paranoid,
            "brs" => Algorithm::BestReply,
            "whole" => {
                // Dice variants: search past the own turn.
                grade.turn_only = false;
                grade.algorithm
            }
            _ => panic!("unknown algorithm `{a}`"),
        };
    }
    if let Some(n) = nodes {
        grade.nodes = n;
        grade.dice_nodes = n;
        grade.two_seat_nodes = n;
    }
    for field in fields {
        set_field(&mut grade, field);
    }
    Box::new(SearchAgent::new(grade))
}

/// Sets one `key=value` field of `grade` (see [`agent`]).
fn set_field(grade: &mut ashtapada::agents::Grade, field: &str) {
    let (key, value) = field
        .split_once('=')
        .unwrap_or_else(|| panic!("`{field}`: a setting is key=value"));
    let n: i64 = value
        .parse()
        .unwrap_or_else(|_| panic!("`{field}`: the value is a number"));
    match key {
        "max_depth" => grade.max_depth = n as i32,
        "two_seat_depth" => grade.two_seat_depth = n as i32,
        "quiescence" => grade.quiescence = n as i32,
        "threat_rolls" => grade.threat_rolls = n as u8,
        "threat_seats" => grade.threat_seats = n as u8,
        "score_view" => grade.score_view = n != 0,
        "turn_only" => grade.turn_only = n != 0,
        "check_extensions" => grade.check_extensions = n as u8,
        "monte_carlo" => grade.monte_carlo = n as u32,
        "start" => grade.two_seat_pace.start = n as u8,
        "step" => grade.two_seat_pace.step = n as u8,
        "least" => grade.two_seat_pace.least = n as u8,
        "decided" => grade.two_seat_pace.decided = n as i32,
        "drawn" => grade.two_seat_pace.drawn = n != 0,
        "n_start" => grade.seats_pace.start = n as u8,
        "n_step" => grade.seats_pace.step = n as u8,
        "n_least" => grade.seats_pace.least = n as u8,
        "n_decided" => grade.seats_pace.decided = n as i32,
        "n_drawn" => grade.seats_pace.drawn = n != 0,
        "fade" => grade.move_rule_fade = n != 0,
        "ending" => grade.ending = n != 0,
        _ => panic!("unknown grade setting `{key}`"),
    }
}

/// A's win share over both seat assignments: (share, [low, high], games).
fn duel(v: &Arc<Variant>, a: &str, b: &str, games: u64, threads: usize) -> (f64, [f64; 2], u64) {
    let mut wins = 0.0;
    for (even, odd) in [(a, b), (b, a)] {
        let agents = || vec![agent(even), agent(odd)];
        let s = simulate(v, &agents, 1, games, threads, MAX_PLIES);
        let a_parity = if even == a { 0 } else { 1 };
        wins += s
            .seats
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 2 == a_parity)
            .map(|(_, seat)| seat.win_share * games as f64)
            .sum::<f64>();
    }
    let n = 2 * games;
    (wins / n as f64, wilson(wins, n as f64), n)
}

fn report_duel(v: &str, a: &str, b: &str, games: u64, threads: usize) {
    let t = Instant::now();
    let (share, [lo, hi], n) = duel(&variant(v), a, b, games, threads);
    println!(
        "{v:12} {a:>6} vs {b:<6} games {n:4}  {a} share {share:.3}  95% [{lo:.3}, {hi:.3}]  ({:.0} s)",
        t.elapsed().as_secs_f64()
    );
}

fn speed(games: u64, variants: &[String]) {
    for v in variants.iter().map(String::as_str) {
        let var = variant(v);
        for a in ["random", "greedy"] {
            let agents = || vec![agent(a)];
            let t = Instant::now();
            let s = simulate(&var, &agents, 1, games, 1, MAX_PLIES);
            let secs = t.elapsed().as_secs_f64();
            println!(
                "{v:12} {a:7} {:8.1} games/s  (mean {:.0} plies)",
                s.games as f64 / secs,
                s.mean_plies
            );
        }
    }
    for v in variants.iter().map(String::as_str) {
        let var = variant(v);
        for g in [
            ashtapada::agents::EASY,
            ashtapada::agents::MEDIUM,
            ashtapada::agents::HARD,
        ] {
            time_grade(v, &var, g, 400);
        }
    }
}

/// Times grade `g` over one self-play game of `var` (seed 1), capped at `max_actions` actions
/// (rolls included), and prints the mean and largest time per move, nodes and depth.
fn time_grade(v: &str, var: &Arc<Variant>, g: ashtapada::agents::Grade, max_actions: u32) {
    let (mut moves, mut total, mut worst, mut nodes, mut depth, mut most, mut work) =
        (0u32, 0.0f64, 0.0f64, 0u64, 0i64, 0u64, 0u64);
    let mut agent = SearchAgent::new(g);
    let mut rng = ashtapada::sim::game_rng(1, 0);
    let mut pos = Position::start(var.clone());
    for _ in 0..max_actions {
        if pos.outcome().is_some() {
            break;
        }
        if pos.awaiting_roll() {
            let d = var
                .rules
                .dice
                .as_ref()
                .expect("a roll is due only with dice");
            let roll: Vec<u8> = (0..d.count)
                .map(|_| d.faces[uniform_below(&mut rng, d.faces.len() as u32) as usize])
                .collect();
            pos.roll_unchecked(&roll);
            continue;
        }
        let t = Instant::now();
        let a = agent.choose(&mut pos, &mut rng).expect("asked in turn");
        let dt = t.elapsed().as_secs_f64();
        moves += 1;
        total += dt;
        worst = worst.max(dt);
        nodes += agent.nodes();
        most = most.max(agent.nodes());
        work = work.max(agent.work());
        depth += agent.depth() as i64;
        pos.play_action(a).unwrap_or_else(|e| panic!("{e}"));
    }
    println!(
        "{v:12} {:6} {moves:3} moves  mean {:6.1} ms  max {:6.1} ms  mean nodes {:7.0}  max nodes {most:7}  mean depth {:4.1}  max work {work:9}",
        g.name,
        1000.0 * total / moves.max(1) as f64,
        1000.0 * worst,
        nodes as f64 / moves.max(1) as f64,
        depth as f64 / moves.max(1) as f64
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let variants = |from: usize| -> Vec<String> {
        if args.len() > from {
            args[from..].to_vec()
        } else {
            VARIANTS.iter().map(|s| s.to_string()).collect()
        }
    };
    match args.first().map(String::as_str) {
        Some("speed") => speed(num(1, 200), &variants(2)),
        Some("stress") if args.len() >= 3 => {
            // Time per move of one grade on any rule file, over the first ACTIONS actions.
            let grade = match args[1].as_str() {
                "easy" => ashtapada::agents::EASY,
                "medium" => ashtapada::agents::MEDIUM,
                _ => ashtapada::agents::HARD,
            };
            for v in variants(3) {
                time_grade(&v, &variant(&v), grade, num(2, 400) as u32);
            }
        }
        Some("match") if args.len() >= 3 => {
            let (games, threads) = (num(3, 20), num(4, 1) as usize);
            for v in variants(5) {
                report_duel(&v, &args[1], &args[2], games, threads);
            }
        }
        Some("rate") if args.len() >= 2 => {
            for v in variants(3) {
                let agents = || vec![agent(&args[1])];
                let t = Instant::now();
                let s = simulate(&variant(&v), &agents, 1, num(2, 10), 1, 10_000);
                println!(
                    "{v:12} {} {} games  mean {:.0} plies  {:.1} s wall",
                    args[1],
                    s.games,
                    s.mean_plies,
                    t.elapsed().as_secs_f64()
                );
            }
        }
        Some("ladder") => {
            let (games, threads) = (num(1, 20), num(2, 1) as usize);
            for v in variants(3) {
                // Fewer games where the agents are slow.
                for (a, b, n) in [
                    ("greedy", "random", games),
                    ("easy", "greedy", games),
                    ("medium", "easy", games.div_ceil(2)),
                    ("hard", "medium", games.div_ceil(4)),
                ] {
                    report_duel(&v, a, b, n, threads);
                }
            }
        }
        _ => eprintln!(
            "usage: strength speed [GAMES] | stress GRADE [ACTIONS] [VARIANT…] | ladder [GAMES] [THREADS] [VARIANT…] | match A B [GAMES] [THREADS] [VARIANT…] | rate AGENT [GAMES] [VARIANT…]"
        ),
    }
}
