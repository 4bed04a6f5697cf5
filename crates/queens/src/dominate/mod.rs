//! Domination: the fewest queens that watch every square of the board (each square holds a
//! queen or is attacked by one). The oldest companion of the eight queens (de Jaenisch 1862,
//! Ahrens 1910): five queens watch the 8x8 board, and no four do.
//!
//! - [`lines`]: the board as ranks, files and diagonals, and its symmetry group; the queen
//!   graph ignores blocking, so watching is a matter of lines.
//! - [`exact`]: the exact search (branch on the most constrained unwatched square, a bound
//!   from the unwatched counts of the lines, symmetry broken by the first queen): finds a set,
//!   proves that none of a given size exists, or counts them all with the classes up to
//!   symmetry.
//! - [`local`]: a local search that finds a set of a given size on large boards in seconds.
//! - [`formula`]: the same question as a formula for a SAT solver (the `queens-sat` crate
//!   decides it), for structured parts of open cases such as the parity lattices of N = 26.
//! - [`plan`]: what each search is known to cost, said before a long run.
//!
//! Which search answers a board is decided here ([`method`]), for the command line and the
//! page alike.
//!
//! How a minimum is known ([`Why`]): Weakley's bound (Finozhenok and Weakley 2007: at least
//! ceil(N/2) queens for every N except 3 and 11) when the set found meets it; else the exact
//! search's proof that one queen fewer cannot do; else, when no proof is asked for, the
//! published domination number ([`published`]) when the set found has that size; else it is
//! not proved.
//!
//! ```
//! use queens::dominate::{self, Options, Why};
//! use queens::Control;
//!
//! let eight = dominate::minimum(8, &Options::default(), &Control::new()).unwrap();
//! assert_eq!(eight.queens.len(), 5);
//! assert_eq!(eight.why, Why::Searched { fewer: 4 });
//! assert!(dominate::check(8, false, &eight.queens).is_ok());
//! let five = dominate::count(5, &Options::default(), &Control::new()).unwrap();
//! assert_eq!((five.size, five.sets, five.classes), (3, 186, 37));
//! ```

pub mod exact;
pub mod formula;
pub mod lines;
pub mod local;
pub mod plan;

use crate::control::Control;
use crate::error::Error;
use crate::square::{file_name, Square};
use lines::Lines;
use serde::Serialize;

/// The largest board side taken.
pub const MAX_N: usize = exact::MAX_N;
/// The largest N for which [`minimum`] proves minimality by search unless told otherwise
/// (N = 15 and 16 take some 5 s of CPU each; beyond, hours or days).
pub const PROOF_REACH: usize = 16;
/// Boards up to this side are searched exactly from the lower bound up, with no local search.
pub const EXACT_UP_TO: usize = 12;
/// Local search steps per try at one size above the bound.
const LOCAL_STEPS: u64 = 40_000_000;
/// Local search at the bound itself: runs of this many steps, each with the next seed.
const RUN_STEPS: u64 = 1_500_000;
/// How many such runs before the bound is given up (it may be out of reach: N = 26).
const RUNS_AT_BOUND: u64 = 8;
/// Seconds for the search among the sets symmetric under the half turn.
const SYMMETRIC_SECONDS: f64 = 10.0;

/// What kind of set, and how hard to work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The torus: diagonals wrap around the edges.
    pub torus: bool,
    /// Queens that do not attack each other.
    pub independent: bool,
    /// Prove minimality by exact search when no bound settles it.
    pub prove: bool,
    /// The seed of the local search.
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            torus: false,
            independent: false,
            prove: true,
            seed: 1,
        }
    }
}

/// How the size of a set is known to be the minimum, or that it is not known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Why {
    /// One queen: nothing smaller watches anything.
    One,
    /// Weakley's lower bound ceil(N/2) (Finozhenok and Weakley 2007), met by the set.
    Bound {
        /// ceil(N/2).
        bound: usize,
    },
    /// The exact search over every set of `fewer` queens found none.
    Searched {
        /// One less than the size of the set.
        fewer: usize,
    },
    /// The published domination number (OEIS A075458, [`published`]): the set has that size,
    /// so no smaller one exists by the computation published with it, not repeated here.
    Published {
        /// The domination number of the board.
        gamma: usize,
        /// Who computed it ([`published_by`]).
        by: &'static str,
    },
    /// Not proved.
    NotProved {
        /// What was tried.
        tried: String,
    },
}

impl Why {
    /// Whether the set is known to be a minimum.
    pub fn proved(&self) -> bool {
        !matches!(self, Why::NotProved { .. })
    }
}

/// A set of queens watching the board, and how its size is known to be least.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dominating {
    /// The board side.
    pub n: usize,
    /// The queens, in the order of their squares (rank by rank, file by file).
    pub queens: Vec<Square>,
    /// Why no smaller set exists, or that this is not known.
    pub why: Why,
}

/// The number of minimum sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Counted {
    /// The board side.
    pub n: usize,
    /// The least number of queens (proved by the count itself).
    pub size: usize,
    /// The minimum sets.
    pub sets: u128,
    /// The minimum sets up to the board's symmetries (8, or 8N² on the torus).
    pub classes: u128,
}

/// The domination numbers of the N x N board for N = 1 to 25, as published in OEIS A075458
/// (a(19) Karpov 2016; a(20) to a(24) Bird, "Computational methods for domination problems",
/// PhD thesis, University of Victoria 2017; a(25) Kamenetsky). Up to N = 16 the exact search
/// here proves them again (in seconds); beyond, only 20, 22 and 24 lie above Weakley's bound.
const A075458: [usize; 25] = [
    1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6, 7, 8, 9, 9, 9, 9, 10, 11, 11, 12, 12, 13, 13,
];

/// The published domination number of the ordinary `n` x `n` board (not the torus, not
/// independent queens), where it is known: N = 1 to 25.
pub fn published(n: usize, opts: &Options) -> Option<usize> {
    if opts.torus || opts.independent || n == 0 {
        return None;
    }
    A075458.get(n - 1).copied()
}

/// Who computed the published domination number of the `n` x `n` board (OEIS A075458).
pub fn published_by(n: usize) -> &'static str {
    match n {
        19 => "Karpov 2016",
        20..=24 => "Bird 2017",
        25 => "Kamenetsky",
        _ => "earlier computations",
    }
}

/// Weakley's lower bound ceil(N/2) where it holds (the ordinary board, N not 3 or 11).
pub fn weakley_bound(n: usize, torus: bool) -> Option<usize> {
    (!torus && n != 3 && n != 11).then_some(n.div_ceil(2))
}

/// How a minimum set of a board is found and its size proved least, decided here for the
/// command line and the page ([`method`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The exact search from the lower bound up (N up to 12, independent queens, the torus):
    /// the first size at which it finds a set is the minimum, proved by the same search in one
    /// piece; no seed, no parts. (On the torus, with no bound but 1, the local search spent its
    /// whole budget on every size too small: at N = 13 minutes before its first set, where the
    /// exact search proves 7 least in a tenth of a second.)
    FromBound,
    /// The local search (from a seed) for a first set, then the exact search over every set of
    /// one queen fewer, which splits in parts ([`exact::Search::split`]) that a checkpoint can
    /// record or shares run apart; not needed when the set meets Weakley's bound.
    LocalThenProof,
    /// The local search (from a seed) alone: the set's size is least by Weakley's bound or the
    /// published number when it meets them, else not proved.
    Local,
}

/// How [`minimum`] answers the `n` x `n` board with `opts` (and [`count`] finds its first set:
/// from the bound up, or by the local search).
pub fn method(n: usize, opts: &Options) -> Method {
    if n <= EXACT_UP_TO || opts.independent || opts.torus {
        Method::FromBound
    } else if opts.prove {
        Method::LocalThenProof
    } else {
        Method::Local
    }
}

/// The least size worth trying: the bound where it holds, else 1.
fn start_size(n: usize, opts: &Options) -> usize {
    weakley_bound(n, opts.torus).unwrap_or(1).max(1)
}

/// The exact search's problem of at most `k` queens on the board of `lines`.
pub fn problem(lines: &Lines, k: usize, opts: &Options) -> exact::Problem {
    exact::Problem {
        lines: lines.clone(),
        k,
        independent: opts.independent,
        within: None,
        mirror: None,
    }
}

/// The squares of one parity lattice of the `n` x `n` board: files of parity `file`, ranks of
/// parity `rank` (counted from 0), as one flag per square (`row * n + col`). The minimum sets
/// found at N = 6, 10, 18 and 23 lie on one; on an even board the four are images of one another.
pub fn lattice(n: usize, file: usize, rank: usize) -> Vec<bool> {
    (0..n * n)
        .map(|s| s % n % 2 == file && s / n % 2 == rank)
        .collect()
}

/// The squares of a set of square numbers.
pub fn squares(lines: &Lines, set: &[usize]) -> Vec<Square> {
    set.iter().map(|&i| lines.square(i)).collect()
}

fn check_size(n: usize) -> Result<(), Error> {
    if n == 0 || n > MAX_N {
        return Err(Error::TooLarge { n, max: MAX_N });
    }
    Ok(())
}

/// A minimum set of queens watching the `n` x `n` board, with the reason it is least (or that
/// it is not proved). `Err(Cancelled)` if stopped before any set is found; stopped during the
/// proof, the set comes back with [`Why::NotProved`].
pub fn minimum(n: usize, opts: &Options, control: &Control) -> Result<Dominating, Error> {
    settled(n, opts, control, true)
}

/// A first set as [`minimum`] finds it, with the reason it is least when that is known
/// without the exact search over one queen fewer (which is left to the caller: a resumable
/// proof in parts); otherwise [`Why::NotProved`].
pub fn first(n: usize, opts: &Options, control: &Control) -> Result<Dominating, Error> {
    settled(n, opts, control, false)
}

/// A first set, and the proof of minimality by the exact search if `search` (and
/// `opts.prove`) asks for it.
fn settled(n: usize, opts: &Options, control: &Control, search: bool) -> Result<Dominating, Error> {
    check_size(n)?;
    let lines = Lines::new(n, opts.torus);
    let (mut set, mut proved) = first_set(&lines, opts, control)?;
    loop {
        let k = set.len();
        let why = if k == 1 {
            Why::One
        } else if weakley_bound(n, opts.torus) == Some(k) {
            Why::Bound { bound: k }
        } else if proved {
            Why::Searched { fewer: k - 1 }
        } else if !opts.prove && published(n, opts) == Some(k) {
            Why::Published {
                gamma: k,
                by: published_by(n),
            }
        } else if opts.prove && !search {
            Why::NotProved {
                tried: format!(
                    "the exact search over every set of {} queens has not run",
                    k - 1
                ),
            }
        } else if !opts.prove {
            Why::NotProved {
                tried: format!(
                    "a local search for {f} queens (up to {RUNS_AT_BOUND} runs of {RUN_STEPS} \
                     steps) and up to {SYMMETRIC_SECONDS} s of exact search among the sets of \
                     {f} that the half turn maps onto themselves found none; the exact search \
                     over all sets of {f} queens was not run",
                    f = k - 1,
                ),
            }
        } else {
            match exact::find(problem(&lines, k - 1, opts), control) {
                Ok(None) => Why::Searched { fewer: k - 1 },
                Ok(Some(smaller)) => {
                    (set, proved) = (smaller, false);
                    continue;
                }
                Err(Error::Cancelled) => Why::NotProved {
                    tried: format!(
                        "the exact search over every set of {} queens stopped before its end",
                        k - 1
                    ),
                },
                Err(e) => return Err(e),
            }
        };
        return Ok(Dominating {
            n,
            queens: squares(&lines, &set),
            why,
        });
    }
}

/// A first set: on small boards (and for independent sets, and on the torus) the exact search
/// from the lower bound up, so that the first size found is proved least (the `bool`). On large boards the
/// local search one above the bound first (quick), then at the bound: by the exact search
/// (which also proves) when a proof is wanted and within reach, else by runs of the local
/// search and then the half-turn search. Stopped at the bound, the set above it is kept.
/// When the set above the bound has the published minimum size (N = 20, 22, 24), no set at
/// the bound exists, and the tries there (half a minute) are skipped.
fn first_set(
    lines: &Lines,
    opts: &Options,
    control: &Control,
) -> Result<(Vec<usize>, bool), Error> {
    let n = lines.n;
    if method(n, opts) == Method::FromBound {
        for k in start_size(n, opts)..=n * n {
            if let Some(set) = exact::find(problem(lines, k, opts), control)? {
                return Ok((set, true));
            }
        }
        unreachable!("n² queens watch every square");
    }
    let low = start_size(n, opts);
    let mut k = low + 1;
    let above = loop {
        if let Some(set) = local::search(lines, k, opts.seed, LOCAL_STEPS, control)? {
            break set;
        }
        k += 1;
    };
    let least = published(n, opts) == Some(above.len());
    if above.len() > low + 1 || (opts.prove && n <= PROOF_REACH) || least {
        return Ok((above, false));
    }
    let at_bound = match at_bound(lines, low, opts, control) {
        Ok(None) => symmetric(lines, low, opts, control),
        other => other,
    };
    match at_bound {
        Ok(Some(set)) => Ok((set, false)),
        Ok(None) | Err(Error::Cancelled) => Ok((above, false)),
        Err(e) => Err(e),
    }
}

/// The local search at the bound: [`RUNS_AT_BOUND`] runs of [`RUN_STEPS`] steps, seeded from
/// `opts.seed` on (fresh starts cut the long unlucky walks short).
fn at_bound(
    lines: &Lines,
    k: usize,
    opts: &Options,
    control: &Control,
) -> Result<Option<Vec<usize>>, Error> {
    for run in 0..RUNS_AT_BOUND {
        let seed = opts.seed.wrapping_add(run);
        if let Some(set) = local::search(lines, k, seed, RUN_STEPS, control)? {
            return Ok(Some(set));
        }
    }
    Ok(None)
}

/// The exact search among the sets the half turn maps onto themselves (half the choices: a
/// queen comes with its image), for at most [`SYMMETRIC_SECONDS`]: rare minimum sets of large
/// odd boards (N = 19, 21) are found this way when the local search misses them.
fn symmetric(
    lines: &Lines,
    k: usize,
    opts: &Options,
    control: &Control,
) -> Result<Option<Vec<usize>>, Error> {
    let n = lines.n;
    let half_turn = (0..n * n).map(|s| (n * n - 1 - s) as u16).collect();
    let p = exact::Problem {
        mirror: Some(half_turn),
        ..problem(lines, k, opts)
    };
    let budget = Some(std::time::Duration::from_secs_f64(SYMMETRIC_SECONDS));
    let (result, _) = control.child(budget, || {}, |inner| exact::find(p, inner));
    match result {
        Err(Error::Cancelled) if control.is_cancelled() => Err(Error::Cancelled),
        Err(Error::Cancelled) => Ok(None),
        other => other,
    }
}

/// Counts the minimum sets (`opts.prove` is not needed: the count proves the minimum).
pub fn count(n: usize, opts: &Options, control: &Control) -> Result<Counted, Error> {
    check_size(n)?;
    let lines = Lines::new(n, opts.torus);
    let (set, _) = first_set(&lines, opts, control)?;
    let mut k = set.len();
    loop {
        match exact::count(problem(&lines, k, opts), control)? {
            exact::Count::Sets { sets, classes } => {
                return Ok(Counted {
                    n,
                    size: k,
                    sets,
                    classes,
                })
            }
            exact::Count::Smaller(smaller) => k = smaller.len(),
        }
    }
}

/// The first square no queen watches, checked square by square with the queen's move
/// (independent of the line bookkeeping of the searches); `Ok` when every square is watched.
pub fn check(n: usize, torus: bool, queens: &[Square]) -> Result<(), Square> {
    for row in 0..n as u32 {
        for col in 0..n as u32 {
            let s = Square::new(col, row);
            if !watched(n, torus, queens, s) {
                return Err(s);
            }
        }
    }
    Ok(())
}

/// The first pair of queens that attack each other, if any.
pub fn first_attack(n: usize, torus: bool, queens: &[Square]) -> Option<(Square, Square)> {
    for (i, &a) in queens.iter().enumerate() {
        for &b in &queens[i + 1..] {
            let hit = if torus {
                torus_watches(n, a, b)
            } else {
                a.queen_attack(b).is_some()
            };
            if hit {
                return Some((a, b));
            }
        }
    }
    None
}

/// Whether a queen on `q` watches `s` on the `n` x `n` torus.
fn torus_watches(n: usize, q: Square, s: Square) -> bool {
    let n = n as i64;
    let (dc, dr) = (s.col as i64 - q.col as i64, s.row as i64 - q.row as i64);
    dc == 0 || dr == 0 || (dc - dr).rem_euclid(n) == 0 || (dc + dr).rem_euclid(n) == 0
}

/// The board with `Q` on the queens, `.` on watched squares and `o` on unwatched ones, rank N
/// on top, files under the last rank.
pub fn diagram(n: usize, torus: bool, queens: &[Square]) -> String {
    let label = n.to_string().len();
    let cell = file_name(n.saturating_sub(1) as u32).len();
    let mut out = String::new();
    for row in (0..n as u32).rev() {
        out.push_str(&format!("{:>label$}", row + 1));
        for col in 0..n as u32 {
            let s = Square::new(col, row);
            let mark = if queens.contains(&s) {
                "Q"
            } else if watched(n, torus, queens, s) {
                "."
            } else {
                "o"
            };
            out.push_str(&format!(" {mark:>cell$}"));
        }
        out.push('\n');
    }
    out.push_str(&format!("{:>label$}", ""));
    for col in 0..n as u32 {
        out.push_str(&format!(" {:>cell$}", file_name(col)));
    }
    out.push('\n');
    out
}

/// Whether some queen watches `s`.
pub fn watched(n: usize, torus: bool, queens: &[Square], s: Square) -> bool {
    queens.iter().any(|&q| {
        if torus {
            torus_watches(n, q, s)
        } else {
            q == s || q.queen_attack(s).is_some()
        }
    })
}

#[cfg(test)]
mod tests;
