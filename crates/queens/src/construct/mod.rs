//! One solution for a given N, by three methods, and the existence answer.
//!
//! - [`explicit`]: the construction of seed 001 by N mod 12; no search, streamed, any N.
//! - [`min_conflicts`]: local search (Minton et al. 1992; Sosic and Gu 1991), a different
//!   solution for each seed.
//! - [`random`]: a uniformly random solution for small N, by counting the sub-trees of the
//!   search and descending.
//!
//! ```
//! use queens::construct::{exists, explicit};
//!
//! assert!(!exists(3) && exists(1_000_000_007));
//! let p = explicit::placement(8).unwrap();
//! assert_eq!(p.perm(), "2 4 6 8 3 1 7 5");
//! assert!(explicit::placement(100_000).unwrap().is_solution());
//! ```

pub mod explicit;
pub mod min_conflicts;
pub mod random;

pub use explicit::exists;

/// Why no solution exists for `n`, in words, when none does (N = 2 and 3; N = 0 is no board).
///
/// ```
/// assert!(queens::construct::why_none(3).unwrap().contains("at most two queens"));
/// assert_eq!(queens::construct::why_none(8), None);
/// ```
pub fn why_none(n: u64) -> Option<&'static str> {
    match n {
        2 => Some("any two squares of a 2x2 board share a row, a column or a diagonal"),
        3 => Some("at most two queens fit on a 3x3 board without attacking each other"),
        _ => None,
    }
}

/// The methods of this module that find one solution, by the names the command line and
/// the web API give them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// The explicit construction ([`explicit`]).
    Explicit,
    /// Local search by min-conflicts ([`min_conflicts`]), seeded.
    MinConflicts,
    /// A uniformly random solution of a small board ([`random`]), seeded.
    Random,
}

impl Method {
    /// Every method.
    pub const ALL: [Method; 3] = [Method::Explicit, Method::MinConflicts, Method::Random];

    /// The method's name.
    pub fn name(self) -> &'static str {
        match self {
            Method::Explicit => "explicit",
            Method::MinConflicts => "min-conflicts",
            Method::Random => "random",
        }
    }

    /// The method called `name`, if any.
    ///
    /// ```
    /// use queens::construct::Method;
    /// assert_eq!(Method::from_name("min-conflicts"), Some(Method::MinConflicts));
    /// assert_eq!(Method::from_name("annealing"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }

    /// Whether the method draws at random (and so takes a seed).
    pub fn seeded(self) -> bool {
        self != Method::Explicit
    }
}

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The random source of the seeded methods: the same seed gives the same solution on every
/// machine (xoshiro256++, seeded through SplitMix64).
pub(crate) fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}
