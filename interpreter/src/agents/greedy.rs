//! [`GreedyAgent`]: the move with the largest immediate gain.

use super::eval::Evaluator;
use super::random::canonical_nth;
use super::{Agent, Refusal, forced_action, uniform_below};
use crate::engine::Position;
use crate::vocab::{Action, Move, Outcome, Seat};
use rand_chacha::ChaCha8Rng;

/// Plays the legal move with the largest immediate gain for the mover, one ply deep; uniformly
/// random among equal gains (the seeded draw indexes them in the canonical order,
/// [`Move::canonical_key`]). Passes or resigns only when no move is legal.
///
/// Gain, compared in this order (the first difference decides):
/// 1. tier: 2 if the move ends the game with the mover ranked first (a win, or first place in
///    a ranked end); 1 if it mates or puts another seat out of the game, or takes a royal piece
///    or the rule file's capture-all kind (Chaturaji's king); -1 if it ends the game with
///    another seat first; 0 otherwise (a draw included);
/// 2. the mover's score gained (scoring variants; always 0 elsewhere);
/// 3. material balance gained: the mover's pieces (board and hand, at the rule file's values)
///    less the other seats' pieces.
///
/// Budget: one play and undo per legal move. Uses no search and no positional terms.
#[derive(Clone, Debug, Default)]
pub struct GreedyAgent {
    moves: Vec<Move>,
    best: Vec<Move>,
    eval: Option<Evaluator>,
}

impl GreedyAgent {
    /// A greedy agent.
    pub fn new() -> GreedyAgent {
        GreedyAgent::default()
    }
}

/// The mover's holdings less every other seat's.
fn balance(eval: &Evaluator, pos: &Position, mover: Seat) -> i64 {
    let n = pos.variant().seats.len();
    (0..n)
        .map(|s| {
            let v = eval.holdings(pos, Seat(s as u8)) as i64;
            if s == mover.index() { v } else { -v }
        })
        .sum()
}

/// Seats out of the game, and seats whose capture-all kind has been taken, as one mask.
fn knocked_out(eval: &Evaluator, pos: &Position) -> u32 {
    let n = pos.variant().seats.len();
    let taken = pos
        .counters()
        .taken
        .iter()
        .fold(0u32, |a, &t| a | t.bits() as u32);
    let out = (0..n)
        .filter(|&s| eval.eliminated(pos, Seat(s as u8)))
        .fold(0u32, |a, s| a | 1 << s);
    out | taken << 8
}

/// The gain of `m` for the seat to move (see [`GreedyAgent`]): (tier, score, balance).
pub(crate) fn gain(eval: &Evaluator, pos: &mut Position, m: Move) -> (i8, i64, i64) {
    let mover = pos.to_move();
    let (score0, bal0, out0) = (
        pos.score(mover),
        balance(eval, pos, mover),
        knocked_out(eval, pos),
    );
    let royals0: u32 = royal_total(pos);
    pos.play_unchecked(m);
    let tier = match pos.outcome() {
        Some(Outcome::Draw { .. }) => 0,
        Some(o) if first(pos, o, mover) => 2,
        Some(_) => -1,
        None if knocked_out(eval, pos) & !out0 != 0 || royal_total(pos) < royals0 => 1,
        None => 0,
    };
    let g = (
        tier,
        pos.score(mover) - score0,
        balance(eval, pos, mover) - bal0,
    );
    pos.undo();
    g
}

/// Royal pieces on the board, all seats.
fn royal_total(pos: &Position) -> u32 {
    (0..pos.variant().seats.len())
        .map(|s| pos.royal_count(Seat(s as u8)))
        .sum()
}

/// True if `seat` is ranked first (alone or shared) by outcome `o`.
fn first(pos: &Position, o: Outcome, seat: Seat) -> bool {
    match o {
        Outcome::Decisive { winner, .. } => winner == seat,
        Outcome::Draw { .. } => true,
        Outcome::Ranked { .. } => pos.ranks()[seat.index()] == 1,
    }
}

impl Agent for GreedyAgent {
    fn choose(&mut self, pos: &mut Position, rng: &mut ChaCha8Rng) -> Result<Action, Refusal> {
        let eval = Evaluator::cached(&mut self.eval, pos);
        pos.game_moves(&mut self.moves);
        if self.moves.is_empty() {
            return forced_action(pos);
        }
        let mut best_gain = (i8::MIN, i64::MIN, i64::MIN);
        self.best.clear();
        for &m in &self.moves {
            let g = gain(eval, pos, m);
            if g > best_gain {
                best_gain = g;
                self.best.clear();
            }
            if g == best_gain {
                self.best.push(m);
            }
        }
        let i = uniform_below(rng, self.best.len() as u32) as usize;
        Ok(Action::Move(canonical_nth(&mut self.best, i)))
    }

    fn name(&self) -> &str {
        "greedy"
    }
}
