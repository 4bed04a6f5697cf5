//! `queens show`: board diagrams of placements, and an SVG picture with `--svg`.

use super::rules::RulesArgs;
use crate::exit::{bad, Exit, Result};
use crate::input::placements::Item;
use crate::input::{PlacementArgs, Source};
use crate::output::format::{Diagram, Placements};
use crate::output::placement::{self, Notes};
use crate::output::{svg, Out};
use queens::DiagramStyle;
use std::io::Write;
use std::path::PathBuf;

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
    #[arg(long, short = 'f', value_enum, default_value_t = Diagram::Board)]
    format: Diagram,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// Draw with Unicode pieces (with --format board)
    #[arg(long)]
    unicode: bool,
    /// Also write an SVG picture of the board to FILE (one placement)
    #[arg(long, value_name = "FILE", value_parser = crate::output::svg::path)]
    svg: Option<PathBuf>,
    #[command(flatten)]
    rules: super::rules::RulesArgs,
}

pub fn run(args: Args) -> Result<Exit> {
    let format = if args.json {
        Diagram::Json
    } else {
        args.format
    };
    if args.unicode && format != Diagram::Board {
        return Err(bad(
            "--unicode draws the board diagram: not with --format json",
        ));
    }
    let (style, format) = match (format, args.unicode) {
        (Diagram::Json, _) => (DiagramStyle::Ascii, Placements::Json),
        (Diagram::Board, true) => (DiagramStyle::Unicode, Placements::Board),
        (Diagram::Board, false) => (DiagramStyle::Ascii, Placements::Board),
    };
    let mut source = args.placements.source()?;
    // The picture's one placement, read and checked to the end of the input before the file
    // is written: a refused input leaves no picture.
    let mut drawn = None;
    if let Some(path) = &args.svg {
        let item = the_one(&mut source, &args.placements)?;
        let mut picture = svg::Picture::new(item.placement.n(), item.placement.n());
        for s in item.placement.squares() {
            picture.queen(s);
        }
        svg::write(path, &picture.render())?;
        drawn = Some(item);
    }
    let mut out = Out::stdout();
    let mut k = 0u64;
    while let Some(item) = match drawn.take() {
        Some(item) => Some(item),
        None => source.next()?,
    } {
        k += 1;
        if format == Placements::Board && !source.is_stream() {
            // One placement from the command line: the diagram alone.
            std::io::Write::write_all(&mut out, item.placement.diagram(style).as_bytes())?;
            verdict(&mut out, &item.placement, args.rules)?;
            continue;
        }
        let notes = Notes {
            number: k,
            ..Notes::default()
        };
        placement::write(&mut out, &item.placement, format, style, notes)?;
        if format == Placements::Board {
            verdict(&mut out, &item.placement, args.rules)?;
        }
        out.record()?;
        if source.is_drained() {
            std::io::Write::flush(&mut out)?;
        }
    }
    std::io::Write::flush(&mut out)?;
    Ok(Exit::Success)
}

/// The one placement of the input, which must hold no other (`--svg` draws one).
fn the_one(source: &mut Source, placements: &PlacementArgs) -> Result<Item> {
    let item = source
        .next()?
        .ok_or_else(|| bad("--svg draws one placement, and none was given"))?;
    if let Some(other) = source.next()? {
        return Err(bad(format!(
            "--svg draws one placement, and {} has more (line {} holds another): give one",
            shown_source(placements),
            other.line
        )));
    }
    Ok(item)
}

/// The file or pipe of the placements, as messages name it.
fn shown_source(args: &crate::input::PlacementArgs) -> String {
    args.stream()
        .map_or_else(|| "the command line".into(), crate::input::shown)
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
