//! [`MctsAgent`]: Monte Carlo tree search (UCT, Kocsis & Szepesvári 2006) for any rule file —
//! any number of seats, dice or none — with the static evaluation as the playout's cut-off.
//!
//! Each iteration walks from the root by UCB1 (each seat picks the child best for itself, as in
//! maxⁿ), rolls the dice where a roll is due (drawn from the agent's generator with the
//! rolls' weights, so chance nodes are sampled, not enumerated), adds one new node, and scores
//! it by the evaluation: every seat's value against the others' ([`Evaluator::relative`]),
//! squashed into 0..1 by a logistic curve (a finished game scores 1 for a win, 0 for a loss,
//! by rank for a ranked end). The budget is a number of iterations (never time), and every
//! random choice comes from the game's generator, so a seeded game is reproduced exactly.

use super::chance::Rolls;
use super::eval::{Evaluator, UNIT, WIN};
use super::{Agent, Refusal, forced_action, uniform_below};
use crate::engine::Position;
use crate::vocab::{Action, MAX_SEATS, Move, Seat};
use rand_chacha::ChaCha8Rng;

/// The UCB1 exploration constant.
const EXPLORATION: f64 = 0.7;

/// Evaluation units for which the logistic reward moves from one half to about 0.73.
const SCALE: f64 = 2.0 * UNIT as f64;

/// One node of the tree: the position after `action` from its parent (a roll node's children
/// are the rolls, by index into [`Rolls::rolls`]).
#[derive(Clone, Debug)]
struct Node {
    /// The action from the parent (for a roll: the roll's index as a pass-free marker).
    action: Action,
    /// Index of the roll from a chance parent.
    roll: usize,
    /// Children, indices into the tree; filled on the first visit.
    children: Vec<u32>,
    /// The node was expanded.
    expanded: bool,
    /// Visits.
    visits: u32,
    /// Summed rewards per seat.
    reward: [f64; MAX_SEATS],
}

impl Node {
    fn new(action: Action, roll: usize) -> Node {
        Node {
            action,
            roll,
            children: Vec::new(),
            expanded: false,
            visits: 0,
            reward: [0.0; MAX_SEATS],
        }
    }
}

/// A Monte Carlo tree search agent of `iterations` iterations per move (see the module).
#[derive(Clone, Debug)]
pub struct MctsAgent {
    iterations: u32,
    /// The evaluation's sight ([`Evaluator::set_sight`]): threat seats and the score view.
    sight: (u8, bool),
    /// Work budget per move, in the units of [`Grade::work`](super::Grade::work): no
    /// iteration starts once it is spent.
    work_budget: u64,
    /// Work units spent on the current move.
    work: u64,
    /// Actions played in the tree for the current move.
    nodes: u64,
    eval: Option<Evaluator>,
    rolls: Option<Rolls>,
    tree: Vec<Node>,
    moves: Vec<Move>,
}

impl MctsAgent {
    /// An agent of `iterations` iterations (tree nodes added) per move, at least 1, whose
    /// evaluation sees what [`MEDIUM`](super::MEDIUM)'s does (in dice variants each seat's
    /// expected loss to the other seats' next rolls; where captures score, the score view).
    pub fn new(iterations: u32) -> MctsAgent {
        MctsAgent {
            iterations: iterations.max(1),
            sight: (super::MEDIUM.threat_seats, super::MEDIUM.score_view),
            work_budget: u64::MAX,
            work: 0,
            nodes: 0,
            eval: None,
            rolls: None,
            tree: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The same agent with the evaluation's sight set to `threat_seats` and `score_view`
    /// (see [`Evaluator::set_sight`]).
    pub fn with_sight(mut self, threat_seats: u8, score_view: bool) -> MctsAgent {
        self.sight = (threat_seats, score_view);
        self
    }

    /// The same agent under a work budget per move (see [`Grade::work`](super::Grade::work):
    /// each action played, each move generated, each piece evaluated — twice where the
    /// evaluation weighs exposure): no iteration starts once it is spent, so that a move's time
    /// is bounded on any rule file. The first iteration always runs.
    pub fn with_work(mut self, budget: u64) -> MctsAgent {
        self.work_budget = budget;
        self
    }

    /// Work units (see [`with_work`](Self::with_work)) spent on the last move chosen.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Actions played in the tree (moves, passes and rolls) for the last move chosen.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The rewards of `pos` per seat, each in 0..=1: every seat's standing is evaluated once
    /// and compared with the others' ([`Evaluator::versus`], as [`Evaluator::relative`] does).
    fn rewards(&mut self, pos: &mut Position, ply: u32) -> [f64; MAX_SEATS] {
        let n = pos.variant().seats.len();
        let outcome = pos.outcome();
        let e = Evaluator::cached_fitted(&mut self.eval, pos);
        e.set_sight(self.sight.0, self.sight.1);
        let mut r = [0.0; MAX_SEATS];
        if let Some(o) = outcome {
            for (s, x) in r.iter_mut().enumerate().take(n) {
                let t = e.terminal(pos, o, Seat(s as u8), ply);
                *x = (t as f64 / WIN as f64 + 1.0) / 2.0;
            }
            return r;
        }
        let pieces: u64 = (0..n).map(|s| pos.piece_count(Seat(s as u8)) as u64).sum();
        let exposed = self.sight.0 > 0 && pos.variant().rules.dice.is_some();
        self.work += pieces * (1 + exposed as u64);
        let mut v = e.exposure(pos).map(|x| -x);
        for (s, x) in v.iter_mut().enumerate().take(n) {
            *x += e.seat_value(pos, Seat(s as u8));
        }
        for (s, x) in r.iter_mut().enumerate().take(n) {
            let rel = if n < 2 { v[s] } else { e.versus(&v[..n], s) };
            *x = 1.0 / (1.0 + (-(rel as f64) / SCALE).exp());
        }
        r
    }

    /// Fills the children of node `i` at `pos`: the rolls where one is due, else the legal
    /// actions in canonical order (then shuffled by `rng`, so that ties break at random).
    fn expand(&mut self, i: usize, pos: &mut Position, rng: &mut ChaCha8Rng) {
        self.tree[i].expanded = true;
        let mut kids = Vec::new();
        if pos.awaiting_roll() {
            let count = self.rolls.as_ref().map_or(0, |r| r.rolls.len());
            for r in 0..count {
                kids.push(Node::new(Action::Pass, r));
            }
        } else {
            let mut moves = std::mem::take(&mut self.moves);
            pos.legal_moves(&mut moves);
            self.work += moves.len() as u64;
            crate::vocab::canonical_order(&mut moves);
            for i in (1..moves.len()).rev() {
                let j = uniform_below(rng, i as u32 + 1) as usize;
                moves.swap(i, j);
            }
            kids.extend(moves.iter().map(|&m| Node::new(Action::Move(m), 0)));
            if pos.can_pass() {
                kids.push(Node::new(Action::Pass, 0));
            }
            self.moves = moves;
        }
        for k in kids {
            let at = self.tree.len() as u32;
            self.tree[i].children.push(at);
            self.tree.push(k);
        }
    }

    /// The child of chance node `i` for a roll drawn with the rolls' weights.
    fn draw_roll(&self, i: usize, rng: &mut ChaCha8Rng) -> usize {
        let rolls = self.rolls.as_ref().expect("a chance node has rolls");
        let mut x = uniform_below(rng, rolls.total.min(u32::MAX as u64) as u32) as u64;
        for (k, &(_, w)) in rolls.rolls.iter().enumerate() {
            if x < w {
                return self.tree[i].children[k] as usize;
            }
            x -= w;
        }
        *self.tree[i].children.last().expect("rolls") as usize
    }

    /// The UCB1 choice among the children of decision node `i` for `seat`: an unvisited child
    /// first (in the shuffled order), else the largest mean reward plus exploration.
    fn select(&self, i: usize, seat: usize) -> usize {
        let node = &self.tree[i];
        let ln = (node.visits.max(1) as f64).ln();
        let mut best = (f64::MIN, node.children[0] as usize);
        for &c in &node.children {
            let child = &self.tree[c as usize];
            if child.visits == 0 {
                return c as usize;
            }
            let n = child.visits as f64;
            let ucb = child.reward[seat] / n + EXPLORATION * (ln / n).sqrt();
            if ucb > best.0 {
                best = (ucb, c as usize);
            }
        }
        best.1
    }

    /// One iteration from the root at `pos` (handed back as it was).
    fn iterate(&mut self, pos: &mut Position, rng: &mut ChaCha8Rng) {
        let mut path = vec![0usize];
        let mut played = 0;
        let mut node = 0;
        loop {
            if pos.outcome().is_some() {
                break;
            }
            if !self.tree[node].expanded {
                self.expand(node, pos, rng);
                if self.tree[node].visits > 0 || node == 0 {
                    // Fall through to descend once more below.
                } else {
                    break;
                }
            }
            if self.tree[node].children.is_empty() {
                break;
            }
            let next = if pos.awaiting_roll() {
                self.draw_roll(node, rng)
            } else {
                self.select(node, pos.to_move().index())
            };
            let child = &self.tree[next];
            if pos.awaiting_roll() {
                let rolls = self.rolls.as_ref().expect("a chance node has rolls");
                let count = pos
                    .variant()
                    .rules
                    .dice
                    .as_ref()
                    .map_or(0, |d| d.count as usize);
                let dice = rolls.rolls[child.roll].0;
                pos.roll_unchecked(&dice[..count.min(dice.len())]);
            } else {
                match child.action {
                    Action::Move(m) => pos.play_unchecked(m),
                    _ => pos.pass_unchecked(),
                }
            }
            played += 1;
            self.nodes += 1;
            self.work += 1;
            path.push(next);
            let fresh = self.tree[next].visits == 0;
            node = next;
            if fresh {
                break;
            }
        }
        let r = self.rewards(pos, played as u32);
        for _ in 0..played {
            pos.undo();
        }
        for &i in &path {
            let n = &mut self.tree[i];
            n.visits += 1;
            for (a, b) in n.reward.iter_mut().zip(r) {
                *a += b;
            }
        }
    }
}

impl Agent for MctsAgent {
    fn choose(&mut self, pos: &mut Position, rng: &mut ChaCha8Rng) -> Result<Action, Refusal> {
        if pos.awaiting_roll() || pos.outcome().is_some() {
            return forced_action(pos);
        }
        let mut moves = Vec::new();
        pos.game_moves(&mut moves);
        if moves.is_empty() {
            return forced_action(pos);
        }
        if moves.len() == 1 && !pos.can_pass() {
            return Ok(Action::Move(moves[0]));
        }
        self.rolls = pos.variant().rules.dice.as_ref().map(Rolls::new);
        self.tree.clear();
        self.tree.push(Node::new(Action::Pass, 0));
        self.work = 0;
        self.nodes = 0;
        for i in 0..self.iterations {
            if i > 0 && self.work >= self.work_budget {
                break;
            }
            self.iterate(pos, rng);
        }
        // The most visited root action that the game allows (a perpetual check the search
        // cannot see is left out).
        let root = &self.tree[0];
        let best = root
            .children
            .iter()
            .map(|&c| &self.tree[c as usize])
            .filter(|c| match c.action {
                Action::Move(m) => moves.contains(&m),
                _ => true,
            })
            .max_by_key(|c| c.visits)
            .map(|c| c.action);
        Ok(best.unwrap_or(Action::Move(moves[0])))
    }

    fn name(&self) -> &str {
        "mcts"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::game_rng;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    /// A free rook is taken (checked by hand: a6h6 wins the h6 rook for nothing), every
    /// choice is a legal move, and the same seed gives the same choice.
    #[test]
    fn mcts_takes_a_free_rook_and_repeats_itself_from_a_seed() {
        let v = load_variant("chaturanga", &Assignment::default()).unwrap();
        let fen = "8/4k3/R6r/8/8/8/8/4K3 w - - 0 1";
        let mut pos = crate::notation::from_fen(&v, fen).unwrap();
        let legal = pos.legal_move_list();
        let a = MctsAgent::new(400)
            .choose(&mut pos, &mut game_rng(3, 0))
            .unwrap();
        let b = MctsAgent::new(400)
            .choose(&mut pos, &mut game_rng(3, 0))
            .unwrap();
        assert_eq!(a, b);
        let Action::Move(m) = a else {
            panic!("a move, not {a:?}")
        };
        assert!(legal.contains(&m));
        assert_eq!(
            crate::notation::from_fen(&v, fen).unwrap().hash(),
            pos.hash()
        );
        let take = legal
            .iter()
            .find(|m| !pos.board()[m.to.0 as usize].is_empty())
            .copied();
        assert_eq!(Some(m), take);
    }
}
