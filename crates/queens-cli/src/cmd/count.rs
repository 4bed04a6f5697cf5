//! `queens count N` and `queens count A..B`: exact totals, fundamental counts, orbit breakdown.

use crate::input::Sizes;
use crate::out;
use crate::progress;
use queens::count::{self, Counts, Engine};
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// Count all solutions exactly, with the fundamental (symmetry-reduced) count and the orbits.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  queens count 8\n  queens count 16 --threads 2\n  queens count 4..14\n  queens count 12 --json"
)]
pub struct Args {
    /// Board size N (1 to 32), or a range A..B for a table
    #[arg(value_name = "N|A..B", value_parser = parse_sizes)]
    sizes: Sizes,
    /// Worker threads (default: all cores)
    #[arg(long, short = 't', value_name = "T", value_parser = parse_threads)]
    threads: Option<usize>,
    /// One JSON object per line
    #[arg(long)]
    json: bool,
    /// Count with one of the classic algorithms: brute, permutations, naive, wirth,
    /// iterative, bitmask, fast (the default engine)
    #[arg(long, value_name = "NAME", value_parser = crate::cmd::algorithm::parse)]
    algorithm: Option<queens::classic::Algorithm>,
    /// With --algorithm: the work it took (nodes, tests, placements, removals; stderr, or
    /// "stats" in the JSON)
    #[arg(long, requires = "algorithm")]
    stats: bool,
    /// Counting engine: auto (the default: quarters for N = 14 to 23, dihedral otherwise), quarters
    /// (meet in the middle, the fastest), dihedral, constellation, or bitmask (the reference)
    #[arg(long, value_name = "NAME", default_value = Engine::default().name(), value_parser = parse_engine, conflicts_with = "algorithm")]
    engine: Engine,
}

fn parse_engine(s: &str) -> Result<Engine, String> {
    Engine::from_name(s).ok_or_else(|| {
        let names: Vec<_> = Engine::ALL.iter().map(|e| e.name()).collect();
        format!("unknown engine '{s}': expected one of {}", names.join(", "))
    })
}

fn parse_sizes(s: &str) -> Result<Sizes, String> {
    Sizes::parse(s, 1, Engine::default().max_n())
}

fn parse_threads(s: &str) -> Result<usize, String> {
    crate::input::size(s, 1, 1024)
        .map_err(|_| format!("expected a thread count from 1 to 1024, got '{s}'"))
}

/// The orbit breakdown as a JSON map with the orbit sizes as keys, largest first.
struct Orbits(Vec<(usize, u128)>);

impl Serialize for Orbits {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
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
}

fn record(c: &Counts, seconds: f64) -> Record {
    Record {
        n: c.n,
        total: c.total,
        fundamental: c.fundamental(),
        orbits: Orbits(c.orbits()),
        seconds: (seconds * 1000.0).round() / 1000.0,
    }
}

fn kind(size: usize) -> &'static str {
    match size {
        8 => "simple",
        4 => "symmetric",
        2 => "doubly symmetric",
        _ => "fixed by every symmetry",
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let pool = match args.threads {
        Some(t) => rayon::ThreadPoolBuilder::new().num_threads(t).build()?,
        None => rayon::ThreadPoolBuilder::new().build()?,
    };
    if let Some(a) = args.algorithm {
        crate::cmd::algorithm::check_size(a, args.sizes.to)?;
    } else if args.sizes.to > args.engine.max_n() {
        return Err(out::bad(format!(
            "N = {} is too large for the {} engine: at most {}",
            args.sizes.to,
            args.engine.name(),
            args.engine.max_n()
        )));
    }
    let control = progress::interruptible();
    let mut out = out::stdout();
    if !args.sizes.is_single() && !args.json {
        writeln!(
            out,
            "{:>3} {:>22} {:>22} {:>10}",
            "N", "total", "fundamental", "seconds"
        )?;
        out.flush()?;
    }
    for n in args.sizes.from..=args.sizes.to {
        let mut work = None;
        let (counts, seconds) = progress::watch(&control, &format!("counting N = {n}"), || {
            let start = Instant::now();
            let counts = pool.install(|| match args.algorithm {
                Some(a) => crate::cmd::algorithm::count(n, a, &control).map(|(counts, stats)| {
                    work = Some((a, stats));
                    counts
                }),
                None => count::count(n, args.engine, &control),
            });
            (counts, start.elapsed().as_secs_f64())
        });
        let counts = counts?;
        if args.json {
            let mut record = serde_json::to_value(record(&counts, seconds))?;
            if let Some((a, stats)) = work.filter(|_| args.stats) {
                let json = crate::cmd::algorithm::stats_json(a, stats.as_ref(), seconds);
                record["stats"] = json;
            }
            serde_json::to_writer(&mut out, &record)?;
            writeln!(out)?;
        } else if args.sizes.is_single() {
            writeln!(out, "N = {n}")?;
            writeln!(out, "total:        {}", counts.total)?;
            writeln!(out, "fundamental:  {}", counts.fundamental())?;
            for (size, count) in counts.orbits() {
                writeln!(out, "orbits of {size}:  {count} ({})", kind(size))?;
            }
            writeln!(out, "seconds:      {seconds:.3}")?;
        } else {
            writeln!(
                out,
                "{:>3} {:>22} {:>22} {:>10.3}",
                n,
                counts.total,
                counts.fundamental(),
                seconds
            )?;
        }
        out.flush()?;
        if let (Some((a, stats)), true, false) = (work, args.stats, args.json) {
            let line = crate::cmd::algorithm::stats_line(a, n, stats.as_ref(), seconds);
            eprintln!("queens: {line}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
