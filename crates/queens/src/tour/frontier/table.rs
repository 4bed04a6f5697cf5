//! The states of one step of the frontier count: a hash table of packed states with their
//! counts, open addressing with linear probing, a multiplicative hash. Adding a state already
//! held adds the counts: that merge is what keeps the count a dynamic programme rather than an
//! enumeration.
//!
//! The table is as narrow as the board allows: keys of 64 bits when the window fits them (a
//! shorter side of at most 8), counts of 64 bits until one might overflow (the sweep then
//! carries on with counts of 128 bits). A count of 64 bits is stored in 32 bits beside its key
//! (12 bytes a slot, not 16): most states are reached by fewer than 2^32 partial tours, and
//! the few counts that outgrow 32 bits are kept aside, in a small map of their own, their slot
//! marked. New states are not stored at once: the slot each one hashes to is fetched into the
//! cache ahead and the states are stored a batch at a time, so that the misses of a batch
//! overlap instead of following one another (a table of a million states is far larger than
//! the cache, and one miss per state was a quarter of the time).

use crate::prefetch::prefetch;
use bnum::types::U256;
use num_bigint::BigUint;
use std::collections::HashMap;
use std::hash::Hash;
use std::mem::size_of;

/// A packed state: the window's codes and the degree of the extra vertex.
pub trait Key: Copy + Eq + Hash + Send + Sync {
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
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
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

/// The number of partial tours reaching a state: 64 bits, 128, 256, then as many as it takes
/// (arbitrary precision). A sweep moves up a step at the cell where the counts might no longer
/// fit ([`Count::sum_fits`]), so that no count overflows; the hot loops stay as narrow as the
/// counts allow.
pub trait Count: Clone + Default + Send + Sync {
    /// The form a count takes in a slot: narrower than the count itself where most counts
    /// fit it.
    type Stored: Copy + Send + Sync;
    /// The mark of a slot whose count is kept aside.
    const ASIDE: Self::Stored;
    /// Bytes a saved count takes, or 0 when it varies (its length is then saved before it).
    const SAVED_BYTES: u8;
    /// Bytes a count kept aside takes besides its entry in the map (its digits on the heap, an
    /// estimate; none for the counts of fixed width).
    const HEAP_BYTES: u64 = 0;
    /// The next wider count (the widest is its own).
    type Wider: Count;
    /// The same count, wider.
    fn widen(self) -> Self::Wider;
    /// One partial tour: the count of the state before the board.
    fn one() -> Self;
    /// Adds `c`; false when the sum does not fit.
    fn add(&mut self, c: &Self) -> bool;
    /// The count times `k`, if it fits.
    fn times(&self, k: u32) -> Option<Self>;
    /// The count, exactly, whatever its width.
    fn big(&self) -> BigUint;
    /// The count of saved bytes (least significant first), if it fits.
    fn from_le(bytes: &[u8]) -> Option<Self>;
    /// Appends the count's bytes, least significant first: [`Count::SAVED_BYTES`] of them, or
    /// as many as it needs.
    fn put_le(&self, out: &mut Vec<u8>);
    /// The count as stored in a slot, or `None` when it must be kept aside.
    fn stored(&self) -> Option<Self::Stored>;
    /// The count a slot holds, or `None` for [`Count::ASIDE`].
    fn unstored(s: Self::Stored) -> Option<Self>;
    /// Whether the sum of `counts` times `k` fits: then none of the counts that states with
    /// these counts lead to, each by at most `k` moves, can overflow, nor can their sum.
    fn sum_fits(counts: impl Iterator<Item = Self>, k: u32) -> bool {
        let mut sum = Self::default();
        for c in counts {
            if !sum.add(&c) {
                return false;
            }
        }
        sum.times(k).is_some()
    }
}

/// The counts of fixed width: stored in a slot of their own width (`$stored`, with `$aside` as
/// the mark) when they fit it.
macro_rules! fixed_count {
    ($t:ty, $stored:ty, $aside:expr, $wider:ty, $widen:expr, $from:expr, $bytes:expr, $of_bytes:expr) => {
        impl Count for $t {
            type Stored = $stored;
            const ASIDE: $stored = $aside;
            const SAVED_BYTES: u8 = size_of::<$t>() as u8;
            type Wider = $wider;
            fn widen(self) -> $wider {
                $widen(self)
            }
            fn one() -> $t {
                $from(1u32)
            }
            #[inline]
            fn add(&mut self, c: &$t) -> bool {
                let (sum, over) = self.overflowing_add(*c);
                *self = sum;
                !over
            }
            fn times(&self, k: u32) -> Option<$t> {
                self.checked_mul($from(k))
            }
            fn big(&self) -> BigUint {
                BigUint::from_bytes_le(&$bytes(self))
            }
            fn from_le(bytes: &[u8]) -> Option<$t> {
                let mut b = [0u8; size_of::<$t>()];
                let (low, high) = bytes.split_at(bytes.len().min(b.len()));
                if high.iter().any(|&x| x != 0) {
                    return None;
                }
                b[..low.len()].copy_from_slice(low);
                Some($of_bytes(b))
            }
            fn put_le(&self, out: &mut Vec<u8>) {
                out.extend_from_slice(&$bytes(self));
            }
            #[inline(always)]
            fn stored(&self) -> Option<$stored> {
                <$stored>::try_from(*self).ok().filter(|&s| s != $aside)
            }
            #[inline(always)]
            fn unstored(s: $stored) -> Option<$t> {
                (s != $aside).then(|| <$t>::from(s))
            }
        }
    };
}

fixed_count!(
    u64,
    u32,
    u32::MAX,
    u128,
    u128::from,
    u64::from,
    |c: &u64| c.to_le_bytes(),
    u64::from_le_bytes
);
fixed_count!(
    u128,
    u128,
    u128::MAX,
    U256,
    U256::from,
    u128::from,
    |c: &u128| c.to_le_bytes(),
    u128::from_le_bytes
);
fixed_count!(
    U256,
    U256,
    U256::MAX,
    BigUint,
    |c: U256| c.big(),
    U256::from,
    u256_bytes,
    |b: [u8; 32]| U256::from_le_slice(&b).expect("32 bytes hold 256 bits")
);

/// The bytes of a count of 256 bits, least significant first.
fn u256_bytes(c: &U256) -> [u8; 32] {
    let mut b = [0u8; 32];
    for (k, digit) in c.digits().iter().enumerate() {
        b[8 * k..8 * k + 8].copy_from_slice(&digit.to_le_bytes());
    }
    b
}

/// Counts past 256 bits: any width, all kept aside (a slot holds the key alone).
impl Count for BigUint {
    type Stored = ();
    const ASIDE: () = ();
    const SAVED_BYTES: u8 = 0;
    const HEAP_BYTES: u64 = 64;
    type Wider = BigUint;
    fn widen(self) -> BigUint {
        self
    }
    fn one() -> BigUint {
        BigUint::from(1u32)
    }
    fn add(&mut self, c: &BigUint) -> bool {
        *self += c;
        true
    }
    fn times(&self, k: u32) -> Option<BigUint> {
        Some(self * k)
    }
    fn big(&self) -> BigUint {
        self.clone()
    }
    fn from_le(bytes: &[u8]) -> Option<BigUint> {
        Some(BigUint::from_bytes_le(bytes))
    }
    fn put_le(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_bytes_le());
    }
    fn stored(&self) -> Option<()> {
        None
    }
    fn unstored(_: ()) -> Option<BigUint> {
        None
    }
    fn sum_fits(_: impl Iterator<Item = BigUint>, _: u32) -> bool {
        true
    }
}

/// A key and its stored count, packed without padding: 12 bytes for a key of 64 bits and a
/// count of 32 (an unaligned load costs nothing more on the processors this runs on).
#[repr(C, packed(4))]
pub struct Slot<K, S> {
    key: K,
    count: S,
}

impl<K: Copy, S: Copy> Clone for Slot<K, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<K: Copy, S: Copy> Copy for Slot<K, S> {}

/// The count of a slot, read aside when its slot is marked.
#[inline(always)]
fn count_of<K: Key, C: Count>(slot: Slot<K, C::Stored>, aside: &HashMap<K, C>) -> C {
    let key = slot.key;
    C::unstored(slot.count).unwrap_or_else(|| aside[&key].clone())
}

/// The bytes a count kept aside takes in its map (the entry, with the map's room to grow).
fn aside_bytes<K, C: Count>() -> u64 {
    2 * size_of::<(K, C)>() as u64 + C::HEAP_BYTES
}

/// States and their counts in a dense array, with the counts kept aside: what a table becomes
/// once it is full, to be read once.
pub struct Chunk<K, C: Count> {
    slots: Vec<Slot<K, C::Stored>>,
    aside: HashMap<K, C>,
}

impl<K: Key, C: Count> Chunk<K, C> {
    /// The states and counts of `states`.
    pub fn from_states(states: impl IntoIterator<Item = (K, C)>) -> Chunk<K, C> {
        let states = states.into_iter();
        let mut chunk = Chunk {
            slots: Vec::with_capacity(states.size_hint().0),
            aside: HashMap::new(),
        };
        for (key, count) in states {
            let count = match count.stored() {
                Some(s) => s,
                None => {
                    chunk.aside.insert(key, count);
                    C::ASIDE
                }
            };
            chunk.slots.push(Slot { key, count });
        }
        chunk.slots.shrink_to_fit();
        chunk
    }

    /// The states held.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// The bytes it takes.
    pub fn bytes(&self) -> u64 {
        self.slots.len() as u64 * size_of::<Slot<K, C::Stored>>() as u64
            + self.aside.len() as u64 * aside_bytes::<K, C>()
    }

    /// The states and their counts.
    pub fn iter(&self) -> impl Iterator<Item = (K, C)> + '_ {
        self.slots
            .iter()
            .map(|&s| (s.key, count_of(s, &self.aside)))
    }
}

/// The most states one state leads to in one step (pairs of 5 edges), with room to spare.
const BURST: usize = 16;

/// States waiting in a batch before they are stored.
const BATCH: usize = 8;

/// States and their counts.
pub struct Table<K, C: Count> {
    /// Each slot a key and its count side by side: one cache line holds both. Any number of
    /// slots: a hash maps to one by multiplying (not by a mask), so a table is sized to its
    /// states rather than to a power of two.
    slots: Vec<Slot<K, C::Stored>>,
    /// The counts too wide for their slot (marked [`Count::ASIDE`] there).
    aside: HashMap<K, C>,
    len: usize,
    /// States to store, with the slot each hashes to (already asked of the cache).
    pending: Vec<(K, C, usize)>,
    /// Whether a count overflowed `C`: the table's counts are then wrong.
    overflowed: bool,
}

impl<K: Key, C: Count> Table<K, C> {
    /// Bytes one slot takes (key and stored count).
    pub const SLOT_BYTES: u64 = size_of::<Slot<K, C::Stored>>() as u64;

    /// A table with room for about `states` states before it grows.
    pub fn with_room(states: usize) -> Table<K, C> {
        let slots = Self::slots_for(states);
        Table {
            slots: vec![
                Slot {
                    key: K::NONE,
                    count: C::ASIDE
                };
                slots
            ],
            aside: HashMap::new(),
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

    /// The bytes the counts kept aside take.
    pub fn aside_bytes(&self) -> u64 {
        self.aside.len() as u64 * aside_bytes::<K, C>()
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
    pub fn into_dense(mut self) -> Chunk<K, C> {
        self.flush();
        let mut slots = std::mem::take(&mut self.slots);
        slots.retain(|s| {
            let key = s.key;
            key != K::NONE
        });
        slots.shrink_to_fit();
        Chunk {
            slots,
            aside: std::mem::take(&mut self.aside),
        }
    }

    /// Adds `count` to the count of `key`, in the next batch. The caller grows the table
    /// first when [`Table::room_for`] says so (it checks the memory budget before).
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
        for (key, count, at) in pending.drain(..) {
            self.store(key, count, at);
        }
        self.pending = pending;
    }

    #[inline]
    fn store(&mut self, key: K, count: C, mut i: usize) {
        loop {
            let slot = self.slots[i];
            let held = slot.key;
            if held == key {
                let sum = match C::unstored(slot.count) {
                    Some(mut sum) => {
                        self.overflowed |= !sum.add(&count);
                        sum
                    }
                    None => {
                        let sum = self.aside.get_mut(&key).expect("an aside count is held");
                        self.overflowed |= !sum.add(&count);
                        return;
                    }
                };
                self.put(i, key, sum);
                return;
            }
            if held == K::NONE {
                self.put(i, key, count);
                self.len += 1;
                return;
            }
            i += 1;
            if i == self.slots.len() {
                i = 0;
            }
        }
    }

    /// Writes `count` in slot `i` (for `key`), or aside if it is too wide for the slot.
    #[inline(always)]
    fn put(&mut self, i: usize, key: K, count: C) {
        let stored = match count.stored() {
            Some(s) => s,
            None => {
                self.aside.insert(key, count);
                C::ASIDE
            }
        };
        self.slots[i] = Slot { key, count: stored };
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
        self.slots.iter().filter_map(|&s| {
            let key = s.key;
            (key != K::NONE).then(|| (key, count_of(s, &self.aside)))
        })
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
        assert!(dense.iter().all(|(_, c)| c == 3));
    }

    #[test]
    fn counts_past_32_bits_are_kept_aside_and_read_back() {
        assert_eq!(Table::<u64, u64>::SLOT_BYTES, 12);
        assert_eq!(Table::<Dense, u64>::SLOT_BYTES, 12);
        let big = u32::MAX as u64;
        let mut t: Table<u64, u64> = Table::with_room(4);
        // A count that fits, one that reaches the mark, one that grows past it, across growth.
        t.add(1, 7);
        t.add(2, big);
        t.add(3, big - 2);
        t.flush();
        t.add(3, 5);
        t.add(3, 1 << 40);
        t.flush();
        assert!(t.aside_bytes() > 0);
        t.grow_to(400);
        t.add(2, 1);
        t.flush();
        let mut all: Vec<_> = t.iter().collect();
        all.sort_unstable();
        assert_eq!(all, [(1, 7), (2, big + 1), (3, big + 3 + (1 << 40))]);
        let dense = t.into_dense();
        let mut all: Vec<_> = dense.iter().collect();
        all.sort_unstable();
        assert_eq!(all, [(1, 7), (2, big + 1), (3, big + 3 + (1 << 40))]);
        let again = Chunk::from_states(all.iter().copied());
        assert_eq!(again.iter().collect::<Vec<_>>(), all);
        assert_eq!(again.bytes(), 3 * 12 + 2 * aside_bytes::<u64, u64>());
    }

    /// The largest count of `C`, exactly.
    fn max_of<C: Count>(width_bits: u32) -> BigUint {
        (BigUint::from(1u32) << width_bits) - 1u32
    }

    /// `a + b`, `a * k` and the fit of `[a, b]` times `k` in `C`: exact when they fit, said
    /// not to when they do not, against arbitrary precision.
    fn exact_or_refused<C: Count>(a: C, b: C, k: u32, bits: u32) {
        let (big_a, big_b) = (a.big(), b.big());
        let max = max_of::<C>(bits);
        let mut sum = a.clone();
        let fits = sum.add(&b);
        assert_eq!(fits, &big_a + &big_b <= max);
        if fits {
            assert_eq!(sum.big(), &big_a + &big_b);
        }
        let product = a.times(k);
        assert_eq!(product.is_some(), &big_a * k <= max);
        if let Some(p) = product {
            assert_eq!(p.big(), &big_a * k);
        }
        let both = [a.clone(), b.clone()].into_iter();
        assert_eq!(C::sum_fits(both, k), (&big_a + &big_b) * k <= max);
        // One step wider: the same number, and the sum always exact there.
        let (mut wide, other) = (a.widen(), b.widen());
        assert_eq!(wide.big(), big_a);
        assert!(wide.add(&other));
        assert_eq!(wide.big(), big_a + big_b);
    }

    proptest::proptest! {
        /// Counts near and past 2^64, 2^128 and 2^256.
        #[test]
        fn sums_near_the_widths_are_exact_or_refused(
            x in 0u64..1 << 20,
            y in 0u64..1 << 20,
            k in 1u32..=16,
        ) {
            exact_or_refused(u64::MAX - x, y, k, 64);
            exact_or_refused(u64::MAX / k as u64 - x, y, k, 64);
            exact_or_refused(u128::MAX - x as u128, y as u128, k, 128);
            exact_or_refused(u128::MAX / k as u128 - x as u128, y as u128, k, 128);
            exact_or_refused(U256::MAX - U256::from(x), U256::from(y), k, 256);
            exact_or_refused(U256::MAX / U256::from(k) - U256::from(x), U256::from(y), k, 256);
            let past = BigUint::from(1u32) << 256u32;
            let mut sum = past.clone() + x;
            proptest::prop_assert!(sum.add(&BigUint::from(y)));
            proptest::prop_assert_eq!(sum.big(), past + x + y);
        }

        /// A count saved and read back is the same count, at every width.
        #[test]
        fn saved_counts_read_back(x: u64, y: u128) {
            fn again<C: Count + PartialEq + std::fmt::Debug>(c: C) {
                let mut bytes = Vec::new();
                c.put_le(&mut bytes);
                assert!(C::SAVED_BYTES == 0 || bytes.len() == C::SAVED_BYTES as usize);
                assert_eq!(C::from_le(&bytes), Some(c));
            }
            again(x);
            again(y);
            again(U256::from(y) << 100);
            again((BigUint::from(y) << 300u32) + x);
        }
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
