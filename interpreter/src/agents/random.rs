//! [`RandomAgent`]: uniform over the legal moves.

use super::{Agent, Refusal};
use crate::engine::Position;
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
        pos.game_moves(&mut self.moves);
        if !self.moves.is_empty() {
            let i = uniform_below(rng, self.moves.len() as u32) as usize;
            return Ok(Action::Move(canonical_nth(&mut self.moves, i)));
        }
        super::forced_action(pos)
    }

    fn name(&self) -> &str {
        "random"
    }
}

/// The `i`-th of `moves` in the canonical order ([`Move::canonical_key`]), whatever order
/// they come in; reorders `moves` (a selection, O(len) on average: no full sort).
#[inline]
pub fn canonical_nth(moves: &mut [Move], i: usize) -> Move {
    *moves.select_nth_unstable_by_key(i, |m| m.canonical_key()).1
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
