//! `queens show`: board diagrams of placements, and an SVG picture with `--svg`.

use super::rules::RulesArgs;
use crate::exit::{bad, Exit, Result};
use crate::input::PlacementArgs;
use crate::output::placement::{self, Notes};
use crate::output::{svg, Out};
use queens::DiagramStyle;
use std::io::Write;
use std::path::PathBuf;

/// How a placement is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A diagram: rank N on top, the files below
    Board,
    /// One JSON object per placement: `{"n":8,"rows":[...]}`
    Json,
}

/// Draw placements as board diagrams, or one as an SVG picture
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens show 1 5 8 6 3 7 2 4
  queens show a1 b5 c8 d6 e3 f7 g2 h4 --unicode
  queens show 2 4 1 3 --svg four.svg
  queens list 6 | queens show -")]
pub struct Args {
    #[command(flatten)]
    placements: PlacementArgs,
    /// Output format
    #[arg(long, short = 'f', value_enum, default_value_t = Format::Board)]
    format: Format,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// Draw with Unicode pieces (with --format board)
    #[arg(long)]
    unicode: bool,
    /// Also write an SVG picture of the board to FILE (one placement)
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    rules: super::rules::RulesArgs,
}

pub fn run(args: Args) -> Result<Exit> {
    let format = if args.json { Format::Json } else { args.format };
    if args.unicode && format != Format::Board {
        return Err(bad(
            "--unicode draws the board diagram: not with --format json",
        ));
    }
    let items = args.placements.read()?;
    if let Some(path) = &args.svg {
        let [item] = items.as_slice() else {
            return Err(bad(format!(
                "--svg draws one placement, and {} were read: give one",
                items.len()
            )));
        };
        let mut picture = svg::Picture::new(item.placement.n(), item.placement.n());
        for s in item.placement.squares() {
            picture.queen(s);
        }
        svg::write(path, &picture.render())?;
    }
    let (style, format) = match (format, args.unicode) {
        (Format::Json, _) => (DiagramStyle::Ascii, placement::Format::Json),
        (Format::Board, true) => (DiagramStyle::Unicode, placement::Format::Board),
        (Format::Board, false) => (DiagramStyle::Ascii, placement::Format::Board),
    };
    let mut out = Out::stdout();
    for (k, item) in items.iter().enumerate() {
        if format == placement::Format::Board && items.len() == 1 {
            // One placement: the diagram alone.
            std::io::Write::write_all(&mut out, item.placement.diagram(style).as_bytes())?;
            verdict(&mut out, &item.placement, args.rules)?;
            continue;
        }
        let notes = Notes {
            number: k as u64 + 1,
            ..Notes::default()
        };
        placement::write(&mut out, &item.placement, format, style, notes)?;
        if format == placement::Format::Board {
            verdict(&mut out, &item.placement, args.rules)?;
        }
        out.record()?;
    }
    std::io::Write::flush(&mut out)?;
    Ok(Exit::Success)
}

/// Under other rules (`--torus`, `--piece`), a line below the diagram says whether the
/// placement keeps them, since the diagram alone does not show wrapped diagonals or knights.
fn verdict(out: &mut Out, p: &queens::Placement, rules: RulesArgs) -> std::io::Result<()> {
    let rules = rules.rules();
    if rules.is_classic() {
        return Ok(());
    }
    match rules.first_conflict(p) {
        None => writeln!(out, "{rules}: no two attack each other"),
        Some(c) => writeln!(
            out,
            "{rules}: {} and {} attack each other ({})",
            c.a, c.b, c.line
        ),
    }
}
