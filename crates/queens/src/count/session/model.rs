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
//! (quarters: one table per path of its join ([`quarters::Path`]), each from the CPU kind that
//! runs it, below; the others: their N = 18 figures in "The dihedral engine" and the classic
//! algorithms' tables). On another machine the model is off by the ratio of speeds, which is
//! why every count that can be sampled is.

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

/// One-core CPU seconds of the quarters engine for N = 16 to 25 on the `avx2` path, Zen 3
/// (BENCHMARKS.md, measured to N = 21, "Estimates for the records" beyond; N = 20 and 22 with
/// the tiles, N = 24 still of the build before them). Also taken for the `avx512` path (the
/// same step, with wider unions): on the Intel Xeon of BENCHMARKS.md (2026-12-02) that path's
/// sampled estimates of N = 20 and 22 were 0.71 and 0.82 of these figures.
const QUARTERS_AVX2: [f64; 10] = [
    0.12, 1.07, 3.1, 23.0, 177.0, 1.1e3, 1.19e4, 1.13e5, 2.40e6, 1.67e7,
];

/// The same on the `avx512-popcnt` path, Zen 5 (AMD EPYC, 2026-11-30; BENCHMARKS.md): N = 16 to
/// 19 counted and 20, 21 and 23 sampled by the guard of the keys' packing (`bench/paths.sh`,
/// seed 1), N = 17 counted again with the pieces sorted by counting (2026-12-01), N = 22 the
/// whole count of a(22) (5,508 s, "Long counts"), N = 24 and 25 sampled before (`queens count N
/// --estimate --threads 1`, "Estimates for the records"). The Intel Xeon and the Zen 4 of
/// BENCHMARKS.md take about 1.5 and 1.6 times these figures on this path (their estimates of
/// N = 20 and 22, 2026-12-02): a count that can be sampled is, so the model only has to be right
/// to a factor of a few.
const QUARTERS_AVX512_POPCNT: [f64; 10] = [
    0.06, 0.48, 1.40, 9.94, 76.0, 437.0, 5.51e3, 4.02e4, 5.17e5, 4.60e6,
];

/// The `plain` path of an x86-64 CPU takes 2.1 times the time of `avx2` on the same CPU (the
/// guard's samples of N = 22: 2.13 on the Zen 3, 2.10 on the Zen 5; BENCHMARKS.md). Elsewhere
/// `plain` is the only path, and the `avx2` table stands for the machine: WebAssembly's
/// forecasts are in the native build's seconds, scaled by the browser's own speed.
const PLAIN_OVER_AVX2: f64 = 2.1;

/// The one-core CPU seconds of the quarters engine for `n` (16 to 27) with its join on the
/// path named `path` ([`quarters::Path::name`]): the table of the path, extrapolated to N = 26
/// and 27 by the growth over the last two N of the same parity.
fn quarters_seconds(path: &str, n: usize) -> f64 {
    let (table, factor) = match path {
        "avx512-popcnt" => (&QUARTERS_AVX512_POPCNT, 1.0),
        "plain" if cfg!(target_arch = "x86_64") => (&QUARTERS_AVX2, PLAIN_OVER_AVX2),
        _ => (&QUARTERS_AVX2, 1.0),
    };
    let at = |n: usize| table[n - 16] * factor;
    match n {
        26 | 27 => at(n - 2) * at(n - 2) / at(n - 4),
        _ => at(n),
    }
}

/// The CPU seconds of counting `n` with `counter` on one core, by the model.
pub fn cpu_seconds(counter: Counter, n: usize) -> f64 {
    let (at18, growth) = match counter {
        Counter::Engine(Engine::Auto | Engine::Quarters) if n <= quarters::MAX_N => {
            if n >= 16 {
                return quarters_seconds(quarters::Path::best().name(), n);
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
    use crate::count::published;

    #[test]
    fn the_model_grows_with_n() {
        let quarters = |n| cpu_seconds(Counter::Engine(Engine::Auto), n);
        for n in 4..27 {
            assert!(quarters(n + 1) > quarters(n), "N = {n}");
        }
        // Beyond the quarters engine, the dihedral one.
        assert!(cpu_seconds(Counter::Engine(Engine::Auto), 28) > 0.0);
        // The slower counters cost more at every N.
        for n in 4..20 {
            let somers = cpu_seconds(Counter::Engine(Engine::Somers), n);
            assert!(cpu_seconds(Counter::Classic, n) > somers, "N = {n}");
            assert!(cpu_seconds(Counter::Sql, n) > somers, "N = {n}");
        }
    }

    #[test]
    fn every_path_has_a_table_in_step_with_the_counts() {
        let solutions = |n| published::get(n).unwrap().total as f64;
        for path in ["plain", "avx2", "avx512", "avx512-popcnt"] {
            let seconds = |n| quarters_seconds(path, n);
            for n in 16..27 {
                assert!(seconds(n + 1) > seconds(n), "{path}, N = {n}");
            }
            // From N = 20 on (below, the fixed costs of a count weigh), the time per solution
            // never falls from N to N + 2 by more than the estimates' error (some 15 %): a
            // figure out of place in a table shows here.
            for n in 20..24 {
                let (time, count) = (seconds(n + 2) / seconds(n), solutions(n + 2) / solutions(n));
                assert!(
                    time > 0.85 * count,
                    "{path}, N = {n} to {}: {time} {count}",
                    n + 2
                );
            }
        }
        // The plain path is the slowest, the vector bit count the fastest.
        for n in 16..28 {
            if cfg!(target_arch = "x86_64") {
                assert!(quarters_seconds("plain", n) > quarters_seconds("avx2", n));
            }
            assert!(quarters_seconds("avx512-popcnt", n) < quarters_seconds("avx2", n));
        }
    }
}
