//! The join of one choice: the east half boards (pieces of the north-east and south-east
//! quarters on complementary files, no shared diagonal) against the west half boards, counted
//! as disjoint pairs of keys by the sieve of [`crate::count::disjoint`]. One side is loaded
//! into the sieve and the other queries it; under a memory budget both sides are made and
//! loaded in slices of whole groups of pieces, so that a thread never holds more than `cap`
//! half boards of a side.

use super::frames::Reduce;
use super::layout::Layout;
use super::pieces::Pieces;
use crate::count::disjoint::{Pack, Pext, Portable, Sieve, Step, BLOCK, MAX_CUT, MAX_SETS};
#[cfg(target_arch = "x86_64")]
use crate::cpu::{enable, Avx2, Avx512, Avx512Popcnt, Bmi2};
use crate::error::{excerpt, Error};

/// The environment variable that forces a path of the join, by its [`Path::name`].
pub const FORCE_VARIABLE: &str = "QUEENS_JOIN_PATH";

/// The builds of the join, one per instruction set. The x86-64 ones hold the token of their
/// features ([`crate::cpu`]), so a value of a path this CPU lacks cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// Built for any CPU of the target.
    Plain,
    /// AVX2: the east unions made four at a time, `pext` where it is fast.
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2),
    /// The AVX2 build, with the east unions made eight at a time by AVX-512 (Skylake-SP,
    /// Cascade Lake: AVX-512 without its vector bit count).
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx512),
    /// Built for AVX-512 with its vector bit count (VPOPCNTDQ), the unions eight at a time.
    #[cfg(target_arch = "x86_64")]
    Avx512Popcnt(Avx512Popcnt),
}

impl Path {
    /// Every path this CPU can run, the plain one first and the fastest last.
    pub fn all_available() -> Vec<Path> {
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut paths = vec![Path::Plain];
        #[cfg(target_arch = "x86_64")]
        {
            paths.extend(Avx2::detect().map(Path::Avx2));
            paths.extend(Avx512::detect().map(Path::Avx512));
            paths.extend(Avx512Popcnt::detect().map(Path::Avx512Popcnt));
        }
        paths
    }

    /// The path every count takes, decided once: the one named by the environment variable
    /// [`FORCE_VARIABLE`] when it is set to a path this CPU can run (for benchmarks: the
    /// guard `bench/paths.sh` times each path apart), else the fastest of this CPU. A
    /// command checks the variable first with [`Path::forced`], which refuses a bad value.
    pub fn best() -> Path {
        static BEST: std::sync::LazyLock<Path> = std::sync::LazyLock::new(|| {
            Path::forced().ok().flatten().unwrap_or_else(|| {
                *Path::all_available()
                    .last()
                    .expect("the plain path is always there")
            })
        });
        *BEST
    }

    /// The path named by [`FORCE_VARIABLE`]: none when it is not set, an error when it names
    /// no path or one this CPU cannot run.
    pub fn forced() -> Result<Option<Path>, Error> {
        let Some(value) = std::env::var_os(FORCE_VARIABLE) else {
            return Ok(None);
        };
        let value = value.to_string_lossy();
        let available = Path::all_available();
        match available.iter().find(|p| p.name() == value) {
            Some(&path) => Ok(Some(path)),
            None => Err(Error::UnknownPath {
                variable: FORCE_VARIABLE,
                value: excerpt(&value),
                available: available
                    .iter()
                    .map(|p| p.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
        }
    }

    /// The path's name, as [`FORCE_VARIABLE`] takes it: `plain`, `avx2`, `avx512`,
    /// `avx512-popcnt`.
    pub fn name(self) -> &'static str {
        match self {
            Path::Plain => "plain",
            #[cfg(target_arch = "x86_64")]
            Path::Avx2(_) => "avx2",
            #[cfg(target_arch = "x86_64")]
            Path::Avx512(_) => "avx512",
            #[cfg(target_arch = "x86_64")]
            Path::Avx512Popcnt(_) => "avx512-popcnt",
        }
    }

    /// How the sieves of this path read the values of their cut bits.
    fn pext(self) -> Pext {
        match self {
            Path::Plain => Pext::none(),
            #[cfg(target_arch = "x86_64")]
            Path::Avx2(t) => Pext::if_fast(t.bmi().bmi2()),
            #[cfg(target_arch = "x86_64")]
            Path::Avx512(t) => Pext::if_fast(t.avx2().bmi().bmi2()),
            #[cfg(target_arch = "x86_64")]
            Path::Avx512Popcnt(t) => Pext::if_fast(t.avx512().avx2().bmi().bmi2()),
        }
    }
}

/// The four piece lists of one choice, and how its frame is reduced.
pub(super) struct Choice<'a> {
    pub layout: &'a Layout,
    pub reduce: Reduce,
    pub ne: &'a Pieces,
    pub se: &'a Pieces,
    pub nw: &'a Pieces,
    pub sw: &'a Pieces,
}

/// The working memory of one thread.
pub(super) struct Buffers {
    east: Vec<u64>,
    west: Vec<u64>,
    /// Keys of the full width, and keys without their two top bits (the longest diagonals).
    sieve: Sieve,
    narrow: Sieve,
    /// The most half boards of a side held at once.
    cap: usize,
    /// The build of the join that runs.
    path: Path,
}

impl Buffers {
    pub fn new(l: &Layout, cap: usize, path: Path) -> Buffers {
        Buffers {
            east: Vec::new(),
            west: Vec::new(),
            sieve: Sieve::new(l.bits(), path.pext()),
            narrow: Sieve::new(l.bits() - 2, path.pext()),
            // Half of what a sieve takes: a side may pass its cap by the half boards of one
            // group of pieces.
            cap: cap.clamp(1, MAX_SETS / 2),
            path,
        }
    }

    /// About the bytes a thread needs per half board of its cap (both sides, the sieve).
    pub fn bytes_per_set(l: &Layout) -> usize {
        2 * (8 + Sieve::bytes_per_set(l.bits()))
    }
}

/// Where the making of a side's half boards stands: the next north group, and how many
/// south groups are still candidates (north groups by ascending files meet south groups by
/// descending files).
#[derive(Clone, Copy)]
struct Cursor {
    i: usize,
    j: usize,
}

/// The half boards of one side from `at` on: pieces of its north and south quarters with
/// complementary files and no shared diagonal, as keys in `out[..k]`; returns `k`. Stops after
/// the group that brings `k` to `cap` or more, `at` then says where to go on from.
#[inline(always)]
fn half(side: Side, at: &mut Cursor, cap: usize, out: &mut Vec<u64>, u: impl Unions) -> usize {
    let (north, south) = (side.north, side.south);
    let mut k = 0;
    while at.i < north.groups.len() && k < cap {
        let i = at.i;
        at.i += 1;
        let t = side.cols ^ north.groups[i].0;
        while at.j > 0 && south.groups[at.j - 1].0 > t {
            at.j -= 1;
        }
        if at.j == 0 {
            at.i = north.groups.len();
            break;
        }
        if south.groups[at.j - 1].0 != t {
            continue;
        }
        let (above, below) = (north.group(i), south.group(at.j - 1));
        // Room for the vector writes past the end.
        if out.len() < k + above.len() * below.len() + 8 {
            out.resize(k + above.len() * below.len() + 8, 0);
        }
        k += u.unions(above, below, &mut out[k..]);
    }
    k
}

/// How the east unions are made: `unions(above, below, out)` writes `a | b` for the pairs of
/// `above` and `below` with `a & b == 0` to the front of `out` (which has room for every pair
/// and 8 more) and returns how many.
///
/// The vector builds take every length, the shortest lists included, with one masked load of
/// the tail. At odd N most groups are short (N = 17: 13 million pairs of groups, some 11 pairs
/// each, `below` under four in half of them), and sending those to the pair-by-pair loop made a
/// branch on every group and loops of a new length each time: N = 17 took 1.13 times as long on
/// `avx512-popcnt` and 1.05 on `avx2` (Zen 5, BENCHMARKS.md).
trait Unions: Copy {
    fn unions(self, above: &[u64], below: &[u64], out: &mut [u64]) -> usize;

    /// How the build packs the queries of a packed family ([`Pack`]): `pext` where the build
    /// has BMI2, never in the plain build (whose sieves never pack).
    type Packer: Pack;
    fn packer(self) -> Self::Packer;

    /// [`half`] with these unions. Unions built for features the join is not built for
    /// override it, so that the whole loop over the groups is built for them and inlines
    /// them: one call per half board list, not one per pair of groups.
    #[inline(always)]
    fn half(self, side: Side, at: &mut Cursor, cap: usize, out: &mut Vec<u64>) -> usize {
        half(side, at, cap, out, self)
    }
}

/// The unions one pair at a time, on any CPU.
#[derive(Clone, Copy)]
struct Plain;

impl Unions for Plain {
    type Packer = ();
    fn packer(self) {}

    #[inline(always)]
    fn unions(self, above: &[u64], below: &[u64], out: &mut [u64]) -> usize {
        assert!(out.len() >= above.len() * below.len());
        let dst = out.as_mut_ptr();
        let mut kept = 0;
        for &a in above {
            // Branch-free: write every union, keep it only when disjoint.
            for &b in below {
                // SAFETY: `kept` counts the pairs kept so far, fewer than the pairs seen, so
                // it stays below `above.len() * below.len()`, within `out` (asserted above).
                unsafe { dst.add(kept).write(a | b) };
                kept += (a & b == 0) as usize;
            }
        }
        kept
    }
}

#[cfg(target_arch = "x86_64")]
impl Unions for Avx2 {
    type Packer = Bmi2;
    fn packer(self) -> Bmi2 {
        self.bmi().bmi2()
    }

    #[inline(always)]
    fn unions(self, above: &[u64], below: &[u64], out: &mut [u64]) -> usize {
        assert!(out.len() >= above.len() * below.len() + 8);
        // SAFETY: `self` is the token of the features `unions_avx2` is built for, and `out`
        // has room for every pair and 8 more (asserted).
        unsafe { unions_avx2(self, above, below, out.as_mut_ptr()) }
    }
}

#[cfg(target_arch = "x86_64")]
impl Unions for Avx512 {
    type Packer = Bmi2;
    fn packer(self) -> Bmi2 {
        self.avx2().packer()
    }

    #[inline(always)]
    fn unions(self, above: &[u64], below: &[u64], out: &mut [u64]) -> usize {
        assert!(out.len() >= above.len() * below.len() + 8);
        // SAFETY: `self` is the token of the features `unions_avx512` is built for, and `out`
        // has room for every pair and 8 more (asserted).
        unsafe { unions_avx512(self, above, below, out.as_mut_ptr()) }
    }

    #[inline(always)]
    fn half(self, side: Side, at: &mut Cursor, cap: usize, out: &mut Vec<u64>) -> usize {
        // SAFETY: `self` is the token of the features `half_avx512` is built for.
        unsafe { half_avx512(side, at, cap, out, self) }
    }
}

#[cfg(target_arch = "x86_64")]
enable! { Avx512:
/// [`half`] built for the CPUs with 512-bit vectors, the join of the `avx512` path being built
/// for 256-bit ones ([`join_avx2`]): calling the unions once per pair of groups from there cost
/// that path 2 % at N = 20 (Zen 5, BENCHMARKS.md).
fn half_avx512(side: Side, at: &mut Cursor, cap: usize, out: &mut Vec<u64>, t: Avx512) -> usize {
    half(side, at, cap, out, t)
}
}

#[cfg(target_arch = "x86_64")]
impl Unions for Avx512Popcnt {
    type Packer = Bmi2;
    fn packer(self) -> Bmi2 {
        self.avx512().packer()
    }

    #[inline(always)]
    fn unions(self, above: &[u64], below: &[u64], out: &mut [u64]) -> usize {
        self.avx512().unions(above, below, out)
    }
}

#[cfg(target_arch = "x86_64")]
enable! { Avx512:
/// The unions eight pairs at a time: the unions of `a` with eight `b`, the disjoint ones
/// packed to the front of a vector register (a compress to a register, then a plain store: the
/// compress straight to memory is slow on some CPUs), and the count of the mask. Whole
/// vectors of `b` first, then one masked load for the tail: a mask worked out for every
/// vector, with the load waiting on it, made N = 18 3 to 7 % slower on a Zen 5 (BENCHMARKS.md).
///
/// # Safety
/// `out` must have room for every pair and 8 more.
#[inline]
unsafe fn unions_avx512(_: Avx512, above: &[u64], below: &[u64], out: *mut u64) -> usize {
    use core::arch::x86_64::*;
    let mut kept = 0usize;
    let whole = below.len() / 8 * 8;
    let tail = below.len() - whole;
    let last: __mmask8 = ((1u16 << tail) - 1) as u8;
    for &a in above {
        let va = _mm512_set1_epi64(a as i64);
        macro_rules! step {
            ($vb:ident = $load:expr, $keep:expr) => {{
                let $vb = $load;
                let keep: __mmask8 = $keep;
                let u = _mm512_maskz_compress_epi64(keep, _mm512_or_si512(va, $vb));
                _mm512_storeu_si512(out.add(kept) as *mut __m512i, u);
                kept += keep.count_ones() as usize;
            }};
        }
        let mut i = 0;
        while i < whole {
            step!(
                vb = _mm512_loadu_si512(below.as_ptr().add(i) as *const __m512i),
                _mm512_testn_epi64_mask(va, vb)
            );
            i += 8;
        }
        if tail > 0 {
            step!(
                vb = _mm512_maskz_loadu_epi64(last, below.as_ptr().add(whole) as *const i64),
                _mm512_mask_testn_epi64_mask(last, va, vb)
            );
        }
    }
    kept
}
}

/// For each mask of four lanes, the 32-bit lanes that move the kept 64-bit lanes to the
/// front (in order), for `vpermd`.
#[cfg(target_arch = "x86_64")]
static PACK: [[u32; 8]; 16] = {
    let mut table = [[0u32; 8]; 16];
    let mut mask = 0;
    while mask < 16 {
        let (mut kept, mut lane) = (0, 0);
        while lane < 4 {
            if mask >> lane & 1 == 1 {
                table[mask][2 * kept] = 2 * lane as u32;
                table[mask][2 * kept + 1] = 2 * lane as u32 + 1;
                kept += 1;
            }
            lane += 1;
        }
        mask += 1;
    }
    table
};

#[cfg(target_arch = "x86_64")]
enable! { Avx2:
/// The unions four pairs at a time with AVX2: the unions of `a` with four `b`, the disjoint
/// ones moved to the front by a permutation looked up from their mask ([`PACK`]), stored
/// whole, and the count of the mask.
///
/// # Safety
/// `out` must have room for every pair and 4 more.
unsafe fn unions_avx2(_: Avx2, above: &[u64], below: &[u64], out: *mut u64) -> usize {
    use core::arch::x86_64::*;
    let whole = below.len() / 4 * 4;
    let tail = below.len() - whole;
    // The lanes of the last, partial load, as a mask for the load and as bits.
    let tail_lanes = _mm256_cmpgt_epi64(
        _mm256_set1_epi64x(tail as i64),
        _mm256_setr_epi64x(0, 1, 2, 3),
    );
    let tail_bits = (1i32 << tail) - 1;
    let zero = _mm256_setzero_si256();
    let mut kept = 0usize;
    for &a in above {
        let va = _mm256_set1_epi64x(a as i64);
        // One step: four `b` in `vb`, of which the lanes in `valid` are real.
        macro_rules! step {
            ($vb:expr, $valid:expr) => {{
                let vb = $vb;
                let disjoint = _mm256_cmpeq_epi64(_mm256_and_si256(va, vb), zero);
                let mask = _mm256_movemask_pd(_mm256_castsi256_pd(disjoint)) & $valid;
                let order = _mm256_loadu_si256(PACK[mask as usize].as_ptr() as *const __m256i);
                let packed = _mm256_permutevar8x32_epi32(_mm256_or_si256(va, vb), order);
                _mm256_storeu_si256(out.add(kept) as *mut __m256i, packed);
                kept += mask.count_ones() as usize;
            }};
        }
        let mut i = 0;
        while i < whole {
            step!(
                _mm256_loadu_si256(below.as_ptr().add(i) as *const __m256i),
                0xF
            );
            i += 4;
        }
        if tail > 0 {
            let from = below.as_ptr().add(whole) as *const i64;
            step!(_mm256_maskload_epi64(from, tail_lanes), tail_bits);
        }
    }
    kept
}
}

/// The cut bits for a sieve of `blocks` blocks and keys narrower than `width`: the bits most
/// often held on both sides, by the shares of the pieces (a half board holds a bit when
/// either of its pieces does).
fn cut_bits(c: &Choice, blocks: usize, width: u32) -> u64 {
    // One cut bit per doubling of the blocks (measured: at N = 22, up to 8 bits take the time
    // from 7.9 to 3.3 hours against 4; more make no difference).
    let t = match blocks {
        0 | 1 => 0,
        b => (b.ilog2() + 1).min(MAX_CUT) as usize,
    };
    let either = |a: f32, b: f32| 1.0 - (1.0 - a) * (1.0 - b);
    let mut best = [(0f32, 0u32); MAX_CUT as usize];
    for bit in 0..width as usize {
        let score =
            either(c.ne.share[bit], c.se.share[bit]) * either(c.nw.share[bit], c.sw.share[bit]);
        if t > 0 && score > best[t - 1].0 {
            best[t - 1] = (score, bit as u32);
            best[..t].sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
        }
    }
    best[..t]
        .iter()
        .filter(|b| b.0 > 0.0)
        .fold(0, |m, b| m | 1 << b.1)
}

/// One side of a choice: its north and south pieces and its files.
#[derive(Clone, Copy)]
struct Side<'a> {
    north: &'a Pieces,
    south: &'a Pieces,
    cols: u32,
}

impl Side<'_> {
    fn start(&self) -> Cursor {
        Cursor {
            i: 0,
            j: self.south.groups.len(),
        }
    }

    fn done(&self, at: &Cursor) -> bool {
        at.i >= self.north.groups.len()
    }
}

/// The (weighted) number of solutions of one choice, by the path of `buf`.
pub(super) fn join(c: &Choice, buf: &mut Buffers) -> u64 {
    match buf.path {
        Path::Plain => join_body(c, buf, Plain, Portable),
        #[cfg(target_arch = "x86_64")]
        Path::Avx2(t) => t.join_choice(c, buf, t),
        #[cfg(target_arch = "x86_64")]
        Path::Avx512(t) => t.avx2().join_choice(c, buf, t),
        #[cfg(target_arch = "x86_64")]
        Path::Avx512Popcnt(t) => t.join_choice(c, buf),
    }
}

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// [`join_body`] built for this CPU's 256-bit vectors, with the unions of `u`.
    #[inline(always)]
    fn join_choice(self, c: &Choice, buf: &mut Buffers, u: impl Unions) -> u64 {
        // SAFETY: `join_avx2` is built for the features of `self`, a token that exists only
        // when the CPU has them (`crate::cpu`).
        unsafe { join_avx2(c, buf, self, u) }
    }
}

#[cfg(target_arch = "x86_64")]
impl Avx512Popcnt {
    /// [`join_body`] built for this CPU's vector bit count.
    #[inline(always)]
    fn join_choice(self, c: &Choice, buf: &mut Buffers) -> u64 {
        // SAFETY: `join_avx512_popcnt` is built for the features of `self`, a token that
        // exists only when the CPU has them (`crate::cpu`).
        unsafe { join_avx512_popcnt(c, buf, self) }
    }
}

#[cfg(target_arch = "x86_64")]
enable! { Avx2:
/// [`join_body`] built for the CPUs with 256-bit vectors and the bit instructions, with the
/// unions of `u`.
fn join_avx2(c: &Choice, buf: &mut Buffers, _: Avx2, u: impl Unions) -> u64 {
    join_body(c, buf, u, Portable)
}
}

#[cfg(target_arch = "x86_64")]
enable! { Avx512Popcnt:
/// [`join_body`] built for the CPUs that count the bits of a vector in one instruction, with
/// the step written for them ([`crate::count::disjoint::Step`]).
fn join_avx512_popcnt(c: &Choice, buf: &mut Buffers, t: Avx512Popcnt) -> u64 {
    join_body(c, buf, t, t)
}
}

#[inline(always)]
fn join_body(c: &Choice, buf: &mut Buffers, u: impl Unions, step: impl Step) -> u64 {
    let l = c.layout;
    let east = Side {
        north: c.ne,
        south: c.se,
        cols: l.east,
    };
    let west = Side {
        north: c.nw,
        south: c.sw,
        cols: l.west,
    };
    let bits = l.bits();
    let cap = buf.cap;
    let Buffers {
        east: ebuf,
        west: wbuf,
        sieve,
        narrow,
        ..
    } = buf;
    match c.reduce {
        // The diagonal trick: the west half boards hold neither longest diagonal and are
        // loaded without the two top bits; the east ones query, and those bits set their
        // weight.
        Reduce::FlipDiagonals => {
            let low = !l.longest();
            let split = |a: u64| (a & low, (a >> (bits - 2)).count_ones());
            sweep(
                c,
                (west, wbuf),
                (east, ebuf),
                narrow,
                (bits - 2, cap),
                split,
                (u, step),
            )
        }
        // The centre queen holds both longest diagonals: no key has the top bits.
        Reduce::MirrorFlip | Reduce::None => {
            let (sieve, width) = if c.reduce == Reduce::MirrorFlip {
                (narrow, bits - 2)
            } else {
                (sieve, bits)
            };
            let (mut ea, mut wa) = (east.start(), west.start());
            let e = u.half(east, &mut ea, cap, ebuf);
            let w = u.half(west, &mut wa, cap, wbuf);
            if !east.done(&ea) || !west.done(&wa) {
                let (west, east) = ((west, wbuf), (east, ebuf));
                return sweep(c, west, east, sieve, (width, cap), |a| (a, 0), (u, step));
            }
            // The fewer half boards are loaded, the others query.
            let (loaded, queries) = if w <= e {
                (&wbuf[..w], &ebuf[..e])
            } else {
                (&ebuf[..e], &wbuf[..w])
            };
            sieve.load(loaded, cut_bits(c, loaded.len().div_ceil(BLOCK), width));
            sieve.count_each(queries, |a| (a, 0), step, u.packer())
        }
    }
}

/// Loads the half boards of `loaded` slice by slice and queries each slice with those of
/// `queries` (made once when they fit the cap, else again for each slice).
#[inline(always)]
fn sweep(
    c: &Choice,
    (loaded, lbuf): (Side, &mut Vec<u64>),
    (queries, qbuf): (Side, &mut Vec<u64>),
    sieve: &mut Sieve,
    (width, cap): (u32, usize),
    split: impl Fn(u64) -> (u64, u32) + Copy,
    (u, step): (impl Unions, impl Step),
) -> u64 {
    let mut total = 0;
    let mut made: Option<usize> = None;
    let mut la = loaded.start();
    while !loaded.done(&la) {
        let w = u.half(loaded, &mut la, cap, lbuf);
        if w == 0 {
            continue;
        }
        sieve.load(&lbuf[..w], cut_bits(c, w.div_ceil(BLOCK), width));
        if let Some(e) = made {
            total += sieve.count_each(&qbuf[..e], split, step, u.packer());
            continue;
        }
        let mut qa = queries.start();
        while !queries.done(&qa) {
            let first = qa.i == 0;
            let e = u.half(queries, &mut qa, cap, qbuf);
            if first && queries.done(&qa) {
                made = Some(e);
            }
            total += sieve.count_each(&qbuf[..e], split, step, u.packer());
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Sets with one bit in eight, so that about a third of the pairs are disjoint.
    fn thin(x: u64) -> u64 {
        x & x.rotate_left(21) & x.rotate_left(43)
    }

    proptest! {
        /// Every build of the unions this CPU runs keeps the disjoint pairs, as unions, in the
        /// order of a plain enumeration, whatever the lengths (whole vectors, a tail, or both).
        #[test]
        fn every_build_makes_the_unions_of_a_plain_enumeration(
            above in proptest::collection::vec(any::<u64>(), 0..6),
            below in proptest::collection::vec(any::<u64>(), 0..40),
        ) {
            let above: Vec<u64> = above.into_iter().map(thin).collect();
            let below: Vec<u64> = below.into_iter().map(thin).collect();
            let room = above.len() * below.len() + 8;
            // The disjoint pairs by a plain enumeration, in the order the builds keep them.
            let want: Vec<u64> = above
                .iter()
                .flat_map(|&a| below.iter().filter(move |&&b| a & b == 0).map(move |&b| a | b))
                .collect();
            let check = |name: &str, u: &dyn Fn(&mut [u64]) -> usize| {
                let mut got = vec![0; room];
                let k = u(&mut got);
                assert_eq!(&got[..k], &want[..], "{name}");
            };
            check("plain", &|out| Plain.unions(&above, &below, out));
            #[cfg(target_arch = "x86_64")]
            {
                if let Some(t) = Avx2::detect() {
                    check("avx2", &|out| t.unions(&above, &below, out));
                }
                if let Some(t) = Avx512::detect() {
                    check("avx512", &|out| t.unions(&above, &below, out));
                }
                if let Some(t) = Avx512Popcnt::detect() {
                    check("avx512-popcnt", &|out| t.unions(&above, &below, out));
                }
            }
        }
    }
}
