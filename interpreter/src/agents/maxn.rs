//! Expectimax with maxⁿ turns for dice variants: at a chance node the expected value over the
//! rolls, at a seat's node the action best for that seat. Values are vectors, one entry per
//! seat.
//!
//! Why maxⁿ rather than paranoid here: a chance node needs each child's exact value, so no
//! alpha-beta window crosses it, and the die moves of one turn all belong to the same seat —
//! paranoid search would prune nothing in these trees, and its assumption that every seat
//! plays against the root seat only makes the play timid. With maxⁿ each seat is assumed to
//! play for itself, as it does.

use super::search::SearchAgent;
use crate::engine::Position;
use crate::vocab::{Action, MAX_SEATS, Seat};

/// One value per seat, each from that seat's point of view.
pub type Values = [i32; MAX_SEATS];

impl SearchAgent {
    /// The values of `pos`, searched `depth` plies deep (a roll is not a ply).
    pub(super) fn maxn(&mut self, pos: &mut Position, depth: i32, ply: usize) -> Values {
        if let Some(o) = pos.outcome() {
            return self.terminal_values(pos, o, ply);
        }
        if depth <= 0 || (pos.awaiting_roll() && self.turn_only()) {
            return self.threats(pos, ply, self.grade.threat_rolls);
        }
        if pos.awaiting_roll() {
            return self.chance_node(pos, depth, ply);
        }
        let key = Self::key(pos);
        let best_move = self.table.probe(key).and_then(|e| e.best);
        self.grow(ply);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut ordered = std::mem::take(&mut self.ordered[ply]);
        pos.legal_moves(&mut moves);
        self.charge(moves.len());
        super::order::order(self.evaluator_ref(), pos, &moves, best_move, &mut ordered);
        let mover = pos.to_move().index();
        let pass = pos.can_pass();
        let mut best: Option<(Values, Option<crate::vocab::Move>)> = None;
        for i in 0..ordered.len() + pass as usize {
            let action = ordered
                .get(i)
                .map_or(Action::Pass, |&(_, m)| Action::Move(m));
            let v = self.maxn_child(pos, action, depth - 1, ply);
            if self.stopped {
                break;
            }
            if best.is_none_or(|(b, _)| v[mover] > b[mover]) {
                best = Some((v, action.as_move()));
            }
        }
        self.moves[ply] = moves;
        self.ordered[ply] = ordered;
        match best {
            Some((v, m)) if !self.stopped => {
                self.table
                    .store(key, m, v[mover], depth, super::table::Bound::Exact);
                v
            }
            _ => [0; MAX_SEATS],
        }
    }

    /// Plays `action`, searches the child with [`maxn`](Self::maxn), takes it back.
    pub(super) fn maxn_child(
        &mut self,
        pos: &mut Position,
        action: Action,
        depth: i32,
        ply: usize,
    ) -> Values {
        if self.spend() {
            return [0; MAX_SEATS];
        }
        match action {
            Action::Move(m) => pos.play_unchecked(m),
            _ => pos.pass_unchecked(),
        }
        let v = self.maxn(pos, depth, ply + 1);
        pos.undo();
        v
    }

    /// The leaf value in dice variants: the static values, improved by the captures of the
    /// seat to move (which may stand instead); where a roll is due and `rolls` > 0, the
    /// expectation over the rolls of the same, `rolls` - 1 rolls further.
    fn threats(&mut self, pos: &mut Position, ply: usize, rolls: u8) -> Values {
        if let Some(o) = pos.outcome() {
            return self.terminal_values(pos, o, ply);
        }
        if pos.awaiting_roll() {
            if rolls == 0 {
                return self.static_values(pos);
            }
            return self.expectation(pos, ply, rolls - 1, Self::threats);
        }
        let mut best = self.static_values(pos);
        self.grow(ply);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        pos.legal_moves(&mut moves);
        self.charge(moves.len());
        moves.retain(|&m| super::order::is_capture(pos, m));
        let mover = pos.to_move().index();
        for &m in &moves {
            if self.spend() {
                break;
            }
            pos.play_unchecked(m);
            let v = self.threats(pos, ply + 1, rolls);
            pos.undo();
            if self.stopped {
                break;
            }
            if v[mover] > best[mover] {
                best = v;
            }
        }
        self.moves[ply] = moves;
        if self.stopped { [0; MAX_SEATS] } else { best }
    }

    /// A chance node of the main search: the expected values over every distinct roll.
    fn chance_node(&mut self, pos: &mut Position, depth: i32, ply: usize) -> Values {
        // A roll that leaves no usable die passes the turn at once: count it as a ply so that
        // a run of dead rolls ends.
        self.expectation(pos, ply, depth, |agent, pos, ply, depth| {
            let d = if pos.awaiting_roll() {
                depth - 1
            } else {
                depth
            };
            agent.maxn(pos, d, ply)
        })
    }

    /// The expected values over every distinct roll of `child(pos after the roll, ply + 1,
    /// arg)`.
    fn expectation<A: Copy>(
        &mut self,
        pos: &mut Position,
        ply: usize,
        arg: A,
        child: fn(&mut Self, &mut Position, usize, A) -> Values,
    ) -> Values {
        let Some((variant, rolls)) = self.rolls.clone() else {
            return self.static_values(pos);
        };
        let count = variant.rules.dice.as_ref().map_or(0, |d| d.count as usize);
        let mut sum = [0i64; MAX_SEATS];
        for &(dice, weight) in &rolls.rolls {
            if self.spend() {
                return [0; MAX_SEATS];
            }
            pos.roll_unchecked(&dice[..count.min(dice.len())]);
            let v = child(self, pos, ply + 1, arg);
            pos.undo();
            if self.stopped {
                return [0; MAX_SEATS];
            }
            for (s, x) in sum.iter_mut().zip(v) {
                *s += x as i64 * weight as i64;
            }
        }
        let total = rolls.total.max(1) as i64;
        sum.map(|s| (s / total) as i32)
    }

    /// Every seat's static value.
    fn static_values(&mut self, pos: &Position) -> Values {
        self.charge_evaluation(pos);
        let n = pos.variant().seats.len();
        let e = self.evaluator();
        let mut v = e.exposure(pos).map(|x| -x);
        for (s, x) in v.iter_mut().enumerate().take(n) {
            *x += e.seat_value(pos, Seat(s as u8));
        }
        let mut rel = [0; MAX_SEATS];
        for (s, r) in rel.iter_mut().enumerate().take(n) {
            *r = e.versus(&v[..n], s);
        }
        rel
    }

    /// Every seat's value of a finished game.
    fn terminal_values(&mut self, pos: &Position, o: crate::vocab::Outcome, ply: usize) -> Values {
        let n = pos.variant().seats.len();
        let e = self.evaluator();
        let mut v = [0; MAX_SEATS];
        for (s, x) in v.iter_mut().enumerate().take(n) {
            *x = e.terminal(pos, o, Seat(s as u8), ply as u32);
        }
        v
    }
}
