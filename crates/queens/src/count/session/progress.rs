//! Progress of a count: how much is done, of how much, and the time left.
//!
//! The idea: the work is measured by the estimated cost of its parts (the plan's costs), not
//! by their number, since parts differ in cost by orders of magnitude; the time left is the
//! cost left at the run's own pace (seconds per unit of cost so far), steadied at first by the
//! pace of the estimate made before the work, as if a fiftieth of the run's work had gone at
//! that pace (a Bayesian prior of fixed weight, the usual cure for the wild first minutes of
//! an extrapolated time left). Work with no costs counts each unit as one.

use crate::clock::Instant;
use serde::Serialize;
use std::sync::Mutex;

/// Work measured by the estimated cost of its parts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Parts in all.
    pub parts: u64,
    /// Parts done before this run (a resumed checkpoint, a counted sample).
    pub parts_before: u64,
    /// Their estimated cost in all.
    pub cost: f64,
    /// The cost done before this run.
    pub cost_before: f64,
    /// Wall seconds per unit of cost on this run's threads, from an estimate made before the
    /// work, if any: the time left until the run's own pace is known.
    pub seconds_per_cost: Option<f64>,
}

/// Where the work stands.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Snapshot {
    /// The share of the cost done, from 0 to 1.
    pub share: f64,
    /// The parts done (with those done before).
    pub done: u64,
    /// The parts in all.
    pub total: u64,
    /// Wall seconds of this run so far.
    pub elapsed: f64,
    /// Wall seconds left, when there is a pace to go by.
    pub left: Option<f64>,
}

impl Progress {
    /// Work of `total` units of equal cost, with no estimate (an engine's own progress).
    pub fn of_units(total: u64) -> Progress {
        Progress {
            parts: total,
            parts_before: 0,
            cost: total as f64,
            cost_before: 0.0,
            seconds_per_cost: None,
        }
    }

    /// The same work with a pace known before it starts: `wall` seconds for all of it.
    pub fn expecting(self, wall: f64) -> Progress {
        let left = self.cost - self.cost_before;
        Progress {
            seconds_per_cost: (left > 0.0).then(|| wall / left),
            ..self
        }
    }

    /// Where the work stands after `parts` parts of cost `cost` were done in `elapsed` wall
    /// seconds of this run.
    pub fn at(&self, parts: u64, cost: f64, elapsed: f64) -> Snapshot {
        let done = self.cost_before + cost;
        let share = if self.cost > 0.0 {
            done / self.cost
        } else {
            1.0
        };
        let left_cost = (self.cost - done).max(0.0);
        let prior = self
            .seconds_per_cost
            .map(|r| (r, (self.cost - self.cost_before) / 50.0));
        let pace = match prior {
            Some((r, c0)) if c0 > 0.0 => Some((elapsed + r * c0) / (cost + c0)),
            _ if cost > 0.0 => Some(elapsed / cost),
            _ => None,
        };
        Snapshot {
            share,
            done: self.parts_before + parts,
            total: self.parts,
            elapsed,
            left: pace.map(|r| r * left_cost),
        }
    }
}

/// The accounts of a run under way, shared by the threads that finish parts and the one that
/// reports: the work, what this run has done, and when it started.
#[derive(Debug)]
pub struct Tracker {
    progress: Progress,
    start: Instant,
    done: Mutex<(u64, f64)>,
}

impl Tracker {
    /// Starts the accounts of `progress` now.
    pub fn new(progress: Progress) -> Tracker {
        Tracker {
            progress,
            start: Instant::now(),
            done: Mutex::new((0, 0.0)),
        }
    }

    /// One part of estimated cost `cost` is finished.
    pub fn finished(&self, cost: f64) {
        if let Ok(mut d) = self.done.lock() {
            d.0 += 1;
            d.1 += cost;
        }
    }

    /// Where the work stands now.
    pub fn snapshot(&self) -> Snapshot {
        let (parts, cost) = self.done.lock().map(|d| *d).unwrap_or((0, 0.0));
        let elapsed = self.start.elapsed().as_secs_f64();
        self.progress.at(parts, cost, elapsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_counts_by_cost_and_the_estimate_steadies_the_time_left() {
        let p = Progress {
            parts: 10,
            parts_before: 4,
            cost: 100.0,
            cost_before: 40.0,
            seconds_per_cost: Some(2.0),
        };
        let s = p.at(0, 0.0, 0.0);
        assert_eq!((s.share, s.done, s.total), (0.4, 4, 10));
        // Nothing done in this run yet: the estimate's pace, 60 units left at 2 s each.
        assert!((s.left.unwrap() - 120.0).abs() < 1.0, "{s:?}");
        let s = p.at(3, 30.0, 10.0);
        assert_eq!((s.share, s.done), (0.7, 7));
        // 30 units in 10 s, steadied by 1.2 units at 2 s: between the two paces.
        let left = s.left.unwrap();
        assert!(left > 30.0 * 10.0 / 30.0 && left < 30.0 * 2.0, "{left}");
        let bare = Progress {
            seconds_per_cost: None,
            ..p
        };
        assert_eq!(bare.at(3, 30.0, 10.0).left, Some(10.0));
        assert_eq!(bare.at(0, 0.0, 5.0).left, None, "no pace known yet");
    }

    #[test]
    fn units_of_an_engine_extrapolate_the_elapsed_time() {
        let p = Progress::of_units(40);
        let s = p.at(10, 10.0, 6.0);
        assert_eq!(
            (s.share, s.done, s.total, s.left),
            (0.25, 10, 40, Some(18.0))
        );
        let expected = p.expecting(80.0);
        assert_eq!(expected.seconds_per_cost, Some(2.0));
        assert!((expected.at(0, 0.0, 0.0).left.unwrap() - 80.0).abs() < 1e-9);
        assert_eq!(Progress::of_units(0).at(0, 0.0, 1.0).share, 1.0);
    }

    #[test]
    fn a_tracker_adds_up_the_parts_finished() {
        let t = Tracker::new(Progress::of_units(4));
        assert_eq!(t.snapshot().done, 0);
        t.finished(1.0);
        t.finished(1.0);
        let s = t.snapshot();
        assert_eq!((s.done, s.total, s.share), (2, 4, 0.5));
        assert!(s.left.is_some());
    }
}
