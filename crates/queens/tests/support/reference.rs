//! The reference table of the N-queens counts, `tests/data/nqueens-counts.tsv` (OEIS A000170,
//! A002562, A032522, A033148; the sources are in the file), read by one parser for every test
//! suite of the library: its unit and integration tests include this file (`#[path =
//! ".../tests/support/reference.rs"] mod reference;`). The table is built into the test binary,
//! so a test never reads a file at run time. The other crates test against the library's
//! [`PUBLISHED`](queens::count::published::PUBLISHED) table, which the library checks against
//! this one.
#![allow(dead_code)] // each suite uses its own part

/// The table, as it is in the repository.
pub const TSV: &str = include_str!("../data/nqueens-counts.tsv");

/// One row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// The board size.
    pub n: usize,
    /// All solutions.
    pub total: u128,
    /// Up to the 8 symmetries of the board.
    pub fundamental: u128,
    /// Fixed by the half turn.
    pub fixed180: u128,
    /// Fixed by the quarter turn.
    pub fixed90: u128,
    /// The orbits of 8, 4 and 2 (none for N = 1, whose one solution is fixed by everything).
    pub orbits: Option<[u128; 3]>,
}

/// Every row, in order of N.
pub fn table() -> Vec<Row> {
    TSV.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("n\t") && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let num = |i: usize| {
                f[i].parse::<u128>()
                    .unwrap_or_else(|e| panic!("reference table, '{l}': {e}"))
            };
            Row {
                n: num(0) as usize,
                total: num(1),
                fundamental: num(2),
                fixed180: num(3),
                fixed90: num(4),
                orbits: (f[5] != "-").then(|| [num(5), num(6), num(7)]),
            }
        })
        .collect()
}

/// The row of `n`.
pub fn row(n: usize) -> Row {
    table()
        .into_iter()
        .find(|r| r.n == n)
        .unwrap_or_else(|| panic!("N = {n} is not in the reference table"))
}
