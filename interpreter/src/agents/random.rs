//! [`RandomAgent`]: uniform over the legal moves.

use super::{Agent, Refusal};
use crate::engine::Position;
use crate::geometry::Square;
use crate::vocab::{Action, Move};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays a legal move chosen uniformly at random (each die-tagged move counts once): the
/// seeded draw picks an index into the moves in the canonical order
/// ([`Move::canonical_key`]), so the choice does not depend on the move generator's order. It passes
/// or resigns only when no move is legal; in dice variants the engine ends a turn by itself
/// when no remaining die is usable, so it then never passes.
///
/// Keeps one move buffer for its whole life: no allocation per move.
///
/// ```
/// use ashtapada::agents::{Agent, RandomAgent};
/// use ashtapada::{Action, Assignment, Position, load_variant};
/// use rand::SeedableRng;
/// let v = load_variant("chaturanga", &Assignment::default()).unwrap();
/// let mut pos = Position::start(v);
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let a = RandomAgent::new().choose(&mut pos, &mut rng).unwrap();
/// assert!(matches!(a, Action::Move(m) if pos.legal_move_list().contains(&m)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct RandomAgent {
    moves: Vec<Move>,
}

impl RandomAgent {
    /// A random agent with an empty move buffer.
    pub fn new() -> RandomAgent {
        RandomAgent {
            moves: Vec::with_capacity(128),
        }
    }
}

impl Agent for RandomAgent {
    fn choose(&mut self, pos: &mut Position, rng: &mut ChaCha8Rng) -> Result<Action, Refusal> {
        let sorted = pos.game_moves_sorted(&mut self.moves);
        if !self.moves.is_empty() {
            let i = uniform_below(rng, self.moves.len() as u32) as usize;
            if sorted {
                // Generated in the canonical order: the i-th as it stands, with no pass over
                // the list (measured in docs/architecture.md, "Random playouts").
                debug_assert!(in_canonical_order(&self.moves));
                return Ok(Action::Move(self.moves[i]));
            }
            return Ok(Action::Move(canonical_nth(&mut self.moves, i)));
        }
        super::forced_action(pos)
    }

    fn name(&self) -> &str {
        "random"
    }
}

/// The `i`-th of `moves` in the canonical order ([`Move::canonical_key`]), whatever order
/// they come in (a selection, O(len) on average: no full sort); may reorder `moves`.
///
/// Up to [`KEY_BUFFER`] moves, the selection runs on the moves' keys copied into a stack
/// buffer (each key computed once, compared as plain integers) and the move is read back
/// from its key, which holds every field. Measured with callgrind on 300 Chaturaji random
/// games: the selection's share fell from 24.7 to 16.2 million instructions.
///
/// When the moves come grouped by origin square in ascending order (as the move generator
/// gives a piece's moves together, in square order, unless hops, first-move, en-passant or
/// castling moves follow), the `i`-th move is among those of the origin of `moves[i]`, and only
/// that group is ordered. Measured with callgrind on 300 Chaturaji random games: 12.4 million
/// instructions for the whole selection before, 4.5 million with the group. It is enough
/// that the moves before the group come from lower squares and those after it from higher
/// ones (one comparison per move, rather than a pass over every neighbouring pair), and a
/// group of one move is the answer itself.
///
/// Otherwise (drops after the board moves, a list reordered by a legality filter), lists longer
/// than [`SHORT_BUFFER`] are bucketed by origin square ([`nth_by_origin`]): the origin leads
/// the canonical key (a drop's origin is its target), so a count per origin finds the bucket
/// holding the `i`-th move and only that bucket is ordered.
/// Measured with callgrind on 20 four-player shogi random games: the selection fell from 24.6
/// to 6.1 million instructions.
///
/// First, one pass checks whether the list is already in the canonical order (each key above
/// the one before: in dice variants on boards with bitboards the generator gives each piece's
/// targets in square order, pieces in square order, so most lists are): then the answer is
/// `moves[i]`, with no run to find and nothing to order. The pass stops at the first move out
/// of order, and its comparisons branch the same way for every move of an ordered list, which
/// the processor predicts. Measured with callgrind on 300 Chaturaji random games: the
/// selection's mispredicted branches fell from 155,000 to 52,000 (its instructions rose from
/// 7.5 to 8.8 million: the pass costs about what the run and its ordering did).
#[inline]
pub fn canonical_nth(moves: &mut [Move], i: usize) -> Move {
    if in_canonical_order(moves) {
        return moves[i];
    }
    // The run of moves from `moves[i]`'s origin around `i`. When every move before the run
    // comes from a lower square and every move after it from a higher one, exactly `start`
    // moves precede the run's in the canonical order (the origin leads the key), so the
    // `i`-th move is the run's `(i - start)`-th: one comparison per move, no pairwise pass.
    let from = moves[i].from;
    let mut start = i;
    while start > 0 && moves[start - 1].from == from {
        start -= 1;
    }
    let mut end = i + 1;
    while end < moves.len() && moves[end].from == from {
        end += 1;
    }
    let grouped =
        moves[..start].iter().all(|m| m.from < from) && moves[end..].iter().all(|m| m.from > from);
    if !grouped {
        if moves.len() > SHORT_BUFFER {
            return nth_by_origin(moves, i);
        }
        return select_nth(moves, i);
    }
    let group = &mut moves[start..end];
    if group.len() == 1 {
        return group[0];
    }
    if group.len() <= SHORT_BUFFER
        && let Some(m) = nth_plain(group, i - start)
    {
        return m;
    }
    select_nth(group, i - start)
}

/// True if every move of `moves` has a larger [`Move::canonical_key`] than the one before it
/// (strictly ascending: the canonical order, no move twice); true for an empty list or one
/// move.
#[inline]
fn in_canonical_order(moves: &[Move]) -> bool {
    let Some((first, rest)) = moves.split_first() else {
        return true;
    };
    let mut prev = first.canonical_key();
    for m in rest {
        let k = m.canonical_key();
        if k <= prev {
            return false;
        }
        prev = k;
    }
    true
}

/// The `i`-th of `moves` in the canonical order, by origin square: a count of the moves per
/// origin finds the origin holding the `i`-th, whose moves alone are then ordered.
#[inline]
fn nth_by_origin(moves: &mut [Move], i: usize) -> Move {
    let mut counts = [0u16; 256];
    for m in moves.iter() {
        counts[m.from.index()] += 1;
    }
    let (mut from, mut before) = (0, 0);
    while before + counts[from] as usize <= i {
        before += counts[from] as usize;
        from += 1;
    }
    let n = counts[from] as usize;
    if n > KEY_BUFFER {
        return *moves.select_nth_unstable_by_key(i, |m| m.canonical_key()).1;
    }
    let mut buf = [0u64; KEY_BUFFER];
    let keys = &mut buf[..n];
    let mut j = 0;
    for m in moves.iter() {
        if m.from.index() == from {
            keys[j] = m.canonical_key();
            j += 1;
        }
    }
    let k = i - before;
    if n <= SHORT_BUFFER {
        keys.sort_unstable();
        return from_canonical_key(keys[k]);
    }
    from_canonical_key(*keys.select_nth_unstable(k).1)
}

/// The `i`-th of `moves`, up to [`SHORT_BUFFER`] moves of one origin square, in the canonical
/// order: by target square, then die (the rest of the key is the same for all), sorted as
/// short keys; `None` if one of them promotes, drops, gates or puts a wall (the short key
/// would not order it).
#[inline]
fn nth_plain(moves: &[Move], i: usize) -> Option<Move> {
    let mut keys = [0u16; SHORT_BUFFER];
    for (j, m) in moves.iter().enumerate() {
        if m.promotes_to().is_some() || m.is_drop() || m.gate().is_some() || m.wall().is_some() {
            return None;
        }
        let k = (m.to.0 as u16) << 8 | m.die as u16;
        let mut p = j;
        while p > 0 && keys[p - 1] > k {
            keys[p] = keys[p - 1];
            p -= 1;
        }
        keys[p] = k;
    }
    Some(Move::board(moves[0].from, Square((keys[i] >> 8) as u8)).with_die(keys[i] as u8))
}

/// The `i`-th of `moves` in the canonical order: by insertion sort of the keys on a short
/// stack buffer for the usual short lists, by selection on a longer one, else on the moves.
#[inline]
fn select_nth(moves: &mut [Move], i: usize) -> Move {
    match moves.len() {
        1 => moves[0],
        2..=SHORT_BUFFER => {
            let mut keys = [0u64; SHORT_BUFFER];
            for (j, m) in moves.iter().enumerate() {
                let k = m.canonical_key();
                let mut p = j;
                while p > 0 && keys[p - 1] > k {
                    keys[p] = keys[p - 1];
                    p -= 1;
                }
                keys[p] = k;
            }
            from_canonical_key(keys[i])
        }
        ..=KEY_BUFFER => {
            let mut buf = [0u64; KEY_BUFFER];
            let keys = &mut buf[..moves.len()];
            for (k, m) in keys.iter_mut().zip(moves.iter()) {
                *k = m.canonical_key();
            }
            from_canonical_key(*keys.select_nth_unstable(i).1)
        }
        _ => *moves.select_nth_unstable_by_key(i, |m| m.canonical_key()).1,
    }
}

/// Longest move list whose selection sorts its keys on the short buffer.
const SHORT_BUFFER: usize = 16;

/// Longest move list whose canonical selection uses the stack buffer of keys.
pub const KEY_BUFFER: usize = 64;

/// The move whose [`Move::canonical_key`] is `key` (the key's inverse).
#[inline]
fn from_canonical_key(key: u64) -> Move {
    Move::from_canonical_key(key)
}

/// A uniform integer in `0..n` (`n` ≥ 1) from 32-bit outputs of `rng`, by Lemire's
/// multiply-and-reject method: exact, and defined here rather than by `rand`'s distributions
/// so that seeded games stay the same across `rand` versions.
#[inline]
pub fn uniform_below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = rng.next_u32() as u64 * n as u64;
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = rng.next_u32() as u64 * n as u64;
        }
    }
    (m >> 32) as u32
}

/// The generator of game `game_index` of a run with base seed `seed`: ChaCha8 seeded from
/// `seed` by [`SeedableRng::seed_from_u64`], with stream number `game_index`.
pub fn game_rng(seed: u64, game_index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(game_index);
    rng
}

#[cfg(test)]
mod tests {
    use super::{KEY_BUFFER, canonical_nth, from_canonical_key, uniform_below};
    use crate::geometry::Square;
    use crate::vocab::{Kind, Move};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// A value in `0..n` from `rng`.
    fn below(rng: &mut ChaCha8Rng, n: u32) -> u8 {
        uniform_below(rng, n) as u8
    }

    /// A move with every field drawn from `rng`: board moves, promotions, drops, dice.
    fn any_move(rng: &mut ChaCha8Rng) -> Move {
        let kind = |rng: &mut ChaCha8Rng| (below(rng, 3) == 0).then(|| Kind(below(rng, 64)));
        let drop = kind(rng);
        let (from, to) = match drop {
            Some(_) => {
                let sq = Square(below(rng, 256));
                (sq, sq)
            }
            None => (Square(below(rng, 256)), Square(below(rng, 256))),
        };
        let shown = kind(rng);
        let m = match drop {
            Some(k) => Move::hand_drop(k, shown, to),
            None => match shown {
                Some(k) => Move::board_promoting(from, to, k),
                None => Move::board(from, to),
            },
        };
        m.with_die(below(rng, 7))
    }

    /// Puts `moves` in a random order (Fisher–Yates).
    fn shuffle(moves: &mut [Move], rng: &mut ChaCha8Rng) {
        for j in (1..moves.len()).rev() {
            moves.swap(j, uniform_below(rng, j as u32 + 1) as usize);
        }
    }

    #[test]
    fn a_key_reads_back_as_its_move() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..10_000 {
            let m = any_move(&mut rng);
            assert_eq!(from_canonical_key(m.canonical_key()), m);
        }
    }

    /// Lists grouped by origin square in ascending order, as the move generator gives them (each
    /// group in any order, promotions and dice among them), give the `i`-th move of the fully
    /// sorted list for every `i`: the group's own short-key order, or its fallback.
    #[test]
    fn grouped_lists_give_the_nth_move_of_the_sorted_list() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for len in [1, 2, 5, 12, 30, 70] {
            let mut sorted: Vec<Move> = (0..len)
                .map(|_| {
                    let m = any_move(&mut rng);
                    // Few origins, so that groups hold several moves; no drops (a generator's
                    // board moves), and a promotion now and then.
                    let from = Square(below(&mut rng, 4) * 9);
                    let board = match (below(&mut rng, 5) == 0).then(|| Kind(below(&mut rng, 3))) {
                        Some(k) => Move::board_promoting(from, m.to, k),
                        None => Move::board(from, m.to),
                    };
                    board.with_die(m.die)
                })
                .collect();
            sorted.sort();
            sorted.dedup();
            for i in 0..sorted.len() {
                // Shuffle within each origin's run only: still grouped, ascending.
                let mut grouped = sorted.clone();
                for run in grouped.chunk_by_mut(|a, b| a.from == b.from) {
                    shuffle(run, &mut rng);
                }
                assert_eq!(
                    canonical_nth(&mut grouped, i),
                    sorted[i],
                    "len {len}, i {i}"
                );
            }
        }
    }

    /// Lists where only the run holding the drawn index is contiguous — the moves from lower
    /// squares before it and those from higher squares after it, each side in any order —
    /// give the `i`-th move of the fully sorted list for every `i` of the run; and a list
    /// where a move from a lower square follows the run (not grouped) still does, by the
    /// general path.
    #[test]
    fn a_run_between_lower_and_higher_origins_gives_the_nth_move() {
        let mut rng = ChaCha8Rng::seed_from_u64(17);
        for _ in 0..200 {
            let len = 2 + below(&mut rng, 30) as usize;
            let mut sorted: Vec<Move> = (0..len)
                .map(|_| {
                    let from = Square(below(&mut rng, 6) * 7);
                    let to = Square(below(&mut rng, 64));
                    Move::board(from, to).with_die(below(&mut rng, 3))
                })
                .collect();
            sorted.sort();
            sorted.dedup();
            for i in 0..sorted.len() {
                let from = sorted[i].from;
                let start = sorted.iter().position(|m| m.from == from).expect("present");
                let end = start
                    + sorted[start..]
                        .iter()
                        .take_while(|m| m.from == from)
                        .count();
                let mut list = sorted.clone();
                shuffle(&mut list[..start], &mut rng);
                shuffle(&mut list[start..end], &mut rng);
                shuffle(&mut list[end..], &mut rng);
                assert_eq!(canonical_nth(&mut list.clone(), i), sorted[i], "i {i}");
                // A lower origin moved after the run: the run is no longer known to hold
                // exactly its canonical ranks.
                if start > 0 {
                    let low = list.remove(0);
                    list.push(low);
                    assert_eq!(canonical_nth(&mut list, i), sorted[i], "moved, i {i}");
                }
            }
        }
    }

    /// Shuffled lists with few origin squares (buckets of every size: the short sort, the key
    /// selection, and past the key buffer the direct selection) give the `i`-th move of the
    /// fully sorted list for every `i`.
    #[test]
    fn buckets_by_origin_give_the_nth_move_of_the_sorted_list() {
        let mut rng = ChaCha8Rng::seed_from_u64(13);
        for (len, origins) in [(20, 3), (50, 2), (150, 2), (300, 3)] {
            let mut sorted: Vec<Move> = (0..len)
                .map(|_| {
                    let m = any_move(&mut rng);
                    let from = Square(below(&mut rng, origins) * 40);
                    match m.dropped() {
                        Some(k) => Move::hand_drop(k, m.shown(), from),
                        None => Move::board(from, m.to),
                    }
                    .with_die(m.die)
                })
                .collect();
            sorted.sort();
            sorted.dedup();
            for i in 0..sorted.len() {
                let mut shuffled = sorted.clone();
                shuffle(&mut shuffled, &mut rng);
                assert_eq!(
                    canonical_nth(&mut shuffled, i),
                    sorted[i],
                    "len {len}, i {i}"
                );
            }
        }
    }

    /// A list already in the canonical order gives its own `i`-th move; the same list with
    /// any two neighbours swapped is not in order and still gives the `i`-th move of the
    /// sorted list. Few origins and targets, so that neighbours often differ only in a late
    /// field of the key (die, promotion, dropped kind), which a fast path reading only the
    /// squares would miss.
    #[test]
    fn lists_in_canonical_order_and_one_swap_away_give_the_nth_move() {
        let mut rng = ChaCha8Rng::seed_from_u64(19);
        for len in [1, 2, 3, 8, 20, 40] {
            let mut sorted: Vec<Move> = (0..len)
                .map(|_| {
                    let m = any_move(&mut rng);
                    let from = Square(below(&mut rng, 3));
                    let to = Square(below(&mut rng, 3));
                    match m.dropped() {
                        Some(k) => Move::hand_drop(k, m.shown(), from),
                        None => match m.shown() {
                            Some(k) => Move::board_promoting(from, to, k),
                            None => Move::board(from, to),
                        },
                    }
                    .with_die(below(&mut rng, 3))
                })
                .collect();
            sorted.sort();
            sorted.dedup();
            for i in 0..sorted.len() {
                assert_eq!(
                    canonical_nth(&mut sorted.clone(), i),
                    sorted[i],
                    "len {len}, i {i}"
                );
                for j in 0..sorted.len() - 1 {
                    let mut swapped = sorted.clone();
                    swapped.swap(j, j + 1);
                    assert_eq!(
                        canonical_nth(&mut swapped, i),
                        sorted[i],
                        "len {len}, i {i}, swapped {j}"
                    );
                }
            }
        }
    }

    /// Gating moves (a board move bringing a piece from the hand) and walls keep their extra
    /// part when picked from a short list of one origin: each move of each list is picked once,
    /// in the canonical order (the plain move first, then by the gated kind or the wall's
    /// square).
    #[test]
    fn gating_and_wall_moves_are_picked_whole() {
        let plain = Move::board(Square(4), Square(21));
        let gating = vec![plain, plain.gating(Kind(1)), plain.gating(Kind(2))];
        let walls = vec![plain.with_wall(Square(30)), plain.with_wall(Square(9))];
        for list in [gating, walls] {
            let mut expected = list.clone();
            expected.sort();
            expected.dedup();
            assert_eq!(expected.len(), list.len());
            for (i, &want) in expected.iter().enumerate() {
                let mut moves = list.clone();
                moves.reverse();
                assert_eq!(canonical_nth(&mut moves, i), want, "i {i}");
            }
        }
    }

    /// Short lists (the key buffer) and long ones (the direct selection) both give the `i`-th
    /// move of the fully sorted list.
    #[test]
    fn the_nth_move_is_the_nth_of_the_sorted_list() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for len in [1, 2, 3, 17, 40, KEY_BUFFER, KEY_BUFFER + 1, 600] {
            let mut sorted: Vec<Move> = (0..len).map(|_| any_move(&mut rng)).collect();
            sorted.sort();
            sorted.dedup();
            for i in [0, sorted.len() / 2, sorted.len() - 1] {
                let mut shuffled = sorted.clone();
                shuffle(&mut shuffled, &mut rng);
                assert_eq!(
                    canonical_nth(&mut shuffled, i),
                    sorted[i],
                    "len {len}, i {i}"
                );
            }
        }
    }
}
