//! `queens count N` and `queens count A..B`: exact totals, fundamental counts, orbit breakdown.
//!
//! `--algorithm` names a counting engine (`auto`, the default, `quarters`, `dihedral`,
//! `constellation`, `somers`) or one of the classic algorithms of the seeds (`brute`, ...,
//! `bitmask`), which also counts its work (`--stats`).

use crate::cmd::classic::{self, StatsRecord};
use crate::exit::{bad, Exit, Failure, Result};
use crate::input::Sizes;
use crate::job::{self, Job};
use crate::output::{millis, Out};
use queens::classic::{Algorithm, End, Options, Stats};
use queens::count::{self, symmetric, Counts, Engine};
use queens::OrbitKind;
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::io::Write;
use std::ops::ControlFlow;

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
            Counter::Engine(Engine::Bitmask) => "somers",
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

    fn max_n(self) -> usize {
        match self {
            Counter::Engine(e) => e.max_n(),
            Counter::Classic(a) => a.max_n(),
            Counter::Sql => queens_sql::MAX_N,
        }
    }
}

/// How the counts are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Labelled lines for one N, a table for a range
    Text,
    /// One JSON object per N
    Json,
}

/// Count all solutions exactly, with the fundamental (symmetry-reduced) count and the orbits
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens count 8
  queens count 16 --threads 2
  queens count 4..14
  queens count 12 --json
  queens count 18 --algorithm dihedral
  queens count 10 --algorithm wirth --stats")]
pub struct Args {
    /// Board size N (1 to 32), or a range A..B for a table
    #[arg(value_name = "N|A..B", value_parser = |s: &str| Sizes::parse(s, 1, Engine::Auto.max_n()))]
    sizes: Sizes,
    /// Worker threads (default: all cores)
    #[arg(long, short = 't', value_name = "T", value_parser = parse_threads)]
    threads: Option<usize>,
    /// Output format
    #[arg(long, short = 'f', value_enum, default_value_t = Format::Text)]
    format: Format,
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
    #[command(flatten)]
    rules: super::rules::RulesArgs,
}

fn parse_threads(s: &str) -> std::result::Result<usize, String> {
    crate::input::size(s, 1, 1024)
        .map_err(|_| format!("bad thread count '{s}': expected a whole number from 1 to 1024"))
}

/// The orbit breakdown as a JSON map with the orbit sizes as keys, largest first.
pub struct Orbits(pub Vec<(usize, u128)>);

impl Serialize for Orbits {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (size, count) in &self.0 {
            map.serialize_entry(&size.to_string(), count)?;
        }
        map.end()
    }
}

#[derive(serde::Serialize)]
struct Record {
    n: usize,
    total: u128,
    fundamental: u128,
    orbits: Orbits,
    seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<StatsRecord>,
}

pub fn run(args: Args) -> Result<Exit> {
    let json = args.json || args.format == Format::Json;
    check(&args)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| bad(format!("cannot start the worker threads: {e}")))?;
    if !args.rules.rules().is_classic() {
        return super::count_rules::run(args.rules, args.sizes, json, &pool);
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
    for n in args.sizes.from..=args.sizes.to {
        warn_if_long(
            args.algorithm,
            n,
            args.threads.unwrap_or(pool.current_num_threads()),
        );
        let job = Job::start(format!("counting N = {n}"), None);
        let (counts, stats) = pool.install(|| count_with(args.algorithm, n, &job))?;
        let seconds = job.seconds();
        drop(job);
        let stats = stats.filter(|_| args.stats);
        if json {
            out.json_line(&record(&counts, seconds, args.algorithm, stats.as_ref()))?;
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
    if args.sizes.to > args.algorithm.max_n() {
        return Err(bad(format!(
            "N = {} is too large for --algorithm {}: it accepts N up to {}",
            args.sizes.to,
            args.algorithm.name(),
            args.algorithm.max_n()
        )));
    }
    Ok(())
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

/// A rough model of the CPU seconds of the default engine on one core of a machine like the
/// one of BENCHMARKS.md (N = 18 in about 4 s, each N about 8 times the last), and of the
/// others from their own figures there.
pub fn rough_seconds(counter: Counter, n: usize) -> f64 {
    let (at18, growth) = match counter {
        Counter::Engine(Engine::Auto | Engine::Quarters) if n <= count::quarters::MAX_N => {
            (4.0, 7.0)
        }
        Counter::Engine(Engine::Bitmask) => (200.0, 7.5),
        Counter::Engine(_) => (90.0, 7.5),
        Counter::Classic(_) => (400.0, 7.5),
        Counter::Sql => (4e6, 10.0),
    };
    at18 * f64::powf(growth, n as f64 - 18.0)
}

/// Says before a long count starts what it will cost.
fn warn_if_long(counter: Counter, n: usize, threads: usize) {
    if let Counter::Classic(a @ (Algorithm::Brute | Algorithm::Permutations)) = counter {
        return classic::warn_if_long(a, n);
    }
    let cpu = rough_seconds(counter, n);
    if cpu >= 600.0 {
        eprintln!(
            "queens: warning: counting N = {n} with {} takes about {} of CPU time ({} on {threads} threads) by a rough model; Ctrl-C stops it",
            counter.name(),
            job::duration(cpu),
            job::duration(cpu / threads.max(1) as f64)
        );
    }
}

fn record(c: &Counts, seconds: f64, counter: Counter, stats: Option<&Stats>) -> Record {
    Record {
        n: c.n,
        total: c.total,
        fundamental: c.fundamental(),
        orbits: Orbits(c.orbits()),
        seconds: millis(seconds),
        stats: match (counter, stats) {
            (Counter::Classic(a), Some(s)) => Some(StatsRecord::new(a, Some(s), seconds)),
            _ => None,
        },
    }
}

/// The counts of one N as text: a table line, or labelled lines under `N = n{label}`.
pub fn write_text(
    out: &mut Out,
    c: &Counts,
    seconds: f64,
    single: bool,
    label: &str,
) -> std::io::Result<()> {
    if !single {
        return writeln!(
            out,
            "{:>3} {:>22} {:>22} {:>10.3}",
            c.n,
            c.total,
            c.fundamental(),
            seconds
        );
    }
    writeln!(out, "N = {}{label}", c.n)?;
    writeln!(out, "total:        {}", c.total)?;
    writeln!(out, "fundamental:  {}", c.fundamental())?;
    for (size, count) in c.orbits() {
        writeln!(
            out,
            "orbits of {size}:  {count} ({})",
            OrbitKind::of_size(size)
        )?;
    }
    writeln!(out, "seconds:      {seconds:.3}")
}
