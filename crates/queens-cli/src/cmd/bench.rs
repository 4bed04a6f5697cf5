//! `queens bench [A..B] [--algorithms LIST] [--time-limit S] [--plot FILE.svg] [--json|--csv]`:
//! the classic algorithms side by side.
//!
//! Each chosen algorithm counts all solutions for N = A, A+1, ..., B, one thread each (the fast
//! engine too, so the times compare), with a time limit per run; once a run hits the limit, the
//! larger boards of that algorithm are skipped. The table has the shape of seed 001's: one
//! block per algorithm, a line per N with the solutions, the nodes visited, the safety tests and
//! the seconds (the median of five runs for the runs under 0.1 s). The chart is seed 001's picture: time against N on a log scale, one line per
//! algorithm.

use crate::cmd::classic as algorithm;
use crate::cmd::classic::Lister;
use crate::exit::{bad, Exit, Result};
use crate::input::{self, Sizes};
use crate::job::Job;
use crate::output::format::Runs;
use crate::output::Out;
use queens::classic::{self, Algorithm, End, Options, Stats};
use queens::count::{self, Engine};
use serde::Serialize;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

/// Compare the algorithms over a range of N: a table (and JSON or CSV) and a chart.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  queens bench\n  queens bench 4..14 --time-limit 20 --plot docs/classic-bench.svg\n  queens bench 8..12 --algorithm wirth,bitmask --csv"
)]
pub struct Args {
    /// Board sizes: A..B, or one N
    #[arg(value_name = "A..B", default_value = "4..12", value_parser = parse_sizes)]
    sizes: Sizes,
    /// Algorithms to run, separated by commas (default: all): brute, permutations, naive,
    /// wirth, iterative, bitmask, fast, sql
    #[arg(long, short = 'a', alias = "algorithms", value_name = "NAMES", value_delimiter = ',', value_parser = algorithm::parse_lister)]
    algorithm: Vec<Lister>,
    /// Stop a run after this long (seconds, or 90s, 5m; from 0.001 s to a year, 8760h) and skip
    /// the larger N of that algorithm
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = input::seconds)]
    time_limit: f64,
    /// Also draw time against N (log scale) into this SVG file
    #[arg(long, value_name = "FILE.svg", value_parser = crate::output::svg::path)]
    plot: Option<PathBuf>,
    /// Output format
    #[arg(long, short = 'f', value_enum, default_value_t = Runs::Table)]
    format: Runs,
    /// Same as --format json
    #[arg(long, conflicts_with_all = ["format", "csv"])]
    json: bool,
    /// Same as --format csv
    #[arg(long, conflicts_with = "format")]
    csv: bool,
}

impl Args {
    fn output(&self) -> Runs {
        match (self.json, self.csv) {
            (true, _) => Runs::Json,
            (_, true) => Runs::Csv,
            _ => self.format,
        }
    }
}

fn parse_sizes(s: &str) -> std::result::Result<Sizes, String> {
    Sizes::parse(s, 1, Engine::default().max_n())
}

/// An algorithm named twice would only run again: refused, naming it.
fn refuse_repeats(algorithms: &[Lister]) -> Result<()> {
    for (i, a) in algorithms.iter().enumerate() {
        if algorithms[..i].contains(a) {
            return Err(bad(format!(
                "--algorithm names {a} twice: give each algorithm once, as in wirth,bitmask"
            )));
        }
    }
    Ok(())
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Finished,
    /// Stopped by the time limit.
    Timeout,
    /// Not run: a smaller N hit the time limit, or N is beyond the algorithm.
    Skipped,
}

impl Outcome {
    fn name(self) -> &'static str {
        match self {
            Outcome::Finished => "finished",
            Outcome::Timeout => "timeout",
            Outcome::Skipped => "skipped",
        }
    }
}

/// One algorithm on one N.
#[derive(Clone, Debug)]
struct Run {
    algorithm: Lister,
    n: usize,
    outcome: Outcome,
    solutions: u64,
    /// None for the fast engine, which counts no work.
    stats: Option<Stats>,
    seconds: f64,
}

pub fn run(args: Args) -> Result<Exit> {
    refuse_repeats(&args.algorithm)?;
    let algorithms = if args.algorithm.is_empty() {
        Lister::all()
    } else {
        args.algorithm.clone()
    };
    if let Some(a) = args.algorithm.iter().find(|a| a.max_n() < args.sizes.from) {
        return Err(bad(format!(
            "--algorithm {a} runs N from 1 to {}, none of {}..{}: give sizes that start at {} or less",
            a.max_n(),
            args.sizes.from,
            args.sizes.to,
            a.max_n()
        )));
    }
    let format = args.output();
    if let Some(path) = &args.plot {
        // Fail now, not after the runs, if the chart cannot be written.
        crate::exit::write_file(path, b"")?;
    }
    let single = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .map_err(|e| bad(format!("cannot start a worker thread: {e}")))?;
    let mut out = Out::stdout();
    let mut runs = Vec::new();
    if format == Runs::Csv {
        writeln!(
            out,
            "algorithm,n,end,solutions,nodes,tests,placements,removals,seconds"
        )?;
    }
    for &a in &algorithms {
        if format == Runs::Table {
            writeln!(out, "{a}: {}", a.about())?;
            writeln!(
                out,
                "{:>4} {:>14} {:>16} {:>16} {:>12}",
                "N", "solutions", "nodes", "tests", "seconds"
            )?;
        }
        let mut gave_up = false;
        for n in args.sizes.from..=args.sizes.to {
            let r = if gave_up || n > a.max_n() {
                Run {
                    algorithm: a,
                    n,
                    outcome: Outcome::Skipped,
                    solutions: 0,
                    stats: None,
                    seconds: 0.0,
                }
            } else {
                one_run(a, n, args.time_limit, &single)?
            };
            gave_up |= r.outcome == Outcome::Timeout;
            write_run(&mut out, &r, format, args.time_limit)?;
            out.flush()?;
            runs.push(r);
        }
        if format == Runs::Table {
            writeln!(out)?;
        }
    }
    out.flush()?;
    if let Some(path) = &args.plot {
        let svg = plot(&runs, &algorithms, args.sizes)
            .map_err(|e| bad(format!("cannot draw the chart: {e}")))?;
        crate::exit::write_file(path, svg.as_bytes())?;
    }
    Ok(Exit::Success)
}

/// Runs shorter than this are repeated, and the median time is kept.
const SHORT: f64 = 0.1;
const REPEATS: usize = 5;

/// Counts the solutions for `n` with `a` on one thread, within `limit` seconds; a short run is
/// repeated and its median time kept, so that the small boards are not all noise.
fn one_run(a: Lister, n: usize, limit: f64, single: &rayon::ThreadPool) -> Result<Run> {
    let mut first = timed_run(a, n, limit, single)?;
    if first.outcome == Outcome::Finished && first.seconds < SHORT {
        let mut times = vec![first.seconds];
        for _ in 1..REPEATS {
            times.push(timed_run(a, n, limit, single)?.seconds);
        }
        times.sort_by(f64::total_cmp);
        first.seconds = times[REPEATS / 2];
    }
    Ok(first)
}

fn timed_run(a: Lister, n: usize, limit: f64, single: &rayon::ThreadPool) -> Result<Run> {
    let job = Job::start(format!("{a} N = {n}"), Some(limit));
    let control = job.control();
    let start = Instant::now();
    let a_classic = match a {
        Lister::Classic(c) => c,
        Lister::Sql => {
            return sql_run(n, &job, start);
        }
    };
    let result = if a_classic == Algorithm::Fast {
        single
            .install(|| count::count(n, Engine::default(), control))
            .map(|c| (c.total as u64, None, End::Finished))
            .or_else(|e| match e {
                queens::Error::Cancelled => Ok((0, None, End::Cancelled)),
                e => Err(e),
            })
    } else {
        classic::run_partial(a_classic, n, Options::default(), control, |_| {
            ControlFlow::Continue(())
        })
        .map(|s| (s.solutions, Some(s), s.end))
    };
    let seconds = start.elapsed().as_secs_f64();
    let (solutions, stats, end) = result?;
    let outcome = match end {
        End::Cancelled if job.timed_out() => Outcome::Timeout,
        End::Cancelled => return Err(job.failure()),
        _ => Outcome::Finished,
    };
    Ok(Run {
        algorithm: a,
        n,
        outcome,
        solutions,
        stats,
        seconds,
    })
}

/// A run of the SQL statement in SQLite (which counts no work).
fn sql_run(n: usize, job: &Job, start: Instant) -> Result<Run> {
    let (solutions, outcome) = match queens_sql::count(n, job.control()) {
        Ok(solutions) => (solutions, Outcome::Finished),
        Err(queens_sql::SqlError::Cancelled) if job.timed_out() => (0, Outcome::Timeout),
        Err(queens_sql::SqlError::Cancelled) => return Err(job.failure()),
        Err(e) => return Err(bad(e.to_string())),
    };
    let seconds = start.elapsed().as_secs_f64();
    Ok(Run {
        algorithm: Lister::Sql,
        n,
        outcome,
        solutions,
        stats: None,
        seconds,
    })
}

/// A run as a JSON line. This record stays with the command: it is the bench's own timing of
/// a run (with its outcome against the time limit, and null counters for the fast engine),
/// not an answer of the library, which times nothing.
#[derive(Serialize)]
struct RunRecord {
    algorithm: &'static str,
    n: usize,
    end: &'static str,
    solutions: u64,
    nodes: Option<u64>,
    tests: Option<u64>,
    placements: Option<u64>,
    removals: Option<u64>,
    seconds: f64,
}

fn write_run(out: &mut Out, r: &Run, format: Runs, limit: f64) -> std::io::Result<()> {
    let s = r.stats.as_ref();
    let field = |f: fn(&Stats) -> u64| s.map(f);
    if format == Runs::Json {
        if r.outcome == Outcome::Skipped {
            return Ok(());
        }
        return out.json_line(&RunRecord {
            algorithm: r.algorithm.name(),
            n: r.n,
            end: r.outcome.name(),
            solutions: r.solutions,
            nodes: field(|s| s.nodes),
            tests: field(|s| s.tests),
            placements: field(|s| s.placements),
            removals: field(|s| s.removals),
            seconds: (r.seconds * 1e6).round() / 1e6,
        });
    }
    if format == Runs::Csv {
        if r.outcome == Outcome::Skipped {
            return Ok(());
        }
        let cell = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_default();
        return writeln!(
            out,
            "{},{},{},{},{},{},{},{},{:.6}",
            r.algorithm,
            r.n,
            r.outcome.name(),
            r.solutions,
            cell(field(|s| s.nodes)),
            cell(field(|s| s.tests)),
            cell(field(|s| s.placements)),
            cell(field(|s| s.removals)),
            r.seconds
        );
    }
    let cell = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_else(|| "-".into());
    match r.outcome {
        Outcome::Finished => writeln!(
            out,
            "{:>4} {:>14} {:>16} {:>16} {:>12.6}",
            r.n,
            r.solutions,
            cell(field(|s| s.nodes)),
            cell(field(|s| s.tests)),
            r.seconds
        ),
        Outcome::Timeout => writeln!(
            out,
            "{:>4} {:>14} {:>16} {:>16} {:>12}",
            r.n,
            "-",
            cell(field(|s| s.nodes)),
            cell(field(|s| s.tests)),
            format!("> {limit}")
        ),
        Outcome::Skipped => Ok(()),
    }
}

/// The chart: seconds against N, log scale, one line per algorithm (finished runs only).
fn plot(
    runs: &[Run],
    algorithms: &[Lister],
    sizes: Sizes,
) -> std::result::Result<String, Box<dyn std::error::Error>> {
    use plotters::prelude::*;
    let done: Vec<&Run> = runs
        .iter()
        .filter(|r| r.outcome == Outcome::Finished)
        .collect();
    let floor = 1e-6;
    let seconds = |r: &Run| r.seconds.max(floor);
    let lo = done.iter().map(|r| seconds(r)).fold(f64::MAX, f64::min);
    let hi = done.iter().map(|r| seconds(r)).fold(floor, f64::max);
    let lo = if lo == f64::MAX { floor } else { lo };
    let (y0, y1) = (
        10f64.powf((lo / 2.0).log10().floor()),
        10f64.powf(hi.log10().ceil().max(lo.log10().floor() + 1.0)),
    );
    let (x0, x1) = (sizes.from as i32, sizes.to.max(sizes.from + 1) as i32);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (860, 540)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "N-queens, all solutions, one thread: seconds against N",
                ("sans-serif", 20),
            )
            .margin(16)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(x0..x1, (y0..y1).log_scale())?;
        chart
            .configure_mesh()
            .x_desc("N")
            .y_desc("seconds (log scale)")
            .x_labels((x1 - x0 + 1) as usize)
            .y_label_formatter(&|y| format!("{y:.0e}"))
            .draw()?;
        for (k, &a) in algorithms.iter().enumerate() {
            let color = Palette99::pick(k).to_rgba();
            let points: Vec<(i32, f64)> = done
                .iter()
                .filter(|r| r.algorithm == a)
                .map(|r| (r.n as i32, seconds(r)))
                .collect();
            if points.is_empty() {
                continue;
            }
            chart
                .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))?
                .label(a.name())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
                });
            chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, color.filled())))?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .border_style(BLACK)
            .background_style(WHITE.mix(0.9))
            .draw()?;
        root.present()?;
    }
    Ok(svg)
}
