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
pub trait Key: Copy + Eq + Send + Sync {
    /// The key no state packs to (its degree field of the extra vertex reads 3).
    const NONE: Self;
    /// The key of a state packed in 128 bits (which the caller knows fits).
    fn from_wide(w: u128) -> Self;
    /// The state packed in 128 bits.
    fn wide(self) -> u128;
    /// A hash of the key, spread over all the bits.
    fn hash(self) -> usize;
    /// The key's own bits (to be saved), and back.
    fn raw(self) -> u128;
    fn from_raw(r: u128) -> Self;
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
    fn raw(self) -> u128 {
        self as u128
    }
    fn from_raw(r: u128) -> u64 {
        r as u64
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
    fn raw(self) -> u128 {
        self
    }
    fn from_raw(r: u128) -> u128 {
        r
    }
}

/// A window of 17 cells (a shorter side of 8) in 64 bits. Its 4-bit codes take 68 bits, but a
/// cell holds one of 11 codes only (empty, a label 1..=8 since 17 cells hold at most 8
/// fragments, the extra vertex's end, full), so two cells take one of 121 values: 7 bits. The
/// 16 first cells go in 8 such pairs (56 bits), the 17th in 4 bits, the extra vertex's degree in
/// 2: 62 bits, so that [`Key::NONE`] (all ones) is no state. Packing and unpacking are a table
/// look-up a pair.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dense(u64);

/// The 7-bit code of a byte of two 4-bit cell codes, and back.
struct PairCodes {
    pack: [u8; 256],
    unpack: [u8; 128],
}

/// A cell's 4-bit code (0..=8, 14, 15) as one of 11 digits, and back.
const fn digit(code: u8) -> u8 {
    if code >= 14 {
        code - 5
    } else {
        code
    }
}
const fn undigit(d: u8) -> u8 {
    if d >= 9 {
        d + 5
    } else {
        d
    }
}

const PAIRS: PairCodes = {
    let mut t = PairCodes {
        pack: [0; 256],
        unpack: [0; 128],
    };
    let mut byte = 0;
    while byte < 256 {
        let (lo, hi) = (digit(byte as u8 & 15), digit(byte as u8 >> 4));
        if lo < 11 && hi < 11 {
            let code = lo * 11 + hi;
            t.pack[byte] = code;
            t.unpack[code as usize] = undigit(lo) | undigit(hi) << 4;
        }
        byte += 1;
    }
    t
};

impl Key for Dense {
    const NONE: Dense = Dense(u64::MAX);
    #[inline(always)]
    fn from_wide(w: u128) -> Dense {
        let mut d = 0u64;
        for j in 0..8 {
            d |= (PAIRS.pack[(w >> (8 * j)) as usize & 255] as u64) << (7 * j);
        }
        Dense(d | ((w >> 64) as u64 & 63) << 56)
    }
    #[inline(always)]
    fn wide(self) -> u128 {
        let mut w = 0u128;
        for j in 0..8 {
            w |= (PAIRS.unpack[(self.0 >> (7 * j)) as usize & 127] as u128) << (8 * j);
        }
        w | ((self.0 >> 56) as u128) << 64
    }
    #[inline(always)]
    fn hash(self) -> usize {
        self.0.hash()
    }
    fn raw(self) -> u128 {
        self.0 as u128
    }
    fn from_raw(r: u128) -> Dense {
        Dense(r as u64)
    }
}

/// The number of partial tours reaching a state.
pub trait Count: Copy + Default + Send + Sync {
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

    /// The states held (stored or waiting).
    pub fn len(&self) -> usize {
        self.len + self.pending.len()
    }

    /// The bytes the slots take.
    pub fn bytes(&self) -> u64 {
        self.slots.len() as u64 * Self::SLOT_BYTES
    }

    /// The bytes a table with room for `states` states takes.
    pub fn bytes_for(states: usize) -> u64 {
        Self::slots_for(states) as u64 * Self::SLOT_BYTES
    }

    /// Whether a count overflowed since the table was made or reset.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Whether `states` more states fit without growing.
    pub fn room_for(&self, states: usize) -> bool {
        (self.len + self.pending.len() + states) * 8 <= self.slots.len() * 7
    }

    /// The states and their counts in a dense array (the table's slots squeezed in place).
    pub fn into_dense(mut self) -> Vec<(K, C)> {
        self.flush();
        let mut slots = std::mem::take(&mut self.slots);
        slots.retain(|&(k, _)| k != K::NONE);
        slots.shrink_to_fit();
        slots
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

    /// Makes room for `states` states (more than it holds).
    pub fn grow_to(&mut self, states: usize) {
        self.flush();
        let mut bigger = Table::with_room(states);
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_keys_hold_every_window_of_17_cells() {
        // Every code in every cell, and a varied mix, with each degree of the extra vertex.
        let codes = [0u128, 1, 5, 8, 14, 15];
        for (k, &a) in codes.iter().enumerate() {
            for vdeg in 0..3u128 {
                let mut w = vdeg << 68;
                for cell in 0..17 {
                    let c = if cell % 3 == 0 {
                        a
                    } else {
                        codes[(cell + k) % codes.len()]
                    };
                    w |= c << (4 * cell);
                }
                let d = Dense::from_wide(w);
                assert_ne!(d, Dense::NONE);
                assert_eq!(d.wide(), w);
            }
        }
    }

    #[test]
    fn equal_keys_add_their_counts_across_growth() {
        let mut t: Table<u128, u128> = Table::with_room(4);
        for k in 0..1000u128 {
            if !t.room_for(2) {
                t.grow_to(t.len() * 3 / 2);
            }
            t.add((k * 977) << 60, 1);
            t.add((k * 977) << 60, 2);
        }
        t.flush();
        assert_eq!(t.len(), 1000);
        let dense = t.into_dense();
        assert_eq!(dense.len(), 1000);
        assert!(dense.iter().all(|&(_, c)| c == 3));
    }

    #[test]
    fn narrow_counts_say_when_they_overflow() {
        let mut t: Table<u64, u64> = Table::with_room(4);
        t.add(5, u64::MAX - 1);
        t.add(7, 3);
        t.flush();
        assert!(!t.overflowed());
        t.add(5, 2);
        t.flush();
        assert!(t.overflowed());
    }
}
