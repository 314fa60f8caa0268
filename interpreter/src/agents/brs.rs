//! Best-reply search (Schadd & Winands, "Best Reply Search for Multiplayer Games", 2011) for
//! more than two seats without dice: after each move of the root seat, only *one* other seat
//! replies — whichever reply is worst for the root seat, chosen among the moves of every other
//! seat — and the others pass. The tree alternates max (root seat) and min (all other seats)
//! layers, so alpha-beta prunes as in a two-seat game, and the root seat's own moves are seen
//! twice as deep as in paranoid search on the same budget (paranoid spends N − 1 plies on the
//! other seats between two of its moves).
//!
//! The passes are played with [`Position::pass_unchecked`], and a reply is searched from the
//! position where its seat is to move. A seat in check is never passed over: its reply (and
//! only its) is searched then, as the rule file makes it move.

use super::search::{INF, SearchAgent};
use crate::engine::Position;
use crate::vocab::{Action, Move};

impl SearchAgent {
    /// The value of `pos` for the root seat by best-reply search, `depth` plies deep (a max
    /// layer and a min layer are a ply each) within `alpha..beta`.
    pub(super) fn brs(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if let Some(o) = Self::node_outcome(pos, depth) {
            let root = self.root;
            return self.evaluator().terminal(pos, o, root, ply as u32);
        }
        if depth <= 0 {
            return self.quiesce(pos, ply, alpha, beta, self.grade.quiescence);
        }
        if pos.to_move() == self.root {
            self.brs_max(pos, depth, ply, alpha, beta)
        } else {
            self.brs_min(pos, depth, ply, alpha, beta)
        }
    }

    /// A max layer: the root seat's moves.
    fn brs_max(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let key = Self::key(pos);
        let mut best_move = self.table.probe(key).and_then(|e| e.best);
        self.grow(ply);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut ordered = std::mem::take(&mut self.ordered[ply]);
        pos.legal_moves(&mut moves);
        self.charge(moves.len());
        super::order::order(self.evaluator_ref(), pos, &moves, best_move, &mut ordered);
        let pass = pos.can_pass();
        let mut best = -INF;
        for i in 0..ordered.len() + pass as usize {
            let action = ordered
                .get(i)
                .map_or(Action::Pass, |&(_, m)| Action::Move(m));
            let v = self.brs_child(pos, action, depth - 1, ply, alpha, beta);
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                best_move = action.as_move();
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        self.moves[ply] = moves;
        self.ordered[ply] = ordered;
        if self.stopped {
            return 0;
        }
        if best == -INF {
            return self.static_value(pos);
        }
        self.table
            .store(key, best_move, best, depth, super::table::Bound::Exact);
        best
    }

    /// A min layer: the replies of every seat but the root seat, each searched from the
    /// position where its seat is to move (the seats before it passed); the worst for the root
    /// seat counts. Stops at a seat in check (it must answer, and may not be passed over).
    fn brs_min(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let mut best = INF;
        let mut passes = 0;
        let seats = pos.variant().seats.len();
        while pos.to_move() != self.root && passes < seats && pos.outcome().is_none() {
            let checked = pos.in_check(pos.to_move());
            let v = self.brs_replies(pos, depth, ply, alpha, beta);
            if self.stopped {
                break;
            }
            best = best.min(v);
            beta = beta.min(v);
            if alpha >= beta || checked {
                break;
            }
            // On to the next seat: this one passes.
            if self.spend() {
                break;
            }
            pos.pass_unchecked();
            passes += 1;
        }
        for _ in 0..passes {
            pos.undo();
        }
        if self.stopped {
            return 0;
        }
        if best == INF {
            return self.static_value(pos);
        }
        best
    }

    /// The best reply of the seat to move (not the root seat) for the min layer: its moves,
    /// each followed by passes up to the root seat's turn.
    fn brs_replies(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.grow(ply);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut ordered = std::mem::take(&mut self.ordered[ply]);
        pos.legal_moves(&mut moves);
        self.charge(moves.len());
        let best_move = self.table.probe(Self::key(pos)).and_then(|e| e.best);
        super::order::order(self.evaluator_ref(), pos, &moves, best_move, &mut ordered);
        let mut best = INF;
        let mut best_move: Option<Move> = None;
        for &(_, m) in ordered.iter() {
            let v = self.brs_child(pos, Action::Move(m), depth - 1, ply, alpha, beta);
            if self.stopped {
                break;
            }
            if v < best {
                best = v;
                best_move = Some(m);
            }
            beta = beta.min(v);
            if alpha >= beta {
                break;
            }
        }
        if best_move.is_some() && !self.stopped {
            let key = Self::key(pos);
            self.table
                .store(key, best_move, best, depth, super::table::Bound::Exact);
        }
        self.moves[ply] = moves;
        self.ordered[ply] = ordered;
        best
    }

    /// Plays `action`, then (after another seat's reply) passes every seat up to the root
    /// seat's turn except one in check; searches the child and takes it all back.
    pub(super) fn brs_child(
        &mut self,
        pos: &mut Position,
        action: Action,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let replied = pos.to_move() != self.root;
        if !self.enter(pos, action, ply) {
            return 0;
        }
        let mut passes = 0;
        if replied {
            let seats = pos.variant().seats.len();
            while pos.to_move() != self.root
                && passes < seats
                && pos.outcome().is_none()
                && !pos.in_check(pos.to_move())
            {
                pos.pass_unchecked();
                passes += 1;
            }
        }
        let v = self.brs(pos, depth, ply + 1, alpha, beta);
        for _ in 0..passes {
            pos.undo();
        }
        pos.undo();
        v
    }
}
