//! `queens classify PLACEMENT`: orbit size, the symmetries that fix it, its canonical form.

use crate::{input, out};
use queens::Orbit;
use std::io::Write;
use std::process::ExitCode;

/// Classify a placement under the 8 symmetries of the board.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  queens classify 1 5 8 6 3 7 2 4\n  queens classify 2 4 1 3 --json"
)]
pub struct Args {
    /// The placement: rows or squares, one queen in each row and column
    #[arg(value_name = "PLACEMENT", required = true, num_args = 1..)]
    placement: Vec<String>,
    /// Print the classification as JSON
    #[arg(long)]
    json: bool,
}

fn kind(size: usize) -> &'static str {
    match size {
        8 => "simple: no symmetry fixes it",
        4 => "symmetric: fixed by the half turn",
        2 => "doubly symmetric: fixed by the quarter turn",
        _ => "fixed by every symmetry",
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let p = input::placement(&args.placement)?;
    if !p.is_permutation() {
        return Err(out::bad(format!(
            "'{}' has two queens in one row: classify takes a placement with one queen in each row and column",
            p.perm()
        )));
    }
    let orbit = Orbit::of(&p);
    let solution = p.is_solution();
    let mut out = out::stdout();
    if args.json {
        let fixed: Vec<&str> = orbit.stabilizer.iter().map(|g| g.name()).collect();
        let value = serde_json::json!({
            "n": p.n(),
            "rows": p.rows_1based(),
            "solution": solution,
            "orbit": orbit.size,
            "fixed_by": fixed,
            "canonical": orbit.canonical.rows_1based(),
        });
        writeln!(out, "{value}")?;
    } else {
        let fixed: Vec<String> = orbit.stabilizer.iter().map(|g| g.to_string()).collect();
        writeln!(out, "placement:   {}", p.perm())?;
        writeln!(out, "solution:    {}", if solution { "yes" } else { "no" })?;
        writeln!(out, "orbit size:  {} ({})", orbit.size, kind(orbit.size))?;
        writeln!(out, "fixed by:    {}", fixed.join(", "))?;
        let this = if orbit.canonical == p {
            " (this one)".to_string()
        } else {
            format!(" (by {})", orbit.to_canonical)
        };
        writeln!(out, "canonical:   {}{this}", orbit.canonical.perm())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
