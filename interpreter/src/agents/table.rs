//! [`Table`]: a small transposition table for the search agents, keyed by the position hash
//! (with the dice left, in dice variants).

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

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The full key (0 for an empty slot).
    pub key: u64,
    /// The best move found, for move ordering.
    pub best: Option<Move>,
    /// The value, from the search root's seat's point of view.
    pub value: i32,
    /// The depth searched (plies).
    pub depth: i32,
    /// What `value` is.
    pub bound: Bound,
    /// The search (one per [`Agent::choose`](super::Agent::choose) call) that stored it.
    pub generation: u32,
}

/// A fixed-size, always-replace table of 2^bits entries.
#[derive(Clone, Debug)]
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    /// The current search's generation: values from other generations (another root seat)
    /// are only used for their best move.
    pub generation: u32,
}

impl Table {
    /// An empty slot.
    const EMPTY: Entry = Entry {
        key: 0,
        best: None,
        value: 0,
        depth: -1,
        bound: Bound::Upper,
        generation: 0,
    };

    /// An empty table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        Table {
            entries: vec![Table::EMPTY; 1 << bits],
            mask: (1 << bits) - 1,
            generation: 0,
        }
    }

    /// Empties every entry in place, keeping the allocation (a new game in a UCI session).
    pub fn clear(&mut self) {
        let empty = Table::EMPTY;
        self.entries.fill(empty);
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

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<&Entry> {
        let e = &self.entries[key as usize & self.mask];
        (e.key == key && key != 0).then_some(e)
    }

    /// Stores a result for `key` in the current generation.
    #[inline]
    pub fn store(&mut self, key: u64, best: Option<Move>, value: i32, depth: i32, bound: Bound) {
        let generation = self.generation;
        self.entries[key as usize & self.mask] = Entry {
            key,
            best,
            value,
            depth,
            bound,
            generation,
        };
    }
}
