//! [`Table`]: the search agents' transposition table, keyed by the position hash (with the dice
//! left, in dice variants): buckets of two entries, depth-preferred replacement.

use crate::vocab::Move;

/// How a stored value bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least the stored one (a cut-off above beta).
    Lower,
    /// The true value is at most the stored one (every move failed low).
    Upper,
}

impl Bound {
    /// The bound of a search's `best` value found in the window (`alpha`, `beta`): at most
    /// `alpha` an upper bound, at least `beta` a lower one, exact between.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The full key (0 for an empty slot).
    pub key: u64,
    /// The best move found, for move ordering.
    pub best: Option<Move>,
    /// The value: from the search root's seat's point of view in the N-seat and dice searches,
    /// from the seat to move's (mates as distance from this node) in the two-seat search.
    pub value: i32,
    /// The depth searched (plies).
    pub depth: i32,
    /// What `value` is.
    pub bound: Bound,
    /// The search (one per [`Agent::choose`](super::Agent::choose) call) that stored it.
    pub generation: u32,
}

/// Entries per bucket.
const WAYS: usize = 2;

/// A fixed-size table of 2^bits entries in buckets of [`WAYS`]. A store for a key already in
/// its bucket overwrites that entry (keeping its move if the new result has none); otherwise
/// it evicts an empty entry, else one from an older search, else the shallower one
/// (depth-preferred replacement: deep results, which cost the most, survive).
#[derive(Clone, Debug)]
pub struct Table {
    entries: Vec<Entry>,
    /// Bucket index mask.
    mask: usize,
    /// The current search's generation: in the N-seat and dice searches, values from other
    /// generations (another root seat) are only used for their best move.
    pub generation: u32,
}

/// An empty slot.
const EMPTY: Entry = Entry {
    key: 0,
    best: None,
    value: 0,
    depth: -1,
    bound: Bound::Upper,
    generation: 0,
};

impl Table {
    /// An empty table of `2^bits` entries (`bits` ≥ 1).
    pub fn new(bits: u32) -> Table {
        let bits = bits.max(1);
        Table {
            entries: vec![EMPTY; 1 << bits],
            mask: (1 << (bits - 1)) - 1,
            generation: 0,
        }
    }

    /// Empties every entry in place, keeping the allocation (a new game in a UCI session).
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
        self.generation = 0;
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    /// How many entries hold a result (a full scan: for tests and diagnostics).
    pub fn used(&self) -> usize {
        self.entries.iter().filter(|e| e.key != 0).count()
    }

    /// The largest `bits` (from 10 to 30) whose table of 2^bits entries fits in `bytes`.
    pub fn bits_for(bytes: usize) -> u32 {
        let entries = (bytes / std::mem::size_of::<Entry>()).max(1);
        (usize::BITS - 1 - entries.leading_zeros()).clamp(10, 30)
    }

    /// The bucket of `key`.
    #[inline]
    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let b = (key as usize & self.mask) * WAYS;
        b..b + WAYS
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<&Entry> {
        if key == 0 {
            return None;
        }
        self.entries[self.bucket(key)].iter().find(|e| e.key == key)
    }

    /// Stores a result for `key` in the current generation.
    #[inline]
    pub fn store(&mut self, key: u64, best: Option<Move>, value: i32, depth: i32, bound: Bound) {
        let generation = self.generation;
        let range = self.bucket(key);
        let bucket = &mut self.entries[range];
        let slot = match bucket.iter().position(|e| e.key == key) {
            Some(i) => i,
            None => {
                // Empty or stale first, then the shallower.
                let rank = |e: &Entry| (e.key != 0 && e.generation == generation, e.depth);
                (0..WAYS).min_by_key(|&i| rank(&bucket[i])).unwrap_or(0)
            }
        };
        let old = bucket[slot];
        let best = if old.key == key {
            best.or(old.best)
        } else {
            best
        };
        bucket[slot] = Entry {
            key,
            best,
            value,
            depth,
            bound,
            generation,
        };
    }
}

/// A cache of static values by position key, for the two-seat search, where the hash
/// determines the evaluation: direct-mapped, 2^[`EVAL_BITS`] slots, a newer value replacing
/// an older one. The same position is evaluated again in each deepening iteration and at the
/// horizon and in the quiescence search below it; a hit returns exactly what the evaluator
/// would.
#[derive(Clone, Debug)]
pub struct EvalCache {
    /// `(key, value)`; a slot whose value is [`EVAL_EMPTY`] holds nothing.
    slots: Vec<(u64, i32)>,
    /// The variant the values were computed for (its address), or none yet.
    variant: usize,
}

/// Slots of an [`EvalCache`]: 2^16 (1 MiB). Measured on 4 seeded Chaturanga `medium` games
/// (2.77 M static values asked for): 37.2% of them hit with 2^14 slots, 42.2% with 2^16,
/// 44.0% with 2^18; the same games.
pub const EVAL_BITS: u32 = 16;

/// The value of an empty [`EvalCache`] slot (no evaluation is this small).
const EVAL_EMPTY: i32 = i32::MIN;

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            slots: vec![(0, EVAL_EMPTY); 1 << EVAL_BITS],
            variant: 0,
        }
    }
}

impl EvalCache {
    /// Empties the cache if it holds values of another variant than the one at `variant`
    /// (the variant's address: a rebuilt evaluator may weigh differently).
    pub fn keep_for(&mut self, variant: usize) {
        if self.variant != variant {
            self.clear();
            self.variant = variant;
        }
    }

    /// Empties the cache.
    pub fn clear(&mut self) {
        self.slots.fill((0, EVAL_EMPTY));
    }

    /// The value stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<i32> {
        let (k, v) = self.slots[key as usize & ((1 << EVAL_BITS) - 1)];
        (k == key && v != EVAL_EMPTY).then_some(v)
    }

    /// Stores `value` for `key`.
    #[inline]
    pub fn put(&mut self, key: u64, value: i32) {
        self.slots[key as usize & ((1 << EVAL_BITS) - 1)] = (key, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deep_entry_survives_shallow_ones_in_its_bucket() {
        let mut t = Table::new(10);
        let buckets = 1u64 << 9;
        // Three keys of one bucket: the deep one stays, the shallow ones take turns.
        let (deep, a, b) = (1, 1 + buckets, 1 + 2 * buckets);
        t.store(deep, None, 7, 9, Bound::Exact);
        t.store(a, None, 1, 1, Bound::Exact);
        t.store(b, None, 2, 2, Bound::Exact);
        assert_eq!(t.probe(deep).map(|e| e.value), Some(7));
        assert!(t.probe(a).is_none());
        assert_eq!(t.probe(b).map(|e| e.value), Some(2));
        // A later search evicts the old generation's entry first, deep or not.
        t.generation += 1;
        t.store(a, None, 3, 1, Bound::Exact);
        t.store(b, None, 4, 1, Bound::Exact);
        assert!(t.probe(deep).is_none());
        assert_eq!(t.probe(a).map(|e| e.value), Some(3));
        assert_eq!(t.probe(b).map(|e| e.value), Some(4));
    }
}
