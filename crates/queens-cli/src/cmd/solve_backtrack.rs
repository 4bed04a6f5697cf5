//! `queens solve N --method backtrack`: the first solution plain backtracking finds (the
//! lexicographically smallest).

use super::solve::Args;
use crate::cmd::list::write_placement;
use crate::out;
use queens::{DiagramStyle, Solutions};
use std::io::Write;
use std::process::ExitCode;

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let n = crate::input::size(&args.n, 1, queens::solutions::MAX_N).map_err(out::bad)?;
    let mut out = out::stdout();
    match Solutions::new(n).next() {
        Some(p) => {
            write_placement(&mut out, &p, args.format, DiagramStyle::Ascii, 1, None)?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        None => {
            eprintln!("queens: no solution exists for N = {n}");
            Ok(ExitCode::from(1))
        }
    }
}
