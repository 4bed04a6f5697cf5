//! Counts against the reference table (OEIS values in `tests/data/nqueens-counts.tsv`).

use queens::count::{count, quarters, Engine};
use queens::solutions::{fundamental, Solutions};
use queens::Control;

#[path = "support/reference.rs"]
mod reference;

use reference::table;

fn check_counts(range: std::ops::RangeInclusive<usize>) {
    let rows = table();
    assert_eq!(rows.len(), 27);
    for row in rows.iter().filter(|r| range.contains(&r.n)) {
        let c = count(row.n, Engine::Somers, &Control::new()).unwrap();
        assert_eq!(c.total, row.total, "total N = {}", row.n);
        assert_eq!(c.fixed180, row.fixed180, "fixed180 N = {}", row.n);
        assert_eq!(c.fixed90, row.fixed90, "fixed90 N = {}", row.n);
        assert_eq!(
            c.fundamental(),
            row.fundamental,
            "fundamental N = {}",
            row.n
        );
        match row.orbits {
            Some([o8, o4, o2]) => assert_eq!(c.orbits(), vec![(8, o8), (4, o4), (2, o2)]),
            None => assert_eq!(c.orbits(), vec![(1, 1)]),
        }
    }
}

#[test]
fn counts_match_the_reference_up_to_12() {
    check_counts(1..=12);
}

/// `cargo test --release -- --ignored` (about a minute on one core).
#[test]
#[ignore = "about a minute in release: N = 13 to 15 on one core"]
fn counts_match_the_reference_up_to_15() {
    check_counts(13..=15);
}

#[test]
fn listing_agrees_with_counting() {
    let rows = table();
    for row in rows.iter().filter(|r| r.n <= 10) {
        let all: Vec<_> = Solutions::new(row.n).unwrap().collect();
        assert_eq!(all.len() as u128, row.total, "listed N = {}", row.n);
        assert!(all.iter().all(|p| p.is_solution()));
        assert!(all.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
        let reps: Vec<_> = fundamental(row.n).unwrap().collect();
        assert_eq!(
            reps.len() as u128,
            row.fundamental,
            "fundamental N = {}",
            row.n
        );
        let covered: usize = reps.iter().map(|(_, o)| o.size).sum();
        assert_eq!(
            covered as u128, row.total,
            "orbits cover all solutions, N = {}",
            row.n
        );
    }
}

/// The meet-in-the-middle counter under a budget too small to hold anything: no quarter held,
/// the half boards joined in slices of a few hundred.
fn check_bounded(range: std::ops::RangeInclusive<usize>, budget: usize) {
    for row in table().iter().filter(|r| range.contains(&r.n)) {
        let total = quarters::count_total_within(row.n, Some(budget), &Control::new()).unwrap();
        assert_eq!(total, row.total, "N = {} within {budget} bytes", row.n);
    }
}

#[test]
fn the_bounded_counter_matches_the_reference_up_to_16() {
    check_bounded(4..=16, 1);
}

/// `cargo test --release -p queens --test reference -- --ignored bounded` (about 20 minutes on
/// two cores): every split forced up to N = 18, and N = 19 and 20 under 256 MB.
#[test]
#[ignore = "about 20 minutes in release: every split to 18, and 19 and 20 in 256 MB"]
fn the_bounded_counter_matches_the_reference_up_to_20() {
    check_bounded(17..=18, 1);
    check_bounded(19..=20, 256 << 20);
}
