//! `queens classify`: orbit size, the symmetries that fix a placement, its canonical form.

use crate::exit::{bad, Exit, Result};
use crate::input::PlacementArgs;
use crate::output::format::Report;
use crate::output::Out;
use queens::record::{Classification, TorusClassification};
use queens::symmetry::TorusOrbit;
use queens::{Orbit, Placement};
use std::io::Write;

/// Classify placements under the 8 symmetries of the board
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens classify 1 5 8 6 3 7 2 4
  queens classify 2 4 1 3 --json
  queens list 8 --fundamental | queens classify -")]
pub struct Args {
    #[command(flatten)]
    placements: PlacementArgs,
    /// Output format
    #[arg(long, short = 'f', default_value = "text", value_parser = Report::parser(
        "A few labelled lines per placement",
        "One JSON object per placement",
    ))]
    format: Report,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// The orbit on the torus, under its 8N² symmetries (the board's 8, each followed by a
    /// translation of files and ranks)
    #[arg(long)]
    torus: bool,
}

pub fn run(args: Args) -> Result<Exit> {
    let json = args.format.is_json(args.json);
    let mut source = args.placements.source()?;
    let mut out = Out::stdout();
    let mut k = 0;
    while let Some(item) = source.next()? {
        let p = &item.placement;
        if !p.is_permutation() {
            let place = match source.is_stream() {
                true => format!("line {}: ", item.line),
                false => String::new(),
            };
            return Err(bad(format!(
                "{place}'{}' has two queens in one row: classify takes a placement with one queen in each row and column",
                queens::error::excerpt(&p.perm())
            )));
        }
        if args.torus {
            torus(&mut out, p, json, k)?;
        } else {
            let orbit = Orbit::of(p);
            if json {
                out.json_line(&Classification::of(p, &orbit))?;
            } else {
                if k > 0 {
                    writeln!(out)?;
                }
                write_text(&mut out, p, &orbit)?;
                out.record()?;
            }
        }
        k += 1;
        if source.is_drained() {
            out.flush()?;
        }
    }
    out.flush()?;
    Ok(Exit::Success)
}

fn write_text(out: &mut Out, p: &Placement, orbit: &Orbit) -> std::io::Result<()> {
    let fixed: Vec<String> = orbit.stabilizer.iter().map(|g| g.to_string()).collect();
    let kind = orbit.kind();
    writeln!(out, "placement:   {}", p.perm())?;
    writeln!(
        out,
        "solution:    {}",
        if p.is_solution() { "yes" } else { "no" }
    )?;
    writeln!(
        out,
        "orbit size:  {} ({kind}: {})",
        orbit.size,
        kind.fixed_by()
    )?;
    writeln!(out, "fixed by:    {}", fixed.join(", "))?;
    let this = if orbit.canonical == *p {
        " (this one)".to_string()
    } else {
        format!(" (by {})", orbit.to_canonical)
    };
    writeln!(out, "canonical:   {}{this}", orbit.canonical.perm())
}

/// The orbit of `p` on the torus, as a JSON line or as text.
fn torus(out: &mut Out, p: &Placement, json: bool, k: usize) -> Result<()> {
    let orbit = TorusOrbit::of(p);
    let record = TorusClassification::of(p, &orbit);
    if json {
        out.json_line(&record)?;
        return Ok(());
    }
    if k > 0 {
        writeln!(out)?;
    }
    let yes = if record.torus_solution { "yes" } else { "no" };
    writeln!(out, "placement:          {}", p.perm())?;
    writeln!(out, "torus solution:     {yes}")?;
    writeln!(
        out,
        "torus orbit size:   {} ({} of the torus's {} symmetries fix it)",
        orbit.size, orbit.stabilizer, record.symmetries
    )?;
    let this = if orbit.canonical == *p {
        " (this one)"
    } else {
        ""
    };
    writeln!(out, "canonical:          {}{this}", orbit.canonical.perm())?;
    out.record()?;
    Ok(())
}
