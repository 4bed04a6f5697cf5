//! `queens count N` split into the engine's parts, driven by the library's counting session
//! ([`queens::count::session`]): the estimate before the work, `--estimate`, `--checkpoint
//! FILE`, `--shard I/K --out FILE` and `--memory`.
//!
//! The session decides (the parts of the share, what is left after the checkpoint, how the
//! rest is estimated and whether it needs `--yes`, the accounts of the progress, the counts
//! at the end); this module reads and writes the files and prints: the checkpoint's records,
//! the estimate's line, the counts or the shard's result file for `queens merge`.

use super::count_estimate::{self, refusal};
use super::counts::{record, write_text};
use crate::exit::{bad, Exit, Result};
use crate::input::Share;
use crate::job::Job;
use crate::output::{millis, Out};
use crate::parts::checkpoint::{Checkpoint, Header};
use crate::parts::shard::ShardFile;
use queens::count::plan::Plan;
use queens::count::session::{Method, Session, SessionError};
use queens::count::Engine;
use std::io::Write;
use std::path::PathBuf;

/// The default memory budget: half the memory the system says is available (Linux's
/// `MemAvailable`), or none where that cannot be read.
pub fn default_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024 / 2)
}

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

pub fn run(o: Options, pool: &rayon::ThreadPool) -> Result<Exit> {
    // The job first, so that Ctrl-C while the parts are listed ends the run cleanly.
    let job = Job::start(format!("listing the parts of {}", o.what()), None);
    let plan = pool.install(|| make_plan(&o))?;
    if job.control().is_cancelled() {
        return Err(job.failure());
    }
    let share = o.shard.map(|s| (s.index, s.count));
    let mut session = Session::new(plan, share, o.threads).map_err(|e| bad(e.to_string()))?;
    let header = Header::of(session.plan(), o.shard);
    if o.estimate {
        if let Some(path) = &o.checkpoint {
            resume(&mut session, Checkpoint::peek(path, &header)?, &o)?;
        }
        return estimate_only(&o, &session, &job, pool);
    }
    let checkpoint = match &o.checkpoint {
        Some(path) => {
            let (c, done) = Checkpoint::open(path, &header)?;
            resume(&mut session, done, &o)?;
            Some(c)
        }
        None => None,
    };
    if let (Some(path), false) = (&o.checkpoint, session.done().is_empty()) {
        eprintln!(
            "queens: resuming from '{}': {} of {} parts are done",
            path.display(),
            session.done().len(),
            session.all().len()
        );
    }
    job.relabel(format!("estimating {}", o.what()));
    let pace = look_ahead(&o, &mut session, checkpoint.as_ref(), &job, pool)?;
    job.relabel(format!("counting {}", o.what()));
    job.track(session.progress(pace));
    let costs = session.plan().costs();
    let result = pool.install(|| {
        session.count(job.control(), &|i, c| {
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
    let sum = job.check(result)?;
    let seconds = job.seconds();
    drop(job);
    finish(&o, &session, sum, seconds)
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

/// The parts a checkpoint holds, taken by the session, or the refusal of a checkpoint that
/// records a part of another share.
fn resume(session: &mut Session, done: Vec<(usize, u128)>, o: &Options) -> Result<()> {
    session.resume(done).map_err(|e| match e {
        SessionError::Foreign(i) => {
            let p = o
                .checkpoint
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default();
            bad(format!(
                "checkpoint '{p}' is damaged: it records part {i}, which is not in this share: refused; the file was not changed"
            ))
        }
        other => bad(other.to_string()),
    })
}

/// The unit the progress of an estimate counts by.
fn units(method: Method) -> &'static str {
    match method {
        Method::Choices { .. } => "choices",
        _ => "parts",
    }
}

/// Before the count: unless the rest is trivial, says what it will cost (keeping the counts of
/// the sample, in the checkpoint too), and refuses more than a day without `--yes`. Returns
/// the estimated wall seconds per unit of cost on the run's threads, for the time left.
fn look_ahead(
    o: &Options,
    session: &mut Session,
    checkpoint: Option<&Checkpoint>,
    job: &Job,
    pool: &rayon::ThreadPool,
) -> Result<Option<f64>> {
    job.units(units(session.method(false)));
    let before = pool.install(|| session.before(job.control()));
    job.units("parts");
    let Some(before) = job.check(before)? else {
        return Ok(None);
    };
    if let Some(ck) = checkpoint {
        for &(i, c) in &before.sampled {
            ck.record(i, c);
        }
    }
    let outlook = &before.outlook;
    if outlook.needs_consent(o.threads) && !o.yes {
        return Err(refusal(
            outlook,
            &format!("counting {}", o.what()),
            o.threads,
        ));
    }
    eprintln!(
        "queens: {}",
        count_estimate::line(outlook, &o.what(), o.threads)
    );
    Ok(Some(before.seconds_per_cost))
}

/// `--estimate`: the outlook alone.
fn estimate_only(
    o: &Options,
    session: &Session,
    job: &Job,
    pool: &rayon::ThreadPool,
) -> Result<Exit> {
    job.relabel(format!("estimating {}", o.what()));
    let method = session.method(true);
    job.units(units(method));
    let outlook = pool.install(|| session.outlook(method, job.control()));
    job.units("parts");
    let (outlook, _) = job.check(outlook)?;
    let mut out = Out::stdout();
    count_estimate::print(
        &mut out,
        &session.estimate_record(&outlook),
        &outlook,
        o.json,
    )?;
    out.flush()?;
    Ok(Exit::Success)
}

/// After the count: the counts of the board, or the shard's result file.
fn finish(o: &Options, session: &Session, sum: u128, seconds: f64) -> Result<Exit> {
    let mut out = Out::stdout();
    if let (Some(share), Some(path)) = (o.shard, &o.out) {
        let all = session.all();
        ShardFile::new(session.plan(), share, all, sum, seconds).write(path)?;
        let what = format!("share {}/{} of N = {}", share.index, share.count, o.n);
        if o.json {
            out.json_line(&serde_json::json!({
                "n": o.n,
                "shard": share.index,
                "shards": share.count,
                "parts": all.len(),
                "sum": sum.to_string(),
                "out": path.display().to_string(),
                "seconds": millis(seconds),
            }))?;
        } else {
            writeln!(
                out,
                "{what}: {} parts counted, written to '{}' (add up the {} shares with queens merge)",
                all.len(),
                path.display(),
                share.count
            )?;
        }
        out.flush()?;
        return Ok(Exit::Success);
    }
    let counts = session.counts(sum).ok_or_else(|| {
        bad("the parts' counts add up to a total whose orbits do not add up to it (Burnside's lemma): a record of the checkpoint is damaged; move it aside to count again")
    })?;
    if o.json {
        out.json_line(&record(&counts, seconds, None))?;
    } else {
        write_text(&mut out, &counts, seconds, true, "")?;
    }
    out.flush()?;
    Ok(Exit::Success)
}
