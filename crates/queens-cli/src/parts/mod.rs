//! The files of a count split into parts: the checkpoint of a resumable count
//! ([`checkpoint`]) and the result of one share of a cluster job ([`shard`]).

pub mod checkpoint;
pub mod shard;

use crate::exit::{bad, Failure, Result};
use crate::input::io_reason;
use std::io::Write;
use std::path::Path;

/// The CRC-32 of `text` as 8 hexadecimal digits: the check value of a record or a file (it
/// tells every flipped byte and every burst of up to 32 bits).
pub fn crc(text: &str) -> String {
    format!("{:08x}", crc32fast::hash(text.as_bytes()))
}

/// Writes `bytes` to `path` so that the file is either the old one or the whole new one: a
/// temporary file beside it, synced, renamed over it, and the folder synced.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let shown = path.display();
    let name = path.file_name().ok_or_else(|| {
        bad(format!(
            "cannot write '{shown}': it names a folder, not a file"
        ))
    })?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(".tmp");
    let tmp = path.with_file_name(tmp_name);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_is_the_standard_crc_32() {
        // The check value of CRC-32 (IEEE 802.3) for "123456789".
        assert_eq!(crc("123456789"), "cbf43926");
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
