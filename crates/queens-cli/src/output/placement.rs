//! Writing placements: the permutation, algebraic, board and JSON formats of every command
//! that prints solutions (`list`, `solve`, `complete`), so that `check`, `show` and `classify`
//! read them all back.

use super::format::Placements;
use queens::record::PlacementRecord;
use queens::{DiagramStyle, Placement};
use std::io::{self, Write};

/// What is written beside a placement: its number in the listing, and where asked its orbit
/// size and the safety tests made since the one before (Wirth's n).
#[derive(Clone, Copy, Debug, Default)]
pub struct Notes {
    pub number: u64,
    pub orbit: Option<usize>,
    pub tests: Option<u64>,
}

/// Writes `p` in `format`. Text formats put the notes after two spaces (`  orbit 8`,
/// `  tests 876`), which the readers skip.
pub fn write(
    out: &mut impl Write,
    p: &Placement,
    format: Placements,
    style: DiagramStyle,
    notes: Notes,
) -> io::Result<()> {
    let text = match format {
        Placements::Json => {
            let record = PlacementRecord::of(p, notes.orbit, notes.tests);
            serde_json::to_writer(&mut *out, &record)?;
            return out.write_all(b"\n");
        }
        Placements::Board => return write_board(out, p, style, notes),
        Placements::Perm => p.perm(),
        Placements::Algebraic => p.algebraic(),
    };
    out.write_all(text.as_bytes())?;
    if let Some(size) = notes.orbit {
        write!(out, "  orbit {size}")?;
    }
    if let Some(tests) = notes.tests {
        write!(out, "  tests {tests}")?;
    }
    out.write_all(b"\n")
}

fn write_board(
    out: &mut impl Write,
    p: &Placement,
    style: DiagramStyle,
    notes: Notes,
) -> io::Result<()> {
    out.write_all(p.diagram(style).as_bytes())?;
    write!(out, "Result #{}", notes.number)?;
    if let Some(size) = notes.orbit {
        write!(out, " (orbit of {size})")?;
    }
    if let Some(tests) = notes.tests {
        write!(out, ": {tests} tests")?;
    }
    out.write_all(b"\n\n")
}
