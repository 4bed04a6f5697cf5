//! The output layer: standard output that streams, and the formats every command shares
//! ([`format`]).
//!
//! [`Out`] buffers standard output and flushes it when a record is finished and the last
//! flush is more than a few milliseconds old: a slow producer's results appear as they are
//! found, a fast one still writes in large blocks. JSON goes through serde.

pub mod format;
pub mod placement;
pub mod svg;

use std::io::{self, BufWriter, StdoutLock, Write};
use std::time::{Duration, Instant};

/// A record waits at most this long in the buffer while others follow.
const FLUSH_EVERY: Duration = Duration::from_millis(20);

/// Buffered standard output, flushed record by record when records are slow to come.
pub struct Out {
    inner: BufWriter<StdoutLock<'static>>,
    flushed: Instant,
}

impl Out {
    /// Standard output.
    pub fn stdout() -> Out {
        Out {
            inner: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
            // The first record of a slow producer goes out at once.
            flushed: Instant::now() - FLUSH_EVERY,
        }
    }

    /// Marks the end of a record (a solution, a line): flushes if the last flush is old.
    pub fn record(&mut self) -> io::Result<()> {
        if self.flushed.elapsed() >= FLUSH_EVERY {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes one value as a JSON line and ends the record.
    pub fn json_line<T: serde::Serialize>(&mut self, value: &T) -> io::Result<()> {
        serde_json::to_writer(&mut *self, value)?;
        self.write_all(b"\n")?;
        self.record()
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.flushed = Instant::now();
        self.inner.flush()
    }
}

/// Rounds seconds to milliseconds for the JSON records.
pub fn millis(seconds: f64) -> f64 {
    (seconds * 1000.0).round() / 1000.0
}

/// `1 queen`, `8 queens`: a count with its noun, singular or plural.
pub fn plural(count: impl Into<u128>, one: &str, many: &str) -> String {
    let count = count.into();
    format!("{count} {}", if count == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals() {
        assert_eq!(plural(1u32, "queen", "queens"), "1 queen");
        assert_eq!(plural(0u32, "queen", "queens"), "0 queens");
        assert_eq!(plural(92u32, "solution", "solutions"), "92 solutions");
    }
}
