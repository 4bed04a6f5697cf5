//! Exact counts of all solutions, with the symmetry breakdown.
//!
//! The fundamental count (orbits under the 8 board symmetries) follows from Burnside's lemma:
//! it is the average number of solutions fixed by a symmetry. For N >= 2 no solution is fixed by
//! a reflection, the half turn fixes `fixed180` solutions and each quarter turn `fixed90`, so
//! `fundamental = (total + fixed180 + 2 * fixed90) / 8`, and the orbits are
//! `(total - fixed180) / 8` of size 8, `(fixed180 - fixed90) / 4` of size 4 and `fixed90 / 2` of
//! size 2. The two symmetric counts come from searches over symmetric placements only
//! ([`symmetric`]), which are tiny beside the total.
//!
//! ```
//! use queens::count::{count, Engine};
//! use queens::Control;
//!
//! let c = count(12, Engine::Auto, &Control::new()).unwrap();
//! assert_eq!((c.total, c.fundamental()), (14200, 1787));
//! assert_eq!(c.orbits(), vec![(8, 1765), (4, 18), (2, 4)]);
//! ```

pub mod bits;
pub mod constellation;
pub mod dihedral;
pub mod disjoint;
pub mod plan;
pub mod published;
pub mod quarters;
pub mod record;
/// The reference table of the tests (`tests/support/reference.rs` of this crate, shared with
/// its integration tests).
#[cfg(test)]
#[path = "../../tests/support/reference.rs"]
mod reference;
pub mod session;
pub mod somers;
pub mod symmetric;

use crate::control::Control;
use crate::error::Error;
use serde::Serialize;

/// The exact counts for one N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// The board size.
    pub n: usize,
    /// All solutions.
    pub total: u128,
    /// Solutions fixed by the half turn.
    pub fixed180: u128,
    /// Solutions fixed by the quarter turn.
    pub fixed90: u128,
}

impl Counts {
    /// The counts for `n` given the total, with the symmetric counts searched here (they
    /// are small beside the total): how sub-problem counts become the full breakdown.
    pub fn from_total(n: usize, total: u128) -> Counts {
        Counts {
            n,
            total,
            fixed180: symmetric::count_fixed180(n) as u128,
            fixed90: symmetric::count_fixed90(n) as u128,
        }
    }

    /// Whether the counts split into orbits as Burnside's lemma says they must: the
    /// solutions fixed by the quarter turn are fixed by the half turn too, the rest come in
    /// orbits of 8, the half-turn ones not fixed by the quarter turn in orbits of 4, and the
    /// quarter-turn ones in orbits of 2. A total edited by anything but a multiple of 8, or
    /// added up from wrong parts, fails this test: the orbits would not add up to it.
    pub fn is_consistent(&self) -> bool {
        if self.n == 1 {
            return self.total == 1 && self.fixed180 == 1 && self.fixed90 == 1;
        }
        self.total >= self.fixed180
            && self.fixed180 >= self.fixed90
            && (self.total - self.fixed180).is_multiple_of(8)
            && (self.fixed180 - self.fixed90).is_multiple_of(4)
            && self.fixed90.is_multiple_of(2)
    }

    /// The number of orbits (solutions up to rotation and reflection).
    pub fn fundamental(&self) -> u128 {
        if self.n == 1 {
            1
        } else {
            (self.total + self.fixed180 + 2 * self.fixed90) / 8
        }
    }

    /// The number of orbits of each size, largest size first: `[(8, a), (4, b), (2, c)]`, or
    /// `[(1, 1)]` for N = 1.
    pub fn orbits(&self) -> Vec<(usize, u128)> {
        if self.n == 1 {
            return vec![(1, 1)];
        }
        vec![
            (8, (self.total - self.fixed180) / 8),
            (4, (self.fixed180 - self.fixed90) / 4),
            (2, self.fixed90 / 2),
        ]
    }
}

/// The smallest N for which `Auto` picks `Quarters` (measured: `dihedral` is faster up to 13,
/// see BENCHMARKS.md).
pub const QUARTERS_FROM: usize = 14;

/// The counting engines. `Somers` is the reference every other engine is tested against;
/// the default, `Auto`, picks the fastest for the size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Engine {
    /// `Quarters` from N = 14 up to its largest N (27), `Dihedral` below (where its setup
    /// costs more than the count) and beyond.
    #[default]
    Auto,
    /// Meet in the middle over the four quarters of the board ([`quarters`]).
    Quarters,
    /// One solution per symmetry class, weighted exactly ([`dihedral`]).
    Dihedral,
    /// Side queens pre-placed, one search per symmetry class ([`constellation`]).
    Constellation,
    /// Somers-style bit backtracking with the mirror symmetry ([`somers`]); the command
    /// line's classic `bitmask` is the seeds' algorithm, another thing.
    Somers,
}

impl Engine {
    /// Every engine, the default first.
    pub const ALL: [Engine; 5] = [
        Engine::Auto,
        Engine::Quarters,
        Engine::Dihedral,
        Engine::Constellation,
        Engine::Somers,
    ];

    /// The largest N this engine counts.
    pub fn max_n(self) -> usize {
        match self {
            Engine::Auto => dihedral::MAX_N,
            Engine::Quarters => quarters::MAX_N,
            Engine::Constellation => constellation::MAX_N,
            Engine::Dihedral => dihedral::MAX_N,
            Engine::Somers => somers::MAX_N,
        }
    }

    /// The engine that does the work for `n`: `Auto` resolved, the others themselves.
    pub fn resolve(self, n: usize) -> Engine {
        match self {
            Engine::Auto if (QUARTERS_FROM..=quarters::MAX_N).contains(&n) => Engine::Quarters,
            Engine::Auto => Engine::Dihedral,
            e => e,
        }
    }

    /// The names of the engines, in the order of [`Engine::ALL`].
    pub const NAMES: [&'static str; 5] =
        ["auto", "quarters", "dihedral", "constellation", "somers"];

    /// The engine's name, the same on the command line, in the web API and on the page.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Quarters => "quarters",
            Engine::Dihedral => "dihedral",
            Engine::Constellation => "constellation",
            Engine::Somers => "somers",
        }
    }

    /// The engine called `name`, if any; `bitmask`, the web API's older name of `somers`, is
    /// still understood.
    pub fn from_name(name: &str) -> Option<Engine> {
        match name {
            "bitmask" => Some(Engine::Somers),
            _ => Engine::ALL.into_iter().find(|e| e.name() == name),
        }
    }
}

/// Counts all solutions for `n` with `engine`, in the current rayon thread pool.
pub fn count(n: usize, engine: Engine, control: &Control) -> Result<Counts, Error> {
    if n == 0 || n > engine.max_n() {
        return Err(Error::TooLarge {
            n,
            max: engine.max_n(),
        });
    }
    let total = match engine.resolve(n) {
        Engine::Quarters => quarters::count_total(n, control)?,
        Engine::Constellation => constellation::count_total(n, control)?,
        Engine::Dihedral | Engine::Auto => dihedral::count_total(n, control)?,
        Engine::Somers => somers::count_total(n, control)?,
    };
    Ok(Counts::from_total(n, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_has_one_name() {
        for (e, name) in Engine::ALL.into_iter().zip(Engine::NAMES) {
            assert_eq!((e.name(), Engine::from_name(name)), (name, Some(e)));
        }
        assert_eq!(Engine::from_name("bitmask"), Some(Engine::Somers));
        assert_eq!(Engine::from_name("fastest"), None);
    }

    #[test]
    fn burnside_for_small_n() {
        let c = count(8, Engine::Somers, &Control::new()).unwrap();
        assert_eq!((c.total, c.fixed180, c.fixed90), (92, 4, 0));
        assert_eq!(c.fundamental(), 12);
        assert_eq!(c.orbits(), vec![(8, 11), (4, 1), (2, 0)]);
        let one = count(1, Engine::Somers, &Control::new()).unwrap();
        assert_eq!((one.fundamental(), one.orbits()), (1, vec![(1, 1)]));
        assert!(count(0, Engine::Somers, &Control::new()).is_err());
        assert!(count(33, Engine::Somers, &Control::new()).is_err());
    }

    use super::reference;

    /// The reference table: (n, total, fundamental, fixed180, fixed90).
    fn reference() -> Vec<(usize, u128, u128, u128, u128)> {
        reference::table()
            .into_iter()
            .map(|r| (r.n, r.total, r.fundamental, r.fixed180, r.fixed90))
            .collect()
    }

    fn agrees_with_reference(engine: Engine, sizes: std::ops::RangeInclusive<usize>) {
        let table = reference();
        assert!(table.len() >= 27);
        for (n, total, fundamental, fixed180, fixed90) in table {
            if !sizes.contains(&n) {
                continue;
            }
            let c = count(n, engine, &Control::new()).unwrap();
            let name = engine.name();
            assert_eq!(c.total, total, "{name}: total for N = {n}");
            assert_eq!(c.fixed180, fixed180, "{name}: fixed180 for N = {n}");
            assert_eq!(c.fixed90, fixed90, "{name}: fixed90 for N = {n}");
            assert_eq!(
                c.fundamental(),
                fundamental,
                "{name}: fundamental for N = {n}"
            );
        }
    }

    #[test]
    fn every_engine_agrees_with_the_reference_table_up_to_14() {
        for engine in Engine::ALL {
            agrees_with_reference(engine, 1..=14);
        }
    }

    /// Release only: `cargo test --release -p queens -- --ignored` (about a minute).
    #[test]
    #[ignore = "about a minute in release: every engine to N = 17"]
    fn every_engine_agrees_with_the_reference_table_up_to_17() {
        for engine in Engine::ALL {
            agrees_with_reference(engine, 15..=17);
        }
    }

    #[test]
    fn symmetric_counts_agree_with_the_reference_table_up_to_20() {
        for (n, _, _, fixed180, fixed90) in reference().into_iter().filter(|r| r.0 <= 20) {
            assert_eq!(symmetric::count_fixed180(n) as u128, fixed180, "N = {n}");
            assert_eq!(symmetric::count_fixed90(n) as u128, fixed90, "N = {n}");
        }
    }

    #[test]
    fn every_engine_answers_a_cancel() {
        for engine in Engine::ALL {
            let c = Control::new();
            c.cancel();
            assert_eq!(
                count(12, engine, &c),
                Err(Error::Cancelled),
                "{}",
                engine.name()
            );
        }
    }

    #[test]
    fn engines_by_name() {
        for engine in Engine::ALL {
            assert_eq!(Engine::from_name(engine.name()), Some(engine));
        }
        assert_eq!(Engine::from_name("fastest"), None);
        assert_eq!(Engine::ALL[0], Engine::default());
    }

    #[test]
    fn every_engine_refuses_sizes_beyond_its_limit() {
        assert!(Engine::default().max_n() >= 27);
        assert_eq!(Engine::Auto.resolve(quarters::MAX_N + 1), Engine::Dihedral);
        assert_eq!(Engine::Auto.resolve(QUARTERS_FROM - 1), Engine::Dihedral);
        assert_eq!(Engine::Auto.resolve(QUARTERS_FROM), Engine::Quarters);
        for engine in Engine::ALL {
            let n = engine.max_n() + 1;
            let max = engine.max_n();
            assert_eq!(
                count(n, engine, &Control::new()),
                Err(Error::TooLarge { n, max })
            );
        }
    }
}
