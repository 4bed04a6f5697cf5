//! The states of one step of the frontier count: a hash table of packed states (`u128` keys)
//! with their counts (`u128`), open addressing with linear probing, a multiplicative hash.
//! Adding a state already held adds the counts: that merge is what keeps the count a dynamic
//! programme rather than an enumeration.

/// No state packs to this key: its degree field of the extra vertex reads 3.
const EMPTY: u128 = u128::MAX;

/// Bytes one slot takes (key and count).
pub const SLOT_BYTES: u64 = 32;

/// The most states one state leads to in one step (pairs of 5 edges), with room to spare.
const BURST: usize = 16;

/// States and their counts.
pub struct Table {
    /// Each slot a key and its count side by side: one cache line holds both.
    slots: Vec<(u128, u128)>,
    len: usize,
    mask: usize,
}

fn hash(key: u128) -> usize {
    let x = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
    let h = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h ^ (h >> 32)) as usize
}

impl Table {
    /// A table with room for about `states` states before it grows.
    pub fn with_room(states: usize) -> Table {
        let slots = (states.max(48) * 4 / 3).next_power_of_two();
        Table {
            slots: vec![(EMPTY, 0); slots],
            len: 0,
            mask: slots - 1,
        }
    }

    /// The states held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The bytes the slots take.
    pub fn bytes(&self) -> u64 {
        self.slots.len() as u64 * SLOT_BYTES
    }

    /// The bytes the table would take after growing once more.
    pub fn bytes_after_growth(&self) -> u64 {
        2 * self.bytes()
    }

    /// Whether the table must grow before the states of one more source state are added (at
    /// most [`BURST`] of them).
    pub fn full(&self) -> bool {
        (self.len + BURST) * 4 > self.slots.len() * 3
    }

    /// Adds `count` to the count of `key`. The caller grows the table first when
    /// [`Table::full`] says so (it checks the memory budget before).
    #[inline]
    pub fn add(&mut self, key: u128, count: u128) {
        let mut i = hash(key) & self.mask;
        loop {
            let slot = &mut self.slots[i];
            if slot.0 == key {
                slot.1 += count;
                return;
            }
            if slot.0 == EMPTY {
                *slot = (key, count);
                self.len += 1;
                return;
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Doubles the slots.
    pub fn grow(&mut self) {
        let mut bigger = Table::with_room(self.slots.len() * 2 * 3 / 4);
        for (k, c) in self.iter() {
            bigger.add(k, c);
        }
        *self = bigger;
    }

    /// The states and their counts, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (u128, u128)> + '_ {
        self.slots.iter().copied().filter(|&(k, _)| k != EMPTY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_add_their_counts_across_growth() {
        let mut t = Table::with_room(4);
        for k in 0..1000u128 {
            if t.full() {
                t.grow();
            }
            t.add((k * 977) << 60, 1);
            t.add((k * 977) << 60, 2);
        }
        assert_eq!(t.len(), 1000);
        assert!(t.iter().all(|(_, c)| c == 3));
        assert_eq!(t.iter().count(), 1000);
    }
}
