//! `queens dominate N`: the fewest queens that watch every square (each square holds a queen
//! or is attacked by one), with how minimality is known; `--count` counts the minimum sets.

use crate::exit::{bad, io_reason, Exit, Result};
use crate::input::Share;
use crate::job::{self, Job};
use crate::output::format::QueenSet;
use crate::output::{plural, Out};
use crate::parts::checkpoint::{self, Checkpoint, Header, Problem};
use crate::parts::checkpoint_file;
use queens::count::session::LONG_CPU;
use queens::cover::plan::Cost;
use queens::dominate::exact::{PartResult, Search};
use queens::dominate::lines::Lines;
use queens::dominate::{self, plan, Counted, Dominating, Method, Options, Why};
use queens::record::{DominatingRecord, DominationCount};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Find the fewest queens that watch the whole board, and say how minimality is known
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens dominate 8                   # 5 queens; the search proves that 4 cannot
  queens dominate 12 --format board   # 6 queens, minimum by Weakley's bound
  queens dominate 14 --json           # 8 queens; no 7 (seconds of search)
  queens dominate 9 --independent     # queens that also do not attack each other
  queens dominate 8 --count           # 4860 minimum sets, 638 up to symmetry
  queens dominate 7 --torus           # the diagonals wrap around
  queens dominate 15 --count --checkpoint c15.log   # 100 CPU s; resumable
  queens dominate 26 --prove --checkpoint d26.log   # open: 13 or 14? Runs for days
  queens dominate 26 --prove --shard 0/64 --checkpoint d26-0.log   # one task of 64

A square is watched when its rank, file or a diagonal holds a queen (nothing blocks). The size
is known to be least by Weakley's bound ceil(N/2) (Finozhenok and Weakley 2007; every N but 3
and 11) when the set meets it, else by an exact search over every set of one queen fewer
(done for N up to 16 unless --prove asks for more), else it is reported as not proved. N up
to 12, independent queens and the torus are answered by the exact search from the lower bound
up, which proves the minimum in one piece. From N = 13, with --checkpoint or --shard the proof
runs in fine parts, one per child of the first branch of each first queen (a count always
does); --shard I/K runs the parts I, I + K, I + 2K, ... and says whether any holds a smaller
set: the proof is every share finding none. Options the search for N would not use are refused;
a run known to be long, or with no known end, is said so before it starts.")]
pub struct Args {
    /// Board size N (1 to 32)
    #[arg(value_name = "N", value_parser = |s: &str| crate::input::size(s, 1, dominate::MAX_N))]
    n: usize,
    /// Queens that do not attack each other (independent domination)
    #[arg(long)]
    independent: bool,
    /// On the torus: the diagonals wrap around the edges
    #[arg(long)]
    torus: bool,
    /// Count the minimum sets, and the classes up to symmetry, instead
    #[arg(long)]
    count: bool,
    /// Prove minimality by search beyond N = 16 (may run for days: use --time-limit; up to 16,
    /// for independent queens and on the torus the proof always runs)
    #[arg(long)]
    prove: bool,
    /// Output format: the squares of the queens, a board diagram, or one JSON line
    #[arg(long, short = 'f', value_enum, default_value_t = QueenSet::Squares)]
    format: QueenSet,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// The seed of the local search that finds the first set for N from 13 (not with
    /// --independent or --torus; 1 unless given)
    #[arg(long, value_parser = crate::input::seed)]
    seed: Option<u64>,
    /// Record every finished part of the exact search (the proof, or the count) in FILE, and
    /// resume from it: the same command skips the parts recorded
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Search only share I of K of the exact proof's parts (I from 0 to K-1, as
    /// $SLURM_ARRAY_TASK_ID): the parts I, I + K, I + 2K, ... (N from 13, not with
    /// --independent or --torus)
    #[arg(long, value_name = "I/K", value_parser = crate::input::share, conflicts_with = "count")]
    shard: Option<Share>,
    /// Give up after this long (30, 2.5, 90s, 5m, 2h; from 0.001 s to a year, 8760h): during a
    /// proof, the set found is printed as not proved; before any set, exit 1
    #[arg(long, value_name = "SECONDS", value_parser = crate::input::seconds)]
    time_limit: Option<f64>,
}

pub fn run(args: Args) -> Result<Exit> {
    let format = if args.json {
        QueenSet::Json
    } else {
        args.format
    };
    let opts = Options {
        torus: args.torus,
        independent: args.independent,
        prove: args.prove || args.n <= dominate::PROOF_REACH,
        seed: args.seed.unwrap_or(1),
    };
    refuse_unused(&args, &opts)?;
    if let Some(path) = &args.checkpoint {
        usable_checkpoint(path)?;
    }
    if args.count {
        if format == QueenSet::Board {
            return Err(bad(
                "--count prints numbers: --format board goes with a set",
            ));
        }
        warn_if_long(args.n, &opts, args.time_limit, true);
        return count(&args, &opts, format == QueenSet::Json);
    }
    warn_if_long(args.n, &opts, args.time_limit, false);
    let job = Job::start(label(args.n, &opts, ""), args.time_limit);
    job.units("parts");
    let found = if args.checkpoint.is_none() && args.shard.is_none() {
        job.check(dominate::minimum(args.n, &opts, job.control()))?
    } else {
        let first = job.check(dominate::first(args.n, &opts, job.control()))?;
        if first.why.proved() {
            first
        } else {
            let (path, share) = (args.checkpoint.as_deref(), args.shard);
            prove_resumable(first, &opts, path, share, &job)?
        }
    };
    if job.control().is_cancelled() && !job.timed_out() {
        return Err(job.failure());
    }
    drop(job);
    debug_assert_eq!(dominate::check(args.n, opts.torus, &found.queens), Ok(()));
    write(&found, &opts, format)?;
    Ok(Exit::Success)
}

/// Refuses the options that the method for this board (the library's [`dominate::method`])
/// would not use: `--seed` where no local search runs, `--prove` where the proof runs anyway
/// (or the count proves), `--shard` and `--checkpoint` (of a proof) where no proof in parts
/// runs.
fn refuse_unused(args: &Args, opts: &Options) -> Result<()> {
    let n = args.n;
    let method = dominate::method(n, opts);
    let board = board_words(n, opts);
    if args.seed.is_some() && method == Method::FromBound {
        return Err(bad(format!(
            "--seed goes with the local search, which finds the first set for N from {} (not \
             with --independent or --torus): {board} the exact search from the lower bound up \
             answers, without chance",
            dominate::EXACT_UP_TO + 1
        )));
    }
    if args.prove {
        let unproved = Options {
            prove: false,
            ..*opts
        };
        if args.count {
            return Err(bad(
                "--prove does not go with --count: the count proves the minimum itself",
            ));
        }
        if dominate::method(n, &unproved) != Method::Local {
            return Err(bad(format!(
                "--prove asks for the exact proof past N = {} (not with --independent or \
                 --torus): {board} the minimum is proved without it",
                dominate::PROOF_REACH
            )));
        }
    }
    if args.count {
        return Ok(());
    }
    let resumable = match (&args.shard, &args.checkpoint) {
        (Some(_), _) => Some("--shard splits"),
        (None, Some(_)) => Some("--checkpoint records"),
        (None, None) => None,
    };
    match (resumable, method) {
        (Some(what), Method::Local) => Err(bad(format!(
            "{what} the exact proof, which runs for N up to {} unless --prove asks for more: \
             add --prove",
            dominate::PROOF_REACH
        ))),
        (Some(what), Method::FromBound) => Err(bad(format!(
            "{what} the exact proof in parts, which runs for N from {} (not with \
             --independent or --torus): {board} the exact search from the lower bound up finds \
             the minimum and proves it in one piece",
            dominate::EXACT_UP_TO + 1
        ))),
        _ => Ok(()),
    }
}

/// Says before a search or a count with no time limit what it is known to cost (the
/// library's [`plan`]), when that is long or has no known end.
fn warn_if_long(n: usize, opts: &Options, limit: Option<f64>, counting: bool) {
    if limit.is_some() {
        return;
    }
    let (what, cost) = if counting {
        ("counting the minimum sets", plan::count_cost(n, opts))
    } else {
        ("the search", plan::cost(n, opts))
    };
    let board = board_words(n, opts);
    match cost {
        Cost::Seconds(s) if s >= LONG_CPU => eprintln!(
            "queens: warning: {what} {board} takes up to about {} of CPU time on one core (as \
             measured); Ctrl-C stops it",
            job::duration(s)
        ),
        Cost::Unbounded(why) => eprintln!(
            "queens: warning: {what} {board} has no known end ({why}): it runs until Ctrl-C; \
             --time-limit bounds it"
        ),
        _ => {}
    }
}

/// `for N = 8`, `for N = 8 on the torus`, `for N = 20 with --independent`.
fn board_words(n: usize, opts: &Options) -> String {
    let mut words = format!("for N = {n}");
    if opts.torus {
        words.push_str(" on the torus");
    }
    if opts.independent {
        words.push_str(" with --independent");
    }
    words
}

/// Refuses at once a checkpoint that could never be used, before any search: not a regular
/// file, a file that cannot be created, a file that is not a checkpoint of queens at all. (Its
/// header is checked against the search when the parts run.)
fn usable_checkpoint(path: &Path) -> Result<()> {
    let shown = path.display();
    if checkpoint_file(path)?.is_none() {
        // Created and removed again: a folder that does not exist or cannot be written is said
        // now, not after the search.
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| {
                bad(format!(
                    "cannot create checkpoint '{shown}': {}",
                    io_reason(&e)
                ))
            })?;
        let _ = std::fs::remove_file(path);
        return Ok(());
    }
    let mut head = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(128).read_to_end(&mut head))
        .map_err(|e| {
            bad(format!(
                "cannot read checkpoint '{shown}': {}",
                io_reason(&e)
            ))
        })?;
    // Its first line alone, read as the count's checkpoint reads it: a header, or the start
    // of one, or nothing.
    let first = head.split(|&b| b == b'\n').next().unwrap_or_default();
    let any = Header {
        version: crate::parts::FORMAT_VERSION,
        n: 0,
        engine: String::new(),
        parts: 0,
        fingerprint: String::new(),
        share: None,
    };
    match checkpoint::read(first, &any) {
        Err(Problem::NotCheckpoint) => Err(bad(format!(
            "'{shown}' is not a queens checkpoint (its first line is not a checkpoint header): \
             refused; the file was not changed (move it aside to start over)"
        ))),
        _ => Ok(()),
    }
}

fn label(n: usize, opts: &Options, more: &str) -> String {
    let mut label = format!("dominate {n}");
    if opts.independent {
        label.push_str(" --independent");
    }
    if opts.torus {
        label.push_str(" --torus");
    }
    label + more
}

fn write(d: &Dominating, opts: &Options, format: QueenSet) -> Result<()> {
    let mut out = Out::stdout();
    let record = DominatingRecord::of(d, opts);
    match format {
        QueenSet::Json => out.json_line(&record)?,
        QueenSet::Squares => {
            writeln!(out, "{}", record.queens.join(" "))?;
            eprintln!(
                "queens: {}; {}",
                plural(record.size as u64, "queen", "queens"),
                record.why
            );
        }
        QueenSet::Board => {
            out.write_all(dominate::diagram(d.n, opts.torus, &d.queens).as_bytes())?;
            eprintln!(
                "queens: {}; {}",
                plural(record.size as u64, "queen", "queens"),
                record.why
            );
        }
    }
    Ok(out.record()?)
}

fn count(args: &Args, opts: &Options, json: bool) -> Result<Exit> {
    let n = args.n;
    let job = Job::start(label(n, opts, " --count"), args.time_limit);
    job.units("parts");
    let c: Counted = match &args.checkpoint {
        None => job.check(dominate::count(n, opts, job.control()))?,
        Some(path) => count_resumable(n, opts, path, &job)?,
    };
    let seconds = job.seconds();
    drop(job);
    let mut out = Out::stdout();
    if json {
        out.json_line(&DominationCount::of(&c, crate::output::millis(seconds)))?;
    } else {
        let group = if opts.torus {
            "the torus's 8N² symmetries (rotations, reflections, translations)"
        } else {
            "the 8 rotations and reflections"
        };
        writeln!(out, "N = {n}")?;
        writeln!(out, "minimum:         {} queens", c.size)?;
        writeln!(out, "minimum sets:    {}", c.sets)?;
        writeln!(out, "up to symmetry:  {} under {group}", c.classes)?;
        writeln!(out, "seconds:         {seconds:.3}")?;
    }
    out.record()?;
    Ok(Exit::Success)
}

/// The checkpoint header of an exact search over sets of `k` queens.
fn header(
    n: usize,
    k: usize,
    opts: &Options,
    what: &str,
    search: &Search,
    share: Option<Share>,
) -> Header {
    let board = match (opts.torus, opts.independent) {
        (false, false) => "board",
        (false, true) => "board-independent",
        (true, false) => "torus",
        (true, true) => "torus-independent",
    };
    Header {
        version: crate::parts::FORMAT_VERSION,
        n,
        engine: format!("dominate-{what}"),
        parts: search.parts(),
        fingerprint: format!("{board}-k{k}-{}", search.fingerprint()),
        share,
    }
}

/// What a resumable search gives: a set found (finding) or a smaller set (counting), or why it
/// stopped; and the sums of sets and classes over the parts (counting).
type Resumed = (
    std::result::Result<Option<Vec<usize>>, queens::Error>,
    u128,
    u128,
);

/// Runs every part of `search` in the header's share (all without one) not yet in the
/// checkpoint at `path` if given, recording each one that ends (a count packs the numerators of
/// its sets and classes into one number: sets above bit 64). Returns a set found (or a smaller
/// one, counting), and the sums of the parts' numerators.
fn resumable(
    search: &Search,
    header: &Header,
    path: Option<&Path>,
    count: bool,
    job: &Job,
) -> Result<Resumed> {
    let (checkpoint, records) = match path {
        Some(path) => {
            let (c, r) = Checkpoint::open(path, header)?;
            (Some(c), r)
        }
        None => (None, Vec::new()),
    };
    let mut skip: Vec<bool> = (0..search.parts())
        .map(|i| header.share.is_some_and(|s| i % s.count != s.index))
        .collect();
    let mine = skip.iter().filter(|&&s| !s).count();
    let recorded = records.iter().filter(|r| !skip[r.0]).count();
    let sums = Mutex::new(records.iter().fold((0u128, 0u128), |(s, c), r| {
        (s + (r.1 >> 64), c + (r.1 & u64::MAX as u128))
    }));
    for r in &records {
        skip[r.0] = true;
    }
    if let (Some(path), true) = (path, recorded > 0) {
        eprintln!(
            "queens: resuming from '{}': {recorded} of {mine} parts done",
            path.display(),
        );
    }
    let control = job.control();
    control.set_total(mine as u64);
    control.advance(recorded as u64);
    let each = |i: usize, r: &PartResult| {
        if let PartResult::Counted(sets, classes) = *r {
            // A record packs the two numerators into 128 bits; they stay far below 2^64 for
            // any count that ends (at N = 15, below 2^33).
            assert!(
                sets >> 64 == 0 && classes >> 64 == 0,
                "a part's count is beyond what a checkpoint records"
            );
            if let Some(c) = &checkpoint {
                c.record(i, sets << 64 | classes);
            }
            if let Ok(mut sums) = sums.lock() {
                sums.0 += sets;
                sums.1 += classes;
            }
        }
    };
    let done: Vec<usize> = (0..search.parts()).filter(|&i| skip[i]).collect();
    let result = search.run(count, &done, control, &each);
    if let Some(c) = checkpoint {
        c.finish()?;
    }
    let (sets, classes) = sums.into_inner().unwrap_or_default();
    Ok((result, sets, classes))
}

/// The proof that `first` is least, by the exact search over one queen fewer in fine parts,
/// resumable from the checkpoint at `path` if given, or only `share` of it.
fn prove_resumable(
    first: Dominating,
    opts: &Options,
    path: Option<&Path>,
    share: Option<Share>,
    job: &Job,
) -> Result<Dominating> {
    let n = first.n;
    let k = first.queens.len() - 1;
    let lines = Lines::new(n, opts.torus);
    let search = Search::new(dominate::problem(&lines, k, opts))
        .map_err(|e| bad(e.to_string()))?
        .split();
    let header = header(n, k, opts, "prove-split", &search, share);
    let (result, _, _) = resumable(&search, &header, path, false, job)?;
    let resume = match path {
        Some(p) => format!("; the same command resumes it from '{}'", p.display()),
        None => String::new(),
    };
    let why = match result {
        Ok(None) => match share {
            None => Why::Searched { fewer: k },
            Some(s) => Why::NotProved {
                tried: format!(
                    "share {}/{} of the exact search over sets of {k} queens finds none in \
                     its {} of {} parts; the proof is every share finding none",
                    s.index,
                    s.count,
                    job.control().progress().1,
                    search.parts()
                ),
            },
        },
        Ok(Some(smaller)) => {
            let queens = dominate::squares(&lines, &smaller);
            let why = match dominate::weakley_bound(n, opts.torus) {
                Some(b) if b == queens.len() => Why::Bound { bound: b },
                _ => Why::NotProved {
                    tried: "the exact search found this smaller set; run without the \
                            checkpoint to prove it least"
                        .into(),
                },
            };
            return Ok(Dominating { n, queens, why });
        }
        Err(queens::Error::Cancelled) if job.timed_out() => {
            let (done, total) = job.control().progress();
            Why::NotProved {
                tried: format!(
                    "the exact search over sets of {k} queens stopped at the time limit with \
                     {done} of {total} parts done{resume}"
                ),
            }
        }
        Err(queens::Error::Cancelled) => return Err(job.failure()),
        Err(e) => return Err(e.into()),
    };
    Ok(Dominating { why, ..first })
}

/// The count at the minimum size (proved first up to [`dominate::PROOF_REACH`], else the size of
/// a first set), resumable; a smaller set found on the way is counted again without the
/// checkpoint.
fn count_resumable(n: usize, opts: &Options, path: &Path, job: &Job) -> Result<Counted> {
    // The size to count must be the minimum, or the count finds a smaller set and starts
    // again without the checkpoint (at N = 13 the local search's first set has one queen too
    // many). Up to the proof's reach the minimum is proved first (at N = 15: 11 s); past it
    // the searches at the bound are tried.
    let first = if n <= dominate::PROOF_REACH {
        let proving = Options {
            prove: true,
            ..*opts
        };
        job.check(dominate::minimum(n, &proving, job.control()))?
    } else {
        let quick = Options {
            prove: false,
            ..*opts
        };
        job.check(dominate::first(n, &quick, job.control()))?
    };
    let size = first.queens.len();
    let lines = Lines::new(n, opts.torus);
    let search = Search::new(dominate::problem(&lines, size, opts))
        .map_err(|e| bad(e.to_string()))?
        .split();
    let header = header(n, size, opts, "count", &search, None);
    let (result, sets, classes) = resumable(&search, &header, Some(path), true, job)?;
    match job.check(result)? {
        None => {
            let (sets, classes) = search.totals(sets, classes);
            Ok(Counted {
                n,
                size,
                sets,
                classes,
            })
        }
        Some(_) => {
            eprintln!("queens: a smaller set exists: counting again without the checkpoint");
            job.check(dominate::count(n, opts, job.control()))
        }
    }
}
