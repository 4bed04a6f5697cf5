//! Covers as a satisfiability problem: a formula in conjunctive normal form whose models are
//! exactly the covers of the N x N board fixed by a symmetry of the board, for any SAT solver.
//!
//! A cover is a colouring of the queen graph with N colours (see [`super::symmetric`]): one
//! variable `x(s, c)` says that square s has colour c. Each square has exactly one colour; each
//! colour appears exactly once on each rank and each file and at most once on each diagonal.
//! That is the whole problem; the rest helps the solver:
//!
//! - The symmetry. Asking the cover to be fixed by a group G of turns and mirrors, with G
//!   acting on the colours too (as in [`super::symmetric`]), makes `x(s, c)` and
//!   `x(g(s), g(c))` one variable: a quarter of the variables for a group of four. Where one
//!   orbit would give a square two colours the variable is false.
//! - The long diagonals. The two diagonals of N squares hold N different colours, so every
//!   colour appears on each of them exactly once: a clause "at least once" per colour and long
//!   diagonal, implied by the rest. Over seven orders of the formula of 20 it halved the
//!   solver's median time (2.8 s against 5.7 s), though not on every order (BENCHMARKS.md).
//! - The names of the colours. Renaming the colours block by block (the blocks on which G acts)
//!   gives another cover; the formula names the colour of a1 colour 0 and no more. Full value
//!   precedence on rank 1 (Law and Lee, CP 2004) keeps one name per cover, but the solver then
//!   took 34 s where the same order without it took 0.6 s (N = 20, BENCHMARKS.md): with one
//!   name per cover, models are rarer.
//!
//! The idea of searching only among symmetric covers is Vasquez's ("On the queen graph coloring
//! problem", 2006, HAL hal-00354882): the 454 covers of 12 all have a mirror symmetry. The
//! encoding is the direct one (Gent, "Arc consistency in SAT", ECAI 2002, on at-most-one by
//! pairs); the code is our own.

use super::symmetric::{group, Turn};
use crate::placement::Placement;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashSet;

/// The largest N the formula is written for (about 10^7 clauses, 1 GB, at 40).
pub const MAX_N: usize = 40;

/// A formula over variables `1..=vars` (DIMACS numbering: a clause is a list of non-zero
/// literals, `-v` the negation of `v`) whose models are the covers fixed by `turn`.
#[derive(Clone, Debug)]
pub struct Formula {
    /// The board size.
    pub n: usize,
    /// The symmetry every model is fixed by.
    pub turn: Turn,
    /// The number of variables.
    pub vars: u32,
    /// The clauses.
    pub clauses: Vec<Vec<i32>>,
    /// The variable of each (square, colour), square = file * n + rank, and colour last;
    /// 0 where the pair is impossible.
    var: Vec<u32>,
}

impl Formula {
    /// The formula of the covers of the `n` x `n` board fixed by `turn` (by no symmetry when
    /// the turn does not fit N), N from 1 to [`MAX_N`].
    pub fn new(n: usize, turn: Turn) -> Formula {
        assert!((1..=MAX_N).contains(&n), "N = {n} out of range");
        let turn = if turn.fits(n) { turn } else { Turn::None };
        let var = variables(n, turn);
        let vars = var.iter().copied().max().unwrap_or(0);
        let mut builder = Builder {
            n,
            var: &var,
            seen: HashSet::new(),
            clauses: Vec::new(),
        };
        builder.lines();
        builder.long_diagonals();
        builder.first_colour();
        Formula {
            n,
            turn,
            vars,
            clauses: builder.clauses,
            var,
        }
    }

    /// The same formula with its variables renumbered and its clauses reordered at random from
    /// `seed` (seed 0 leaves it as it is). A solver's time to a model varies several-fold with
    /// the order it is given (BENCHMARKS.md); another seed is another run.
    pub fn shuffled(mut self, seed: u64) -> Formula {
        if seed == 0 {
            return self;
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut rename: Vec<u32> = (0..=self.vars).collect();
        rename[1..].shuffle(&mut rng);
        for v in &mut self.var {
            *v = rename[*v as usize];
        }
        for clause in &mut self.clauses {
            for l in clause.iter_mut() {
                *l = l.signum() * rename[l.unsigned_abs() as usize] as i32;
            }
        }
        self.clauses.shuffle(&mut rng);
        self
    }

    /// The formula in the DIMACS CNF format that every SAT solver reads.
    pub fn dimacs(&self) -> String {
        let mut out = format!("p cnf {} {}\n", self.vars, self.clauses.len());
        for clause in &self.clauses {
            for l in clause {
                out.push_str(&l.to_string());
                out.push(' ');
            }
            out.push_str("0\n");
        }
        out
    }

    /// The cover of a model (`value(v)` for every variable `v`): the N colour classes, in the
    /// order of the colours. A model of the formula always gives a cover; check it all the same
    /// with [`super::check`], which refuses what a wrong model gives.
    pub fn cover(&self, value: impl Fn(u32) -> bool) -> Vec<Placement> {
        let n = self.n;
        let mut rows = vec![vec![0u32; n]; n];
        for s in 0..n * n {
            for (c, class) in rows.iter_mut().enumerate() {
                let v = self.var[s * n + c];
                if v != 0 && value(v) {
                    class[s / n] = (s % n) as u32;
                }
            }
        }
        rows.into_iter()
            .map(Placement::from_rows_unchecked)
            .collect()
    }
}

/// One variable per orbit of (square, colour) pairs under the group, numbered from 1; 0 for
/// the pairs whose orbit gives one square two colours.
fn variables(n: usize, turn: Turn) -> Vec<u32> {
    let (squares, colours) = group(n, turn);
    let mut var = vec![u32::MAX; n * n * n];
    let mut next = 0;
    for s in 0..n * n {
        for c in 0..n {
            if var[s * n + c] != u32::MAX {
                continue;
            }
            let orbit: Vec<(usize, usize)> = (0..squares.len())
                .map(|g| (squares[g][s], colours[g][c] as usize))
                .collect();
            let clash = orbit
                .iter()
                .any(|&(t, d)| orbit.iter().any(|&(u, e)| t == u && d != e));
            let v = if clash {
                0
            } else {
                next += 1;
                next
            };
            for (t, d) in orbit {
                var[t * n + d] = v;
            }
        }
    }
    var
}

/// Writes the clauses, each once.
struct Builder<'a> {
    n: usize,
    var: &'a [u32],
    seen: HashSet<Vec<i32>>,
    clauses: Vec<Vec<i32>>,
}

impl Builder<'_> {
    fn x(&self, file: usize, rank: usize, colour: usize) -> u32 {
        self.var[(file * self.n + rank) * self.n + colour]
    }

    fn add(&mut self, mut clause: Vec<i32>) {
        clause.sort_unstable();
        clause.dedup();
        if self.seen.insert(clause.clone()) {
            self.clauses.push(clause);
        }
    }

    /// At least one of `vars` (impossible pairs, 0, left out).
    fn at_least_one(&mut self, vars: &[u32]) {
        self.add(
            vars.iter()
                .filter(|&&v| v != 0)
                .map(|&v| v as i32)
                .collect(),
        );
    }

    /// At most one of `vars`, by pairs; a variable met twice (one orbit crossing the line
    /// twice) is false.
    fn at_most_one(&mut self, vars: &[u32]) {
        let vars: Vec<u32> = vars.iter().copied().filter(|&v| v != 0).collect();
        for (i, &a) in vars.iter().enumerate() {
            for &b in &vars[i + 1..] {
                if a == b {
                    self.add(vec![-(a as i32)]);
                } else {
                    self.add(vec![-(a as i32), -(b as i32)]);
                }
            }
        }
    }

    /// One colour per square, each colour once per rank and file, at most once per diagonal.
    fn lines(&mut self) {
        let n = self.n;
        for file in 0..n {
            for rank in 0..n {
                let one: Vec<u32> = (0..n).map(|c| self.x(file, rank, c)).collect();
                self.at_least_one(&one);
                self.at_most_one(&one);
            }
        }
        for c in 0..n {
            for i in 0..n {
                let rank: Vec<u32> = (0..n).map(|f| self.x(f, i, c)).collect();
                let file: Vec<u32> = (0..n).map(|r| self.x(i, r, c)).collect();
                for line in [rank, file] {
                    self.at_least_one(&line);
                    self.at_most_one(&line);
                }
            }
            for d in 0..2 * n - 1 {
                let up: Vec<u32> = (0..n)
                    .filter_map(|f| (f + n - 1).checked_sub(d).filter(|&r| r < n))
                    .map(|r| self.x(r + d + 1 - n, r, c))
                    .collect();
                let down: Vec<u32> = (0..n)
                    .filter_map(|f| d.checked_sub(f).filter(|&r| r < n).map(|r| (f, r)))
                    .map(|(f, r)| self.x(f, r, c))
                    .collect();
                self.at_most_one(&up);
                self.at_most_one(&down);
            }
        }
    }

    /// Each colour once on each of the two long diagonals.
    fn long_diagonals(&mut self) {
        let n = self.n;
        for c in 0..n {
            let up: Vec<u32> = (0..n).map(|i| self.x(i, i, c)).collect();
            let down: Vec<u32> = (0..n).map(|i| self.x(i, n - 1 - i, c)).collect();
            self.at_least_one(&up);
            self.at_least_one(&down);
        }
    }

    /// Square a1 has colour 0: the names of the colours can always be changed so (block by
    /// block, by the permutations that commute with the group), and a1 is never in a class the
    /// group fixes (it would take the corner opposite, on the same diagonal).
    fn first_colour(&mut self) {
        let v = self.x(0, 0, 0);
        self.add(vec![v as i32]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cover::modular;

    /// The assignment of a cover with no symmetry asked, its classes named by the file of
    /// their queen on rank 1 (so that a1 has colour 0).
    fn assignment(f: &Formula, cover: &[Placement]) -> Vec<bool> {
        let n = f.n;
        let mut value = vec![false; f.vars as usize + 1];
        for p in cover {
            let colour = p.rows().iter().position(|&r| r == 0).unwrap();
            for (file, &rank) in p.rows().iter().enumerate() {
                value[f.var[(file * n + rank as usize) * n + colour] as usize] = true;
            }
        }
        value
    }

    fn satisfied(f: &Formula, value: &[bool]) -> bool {
        f.clauses.iter().all(|clause| {
            clause
                .iter()
                .any(|&l| value[l.unsigned_abs() as usize] == (l > 0))
        })
    }

    #[test]
    fn covers_satisfy_the_formula_and_broken_ones_do_not() {
        for n in [5, 7, 11, 13] {
            let f = Formula::new(n, Turn::None);
            let cover = modular::cover(n).unwrap();
            let mut value = assignment(&f, &cover);
            assert!(satisfied(&f, &value), "N = {n}");
            let back = f.cover(|v| value[v as usize]);
            assert_eq!(crate::cover::check(n, &back), Ok(()));
            // Square b1 given a second colour, then only that one.
            let (first, second) = (f.var[n * n], f.var[n * n + 1]);
            let had = value[first as usize];
            value[first as usize] = true;
            value[second as usize] = true;
            assert!(!satisfied(&f, &value), "N = {n}");
            value[first as usize] = !had;
            value[second as usize] = had;
            assert!(!satisfied(&f, &value), "N = {n}");
        }
    }

    #[test]
    fn a_shuffled_formula_has_the_same_models() {
        let f = Formula::new(7, Turn::None).shuffled(5);
        let cover = modular::cover(7).unwrap();
        let value = assignment(&f, &cover);
        assert!(satisfied(&f, &value));
        assert_eq!(
            crate::cover::check(7, &f.cover(|v| value[v as usize])),
            Ok(())
        );
        let plain = Formula::new(7, Turn::None);
        assert_ne!(plain.clauses, f.clauses);
        assert_eq!(plain.clauses.len(), f.clauses.len());
    }

    #[test]
    fn a_turn_that_does_not_fit_is_dropped() {
        assert_eq!(Formula::new(7, Turn::Both).turn, Turn::None);
        assert_eq!(Formula::new(15, Turn::Quarter).turn, Turn::None);
        assert_eq!(Formula::new(15, Turn::Half).turn, Turn::Half);
        assert_eq!(Formula::new(12, Turn::Both).turn, Turn::Both);
    }

    #[test]
    fn the_group_shares_variables() {
        let plain = Formula::new(12, Turn::None);
        let both = Formula::new(12, Turn::Both);
        assert_eq!(plain.vars, 12 * 12 * 12);
        assert_eq!(both.vars, 12 * 12 * 12 / 4);
        assert!(both.clauses.len() < plain.clauses.len() / 3);
        // The centre of an odd board takes only the colour a quarter-turn fixes.
        let quarter = Formula::new(5, Turn::Quarter);
        let centre = 2 * 5 + 2;
        let open: Vec<usize> = (0..5)
            .filter(|&c| quarter.var[centre * 5 + c] != 0)
            .collect();
        assert_eq!(open, vec![4]);
    }
}
