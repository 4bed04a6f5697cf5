//! Every solution of the N-queens problem, one at a time, in lexicographic order of the rows.
//!
//! A bitmask backtracker with an explicit stack instead of recursion, so that it can stop after
//! each solution and resume on the next call: the iterator holds only O(N) words, whatever the
//! number of solutions. Column by column (a, b, c, ...), the free rows of the column are
//! `!(rows | up | down)`, where `rows` marks the rows taken, `up` the rows hit in this column by
//! the up-going diagonals of the queens so far and `down` those hit by the down-going ones;
//! moving one column right shifts `up` left and `down` right. Taking the lowest free row first
//! gives the lexicographic order.
//!
//! ```
//! use queens::Solutions;
//!
//! let first: Vec<String> = Solutions::new(8).unwrap().take(2).map(|p| p.perm()).collect();
//! assert_eq!(first, ["1 5 8 6 3 7 2 4", "1 6 8 3 7 4 2 5"]);
//! assert_eq!(queens::solutions::fundamental(8).unwrap().count(), 12);
//! assert!(Solutions::new(0).is_err());
//! ```

use crate::error::Error;
use crate::placement::Placement;
use crate::symmetry::{is_canonical, Orbit};

/// The largest N the iterator accepts (the masks are 64-bit words).
pub const MAX_N: usize = 64;

/// Iterator over all solutions for one N.
#[derive(Clone, Debug)]
pub struct Solutions {
    n: usize,
    full: u64,
    depth: usize,
    rows: Vec<u32>,
    free: Vec<u64>,
    taken: Vec<u64>,
    up: Vec<u64>,
    down: Vec<u64>,
    done: bool,
}

impl Solutions {
    /// All solutions for an `n` x `n` board; `n` from 1 to [`MAX_N`], else
    /// [`Error::TooLarge`].
    pub fn new(n: usize) -> Result<Solutions, Error> {
        if !(1..=MAX_N).contains(&n) {
            return Err(Error::TooLarge { n, max: MAX_N });
        }
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut free = vec![0; n];
        free[0] = full;
        Ok(Solutions {
            n,
            full,
            depth: 0,
            rows: vec![0; n],
            free,
            taken: vec![0; n],
            up: vec![0; n],
            down: vec![0; n],
            done: false,
        })
    }
}

impl Iterator for Solutions {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        if self.done {
            return None;
        }
        loop {
            let d = self.depth;
            if self.free[d] == 0 {
                if d == 0 {
                    self.done = true;
                    return None;
                }
                self.depth -= 1;
                continue;
            }
            let bit = self.free[d] & self.free[d].wrapping_neg();
            self.free[d] ^= bit;
            self.rows[d] = bit.trailing_zeros();
            if d + 1 == self.n {
                return Some(Placement::from_rows_unchecked(self.rows.clone()));
            }
            self.taken[d + 1] = self.taken[d] | bit;
            self.up[d + 1] = (self.up[d] | bit) << 1;
            self.down[d + 1] = (self.down[d] | bit) >> 1;
            self.free[d + 1] = self.full & !(self.taken[d + 1] | self.up[d + 1] | self.down[d + 1]);
            self.depth += 1;
        }
    }
}

/// One representative per orbit (the canonical, smallest one) with its orbit, in increasing
/// order of the representatives; `n` as for [`Solutions::new`].
pub fn fundamental(n: usize) -> Result<impl Iterator<Item = (Placement, Orbit)>, Error> {
    Ok(Solutions::new(n)?.filter(is_canonical).map(|p| {
        let orbit = Orbit::of(&p);
        (p, orbit)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_queens_in_order() {
        let all: Vec<Placement> = Solutions::new(8).unwrap().collect();
        assert_eq!(all.len(), 92);
        assert_eq!(all[0].perm(), "1 5 8 6 3 7 2 4");
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert!(all.iter().all(Placement::is_solution));
        assert_eq!(fundamental(8).unwrap().count(), 12);
    }

    #[test]
    fn small_boards() {
        let counts: Vec<usize> = (1..=7)
            .map(|n| Solutions::new(n).unwrap().count())
            .collect();
        assert_eq!(counts, vec![1, 0, 0, 2, 10, 4, 40]);
        assert!(Solutions::new(0).is_err());
        assert!(Solutions::new(MAX_N + 1).is_err());
    }
}
