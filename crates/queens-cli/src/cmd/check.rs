//! `queens check PLACEMENT`: is it a solution, and if not, which two queens attack.

use crate::{input, out};
use std::io::Write;
use std::process::ExitCode;

/// Check whether a placement is a solution; exit code 1 if it is not.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  queens check 1 5 8 6 3 7 2 4\n  queens check a1 b5 c8 d6 e3 f7 g2 h4\n  queens check 1,1 2,5 3,8 4,6 5,3 6,7 7,2 8,4 --json"
)]
pub struct Args {
    /// The placement: rows (`1 5 8 6 3 7 2 4`) or squares (`a1 b5 ...` or `1,1 2,5 ...`)
    #[arg(value_name = "PLACEMENT", required = true, num_args = 1..)]
    placement: Vec<String>,
    /// Print the verdict as JSON
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let p = input::placement(&args.placement)?;
    let conflict = p.first_conflict();
    let mut out = out::stdout();
    if args.json {
        let value = match conflict {
            None => serde_json::json!({"n": p.n(), "valid": true}),
            Some(c) => serde_json::json!({
                "n": p.n(), "valid": false,
                "conflict": {"a": c.a.to_string(), "b": c.b.to_string(), "line": c.line},
            }),
        };
        writeln!(out, "{value}")?;
    } else {
        match conflict {
            None => writeln!(out, "valid: {} queens, no two attack each other", p.n())?,
            Some(c) => writeln!(
                out,
                "invalid: the queens on {} and {} attack each other on the same {}",
                c.a, c.b, c.line
            )?,
        }
    }
    out.flush()?;
    Ok(if conflict.is_none() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
