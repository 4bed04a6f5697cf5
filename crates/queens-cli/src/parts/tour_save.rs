//! The checkpoint of a frontier count of knight's tours: the whole count as it stands between
//! two cells (its states and their counts, `queens::tour::frontier::Snapshot`), written every
//! so often to a new file that then replaces the old one, so that a kill at any moment leaves
//! the last whole save. The same command reads it back and goes on from its cell.
//!
//! The file is locked while a count uses it, with the lock of the other checkpoints
//! ([`super::checkpoint::lock_checkpoint`]), so that two runs never share one. A save replaces
//! the file by another, so the lock moves with it: the new file is locked before it takes the
//! name, and a run that locked a file which meanwhile lost its name (another run saved over
//! it) finds that the name no longer leads to its file, and stops as the lock says.

use super::checkpoint::{in_use, lock_checkpoint, open_locked};
use crate::exit::{bad, Failure, Result};
use crate::input::io_reason;
use queens::tour::frontier::Snapshot;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
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
    let file = open_locked(path)?;
    if !names(path, &file) {
        return Err(in_use(path));
    }
    let len = file.metadata().map_err(cannot)?.len();
    let resume = match len {
        0 => None,
        _ => Some(BufReader::with_capacity(
            1 << 20,
            file.try_clone().map_err(cannot)?,
        )),
    };
    let saver = Saver {
        path: path.to_path_buf(),
        every,
        last: Instant::now(),
        held: file,
        made: !existed,
        saved: false,
    };
    Ok((saver, resume))
}

/// Whether `path` names `file` (the same file, not one renamed over it since).
fn names(path: &Path, file: &File) -> bool {
    match (std::fs::metadata(path), file.metadata()) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Saves a count at most every `every`, holding the lock of the file it saves to.
pub struct Saver {
    path: PathBuf,
    every: Duration,
    last: Instant,
    /// The checkpoint, locked.
    held: File,
    /// Whether this run made the file (then an empty one is removed at the end).
    made: bool,
    /// Whether a save was written.
    saved: bool,
}

impl Saver {
    /// Writes `snap` if the time has come: to `FILE.part`, synced and locked, then renamed over
    /// `FILE` (whose lock it takes over).
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
        let file = w.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        lock_checkpoint(&file, &part)
            .map_err(|_| std::io::Error::other(format!("cannot lock '{}'", part.display())))?;
        std::fs::rename(&part, &self.path)?;
        super::sync_folder(&self.path)?;
        self.held = file;
        self.saved = true;
        self.last = Instant::now();
        Ok(())
    }
}

impl Drop for Saver {
    /// A file this run made and never saved to is removed: no empty checkpoint is left.
    fn drop(&mut self) {
        let empty = self.held.metadata().is_ok_and(|m| m.len() == 0);
        if self.made && !self.saved && empty && names(&self.path, &self.held) {
            let _ = std::fs::remove_file(&self.path);
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

pub fn unwritten(path: &Path, why: &str) -> Failure {
    Failure::Write(std::io::Error::other(format!(
        "checkpoint '{}': {why}",
        path.display()
    )))
}
