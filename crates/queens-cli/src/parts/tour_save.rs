//! The checkpoint of a frontier count of knight's tours: the whole count as it stands between
//! two cells (its states and their counts, `queens::tour::frontier::Snapshot`), written every
//! so often to a new file that then replaces the old one, so that a kill at any moment leaves
//! the last whole save. The same command reads it back and goes on from its cell.

use crate::exit::{bad, Failure, Result};
use crate::input::io_reason;
use queens::tour::frontier::Snapshot;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The saved count at `path`, to resume from: none if there is no file yet (or an empty one);
/// refused unless it is a regular file.
pub fn open(path: &Path) -> Result<Option<BufReader<File>>> {
    let shown = path.display();
    if super::checkpoint_file(path)?.unwrap_or(0) == 0 {
        return Ok(None);
    }
    let file = File::open(path).map_err(|e| {
        bad(format!(
            "cannot open checkpoint '{shown}': {}",
            io_reason(&e)
        ))
    })?;
    Ok(Some(BufReader::with_capacity(1 << 20, file)))
}

/// Saves a count at most every `every`, the first time `every` after the start.
pub struct Saver {
    path: PathBuf,
    every: Duration,
    last: Instant,
}

impl Saver {
    pub fn new(path: &Path, every: Duration) -> Saver {
        Saver {
            path: path.to_path_buf(),
            every,
            last: Instant::now(),
        }
    }

    /// Writes `snap` if the time has come: to `FILE.part`, synced, then renamed over `FILE`.
    pub fn save(&mut self, snap: &dyn Snapshot) -> std::io::Result<()> {
        if self.last.elapsed() < self.every {
            return Ok(());
        }
        let mut part = self.path.clone().into_os_string();
        part.push(".part");
        let part = PathBuf::from(part);
        let file = File::create(&part)?;
        let mut w = BufWriter::with_capacity(1 << 20, file);
        snap.write_to(&mut w)?;
        w.flush()?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&part, &self.path)?;
        self.last = Instant::now();
        Ok(())
    }
}

/// A saved count that cannot be resumed (exit 2), or one that could not be written (exit 74).
pub fn refused(path: &Path, why: &str) -> Failure {
    bad(format!(
        "checkpoint '{}': {why}; the file was not changed (move it aside to count again)",
        path.display()
    ))
}

pub fn unwritten(path: &Path, why: &str) -> Failure {
    Failure::Write(std::io::Error::other(format!(
        "checkpoint '{}': {why}",
        path.display()
    )))
}
