//! `queens count N` split into the engine's parts, driven by the library's counting session
//! ([`queens::count::session`]): the estimate before the work, `--estimate`, `--checkpoint
//! FILE` (with `--recount`), `--shard I/K --out FILE` and `--memory`.
//!
//! The session decides (the parts of the share, what is left after the checkpoint, how the
//! rest is estimated and whether it needs `--yes`, the accounts of the progress, the counts
//! at the end); this module reads and writes the files and prints: the checkpoint's records,
//! the estimate's line, the counts or the shard's result file for `queens merge`.

use super::count_estimate::{self, refusal};
use super::counts::{record, write_text};
use super::recount;
use crate::exit::{bad, Exit, Result};
use crate::input::Share;
use crate::job::Job;
use crate::output::{millis, Out};
use crate::parts::checkpoint::{Checkpoint, Header};
use crate::parts::shard::ShardFile;
use queens::count::plan::{Plan, SampleSize};
use queens::count::session::{Method, Session, SessionError};
use queens::count::Engine;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

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
    /// `--recount`: the sample of the checkpoint's parts counted again before resuming.
    pub recount: Option<SampleSize>,
    /// `--seed` of that sample.
    pub seed: Option<u64>,
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

/// Whether `--out` names standard output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

pub fn run(o: Options, pool: &rayon::ThreadPool) -> Result<Exit> {
    // The result's file first: a name that cannot be written is refused before any work.
    if let Some(path) = o.out.as_deref().filter(|p| !is_stdout(p)) {
        crate::parts::out_file(path)?;
    }
    // The job first, so that Ctrl-C while the parts are listed ends the run cleanly.
    let job = Job::start(format!("listing the parts of {}", o.what()), None);
    let plan = pool.install(|| plan(o.n, o.engine, o.memory))?;
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
            if let Some(size) = o.recount {
                recount_checkpoint(session.plan(), session.done(), (size, &job), &o, pool)?;
            }
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
    // The count of every part of this run, for the shard's file.
    let counted = Mutex::new(Vec::new());
    let result = pool.install(|| {
        session.count(job.control(), &|i, c| {
            if let Some(ck) = &checkpoint {
                if !ck.record(i, c) {
                    job.control().cancel();
                }
            }
            if o.shard.is_some() {
                if let Ok(mut counted) = counted.lock() {
                    counted.push((i, c));
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
    let mut counted = counted.into_inner().unwrap_or_default();
    counted.extend_from_slice(session.done());
    counted.sort_unstable();
    finish(&o, &session, &counted, sum, seconds)
}

/// The plan for N and the engine, within the memory budget.
pub fn plan(n: usize, engine: Engine, memory: Option<u64>) -> Result<Plan> {
    let plan = Plan::new(n, engine).map_err(|e| bad(e.to_string()))?;
    plan.with_memory_budget(memory).map_err(|e| match e {
        queens::count::plan::PlanError::Memory { need, budget, .. } => bad(format!(
            "--memory {}: counting N = {} with the {} engine needs about {} for its list of parts; give a larger budget",
            count_estimate::bytes(budget),
            n,
            engine.resolve(n).name(),
            count_estimate::bytes(need),
        )),
        other => bad(other.to_string()),
    })
}

/// `--recount`: a sample of the parts recorded in the checkpoint, counted again before the
/// run goes on; a checkpoint with a part whose recount differs is refused.
fn recount_checkpoint(
    plan: &Plan,
    done: &[(usize, u128)],
    (size, job): (SampleSize, &Job),
    o: &Options,
    pool: &rayon::ThreadPool,
) -> Result<()> {
    let path = o.checkpoint.as_deref().unwrap_or(Path::new(""));
    let what = format!("checkpoint '{}'", path.display());
    let seed = o.seed.unwrap_or_else(rand::random); // said in every line of the recount
    let label = format!("recounting a sample of the parts of {what}");
    let checks = recount::run(plan, &[done], (size, seed), (job, label), pool)?;
    let check = &checks[0];
    if let Some(w) = &check.wrong {
        return Err(bad(format!(
            "{what} is refused: it {} ({} of its {} parts recounted, seed {seed}); the file was not changed (move it aside to count again)",
            recount::wrong(w, "records"),
            check.recounted.len(),
            check.claimed
        )));
    }
    let line = recount::passed(check, &what, "checkpoint", "as recorded", seed);
    eprintln!("queens: {line}");
    Ok(())
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

/// After the count: the counts of the board, or the shard's result file with the count of
/// every part of the share (`counted`, in increasing order of index).
fn finish(
    o: &Options,
    session: &Session,
    counted: &[(usize, u128)],
    sum: u128,
    seconds: f64,
) -> Result<Exit> {
    let mut out = Out::stdout();
    if let (Some(share), Some(path)) = (o.shard, &o.out) {
        let all = session.all();
        let whole = counted.len() == all.len()
            && counted.iter().map(|&(_, c)| c).sum::<u128>() == sum
            && counted.iter().zip(all).all(|(&(i, _), &j)| i == j);
        if !whole {
            return Err(crate::exit::Failure::Internal(format!(
                "the counts of the parts of share {}/{} do not add up to its sum",
                share.index, share.count
            )));
        }
        let file = ShardFile::new(session.plan(), share, counted, seconds);
        let what = format!("share {}/{} of N = {}", share.index, share.count, o.n);
        if is_stdout(path) {
            out.write_all(file.text().as_bytes())?;
            out.flush()?;
            eprintln!(
                "queens: {what}: {} parts counted, written to standard output (add up the {} shares with queens merge)",
                all.len(),
                share.count
            );
            return Ok(Exit::Success);
        }
        file.write(path)?;
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
