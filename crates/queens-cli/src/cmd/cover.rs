//! `queens cover N`: N disjoint solutions that fill the board, or the proof that none exists;
//! `--count` counts them, `--most` prints the most disjoint solutions, `--seeds` runs the tabu
//! search seed after seed. Which search answers N is the library's decision
//! ([`queens::cover::plan`], the one the page's cover follows too): Pólya's modular
//! construction for N prime to 6, the exact searches to 16, the searches by quads and by mirror
//! pairs to 32, the SAT solver to 40 and the tabu search to 64.

use crate::exit::{bad, Exit, Failure, Result};
use crate::job::{self, Job};
use crate::output::format::Placements;
use crate::output::placement::{self, Notes};
use crate::output::{plural, svg, Out};
use queens::count::session::LONG_CPU;
use queens::cover::{self, exact, formula, most, pairs, plan, quads, symmetric, Cover};
use queens::{DiagramStyle, Placement};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;

/// Find N solutions that together fill the board, or prove there are none
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens cover 5                 # seed 004's cover of the 5x5 board
  queens cover 12 --format board # a letter per solution
  queens cover 7 --svg cover.svg # each solution in its own colour
  queens cover 8                 # none: exit 1 with the reason
  queens cover 7 --count
  queens cover 10 --most         # 8 disjoint solutions, proved the most
  queens cover 21 --seed 2       # quads: one solution the quarter-turn fixes, five of four
  queens cover 26 --seed 1       # mirror pairs: a random start and an exact completion
  queens cover 15 --seed 1       # pairs under the half-turn and a centre class
  queens cover 15 --local --time-limit 5m   # the tabu search; exit 1 with its best
  queens cover 27 --seed 7 --time-limit 10h   # the first open case: a seed per machine
  queens cover 27 --seeds 1..100 --per-seed 10m --checkpoint n27.ckpt   # the tabu search

N prime to 6 is answered at once for any N to 1000 (Pólya's modular solutions (2c + b) mod N);
N up to 10 and 12, 14, 16 by an exact search over all the solutions, which also proves when there is
none (for even N it looks first among covers made of pairs of mirror-image solutions: 12 in
0.02 s, 14 in 0.4 s, 16 in 12 s). 15, and past 16 the N = 0, 1 or 3 mod 4 to 32, go to the
search by quads: covers fixed by a group of symmetries (the mirrors and the half-turn for N = 0
mod 4, the quarter-turns for 21, the half-turn for 15 and 27: pairs and a centre class), the
first quads drawn at random and the last completed exactly; CPU time on one core: 20 to 28 in
under a second, 32 in 1 to 7 s, 21 in 5 to 15 s, 15 in 3 to 41 s. Even N = 2 mod 4 (18
to 30) go to a search among covers made of mirror pairs, the same way with pairs: 18 in under a
second, 22 in seconds, 26 in 37 s to 2 minutes, 30 not yet found. Starts are completed on every
core (--threads), and the seed alone decides the cover. N = 0 or 1 mod 4 from 33 to 40 go to a
SAT solver (CaDiCaL, built in) among covers fixed by a symmetry, one solver per core: it finds
one or proves that none has that symmetry. The others to 64 (N = 3 or 2 mod 4 past 32, every N
past 40) go to a tabu search, which runs until the time limit and reports the best it reached.
N = 27 is open: the search by quads runs on it until the time limit (a seed per machine on a
cluster), --seeds runs the tabu search seed after seed with a checkpoint. A search known to run
long, or not known to end (--count from N = 13), is said so on stderr before it starts.")]
pub struct Args {
    /// Board size N (N prime to 6 from 1 to 1000; other N from 1 to 64)
    #[arg(value_name = "N", value_parser = |s: &str| crate::input::size(s, 1, 1000))]
    n: usize,
    /// Count the covers (sets of N disjoint solutions, and classes up to symmetry) instead
    #[arg(long)]
    count: bool,
    /// Output format: the solutions one per line (perm, algebraic, json) or one diagram with a
    /// letter per solution (board)
    #[arg(long, short = 'f', value_enum, default_value_t = Placements::Perm)]
    format: Placements,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// Also draw the cover as an SVG picture, each solution in its own colour
    #[arg(long, value_name = "FILE", value_parser = crate::output::svg::path)]
    svg: Option<PathBuf>,
    /// Seed of the tabu search, of the random starts of the searches by pairs or quads, or of
    /// the order in which the SAT solver is given its formula: the same seed, the same run (1
    /// unless given)
    #[arg(long)]
    seed: Option<u64>,
    /// How to look for a cover: auto (the construction, the exact searches to 16, then quads
    /// for 15 and N = 0, 1 or 3 mod 4 to 32, mirror pairs for N = 2 mod 4 to 30, the SAT solver
    /// for N = 0 or 1 mod 4 from 33 to 40 and the tabu search for the others to 64), exact (the
    /// search over all the solutions, N to 16, N prime to 6 too), sat (a SAT solver among the
    /// covers fixed by --turn, N to 40: it finds one or proves there is none), tabu,
    /// pairs (even N to 32: mirror pairs, a random start and an exact completion), quads (N to
    /// 32 but 2 mod 4: the orbits of a group, --turn quarter, both or half, the same way)
    #[arg(long, short = 'a', value_enum, default_value_t = Algorithm::Auto,
          conflicts_with_all = ["count", "most", "seeds"])]
    algorithm: Algorithm,
    /// Threads: SAT solvers run at once, each on its own order of the formula (seeds S, S + 1,
    /// ...), the first answer wins; or starts of the searches by pairs or quads completed at
    /// once, the first in the order drawn wins, so the seed alone decides the cover (default:
    /// all cores)
    #[arg(long, short = 't', value_name = "T", value_parser = super::count::parse_threads)]
    threads: Option<usize>,
    /// Same as --algorithm tabu (any N to 64): runs until it finds a cover or the time limit
    #[arg(long, conflicts_with_all = ["count", "algorithm"])]
    local: bool,
    /// Print the most pairwise disjoint solutions instead: proved largest by the exact search
    /// to N = 11, past it N when the search chosen for N finds a cover (exit 1 when it does
    /// not, with the most the tabu search held at once)
    #[arg(long, conflicts_with_all = ["count", "svg"])]
    most: bool,
    /// Give up after this long (30, 2.5, 90s, 5m, 2h; from 0.001 s to a year, 8760h): exit 1
    #[arg(long, value_name = "SECONDS", value_parser = crate::input::seconds)]
    time_limit: Option<f64>,
    /// Run the tabu search from each seed of the range A..B (B not included) in turn, each for
    /// --per-seed, keeping the best reached; ranges split the work over a cluster
    #[arg(long, value_name = "A..B", value_parser = super::cover_seeds::range,
          conflicts_with_all = ["seed", "time_limit", "count", "most", "svg", "threads", "local"])]
    seeds: Option<(u64, u64)>,
    /// The symmetry the SAT solver, the tabu search or the search by quads asks of a cover:
    /// both (the mirror and the half-turn), quarter, half, mirror or none (by default both for
    /// N = 0 mod 4, a quarter-turn for 1 mod 4, the mirror for 2 mod 4, the half-turn for 3 mod
    /// 4); refused with the searches that do not use it
    #[arg(long, value_enum)]
    turn: Option<TurnArg>,
    /// Seconds for each seed of --seeds (or 90s, 5m, 2h; from 0.001 s to a year, 8760h)
    #[arg(long, value_name = "SECONDS", value_parser = crate::input::seconds,
          default_value = "60", requires = "seeds")]
    per_seed: f64,
    /// With --seeds: record the schedule and its best in FILE after every seed that ends (a
    /// seed stopped by Ctrl-C runs again); the same command resumes from it. One run at a time
    /// holds the file
    #[arg(long, value_name = "FILE", requires = "seeds")]
    checkpoint: Option<PathBuf>,
}

/// How `queens cover` looks for a cover.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Algorithm {
    Auto,
    Exact,
    Sat,
    Tabu,
    Pairs,
    Quads,
}

/// The symmetry asked of a cover.
#[derive(Clone, Copy, clap::ValueEnum)]
enum TurnArg {
    Quarter,
    Half,
    Mirror,
    Both,
    None,
}

impl TurnArg {
    fn turn(self) -> symmetric::Turn {
        match self {
            TurnArg::Quarter => symmetric::Turn::Quarter,
            TurnArg::Half => symmetric::Turn::Half,
            TurnArg::Mirror => symmetric::Turn::Mirror,
            TurnArg::Both => symmetric::Turn::Both,
            TurnArg::None => symmetric::Turn::None,
        }
    }
}

pub fn run(args: Args) -> Result<Exit> {
    let format = if args.json {
        Placements::Json
    } else {
        args.format
    };
    if args.most {
        return most(&args, format);
    }
    if let Some(seeds) = args.seeds {
        return seeded(&args, seeds, format);
    }
    if args.count {
        return count(&args, format);
    }
    let algorithm = algorithm(&args)?;
    let turn = turn(&args, algorithm)?;
    refuse_pointless(&args, algorithm)?;
    warn_if_long(&args, algorithm, turn);
    let seed = args.seed.unwrap_or(1);
    let job = Job::start(format!("cover {}", args.n), args.time_limit);
    let (found, seed) = search(&args, algorithm, turn, seed, &job)?;
    let seconds = job.seconds();
    drop(job);
    let Some(found) = found else {
        return Err(Failure::No(none_reason(args.n)));
    };
    checked(args.n, &found.solutions)?;
    eprintln!("queens: {}", how(args.n, &found, seconds, seed));
    if let Some(path) = &args.svg {
        svg::write(path, &picture(args.n, &found.solutions))?;
    }
    write(args.n, &found.solutions, format)?;
    Ok(Exit::Success)
}

/// The search asked for (`--local`, `--algorithm`), or the library's choice for N.
fn algorithm(args: &Args) -> Result<plan::Algorithm> {
    Ok(match (args.local, args.algorithm) {
        (true, _) | (false, Algorithm::Tabu) => plan::Algorithm::Tabu,
        (false, Algorithm::Auto) => plan::chosen(args.n).map_err(|_| {
            bad(format!(
                "N = {} is beyond every search of covers (N from 1 to {}); the modular \
                 construction answers any N prime to 6 up to 1000 at once",
                args.n,
                symmetric::MAX_N
            ))
        })?,
        (false, Algorithm::Exact) => plan::Algorithm::Exact,
        (false, Algorithm::Sat) => plan::Algorithm::Sat,
        (false, Algorithm::Pairs) => plan::Algorithm::Pairs,
        (false, Algorithm::Quads) => plan::Algorithm::Quads,
    })
}

/// The turn asked of a cover (`--turn`, else the one for N), refused where `algorithm` has no
/// use for it or it cannot fix a cover of the board.
fn turn(args: &Args, algorithm: plan::Algorithm) -> Result<symmetric::Turn> {
    let turn = fitting(args.n, args.turn)?;
    let used = algorithm.turned()
        || (algorithm == plan::Algorithm::Pairs && matches!(args.turn, Some(TurnArg::Mirror)));
    if args.turn.is_some() && !used {
        return Err(bad(match algorithm {
            plan::Algorithm::Pairs => {
                "--algorithm pairs builds covers fixed by the mirror: --turn mirror or no --turn"
                    .to_string()
            }
            _ => format!(
                "--turn goes with the searches among symmetric covers (--algorithm sat, tabu or \
                 quads): for N = {} {} answers, and asks for no symmetry",
                args.n,
                algorithm.name()
            ),
        }));
    }
    Ok(turn)
}

/// The turn given, or the one for N, if it can fix a cover of the `n` x `n` board.
fn fitting(n: usize, given: Option<TurnArg>) -> Result<symmetric::Turn> {
    let turn = given.map_or(symmetric::Turn::for_size(n), TurnArg::turn);
    if turn.fits(n) {
        return Ok(turn);
    }
    Err(bad(format!(
        "a cover of the {0}x{0} board cannot be fixed by a {1}: that symmetry takes {2}",
        n,
        turn.name(),
        match turn {
            symmetric::Turn::Quarter => "N = 0 or 1 mod 4",
            symmetric::Turn::Both => "N = 0 mod 4",
            _ => "even N",
        }
    )))
}

/// Runs `algorithm` under `job`: a cover, or none where the search proves it (or its
/// exhaustive search finds none); with the seed of the SAT solver that answered.
fn search(
    args: &Args,
    algorithm: plan::Algorithm,
    turn: symmetric::Turn,
    seed: u64,
    job: &Job,
) -> Result<(Option<Cover>, u64)> {
    let n = args.n;
    match algorithm {
        plan::Algorithm::Tabu => job.units("moves"),
        plan::Algorithm::Exact => job.units("branches"),
        plan::Algorithm::Pairs | plan::Algorithm::Quads => job.units("starts"),
        plan::Algorithm::Modular | plan::Algorithm::Sat => {}
    }
    let pool = super::count::pool(args.threads)?;
    let ran = pool.install(|| plan::run(n, algorithm, turn, seed, job.control()));
    let found = match job.check(ran)? {
        plan::Outcome::Found(cover) => Some(cover),
        plan::Outcome::NoCover => None,
        plan::Outcome::NoneSymmetric if algorithm == plan::Algorithm::Pairs => {
            return Err(Failure::No(no_pairs(n)))
        }
        plan::Outcome::NoneSymmetric => return Err(Failure::No(no_quads(n, turn))),
        plan::Outcome::Unfound(best) => {
            return Err(stopped(job, unfound(n, turn, &best, job.seconds())))
        }
        plan::Outcome::SatSolver => return solved(n, turn, seed, args.threads, job),
    };
    Ok((found, seed))
}

/// The SAT solver's answer: a cover and the seed of the solver that found it, or its proof
/// that none is fixed by the turn.
fn solved(
    n: usize,
    turn: symmetric::Turn,
    seed: u64,
    threads: Option<usize>,
    job: &Job,
) -> Result<(Option<Cover>, u64)> {
    match sat(n, turn, seed, threads, job.control()) {
        Ok((queens_sat::Answer::Found(c), winner)) => Ok((Some(c), winner)),
        Ok((queens_sat::Answer::NoneFixed, _)) => {
            Err(Failure::No(none_fixed(n, turn, job.seconds())))
        }
        Ok((queens_sat::Answer::Stopped, _)) => Err(job.failure()),
        Err(fault) => Err(Failure::Internal(format!(
            "the SAT solver's answer for N = {n} is no cover: {fault}"
        ))),
    }
}

/// Why a search that ran until stopped has no answer: Ctrl-C (or the reader of the output
/// gone) as such, the time limit as the legitimate no `at_limit`.
fn stopped(job: &Job, at_limit: String) -> Failure {
    if job.control().is_cancelled() && !job.timed_out() {
        job.failure()
    } else {
        Failure::No(at_limit)
    }
}

/// Says before a search with no time limit that it may run long, from what is known of its
/// cost for N (the library's [`plan::cost`]).
fn warn_if_long(args: &Args, algorithm: plan::Algorithm, turn: symmetric::Turn) {
    if args.time_limit.is_some() {
        return;
    }
    let what = algorithm.name();
    let bounds = if algorithm == plan::Algorithm::Tabu {
        "--time-limit bounds it and then says the best it reached"
    } else {
        "--time-limit bounds it"
    };
    let n = args.n;
    let open = format!("whether the {n}x{n} board has a cover is an open question");
    match plan::cost(n, algorithm, turn) {
        plan::Cost::Unbounded(why) => eprintln!(
            "queens: warning: for N = {n} {what} may not find a cover in reasonable time \
             ({why}): it runs until Ctrl-C; {bounds}"
        ),
        plan::Cost::Open => eprintln!(
            "queens: warning: for N = {n} {what} may not find a cover in reasonable time \
             ({open}): it runs until Ctrl-C; {bounds}"
        ),
        plan::Cost::Seconds(s) if s >= LONG_CPU => eprintln!(
            "queens: warning: for N = {n} {what} takes up to about {} of CPU time on one core \
             (the slowest of the seeds measured); Ctrl-C stops it",
            job::duration(s),
        ),
        _ => {}
    }
}

/// `--seeds`: the tabu search seed after seed, with its checkpoint.
fn seeded(args: &Args, seeds: (u64, u64), format: Placements) -> Result<Exit> {
    if args.n > symmetric::MAX_N {
        return Err(bad(format!(
            "N = {} is beyond the tabu search (N from 1 to {}); the modular construction \
             answers any N prime to 6 up to 1000 at once",
            args.n,
            symmetric::MAX_N
        )));
    }
    let turn = fitting(args.n, args.turn)?;
    let found = super::cover_seeds::run(
        args.n,
        turn,
        seeds,
        args.per_seed,
        args.checkpoint.as_deref(),
    )?;
    checked(args.n, &found.cover.solutions)?;
    let said = how(args.n, &found.cover, found.seconds, found.seed);
    match (&args.checkpoint, found.recorded) {
        (Some(path), true) => eprintln!(
            "queens: {said} (recorded in '{}' and checked again)",
            path.display()
        ),
        _ => eprintln!("queens: {said}"),
    }
    write(args.n, &found.cover.solutions, format)?;
    Ok(Exit::Success)
}

/// Every cover is checked by `cover::check` before it is printed: one that is not a cover is an
/// internal fault (exit 70), never output.
fn checked(n: usize, solutions: &[Placement]) -> Result<()> {
    cover::check(n, solutions).map_err(|fault| {
        Failure::Internal(format!("the cover found for N = {n} is no cover: {fault}"))
    })
}

/// The SAT solver's portfolio on `threads` threads (default: all cores), from `seed`.
fn sat(
    n: usize,
    turn: symmetric::Turn,
    seed: u64,
    threads: Option<usize>,
    control: &queens::Control,
) -> std::result::Result<(queens_sat::Answer, u64), cover::Fault> {
    let cores = std::thread::available_parallelism().map_or(1, |k| k.get());
    queens_sat::portfolio(n, turn, seed, threads.unwrap_or(cores), control)
}

/// Refuses what the chosen algorithm cannot use or cannot do.
fn refuse_pointless(args: &Args, algorithm: plan::Algorithm) -> Result<()> {
    if args.seed.is_some() && !algorithm.seeded() {
        return Err(bad(format!(
            "--seed goes with the random searches (--algorithm sat, tabu, pairs or quads): for \
             N = {} {} is deterministic",
            args.n,
            algorithm.name()
        )));
    }
    if args.threads.is_some() && !algorithm.threaded() {
        return Err(bad(format!(
            "--threads goes with the SAT solver and the searches by pairs and quads \
             (--algorithm sat, pairs or quads): for N = {} {} runs on one thread",
            args.n,
            algorithm.name()
        )));
    }
    let n = args.n;
    match algorithm {
        plan::Algorithm::Exact if n > exact::MAX_N => Err(bad(format!(
            "N = {n} is beyond the exact search (N from 1 to {}); without --algorithm the \
             modular construction answers N prime to 6 and the other searches larger boards",
            exact::MAX_N
        ))),
        plan::Algorithm::Pairs if n % 2 == 1 || n > pairs::MAX_N => Err(bad(format!(
            "--algorithm pairs takes even N from 2 to {}, not {n}: the covers it builds are \
             pairs of mirror-image solutions",
            pairs::MAX_N
        ))),
        plan::Algorithm::Quads => refuse_quads(args),
        plan::Algorithm::Sat if n > formula::MAX_N => Err(bad(format!(
            "N = {n} is beyond the SAT formula (N from 1 to {}); the tabu search \
             (--algorithm tabu) takes N to {}, and the modular construction any N prime to 6",
            formula::MAX_N,
            symmetric::MAX_N
        ))),
        plan::Algorithm::Tabu if n > symmetric::MAX_N => Err(bad(format!(
            "N = {n} is beyond the tabu search (N from 1 to {}); the modular construction \
             answers any N prime to 6 up to 1000 at once",
            symmetric::MAX_N
        ))),
        _ => Ok(()),
    }
}

/// Refuses what the search by quads cannot take: N past its reach, N = 2 mod 4 (no group it
/// knows fixes a cover there), a turn that does not fit N.
fn refuse_quads(args: &Args) -> Result<()> {
    let n = args.n;
    if n % 4 == 2 || n > quads::MAX_N {
        return Err(bad(format!(
            "--algorithm quads takes N from 1 to {} other than 2 mod 4, not {n}: the covers it \
             builds are fixed by the quarter-turns, the mirrors with the half-turn, or for odd N \
             the half-turn",
            quads::MAX_N
        )));
    }
    let fits = match args.turn {
        None => true,
        Some(TurnArg::Quarter) => n % 4 < 2,
        Some(TurnArg::Both) => n.is_multiple_of(4),
        Some(TurnArg::Half) => n % 2 == 1,
        Some(_) => false,
    };
    if fits {
        return Ok(());
    }
    Err(bad(
        "--algorithm quads builds covers fixed by the quarter-turn (--turn quarter, N = 0 or 1 \
         mod 4), the mirrors and the half-turn (--turn both, N = 0 mod 4) or the half-turn \
         (--turn half, odd N)",
    ))
}

/// Why the search by quads has no answer: its exhaustive search (N up to 13) found none.
fn no_quads(n: usize, turn: symmetric::Turn) -> String {
    format!(
        "no cover of the {n}x{n} board is fixed by the {}: the search over all such covers \
         finds none (queens cover {n} says whether one without that symmetry exists)",
        turn.name()
    )
}

/// The SAT solver's proof that no cover is fixed by the turn.
fn none_fixed(n: usize, turn: symmetric::Turn, seconds: f64) -> String {
    match turn {
        symmetric::Turn::None => format!(
            "no cover of the {n}x{n} board: the SAT solver proved that none exists in {seconds:.1} s"
        ),
        _ => format!(
            "no cover of the {n}x{n} board is fixed by the {}: the SAT solver proved it in \
             {seconds:.1} s (covers without that symmetry may still exist: try another --turn)",
            turn.name()
        ),
    }
}

/// What the tabu search reached when it stopped without a cover.
fn unfound(n: usize, turn: symmetric::Turn, best: &symmetric::Best, seconds: f64) -> String {
    format!(
        "no cover of the {n}x{n} board found in {seconds:.1} s by the tabu search ({}; not a \
         proof that none exists): at best {} conflicting pairs, {} disjoint solutions at once, {} \
         moves, {} restarts",
        turn.name(),
        best.conflicts,
        best.disjoint.len(),
        best.moves,
        best.restarts
    )
}

/// `--most`: the most pairwise disjoint solutions, printed one per line: proved by the branch
/// and bound of [`most`] to N = 11; past it N when a cover is found, by the search chosen for
/// N as without `--most`.
fn most(args: &Args, format: Placements) -> Result<Exit> {
    let n = args.n;
    if format == Placements::Board {
        return Err(bad(
            "--most prints solutions one per line: --format board goes with a cover",
        ));
    }
    if n == 2 || n == 3 {
        return Err(Failure::No(format!(
            "the {n}x{n} board has no solution at all, so no disjoint solutions"
        )));
    }
    if n > most::MAX_N {
        return most_by_cover(args, format);
    }
    for (given, option) in [
        (args.seed.is_some(), "--seed"),
        (args.threads.is_some(), "--threads"),
        (args.turn.is_some(), "--turn"),
        (args.local, "--local"),
    ] {
        if given {
            return Err(bad(format!(
                "{option} goes with --most only past N = {}: up to it the branch and bound over \
                 all solutions answers, on one thread, deterministically",
                most::MAX_N
            )));
        }
    }
    let job = Job::start(format!("cover {n} --most"), args.time_limit);
    job.units("branches");
    let found = job.check(most::most(n, job.control()))?;
    drop(job);
    eprintln!(
        "queens: {} pairwise disjoint solutions: proved the most by the exact search over all \
         solutions",
        found.len()
    );
    write(n, &found, format)?;
    Ok(Exit::Success)
}

/// `--most` past the branch and bound's reach: N disjoint solutions when the search chosen
/// for N finds a cover; no cover found is a legitimate no, with the best reached.
fn most_by_cover(args: &Args, format: Placements) -> Result<Exit> {
    let n = args.n;
    let algorithm = algorithm(args)?;
    let turn = turn(args, algorithm)?;
    refuse_pointless(args, algorithm)?;
    warn_if_long(args, algorithm, turn);
    let job = Job::start(format!("cover {n} --most"), args.time_limit);
    let (found, seed) = search(args, algorithm, turn, args.seed.unwrap_or(1), &job)?;
    let seconds = job.seconds();
    drop(job);
    let Some(found) = found else {
        return Err(Failure::No(none_reason(n)));
    };
    checked(n, &found.solutions)?;
    eprintln!(
        "queens: {n} pairwise disjoint solutions, the most there can be, by {}: {}",
        algorithm.name(),
        how(n, &found, seconds, seed)
    );
    write(n, &found.solutions, format)?;
    Ok(Exit::Success)
}

/// Why the mirror-pair search has no answer for a small even board.
fn no_pairs(n: usize) -> String {
    format!(
        "no cover of the {n}x{n} board is made of mirror pairs: the board has no cover at all \
         (queens cover {n} proves it by the exact search)"
    )
}

fn none_reason(n: usize) -> String {
    match n {
        2 | 3 => format!("no cover of the {n}x{n} board: it has no solution at all"),
        _ => format!(
            "no cover of the {n}x{n} board: the exact search over all its solutions finds no \
             {n} pairwise disjoint ones"
        ),
    }
}

fn how(n: usize, found: &Cover, seconds: f64, seed: u64) -> String {
    match found.method {
        cover::Method::Modular => format!(
            "a cover by Pólya's modular construction (1918): solution b has its queen of file c \
             on rank ((2c + b) mod {n}) + 1, files c and shifts b counted from 0"
        ),
        cover::Method::Exact => {
            format!("a cover found by the exact search over all solutions in {seconds:.2} s")
        }
        cover::Method::Turned(turn) => {
            let among = match turn {
                symmetric::Turn::None => "colourings of the board".to_string(),
                _ => format!(
                    "colourings fixed by a {} of the board (squares coloured orbit by orbit)",
                    turn.name()
                ),
            };
            format!(
                "a cover found by the tabu search over {among}, with exact completion of the \
                 last solutions, in {seconds:.2} s, seed {seed}"
            )
        }
        cover::Method::Solver(turn) => {
            let among = match turn {
                symmetric::Turn::None => "all colourings of the board".to_string(),
                _ => format!("the colourings fixed by the {} of the board", turn.name()),
            };
            format!(
                "a cover found by the SAT solver CaDiCaL among {among} (one variable per orbit of \
                 square and colour), in {seconds:.2} s, by the solver of seed {seed}"
            )
        }
        cover::Method::Mirror => format!(
            "a cover the mirror maps onto itself (pairs of mirror-image solutions), found by the \
             exact search among such covers in {seconds:.2} s"
        ),
        cover::Method::Quads(turn) => format!(
            "a cover fixed by the {} ({}), found by a random start and an exact completion over \
             every solution that fits, in {seconds:.2} s, seed {seed}",
            turn.name(),
            quads_made_of(n, turn)
        ),
        cover::Method::Pairs => format!(
            "a cover of {} pairs of mirror-image solutions, found by a random start and an \
             exact completion over every solution that fits, in {seconds:.2} s, seed {seed}",
            n / 2
        ),
    }
}

/// What a cover found by quads is made of.
fn quads_made_of(n: usize, turn: symmetric::Turn) -> String {
    match (turn, n % 2) {
        (symmetric::Turn::Half, _) => format!(
            "one solution the turn fixes and {} pairs of a solution and its half-turn",
            n / 2
        ),
        (_, 1) => format!(
            "one solution the turn fixes and {} quads of a solution and its three turns",
            n / 4
        ),
        _ => format!("{} quads of a solution and its three images", n / 4),
    }
}

fn write(n: usize, solutions: &[Placement], format: Placements) -> Result<()> {
    let mut out = Out::stdout();
    if format == Placements::Board {
        out.write_all(cover::diagram(n, solutions).as_bytes())?;
        return Ok(out.record()?);
    }
    for (k, p) in solutions.iter().enumerate() {
        let notes = Notes {
            number: k as u64 + 1,
            ..Notes::default()
        };
        placement::write(&mut out, p, format, DiagramStyle::Ascii, notes)?;
        out.record()?;
    }
    Ok(())
}

fn picture(n: usize, solutions: &[Placement]) -> String {
    let mut picture = svg::Picture::new(n, n);
    for (k, p) in solutions.iter().enumerate() {
        let colour = format!("hsl({:.0},70%,42%)", k as f64 * 360.0 / n as f64);
        let letter = queens::square::file_name(k as u32);
        for s in p.squares() {
            picture.token(s, &colour, &letter);
        }
    }
    picture.render()
}

#[derive(Serialize)]
struct Counted {
    n: usize,
    solutions: u64,
    covers: u64,
    classes: u64,
    seconds: f64,
}

/// `--count`: the covers and their classes, by the exact search; said before it starts when
/// it is long or its end is not known.
fn count(args: &Args, format: Placements) -> Result<Exit> {
    let n = args.n;
    if args.svg.is_some() || format == Placements::Board || format == Placements::Algebraic {
        return Err(bad(
            "--count prints numbers: --svg and --format board or algebraic go with a cover",
        ));
    }
    if n > exact::MAX_N {
        return Err(bad(format!(
            "N = {n} is beyond the exact count (N from 1 to {}); the modular construction \
             answers any N prime to 6 up to 1000 at once",
            exact::MAX_N
        )));
    }
    for (given, option) in [
        (args.seed.is_some(), "--seed"),
        (args.threads.is_some(), "--threads"),
        (args.turn.is_some(), "--turn"),
    ] {
        if given {
            return Err(bad(format!(
                "{option} does not go with --count: the count is the exact search over all \
                 solutions, on one thread, of all covers"
            )));
        }
    }
    if args.time_limit.is_none() {
        forecast_count(n);
    }
    counted(n, format == Placements::Json, args.time_limit)
}

/// Says what the count of the covers of the `n` x `n` board is known to cost before it
/// starts, when it is long or has no known end.
fn forecast_count(n: usize) {
    match plan::count_cost(n) {
        plan::Cost::Seconds(s) if s >= LONG_CPU => eprintln!(
            "queens: warning: counting the covers of the {n}x{n} board takes up to about {} of \
             CPU time on one core (as measured); Ctrl-C stops it",
            job::duration(s)
        ),
        plan::Cost::Unbounded(why) => eprintln!(
            "queens: warning: counting the covers of the {n}x{n} board has no known end \
             ({why}); it runs until Ctrl-C; --time-limit bounds it"
        ),
        _ => {}
    }
}

fn counted(n: usize, json: bool, limit: Option<f64>) -> Result<Exit> {
    let job = Job::start(format!("cover {n} --count"), limit);
    job.units("branches");
    let c = job.check(cover::count(n, job.control()))?;
    let seconds = job.seconds();
    drop(job);
    let mut out = Out::stdout();
    if json {
        let record = Counted {
            n,
            solutions: c.solutions,
            covers: c.covers,
            classes: c.classes,
            seconds: crate::output::millis(seconds),
        };
        out.json_line(&record)?;
    } else {
        writeln!(out, "N = {n}")?;
        writeln!(out, "solutions:       {}", c.solutions)?;
        writeln!(
            out,
            "covers:          {} (sets of {n} disjoint solutions)",
            c.covers
        )?;
        let classes = plural(c.classes, "class", "classes");
        writeln!(
            out,
            "up to symmetry:  {classes} under the 8 rotations and reflections"
        )?;
        writeln!(out, "seconds:         {seconds:.3}")?;
    }
    out.record()?;
    Ok(Exit::Success)
}
