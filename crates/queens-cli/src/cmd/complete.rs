//! `queens complete`: finish a partly filled board, or prove that it cannot be finished; count
//! the completions; or write a random instance by the method of Gent, Jefferson and Nightingale.

use crate::{input, out, progress};
use queens::complete::{self, Instance, InstanceFile, Outcome};
use queens::{DiagramStyle, Placement, Square};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Boards up to this size get a diagram in the text output.
const DIAGRAM_MAX: usize = 32;

/// Complete a board with preset queens (exit code 1 if impossible), or write a random instance
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens complete 8 --preset a1,c5
  queens complete 12 --preset 1,1 3,5 --count
  queens complete --input board.json --json
  queens complete --generate 1000 --presets 16 --seed 7 > board.json

Instance file: {\"n\":8,\"queens\":[[1,1],[3,5]]} (squares as [col,row], 1-based), optionally
with \"excluded_sums\" (col+row, 2..2N) and \"excluded_differences\" (col-row, 1-N..N-1): no queen
may stand on those diagonals.")]
pub struct Args {
    /// Board size N
    #[arg(value_name = "N")]
    n: Option<String>,
    /// The preset queens: squares like `a1,c5` or `1,1 3,5`
    #[arg(long, short = 'p', value_name = "SQUARES", num_args = 1.., conflicts_with = "input")]
    preset: Vec<String>,
    /// Read the instance from a JSON file (`-` for standard input)
    #[arg(long, short = 'i', value_name = "FILE", conflicts_with = "n")]
    input: Option<PathBuf>,
    /// Count every completion (with progress; Ctrl-C stops)
    #[arg(long)]
    count: bool,
    /// Print the result as one JSON line
    #[arg(long)]
    json: bool,
    /// Write a random instance on an N x N board instead of solving one
    #[arg(long, value_name = "N", conflicts_with_all = ["n", "input", "preset", "count"])]
    generate: Option<String>,
    /// With --generate: the number of preset queens
    #[arg(long, value_name = "M", requires = "generate")]
    presets: Option<String>,
    /// With --generate: the random seed
    #[arg(long, value_name = "S", requires = "generate", default_value_t = 0)]
    seed: u64,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(n) = &args.generate {
        return generate(n, args.presets.as_deref(), args.seed);
    }
    let instance = match (&args.input, &args.n) {
        (Some(path), _) => read_instance(path)?,
        (None, Some(n)) => {
            let n = input::size(n, 1, complete::MAX_N).map_err(out::bad)?;
            let presets = Square::parse_list(&args.preset.join(" "))
                .map_err(|e| out::bad(format!("{e} (in --preset)")))?;
            Instance::with_presets(n, &presets).map_err(|e| out::bad(e.to_string()))?
        }
        (None, None) => {
            return Err(out::bad(
                "missing board: give N (with --preset SQUARES), --input FILE or --generate N",
            ))
        }
    };
    let control = progress::interruptible();
    let (solution, completions) = if args.count {
        let c = progress::watch(&control, "counting completions", || {
            complete::count(&instance, &control)
        })?;
        (c.first, Some(c.count))
    } else {
        let outcome = progress::watch(&control, "completing", || {
            complete::solve(&instance, &control)
        })?;
        match outcome {
            Outcome::Solved(p) => (Some(p), None),
            Outcome::Impossible => (None, None),
        }
    };
    if let Some(p) = &solution {
        debug_assert!(instance.is_completion(p));
    }
    let mut out = out::stdout();
    if args.json {
        write_json(&mut out, &instance, solution.as_ref(), completions)?;
    } else {
        write_text(&mut out, &instance, solution.as_ref(), completions)?;
    }
    out.flush()?;
    Ok(if solution.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn read_instance(path: &PathBuf) -> anyhow::Result<Instance> {
    let stdin = path.as_os_str() == "-";
    let shown = if stdin {
        "standard input".to_string()
    } else {
        format!("'{}'", path.display())
    };
    let mut text = String::new();
    let read = if stdin {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(path).map(|t| text = t)
    };
    read.map_err(|e| out::bad(format!("cannot read {shown}: {e}")))?;
    let file: InstanceFile = serde_json::from_str(&text).map_err(|e| {
        out::bad(format!(
            "bad instance file {shown}: {e} (expected {{\"n\":N,\"queens\":[[col,row],...]}})"
        ))
    })?;
    Instance::try_from(file).map_err(|e| out::bad(format!("{e} (in {shown})")))
}

fn generate(n: &str, presets: Option<&str>, seed: u64) -> anyhow::Result<ExitCode> {
    let n = input::size(n, 1, complete::MAX_N).map_err(out::bad)?;
    let presets = presets.ok_or_else(|| out::bad("--generate needs --presets M"))?;
    let m = input::size(presets, 0, n).map_err(|_| {
        out::bad(format!(
            "bad --presets '{presets}': expected a number of queens from 0 to {n}"
        ))
    })?;
    let instance = complete::generate::generate(n, m, seed).map_err(|e| out::bad(e.to_string()))?;
    let mut out = out::stdout();
    writeln!(out, "{}", serde_json::to_string(&instance.to_file())?)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn write_json(
    out: &mut impl Write,
    instance: &Instance,
    solution: Option<&Placement>,
    completions: Option<u128>,
) -> anyhow::Result<()> {
    let mut value = serde_json::json!({
        "n": instance.n(),
        "status": if solution.is_some() { "solved" } else { "impossible" },
    });
    if let Some(p) = solution {
        value["rows"] = serde_json::json!(p.rows_1based());
    }
    if let Some(c) = completions {
        // Beyond u64 only in theory; keep the number exact either way.
        value["completions"] = match u64::try_from(c) {
            Ok(c) => serde_json::json!(c),
            Err(_) => serde_json::json!(c.to_string()),
        };
    }
    writeln!(out, "{value}")?;
    Ok(())
}

fn write_text(
    out: &mut impl Write,
    instance: &Instance,
    solution: Option<&Placement>,
    completions: Option<u128>,
) -> anyhow::Result<()> {
    let n = instance.n();
    let kept = instance.presets().len();
    if let Some(c) = completions {
        writeln!(out, "completions: {c}")?;
    }
    match solution {
        Some(p) => {
            writeln!(
                out,
                "solved: N = {n}, {kept} preset queen{} kept, {} placed",
                if kept == 1 { "" } else { "s" },
                n - kept
            )?;
            writeln!(out, "{}", p.perm())?;
            if n <= DIAGRAM_MAX {
                write!(out, "{}", p.diagram(DiagramStyle::Ascii))?;
            }
        }
        None => {
            let presets: Vec<String> = instance.presets().iter().map(|s| s.to_string()).collect();
            let with = if presets.is_empty() {
                "no preset queens".to_string()
            } else if presets.len() <= 12 {
                format!("preset {}", presets.join(" "))
            } else {
                format!("{} preset queens", presets.len())
            };
            writeln!(
                out,
                "impossible: the {n}x{n} board with {with}{} cannot be completed",
                match instance.excluded_count() {
                    0 => String::new(),
                    k => format!(" and {k} excluded diagonals"),
                }
            )?;
        }
    }
    Ok(())
}
