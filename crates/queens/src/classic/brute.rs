//! Brute force: every one of the N^N placements with one queen per column, tested one by one.
//!
//! Source: the PHP program of seed 002. A whole board is one number of N base-N digits: the
//! digit of column a (the most significant) is the row of its queen, and so on. Counting from
//! 0 to N^N - 1 (00000000 to 77777777 in octal for N = 8, 16,777,216 boards) goes through every
//! placement; each is tested for queens sharing a row or a diagonal, and the good ones are
//! printed. The program prints its progress as a percentage of the numbers processed; here the
//! [`Control`](crate::Control) counts the numbers done out of N^N and the command line prints
//! the percentage.
//!
//! The test of a candidate is the placement's own ([`Placement::first_conflict`](crate::Placement::first_conflict)), which
//! stops at the first queen that clashes with one before it; each queen it looks at counts as
//! one safety test. (The PHP program goes on testing every pair after a clash; that changes
//! the number of tests, not the solutions.) The count is the same in lexicographic order of
//! the rows, since the most significant digit is column a.

use super::{Event, Stats};
use super::{Search, Step};
use std::ops::ControlFlow;

/// The largest N: N^N must fit in 64 bits (15^15 is about 4.4e17).
pub const MAX_N: usize = 15;

/// How many numbers between two reports of progress.
const REPORT_EVERY: u64 = 1 << 12;

pub(crate) fn search<F: FnMut(&Event, &Stats) -> ControlFlow<()>>(
    n: usize,
    s: &mut Search<F>,
) -> Step {
    let total = (n as u64).pow(n as u32);
    s.control().set_total(total);
    // The digits of the current number, column a first.
    let mut digits = vec![0u32; n];
    for number in 0..total {
        s.examine(&digits)?;
        if number % REPORT_EVERY == REPORT_EVERY - 1 {
            s.control().advance(REPORT_EVERY);
        }
        // Add one to the base-N number.
        for d in digits.iter_mut().rev() {
            *d += 1;
            if (*d as usize) < n {
                break;
            }
            *d = 0;
        }
    }
    s.control().advance(total % REPORT_EVERY);
    Ok(())
}
