//! Counting the disjoint pairs between two families of bit sets: given the sets `A` (loaded
//! once) and a stream of queries `b`, how many `a` in `A` have `a & b == 0`. This is the join of
//! the meet-in-the-middle counter ([`super::quarters`]): `a` and `b` are the diagonals that two
//! half boards occupy, and a disjoint pair is a solution.
//!
//! Three tricks, after the bit-set matching of Kluev's quadrant counter (N-Queens-Count-Sol):
//!
//! 1. Sieve. A run of `t` "cut" bits (the caller puts there the bits most often set) indexes
//!    `2^t` buckets. A query whose cut bits are `x` visits only the buckets `y` with
//!    `x & y == 0`, enumerated as the submasks of `!x`: with bits set half the time on either
//!    side, each cut bit skips a quarter of the pairs.
//! 2. Transposition. Inside a bucket, the sets are stored [`BLOCK`] (256) at a time as bit
//!    planes, made by 64 x 64 bit transposes: plane `j` of a block has bit `s` set when set `s`
//!    of the block avoids bit `j`. A query ANDs the planes of its own bits and counts the ones
//!    left: 256 pairs tested per (vector) AND. Padding slots hold the full set, so they are zero
//!    in every plane.
//! 3. Chunk tables. The other bits are cut into chunks of [`CHUNK`] bits, and each block keeps,
//!    for every chunk and every value `v` of it, the AND of the planes of the bits of `v` (the
//!    empty value giving the occupied slots). A query then costs one AND per chunk, whatever the
//!    number of its bits.

/// Bits per chunk.
const CHUNK: usize = 4;

/// Words per plane: a block holds `64 * LANES` sets, and the compiler turns the loops over
/// the lanes into vector instructions where the CPU has them.
const LANES: usize = 4;

/// Sets per block.
const BLOCK: usize = 64 * LANES;

/// One plane of a block (or an AND of planes).
type Plane = [u64; LANES];

/// A loaded family of sets, ready for queries.
#[derive(Debug, Default)]
pub struct Sieve {
    /// The width of the sets.
    bits: u32,
    /// The cut bits are `(set >> shift) & cut`.
    shift: u32,
    cut: u64,
    /// Chunks per block (the bits outside the cut, in chunks).
    chunks: usize,
    /// `start[y]..start[y + 1]` are the blocks of bucket `y`.
    start: Vec<u32>,
    /// The chunk tables of block `b` from `b * stride`: `1 << CHUNK` planes per chunk.
    tables: Vec<Plane>,
    stride: usize,
    fill: Vec<u32>,
    sorted: Vec<u64>,
}

/// Transposes a 64 x 64 bit matrix in place: afterwards bit `c` of word `k` is what bit `k`
/// of word `c` was. Six rounds of block swaps (Hacker's Delight, section 7-3).
#[inline(always)]
fn transpose(a: &mut [u64; 64]) {
    let masks = [
        0x0000_0000_FFFF_FFFF,
        0x0000_FFFF_0000_FFFF,
        0x00FF_00FF_00FF_00FF,
        0x0F0F_0F0F_0F0F_0F0F,
        0x3333_3333_3333_3333,
        0x5555_5555_5555_5555,
    ];
    let mut j = 32;
    for m in masks {
        for k in 0..64 {
            if k & j == 0 {
                let t = ((a[k] >> j) ^ a[k + j]) & m;
                a[k + j] ^= t;
                a[k] ^= t << j;
            }
        }
        j >>= 1;
    }
}

impl Sieve {
    /// An empty sieve over sets of `bits` bits (at most 64).
    pub fn new(bits: u32) -> Sieve {
        assert!(bits <= 64);
        Sieve {
            bits,
            start: vec![0; 2],
            ..Sieve::default()
        }
    }

    #[inline(always)]
    fn bucket(&self, set: u64) -> usize {
        (set.checked_shr(self.shift).unwrap_or(0) & self.cut) as usize
    }

    /// The bits of `set` outside the cut, packed down.
    #[inline(always)]
    fn rest(&self, set: u64) -> u64 {
        let t = self.cut.count_ones();
        let low = set & 1u64.checked_shl(self.shift).map_or(u64::MAX, |b| b - 1);
        let high = set.checked_shr(self.shift + t).unwrap_or(0);
        low | high.checked_shl(self.shift).unwrap_or(0)
    }

    /// Replaces the family by `sets`, cutting on the `t` bits from bit `shift` up (`t` at
    /// most 16, within the width).
    #[inline(always)]
    pub fn load(&mut self, sets: &[u64], shift: u32, t: u32) {
        assert!(t <= 16 && shift + t <= self.bits);
        self.shift = shift;
        self.cut = (1 << t) - 1;
        self.chunks = (self.bits - t).div_ceil(CHUNK as u32).max(1) as usize;
        let buckets = 1usize << t;
        // Counting sort by bucket.
        self.fill.clear();
        self.fill.resize(buckets + 1, 0);
        for &a in sets {
            let y = self.bucket(a);
            self.fill[y + 1] += 1;
        }
        self.start.clear();
        self.start.resize(buckets + 1, 0);
        for y in 0..buckets {
            self.start[y + 1] = self.start[y] + self.fill[y + 1].div_ceil(BLOCK as u32);
            self.fill[y + 1] += self.fill[y];
        }
        if self.sorted.len() < sets.len() {
            self.sorted.resize(sets.len(), 0);
        }
        for &a in sets {
            let y = self.bucket(a);
            self.sorted[self.fill[y] as usize] = self.rest(a);
            self.fill[y] += 1;
        }
        // Now `fill[y]` is the end of bucket `y`. Transpose each block, 64 sets at a time,
        // then build its chunk tables.
        // Two spare planes per block: blocks a multiple of 4 KiB apart would meet in the
        // same cache sets.
        let stride = (self.chunks << CHUNK) + 2;
        self.stride = stride;
        let blocks = self.start[buckets] as usize;
        if self.tables.len() < blocks * stride {
            self.tables.resize(blocks * stride, [0; LANES]);
        }
        let mut planes = [[0u64; LANES]; 64];
        let mut square = [0u64; 64];
        let mut first = 0usize;
        for y in 0..buckets {
            let end = self.fill[y] as usize;
            let blocks = self.start[y] as usize..;
            for (b, chunk) in blocks.zip(self.sorted[first..end].chunks(BLOCK)) {
                let mut valid = [0u64; LANES];
                for (lane, v) in valid.iter_mut().enumerate() {
                    let from = (lane * 64).min(chunk.len());
                    let part = &chunk[from..(from + 64).min(chunk.len())];
                    square[..part.len()].copy_from_slice(part);
                    square[part.len()..].fill(u64::MAX);
                    transpose(&mut square);
                    for (p, t) in planes.iter_mut().zip(&square) {
                        p[lane] = !t;
                    }
                    *v = if part.len() == 64 {
                        u64::MAX
                    } else {
                        (1 << part.len()) - 1
                    };
                }
                let table = &mut self.tables[b * stride..b * stride + (self.chunks << CHUNK)];
                for (c, t) in table.chunks_exact_mut(1 << CHUNK).enumerate() {
                    t[0] = valid;
                    for v in 1usize..1 << CHUNK {
                        let plane = planes
                            .get(c * CHUNK + v.trailing_zeros() as usize)
                            .copied()
                            .unwrap_or([u64::MAX; LANES]);
                        let prev = t[v & (v - 1)];
                        for l in 0..LANES {
                            t[v][l] = prev[l] & plane[l];
                        }
                    }
                }
            }
            first = end;
        }
    }

    /// How many loaded sets are disjoint from `b`.
    pub fn count(&self, b: u64) -> u64 {
        self.count_each(&[b], |b| (b, 0))
    }

    /// The sum over the queries of the loaded sets disjoint from them, each query `b` standing
    /// for the set `split(b).0` with the weight `2^split(b).1`.
    #[inline(always)]
    pub fn count_each(&self, queries: &[u64], split: impl Fn(u64) -> (u64, u32)) -> u64 {
        // One copy per number of chunks, so that the loop over the chunks unrolls; a plain
        // loop, as iterator adapters might not be inlined into a caller built for more CPU
        // features.
        macro_rules! by_chunks {
            ($($c:literal)*) => {
                match self.chunks {
                    $($c => {
                        let mut total = 0;
                        for &b in queries {
                            let (set, shift) = split(b);
                            total += self.count_chunks::<$c>(set) << shift;
                        }
                        total
                    })*
                    _ => unreachable!("at most 16 chunks"),
                }
            };
        }
        by_chunks!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16)
    }

    #[inline(always)]
    fn count_chunks<const C: usize>(&self, b: u64) -> u64 {
        // The query's value in each chunk.
        let mut at = [0usize; C];
        let rest = self.rest(b);
        for (c, a) in at.iter_mut().enumerate() {
            *a = ((rest >> (c * CHUNK)) & ((1 << CHUNK) - 1)) as usize;
        }
        let free = !self.bucket(b) & self.cut as usize;
        let mut total = 0u64;
        // Every submask y of `free`, from `free` down to 0.
        let mut y = free;
        loop {
            let (from, to) = (self.start[y] as usize, self.start[y + 1] as usize);
            // Per-lane sums, added up once per bucket.
            let mut lanes = [0u64; LANES];
            for block in from..to {
                let base = block * self.stride;
                let tables = &self.tables[base..base + (C << CHUNK)];
                // Two chains of ANDs, even and odd chunks, for a shorter critical path.
                let mut acc = [[u64::MAX; LANES]; 2];
                for c in 0..C {
                    let t = &tables[(c << CHUNK) + (at[c] & ((1 << CHUNK) - 1))];
                    for l in 0..LANES {
                        acc[c % 2][l] &= t[l];
                    }
                }
                for l in 0..LANES {
                    lanes[l] += (acc[0][l] & acc[1][l]).count_ones() as u64;
                }
            }
            total += lanes.iter().sum::<u64>();
            if y == 0 {
                break;
            }
            y = (y - 1) & free;
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn counts_as_the_plain_double_loop(
            sets in proptest::collection::vec(any::<u64>(), 0..300),
            queries in proptest::collection::vec(any::<u64>(), 1..20),
            bits in 1u32..=64,
            shift in 0u32..64,
            t in 0u32..=6,
            sparse in 0u32..4,
        ) {
            let mask = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
            // Sparser sets have more disjoint pairs.
            let thin = |x: u64, y: u64| (x & y.rotate_left(7) & mask) >> sparse;
            let sets: Vec<u64> = sets.iter().map(|&s| thin(s, s.wrapping_mul(31))).collect();
            let mut sieve = Sieve::new(bits);
            let shift = shift.min(bits);
            let t = t.min(bits - shift);
            sieve.load(&sets, shift, t);
            for q in queries {
                let q = thin(q, q.wrapping_mul(17));
                let want = sets.iter().filter(|&&a| a & q == 0).count() as u64;
                prop_assert_eq!(sieve.count(q), want);
            }
        }
    }

    #[test]
    fn transpose_swaps_rows_and_columns() {
        let mut a = [0u64; 64];
        for (k, w) in a.iter_mut().enumerate() {
            *w = (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (k as u64) << 40;
        }
        let before = a;
        transpose(&mut a);
        for (k, word) in a.iter().enumerate() {
            for (c, old) in before.iter().enumerate() {
                assert_eq!(word >> c & 1, old >> k & 1, "bit {c} of word {k}");
            }
        }
    }

    #[test]
    fn reloading_forgets_the_old_family() {
        let mut sieve = Sieve::new(8);
        sieve.load(&[0b1, 0b10, 0b1000], 2, 2);
        assert_eq!(sieve.count(0b1), 2);
        sieve.load(&[0b1], 0, 1);
        assert_eq!(sieve.count(0b1), 0);
        assert_eq!(sieve.count(0), 1);
    }
}
