//! The pieces of a quarter: the placements of one queen on each of some ranks of the quarter,
//! none attacking another or a fixed queen, grouped by the set of ranks they fill and, within
//! it, by the files they fill. A piece is kept as its key (the crossing diagonals it holds):
//! two pieces of one half board can only clash on crossing diagonals, so files and key are all
//! the join needs.
//!
//! A quarter either holds the pieces of every set of ranks, built at once (the memory of the
//! whole quarter: 8 bytes a piece), or builds the pieces of one set of
//! ranks when they are asked for and forgets them after (the memory of one set of ranks; the
//! walk is repeated for each use). The second way is how counts beyond N = 23 or under a small
//! memory budget run.

use super::layout::Layout;
use rayon::prelude::*;

/// The pieces with one set of ranks, grouped by files: group `g` fills the files
/// `groups[g].0` and has the keys `keys[groups[g - 1].1..groups[g].1]`; files ascending.
#[derive(Default)]
pub(super) struct Pieces {
    pub groups: Vec<(u32, u32)>,
    pub keys: Vec<u64>,
    /// For each key bit, the share of the pieces that hold it.
    pub share: Vec<f32>,
}

impl Pieces {
    /// The pieces of `list` (files, key) without any of the key bits `drop`, grouped by files,
    /// the files within `cols`; a group keeps its pieces in the order of `list`.
    ///
    /// A counting sort by files: files within `cols` are at most `cols >> lo` once shifted
    /// down by `lo`, the lowest file of `cols`, so one count per such value (a few hundred for
    /// N = 17, a few thousand at most) places each piece in one pass. A comparison sort of the
    /// pairs took a twentieth of `queens count 17`, where a frame's quarters are rebuilt for
    /// every frame (docs/engine-quarters.md). A list much shorter than the counts is sorted as
    /// before.
    fn from(list: &mut [(u32, u64)], drop: u64, bits: u32, cols: u32, at: &mut Vec<u32>) -> Pieces {
        let lo = cols.trailing_zeros().min(31);
        let span = (cols >> lo) as usize + 1;
        let mut out = Pieces::default();
        if list.len() < span / 4 {
            list.sort_by_key(|p| p.0);
            for &(files, key) in list.iter().filter(|p| p.1 & drop == 0) {
                if out.groups.last().map(|g| g.0) != Some(files) {
                    out.groups.push((files, out.keys.len() as u32));
                }
                out.keys.push(key);
                out.groups.last_mut().expect("a group").1 = out.keys.len() as u32;
            }
        } else {
            // `at[i]`: first the pieces of files `i << lo`, then where they start.
            at.clear();
            at.resize(span + 1, 0);
            for &(files, key) in list.iter() {
                at[(files >> lo) as usize + 1] += (key & drop == 0) as u32;
            }
            for i in 0..span {
                let end = at[i] + at[i + 1];
                if end > at[i] {
                    out.groups.push(((i as u32) << lo, end));
                }
                at[i + 1] = end;
            }
            out.keys = vec![0; at[span] as usize];
            for &(files, key) in list.iter().filter(|p| p.1 & drop == 0) {
                let i = (files >> lo) as usize;
                out.keys[at[i] as usize] = key;
                at[i] += 1;
            }
        }
        let mut held = [0u32; 64];
        for &key in &out.keys {
            let mut k = key;
            while k != 0 {
                held[k.trailing_zeros() as usize] += 1;
                k &= k - 1;
            }
        }
        let len = out.keys.len().max(1) as f32;
        out.share = held[..bits as usize]
            .iter()
            .map(|&h| h as f32 / len)
            .collect();
        out
    }

    /// The keys of group `g`.
    pub fn group(&self, g: usize) -> &[u64] {
        let from = if g == 0 {
            0
        } else {
            self.groups[g - 1].1 as usize
        };
        &self.keys[from..self.groups[g].1 as usize]
    }

    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.keys.len() * 8 + self.groups.len() * 8 + self.share.len() * 4
    }
}

/// A depth-first walk over the ranks `rows[i..]`: on each rank a queen on a free file not on a
/// taken diagonal; `out(files, key)` for every leaf.
struct Walk<'a, F: FnMut(u32, u64)> {
    layout: &'a Layout,
    rows: &'a [usize],
    out: F,
}

impl<F: FnMut(u32, u64)> Walk<'_, F> {
    /// `d1` and `d2` are the taken diagonals as in [`Layout`].
    fn go(&mut self, i: usize, free: u32, d1: u64, d2: u64, cols: u32, key: u64) {
        if i == self.rows.len() {
            (self.out)(cols, key);
            return;
        }
        let (n, r) = (self.layout.n, self.rows[i]);
        // Somers' trick: the files this rank's diagonals leave free, in one word operation.
        let mut f = free & !((d1 >> r) as u32 | (d2 >> (n - 1 - r)) as u32);
        if i + 1 == self.rows.len() {
            // The last rank: its queens are leaves, emitted here rather than by a call each.
            while f != 0 {
                let c = f.trailing_zeros() as usize;
                f &= f - 1;
                (self.out)(cols | 1 << c, key | self.layout.key(r, c));
            }
            return;
        }
        while f != 0 {
            let c = f.trailing_zeros() as usize;
            f &= f - 1;
            let (b1, b2) = (1u64 << (r + c), 1u64 << (c + n - 1 - r));
            let k = key | self.layout.key(r, c);
            self.go(i + 1, free & !(1 << c), d1 | b1, d2 | b2, cols | 1 << c, k);
        }
    }
}

/// Walks the pieces on all of `rows` in the files `cols`.
fn walk(l: &Layout, rows: &[usize], cols: u32, out: impl FnMut(u32, u64)) {
    let mut w = Walk {
        layout: l,
        rows,
        out,
    };
    w.go(0, cols, l.d1, l.d2, 0, 0);
}

/// The working memory of [`Quarter::build_with`]: the walk's pieces and the counting sort's
/// counts.
#[derive(Default)]
struct Scratch {
    list: Vec<(u32, u64)>,
    at: Vec<u32>,
}

/// The pieces of one quarter: its free ranks and files, and the key bits its pieces may not
/// hold (the diagonal trick); every set of ranks held, or built when asked for.
pub(super) struct Quarter {
    rows: Vec<usize>,
    cols: u32,
    drop: u64,
    all: Option<Vec<Pieces>>,
}

impl Quarter {
    /// The quarter of the ranks `rows` and the files `cols`; with `hold`, the pieces of every
    /// set of ranks are built now (in parallel, one set of ranks at a time) and held.
    pub fn new(l: &Layout, rows: &[usize], cols: u32, drop: u64, hold: bool) -> Quarter {
        let mut q = Quarter {
            rows: rows.to_vec(),
            cols,
            drop,
            all: None,
        };
        if hold {
            let all = (0..1usize << rows.len())
                .into_par_iter()
                .map_init(Scratch::default, |s, mask| q.build_with(l, mask, s))
                .collect();
            q.all = Some(all);
        }
        q
    }

    /// The pieces on exactly the ranks `mask` (bit `i` for the `i`-th rank), built now.
    pub fn build(&self, l: &Layout, mask: usize) -> Pieces {
        self.build_with(l, mask, &mut Scratch::default())
    }

    /// [`Quarter::build`] in the working memory `s`, kept from one set of ranks to the next
    /// (made anew for each, it cost a reallocation every doubling of the walk's list).
    fn build_with(&self, l: &Layout, mask: usize, s: &mut Scratch) -> Pieces {
        s.list.clear();
        walk(l, &self.ranks(mask), self.cols, |c, key| {
            s.list.push((c, key))
        });
        Pieces::from(&mut s.list, self.drop, l.bits(), self.cols, &mut s.at)
    }

    /// Calls `f` with the pieces on exactly the ranks `mask`.
    #[inline]
    pub fn with<R>(&self, l: &Layout, mask: usize, f: impl FnOnce(&Pieces) -> R) -> R {
        match &self.all {
            Some(all) => f(&all[mask]),
            None => f(&self.build(l, mask)),
        }
    }

    /// How many pieces fill exactly the ranks `mask` (by a walk that keeps none).
    pub fn count(&self, l: &Layout, mask: usize) -> u64 {
        let rows = self.ranks(mask);
        let mut count = 0;
        let drop = self.drop;
        walk(l, &rows, self.cols, |_, key| {
            count += (key & drop == 0) as u64
        });
        count
    }

    fn ranks(&self, mask: usize) -> Vec<usize> {
        (0..self.rows.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| self.rows[i])
            .collect()
    }

    /// The bytes held.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.all
            .iter()
            .flatten()
            .map(|p| p.bytes() + std::mem::size_of::<Pieces>())
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_and_built_pieces_agree() {
        let l = Layout::new(11, &[(5, 5)]);
        let held = Quarter::new(&l, &l.north, l.east, 0, true);
        let built = Quarter::new(&l, &l.north, l.east, 0, false);
        for mask in 0..=l.all_north() {
            let a = held.with(&l, mask, |p| (p.groups.clone(), p.keys.clone()));
            let b = built.with(&l, mask, |p| (p.groups.clone(), p.keys.clone()));
            assert_eq!(a, b, "mask {mask:b}");
            assert_eq!(held.count(&l, mask), a.1.len() as u64);
        }
        assert!(held.bytes() > 0 && built.bytes() == 0);
    }

    #[test]
    fn pieces_are_grouped_by_files_in_the_order_of_the_walk() {
        // Short lists (one or two ranks) take the comparison sort, long ones the counting
        // sort; both must give what a stable sort of the walk's pieces by files gives.
        let (mut short, mut long) = (0, 0);
        for (n, fixed) in [(11, vec![(5, 5)]), (12, vec![]), (13, vec![(6, 2), (3, 6)])] {
            let l = Layout::new(n, &fixed);
            let quarters = [
                (&l.north, l.east, 0),
                (&l.north, l.west, l.longest()),
                (&l.south, l.east, 0),
                (&l.south, l.west, l.longest()),
            ];
            for (rows, cols, drop) in quarters {
                let q = Quarter::new(&l, rows, cols, drop, false);
                let span = (cols >> cols.trailing_zeros()) as usize + 1;
                for mask in 0..1usize << rows.len() {
                    let mut want = Vec::new();
                    walk(&l, &q.ranks(mask), cols, |c, key| want.push((c, key)));
                    if want.len() < span / 4 {
                        short += 1;
                    } else {
                        long += 1;
                    }
                    want.retain(|p| p.1 & drop == 0);
                    want.sort_by_key(|p| p.0);
                    let p = q.build(&l, mask);
                    let p = &p;
                    let got: Vec<(u32, u64)> = (0..p.groups.len())
                        .flat_map(|g| p.group(g).iter().map(move |&k| (p.groups[g].0, k)))
                        .collect();
                    assert_eq!(got, want, "n {n}, files {cols:b}, ranks {mask:b}");
                    assert!(p.groups.windows(2).all(|w| w[0].0 < w[1].0));
                    for bit in 0..l.bits() as usize {
                        let held = want.iter().filter(|p| p.1 >> bit & 1 == 1).count();
                        let share = held as f32 / want.len().max(1) as f32;
                        assert_eq!(p.share[bit], share, "n {n}, bit {bit}");
                    }
                }
            }
        }
        assert!(
            short > 0 && long > 0,
            "{short} short lists, {long} long ones"
        );
    }

    #[test]
    fn dropped_keys_are_left_out() {
        let l = Layout::new(10, &[]);
        let q = Quarter::new(&l, &l.north, l.west, l.longest(), true);
        q.with(&l, 0b111, |p| {
            assert!(!p.keys.is_empty());
            assert!(p.keys.iter().all(|k| k & l.longest() == 0));
            assert!(p.share[l.bits() as usize - 1] == 0.0);
        });
    }
}
