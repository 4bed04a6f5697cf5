//! `queens tour N|MxN --from SQUARE`: one knight's tour (grid, moves or JSON, and an SVG
//! picture), `--count` for exact counts, `--check` to verify a tour or a partial path, and
//! `--trace` to follow a search step by step ([`super::tour_trace`]).

use crate::exit::{bad, Exit, Failure, Result};
use crate::input;
use crate::input::lines::{read_text, MAX_PLACEMENT_LINE};
use crate::job::Job;
use crate::output::format::TourFormat;
use crate::output::{svg, Out};
use crate::parts::tour_save;
use queens::record::{BigCount, ClosedTours, TourVerdict, ToursEvery, ToursFrom};
use queens::square::file_name;
use queens::tour::counter::Counter;
use queens::tour::{self, count, divide, frontier, BigUint, Board, FindError, Method, Tour};
use queens::Square;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// How to find the tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Algorithm {
    /// Divide and conquer where both sides are at least 5, the column-by-column programme on
    /// boards with 3 or 4 rows or columns
    Auto,
    /// Wirth's backtracking (section 3.4) in his move order; exponential, small boards
    Wirth,
    /// Fewest onward moves, Roth's tie-break, backtracking when stuck
    Warnsdorff,
    /// Divide and conquer (Parberry 1997, Lin & Wei 2005): linear time, both sides at least 5
    Divide,
    /// Exact column-by-column programme: a tour or a proof that none exists, linear time,
    /// boards with 3 or 4 rows or columns
    Narrow,
    /// With --count: the tours enumerated one by one (boards of at most 64 squares; the
    /// default for counts up to 36 squares)
    Enumerate,
    /// With --count: the frontier (transfer-matrix) programme, cell by cell along the longer
    /// side (a side of at most 12; the default for counts past 36 squares)
    Frontier,
}

impl Algorithm {
    /// The method that finds one tour; `None` for the counting algorithms.
    fn method(self) -> Option<Method> {
        Some(match self {
            Algorithm::Auto => Method::Auto,
            Algorithm::Wirth => Method::Wirth,
            Algorithm::Warnsdorff => Method::Warnsdorff,
            Algorithm::Divide => Method::Divide,
            Algorithm::Narrow => Method::Narrow,
            Algorithm::Enumerate | Algorithm::Frontier => return None,
        })
    }
}

/// A knight's tour of an N x N or M x N board, exact tour counts, or a check of a tour
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens tour 5 --from c3 --algorithm wirth --stats
  queens tour 5 --from c3 --algorithm wirth --trace --limit 40
  queens tour 5 --from c3 --algorithm warnsdorff --trace --json
  queens tour 8 --from a1 --closed --format moves
  queens tour 6x9 --from 3,4 --json --svg tour.svg
  queens tour 1000 --from a1 --format moves > big.txt
  queens tour 4x30 --from b1 --format moves
  queens tour 5 --count
  queens tour 6 --from a1 --count
  queens tour 6 --closed --count
  queens tour 8 --closed --count --memory 16G   # the frontier programme: 20 min on 2 cores
  queens tour 8 --closed --count --checkpoint t8.save   # Ctrl-C, then the same command resumes
  queens tour 8 --from a1 | queens tour --check
  queens tour --check --board 8 a1 b3 c5      # a partial path on 8x8")]
pub struct Args {
    /// The board: N (N x N) or MxN (M rows, N columns). With --check: the tour itself as
    /// words, or a file holding it ('-' or nothing: standard input)
    #[arg(value_name = "N|MxN", num_args = 0..)]
    words: Vec<String>,
    /// The start square: `c5`, or `col,row` (1-based)
    #[arg(long, value_name = "SQUARE")]
    from: Option<String>,
    /// A closed tour: the last square a knight's move from the first
    #[arg(long)]
    closed: bool,
    /// How to find it (default: auto)
    #[arg(
        long,
        short = 'a',
        alias = "method",
        short_alias = 'm',
        value_enum,
        value_name = "NAME"
    )]
    algorithm: Option<Algorithm>,
    /// Count tours exactly: from --from, from every square (no --from), or closed tours
    /// (--closed); by the frontier programme (a side of at most 12) or by enumeration (at
    /// most 64 squares)
    #[arg(long)]
    count: bool,
    /// With --count: a memory budget for the frontier programme's states, 512M, 4G or bytes
    /// (default: half the memory available)
    #[arg(long, value_name = "SIZE", value_parser = crate::input::memory)]
    memory: Option<u64>,
    /// With --count by the frontier programme (--closed, or --from): save the count to FILE
    /// between cells, every --checkpoint-every; the same command resumes from it
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// With --checkpoint: how often to save, seconds or with a unit (90s, 5m; default 10m; from
    /// 0.001 s to a year, 8760h)
    #[arg(long, value_name = "SECONDS", value_parser = input::seconds, requires = "checkpoint")]
    checkpoint_every: Option<f64>,
    /// Output format (a count: text, or json). grid holds the move number of every square
    /// before it writes: boards of at most 100,000,000 squares; moves and json are written as
    /// the tour is walked
    #[arg(long, short = 'f', value_enum)]
    format: Option<TourFormat>,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// Write an SVG picture of the tour to FILE (boards of at most 1,000,000 squares: the
    /// picture, about 90 bytes a square, is held whole)
    #[arg(long, value_name = "FILE", value_parser = crate::output::svg::path)]
    svg: Option<PathBuf>,
    /// Print the work the search took on stderr
    #[arg(long)]
    stats: bool,
    /// With --count: start a count even if its forecast is more than a day
    #[arg(long)]
    yes: bool,
    /// Show the search step by step (--algorithm wirth or warnsdorff): the start, each move
    /// made or rejected and why, each move taken back, the tour; one line per step, or JSON
    /// lines with --json
    #[arg(long, conflicts_with_all = ["count", "svg"])]
    trace: bool,
    /// With --trace: stop after K steps
    #[arg(long, value_name = "K", requires = "trace")]
    limit: Option<u64>,
    /// Give up after this long (exit 1): seconds, or with a unit (90s, 5m, 2h); from 0.001 s to a
    /// year (8760h)
    #[arg(long, value_name = "SECONDS", value_parser = input::seconds)]
    time_limit: Option<f64>,
    /// Verify a tour given in any output format (exit 1 if it is not one)
    #[arg(long, conflicts_with_all = ["count", "from", "svg", "algorithm", "stats", "memory", "time_limit", "checkpoint", "yes", "trace"])]
    check: bool,
    /// With --check: the board of a partial path (N or MxN); the path need not cover it
    #[arg(long, value_name = "N|MxN", value_parser = parse_board)]
    board: Option<Board>,
}

/// Parses `N` or `MxN` (M rows, N columns): the library's reader.
pub fn parse_board(text: &str) -> std::result::Result<Board, String> {
    Board::parse(text).map_err(|e| e.to_string())
}

fn start_square(text: &str, board: Board) -> Result<Square> {
    let s = Square::parse(text).map_err(Failure::from)?;
    if !board.contains(s) {
        return Err(bad(format!(
            "square '{text}' is off the {board} board (files a..{}, ranks 1..{})",
            file_name(board.cols as u32 - 1),
            board.rows
        )));
    }
    Ok(s)
}

pub fn run(args: Args) -> Result<Exit> {
    if args.check {
        return check(&args);
    }
    if args.board.is_some() {
        return Err(bad(
            "--board gives the board of a path to check: use it with --check (a tour to find takes its board as N or MxN)",
        ));
    }
    let board = match args.words.as_slice() {
        [one] => parse_board(one).map_err(bad)?,
        [] => {
            return Err(bad(
                "missing board: give N or MxN, e.g. 'queens tour 8 --from a1'",
            ))
        }
        [_, extra, ..] => {
            return Err(bad(format!(
                "unexpected argument '{extra}': give one board, N or MxN"
            )))
        }
    };
    let from = args
        .from
        .as_deref()
        .map(|t| start_square(t, board))
        .transpose()?;
    if args.count {
        return count_tours(&args, board, from);
    }
    let Some(from) = from else {
        return Err(bad(
            "missing --from SQUARE: where the knight starts, e.g. --from a1 or --from 3,5",
        ));
    };
    if args.trace {
        return trace(&args, board, from);
    }
    find_tour(&args, board, from)
}

/// `--trace`: the search step by step, as text or JSON lines.
fn trace(args: &Args, board: Board, from: Square) -> Result<Exit> {
    if args.memory.is_some() || args.checkpoint.is_some() {
        return Err(bad(
            "--memory and --checkpoint belong to --count: a trace keeps no states",
        ));
    }
    if let Some(f @ (TourFormat::Grid | TourFormat::Moves)) = args.format {
        let name = if f == TourFormat::Grid {
            "grid"
        } else {
            "moves"
        };
        return Err(bad(format!(
            "--format {name} writes a tour; --trace writes its steps: text, or json"
        )));
    }
    let Some(method) = args.algorithm.and_then(Algorithm::method) else {
        return Err(bad(
            "--trace follows a search step by step: give --algorithm wirth or warnsdorff",
        ));
    };
    if method == Method::Wirth && args.limit.is_none() {
        warn_if_exponential(board, args.closed, args.time_limit);
    }
    super::tour_trace::run(super::tour_trace::Request {
        board,
        from,
        closed: args.closed,
        method,
        limit: args.limit,
        json: format(args) == TourFormat::Json,
        stats: args.stats,
        time_limit: args.time_limit,
    })
}

fn format(args: &Args) -> TourFormat {
    if args.json {
        TourFormat::Json
    } else {
        args.format.unwrap_or(TourFormat::Grid)
    }
}

/// One tour, written as it is walked where the construction allows (no memory for the path).
fn find_tour(args: &Args, board: Board, from: Square) -> Result<Exit> {
    if args.memory.is_some() {
        return Err(bad("--memory bounds a count: use it with --count"));
    }
    if args.checkpoint.is_some() {
        return Err(bad("--checkpoint saves a count: use it with --count"));
    }
    if args.yes {
        return Err(bad(
            "--yes starts a count forecast to take more than a day: use it with --count (a tour is found at once, or bounded by --time-limit)",
        ));
    }
    let Some(method) = args.algorithm.unwrap_or(Algorithm::Auto).method() else {
        return Err(bad(
            "--algorithm enumerate and frontier count tours: use them with --count (to find one tour: auto, wirth, warnsdorff, divide or narrow)",
        ));
    };
    let format = format(args);
    check_sizes(args, board, format)?;
    if let Err(no) = tour::existence(board, from, args.closed) {
        return Err(Failure::No(no.to_string()));
    }
    if method.resolve(board) == Method::Divide && args.svg.is_none() {
        return stream_construction(args, board, from, format);
    }
    if method.resolve(board) == Method::Wirth {
        warn_if_exponential(board, args.closed, args.time_limit);
    }
    let job = Job::start(format!("searching for a tour on {board}"), args.time_limit);
    let found = match tour::find(board, from, args.closed, method, job.control()) {
        Ok(found) => found,
        Err(FindError::Stopped(e)) => return Err(job.check::<()>(Err(e)).unwrap_err()),
        Err(e) => return Err(find_error(e)),
    };
    let seconds = job.seconds();
    drop(job);
    if args.stats {
        eprintln!("{}; seconds: {seconds:.3}", work_line(&found));
    }
    if let Some(path) = &args.svg {
        svg::write(path, &picture(&found.tour))?;
    }
    let mut out = Out::stdout();
    match format {
        TourFormat::Grid => tour::write::grid(&mut out, &found.tour)?,
        TourFormat::Json => {
            let closed = found.tour.is_closed();
            tour::write::json(&mut out, board, found.tour.squares(), closed)?
        }
        TourFormat::Moves => tour::write::moves(&mut out, board, found.tour.squares())?,
    }
    out.flush()?;
    Ok(Exit::Success)
}

/// Refuses, before any work, the outputs that would hold too much: Wirth's table holds the
/// move number of every square, and the picture its whole text, before they are written.
fn check_sizes(args: &Args, board: Board, format: TourFormat) -> Result<()> {
    let squares = board.square_count();
    if format == TourFormat::Grid && squares > tour::write::MAX_GRID_SQUARES {
        return Err(bad(format!(
            "--format grid holds the move number of every square before it writes the first line (4 bytes a square), so it takes boards of at most {} squares (10000x10000), not {board} ({squares} squares): --format moves or json write a tour of any size as it is walked",
            tour::write::MAX_GRID_SQUARES
        )));
    }
    if args.svg.is_some() && squares > MAX_PICTURE_SQUARES {
        return Err(bad(format!(
            "--svg draws boards of at most {MAX_PICTURE_SQUARES} squares (1000x1000: a picture of about 90 MB, held whole before it is written), not {board} ({squares} squares): leave --svg out, or draw a smaller board"
        )));
    }
    Ok(())
}

/// The most squares `--svg` draws: about 90 bytes of picture a square (the square, a point of
/// the path), held whole before the file is written.
pub const MAX_PICTURE_SQUARES: usize = 1_000_000;

/// The divide-and-conquer construction written square by square as it is walked (Wirth's
/// table from the move numbers filled in by the walk); stopped by Ctrl-C or the time limit,
/// whatever it has written then left unfinished and said so by the exit code.
fn stream_construction(
    args: &Args,
    board: Board,
    from: Square,
    format: TourFormat,
) -> Result<Exit> {
    let job = Job::start(format!("building a tour of {board}"), args.time_limit);
    let c = divide::Construction::new(board, from, args.closed).map_err(find_error)?;
    let mut out = Out::stdout();
    let closed = args.closed || board.square_count().is_multiple_of(2) && board.square_count() > 2;
    let walk = watched(c.walk(), job.control());
    match format {
        TourFormat::Json => tour::write::json(&mut out, board, walk, closed)?,
        TourFormat::Moves => tour::write::moves(&mut out, board, walk)?,
        TourFormat::Grid => {
            let numbers = tour::write::numbers(board, walk)
                .map_err(|e| Failure::Internal(format!("the tour built is wrong: {e}")));
            if job.control().is_cancelled() {
                return Err(job.failure());
            }
            tour::write::grid_numbers(&mut out, board, &numbers?)?
        }
    }
    if job.control().is_cancelled() {
        return Err(job.failure());
    }
    out.flush()?;
    if args.stats {
        eprintln!("method: divide; seconds: {:.3}", job.seconds());
    }
    Ok(Exit::Success)
}

/// The squares of `walk` until `control` is cancelled (asked every 65,536 squares).
fn watched<'a>(
    walk: impl Iterator<Item = Square> + 'a,
    control: &'a queens::Control,
) -> impl Iterator<Item = Square> + 'a {
    walk.enumerate()
        .take_while(move |(k, _)| k % 65_536 != 0 || !control.is_cancelled())
        .map(|(_, s)| s)
}

/// The work line of `--stats`.
fn work_line(found: &tour::Found) -> String {
    work_text(found.method, found.work)
}

/// The work of a method in words: the searches count theirs, the constructions none.
pub(crate) fn work_text(method: Method, w: tour::Work) -> String {
    match method {
        m @ (Method::Wirth | Method::Warnsdorff) => format!(
            "method: {}; squares placed: {}; moves tried: {}; steps back: {}",
            m.name(),
            w.placed,
            w.tried,
            w.backtracks
        ),
        m => format!("method: {}", m.name()),
    }
}

/// Library errors to failures: no tour is a legitimate no, an unusable method bad input.
pub(crate) fn find_error(e: FindError) -> Failure {
    match e {
        FindError::NoTour(no) => Failure::No(no.to_string()),
        FindError::Exhausted { .. } => Failure::No(e.to_string()),
        FindError::Stopped(inner) => Failure::from(inner),
        FindError::Unsupported { board } => bad(format!(
            "--algorithm divide needs both sides at least 5, not {board}: use warnsdorff, or narrow on 3 or 4 rows"
        )),
        FindError::NotNarrow { board } => bad(format!(
            "--algorithm narrow needs a board with 3 or 4 rows or columns, not {board}: use divide"
        )),
        FindError::TooLarge { .. } | FindError::NotTraced { .. } => bad(e.to_string()),
        FindError::Invalid(inner) => {
            Failure::Internal(format!("the tour built is wrong: {inner}"))
        }
    }
}

fn picture(t: &Tour) -> String {
    let b = t.board();
    let mut p = svg::Picture::new(b.cols, b.rows);
    let squares: Vec<Square> = t.squares().collect();
    p.path(&squares, t.is_closed());
    if b.square_count() <= 40 * 40 {
        for (k, &s) in squares.iter().enumerate() {
            p.label(s, &(k + 1).to_string());
        }
    }
    p.render()
}

/// The counting algorithm for `board`: the one asked for, if it takes the board, else the
/// faster of the two that take it.
fn counter(args: &Args, board: Board) -> Result<Algorithm> {
    let frontier_takes = Counter::Frontier.takes(board);
    let enumeration_takes = Counter::Enumerate.takes(board);
    let wide = format!(
        "the frontier programme counts boards with a side of at most {}",
        frontier::MAX_ROWS
    );
    let small = format!(
        "the enumeration boards of at most {} squares",
        count::MAX_ENUMERATED_SQUARES
    );
    match args.algorithm {
        Some(Algorithm::Frontier) if !frontier_takes => Err(bad(format!(
            "cannot count tours on the {board} board by --algorithm frontier: {wide}{}",
            if enumeration_takes {
                format!("; {small} (--algorithm enumerate)")
            } else {
                String::new()
            }
        ))),
        Some(Algorithm::Enumerate) if !enumeration_takes => Err(bad(format!(
            "cannot count tours on the {board} board by --algorithm enumerate: {small}{}",
            if frontier_takes {
                format!("; {wide} (--algorithm frontier)")
            } else {
                String::new()
            }
        ))),
        Some(a @ (Algorithm::Frontier | Algorithm::Enumerate)) => Ok(a),
        _ => match Counter::for_board(board) {
            Some(Counter::Enumerate) => Ok(Algorithm::Enumerate),
            Some(Counter::Frontier) => Ok(Algorithm::Frontier),
            None => Err(bad(format!(
                "cannot count tours on the {board} board: {wide}, {small}"
            ))),
        },
    }
}

/// Refuses, before it starts, a frontier count whose typical peak of states would not fit
/// the memory budget.
fn check_memory(board: Board, kind: frontier::Kind, budget: Option<u64>) -> Result<()> {
    let Some(budget) = budget else { return Ok(()) };
    let states = frontier::typical_peak_states(board, kind);
    let want = frontier::typical_peak_bytes(board, kind);
    if want > budget {
        return Err(bad(format!(
            "counting tours on {board} by the frontier programme takes about {} states at its peak, about {} of memory, beyond the budget of {}: give --memory {}G or more",
            states,
            crate::cmd::count_estimate::bytes(want),
            crate::cmd::count_estimate::bytes(budget),
            want.div_ceil(1 << 30)
        )));
    }
    Ok(())
}

/// Why a frontier count stopped: the library's reason, or the checkpoint's file.
enum Fail {
    Lib(frontier::FrontierError),
    Cli(Failure),
}

/// One frontier count, saved to and resumed from `--checkpoint` when it is given.
fn frontier_count(
    args: &Args,
    board: Board,
    kind: frontier::Kind,
    budget: Option<u64>,
    control: &queens::Control,
    progress: &mut dyn FnMut(frontier::Step),
) -> std::result::Result<BigUint, Fail> {
    let Some(path) = &args.checkpoint else {
        return frontier::count(board, kind, budget, control, progress)
            .map(|o| o.count)
            .map_err(Fail::Lib);
    };
    let every = Duration::from_secs_f64(args.checkpoint_every.unwrap_or(600.0));
    let (mut saver, mut resume) = tour_save::open(path, every).map_err(Fail::Cli)?;
    let mut save = |snap: &dyn frontier::Snapshot| saver.save(snap);
    let saving = frontier::Saving {
        save: &mut save,
        resume: resume.as_mut().map(|r| r as &mut dyn std::io::Read),
    };
    match frontier::count_saving(board, kind, budget, control, progress, saving) {
        Ok(o) => Ok(o.count),
        Err(frontier::FrontierError::Checkpoint(why)) => {
            Err(Fail::Cli(tour_save::refused(path, &why)))
        }
        Err(frontier::FrontierError::Save(why)) => Err(Fail::Cli(tour_save::unwritten(&why))),
        Err(e) => Err(Fail::Lib(e)),
    }
}

fn count_tours(args: &Args, board: Board, from: Option<Square>) -> Result<Exit> {
    refuse_with_count(args)?;
    let algorithm = counter(args, board)?;
    check_checkpoint(args, algorithm, from)?;
    if algorithm == Algorithm::Frontier {
        let budget = args.memory.or_else(crate::cmd::count_plan::default_memory);
        let kind = match (args.closed, from) {
            (true, _) => frontier::Kind::Closed,
            (false, Some(s)) => frontier::Kind::From(s),
            (false, None) => frontier::Kind::Open,
        };
        check_memory(board, kind, budget)?;
        forecast(args, board, from)?;
    } else {
        if let Some(m) = args.memory {
            return Err(bad(format!(
                "--memory {} bounds the states of the frontier programme, and this count is by enumeration, which holds none (it runs in a few megabytes): leave --memory out, or give --algorithm frontier",
                crate::cmd::count_estimate::bytes(m)
            )));
        }
        warn_if_hopeless(board, args.closed);
    }
    let budget = args.memory.or_else(crate::cmd::count_plan::default_memory);
    let job = Job::start(format!("counting tours on {board}"), args.time_limit);
    job.units(if algorithm == Algorithm::Frontier {
        "cells"
    } else {
        "parts"
    });
    let control = job.control();
    let mut progress = |st: frontier::Step| {
        job.relabel(format!(
            "counting tours on {board} ({} states, {})",
            st.states,
            crate::cmd::count_estimate::bytes(st.bytes)
        ))
    };
    let frontier_failure = |e: frontier::FrontierError| match e {
        e @ frontier::FrontierError::OverBudget { .. } => {
            Failure::No(format!("{e}: give a larger --memory"))
        }
        other => Failure::No(other.to_string()),
    };
    let frontier_stop = |e: Fail| match e {
        Fail::Cli(f) => f,
        Fail::Lib(frontier::FrontierError::Stopped(inner)) => {
            job.check::<()>(Err(inner)).unwrap_err()
        }
        Fail::Lib(e) => frontier_failure(e),
    };
    let stop = |e: queens::Error| job.check::<()>(Err(e)).unwrap_err();
    let mut out = Out::stdout();
    let json = format(args) == TourFormat::Json;
    if args.closed {
        let undirected = if tour::existence(board, Square::new(0, 0), true).is_err() {
            BigUint::ZERO
        } else if algorithm == Algorithm::Frontier {
            frontier_count(
                args,
                board,
                frontier::Kind::Closed,
                budget,
                control,
                &mut progress,
            )
            .map_err(frontier_stop)?
        } else {
            BigUint::from(count::closed(board, control).map_err(stop)?)
        };
        let directed = &undirected * 2u32;
        if json {
            out.json_line(&ClosedTours {
                rows: board.rows,
                cols: board.cols,
                closed_tours: BigCount(undirected),
                closed_tours_directed: BigCount(directed),
            })?;
        } else {
            writeln!(out, "closed tours on {board}: {undirected} (each in 2 directions: {directed} directed, from any square)")?;
        }
    } else if let Some(s) = from {
        let n = if tour::existence(board, s, false).is_err() {
            BigUint::ZERO
        } else if algorithm == Algorithm::Frontier {
            frontier_count(
                args,
                board,
                frontier::Kind::From(s),
                budget,
                control,
                &mut progress,
            )
            .map_err(frontier_stop)?
        } else {
            BigUint::from(count::open_from(board, s, control).map_err(stop)?)
        };
        if json {
            out.json_line(&ToursFrom {
                rows: board.rows,
                cols: board.cols,
                from: s.to_string(),
                tours: BigCount(n),
            })?;
        } else {
            writeln!(out, "tours from {s} on {board}: {n}")?;
        }
    } else {
        let counts: Vec<BigUint> = if algorithm == Algorithm::Frontier {
            frontier::open_from_every(board, budget, control, &mut progress)
                .map_err(|e| frontier_stop(Fail::Lib(e)))?
        } else {
            count::open_from_every(board, control)
                .map_err(stop)?
                .into_iter()
                .map(BigUint::from)
                .collect()
        };
        let total: BigUint = counts.iter().sum();
        if json {
            let rows: Vec<Vec<BigCount>> = (0..board.rows)
                .rev()
                .map(|r| {
                    let row = &counts[r * board.cols..(r + 1) * board.cols];
                    row.iter().cloned().map(BigCount).collect()
                })
                .collect();
            out.json_line(&ToursEvery {
                rows: board.rows,
                cols: board.cols,
                counts: rows,
                total: BigCount(total),
            })?;
        } else {
            let width = counts
                .iter()
                .map(|c| c.to_string().len())
                .max()
                .unwrap_or(1);
            for r in (0..board.rows).rev() {
                let line: Vec<String> = (0..board.cols)
                    .map(|c| format!("{:>width$}", counts[r * board.cols + c]))
                    .collect();
                writeln!(out, "{}", line.join(" "))?;
            }
            writeln!(out, "total: {total} directed open tours on {board}")?;
        }
    }
    if args.stats {
        let name = if algorithm == Algorithm::Frontier {
            "frontier"
        } else {
            "enumerate"
        };
        eprintln!("algorithm: {name}; seconds: {:.3}", job.seconds());
    }
    out.flush()?;
    Ok(Exit::Success)
}

/// What has no effect on a count is refused, with the reason.
/// `--checkpoint` saves one frontier count: refused with the enumeration and with the open
/// tours from every square (one count per square).
fn check_checkpoint(args: &Args, algorithm: Algorithm, from: Option<Square>) -> Result<()> {
    let Some(path) = &args.checkpoint else {
        return Ok(());
    };
    let p = path.display();
    if algorithm != Algorithm::Frontier {
        return Err(bad(format!(
            "--checkpoint '{p}' saves a count of the frontier programme, and this one is counted by enumeration (it takes seconds to minutes): leave --checkpoint out, or give --algorithm frontier"
        )));
    }
    if !args.closed && from.is_none() {
        return Err(bad(format!(
            "--checkpoint '{p}' saves one count: give --closed, or --from SQUARE (the open tours from every square are one count a square)"
        )));
    }
    Ok(())
}

fn refuse_with_count(args: &Args) -> Result<()> {
    if let (true, Some(square)) = (args.closed, &args.from) {
        return Err(bad(format!(
            "--from {square} has no effect on --count --closed: every closed tour passes through every square, so the closed tours from any square are the same (twice the count, one a direction, as printed): leave --from out"
        )));
    }
    if args.svg.is_some() {
        return Err(bad(
            "--svg draws a tour, and --count finds none to draw: leave one out",
        ));
    }
    if let Some(a) = args.algorithm {
        if a.method().is_some_and(|m| m != Method::Auto) {
            return Err(bad(
                "--algorithm with --count takes frontier or enumerate (or auto); the others find one tour",
            ));
        }
    }
    if let Some(f @ (TourFormat::Grid | TourFormat::Moves)) = args.format {
        let name = if f == TourFormat::Grid {
            "grid"
        } else {
            "moves"
        };
        return Err(bad(format!(
            "--format {name} writes a tour, not a count: a count is text, or json"
        )));
    }
    Ok(())
}

/// Says before a long frontier count what it will take, by the rough model of the library
/// ([`frontier::typical_cpu_seconds`]: its typical peak of states, 0.2 microseconds a state and
/// cell), and refuses one of more than a day on the threads without `--yes`. Counts answered
/// at once (no tour exists) are not forecast.
fn forecast(args: &Args, board: Board, from: Option<Square>) -> Result<()> {
    let corner = Square::new(0, 0);
    let (kind, counts, what) = match (args.closed, from) {
        (true, _) => (frontier::Kind::Closed, 1, "the closed tours".to_string()),
        (false, Some(s)) => (frontier::Kind::From(s), 1, format!("the tours from {s}")),
        (false, None) => (
            frontier::Kind::From(corner),
            frontier::counts_from_every(board),
            "the tours from every square".to_string(),
        ),
    };
    let none = match kind {
        frontier::Kind::From(s) if from.is_some() => tour::existence(board, s, false).is_err(),
        _ => args.closed && tour::existence(board, corner, true).is_err(),
    };
    if none {
        return Ok(());
    }
    let cpu = counts as f64 * frontier::typical_cpu_seconds(board, kind);
    let threads = rayon::current_num_threads().max(1);
    let wall = cpu / threads as f64;
    let what = format!("counting {what} of {board}");
    let model = format!(
        "by a rough model (about {} states at the peak{}, 0.2 microseconds a state and cell; it ran 2 to 3.5 times high on the closed tours of 7x8 and 8x8)",
        frontier::typical_peak_states(board, kind),
        if counts > 1 {
            format!(", in each of {counts} counts")
        } else {
            String::new()
        }
    );
    if wall > queens::count::session::DAY && !args.yes {
        return Err(bad(format!(
            "{what} would take about {} on {threads} threads ({} of CPU time) {model}: give --yes to start it anyway{}",
            crate::job::duration(wall),
            crate::job::duration(cpu),
            if counts == 1 {
                ", better with --checkpoint FILE so that it can be stopped and resumed"
            } else {
                ""
            }
        )));
    }
    if cpu >= queens::count::session::LONG_CPU {
        eprintln!(
            "queens: warning: {what} takes about {} of CPU time ({} on {threads} threads) {model}; Ctrl-C stops it",
            crate::job::duration(cpu),
            crate::job::duration(wall)
        );
    }
    Ok(())
}

/// Open tours grow so fast that a count beyond 6x6 will not end: say so before it starts.
/// Wirth's backtracking tries the moves in a fixed order, and its search grows exponentially:
/// 7x7 takes seconds, 8x8 more than anyone waits. Said before it starts.
fn warn_if_exponential(board: Board, closed: bool, limit: Option<f64>) {
    let squares = board.square_count();
    if squares > 49 || closed && squares > 36 {
        let bound = match limit {
            Some(_) => "--time-limit bounds it",
            None => "--time-limit bounds it, Ctrl-C stops",
        };
        eprintln!(
            "queens: warning: Wirth's backtracking is exponential, and on the {board} board it may not end in reasonable time (7x7 takes seconds, 8x8 far longer); --algorithm warnsdorff or divide finds a tour at once; {bound}"
        );
    }
}

fn warn_if_hopeless(board: Board, closed: bool) {
    if board.square_count() > 36 && board.rows.min(board.cols) > 4 {
        let what = if closed { "closed" } else { "open" };
        eprintln!(
            "queens: warning: counting the {what} tours of {board} enumerates them one by one, and boards past 6x6 have billions or more (7x7: 165,575,218,320 open tours; 8x8: 19,591,828,170,979,904, OEIS A165134): this will not end in reasonable time (Ctrl-C stops)"
        );
    }
}

fn check(args: &Args) -> Result<Exit> {
    let text = tour_text(&args.words)?;
    let json = args.json || args.format == Some(TourFormat::Json);
    if let Some(f @ (TourFormat::Grid | TourFormat::Moves)) = args.format {
        return Err(bad(format!(
            "--format {} writes a tour; a check writes a verdict: text, or json",
            if f == TourFormat::Grid {
                "grid"
            } else {
                "moves"
            }
        )));
    }
    let verdict = match args.board {
        Some(board) => check_path(&text, board, args.closed)?,
        None => check_tour(&text, args.closed)?,
    };
    let mut out = Out::stdout();
    let valid = verdict.is_ok();
    if json {
        out.json_line(&TourVerdict {
            valid,
            reason: verdict.as_ref().err().cloned(),
        })?;
    } else {
        match &verdict {
            Ok(line) => writeln!(out, "valid: {line}")?,
            Err(why) => writeln!(out, "invalid: {why}")?,
        }
    }
    out.flush()?;
    Ok(Exit::yes_or_no(valid))
}

/// The text of the tour to check: the words, a file named by the one word, or standard input
/// (no words, or `-`), at most 1 GiB.
fn tour_text(words: &[String]) -> Result<String> {
    match words {
        [] => read_text(std::path::Path::new("-"), MAX_PLACEMENT_LINE),
        // One word that names a file, or that cannot be part of a tour (no digit: `nofile`).
        [one]
            if std::path::Path::new(one).exists()
                || !one.bytes().any(|b| b.is_ascii_digit()) && !one.contains('{') =>
        {
            read_text(std::path::Path::new(one), MAX_PLACEMENT_LINE)
        }
        words => Ok(words.join(" ")),
    }
}

/// A whole tour: the verdict line, or why it is not one.
fn check_tour(text: &str, closed: bool) -> Result<std::result::Result<String, String>> {
    Ok(match Tour::parse(text) {
        Ok(t) if closed && !t.is_closed() => Err(t.check_closed().unwrap_err().to_string()),
        Ok(t) => Ok(format!(
            "a{} knight's tour of the {} board, from {} to {}",
            if t.is_closed() { " closed" } else { "n open" },
            t.board(),
            t.start(),
            t.end()
        )),
        Err(tour::ParseTourError::Invalid(e)) => Err(e.to_string()),
        Err(e) => return Err(bad(e.to_string())),
    })
}

/// A path on a given board, possibly partial.
fn check_path(
    text: &str,
    board: Board,
    closed: bool,
) -> Result<std::result::Result<String, String>> {
    let squares = Tour::parse_squares(text).map_err(|e| bad(e.to_string()))?;
    if let Err(e) = Tour::check_path(board, &squares) {
        return Ok(Err(e.to_string()));
    }
    let (first, last) = match (squares.first(), squares.last()) {
        (Some(&f), Some(&l)) => (f, l),
        _ => return Err(bad("empty path: give squares like 'a1 b3 c5'")),
    };
    if closed && (squares.len() != board.square_count() || !tour::knight_move(last, first)) {
        return Ok(Err(format!(
            "not a closed tour: {} of {} squares, from {first} to {last}",
            squares.len(),
            board.square_count()
        )));
    }
    let whole = squares.len() == board.square_count();
    Ok(Ok(format!(
        "{} of {} on the {board} board, from {first} to {last}",
        if whole {
            "a knight's tour"
        } else {
            "a partial knight's path"
        },
        crate::output::plural(squares.len() as u64, "square", "squares"),
    )))
}
