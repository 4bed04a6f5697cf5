//! The published counts of the N-queens problem for N = 1 to 27: facts to test every engine
//! against and to show beside what this library computes.
//!
//! Sources (the On-Line Encyclopedia of Integer Sequences): A000170 (all solutions),
//! A002562 (fundamental solutions: orbits under the 8 symmetries of the board), A032522
//! (solutions fixed by the half turn) and A033148 (solutions fixed by the quarter turn). The
//! largest values are records: N = 26 by an FPGA cluster (2009), N = 27 by the Q27 project
//! (2016, confirmed on GPUs in 2025).

/// One row of the published table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Published {
    /// The board size.
    pub n: usize,
    /// All solutions (A000170).
    pub total: u128,
    /// Solutions up to the 8 symmetries of the board (A002562).
    pub fundamental: u128,
    /// Solutions fixed by the half turn (A032522).
    pub fixed180: u128,
    /// Solutions fixed by the quarter turn (A033148).
    pub fixed90: u128,
}

/// The published counts for N = 1 to 27, in order of N.
pub const PUBLISHED: [Published; 27] = [
    Published {
        n: 1,
        total: 1,
        fundamental: 1,
        fixed180: 1,
        fixed90: 1,
    },
    Published {
        n: 2,
        total: 0,
        fundamental: 0,
        fixed180: 0,
        fixed90: 0,
    },
    Published {
        n: 3,
        total: 0,
        fundamental: 0,
        fixed180: 0,
        fixed90: 0,
    },
    Published {
        n: 4,
        total: 2,
        fundamental: 1,
        fixed180: 2,
        fixed90: 2,
    },
    Published {
        n: 5,
        total: 10,
        fundamental: 2,
        fixed180: 2,
        fixed90: 2,
    },
    Published {
        n: 6,
        total: 4,
        fundamental: 1,
        fixed180: 4,
        fixed90: 0,
    },
    Published {
        n: 7,
        total: 40,
        fundamental: 6,
        fixed180: 8,
        fixed90: 0,
    },
    Published {
        n: 8,
        total: 92,
        fundamental: 12,
        fixed180: 4,
        fixed90: 0,
    },
    Published {
        n: 9,
        total: 352,
        fundamental: 46,
        fixed180: 16,
        fixed90: 0,
    },
    Published {
        n: 10,
        total: 724,
        fundamental: 92,
        fixed180: 12,
        fixed90: 0,
    },
    Published {
        n: 11,
        total: 2680,
        fundamental: 341,
        fixed180: 48,
        fixed90: 0,
    },
    Published {
        n: 12,
        total: 14200,
        fundamental: 1787,
        fixed180: 80,
        fixed90: 8,
    },
    Published {
        n: 13,
        total: 73712,
        fundamental: 9233,
        fixed180: 136,
        fixed90: 8,
    },
    Published {
        n: 14,
        total: 365596,
        fundamental: 45752,
        fixed180: 420,
        fixed90: 0,
    },
    Published {
        n: 15,
        total: 2279184,
        fundamental: 285053,
        fixed180: 1240,
        fixed90: 0,
    },
    Published {
        n: 16,
        total: 14772512,
        fundamental: 1846955,
        fixed180: 3000,
        fixed90: 64,
    },
    Published {
        n: 17,
        total: 95815104,
        fundamental: 11977939,
        fixed180: 8152,
        fixed90: 128,
    },
    Published {
        n: 18,
        total: 666090624,
        fundamental: 83263591,
        fixed180: 18104,
        fixed90: 0,
    },
    Published {
        n: 19,
        total: 4968057848,
        fundamental: 621012754,
        fixed180: 44184,
        fixed90: 0,
    },
    Published {
        n: 20,
        total: 39029188884,
        fundamental: 4878666808,
        fixed180: 144620,
        fixed90: 480,
    },
    Published {
        n: 21,
        total: 314666222712,
        fundamental: 39333324973,
        fixed180: 375664,
        fixed90: 704,
    },
    Published {
        n: 22,
        total: 2691008701644,
        fundamental: 336376244042,
        fixed180: 1250692,
        fixed90: 0,
    },
    Published {
        n: 23,
        total: 24233937684440,
        fundamental: 3029242658210,
        fixed180: 3581240,
        fixed90: 0,
    },
    Published {
        n: 24,
        total: 227514171973736,
        fundamental: 28439272956934,
        fixed180: 11675080,
        fixed90: 3328,
    },
    Published {
        n: 25,
        total: 2207893435808352,
        fundamental: 275986683743434,
        fixed180: 34132592,
        fixed90: 3264,
    },
    Published {
        n: 26,
        total: 22317699616364044,
        fundamental: 2789712466510289,
        fixed180: 115718268,
        fixed90: 0,
    },
    Published {
        n: 27,
        total: 234907967154122528,
        fundamental: 29363495934315694,
        fixed180: 320403024,
        fixed90: 0,
    },
];

/// The published counts for `n`, if the table has them.
///
/// ```
/// let eight = queens::count::published::get(8).unwrap();
/// assert_eq!((eight.total, eight.fundamental), (92, 12));
/// assert!(queens::count::published::get(28).is_none());
/// ```
pub fn get(n: usize) -> Option<Published> {
    PUBLISHED.get(n.checked_sub(1)?).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Counts;

    use crate::count::reference;

    #[test]
    fn the_table_is_the_reference_table_of_the_tests() {
        let rows = reference::table();
        assert_eq!(rows.len(), PUBLISHED.len());
        for (p, r) in PUBLISHED.iter().zip(rows) {
            let row = (r.n, r.total, r.fundamental, r.fixed180, r.fixed90);
            let published = (p.n, p.total, p.fundamental, p.fixed180, p.fixed90);
            assert_eq!(published, row, "N = {}", p.n);
        }
    }

    #[test]
    fn the_table_agrees_with_burnside() {
        for (k, p) in PUBLISHED.iter().enumerate() {
            assert_eq!(p.n, k + 1);
            let c = Counts {
                n: p.n,
                total: p.total,
                fixed180: p.fixed180,
                fixed90: p.fixed90,
            };
            assert_eq!(c.fundamental(), p.fundamental, "N = {}", p.n);
        }
    }
}
