//! `queens trace N [--algorithm NAME] [--limit K] [--json]`: a search step by step.
//!
//! Every step the algorithm takes, numbered: a queen placed, a square rejected (the line it
//! shares with an earlier queen, and that queen), a queen removed, a whole candidate tested
//! (brute, permutations), a solution found. As text, one step per line; as JSON lines, the
//! library's trace record ([`TraceStep`]: the step, its fields and the counters so far), the
//! same record the web page animates.

use crate::cmd::classic as algorithm;
use crate::exit::{bad, Exit, Result};
use crate::job::Job;
use crate::output::format::Report;
use crate::output::Out;
use queens::classic::{self, step::TraceStep, Algorithm, End, Event, Options};
use std::io::Write;
use std::ops::ControlFlow;

/// Show a search step by step: place, reject (and why), remove, solution.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  queens trace 4\n  queens trace 8 --limit 40\n  queens trace 6 --algorithm bitmask --json\n  queens trace 4 --algorithm brute --limit 10"
)]
pub struct Args {
    /// Board size N
    #[arg(value_name = "N", value_parser = |s: &str| crate::input::size(s, 1, 1000))]
    n: usize,
    /// The algorithm to follow: brute, permutations, naive, wirth, iterative, bitmask
    #[arg(long, short = 'a', value_name = "NAME", default_value = "wirth", value_parser = algorithm::parse)]
    algorithm: Algorithm,
    /// Stop after K steps (K from 1)
    #[arg(long, value_name = "K", value_parser = crate::input::limit)]
    limit: Option<u64>,
    /// Output format
    #[arg(long, short = 'f', default_value = "text", value_parser = Report::parser(
        "One numbered line per step",
        "One JSON object per step",
    ))]
    format: Report,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// With --algorithm iterative: the half the program finds, without the mirror images
    #[arg(long)]
    half: bool,
}

pub fn run(args: Args) -> Result<Exit> {
    let json = args.format.is_json(args.json);
    if !args.algorithm.instrumented() {
        return Err(bad(format!(
            "--algorithm {} cannot be traced: choose brute, permutations, naive, wirth, iterative or bitmask",
            args.algorithm
        )));
    }
    algorithm::check_size(args.algorithm, args.n)?;
    algorithm::check_half(args.algorithm, args.half)?;
    let job = Job::start(format!("tracing N = {}", args.n), None);
    let mut out = Out::stdout();
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut step = 0u64;
    let mut failure: Option<std::io::Error> = None;
    let options = Options {
        trace: true,
        half: args.half,
    };
    let control = job.control();
    let result = classic::run_counted(args.algorithm, args.n, options, control, |e, stats| {
        if step >= limit {
            return ControlFlow::Break(());
        }
        step += 1;
        let written = if json {
            out.json_line(&TraceStep::new(step, e, stats))
        } else {
            writeln!(out, "{}", step_text(step, stats.solutions, e)).and_then(|()| out.record())
        };
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(err) => {
                failure = Some(err);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = failure {
        return Err(e.into());
    }
    // As `classic::run`: a cancelled search (Ctrl-C, a time limit) is the job's failure.
    let result = result.and_then(|stats| match stats.end {
        End::Cancelled => Err(queens::Error::Cancelled),
        _ => Ok(stats),
    });
    let stats = job.check(result)?;
    drop(job);
    out.flush()?;
    if stats.end == End::Stopped {
        eprintln!("queens: trace stopped after {step} steps (--limit)");
    }
    Ok(Exit::Success)
}

fn step_text(step: u64, solutions: u64, e: &Event) -> String {
    match e {
        Event::Place(s) => format!("{step:>6}  place     {s}"),
        Event::Remove(s) => format!("{step:>6}  remove    {s}"),
        Event::Reject { square, line, by } => match by {
            Some(q) => format!("{step:>6}  reject    {square}  on the {line} of {q}"),
            None => format!("{step:>6}  reject    {square}  {line}"),
        },
        Event::Candidate {
            placement,
            conflict,
        } => match conflict {
            Some(c) => format!(
                "{step:>6}  candidate {}  reject: {} and {} share a {}",
                placement.perm(),
                c.a,
                c.b,
                c.line
            ),
            None => format!("{step:>6}  candidate {}  safe", placement.perm()),
        },
        Event::Solution {
            placement,
            tests,
            mirrored,
        } => {
            let how = if *mirrored {
                "the mirror image of the one before".to_string()
            } else {
                format!("{tests} tests since the one before")
            };
            format!(
                "{step:>6}  solution  {}  #{solutions}, {how}",
                placement.perm()
            )
        }
    }
}
