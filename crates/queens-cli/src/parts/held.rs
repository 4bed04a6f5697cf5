//! A checkpoint that is replaced whole at every save (the frontier of a tour count, the seed
//! schedule of a cover search), held by one run at a time.
//!
//! The file is locked while a run uses it, with the lock of the other checkpoints
//! ([`super::checkpoint::lock_checkpoint`]), so that two runs never share one. A save writes
//! `FILE.part`, syncs it, locks it and only then renames it over `FILE`, so the lock moves
//! with the name: a second run that opens the name meets a locked file, and a run that locked
//! a file which meanwhile lost its name (saved over by the run that held it) finds that the
//! name no longer leads to its file, and stops as the lock says.

use super::checkpoint::{in_use, lock_checkpoint, open_locked};
use crate::exit::Result;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// A checkpoint file, locked for this run.
pub struct Held {
    path: PathBuf,
    file: File,
}

impl Held {
    /// Opens `path` (made empty if there is none) and locks it; refused (exit 2) if another run
    /// holds it. The caller checks that a name given is a regular file first
    /// ([`super::checkpoint_file`]).
    pub fn open(path: &Path) -> Result<Held> {
        let file = open_locked(path)?;
        let held = Held {
            path: path.to_path_buf(),
            file,
        };
        if !held.is_named() {
            return Err(in_use(path));
        }
        Ok(held)
    }

    /// The file as it is now (to read what it holds).
    pub fn file(&self) -> &File {
        &self.file
    }

    /// Whether the path still names the held file (no other file renamed over it since).
    fn is_named(&self) -> bool {
        match (std::fs::metadata(&self.path), self.file.metadata()) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }

    /// Removes the file if it is still empty and still has its name: a checkpoint made by this
    /// run and never written is not left behind.
    pub fn remove_if_empty(&self) {
        let empty = self.file.metadata().is_ok_and(|m| m.len() == 0);
        if empty && self.is_named() {
            let _ = std::fs::remove_file(&self.path);
        }
    }

    /// Replaces the file by what `write` writes: to `FILE.part`, synced and locked, then renamed
    /// over `FILE` (whose lock it takes over) and the folder synced. On an error the file is
    /// as it was, and the error's message names the file that failed (`FILE.part` while it is
    /// written, `FILE` from the rename on) and why.
    pub fn replace(
        &mut self,
        write: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let mut part = self.path.clone().into_os_string();
        part.push(".part");
        let part = PathBuf::from(part);
        let file = File::create(&part).map_err(|e| naming(&part, e))?;
        let mut w = BufWriter::with_capacity(1 << 20, file);
        let written = write(&mut w)
            .and_then(|()| w.flush())
            .and_then(|()| w.into_inner().map_err(|e| e.into_error()))
            .and_then(|file| file.sync_all().map(|()| file))
            .and_then(|file| {
                lock_checkpoint(&file, &part)
                    .map_err(|_| std::io::Error::other("cannot lock it"))?;
                Ok(file)
            });
        let file = match written {
            Ok(file) => file,
            Err(e) => {
                let _ = std::fs::remove_file(&part);
                return Err(naming(&part, e));
            }
        };
        std::fs::rename(&part, &self.path).map_err(|e| naming(&self.path, e))?;
        super::sync_folder(&self.path).map_err(|e| naming(&self.path, e))?;
        self.file = file;
        Ok(())
    }
}

/// `e` with a message that names `path`: `'PATH': reason`, of the same kind.
fn naming(path: &Path, e: std::io::Error) -> std::io::Error {
    std::io::Error::new(
        e.kind(),
        format!("'{}': {}", path.display(), crate::exit::io_reason(&e)),
    )
}
