//! A plan for a count that may take days: the parts of an engine as one fixed list, so that a
//! count can be stopped and resumed, split among the machines of a cluster and added up again.
//!
//! The idea (the design's "unit of parallel work is a prefix of the search"): a total is the
//! sum of independent parts, the [`quarters::Part`]s of the quarters engine or the
//! [`dihedral::SubProblem`]s of the dihedral engine, which each engine lists in the same order
//! on every run and every machine. A part is known by its index in that list, and the
//! *fingerprint* (SHA-256 of the format version, N, the engine and every part, in that order)
//! tells whether two runs mean the same list: a checkpoint or a shard made from another list
//! is refused rather than added up. Each part has an estimated *cost* (relative CPU time),
//! deterministic, so that every task of a cluster job computes the same shares
//! ([`split`]): the quarters engine's own model ([`quarters::part_costs`]), Knuth's estimate of
//! the search tree for dihedral ([`dihedral::probe`]). An estimate of the whole comes from
//! timing a small seeded sample of parts ([`estimate`]); [`merge`] checks that the results of
//! the shares cover every part once, and [`recount`] counts again a random sample of the parts
//! a shard or a checkpoint claims.
//!
//! Part counts are whole numbers in the engine's unit: solutions for quarters, 1/840 of a
//! solution for dihedral (its weights `8 / k` are whole in that unit). [`Plan::counts`] turns
//! their sum into the counts of the board.

pub mod estimate;
pub mod merge;
pub mod recount;
pub mod split;

use crate::control::Control;
use crate::count::{dihedral, quarters, Counts, Engine};
use crate::error::Error;
use rayon::prelude::*;
use sha2::{Digest, Sha256};
use std::io::Write;
use thiserror::Error;

pub use estimate::{Estimate, Sample};
pub use merge::{merge, MergeError, ShardSummary};
pub use recount::{spot_check, SampleSize, SpotCheck, Wrong};

/// The version of the plan's format: the lists of parts, the units of their counts and the
/// fingerprint. Checkpoints and shards of another version are refused.
pub const VERSION: u32 = 1;

/// The smallest N a plan splits (smaller boards take no time).
pub const MIN_N: usize = 4;

/// Why no plan can be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlanError {
    /// The engine has no list of parts.
    #[error("the {0} engine is not split into parts: use auto, quarters or dihedral")]
    Engine(&'static str),
    /// N outside the range the engine splits.
    #[error("N = {n} is outside what the {engine} engine splits into parts ({min} to {max})")]
    #[allow(missing_docs)] // named in the message
    Size {
        n: usize,
        engine: &'static str,
        min: usize,
        max: usize,
    },
    /// The engine's tables do not fit in the memory budget.
    #[error("the {engine} engine needs about {need} bytes for N = {n}, more than the budget of {budget} bytes")]
    #[allow(missing_docs)] // named in the message
    Memory {
        n: usize,
        engine: &'static str,
        need: u64,
        budget: u64,
    },
    /// A share that does not exist.
    #[error("share {index} of {count}: expected a share from 0 to {last} of at least 1", last = count.saturating_sub(1))]
    #[allow(missing_docs)] // named in the message
    Share { index: usize, count: usize },
}

/// The parts of one engine, in the engine's order.
#[derive(Clone, Debug)]
enum List {
    Quarters(Vec<quarters::Part>),
    Dihedral(Vec<dihedral::SubProblem>),
}

/// The parts of a count of N with one engine, their costs and fingerprint.
#[derive(Clone, Debug)]
pub struct Plan {
    n: usize,
    engine: Engine,
    list: List,
    costs: Vec<f64>,
    fingerprint: String,
    memory_budget: Option<u64>,
}

impl Plan {
    /// The plan for counting `n` with `engine` (`Auto` resolved as the count resolves it).
    pub fn new(n: usize, engine: Engine) -> Result<Plan, PlanError> {
        let engine = engine.resolve(n);
        let max = match engine {
            Engine::Quarters => quarters::MAX_N,
            Engine::Dihedral => dihedral::MAX_N,
            other => return Err(PlanError::Engine(other.name())),
        };
        if !(MIN_N..=max).contains(&n) {
            let (engine, min) = (engine.name(), MIN_N);
            return Err(PlanError::Size {
                n,
                engine,
                min,
                max,
            });
        }
        let (list, costs) = match engine {
            Engine::Quarters => {
                let parts = quarters::parts(n);
                let costs = quarters::part_costs(&parts);
                (List::Quarters(parts), costs)
            }
            _ => {
                let subs = dihedral::subproblems(n, dihedral::default_depth(n));
                let costs = dihedral_costs(&subs);
                (List::Dihedral(subs), costs)
            }
        };
        let fingerprint = fingerprint(n, engine, &list);
        Ok(Plan {
            n,
            engine,
            list,
            costs,
            fingerprint,
            memory_budget: None,
        })
    }

    /// The plan with a memory budget in bytes, which [`Plan::count`] hands to the engine. The
    /// quarters engine keeps within any budget (building its pieces part by part when its
    /// tables do not fit, more slowly); the dihedral engine needs its list of parts and is
    /// refused a budget below that.
    pub fn with_memory_budget(mut self, budget: Option<u64>) -> Result<Plan, PlanError> {
        if let (Some(budget), List::Dihedral(_)) = (budget, &self.list) {
            let need = self.memory();
            if need > budget {
                let (n, engine) = (self.n, self.engine.name());
                return Err(PlanError::Memory {
                    n,
                    engine,
                    need,
                    budget,
                });
            }
        }
        self.memory_budget = budget;
        Ok(self)
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The engine that counts the parts (`Quarters` or `Dihedral`).
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The number of parts.
    pub fn len(&self) -> usize {
        self.costs.len()
    }

    /// Whether there are no parts (never, for the N a plan accepts).
    pub fn is_empty(&self) -> bool {
        self.costs.is_empty()
    }

    /// The fingerprint of the list of parts: 16 hexadecimal digits.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// The estimated cost of each part (relative CPU time, deterministic).
    pub fn costs(&self) -> &[f64] {
        &self.costs
    }

    /// The memory budget given, in bytes.
    pub fn memory_budget(&self) -> Option<u64> {
        self.memory_budget
    }

    /// The bytes the engine holds, about: the quarters' tables (at most the budget, if one is
    /// given), or the list of parts (dihedral, which needs nothing else but a few stacks).
    pub fn memory(&self) -> u64 {
        match &self.list {
            List::Quarters(_) => {
                let budget = self.memory_budget.map(|b| b as usize);
                quarters::memory_within(self.n, budget, rayon::current_num_threads()) as u64
            }
            List::Dihedral(subs) => {
                (subs.len() * std::mem::size_of::<dihedral::SubProblem>()) as u64
            }
        }
    }

    /// How many units make one solution in the counts of parts.
    pub fn unit(&self) -> u128 {
        unit(self.engine)
    }

    /// The group of each part: parts of one group share the engine's set-up (the tables of a
    /// quarters frame), so a batch pays the set-up once per run of one group. Used to scale
    /// a timed sample; groups are numbered in list order.
    pub fn groups(&self) -> Vec<u32> {
        match &self.list {
            List::Quarters(parts) => quarter_groups(parts),
            List::Dihedral(subs) => vec![0; subs.len()],
        }
    }

    /// The parts of share `index` of `count` ([`split::shares`]), in list order.
    pub fn share(&self, index: usize, count: usize) -> Result<Vec<usize>, PlanError> {
        if count == 0 || index >= count {
            return Err(PlanError::Share { index, count });
        }
        let mut shares = split::shares(&self.costs, count);
        Ok(std::mem::take(&mut shares[index]))
    }

    /// Counts the parts `indices` (indices into the list) in the current rayon pool, calling
    /// `done(index, count)` once for each part as it is finished; returns the sum of their
    /// counts (in [`Plan::unit`]s). `control` advances by one per part and stops the work.
    pub fn count(
        &self,
        indices: &[usize],
        control: &Control,
        done: &(dyn Fn(usize, u128) + Sync),
    ) -> Result<u128, Error> {
        match &self.list {
            List::Quarters(parts) => {
                let batch: Vec<quarters::Part> = indices.iter().map(|&i| parts[i]).collect();
                let budget = self
                    .memory_budget
                    .map(|b| usize::try_from(b).unwrap_or(usize::MAX));
                quarters::count_parts(&batch, budget, control, &|j, c| done(indices[j], c))
            }
            List::Dihedral(subs) => indices
                .par_iter()
                .with_max_len(1)
                .map(|&i| {
                    if control.is_cancelled() {
                        return Err(Error::Cancelled);
                    }
                    let units = dihedral::count_subproblem(&subs[i], control)?.units();
                    done(i, units);
                    control.advance(1);
                    Ok(units)
                })
                .sum(),
        }
    }

    /// The counts of the board from the sum of the counts of every part, or `None` if the
    /// sum is not a whole number of solutions (it cannot be, for a sum of every part).
    pub fn counts(&self, sum: u128) -> Option<Counts> {
        counts(self.n, self.engine, sum)
    }
}

/// How many units make one solution in the part counts of `engine`.
pub fn unit(engine: Engine) -> u128 {
    match engine {
        Engine::Dihedral => dihedral::UNITS_PER_SOLUTION,
        _ => 1,
    }
}

/// The counts of the board from the sum of every part's count, if that is a whole number of
/// solutions whose orbits add up to it ([`Counts::is_consistent`]): a sum that is not cannot
/// come from the counts of every part, so it is refused rather than shown.
pub fn counts(n: usize, engine: Engine, sum: u128) -> Option<Counts> {
    let unit = unit(engine);
    sum.is_multiple_of(unit)
        .then(|| Counts::from_total(n, sum / unit))
        .filter(Counts::is_consistent)
}

/// Random dives for the costs of all the dihedral parts together, about: a long list gets
/// fewer per part (its shares hold so many parts that the noise of each cost averages out),
/// so that listing the parts of N = 27 takes about a second.
const DIVES_IN_ALL: usize = 800_000;

/// The costs of the dihedral parts: Knuth's estimate of the nodes under each.
fn dihedral_costs(subs: &[dihedral::SubProblem]) -> Vec<f64> {
    let dives = (DIVES_IN_ALL / subs.len().max(1)).clamp(2, dihedral::PROBE_DIVES);
    subs.par_iter().map(|s| dihedral::probe(s, dives)).collect()
}

/// The groups of the quarters parts: the parts of one frame (the same fixed queens) share the
/// frame's tables, when the engine holds them.
fn quarter_groups(parts: &[quarters::Part]) -> Vec<u32> {
    let mut out = Vec::with_capacity(parts.len());
    let mut group = 0u32;
    for (i, p) in parts.iter().enumerate() {
        if i > 0 && p.fixed() != parts[i - 1].fixed() {
            group += 1;
        }
        out.push(group);
    }
    out
}

/// The fingerprint of a list: the first 64 bits of SHA-256 over a header line and the JSON of
/// each part, one per line (the same bytes on every machine).
fn fingerprint(n: usize, engine: Engine, list: &List) -> String {
    struct Hash(Sha256);
    impl Write for Hash {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.update(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut h = Hash(Sha256::new());
    let header = format!("queens plan {VERSION} n {n} engine {}\n", engine.name());
    h.0.update(header.as_bytes());
    fn each<T: serde::Serialize>(h: &mut Hash, items: &[T]) {
        for item in items {
            // Writing into a hash cannot fail, nor can serializing these plain structs.
            let _ = serde_json::to_writer(&mut *h, item);
            h.0.update(b"\n");
        }
    }
    match list {
        List::Quarters(parts) => each(&mut h, parts),
        List::Dihedral(subs) => each(&mut h, subs),
    }
    let digest = h.0.finalize();
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::count;
    use std::sync::Mutex;

    fn whole_count(n: usize, engine: Engine) -> u128 {
        count(n, engine, &Control::new()).unwrap().total
    }

    #[test]
    fn every_part_counted_once_gives_the_total() {
        for (n, engine) in [
            (9, Engine::Quarters),
            (10, Engine::Dihedral),
            (11, Engine::Auto),
        ] {
            let plan = Plan::new(n, engine).unwrap();
            let all: Vec<usize> = (0..plan.len()).collect();
            let seen = Mutex::new(vec![None; plan.len()]);
            let sum = plan
                .count(&all, &Control::new(), &|i, c| {
                    let mut seen = seen.lock().unwrap();
                    assert!(seen[i].is_none(), "part {i} reported twice");
                    seen[i] = Some(c);
                })
                .unwrap();
            let reported: u128 = seen
                .into_inner()
                .unwrap()
                .into_iter()
                .map(Option::unwrap)
                .sum();
            assert_eq!(reported, sum);
            let counts = plan.counts(sum).unwrap();
            assert_eq!(
                counts,
                count(n, engine, &Control::new()).unwrap(),
                "N = {n}"
            );
        }
    }

    #[test]
    fn batches_in_any_order_add_up() {
        let plan = Plan::new(12, Engine::Dihedral).unwrap();
        let mut odd: Vec<usize> = (0..plan.len()).filter(|i| i % 2 == 1).collect();
        odd.reverse();
        let even: Vec<usize> = (0..plan.len()).filter(|i| i % 2 == 0).collect();
        let c = Control::new();
        let sum =
            plan.count(&odd, &c, &|_, _| {}).unwrap() + plan.count(&even, &c, &|_, _| {}).unwrap();
        assert_eq!(
            plan.counts(sum).unwrap().total,
            whole_count(12, Engine::Somers)
        );
        assert_eq!(plan.counts(sum + 1), None, "a sum that is not whole");
    }

    #[test]
    fn a_total_whose_orbits_do_not_add_up_is_refused() {
        // N = 16 with quarters: the unit is one solution, so a part edited by one still gives
        // a whole number; its orbits do not add up to it.
        let plan = Plan::new(16, Engine::Quarters).unwrap();
        assert_eq!(plan.counts(14772512).unwrap().fundamental(), 1846955);
        for wrong in 1..8 {
            assert_eq!(plan.counts(14772512 + wrong), None, "+{wrong}");
            assert_eq!(plan.counts(14772512 - wrong), None, "-{wrong}");
        }
        assert_eq!(plan.counts(0), None, "fewer than the symmetric solutions");
    }

    #[test]
    fn the_fingerprint_is_stable_and_tells_lists_apart() {
        let a = Plan::new(14, Engine::Quarters).unwrap();
        assert_eq!(
            a.fingerprint(),
            Plan::new(14, Engine::Auto).unwrap().fingerprint()
        );
        assert_eq!(a.fingerprint().len(), 16);
        assert!(a.fingerprint().chars().all(|c| c.is_ascii_hexdigit()));
        let others = [
            Plan::new(15, Engine::Quarters).unwrap(),
            Plan::new(14, Engine::Dihedral).unwrap(),
        ];
        for other in others {
            assert_ne!(a.fingerprint(), other.fingerprint());
        }
        let again = fingerprint(14, Engine::Quarters, &List::Quarters(quarters::parts(14)));
        assert_eq!(a.fingerprint(), again);
        // The same on every machine and in every build: the bytes hashed are fixed. This
        // value may change only with the dihedral list of parts or the format version, and
        // then checkpoints and shards made before are refused, as they must be.
        let d8 = Plan::new(8, Engine::Dihedral).unwrap();
        assert_eq!((d8.len(), d8.fingerprint()), (17, "49a8f6e6952fcb12"));
    }

    #[test]
    fn other_engines_and_sizes_are_refused() {
        assert_eq!(
            Plan::new(12, Engine::Constellation).unwrap_err(),
            PlanError::Engine("constellation")
        );
        assert!(matches!(
            Plan::new(3, Engine::Dihedral),
            Err(PlanError::Size { n: 3, .. })
        ));
        let too_large = quarters::MAX_N + 1;
        assert!(matches!(
            Plan::new(too_large, Engine::Quarters),
            Err(PlanError::Size { max, .. }) if max == quarters::MAX_N
        ));
        let plan = Plan::new(8, Engine::Dihedral).unwrap();
        assert_eq!(
            plan.share(3, 3),
            Err(PlanError::Share { index: 3, count: 3 })
        );
        assert!(plan.share(0, 0).is_err());
    }

    #[test]
    fn a_memory_budget_goes_to_the_engine_or_is_refused_if_it_cannot_be_kept() {
        let plan = Plan::new(14, Engine::Dihedral).unwrap();
        let need = plan.memory();
        assert!(need > 0);
        let refused = plan.clone().with_memory_budget(Some(need - 1)).unwrap_err();
        assert!(matches!(refused, PlanError::Memory { need: m, .. } if m == need));
        let kept = plan.with_memory_budget(Some(need)).unwrap();
        assert_eq!(kept.memory_budget(), Some(need));
        // The quarters engine builds its pieces part by part within a small budget: the same
        // counts.
        let plan = Plan::new(14, Engine::Quarters).unwrap();
        let tables = plan.memory();
        let small = plan.with_memory_budget(Some(tables / 4)).unwrap();
        assert!(
            small.memory() <= tables / 4,
            "{} {}",
            small.memory(),
            tables / 4
        );
        let all: Vec<usize> = (0..small.len()).collect();
        let sum = small.count(&all, &Control::new(), &|_, _| {}).unwrap();
        assert_eq!(small.counts(sum).unwrap().total, 365596);
    }

    #[test]
    fn quarters_groups_follow_the_frames() {
        let plan = Plan::new(15, Engine::Quarters).unwrap();
        let groups = plan.groups();
        assert_eq!(groups.len(), plan.len());
        assert_eq!(groups[0], 0);
        assert!(groups.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1));
        assert!(*groups.last().unwrap() > 10, "N = 15 has many frames");
        assert!(Plan::new(16, Engine::Quarters)
            .unwrap()
            .groups()
            .iter()
            .all(|&g| g == 0));
    }
}
