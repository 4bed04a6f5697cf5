//! The steps of Somers' bit trick that every bitmask search of `count/` shares: [`Bits`], the
//! free rows of a column one at a time, and the explicit stack of the hot loops. The nodes
//! themselves (`taken`, `up`, `down`) are [`Node`]s, explained in [`super::bitmask`].
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
//! their hot loops (`bitmask`, `dihedral`, `constellation`) take no more instructions than with
//! the step written out by hand (callgrind at N = 15, BENCHMARKS.md, "The bitmask step folded
//! into one iterator").

use crate::count::bitmask::{Node, MAX_N};

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
