//! `queens solve N`: one solution for any N.
//!
//! Each method lives in its own file; this module parses the arguments and dispatches.

use crate::cmd::list::Format;
use std::process::ExitCode;

/// How to find the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// The explicit construction by N mod 12 (seed 001): no search, any N
    Explicit,
    /// Local search by min-conflicts (Minton et al. 1992), seeded
    MinConflicts,
    /// The first solution of plain backtracking, with its search statistics
    Backtrack,
    /// A uniformly random solution, by counting sub-trees (small N)
    Random,
}

/// Find one solution for an N x N board.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  queens solve 8 --method backtrack --stats\n  queens solve 1000000 > big.txt"
)]
pub struct Args {
    /// Board size N
    #[arg(value_name = "N")]
    pub n: String,
    /// Method
    #[arg(long, short = 'm', value_enum, default_value_t = Method::Backtrack)]
    pub method: Method,
    /// Random seed (min-conflicts, random)
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Output format
    #[arg(long, short = 'f', value_enum, default_value_t = Format::Perm)]
    pub format: Format,
    /// Print the work the search took (on stderr, or in the JSON)
    #[arg(long)]
    pub stats: bool,
    /// Give up after this many seconds (searching methods)
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.method {
        Method::Backtrack => crate::cmd::solve_backtrack::run(&args),
        other => Err(crate::out::bad(format!(
            "method '{}' is not available yet: use --method backtrack",
            clap::ValueEnum::to_possible_value(&other)
                .map(|v| v.get_name().to_string())
                .unwrap_or_default()
        ))),
    }
}
