//! The cost of a count before the work: a seeded random sample of its parts, timed one after
//! another on one thread, scaled up by the parts' estimated costs.
//!
//! The ratio estimator of survey sampling (Cochran, "Sampling Techniques", 3rd ed., ch. 6 and
//! 9.2 for clusters): the CPU seconds per unit of cost measured on the sample, times the cost
//! of all the parts. The sample is drawn as clusters of a few consecutive parts (disjoint
//! blocks of the work, in an order shuffled with the seed) and counted in rounds, each in list
//! order, so that parts sharing the engine's set-up (a quarters frame) pay it once a round:
//! the CPU time of the one thread between two finished parts of one group is the later part's
//! time, and the first part of a group carries the set-up, measured as its excess over its
//! cost and charged once per group of the whole work. Rounds go on until the timed parts add
//! up to a minimum of CPU time, so that tiny parts are timed in numbers that drown the clock's
//! noise. The uncertainty is twice the standard error of the ratio over the clusters (about
//! 95 %). The parts of the sample are really counted: their counts come back, so a count that
//! follows need not count them again.

use super::Plan;
use crate::clock::Instant;
use crate::control::{Control, Ended};
use crate::error::Error;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

/// Consecutive parts per cluster of the sample.
const CLUSTER: usize = 4;

/// How the sample is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Parts per round (whole clusters of 4); all of them when the work has no more.
    pub size: usize,
    /// Rounds go on until the timed parts took this many CPU seconds (or the work is all
    /// timed, or the budget ends).
    pub min_seconds: f64,
    /// The seed of the random choice.
    pub seed: u64,
    /// The sample stops after this long (wall time); the estimate is then a lower bound.
    pub budget: Duration,
}

/// What a count will cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The parts of the work estimated.
    pub parts: usize,
    /// The parts timed (finished within the budget).
    pub sampled: usize,
    /// The seed of the sample.
    pub seed: u64,
    /// CPU seconds of the whole work on one core of this machine.
    pub cpu_seconds: f64,
    /// The relative uncertainty of `cpu_seconds` (0.2 is plus or minus 20 %), about 95 %
    /// sure; `None` when the sample is too small to say.
    pub error: Option<f64>,
    /// The budget ran out: `cpu_seconds` is a lower bound.
    pub at_least: bool,
    /// The wall seconds the sample took.
    pub sample_seconds: f64,
    /// The sampled parts' counts: (index, count), in the plan's units.
    pub counts: Vec<(usize, u128)>,
}

/// A part timed: its index, its count, its seconds, and whether it came first in its group
/// (carrying the group's set-up).
#[derive(Clone, Copy, Debug)]
struct Timed {
    index: usize,
    count: u128,
    seconds: f64,
    first: bool,
}

/// A part finished during a round: its index and count, and when (the thread's CPU clock,
/// if it can be read, and the wall clock).
type Event = (usize, u128, Option<Duration>, Instant);

impl Plan {
    /// Estimates the CPU time of counting the parts `work` (indices into the list, in
    /// increasing order) from a timed sample; stops early with [`Error::Cancelled`] when
    /// `control` is cancelled.
    pub fn estimate(
        &self,
        work: &[usize],
        sample: &Sample,
        control: &Control,
    ) -> Result<Estimate, Error> {
        let order = shuffled_blocks(work.len(), sample.seed);
        let per_round = sample.size.div_ceil(CLUSTER).max(1);
        let start = Instant::now();
        let (mut timed, mut chosen) = (Vec::new(), Vec::new());
        let mut out_of_time = false;
        for round in order.chunks(per_round) {
            let mut blocks = round.to_vec();
            blocks.sort_unstable();
            let batch: Vec<usize> = blocks
                .iter()
                .flat_map(|&b| block(work, b))
                .copied()
                .collect();
            let left = sample.budget.saturating_sub(start.elapsed());
            let (events, out) = self.time(&batch, left, control)?;
            timed.extend(self.intervals(&events));
            chosen.extend(batch);
            out_of_time = out;
            let cpu: f64 = timed.iter().map(|t| t.seconds).sum();
            if out || cpu >= sample.min_seconds {
                break;
            }
        }
        let mut est = self.scale(work, &chosen, &timed);
        let wall = start.elapsed().as_secs_f64();
        if out_of_time {
            // The sample as a whole would have taken longer than the budget: a lower bound.
            let cost: f64 = chosen.iter().map(|&i| self.costs()[i]).sum();
            let work_cost: f64 = work.iter().map(|&i| self.costs()[i]).sum();
            let floor = wall / cost.max(f64::MIN_POSITIVE) * work_cost;
            est.cpu_seconds = est.cpu_seconds.max(floor);
            est.at_least = true;
            est.error = None;
        }
        est.seed = sample.seed;
        est.sample_seconds = wall;
        Ok(est)
    }

    /// Counts `batch` on one thread, noting when each part ends; whether the budget ran out.
    fn time(
        &self,
        batch: &[usize],
        budget: Duration,
        outer: &Control,
    ) -> Result<(Vec<Event>, bool), Error> {
        let events = Mutex::new(Vec::with_capacity(batch.len() + 1));
        let note = |i: usize, c: u128| {
            if let Ok(mut e) = events.lock() {
                e.push((i, c, thread_cpu(), Instant::now()));
            }
        };
        // One thread, so that the time between two finished parts is one part's; the starting
        // time is an event of no part.
        let run = |inner: &Control| {
            note(usize::MAX, 0);
            self.count(batch, inner, &note)
        };
        let (result, ended) = outer.child(
            Some(budget),
            || {},
            |inner| match rayon::ThreadPoolBuilder::new().num_threads(1).build() {
                Ok(pool) => pool.install(|| run(inner)),
                Err(_) => run(inner),
            },
        );
        if outer.is_cancelled() {
            return Err(Error::Cancelled);
        }
        let events = events.into_inner().unwrap_or_default();
        match result {
            Ok(_) => Ok((events, false)),
            Err(Error::Cancelled) if ended == Ended::OutOfTime => Ok((events, true)),
            Err(e) => Err(e),
        }
    }

    /// The seconds of each part finished in a round (the CPU time of the thread since the
    /// part before ended, or the wall time if the CPU clock cannot be read), and whether it
    /// came first in its group.
    fn intervals(&self, events: &[Event]) -> Vec<Timed> {
        let groups = self.groups();
        let cpu = events.iter().all(|e| e.2.is_some());
        events
            .windows(2)
            .enumerate()
            .map(|(j, w)| {
                let seconds = match (cpu, w[0].2, w[1].2) {
                    (true, Some(a), Some(b)) => b.saturating_sub(a).as_secs_f64(),
                    _ => (w[1].3 - w[0].3).as_secs_f64(),
                };
                let first = j == 0 || groups[w[0].0] != groups[w[1].0];
                Timed {
                    index: w[1].0,
                    count: w[1].1,
                    seconds,
                    first,
                }
            })
            .collect()
    }

    /// The estimate from the parts timed.
    fn scale(&self, work: &[usize], chosen: &[usize], timed: &[Timed]) -> Estimate {
        let costs = self.costs();
        let groups = self.groups();
        let mut est = Estimate {
            parts: work.len(),
            sampled: timed.len(),
            seed: 0,
            cpu_seconds: 0.0,
            error: None,
            at_least: false,
            sample_seconds: 0.0,
            counts: timed.iter().map(|t| (t.index, t.count)).collect(),
        };
        // Clean parts (not first in their group) give the rate per unit of cost, cluster
        // by cluster; the first part of a group also carries a set-up.
        let cluster: HashMap<usize, usize> = chosen
            .iter()
            .enumerate()
            .map(|(pos, &i)| (i, pos / CLUSTER))
            .collect();
        let mut by_cluster: HashMap<usize, (f64, f64)> = HashMap::new();
        let mut firsts = Vec::new();
        for t in timed {
            if t.first {
                firsts.push((t.seconds, costs[t.index]));
            } else {
                let c = by_cluster.entry(cluster[&t.index]).or_default();
                c.0 += t.seconds;
                c.1 += costs[t.index];
            }
        }
        if by_cluster.values().all(|c| c.1 <= 0.0) {
            // No clean part: every timed part pays its set-up, as it may in the count.
            let c = firsts
                .iter()
                .fold((0.0, 0.0), |a, f| (a.0 + f.0, a.1 + f.1));
            by_cluster = HashMap::from([(0, c)]);
            firsts.clear();
        }
        let (time, cost) = by_cluster
            .values()
            .fold((0.0, 0.0), |a, c| (a.0 + c.0, a.1 + c.1));
        if cost <= 0.0 {
            return est;
        }
        let rate = time / cost;
        let setup = if firsts.is_empty() {
            0.0
        } else {
            let excess: f64 = firsts.iter().map(|&(t, c)| (t - rate * c).max(0.0)).sum();
            excess / firsts.len() as f64
        };
        let work_cost: f64 = work.iter().map(|&i| costs[i]).sum();
        let work_groups = 1 + work
            .windows(2)
            .filter(|w| groups[w[0]] != groups[w[1]])
            .count();
        est.cpu_seconds = rate * work_cost + setup * work_groups as f64;
        let fraction = est.sampled as f64 / work.len() as f64;
        est.error = relative_error(&by_cluster, rate, fraction);
        est
    }
}

/// The CPU time of the calling thread, if the system tells it.
fn thread_cpu() -> Option<Duration> {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    return cpu_time::ThreadTime::try_now()
        .ok()
        .map(|t| t.as_duration());
    // A browser tells no CPU time: the intervals are then wall time.
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    None
}

/// Twice the relative standard error of the ratio `rate` over the clusters (time, cost), with
/// the finite population correction for the `fraction` of the work sampled.
fn relative_error(clusters: &HashMap<usize, (f64, f64)>, rate: f64, fraction: f64) -> Option<f64> {
    let s = clusters.len() as f64;
    if s < 2.0 || rate <= 0.0 {
        return None;
    }
    let mean_cost = clusters.values().map(|c| c.1).sum::<f64>() / s;
    let squares: f64 = clusters.values().map(|c| (c.0 - rate * c.1).powi(2)).sum();
    let variance = (1.0 - fraction).max(0.0) * squares / (s * (s - 1.0));
    Some(2.0 * variance.sqrt() / mean_cost / rate)
}

/// Every block of `CLUSTER` consecutive positions of a work of `len` parts, in an order
/// shuffled with the seed.
fn shuffled_blocks(len: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len.div_ceil(CLUSTER)).collect();
    order.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(seed));
    order
}

/// The parts of block `b` of the work.
fn block(work: &[usize], b: usize) -> &[usize] {
    &work[b * CLUSTER..((b + 1) * CLUSTER).min(work.len())]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Engine;

    fn sample(size: usize) -> Sample {
        Sample {
            size,
            min_seconds: 0.0,
            seed: 7,
            budget: Duration::from_secs(60),
        }
    }

    #[test]
    fn a_small_work_is_timed_whole_and_its_counts_come_back() {
        let plan = Plan::new(10, Engine::Dihedral).unwrap();
        let work: Vec<usize> = (0..plan.len()).collect();
        let est = plan
            .estimate(&work, &sample(100_000), &Control::new())
            .unwrap();
        assert_eq!((est.parts, est.sampled), (plan.len(), plan.len()));
        assert_eq!(est.error, Some(0.0));
        let sum: u128 = est.counts.iter().map(|c| c.1).sum();
        assert_eq!(plan.counts(sum).unwrap().total, 724);
    }

    #[test]
    fn a_sample_is_the_seed_s_and_its_counts_are_right() {
        let plan = Plan::new(13, Engine::Quarters).unwrap();
        let work: Vec<usize> = (0..plan.len()).collect();
        let a = plan.estimate(&work, &sample(16), &Control::new()).unwrap();
        let b = plan.estimate(&work, &sample(16), &Control::new()).unwrap();
        let ids = |e: &Estimate| e.counts.iter().map(|c| c.0).collect::<Vec<_>>();
        assert_eq!(ids(&a), ids(&b));
        assert_eq!(a.sampled, 16);
        assert!(a.cpu_seconds > 0.0 && !a.at_least);
        // Each sampled count is the part's own count.
        for &(i, c) in &a.counts {
            let alone = plan.count(&[i], &Control::new(), &|_, _| {}).unwrap();
            assert_eq!(c, alone, "part {i}");
        }
    }

    #[test]
    fn the_blocks_are_every_block_once_in_the_seed_s_order() {
        for len in [0, 1, 5, 33, 1000] {
            let mut blocks = shuffled_blocks(len, 3);
            assert_eq!(blocks, shuffled_blocks(len, 3));
            blocks.sort_unstable();
            assert_eq!(blocks, (0..len.div_ceil(CLUSTER)).collect::<Vec<_>>());
            let covered: usize = blocks
                .iter()
                .map(|&b| (len - b * CLUSTER).min(CLUSTER))
                .sum();
            assert_eq!(covered, len);
        }
        assert_ne!(shuffled_blocks(1000, 3), shuffled_blocks(1000, 4));
    }

    #[test]
    fn rounds_go_on_until_the_minimum_time() {
        let plan = Plan::new(12, Engine::Dihedral).unwrap();
        let work: Vec<usize> = (0..plan.len()).collect();
        let one = plan.estimate(&work, &sample(8), &Control::new()).unwrap();
        assert_eq!(one.sampled, 8);
        let more = Sample {
            min_seconds: 1e9,
            ..sample(8)
        };
        // The minimum is never reached: every part is timed, and the figure is the sum.
        let all = plan.estimate(&work, &more, &Control::new()).unwrap();
        assert_eq!((all.sampled, all.error), (plan.len(), Some(0.0)));
        let sum: u128 = all.counts.iter().map(|c| c.1).sum();
        assert_eq!(plan.counts(sum).unwrap().total, 14200);
    }

    #[test]
    fn a_budget_that_runs_out_gives_a_lower_bound() {
        let plan = Plan::new(18, Engine::Dihedral).unwrap();
        let work: Vec<usize> = (0..plan.len()).collect();
        let tight = Sample {
            budget: Duration::from_millis(1),
            ..sample(64)
        };
        let est = plan.estimate(&work, &tight, &Control::new()).unwrap();
        assert!(est.at_least && est.cpu_seconds > 0.0);
        assert_eq!(est.error, None);
    }

    #[test]
    fn a_cancel_stops_the_sample() {
        let plan = Plan::new(12, Engine::Dihedral).unwrap();
        let c = Control::new();
        c.cancel();
        let work: Vec<usize> = (0..plan.len()).collect();
        assert_eq!(plan.estimate(&work, &sample(8), &c), Err(Error::Cancelled));
    }

    #[test]
    fn the_error_shrinks_when_clusters_agree() {
        let same: HashMap<usize, (f64, f64)> = (0..8).map(|i| (i, (2.0, 1.0))).collect();
        assert_eq!(relative_error(&same, 2.0, 0.1), Some(0.0));
        let spread: HashMap<usize, (f64, f64)> = (0..8)
            .map(|i| (i, (1.0 + i as f64 % 2.0 * 2.0, 1.0)))
            .collect();
        let e = relative_error(&spread, 2.0, 0.1).unwrap();
        assert!(e > 0.2 && e < 1.0, "{e}");
        assert_eq!(relative_error(&spread, 2.0, 1.0), Some(0.0));
        let one: HashMap<usize, (f64, f64)> = [(0, (1.0, 1.0))].into();
        assert_eq!(relative_error(&one, 1.0, 0.1), None);
    }
}
