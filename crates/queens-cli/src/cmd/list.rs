//! `queens list N`: every solution, or one per orbit, streamed in lexicographic order.

use crate::out;
use queens::solutions::{self, Solutions};
use queens::{DiagramStyle, Placement};
use std::io::Write;
use std::process::ExitCode;

/// How a placement is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Rows of columns a, b, c, ...: `1 5 8 6 3 7 2 4`
    Perm,
    /// Squares: `a1 b5 c8 d6 e3 f7 g2 h4`
    Algebraic,
    /// A diagram per solution, numbered `Result #n`
    Board,
    /// One JSON object per line: `{"n":8,"rows":[1,5,8,6,3,7,2,4]}`
    Json,
}

/// List every solution in lexicographic order of the rows (or one per orbit).
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  queens list 8\n  queens list 8 --fundamental\n  queens list 6 --format board\n  queens list 16 | head"
)]
pub struct Args {
    /// Board size N (1 to 64)
    #[arg(value_name = "N", value_parser = |s: &str| crate::input::size(s, 1, solutions::MAX_N))]
    n: usize,
    /// One representative per orbit (the smallest), with its orbit size
    #[arg(long)]
    fundamental: bool,
    /// Output format
    #[arg(long, short = 'f', value_enum, default_value_t = Format::Perm)]
    format: Format,
    /// Draw boards with Unicode pieces (with --format board)
    #[arg(long)]
    unicode: bool,
    /// Stop after K solutions
    #[arg(long, value_name = "K")]
    limit: Option<u64>,
    /// The algorithm that finds them, in its own order: brute, permutations, naive, wirth,
    /// iterative, bitmask, fast (the default engine)
    #[arg(long, value_name = "NAME", value_parser = crate::cmd::algorithm::parse)]
    algorithm: Option<queens::classic::Algorithm>,
    /// Show the work: each solution's safety tests since the one before (Wirth's n), and a
    /// summary (stderr, or a last JSON line)
    #[arg(long)]
    stats: bool,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// With --algorithm iterative: only the half the program finds (first queen in the lower
    /// half), as in the seed's listing
    #[arg(long)]
    half: bool,
}

/// Writes one placement in a format; `number` is its 1-based position, `orbit` its orbit size
/// when listing representatives.
pub fn write_placement(
    out: &mut impl Write,
    p: &Placement,
    format: Format,
    style: DiagramStyle,
    number: u64,
    orbit: Option<usize>,
) -> std::io::Result<()> {
    match format {
        Format::Perm | Format::Algebraic => {
            let text = if format == Format::Perm {
                p.perm()
            } else {
                p.algebraic()
            };
            match orbit {
                Some(size) => writeln!(out, "{text}  orbit {size}"),
                None => writeln!(out, "{text}"),
            }
        }
        Format::Board => {
            write!(out, "{}", p.diagram(style))?;
            match orbit {
                Some(size) => writeln!(out, "Result #{number} (orbit of {size})\n"),
                None => writeln!(out, "Result #{number}\n"),
            }
        }
        Format::Json => {
            let rows = p.rows_1based();
            match orbit {
                Some(size) => writeln!(
                    out,
                    "{}",
                    serde_json::json!({"n": p.n(), "rows": rows, "orbit": size})
                ),
                None => writeln!(out, "{}", serde_json::json!({"n": p.n(), "rows": rows})),
            }
        }
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let style = if args.unicode {
        DiagramStyle::Unicode
    } else {
        DiagramStyle::Ascii
    };
    let format = if args.json { Format::Json } else { args.format };
    if args.algorithm.is_some() || args.stats || args.half {
        return crate::cmd::algorithm::list(crate::cmd::algorithm::ListRequest {
            n: args.n,
            algorithm: args.algorithm.unwrap_or(queens::classic::Algorithm::Fast),
            fundamental: args.fundamental,
            format,
            style,
            limit: args.limit,
            stats: args.stats,
            half: args.half,
        });
    }
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut out = out::stdout();
    let mut number = 0;
    if args.fundamental {
        for (p, orbit) in solutions::fundamental(args.n)?.take(limit as usize) {
            number += 1;
            write_placement(&mut out, &p, format, style, number, Some(orbit.size))?;
        }
    } else {
        for p in Solutions::new(args.n)?.take(limit as usize) {
            number += 1;
            write_placement(&mut out, &p, format, style, number, None)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
