//! `queens list --torus` and `--piece superqueen`: the solutions of the relatives, written as
//! they are found, in lexicographic order, by the library's search for any rules. With
//! `--fundamental`, one per class under the board's symmetries as the library chooses it
//! ([`Rules::representative`]: the square's 8, the torus's 8N²), as the server lists them.

use crate::exit::{Exit, Failure, Result};
use crate::job::Job;
use crate::output::format::Placements;
use crate::output::placement::{self, Notes};
use crate::output::Out;
use queens::rules::{search::RulesBoard, Rules};
use queens::{DiagramStyle, Placement};
use std::ops::ControlFlow;

/// What to list and how.
pub struct Listing {
    pub n: usize,
    pub rules: Rules,
    pub format: Placements,
    pub style: DiagramStyle,
    pub fundamental: bool,
    pub limit: u64,
}

/// Writes the solutions, stopping at the limit or when the reader goes away.
pub fn run(listing: Listing) -> Result<Exit> {
    let (n, rules) = (listing.n, listing.rules);
    if rules.none_known(n) {
        return Err(Failure::No(format!(
            "no solution exists for N = {n} on the torus: {n} is divisible by 2 or 3 (Pólya 1918)"
        )));
    }
    let board = RulesBoard::new(n, rules).map_err(|e| crate::exit::bad(e.to_string()))?;
    let job = Job::start(format!("listing N = {n} ({rules})"), None);
    let mut out = Out::stdout();
    let (mut listed, mut failure) = (0u64, None);
    let result = board.each(job.control(), |rows| {
        let p = Placement::from_rows(rows.to_vec()).expect("the search gives rows on the board");
        let orbit = match listing.fundamental {
            true => match listing.rules.representative(&p) {
                Some(size) => Some(size),
                None => return ControlFlow::Continue(()),
            },
            false => None,
        };
        listed += 1;
        let notes = Notes {
            number: listed,
            orbit,
            tests: None,
        };
        let written = placement::write(&mut out, &p, listing.format, listing.style, notes)
            .and_then(|()| out.record());
        if let Err(e) = written {
            failure = Some(e);
            return ControlFlow::Break(());
        }
        match listed >= listing.limit {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        }
    });
    if let Some(e) = failure {
        return Err(e.into());
    }
    job.check(result)?;
    drop(job);
    std::io::Write::flush(&mut out)?;
    if listed == 0 {
        return Err(Failure::No(format!(
            "no solution exists for N = {n} ({rules})"
        )));
    }
    Ok(Exit::Success)
}
