//! `queens check PLACEMENT`: is it a solution, and if not, which two queens attack.
//!
//! The placement comes from the command line, or from a file or stdin (`--input FILE`, `-`)
//! for boards of any size: reading, parsing and the check are all linear in N.

use crate::{input, out};
use queens::Placement;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Check whether a placement is a solution; exit code 1 if it is not.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  queens check 1 5 8 6 3 7 2 4\n  queens check a1 b5 c8 d6 e3 f7 g2 h4\n  queens check 1,1 2,5 3,8 4,6 5,3 6,7 7,2 8,4 --json\n  queens solve 1000000 > big.txt && queens check --input big.txt\n  queens solve 1000 --method min-conflicts | queens check -"
)]
pub struct Args {
    /// The placement: rows (`1 5 8 6 3 7 2 4`) or squares (`a1 b5 ...` or `1,1 2,5 ...`);
    /// `-` alone reads it from stdin
    #[arg(
        value_name = "PLACEMENT",
        required_unless_present = "input",
        conflicts_with = "input",
        num_args = 1..
    )]
    placement: Vec<String>,
    /// Read the placement from FILE (`-` for stdin), in either notation, of any size
    #[arg(long, short = 'i', value_name = "FILE")]
    input: Option<PathBuf>,
    /// Print the verdict as JSON
    #[arg(long)]
    json: bool,
}

/// Reads the whole placement from a file, or from stdin for `-`.
fn read_placement(path: &std::path::Path) -> anyhow::Result<Placement> {
    let read = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map(|_| bytes)
    } else {
        std::fs::read(path)
    };
    let name = if path.as_os_str() == "-" {
        "stdin".to_string()
    } else {
        path.display().to_string()
    };
    let bytes = read.map_err(|e| out::bad(format!("cannot read '{name}': {e}")))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| out::bad(format!("'{name}' is not text: expected rows or squares")))?;
    Placement::parse(&text).map_err(|e| out::bad(format!("{name}: {e}")))
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let p = match (&args.input, args.placement.as_slice()) {
        (Some(path), _) => read_placement(path)?,
        (None, [dash]) if dash == "-" => read_placement(std::path::Path::new("-"))?,
        (None, words) => input::placement(words)?,
    };
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
            None if p.n() == 1 => writeln!(out, "valid: 1 queen, nothing to attack")?,
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
