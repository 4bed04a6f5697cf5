//! Covers: N solutions of the N-queens problem that, laid on top of each other, fill all N²
//! squares of the board (so they are pairwise disjoint).
//!
//! Seed 004 shows such a cover of the 5x5 board and claims they exist "only for n not divisible
//! by 2 or 3". Half of that is right: for gcd(N, 6) = 1 Pólya's modular construction gives one
//! ([`modular`]). The other half is wrong: covers also exist for N = 12, 14, 15, 16 and 20
//! (OEIS A168553, A171760), while none exist for N = 2, 3, 4, 6, 8, 9, 10. The exact search
//! ([`exact`]) finds a cover or proves there is none, for N up to 16; for even N it first looks
//! among the covers made of pairs of mirror-image solutions, a far smaller search that finds
//! 12, 14 and 16. Beyond it, [`quads`] builds covers fixed by a group of four symmetries (the
//! quarter-turns, or the mirrors and the half-turn) from quads of a solution and its images (a
//! random start and an exact completion: 20 to 32 and 21 in seconds), [`pairs`] builds covers
//! of even boards from mirror pairs the same way (18 to 24 in seconds, 26 in a minute or two),
//! and [`search`] runs the tabu search of
//! [`symmetric`] among colourings fixed by a turn of the board, finishing by the exact
//! completion of [`repair`] when few solutions are missing. Which of them answers N, and what
//! each is known to cost, is decided in [`plan`] for the command line and the page alike.
//!
//! ```
//! use queens::{cover, Control};
//!
//! let five = cover::find(5, &Control::new()).unwrap().unwrap();
//! assert_eq!(five.method, cover::Method::Modular);
//! assert!(cover::check(5, &five.solutions).is_ok());
//! assert!(cover::find(8, &Control::new()).unwrap().is_none()); // the seed is right for 8x8
//! ```

pub mod exact;
pub mod formula;
mod listing;
pub mod modular;
pub mod most;
pub mod pairs;
pub mod plan;
pub mod quads;
pub mod repair;
mod starts;
pub mod symmetric;

use crate::control::Control;
use crate::error::Error;
use crate::placement::{Conflict, Placement};
use crate::square::{file_name, Square};
use crate::symmetry::Symmetry;
use std::ops::ControlFlow;
use thiserror::Error;

/// How a cover was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Pólya's modular construction (gcd(N, 6) = 1), at once for any N.
    Modular,
    /// The exact search over every solution (N up to 16).
    Exact,
    /// The exact search among the covers the mirror maps onto themselves (even N).
    Mirror,
    /// The tabu search of [`symmetric`] among covers fixed by a turn of the board, from a seed.
    Turned(symmetric::Turn),
    /// A SAT solver's model of the [`formula`] of the covers fixed by a turn of the board.
    Solver(symmetric::Turn),
    /// Mirror pairs from a random start and an exact completion ([`pairs`]), from a seed.
    Pairs,
    /// Quads of a group of four symmetries from a random start and an exact completion
    /// ([`quads`]), from a seed: the quarter-turns, or the mirrors and the half-turn; under the
    /// half-turn alone (N = 15, 27), pairs.
    Quads(symmetric::Turn),
}

impl Method {
    /// Its name in output: `modular`, `exact`, `mirror`, the turn of the tabu search, `sat`,
    /// `pairs`, `quads`, or `half-turn-pairs`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Modular => "modular",
            Method::Exact => "exact",
            Method::Mirror => "mirror",
            Method::Turned(symmetric::Turn::None) => "tabu",
            Method::Turned(symmetric::Turn::Half) => "half-turn",
            Method::Turned(symmetric::Turn::Quarter) => "quarter-turn",
            Method::Turned(symmetric::Turn::Mirror) => "mirror",
            Method::Turned(symmetric::Turn::Both) => "mirror-half-turn",
            Method::Solver(_) => "sat",
            Method::Pairs => "pairs",
            // The half-turn alone makes pairs, not quads (15 and 27).
            Method::Quads(symmetric::Turn::Half) => "half-turn-pairs",
            Method::Quads(_) => "quads",
        }
    }
}

/// N disjoint solutions of the N x N board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cover {
    /// The solutions, in the order of the row of their queen in file a.
    pub solutions: Vec<Placement>,
    /// How they were found.
    pub method: Method,
}

impl Cover {
    /// A cover of these solutions (in any order; they are put in the order of the row of their
    /// queen in file a), found by `method`.
    pub fn new(solutions: Vec<Placement>, method: Method) -> Cover {
        sorted(solutions, method)
    }
}

/// One cover of the `n` x `n` board, or `None` when none exists (the exact search proved it).
/// N prime to 6 is answered at once for any N; other N up to [`exact::MAX_N`] by the exact
/// search, and beyond that [`Error::TooLarge`].
pub fn find(n: usize, control: &Control) -> Result<Option<Cover>, Error> {
    if let Some(solutions) = modular::cover(n) {
        return Ok(Some(sorted(solutions, Method::Modular)));
    }
    find_exact(n, control)
}

/// One cover of the `n` x `n` board by the exact searches alone, for any N up to
/// [`exact::MAX_N`] (prime to 6 too): for even N among the covers made of mirror pairs first,
/// then among all; `None` when none exists.
pub fn find_exact(n: usize, control: &Control) -> Result<Option<Cover>, Error> {
    if n.is_multiple_of(2) && n <= exact::MAX_N {
        let mirror = exact::Exact::mirror_pairs(n, control)?;
        if let Some(found) = first_cover(&mirror, control)? {
            return Ok(Some(sorted(found, Method::Mirror)));
        }
    }
    let exact = exact::Exact::new(n, control)?;
    Ok(first_cover(&exact, control)?.map(|solutions| sorted(solutions, Method::Exact)))
}

/// One cover of the `n` x `n` board by the tabu search of [`symmetric`] from `seed` (any N to
/// [`symmetric::MAX_N`]), among covers fixed by the turn [`symmetric::Turn::for_size`] gives,
/// with the best it reached: `None` when the control stopped it first.
pub fn search(
    n: usize,
    seed: u64,
    control: &Control,
) -> Result<(Option<Cover>, symmetric::Best), Error> {
    search_turned(n, symmetric::Turn::for_size(n), seed, control)
}

/// [`search`] with the turn chosen (one that does not fit N is replaced by none).
pub fn search_turned(
    n: usize,
    turn: symmetric::Turn,
    seed: u64,
    control: &Control,
) -> Result<(Option<Cover>, symmetric::Best), Error> {
    let turn = if turn.fits(n) {
        turn
    } else {
        symmetric::Turn::None
    };
    let (found, best) = symmetric::run(n, turn, seed, control)?;
    Ok((found.map(|s| sorted(s, Method::Turned(turn))), best))
}

/// One cover of the `n` x `n` board made of mirror pairs by the search of [`pairs`] from
/// `seed` (even N to [`pairs::MAX_N`]); `None` for the even boards that have no such cover.
pub fn pairs(n: usize, seed: u64, control: &Control) -> Result<Option<Cover>, Error> {
    Ok(pairs::find(n, seed, control)?.map(|s| sorted(s, Method::Pairs)))
}

/// One cover of the `n` x `n` board fixed by `turn` (the quarter-turns, the mirrors with the
/// half-turn, or for odd N the half-turn: [`symmetric::Turn::Quarter`],
/// [`symmetric::Turn::Both`] or [`symmetric::Turn::Half`]) by the search of [`quads`] from
/// `seed` (N to [`quads::MAX_N`]); `None` where no such cover can exist, or where the search is
/// exhaustive and proves none.
pub fn quads(
    n: usize,
    turn: symmetric::Turn,
    seed: u64,
    control: &Control,
) -> Result<Option<Cover>, Error> {
    Ok(quads::find(n, turn, seed, control)?.map(|s| sorted(s, Method::Quads(turn))))
}

/// One cover of the `n` x `n` board by the searches among symmetric covers, from `seed` (N to
/// [`quads::MAX_N`]): mirror pairs ([`pairs`]) for N = 2 mod 4, else quads fixed by the group
/// [`symmetric::Turn::for_size`] gives. What `queens cover` runs by default past the exact
/// search.
pub fn by_symmetry(n: usize, seed: u64, control: &Control) -> Result<Option<Cover>, Error> {
    match n % 4 {
        2 => pairs(n, seed, control),
        _ => quads(n, symmetric::Turn::for_size(n), seed, control),
    }
}

/// The first cover a search finds.
fn first_cover(search: &exact::Exact, control: &Control) -> Result<Option<Vec<Placement>>, Error> {
    let mut found = None;
    search.search(control, |chosen| {
        found = Some(search.cover_of(chosen));
        ControlFlow::Break(())
    })?;
    Ok(found)
}

fn sorted(mut solutions: Vec<Placement>, method: Method) -> Cover {
    solutions.sort_by_key(|p| p.rows()[0]);
    Cover { solutions, method }
}

/// The number of covers of one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoverCount {
    /// The board size.
    pub n: usize,
    /// The solutions the search chose from.
    pub solutions: u64,
    /// Covers as sets of N solutions (the order of the solutions does not matter).
    pub covers: u64,
    /// Covers up to the 8 symmetries of the board (rotations and reflections).
    pub classes: u64,
}

/// Counts the covers of the `n` x `n` board by the exact search (N up to [`exact::MAX_N`]).
pub fn count(n: usize, control: &Control) -> Result<CoverCount, Error> {
    let exact = exact::Exact::new(n, control)?;
    let (mut covers, mut classes) = (0, 0);
    exact.search(control, |chosen| {
        covers += 1;
        let rows: Vec<Vec<u32>> = chosen
            .iter()
            .map(|&i| exact.placement(i).rows().to_vec())
            .collect();
        classes += u64::from(is_canonical(&rows));
        ControlFlow::Continue(())
    })?;
    let solutions = exact.solutions() as u64;
    Ok(CoverCount {
        n,
        solutions,
        covers,
        classes,
    })
}

/// A cover as the sorted list of its solutions' rows: the same set gives the same key.
fn key(rows: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let mut key = rows.to_vec();
    key.sort();
    key
}

/// The image of a cover (its solutions' rows) under a symmetry, as a key.
fn image(rows: &[Vec<u32>], g: Symmetry) -> Vec<Vec<u32>> {
    let moved: Vec<Vec<u32>> = rows
        .iter()
        .map(|r| {
            g.apply(&Placement::from_rows_unchecked(r.clone()))
                .rows()
                .to_vec()
        })
        .collect();
    key(&moved)
}

/// Whether a cover is the smallest of its images under the 8 symmetries.
fn is_canonical(rows: &[Vec<u32>]) -> bool {
    let own = key(rows);
    Symmetry::ALL.iter().all(|&g| own <= image(rows, g))
}

/// A diagram of a cover: each square shows which solution holds it, by letter (`a` for the
/// first solution, `b` for the second, ..., past `z` as the files go: `aa`, `ab`, ...), rank N
/// at the top, the files below. The solutions must be a cover of the `n` x `n` board.
pub fn diagram(n: usize, solutions: &[Placement]) -> String {
    let mut owner = vec![String::new(); n * n];
    for (k, p) in solutions.iter().enumerate() {
        for s in p.squares() {
            owner[s.row as usize * n + s.col as usize] = file_name(k as u32);
        }
    }
    let cell = file_name(n.saturating_sub(1) as u32).len();
    let label = n.to_string().len();
    let mut out = String::new();
    for row in (0..n).rev() {
        out.push_str(&format!("{:>label$}", row + 1));
        for col in 0..n {
            out.push_str(&format!(" {:>cell$}", owner[row * n + col]));
        }
        out.push('\n');
    }
    out.push_str(&format!("{:>label$}", ""));
    for col in 0..n {
        out.push_str(&format!(" {:>cell$}", file_name(col as u32)));
    }
    out.push('\n');
    out
}

/// Why a list of placements is not a cover.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Fault {
    /// Not N placements.
    #[error("a cover of the {n}x{n} board has {n} solutions, not {got}")]
    #[allow(missing_docs)]
    Count { n: usize, got: usize },
    /// A placement of another size.
    #[error("solution {index} has {size} queens, not {n}")]
    #[allow(missing_docs)]
    Size { index: usize, size: usize, n: usize },
    /// A placement that is not a solution.
    #[error("solution {index} is not a solution: {} and {} attack each other on {}", .conflict.a, .conflict.b, .conflict.line)]
    #[allow(missing_docs)]
    Attack { index: usize, conflict: Conflict },
    /// Two placements share a square.
    #[error("solutions {first} and {second} both hold {square}")]
    #[allow(missing_docs)]
    Overlap {
        first: usize,
        second: usize,
        square: Square,
    },
}

/// Checks that `solutions` are N solutions of the `n` x `n` board, pairwise disjoint (so they
/// fill the board). Indices in the fault count from 1.
pub fn check(n: usize, solutions: &[Placement]) -> Result<(), Fault> {
    if solutions.len() != n {
        return Err(Fault::Count {
            n,
            got: solutions.len(),
        });
    }
    let mut owner = vec![0usize; n * n];
    for (k, p) in solutions.iter().enumerate() {
        let index = k + 1;
        if p.n() != n {
            return Err(Fault::Size {
                index,
                size: p.n(),
                n,
            });
        }
        if let Some(conflict) = p.first_conflict() {
            return Err(Fault::Attack { index, conflict });
        }
        for square in p.squares() {
            let cell = &mut owner[square.col as usize * n + square.row as usize];
            if *cell != 0 {
                return Err(Fault::Overlap {
                    first: *cell,
                    second: index,
                    square,
                });
            }
            *cell = index;
        }
    }
    Ok(())
}

/// The symmetries of the board other than the identity that map a cover onto itself: each
/// carries every one of its solutions to a solution of the cover (the colours may change
/// places, the partition of the board stays). What the searches by pairs and quads ask of a
/// cover, seen from the answer alone.
pub fn symmetries(solutions: &[Placement]) -> Vec<Symmetry> {
    let mut rows: Vec<&[u32]> = solutions.iter().map(|p| p.rows()).collect();
    rows.sort_unstable();
    let keeps = |g: Symmetry| {
        let mut image: Vec<Placement> = solutions.iter().map(|p| g.apply(p)).collect();
        image.sort_unstable_by(|a, b| a.rows().cmp(b.rows()));
        image.iter().map(|p| p.rows()).eq(rows.iter().copied())
    };
    (Symmetry::ALL[1..].iter().copied())
        .filter(|&g| keeps(g))
        .collect()
}

#[cfg(test)]
mod tests;
