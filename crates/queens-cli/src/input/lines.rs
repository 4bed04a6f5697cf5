//! Bounded, streaming reading of the files and pipes that commands take: one line at a time,
//! each line at most a set number of bytes, so that no input, not even `/dev/zero` or a file
//! of one endless line, makes the process hold more than that bound.
//!
//! A line ends at a newline, at a carriage return followed by a newline (one break, as
//! Windows writes it) or at a carriage return alone (as old Mac files do), so a `\r` never
//! stays inside a line to join two lines into one. A line is refused, naming its number, when
//! it is longer than the bound, holds a NUL byte (no form the tool reads has one: `/dev/zero`
//! is refused at its first byte) or is not UTF-8. A UTF-8 byte order mark at the start is
//! skipped.
//! A path must name a file, a pipe or a terminal, not a folder. Messages quote bad text through
//! [`quote`]: a few tens of characters, control characters escaped.

use crate::exit::{bad, Failure};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// The longest line of a placement: the rows of N = 10^8 written as numbers take 889 MB.
pub const MAX_PLACEMENT_LINE: usize = 1 << 30;

/// The largest instance file of `complete --input` (N up to 50,000: about 1 MB).
pub const MAX_INSTANCE: usize = 1 << 26;

/// A file or standard input, read line by line.
pub struct Lines {
    reader: BufReader<Box<dyn Read>>,
    name: String,
    max: usize,
    number: usize,
    buf: Vec<u8>,
    /// The last line ended at a carriage return: a newline right after it belongs to that
    /// break. Kept as state, so a line ended by `\r` is handed out without waiting for the
    /// next byte of a pipe.
    after_cr: bool,
}

impl Lines {
    /// Opens `path` (`-`: standard input) for lines of at most `max` bytes.
    pub fn open(path: &Path, max: usize) -> Result<Lines, Failure> {
        let name = super::shown(path);
        let inner: Box<dyn Read> = if path.as_os_str() == "-" {
            Box::new(std::io::stdin())
        } else {
            let file = std::fs::File::open(path)
                .map_err(|e| bad(format!("cannot read {name}: {}", super::io_reason(&e))))?;
            if file.metadata().is_ok_and(|m| m.is_dir()) {
                return Err(bad(format!(
                    "cannot read {name}: it is a folder, expected a file"
                )));
            }
            Box::new(file)
        };
        Ok(Lines::new(inner, name, max))
    }

    /// Lines of at most `max` bytes from `inner`, named `name` in messages.
    pub fn new(inner: Box<dyn Read>, name: String, max: usize) -> Lines {
        Lines {
            reader: BufReader::with_capacity(1 << 16, inner),
            name,
            max,
            number: 0,
            buf: Vec::new(),
            after_cr: false,
        }
    }

    /// The input as messages name it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether everything read so far has been handed out: the next line has to wait for the
    /// input, so the output made so far should be flushed now.
    pub fn is_drained(&self) -> bool {
        self.reader.buffer().is_empty()
    }

    /// The next line, without its newline, and its number (from 1); `None` at the end.
    pub fn next_line(&mut self) -> Result<Option<(usize, &str)>, Failure> {
        self.buf.clear();
        let ended = self.fill()?;
        if ended && self.buf.is_empty() {
            return Ok(None);
        }
        self.number += 1;
        if self.number == 1 && self.buf.starts_with("\u{feff}".as_bytes()) {
            self.buf.drain(..3);
        }
        let number = self.number;
        let text = std::str::from_utf8(&self.buf)
            .map_err(|_| bad(format!("{}, line {number}: not UTF-8 text", self.name)))?;
        Ok(Some((number, text)))
    }

    /// Reads up to the next line break (dropped) into `buf`; true at the end of the input.
    fn fill(&mut self) -> Result<bool, Failure> {
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(bad(format!(
                        "cannot read {}: {}",
                        self.name,
                        super::io_reason(&e)
                    )))
                }
            };
            if chunk.is_empty() {
                return Ok(true);
            }
            if std::mem::take(&mut self.after_cr) && chunk[0] == b'\n' {
                self.reader.consume(1);
                continue;
            }
            // The break that ends the line, or a NUL that ends the reading (vectorised).
            let stop = memchr::memchr3(b'\n', b'\r', 0, chunk);
            let take = stop.unwrap_or(chunk.len());
            if self.buf.len() + take > self.max {
                return Err(self.too_long());
            }
            self.buf.extend_from_slice(&chunk[..take]);
            match stop.map(|i| chunk[i]) {
                Some(b'\n') => {
                    self.reader.consume(take + 1);
                    return Ok(false);
                }
                Some(b'\r') => {
                    // A newline after it is part of the break: taken now when it has come
                    // with the carriage return, else at the start of the next line.
                    let newline = chunk.get(take + 1).map(|&b| b == b'\n');
                    self.reader
                        .consume(take + 1 + usize::from(newline == Some(true)));
                    self.after_cr = newline.is_none();
                    return Ok(false);
                }
                Some(_) => {
                    return Err(bad(format!(
                        "{}, line {}: a NUL byte: expected text",
                        self.name,
                        self.number + 1
                    )))
                }
                None => self.reader.consume(take),
            }
        }
    }

    fn too_long(&self) -> Failure {
        bad(format!(
            "{}, line {}: longer than {} bytes, the most this command reads in one line",
            self.name,
            self.number + 1,
            self.max
        ))
    }

    /// The rest of the input as one text of at most `max` bytes in all (lines joined by
    /// newlines), for the forms that span lines (a tour's grid).
    pub fn rest(&mut self, max: usize) -> Result<String, Failure> {
        let mut text = String::new();
        while let Some((_, line)) = self.next_line()? {
            if text.len() + line.len() + 1 > max {
                return Err(bad(format!(
                    "{} is longer than {max} bytes, the most this command reads",
                    self.name
                )));
            }
            text.push_str(line);
            text.push('\n');
        }
        Ok(text)
    }
}

/// The whole text of `path` (`-`: standard input), at most `max` bytes, read line by line with
/// the checks of [`Lines`].
pub fn read_text(path: &Path, max: usize) -> Result<String, Failure> {
    Lines::open(path, max)?.rest(max)
}

/// Bad text as a message quotes it: in single quotes, at most 40 characters (then `...`),
/// control characters escaped.
pub fn quote(text: &str) -> String {
    format!("'{}'", queens::error::excerpt(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &'static [u8], max: usize) -> Lines {
        Lines::new(Box::new(bytes), "the input".into(), max)
    }

    fn all(bytes: &'static [u8], max: usize) -> Result<Vec<String>, String> {
        let mut l = lines(bytes, max);
        let mut out = Vec::new();
        loop {
            match l.next_line() {
                Ok(Some((_, t))) => out.push(t.to_string()),
                Ok(None) => return Ok(out),
                Err(Failure::Bad(m)) => return Err(m),
                Err(_) => return Err("other".into()),
            }
        }
    }

    #[test]
    fn lines_come_back_without_newlines_bom_or_carriage_returns() {
        assert_eq!(
            all(b"\xef\xbb\xbf1 2\r\n\nlast", 10).unwrap(),
            ["1 2", "", "last"]
        );
        assert!(all(b"", 10).unwrap().is_empty());
    }

    #[test]
    fn a_carriage_return_alone_breaks_the_line() {
        assert_eq!(
            all(b"1 5 8 6 3 7 2 4\r2 4 1 3\r", 20).unwrap(),
            ["1 5 8 6 3 7 2 4", "2 4 1 3"]
        );
        assert_eq!(all(b"a\r\rb\r\n\nc", 10).unwrap(), ["a", "", "b", "", "c"]);
        assert_eq!(all(b"a\n\r\nb", 10).unwrap(), ["a", "", "b"]);
    }

    /// Input that arrives in pieces: a `\r\n` split between two reads is still one break.
    struct Pieces(Vec<&'static [u8]>);

    impl Read for Pieces {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            if self.0.is_empty() {
                return Ok(0);
            }
            let piece = self.0.remove(0);
            out[..piece.len()].copy_from_slice(piece);
            Ok(piece.len())
        }
    }

    #[test]
    fn a_break_split_between_reads_is_one_break() {
        let pieces = Pieces(vec![b"2 4 1 3\r", b"\n3 1 4 2\r", b"\r\n", b"x"]);
        let mut l = Lines::new(Box::new(pieces), "the input".into(), 10);
        let mut got = Vec::new();
        while let Some((number, text)) = l.next_line().unwrap() {
            got.push((number, text.to_string()));
        }
        let want = [(1, "2 4 1 3"), (2, "3 1 4 2"), (3, ""), (4, "x")];
        assert_eq!(got, want.map(|(k, t)| (k, t.to_string())));
    }

    proptest::proptest! {
        /// Lines joined by any of the three breaks come back as they were.
        #[test]
        fn every_break_gives_the_same_lines(
            lines in proptest::collection::vec("[a-z0-9 ]{0,6}", 1..8),
            breaks in proptest::collection::vec(0usize..3, 8),
        ) {
            let mut bytes = Vec::new();
            let mut after_cr = false;
            for (line, &b) in lines.iter().zip(&breaks) {
                // A carriage return then an empty line ended by a newline is CR LF: one
                // break, so that empty line ends with a carriage return instead.
                let b = if after_cr && line.is_empty() && b == 0 { 1 } else { b };
                bytes.extend_from_slice(line.as_bytes());
                bytes.extend_from_slice(["\n", "\r", "\r\n"][b].as_bytes());
                after_cr = b == 1;
            }
            let mut l = Lines::new(Box::new(std::io::Cursor::new(bytes)), "x".into(), 100);
            let mut got = Vec::new();
            while let Some((_, text)) = l.next_line().unwrap() {
                got.push(text.to_string());
            }
            proptest::prop_assert_eq!(got, lines);
        }
    }

    #[test]
    fn long_lines_nul_bytes_and_bad_utf8_are_refused_by_line() {
        assert!(all(b"12345\n123456789012\n", 10)
            .unwrap_err()
            .contains("line 2: longer than 10 bytes"));
        assert!(all(b"ok\n\0\0\0", 10)
            .unwrap_err()
            .contains("line 2: a NUL"));
        assert!(all(b"\xff\n", 10)
            .unwrap_err()
            .contains("line 1: not UTF-8"));
    }

    #[test]
    fn an_endless_input_is_refused_within_the_bound() {
        let zeros: Box<dyn Read> = Box::new(std::io::repeat(b'7'));
        let mut l = Lines::new(zeros, "sevens".into(), 1 << 20);
        assert!(l.next_line().is_err());
        assert!(l.buf.capacity() <= 2 << 20);
    }

    #[test]
    fn quotes_are_short_and_escaped() {
        assert_eq!(quote("a\u{0}b"), "'a\\u{0}b'");
        let long = "x".repeat(1000);
        assert_eq!(quote(&long), format!("'{}...'", "x".repeat(40)));
    }
}
