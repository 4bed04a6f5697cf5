//! The states of one step of the frontier count: a hash table of packed states with their
//! counts, open addressing with linear probing, a multiplicative hash. Adding a state already
//! held adds the counts: that merge is what keeps the count a dynamic programme rather than an
//! enumeration.
//!
//! The table is as narrow as the board allows: keys of 64 bits when the window fits them (a
//! shorter side of at most 7), counts of 64 bits until one would overflow (the table says so,
//! and the sweep carries on with counts of 128 bits). New states are not stored at once: the
//! slot each one hashes to is fetched into the cache ahead and the states are stored a batch
//! at a time, so that the misses of a batch overlap instead of following one another (a table
//! of a million states is far larger than the cache, and one miss per state was a quarter of
//! the time).

use std::mem::size_of;

/// A packed state: the window's codes and the degree of the extra vertex.
pub trait Key: Copy + Eq {
    /// The key no state packs to (its degree field of the extra vertex reads 3).
    const NONE: Self;
    /// The key of a state packed in 128 bits (which the caller knows fits).
    fn from_wide(w: u128) -> Self;
    /// The state packed in 128 bits.
    fn wide(self) -> u128;
    /// A hash of the key, spread over all the bits.
    fn hash(self) -> usize;
}

impl Key for u64 {
    const NONE: u64 = u64::MAX;
    fn from_wide(w: u128) -> u64 {
        w as u64
    }
    fn wide(self) -> u128 {
        self as u128
    }
    #[inline(always)]
    fn hash(self) -> usize {
        let h = self.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h ^ (h >> 29)) as usize
    }
}

impl Key for u128 {
    const NONE: u128 = u128::MAX;
    fn from_wide(w: u128) -> u128 {
        w
    }
    fn wide(self) -> u128 {
        self
    }
    #[inline]
    fn hash(self) -> usize {
        ((self as u64) ^ ((self >> 64) as u64).rotate_left(29)).hash()
    }
}

/// The number of partial tours reaching a state.
pub trait Count: Copy + Default {
    /// The count, if it fits.
    fn from_wide(c: u128) -> Option<Self>;
    /// The count in 128 bits.
    fn wide(self) -> u128;
    /// Adds `c`; false when the sum does not fit.
    fn add(&mut self, c: Self) -> bool;
}

impl Count for u64 {
    fn from_wide(c: u128) -> Option<u64> {
        u64::try_from(c).ok()
    }
    fn wide(self) -> u128 {
        self as u128
    }
    #[inline]
    fn add(&mut self, c: u64) -> bool {
        let (sum, over) = self.overflowing_add(c);
        *self = sum;
        !over
    }
}

impl Count for u128 {
    fn from_wide(c: u128) -> Option<u128> {
        Some(c)
    }
    fn wide(self) -> u128 {
        self
    }
    #[inline]
    fn add(&mut self, c: u128) -> bool {
        let (sum, over) = self.overflowing_add(c);
        *self = sum;
        !over
    }
}

/// The most states one state leads to in one step (pairs of 5 edges), with room to spare.
const BURST: usize = 16;

/// States waiting in a batch before they are stored.
const BATCH: usize = 8;

/// States and their counts.
pub struct Table<K, C> {
    /// Each slot a key and its count side by side: one cache line holds both. Any number of
    /// slots: a hash maps to one by multiplying (not by a mask), so a table is sized to its
    /// states rather than to a power of two.
    slots: Vec<(K, C)>,
    len: usize,
    /// States to store, with the slot each hashes to (already asked of the cache).
    pending: Vec<(K, C, usize)>,
    /// Whether a count overflowed `C`: the table's counts are then wrong.
    overflowed: bool,
}

/// Asks the processor to bring `slice[i]` into the cache (a hint: no effect on the result).
#[inline(always)]
fn prefetch<T>(slice: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(x) = slice.get(i) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: prefetching is a hint that never faults, and the address is in the slice.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (slice, i);
}

impl<K: Key, C: Count> Table<K, C> {
    /// Bytes one slot takes (key and count).
    pub const SLOT_BYTES: u64 = size_of::<(K, C)>() as u64;

    /// A table with room for about `states` states before it grows.
    pub fn with_room(states: usize) -> Table<K, C> {
        let slots = Self::slots_for(states);
        Table {
            slots: vec![(K::NONE, C::default()); slots],
            len: 0,
            pending: Vec::with_capacity(BATCH),
            overflowed: false,
        }
    }

    /// Slots for `states` states at most seven eighths full.
    fn slots_for(states: usize) -> usize {
        (states.max(48) + BURST + BATCH) * 8 / 7 + 1
    }

    /// The slot where the search for `key` starts.
    #[inline(always)]
    fn home(&self, key: K) -> usize {
        ((key.hash() as u64 as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// Empties the table, keeping its slots if there are enough for `states` states and not
    /// more than twice as many.
    pub fn reset(&mut self, states: usize) {
        let want = Self::slots_for(states);
        if want <= self.slots.len() && self.slots.len() <= 2 * want {
            self.slots.fill((K::NONE, C::default()));
            self.len = 0;
            self.pending.clear();
            self.overflowed = false;
        } else {
            self.slots = Vec::new();
            *self = Table::with_room(states);
        }
    }

    /// The states held (stored or waiting).
    pub fn len(&self) -> usize {
        self.len + self.pending.len()
    }

    /// The bytes the slots take.
    pub fn bytes(&self) -> u64 {
        self.slots.len() as u64 * Self::SLOT_BYTES
    }

    /// The bytes the table would take after growing once more.
    pub fn bytes_after_growth(&self) -> u64 {
        self.bytes() / 2 * 3
    }

    /// Whether a count overflowed since the table was made or reset.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Whether the table must grow before the states of one more source state are added (at
    /// most [`BURST`] of them).
    pub fn full(&self) -> bool {
        (self.len + self.pending.len() + BURST) * 8 > self.slots.len() * 7
    }

    /// Adds `count` to the count of `key`, in the next batch. The caller grows the table
    /// first when [`Table::full`] says so (it checks the memory budget before).
    #[inline(always)]
    pub fn add(&mut self, key: K, count: C) {
        let at = self.home(key);
        prefetch(&self.slots, at);
        self.pending.push((key, count, at));
        if self.pending.len() == BATCH {
            self.flush();
        }
    }

    /// Stores the states waiting.
    pub fn flush(&mut self) {
        let mut pending = std::mem::take(&mut self.pending);
        for &(key, count, at) in &pending {
            self.store(key, count, at);
        }
        pending.clear();
        self.pending = pending;
    }

    #[inline]
    fn store(&mut self, key: K, count: C, mut i: usize) {
        loop {
            let slot = &mut self.slots[i];
            if slot.0 == key {
                self.overflowed |= !slot.1.add(count);
                return;
            }
            if slot.0 == K::NONE {
                *slot = (key, count);
                self.len += 1;
                return;
            }
            i += 1;
            if i == self.slots.len() {
                i = 0;
            }
        }
    }

    /// Makes half as many slots again.
    pub fn grow(&mut self) {
        self.flush();
        let mut bigger = Table::with_room(self.slots.len() / 2 * 3 * 7 / 8);
        for (k, c) in self.iter() {
            bigger.add(k, c);
        }
        bigger.flush();
        bigger.overflowed = self.overflowed;
        *self = bigger;
    }

    /// The states and their counts, in no particular order (the states waiting not among
    /// them: flush first).
    pub fn iter(&self) -> impl Iterator<Item = (K, C)> + '_ {
        self.slots.iter().copied().filter(|&(k, _)| k != K::NONE)
    }

    /// The same states with counts of another type (None if one does not fit).
    pub fn convert<D: Count>(&self) -> Option<Table<K, D>> {
        let mut t = Table::with_room(self.len());
        for (k, c) in self.iter() {
            t.add(k, D::from_wide(c.wide())?);
        }
        t.flush();
        Some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_add_their_counts_across_growth() {
        let mut t: Table<u128, u128> = Table::with_room(4);
        for k in 0..1000u128 {
            if t.full() {
                t.grow();
            }
            t.add((k * 977) << 60, 1);
            t.add((k * 977) << 60, 2);
        }
        t.flush();
        assert_eq!(t.len(), 1000);
        assert!(t.iter().all(|(_, c)| c == 3));
        assert_eq!(t.iter().count(), 1000);
    }

    #[test]
    fn narrow_counts_say_when_they_overflow_and_widen() {
        let mut t: Table<u64, u64> = Table::with_room(4);
        t.add(5, u64::MAX - 1);
        t.add(7, 3);
        t.flush();
        assert!(!t.overflowed());
        let wide: Table<u64, u128> = t.convert().unwrap();
        t.add(5, 2);
        t.flush();
        assert!(t.overflowed());
        let mut w = wide;
        w.add(5, 2);
        w.flush();
        let mut all: Vec<_> = w.iter().collect();
        all.sort_unstable();
        assert_eq!(all, vec![(5, u64::MAX as u128 + 1), (7, 3)]);
        t.reset(4);
        assert!(!t.overflowed() && t.len() == 0);
    }
}
