//! Pieces shared by the listings of [`super::pairs`] and [`super::quads`]: both list the
//! solutions of a board's open squares depth first, placing next the empty file with the fewest
//! open ranks, both draw random solutions by shuffling the order of the ranks tried, and both
//! completions keep only the candidates that cross the diagonals every solution left must cross.
//!
//! Every node of a listing counts the open ranks of every empty file ([`tightest_file`]), so
//! its body is also built with the bit-count instruction where the CPU has it ([`Path`], the
//! way of `rules::fewest`): without it a count is a dozen instructions.

#[cfg(target_arch = "x86_64")]
use crate::cpu::{enable, Bmi};

/// A node of a listing: the files left to place, and the ranks, diagonals (bits r - f + N - 1)
/// and anti-diagonals (bits f + r) the queens placed hold.
#[derive(Clone, Copy)]
pub(super) struct At {
    pub left: usize,
    pub ranks: u64,
    pub up: u64,
    pub down: u64,
}

impl At {
    /// The empty board of `n` files.
    pub fn start(n: usize) -> At {
        At {
            left: n,
            ranks: 0,
            up: 0,
            down: 0,
        }
    }

    /// The child with a queen on file `f`, rank `r` of an `n` x `n` board.
    #[inline(always)]
    pub fn with(self, n: usize, f: usize, r: usize) -> At {
        At {
            left: self.left - 1,
            ranks: self.ranks | 1 << r,
            up: self.up | 1 << (r + n - 1 - f),
            down: self.down | 1 << (f + r),
        }
    }
}

/// A depth-first listing whose node can be built for each [`Path`].
pub(super) trait Listing {
    /// What a node returns.
    type Out;
    /// The node `at`, going on below each child through `path`.
    fn node(&mut self, path: impl Path, at: At, stop: &dyn Fn() -> bool) -> Self::Out;
}

/// How a listing goes on below a node: in the build of its path.
pub(super) trait Path: Copy {
    fn descend<L: Listing>(self, list: &mut L, at: At, stop: &dyn Fn() -> bool) -> L::Out;
}

/// The build for any CPU of the target.
#[derive(Clone, Copy)]
pub(super) struct Plain;

impl Path for Plain {
    #[inline(always)]
    fn descend<L: Listing>(self, list: &mut L, at: At, stop: &dyn Fn() -> bool) -> L::Out {
        list.node(self, at, stop)
    }
}

#[cfg(target_arch = "x86_64")]
impl Path for Bmi {
    #[inline(always)]
    fn descend<L: Listing>(self, list: &mut L, at: At, stop: &dyn Fn() -> bool) -> L::Out {
        // SAFETY: `descend_bmi` is built for the features of `self`, a token that exists only
        // when the CPU has them (`crate::cpu`).
        unsafe { descend_bmi(self, list, at, stop) }
    }
}

#[cfg(target_arch = "x86_64")]
enable! { Bmi:
/// [`Listing::node`] built with the bit-count instructions.
fn descend_bmi<L: Listing>(t: Bmi, list: &mut L, at: At, stop: &dyn Fn() -> bool) -> L::Out {
    list.node(t, at, stop)
}
}

/// Lists from `at` in the fastest build this CPU runs.
pub(super) fn list<L: Listing>(list: &mut L, at: At, stop: &dyn Fn() -> bool) -> L::Out {
    #[cfg(target_arch = "x86_64")]
    if let Some(t) = Bmi::detect() {
        return t.descend(list, at, stop);
    }
    Plain.descend(list, at, stop)
}

/// The empty file (of the bits `empty`) with the fewest open ranks, and those ranks; `None` at
/// a dead end: a file with no open rank, a rank (of those not in `ranks`) no empty file can
/// reach, or a diagonal of `must` (bits r - f + N - 1 and f + r, as `up` and `down`) that is
/// not crossed yet and that no empty file can reach. `open(f)` gives the ranks file `f` may
/// take before the queens placed are counted; the reach of the diagonals is followed only while
/// one that must be crossed is not yet.
#[inline(always)]
pub(super) fn tightest_file(
    n: usize,
    empty: u64,
    must: (u64, u64),
    (ranks, up, down): (u64, u64, u64),
    open: impl Fn(usize) -> u64,
) -> Option<(usize, u64)> {
    let free = !ranks & ((1u64 << n) - 1);
    let crossed = up & must.0 == must.0 && down & must.1 == must.1;
    let (mut best, mut best_open, mut fewest) = (0, 0, u32::MAX);
    let (mut reach, mut reach_up, mut reach_down) = (0u64, up, down);
    let mut files = empty;
    while files != 0 {
        let f = files.trailing_zeros() as usize;
        files &= files - 1;
        let open = open(f) & free & !((down >> f) | (up >> (n - 1 - f)));
        if open == 0 {
            return None;
        }
        reach |= open;
        if !crossed {
            reach_up |= open << (n - 1 - f);
            reach_down |= open << f;
        }
        if fewest > 1 {
            let k = open.count_ones();
            if k < fewest {
                (best, best_open, fewest) = (f, open, k);
            }
        }
    }
    let crossable = crossed || reach_up & must.0 == must.0 && reach_down & must.1 == must.1;
    (reach == free && crossable).then_some((best, best_open))
}

/// The ranks of `open` in the order a node tries them: upwards, or shuffled from the xorshift
/// state `random` when the listing draws at random. The first `count` entries are used.
#[inline(always)]
pub(super) fn tried(mut open: u64, random: Option<&mut u64>) -> ([u8; 64], usize) {
    let mut order = [0u8; 64];
    let mut count = 0;
    while open != 0 {
        order[count] = open.trailing_zeros() as u8;
        open &= open - 1;
        count += 1;
    }
    if let Some(state) = random {
        shuffle(&mut order[..count], state);
    }
    (order, count)
}

/// Shuffles `order` in place from the xorshift state `state` (Fisher and Yates).
pub(super) fn shuffle(order: &mut [u8], state: &mut u64) {
    for k in (1..order.len()).rev() {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        order.swap(k, (*state % (k as u64 + 1)) as usize);
    }
}

/// The candidates (of `cands`, indices into `crossing`) that cross every diagonal of `must`:
/// `crossing[i]` and `must` are diagonals r - f + N - 1 and anti-diagonals f + r, as bits.
pub(super) fn crossing_all(cands: &[u32], crossing: &[(u64, u64)], must: (u64, u64)) -> Vec<u32> {
    let (up, down) = must;
    cands
        .iter()
        .copied()
        .filter(|&i| {
            let (u, d) = crossing[i as usize];
            u & up == up && d & down == down
        })
        .collect()
}
