//! The pieces of a quarter: the placements of one queen on each of some ranks of the quarter,
//! none attacking another or a fixed queen, grouped by the set of ranks they fill and, within
//! it, by the files they fill. A piece is kept as its key (the crossing diagonals it holds):
//! two pieces of one half board can only clash on crossing diagonals, so files and key are all
//! the join needs.
//!
//! A quarter either holds the pieces of every set of ranks, built at once in one walk (fast,
//! and the memory of the whole quarter: 8 bytes a piece), or builds the pieces of one set of
//! ranks when they are asked for and forgets them after (the memory of one set of ranks; the
//! walk is repeated for each use). The second way is how counts beyond N = 23 or under a small
//! memory budget run.

use super::layout::Layout;

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
    /// The pieces of `list` (files, key) without any of the key bits `drop`.
    fn from(mut list: Vec<(u32, u64)>, drop: u64, bits: u32) -> Pieces {
        list.sort_unstable_by_key(|p| p.0);
        let mut out = Pieces::default();
        let mut held = vec![0u32; bits as usize];
        for (cols, key) in list.into_iter().filter(|p| p.1 & drop == 0) {
            if out.groups.last().map(|g| g.0) != Some(cols) {
                out.groups.push((cols, out.keys.len() as u32));
            }
            out.keys.push(key);
            out.groups.last_mut().expect("a group").1 = out.keys.len() as u32;
            let mut k = key;
            while k != 0 {
                held[k.trailing_zeros() as usize] += 1;
                k &= k - 1;
            }
        }
        let len = out.keys.len().max(1) as f32;
        out.share = held.iter().map(|&h| h as f32 / len).collect();
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
/// taken diagonal, or (when `skip`) no queen; `out(mask, files, key)` for every leaf, `mask`
/// the ranks filled (bit `i` for `rows[i]`).
struct Walk<'a, F: FnMut(usize, u32, u64)> {
    layout: &'a Layout,
    rows: &'a [usize],
    skip: bool,
    out: F,
}

impl<F: FnMut(usize, u32, u64)> Walk<'_, F> {
    #[allow(clippy::too_many_arguments)]
    fn go(&mut self, i: usize, mask: usize, free: u32, d1: u64, d2: u64, cols: u32, key: u64) {
        if i == self.rows.len() {
            (self.out)(mask, cols, key);
            return;
        }
        if self.skip {
            self.go(i + 1, mask, free, d1, d2, cols, key);
        }
        let (n, r) = (self.layout.n, self.rows[i]);
        let mut f = free;
        while f != 0 {
            let c = f.trailing_zeros() as usize;
            f &= f - 1;
            let b1 = 1u64 << (r + c);
            let b2 = 1u64 << (r + n - 1 - c);
            if d1 & b1 == 0 && d2 & b2 == 0 {
                let k = key | self.layout.key(r, c);
                let m = mask | 1 << i;
                self.go(
                    i + 1,
                    m,
                    free & !(1 << c),
                    d1 | b1,
                    d2 | b2,
                    cols | 1 << c,
                    k,
                );
            }
        }
    }
}

/// Walks the pieces on some of `rows` (all of them unless `skip`) in the files `cols`.
fn walk(l: &Layout, rows: &[usize], cols: u32, skip: bool, out: impl FnMut(usize, u32, u64)) {
    let mut w = Walk {
        layout: l,
        rows,
        skip,
        out,
    };
    w.go(0, 0, cols, l.d1, l.d2, 0, 0);
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
    /// set of ranks are built now and held.
    pub fn new(l: &Layout, rows: &[usize], cols: u32, drop: u64, hold: bool) -> Quarter {
        let all = hold.then(|| {
            let mut lists = vec![Vec::new(); 1 << rows.len()];
            walk(l, rows, cols, true, |mask, c, key| {
                lists[mask].push((c, key))
            });
            lists
                .into_iter()
                .map(|list| Pieces::from(list, drop, l.bits()))
                .collect()
        });
        Quarter {
            rows: rows.to_vec(),
            cols,
            drop,
            all,
        }
    }

    /// Calls `f` with the pieces on exactly the ranks `mask` (bit `i` for the `i`-th rank).
    #[inline]
    pub fn with<R>(&self, l: &Layout, mask: usize, f: impl FnOnce(&Pieces) -> R) -> R {
        match &self.all {
            Some(all) => f(&all[mask]),
            None => {
                let rows: Vec<usize> = self.ranks(mask);
                let mut list = Vec::new();
                walk(l, &rows, self.cols, false, |_, c, key| list.push((c, key)));
                f(&Pieces::from(list, self.drop, l.bits()))
            }
        }
    }

    /// How many pieces fill exactly the ranks `mask` (by a walk that keeps none).
    pub fn count(&self, l: &Layout, mask: usize) -> u64 {
        let rows = self.ranks(mask);
        let mut count = 0;
        let drop = self.drop;
        walk(l, &rows, self.cols, false, |_, _, key| {
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
