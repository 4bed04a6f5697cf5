//! How the counts of one N are written by `queens count` and `queens merge`: labelled lines,
//! a table line, or the library's JSON record ([`queens::count::session::CountRecord`]).

use crate::output::Out;
use queens::count::session::CountRecord;
use queens::count::Counts;
use queens::record::RunStats;
use queens::OrbitKind;
use serde::Serialize;
use std::io::Write;

/// The JSON record of the counts of one N, with the work of a classic algorithm: the
/// library's two records side by side, put together here as only `--stats` joins them.
#[derive(Serialize)]
pub struct Record {
    #[serde(flatten)]
    counts: CountRecord,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<RunStats>,
}

/// The JSON record of the counts of one N.
pub fn record(c: &Counts, seconds: f64, stats: Option<RunStats>) -> Record {
    Record {
        counts: CountRecord::new(c, seconds),
        stats,
    }
}

/// The counts of one N as text: a table line, or labelled lines under `N = n{label}`.
pub fn write_text(
    out: &mut Out,
    c: &Counts,
    seconds: f64,
    single: bool,
    label: &str,
) -> std::io::Result<()> {
    if !single {
        return writeln!(
            out,
            "{:>3} {:>22} {:>22} {:>10.3}",
            c.n,
            c.total,
            c.fundamental(),
            seconds
        );
    }
    writeln!(out, "N = {}{label}", c.n)?;
    writeln!(out, "total:        {}", c.total)?;
    writeln!(out, "fundamental:  {}", c.fundamental())?;
    for (size, count) in c.orbits() {
        writeln!(
            out,
            "orbits of {size}:  {count} ({})",
            OrbitKind::of_size(size)
        )?;
    }
    writeln!(out, "seconds:      {seconds:.3}")
}
