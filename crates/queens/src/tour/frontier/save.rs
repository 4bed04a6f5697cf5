//! A frontier count saved between two cells, and resumed from what was saved.
//!
//! Everything the count knows after a cell is the states it holds with their counts, the tours
//! closed so far and its record of states and memory: written out, that is a checkpoint from
//! which the same count goes on at the next cell and ends with the same number. The library
//! writes to and reads from any byte stream; the caller chooses the file and when to save.
//!
//! The format, all integers little-endian: the line [`MAGIC`]; the board (rows, columns as
//! `u32`), the kind (`u8`: 0 closed, 1 open, 2 from a square, then the square's index as
//! `u32`), the next cell (`u32`), the tours closed (a `u32` length, then that many bytes), the
//! peak bytes (`u64`), the states held after each cell done (a `u32` length, then `u64`s), the
//! bytes of a key and of a count (`u8` each: a count of 8, 16 or 32 bytes, or 0 when each
//! count is saved as a `u32` length and that many bytes), the number of states (`u64`), the
//! states (key, count), and last a check word (`u64`) over everything after the magic line.
//! Version 1, still read, saved the tours closed as a `u128` and counts of 8 or 16 bytes
//! only. A reader takes nothing on trust: every length is bounded before it is used (a
//! number of a board of n cells is below 16^n: at most n / 2 + 1 bytes), every key must be a
//! sound state of the board, and the check word must match.

use super::table::{Count, Key};
use super::{Board, FrontierError, Kind};
use num_bigint::BigUint;
use std::io::{self, Read, Write};

/// The first line of a saved count.
pub const MAGIC: &[u8] = b"queens frontier count, version 2\n";

/// The first line of a count saved by version 1 (its tours closed in 128 bits).
const MAGIC_V1: &[u8] = b"queens frontier count, version 1\n";

/// A count between two cells, as it can be written.
pub trait Snapshot {
    /// The next cell to do, and the cells in all.
    fn cell(&self) -> (usize, usize);
    /// The states held.
    fn states(&self) -> usize;
    /// Writes the whole count to `w` (it may be gigabytes: give a buffered writer).
    fn write_to(&self, w: &mut dyn Write) -> io::Result<()>;
}

/// What a saved count says besides its states.
pub struct Header {
    pub board: Board,
    pub kind_tag: u8,
    pub from: u32,
    pub cell: usize,
    pub total: BigUint,
    pub peak: u64,
    pub held: Vec<usize>,
    pub key_bytes: u8,
    pub count_bytes: u8,
    pub states: u64,
}

/// The tag and square of a kind.
pub fn kind_tag(board: Board, kind: Kind) -> (u8, u32) {
    match kind {
        Kind::Closed => (0, u32::MAX),
        Kind::Open => (1, u32::MAX),
        Kind::From(s) => (2, board.index(s)),
    }
}

/// A running check word: each word mixed in by a multiply and a rotation. Writer and reader
/// add the same pieces in the same order (a piece's last word padded with zeros).
#[derive(Default)]
pub struct Check(u64);

impl Check {
    fn add(&mut self, bytes: &[u8]) {
        for word in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..word.len()].copy_from_slice(word);
            self.0 = (self.0 ^ u64::from_le_bytes(w))
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(23);
        }
    }
}

/// A writer that keeps the check word of what passes through it.
pub struct Checked<'a> {
    w: &'a mut dyn Write,
    check: Check,
    /// The bytes of one state, reused.
    buf: Vec<u8>,
}

impl<'a> Checked<'a> {
    pub fn new(w: &'a mut dyn Write) -> Checked<'a> {
        Checked {
            w,
            check: Check::default(),
            buf: Vec::with_capacity(64),
        }
    }

    pub fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.check.add(bytes);
        self.w.write_all(bytes)
    }

    /// The header, as [`Header`] says.
    pub fn header(&mut self, h: &Header) -> io::Result<()> {
        self.w.write_all(MAGIC)?;
        self.put(&(h.board.rows as u32).to_le_bytes())?;
        self.put(&(h.board.cols as u32).to_le_bytes())?;
        self.put(&[h.kind_tag])?;
        self.put(&h.from.to_le_bytes())?;
        self.put(&(h.cell as u32).to_le_bytes())?;
        let total = h.total.to_bytes_le();
        self.put(&(total.len() as u32).to_le_bytes())?;
        self.put(&total)?;
        self.put(&h.peak.to_le_bytes())?;
        self.put(&(h.held.len() as u32).to_le_bytes())?;
        for &s in &h.held {
            self.put(&(s as u64).to_le_bytes())?;
        }
        self.put(&[h.key_bytes, h.count_bytes])?;
        self.put(&h.states.to_le_bytes())
    }

    /// One state and its count: one piece, or three when the count has its own length (key,
    /// length, count), as the reader takes them.
    #[inline]
    pub fn state<K: Key, C: Count>(&mut self, key: K, count: &C) -> io::Result<()> {
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        buf.extend_from_slice(&key.raw().to_le_bytes()[..size_of::<K>()]);
        let written = if C::SAVED_BYTES == 0 {
            let key_bytes = buf.len();
            count.put_le(&mut buf);
            let len = (buf.len() - key_bytes) as u32;
            self.put(&buf[..key_bytes])
                .and_then(|()| self.put(&len.to_le_bytes()))
                .and_then(|()| self.put(&buf[key_bytes..]))
        } else {
            count.put_le(&mut buf);
            self.put(&buf)
        };
        self.buf = buf;
        written
    }

    /// The check word, last.
    pub fn finish(self) -> io::Result<()> {
        self.w.write_all(&self.check.0.to_le_bytes())
    }
}

/// A reader that keeps the check word of what it reads, and says what is wrong in one line.
pub struct Reader<'a> {
    r: &'a mut dyn Read,
    check: Check,
    /// The most bytes a number of the board takes (set by the header).
    max_number: usize,
}

/// A damaged or foreign saved count.
pub fn damaged(why: impl Into<String>) -> FrontierError {
    FrontierError::Checkpoint(why.into())
}

impl<'a> Reader<'a> {
    pub fn new(r: &'a mut dyn Read) -> Reader<'a> {
        Reader {
            r,
            check: Check::default(),
            max_number: 0,
        }
    }

    /// `len` bytes, the length bounded first.
    fn bytes(&mut self, len: usize) -> Result<Vec<u8>, FrontierError> {
        if len > self.max_number {
            return Err(damaged(format!(
                "a number of {len} bytes is longer than any count of the board ({} at most)",
                self.max_number
            )));
        }
        let mut b = vec![0u8; len];
        self.r
            .read_exact(&mut b)
            .map_err(|_| damaged("it ends too soon"))?;
        self.check.add(&b);
        Ok(b)
    }

    fn take<const N: usize>(&mut self) -> Result<[u8; N], FrontierError> {
        let mut b = [0u8; N];
        self.r
            .read_exact(&mut b)
            .map_err(|_| damaged("it ends too soon"))?;
        self.check.add(&b);
        Ok(b)
    }
    fn u8(&mut self) -> Result<u8, FrontierError> {
        Ok(self.take::<1>()?[0])
    }
    fn u32(&mut self) -> Result<u32, FrontierError> {
        Ok(u32::from_le_bytes(self.take()?))
    }
    fn u64(&mut self) -> Result<u64, FrontierError> {
        Ok(u64::from_le_bytes(self.take()?))
    }

    /// The header of a count of `kind` on `board` with `cells` cells, keys of `key_bytes`;
    /// whatever else it holds is refused.
    pub fn header(
        &mut self,
        board: Board,
        kind: Kind,
        cells: usize,
        key_bytes: usize,
    ) -> Result<Header, FrontierError> {
        let mut magic = vec![0u8; MAGIC.len()];
        let version1 = match self.r.read_exact(&mut magic) {
            Ok(()) if magic == MAGIC => false,
            Ok(()) if magic == MAGIC_V1 => true,
            _ => {
                return Err(damaged(
                    "it is not a saved frontier count (its first line differs)",
                ))
            }
        };
        self.max_number = cells / 2 + 1;
        let (rows, cols) = (self.u32()? as usize, self.u32()? as usize);
        let (kind_tag, from) = (self.u8()?, self.u32()?);
        let saved = Board::new(rows.min(1 << 16), cols.min(1 << 16));
        if saved != board || (kind_tag, from) != self::kind_tag(board, kind) {
            let what = match kind_tag {
                0 => "closed tours".to_string(),
                1 => "open tours".to_string(),
                _ if from < saved.square_count() as u32 => {
                    format!("tours from {}", saved.square(from))
                }
                _ => "tours of an unknown kind".to_string(),
            };
            return Err(damaged(format!(
                "it is a count of {what} on {saved}, not this one"
            )));
        }
        let cell = self.u32()? as usize;
        let total = match version1 {
            true => BigUint::from(u128::from_le_bytes(self.take()?)),
            false => {
                let len = self.u32()? as usize;
                BigUint::from_bytes_le(&self.bytes(len)?)
            }
        };
        let peak = self.u64()?;
        let held_len = self.u32()? as usize;
        if cell == 0 || cell > cells || held_len != cell {
            return Err(damaged(format!(
                "its cell ({cell}) or its record of cells ({held_len}) does not fit a board of {cells} cells"
            )));
        }
        let held = (0..held_len)
            .map(|_| self.u64().map(|s| s as usize))
            .collect::<Result<_, _>>()?;
        let [kb, cb] = self.take::<2>()?;
        let widths: &[u8] = if version1 { &[8, 16] } else { &[8, 16, 32, 0] };
        if kb as usize != key_bytes || !widths.contains(&cb) {
            return Err(damaged(format!(
                "its states take keys of {kb} and counts of {cb} bytes, not keys of {key_bytes} and counts of {widths:?} (0: each its own)"
            )));
        }
        let states = self.u64()?;
        Ok(Header {
            board,
            kind_tag,
            from,
            cell,
            total,
            peak,
            held,
            key_bytes: kb,
            count_bytes: cb,
            states,
        })
    }

    /// One state and its count, the count saved in `C::SAVED_BYTES`.
    #[inline]
    pub fn state<K: Key, C: Count>(&mut self) -> Result<(K, C), FrontierError> {
        let mut buf = [0u8; 48];
        let (kb, cb) = (size_of::<K>(), C::SAVED_BYTES as usize);
        self.r
            .read_exact(&mut buf[..kb + cb])
            .map_err(|_| damaged("it ends too soon"))?;
        self.check.add(&buf[..kb + cb]);
        let mut k = [0u8; 16];
        k[..kb].copy_from_slice(&buf[..kb]);
        let key = K::from_raw(u128::from_le_bytes(k));
        let count = match cb {
            0 => {
                let len = self.u32()? as usize;
                let bytes = self.bytes(len)?;
                C::from_le(&bytes)
            }
            _ => C::from_le(&buf[kb..kb + cb]),
        };
        Ok((key, count.ok_or(damaged("a count is too wide"))?))
    }

    /// The check word, and nothing after it.
    pub fn finish(self) -> Result<(), FrontierError> {
        let want = self.check.0;
        let mut b = [0u8; 8];
        self.r
            .read_exact(&mut b)
            .map_err(|_| damaged("it ends too soon"))?;
        if u64::from_le_bytes(b) != want {
            return Err(damaged("its check word does not match its contents"));
        }
        let mut more = [0u8; 1];
        match self.r.read(&mut more) {
            Ok(0) => Ok(()),
            _ => Err(damaged("it goes on past its end")),
        }
    }
}

use std::mem::size_of;
