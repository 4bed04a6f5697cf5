//! `queens merge FILES...`: the result files of the K shares of one count
//! (`queens count N --shard I/K --out FILE`) added up and printed as `queens count N` prints
//! them. The files are checked one by one (a damaged file, another format version), then
//! together by the library's [`queens::count::plan::merge`] (one plan, every share once, every
//! part once); a refusal names the files.

use super::counts::{record, write_text, Format};
use crate::exit::{bad, Exit, Failure, Result};
use crate::output::Out;
use crate::parts::shard::ShardFile;
use queens::count::plan::{merge, MergeError};
use std::io::Write;
use std::path::PathBuf;

/// Add up the shards of a split count and print the counts, as queens count does
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens count 16 --shard 0/2 --out s0.json
  queens count 16 --shard 1/2 --out s1.json
  queens merge s0.json s1.json
  queens merge shards/*.json --json

The files must be every share 0..K-1 of one count (the same N, engine, list of parts and K),
each once; a missing, repeated, damaged or mismatched file is refused (exit 2), naming it.
'seconds' is the sum of the shards' own seconds.")]
pub struct Args {
    /// The shard result files (written by queens count N --shard I/K --out FILE)
    #[arg(value_name = "FILES", required = true, num_args = 1..)]
    files: Vec<PathBuf>,
    /// Output format
    #[arg(long, short = 'f', value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
}

pub fn run(args: Args) -> Result<Exit> {
    let shards = args
        .files
        .iter()
        .map(|path| ShardFile::read(path))
        .collect::<Result<Vec<_>>>()?;
    let summaries: Vec<_> = shards.iter().map(ShardFile::summary).collect();
    let counts = merge(&summaries).map_err(|e| refusal(&e, &args.files))?;
    let seconds: f64 = shards.iter().map(|s| s.seconds).sum();
    let mut out = Out::stdout();
    if args.json || args.format == Format::Json {
        out.json_line(&record(&counts, seconds, None))?;
    } else {
        write_text(&mut out, &counts, seconds, true, "")?;
    }
    out.flush()?;
    Ok(Exit::Success)
}

/// The library's refusal with the files named.
fn refusal(e: &MergeError, files: &[PathBuf]) -> Failure {
    let name = |j: &usize| format!("'{}'", files[*j].display());
    bad(match e {
        MergeError::Mismatch {
            what,
            first,
            other,
            a,
            b,
        } => format!(
            "{} and {} are not shards of one count: their {what} differ ({a} and {b})",
            name(first),
            name(other)
        ),
        MergeError::BadIndex {
            shard,
            index,
            shares,
        } => format!(
            "{} says it is share {index} of {shares}, which does not exist: refused",
            name(shard)
        ),
        MergeError::Duplicate {
            index,
            first,
            second,
        } => format!(
            "share {index} is given twice, in {} and {}: give each share once",
            name(first),
            name(second)
        ),
        MergeError::Missing { .. } => format!("{e}: give the result file of every share"),
        MergeError::OutOfRange { shard, .. } | MergeError::Overlap { second: shard, .. } => {
            format!("{} does not fit the others: {e}", name(shard))
        }
        other => other.to_string(),
    })
}
