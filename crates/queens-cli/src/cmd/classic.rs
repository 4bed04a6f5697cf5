//! What `list`, `count`, `trace`, `bench` and `solve` share about the classic algorithms
//! (`queens::classic`): the names on the command line, the size checks, and their statistics
//! as text or JSON.

use crate::exit::{bad, Failure};
use queens::classic::{Algorithm, Stats};

/// The value parser of `--algorithm` for the classic algorithms.
pub fn parse(s: &str) -> Result<Algorithm, String> {
    s.parse()
}

/// What `list --algorithm` names: a classic algorithm of the library, or the seeds' SQL
/// statement run in SQLite (its own crate, `queens-sql`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lister {
    Classic(Algorithm),
    Sql,
}

impl Lister {
    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Lister::Classic(a) => a.name(),
            Lister::Sql => "sql",
        }
    }

    /// One line on what it is.
    pub fn about(self) -> &'static str {
        match self {
            Lister::Classic(a) => a.about(),
            Lister::Sql => "one recursive SQL statement over the squares, run in SQLite (the Oracle program of seed 001)",
        }
    }

    /// The largest N it takes.
    pub fn max_n(self) -> usize {
        match self {
            Lister::Classic(a) => a.max_n(),
            Lister::Sql => queens_sql::MAX_N,
        }
    }

    /// Every one, in the order of the seeds' story, the SQL statement last.
    pub fn all() -> Vec<Lister> {
        let classic = Algorithm::ALL.iter().map(|&a| Lister::Classic(a));
        classic.chain([Lister::Sql]).collect()
    }
}

impl std::fmt::Display for Lister {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Lister::Classic(a) => write!(f, "{a}"),
            Lister::Sql => f.write_str("sql"),
        }
    }
}

/// The value parser of `list --algorithm`: the classic names and `sql`.
pub fn parse_lister(s: &str) -> Result<Lister, String> {
    if s == "sql" {
        return Ok(Lister::Sql);
    }
    s.parse()
        .map(Lister::Classic)
        .map_err(|e: String| e + ", sql")
}

/// The SQL statement's size check and a note when it will take long.
pub fn check_sql(n: usize) -> Result<(), Failure> {
    if n > queens_sql::MAX_N {
        return Err(bad(format!(
            "N = {n} is too large for --algorithm sql: it accepts N from 1 to {} (the statement \
             builds every set of non-attacking queens, square by square)",
            queens_sql::MAX_N
        )));
    }
    if n >= 10 {
        eprintln!("queens: warning: the SQL statement takes minutes for N = {n}; Ctrl-C stops it");
    }
    Ok(())
}

/// The `--show-sql` text: the statement, with the size it runs with.
pub fn sql_text(n: usize) -> String {
    format!("-- run with :d = {n}\n{}", queens_sql::STATEMENT)
}

/// `--half` belongs to the iterative program alone (the half it finds before mirroring).
pub fn check_half(algorithm: Algorithm, half: bool) -> Result<(), Failure> {
    if half && algorithm != Algorithm::Iterative {
        return Err(bad(format!(
            "--half applies to --algorithm iterative only, not '{algorithm}'"
        )));
    }
    Ok(())
}

/// Bad input unless `algorithm` handles boards up to `n`.
pub fn check_size(algorithm: Algorithm, n: usize) -> Result<(), Failure> {
    if n > algorithm.max_n() {
        return Err(bad(format!(
            "N = {n} is too large for --algorithm {algorithm}: it accepts N from 1 to {}",
            algorithm.max_n()
        )));
    }
    Ok(())
}

/// The stats as one line of text.
pub fn stats_line(algorithm: Algorithm, n: usize, stats: Option<&Stats>, seconds: f64) -> String {
    match stats {
        Some(s) => format!(
            "{algorithm} N = {n}: solutions {}, nodes {}, tests {}, placements {}, removals {}, {seconds:.6} s",
            s.solutions, s.nodes, s.tests, s.placements, s.removals
        ),
        None => format!("{algorithm} N = {n}: {seconds:.6} s (the fast engine counts no work)"),
    }
}

/// Wirth's average: safety tests per solution listed, up to the last one.
pub fn tests_per_solution(listed: u64, tests_to_last: u64) -> Option<f64> {
    (listed > 0).then(|| tests_to_last as f64 / listed as f64)
}

/// The units the classic algorithms report progress in (the candidates of the generate-and-
/// test ones; the first queen's squares of the backtrackers).
pub fn units(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Brute | Algorithm::Permutations => "candidates",
        _ => "rows of the first queen",
    }
}

/// Says before a hopeless run starts what it will take: brute force and the permutations
/// examine every candidate, N^N and N! of them, some tens of millions a second.
pub fn warn_if_long(algorithm: Algorithm, n: usize) {
    let candidates = match algorithm {
        Algorithm::Brute => (n as f64).powi(n as i32),
        Algorithm::Permutations => (1..=n).map(|k| k as f64).product(),
        _ => return,
    };
    let seconds = candidates / 2e7;
    if seconds >= 60.0 {
        eprintln!(
            "queens: warning: {algorithm} examines {candidates:.2e} candidates for N = {n}: about {} at some 20 million a second (Ctrl-C stops)",
            crate::job::duration(seconds)
        );
    }
}
