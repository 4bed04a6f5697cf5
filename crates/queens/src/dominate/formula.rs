//! Domination as a satisfiability problem: a formula in conjunctive normal form whose models
//! are exactly the sets of at most `k` queens, on allowed squares only, that watch every square
//! of the board, for any SAT solver (the `queens-sat` crate gives it to CaDiCaL).
//!
//! - One variable per allowed square: a queen stands there (variables 1, 2, ... in the order of
//!   the allowed squares).
//! - One clause per square of the board: some allowed queen that watches it is placed.
//! - At most `k` queens, by the sequential counter of Sinz ("Towards an optimal CNF encoding of
//!   Boolean cardinality constraints", CP 2005): register variables `r(i, j)`, "at least j + 1
//!   of the first i + 1 allowed squares hold a queen", forced up by each queen, and no queen
//!   where the register of its predecessors already holds `k`. About 2 k m clauses for m
//!   allowed squares.
//!
//! The point is the structured parts of an open case: on the 26 x 26 board (13 or 14 queens,
//! open) the sets of 13 on one parity lattice (files of one parity, ranks of one parity: the
//! form of a minimum set at N = 6, 10 and 18) are a formula of 169 queen variables that
//! CaDiCaL decides in minutes; the exact search, by another road, decides the same in about a
//! minute, and the two agree (no such set: BENCHMARKS.md).

use super::lines::Lines;

/// The formula, and how to read a model back.
#[derive(Clone, Debug)]
pub struct Formula {
    /// The board side.
    pub n: usize,
    /// At most this many queens.
    pub k: usize,
    /// The allowed squares (square numbers, `row * n + col`): variable `i + 1` is a queen on
    /// `squares[i]`.
    pub squares: Vec<usize>,
    /// The clauses, as DIMACS literals (a variable, negative when negated).
    pub clauses: Vec<Vec<i32>>,
}

impl Formula {
    /// The formula for at most `k` queens on the squares where `allowed` is true (one entry per
    /// square of `lines`' board) watching the whole board of `lines`.
    ///
    /// # Panics
    ///
    /// When `allowed` has fewer entries than the board has squares.
    pub fn within(lines: &Lines, k: usize, allowed: &[bool]) -> Formula {
        let n = lines.n;
        let squares: Vec<usize> = (0..n * n).filter(|&s| allowed[s]).collect();
        let queen = |i: usize| (i + 1) as i32;
        let mut clauses: Vec<Vec<i32>> = (0..n * n)
            .map(|s| {
                (0..squares.len())
                    .filter(|&i| lines.watches(squares[i], s))
                    .map(queen)
                    .collect()
            })
            .collect();
        at_most(&mut clauses, squares.len(), k);
        Formula {
            n,
            k,
            squares,
            clauses,
        }
    }

    /// The number of variables (queens and registers).
    pub fn variables(&self) -> usize {
        let m = self.squares.len();
        m + if self.k > 0 && self.k < m {
            m * self.k
        } else {
            0
        }
    }

    /// The queens of a model, as square numbers: those whose variable `value` says true.
    pub fn set(&self, value: impl Fn(i32) -> bool) -> Vec<usize> {
        (0..self.squares.len())
            .filter(|&i| value((i + 1) as i32))
            .map(|i| self.squares[i])
            .collect()
    }
}

/// Appends the clauses "at most `k` of the variables 1 to `m`" (Sinz's sequential counter; the
/// registers are the variables after `m`).
fn at_most(clauses: &mut Vec<Vec<i32>>, m: usize, k: usize) {
    let x = |i: usize| (i + 1) as i32;
    if k == 0 {
        clauses.extend((0..m).map(|i| vec![-x(i)]));
        return;
    }
    if k >= m {
        return;
    }
    let r = |i: usize, j: usize| (m + i * k + j + 1) as i32;
    clauses.push(vec![-x(0), r(0, 0)]);
    clauses.extend((1..k).map(|j| vec![-r(0, j)]));
    for i in 1..m {
        clauses.push(vec![-x(i), r(i, 0)]);
        clauses.push(vec![-r(i - 1, 0), r(i, 0)]);
        for j in 1..k {
            clauses.push(vec![-x(i), -r(i - 1, j - 1), r(i, j)]);
            clauses.push(vec![-r(i - 1, j), r(i, j)]);
        }
        clauses.push(vec![-x(i), -r(i - 1, k - 1)]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether some assignment of the registers extends the queens of `set` (as variable
    /// flags) to a model: the registers are then forced, so compute them and check.
    fn satisfied(f: &Formula, queens: &[bool]) -> bool {
        let m = f.squares.len();
        let mut value = queens.to_vec();
        if f.k > 0 && f.k < m {
            let mut seen = 0;
            for &q in queens {
                seen += q as usize;
                value.extend((0..f.k).map(|j| seen > j));
            }
        }
        let lit = |l: i32| value[l.unsigned_abs() as usize - 1] == (l > 0);
        f.clauses.iter().all(|c| c.iter().any(|&l| lit(l)))
    }

    /// On small boards, every subset of the squares satisfies the formula exactly when it
    /// watches the board and has at most k queens.
    #[test]
    fn models_are_the_small_watching_sets() {
        for (n, k) in [(3, 1), (4, 2), (4, 3), (4, 0)] {
            let lines = Lines::new(n, false);
            let f = Formula::within(&lines, k, &vec![true; n * n]);
            assert_eq!(f.variables(), n * n + if k > 0 { n * n * k } else { 0 });
            for bits in 0u32..1 << (n * n) {
                let queens: Vec<bool> = (0..n * n).map(|i| bits >> i & 1 == 1).collect();
                let set: Vec<usize> = (0..n * n).filter(|&i| queens[i]).collect();
                let watches = (0..n * n).all(|s| set.iter().any(|&q| lines.watches(q, s)));
                let expected = watches && set.len() <= k;
                assert_eq!(satisfied(&f, &queens), expected, "n={n} k={k} {set:?}");
                assert_eq!(f.set(|v| queens[v as usize - 1]), set);
            }
        }
    }
}
