//! `queens count N` and `queens count A..B`: exact totals, fundamental counts, orbit breakdown.
//!
//! `--algorithm` names a counting engine (`auto`, the default, `quarters`, `dihedral`,
//! `constellation`, `somers`) or one of the classic algorithms of the seeds (`brute`, ...,
//! `bitmask`), which also counts its work (`--stats`).

use crate::cmd::classic;
use crate::cmd::count_estimate;
use crate::cmd::count_plan;
use crate::cmd::counts::{record, write_text};
use crate::exit::{bad, Exit, Failure, Result};
use crate::input::{Share, Sizes};
use crate::job::{self, Job};
use crate::output::format::Report;
use crate::output::Out;
use queens::classic::{Algorithm, End, Options, Stats};
use queens::count::session::{self, model};
use queens::count::{self, plan, symmetric, Counts, Engine};
use queens::record::RunStats;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;

/// What counts: an engine, or a classic algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    Engine(Engine),
    Classic(Algorithm),
    /// The seeds' recursive SQL statement, run in SQLite (`queens-sql`).
    Sql,
}

impl Counter {
    /// The name on the command line (the reference engine is `somers`, apart from the
    /// classic `bitmask` of the seeds).
    pub fn name(self) -> &'static str {
        match self {
            Counter::Engine(e) => e.name(),
            Counter::Classic(a) => a.name(),
            Counter::Sql => "sql",
        }
    }

    fn all() -> Vec<Counter> {
        let engines = Engine::ALL.iter().map(|&e| Counter::Engine(e));
        let classics = Algorithm::ALL
            .iter()
            .filter(|&&a| a != Algorithm::Fast)
            .map(|&a| Counter::Classic(a));
        engines.chain(classics).chain([Counter::Sql]).collect()
    }

    /// The value parser of `--algorithm`.
    pub fn parse(s: &str) -> std::result::Result<Counter, String> {
        if s == "fast" {
            return Ok(Counter::Engine(Engine::Auto));
        }
        Counter::all()
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Counter::all().iter().map(|c| c.name()).collect();
                format!(
                    "unknown algorithm '{s}': expected one of {}",
                    names.join(", ")
                )
            })
    }

    /// What the cost model calls this counter.
    fn costed(self) -> model::Counter {
        match self {
            Counter::Engine(e) => model::Counter::Engine(e),
            Counter::Classic(_) => model::Counter::Classic,
            Counter::Sql => model::Counter::Sql,
        }
    }

    fn max_n(self) -> usize {
        match self {
            Counter::Engine(e) => e.max_n(),
            Counter::Classic(a) => a.max_n(),
            Counter::Sql => queens_sql::MAX_N,
        }
    }
}

/// Count all solutions exactly, with the fundamental (symmetry-reduced) count and the orbits
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens count 8
  queens count 16 --threads 2
  queens count 4..14
  queens count 12 --json
  queens count 18 --algorithm dihedral
  queens count 10 --algorithm wirth --stats
  queens count 20 --estimate                  # the cost first: CPU time, time on the threads, memory
  queens count 21 --checkpoint n21.log        # stop it at any time; the same command resumes it
  queens count 23 --shard 0/64 --out s0.json  # share 0 of 64 (one task of a cluster job)
  queens merge s*.json                        # the 64 shares added up, printed as a count
  queens count 21 --memory 2G                 # within 2 GiB (the quarters engine keeps to any budget)
  queens count 21 --checkpoint n21.log --recount 5%   # recount 5% of the recorded parts first

Counts of one N with the engines auto, quarters and dihedral are made of parts: unless the
count is short, it first times a sample of parts and says what the whole will cost on stderr,
and a count of more than a day asks for --yes. --checkpoint FILE appends every finished part
to FILE, synced before it counts as done: after a crash, kill -9 or Ctrl-C the same command
resumes, skipping the finished parts; a damaged checkpoint or one of another count is refused
(exit 2) and left as it is. --shard I/K counts the I-th of K shares of the parts (I from 0 to
K-1), balanced by estimated cost, and writes the result to --out for queens merge (- for
standard output); it can use --checkpoint too. The check values (CRC-32) of checkpoints and
shards tell damage, not an edit: whoever changes a count can compute them anew. Against that,
--recount S|P% counts again a random sample of the parts a checkpoint records before the count
resumes (queens merge does so for shards by default) and refuses the checkpoint if one
differs; a checkpoint with k forged parts passes with probability at most (1 - s/m)^k, said on
stderr.")]
pub struct Args {
    /// Board size N (1 to 32), or a range A..B for a table
    #[arg(value_name = "N|A..B", value_parser = |s: &str| Sizes::parse(s, 1, Engine::Auto.max_n()))]
    sizes: Sizes,
    /// Worker threads (default: all cores)
    #[arg(long, short = 't', value_name = "T", value_parser = parse_threads)]
    threads: Option<usize>,
    /// Output format
    #[arg(long, short = 'f', default_value = "text", value_parser = Report::parser(
        "Labelled lines for one N, a table for a range",
        "One JSON object per N",
    ))]
    format: Report,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// What counts: an engine, auto (the default: the fastest for N), quarters (meet in the
    /// middle), dihedral, constellation, somers (the reference backtracker); or a classic
    /// algorithm: brute, permutations, naive, wirth, iterative, bitmask; or sql (the seeds'
    /// recursive SQL statement in an embedded SQLite)
    #[arg(long, short = 'a', alias = "engine", value_name = "NAME", default_value = "auto", value_parser = Counter::parse)]
    algorithm: Counter,
    /// With a classic algorithm: the work it took (nodes, tests, placements, removals;
    /// stderr, or "stats" in the JSON)
    #[arg(long)]
    stats: bool,
    /// Record every finished part in FILE (an append-only log, synced part by part) and
    /// resume from it: after a crash, kill or Ctrl-C, run the same command again
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Count only share I of K (I from 0 to K-1, as $SLURM_ARRAY_TASK_ID), balanced by
    /// estimated cost; the result goes to --out, for queens merge
    #[arg(long, value_name = "I/K", value_parser = crate::input::share)]
    shard: Option<Share>,
    /// The result file of --shard (- for standard output)
    #[arg(long, value_name = "FILE", requires = "shard")]
    out: Option<PathBuf>,
    /// Print what the count would cost (CPU time, time on the threads, memory) from a timed
    /// sample of its parts, and count nothing
    #[arg(long, conflicts_with_all = ["yes", "out"])]
    estimate: bool,
    /// Start a count even if its estimate is more than a day
    #[arg(long)]
    yes: bool,
    /// A memory budget of the quarters engine (--algorithm quarters, or auto for N = 14 to 27),
    /// from 256M to 1048576T: 512M, 4G, 2048K or bytes (default: half the memory available).
    /// It keeps within it, holding fewer of its tables and joining in slices, more slowly; the
    /// other engines take no budget and are refused it
    #[arg(long, value_name = "SIZE", value_parser = crate::input::memory_budget)]
    memory: Option<u64>,
    /// With --checkpoint: before resuming, count again a random sample of the parts it records
    /// (S parts, or P% of them, rounded up) and refuse the checkpoint if one differs
    #[arg(long, value_name = "S|P%", value_parser = super::recount::size, requires = "checkpoint", conflicts_with = "estimate")]
    recount: Option<queens::count::plan::SampleSize>,
    /// The seed of the sample of --recount (default: a fresh one, said on stderr)
    #[arg(long, value_name = "S", value_parser = crate::input::seed, requires = "recount")]
    seed: Option<u64>,
    #[command(flatten)]
    rules: super::rules::RulesArgs,
}

impl Args {
    /// Whether an option of the planned count is given.
    fn planned(&self) -> bool {
        self.checkpoint.is_some() || self.shard.is_some() || self.estimate || self.memory.is_some()
    }
}

pub(crate) fn parse_threads(s: &str) -> std::result::Result<usize, String> {
    crate::input::size(s, 1, 1024)
        .map_err(|_| format!("bad thread count '{s}': expected a whole number from 1 to 1024"))
}

/// A pool of `threads` workers (all cores unless given) for the engines' parallel loops.
pub(crate) fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| bad(format!("cannot start the worker threads: {e}")))
}

pub fn run(args: Args) -> Result<Exit> {
    let json = args.format.is_json(args.json);
    check(&args)?;
    // A forced build of the join (for benchmarks) that this CPU cannot run is refused here,
    // before any work, rather than ignored.
    queens::count::quarters::Path::forced()?;
    let pool = pool(args.threads)?;
    if !args.rules.rules().is_classic() {
        return super::count_rules::run(args.rules, args.sizes, json, &pool);
    }
    let threads = args.threads.unwrap_or(pool.current_num_threads());
    if let Some(engine) = planned_engine(&args) {
        return super::count_plan::run(
            count_plan::Options {
                n: args.sizes.from,
                engine,
                threads,
                json,
                checkpoint: args.checkpoint,
                shard: args.shard,
                out: args.out,
                estimate: args.estimate,
                yes: args.yes,
                memory: args.memory.or_else(count_plan::default_memory),
                recount: args.recount,
                seed: args.seed,
            },
            &pool,
        );
    }
    let mut out = Out::stdout();
    if !args.sizes.is_single() && !json {
        writeln!(
            out,
            "{:>3} {:>22} {:>22} {:>10}",
            "N", "total", "fundamental", "seconds"
        )?;
        out.flush()?;
    }
    // The classic algorithms and the SQL statement count on one thread.
    let threads = match args.algorithm {
        Counter::Engine(_) => threads,
        _ => 1,
    };
    for n in args.sizes.from..=args.sizes.to {
        warn_if_long(args.algorithm, n, threads, args.yes)?;
        let job = Job::start(format!("counting N = {n}"), None);
        let (counts, stats) = pool.install(|| count_with(args.algorithm, n, &job))?;
        let seconds = job.seconds();
        drop(job);
        let stats = stats.filter(|_| args.stats);
        if json {
            let stats = match (args.algorithm, &stats) {
                (Counter::Classic(a), Some(s)) => Some(RunStats::new(a, Some(s), seconds)),
                _ => None,
            };
            out.json_line(&record(&counts, seconds, stats))?;
        } else {
            write_text(&mut out, &counts, seconds, args.sizes.is_single(), "")?;
            if let (Some(s), Counter::Classic(a)) = (&stats, args.algorithm) {
                out.flush()?;
                eprintln!("queens: {}", classic::stats_line(a, n, Some(s), seconds));
            }
        }
        out.flush()?;
    }
    Ok(Exit::Success)
}

/// Options that do not fit together, and sizes beyond the algorithm.
fn check(args: &Args) -> Result<()> {
    let algorithm = format!(
        "--algorithm {} (a counter of the classic board)",
        args.algorithm.name()
    );
    let default = args.algorithm == Counter::Engine(Engine::Auto);
    args.rules.refuse_with(!default, &algorithm)?;
    args.rules
        .refuse_with(args.stats, "--stats (the work of a classic algorithm)")?;
    if args.stats && !matches!(args.algorithm, Counter::Classic(_)) {
        return Err(bad(format!(
            "--stats counts the work of a classic algorithm (brute, permutations, naive, wirth, iterative, bitmask); the engine '{}' counts none",
            args.algorithm.name()
        )));
    }
    if args.threads.is_some_and(|t| t > 1) && !matches!(args.algorithm, Counter::Engine(_)) {
        return Err(bad(format!(
            "--threads goes with the engines (auto, quarters, dihedral, constellation, somers) and --torus or --piece counts: '{}' counts on one thread",
            args.algorithm.name()
        )));
    }
    check_memory(args)?;
    if args.sizes.to > args.algorithm.max_n() {
        return Err(bad(format!(
            "N = {} is too large for --algorithm {}: it accepts N up to {}",
            args.sizes.to,
            args.algorithm.name(),
            args.algorithm.max_n()
        )));
    }
    check_planned(args)
}

/// `--memory`: a budget of the quarters engine alone, which keeps within it; the other
/// engines enumerate within a few stacks (or hold only their list of parts) and would ignore
/// it.
fn check_memory(args: &Args) -> Result<()> {
    let Some(budget) = args.memory else {
        return Ok(());
    };
    if !args.rules.rules().is_classic() || !args.sizes.is_single() {
        return Ok(()); // refused with the other options of a count in parts
    }
    let n = args.sizes.from;
    let engine = match args.algorithm {
        Counter::Engine(e) => e.resolve(n),
        _ => Engine::Auto,
    };
    if engine == Engine::Quarters {
        return Ok(());
    }
    let what = match args.algorithm {
        Counter::Engine(Engine::Auto) => format!("auto counts N = {n} with the dihedral engine"),
        other => format!("'{}' counts", other.name()),
    };
    Err(bad(format!(
        "--memory {}: the budget is kept by the quarters engine alone (--algorithm quarters, or auto for N = 14 to 27); {what} without one: leave --memory out",
        count_estimate::bytes(budget)
    )))
}

/// The options of a count split into parts: one N, an engine with parts, the classic board.
fn check_planned(args: &Args) -> Result<()> {
    if !args.planned() {
        return Ok(());
    }
    let given = [
        (args.checkpoint.is_some(), "--checkpoint"),
        (args.shard.is_some(), "--shard"),
        (args.estimate, "--estimate"),
        (args.memory.is_some(), "--memory"),
    ];
    let option = given.iter().find(|g| g.0).map_or("", |g| g.1);
    args.rules.refuse_with(
        true,
        &format!("{option} (a count of the classic board split into parts)"),
    )?;
    if !args.sizes.is_single() {
        return Err(bad(format!(
            "{option} takes one N, not the range {}..{}: a checkpoint or a shard belongs to one count",
            args.sizes.from, args.sizes.to
        )));
    }
    if !matches!(args.algorithm, Counter::Engine(e) if session::splits(e)) {
        return Err(bad(format!(
            "{option} needs an engine that splits the count into parts: auto, quarters or dihedral, not '{}'",
            args.algorithm.name()
        )));
    }
    if args.sizes.from < plan::MIN_N {
        return Err(bad(format!(
            "{option} needs N from {} up: N = {} is counted at once",
            plan::MIN_N,
            args.sizes.from
        )));
    }
    if args.shard.is_some() && args.out.is_none() && !args.estimate {
        return Err(bad(
            "--shard I/K writes its result to a file: give --out FILE (for queens merge)",
        ));
    }
    Ok(())
}

/// The engine of a count made of parts: when asked for by an option, or for one N with an
/// engine that has parts when the count is long enough to say its cost first.
fn planned_engine(args: &Args) -> Option<Engine> {
    let Counter::Engine(engine) = args.algorithm else {
        return None;
    };
    let long = args.sizes.is_single() && session::worth_planning(engine, args.sizes.from);
    (session::splits(engine) && (args.planned() || long)).then_some(engine)
}

/// Counts `n` with an engine or a classic algorithm (the symmetric counts of the classic
/// runs come from the library's small separate search); the stats of a classic run.
fn count_with(counter: Counter, n: usize, job: &Job) -> Result<(Counts, Option<Stats>)> {
    let algorithm = match counter {
        Counter::Engine(e) => return Ok((job.check(count::count(n, e, job.control()))?, None)),
        Counter::Sql => return Ok((count_sql(n, job)?, None)),
        Counter::Classic(a) => a,
    };
    job.units(classic::units(algorithm));
    let result = queens::classic::run(algorithm, n, Options::default(), job.control(), |_| {
        ControlFlow::Continue(())
    });
    let stats = job.check(result)?;
    if stats.end != End::Finished {
        return Err(Failure::Interrupted);
    }
    let counts = Counts {
        n,
        total: stats.solutions as u128,
        fixed180: symmetric::count_fixed180(n) as u128,
        fixed90: symmetric::count_fixed90(n) as u128,
    };
    Ok((counts, Some(stats)))
}

/// Counts the rows of the SQL statement (the symmetric counts from the library's small search).
fn count_sql(n: usize, job: &Job) -> Result<Counts> {
    let total = match queens_sql::count(n, job.control()) {
        Ok(total) => total,
        Err(queens_sql::SqlError::Cancelled) => return Err(job.failure()),
        Err(e) => return Err(bad(e.to_string())),
    };
    Ok(Counts::from_total(n, total as u128))
}

/// Says before a long count starts what it will cost (by the rough model: these counters
/// have no parts to time), and refuses more than a day without `--yes`.
fn warn_if_long(counter: Counter, n: usize, threads: usize, yes: bool) -> Result<()> {
    let outlook = session::model_outlook(counter.costed(), n);
    if outlook.needs_consent(threads) && !yes {
        let what = format!("counting N = {n} with {}", counter.name());
        return Err(count_estimate::refusal(&outlook, &what, threads));
    }
    if let Counter::Classic(a @ (Algorithm::Brute | Algorithm::Permutations)) = counter {
        classic::warn_if_long(a, n);
        return Ok(());
    }
    let cpu = outlook.cpu;
    if cpu >= session::LONG_CPU {
        eprintln!(
            "queens: warning: counting N = {n} with {} takes about {} of CPU time ({} on {threads} threads) by a rough model; Ctrl-C stops it",
            counter.name(),
            job::duration(cpu),
            job::duration(cpu / threads.max(1) as f64)
        );
    }
    Ok(())
}
