//! The records of the library's answers: what `queens ... --json` writes for each of them, one
//! type per answer, so that every writer of an answer writes the same fields in the same order.
//!
//! The idea is the one of hyperfine's `export` module: the answer is computed once, and its
//! record is a plain serde type beside it. Records that are images of a single library type
//! live with that type ([`crate::Conflict`], [`crate::count::record::CountRecord`],
//! [`crate::classic::Stats`], [`crate::classic::step::TraceStep`]); the ones here gather an
//! answer with the few facts around it (a placement with its orbit, a check with its line
//! number, a count with its seconds). The library writes nothing: the command line and the
//! server serialize these.

use crate::classic::{Algorithm, Stats};
use crate::construct::min_conflicts;
use crate::cover::Cover;
use crate::dominate::{Counted, Dominating, Options, Why};
use crate::rules::{Piece, Rules};
use crate::symmetry::{Orbit, OrbitKind, Symmetry, TorusOrbit};
use crate::{Conflict, Placement, Square};
use num_bigint::BigUint;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

/// A placement as a JSON line: `{"n":8,"rows":[1,5,8,6,3,7,2,4]}`, with its orbit size and
/// the safety tests since the one before (Wirth's n) where they are asked for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlacementRecord {
    /// The board size.
    pub n: usize,
    /// The rank of each file's queen, from 1.
    pub rows: Vec<u64>,
    /// The size of its orbit under the board's symmetries.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orbit: Option<usize>,
    /// The safety tests since the placement before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tests: Option<u64>,
}

impl PlacementRecord {
    /// The record of `p`, with its orbit size and tests where known.
    pub fn of(p: &Placement, orbit: Option<usize>, tests: Option<u64>) -> PlacementRecord {
        PlacementRecord {
            n: p.n(),
            rows: p.rows_1based(),
            orbit,
            tests,
        }
    }
}

/// One solution found for N: `{"n","rows"}`, as `queens solve --json` writes it, with `valid`
/// where it was checked and `stats` (the method and its work) where they are asked for. The
/// rows are any serde sequence, so a writer of a huge N can stream them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Solved<R = Vec<u64>> {
    /// The board size.
    pub n: usize,
    /// The rank of each file's queen, from 1.
    pub rows: R,
    /// Whether the library's linear test finds no two queens attacking each other.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valid: Option<bool>,
    /// The method and the work it took.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<SolveStats>,
}

/// The work of a method of [`crate::construct`]: `{"method","seed", its counters, "seconds"}`
/// (`seed` for the methods that draw; the counters: `N_mod_12` for the explicit construction,
/// the counters of [`min_conflicts::Stats`] for min-conflicts, `solutions` for random).
#[derive(Clone, Debug, PartialEq)]
pub struct SolveStats {
    /// The method's name.
    pub method: &'static str,
    /// The seed of a method that draws.
    pub seed: Option<u64>,
    /// Its counters, by name, in order.
    pub counters: Vec<(&'static str, u64)>,
    /// Wall seconds.
    pub seconds: f64,
}

impl SolveStats {
    /// The explicit construction for `n`, which counts no work: N mod 12 chooses its pattern.
    pub fn explicit(n: usize, seconds: f64) -> SolveStats {
        SolveStats {
            method: "explicit",
            seed: None,
            counters: vec![("N_mod_12", n as u64 % 12)],
            seconds,
        }
    }

    /// The local search by min-conflicts from `seed`, with its `work`.
    pub fn min_conflicts(seed: u64, work: &min_conflicts::Stats, seconds: f64) -> SolveStats {
        SolveStats {
            method: "min-conflicts",
            seed: Some(seed),
            counters: vec![
                ("restarts", work.restarts),
                ("draws", work.draws),
                ("attacked_at_start", work.attacked_at_start),
                ("swaps_tried", work.swaps_tried),
                ("swaps", work.swaps),
            ],
            seconds,
        }
    }

    /// A uniformly random solution drawn from `seed` among `solutions`.
    pub fn random(seed: u64, solutions: u64, seconds: f64) -> SolveStats {
        SolveStats {
            method: "random",
            seed: Some(seed),
            counters: vec![("solutions", solutions)],
            seconds,
        }
    }
}

impl Serialize for SolveStats {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("method", self.method)?;
        if let Some(seed) = self.seed {
            map.serialize_entry("seed", &seed)?;
        }
        for (name, value) in &self.counters {
            map.serialize_entry(name, value)?;
        }
        map.serialize_entry("seconds", &self.seconds)?;
        map.end()
    }
}

/// A page of a listing of solutions: `{"n","fundamental","offset","limit","piece","torus",
/// "solutions":[...],"more","total"}`, each solution the record `queens list --json` writes
/// for it (with its orbit, or its class under the rules, as `--fundamental` gives it); `more`
/// when the listing goes on, `total` when it is known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolutionsPage {
    /// The board size.
    pub n: usize,
    /// Whether one solution per orbit (or class) is listed.
    pub fundamental: bool,
    /// The number of solutions before the page in the listing.
    pub offset: u64,
    /// The most solutions a page holds.
    pub limit: u64,
    /// The piece.
    pub piece: Piece,
    /// Whether the board is a torus.
    pub torus: bool,
    /// The solutions of the page, the first the listing's number `offset` (from 0).
    pub solutions: Vec<PlacementRecord>,
    /// Whether the listing goes on past the page.
    pub more: bool,
    /// The number of solutions (or classes) in the listing, when known.
    pub total: Option<u64>,
}

/// The verdict of a check: `{"n":8,"valid":false,"conflict":{...}}`, with the input line it
/// came from and, on a partly filled board, its number of queens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The line of the input, when the placements come one a line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The board size.
    pub n: usize,
    /// The queens on a partly filled board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub queens: Option<usize>,
    /// Whether no two queens attack each other.
    pub valid: bool,
    /// The first two that do.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflict: Option<Conflict>,
}

/// The tally of checks after more than one: `{"checked","valid","invalid"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Placements checked.
    pub checked: usize,
    /// Of which solutions.
    pub valid: usize,
    /// Of which not.
    pub invalid: usize,
}

/// A placement under the board's 8 symmetries: its orbit, the symmetries that fix it, the
/// canonical (smallest) member of the orbit, and its 8 images:
/// `{"n","rows","solution","conflict","orbit","kind","fixed_by","canonical","is_canonical",
/// "members":[{"symmetry","rows"},...]}` (`conflict`, the first two queens that attack each
/// other, only when it is not a solution).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Classification {
    /// The board size.
    pub n: usize,
    /// The rank of each file's queen, from 1.
    pub rows: Vec<u64>,
    /// Whether it is a solution.
    pub solution: bool,
    /// The first two queens that attack each other, when it is not a solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflict: Option<Conflict>,
    /// The size of its orbit.
    pub orbit: usize,
    /// The kind of orbit.
    pub kind: OrbitKind,
    /// The names of the symmetries that fix it.
    pub fixed_by: Vec<&'static str>,
    /// The canonical member, rank by file from 1.
    pub canonical: Vec<u64>,
    /// Whether it is the canonical member itself.
    pub is_canonical: bool,
    /// Its image under each of the 8 symmetries, in the order of [`Symmetry::ALL`].
    pub members: Vec<Member>,
}

/// The image of a placement under one symmetry: `{"symmetry":"rot90","rows":[...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Member {
    /// The symmetry's name.
    pub symmetry: &'static str,
    /// The image, rank by file from 1.
    pub rows: Vec<u64>,
}

impl Classification {
    /// The record of `p` with its `orbit`.
    pub fn of(p: &Placement, orbit: &Orbit) -> Classification {
        let conflict = p.first_conflict();
        Classification {
            n: p.n(),
            rows: p.rows_1based(),
            solution: conflict.is_none(),
            conflict,
            orbit: orbit.size,
            kind: orbit.kind(),
            fixed_by: orbit.stabilizer.iter().map(|g| g.name()).collect(),
            canonical: orbit.canonical.rows_1based(),
            is_canonical: orbit.canonical == *p,
            members: Symmetry::ALL
                .iter()
                .map(|g| Member {
                    symmetry: g.name(),
                    rows: g.apply(p).rows_1based(),
                })
                .collect(),
        }
    }
}

/// A placement under the torus's 8N² symmetries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TorusClassification {
    /// The board size.
    pub n: usize,
    /// The rank of each file's queen, from 1.
    pub rows: Vec<u64>,
    /// Whether it is a solution on the torus.
    pub torus_solution: bool,
    /// The size of its orbit.
    pub orbit: usize,
    /// The symmetries of the torus, 8N².
    pub symmetries: usize,
    /// How many of them fix it.
    pub stabilizer: usize,
    /// The canonical member, rank by file from 1.
    pub canonical: Vec<u64>,
}

impl TorusClassification {
    /// The record of `p` with its `orbit` on the torus.
    pub fn of(p: &Placement, orbit: &TorusOrbit) -> TorusClassification {
        let rules = Rules {
            piece: Piece::Queen,
            torus: true,
        };
        TorusClassification {
            n: p.n(),
            rows: p.rows_1based(),
            torus_solution: rules.first_conflict(p).is_none(),
            orbit: orbit.size,
            symmetries: rules.symmetries(p.n()),
            stabilizer: orbit.stabilizer,
            canonical: orbit.canonical.rows_1based(),
        }
    }
}

/// The answer of a completion: `{"n","status":"solved"|"impossible","rows","completions"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Completion {
    /// The board size.
    pub n: usize,
    /// `solved` or `impossible`.
    pub status: &'static str,
    /// The completed board, rank by file from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<Vec<u64>>,
    /// The number of completions, when counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub completions: Option<u128>,
}

impl Completion {
    /// The record of a board of size `n` completed to `solution` (or not), with the count of
    /// its completions where asked.
    pub fn of(n: usize, solution: Option<&Placement>, completions: Option<u128>) -> Completion {
        Completion {
            n,
            status: match solution {
                Some(_) => "solved",
                None => "impossible",
            },
            rows: solution.map(Placement::rows_1based),
            completions,
        }
    }
}

/// The counts of a board under some rules (a piece, the torus).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RulesCount {
    /// The board size.
    pub n: usize,
    /// The piece.
    pub piece: Piece,
    /// Whether the board is a torus.
    pub torus: bool,
    /// All solutions.
    pub total: u128,
    /// Up to the symmetries of the board in use: its 8 on the flat board, the torus's 8N²
    /// (rotations and reflections with translations) on the torus.
    pub fundamental: u128,
    /// How many symmetries that is.
    pub symmetries: usize,
    /// The orbits by size (flat board).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orbits: Option<crate::count::record::Orbits>,
    /// On the torus, the same as `fundamental`: the classes under its 8N² symmetries.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes: Option<u128>,
    /// Wall seconds.
    pub seconds: f64,
}

/// The work of a classic algorithm's run: `{"algorithm", the counters of [`Stats`],
/// "seconds"}`, with `n` and Wirth's tests per solution where they are given.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunStats {
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// The board size, where the record stands alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n: Option<usize>,
    /// The counters (none for the fast engine, which counts no work).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub stats: Option<Stats>,
    /// Wall seconds, to the microsecond.
    pub seconds: f64,
    /// Safety tests per solution listed (Wirth's average).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tests_per_solution: Option<f64>,
}

impl RunStats {
    /// The record of a run; `stats` is `None` for the fast engine, which counts no work.
    pub fn new(algorithm: Algorithm, stats: Option<&Stats>, seconds: f64) -> RunStats {
        RunStats {
            algorithm: algorithm.name(),
            n: None,
            stats: stats.copied(),
            seconds: (seconds * 1e6).round() / 1e6,
            tests_per_solution: None,
        }
    }
}

/// The work below one square of the first queen in a backtracking search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Branch {
    /// The first queen's square, `a3`.
    pub square: String,
    /// Boards visited below it.
    pub nodes: u64,
    /// Safety tests made below it.
    pub tests: u64,
    /// Whether the solution was found below it.
    pub solution: bool,
}

/// The first solution of plain backtracking with the work it took, branch by branch.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirstSolution {
    /// The board size.
    pub n: usize,
    /// The solution, rank by file from 1.
    pub rows: Vec<u64>,
    /// The work.
    pub stats: BacktrackStats,
}

/// The work of a backtracking search for one solution: the run's counters and each first
/// queen's share.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BacktrackStats {
    /// The run's counters.
    #[serde(flatten)]
    pub run: RunStats,
    /// The work below each square of the first queen, in the order tried.
    pub first_queen: Vec<Branch>,
}

/// A dominating set: `{"n","torus","independent","queens":["a1",...],"size","minimum",
/// "proof":{"kind",...},"why"}`: `proof` how the size is known to be least (the library's
/// [`Why`]: `one`, `bound`, `searched`, `published`, or `not_proved`), `why` the same in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DominatingRecord {
    /// The board side.
    pub n: usize,
    /// Whether the board is a torus (its diagonals wrap around).
    pub torus: bool,
    /// Whether the queens were asked not to attack each other.
    pub independent: bool,
    /// The queens' squares.
    pub queens: Vec<String>,
    /// How many.
    pub size: usize,
    /// Whether no fewer queens can watch the board (proved).
    pub minimum: bool,
    /// How that is known, or that it is not.
    pub proof: Why,
    /// The same, in words.
    pub why: String,
}

impl DominatingRecord {
    /// The record of `d`, found under `opts`.
    pub fn of(d: &Dominating, opts: &Options) -> DominatingRecord {
        DominatingRecord {
            n: d.n,
            torus: opts.torus,
            independent: opts.independent,
            queens: d.queens.iter().map(Square::to_string).collect(),
            size: d.queens.len(),
            minimum: d.why.proved(),
            proof: d.why.clone(),
            why: minimality_words(d, opts.independent),
        }
    }
}

/// The sentence saying how the size of `d` is known to be least, or that it is not.
fn minimality_words(d: &Dominating, independent: bool) -> String {
    let n = d.n;
    let kind = if independent {
        "independent queens"
    } else {
        "queens"
    };
    match &d.why {
        Why::One => "one queen: nothing smaller".to_string(),
        Why::Bound { bound } => format!(
            "at least ceil({n}/2) = {bound} queens watch the {n}x{n} board (Weakley's bound, \
             Finozhenok and Weakley 2007)"
        ),
        Why::Searched { fewer } => format!(
            "the exact search over every set of {fewer} {kind} finds none that watches the \
             board"
        ),
        Why::Published { gamma, by } => format!(
            "the published domination number of the {n}x{n} board is {gamma} (OEIS A075458, \
             {by}), so no fewer queens watch it; that computation is not repeated here (--prove \
             runs the exact search)"
        ),
        Why::NotProved { tried } => format!("not proved: {tried}"),
    }
}

/// The count of the minimum dominating sets: `{"n","size","sets","classes","seconds"}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DominationCount {
    /// The board side.
    pub n: usize,
    /// The least number of queens.
    pub size: usize,
    /// The minimum sets.
    pub sets: u128,
    /// The minimum sets up to the board's symmetries.
    pub classes: u128,
    /// Wall seconds.
    pub seconds: f64,
}

impl DominationCount {
    /// The record of `c`, counted in `seconds`.
    pub fn of(c: &Counted, seconds: f64) -> DominationCount {
        DominationCount {
            n: c.n,
            size: c.size,
            sets: c.sets,
            classes: c.classes,
            seconds,
        }
    }
}

/// A count written as a JSON number of all its digits, however many (past 2^64 and 2^128
/// too: the digits are written as they are, never rounded to a float).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigCount(pub BigUint);

impl Serialize for BigCount {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serde_json::value::RawValue::from_string(self.0.to_string())
            .map_err(serde::ser::Error::custom)?
            .serialize(s)
    }
}

/// The closed tours of a board, counted once each and once in each direction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClosedTours {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// The closed tours, each once.
    pub closed_tours: BigCount,
    /// The closed tours, each once in each direction.
    pub closed_tours_directed: BigCount,
}

/// The open tours from one square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ToursFrom {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// The start square, `a1`.
    pub from: String,
    /// The tours from it.
    pub tours: BigCount,
}

/// The open tours from every square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ToursEvery {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// The tours from each square, rank by rank from the top.
    pub counts: Vec<Vec<BigCount>>,
    /// Their sum.
    pub total: BigCount,
}

/// The verdict on a tour: valid, or why not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TourVerdict {
    /// Whether it is a tour.
    pub valid: bool,
    /// Why not, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The answer of a search for a cover: `{"n","exists":true,"method","solutions":[[rows],...],
/// "symmetries":[names]}`, or `{"n","exists":false}` when there is none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CoverRecord {
    /// The board size.
    pub n: usize,
    /// Whether a cover exists.
    pub exists: bool,
    /// How it was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<&'static str>,
    /// Its solutions, each rank by file from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<Vec<u64>>>,
    /// The symmetries of the board but the identity that map the cover onto itself, by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetries: Option<Vec<&'static str>>,
}

impl CoverRecord {
    /// The record of the cover of the `n` x `n` board found, or of none.
    pub fn of(n: usize, found: Option<&Cover>) -> CoverRecord {
        let rows = |c: &Cover| c.solutions.iter().map(Placement::rows_1based).collect();
        let names = |c: &Cover| {
            let fixed = crate::cover::symmetries(&c.solutions);
            fixed.iter().map(|g| g.name()).collect()
        };
        CoverRecord {
            n,
            exists: found.is_some(),
            method: found.map(|c| c.method.name()),
            solutions: found.map(rows),
            symmetries: found.map(names),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(value: &impl Serialize) -> String {
        serde_json::to_string(value).unwrap()
    }

    #[test]
    fn records_read_as_the_command_line_writes_them() {
        let p = Placement::parse("2 4 1 3").unwrap();
        assert_eq!(
            json(&Classification::of(&p, &Orbit::of(&p))),
            concat!(
                r#"{"n":4,"rows":[2,4,1,3],"solution":true,"orbit":2,"kind":"doubly_symmetric","#,
                r#""fixed_by":["identity","rot90","rot180","rot270"],"canonical":[2,4,1,3],"#,
                r#""is_canonical":true,"members":[{"symmetry":"identity","rows":[2,4,1,3]},"#,
                r#"{"symmetry":"rot90","rows":[2,4,1,3]},{"symmetry":"rot180","rows":[2,4,1,3]},"#,
                r#"{"symmetry":"rot270","rows":[2,4,1,3]},{"symmetry":"flip-files","rows":[3,1,4,2]},"#,
                r#"{"symmetry":"flip-ranks","rows":[3,1,4,2]},{"symmetry":"transpose","rows":[3,1,4,2]},"#,
                r#"{"symmetry":"anti-transpose","rows":[3,1,4,2]}]}"#
            )
        );
        assert_eq!(
            json(&PlacementRecord::of(&p, Some(2), None)),
            r#"{"n":4,"rows":[2,4,1,3],"orbit":2}"#
        );
        assert_eq!(
            json(&Completion::of(4, Some(&p), None)),
            r#"{"n":4,"status":"solved","rows":[2,4,1,3]}"#
        );
        assert_eq!(
            json(&Completion::of(3, None, Some(0))),
            r#"{"n":3,"status":"impossible","completions":0}"#
        );
    }

    #[test]
    fn a_solution_and_its_work_read_as_solve_writes_them() {
        let work = min_conflicts::Stats {
            restarts: 0,
            draws: 9,
            attacked_at_start: 1,
            swaps_tried: 4,
            swaps: 2,
        };
        let solved = Solved {
            n: 4,
            rows: vec![2, 4, 1, 3],
            valid: Some(true),
            stats: Some(SolveStats::min_conflicts(7, &work, 0.5)),
        };
        assert_eq!(
            json(&solved),
            concat!(
                r#"{"n":4,"rows":[2,4,1,3],"valid":true,"stats":{"method":"min-conflicts","#,
                r#""seed":7,"restarts":0,"draws":9,"attacked_at_start":1,"swaps_tried":4,"#,
                r#""swaps":2,"seconds":0.5}}"#
            )
        );
        let plain = Solved {
            n: 4,
            rows: vec![2, 4, 1, 3],
            valid: None,
            stats: Some(SolveStats::explicit(4, 0.0)),
        };
        assert_eq!(
            json(&plain),
            r#"{"n":4,"rows":[2,4,1,3],"stats":{"method":"explicit","N_mod_12":4,"seconds":0.0}}"#
        );
    }

    #[test]
    fn a_dominating_set_says_how_it_is_least_as_data_and_in_words() {
        let d = Dominating {
            n: 4,
            queens: vec![Square::new(1, 1), Square::new(2, 2)],
            why: Why::Bound { bound: 2 },
        };
        assert_eq!(
            json(&DominatingRecord::of(&d, &Options::default())),
            concat!(
                r#"{"n":4,"torus":false,"independent":false,"queens":["b2","c3"],"size":2,"#,
                r#""minimum":true,"proof":{"kind":"bound","bound":2},"why":"at least "#,
                r#"ceil(4/2) = 2 queens watch the 4x4 board (Weakley's bound, Finozhenok and "#,
                r#"Weakley 2007)"}"#
            )
        );
    }

    #[test]
    fn a_verdict_carries_the_conflict_record() {
        let p = Placement::parse("2 1 4 3").unwrap();
        let verdict = Verdict {
            line: None,
            n: 4,
            queens: None,
            valid: false,
            conflict: p.first_conflict(),
        };
        assert_eq!(
            json(&verdict),
            concat!(
                r#"{"n":4,"valid":false,"conflict":{"a":[1,2],"b":[2,1],"#,
                r#""line":"anti-diagonal","text":"a2 and b1 attack each other on an anti-diagonal"}}"#
            )
        );
    }

    #[test]
    fn a_big_count_keeps_every_digit() {
        let big: BigUint = "123456789012345678901234567890123456789012"
            .parse()
            .unwrap();
        let tours = ToursFrom {
            rows: 8,
            cols: 8,
            from: "a1".into(),
            tours: BigCount(big),
        };
        assert_eq!(
            json(&tours),
            r#"{"rows":8,"cols":8,"from":"a1","tours":123456789012345678901234567890123456789012}"#
        );
    }
}
