//! The cost model: the CPU seconds a count takes on one core, before anything is timed.
//!
//! The idea: a count of N solutions grows by a near-constant factor per N (about 7.5 for the
//! backtrackers, the growth of the counts themselves, OEIS A000170), so one measured time and a
//! growth per N place every other N within a factor of a few; where the engine's cost per
//! solution itself grows (the quarters engine beyond N = 24), the measured and sampled times
//! of each N are kept as a table and N = 26 and 27 are extrapolated by the growth over the
//! last two N of the same parity. This is the rough model that decides whether a count is
//! trivial, whether a sample of it would take too long, and what a count with no parts to
//! time will cost; a timed sample ([`super::Session::outlook`]) replaces it when it can.
//!
//! The constants are calibrations, not laws: one core of the machines of BENCHMARKS.md
//! (quarters: the Zen 3 of "Estimates for the records" for N = 16 to 25, measured to N = 21
//! and sampled beyond; the others: their N = 18 figures in "The dihedral engine" and the
//! classic algorithms' tables). On another machine the model is off by the ratio of speeds,
//! which is why every count that can be sampled is.

use crate::count::{quarters, Engine};

/// What is costed: an engine of the library, a classic algorithm of the seeds, or the
/// seeds' recursive SQL statement run in SQLite (the `queens-sql` crate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    /// A counting engine ([`crate::count::Engine`]).
    Engine(Engine),
    /// A classic algorithm of the seeds ([`crate::classic::Algorithm`]), counted one solution
    /// at a time.
    Classic,
    /// The seeds' SQL statement in an embedded SQLite.
    Sql,
}

/// One-core CPU seconds of the quarters engine for N = 16 to 25 (Zen 3, AVX2; BENCHMARKS.md,
/// measured to N = 21, "Estimates for the records" beyond; N = 20 and 22 with the tiles, N = 24
/// still of the build before them).
const QUARTERS: [f64; 10] = [
    0.12, 1.07, 3.1, 23.0, 177.0, 1.1e3, 1.19e4, 1.13e5, 2.40e6, 1.67e7,
];

/// The CPU seconds of counting `n` with `counter` on one core, by the model.
pub fn cpu_seconds(counter: Counter, n: usize) -> f64 {
    let (at18, growth) = match counter {
        Counter::Engine(Engine::Auto | Engine::Quarters) if n <= quarters::MAX_N => {
            if n >= 16 {
                let at = |n: usize| QUARTERS[n - 16];
                return match n {
                    26 | 27 => at(n - 2) * at(n - 2) / at(n - 4),
                    _ => at(n),
                };
            }
            (3.1, 7.5)
        }
        Counter::Engine(Engine::Somers) => (200.0, 7.5),
        Counter::Engine(_) => (90.0, 7.5),
        Counter::Classic => (400.0, 7.5),
        Counter::Sql => (4e6, 10.0),
    };
    at18 * f64::powf(growth, n as f64 - 18.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_grows_with_n_and_faster_than_the_counts_beyond_24() {
        let quarters = |n| cpu_seconds(Counter::Engine(Engine::Auto), n);
        for n in 4..27 {
            assert!(quarters(n + 1) > quarters(n), "N = {n}");
        }
        // The cost per solution grows: more than the ratio of the counts (about 7 to 8).
        assert!(quarters(26) / quarters(24) > 100.0);
        assert!(quarters(27) / quarters(25) > 100.0);
        // Beyond the quarters engine, the dihedral one.
        assert!(cpu_seconds(Counter::Engine(Engine::Auto), 28) > 0.0);
        // The slower counters cost more at every N.
        for n in 4..20 {
            let somers = cpu_seconds(Counter::Engine(Engine::Somers), n);
            assert!(cpu_seconds(Counter::Classic, n) > somers, "N = {n}");
            assert!(cpu_seconds(Counter::Sql, n) > somers, "N = {n}");
        }
    }
}
