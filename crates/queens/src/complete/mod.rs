//! Completion: place the missing queens on a partly filled board, or prove that it cannot be done.
//!
//! Gent, Jefferson and Nightingale ("Complexity of n-Queens Completion", JAIR 2017; seed 004)
//! showed that deciding whether k preset queens extend to a full solution is NP-complete. Their
//! sister problem excludes whole diagonals instead of presetting queens (CSPLib problem 079): no
//! queen may stand on an excluded sum diagonal (col + row) or difference diagonal (col - row).
//! An [`Instance`] holds both kinds of constraint, so either problem, or a mix, is one input.
//!
//! The complete search lives in [`bitboard`] (boards up to 64, bit-parallel) and [`wide`] (any
//! size, incremental counts); both branch on the most constrained row or column, so a line with
//! one free square left is filled at once. Large loosely constrained boards first get a quick
//! attempt by local search ([`repair`]); when it gives up, the complete search decides.
//! [`generate`] makes random instances by the paper's method.
//!
//! ```
//! use queens::complete::{solve, Instance, Outcome};
//! use queens::{Control, Square};
//!
//! let presets = Square::parse_list("a1 c5").unwrap();
//! let instance = Instance::with_presets(8, &presets).unwrap();
//! let Outcome::Solved(p) = solve(&instance, &Control::new()).unwrap() else { panic!() };
//! assert!(instance.is_completion(&p));
//! let stuck = Instance::with_presets(4, &[Square::new(0, 0)]).unwrap();
//! assert_eq!(solve(&stuck, &Control::new()).unwrap(), Outcome::Impossible);
//! ```

pub mod bitboard;
pub mod generate;
pub mod repair;
pub mod wide;

use crate::control::Control;
use crate::error::Error;
use crate::placement::Placement;
use crate::square::{file_name, Line, Square};
use crate::symmetry::Symmetry;
use serde::{Deserialize, Serialize};
use thiserror::Error as ThisError;

/// The largest board the completion engines accept.
pub const MAX_N: usize = 50_000;

/// A completion problem: an N x N board, preset queens, and diagonals no queen may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    n: usize,
    presets: Vec<Square>,
    /// Excluded sum diagonals, as 0-based `col + row` (0 ..= 2n-2), sorted, no repeats.
    sums: Vec<u32>,
    /// Excluded difference diagonals, as `col - row` (-(n-1) ..= n-1), sorted, no repeats.
    differences: Vec<i64>,
}

/// Why an instance is not a well-formed completion problem (bad input, not a "no").
#[derive(Debug, Clone, PartialEq, Eq, ThisError)]
pub enum InstanceError {
    #[error("bad board size {0}: expected N from 1 to {MAX_N}")]
    /// A board size outside 1 to the largest accepted.
    BadSize(usize),
    #[error("square {square} is off the {n}x{n} board (files a..{last_file}, ranks 1..{n})")]
    /// A preset square off the board.
    OffBoard {
        /// The square.
        square: String,
        /// The board size.
        n: usize,
        /// The last file of the board.
        last_file: String,
    },
    #[error("the preset queens on {a} and {b} attack each other on the same {line}")]
    /// Two preset queens that attack each other.
    #[allow(missing_docs)] // the fields are named in the message
    Attack { a: Square, b: Square, line: Line },
    #[error("square {0} is preset twice")]
    /// A square given twice.
    Repeated(Square),
    #[error(
        "excluded {kind} diagonal {value} is off the {n}x{n} board (accepted: {min} to {max})"
    )]
    /// An excluded diagonal that does not cross the board.
    DiagonalOffBoard {
        /// Which kind of diagonal.
        kind: &'static str,
        /// Its value.
        value: i64,
        /// The board size.
        n: usize,
        /// The smallest value allowed.
        min: i64,
        /// The largest value allowed.
        max: i64,
    },
    #[error(
        "no more than {most} of the {asked} queens asked fit on the {n}x{n} board without attacks"
    )]
    /// More presets asked of the generator than any placement holds.
    TooMany {
        /// The board size.
        n: usize,
        /// Presets asked.
        asked: usize,
        /// The most non-attacking queens the board holds.
        most: usize,
    },
    #[error(
        "the random placement of seed {seed} got stuck after {placed} of the {asked} queens asked: every square of the {n}x{n} board on a free row and column is attacked by a queen already placed (another seed, or fewer presets, may succeed)"
    )]
    /// The generator's random draws reached a board where no queen can be added, short of the
    /// number asked (which other draws may reach).
    Saturated {
        /// The board size.
        n: usize,
        /// Presets asked.
        asked: usize,
        /// Presets placed when no square was left.
        placed: usize,
        /// The seed of the draws.
        seed: u64,
    },
    #[error("the preset queen on {square} stands on the excluded {kind} diagonal {value}")]
    /// A preset queen on an excluded diagonal.
    OnExcluded {
        /// The square.
        square: Square,
        /// Which kind of diagonal.
        kind: &'static str,
        /// Its value.
        value: i64,
    },
}

/// The instance file: `{"n":8,"queens":[[1,1],[3,5]]}`, squares as `[col,row]` 1-based, with
/// optional `"excluded_sums"` (col + row, 1-based: 2 ..= 2n) and `"excluded_differences"`
/// (col - row: -(n-1) ..= n-1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstanceFile {
    /// The board size.
    pub n: usize,
    #[serde(default)]
    /// The preset queens as `[col, row]`, 1-based.
    pub queens: Vec<[u64; 2]>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Sum diagonals (col + row, 2 to 2N) no queen may use.
    pub excluded_sums: Vec<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Difference diagonals (col - row, 1 - N to N - 1) no queen may use.
    pub excluded_differences: Vec<i64>,
}

/// The answer: a full solution that keeps every preset, or a proof (by exhaustion) of none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A completion: every preset kept, no two queens attacking.
    Solved(Placement),
    /// No completion exists.
    Impossible,
}

/// The number of completions, and the first one found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completions {
    /// The number of completions.
    pub count: u128,
    /// The first completion found, if any.
    pub first: Option<Placement>,
}

impl Instance {
    /// An instance from 0-based preset squares and 1-based excluded diagonals (as in the file).
    pub fn new(
        n: usize,
        presets: &[Square],
        excluded_sums: &[i64],
        excluded_differences: &[i64],
    ) -> Result<Instance, InstanceError> {
        if n == 0 || n > MAX_N {
            return Err(InstanceError::BadSize(n));
        }
        let off = |square: String| InstanceError::OffBoard {
            square,
            n,
            last_file: file_name(n as u32 - 1),
        };
        for (i, &s) in presets.iter().enumerate() {
            if !s.on_board(n, n) {
                return Err(off(s.to_string()));
            }
            for &t in &presets[..i] {
                if t == s {
                    return Err(InstanceError::Repeated(s));
                }
                if let Some(line) = t.queen_attack(s) {
                    return Err(InstanceError::Attack { a: t, b: s, line });
                }
            }
        }
        let range = |kind, value: i64, min: i64, max: i64| {
            if (min..=max).contains(&value) {
                Ok(value)
            } else {
                Err(InstanceError::DiagonalOffBoard {
                    kind,
                    value,
                    n,
                    min,
                    max,
                })
            }
        };
        let last = n as i64 - 1;
        let mut sums = excluded_sums
            .iter()
            .map(|&v| range("sum", v, 2, 2 * n as i64).map(|v| (v - 2) as u32))
            .collect::<Result<Vec<_>, _>>()?;
        let mut differences = excluded_differences
            .iter()
            .map(|&v| range("difference", v, -last, last))
            .collect::<Result<Vec<_>, _>>()?;
        sums.sort_unstable();
        sums.dedup();
        differences.sort_unstable();
        differences.dedup();
        for &s in presets {
            let sum = s.col + s.row;
            if sums.binary_search(&sum).is_ok() {
                let value = sum as i64 + 2;
                return Err(InstanceError::OnExcluded {
                    square: s,
                    kind: "sum",
                    value,
                });
            }
            let value = s.col as i64 - s.row as i64;
            if differences.binary_search(&value).is_ok() {
                let kind = "difference";
                return Err(InstanceError::OnExcluded {
                    square: s,
                    kind,
                    value,
                });
            }
        }
        Ok(Instance {
            n,
            presets: presets.to_vec(),
            sums,
            differences,
        })
    }

    /// An instance with preset queens only.
    pub fn with_presets(n: usize, presets: &[Square]) -> Result<Instance, InstanceError> {
        Instance::new(n, presets, &[], &[])
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The preset queens, in the order given.
    pub fn presets(&self) -> &[Square] {
        &self.presets
    }

    /// Whether no queen may stand on `square` because one of its diagonals is excluded.
    pub fn excludes(&self, square: Square) -> bool {
        self.sums.binary_search(&(square.col + square.row)).is_ok()
            || self
                .differences
                .binary_search(&(square.col as i64 - square.row as i64))
                .is_ok()
    }

    /// The number of excluded diagonals, sums and differences together.
    pub fn excluded_count(&self) -> usize {
        self.sums.len() + self.differences.len()
    }

    /// Excluded sum diagonals as 0-based `col + row`.
    pub(crate) fn sum_indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.sums.iter().map(|&s| s as usize)
    }

    /// Excluded difference diagonals as 0-based `col - row + n - 1`.
    pub(crate) fn difference_indices(&self) -> impl Iterator<Item = usize> + '_ {
        let shift = self.n as i64 - 1;
        self.differences.iter().map(move |&d| (d + shift) as usize)
    }

    /// Whether `p` completes this instance: a solution that keeps every preset and uses no
    /// excluded diagonal.
    pub fn is_completion(&self, p: &Placement) -> bool {
        p.n() == self.n
            && p.is_solution()
            && self
                .presets
                .iter()
                .all(|s| p.rows()[s.col as usize] == s.row)
            && p.squares().all(|s| !self.excludes(s))
    }

    /// The image of the instance under a symmetry of the board: presets and excluded diagonals
    /// move with it (some symmetries turn sum diagonals into difference diagonals).
    pub fn transformed(&self, symmetry: Symmetry) -> Instance {
        let n = self.n;
        let image = |s: Square| symmetry.apply_square(s, n);
        let presets: Vec<Square> = self.presets.iter().map(|&s| image(s)).collect();
        let keeps_kind = matches!(
            symmetry,
            Symmetry::Identity
                | Symmetry::Rotate180
                | Symmetry::Transpose
                | Symmetry::AntiTranspose
        );
        let (mut sums, mut differences) = (Vec::new(), Vec::new());
        let mut add = |s: Square, was_sum: bool| {
            if was_sum == keeps_kind {
                sums.push(s.col as i64 + s.row as i64 + 2);
            } else {
                differences.push(s.col as i64 - s.row as i64);
            }
        };
        for &sum in &self.sums {
            let c = sum.saturating_sub(n as u32 - 1);
            add(image(Square::new(c, sum - c)), true);
        }
        for &d in &self.differences {
            let c = d.max(0);
            add(image(Square::new(c as u32, (c - d) as u32)), false);
        }
        Instance::new(n, &presets, &sums, &differences).expect("a symmetry keeps an instance valid")
    }

    /// The instance in its file form.
    pub fn to_file(&self) -> InstanceFile {
        InstanceFile {
            n: self.n,
            queens: self
                .presets
                .iter()
                .map(|s| [s.col as u64 + 1, s.row as u64 + 1])
                .collect(),
            excluded_sums: self.sums.iter().map(|&s| s as i64 + 2).collect(),
            excluded_differences: self.differences.clone(),
        }
    }
}

impl TryFrom<InstanceFile> for Instance {
    type Error = InstanceError;

    fn try_from(file: InstanceFile) -> Result<Instance, InstanceError> {
        let n = file.n;
        if n == 0 || n > MAX_N {
            return Err(InstanceError::BadSize(n));
        }
        let mut presets = Vec::with_capacity(file.queens.len());
        for [c, r] in file.queens {
            if c == 0 || r == 0 || c > n as u64 || r > n as u64 {
                return Err(InstanceError::OffBoard {
                    square: format!("[{c},{r}]"),
                    n,
                    last_file: file_name(n as u32 - 1),
                });
            }
            presets.push(Square::new(c as u32 - 1, r as u32 - 1));
        }
        Instance::new(n, &presets, &file.excluded_sums, &file.excluded_differences)
    }
}

/// What a search does with each completion it finds: `true` to go on, `false` to stop.
pub(crate) type Visit<'a> = &'a mut dyn FnMut(&[u32]) -> bool;

/// Boards up to this size use the bit-parallel engine.
const BITBOARD_MAX: usize = bitboard::MAX_N;

/// Boards from this size on first try local search.
const REPAIR_FROM: usize = 200;

/// Finds one completion, or proves there is none. Cancelling `control` stops the search with
/// [`Error::Cancelled`].
pub fn solve(instance: &Instance, control: &Control) -> Result<Outcome, Error> {
    if instance.n >= REPAIR_FROM {
        if let Some(p) = repair::attempt(instance, 0) {
            debug_assert!(instance.is_completion(&p));
            return Ok(Outcome::Solved(p));
        }
    }
    let mut found = None;
    search(instance, control, &mut |rows| {
        found = Some(Placement::from_rows_unchecked(rows.to_vec()));
        false
    })?;
    Ok(match found {
        Some(p) => Outcome::Solved(p),
        None => Outcome::Impossible,
    })
}

/// Counts every completion (with progress on `control`: the branches of the first choice, and
/// the completions found so far, as in [`count_up_to`]).
pub fn count(instance: &Instance, control: &Control) -> Result<Completions, Error> {
    count_up_to(instance, u128::MAX, control)
}

/// Counts completions until there are `cap` of them (then stops: the count is `cap`, and
/// there may be more), or all of them when fewer.
///
/// While it runs, [`Control::found`] is the running count: the completions found so far, a
/// few thousand nodes of search behind at most (the search adds its finds to the control in
/// batches, never one by one). When it returns, `found` has risen by exactly the count, and
/// [`Control::progress`] counts the branches of the first choice.
///
/// ```
/// use queens::complete::{count_up_to, Instance};
/// use queens::Control;
///
/// let control = Control::new();
/// let all = count_up_to(&Instance::with_presets(8, &[]).unwrap(), 1000, &control).unwrap();
/// assert_eq!((all.count, control.found()), (92, 92));
/// ```
pub fn count_up_to(
    instance: &Instance,
    cap: u128,
    control: &Control,
) -> Result<Completions, Error> {
    let mut result = Completions {
        count: 0,
        first: None,
    };
    let engine = if instance.n <= BITBOARD_MAX {
        bitboard::search_unordered
    } else {
        wide::search
    };
    engine(instance, control, &mut |rows| {
        if result.first.is_none() {
            result.first = Some(Placement::from_rows_unchecked(rows.to_vec()));
        }
        result.count += 1;
        result.count < cap
    })?;
    Ok(result)
}

/// The complete search on the engine that suits the board; returns the nodes visited.
fn search(instance: &Instance, control: &Control, visit: Visit) -> Result<u64, Error> {
    if instance.n <= BITBOARD_MAX {
        bitboard::search(instance, control, visit)
    } else {
        wide::search(instance, control, visit)
    }
}

#[cfg(test)]
mod tests;
