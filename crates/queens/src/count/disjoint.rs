//! Counting the disjoint pairs between two families of bit sets: given the sets `A` (loaded
//! once) and a stream of queries `b`, how many `a` in `A` have `a & b == 0`. This is the join of
//! the meet-in-the-middle counter ([`super::quarters`]): `a` and `b` are the diagonals that two
//! half boards occupy, and a disjoint pair is a solution.
//!
//! Four tricks; the bit-plane matching is after Kluev's quadrant counter (N-Queens-Count-Sol),
//! the skipping is ours, and the packing generalises Kluev's dropping of the diagonals his
//! fixed queens hold:
//!
//! 1. Transposition. The loaded sets are stored [`BLOCK`] (256) at a time as bit planes, made
//!    by 64 x 64 bit transposes: plane `j` of a block has bit `s` set when set `s` of the block
//!    avoids bit `j`. A query ANDs the planes of its own bits and counts the ones left: 256 pairs
//!    tested per (vector) AND. Padding slots hold the full set, so they are zero in every plane.
//! 2. Chunk tables. The bits are cut into chunks of [`CHUNK`] bits, and each block keeps, for
//!    every chunk and every value `v` of it, the AND of the planes of the bits of `v` (the empty
//!    value giving the occupied slots). A query then costs one AND per chunk, whatever the
//!    number of its bits.
//! 3. Skipping. The caller names a few *cut* bits, those most often set on both sides. The
//!    loaded sets are sorted by their cut bits before they are packed into blocks, so that the
//!    sets of a block mostly agree on them; a block is skipped by every query that holds a cut
//!    bit common to all its sets. Each value of the cut bits has its list of blocks to visit,
//!    which a query looks up: the loop over a list has no test to mispredict. The queries are
//!    sorted by their cut bits too, so that those visiting the same blocks come together: the
//!    loop over a list then runs the same number of times for query after query, and its end
//!    is predicted (in the order they come, a query's list has a length of its own, and its
//!    end is mispredicted about once a query). Sorting reads each query's cut value twice more:
//!    one instruction with `pext`, a loop over the cut bits without it, so without `pext` the
//!    queries are sorted only when the tables outgrow the level-1 cache. At N = 18 the cut
//!    bits skip 38 % of the (query, block) steps (BENCHMARKS.md).
//!
//! 4. Packing. A bit that no loaded set holds can never meet a query, so where the loaded
//!    sets leave out enough bits to drop a whole chunk, their keys and the queries' sets are
//!    packed to the bits they hold (one `pext` each) and every step reads a chunk less. At odd
//!    N the loaded half boards leave about a fifth of the steps' bits unheld (N = 19 took 0.92
//!    to 0.97 of the time on the vector builds, Zen 5); at even N hardly any, and there the
//!    sieve seldom packs.
//!
//! And a loop order for large tables: the sorted queries of one cut value run in batches over
//! their blocks a tile of a few blocks at a time, rather than each query over all its blocks.
//! A query visits some 13 blocks at N = 22, 67 KB of tables, and reads 10 planes from each:
//! query by query, every read comes from the level-2 cache; tile by tile, a batch of queries
//! shares the tile's tables while they stay in the level-1 cache. Half the time at N = 22,
//! 0.8 at N = 20, no change at odd N, where a query visits about one block (BENCHMARKS.md).

mod step;

pub use step::{Portable, Step};

/// Bits per chunk.
const CHUNK: usize = 4;

#[cfg(target_arch = "x86_64")]
use crate::cpu::Bmi2;

/// Words per plane: a block holds `64 * LANES` sets, and the compiler turns the loops over
/// the lanes into vector instructions where the CPU has them.
const LANES: usize = 4;

/// Sets per block.
pub const BLOCK: usize = 64 * LANES;

/// The most cut bits.
pub const MAX_CUT: u32 = 10;

/// The most sets a sieve loads at once, whatever their width: the offsets of the blocks'
/// tables, in 64-bit words, are kept as `u32` ([`Step::blocks`]), some 1,065 million sets of
/// 64 bits.
pub const MAX_SETS: usize = u32::MAX as usize / (LANES * ((16 << CHUNK) + 2)) * BLOCK;

/// The streams of the counting sort ([`Sieve::sort`]).
const STREAMS: usize = 4;

/// The table bytes from which the queries are sorted by cut value when the cut value is read
/// by a loop (about the level-1 data cache); with `pext` they are always sorted.
const SORT_FROM: usize = 32 << 10;

/// Blocks per tile, and the most queries of a batch, of the tiled loop
/// ([`Sieve::count_tiled`]). Measured on the Zen 3 at N = 22 (sample of seed 1): tiles of 6 to
/// 10 blocks with batches of 128 to 512 queries all take 0.50 to 0.53 of the untiled time;
/// tiles of 2 take 0.66, of 32 take 0.78.
const TILE: usize = 8;
const BATCH: usize = 128;

/// One plane of a block (or an AND of planes).
type Plane = [u64; LANES];

/// A loaded family of sets, ready for queries.
#[derive(Debug)]
pub struct Sieve {
    /// The width of the sets.
    bits: u32,
    /// The cut bits.
    cut: Cut,
    /// Chunks of the full width, and of the loaded family's keys (fewer when packed).
    width_chunks: usize,
    chunks: usize,
    /// The bits the loaded family's keys are packed to, if they are ([`Sieve::packing`]).
    pack: Option<u64>,
    /// The chunk tables, as 64-bit words from `skew` on ([`Sieve::planes`]); block `b`'s
    /// from plane `b * stride`: `1 << CHUNK` planes per chunk.
    tables: Vec<u64>,
    skew: usize,
    stride: usize,
    /// `visits[visit_start[x]..visit_start[x + 1]]`: the blocks a query with cut value `x`
    /// visits, each as the offset of its tables in 64-bit words (`b * stride * LANES`, as
    /// [`Step::blocks`] takes them).
    visit_start: Vec<u32>,
    visits: Vec<u32>,
    /// Scratch: sets or queries sorted by cut value, and the counting sort's fill.
    sorted: Vec<u64>,
    fill: Box<[[u32; STREAMS]; 1 << MAX_CUT]>,
    /// Scratch: the cut bits common to the sets of each block.
    commons: Vec<usize>,
    /// Scratch of the tiled loop: for each of a batch's queries, its planes' offsets, or their
    /// addresses where the step keeps planes ([`Step::keeps_planes`]); [`BATCH`] times the most
    /// chunks (on the heap: one array per number of chunks on the stack overflowed it in
    /// unoptimised builds).
    batch_offsets: Vec<usize>,
}

/// Transposes the 64 x 64 bit matrices of the lanes, all at once, in place: afterwards bit `c`
/// of lane `l` of word `k` is what bit `k` of lane `l` of word `c` was. Six rounds of block
/// swaps (Hacker's Delight, section 7-3), each between whole words of the lanes: every step is
/// the same operation on the [`LANES`] lanes side by side, one vector instruction, even in the
/// rounds that pair neighbouring words (a matrix transposed alone needs shuffles there, or
/// gathers and scatters, which the compiler chose under AVX-512).
#[inline(always)]
fn transpose(a: &mut [Plane; 64]) {
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
        // The pairs (k, k + j) with bit j of k clear: in each run of 2j words, the first half
        // against the second.
        for run in a.chunks_exact_mut(2 * j) {
            let (low, high) = run.split_at_mut(j);
            for (x, y) in low.iter_mut().zip(high.iter_mut()) {
                for l in 0..LANES {
                    let t = ((x[l] >> j) ^ y[l]) & m;
                    y[l] ^= t;
                    x[l] ^= t << j;
                }
            }
        }
        j >>= 1;
    }
}

/// How the value of the cut bits is read: with `pext`, one instruction, or by a loop over the
/// bits. `pext` needs BMI2, so the only way to ask for it is with the [`Bmi2`] token, which
/// exists only once BMI2 has been detected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pext {
    #[cfg(target_arch = "x86_64")]
    bmi2: Option<Bmi2>,
}

impl Pext {
    /// The loop over the cut bits, on any CPU.
    pub fn none() -> Pext {
        Pext::default()
    }

    /// `pext` if it runs in one step on this CPU (see [`crate::cpu::pext_in_one_step`]), else
    /// the loop.
    #[cfg(target_arch = "x86_64")]
    pub fn if_fast(bmi2: Bmi2) -> Pext {
        Pext {
            bmi2: crate::cpu::pext_in_one_step().then_some(bmi2),
        }
    }

    /// Whether the cut values are read with `pext`.
    fn in_use(&self) -> bool {
        #[cfg(target_arch = "x86_64")]
        return self.bmi2.is_some();
        #[cfg(not(target_arch = "x86_64"))]
        false
    }

    /// `set` packed to the bits of `mask` (`pext`); only called when `pext` is in use
    /// ([`Sieve::packing`]).
    #[inline(always)]
    fn pack(&self, set: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if let Some(bmi2) = self.bmi2 {
            return bmi2.pext(set, mask);
        }
        let _ = mask;
        set
    }

    /// `pext`, fast or not (for the tests of both ways).
    #[cfg(target_arch = "x86_64")]
    pub fn always(bmi2: Bmi2) -> Pext {
        Pext { bmi2: Some(bmi2) }
    }
}

/// How the queries' sets are packed as a packed family's keys were ([`Sieve::packing`]): a
/// type, so that the build that never packs (the plain one, whose sieves read their cut values
/// by a loop) has no test of it in its loop over the queries.
pub trait Pack: Copy {
    /// Whether it packs at all.
    fn packs(self) -> bool;
    /// `set` packed to the bits of `mask`.
    fn pack(self, set: u64, mask: u64) -> u64;
}

/// The packer that never packs.
impl Pack for () {
    #[inline(always)]
    fn packs(self) -> bool {
        false
    }

    #[inline(always)]
    fn pack(self, set: u64, _: u64) -> u64 {
        set
    }
}

/// `pext`, where the CPU has it.
impl Pack for Pext {
    #[inline(always)]
    fn packs(self) -> bool {
        self.in_use()
    }

    #[inline(always)]
    fn pack(self, set: u64, mask: u64) -> u64 {
        Pext::pack(&self, set, mask)
    }
}

/// `pext`, known to be there.
#[cfg(target_arch = "x86_64")]
impl Pack for Bmi2 {
    #[inline(always)]
    fn packs(self) -> bool {
        true
    }

    #[inline(always)]
    fn pack(self, set: u64, mask: u64) -> u64 {
        self.pext(set, mask)
    }
}

/// The cut bits of a sieve, and how their values are read.
#[derive(Clone, Copy, Debug, Default)]
struct Cut {
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    mask: u64,
    /// The bits, lowest first: `bits[..len]`.
    bits: [u8; MAX_CUT as usize],
    len: usize,
    pext: Pext,
}

impl Cut {
    fn new(mask: u64, pext: Pext) -> Cut {
        let mut cut = Cut {
            mask,
            pext,
            ..Cut::default()
        };
        for b in (0..64).filter(|b| mask >> b & 1 == 1) {
            cut.bits[cut.len] = b;
            cut.len += 1;
        }
        cut
    }

    /// The number of values of the cut bits.
    fn values(&self) -> usize {
        1 << self.len
    }

    /// The value of the cut bits of `set`.
    #[inline(always)]
    fn key(&self, set: u64) -> usize {
        #[cfg(target_arch = "x86_64")]
        if let Some(bmi2) = self.pext.bmi2 {
            return bmi2.pext(set, self.mask) as usize;
        }
        let mut k = 0;
        for (i, &b) in self.bits[..self.len].iter().enumerate() {
            k |= ((set >> b) as usize & 1) << i;
        }
        k
    }
}

impl Sieve {
    /// An empty sieve over sets of `bits` bits (at most 64), reading cut values as `pext`
    /// says.
    pub fn new(bits: u32, pext: Pext) -> Sieve {
        assert!(bits <= 64);
        Sieve {
            bits,
            cut: Cut::new(0, pext),
            width_chunks: chunks_of(bits),
            chunks: chunks_of(bits),
            pack: None,
            tables: Vec::new(),
            skew: 0,
            stride: 0,
            visit_start: vec![0, 0],
            visits: Vec::new(),
            sorted: Vec::new(),
            fill: Box::new([[0; STREAMS]; 1 << MAX_CUT]),
            commons: Vec::new(),
            batch_offsets: vec![0; BATCH * 16],
        }
    }

    /// About the bytes the sieve holds per loaded set of `bits` bits and per query.
    pub fn bytes_per_set(bits: u32) -> usize {
        ((chunks_of(bits) << CHUNK) + 2) * std::mem::size_of::<Plane>() / BLOCK + 16
    }

    /// Sorts `items` by cut value into `self.sorted[..items.len()]` (a counting sort).
    ///
    /// Consecutive items often share their cut value (the half boards of one north piece), and
    /// a count or place kept in memory and bumped for each of them makes a chain of stores and
    /// loads of one address, each waiting for the last. So the items are dealt round into
    /// [`STREAMS`] streams, item `i` to stream `i % STREAMS`, each with its own counts and
    /// places: the chains are interleaved. The items of one value are kept together, stream
    /// after stream.
    #[inline(always)]
    fn sort(&mut self, items: &[u64]) {
        const MASK: usize = (1 << MAX_CUT) - 1;
        let (cut, values) = (self.cut, self.cut.values());
        let fill = &mut self.fill[..];
        fill[..values].fill([0; STREAMS]);
        let (whole, rest) = items.as_chunks::<STREAMS>();
        for group in whole {
            for (s, &a) in group.iter().enumerate() {
                fill[cut.key(a) & MASK][s] += 1;
            }
        }
        for (s, &a) in rest.iter().enumerate() {
            fill[cut.key(a) & MASK][s] += 1;
        }
        // Where each stream's items of each value start.
        let mut at = 0;
        for counts in &mut fill[..values] {
            for c in counts {
                (*c, at) = (at, at + *c);
            }
        }
        if self.sorted.len() < items.len() {
            self.sorted.resize(items.len(), 0);
        }
        let sorted = &mut self.sorted[..items.len()];
        let mut place = |s: usize, a: u64| {
            let x = cut.key(a) & MASK;
            let at = fill[x][s] as usize;
            // SAFETY: `fill[x][s]` starts at the number of items before the stream's items of
            // value `x` and grows by one for each of them: it stays below `items.len()`.
            unsafe { *sorted.get_unchecked_mut(at) = a };
            fill[x][s] += 1;
        };
        for group in whole {
            for (s, &a) in group.iter().enumerate() {
                place(s, a);
            }
        }
        for (s, &a) in rest.iter().enumerate() {
            place(s, a);
        }
    }

    /// Replaces the family by `sets`, with the cut bits `cut` (at most [`MAX_CUT`] of them,
    /// within the width). The sets' keys are packed when that leaves out a chunk
    /// ([`Sieve::packing`]); their cut values are read as they are.
    #[inline(always)]
    pub fn load(&mut self, sets: &[u64], cut: u64) {
        assert!(cut.count_ones() <= MAX_CUT && (self.bits == 64 || cut >> self.bits == 0));
        self.cut = Cut::new(cut, self.cut.pext);
        self.sort(sets);
        self.pack = self.packing(sets);
        self.chunks = self
            .pack
            .map_or(self.width_chunks, |m| chunks_of(m.count_ones()));
        let blocks = sets.len().div_ceil(BLOCK);
        let stride = (self.chunks << CHUNK) + 2;
        // Two spare planes per block: blocks a multiple of 4 KiB apart would meet in the same
        // cache sets.
        self.stride = stride;
        assert!(sets.len() <= MAX_SETS, "at most MAX_SETS sets");
        // Room for the planes and for the skew that aligns them.
        let words = (blocks * stride + 1) * LANES;
        if self.tables.len() < words {
            self.tables.resize(words, 0);
        }
        let misaligned = self.tables.as_ptr() as usize % std::mem::size_of::<Plane>();
        self.skew = (std::mem::size_of::<Plane>() - misaligned) % std::mem::size_of::<Plane>() / 8;
        let mut commons = std::mem::take(&mut self.commons);
        commons.clear();
        let mut keys = [0u64; BLOCK];
        for b in 0..blocks {
            let part = &self.sorted[b * BLOCK..((b + 1) * BLOCK).min(sets.len())];
            commons.push(part.iter().fold(usize::MAX, |m, &a| m & self.cut.key(a)));
            let part = match self.pack {
                Some(held) => {
                    for (k, &a) in keys.iter_mut().zip(part) {
                        *k = self.cut.pext.pack(a, held);
                    }
                    &keys[..part.len()]
                }
                None => part,
            };
            let planes = block_planes(part);
            let used = self.chunks << CHUNK;
            let table = &mut self.planes_mut()[b * stride..b * stride + used];
            chunk_tables(&planes, table);
        }
        self.lists(&commons);
        self.commons = commons;
    }

    /// The bits to pack the keys of the family `sets` to: those some set holds, when they leave
    /// out a whole chunk and `pext` is fast. A bit no loaded set holds can never meet a query,
    /// so a step need not read it; but packing costs a `pext` per set and per query, which
    /// pays only where a step reads a chunk less. It mostly does at odd N, where the loaded
    /// half boards leave a fifth of the chunk loads' bits unheld; at even N they leave about
    /// one in a hundred, and packing every family took N = 18 1.08 times as long
    /// (docs/engine-quarters.md).
    fn packing(&self, sets: &[u64]) -> Option<u64> {
        if !self.cut.pext.in_use() {
            return None;
        }
        let held = sets.iter().fold(0, |m, &a| m | a);
        (chunks_of(held.count_ones()) < self.width_chunks).then_some(held)
    }

    /// The chunk tables as planes, each on a boundary of its size. A `Vec` of planes starts
    /// where the allocator puts it, 16 bytes past a page for large ones, and then every other
    /// plane straddles two cache lines, each of its loads two accesses.
    fn planes(&self) -> &[Plane] {
        self.tables[self.skew..].as_chunks::<LANES>().0
    }

    fn planes_mut(&mut self) -> &mut [Plane] {
        self.tables[self.skew..].as_chunks_mut::<LANES>().0
    }

    /// The list of blocks to visit for each cut value: those with no cut bit in common.
    fn lists(&mut self, commons: &[usize]) {
        let values = self.cut.values();
        self.visit_start.clear();
        self.visits.clear();
        self.visit_start.push(0);
        for x in 0..values {
            for (b, &c) in commons.iter().enumerate() {
                if c & x == 0 {
                    self.visits.push((b * self.stride * LANES) as u32);
                }
            }
            self.visit_start.push(self.visits.len() as u32);
        }
    }

    /// How many loaded sets are disjoint from `b`.
    pub fn count(&mut self, b: u64) -> u64 {
        let pext = self.cut.pext;
        self.count_each(&[b], |b| (b, 0), Portable, pext)
    }

    /// The sum over the queries of the loaded sets disjoint from them, each query `b` standing
    /// for the set `split(b).0` with the weight `2^split(b).1` (`split` must keep the cut
    /// bits: they are read from `b`), each step run by `step`, the sets packed by `packer`
    /// when the family is packed (a packer that cannot pack is refused then).
    #[inline(always)]
    pub fn count_each(
        &mut self,
        queries: &[u64],
        split: impl Fn(u64) -> (u64, u32),
        step: impl Step,
        packer: impl Pack,
    ) -> u64 {
        assert!(
            self.pack.is_none() || packer.packs(),
            "a packed family needs a packer"
        );
        // The queries' sets packed as the family's keys were, in the loop over the queries: a
        // pass of their own cost more than the chunks it saved at odd N (a query there visits
        // about one block). With a packer that never packs (the plain build), this is `split`.
        let pack = self.pack;
        let split = |b: u64| {
            let (set, shift) = split(b);
            let set = match pack {
                Some(held) => packer.pack(set, held),
                None => set,
            };
            (set, shift)
        };
        self.count_all(queries, split, step)
    }

    /// [`Sieve::count_each`] of queries read as the family's keys are.
    #[inline(always)]
    fn count_all(
        &mut self,
        queries: &[u64],
        split: impl Fn(u64) -> (u64, u32),
        step: impl Step,
    ) -> u64 {
        // The queries sorted by cut value first, so that those visiting the same blocks come
        // together: always when the cut value takes one `pext`, else when the tables are
        // beyond the nearest cache (measured on a Zen 5: N = 18 0.90 of the time with `pext`,
        // 1.02 without it).
        let sort = self.cut.len > 0 && (self.cut.pext.in_use() || self.table_bytes() > SORT_FROM);
        if sort {
            self.sort(queries);
        }
        let sorted = std::mem::take(&mut self.sorted);
        let queries = if sort {
            &sorted[..queries.len()]
        } else {
            queries
        };
        // One copy per number of chunks, so that the loop over the chunks unrolls; a plain
        // loop, as iterator adapters might not be inlined into a caller built for more CPU
        // features. Sorted queries run tile by tile.
        macro_rules! by_chunks {
            ($loop:ident $args:tt: $($c:literal)*) => {
                match self.chunks {
                    $($c => self.$loop::<$c> $args,)*
                    _ => unreachable!("at most 16 chunks"),
                }
            };
        }
        let mut scratch = std::mem::take(&mut self.batch_offsets);
        let total = if sort {
            by_chunks!(count_tiled(queries, &split, step, &mut scratch):
                1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16)
        } else {
            by_chunks!(count_queries(queries, &split, step):
                1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16)
        };
        self.batch_offsets = scratch;
        self.sorted = sorted;
        total
    }

    /// The bytes of the loaded tables.
    fn table_bytes(&self) -> usize {
        self.commons.len() * self.stride * std::mem::size_of::<Plane>()
    }

    /// The count for each query over the list of blocks of its cut value (a lookup, so the
    /// loop over a list has no test to mispredict).
    #[inline(always)]
    fn count_queries<const C: usize>(
        &self,
        queries: &[u64],
        split: &impl Fn(u64) -> (u64, u32),
        step: impl Step,
    ) -> u64 {
        let (cut, starts) = (self.cut, &self.visit_start[..self.cut.values() + 1]);
        let planes = self.planes();
        // Per-lane sums, added up once at the end.
        let mut total = [0u64; LANES];
        for &b in queries {
            // The mask (the cut values less one) only tells the compiler `x` is in range.
            let x = cut.key(b) & (starts.len() - 2);
            let list = &self.visits[starts[x] as usize..starts[x + 1] as usize];
            let (set, shift) = split(b);
            add(
                &mut total,
                Sieve::count_blocks::<C>(planes, set, list, step),
                shift,
            );
        }
        total.iter().sum()
    }

    /// [`Sieve::count_queries`] for queries sorted by cut value: batches of up to [`BATCH`]
    /// queries of one value, each batch run over the value's blocks [`TILE`] at a time, so that
    /// the tables of a tile stay in the level-1 cache while the whole batch passes.
    #[inline(always)]
    fn count_tiled<const C: usize>(
        &self,
        queries: &[u64],
        split: &impl Fn(u64) -> (u64, u32),
        step: impl Step,
        scratch: &mut [usize],
    ) -> u64 {
        let (cut, starts) = (self.cut, &self.visit_start[..self.cut.values() + 1]);
        let mask = starts.len() - 2;
        let planes = self.planes();
        let mut total = [0u64; LANES];
        let (at, _) = scratch[..BATCH * C].as_chunks_mut::<C>();
        let mut shift = [0u32; BATCH];
        let mut rest = queries;
        while let Some(&first) = rest.first() {
            // The batch: the next queries of the first one's cut value, at most `BATCH`.
            let x = cut.key(first) & mask;
            let most = rest.len().min(BATCH);
            let len = rest[..most]
                .iter()
                .position(|&b| cut.key(b) & mask != x)
                .unwrap_or(most);
            let (batch, after) = rest.split_at(len);
            let list = &self.visits[starts[x] as usize..starts[x + 1] as usize];
            if list.len() <= TILE {
                // One tile: query by query.
                for &b in batch {
                    let (set, s) = split(b);
                    add(
                        &mut total,
                        Sieve::count_blocks::<C>(planes, set, list, step),
                        s,
                    );
                }
                rest = after;
                continue;
            }
            // SAFETY (of the steps): each of `list` is `b * stride * LANES` for a block `b` of
            // the sieve (`lists`), whose `C << CHUNK` tables lie within `tables` (`load`), and
            // the offsets are below `C << CHUNK` (`offsets`).
            let mut tiles = list.chunks(TILE);
            let first = tiles.next().unwrap_or(&[]);
            // What the first tile keeps of each query for the others while it runs: filled in
            // a loop of their own, they were vectorised across the queries as scatters under
            // AVX-512 (see `step`).
            if !step.keeps_planes() {
                // The offsets.
                for (k, &b) in batch.iter().enumerate() {
                    let (set, s) = split(b);
                    (at[k], shift[k]) = (offsets::<C>(set), s);
                    add(&mut total, unsafe { step.blocks(planes, &at[k], first) }, s);
                }
                for tile in tiles {
                    for (at, &s) in at[..len].iter().zip(&shift[..len]) {
                        add(&mut total, unsafe { step.blocks(planes, at, tile) }, s);
                    }
                }
                rest = after;
                continue;
            }
            // The planes, as addresses (the tables' provenance exposed), so that the other
            // tiles need not work them out again from the offsets (a load, a shift and an add
            // per chunk).
            let start = planes.as_ptr();
            for (k, &b) in batch.iter().enumerate() {
                let (set, s) = split(b);
                let o = offsets::<C>(set);
                let kept = o.map(|o| start.wrapping_add(o).expose_provenance());
                (at[k], shift[k]) = (kept, s);
                add(&mut total, unsafe { step.blocks(planes, &o, first) }, s);
            }
            for tile in tiles {
                for (at, &s) in at[..len].iter().zip(&shift[..len]) {
                    let p = at.map(std::ptr::with_exposed_provenance);
                    add(&mut total, unsafe { step.blocks_from(&p, tile) }, s);
                }
            }
            rest = after;
        }
        total.iter().sum()
    }

    /// The loaded sets of `blocks` disjoint from `b`, counted per lane (`planes` is
    /// [`Sieve::planes`], taken once by the caller).
    #[inline(always)]
    fn count_blocks<const C: usize>(
        planes: &[Plane],
        b: u64,
        blocks: &[u32],
        step: impl Step,
    ) -> [u64; LANES] {
        // The offset of the query's plane for each chunk within a block's tables: the chunk's
        // tables, then the query's value in the chunk.
        let at = offsets::<C>(b);
        // SAFETY: each of `blocks` is `b * stride * LANES` for a block `b` of the sieve
        // (`lists`), whose `C << CHUNK` tables lie within `tables` (`load`), and `at[c]` is
        // below `C << CHUNK`.
        unsafe { step.blocks(planes, &at, blocks) }
    }
}

/// The chunks of keys of `bits` bits (one at least).
fn chunks_of(bits: u32) -> usize {
    (bits as usize).div_ceil(CHUNK).max(1)
}

/// Adds the per-lane counts of a query of weight `2^shift` to the per-lane sums.
#[inline(always)]
fn add(total: &mut [u64; LANES], lanes: [u64; LANES], shift: u32) {
    for l in 0..LANES {
        total[l] += lanes[l] << shift;
    }
}

/// The offset of the query `b`'s plane for each chunk within a block's tables: the chunk's
/// tables, then the query's value in the chunk.
#[inline(always)]
fn offsets<const C: usize>(b: u64) -> [usize; C] {
    std::array::from_fn(|c| (c << CHUNK) + ((b >> (c * CHUNK)) & ((1 << CHUNK) - 1)) as usize)
}

/// The 64 planes of one block of at most [`BLOCK`] sets: bit `s` of plane `j` is set when set
/// `s` avoids bit `j`; plane 64 marks the occupied slots. Set `i` of the block takes slot
/// `i / LANES` of lane `i % LANES`, so that consecutive sets fill one word of the lanes (the
/// order of the slots is free: a count adds up all of them).
#[inline(always)]
fn block_planes(sets: &[u64]) -> [Plane; 65] {
    // Empty slots hold the full set, so they avoid no bit.
    let mut square = [[u64::MAX; LANES]; 64];
    let whole = sets.chunks_exact(LANES);
    let rest = whole.remainder();
    for (word, part) in square.iter_mut().zip(whole) {
        word.copy_from_slice(part);
    }
    if !rest.is_empty() {
        square[sets.len() / LANES][..rest.len()].copy_from_slice(rest);
    }
    transpose(&mut square);
    let mut planes = [[0u64; LANES]; 65];
    for (p, t) in planes.iter_mut().zip(&square) {
        *p = t.map(|w| !w);
    }
    planes[64] = std::array::from_fn(|lane| {
        let held = (sets.len() + LANES - 1 - lane) / LANES;
        if held >= 64 {
            u64::MAX
        } else {
            (1 << held) - 1
        }
    });
    planes
}

/// The chunk tables of one block from its planes: for chunk `c` and value `v`, the AND of the
/// planes of the bits of `v` (the occupied slots for `v = 0`).
#[inline(always)]
fn chunk_tables(planes: &[Plane; 65], table: &mut [Plane]) {
    for (c, t) in table.chunks_exact_mut(1 << CHUNK).enumerate() {
        t[0] = planes[64];
        for v in 1usize..1 << CHUNK {
            let j = c * CHUNK + v.trailing_zeros() as usize;
            let plane = if j < 64 { planes[j] } else { [u64::MAX; LANES] };
            let prev = t[v & (v - 1)];
            for l in 0..LANES {
                t[v][l] = prev[l] & plane[l];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn counts_as_the_plain_double_loop(
            sets in proptest::collection::vec(any::<u64>(), 0..700),
            queries in proptest::collection::vec(any::<u64>(), 1..20),
            bits in 1u32..=64,
            cut in any::<u64>(),
            sparse in 0u32..4,
        ) {
            let mask = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
            // Sparser sets have more disjoint pairs.
            let thin = |x: u64, y: u64| (x & y.rotate_left(7) & mask) >> sparse;
            let sets: Vec<u64> = sets.iter().map(|&s| thin(s, s.wrapping_mul(31))).collect();
            // At most MAX_CUT cut bits within the width.
            let mut cut = cut & mask;
            while cut.count_ones() > MAX_CUT {
                cut &= cut - 1;
            }
            // A weight bit above the width (where there is one) in every other query: it is
            // kept as it is when the family is packed.
            let above = if bits == 64 { 0 } else { 1u64 << bits };
            let queries: Vec<u64> = queries
                .iter()
                .map(|&q| thin(q, q.wrapping_mul(17)) | (above * (q & 1)))
                .collect();
            for pext in each_way() {
                let mut sieve = Sieve::new(bits, pext);
                sieve.load(&sets, cut);
                for &q in &queries {
                    let q = q & mask;
                    let want = sets.iter().filter(|&&a| a & q == 0).count() as u64;
                    prop_assert_eq!(sieve.count(q), want, "{:?}", pext);
                }
                let split = |q: u64| (q & mask, (q & !mask != 0) as u32);
                let want: u64 = queries
                    .iter()
                    .map(|&q| {
                        let (q, shift) = split(q);
                        (sets.iter().filter(|&&a| a & q == 0).count() as u64) << shift
                    })
                    .sum();
                prop_assert_eq!(sieve.count_each(&queries, split, Portable, pext), want);
                // The explicit build of the step, where this CPU can run it.
                #[cfg(target_arch = "x86_64")]
                if let Some(t) = crate::cpu::Avx512Popcnt::detect() {
                    prop_assert_eq!(sieve.count_each(&queries, split, t, pext), want);
                }
            }
        }
    }

    /// The loop over the cut bits, and `pext` where the CPU has it (fast or not).
    fn each_way() -> Vec<Pext> {
        let mut ways = vec![Pext::none()];
        #[cfg(target_arch = "x86_64")]
        ways.extend(Bmi2::detect().map(Pext::always));
        ways
    }

    #[test]
    fn pext_and_the_loop_read_the_same_cut_values() {
        let ways = each_way();
        let mask = 0b1011_0000_0100_1001u64 << 20;
        for set in (0..5000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15)) {
            let keys: Vec<usize> = ways.iter().map(|&p| Cut::new(mask, p).key(set)).collect();
            assert!(keys.iter().all(|&k| k == keys[0]), "{set:#x}: {keys:?}");
        }
    }

    #[test]
    fn transpose_swaps_rows_and_columns_in_every_lane() {
        let mut a = [[0u64; LANES]; 64];
        for (k, word) in a.iter_mut().enumerate() {
            for (l, w) in word.iter_mut().enumerate() {
                let x = (64 * l + k) as u64;
                *w = x.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ x << 40;
            }
        }
        let before = a;
        transpose(&mut a);
        for (k, word) in a.iter().enumerate() {
            for (c, old) in before.iter().enumerate() {
                for l in 0..LANES {
                    assert_eq!(
                        word[l] >> c & 1,
                        old[l] >> k & 1,
                        "bit {c} of word {k}, lane {l}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_planes_of_a_block_mark_each_set_once_whatever_its_size() {
        for len in [0, 1, 3, 4, 5, 63, 64, 65, 255, 256] {
            let sets: Vec<u64> = (0..len as u64)
                .map(|i| i.wrapping_mul(0x2545_F491) & 0xFF)
                .collect();
            let planes = block_planes(&sets);
            let occupied: u32 = planes[64].iter().map(|w| w.count_ones()).sum();
            assert_eq!(occupied as usize, len);
            // The slots that avoid bit j are as many as the sets that do.
            for (j, plane) in planes[..8].iter().enumerate() {
                let avoid: u32 = plane.iter().map(|w| w.count_ones()).sum();
                assert_eq!(
                    avoid as usize,
                    sets.iter().filter(|&&s| s >> j & 1 == 0).count()
                );
            }
        }
    }

    #[test]
    fn large_tables_count_tile_by_tile_as_the_plain_double_loop() {
        // 40-bit sets with about 10 bits each (as the half boards of N = 22): 40 blocks, tables
        // far beyond the level-1 cache, so the queries are sorted and run tile by tile (or
        // query by query where a list is one tile), in batches cut by their cut value and by
        // the batch size.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut draw = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & (x >> 11) & (x >> 23) & ((1 << 40) - 1)
        };
        // Seven sets in eight hold bit 37, the top cut bit: the queries that hold it skip their
        // blocks, so some cut values have lists of a tile or less.
        let sets: Vec<u64> = (0..40 * BLOCK - 3)
            .map(|i| draw() | ((i % 8 != 0) as u64) << 37)
            .collect();
        // Queries of every cut value, and more than two batches of the value 0.
        let cut = 0b1011_0110_0001 << 26;
        let queries: Vec<u64> = (0..3 * BATCH + 5)
            .map(|i| if i % 3 == 0 { draw() } else { draw() & !cut } | (i as u64 % 3) << 40)
            .collect();
        for pext in each_way() {
            let mut sieve = Sieve::new(40, pext);
            sieve.load(&sets, cut);
            assert!(sieve.table_bytes() > SORT_FROM);
            let lists = sieve.visit_start.windows(2).map(|w| (w[1] - w[0]) as usize);
            assert!(lists.clone().any(|l| l > TILE) && lists.clone().any(|l| l <= TILE));
            // The weights from the two bits above the width.
            let split = |q: u64| (q & ((1 << 40) - 1), (q >> 40) as u32);
            let want: u64 = queries
                .iter()
                .map(|&q| (sets.iter().filter(|&&a| a & q == 0).count() as u64) << (q >> 40))
                .sum();
            assert_eq!(
                sieve.count_each(&queries, split, Portable, pext),
                want,
                "{pext:?}"
            );
            #[cfg(target_arch = "x86_64")]
            if let Some(t) = crate::cpu::Avx512Popcnt::detect() {
                assert_eq!(sieve.count_each(&queries, split, t, pext), want);
            }
        }
    }

    #[test]
    fn planes_start_on_a_boundary_of_their_size() {
        // Families of every size class of the allocator, each loaded after a larger one.
        let mut sieve = Sieve::new(40, Pext::none());
        for blocks in [1, 3, 40, 600, 2] {
            let sets: Vec<u64> = (0..blocks * BLOCK as u64)
                .map(|i| i * 0x9E37_79B9)
                .collect();
            sieve.load(&sets, 0b11 << 30);
            let at = sieve.planes().as_ptr() as usize;
            assert_eq!(at % std::mem::size_of::<Plane>(), 0, "{blocks} blocks");
            assert!(sieve.planes().len() >= blocks as usize * sieve.stride);
        }
    }

    #[test]
    fn families_that_leave_chunks_unheld_count_packed_as_unpacked() {
        // 40-bit sets that hold none of bits 8 to 21: 26 bits held, 7 chunks instead of 10.
        // The queries hold those bits too, and some hold only them.
        let held = !(((1u64 << 14) - 1) << 8) & ((1 << 40) - 1);
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut draw = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & (x >> 9) & ((1 << 40) - 1)
        };
        let sets: Vec<u64> = (0..9 * BLOCK + 17).map(|_| draw() & held).collect();
        // The weights from the two bits above the width, kept as they are by the packing.
        let queries: Vec<u64> = (0..2 * BATCH + 9)
            .map(|i| if i % 5 == 0 { draw() & !held } else { draw() } | (i as u64 % 3) << 40)
            .collect();
        let split = |q: u64| (q & ((1 << 40) - 1), (q >> 40) as u32);
        let want: u64 = queries
            .iter()
            .map(|&q| (sets.iter().filter(|&&a| a & q == 0).count() as u64) << (q >> 40))
            .sum();
        for pext in each_way() {
            let mut sieve = Sieve::new(40, pext);
            sieve.load(&sets, 0b101 << 30);
            let packed = pext.in_use() && sets.iter().fold(0, |m, &a| m | a).count_ones() <= 28;
            assert_eq!(sieve.chunks, if packed { 7 } else { 10 }, "{pext:?}");
            assert_eq!(sieve.count_each(&queries, split, Portable, pext), want);
            #[cfg(target_arch = "x86_64")]
            if let Some(t) = crate::cpu::Avx512Popcnt::detect() {
                assert_eq!(sieve.count_each(&queries, split, t, pext), want);
            }
            // A family that holds every chunk is not packed.
            let full: Vec<u64> = queries.iter().map(|&q| q & ((1 << 40) - 1)).collect();
            sieve.load(&full, 0b101 << 30);
            assert_eq!((sieve.pack, sieve.chunks), (None, 10));
        }
    }

    #[test]
    #[should_panic(expected = "a packed family needs a packer")]
    fn a_packed_family_refuses_a_packer_that_cannot_pack() {
        let Some(pext) = each_way().into_iter().find(|p| p.in_use()) else {
            panic!("a packed family needs a packer (no BMI2 here: nothing to test)");
        };
        let mut sieve = Sieve::new(40, pext);
        sieve.load(&[0b1, 0b10], 0);
        assert!(sieve.pack.is_some());
        sieve.count_each(&[0b1], |b| (b, 0), Portable, ());
    }

    #[test]
    fn reloading_forgets_the_old_family() {
        let mut sieve = Sieve::new(8, Pext::none());
        sieve.load(&[0b1, 0b10, 0b1000], 0b1100);
        assert_eq!(sieve.count(0b1), 2);
        sieve.load(&[0b1], 0b1);
        assert_eq!(sieve.count(0b1), 0);
        assert_eq!(sieve.count(0), 1);
    }

    #[test]
    fn skips_blocks_whose_sets_share_a_cut_bit_with_the_query() {
        // 256 sets with bit 0, 256 without: two blocks, one skipped by a query with bit 0.
        let sets: Vec<u64> = (0..512u64).map(|i| (i & 1) | (i << 2) & 0xF0).collect();
        let mut sieve = Sieve::new(16, Pext::none());
        sieve.load(&sets, 1);
        let visits = |x: usize| sieve.visit_start[x + 1] - sieve.visit_start[x];
        assert_eq!((visits(0), visits(1)), (2, 1));
        assert_eq!(sieve.count(1), 256);
    }
}
