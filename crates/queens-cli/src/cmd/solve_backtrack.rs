//! `queens solve N --method backtrack [--stats] [--time-limit S]`: the first solution plain
//! backtracking finds (the lexicographically smallest), and the work it took.
//!
//! The search is Wirth's program 3.4 (`queens::classic::wirth` stopped at its first
//! solution). Seed 004 wonders why the first solution for N = 6 takes far longer than for
//! N = 7: with `--stats` the work is broken down by the row of the first queen, which shows
//! that for N = 6 the whole subtree with the first queen on a1 is searched in vain before the
//! queen moves to a2, while for N = 7 the first solution lies in the very first branch.

use super::solve::Args;
use crate::cmd::algorithm::{self, Deadline};
use crate::cmd::list::{write_placement, Format};
use crate::out;
use crate::progress;
use queens::classic::{self, Algorithm, End, Event, Options, Stats};
use queens::{DiagramStyle, Placement, Square};
use serde_json::json;
use std::io::Write;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

/// The largest N accepted (the search is recursive, one level per column).
const MAX_N: usize = 1000;

/// The work done while the first queen stood on one square.
#[derive(Clone, Copy, Debug)]
struct Branch {
    square: Square,
    nodes: u64,
    tests: u64,
    solved: bool,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let n = crate::input::size(&args.n, 1, MAX_N).map_err(out::bad)?;
    if let Some(limit) = args.time_limit {
        algorithm::check_seconds(limit).map_err(out::bad)?;
    }
    let control = progress::interruptible();
    let deadline = Deadline::start(&control, args.time_limit);
    let mut first: Option<Placement> = None;
    let mut branches: Vec<Branch> = Vec::new();
    let start = Instant::now();
    let options = Options {
        trace: args.stats,
        half: false,
    };
    let label = format!("searching N = {n}");
    let stats = progress::watch(&control, &label, || {
        classic::run_partial(Algorithm::Wirth, n, options, &control, |e| {
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
                    first = Some((*placement).clone());
                    if let Some(b) = branches.last_mut() {
                        b.solved = true;
                    }
                    return ControlFlow::Break(());
                }
                _ => {}
            }
            ControlFlow::Continue(())
        })
    })?;
    let seconds = start.elapsed().as_secs_f64();
    let timed_out = deadline.fired();
    drop(deadline);
    if stats.end == End::Cancelled && !timed_out {
        return Err(queens::Error::Cancelled.into());
    }
    let mut out = out::stdout();
    match first {
        Some(p) => {
            if args.stats && args.format == Format::Json {
                let mut v = json!({"n": n, "rows": p.rows_1based()});
                v["stats"] = stats_json(&stats, seconds, &branches);
                writeln!(out, "{v}")?;
            } else {
                write_placement(&mut out, &p, args.format, DiagramStyle::Ascii, 1, None)?;
            }
            out.flush()?;
            if args.stats && args.format != Format::Json {
                print_stats(n, &stats, seconds, &branches);
            }
            Ok(ExitCode::SUCCESS)
        }
        None if timed_out => {
            let limit = args.time_limit.unwrap_or_default();
            eprintln!(
                "queens: no solution found within the time limit of {limit} s (N = {n}): the search was stopped"
            );
            if args.stats {
                print_stats(n, &stats, seconds, &branches);
            }
            Ok(ExitCode::from(1))
        }
        None => {
            eprintln!("queens: no solution exists for N = {n}");
            if args.stats {
                print_stats(n, &stats, seconds, &branches);
            }
            Ok(ExitCode::from(1))
        }
    }
}

fn stats_json(stats: &Stats, seconds: f64, branches: &[Branch]) -> serde_json::Value {
    let mut v = algorithm::stats_json(Algorithm::Wirth, Some(stats), seconds);
    v["first_queen"] = branches
        .iter()
        .map(|b| {
            json!({"square": b.square.to_string(), "nodes": b.nodes, "tests": b.tests, "solution": b.solved})
        })
        .collect();
    v
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
