//! Exit codes and failures, decided in one place (after fd's `exit_codes.rs`).
//!
//! A command returns `Ok(Exit)` for an answer (yes or a legitimate no) or `Err(Failure)`;
//! [`report`] prints the failure's one line and turns both into the process's exit code.

use std::io;
use std::process::ExitCode;

/// Every exit code of `queens` (documented in the README).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// 0: found, valid, counted.
    Success,
    /// 1: a legitimate no: no solution, an invalid placement, an impossible completion, no
    /// tour, nothing found within the time limit.
    No,
    /// 2: bad input or usage.
    BadInput,
    /// 70: an internal check failed (an answer built wrong was caught before it was shown),
    /// as sysexits' EX_SOFTWARE: a defect to report, never the user's doing.
    Internal,
    /// 71: the system refused what the command needs to run (the server's runtime or its
    /// connections), as sysexits' EX_OSERR. An address the server cannot bind is bad usage
    /// (2): another `--port` or `--host` is the cure.
    System,
    /// 74: the output could not be written (a full disk, say), as sysexits' EX_IOERR: standard
    /// output, or a file the command writes after opening it (`--out`, `--svg`, a checkpoint's
    /// records). A named file that cannot be opened or created at all is bad input (2).
    WriteFailed,
    /// 130: interrupted by Ctrl-C, no result shown as complete.
    Interrupted,
}

impl Exit {
    /// The number the process exits with.
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::No => 1,
            Exit::BadInput => 2,
            Exit::Internal => 70,
            Exit::System => 71,
            Exit::WriteFailed => 74,
            Exit::Interrupted => 130,
        }
    }

    /// Success when `yes`, else the legitimate no.
    pub fn yes_or_no(yes: bool) -> Exit {
        if yes {
            Exit::Success
        } else {
            Exit::No
        }
    }
}

/// Why a command ended without its answer.
#[derive(Debug)]
pub enum Failure {
    /// Bad input: the one-line message names the bad value and what is accepted.
    Bad(String),
    /// A legitimate no that comes as an interruption of the work: the time limit ran out.
    No(String),
    /// Ctrl-C.
    Interrupted,
    /// The reader of standard output went away (`queens list 16 | head`): a quiet end.
    Closed,
    /// Writing the output failed.
    Write(io::Error),
    /// An internal check failed: the message says which.
    Internal(String),
    /// The system refused a resource the command needs.
    System(io::Error),
}

/// The result of a command.
pub type Result<T> = std::result::Result<T, Failure>;

/// Bad input with a message: `return Err(bad(format!(...)))`.
pub fn bad(message: impl Into<String>) -> Failure {
    Failure::Bad(message.into())
}

impl From<io::Error> for Failure {
    /// Errors of writing the output; reading input maps its own errors to [`Failure::Bad`].
    fn from(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::Closed
        } else {
            Failure::Write(e)
        }
    }
}

impl From<serde_json::Error> for Failure {
    fn from(e: serde_json::Error) -> Failure {
        Failure::from(io::Error::from(e))
    }
}

impl From<queens::Error> for Failure {
    fn from(e: queens::Error) -> Failure {
        match e {
            queens::Error::Cancelled => Failure::Interrupted,
            other => Failure::Bad(other.to_string()),
        }
    }
}

impl From<queens::ParseError> for Failure {
    fn from(e: queens::ParseError) -> Failure {
        Failure::Bad(e.to_string())
    }
}

/// An I/O error in words, without the error code of the operating system.
pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => {
            let text = e.to_string();
            match text.find(" (os error") {
                Some(i) => text[..i].to_string(),
                None => text,
            }
        }
    }
}

/// Writes a file the user named: a path that cannot be opened is bad input, a failure while
/// writing (a full disk) a failed write; both name the file.
pub fn write_file(path: &std::path::Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let shown = path.display();
    let mut file = std::fs::File::create(path)
        .map_err(|e| bad(format!("cannot create '{shown}': {}", io_reason(&e))))?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(|e| {
            Failure::Write(io::Error::new(
                e.kind(),
                format!("'{shown}': {}", io_reason(&e)),
            ))
        })
}

/// Prints what must be said on stderr and gives the exit code.
pub fn report(result: Result<Exit>) -> ExitCode {
    let exit = match result {
        Ok(exit) => exit,
        Err(Failure::Closed) => Exit::Success,
        Err(Failure::Bad(message)) => {
            eprintln!("queens: {message}");
            Exit::BadInput
        }
        Err(Failure::No(message)) => {
            eprintln!("queens: {message}");
            Exit::No
        }
        Err(Failure::Interrupted) => {
            eprintln!("queens: interrupted: no result");
            Exit::Interrupted
        }
        Err(Failure::Write(e)) => {
            eprintln!("queens: cannot write the output: {e}");
            Exit::WriteFailed
        }
        Err(Failure::Internal(message)) => {
            eprintln!("queens: internal error: {message}; please report it");
            Exit::Internal
        }
        Err(Failure::System(e)) => {
            eprintln!("queens: the system refused: {e}");
            Exit::System
        }
    };
    ExitCode::from(exit.code())
}
