//! The checkpoint of a frontier count of knight's tours: the whole count as it stands between
//! two cells (its states and their counts, `queens::tour::frontier::Snapshot`), written every
//! so often to a new file that then replaces the old one, so that a kill at any moment leaves
//! the last whole save. The same command reads it back and goes on from its cell.
//!
//! The file is held by one run at a time, its lock moving with each save ([`Held`]).

use super::held::Held;
use crate::exit::{bad, Failure, Result};
use crate::input::io_reason;
use queens::tour::frontier::Snapshot;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;
use std::time::{Duration, Instant};

/// The checkpoint at `path`, locked for this run, and the saved count in it to resume from
/// (none if the file is new or empty); refused unless it is a regular file, or if another run
/// holds it. The saver writes a save at most every `every`, the first `every` after the start.
pub fn open(path: &Path, every: Duration) -> Result<(Saver, Option<BufReader<File>>)> {
    let shown = path.display();
    let cannot = |e: std::io::Error| {
        bad(format!(
            "cannot open checkpoint '{shown}': {}",
            io_reason(&e)
        ))
    };
    let existed = super::checkpoint_file(path)?.is_some();
    let held = Held::open(path)?;
    let len = held.file().metadata().map_err(cannot)?.len();
    let resume = match len {
        0 => None,
        _ => Some(BufReader::with_capacity(
            1 << 20,
            held.file().try_clone().map_err(cannot)?,
        )),
    };
    let saver = Saver {
        every,
        last: Instant::now(),
        held,
        made: !existed,
        saved: false,
    };
    Ok((saver, resume))
}

/// Saves a count at most every `every`, holding the lock of the file it saves to.
pub struct Saver {
    every: Duration,
    last: Instant,
    /// The checkpoint, locked.
    held: Held,
    /// Whether this run made the file (then an empty one is removed at the end).
    made: bool,
    /// Whether a save was written.
    saved: bool,
}

impl Saver {
    /// Writes `snap` if the time has come, replacing the file ([`Held::replace`]).
    pub fn save(&mut self, snap: &dyn Snapshot) -> std::io::Result<()> {
        if self.last.elapsed() < self.every {
            return Ok(());
        }
        self.held.replace(|w| snap.write_to(w))?;
        self.saved = true;
        self.last = Instant::now();
        Ok(())
    }
}

impl Drop for Saver {
    /// A file this run made and never saved to is removed: no empty checkpoint is left.
    fn drop(&mut self) {
        if self.made && !self.saved {
            self.held.remove_if_empty();
        }
    }
}

/// A saved count that cannot be resumed (exit 2), or one that could not be written (exit 74).
pub fn refused(path: &Path, why: &str) -> Failure {
    bad(format!(
        "checkpoint '{}': {why}; the file was not changed (move it aside to count again)",
        path.display()
    ))
}

/// `why` comes from [`Held::replace`] and names the file that failed (`FILE.part` or `FILE`).
pub fn unwritten(why: &str) -> Failure {
    Failure::Write(std::io::Error::other(format!(
        "the checkpoint was not saved: {why}"
    )))
}
