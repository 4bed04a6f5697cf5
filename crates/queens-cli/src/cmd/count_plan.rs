//! `queens count N` split into the engine's parts ([`queens::count::plan`]): the estimate
//! before the work, `--estimate`, `--checkpoint FILE`, `--shard I/K --out FILE` and `--memory`.
//!
//! A count of this kind lists the parts of its engine (quarters or dihedral), takes the share
//! it is asked for (all of them by default), skips the parts its checkpoint holds, and, when
//! the rest is not trivial, times a seeded sample of it and says what it will cost (the
//! sample's counts are kept, not wasted). More than a day asks for `--yes`. Then it counts the
//! rest, appending each finished part to the checkpoint, and prints the counts as `queens
//! count` does, or writes the shard's result file for `queens merge`.

use super::count::{record, rough_seconds, write_text, Counter};
use super::count_estimate::{self, Outlook, Scope, DAY};
use crate::exit::{bad, Exit, Result};
use crate::input::Share;
use crate::job::{Job, WorkPlan};
use crate::output::{millis, Out};
use crate::parts::checkpoint::{Checkpoint, Header};
use crate::parts::shard::ShardFile;
use queens::count::plan::{Plan, Sample};
use queens::count::{quarters, Engine};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Below this many CPU seconds (by the rough model) a count is trivial: no estimate first.
pub const TRIVIAL_CPU: f64 = 60.0;
/// Above this many wall seconds (by the rough model) the estimate is the model's: a sample
/// of parts that large would itself take too long.
const MODEL_ONLY_WALL: f64 = 30.0 * DAY;
/// The default memory budget: half the memory the system says is available (Linux's
/// `MemAvailable`), or none where that cannot be read.
pub fn default_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024 / 2)
}

/// Above this many CPU seconds (by the rough model) a quarters count is estimated from a
/// sample of its choices: its parts take minutes to hours each.
const CHOICES_FROM_CPU: f64 = 3600.0;
/// The choices of that sample.
const CHOICES: usize = 64;
/// The seed of every sample, said with the estimate.
const SEED: u64 = 1;

/// The sample before a count: a couple of seconds, at most 20.
const BEFORE: Sample = Sample {
    size: 32,
    min_seconds: 2.0,
    seed: SEED,
    budget: Duration::from_secs(20),
};

/// The sample of `--estimate`: more parts in one round (each round builds the engine's
/// buffers anew, which a small round overcharges), at most two minutes.
const ASKED: Sample = Sample {
    size: 128,
    min_seconds: 5.0,
    seed: SEED,
    budget: Duration::from_secs(120),
};

/// What the planned count is asked to do.
pub struct Options {
    pub n: usize,
    pub engine: Engine,
    pub threads: usize,
    pub json: bool,
    pub checkpoint: Option<PathBuf>,
    pub shard: Option<Share>,
    pub out: Option<PathBuf>,
    pub estimate: bool,
    pub yes: bool,
    pub memory: Option<u64>,
}

impl Options {
    /// `N = 20` or `N = 20, share 3/8`, as messages name the work.
    fn what(&self) -> String {
        match self.shard {
            Some(s) => format!("N = {}, share {}/{}", self.n, s.index, s.count),
            None => format!("N = {}", self.n),
        }
    }
}

/// The plan, its share of the work, and the parts done before.
struct Work {
    plan: Plan,
    /// The parts to count in all (a share, or every part).
    all: Vec<usize>,
    /// Those a checkpoint holds, with their counts.
    done: Vec<(usize, u128)>,
    /// The others, in list order.
    rest: Vec<usize>,
}

impl Work {
    fn cost(&self, parts: &[usize]) -> f64 {
        parts.iter().map(|&i| self.plan.costs()[i]).sum()
    }

    /// The rough model's CPU seconds for the rest of the work.
    fn rough(&self) -> f64 {
        let whole: f64 = self.plan.costs().iter().sum();
        let share = self.cost(&self.rest) / whole.max(f64::MIN_POSITIVE);
        rough_seconds(Counter::Engine(self.plan.engine()), self.plan.n()) * share
    }
}

pub fn run(o: Options, pool: &rayon::ThreadPool) -> Result<Exit> {
    // The job first, so that Ctrl-C while the parts are listed ends the run cleanly.
    let job = Job::start(format!("listing the parts of {}", o.what()), None);
    let plan = pool.install(|| make_plan(&o))?;
    if job.control().is_cancelled() {
        return Err(job.failure());
    }
    let all = match o.shard {
        Some(s) => plan
            .share(s.index, s.count)
            .map_err(|e| bad(e.to_string()))?,
        None => (0..plan.len()).collect(),
    };
    let header = Header::of(&plan, o.shard);
    if o.estimate {
        let done = match &o.checkpoint {
            Some(path) => Checkpoint::peek(path, &header)?,
            None => Vec::new(),
        };
        let work = Work::new(plan, all, done, o.checkpoint.as_deref())?;
        return estimate_only(&o, &work, &job, pool);
    }
    let (checkpoint, done) = match &o.checkpoint {
        Some(path) => {
            let (c, done) = Checkpoint::open(path, &header)?;
            (Some(c), done)
        }
        None => (None, Vec::new()),
    };
    let mut work = Work::new(plan, all, done, o.checkpoint.as_deref())?;
    if let (Some(path), false) = (&o.checkpoint, work.done.is_empty()) {
        eprintln!(
            "queens: resuming from '{}': {} of {} parts are done",
            path.display(),
            work.done.len(),
            work.all.len()
        );
    }
    job.relabel(format!("estimating {}", o.what()));
    let before = look_ahead(&o, &mut work, checkpoint.as_ref(), &job, pool)?;
    job.relabel(format!("counting {}", o.what()));
    job.track(WorkPlan {
        parts: work.all.len() as u64,
        parts_before: (work.all.len() - work.rest.len()) as u64,
        cost: work.cost(&work.all),
        cost_before: work.cost(&work.all) - work.cost(&work.rest),
        seconds_per_cost: before,
    });
    let costs = work.plan.costs();
    let result = pool.install(|| {
        work.plan.count(&work.rest, job.control(), &|i, c| {
            if let Some(ck) = &checkpoint {
                if !ck.record(i, c) {
                    job.control().cancel();
                }
            }
            job.finished_part(costs[i]);
        })
    });
    if let Some(ck) = checkpoint {
        ck.finish()?;
    }
    let counted = job.check(result)?;
    let seconds = job.seconds();
    drop(job);
    let sum = work.done.iter().map(|d| d.1).sum::<u128>() + counted;
    finish(&o, &work, sum, seconds)
}

/// The plan for N and the engine, within the memory budget.
fn make_plan(o: &Options) -> Result<Plan> {
    let plan = Plan::new(o.n, o.engine).map_err(|e| bad(e.to_string()))?;
    plan.with_memory_budget(o.memory).map_err(|e| match e {
        queens::count::plan::PlanError::Memory { need, budget, .. } => bad(format!(
            "--memory {}: counting N = {} with the {} engine needs about {} for its list of parts; give a larger budget",
            count_estimate::bytes(budget),
            o.n,
            o.engine.resolve(o.n).name(),
            count_estimate::bytes(need),
        )),
        other => bad(other.to_string()),
    })
}

impl Work {
    /// The work, after checking that every part done belongs to it.
    fn new(
        plan: Plan,
        all: Vec<usize>,
        done: Vec<(usize, u128)>,
        checkpoint: Option<&std::path::Path>,
    ) -> Result<Work> {
        let mut mine = vec![false; plan.len()];
        for &i in &all {
            mine[i] = true;
        }
        if let Some(&(i, _)) = done.iter().find(|d| !mine[d.0]) {
            let p = checkpoint
                .map(|p| p.display().to_string())
                .unwrap_or_default();
            return Err(bad(format!(
                "checkpoint '{p}' is damaged: it records part {i}, which is not in this share: refused; the file was not changed"
            )));
        }
        let mut finished = vec![false; plan.len()];
        for &(i, _) in &done {
            finished[i] = true;
        }
        let rest = all.iter().copied().filter(|&i| !finished[i]).collect();
        Ok(Work {
            plan,
            all,
            done,
            rest,
        })
    }
}

/// The outlook of the rest of the work: a timed sample, or the rough model when the work is
/// far too long to sample quickly.
fn outlook(
    o: &Options,
    work: &Work,
    sample: &Sample,
    job: &Job,
    pool: &rayon::ThreadPool,
) -> Result<(Outlook, Vec<(usize, u128)>)> {
    let rough = work.rough();
    let memory = Some(work.plan.memory());
    let too_long = rough / o.threads.max(1) as f64 > MODEL_ONLY_WALL;
    if work.plan.engine() == Engine::Quarters
        && rough > CHOICES_FROM_CPU
        && (o.estimate || !too_long)
    {
        // Parts this long are sampled by their choices instead (minutes for N = 25 and
        // beyond: only when the estimate is asked for).
        let whole: f64 = work.plan.costs().iter().sum();
        let share = work.cost(&work.rest) / whole.max(f64::MIN_POSITIVE);
        let budget = work.plan.memory_budget().map(|b| b as usize);
        job.units("choices");
        let est = pool.install(|| quarters::estimate(o.n, budget, CHOICES, SEED, job.control()));
        job.units("parts");
        let est = job.check(est)?;
        return Ok((Outlook::of_choices(&est, share, memory), Vec::new()));
    }
    if too_long {
        return Ok((Outlook::model(rough, memory), Vec::new()));
    }
    let est = pool.install(|| work.plan.estimate(&work.rest, sample, job.control()));
    let est = job.check(est)?;
    Ok((Outlook::of(&est, memory), est.counts))
}

/// Before the count: unless the rest is trivial, says what it will cost (keeping the counts of
/// the sample), and refuses more than a day without `--yes`. Returns the estimated wall
/// seconds per unit of cost on the run's threads, for the time left.
fn look_ahead(
    o: &Options,
    work: &mut Work,
    checkpoint: Option<&Checkpoint>,
    job: &Job,
    pool: &rayon::ThreadPool,
) -> Result<Option<f64>> {
    if work.rest.is_empty() || work.rough() < TRIVIAL_CPU {
        return Ok(None);
    }
    let cost = work.cost(&work.rest);
    let (outlook, sampled) = outlook(o, work, &BEFORE, job, pool)?;
    // The sample's parts are counted: keep them, in the checkpoint too.
    for &(i, c) in &sampled {
        if let Some(ck) = checkpoint {
            ck.record(i, c);
        }
        work.done.push((i, c));
    }
    let mut taken = vec![false; work.plan.len()];
    for &(i, _) in &sampled {
        taken[i] = true;
    }
    work.rest.retain(|&i| !taken[i]);
    if outlook.wall(o.threads) > DAY && !o.yes {
        return Err(outlook.refusal(&format!("counting {}", o.what()), o.threads));
    }
    eprintln!("queens: {}", outlook.line(&o.what(), o.threads));
    Ok(Some(outlook.wall(o.threads) / cost.max(f64::MIN_POSITIVE)))
}

/// `--estimate`: the outlook alone.
fn estimate_only(o: &Options, work: &Work, job: &Job, pool: &rayon::ThreadPool) -> Result<Exit> {
    job.relabel(format!("estimating {}", o.what()));
    let (outlook, _) = outlook(o, work, &ASKED, job, pool)?;
    let scope = Scope {
        n: o.n,
        engine: work.plan.engine().name(),
        parts: work.plan.len(),
        fingerprint: work.plan.fingerprint().to_string(),
        work: work.rest.len(),
        share: o.shard.map(|s| format!("{}/{}", s.index, s.count)),
        done: work.done.len(),
        threads: o.threads,
    };
    let mut out = Out::stdout();
    count_estimate::print(&mut out, &scope, &outlook, o.json)?;
    out.flush()?;
    Ok(Exit::Success)
}

/// After the count: the counts of the board, or the shard's result file.
fn finish(o: &Options, work: &Work, sum: u128, seconds: f64) -> Result<Exit> {
    let mut out = Out::stdout();
    if let (Some(share), Some(path)) = (o.shard, &o.out) {
        ShardFile::new(&work.plan, share, &work.all, sum, seconds).write(path)?;
        let what = format!("share {}/{} of N = {}", share.index, share.count, o.n);
        if o.json {
            out.json_line(&serde_json::json!({
                "n": o.n,
                "shard": share.index,
                "shards": share.count,
                "parts": work.all.len(),
                "sum": sum.to_string(),
                "out": path.display().to_string(),
                "seconds": millis(seconds),
            }))?;
        } else {
            writeln!(
                out,
                "{what}: {} parts counted, written to '{}' (add up the {} shares with queens merge)",
                work.all.len(),
                path.display(),
                share.count
            )?;
        }
        out.flush()?;
        return Ok(Exit::Success);
    }
    let counts = work.plan.counts(sum).ok_or_else(|| {
        bad("the parts' counts add up to a total whose orbits do not add up to it (Burnside's lemma): a record of the checkpoint is damaged; move it aside to count again")
    })?;
    if o.json {
        out.json_line(&record(&counts, seconds, Counter::Engine(o.engine), None))?;
    } else {
        write_text(&mut out, &counts, seconds, true, "")?;
    }
    out.flush()?;
    Ok(Exit::Success)
}
