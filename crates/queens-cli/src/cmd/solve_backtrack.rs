//! `queens solve N --method backtrack [--stats] [--time-limit S]`: the first solution plain
//! backtracking finds (the lexicographically smallest), and the work it took.
//!
//! The search is Wirth's program 3.4 (`queens::classic::wirth` stopped at its first
//! solution). Seed 004 wonders why the first solution for N = 6 takes far longer than for
//! N = 7: with `--stats` the work is broken down by the row of the first queen, which shows
//! that for N = 6 the whole subtree with the first queen on a1 is searched in vain before the
//! queen moves to a2, while for N = 7 the first solution lies in the very first branch.

use crate::exit::{bad, Exit, Failure, Result};
use crate::job::Job;
use crate::output::format::Placements;
use crate::output::placement::{self, Notes};
use crate::output::Out;
use queens::classic::{self, Algorithm, End, Event, Options, Stats};
use queens::record::{self, BacktrackStats, FirstSolution, RunStats};
use queens::{DiagramStyle, Placement, Square};
use std::io::Write;
use std::ops::ControlFlow;

/// The largest N accepted (the search is recursive, one level per column).
const MAX_N: usize = 1000;

/// What `queens solve --algorithm backtrack` asks.
pub struct Request<'a> {
    pub n: &'a str,
    pub format: Placements,
    pub style: DiagramStyle,
    pub stats: bool,
    pub time_limit: Option<f64>,
}

/// The work done while the first queen stood on one square.
#[derive(Clone, Copy, Debug)]
struct Branch {
    square: Square,
    nodes: u64,
    tests: u64,
    solved: bool,
}

pub fn run(req: Request) -> Result<Exit> {
    let n = crate::input::size(req.n, 1, MAX_N).map_err(bad)?;
    if n > crate::cmd::list::SLOW_FIRST_SOLUTION && req.time_limit.is_none() {
        eprintln!(
            "queens: warning: beyond N = {} plain backtracking can take hours or more to find its first solution; give --time-limit to give up cleanly (Ctrl-C stops)",
            crate::cmd::list::SLOW_FIRST_SOLUTION
        );
    }
    let job = Job::start(format!("searching N = {n}"), req.time_limit);
    let mut first: Option<Placement> = None;
    let mut branches: Vec<Branch> = Vec::new();
    let options = Options {
        trace: req.stats,
        half: false,
    };
    let stats = classic::run_partial(Algorithm::Wirth, n, options, job.control(), |e| {
        follow(e, &mut branches, &mut first)
    })?;
    let seconds = job.seconds();
    let timed_out = job.timed_out();
    if stats.end == End::Cancelled && !timed_out {
        return Err(job.failure());
    }
    drop(job);
    let Some(p) = first else {
        if req.stats {
            print_stats(n, &stats, seconds, &branches);
        }
        return Err(match timed_out {
            true => Failure::No(format!(
                "no solution found within the time limit of {} s (N = {n}): the search was stopped",
                req.time_limit.unwrap_or_default()
            )),
            false => Failure::No(format!("no solution exists for N = {n}")),
        });
    };
    let mut out = Out::stdout();
    if req.stats && req.format == Placements::Json {
        out.json_line(&FirstSolution {
            n,
            rows: p.rows_1based(),
            stats: stats_record(&stats, seconds, &branches),
        })?;
    } else {
        let notes = Notes {
            number: 1,
            ..Notes::default()
        };
        placement::write(&mut out, &p, req.format, req.style, notes)?;
    }
    out.flush()?;
    if req.stats && req.format != Placements::Json {
        print_stats(n, &stats, seconds, &branches);
    }
    Ok(Exit::Success)
}

/// Follows the search: the work per square of the first queen, and the first solution.
fn follow(e: &Event, branches: &mut Vec<Branch>, first: &mut Option<Placement>) -> ControlFlow<()> {
    match e {
        // Every test of Wirth's program either places a queen or rejects a square.
        Event::Place(s) if s.col == 0 => branches.push(Branch {
            square: *s,
            nodes: 1,
            tests: 1,
            solved: false,
        }),
        Event::Place(_) => {
            if let Some(b) = branches.last_mut() {
                b.nodes += 1;
                b.tests += 1;
            }
        }
        Event::Reject { .. } => {
            if let Some(b) = branches.last_mut() {
                b.tests += 1;
            }
        }
        Event::Solution { placement, .. } => {
            *first = Some((*placement).clone());
            if let Some(b) = branches.last_mut() {
                b.solved = true;
            }
            return ControlFlow::Break(());
        }
        _ => {}
    }
    ControlFlow::Continue(())
}

fn stats_record(stats: &Stats, seconds: f64, branches: &[Branch]) -> BacktrackStats {
    BacktrackStats {
        run: RunStats::new(Algorithm::Wirth, Some(stats), seconds),
        first_queen: branches
            .iter()
            .map(|b| record::Branch {
                square: b.square.to_string(),
                nodes: b.nodes,
                tests: b.tests,
                solution: b.solved,
            })
            .collect(),
    }
}

fn print_stats(n: usize, stats: &Stats, seconds: f64, branches: &[Branch]) {
    eprintln!("backtracking (Wirth's program 3.4), N = {n}:");
    eprintln!(
        "  nodes:       {} (boards visited, the empty one included)",
        stats.nodes
    );
    eprintln!("  tests:       {} (squares tested for safety)", stats.tests);
    eprintln!("  placements:  {}", stats.placements);
    eprintln!("  removals:    {}", stats.removals);
    eprintln!("  seconds:     {seconds:.6}");
    for b in branches {
        let outcome = if b.solved {
            "the solution"
        } else if stats.end == End::Finished || !std::ptr::eq(b, branches.last().unwrap()) {
            "no solution"
        } else {
            "stopped"
        };
        eprintln!(
            "  first queen on {}: {} nodes, {} tests, {outcome}",
            b.square, b.nodes, b.tests
        );
    }
}
