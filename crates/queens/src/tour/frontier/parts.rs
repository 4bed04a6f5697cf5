//! The states between two cells, held lean enough for the 8x8 board (several hundred million
//! states) and filled by several threads at once.
//!
//! A step reads the states of one cell and writes those of the next. Held as two hash tables,
//! the two would take about 2 x 12 / (7/8) bytes a state, plus a growing table's old copy. Here
//! instead:
//!
//! - The states read are dense [`Chunks`]: arrays of (state, count) with no empty slot, 12
//!   bytes a state (a count too wide for 32 bits kept aside), each array freed as soon as it
//!   has been read.
//! - The states written go to [`Parts`]: the key's hash picks one of many small tables (a
//!   [`Table`] each, behind its own lock), so that a table growing copies only its own part,
//!   and two threads rarely want the same part. A thread gathers the states of a part in a
//!   short buffer and stores them under one lock.
//! - At the end of the step each part's table is squeezed in place into a dense chunk: the
//!   next step reads those.
//!
//! The peak is then about one dense copy and one table of the largest step, not two tables.
//! The counts are sums, so the order in which threads store them does not matter.

use super::table::{Chunk, Count, Key, Table};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// States a thread gathers for one part before it stores them.
pub const GATHER: usize = 128;

/// Dense arrays of states and their counts.
pub struct Chunks<K, C: Count> {
    chunks: Vec<Chunk<K, C>>,
    len: usize,
}

impl<K: Key, C: Count> Chunks<K, C> {
    /// One state.
    pub fn one(key: K, count: C) -> Chunks<K, C> {
        Chunks::from_chunks(vec![Chunk::from_states([(key, count)])])
    }

    /// Arrays of states (as read back from a saved count).
    pub fn from_chunks(chunks: Vec<Chunk<K, C>>) -> Chunks<K, C> {
        let len = chunks.iter().map(Chunk::len).sum();
        Chunks { chunks, len }
    }

    /// The states held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The states and their counts.
    pub fn iter(&self) -> impl Iterator<Item = (K, C)> + '_ {
        self.chunks.iter().flat_map(Chunk::iter)
    }

    /// The bytes they take.
    pub fn bytes(&self) -> u64 {
        self.chunks.iter().map(Chunk::bytes).sum()
    }

    /// Whether the sum of the counts times `k` fits their width ([`Count::sum_fits`]).
    pub fn sum_fits(&self, k: u32) -> bool {
        C::sum_fits(self.iter().map(|(_, c)| c), k)
    }

    /// The same states with the next wider counts, an array at a time.
    pub fn widen(self) -> Chunks<K, C::Wider> {
        let chunks = self
            .chunks
            .into_iter()
            .map(|c| Chunk::from_states(c.iter().map(|(k, n)| (k, n.widen()))))
            .collect();
        Chunks::from_chunks(chunks)
    }

    /// The arrays, to be read (and freed) one at a time.
    pub fn into_chunks(self) -> Vec<Chunk<K, C>> {
        self.chunks
    }
}

/// The states being written, split by hash into parts.
pub struct Parts<K, C: Count> {
    parts: Vec<Mutex<Table<K, C>>>,
    /// The states the step reads in all, and those read so far (for the size of a growth).
    reading: u64,
    read: AtomicU64,
    /// The bytes all the parts' tables take (with their counts kept aside).
    bytes: AtomicU64,
}

impl<K: Key, C: Count> Parts<K, C> {
    /// `parts` tables, room for about `states` states in all, for a step that reads
    /// `reading` states.
    pub fn new(parts: usize, states: usize, reading: usize) -> Parts<K, C> {
        let tables: Vec<_> = (0..parts)
            .map(|_| Table::with_room(states / parts + GATHER))
            .collect();
        let bytes = tables.iter().map(Table::bytes).sum();
        Parts {
            parts: tables.into_iter().map(Mutex::new).collect(),
            reading: reading as u64,
            read: AtomicU64::new(0),
            bytes: AtomicU64::new(bytes),
        }
    }

    /// The number of parts.
    pub fn count(&self) -> usize {
        self.parts.len()
    }

    /// The part of `key`: the low half of its hash (the slot in the part comes from the high
    /// half, so the keys of a part still spread over all its slots).
    #[inline(always)]
    pub fn part_of(&self, key: K) -> usize {
        let h = key.hash() as u64 as u32 as u64;
        ((h * self.parts.len() as u64) >> 32) as usize
    }

    /// The bytes the tables take.
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// Notes that `states` more states were read.
    pub fn read(&self, states: usize) {
        self.read.fetch_add(states as u64, Ordering::Relaxed);
    }

    /// The room a part holding `len` states grows to: what it will hold at the end of the step
    /// at the rate so far (the states read and those it holds; new states come more rarely as
    /// the step goes on, so this errs on the large side), from an eighth more to twice.
    fn growth(&self, len: usize) -> usize {
        let read = self.read.load(Ordering::Relaxed);
        let guess = match read {
            0 => len * 3 / 2,
            r => (len as u128 * self.reading as u128 / r as u128) as usize,
        };
        guess.clamp(len + len / 8, 2 * len) + GATHER
    }

    /// Stores `states` (emptying it), all of part `p`, growing its table when
    /// `room(bytes after growth)` allows; false (nothing stored) when it does not.
    pub fn store(&self, p: usize, states: &mut Vec<(K, C)>, room: impl Fn(u64) -> bool) -> bool {
        let mut t = self.parts[p]
            .lock()
            .expect("a part's lock is never poisoned");
        if !t.room_for(states.len()) {
            let want = self.growth(t.len());
            let grown = Table::<K, C>::bytes_for(want) - t.bytes();
            if !room(self.bytes() + grown) {
                return false;
            }
            t.grow_to(want);
            self.bytes.fetch_add(grown, Ordering::Relaxed);
        }
        let aside = t.aside_bytes();
        for (k, c) in states.drain(..) {
            t.add(k, c);
        }
        t.flush();
        self.bytes
            .fetch_add(t.aside_bytes() - aside, Ordering::Relaxed);
        true
    }

    /// Whether a count overflowed in any part.
    pub fn overflowed(&self) -> bool {
        self.parts
            .iter()
            .any(|t| t.lock().expect("never poisoned").overflowed())
    }

    /// The tables squeezed into dense arrays, one a part.
    pub fn into_chunks(self) -> Chunks<K, C> {
        let chunks = self
            .parts
            .into_iter()
            .map(|t| t.into_inner().expect("never poisoned").into_dense())
            .collect();
        Chunks::from_chunks(chunks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_merge_equal_states_and_squeeze_into_chunks() {
        let parts: Parts<u64, u64> = Parts::new(4, 8, 1500);
        for round in 0..3u64 {
            let mut by_part = vec![Vec::new(); parts.count()];
            for k in 0..500u64 {
                by_part[parts.part_of(k * 7919)].push((k * 7919, round + 1));
            }
            for (p, states) in by_part.iter().enumerate() {
                for batch in states.chunks(GATHER) {
                    assert!(parts.store(p, &mut batch.to_vec(), |_| true));
                }
            }
        }
        assert!(!parts.overflowed());
        let chunks = parts.into_chunks();
        assert_eq!(chunks.len(), 500);
        let mut all: Vec<_> = chunks.iter().collect();
        all.sort_unstable();
        assert_eq!(all.len(), 500);
        assert!(all
            .iter()
            .enumerate()
            .all(|(k, &s)| s == (k as u64 * 7919, 6)));
    }

    #[test]
    fn a_part_that_may_not_grow_stores_nothing_more() {
        let parts: Parts<u64, u64> = Parts::new(1, 1, 0);
        let batch =
            |b: u64| -> Vec<(u64, u64)> { (0..GATHER as u64).map(|k| (b * 1000 + k, 1)).collect() };
        let stored = (0..10)
            .take_while(|&b| parts.store(0, &mut batch(b), |_| false))
            .count();
        assert!(stored < 10);
        assert!((stored..10).all(|b| parts.store(0, &mut batch(b as u64), |_| true)));
        assert_eq!(parts.into_chunks().len(), 10 * GATHER);
    }
}
