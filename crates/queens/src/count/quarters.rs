//! The default counter: meet in the middle over the four quarters of the board, after the idea
//! of Kluev's N-Queens-Count-Sol (a published CPU counter that outruns backtracking),
//! with the disjoint pairs counted by [`super::disjoint`].
//!
//! Cut the board into a west and an east half (files) and a north and a south half (ranks).
//! Every solution has `h = N / 2` queens in the east half; call the set of their ranks the
//! *choice*. For one choice, an *east half board* is a placement of queens on those ranks of
//! the east half, one per file and no two attacking; it is the join of a north-east piece and a
//! south-east piece on complementary files (pieces of each quarter are listed once, by the set of
//! ranks they fill, grouped by files). The west half boards of the complementary ranks are
//! built the same way. An east and a west half board make a solution exactly when they share no
//! diagonal; only the diagonals that cross the middle file line can be shared, `2h - 1` in each
//! direction, so a half board is a *key* of `4h - 2` bits, and the count for the choice is the
//! number of disjoint (east key, west key) pairs. The join of two quarters can only clash on
//! crossing diagonals too, so a piece is just its files and its key.
//!
//! Symmetry:
//! - Odd N: the queens of the middle rank and file are placed first (one queen in the centre,
//!   or two queens), leaving four quarters as for N - 1. These *frames* are taken one per class
//!   under the 8 symmetries, weighted by the size of the class. The centre frame also uses the
//!   mirror and the flip below.
//! - The flip (ranks reversed) maps a choice to its reversed choice with the same count, and the
//!   mirror (files reversed) to its complement; one choice per class is counted, weighted.
//! - Even N, Kluev's diagonal trick: the transposition keeps each queen of the main diagonal in
//!   place and moves the anti-diagonal's queen between the halves; the reflection in the
//!   anti-diagonal does the converse. So solutions with the anti-diagonal queen in the west are
//!   as many as with it in the east, and likewise for the main diagonal, and the total is the sum
//!   over the solutions with neither queen in the west of `2^k`, `k` the number of the two in
//!   the east. That sum is unchanged by the flip (which swaps the two diagonals and keeps the
//!   halves), though not by the mirror, so even N counts one choice per flip class, drops the
//!   west pieces on the two longest diagonals (about 70 % of the west half boards) and weighs
//!   the east ones. Both tricks together do about 1/8 of the plain work.
//!
//! The work splits into independent [`Part`]s (a frame and the north ranks of the east
//! queens): [`parts`] lists them, [`count_parts`] counts any batch of them (building each
//! frame's tables once). Memory is the pieces of the four quarters of one frame, about 8 bytes each: 45 MB for
//! N = 18, 330 MB for N = 20, 2.9 GB for N = 22; hence [`MAX_N`].

use crate::control::Control;
use crate::count::disjoint::Sieve;
use crate::error::Error;
use crate::square::Square;
use crate::symmetry::Symmetry;
use rayon::prelude::*;
use serde::Serialize;

/// The largest N: the quarters' pieces of N = 24 would need about 25 GB.
pub const MAX_N: usize = 23;

/// A partial placement inside one quarter: the files it fills and the crossing diagonals it
/// occupies (its key).
#[derive(Clone, Copy, Debug)]
struct Piece {
    cols: u32,
    key: u64,
}

/// The pieces with one set of ranks, grouped by files: group `g` fills the files
/// `groups[g].0` and has the keys `keys[groups[g - 1].1..groups[g].1]`; files ascending.
#[derive(Default)]
struct Pieces {
    groups: Vec<(u32, u32)>,
    keys: Vec<u64>,
}

impl Pieces {
    /// The pieces of `list` without any of the key bits `drop`.
    fn from(mut list: Vec<Piece>, drop: u64) -> Pieces {
        list.sort_unstable_by_key(|p| p.cols);
        let mut out = Pieces::default();
        for p in list.into_iter().filter(|p| p.key & drop == 0) {
            if out.groups.last().map(|g| g.0) != Some(p.cols) {
                out.groups.push((p.cols, out.keys.len() as u32));
            }
            out.keys.push(p.key);
            out.groups.last_mut().expect("a group").1 = out.keys.len() as u32;
        }
        out
    }

    fn group(&self, g: usize) -> &[u64] {
        let from = if g == 0 {
            0
        } else {
            self.groups[g - 1].1 as usize
        };
        &self.keys[from..self.groups[g].1 as usize]
    }

    fn len(&self) -> usize {
        self.keys.len()
    }
}

/// The pieces of one quarter, by the set of its ranks that hold a queen.
struct Quarter {
    by_rows: Vec<Pieces>,
}

impl Quarter {
    /// Every placement on some of `rows` and the files `cols`, without the key bits `drop`.
    fn new(layout: &Layout, rows: &[usize], cols: u32, drop: u64) -> Quarter {
        struct Walk<'a> {
            layout: &'a Layout,
            rows: &'a [usize],
            out: Vec<Vec<Piece>>,
        }
        fn go(w: &mut Walk, i: usize, mask: usize, free: u32, d1: u64, d2: u64, p: Piece) {
            if i == w.rows.len() {
                w.out[mask].push(p);
                return;
            }
            go(w, i + 1, mask, free, d1, d2, p);
            let (n, r) = (w.layout.n, w.rows[i]);
            let mut f = free;
            while f != 0 {
                let c = f.trailing_zeros() as usize;
                f &= f - 1;
                let b1 = 1u64 << (r + c);
                let b2 = 1u64 << (r + n - 1 - c);
                if d1 & b1 == 0 && d2 & b2 == 0 {
                    let q = Piece {
                        cols: p.cols | 1 << c,
                        key: p.key | w.layout.key(r, c),
                    };
                    go(
                        w,
                        i + 1,
                        mask | 1 << i,
                        free & !(1 << c),
                        d1 | b1,
                        d2 | b2,
                        q,
                    );
                }
            }
        }
        let mut walk = Walk {
            layout,
            rows,
            out: vec![Vec::new(); 1 << rows.len()],
        };
        let start = Piece { cols: 0, key: 0 };
        go(&mut walk, 0, 0, cols, layout.d1, layout.d2, start);
        Quarter {
            by_rows: walk
                .out
                .into_iter()
                .map(|l| Pieces::from(l, drop))
                .collect(),
        }
    }
}

/// Where the queens may go once the fixed ones are placed; squares are (rank, file), 0-based.
struct Layout {
    n: usize,
    h: usize,
    north: Vec<usize>,
    south: Vec<usize>,
    west: u32,
    east: u32,
    /// The diagonals r + c and r - c + n - 1 taken by the fixed queens.
    d1: u64,
    d2: u64,
}

impl Layout {
    fn new(n: usize, fixed: &[(usize, usize)]) -> Layout {
        let h = n / 2;
        let used_rows: Vec<usize> = fixed.iter().map(|q| q.0).collect();
        let used_cols: u32 = fixed.iter().fold(0, |m, q| m | 1 << q.1);
        Layout {
            n,
            h,
            north: (0..h).filter(|r| !used_rows.contains(r)).collect(),
            south: (n - h..n).filter(|r| !used_rows.contains(r)).collect(),
            west: ((1u32 << h) - 1) & !used_cols,
            east: (((1u64 << n) - (1u64 << (n - h))) as u32) & !used_cols,
            d1: fixed.iter().fold(0, |m, &(r, c)| m | 1 << (r + c)),
            d2: fixed.iter().fold(0, |m, &(r, c)| m | 1 << (r + n - 1 - c)),
        }
    }

    /// The crossing diagonals of one direction.
    fn width(&self) -> usize {
        2 * self.h - 1
    }

    /// The width of a key.
    fn bits(&self) -> u32 {
        2 * self.width() as u32
    }

    /// The key bit of a crossing diagonal: `dir` 0 for the diagonals r + c, 1 for r - c, and
    /// `i` its index among the crossing ones of its direction. The longer a diagonal, the more
    /// often it is occupied and the higher its bit; the two longest take the top two bits.
    fn bit(&self, dir: usize, i: usize) -> u32 {
        let dist = i.abs_diff(self.h - 1);
        let side = (i > self.h - 1) as usize;
        let rank = if dist == 0 {
            dir
        } else {
            2 + 4 * (dist - 1) + 2 * side + dir
        };
        self.bits() - 1 - rank as u32
    }

    /// The key bits of the two longest diagonals.
    fn longest(&self) -> u64 {
        3 << (self.bits() - 2)
    }

    /// The crossing diagonals through square (r, c), as key bits.
    fn key(&self, r: usize, c: usize) -> u64 {
        let s = self.n - self.h;
        let mut key = 0;
        if let Some(i) = (r + c).checked_sub(s).filter(|&i| i < self.width()) {
            key |= 1 << self.bit(0, i);
        }
        if let Some(i) = (r + self.n - 1 - c)
            .checked_sub(s)
            .filter(|&i| i < self.width())
        {
            key |= 1 << self.bit(1, i);
        }
        key
    }
}

/// How a frame's choices are reduced by symmetry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Reduce {
    /// None (a frame of two fixed queens: the frames themselves were reduced).
    None,
    /// The mirror and the flip (odd N, the centre queen alone).
    MirrorFlip,
    /// The flip, and the diagonal trick (even N).
    FlipDiagonals,
}

/// A frame: the fixed queens, how its choices are reduced, and its four quarters.
struct Frame {
    layout: Layout,
    reduce: Reduce,
    nw: Quarter,
    ne: Quarter,
    sw: Quarter,
    se: Quarter,
}

impl Frame {
    fn new(n: usize, fixed: &[(usize, usize)], reduce: Reduce) -> Frame {
        let l = Layout::new(n, fixed);
        // The diagonal trick: no west queen on a longest diagonal.
        let drop = if reduce == Reduce::FlipDiagonals {
            l.longest()
        } else {
            0
        };
        let ((nw, ne), (sw, se)) = rayon::join(
            || {
                rayon::join(
                    || Quarter::new(&l, &l.north, l.west, drop),
                    || Quarter::new(&l, &l.north, l.east, 0),
                )
            },
            || {
                rayon::join(
                    || Quarter::new(&l, &l.south, l.west, drop),
                    || Quarter::new(&l, &l.south, l.east, 0),
                )
            },
        );
        Frame {
            nw,
            ne,
            sw,
            se,
            layout: l,
            reduce,
        }
    }

    fn memory(&self) -> usize {
        [&self.nw, &self.ne, &self.sw, &self.se]
            .iter()
            .flat_map(|q| &q.by_rows)
            .map(|p| p.len() * 8 + p.groups.len() * 8)
            .sum()
    }
}

/// The half boards of one side: pieces of its north and south quarters with complementary
/// files and no shared diagonal, as keys in `out[..k]`; returns `k`. (`out` only grows.)
#[inline(always)]
fn half(north: &Pieces, south: &Pieces, cols: u32, out: &mut Vec<u64>) -> usize {
    let mut k = 0;
    // North groups by ascending files meet south groups by descending files.
    let mut j = south.groups.len();
    for (i, &(s, _)) in north.groups.iter().enumerate() {
        let t = cols ^ s;
        while j > 0 && south.groups[j - 1].0 > t {
            j -= 1;
        }
        if j == 0 {
            break;
        }
        if south.groups[j - 1].0 != t {
            continue;
        }
        let below = south.group(j - 1);
        let above = north.group(i);
        if out.len() < k + above.len() * below.len() {
            out.resize((k + above.len() * below.len()).next_power_of_two(), 0);
        }
        for &a in above {
            // Branch-free: write every union, keep it only when disjoint.
            for &b in below {
                out[k] = a | b;
                k += (a & b == 0) as usize;
            }
        }
    }
    k
}

/// Reverses the low `bits` bits of `x`.
fn reverse(x: usize, bits: usize) -> usize {
    if bits == 0 {
        0
    } else {
        x.reverse_bits() >> (usize::BITS as usize - bits)
    }
}

/// The most queens a frame fixes.
const MAX_FIXED: usize = 2;

/// One independent part of the count: a frame (the fixed queens of the middle rank and file,
/// none for even N, with the size of its class) and the north ranks of the east queens (bit
/// `i` of `north` is the `i`-th free north rank). It covers every choice of that frame with
/// these north ranks that is the representative of its class under the frame's reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Part {
    n: u8,
    fixed: [(u8, u8); MAX_FIXED],
    fixed_len: u8,
    reduce: Reduce,
    weight: u32,
    north: u32,
}

impl Part {
    /// The board size.
    pub fn n(&self) -> usize {
        self.n as usize
    }

    /// The fixed queens as squares.
    pub fn fixed(&self) -> Vec<Square> {
        self.fixed[..self.fixed_len as usize]
            .iter()
            .map(|&(r, c)| Square::new(c as u32, r as u32))
            .collect()
    }

    /// The north ranks of the east queens, as a mask over the free north ranks.
    pub fn north(&self) -> u32 {
        self.north
    }

    /// The size of the frame's class under the 8 symmetries.
    pub fn weight(&self) -> u32 {
        self.weight
    }

    fn frame_key(&self) -> ([(u8, u8); MAX_FIXED], u8) {
        (self.fixed, self.fixed_len)
    }

    fn fixed_squares(&self) -> Vec<(usize, usize)> {
        self.fixed[..self.fixed_len as usize]
            .iter()
            .map(|&(r, c)| (r as usize, c as usize))
            .collect()
    }
}

/// A frame's fixed queens as (rank, file), the size of its class, its reduction.
type FrameClass = (Vec<(usize, usize)>, u32, Reduce);

/// The frames for `n` with their weights and reductions (see the module comment).
fn frames(n: usize) -> Vec<FrameClass> {
    let h = n / 2;
    if n % 2 == 0 {
        return vec![(vec![], 1, Reduce::FlipDiagonals)];
    }
    let mut out = vec![(vec![(h, h)], 1, Reduce::MirrorFlip)];
    let image = |fixed: &[(usize, usize)], g: Symmetry| {
        let mut v: Vec<(usize, usize)> = fixed
            .iter()
            .map(|&(r, c)| {
                let s = g.apply_square(Square::new(c as u32, r as u32), n);
                (s.row as usize, s.col as usize)
            })
            .collect();
        v.sort_unstable();
        v
    };
    for rm in 0..n {
        for cm in 0..n {
            if rm == h || cm == h || rm.abs_diff(h) == cm.abs_diff(h) {
                continue;
            }
            let fixed = image(&[(h, cm), (rm, h)], Symmetry::Identity);
            let mut class: Vec<Vec<(usize, usize)>> =
                Symmetry::ALL.iter().map(|&g| image(&fixed, g)).collect();
            if class.iter().any(|f| *f < fixed) {
                continue;
            }
            class.sort_unstable();
            class.dedup();
            out.push((fixed, class.len() as u32, Reduce::None));
        }
    }
    out
}

/// The choices `(north, south)` of a frame with the north ranks `en` that represent their
/// class under the frame's reduction, with the size of the class.
fn choices(l: &Layout, reduce: Reduce, en: usize) -> Vec<(usize, u32)> {
    let (nn, ns) = (l.north.len(), l.south.len());
    let k = l.east.count_ones();
    let (all_n, all_s) = ((1usize << nn) - 1, (1usize << ns) - 1);
    let mut out = Vec::new();
    for es in 0..=all_s {
        if en.count_ones() + es.count_ones() != k {
            continue;
        }
        let flip = (reverse(es, ns), reverse(en, nn));
        let mut class = match reduce {
            Reduce::None => vec![(en, es)],
            Reduce::FlipDiagonals => vec![(en, es), flip],
            Reduce::MirrorFlip => vec![
                (en, es),
                (all_n ^ en, all_s ^ es),
                flip,
                (reverse(all_s ^ es, ns), reverse(all_n ^ en, nn)),
            ],
        };
        if class.iter().all(|&x| x >= (en, es)) {
            class.sort_unstable();
            class.dedup();
            out.push((es, class.len() as u32));
        }
    }
    out
}

/// Every part for `n` (4 to [`MAX_N`]), frame by frame, in a fixed order: the unit of
/// progress, checkpoints and shares of a cluster job.
pub fn parts(n: usize) -> Vec<Part> {
    assert!((4..=MAX_N).contains(&n), "N = {n} is outside 4..={MAX_N}");
    let mut out = Vec::new();
    for (fixed, weight, reduce) in frames(n) {
        let mut f = [(0u8, 0u8); MAX_FIXED];
        for (slot, &(r, c)) in f.iter_mut().zip(&fixed) {
            *slot = (r as u8, c as u8);
        }
        let layout = Layout::new(n, &fixed);
        for en in 0..1usize << layout.north.len() {
            if !choices(&layout, reduce, en).is_empty() {
                out.push(Part {
                    n: n as u8,
                    fixed: f,
                    fixed_len: fixed.len() as u8,
                    reduce,
                    weight,
                    north: en as u32,
                });
            }
        }
    }
    out
}

/// The weighted count of a batch of parts (of one N), in the current rayon pool, calling
/// `done(i, count)` as part `parts[i]` is finished. The tables of each frame are built once,
/// when its first part comes; `control` advances by one per part. With every part of `n`, this
/// is the total for `n`.
pub fn count_parts(
    parts: &[Part],
    control: &Control,
    done: &(dyn Fn(usize, u128) + Sync),
) -> Result<u128, Error> {
    // The runs of parts of one frame; frames go in parallel too, so that no thread waits at
    // the end of a frame.
    let mut runs = Vec::new();
    let mut from = 0;
    while from < parts.len() {
        let key = parts[from].frame_key();
        let len = parts[from..]
            .iter()
            .take_while(|s| s.frame_key() == key)
            .count();
        runs.push(from..from + len);
        from += len;
    }
    runs.into_par_iter()
        .map(|run| {
            if control.is_cancelled() {
                return Err(Error::Cancelled);
            }
            let first = parts[run.start];
            let frame = Frame::new(first.n(), &first.fixed_squares(), first.reduce);
            count_frame(&frame, &parts[run.clone()], control, &|i, c| {
                done(run.start + i, c)
            })
        })
        .sum()
}

/// The weighted count of a batch of parts (see [`count_parts`]).
pub fn count_total_of(parts: &[Part], control: &Control) -> Result<u128, Error> {
    count_parts(parts, control, &|_, _| {})
}

/// The bytes of the largest frame's tables for `n` (the engine's memory, besides a few
/// buffers per thread).
pub fn memory(n: usize) -> usize {
    let mut frames = frames(n);
    frames.truncate(2);
    frames
        .iter()
        .map(|(fixed, _, reduce)| Frame::new(n, fixed, *reduce).memory())
        .max()
        .unwrap_or(0)
}

/// The working memory of one thread.
struct Buffers {
    east: Vec<u64>,
    west: Vec<u64>,
    sieve: Sieve,
    /// For the diagonal trick: keys without their two top bits.
    narrow: Sieve,
}

fn count_frame(
    frame: &Frame,
    parts: &[Part],
    control: &Control,
    done: &(dyn Fn(usize, u128) + Sync),
) -> Result<u128, Error> {
    let bits = frame.layout.bits();
    parts
        .par_iter()
        .enumerate()
        .map_init(
            || Buffers {
                east: Vec::new(),
                west: Vec::new(),
                sieve: Sieve::new(bits),
                narrow: Sieve::new(bits - 2),
            },
            |buf, (i, part)| {
                if control.is_cancelled() {
                    return Err(Error::Cancelled);
                }
                let en = part.north as usize;
                let mut c = 0u128;
                for (es, w) in choices(&frame.layout, frame.reduce, en) {
                    c += join(frame, en, es, buf) as u128 * w as u128;
                }
                let c = c * part.weight as u128;
                done(i, c);
                control.advance(1);
                Ok(c)
            },
        )
        .sum()
}

/// The (weighted) solutions whose east queens stand on the north ranks `en` and the south
/// ranks `es` of the frame.
fn join(frame: &Frame, en: usize, es: usize, buf: &mut Buffers) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if is_x86_feature_detected!("avx512vpopcntdq") && is_x86_feature_detected!("avx512vl") {
            // SAFETY: the CPU has just been found to have the features the function is built
            // for.
            return unsafe { join_avx512(frame, en, es, buf) };
        }
        if is_x86_feature_detected!("popcnt") && is_x86_feature_detected!("avx2") {
            // SAFETY: as above.
            return unsafe { join_native(frame, en, es, buf) };
        }
    }
    join_body(frame, en, es, buf)
}

/// [`join_body`] built for the CPUs that count the bits of a vector in one instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,avx2,bmi1,bmi2,avx512f,avx512vl,avx512vpopcntdq")]
unsafe fn join_avx512(frame: &Frame, en: usize, es: usize, buf: &mut Buffers) -> u64 {
    join_body(frame, en, es, buf)
}

/// [`join_body`] built for the CPUs with 256-bit vectors and a bit-count instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,avx2,bmi1,bmi2")]
unsafe fn join_native(frame: &Frame, en: usize, es: usize, buf: &mut Buffers) -> u64 {
    join_body(frame, en, es, buf)
}

/// Sets loaded per sieve bucket, about (as a power of two): below that, splitting the loaded
/// sets into buckets costs more in half-empty blocks than it saves in skipped pairs (measured
/// in BENCHMARKS.md).
const BUCKET_LOG: u32 = 11;

#[inline(always)]
fn join_body(frame: &Frame, en: usize, es: usize, buf: &mut Buffers) -> u64 {
    let l = &frame.layout;
    let all_n = (1usize << l.north.len()) - 1;
    let all_s = (1usize << l.south.len()) - 1;
    let e = half(
        &frame.ne.by_rows[en],
        &frame.se.by_rows[es],
        l.east,
        &mut buf.east,
    );
    let w = half(
        &frame.nw.by_rows[all_n ^ en],
        &frame.sw.by_rows[all_s ^ es],
        l.west,
        &mut buf.west,
    );
    let bits = l.bits();
    // The cut: the bits just below the `skip` top ones, as many as the loaded sets allow.
    let cut = |len: usize, skip: u32| {
        let log = usize::BITS - len.leading_zeros();
        let t = log.saturating_sub(BUCKET_LOG).min(bits - skip);
        (bits - skip - t, t)
    };
    if frame.reduce == Reduce::FlipDiagonals {
        // The west half boards, fewer (none has a queen on a longest diagonal), are loaded
        // without the two top bits; the east ones query, and those bits set their weight.
        let (shift, t) = cut(w, 2);
        buf.narrow.load(&buf.west[..w], shift, t);
        let low = !l.longest();
        let split = |a: u64| (a & low, (a >> (bits - 2)).count_ones());
        return buf.narrow.count_each(&buf.east[..e], split);
    }
    // The fewer half boards are loaded, the others query. The two top bits are empty in the
    // centre frame (the centre queen holds both longest diagonals).
    let (loaded, queries) = if e <= w {
        (&buf.east[..e], &buf.west[..w])
    } else {
        (&buf.west[..w], &buf.east[..e])
    };
    let skip = if frame.reduce == Reduce::None { 0 } else { 2 };
    let (shift, t) = cut(loaded.len(), skip);
    buf.sieve.load(loaded, shift, t);
    buf.sieve.count_each(queries, |b| (b, 0))
}

/// The total number of solutions for `n` (1 to [`MAX_N`]), in the current rayon pool.
pub fn count_total(n: usize, control: &Control) -> Result<u128, Error> {
    if n < 4 {
        return crate::count::bitmask::count_total(n, control);
    }
    let parts = parts(n);
    control.set_total(parts.len() as u64);
    count_total_of(&parts, control)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::bitmask;

    #[test]
    fn agrees_with_the_reference_engine() {
        for n in 1..=12 {
            let want = bitmask::count_total(n, &Control::new()).unwrap();
            assert_eq!(count_total(n, &Control::new()).unwrap(), want, "N = {n}");
        }
    }

    #[test]
    fn parts_add_up_in_any_batches() {
        for n in [9, 10] {
            let want = bitmask::count_total(n, &Control::new()).unwrap();
            let parts = parts(n);
            let one_by_one: u128 = parts
                .iter()
                .map(|s| count_total_of(std::slice::from_ref(s), &Control::new()).unwrap())
                .sum();
            assert_eq!(one_by_one, want, "N = {n}");
            let halves: u128 = parts
                .chunks(parts.len() / 2 + 1)
                .map(|c| count_total_of(c, &Control::new()).unwrap())
                .sum();
            assert_eq!(halves, want, "N = {n}");
        }
    }

    #[test]
    fn each_part_is_reported_once_with_its_count() {
        use std::sync::Mutex;
        let parts = parts(11);
        let seen = Mutex::new(vec![None; parts.len()]);
        let total = count_parts(&parts, &Control::new(), &|i, c| {
            let mut seen = seen.lock().unwrap();
            assert!(seen[i].is_none(), "part {i} twice");
            seen[i] = Some(c);
        })
        .unwrap();
        let seen = seen.into_inner().unwrap();
        let sum: u128 = seen.iter().map(|c| c.expect("every part reported")).sum();
        assert_eq!((sum, total), (2680, 2680));
    }

    #[test]
    fn frames_cover_the_middle_rank_and_file() {
        // N = 5: the centre queen, or a queen on the middle rank and one on the middle file
        // not attacking each other, (4 * 4 - 8) = 8 placements in 8 / weight classes.
        let f = frames(5);
        assert_eq!(f[0], (vec![(2, 2)], 1, Reduce::MirrorFlip));
        let placements: u32 = f[1..].iter().map(|x| x.1).sum();
        assert_eq!(placements, 8);
        assert!(frames(6) == vec![(vec![], 1, Reduce::FlipDiagonals)]);
    }

    #[test]
    fn keys_put_the_longest_diagonals_on_top() {
        let l = Layout::new(8, &[]);
        // (0, 0) lies on the diagonal r = c, (0, 7) on r + c = 7.
        assert_eq!(l.key(0, 0) & l.longest(), 1 << (l.bits() - 1 - 1));
        assert_eq!(l.key(0, 7) & l.longest(), 1 << (l.bits() - 1));
        // Every crossing diagonal has its own bit.
        let all: u64 = (0..8)
            .flat_map(|r| (0..8).map(move |c| (r, c)))
            .fold(0, |m, (r, c)| m | l.key(r, c));
        assert_eq!(all.count_ones(), l.bits());
    }

    #[test]
    fn memory_is_the_tables_and_grows_with_n() {
        let (m10, m12) = (memory(10), memory(12));
        assert!(m10 > 0 && m12 > 4 * m10, "{m10} {m12}");
        // N = 11: the largest frame, without the centre queen's pruning, is not below N = 10's.
        assert!(memory(11) >= m10 / 2);
    }

    #[test]
    fn stops_when_cancelled() {
        let c = Control::new();
        c.cancel();
        assert_eq!(count_total(12, &c), Err(Error::Cancelled));
    }
}
