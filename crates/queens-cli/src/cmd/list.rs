//! `queens list N`: every solution, or one per orbit, streamed in the order the chosen
//! algorithm finds them (the default engine: lexicographic order).

use crate::cmd::classic::{self, Lister};
use crate::exit::{bad, Exit, Failure, Result};
use crate::job::Job;
use crate::output::format::Placements;
use crate::output::placement::{self, Notes};
use crate::output::Out;
use queens::classic::{Algorithm, End, Event, Options, Stats};
use queens::record::RunStats;
use queens::symmetry::{is_canonical, Orbit};
use queens::{solutions, DiagramStyle, Placement};
use std::io::Write;
use std::ops::ControlFlow;

/// Beyond this N the first solutions in lexicographic order take backtracking a very long time.
pub const SLOW_FIRST_SOLUTION: usize = 32;

/// List every solution (or one per orbit), streamed as they are found
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens list 8
  queens list 8 --fundamental
  queens list 6 --format board --unicode
  queens list 8 --algorithm wirth --stats
  queens list 16 | head
  queens list 8 | queens check -")]
pub struct Args {
    /// Board size N (1 to 64)
    #[arg(value_name = "N", value_parser = |s: &str| crate::input::size(s, 1, solutions::MAX_N))]
    n: usize,
    /// One representative per class (the smallest), with its class size: the orbit under the
    /// board's 8 turns and reflections, or with --torus under the torus's 8N² (each of the 8
    /// followed by a translation), the classes `count --torus` counts
    #[arg(long)]
    fundamental: bool,
    /// Output format
    #[arg(long, short = 'f', value_enum, default_value_t = Placements::Perm)]
    format: Placements,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// Draw the diagrams with Unicode pieces (with --format board)
    #[arg(long)]
    unicode: bool,
    /// Stop after K solutions (K from 1)
    #[arg(long, value_name = "K", value_parser = crate::input::limit)]
    limit: Option<u64>,
    /// The algorithm that finds them, in its own order: brute, permutations, naive, wirth,
    /// iterative, bitmask, fast (the library's engine, the default), or sql (the seeds' one
    /// recursive SQL statement, run in an embedded SQLite)
    #[arg(long, short = 'a', value_name = "NAME", default_value = "fast", value_parser = classic::parse_lister)]
    algorithm: Lister,
    /// With --algorithm sql: print the SQL statement (on stderr) before its rows
    #[arg(long)]
    show_sql: bool,
    /// Show the work: each solution's safety tests since the one before (Wirth's n), and a
    /// summary (stderr, or a last JSON line)
    #[arg(long)]
    stats: bool,
    /// With --algorithm iterative: only the half the program finds (first queen in the lower
    /// half), as in the seed's listing; not with --fundamental, whose representatives all have
    /// their first queen there
    #[arg(long)]
    half: bool,
    #[command(flatten)]
    rules: super::rules::RulesArgs,
}

/// The listing as it goes.
struct Listing {
    out: Out,
    format: Placements,
    style: DiagramStyle,
    fundamental: bool,
    stats: bool,
    limit: u64,
    listed: u64,
    tests_to_last: u64,
    pending: u64,
    failure: Option<std::io::Error>,
}

impl Listing {
    /// Handles one event of the search: writes the solutions that are listed.
    fn event(&mut self, e: &Event) -> ControlFlow<()> {
        let Event::Solution {
            placement, tests, ..
        } = e
        else {
            return ControlFlow::Continue(());
        };
        self.pending += tests;
        if self.fundamental && !is_canonical(placement) {
            return ControlFlow::Continue(());
        }
        self.listed += 1;
        self.tests_to_last += self.pending;
        let notes = Notes {
            number: self.listed,
            orbit: self.fundamental.then(|| Orbit::of(placement).size),
            tests: self.stats.then_some(std::mem::take(&mut self.pending)),
        };
        self.pending = 0;
        if let Err(e) = self.write(placement, notes) {
            self.failure = Some(e);
            return ControlFlow::Break(());
        }
        if self.listed >= self.limit {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    fn write(&mut self, p: &Placement, notes: Notes) -> std::io::Result<()> {
        placement::write(&mut self.out, p, self.format, self.style, notes)?;
        self.out.record()
    }
}

pub fn run(args: Args) -> Result<Exit> {
    let format = if args.json {
        Placements::Json
    } else {
        args.format
    };
    if args.unicode && format != Placements::Board {
        return Err(bad(
            "--unicode draws the board diagrams: use it with --format board",
        ));
    }
    if args.half && args.fundamental {
        return Err(bad(
            "--half and --fundamental do not go together: every representative --fundamental lists has its first queen in the lower half already, so --half would change nothing; give one of them",
        ));
    }
    let counts_work = matches!(args.algorithm, Lister::Classic(a) if a.instrumented());
    if args.stats && args.rules.rules().is_classic() && !counts_work {
        let counting: Vec<&str> = Algorithm::ALL
            .iter()
            .filter(|a| a.instrumented())
            .map(|a| a.name())
            .collect();
        return Err(bad(format!(
            "--stats reports the work of a classic algorithm's search, and --algorithm {} counts none: drop --stats, or choose one of {}",
            args.algorithm,
            counting.join(", ")
        )));
    }
    let algorithm = match args.algorithm {
        _ if !args.rules.rules().is_classic() => return list_rules(&args, format),
        Lister::Sql => return list_sql(&args, format),
        Lister::Classic(a) => a,
    };
    if args.show_sql {
        return Err(bad("--show-sql goes with --algorithm sql"));
    }
    classic::check_size(algorithm, args.n)?;
    classic::check_half(algorithm, args.half)?;
    if args.n > SLOW_FIRST_SOLUTION && algorithm != Algorithm::Brute {
        eprintln!(
            "queens: warning: beyond N = {SLOW_FIRST_SOLUTION} backtracking can take hours or more to reach even the first solutions in this order; `queens solve {}` gives one at once (Ctrl-C stops)",
            args.n
        );
    }
    let style = match args.unicode {
        true => DiagramStyle::Unicode,
        false => DiagramStyle::Ascii,
    };
    let mut listing = Listing {
        out: Out::stdout(),
        format,
        style,
        fundamental: args.fundamental,
        stats: args.stats,
        limit: args.limit.unwrap_or(u64::MAX),
        listed: 0,
        tests_to_last: 0,
        pending: 0,
        failure: None,
    };
    classic::warn_if_long(algorithm, args.n);
    let job = Job::start(format!("listing N = {} ({})", args.n, algorithm), None);
    job.units(classic::units(algorithm));
    let options = Options {
        trace: false,
        half: args.half,
    };
    let result = queens::classic::run(algorithm, args.n, options, job.control(), |e| {
        listing.event(e)
    });
    if let Some(e) = listing.failure.take() {
        return Err(e.into());
    }
    let stats = job.check(result)?;
    let seconds = job.seconds();
    drop(job);
    if args.stats {
        summary(&mut listing, algorithm, args.n, &stats, seconds)?;
    }
    listing.out.flush()?;
    if listing.listed == 0 && stats.end == End::Finished {
        return Err(Failure::No(format!(
            "no solution exists for N = {}",
            args.n
        )));
    }
    Ok(Exit::Success)
}

/// The listing of `--algorithm sql`: the seeds' SQL statement run in SQLite, its rows written
/// as they come.
fn list_sql(args: &Args, format: Placements) -> Result<Exit> {
    classic::check_sql(args.n)?;
    for (given, what) in [(args.half, "--half"), (args.fundamental, "--fundamental")] {
        if given {
            return Err(bad(format!("{what} does not go with --algorithm sql")));
        }
    }
    if args.show_sql {
        eprintln!("{}", classic::sql_text(args.n));
    }
    let style = match args.unicode {
        true => DiagramStyle::Unicode,
        false => DiagramStyle::Ascii,
    };
    let limit = args.limit.unwrap_or(u64::MAX);
    let job = Job::start(format!("listing N = {} (sql)", args.n), None);
    let mut out = Out::stdout();
    let (mut listed, mut failure) = (0u64, None);
    let result = queens_sql::solve(args.n, job.control(), |p| {
        if listed >= limit {
            return ControlFlow::Break(());
        }
        listed += 1;
        let notes = Notes {
            number: listed,
            ..Notes::default()
        };
        let written =
            placement::write(&mut out, &p, format, style, notes).and_then(|()| out.record());
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failure = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = failure {
        return Err(e.into());
    }
    match result {
        Err(queens_sql::SqlError::Cancelled) => return Err(job.failure()),
        Err(e) => return Err(bad(e.to_string())),
        Ok(_) => {}
    }
    drop(job);
    out.flush()?;
    if listed == 0 {
        return Err(Failure::No(format!(
            "no solution exists for N = {}",
            args.n
        )));
    }
    Ok(Exit::Success)
}

/// The listing of the relatives (`--torus`, `--piece`), which have their own search.
fn list_rules(args: &Args, format: Placements) -> Result<Exit> {
    let rules = &args.rules;
    let algorithm = format!(
        "--algorithm {} (the classic board's algorithms)",
        args.algorithm
    );
    rules.refuse_with(
        args.algorithm != Lister::Classic(Algorithm::Fast),
        &algorithm,
    )?;
    rules.refuse_with(args.stats, "--stats (the work of a classic algorithm)")?;
    rules.refuse_with(args.half, "--half (the classic iterative program)")?;
    let style = match args.unicode {
        true => DiagramStyle::Unicode,
        false => DiagramStyle::Ascii,
    };
    let limit = args.limit.unwrap_or(u64::MAX);
    super::list_rules::run(super::list_rules::Listing {
        n: args.n,
        rules: rules.rules(),
        format,
        style,
        fundamental: args.fundamental,
        limit,
    })
}

/// The summary of `--stats`: a last JSON line, or lines on stderr.
fn summary(
    listing: &mut Listing,
    algorithm: Algorithm,
    n: usize,
    stats: &Stats,
    seconds: f64,
) -> Result<()> {
    let instrumented = algorithm.instrumented();
    let average =
        classic::tests_per_solution(listing.listed, listing.tests_to_last).filter(|_| instrumented);
    if listing.format == Placements::Json {
        let mut record = RunStats::new(algorithm, instrumented.then_some(stats), seconds);
        record.n = Some(n);
        record.tests_per_solution = average.map(|a| (a * 1000.0).round() / 1000.0);
        #[derive(serde::Serialize)]
        struct Summary {
            stats: RunStats,
        }
        listing.out.json_line(&Summary { stats: record })?;
        return Ok(());
    }
    listing.out.flush()?;
    let line = classic::stats_line(algorithm, n, instrumented.then_some(stats), seconds);
    eprintln!("queens: {line}");
    if let Some(avg) = average {
        eprintln!("queens: {avg:.1} tests per solution listed (the average of Wirth's n)");
    }
    if stats.end == End::Stopped {
        eprintln!("queens: stopped after {} listed (--limit)", listing.listed);
    }
    Ok(())
}
