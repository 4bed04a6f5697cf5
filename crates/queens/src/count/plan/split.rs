//! The split of a plan's parts into K shares of about equal cost, the same on every machine.
//!
//! Graham's greedy rule, longest processing time first (Graham 1969, "Bounds on multiprocessing
//! timing anomalies"): take the pieces from the costliest down and give each to the share with
//! the least cost so far. The pieces are *runs* of consecutive parts, cut in list order so
//! that none costs more than an eighth of a share (a part costlier than that is a run alone):
//! every share then ends within an eighth of a share, plus its costliest part, of the mean
//! (Graham's bound for many small pieces), and since the engines list the parts that share a
//! set-up next to each other (a quarters frame), a share sets up a few frames, not all of
//! them. Ties go to the lower index, so every task of a cluster job computes the same shares.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Runs per share, about: the balance is within 1/RUNS of a share.
const RUNS: f64 = 8.0;

/// The shares of the parts with `costs` (non-negative) among `k` (at least 1): every index in
/// exactly one share, each share in increasing order.
pub fn shares(costs: &[f64], k: usize) -> Vec<Vec<usize>> {
    let k = k.max(1);
    let total: f64 = costs.iter().sum();
    let runs = runs(costs, total / (k as f64 * RUNS));
    let mut order: Vec<usize> = (0..runs.len()).collect();
    // Costliest first; equal costs in list order.
    order.sort_by(|&a, &b| runs[b].1.total_cmp(&runs[a].1).then(a.cmp(&b)));
    let mut out = vec![Vec::new(); k];
    // The least loaded share on top, the lower index among equals. Loads are non-negative,
    // so their bit patterns order as the numbers do.
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = (0..k).map(|s| Reverse((0, s))).collect();
    for r in order {
        let Some(Reverse((load, share))) = heap.pop() else {
            break;
        };
        let (range, cost) = &runs[r];
        out[share].extend(range.clone());
        let load = f64::from_bits(load) + cost;
        heap.push(Reverse((load.to_bits(), share)));
    }
    for share in &mut out {
        share.sort_unstable();
    }
    out
}

/// The parts cut into runs of consecutive parts, each costing at most `most` unless a single
/// part does: (the range of indices, its cost).
fn runs(costs: &[f64], most: f64) -> Vec<(std::ops::Range<usize>, f64)> {
    let mut out = Vec::new();
    let (mut from, mut sum) = (0, 0.0);
    for (i, &c) in costs.iter().enumerate() {
        if i > from && sum + c > most {
            out.push((from..i, sum));
            (from, sum) = (i, 0.0);
        }
        sum += c.max(0.0);
    }
    if from < costs.len() {
        out.push((from..costs.len(), sum));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn loads(costs: &[f64], shares: &[Vec<usize>]) -> Vec<f64> {
        shares
            .iter()
            .map(|s| s.iter().map(|&i| costs[i]).sum())
            .collect()
    }

    proptest! {
        #[test]
        fn every_part_is_in_exactly_one_share(
            costs in prop::collection::vec(0.0f64..100.0, 0..300),
            k in 1usize..40,
        ) {
            let shares = shares(&costs, k);
            prop_assert_eq!(shares.len(), k);
            let mut all: Vec<usize> = shares.iter().flatten().copied().collect();
            all.sort_unstable();
            prop_assert_eq!(all, (0..costs.len()).collect::<Vec<_>>());
            for s in &shares {
                prop_assert!(s.windows(2).all(|w| w[0] < w[1]));
            }
        }

        #[test]
        fn shares_are_balanced_within_graham_s_bound(
            costs in prop::collection::vec(0.0f64..100.0, 1..300),
            k in 1usize..20,
        ) {
            let shares = shares(&costs, k);
            let loads = loads(&costs, &shares);
            let total: f64 = costs.iter().sum();
            let mean = total / k as f64;
            let largest = costs.iter().cloned().fold(0.0, f64::max);
            let most = loads.iter().cloned().fold(0.0, f64::max);
            // A run costs at most mean / RUNS plus one part, and the share that ends costliest
            // was the least loaded one (at most the mean) before its last run.
            prop_assert!(most <= mean + mean / RUNS + largest + 1e-9, "{} > {}", most, mean);
        }

        #[test]
        fn the_same_costs_give_the_same_shares(
            costs in prop::collection::vec(0.0f64..10.0, 0..100),
            k in 1usize..10,
        ) {
            prop_assert_eq!(shares(&costs, k), shares(&costs.clone(), k));
        }
    }

    #[test]
    fn equal_costs_are_dealt_evenly() {
        let costs = vec![1.0; 1000];
        for k in [1, 3, 8, 64] {
            let shares = shares(&costs, k);
            let sizes: Vec<usize> = shares.iter().map(Vec::len).collect();
            let (min, max) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
            assert!(max - min <= 1000 / (8 * k) + 1, "k = {k}: {sizes:?}");
        }
    }

    #[test]
    fn neighbours_stay_together() {
        // 4 shares of 1000 equal parts: each share is a handful of runs, not 250 scattered
        // parts.
        let shares = shares(&[1.0; 1000], 4);
        for s in &shares {
            let breaks = s.windows(2).filter(|w| w[1] != w[0] + 1).count();
            assert!(breaks < 12, "{breaks} breaks");
        }
    }

    #[test]
    fn one_heavy_part_gets_a_share_to_itself() {
        let mut costs = vec![1.0; 30];
        costs[7] = 100.0;
        let shares = shares(&costs, 3);
        let heavy = shares.iter().find(|s| s.contains(&7)).unwrap();
        assert_eq!(heavy, &vec![7]);
    }
}
