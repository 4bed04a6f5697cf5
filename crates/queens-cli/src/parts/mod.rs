//! The files of a count split into parts: the checkpoint of a resumable count
//! ([`checkpoint`]) and the result of one share of a cluster job ([`shard`]); and the saved
//! state of a frontier count of knight's tours ([`tour_save`]).

pub mod checkpoint;
pub mod held;
pub mod shard;
pub mod tour_save;

use crate::exit::{bad, Failure, Result};
use crate::input::io_reason;
use std::io::Write;
use std::path::Path;

/// The CRC-32 of `text` as 8 hexadecimal digits: the check value of a record or a file. It
/// tells a file damaged by chance (every flipped byte, every burst of up to 32 bits), not one
/// edited on purpose: whoever edits a count can compute the check value anew. Against a wrong
/// or made-up count, only counting parts again helps (`--recount`,
/// [`queens::count::plan::recount`]).
pub fn crc(text: &str) -> String {
    format!("{:08x}", crc32fast::hash(text.as_bytes()))
}

/// The format version of the checkpoint and shard files written (the plan's own version is
/// inside its fingerprint). Version 2 wrote the residues of every count beside it; version 3
/// drops them (they are a function of the count alone, see [`residues`]) and a shard file
/// holds the count of every part it covers, so that parts can be recounted.
pub const FORMAT_VERSION: u32 = 3;

/// The format versions read: files of version 2 are still read (and a checkpoint of version
/// 2 is continued in version 2).
pub const READ_VERSIONS: [u32; 2] = [2, FORMAT_VERSION];

/// The two primes of [`residues`]: the largest below 2^32 and below 2^64.
const PRIMES: [u128; 2] = [4_294_967_291, 18_446_744_073_709_551_557];

/// A count's residues modulo two primes, as format version 2 wrote them beside each count.
/// They are a function of the count alone (and equal to it below 2^32 - 5): whoever edits a
/// count computes them anew as easily as the CRC, so they guard against nothing the CRC does
/// not. Version 3 no longer writes them; files of version 2 are still read, their residues
/// checked as written.
pub fn residues(count: u128) -> String {
    format!("{}:{}", count % PRIMES[0], count % PRIMES[1])
}

/// The file `path` of `--out`, checked before any work: refused (bad input, exit 2) if it is a
/// folder or another thing than a regular file, or if no file can be created beside it (no
/// such folder, no permission), so that the result of a long count is never lost for a name.
pub fn out_file(path: &Path) -> Result<()> {
    let shown = path.display();
    if let Ok(meta) = std::fs::metadata(path) {
        if meta.is_dir() {
            return Err(bad(format!(
                "cannot write '{shown}': it is a folder; give the name of a file (new, or one to replace)"
            )));
        }
        if !meta.is_file() {
            return Err(bad(format!(
                "cannot write '{shown}': it is not a regular file (a device or a pipe); give the name of a file, or - for standard output"
            )));
        }
    }
    // A name of this process's own beside it, so that another run's temporary file is left
    // alone.
    let mut probe = temporary(path)?.into_os_string();
    probe.push(format!(".{}", std::process::id()));
    std::fs::File::create(&probe)
        .map_err(|e| bad(format!("cannot create '{shown}': {}", io_reason(&e))))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// The temporary file beside `path` that [`write_atomic`] renames over it.
fn temporary(path: &Path) -> Result<std::path::PathBuf> {
    let shown = path.display();
    let name = path.file_name().ok_or_else(|| {
        bad(format!(
            "cannot write '{shown}': it names a folder, not a file"
        ))
    })?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(".tmp");
    Ok(path.with_file_name(tmp_name))
}

/// Writes `bytes` to `path` so that the file is either the old one or the whole new one: a
/// temporary file beside it, synced, renamed over it, and the folder synced.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let shown = path.display();
    if path.is_dir() {
        return Err(bad(format!(
            "cannot write '{shown}': it is a folder; give the name of a file (new, or one to replace)"
        )));
    }
    let tmp = temporary(path)?;
    let mut file = std::fs::File::create(&tmp)
        .map_err(|e| bad(format!("cannot create '{shown}': {}", io_reason(&e))))?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&tmp, path))
        .and_then(|()| sync_folder(path));
    written.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Failure::Write(std::io::Error::new(
            e.kind(),
            format!("'{shown}': {}", io_reason(&e)),
        ))
    })
}

/// Syncs the folder holding `path`, so that a file created or renamed there survives a crash.
pub fn sync_folder(path: &Path) -> std::io::Result<()> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::File::open(folder)?.sync_all()
}

/// The size of the checkpoint at `path`, or none if there is no file yet; refused unless it
/// is a regular file (a folder, a device or a pipe is never read).
pub fn checkpoint_file(path: &Path) -> Result<Option<u64>> {
    let shown = path.display();
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(bad(format!(
                "cannot open checkpoint '{shown}': {}",
                io_reason(&e)
            )))
        }
    };
    if !meta.is_file() {
        return Err(bad(format!(
            "checkpoint '{shown}' is not a regular file (a folder, a device or a pipe): give the name of a file, new or written by an earlier run"
        )));
    }
    Ok(Some(meta.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_is_the_standard_crc_32() {
        // The check value of CRC-32 (IEEE 802.3) for "123456789".
        assert_eq!(crc("123456789"), "cbf43926");
    }

    #[test]
    fn residues_are_the_count_itself_below_the_first_prime() {
        // Nothing an editor of the count could not write anew: the count, twice.
        assert_eq!(residues(248654), "248654:248654");
        assert_eq!(residues(u128::MAX), "624:3480");
    }

    #[test]
    fn an_out_file_in_a_folder_or_nowhere_is_refused_before_the_work() {
        let dir = std::env::temp_dir().join(format!("queens-out-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let refused = |path: &Path| match out_file(path) {
            Err(Failure::Bad(m)) => m,
            other => panic!("{}: {:?}", path.display(), other.is_ok()),
        };
        assert!(refused(&dir).contains("is a folder"));
        assert!(refused(&dir.join("none/x.json")).contains("no such file"));
        assert!(matches!(write_atomic(&dir, b"x"), Err(Failure::Bad(_))));
        let file = dir.join("x.json");
        out_file(&file).unwrap();
        assert!(!file.exists(), "nothing is left by the check");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn atomic_writes_replace_the_whole_file() {
        let dir = std::env::temp_dir().join(format!("queens-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.json");
        write_atomic(&path, b"first").unwrap();
        write_atomic(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file is left");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
