//! The counting session: a count of one N made of parts, from its plan to its result, the
//! same for the command line and the web page.
//!
//! The idea: a long count is a list of independent parts ([`crate::count::plan`]); a session
//! holds the parts it is to count (all of them, or one share for a machine of a cluster),
//! those done before (a checkpoint, the sample of its estimate) and the rest. Before the work
//! it says what the rest will cost, by a policy that picks the cheapest honest figure: nothing
//! for a trivial count, a timed sample of parts (Cochran's ratio estimator, [`Plan::estimate`])
//! when the parts are short, a sample of the quarters engine's choices (importance sampling,
//! [`quarters::estimate`]) when they take minutes each, and the cost model ([`model`]) when
//! even a sample would take too long. During the work it keeps the accounts ([`Progress`]):
//! cost done, cost left, time left. At the end the parts' sum becomes the counts of the board
//! ([`Plan::counts`]), refused if it cannot be right. Files (checkpoints, shards) and printing
//! belong to the caller; every counting decision is here.
//!
//! ```
//! use queens::count::plan::Plan;
//! use queens::count::session::{Method, Session};
//! use queens::count::Engine;
//! use queens::Control;
//!
//! // The plan: the parts of N = 10 for the dihedral engine, all of them, on one thread.
//! let plan = Plan::new(10, Engine::Dihedral).unwrap();
//! let mut session = Session::new(plan, None, 1).unwrap();
//! assert!(session.is_trivial(), "a count of N = 10 takes no time");
//!
//! // The estimate, as `--estimate` asks for it: a timed sample of the parts.
//! let control = Control::new();
//! let method = session.method(true);
//! assert!(matches!(method, Method::Parts(_)));
//! let (outlook, sampled) = session.outlook(method, &control).unwrap();
//! assert!(outlook.cpu >= 0.0 && outlook.wall(1) == outlook.cpu);
//! // The parts of the sample were really counted: keep them.
//! session.keep(&sampled);
//!
//! // The count of the rest, and the result.
//! let sum = session.count(&control, &|_part, _count| {}).unwrap();
//! let counts = session.counts(sum).unwrap();
//! assert_eq!((counts.total, counts.fundamental()), (724, 92));
//! ```

pub mod model;
pub mod outlook;
pub mod progress;

use crate::control::Control;
use crate::count::plan::{Plan, PlanError, Sample};
use crate::count::{quarters, Counts, Engine};
use crate::error::Error;
use serde::Serialize;
use std::time::Duration;
use thiserror::Error;

pub use super::record::{CountRecord, Orbits};
pub use model::Counter;
pub use outlook::{Outlook, OutlookRecord, Source, DAY};
pub use progress::{Progress, Snapshot, Tracker};

/// Below this many CPU seconds (by the model) a count is trivial: no estimate first.
pub const TRIVIAL_CPU: f64 = 60.0;
/// At this many CPU seconds (by the model) a count with no parts to time is said to be long
/// before it starts.
pub const LONG_CPU: f64 = 600.0;
/// Above this many wall seconds (by the model) the estimate is the model's: a sample of parts
/// that large would itself take too long.
const MODEL_ONLY_WALL: f64 = 30.0 * DAY;
/// Above this many CPU seconds (by the model) a quarters count is estimated from a sample of
/// its choices: its parts take minutes to hours each.
const CHOICES_FROM_CPU: f64 = 3600.0;
/// The choices of that sample.
const CHOICES: usize = 64;
/// The seed of every sample, said with the estimate.
pub const SEED: u64 = 1;

/// The sample before a count: a couple of seconds, at most 20.
pub const BEFORE: Sample = Sample {
    size: 32,
    min_seconds: 2.0,
    seed: SEED,
    budget: Duration::from_secs(20),
};

/// The sample of an estimate asked for: more parts in one round (each round builds the
/// engine's buffers anew, which a small round overcharges), at most two minutes.
pub const ASKED: Sample = Sample {
    size: 128,
    min_seconds: 5.0,
    seed: SEED,
    budget: Duration::from_secs(120),
};

/// Whether `engine` counts in parts that a session can plan: auto, quarters, dihedral.
pub fn splits(engine: Engine) -> bool {
    matches!(engine, Engine::Auto | Engine::Quarters | Engine::Dihedral)
}

/// Whether a count of `n` with `engine` can run through a session of parts, and so report its
/// progress part by part: an engine that [`splits`], from [`crate::count::plan::MIN_N`] (below
/// it the parts are too few and too small to be worth their bookkeeping). The page runs every
/// such count so, to show its progress.
pub fn in_parts(engine: Engine, n: usize) -> bool {
    splits(engine) && n >= crate::count::plan::MIN_N
}

/// Whether a count of `n` with `engine` is long enough to be planned (and its cost said
/// before it starts) even when nothing else asks for a plan: one [`in_parts`] of at least
/// [`TRIVIAL_CPU`] by the model. The command line plans such counts unasked.
pub fn worth_planning(engine: Engine, n: usize) -> bool {
    in_parts(engine, n) && model::cpu_seconds(Counter::Engine(engine), n) >= TRIVIAL_CPU
}

/// The outlook of a count with no parts to time: the model's.
pub fn model_outlook(counter: Counter, n: usize) -> Outlook {
    Outlook::model(model::cpu_seconds(counter, n), None)
}

/// How an outlook is made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    /// A timed sample of parts.
    Parts(Sample),
    /// A timed sample of `samples` choices of the quarters engine.
    Choices {
        /// The choices drawn.
        samples: usize,
        /// The seed of the draw.
        seed: u64,
    },
    /// The cost model.
    Model,
}

/// Why a session cannot start.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SessionError {
    /// No plan, or no such share.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// A part said to be done that is not in the session's share.
    #[error("part {0} is not in this share")]
    Foreign(usize),
}

/// A count of one N in parts: its plan, its share, the parts done and the rest.
#[derive(Clone, Debug)]
pub struct Session {
    plan: Plan,
    share: Option<(usize, usize)>,
    threads: usize,
    /// The parts to count in all (a share, or every part).
    all: Vec<usize>,
    /// Those done, with their counts.
    done: Vec<(usize, u128)>,
    /// The others, in list order.
    rest: Vec<usize>,
}

/// What was learnt before the work ([`Session::before`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Before {
    /// What the rest of the work (as it was before the sample) will cost.
    pub outlook: Outlook,
    /// The parts counted by the sample, now done: (index, count).
    pub sampled: Vec<(usize, u128)>,
    /// Wall seconds per unit of cost on the session's threads, for the time left.
    pub seconds_per_cost: f64,
}

impl Session {
    /// A session of `plan`: share `index` of `count` ([`Plan::share`]) or every part, counted
    /// on `threads` threads (for the estimates of wall time).
    pub fn new(
        plan: Plan,
        share: Option<(usize, usize)>,
        threads: usize,
    ) -> Result<Session, PlanError> {
        let all = match share {
            Some((index, count)) => plan.share(index, count)?,
            None => (0..plan.len()).collect(),
        };
        Ok(Session {
            plan,
            share,
            threads: threads.max(1),
            rest: all.clone(),
            all,
            done: Vec::new(),
        })
    }

    /// Takes the parts done before (a checkpoint's), after checking that each is in the
    /// share; the rest is what they leave.
    pub fn resume(&mut self, done: Vec<(usize, u128)>) -> Result<(), SessionError> {
        let mut mine = vec![false; self.plan.len()];
        for &i in &self.all {
            mine[i] = true;
        }
        if let Some(&(i, _)) = done
            .iter()
            .find(|d| !mine.get(d.0).copied().unwrap_or(false))
        {
            return Err(SessionError::Foreign(i));
        }
        self.done = Vec::new();
        self.rest = self.all.clone();
        self.keep(&done);
        Ok(())
    }

    /// Marks parts counted (a sample's) as done.
    pub fn keep(&mut self, counted: &[(usize, u128)]) {
        let mut taken = vec![false; self.plan.len()];
        for &(i, c) in counted {
            taken[i] = true;
            self.done.push((i, c));
        }
        self.rest.retain(|&i| !taken[i]);
    }

    /// The plan.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The share, as (index, count), if the session is one.
    pub fn share(&self) -> Option<(usize, usize)> {
        self.share
    }

    /// The threads of the count.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The parts to count in all (a share, or every part), in list order.
    pub fn all(&self) -> &[usize] {
        &self.all
    }

    /// The parts done, with their counts in the plan's units.
    pub fn done(&self) -> &[(usize, u128)] {
        &self.done
    }

    /// The parts left, in list order.
    pub fn rest(&self) -> &[usize] {
        &self.rest
    }

    /// The estimated cost of `parts`.
    pub fn cost(&self, parts: &[usize]) -> f64 {
        parts.iter().map(|&i| self.plan.costs()[i]).sum()
    }

    /// The share of the whole plan's cost that the rest is.
    fn rest_share(&self) -> f64 {
        let whole: f64 = self.plan.costs().iter().sum();
        self.cost(&self.rest) / whole.max(f64::MIN_POSITIVE)
    }

    /// The model's CPU seconds for the rest of the work.
    pub fn model_cpu(&self) -> f64 {
        let counter = Counter::Engine(self.plan.engine());
        model::cpu_seconds(counter, self.plan.n()) * self.rest_share()
    }

    /// Whether the rest is nothing or too short to estimate first.
    pub fn is_trivial(&self) -> bool {
        self.rest.is_empty() || self.model_cpu() < TRIVIAL_CPU
    }

    /// How the rest is estimated: before a count (`asked` false) or when the estimate is all
    /// that is asked for.
    pub fn method(&self, asked: bool) -> Method {
        let model = self.model_cpu();
        let too_long = model / self.threads as f64 > MODEL_ONLY_WALL;
        if self.plan.engine() == Engine::Quarters
            && model > CHOICES_FROM_CPU
            && (asked || !too_long)
        {
            // Parts this long are sampled by their choices instead (minutes for N = 25 and
            // beyond: only when the estimate is asked for).
            return Method::Choices {
                samples: CHOICES,
                seed: SEED,
            };
        }
        match (too_long, asked) {
            (true, _) => Method::Model,
            (false, true) => Method::Parts(ASKED),
            (false, false) => Method::Parts(BEFORE),
        }
    }

    /// The outlook of the rest by `method`, in the current rayon pool, with the parts a
    /// sample counted (not yet kept: see [`Session::keep`]).
    pub fn outlook(
        &self,
        method: Method,
        control: &Control,
    ) -> Result<(Outlook, Vec<(usize, u128)>), Error> {
        let memory = Some(self.plan.memory());
        match method {
            Method::Choices { samples, seed } => {
                let budget = self.plan.memory_budget().map(|b| b as usize);
                let n = self.plan.n();
                let est = quarters::estimate(n, budget, samples, seed, control)?;
                let outlook = Outlook::of_choices(&est, self.rest_share(), memory);
                Ok((outlook, Vec::new()))
            }
            Method::Model => Ok((Outlook::model(self.model_cpu(), memory), Vec::new())),
            Method::Parts(sample) => {
                let est = self.plan.estimate(&self.rest, &sample, control)?;
                Ok((Outlook::of(&est, memory), est.counts))
            }
        }
    }

    /// Before a count: unless the rest is trivial, what it will cost, by the method for a
    /// count; the parts of the sample are kept as done.
    pub fn before(&mut self, control: &Control) -> Result<Option<Before>, Error> {
        if self.is_trivial() {
            return Ok(None);
        }
        let cost = self.cost(&self.rest);
        let (outlook, sampled) = self.outlook(self.method(false), control)?;
        self.keep(&sampled);
        let seconds_per_cost = outlook.wall(self.threads) / cost.max(f64::MIN_POSITIVE);
        Ok(Some(Before {
            outlook,
            sampled,
            seconds_per_cost,
        }))
    }

    /// The accounts of the work: every part of the session, those done before this run, and
    /// the pace of the estimate if there was one.
    pub fn progress(&self, seconds_per_cost: Option<f64>) -> Progress {
        let cost = self.cost(&self.all);
        Progress {
            parts: self.all.len() as u64,
            parts_before: (self.all.len() - self.rest.len()) as u64,
            cost,
            cost_before: cost - self.cost(&self.rest),
            seconds_per_cost,
        }
    }

    /// Counts the rest in the current rayon pool, calling `done(index, count)` as each part
    /// is finished; returns the sum of every part of the session, done before or now.
    pub fn count(
        &self,
        control: &Control,
        done: &(dyn Fn(usize, u128) + Sync),
    ) -> Result<u128, Error> {
        let counted = self.plan.count(&self.rest, control, done)?;
        Ok(self.done.iter().map(|d| d.1).sum::<u128>() + counted)
    }

    /// The counts of the board from the sum of every part ([`Plan::counts`]).
    pub fn counts(&self, sum: u128) -> Option<Counts> {
        self.plan.counts(sum)
    }

    /// The record of an estimate of this session.
    pub fn estimate_record(&self, outlook: &Outlook) -> EstimateRecord {
        EstimateRecord {
            n: self.plan.n(),
            engine: self.plan.engine().name(),
            parts: self.plan.len(),
            fingerprint: self.plan.fingerprint().to_string(),
            shard: self.share.map(|(i, k)| format!("{i}/{k}")),
            done: self.done.len(),
            work: self.rest.len(),
            outlook: outlook.record(self.threads),
        }
    }
}

/// The estimate of a session as it is written: the plan, the work, and the outlook.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EstimateRecord {
    /// The board size.
    pub n: usize,
    /// The engine of the parts.
    pub engine: &'static str,
    /// The parts of the plan.
    pub parts: usize,
    /// The plan's fingerprint.
    pub fingerprint: String,
    /// The share, `I/K`, if the session is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// The parts done before.
    pub done: usize,
    /// The parts to count.
    pub work: usize,
    /// What they will cost.
    #[serde(flatten)]
    pub outlook: OutlookRecord,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resumed_share_counts_only_its_rest_and_refuses_foreign_parts() {
        let plan = Plan::new(11, Engine::Dihedral).unwrap();
        let control = Control::new();
        let mut sums = 0;
        for index in 0..3 {
            let mut s = Session::new(plan.clone(), Some((index, 3)), 2).unwrap();
            let first = s.rest()[0];
            let c = plan.count(&[first], &control, &|_, _| {}).unwrap();
            s.resume(vec![(first, c)]).unwrap();
            assert_eq!(s.rest().len() + 1, s.all().len());
            assert_eq!(s.progress(None).parts_before, 1);
            sums += s.count(&control, &|i, _| assert_ne!(i, first)).unwrap();
            let other = (0..plan.len()).find(|i| !s.all().contains(i)).unwrap();
            assert_eq!(
                s.resume(vec![(other, 1)]),
                Err(SessionError::Foreign(other))
            );
        }
        assert_eq!(plan.counts(sums).unwrap().total, 2680);
    }

    #[test]
    fn the_policy_samples_what_it_can_and_models_the_rest() {
        let quick = Session::new(Plan::new(12, Engine::Quarters).unwrap(), None, 2).unwrap();
        assert!(quick.is_trivial());
        assert_eq!(quick.method(false), Method::Parts(BEFORE));
        assert_eq!(quick.method(true), Method::Parts(ASKED));
        assert!(!worth_planning(Engine::Auto, 12) && worth_planning(Engine::Auto, 20));
        assert!(!worth_planning(Engine::Somers, 20));
        assert!(in_parts(Engine::Auto, crate::count::plan::MIN_N));
        assert!(!in_parts(Engine::Auto, crate::count::plan::MIN_N - 1));
        assert!(!in_parts(Engine::Constellation, 20));
        // Long quarters counts: their choices when asked; before a count, only if sampling
        // parts would not take a month.
        let n = 23;
        let long = Session::new(Plan::new(n, Engine::Quarters).unwrap(), None, 1).unwrap();
        assert!(matches!(long.method(true), Method::Choices { .. }));
        assert!(matches!(long.method(false), Method::Choices { .. }));
        assert!(!long.is_trivial());
        let outlook = model_outlook(Counter::Engine(Engine::Auto), 30);
        assert!(outlook.needs_consent(1_000_000) && outlook.cpu >= LONG_CPU);
    }

    #[test]
    fn records_read_as_the_command_line_writes_them() {
        let s = Session::new(Plan::new(8, Engine::Dihedral).unwrap(), Some((1, 2)), 2).unwrap();
        let record = s.estimate_record(&Outlook::model(2.0, Some(100)));
        let text = serde_json::to_string(&record).unwrap();
        assert!(
            text.starts_with(r#"{"n":8,"engine":"dihedral","parts":17,"fingerprint":"49a8f6e6952fcb12","shard":"1/2","done":0,"#),
            "{text}"
        );
        assert!(text
            .ends_with(r#""threads":2,"wall_seconds":1.0,"memory_bytes":100,"source":"model"}"#));
    }
}
