//! `queens solve N`: one solution for any N.
//!
//! The methods live in the library (`queens::construct`, and the backtracking of
//! `solve_backtrack.rs`); this module parses the arguments, runs the method and writes the
//! solution. The permutation and JSON formats are written as the rows come, so the explicit
//! construction streams any N in constant memory.

use crate::exit::{bad, Exit, Failure, Result};
use crate::input;
use crate::job::Job;
use crate::output::format::Placements;
use crate::output::placement::{self, Notes};
use crate::output::Out;
use queens::construct::{explicit, min_conflicts, random};
use queens::decimal::write_decimal;
use queens::record::{SolveStats, Solved};
use queens::{DiagramStyle, Placement, Square};
use serde::{Serialize, Serializer};
use std::io::{BufWriter, Write};
use std::time::Instant;

/// How to find the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// The explicit construction by N mod 12 (seed 001): no search, any N up to 4294967295
    Explicit,
    /// Local search by min-conflicts (Minton et al. 1992), seeded; N up to 10^9 (4.5 bytes a queen)
    MinConflicts,
    /// The first solution of plain backtracking, with its search statistics
    Backtrack,
    /// A uniformly random solution, by counting sub-trees; N up to 16 (each draw counts all
    /// solutions: 0.1 s of CPU at N = 14, 0.7 s at 15, 5 s at 16)
    Random,
}

impl Method {
    fn name(self) -> &'static str {
        match self {
            Method::Explicit => "explicit",
            Method::MinConflicts => "min-conflicts",
            Method::Backtrack => "backtrack",
            Method::Random => "random",
        }
    }

    /// Whether the method searches (and so takes a time limit).
    fn searches(self) -> bool {
        self != Method::Explicit
    }

    /// Whether the method draws at random (and so takes a seed).
    fn seeded(self) -> bool {
        matches!(self, Method::MinConflicts | Method::Random)
    }
}

/// The largest N drawn as a board diagram.
const BOARD_MAX_N: usize = 1000;

/// Find one solution for an N x N board
#[derive(clap::Args)]
#[command(
    after_help = "Exit codes: 0 a solution (or --exists: yes), 1 none exists (N = 2, 3) or \
none found within --time-limit, 2 bad input.

Examples:
  queens solve 8                           # the seed's construction: 2 4 6 8 3 1 7 5
  queens solve 100000000 > big.txt         # 889 MB, streamed in constant memory
  queens solve 1000000 --algorithm min-conflicts --seed 7 --stats
  queens solve 8 --algorithm random --format board
  queens solve 3 --exists
  queens solve 8 --algorithm backtrack --stats
  queens solve 1000 --json | queens check -"
)]
pub struct Args {
    /// Board size N
    #[arg(value_name = "N")]
    pub n: String,
    /// How to find it (default: explicit)
    #[arg(
        long,
        short = 'a',
        alias = "method",
        short_alias = 'm',
        value_enum,
        value_name = "NAME"
    )]
    pub algorithm: Option<Method>,
    /// Random seed (min-conflicts, random); without it, a fresh one, said on stderr
    #[arg(long, value_name = "S", value_parser = input::seed)]
    pub seed: Option<u64>,
    /// Output format (default: perm; board: N up to 1000); with --exists only json
    #[arg(long, short = 'f', value_enum)]
    pub format: Option<Placements>,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Print the work the search took (on stderr, or in the JSON)
    #[arg(long)]
    pub stats: bool,
    /// Give up after this long (the searching methods): seconds, or with a unit (90s, 5m, 2h);
    /// from 0.001 s to a year (8760h)
    #[arg(long, value_name = "SECONDS", value_parser = input::seconds)]
    pub time_limit: Option<f64>,
    /// Only say whether a solution exists (yes for N = 1 and N >= 4), for any N at once
    #[arg(long)]
    pub exists: bool,
    /// Draw boards with Unicode pieces (with --format board)
    #[arg(long)]
    pub unicode: bool,
}

impl Args {
    /// The output format: `--json`, else `--format`, else perm.
    fn format(&self) -> Placements {
        match (self.json, self.format) {
            (true, _) => Placements::Json,
            (false, format) => format.unwrap_or(Placements::Perm),
        }
    }
}

pub fn run(args: Args) -> Result<Exit> {
    check_options(&args)?;
    if args.exists {
        return exists(&args);
    }
    match args.algorithm.unwrap_or(Method::Explicit) {
        Method::Backtrack => {
            crate::cmd::solve_backtrack::run(crate::cmd::solve_backtrack::Request {
                n: &args.n,
                format: args.format(),
                style: style(&args),
                stats: args.stats,
                time_limit: args.time_limit,
            })
        }
        Method::Explicit => run_explicit(&args),
        Method::MinConflicts => run_min_conflicts(&args),
        Method::Random => run_random(&args),
    }
}

/// Options that would have no effect are refused, with the reason.
fn check_options(args: &Args) -> Result<()> {
    let method = args.algorithm.unwrap_or(Method::Explicit);
    if args.exists {
        let extra = [
            (args.algorithm.is_some(), "--algorithm"),
            (args.seed.is_some(), "--seed"),
            (args.time_limit.is_some(), "--time-limit"),
            (args.stats, "--stats"),
            (args.unicode, "--unicode"),
        ];
        if let Some((_, name)) = extra.iter().find(|(given, _)| *given) {
            return Err(bad(format!(
                "{name} has no effect with --exists, which answers without a search"
            )));
        }
        if let Some(format) = args.format.filter(|f| *f != Placements::Json) {
            return Err(bad(format!(
                "--format {} has no effect with --exists, which answers yes or no without a solution: leave --format out, or give --json (--format json) for the answer as JSON",
                format_name(format)
            )));
        }
        return Ok(());
    }
    if args.seed.is_some() && !method.seeded() {
        return Err(bad(format!(
            "--seed has no effect on --algorithm {}: it seeds min-conflicts and random",
            method.name()
        )));
    }
    if args.time_limit.is_some() && !method.searches() {
        return Err(bad(
            "--time-limit has no effect on the explicit construction, which does not search: use it with min-conflicts, backtrack or random",
        ));
    }
    if args.unicode && args.format() != Placements::Board {
        return Err(bad(
            "--unicode draws the board diagram: use it with --format board",
        ));
    }
    Ok(())
}

/// `--exists`: a yes or no for any whole number, however long.
fn exists(args: &Args) -> Result<Exit> {
    let text = args.n.trim();
    let digits = text.trim_start_matches('0');
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || digits.is_empty() {
        return Err(bad(format!(
            "bad board size '{}': expected a whole number N >= 1",
            args.n
        )));
    }
    let yes = digits != "2" && digits != "3";
    let mut out = Out::stdout();
    if args.format() == Placements::Json {
        // N may have any number of digits: written as they are, a JSON number of any length.
        writeln!(out, "{{\"n\":{digits},\"exists\":{yes}}}")?;
    } else if yes {
        writeln!(out, "yes: N = {digits} has a solution")?;
    } else {
        writeln!(
            out,
            "no: N = {digits} has no solution: {}",
            why_none(digits)
        )?;
    }
    out.flush()?;
    Ok(Exit::yes_or_no(yes))
}

/// Why N = 2 and 3 have no solution.
fn why_none(n: &str) -> &'static str {
    let n = if n == "2" { 2 } else { 3 };
    queens::construct::why_none(n).unwrap_or_default()
}

/// The answer for N = 2 and 3.
fn none_exists(n: usize) -> Failure {
    let n = n.to_string();
    Failure::No(format!("no solution exists for N = {n}: {}", why_none(&n)))
}

/// N for a method that accepts up to `max`, checked against the format before any work.
fn size(args: &Args, max: usize) -> Result<usize> {
    let method = args.algorithm.unwrap_or(Method::Explicit).name();
    let n = input::size(&args.n, 1, max)
        .map_err(|e| bad(format!("{e} (with --algorithm {method})")))?;
    if args.format() == Placements::Board && n > BOARD_MAX_N {
        return Err(bad(format!(
            "N = {n} is too large for --format board (N up to {BOARD_MAX_N}): use perm, algebraic or json"
        )));
    }
    Ok(n)
}

/// A format as `--format` takes it.
fn format_name(format: Placements) -> String {
    clap::ValueEnum::to_possible_value(&format)
        .map_or_else(String::new, |v| v.get_name().to_string())
}

fn style(args: &Args) -> DiagramStyle {
    if args.unicode {
        DiagramStyle::Unicode
    } else {
        DiagramStyle::Ascii
    }
}

fn run_explicit(args: &Args) -> Result<Exit> {
    let n = size(args, explicit::MAX_N)?;
    let start = Instant::now();
    if !queens::construct::exists(n as u64) {
        return Err(none_exists(n));
    }
    let stats = Stats {
        work: SolveStats::explicit(n, 0.0),
        start,
    };
    write_solution(args, n, Solution::Explicit, stats)
}

fn run_min_conflicts(args: &Args) -> Result<Exit> {
    let n = size(args, min_conflicts::MAX_N)?;
    if !queens::construct::exists(n as u64) {
        return Err(none_exists(n));
    }
    let seed = input::seed_or_fresh(args.seed);
    let job = Job::start(format!("min-conflicts N = {n}"), args.time_limit);
    let start = Instant::now();
    let found = job.check(min_conflicts::solve(n, seed, job.control()))?;
    drop(job);
    let (p, work) = found.ok_or_else(|| none_exists(n))?;
    let stats = Stats {
        work: SolveStats::min_conflicts(seed, &work, 0.0),
        start,
    };
    write_solution(args, n, Solution::InMemory(&p), stats)
}

fn run_random(args: &Args) -> Result<Exit> {
    let n = size(args, random::MAX_N)?;
    if !queens::construct::exists(n as u64) {
        return Err(none_exists(n));
    }
    let seed = input::seed_or_fresh(args.seed);
    let job = Job::start(
        format!("drawing a random solution of N = {n}"),
        args.time_limit,
    );
    let start = Instant::now();
    let found = job.check(random::solve(n, seed, job.control()))?;
    drop(job);
    let (p, solutions) = found.ok_or_else(|| none_exists(n))?;
    let stats = Stats {
        work: SolveStats::random(seed, solutions, 0.0),
        start,
    };
    write_solution(args, n, Solution::InMemory(&p), stats)
}

/// What `--stats` prints: the library's record of the method's work, timed from `start`.
struct Stats {
    work: SolveStats,
    start: Instant,
}

impl Stats {
    /// The record of the work, with the seconds since the start.
    fn record(&self, seconds: f64) -> SolveStats {
        SolveStats {
            seconds,
            ..self.work.clone()
        }
    }

    fn print(&self, seconds: f64) {
        let work = &self.work;
        let mut lines = vec![("method".to_string(), work.method.to_string())];
        if let Some(seed) = work.seed {
            lines.push(("seed".to_string(), seed.to_string()));
        }
        lines.extend(
            work.counters
                .iter()
                .map(|&(k, v)| (k.replace('_', " "), v.to_string())),
        );
        lines.push(("seconds".to_string(), format!("{seconds:.3}")));
        for (key, value) in lines {
            eprintln!("{:<18} {value}", format!("{key}:"));
        }
    }
}

/// The rows of a solution as a JSON array, streamed (the explicit construction's, in constant
/// memory for any N).
struct Rows<'a> {
    n: usize,
    solution: Solution<'a>,
}

impl Serialize for Rows<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_seq(self.solution.rows(self.n).map(|r| r as u64 + 1))
    }
}

/// A solution to write: the explicit construction for N, streamed, or one in memory.
#[derive(Clone, Copy)]
enum Solution<'a> {
    Explicit,
    InMemory(&'a Placement),
}

impl<'a> Solution<'a> {
    /// Writes the 1-based rows separated by `sep`.
    fn numbers(self, n: usize, out: &mut dyn Write, sep: u8) -> std::io::Result<()> {
        match self {
            Solution::Explicit => {
                let runs = explicit::runs_of(n).expect("a solution exists");
                write_runs(out, &runs, sep)
            }
            Solution::InMemory(p) => write_rows(out, p.rows().iter().copied(), sep),
        }
    }

    /// The 0-based rows.
    fn rows(self, n: usize) -> Box<dyn Iterator<Item = u32> + 'a> {
        match self {
            Solution::Explicit => Box::new(explicit::rows(n).expect("a solution exists")),
            Solution::InMemory(p) => Box::new(p.rows().iter().copied()),
        }
    }

    fn placement(self, n: usize) -> Option<Placement> {
        match self {
            Solution::Explicit => explicit::placement(n),
            Solution::InMemory(p) => Some(p.clone()),
        }
    }
}

/// Writes the solution in the chosen format, under a job of its own: Ctrl-C stops the writing
/// of a huge N (exit 130), and the time limit of the search does not cut its answer short.
fn write_solution(args: &Args, n: usize, solution: Solution, stats: Stats) -> Result<Exit> {
    let job = Job::start(format!("writing the solution of N = {n}"), None);
    let mut out = Out::stdout();
    let mut watched = Watched {
        out: &mut out,
        job: &job,
    };
    let written =
        write_format(&mut watched, args, n, solution, &stats).and_then(|()| watched.flush());
    match written {
        Err(_) if job.control().is_cancelled() => return Err(job.failure()),
        other => other?,
    }
    drop(job);
    if args.stats && args.format() != Placements::Json {
        stats.print(stats.start.elapsed().as_secs_f64());
    }
    Ok(Exit::Success)
}

/// Writes the solution in the format of `args`.
fn write_format(
    out: &mut impl Write,
    args: &Args,
    n: usize,
    solution: Solution,
    stats: &Stats,
) -> std::io::Result<()> {
    match args.format() {
        Placements::Perm => {
            solution.numbers(n, out, b' ')?;
            out.write_all(b"\n")
        }
        Placements::Json => {
            let record = Solved {
                n,
                rows: Rows { n, solution },
                valid: None,
                stats: args
                    .stats
                    .then(|| stats.record(stats.start.elapsed().as_secs_f64())),
            };
            let mut buffered = BufWriter::with_capacity(1 << 16, out);
            serde_json::to_writer(&mut buffered, &record)?;
            buffered.write_all(b"\n")?;
            buffered.flush()
        }
        Placements::Algebraic => {
            for (c, r) in solution.rows(n).enumerate() {
                let sep = if c == 0 { "" } else { " " };
                write!(out, "{sep}{}", Square::new(c as u32, r))?;
            }
            out.write_all(b"\n")
        }
        Placements::Board => match solution.placement(n) {
            Some(p) => {
                let notes = Notes {
                    number: 1,
                    ..Notes::default()
                };
                placement::write(out, &p, Placements::Board, style(args), notes)
            }
            None => Ok(()),
        },
    }
}

/// Standard output that takes no more bytes once its job is cancelled (by Ctrl-C, or a closed
/// output): the writer's next write fails, and the job says why.
struct Watched<'a> {
    out: &'a mut Out,
    job: &'a Job,
}

impl Write for Watched<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.job.control().is_cancelled() {
            return Err(std::io::Error::other("the writing was cancelled"));
        }
        self.out.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Writes the rows of the explicit construction separated by `sep`: within a run the numbers go
/// up by two, so the decimal digits of the next one come from the last by adding 2 to the last
/// digit and carrying (one number in five), with no division at all. Runs with swapped pairs
/// go through [`write_rows`].
fn write_runs(out: &mut dyn Write, runs: &[explicit::Run], sep: u8) -> std::io::Result<()> {
    const BLOCK: usize = 1 << 18;
    let mut block = vec![0u8; BLOCK + 32];
    let mut at = 0;
    let mut wrote = false;
    for run in runs.iter().filter(|run| run.len > 0) {
        if wrote {
            block[at] = sep;
            at += 1;
        }
        wrote = true;
        if run.swap_pairs {
            out.write_all(&block[..at])?;
            at = 0;
            let rows = (0..run.len).map(|k| (run.first + 2 * (k ^ 1) - 1) as u32);
            write_rows(out, rows, sep)?;
            continue;
        }
        // The current number: its len digits as the low bytes of a 16-byte word, kept in
        // registers (bytes stored one by one and read back as a word would stall).
        let mut first = [0u8; 16];
        let mut len = write_decimal(&mut first, run.first as u32);
        let mut digits = u128::from_le_bytes(first);
        for k in 0..run.len {
            if k > 0 {
                block[at] = sep;
                at += 1;
                add_two(&mut digits, &mut len);
            }
            block[at..at + 16].copy_from_slice(&digits.to_le_bytes());
            at += len;
            if at >= BLOCK {
                out.write_all(&block[..at])?;
                at = 0;
            }
        }
    }
    out.write_all(&block[..at])
}

/// Adds 2 to the decimal number whose `len` ASCII digits are the low bytes of `digits`
/// (first digit in the lowest byte).
#[inline(always)]
fn add_two(digits: &mut u128, len: &mut usize) {
    let mut carry: u128 = 2;
    for i in (0..*len).rev() {
        let shift = 8 * i;
        if (*digits >> shift) as u8 as u128 + carry <= b'9' as u128 {
            *digits += carry << shift;
            return;
        }
        // This digit wraps round: d + carry - 10, and 1 to carry.
        *digits -= (10 - carry) << shift;
        carry = 1;
    }
    // A new first digit: move the others one place on.
    *digits = (*digits << 8) | b'1' as u128;
    *len += 1;
}

/// Writes the 1-based rows separated by `sep`, in large blocks: the hot loop of a huge N.
fn write_rows(
    out: &mut dyn Write,
    rows: impl Iterator<Item = u32>,
    sep: u8,
) -> std::io::Result<()> {
    const BLOCK: usize = 1 << 18;
    let mut block = vec![0u8; BLOCK + 16];
    let mut at = 0;
    for r in rows {
        at += write_decimal(&mut block[at..at + 11], r + 1);
        block[at] = sep;
        at += 1;
        if at >= BLOCK {
            out.write_all(&block[..at])?;
            at = 0;
        }
    }
    // All but the separator after the last row.
    out.write_all(&block[..at.saturating_sub(1)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_written_as_the_rows() {
        for n in (1..=60).chain([99, 100, 1001, 1_000_002, 1_000_003, 1_000_008]) {
            let (Some(runs), Some(rows)) = (explicit::runs_of(n), explicit::rows(n)) else {
                continue;
            };
            for sep in [b' ', b','] {
                let (mut fast, mut plain) = (Vec::new(), Vec::new());
                write_runs(&mut fast, &runs, sep).unwrap();
                write_rows(&mut plain, rows.clone(), sep).unwrap();
                assert!(fast == plain, "N = {n}");
            }
        }
    }

    #[test]
    fn adding_two_carries() {
        for v in (1u32..3000).chain([999_999_998, 999_999_999, 123_456_789, 4_294_967_293]) {
            let mut first = [0u8; 16];
            let mut len = write_decimal(&mut first, v);
            let mut digits = u128::from_le_bytes(first);
            add_two(&mut digits, &mut len);
            assert_eq!(
                &digits.to_le_bytes()[..len],
                (v as u64 + 2).to_string().as_bytes()
            );
        }
    }

    #[test]
    fn rows_are_written_one_based() {
        let mut text = Vec::new();
        write_rows(&mut text, [1, 3, 0, 2].into_iter(), b' ').unwrap();
        assert_eq!(text, b"2 4 1 3");
        let mut text = Vec::new();
        write_rows(&mut text, std::iter::empty(), b',').unwrap();
        assert!(text.is_empty());
    }

    #[test]
    fn existence_matches_the_construction() {
        for n in 1..200usize {
            assert_eq!(
                explicit::rows(n).is_some(),
                queens::construct::exists(n as u64)
            );
        }
    }
}
