//! `queens cover N`: N disjoint solutions that fill the board (Pólya's modular construction
//! for N prime to 6, the exact searches up to N = 16: mirror pairs first for even N, then all
//! solutions), or the proof that none exists; `--count` counts them. Other N to 32 go to the
//! search by quads among covers fixed by a group of symmetries (N = 0, 1, 3 mod 4) or to the
//! mirror-pair search (N = 2 mod 4); past 32 to a SAT solver (N = 0, 1 mod 4) or the tabu
//! search; `--seeds` runs the tabu search seed after seed.

use crate::exit::{bad, Exit, Failure, Result};
use crate::job::Job;
use crate::output::placement::{self, Format, Notes};
use crate::output::{plural, svg, Out};
use queens::cover::{self, exact, formula, modular, most, pairs, quads, symmetric, Cover};
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
  queens cover 27 --seeds 1..100 --per-seed 10m --checkpoint n27.json   # the tabu search

N prime to 6 is answered at once for any N (Pólya's modular solutions (2c + b) mod N); N up to
10 and 12, 14, 16 by an exact search over all the solutions, which also proves when there is
none (for even N it looks first among covers made of pairs of mirror-image solutions: 12 in
0.02 s, 14 in 0.4 s, 16 in 12 s). 15, and past 16 the N = 0, 1 or 3 mod 4 to 32, go to the
search by quads: covers fixed by a group of symmetries (the mirrors and the half-turn for N = 0
mod 4, the quarter-turns for 21, the half-turn for 15 and 27: pairs and a centre class), the
first quads drawn at random and the last completed exactly; CPU time on one core: 20 to 28 in
under a second, 32 in 1 to 7 s, 21 in 5 to 15 s, 15 in 3 to 41 s. Even N = 2 mod 4 (18
to 30) go to a search among covers made of mirror pairs, the same way with pairs: 18 in under a
second, 22 in seconds, 26 in 37 s to 2 minutes, 30 not yet found. Starts are completed on every
core (--threads), and the seed alone decides the cover. N = 0 or 1 mod 4 past 32 go to a SAT
solver (CaDiCaL, built in) among covers fixed by a symmetry, one solver per core: it finds one
or proves that none has that symmetry. The others (N = 3 or 2 mod 4 past 32) go to a tabu
search, which runs until the time limit and reports the best it reached. N = 27 is open: the
search by quads runs on it until the time limit (a seed per machine on a cluster), --seeds runs
the tabu search seed after seed with a checkpoint.")]
pub struct Args {
    /// Board size N (any N prime to 6; other N from 1 to 64)
    #[arg(value_name = "N", value_parser = |s: &str| crate::input::size(s, 1, 1000))]
    n: usize,
    /// Count the covers (sets of N disjoint solutions, and classes up to symmetry) instead
    #[arg(long)]
    count: bool,
    /// Output format: the solutions one per line (perm, algebraic, json) or one diagram with a
    /// letter per solution (board)
    #[arg(long, short = 'f', value_enum, default_value_t = Format::Perm)]
    format: Format,
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
    /// for N = 0 or 1 mod 4 past 32 and the tabu search for the others), exact, sat (a SAT
    /// solver among the covers fixed by --turn: it finds one or proves there is none), tabu,
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
    /// to N = 11, N where a cover is found (by the construction, or by the searches by pairs or
    /// quads to 32), else the most the tabu search held at once
    #[arg(long, conflicts_with_all = ["count", "svg"])]
    most: bool,
    /// Give up after this long (30, 2.5, 90s, 5m, 2h; from 0.001 s to a year, 8760h): exit 1
    #[arg(long, value_name = "SECONDS", value_parser = crate::input::seconds)]
    time_limit: Option<f64>,
    /// Run the tabu search from each seed of the range A..B (B not included) in turn, each for
    /// --per-seed, keeping the best reached; ranges split the work over a cluster
    #[arg(long, value_name = "A..B", value_parser = super::cover_seeds::range,
          conflicts_with_all = ["seed", "time_limit", "count", "most", "svg"])]
    seeds: Option<(u64, u64)>,
    /// The symmetry the SAT solver or the tabu search asks of a cover: both (the mirror and the
    /// half-turn), quarter, half, mirror or none (by default both for N = 0 mod 4, a
    /// quarter-turn for 1 mod 4, the mirror for 2 mod 4, the half-turn for 3 mod 4)
    #[arg(long, value_enum)]
    turn: Option<TurnArg>,
    /// Seconds for each seed of --seeds (or 90s, 5m, 2h; from 0.001 s to a year, 8760h)
    #[arg(long, value_name = "SECONDS", value_parser = crate::input::seconds,
          default_value = "60", requires = "seeds")]
    per_seed: f64,
    /// With --seeds: save the schedule and its best to FILE after every seed; the same
    /// command resumes from it
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

/// The symmetry asked of a cover by the tabu search.
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
    let format = if args.json { Format::Json } else { args.format };
    let beyond = args.n > exact::MAX_N && !modular::applies(args.n);
    // 15 (odd, a multiple of 3) is beyond the exact search in practice: the search takes it.
    let searched = beyond || (args.n > 10 && args.n % 2 == 1 && !modular::applies(args.n));
    if args.n > symmetric::MAX_N && (args.local || args.most || beyond) {
        return Err(bad(format!(
            "N = {} is beyond the local search (N from 1 to {}); the modular construction \
             answers any N prime to 6 at once",
            args.n,
            symmetric::MAX_N
        )));
    }
    if beyond && args.count {
        return Err(bad(format!(
            "N = {} is beyond the exact count (N from 1 to {}); the modular construction \
             answers any N prime to 6 at once",
            args.n,
            exact::MAX_N
        )));
    }
    let turn = args
        .turn
        .map_or(symmetric::Turn::for_size(args.n), TurnArg::turn);
    if !turn.fits(args.n) {
        return Err(bad(format!(
            "a cover of the {0}x{0} board cannot be fixed by a {1}: that symmetry takes {2}",
            args.n,
            turn.name(),
            match turn {
                symmetric::Turn::Quarter => "N = 0 or 1 mod 4",
                symmetric::Turn::Both => "N = 0 mod 4",
                _ => "even N",
            }
        )));
    }
    if args.most {
        return most(&args, format);
    }
    if let Some(seeds) = args.seeds {
        let (found, seed, seconds) = super::cover_seeds::run(
            args.n,
            turn,
            seeds,
            args.per_seed,
            args.checkpoint.as_deref(),
        )?;
        checked(args.n, &found.solutions)?;
        eprintln!("queens: {}", how(args.n, &found, seconds, seed));
        write(args.n, &found.solutions, format)?;
        return Ok(Exit::Success);
    }
    if args.count {
        if args.svg.is_some() || format == Format::Board || format == Format::Algebraic {
            return Err(bad(
                "--count prints numbers: --svg and --format board or algebraic go with a cover",
            ));
        }
        return count(args.n, format == Format::Json, args.time_limit);
    }
    let algorithm = match (args.local, args.algorithm) {
        (true, _) => Algorithm::Tabu,
        (false, Algorithm::Auto) if !searched => Algorithm::Exact,
        (false, Algorithm::Auto) if args.n % 4 != 2 && args.n <= quads::MAX_N => Algorithm::Quads,
        (false, Algorithm::Auto) if args.n.is_multiple_of(2) && args.n <= pairs::MAX_N => {
            Algorithm::Pairs
        }
        (false, Algorithm::Auto) if args.n % 4 < 2 => Algorithm::Sat,
        (false, Algorithm::Auto) => Algorithm::Tabu,
        (false, chosen) => chosen,
    };
    refuse_pointless(&args, algorithm, beyond)?;
    if algorithm != Algorithm::Exact && args.time_limit.is_none() && slow(args.n, algorithm) {
        eprintln!(
            "queens: warning: for N = {} the {} may not find a cover in reasonable time (it runs until Ctrl-C; --time-limit bounds it{})",
            args.n,
            match algorithm {
                Algorithm::Sat => "SAT solver",
                Algorithm::Pairs => "mirror-pair search",
                Algorithm::Quads => "search by quads",
                _ => "tabu search",
            },
            if matches!(algorithm, Algorithm::Sat | Algorithm::Quads) {
                ""
            } else {
                " and then says the best it reached"
            }
        );
    }
    let mut seed = args.seed.unwrap_or(1);
    let job = Job::start(format!("cover {}", args.n), args.time_limit);
    let found = match algorithm {
        Algorithm::Tabu => {
            job.units("moves");
            let searched = cover::search_turned(args.n, turn, seed, job.control());
            let (found, best) = job.check(searched)?;
            if found.is_none() {
                return Err(Failure::No(unfound(args.n, turn, &best, job.seconds())));
            }
            found
        }
        Algorithm::Pairs => {
            job.units("starts");
            let pool = super::count::pool(args.threads)?;
            match job.check(pool.install(|| cover::pairs(args.n, seed, job.control())))? {
                Some(found) => Some(found),
                None => return Err(Failure::No(no_pairs(args.n))),
            }
        }
        Algorithm::Quads => {
            job.units("starts");
            let pool = super::count::pool(args.threads)?;
            match job.check(pool.install(|| cover::quads(args.n, turn, seed, job.control())))? {
                Some(found) => Some(found),
                None => return Err(Failure::No(no_quads(args.n, turn))),
            }
        }
        Algorithm::Sat => match sat(args.n, turn, seed, args.threads, job.control()) {
            Ok((queens_sat::Answer::Found(c), winner)) => {
                seed = winner;
                Some(c)
            }
            Ok((queens_sat::Answer::NoneFixed, _)) => {
                return Err(Failure::No(none_fixed(args.n, turn, job.seconds())))
            }
            Ok((queens_sat::Answer::Stopped, _)) => return Err(job.failure()),
            Err(fault) => {
                return Err(Failure::Internal(format!(
                    "the SAT solver's answer for N = {} is no cover: {fault}",
                    args.n
                )))
            }
        },
        _ => {
            job.units("branches");
            job.check(cover::find(args.n, job.control()))?
        }
    };
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
fn refuse_pointless(args: &Args, algorithm: Algorithm, beyond: bool) -> Result<()> {
    if args.seed.is_some() && algorithm == Algorithm::Exact {
        return Err(bad(
            "--seed goes with the SAT solver and the tabu search (--algorithm sat or tabu): \
             the construction and the exact search are deterministic",
        ));
    }
    if args.threads.is_some()
        && !matches!(
            algorithm,
            Algorithm::Sat | Algorithm::Pairs | Algorithm::Quads
        )
    {
        return Err(bad(
            "--threads goes with the SAT solver and the searches by pairs and quads \
             (--algorithm sat, pairs or quads): the other searches run on one thread",
        ));
    }
    if algorithm == Algorithm::Exact && beyond {
        return Err(bad(format!(
            "N = {} is beyond the exact search (N from 1 to {}, and any N prime to 6); \
             --algorithm sat or tabu searches larger boards",
            args.n,
            exact::MAX_N
        )));
    }
    if algorithm == Algorithm::Pairs && args.turn.is_some_and(|t| !matches!(t, TurnArg::Mirror)) {
        return Err(bad(
            "--algorithm pairs builds covers fixed by the mirror: --turn mirror or no --turn",
        ));
    }
    if algorithm == Algorithm::Pairs && (args.n % 2 == 1 || args.n > pairs::MAX_N) {
        return Err(bad(format!(
            "--algorithm pairs takes even N from 2 to {}, not {}: the covers it builds are \
             pairs of mirror-image solutions",
            pairs::MAX_N,
            args.n
        )));
    }
    if algorithm == Algorithm::Quads {
        refuse_quads(args)?;
    }
    if algorithm == Algorithm::Sat && args.n > formula::MAX_N {
        return Err(bad(format!(
            "N = {} is beyond the SAT formula (N from 1 to {}); the modular construction \
             answers any N prime to 6 at once",
            args.n,
            formula::MAX_N
        )));
    }
    Ok(())
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

/// Whether a search may run for long: the tabu search beyond 10 (N not prime to 6), the SAT
/// solver past 20 (24 takes minutes, BENCHMARKS.md) or past 13 for N other than 0 mod 4, the
/// mirror-pair search past 26 (28 takes minutes).
fn slow(n: usize, algorithm: Algorithm) -> bool {
    match algorithm {
        Algorithm::Sat => n > 20 || (n > 13 && !n.is_multiple_of(4)),
        Algorithm::Pairs => n > 26,
        // 27 is open.
        Algorithm::Quads => n % 4 == 3 && n > 15,
        _ => n > 10 && !modular::applies(n),
    }
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

/// `--most`: the most pairwise disjoint solutions, printed one per line.
fn most(args: &Args, format: Format) -> Result<Exit> {
    let n = args.n;
    if format == Format::Board {
        return Err(bad(
            "--most prints solutions one per line: --format board goes with a cover",
        ));
    }
    // Past the exact search's reach and to 32, N not prime to 6: the searches by symmetry
    // (quads, or mirror pairs for N = 2 mod 4).
    let searched = n > most::MAX_N && n <= quads::MAX_N && !modular::applies(n);
    if args.threads.is_some() && !searched {
        return Err(bad(
            "--threads goes with --most only where the searches by pairs or quads answer it \
             (N from 12 to 32 that share a factor with 6): the other searches run on one thread",
        ));
    }
    let pool = super::count::pool(args.threads)?;
    let job = Job::start(format!("cover {n} --most"), args.time_limit);
    let seed = args.seed.unwrap_or(1);
    let (solutions, how) = if n <= most::MAX_N {
        job.units("branches");
        let found = job.check(most::most(n, job.control()))?;
        (
            found,
            "proved the most by the exact search over all solutions".to_string(),
        )
    } else if let Some(c) = modular::cover(n) {
        (c, "a cover by Pólya's modular construction".to_string())
    } else if searched {
        job.units("starts");
        let found = pool.install(|| cover::by_symmetry(n, seed, job.control()));
        match job.check(found)? {
            Some(c) => {
                checked(n, &c.solutions)?;
                let by = if n % 4 == 2 { "mirror pairs" } else { "quads" };
                (c.solutions, format!("a cover, found by the search by {by}"))
            }
            None if n % 4 == 2 => return Err(Failure::No(no_pairs(n))),
            None => return Err(Failure::No(no_quads(n, symmetric::Turn::for_size(n)))),
        }
    } else {
        job.units("moves");
        let searched = cover::search(n, args.seed.unwrap_or(1), job.control());
        let (found, best) = job.check(searched)?;
        match found {
            Some(c) => (c.solutions, "a cover, found by the tabu search".to_string()),
            None => (
                best.disjoint,
                format!(
                    "the most the tabu search held at once in {:.1} s (a lower bound only)",
                    job.seconds()
                ),
            ),
        }
    };
    drop(job);
    eprintln!(
        "queens: {} pairwise disjoint solutions: {how}",
        solutions.len()
    );
    write(n, &solutions, format)?;
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

fn write(n: usize, solutions: &[Placement], format: Format) -> Result<()> {
    let mut out = Out::stdout();
    if format == Format::Board {
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

fn count(n: usize, json: bool, limit: Option<f64>) -> Result<Exit> {
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
