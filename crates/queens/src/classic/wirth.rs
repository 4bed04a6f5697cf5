//! Wirth's eight queens: backtracking with the row array and the two diagonal arrays.
//!
//! Source: N. Wirth, "Algorithms + Data Structures = Programs", section 3.5 (seed 003),
//! programs 3.4 (one solution) and 3.5 (all solutions). Column by column (`i`), the queen
//! tries the rows `j = 1..n` in order. Instead of the board, the program keeps what the safety
//! test needs: `a[j]` (no queen on row j), `b[i+j]` (none on that /-diagonal, where the sum is
//! constant) and `c[i-j]` (none on that \-diagonal, where the difference is constant). The test
//! "safe" is `a[j] & b[i+j] & c[i-j]`; placing a queen sets the three to FALSE, removing it
//! sets them back (3.32, 3.33). Program 3.4 is this search stopped at its first solution,
//! x = (1,5,8,6,3,7,2,4).
//!
//! The counter `n` of Wirth's table 3.2 is the number of evaluations of the safety test made
//! between one solution and the next: [`super::Event::Solution`] carries it, and the average
//! over the 92 solutions for N = 8 is his 161.

use super::{attacker, Search, Step};
use super::{Event, Stats};
use crate::placement::Placement;
use crate::square::{Line, Square};
use std::ops::ControlFlow;

/// Wirth's variables (3.31), 1-based as in the book: `x[i]` is the row of column i's queen.
struct Board {
    n: usize,
    x: Vec<usize>,
    a: Vec<bool>,
    b: Vec<bool>,
    c: Vec<bool>,
}

pub(crate) fn search<F: FnMut(&Event, &Stats) -> ControlFlow<()>>(
    n: usize,
    s: &mut Search<F>,
) -> Step {
    let mut board = Board {
        n,
        x: vec![0; n + 1],
        a: vec![true; n + 1],
        b: vec![true; 2 * n + 1],
        // c[i-j] with i - j in -(n-1)..=n-1, stored at i - j + n.
        c: vec![true; 2 * n + 1],
    };
    s.control().set_total(n as u64);
    s.node();
    try_column(1, &mut board, s)
}

/// Procedure Try(i) of program 3.5.
fn try_column<F: FnMut(&Event, &Stats) -> ControlFlow<()>>(
    i: usize,
    w: &mut Board,
    s: &mut Search<F>,
) -> Step {
    let n = w.n;
    for j in 1..=n {
        s.tests(1)?;
        let square = Square::new(i as u32 - 1, j as u32 - 1);
        if w.a[j] && w.b[i + j] && w.c[i + n - j] {
            w.x[i] = j;
            w.a[j] = false;
            w.b[i + j] = false;
            w.c[i + n - j] = false;
            s.place(square)?;
            if i < n {
                try_column(i + 1, w, s)?;
            } else {
                let rows = w.x[1..].iter().map(|&r| r as u32 - 1).collect();
                s.solution(&Placement::from_rows_unchecked(rows), false)?;
            }
            w.a[j] = true;
            w.b[i + j] = true;
            w.c[i + n - j] = true;
            s.remove(square)?;
            if i == 1 {
                s.control().advance(1);
            }
        } else if s.tracing() {
            let line = if !w.a[j] {
                Line::Row
            } else if !w.b[i + j] {
                Line::AntiDiagonal
            } else {
                Line::Diagonal
            };
            let x = &w.x[1..i];
            s.reject(square, line, || {
                attacker(x.iter().map(|&r| r as u32 - 1), square, line)
            })?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::classic::{run, Algorithm, Event, Options};
    use crate::Control;
    use std::ops::ControlFlow;

    /// The solutions for N = 8 with Wirth's counter n.
    fn table(n: usize) -> Vec<(String, u64)> {
        let mut rows = Vec::new();
        run(
            Algorithm::Wirth,
            n,
            Options::default(),
            &Control::new(),
            |e| {
                if let Event::Solution {
                    placement, tests, ..
                } = e
                {
                    rows.push((placement.perm(), *tests));
                }
                ControlFlow::Continue(())
            },
        )
        .unwrap();
        rows
    }

    #[test]
    fn program_3_4_finds_wirths_solution_first() {
        let t = table(8);
        assert_eq!(t.len(), 92);
        assert_eq!(t[0].0, "1 5 8 6 3 7 2 4");
    }

    /// Table 3.2 of the book: the first 12 solutions and the number n of safety tests made
    /// to reach each from the one before. (Seed 003 quotes the table's caption and the average
    /// but lost its figures; these are the book's.)
    #[test]
    fn table_3_2() {
        let book = [
            ("1 5 8 6 3 7 2 4", 876),
            ("1 6 8 3 7 4 2 5", 264),
            ("1 7 4 6 8 2 5 3", 200),
            ("1 7 5 8 2 4 6 3", 136),
            ("2 4 6 8 3 1 7 5", 504),
            ("2 5 7 1 3 8 6 4", 400),
            ("2 5 7 4 1 8 6 3", 72),
            ("2 6 1 7 4 8 3 5", 280),
            ("2 6 8 3 1 4 7 5", 240),
            ("2 7 3 6 8 5 1 4", 264),
            ("2 7 5 8 1 4 6 3", 160),
            ("2 8 6 1 3 5 7 4", 336),
        ];
        let t = table(8);
        for (row, (perm, n)) in t.iter().zip(book) {
            assert_eq!((row.0.as_str(), row.1), (perm, n));
        }
    }

    #[test]
    fn the_average_of_n_over_the_92_solutions_is_161() {
        let t = table(8);
        let total: u64 = t.iter().map(|(_, n)| n).sum();
        assert_eq!((total as f64 / 92.0).round(), 161.0);
    }

    #[test]
    fn every_square_of_the_first_column_is_tested_and_the_counts_add_up() {
        let mut places = 0u64;
        let stats = run(
            Algorithm::Wirth,
            6,
            Options {
                trace: true,
                half: false,
            },
            &Control::new(),
            |e| {
                if let Event::Place(_) = e {
                    places += 1;
                }
                ControlFlow::Continue(())
            },
        )
        .unwrap();
        assert_eq!(stats.placements, places);
        assert_eq!(stats.placements, stats.removals);
        assert_eq!(stats.nodes, stats.placements + 1);
        // Each column tried from a partial placement tests all N rows.
        let inner = stats.nodes - stats.solutions;
        assert_eq!(stats.tests, 6 * inner);
    }
}
