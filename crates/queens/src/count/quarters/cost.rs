//! What a part costs, before it is counted: a model for sharing parts out evenly and for
//! estimates, and the memory of the held pieces.
//!
//! The join of a choice tests about `E * W` pairs of half boards, `E` and `W` the east and
//! west half boards, and makes and loads `E + W` of them. A half board is a north and a south
//! piece of one side on complementary files, so `E` is about `a * b / C(f, k)`: `a` and `b` the
//! pieces of the north-east ranks and of the south-east ranks, `C(f, k)` the ways to give the
//! north-east pieces `k` of the `f` east files. The pieces of a set of ranks depend mostly on
//! how many ranks it has, so each frame counts the pieces of a few sets of each size, per
//! quarter, and takes their mean. The model ignores the pairs that clash on a diagonal; only
//! the ratios of costs matter.

use super::frames::{choices, Reduce};
use super::layout::Layout;
use super::pieces::Quarter;
use super::Part;
use rayon::prelude::*;
use std::collections::HashMap;

/// Bytes of the pieces of the largest frame of each N, measured (`held_bytes` below, the test
/// `table_bytes_are_measured`): index N.
const MEASURED: [usize; 24] = [
    0, 0, 0, 0, 1792, 1728, 4448, 4288, 11968, 11296, 35888, 31776, 130144, 107840, 594960, 454176,
    3414976, 2420768, 23480032, 15693312, 182960576, 117972608, 1579832128, 997310464,
];

/// The bytes of the pieces of the largest frame's four quarters for `n`: measured up to 23,
/// and beyond about 8.6 times more for every two N (the growth from 20 to 22 and 21 to 23).
pub(super) fn table_bytes(n: usize) -> usize {
    match MEASURED.get(n) {
        Some(&b) => b,
        None => {
            let base = 22 + (n - 22) % 2;
            (MEASURED[base] as f64 * 8.6f64.powi((n - base) as i32 / 2)) as usize
        }
    }
}

/// The mean number of pieces of one quarter for each number of ranks, from up to `SAMPLE`
/// sets of ranks of each size spread over the sets of that size.
fn mean_pieces(l: &Layout, q: &Quarter, ranks: usize) -> Vec<f64> {
    const SAMPLE: usize = 3;
    (0..=ranks)
        .map(|k| {
            let sets: Vec<usize> = (0..1usize << ranks)
                .filter(|m| m.count_ones() as usize == k)
                .collect();
            let step = sets.len().div_ceil(SAMPLE).max(1);
            let picked: Vec<usize> = sets.iter().step_by(step).copied().collect();
            let sum: u64 = picked.iter().map(|&m| q.count(l, m)).sum();
            sum as f64 / picked.len() as f64
        })
        .collect()
}

/// The model of one frame: its layout, reduction and mean pieces by ranks, per quarter.
pub(super) struct FrameCost {
    pub layout: Layout,
    reduce: Reduce,
    ne: Vec<f64>,
    se: Vec<f64>,
    nw: Vec<f64>,
    sw: Vec<f64>,
}

impl FrameCost {
    pub fn new(part: &Part) -> FrameCost {
        let l = Layout::new(part.n(), &part.fixed_squares());
        let drop = if part.reduce == Reduce::FlipDiagonals {
            l.longest()
        } else {
            0
        };
        let (nn, ns) = (l.north.len(), l.south.len());
        let mean = |rows: &[usize], cols: u32, drop: u64, ranks: usize| {
            mean_pieces(&l, &Quarter::new(&l, rows, cols, drop, false), ranks)
        };
        FrameCost {
            ne: mean(&l.north, l.east, 0, nn),
            se: mean(&l.south, l.east, 0, ns),
            nw: mean(&l.north, l.west, drop, nn),
            sw: mean(&l.south, l.west, drop, ns),
            reduce: part.reduce,
            layout: l,
        }
    }

    /// The modelled cost of one part.
    pub fn part(&self, part: &Part) -> f64 {
        let en = part.north as usize;
        choices(&self.layout, self.reduce, en)
            .iter()
            .map(|&(es, _)| self.choice(en, es))
            .sum()
    }

    /// The modelled cost of the choice `(en, es)`.
    pub fn choice(&self, en: usize, es: usize) -> f64 {
        let l = &self.layout;
        let (fe, fw) = (l.east.count_ones() as usize, l.west.count_ones() as usize);
        let (nn, ns) = (l.north.len(), l.south.len());
        let (kn, ks) = (en.count_ones() as usize, es.count_ones() as usize);
        let e = self.ne[kn] * self.se[ks] / binomial(fe, kn);
        let w = self.nw[nn - kn] * self.sw[ns - ks] / binomial(fw, nn - kn);
        e * w / 256.0 + 8.0 * (e + w) + 1000.0
    }
}

fn binomial(n: usize, k: usize) -> f64 {
    (0..k.min(n)).fold(1.0, |c, i| c * (n - i) as f64 / (i + 1) as f64)
}

/// The modelled relative cost of each part (any N, any frames): for sharing parts out by cost
/// and for scaling the time of a sample of parts to the whole. A few milliseconds at N = 18,
/// seconds at N = 27 (it counts pieces of a few sets of ranks of each frame).
pub fn part_costs(parts: &[Part]) -> Vec<f64> {
    let mut frames: Vec<&Part> = Vec::new();
    let mut seen = HashMap::new();
    for p in parts {
        seen.entry(p.frame_key()).or_insert_with(|| {
            frames.push(p);
            frames.len() - 1
        });
    }
    let models: Vec<FrameCost> = frames.par_iter().map(|p| FrameCost::new(p)).collect();
    parts
        .iter()
        .map(|p| models[seen[&p.frame_key()]].part(p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::quarters::{parts, Frame, Hold};

    /// The bytes of the held pieces of the largest of the first two frames of `n`.
    fn held_bytes(n: usize) -> usize {
        parts(n)
            .iter()
            .map(|p| p.frame_key())
            .fold(Vec::new(), |mut v, k| {
                if v.last() != Some(&k) {
                    v.push(k);
                }
                v
            })
            .iter()
            .take(2)
            .map(|k| {
                let p = parts(n).into_iter().find(|p| p.frame_key() == *k).unwrap();
                let f = Frame::new(&p, Hold::All);
                [&f.nw, &f.ne, &f.sw, &f.se]
                    .iter()
                    .map(|q| q.bytes())
                    .sum::<usize>()
            })
            .max()
            .unwrap()
    }

    #[test]
    fn table_bytes_are_measured() {
        for n in 4..=14 {
            assert_eq!(table_bytes(n), held_bytes(n), "N = {n}");
        }
    }

    /// Measures the bytes of every N up to 23 and checks them against the table `MEASURED`
    /// (release, about a minute and 6 GB; the measured table is in the failure's message):
    /// `cargo test --release -p queens -- --ignored measured_table_bytes_are_the_table`.
    #[test]
    #[ignore = "about a minute and 6 GB in release: the bytes of every N to 23"]
    fn measured_table_bytes_are_the_table() {
        let all: Vec<usize> = (0..=23)
            .map(|n| if n < 4 { 0 } else { held_bytes(n) })
            .collect();
        assert_eq!(all, MEASURED, "measured {all:?}");
    }

    #[test]
    fn costs_follow_the_work() {
        let parts = parts(14);
        let costs = part_costs(&parts);
        assert_eq!(costs.len(), parts.len());
        assert!(costs.iter().all(|&c| c > 0.0));
        // The parts with the most even split of the east queens cost the most.
        let mid = parts
            .iter()
            .position(|p| p.north().count_ones() == 3)
            .unwrap();
        let edge = parts.iter().position(|p| p.north() == 0).unwrap();
        assert!(costs[mid] > costs[edge], "{} {}", costs[mid], costs[edge]);
    }
}
