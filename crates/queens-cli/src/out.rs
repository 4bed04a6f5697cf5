//! Writing results: a buffered stdout, and turning errors into one line and an exit code.

use std::io::{self, BufWriter, StdoutLock, Write};
use std::process::ExitCode;

/// Buffered standard output. A closed pipe (`queens list 16 | head`) surfaces as an
/// `io::ErrorKind::BrokenPipe` error, which [`report`] turns into a quiet exit.
pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// An error whose message is the whole story: bad input, exit code 2.
#[derive(Debug)]
pub struct BadInput(pub String);

impl std::fmt::Display for BadInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Bad input with a message: `return Err(bad(format!(...)))`.
pub fn bad(message: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(BadInput(message.into()))
}

/// Prints the error as one line on stderr and chooses the exit code.
pub fn report(e: anyhow::Error) -> ExitCode {
    for cause in e.chain() {
        if let Some(io) = cause.downcast_ref::<io::Error>() {
            if io.kind() == io::ErrorKind::BrokenPipe {
                return ExitCode::SUCCESS;
            }
        }
        if let Some(queens::Error::Cancelled) = cause.downcast_ref::<queens::Error>() {
            eprintln!("queens: interrupted: no result");
            return ExitCode::from(130);
        }
    }
    let _ = io::stdout().flush();
    eprintln!("queens: {e:#}");
    ExitCode::from(2)
}

impl std::error::Error for BadInput {}
