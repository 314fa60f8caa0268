//! Move ordering for the search agents: the transposition table's move first, then captures by
//! most valuable victim / least valuable attacker (MVV-LVA), then promotions, then the rest in
//! the canonical order ([`Move::canonical_key`]).

use super::eval::Evaluator;
use crate::engine::Position;
use crate::vocab::Move;

/// Ordering key of the table's move.
const TABLE_MOVE: i32 = i32::MAX;

/// Ordering key base of a capture.
const CAPTURE: i32 = 1 << 24;

/// True if `m` takes a piece.
#[inline]
pub fn is_capture(pos: &Position, m: Move) -> bool {
    m.drop.is_none() && !pos.piece_at(m.to).is_empty()
}

/// True if `m` is a promotion the search treats as tactical (quiescence, futility): a board
/// move that changes the piece's kind, other than a flip ([`crate::rules::flip`]: every move
/// of a flipping piece turns it over, so a flip is no event).
#[inline]
pub fn is_promotion(pos: &Position, m: Move) -> bool {
    let Some(to) = m.promotion.filter(|_| m.drop.is_none()) else {
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
    if let Some(p) = m.promotion.filter(|_| m.drop.is_none()) {
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
