//! `queens show PLACEMENT`: a board diagram, and an SVG picture with `--svg`.

use crate::{input, out, svg};
use queens::DiagramStyle;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Draw a placement as a board diagram, or as an SVG picture.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  queens show 1 5 8 6 3 7 2 4\n  queens show a1 b5 c8 d6 e3 f7 g2 h4 --unicode\n  queens show 2 4 1 3 --svg four.svg"
)]
pub struct Args {
    /// The placement: rows (`1 5 8 6 3 7 2 4`) or squares (`a1 b5 ...`)
    #[arg(value_name = "PLACEMENT", required = true, num_args = 1..)]
    placement: Vec<String>,
    /// Draw with Unicode pieces
    #[arg(long)]
    unicode: bool,
    /// Write an SVG picture of the board to FILE
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let p = input::placement(&args.placement)?;
    if let Some(path) = &args.svg {
        let mut picture = svg::Picture::new(p.n(), p.n());
        for s in p.squares() {
            picture.queen(s);
        }
        svg::write(path, &picture.render())?;
    }
    let style = if args.unicode {
        DiagramStyle::Unicode
    } else {
        DiagramStyle::Ascii
    };
    let mut out = out::stdout();
    write!(out, "{}", p.diagram(style))?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
