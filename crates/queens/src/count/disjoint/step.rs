//! The step of the join, the loop every count spends most of its time in: for one query and
//! one block of 256 loaded sets, the AND of the query's chunk tables (one plane of 256 bits
//! per chunk, [`super`]), then the bits left counted, per 64-bit lane.
//!
//! It is written twice. [`Portable`] is plain Rust that the compiler vectorises for whatever
//! features the calling function is built with (the plain and AVX2 paths). The build for
//! AVX-512 with its vector bit count is written with explicit 256-bit loads: given AVX-512,
//! the compiler vectorised the plain loop *across the chunks*, as gathers (`vpgatherqq`, one
//! per four planes read), and a gather costs several times the plain loads it replaces,
//! most of all on AMD Zen 4. That code generation, unseen on the CPU it was measured on (a Zen
//! 3, which never runs it), made counts from N = 20 on about three times slower on a Zen 4
//! (BENCHMARKS.md). Intrinsics leave the compiler no such choice.

use super::{Plane, LANES};
#[cfg(target_arch = "x86_64")]
use crate::cpu::{enable, Avx512Popcnt};

/// How a step is run.
pub trait Step: Copy {
    /// Counts, per lane, the loaded sets of the blocks in `list` that hold none of the query's
    /// bits, `at[c]` being the offset of the query's plane for chunk `c` within a block's
    /// tables. A block of `list` is given as the offset of its tables in 64-bit words, not in
    /// planes: the step turns the query's offsets into pointers once, and then a plane's
    /// address is a pointer plus eight times a block's offset, which a load takes in one
    /// addressing mode (offsets in planes cost a shift and an add per block).
    ///
    /// # Safety
    /// For every `base` of `list` and every `c`, `base / LANES + at[c]` must be below
    /// `tables.len()`, and `base` a multiple of `LANES` (the reads are not checked: this is
    /// the loop the counts spend their time in).
    #[inline(always)]
    unsafe fn blocks<const C: usize>(
        self,
        tables: &[Plane],
        at: &[usize; C],
        list: &[u32],
    ) -> [u64; LANES] {
        let tables = tables.as_ptr();
        // The query's plane in the tables' first block, for each chunk.
        let planes: [*const u64; C] =
            std::array::from_fn(|c| tables.wrapping_add(at[c]) as *const u64);
        // SAFETY: as the caller promises.
        unsafe { self.blocks_from(&planes, list) }
    }

    /// Whether a query that runs over several tiles keeps its planes for the tiles after its
    /// first ([`Step::blocks_from`]) rather than its offsets ([`Step::blocks`]). Measured on a
    /// Zen 5 (`bench/paths.sh`, 2026-11-30): with the plain step (the `plain`, `avx2` and
    /// `avx512` builds) the samples of N = 20 to 23 took 0.94 to 0.97 of the time on the vector
    /// builds, and nothing else moved; with the `avx512-popcnt` step N = 18 took 1.01 of the
    /// time and N = 20 gained nothing, so that step keeps the offsets.
    #[inline(always)]
    fn keeps_planes(self) -> bool {
        true
    }

    /// [`Step::blocks`] given the query's plane for each chunk in the tables of block 0, as
    /// `blocks` works them out.
    ///
    /// # Safety
    /// For every `base` of `list` and every `c`, the plane at `planes[c] + base` (in 64-bit
    /// words) must be within the tables, alive and unchanged while the step runs, and `base` a
    /// multiple of `LANES`.
    unsafe fn blocks_from<const C: usize>(
        self,
        planes: &[*const u64; C],
        list: &[u32],
    ) -> [u64; LANES];
}

/// The step in plain Rust, for any CPU.
#[derive(Clone, Copy, Debug)]
pub struct Portable;

impl Step for Portable {
    #[inline(always)]
    unsafe fn blocks_from<const C: usize>(
        self,
        planes: &[*const u64; C],
        list: &[u32],
    ) -> [u64; LANES] {
        let mut lanes = [0u64; LANES];
        for &base in list {
            // Two chains of ANDs, even and odd chunks, for a shorter critical path.
            let mut acc = [[u64::MAX; LANES]; 2];
            for c in 0..C {
                // SAFETY: within `tables`, as the caller promises.
                let t = unsafe { &*(planes[c].add(base as usize) as *const Plane) };
                for l in 0..LANES {
                    acc[c % 2][l] &= t[l];
                }
            }
            for l in 0..LANES {
                lanes[l] += (acc[0][l] & acc[1][l]).count_ones() as u64;
            }
        }
        lanes
    }
}

#[cfg(target_arch = "x86_64")]
impl Step for Avx512Popcnt {
    #[inline(always)]
    fn keeps_planes(self) -> bool {
        false
    }

    #[inline(always)]
    unsafe fn blocks_from<const C: usize>(
        self,
        planes: &[*const u64; C],
        list: &[u32],
    ) -> [u64; LANES] {
        // SAFETY: `self` is the token of the features the function is built for, and the
        // caller promises the planes are within the tables.
        unsafe { blocks_avx512_popcnt(self, planes, list) }
    }
}

// The intrinsics below hold a plane in one 256-bit register.
const _: () = assert!(LANES == 4);

#[cfg(target_arch = "x86_64")]
enable! { Avx512Popcnt:
/// [`Portable::blocks`] with one 256-bit load and AND per plane and one vector bit count
/// (`vpopcntq`) per block.
///
/// # Safety
/// As [`Step::blocks_from`].
#[inline]
unsafe fn blocks_avx512_popcnt<const C: usize>(
    _: Avx512Popcnt,
    planes: &[*const u64; C],
    list: &[u32],
) -> [u64; LANES] {
    use core::arch::x86_64::*;
    let mut sum = _mm256_setzero_si256();
    for &base in list {
        let mut acc = [_mm256_set1_epi64x(-1); 2];
        for c in 0..C {
            let t = _mm256_loadu_si256(planes[c].add(base as usize) as *const __m256i);
            acc[c % 2] = _mm256_and_si256(acc[c % 2], t);
        }
        let left = _mm256_and_si256(acc[0], acc[1]);
        sum = _mm256_add_epi64(sum, _mm256_popcnt_epi64(left));
    }
    let mut lanes = [0u64; LANES];
    _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, sum);
    lanes
}
}
