//! The two-seat search (two seats, no dice): negamax principal-variation search with
//! aspiration windows at the root, the transposition table's cut-offs, null-move pruning (off
//! where zugzwang decides), reverse futility and futility pruning, late-move reductions and
//! late-move pruning (never of a move that gives check), check extensions, mate-distance
//! pruning, draws by repetition inside the search, and a quiescence search that skips the
//! captures a static exchange says lose material and, in check, searches every evasion.
//!
//! Values are from the point of view of the seat to move at each node (negamax); a mate is
//! worth [`WIN`] less its distance in plies from the search root (in the table: from the node).

use super::eval::WIN;
use super::order::{exchange, is_capture, is_promotion, keys_with, next_in_order, order_with};
use super::search::SearchAgent;
use super::table::Bound;
use crate::engine::{Listing, Position};
use crate::vocab::{Action, Move, ResultKind};

/// Larger than any value.
const INF: i32 = WIN + 1;

/// Values at least this far from zero are mates.
const MATE_BOUND: i32 = WIN - 1000;

/// The first aspiration window's half-width, in evaluation units.
const ASPIRATION: i32 = 40;

/// Reverse futility: the static value beats beta by this much per ply left.
const REVERSE_FUTILITY: i32 = 80;

/// The deepest node (plies left) where reverse futility prunes.
const REVERSE_FUTILITY_DEPTH: i32 = 6;

/// Futility: a quiet move is taken to gain at most this much per ply left.
const FUTILITY: i32 = 110;

/// The deepest node (plies left) where futility prunes.
const FUTILITY_DEPTH: i32 = 4;

/// Null move: the static value's lead over beta that adds a ply to the reduction, up to
/// three plies.
const NULL_MARGIN: i32 = 200;

/// Quiescence delta pruning: a capture is skipped when even its victim's value and this margin
/// cannot bring the static value up to alpha.
const DELTA: i32 = 150;

/// What the rule file says about zugzwang, for null-move pruning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct NullRule {
    /// Null moves allowed at all (two seats, no dice).
    pub allowed: bool,
    /// The fewest non-royal pieces on the board the seat to move must have for a null move:
    /// more in games where a bare royal piece or a stalemate decides the game (zugzwang is
    /// common there), fewer elsewhere.
    pub min_pieces: u32,
}

impl NullRule {
    /// The null-move rule of `pos`'s variant, from its compiled end rules: zugzwang decides
    /// where a stalemate is not a draw in a game without drops, or where an end condition
    /// reads a seat's piece count (bare royal piece, non-royal pieces, pieces).
    pub fn of(pos: &Position) -> NullRule {
        let v = pos.variant();
        let stalemate = v.rules.no_moves.unwrap_or_default().stalemate;
        let stalemate_decides =
            stalemate.is_some_and(|r| r != ResultKind::Draw) && v.rules.hands.is_none();
        let counts_pieces = super::ending::counts_pieces(v);
        NullRule {
            allowed: v.seats.len() == 2 && v.rules.dice.is_none(),
            min_pieces: if stalemate_decides || counts_pieces {
                6
            } else {
                2
            },
        }
    }
}

/// The late-move reduction for the `index`-th move (from 0) at `depth` plies: about
/// 3/4 + ln(depth)·ln(index)/2.25, one less in a PV node.
fn reduction(depth: i32, index: usize, pv: bool) -> i32 {
    if depth < 3 || index < 2 {
        return 0;
    }
    let r = (0.75 + (depth as f32).ln() * (index as f32).ln() / 2.25) as i32;
    (r - pv as i32).clamp(0, depth - 2)
}

/// Late-move pruning: at `depth` plies or fewer ([`LATE_MOVE_DEPTH`]) outside PV nodes, the
/// quiet moves after the first `3 + depth²` that give no check are not searched.
fn late_move_limit(depth: i32) -> usize {
    (3 + depth * depth) as usize
}

/// The deepest node where [`late_move_limit`] prunes.
const LATE_MOVE_DEPTH: i32 = 6;

/// A value read from the table at `ply`: mates stored as distance from the node.
fn from_table(v: i32, ply: usize) -> i32 {
    if v >= MATE_BOUND {
        v - ply as i32
    } else if v <= -MATE_BOUND {
        v + ply as i32
    } else {
        v
    }
}

/// A value to store in the table at `ply` (the inverse of [`from_table`]).
fn to_table(v: i32, ply: usize) -> i32 {
    if v >= MATE_BOUND {
        v + ply as i32
    } else if v <= -MATE_BOUND {
        v - ply as i32
    } else {
        v
    }
}

/// What [`pvs`](SearchAgent::pvs) hands its move loop.
#[derive(Clone, Copy)]
struct Node {
    /// Plies left.
    depth: i32,
    /// Plies from the root.
    ply: usize,
    /// The window's floor.
    alpha: i32,
    /// The window's ceiling.
    beta: i32,
    /// A principal-variation node (a window wider than one).
    pv: bool,
    /// The seat to move is in check.
    in_check: bool,
    /// The static value (`-INF` in check).
    stand: i32,
    /// The table key.
    key: u64,
    /// The table's move.
    best_move: Option<Move>,
}

impl SearchAgent {
    /// The static value of `pos` for the seat to move.
    /// Where the hash determines the evaluation (`cuts`), the value comes from the
    /// evaluation cache when it holds the position (the work is charged all the same).
    fn stand(&mut self, pos: &Position) -> i32 {
        self.charge_evaluation(pos);
        let seat = pos.to_move();
        if !self.cuts {
            let v = self.two_seat_value(pos, seat);
            return self.fade(pos, v);
        }
        let key = Self::key(pos);
        if let Some(v) = self.eval_cache.as_ref().and_then(|c| c.get(key)) {
            return self.fade(pos, v);
        }
        let v = self.two_seat_value(pos, seat);
        if let Some(c) = &mut self.eval_cache {
            c.put(key, v);
        }
        self.fade(pos, v)
    }

    /// `v` faded towards a draw by the half-move clock ([`Grade::move_rule_fade`]): times
    /// `(2N − h) / 2N` where the rule file's move rule draws after `N` plies and `h` have
    /// passed without a reset; `v` itself without such a rule or the setting.
    ///
    /// [`Grade::move_rule_fade`]: super::Grade::move_rule_fade
    fn fade(&self, pos: &Position, v: i32) -> i32 {
        match pos.variant().rules.move_rule {
            Some(rule) if self.grade.move_rule_fade && rule.result == ResultKind::Draw => {
                let n = i64::from(rule.plies.max(1)) * 2;
                let h = i64::from(pos.halfmove().min(rule.plies));
                (i64::from(v) * (n - h) / n) as i32
            }
            _ => v,
        }
    }

    /// True if the rule file ends the game drawn on a repetition and `pos` repeats a position
    /// of the game or the search (a cycle the side that can win avoids).
    fn repeats_to_draw(pos: &Position) -> bool {
        pos.variant()
            .rules
            .repetition
            .is_some_and(|r| r.result == ResultKind::Draw)
            && pos.repetitions() >= 2
    }

    /// One iteration at the root, `depth` plies, within `alpha..beta`: the index of the best
    /// action that beat `alpha` (if any) and its value (`alpha` if none did). Stops early on a
    /// value ≥ `beta`.
    fn root_window(
        &mut self,
        pos: &mut Position,
        actions: &[Action],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> (Option<usize>, i32) {
        let mut best = None;
        for (i, &action) in actions.iter().enumerate() {
            let v = if i == 0 {
                -self.pvs_child(pos, action, depth - 1, 0, -beta, -alpha, 0)
            } else {
                let r = reduction(depth, i, true) * self.quiet_action(pos, action) as i32;
                let mut v = -self.pvs_child(pos, action, depth - 1, 0, -alpha - 1, -alpha, r);
                if !self.stopped && v > alpha && r > 0 {
                    v = -self.pvs_child(pos, action, depth - 1, 0, -alpha - 1, -alpha, 0);
                }
                if !self.stopped && v > alpha && v < beta {
                    v = -self.pvs_child(pos, action, depth - 1, 0, -beta, -alpha, 0);
                }
                v
            };
            if self.stopped {
                break;
            }
            if v > alpha {
                alpha = v;
                best = Some(i);
                if v >= beta {
                    break;
                }
            }
        }
        (best, alpha)
    }

    /// True for a quiet action: neither a capture nor a promotion (a pass is quiet).
    fn quiet_action(&self, pos: &Position, action: Action) -> bool {
        match action {
            Action::Move(m) => !is_capture(pos, m) && !is_promotion(pos, m),
            _ => true,
        }
    }

    /// One root iteration of `depth` plies with aspiration windows around `previous` (the last
    /// iteration's value) from depth 4 on, widened on each failure. Returns the index of the
    /// best action found (if any beat the window's floor) and the value for the root seat.
    pub(super) fn root_pvs(
        &mut self,
        pos: &mut Position,
        actions: &mut [Action],
        depth: i32,
        previous: i32,
    ) -> (Option<usize>, i32) {
        let mut delta = ASPIRATION;
        let windowed = depth >= 4 && previous.abs() < MATE_BOUND;
        let (mut lo, mut hi) = if windowed {
            (previous - delta, previous + delta)
        } else {
            (-INF, INF)
        };
        let mut found = None;
        loop {
            let (best, v) = self.root_window(pos, actions, depth, lo, hi);
            if let Some(i) = best {
                actions[..=i].rotate_right(1);
                found = Some(0);
            }
            if self.stopped {
                return (found, v);
            }
            if v <= lo && lo > -INF {
                lo = (lo - delta).max(-INF);
            } else if v >= hi && hi < INF {
                hi = (hi + delta).min(INF);
            } else {
                return (found, v);
            }
            delta *= 4;
            if delta > 4 * ASPIRATION * 16 {
                (lo, hi) = (-INF, INF);
            }
        }
    }

    /// Plays `action` (counting a node), searches the child `depth` plies deep (less
    /// `reduction`, plus a check extension) within `alpha..beta` from its seat to move's view,
    /// takes the action back. Returns the child's value (negate it for the parent).
    #[allow(clippy::too_many_arguments)]
    fn pvs_child(
        &mut self,
        pos: &mut Position,
        action: Action,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        reduction: i32,
    ) -> i32 {
        if !self.enter(pos, action, ply) {
            return 0;
        }
        // A move that gives check is never reduced (the line is forcing).
        let check = pos.in_check(pos.to_move());
        let extend = self.extensions > 0 && check;
        self.extensions -= extend as u8;
        let d = depth + extend as i32 - if check { 0 } else { reduction };
        self.known_check = Some(check);
        let v = self.pvs(pos, d, ply + 1, alpha, beta, true);
        self.extensions += extend as u8;
        pos.undo();
        v
    }

    /// The value of `pos` for its seat to move, searched `depth` plies deep within
    /// `alpha..beta`; `null` allows a null move here (not right after one).
    fn pvs(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        null: bool,
    ) -> i32 {
        let known_check = self.known_check.take();
        // Where the move loop tests legality move by move, no node keeps a list of moves; the
        // mate test's candidates are kept for the move loop or the quiescence search (the
        // same list, generated once).
        let lean = depth <= 0 || pos.legality_is_royal_safety();
        self.grow(ply);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        // The test stays here and goes to the move loop by reference (it is large to move).
        let listing = if lean {
            pos.outcome_listing(&mut moves)
        } else {
            None
        };
        self.moves[ply] = moves;
        let outcome = match &listing {
            Some((o, _, _)) => *o,
            None if lean => pos.outcome_at_leaf(),
            None => pos.outcome(),
        };
        if let Some(o) = outcome {
            let seat = pos.to_move();
            return self.evaluator().terminal(pos, o, seat, ply as u32);
        }
        if Self::repeats_to_draw(pos) {
            return 0;
        }
        // Mate-distance pruning: no line from here beats a mate already in hand.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if depth <= 0 {
            self.known_check = known_check;
            let listed = listing.as_ref().map(|&(_, l, _)| l);
            return self.qsearch(pos, ply, (alpha, beta), self.grade.quiescence, listed);
        }
        let pv = beta - alpha > 1;
        let key = Self::key(pos);
        let mut best_move = None;
        if let Some(e) = self.table.probe(key) {
            best_move = e.best;
            let v = from_table(e.value, ply);
            if self.cuts && !pv && e.depth >= depth {
                let hit = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if hit {
                    return v;
                }
            }
        }
        let in_check = known_check.unwrap_or_else(|| pos.in_check(pos.to_move()));
        // The static value, where a pruning rule reads it: outside PV nodes, not in check.
        let stand = if in_check || pv {
            -INF
        } else {
            self.stand(pos)
        };
        if !pv && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta near the leaves, the side to move keeps it.
            if depth <= REVERSE_FUTILITY_DEPTH && stand - REVERSE_FUTILITY * depth >= beta {
                return stand;
            }
            if null && depth >= 2 && stand >= beta && self.null_allowed(pos) {
                let r = 3 + depth / 3 + ((stand - beta) / NULL_MARGIN).min(3);
                let v = -self.pvs_child(pos, Action::Pass, depth - 1 - r, ply, -beta, 1 - beta, 0);
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return if v >= MATE_BOUND { beta } else { v };
                }
            }
        }
        let node = Node {
            depth,
            ply,
            alpha,
            beta,
            pv,
            in_check,
            stand,
            key,
            best_move,
        };
        match &listing {
            Some((_, l, test)) if !in_check => {
                let mut moves = std::mem::take(&mut self.moves[ply]);
                pos.complete_listing(*l, &mut moves);
                self.pvs_moves(pos, node, moves, Some(test))
            }
            _ => {
                let (moves, test) = self.node_moves(pos, ply, in_check);
                self.pvs_moves(pos, node, moves, test)
            }
        }
    }

    /// The move loop of [`pvs`](Self::pvs) at `node`, over `moves` (the ply's buffer, taken)
    /// as [`node_moves`](Self::node_moves) lists them, `test` their legality test where it
    /// is tested as each move comes up: each action in order, the first with the full
    /// window, the others with a null window (reduced late quiet moves first), re-searched
    /// where they beat alpha; futile quiet moves skipped near the leaves; the result stored in
    /// the table.
    fn pvs_moves(
        &mut self,
        pos: &mut Position,
        node: Node,
        moves: Vec<Move>,
        test: Option<impl Fn(&mut Position, Move) -> bool>,
    ) -> i32 {
        let Node {
            depth,
            ply,
            mut alpha,
            beta,
            pv,
            in_check,
            stand,
            key,
            mut best_move,
        } = node;
        let mut ordered = std::mem::take(&mut self.ordered[ply]);
        self.charge(moves.len());
        let (eval, memory) = (self.evaluator_ref(), &self.memory);
        keys_with(eval, memory, pos, &moves, best_move, ply, &mut ordered);
        let prev = pos.last_move();
        let seat = pos.to_move().index();
        let futile =
            !pv && !in_check && depth <= FUTILITY_DEPTH && stand + FUTILITY * depth <= alpha;
        let start_alpha = alpha;
        let mut best = -INF;
        let mut tried = std::mem::take(&mut self.tried[ply]);
        tried.clear();
        let pass = pos.can_pass();
        // `i`: the action's index among the legal ones.
        let mut legal = 0;
        for j in 0..ordered.len() + pass as usize {
            next_in_order(&mut ordered, j);
            let action = ordered
                .get(j)
                .map_or(Action::Pass, |&(_, m)| Action::Move(m));
            if let (Some(test), Action::Move(m)) = (&test, action)
                && !test(pos, m)
            {
                continue;
            }
            let i = legal;
            legal += 1;
            let quiet = self.quiet_action(pos, action);
            let late = !pv && !in_check && depth <= LATE_MOVE_DEPTH && i >= late_move_limit(depth);
            if (futile || late)
                && quiet
                && i > 0
                && best > -MATE_BOUND
                && !Self::gives_check(pos, action)
            {
                continue;
            }
            let v = if i == 0 {
                -self.pvs_child(pos, action, depth - 1, ply, -beta, -alpha, 0)
            } else {
                let killer = matches!(action, Action::Move(m)
                    if self.memory.killers(ply).contains(&Some(m)));
                let r = if quiet && !in_check && !killer {
                    reduction(depth, i, pv)
                } else {
                    0
                };
                let mut v = -self.pvs_child(pos, action, depth - 1, ply, -alpha - 1, -alpha, r);
                if !self.stopped && v > alpha && r > 0 {
                    v = -self.pvs_child(pos, action, depth - 1, ply, -alpha - 1, -alpha, 0);
                }
                if !self.stopped && v > alpha && v < beta {
                    v = -self.pvs_child(pos, action, depth - 1, ply, -beta, -alpha, 0);
                }
                v
            };
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                best_move = action.as_move();
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                if let Action::Move(m) = action
                    && quiet
                {
                    self.memory.cut(seat, ply, depth, m, prev, &tried);
                }
                break;
            }
            if let Action::Move(m) = action
                && quiet
            {
                tried.push(m);
            }
        }
        self.moves[ply] = moves;
        self.ordered[ply] = ordered;
        self.tried[ply] = tried;
        if self.stopped {
            return 0;
        }
        if best == -INF {
            // Every move pruned as futile (cannot be: the first is always searched), or no
            // action at all: judge the position as it stands.
            return self.stand(pos);
        }
        let bound = Bound::of(best, start_alpha, beta);
        self.table
            .store(key, best_move, to_table(best, ply), depth, bound);
        best
    }

    /// The moves of the node at `ply` (its seat `in_check` or not), in the ply's buffer, for
    /// [`pvs_moves`](Self::pvs_moves): where legality is tested as each move comes up, the
    /// candidates and the test (out of check, a cut-off then spares the rest); in check,
    /// where most candidates fail, the legal moves instead.
    fn node_moves(
        &mut self,
        pos: &mut Position,
        ply: usize,
        in_check: bool,
    ) -> (
        Vec<Move>,
        Option<impl Fn(&mut Position, Move) -> bool + use<>>,
    ) {
        self.grow(ply);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let test = if in_check {
            None
        } else {
            pos.candidates_and_test(&mut moves)
        };
        if test.is_none() {
            pos.legal_moves(&mut moves);
        }
        (moves, test)
    }

    /// True if `action` leaves the next seat to move in check (without playing it where
    /// [`Position::quiet_move_checks`] can say, else played and taken back; no node counted).
    fn gives_check(pos: &mut Position, action: Action) -> bool {
        let Action::Move(m) = action else {
            return false;
        };
        if let Some(check) = pos.quiet_move_checks(m) {
            return check;
        }
        pos.play_unchecked(m);
        let check = pos.in_check(pos.to_move());
        pos.undo();
        check
    }

    /// True if the seat to move may make a null move in `pos`: the rule file allows it
    /// ([`NullRule`]), no en-passant capture is pending, and the seat has enough non-royal
    /// pieces on the board.
    fn null_allowed(&self, pos: &Position) -> bool {
        let rule = self.null_rule;
        let seat = pos.to_move();
        rule.allowed
            && pos.en_passant().is_none()
            && pos.piece_count(seat) - pos.royal_count(seat) >= rule.min_pieces
    }

    /// Quiescence search for the seat to move within `alpha..beta`: the static value,
    /// improved by captures and promotions, at most `left` plies deep; captures that lose
    /// material by a static exchange ([`exchange`]) and captures too small to reach alpha are
    /// skipped. `listed`: the ply's move buffer already holds the seat's pseudo-legal moves
    /// ([`Position::outcome_listing`]).
    fn qsearch(
        &mut self,
        pos: &mut Position,
        ply: usize,
        (mut alpha, beta): (i32, i32),
        left: i32,
        listed: Option<Listing>,
    ) -> i32 {
        let known_check = self.known_check.take();
        if let Some(o) = pos.ended().map(|o| pos.counted(o)) {
            let seat = pos.to_move();
            return self.evaluator().terminal(pos, o, seat, ply as u32);
        }
        if left > 0 && known_check.unwrap_or_else(|| pos.in_check(pos.to_move())) {
            return self.evasions(pos, ply, alpha, beta, left);
        }
        let stand = self.stand(pos);
        if left <= 0 || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        self.grow(ply);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut ordered = std::mem::take(&mut self.ordered[ply]);
        match listed {
            Some(l) => moves.truncate(l.board),
            None => {
                moves.clear();
                pos.pseudo_moves(pos.to_move(), &mut moves);
            }
        }
        self.charge(moves.len());
        let eval = self.evaluator_ref();
        moves.retain(|&m| {
            if is_capture(pos, m) {
                let victim = eval.kind_value(pos.piece_at(m.to).kind());
                let promo = m.promotes_to().is_some_and(|_| is_promotion(pos, m));
                exchange(eval, pos, m) >= 0 && (promo || stand + victim + DELTA > alpha)
            } else {
                is_promotion(pos, m)
            }
        });
        moves.retain(|&m| pos.keeps_royals_safe(m));
        let eval = self.evaluator_ref();
        order_with(
            eval,
            &self.memory,
            pos,
            &moves,
            None,
            usize::MAX,
            &mut ordered,
        );
        self.quiet_tail(pos, ply, (stand, alpha, beta), left, moves, ordered)
    }
}

impl SearchAgent {
    /// Quiescence search for a seat in check: no standing pat, every legal move searched (a
    /// mate found as such), at most `left` plies deep.
    fn evasions(
        &mut self,
        pos: &mut Position,
        ply: usize,
        alpha: i32,
        beta: i32,
        left: i32,
    ) -> i32 {
        self.grow(ply);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut ordered = std::mem::take(&mut self.ordered[ply]);
        pos.legal_moves(&mut moves);
        self.charge(moves.len());
        if moves.is_empty() {
            self.moves[ply] = moves;
            self.ordered[ply] = ordered;
            return match pos.outcome() {
                Some(o) => {
                    let seat = pos.to_move();
                    self.evaluator().terminal(pos, o, seat, ply as u32)
                }
                None => self.stand(pos),
            };
        }
        let eval = self.evaluator_ref();
        order_with(eval, &self.memory, pos, &moves, None, ply, &mut ordered);
        self.quiet_tail(pos, ply, (-INF, alpha, beta), left, moves, ordered)
    }

    /// The move loop shared by the quiescence searches: each of `ordered` searched one ply
    /// deeper with `left - 1` plies left, from `(best, alpha, beta)`; the ply's move buffers
    /// handed back; 0 when the search stopped.
    fn quiet_tail(
        &mut self,
        pos: &mut Position,
        ply: usize,
        (mut best, mut alpha, beta): (i32, i32, i32),
        left: i32,
        moves: Vec<Move>,
        ordered: Vec<(i32, Move)>,
    ) -> i32 {
        for &(_, m) in ordered.iter() {
            if self.spend() {
                break;
            }
            pos.play_unchecked(m);
            self.seldepth = self.seldepth.max(ply as u32 + 1);
            let v = -self.qsearch(pos, ply + 1, (-beta, -alpha), left - 1, None);
            pos.undo();
            if self.stopped {
                break;
            }
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        self.moves[ply] = moves;
        self.ordered[ply] = ordered;
        if self.stopped { 0 } else { best }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    #[test]
    fn null_moves_follow_the_rule_files_zugzwang() {
        // Chess: stalemate draws, no piece-count ending; shatranj: the bare king ends the
        // game; chaturanga: stalemate loses too; shogi: stalemate loses but drops make
        // zugzwang rare; chaturaji: four seats and dice, never.
        for (name, allowed, min) in [
            ("chess", true, 2),
            ("shatranj", true, 6),
            ("chaturanga", true, 6),
            ("shogi", true, 2),
            ("chaturaji", false, 2),
        ] {
            let v = load_variant(name, &Assignment::default()).unwrap();
            let rule = NullRule::of(&Position::start(v));
            assert_eq!((rule.allowed, rule.min_pieces), (allowed, min), "{name}");
        }
    }

    #[test]
    fn checks_are_neither_reduced_nor_pruned_and_mates_show_in_quiescence() {
        // Black mates in three, starting with the check Bc5+ (Fairy-Stockfish: mate in 3;
        // every black move of the line gives check). Reduced checks (with the positional
        // evaluation) hid it from `hard`, which played b7b6.
        use super::super::{Agent, HARD, game_rng};
        let v = load_variant("chess", &Assignment::default()).unwrap();
        let fen = "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1";
        let mut pos = crate::notation::from_fen(&v, fen).unwrap();
        let mut agent = SearchAgent::new(HARD);
        let chosen = agent.choose(&mut pos, &mut game_rng(0, 0)).unwrap();
        let mate = crate::notation::parse_move(&mut pos, "f8c5").unwrap();
        assert_eq!(chosen, Action::Move(mate));
    }

    #[test]
    fn two_seat_games_take_the_two_seat_budget_and_others_keep_theirs() {
        // (variant, grade, nodes, depth): two seats without dice read the two-seat fields;
        // dice cap the nodes at `dice_nodes`, more seats at three times it.
        use super::super::{EASY, HARD, MEDIUM};
        for (name, grade, nodes, depth) in [
            ("chess", EASY, EASY.two_seat_nodes, EASY.two_seat_depth),
            ("xiangqi", HARD, HARD.two_seat_nodes, HARD.two_seat_depth),
            ("chaturaji", EASY, 150, 2),
            ("chaturaji", MEDIUM, 1_000, 8),
            ("yonin-shogi", EASY, 400, 2),
            ("yonin-shogi", MEDIUM, 3_000, 8),
        ] {
            let v = load_variant(name, &Assignment::default()).unwrap();
            assert_eq!(
                grade.budget_for(&v),
                (nodes, depth),
                "{name} {}",
                grade.name
            );
        }
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        assert_eq!(reduction(2, 10, false), 0);
        assert_eq!(reduction(8, 1, false), 0);
        assert!(reduction(8, 20, false) > reduction(4, 20, false));
        assert!(reduction(8, 20, false) > reduction(8, 20, true));
        assert!(reduction(20, 60, false) <= 18);
    }

    #[test]
    fn table_mates_are_stored_as_distance_from_the_node() {
        let v = WIN - 7; // a mate 7 plies from the root, seen at ply 3
        assert_eq!(to_table(v, 3), WIN - 4);
        assert_eq!(from_table(to_table(v, 3), 5), WIN - 9);
        assert_eq!(from_table(to_table(-v, 3), 3), -v);
        assert_eq!(to_table(123, 9), 123);
    }
}
