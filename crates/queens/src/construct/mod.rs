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

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The random source of the seeded methods: the same seed gives the same solution on every
/// machine (xoshiro256++, seeded through SplitMix64).
pub(crate) fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}
