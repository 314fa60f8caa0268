//! Move ordering for the search agents: the transposition table's move first, then captures by
//! most valuable victim / least valuable attacker (MVV-LVA), then promotions, then the rest in
//! the canonical order ([`Move::canonical_key`]). The two-seat search ([`pvs`](super::pvs))
//! orders by [`Memory`] besides: captures that lose material by [`exchange`] after the quiet
//! moves, and quiet moves by killers, countermove and history.

use super::eval::Evaluator;
use crate::engine::Position;
use crate::vocab::{Move, SeatSet};

/// Ordering key of the table's move.
const TABLE_MOVE: i32 = i32::MAX;

/// Ordering key base of a capture.
const CAPTURE: i32 = 1 << 24;

/// True if `m` takes a piece.
#[inline]
pub fn is_capture(pos: &Position, m: Move) -> bool {
    !m.is_drop() && !pos.piece_at(m.to).is_empty()
}

/// True if `m` is a promotion the search treats as tactical (quiescence, futility): a board
/// move that changes the piece's kind, other than a flip ([`crate::rules::flip`]: every move
/// of a flipping piece turns it over, so a flip is no event).
#[inline]
pub fn is_promotion(pos: &Position, m: Move) -> bool {
    let Some(to) = m.promotes_to() else {
        return false;
    };
    let flips = pos.variant().rules.flip.as_ref();
    flips.is_none_or(|f| f.of(pos.piece_at(m.from).kind()) != Some(to))
}

/// The ordering key of `m` (larger first); `best` is the table's move.
#[inline]
pub fn key(eval: &Evaluator, pos: &Position, m: Move, best: Option<Move>) -> i32 {
    if Some(m) == best {
        return TABLE_MOVE;
    }
    let mut k = 0;
    if is_capture(pos, m) {
        let victim = eval.kind_value(pos.piece_at(m.to).kind());
        let attacker = eval.kind_value(pos.piece_at(m.from).kind());
        k = CAPTURE + victim * 16 - attacker;
    }
    if let Some(p) = m.promotes_to() {
        k += eval.kind_value(p) - eval.kind_value(pos.piece_at(m.from).kind()) + 1;
    }
    k
}

/// Fills `out` with `moves` and their keys, largest key first; equal keys in the canonical
/// order ([`Move::canonical_key`]), so the order does not depend on the move generator's.
pub fn order(
    eval: &Evaluator,
    pos: &Position,
    moves: &[Move],
    best: Option<Move>,
    out: &mut Vec<(i32, Move)>,
) {
    out.clear();
    out.extend(moves.iter().map(|&m| (key(eval, pos, m, best), m)));
    out.sort_unstable_by_key(|&(k, m)| (std::cmp::Reverse(k), m.canonical_key()));
}

/// Like [`order`], but stable: equal keys keep the order of `moves` (the root's, shuffled
/// from the canonical order by the seeded generator).
pub fn order_stable(
    eval: &Evaluator,
    pos: &Position,
    moves: &[Move],
    best: Option<Move>,
    out: &mut Vec<(i32, Move)>,
) {
    out.clear();
    out.extend(moves.iter().map(|&m| (key(eval, pos, m, best), m)));
    out.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
}

/// Ordering key of a capture that wins or keeps material ([`exchange`] ≥ 0).
const GOOD_CAPTURE: i32 = 1 << 26;

/// Ordering key base of a promotion that is no good capture.
const PROMOTION: i32 = 1 << 25;

/// Ordering key of the first killer (the second is one less).
const KILLER: i32 = 1 << 24;

/// Ordering key of the countermove.
const COUNTER: i32 = (1 << 24) - 2;

/// Ordering key base of a capture that loses material: after every quiet move.
const BAD_CAPTURE: i32 = -(1 << 26);

/// History values stay within ±this.
const HISTORY_MAX: i32 = 1 << 20;

/// The value a capture gains by a one-recapture static exchange: the victim's value, less the
/// capturing piece's where that is worth more and the target square is attacked by another
/// seat (which then takes it back); the values are the rule file's ([`Evaluator::kind_value`]).
/// Negative for a capture that loses material. A cheap bound on the full exchange: it looks at
/// one recapture and no x-rays. Where the evaluation has the two-seat terms, the full static
/// exchange ([`Evaluator::see`]: every recapture, x-rays included) replaces it (chess,
/// `medium` against the one-recapture bound: 14–5–11, +108 ± 104 Elo, docs/agents.md).
#[inline]
pub fn exchange(eval: &Evaluator, pos: &Position, m: Move) -> i32 {
    if let Some(x) = eval.see(pos, m) {
        return x;
    }
    let victim = eval.kind_value(pos.piece_at(m.to).kind());
    let attacker = match m.promotes_to() {
        Some(k) => eval.kind_value(k),
        None => eval.kind_value(pos.piece_at(m.from).kind()),
    };
    if attacker <= victim {
        return victim;
    }
    let seat = pos.to_move();
    let others = SeatSet::all(pos.variant().seats.len()).without(seat);
    if pos.attacked_by(m.to, others) {
        victim - attacker
    } else {
        victim
    }
}

/// What the two-seat search learns about quiet moves while it runs: two killers per ply (quiet
/// moves that caused a cut-off there), a countermove per previous move (the quiet reply that
/// refuted it) and a history value per seat, origin and target (raised for cut-off moves by the
/// square of the depth, lowered for the quiet moves tried before them).
#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// Per ply: the killers, newest first.
    killers: Vec<[Option<Move>; 2]>,
    /// Per (seat, from, to): the history value; empty until first used.
    history: Vec<i32>,
    /// Per (from, to) of the previous move: the refutation.
    counter: Vec<Option<Move>>,
}

impl Memory {
    /// Forgets everything (a new game, or `ucinewgame`).
    pub fn clear(&mut self) {
        self.killers.clear();
        self.history.clear();
        self.counter.clear();
    }

    /// Makes sure the tables exist and reach `ply`; the killers of a new search start empty
    /// and the history is halved, so that old lessons fade.
    pub fn start(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        if self.history.is_empty() {
            self.history = vec![0; 2 * 256 * 256];
            self.counter = vec![None; 256 * 256];
        }
        self.history.iter_mut().for_each(|h| *h /= 2);
    }

    /// The index of `m` for `seat` in the history table.
    #[inline]
    fn slot(seat: usize, m: Move) -> usize {
        ((seat & 1) << 16) | (m.from.0 as usize) << 8 | m.to.0 as usize
    }

    /// The killers of `ply`.
    #[inline]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers.get(ply).copied().unwrap_or([None; 2])
    }

    /// The countermove to `prev`.
    #[inline]
    pub fn counter(&self, prev: Option<Move>) -> Option<Move> {
        let p = prev?;
        self.counter
            .get((p.from.0 as usize) << 8 | p.to.0 as usize)
            .copied()?
    }

    /// The history value of `m` for `seat`.
    #[inline]
    pub fn history(&self, seat: usize, m: Move) -> i32 {
        self.history.get(Self::slot(seat, m)).copied().unwrap_or(0)
    }

    /// Adds `bonus` (negative: a malus) to the history of `m`, pulled towards the bounds.
    #[inline]
    fn adjust(&mut self, seat: usize, m: Move, bonus: i32) {
        if let Some(h) = self.history.get_mut(Self::slot(seat, m)) {
            let pull = (*h as i64 * bonus.abs() as i64 / HISTORY_MAX as i64) as i32;
            *h = (*h + bonus - pull).clamp(-HISTORY_MAX, HISTORY_MAX);
        }
    }

    /// Records that the quiet move `m` of `seat` caused a cut-off at `ply`, `depth` plies
    /// deep, as the reply to `prev`, after the quiet moves `tried` failed there.
    pub fn cut(
        &mut self,
        seat: usize,
        ply: usize,
        depth: i32,
        m: Move,
        prev: Option<Move>,
        tried: &[Move],
    ) {
        while self.killers.len() <= ply {
            self.killers.push([None; 2]);
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            *k = [Some(m), k[0]];
        }
        if let Some(p) = prev
            && let Some(c) = self
                .counter
                .get_mut((p.from.0 as usize) << 8 | p.to.0 as usize)
        {
            *c = Some(m);
        }
        let bonus = (depth * depth).min(400) * 32;
        self.adjust(seat, m, bonus);
        for &q in tried {
            self.adjust(seat, q, -bonus);
        }
    }
}

/// Fills `out` with `moves` and their keys for the two-seat search, largest key first (equal
/// keys in the canonical order): the table's move, captures keeping material (MVV-LVA), the
/// other promotions, the killers of `ply`, the countermove to the previous move, the quiet
/// moves by history, then the captures that lose material.
pub fn order_with(
    eval: &Evaluator,
    memory: &Memory,
    pos: &Position,
    moves: &[Move],
    best: Option<Move>,
    ply: usize,
    out: &mut Vec<(i32, Move)>,
) {
    keys_with(eval, memory, pos, moves, best, ply, out);
    sort_from(out, 0);
}

/// The moves a node takes one at a time by [`next_in_order`] before it sorts the rest: most
/// nodes of the two-seat search end by a cut-off on one of their first moves, so that a full
/// sort would be wasted there.
pub const PICKED: usize = 3;

/// Puts the `j`-th move of [`order_with`]'s order at `keyed[j]`, where `keyed` holds
/// [`keys_with`]'s moves and keys and its first `j` entries are already in that order, as
/// taken by earlier calls with `j − 1`, `j − 2`, …, 0: below [`PICKED`] by a selection of the
/// largest remaining key, at [`PICKED`] by sorting the rest. Every key of a move is unique
/// (ties go by [`Move::canonical_key`]), so the order is exactly [`order_with`]'s.
#[inline]
pub fn next_in_order(keyed: &mut [(i32, Move)], j: usize) {
    if j < PICKED {
        let rank = |&(k, m): &(i32, Move)| (std::cmp::Reverse(k), m.canonical_key());
        if let Some(i) = (j..keyed.len()).min_by_key(|&i| rank(&keyed[i])) {
            keyed.swap(j, i);
        }
    } else if j == PICKED {
        sort_from(keyed, j);
    }
}

/// Sorts `keyed[j..]` largest key first, equal keys in the canonical order.
fn sort_from(keyed: &mut [(i32, Move)], j: usize) {
    if let Some(rest) = keyed.get_mut(j..) {
        rest.sort_unstable_by_key(|&(k, m)| (std::cmp::Reverse(k), m.canonical_key()));
    }
}

/// [`order_with`]'s moves and keys in `out`, unsorted: for [`next_in_order`].
pub fn keys_with(
    eval: &Evaluator,
    memory: &Memory,
    pos: &Position,
    moves: &[Move],
    best: Option<Move>,
    ply: usize,
    out: &mut Vec<(i32, Move)>,
) {
    let killers = memory.killers(ply);
    let counter = memory.counter(pos.last_move());
    let seat = pos.to_move().index();
    out.clear();
    out.extend(moves.iter().map(|&m| {
        let k = if Some(m) == best {
            TABLE_MOVE
        } else if is_capture(pos, m) {
            let victim = eval.kind_value(pos.piece_at(m.to).kind());
            let attacker = eval.kind_value(pos.piece_at(m.from).kind());
            let mvv = victim * 16 - attacker + m.promotes_to().map_or(0, |p| eval.kind_value(p));
            if exchange(eval, pos, m) >= 0 {
                GOOD_CAPTURE + mvv
            } else {
                BAD_CAPTURE + mvv
            }
        } else if is_promotion(pos, m) {
            let p = m.promotes_to().map_or(0, |p| eval.kind_value(p));
            PROMOTION + p - eval.kind_value(pos.piece_at(m.from).kind())
        } else if Some(m) == killers[0] {
            KILLER
        } else if Some(m) == killers[1] {
            KILLER - 1
        } else if Some(m) == counter {
            COUNTER
        } else {
            memory.history(seat, m)
        };
        (k, m)
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    #[test]
    fn moves_taken_one_at_a_time_come_in_the_sorted_order() {
        // A middle game with captures of both signs, a promotion-free quiet majority (equal
        // keys, so the canonical order decides) and a table move; then the same after one
        // killer and a history bonus.
        let v = load_variant("chess", &Assignment::default()).unwrap();
        let fen = "r1bqk2r/pp1n1ppp/2pbpn2/3p4/2PP4/2NBPN2/PP3PPP/R1BQK2R w KQkq - 0 1";
        let pos = crate::notation::from_fen(&v, fen).unwrap();
        let mut eval: Option<Evaluator> = None;
        let eval = Evaluator::cached_fitted(&mut eval, &pos).clone();
        let mut moves = Vec::new();
        let mut p = pos.clone();
        p.legal_moves(&mut moves);
        assert!(moves.len() > 30);
        let mut memory = Memory::default();
        memory.start();
        for best in [None, Some(moves[7])] {
            for round in 0..2 {
                if round == 1 {
                    memory.cut(0, 1, 6, moves[3], None, &moves[10..14]);
                }
                let mut sorted = Vec::new();
                order_with(&eval, &memory, &pos, &moves, best, 1, &mut sorted);
                let mut lazy = Vec::new();
                keys_with(&eval, &memory, &pos, &moves, best, 1, &mut lazy);
                for j in 0..=lazy.len() {
                    next_in_order(&mut lazy, j);
                }
                assert_eq!(lazy, sorted, "{best:?} {round}");
                let keys: Vec<i32> = sorted.iter().map(|&(k, _)| k).collect();
                assert!(keys.windows(2).all(|w| w[0] >= w[1]), "{keys:?}");
            }
        }
    }
}
