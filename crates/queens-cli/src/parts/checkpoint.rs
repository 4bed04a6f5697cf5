//! The checkpoint of a resumable count: an append-only log of the finished parts.
//!
//! The file is text. The first line names the plan (format version, N, engine, number of
//! parts, fingerprint of the list of parts, the share or `all`) and ends with its CRC-32;
//! then one line per finished part, `part INDEX COUNT CRC`, the CRC-32 of the rest of the
//! line.
//!
//! ```text
//! queens-checkpoint 3 n=16 engine=quarters parts=223 fingerprint=823aa15260771ac2 share=all crc=5f0b0e2c
//! part 17 137674 3a9c01d2
//! ```
//!
//! What guards against what: the CRCs tell a line damaged by chance, not one edited on
//! purpose (whoever edits a count computes its CRC anew); against that, `--recount` counts
//! again a random sample of the parts recorded before a run resumes
//! ([`queens::count::plan::recount`]). A checkpoint of format version 2 (`part INDEX COUNT
//! RESIDUES CRC`, the residues of the count modulo two primes: [`super::residues`], a function
//! of the count that guards against nothing more) is still read, and continued in version 2.
//!
//! A part counts as done only once its line is written and synced to the disk (`fsync`). A
//! writer thread does that in batches (group commit: one `fsync` for every line that came
//! while the last one ran), so the counting threads never wait for the disk, and a crash or
//! `kill -9` loses at most the parts being counted and those finished during the last sync
//! (milliseconds of work), never a part whose line was synced. Reading it
//! back: an unfinished last line (the run was stopped while writing it) is dropped, with a
//! note, and that part is counted again; a line whose CRC does not match, a part recorded
//! twice, a header of another N, engine, format version, list of parts or share, or a file
//! that is no checkpoint at all, are refused and the file is left as it is. The file is
//! locked while a count uses it, so two runs never write to one checkpoint.

use super::crc;
use crate::exit::{bad, Failure, Result};
use crate::input::{io_reason, Share};
use queens::count::plan::Plan;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

/// The first word of a checkpoint.
const MAGIC: &str = "queens-checkpoint";

/// The plan a checkpoint belongs to: its header line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub version: u32,
    pub n: usize,
    pub engine: String,
    pub parts: usize,
    pub fingerprint: String,
    pub share: Option<Share>,
}

impl Header {
    /// The header of a count of `plan` (or of one share of it).
    pub fn of(plan: &Plan, share: Option<Share>) -> Header {
        Header {
            version: super::FORMAT_VERSION,
            n: plan.n(),
            engine: plan.engine().name().to_string(),
            parts: plan.len(),
            fingerprint: plan.fingerprint().to_string(),
            share,
        }
    }

    /// The header line, newline included.
    fn line(&self) -> String {
        let body = format!(
            "{MAGIC} {} n={} engine={} parts={} fingerprint={} share={}",
            self.version,
            self.n,
            self.engine,
            self.parts,
            self.fingerprint,
            share_name(self.share)
        );
        format!("{body} crc={}\n", crc(&body))
    }

    /// The header in `line` (without its newline), if it is one with a matching CRC.
    fn parse(line: &str) -> std::result::Result<Header, Problem> {
        let words: Vec<&str> = line.split(' ').collect();
        if words.first() != Some(&MAGIC) {
            return Err(Problem::NotCheckpoint);
        }
        let damaged = || Problem::Damaged {
            line: 1,
            why: "the header is not as written".into(),
        };
        let version: u32 = words
            .get(1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(damaged)?;
        if !super::READ_VERSIONS.contains(&version) {
            // Another version may write another header: say only which version it is.
            return Err(Problem::Version(version));
        }
        let body = line.rsplit_once(" crc=").ok_or_else(damaged)?;
        if crc(body.0) != body.1 {
            return Err(Problem::Damaged {
                line: 1,
                why: "the header's check value does not match".into(),
            });
        }
        let field = |i: usize, key: &str| {
            words
                .get(i)
                .and_then(|w| w.strip_prefix(key))
                .and_then(|w| w.strip_prefix('='))
                .ok_or_else(damaged)
        };
        let number = |i: usize, key: &str| field(i, key)?.parse::<usize>().map_err(|_| damaged());
        let share = match field(6, "share")? {
            "all" => None,
            s => Some(crate::input::share(s).map_err(|_| damaged())?),
        };
        Ok(Header {
            version,
            n: number(2, "n")?,
            engine: field(3, "engine")?.to_string(),
            parts: number(4, "parts")?,
            fingerprint: field(5, "fingerprint")?.to_string(),
            share,
        })
    }

    /// The first way `self` (read from a file) differs from `expected`, if any.
    fn differs(&self, expected: &Header) -> Option<Problem> {
        let other = |what, found: String, expected: String| {
            Some(Problem::Other {
                what,
                found,
                expected,
            })
        };
        if self.n != expected.n {
            return other("N", self.n.to_string(), expected.n.to_string());
        }
        if self.engine != expected.engine {
            return other("engine", self.engine.clone(), expected.engine.clone());
        }
        if self.share != expected.share {
            return other("share", share_name(self.share), share_name(expected.share));
        }
        if self.fingerprint != expected.fingerprint || self.parts != expected.parts {
            let (a, b) = (&self.fingerprint, &expected.fingerprint);
            return other(
                "list of parts",
                format!("{a} ({} parts)", self.parts),
                format!("{b} ({} parts)", expected.parts),
            );
        }
        None
    }
}

/// `all`, or the share as `I/K`.
fn share_name(share: Option<Share>) -> String {
    match share {
        None => "all".into(),
        Some(s) => format!("{}/{}", s.index, s.count),
    }
}

/// The record line of a finished part in format `version`, newline included.
fn record_line(version: u32, index: usize, count: u128) -> String {
    let body = match version {
        2 => format!("part {index} {count} {}", super::residues(count)),
        _ => format!("part {index} {count}"),
    };
    format!("{body} {}\n", crc(&body))
}

/// The part in a record line of format `version` (without its newline), if it is exactly as
/// written: the same digits, (in version 2) the same residues, the same check value.
fn parse_record(version: u32, line: &str) -> Option<(usize, u128)> {
    let mut words = line.split(' ');
    let (Some("part"), Some(i), Some(c)) = (words.next(), words.next(), words.next()) else {
        return None;
    };
    let (index, count) = (i.parse().ok()?, c.parse().ok()?);
    (format!("{line}\n") == record_line(version, index, count)).then_some((index, count))
}

/// What is wrong with a checkpoint file.
#[derive(Debug, PartialEq, Eq)]
pub enum Problem {
    /// The file does not start with a checkpoint header.
    NotCheckpoint,
    /// A line is not as written.
    Damaged { line: usize, why: String },
    /// The header is of a format version not read.
    Version(u32),
    /// The header names another plan.
    Other {
        what: &'static str,
        found: String,
        expected: String,
    },
}

impl Problem {
    /// The one-line message about `path`.
    fn message(&self, path: &Path) -> String {
        let p = path.display();
        let keep = "refused; the file was not changed (move it aside to start over)";
        match self {
            Problem::NotCheckpoint => format!(
                "'{p}' is not a queens checkpoint (its first line is not a checkpoint header): {keep}"
            ),
            Problem::Damaged { line, why } => {
                format!("checkpoint '{p}' is damaged at line {line} ({why}): {keep}")
            }
            Problem::Version(v) => format!(
                "checkpoint '{p}' was written in format version {v}; this queens reads versions {} and {}: {keep}",
                super::READ_VERSIONS[0],
                super::READ_VERSIONS[1]
            ),
            Problem::Other {
                what,
                found,
                expected,
            } => format!(
                "checkpoint '{p}' belongs to another count: its {what} is {found}, this count's is {expected}: {keep}"
            ),
        }
    }
}

/// A checkpoint file read back.
#[derive(Debug, PartialEq, Eq)]
pub struct Contents {
    /// The finished parts: (index, count).
    pub records: Vec<(usize, u128)>,
    /// The bytes up to the end of the last whole line.
    pub keep: usize,
    /// An unfinished last line was found (and is to be dropped).
    pub cut: bool,
    /// No header yet: an empty file, or one cut inside its header.
    pub fresh: bool,
    /// The format version of the file's records (that of `expected` if it is fresh).
    pub version: u32,
}

/// Reads a checkpoint's bytes, expecting the plan of `expected`.
pub fn read(bytes: &[u8], expected: &Header) -> std::result::Result<Contents, Problem> {
    let keep = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let tail = &bytes[keep..];
    let text = std::str::from_utf8(&bytes[..keep]).map_err(|e| Problem::Damaged {
        line: 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count(),
        why: "not text".into(),
    })?;
    let mut lines = text.lines();
    let Some(first) = lines.next() else {
        // No whole line: an empty file, or a header cut short.
        if tail.is_empty() || could_be_cut(tail, MAGIC.as_bytes()) {
            return Ok(Contents {
                records: Vec::new(),
                keep: 0,
                cut: !tail.is_empty(),
                fresh: true,
                version: expected.version,
            });
        }
        return Err(Problem::NotCheckpoint);
    };
    let header = Header::parse(first)?;
    if let Some(problem) = header.differs(expected) {
        return Err(problem);
    }
    let mut seen = vec![false; expected.parts];
    let mut records = Vec::new();
    for (k, line) in lines.enumerate() {
        let number = k + 2;
        let damaged = |why: String| Problem::Damaged { line: number, why };
        let (index, count) = parse_record(header.version, line)
            .ok_or_else(|| damaged("its check value does not match".into()))?;
        let slot = seen.get_mut(index).ok_or_else(|| {
            damaged(format!(
                "part {index} is beyond the {} parts",
                expected.parts
            ))
        })?;
        if *slot {
            return Err(damaged(format!("part {index} is recorded twice")));
        }
        *slot = true;
        records.push((index, count));
    }
    if !tail.is_empty() && !could_be_cut(tail, b"part ") {
        let line = 1 + text.lines().count();
        let why = "its last line is neither a record nor part of one".into();
        return Err(Problem::Damaged { line, why });
    }
    Ok(Contents {
        records,
        keep,
        cut: !tail.is_empty(),
        fresh: false,
        version: header.version,
    })
}

/// Whether `tail` may be the start of a line that begins with `word`, cut short: a prefix of
/// `word`, or `word` and then plain ASCII.
fn could_be_cut(tail: &[u8], word: &[u8]) -> bool {
    if tail.len() <= word.len() {
        return word.starts_with(tail);
    }
    tail.starts_with(word) && tail.iter().all(|b| b.is_ascii_graphic() || *b == b' ')
}

/// An open checkpoint: finished parts are appended to it by a writer thread, synced in batches.
pub struct Checkpoint {
    /// The format version of the records appended (the file's own).
    version: u32,
    shared: Arc<Shared>,
    writer: Option<JoinHandle<()>>,
    path: PathBuf,
}

/// What the counting threads and the writer share.
struct Shared {
    queue: Mutex<Queue>,
    wake: Condvar,
}

#[derive(Default)]
struct Queue {
    /// Lines not yet written.
    lines: String,
    /// No more lines will come.
    closed: bool,
    /// The first failure to write or sync.
    failed: Option<std::io::Error>,
}

impl Checkpoint {
    /// Opens (or creates) the checkpoint at `path` for the plan of `expected`, locked for this
    /// process; returns it with the parts it holds. A refused file is left as it is.
    pub fn open(path: &Path, expected: &Header) -> Result<(Checkpoint, Vec<(usize, u128)>)> {
        let shown = path.display();
        let cannot = |e: std::io::Error| {
            bad(format!(
                "cannot open checkpoint '{shown}': {}",
                io_reason(&e)
            ))
        };
        regular_or_none(path, expected)?;
        let mut file = open_locked(path)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(cannot)?;
        let contents = read(&bytes, expected).map_err(|p| bad(p.message(path)))?;
        let write = |e: std::io::Error| write_failure(path, e);
        if contents.cut {
            file.set_len(contents.keep as u64)
                .and_then(|()| file.sync_all())
                .map_err(write)?;
            eprintln!(
                "queens: note: checkpoint '{shown}' ended in the middle of a line (the run before was stopped while writing it): that line was dropped{}",
                if contents.fresh { "" } else { " and its part will be counted again" }
            );
        }
        if contents.fresh {
            file.write_all(expected.line().as_bytes())
                .and_then(|()| file.sync_all())
                .and_then(|()| super::sync_folder(path))
                .map_err(write)?;
        }
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue::default()),
            wake: Condvar::new(),
        });
        let writer = {
            let shared = shared.clone();
            std::thread::spawn(move || write_lines(&shared, file))
        };
        let checkpoint = Checkpoint {
            version: contents.version,
            shared,
            writer: Some(writer),
            path: path.to_path_buf(),
        };
        Ok((checkpoint, contents.records))
    }

    /// The parts recorded in the checkpoint at `path` for the plan of `expected`, without
    /// changing or locking it (none if there is no such file).
    pub fn peek(path: &Path, expected: &Header) -> Result<Vec<(usize, u128)>> {
        if !regular_or_none(path, expected)? {
            return Ok(Vec::new());
        }
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => {
                let shown = path.display();
                return Err(bad(format!(
                    "cannot read checkpoint '{shown}': {}",
                    io_reason(&e)
                )));
            }
        };
        read(&bytes, expected)
            .map(|c| c.records)
            .map_err(|p| bad(p.message(path)))
    }

    /// Hands a finished part to the writer; false once writing has failed (a full disk), so
    /// that the count can stop.
    pub fn record(&self, index: usize, count: u128) -> bool {
        let Ok(mut q) = self.shared.queue.lock() else {
            return false;
        };
        q.lines.push_str(&record_line(self.version, index, count));
        self.shared.wake.notify_one();
        q.failed.is_none()
    }

    /// Writes and syncs every part handed over, and ends the writer: a failure is a failed
    /// write naming the file.
    pub fn finish(mut self) -> Result<()> {
        self.close();
        let failed = self
            .shared
            .queue
            .lock()
            .ok()
            .and_then(|mut q| q.failed.take());
        match failed {
            None => Ok(()),
            Some(e) => Err(write_failure(&self.path, e)),
        }
    }

    fn close(&mut self) {
        if let Ok(mut q) = self.shared.queue.lock() {
            q.closed = true;
            self.shared.wake.notify_one();
        }
        if let Some(w) = self.writer.take() {
            let _ = w.join();
        }
    }
}

impl Drop for Checkpoint {
    /// Even on an error or Ctrl-C, the parts finished are written and synced.
    fn drop(&mut self) {
        self.close();
    }
}

/// The writer thread: takes every line that has come, writes them, syncs, and again, until
/// the checkpoint is closed and nothing is left.
fn write_lines(shared: &Shared, mut file: File) {
    loop {
        let lines = {
            let Ok(mut q) = shared.queue.lock() else {
                return;
            };
            while q.lines.is_empty() && !q.closed {
                q = match shared.wake.wait(q) {
                    Ok(q) => q,
                    Err(_) => return,
                };
            }
            if q.lines.is_empty() {
                return;
            }
            std::mem::take(&mut q.lines)
        };
        if let Err(e) = file
            .write_all(lines.as_bytes())
            .and_then(|()| file.sync_data())
        {
            if let Ok(mut q) = shared.queue.lock() {
                q.failed.get_or_insert(e);
            }
            return;
        }
    }
}

/// The most bytes a line of a checkpoint takes: a header, or a record of a part index, a
/// count below 2^128, (in version 2) its residues, and its CRC.
const MAX_LINE: u64 = 256;

/// Whether a checkpoint exists at `path`; refused unless it is a regular file no larger than a
/// checkpoint of `expected` can be (`/dev/zero`, a folder, a pipe or a huge file is never read).
fn regular_or_none(path: &Path, expected: &Header) -> Result<bool> {
    let shown = path.display();
    let Some(len) = super::checkpoint_file(path)? else {
        return Ok(false);
    };
    let most = (expected.parts as u64 + 1) * MAX_LINE;
    if len > most {
        return Err(bad(format!(
            "checkpoint '{shown}' has {} bytes, more than a checkpoint of {} parts can ({most}): refused; the file was not changed",
            len,
            expected.parts
        )));
    }
    Ok(true)
}

/// A failure to write the checkpoint, naming it.
fn write_failure(path: &Path, e: std::io::Error) -> Failure {
    let p = path.display();
    Failure::Write(std::io::Error::new(
        e.kind(),
        format!("checkpoint '{p}': {}", io_reason(&e)),
    ))
}

/// Opens the checkpoint at `path` for reading and appending (created if it is not there) and
/// locks it for this process: the one way every checkpoint (count, dominate, tour) is opened.
pub(crate) fn open_locked(path: &Path) -> Result<File> {
    let file = OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| {
            bad(format!(
                "cannot open checkpoint '{}': {}",
                path.display(),
                io_reason(&e)
            ))
        })?;
    lock_checkpoint(&file, path)?;
    Ok(file)
}

/// Locks `file`, the checkpoint at `path`, for this process (until it is closed), or refuses
/// it as in use by another: the lock of every checkpoint (count, dominate, tour).
pub(crate) fn lock_checkpoint(file: &File, path: &Path) -> Result<()> {
    lock(file).map_err(|e| match e.kind() {
        std::io::ErrorKind::WouldBlock => in_use(path),
        _ => bad(format!(
            "cannot open checkpoint '{}': {}",
            path.display(),
            io_reason(&e)
        )),
    })
}

/// The refusal of a checkpoint another process holds.
pub(crate) fn in_use(path: &Path) -> Failure {
    bad(format!(
        "checkpoint '{}' is in use by another queens process (it is locked): wait for it to end, or give another file",
        path.display()
    ))
}

/// An exclusive lock on the whole file, released when it is closed (also by a crash).
fn lock(file: &File) -> std::io::Result<()> {
    // SAFETY: flock on a file descriptor this process owns; it only sets a lock.
    let r = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if r == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            version: super::super::FORMAT_VERSION,
            n: 9,
            engine: "quarters".into(),
            parts: 40,
            fingerprint: "0123456789abcdef".into(),
            share: None,
        }
    }

    fn file(records: &[(usize, u128)]) -> String {
        file_of(super::super::FORMAT_VERSION, records)
    }

    /// A checkpoint of format `version` with `records`.
    fn file_of(version: u32, records: &[(usize, u128)]) -> String {
        let mut s = Header {
            version,
            ..header()
        }
        .line();
        for &(i, c) in records {
            s.push_str(&record_line(version, i, c));
        }
        s
    }

    #[test]
    fn a_written_checkpoint_reads_back() {
        let text = file(&[(3, 17), (0, 0), (39, 123456789012345678901234567890)]);
        let c = read(text.as_bytes(), &header()).unwrap();
        assert_eq!(
            c.records,
            vec![(3, 17), (0, 0), (39, 123456789012345678901234567890)]
        );
        assert_eq!((c.keep, c.cut, c.fresh), (text.len(), false, false));
        let empty = read(b"", &header()).unwrap();
        assert!(empty.fresh && !empty.cut && empty.records.is_empty());
    }

    #[test]
    fn a_line_cut_anywhere_is_dropped_and_nothing_else() {
        let whole = file(&[(3, 17), (5, 2680)]);
        let last = whole.len() - record_line(3, 5, 2680).len();
        for end in last + 1..whole.len() {
            let c = read(&whole.as_bytes()[..end], &header()).unwrap();
            assert_eq!(
                (c.records.as_slice(), c.keep, c.cut),
                (&[(3, 17)][..], last, true),
                "cut at {end}"
            );
        }
        // Cut inside the header: a fresh file.
        let h = header().line();
        for end in 1..h.len() {
            let c = read(&h.as_bytes()[..end], &header()).unwrap();
            assert!(c.fresh && c.cut && c.keep == 0, "cut at {end}");
        }
    }

    #[test]
    fn every_flipped_byte_is_refused_or_harmless() {
        // A flipped byte anywhere either is refused or (in the last newline) makes the last
        // record unfinished, so its part is counted again: the records read are never wrong.
        let records = [(3, 17), (5, 2680), (7, 0)];
        let whole = file(&records);
        for at in 0..whole.len() {
            for bit in 0..8 {
                let mut bytes = whole.clone().into_bytes();
                bytes[at] ^= 1 << bit;
                match read(&bytes, &header()) {
                    Ok(c) => {
                        assert!(
                            c.records.iter().all(|r| records.contains(r)),
                            "byte {at} bit {bit}"
                        );
                        assert!(c.cut, "byte {at} bit {bit}: only a cut last line may pass");
                    }
                    Err(
                        Problem::Damaged { .. }
                        | Problem::NotCheckpoint
                        | Problem::Version(_)
                        | Problem::Other { .. },
                    ) => {}
                }
            }
        }
    }

    #[test]
    fn a_count_edited_with_its_crc_made_anew_reads_back_in_either_version() {
        // The CRC guards against damage, not against an editor: a count changed with its CRC
        // (and, in version 2, its residues) made anew is read as written. Only a recount of
        // the part tells (`--recount`).
        for version in super::super::READ_VERSIONS {
            let mut text = file_of(version, &[(3, 17)]);
            text.push_str(&record_line(version, 5, 2688));
            let c = read(
                text.as_bytes(),
                &Header {
                    version,
                    ..header()
                },
            )
            .unwrap();
            assert_eq!((c.records, c.version), (vec![(3, 17), (5, 2688)], version));
        }
        // The edit of the issue, in version 2: the residues equal the count itself.
        let v2 = record_line(2, 102, 248654);
        assert!(v2.starts_with("part 102 248654 248654:248654 "), "{v2}");
        // A count edited alone is refused.
        let edited = record_line(3, 5, 2680).replace("2680", "2688");
        assert_eq!(parse_record(3, edited.trim_end()), None);
    }

    #[test]
    fn a_checkpoint_of_format_version_2_is_read_and_continued_in_version_2() {
        let dir = std::env::temp_dir().join(format!("queens-checkpoint-v2-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("v2.log");
        std::fs::write(&path, file_of(2, &[(3, 17)])).unwrap();
        // The count expects the version written now; the file's own is kept.
        let (ck, done) = Checkpoint::open(&path, &header()).unwrap();
        assert_eq!(done, vec![(3, 17)]);
        ck.record(5, 2680);
        ck.finish().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, file_of(2, &[(3, 17), (5, 2680)]));
        assert!(text.ends_with(&record_line(2, 5, 2680)) && text.contains(" 2680:2680 "));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn another_plan_is_refused_by_name() {
        let text = file(&[(1, 2)]);
        type Change = (fn(&mut Header), &'static str);
        let cases: [Change; 5] = [
            (|h| h.n = 10, "N"),
            (|h| h.engine = "dihedral".into(), "engine"),
            (
                |h| h.fingerprint = "fedcba9876543210".into(),
                "list of parts",
            ),
            (|h| h.parts = 41, "list of parts"),
            (|h| h.share = Some(Share { index: 0, count: 2 }), "share"),
        ];
        for (change, what) in cases {
            let mut expected = header();
            change(&mut expected);
            match read(text.as_bytes(), &expected) {
                Err(Problem::Other { what: w, .. }) => assert_eq!(w, what),
                other => panic!("{what}: {other:?}"),
            }
        }
        let v1 = text.replacen("queens-checkpoint 3 ", "queens-checkpoint 1 ", 1);
        assert_eq!(read(v1.as_bytes(), &header()), Err(Problem::Version(1)));
    }

    #[test]
    fn other_files_are_refused() {
        for text in ["hello\n", "{\"n\":16}\n", "part 1 2 3\n", "hello"] {
            assert_eq!(
                read(text.as_bytes(), &header()),
                Err(Problem::NotCheckpoint),
                "{text}"
            );
        }
        let twice = file(&[(1, 2), (1, 2)]);
        assert!(matches!(
            read(twice.as_bytes(), &header()),
            Err(Problem::Damaged { line: 3, .. })
        ));
        let beyond = file(&[(40, 2)]);
        assert!(matches!(
            read(beyond.as_bytes(), &header()),
            Err(Problem::Damaged { line: 2, .. })
        ));
        let junk_tail = file(&[(1, 2)]) + "\u{1}\u{2}";
        assert!(matches!(
            read(junk_tail.as_bytes(), &header()),
            Err(Problem::Damaged { .. })
        ));
    }

    #[test]
    fn parts_recorded_are_read_back_and_the_file_is_locked_meanwhile() {
        let dir = std::env::temp_dir().join(format!("queens-checkpoint-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("ck.log");
        let (ck, done) = Checkpoint::open(&path, &header()).unwrap();
        assert!(done.is_empty());
        assert!(ck.record(3, 17) && ck.record(0, 5));
        assert!(
            Checkpoint::open(&path, &header()).is_err(),
            "locked while open"
        );
        ck.finish().unwrap();
        assert_eq!(
            Checkpoint::peek(&path, &header()).unwrap(),
            vec![(3, 17), (0, 5)]
        );
        let (ck, done) = Checkpoint::open(&path, &header()).unwrap();
        assert_eq!(done, vec![(3, 17), (0, 5)]);
        ck.record(39, 1);
        drop(ck); // also on an early return: written and synced
        assert_eq!(Checkpoint::peek(&path, &header()).unwrap().len(), 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    proptest::proptest! {
        #[test]
        fn any_bytes_are_read_or_refused_without_panic(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300),
        ) {
            let mut text = file(&[(3, 17)]).into_bytes();
            text.extend(&bytes);
            let _ = read(&text, &header());
            let _ = read(&bytes, &header());
        }
    }

    #[test]
    fn headers_round_trip() {
        let mut h = header();
        h.share = Some(Share { index: 3, count: 8 });
        let line = h.line();
        assert_eq!(Header::parse(line.trim_end()), Ok(h));
    }
}
