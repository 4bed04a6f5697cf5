//! Bounded, streaming reading of the files and pipes that commands take: one line at a time,
//! each line at most a set number of bytes, so that no input, not even `/dev/zero` or a file
//! of one endless line, makes the process hold more than that bound.
//!
//! A line is refused, naming its number, when it is longer than the bound, holds a NUL byte
//! (no form the tool reads has one: `/dev/zero` is refused at its first byte) or is not UTF-8.
//! A UTF-8 byte order mark at the start is skipped, and a `\r` before the newline dropped.
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
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        let number = self.number;
        let text = std::str::from_utf8(&self.buf)
            .map_err(|_| bad(format!("{}, line {number}: not UTF-8 text", self.name)))?;
        Ok(Some((number, text)))
    }

    /// Reads up to the next newline (dropped) into `buf`; true at the end of the input.
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
            // The newline that ends the line, or a NUL that ends the reading (vectorised).
            let stop = memchr::memchr2(b'\n', 0, chunk);
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
