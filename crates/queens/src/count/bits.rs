//! The steps of Somers' bit trick that every bitmask search of the library shares: the node of
//! the search ([`Node`]: the words `taken`, `up` and `down`, explained in [`super::somers`]),
//! the board's rows as a mask ([`full_mask`]), [`Bits`], the free rows of a column one at a
//! time, and the explicit stack of the hot loops.
//!
//! `x & x.wrapping_neg()` isolates the lowest set bit of `x`: in two's complement `-x` is
//! `!x + 1`, which flips every bit of `x` above its lowest 1 and keeps that 1 and the zeros below
//! it, so the AND leaves that one bit alone. `x ^= bit` then removes it from the set. Each step
//! is a few instructions with no loop over the zero bits, so a column with `k` free rows costs `k`
//! steps, whatever the width of the board.
//!
//! ```text
//! (the low 8 bits of the words)
//! x                  = 0b0110_1000
//! x.wrapping_neg()   = 0b1001_1000
//! x & -x             = 0b0000_1000   (yielded)
//! x ^ (x & -x)       = 0b0110_0000   (left for the next step)
//! ```
//!
//! Written as an iterator the step costs nothing: measured, the three searches that use it in
//! their hot loops (`somers`, `dihedral`, `constellation`) take no more instructions than with
//! the step written out by hand (callgrind at N = 15, docs/engine-dihedral.md).

/// The largest N (rows are the bits of a 32-bit word).
pub const MAX_N: usize = 32;

/// A node of the search: the masks before the next column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// The rows taken.
    pub taken: u32,
    /// The rows attacked along the up-going diagonals.
    pub up: u32,
    /// The rows attacked along the down-going diagonals.
    pub down: u32,
}

impl Node {
    /// The empty board, before the first column.
    pub const EMPTY: Node = Node {
        taken: 0,
        up: 0,
        down: 0,
    };

    /// The node after placing a queen on `bit` in the current column.
    #[inline(always)]
    pub fn place(self, bit: u32) -> Node {
        Node {
            taken: self.taken | bit,
            up: (self.up | bit) << 1,
            down: (self.down | bit) >> 1,
        }
    }

    /// The rows of the current column that no queen attacks, within `full`.
    #[inline(always)]
    pub fn free(self, full: u32) -> u32 {
        full & !(self.taken | self.up | self.down)
    }

    /// The node after queens on these 0-based rows of the first columns, one per column.
    pub fn after(rows: &[u8]) -> Node {
        rows.iter().fold(Node::EMPTY, |node, &r| node.place(1 << r))
    }
}

/// The rows of an N-board as the low N bits of a word (N up to 32).
#[inline(always)]
pub(crate) fn full_mask(n: usize) -> u32 {
    if n == 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

/// The set bits of a word, lowest first, each yielded isolated (`0b0110_1000` yields `0b1000`,
/// `0b10_0000`, `0b100_0000`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bits(pub u32);

impl Iterator for Bits {
    type Item = u32;

    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0 & self.0.wrapping_neg();
        self.0 ^= bit;
        Some(bit)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let k = self.0.count_ones() as usize;
        (k, Some(k))
    }
}

impl ExactSizeIterator for Bits {}

impl std::iter::FusedIterator for Bits {}

/// The explicit stack of a depth-first bitmask search, one entry per column: the node before
/// the column and the free rows of the column not yet tried. One array per word rather than
/// one array of [`Node`]s: with entries of 12 bytes the hot loops spent more instructions on
/// the entry's address, 3.4 % more in all in `dihedral` and 11 % in `constellation` at N = 15
/// (BENCHMARKS.md).
pub(crate) struct Stack {
    taken: [u32; MAX_N],
    up: [u32; MAX_N],
    down: [u32; MAX_N],
    free: [Bits; MAX_N],
}

impl Stack {
    /// An empty stack.
    pub fn new() -> Stack {
        Stack {
            taken: [0; MAX_N],
            up: [0; MAX_N],
            down: [0; MAX_N],
            free: [Bits(0); MAX_N],
        }
    }

    /// Enters column `d` at `node`, with the rows `free` to try there.
    #[inline(always)]
    pub fn push(&mut self, d: usize, node: Node, free: u32) {
        self.taken[d] = node.taken;
        self.up[d] = node.up;
        self.down[d] = node.down;
        self.free[d] = Bits(free);
    }

    /// The next row of column `d` to try, if any is left.
    #[inline(always)]
    pub fn next(&mut self, d: usize) -> Option<u32> {
        self.free[d].next()
    }

    /// The node before column `d`.
    #[inline(always)]
    pub fn node(&self, d: usize) -> Node {
        Node {
            taken: self.taken[d],
            up: self.up[d],
            down: self.down[d],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yields_each_set_bit_once_lowest_first() {
        assert_eq!(
            Bits(0b0110_1000).collect::<Vec<_>>(),
            vec![0b1000, 0b10_0000, 0b100_0000]
        );
        assert_eq!(Bits(0).next(), None);
        assert_eq!(Bits(u32::MAX).len(), 32);
        assert_eq!(Bits(1 << 31).collect::<Vec<_>>(), vec![1 << 31]);
        for x in [1u32, 0b1011, 0xdead_beef, u32::MAX] {
            assert_eq!(Bits(x).fold(0, |acc, bit| acc | bit), x);
            assert!(Bits(x).all(|bit| bit.count_ones() == 1));
        }
    }

    #[test]
    fn nth_skips_the_lowest_bits() {
        assert_eq!(Bits(0b1011_0100).nth(2), Some(0b10_0000));
        assert_eq!(Bits(0b1011_0100).nth(4), None);
    }
}
