//! `queens merge FILES...`: the result files of the K shares of one count
//! (`queens count N --shard I/K --out FILE`) added up and printed as `queens count N` prints
//! them. The files are checked one by one (a damaged file, another format version), then
//! together by the library's [`queens::count::plan::merge`] (one plan, every share once, every
//! part once); then a random sample of the parts of each shard is counted again
//! (`--recount`, the library's spot check), and a shard whose recount differs is refused. A
//! refusal names the files.

use super::counts::{record, write_text};
use super::recount;
use crate::exit::{bad, Exit, Failure, Result};
use crate::job::Job;
use crate::output::format::Report;
use crate::output::Out;
use crate::parts::shard::ShardFile;
use queens::count::plan::{merge, MergeError, Plan, SampleSize, ShardSummary};
use std::io::Write;
use std::path::PathBuf;

/// Add up the shards of a split count and print the counts, as queens count does
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens count 16 --shard 0/2 --out s0.json
  queens count 16 --shard 1/2 --out s1.json
  queens merge s0.json s1.json
  queens merge shards/*.json --json
  queens merge shards/*.json --recount 5%     # recount 5% of each shard's parts
  queens merge shards/*.json --recount 0      # add up without recounting

The files must be every share 0..K-1 of one count (the same N, engine, list of parts and K),
each once; a missing, repeated, damaged or mismatched file is refused (exit 2), naming it.
'seconds' is the sum of the shards' own seconds.

A file's check value (CRC-32) tells damage, not an edit: whoever changes a count can compute
it anew. So merge counts again a random sample of the parts of every shard (--recount: 1% of
them by default, at least one part of each) and refuses a shard with a part whose recount
differs (exit 2, naming the file and the part). Of a shard's m parts, s are drawn: a shard
with k forged parts passes with probability at most (1 - s/m)^k, said on stderr for each
shard with the seed of the draw. The recount takes about s/m of the CPU time of the count.
Shards of format version 2 hold no count of each part and are not recounted.")]
pub struct Args {
    /// The shard result files (written by queens count N --shard I/K --out FILE); - reads
    /// one from standard input
    #[arg(value_name = "FILES", required = true, num_args = 1..)]
    files: Vec<PathBuf>,
    /// Output format
    #[arg(long, short = 'f', default_value = "text", value_parser = Report::parser(
        "Labelled lines for one N, a table for a range",
        "One JSON object per N",
    ))]
    format: Report,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// Recount a random sample of each shard's parts and refuse a shard whose recount
    /// differs: S parts of each shard, or P% of them (rounded up, at least one part); 0
    /// recounts nothing
    #[arg(long, value_name = "S|P%", default_value = "1%", value_parser = recount::size)]
    recount: SampleSize,
    /// The seed of the sample of --recount (default: a fresh one, said on stderr)
    #[arg(long, value_name = "S", value_parser = crate::input::seed)]
    seed: Option<u64>,
    /// Worker threads of --recount (default: all cores)
    #[arg(long, short = 't', value_name = "T", value_parser = super::count::parse_threads)]
    threads: Option<usize>,
}

pub fn run(args: Args) -> Result<Exit> {
    let none = recount::is_none(args.recount);
    if none && (args.seed.is_some() || args.threads.is_some()) {
        let option = if args.seed.is_some() {
            "--seed"
        } else {
            "--threads"
        };
        return Err(bad(format!(
            "{option} goes with the recount of a sample of the parts, and --recount 0 recounts none: give --recount S or P%, or leave {option} out"
        )));
    }
    let shards = args
        .files
        .iter()
        .map(|path| ShardFile::read(path))
        .collect::<Result<Vec<_>>>()?;
    let summaries: Vec<_> = shards.iter().map(ShardFile::summary).collect();
    let counts = merge(&summaries).map_err(|e| refusal(&e, &args.files))?;
    if !none {
        spot_check(&args, &shards, &summaries[0])?;
    }
    let seconds: f64 = shards.iter().map(|s| s.seconds).sum();
    let mut out = Out::stdout();
    if args.format.is_json(args.json) {
        out.json_line(&record(&counts, seconds, None))?;
    } else {
        write_text(&mut out, &counts, seconds, true, "")?;
    }
    out.flush()?;
    Ok(Exit::Success)
}

/// Recounts a sample of the parts of every shard (of format version 3), in the order of the
/// shares; refuses the first shard with a part whose recount differs.
fn spot_check(args: &Args, shards: &[ShardFile], first: &ShardSummary) -> Result<()> {
    let mut order: Vec<usize> = (0..shards.len()).collect();
    order.sort_by_key(|&j| shards[j].share().index);
    let name = |j: usize| {
        let share = shards[j].share();
        let file = args.files[j].display();
        format!("share {}/{} ('{file}')", share.index, share.count)
    };
    let mut claimed = Vec::new();
    for &j in &order {
        match shards[j].counted() {
            Some(parts) => claimed.push((j, parts)),
            None => eprintln!(
                "queens: note: {} is of shard format version {}, which holds only the sum of its parts: none of them can be recounted",
                name(j),
                shards[j].version()
            ),
        }
    }
    if claimed.is_empty() {
        return Ok(());
    }
    let pool = super::count::pool(args.threads)?;
    let job = Job::start(format!("listing the parts of N = {}", first.n), None);
    let plan = pool.install(|| plan_of(first))?;
    if job.control().is_cancelled() {
        return Err(job.failure());
    }
    let seed = args.seed.unwrap_or_else(rand::random); // said in every line of the recount
    let claims: Vec<&[(usize, u128)]> = claimed.iter().map(|(_, p)| p.as_slice()).collect();
    let label = format!(
        "recounting a sample of the parts of {} shards",
        claims.len()
    );
    let checks = recount::run(&plan, &claims, (args.recount, seed), (&job, label), &pool)?;
    drop(job);
    for ((j, _), check) in claimed.iter().zip(&checks) {
        if let Some(w) = &check.wrong {
            return Err(bad(format!(
                "{} is refused: it {} ({} of its {} parts recounted, seed {seed})",
                name(*j),
                recount::wrong(w, "claims"),
                check.recounted.len(),
                check.claimed
            )));
        }
    }
    for ((j, _), check) in claimed.iter().zip(&checks) {
        let line = recount::passed(check, &name(*j), "shard", "as claimed", seed);
        eprintln!("queens: {line}");
    }
    Ok(())
}

/// The plan the shards were counted from, listed anew here: refused if this build lists
/// other parts (another fingerprint), whose counts it could not compare.
fn plan_of(shard: &ShardSummary) -> Result<Plan> {
    let plan = super::count_plan::plan(shard.n, shard.engine, super::count_plan::default_memory())?;
    if plan.fingerprint() != shard.fingerprint {
        return Err(bad(format!(
            "the shards list the parts of N = {} by fingerprint {}, this queens by {}: it cannot recount them; merge with --recount 0, or with the queens that counted them",
            shard.n,
            shard.fingerprint,
            plan.fingerprint()
        )));
    }
    Ok(plan)
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
