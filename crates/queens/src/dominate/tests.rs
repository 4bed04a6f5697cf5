//! The searches against a plain enumeration: branch on the first unwatched square in reading
//! order over every queen that watches it, keep the sets found in a hash set, and test each
//! with the square-by-square [`check`](super::check). No lines, no bounds, no symmetry.

use super::lines::Lines;
use super::*;
use std::collections::{BTreeSet, HashSet};

/// Every set of exactly `k` queens watching the board (`k` at most the minimum plus nothing:
/// callers pass the minimum, so every set found has `k` queens).
fn plain_sets(n: usize, torus: bool, independent: bool, k: usize) -> HashSet<BTreeSet<Square>> {
    let mut found = HashSet::new();
    let mut chosen = Vec::new();
    plain(n, torus, independent, k, &mut chosen, &mut found);
    found
}

fn plain(
    n: usize,
    torus: bool,
    independent: bool,
    k: usize,
    chosen: &mut Vec<Square>,
    found: &mut HashSet<BTreeSet<Square>>,
) {
    let Err(s) = check(n, torus, chosen) else {
        if chosen.len() == k {
            found.insert(chosen.iter().copied().collect());
        }
        return;
    };
    if chosen.len() == k {
        return;
    }
    for row in 0..n as u32 {
        for col in 0..n as u32 {
            let q = Square::new(col, row);
            if chosen.contains(&q) || !watched(n, torus, &[q], s) {
                continue;
            }
            chosen.push(q);
            if !(independent && first_attack(n, torus, chosen).is_some()) {
                plain(n, torus, independent, k, chosen, found);
            }
            chosen.pop();
        }
    }
}

/// Classes of a family of sets under the board's 8 symmetries (or 8N² on the torus).
fn classes(n: usize, torus: bool, sets: &HashSet<BTreeSet<Square>>) -> usize {
    let lines = Lines::new(n, torus);
    let canonical = |set: &BTreeSet<Square>| {
        let images = lines.group.iter().map(|g| {
            let mut image: Vec<usize> = set.iter().map(|&s| g[lines.index(s)] as usize).collect();
            image.sort_unstable();
            image
        });
        images.min().expect("a group")
    };
    sets.iter().map(canonical).collect::<HashSet<_>>().len()
}

fn options(torus: bool, independent: bool) -> Options {
    Options {
        torus,
        independent,
        ..Options::default()
    }
}

#[test]
fn counts_agree_with_the_plain_enumeration() {
    for torus in [false, true] {
        for independent in [false, true] {
            let top = if torus { 6 } else { 7 };
            for n in 1..=top {
                let opts = options(torus, independent);
                let c = count(n, &opts, &Control::new()).unwrap();
                let sets = plain_sets(n, torus, independent, c.size);
                assert_eq!(c.sets, sets.len() as u128, "n={n} {opts:?}");
                assert_eq!(
                    c.classes,
                    classes(n, torus, &sets) as u128,
                    "n={n} {opts:?}"
                );
                if c.size > 1 {
                    let fewer = plain_sets(n, torus, independent, c.size - 1);
                    assert!(fewer.is_empty(), "n={n} {opts:?}");
                }
            }
        }
    }
}

#[test]
#[ignore = "the plain enumeration takes about a minute at N = 9 and 10"]
fn counts_agree_with_the_plain_enumeration_to_10() {
    for n in 8..=10 {
        for independent in [false, true] {
            let opts = options(false, independent);
            let c = count(n, &opts, &Control::new()).unwrap();
            let sets = plain_sets(n, false, independent, c.size);
            assert_eq!(c.sets, sets.len() as u128, "n={n}");
            assert_eq!(c.classes, classes(n, false, &sets) as u128, "n={n}");
        }
    }
}

#[test]
fn minimum_sets_watch_the_board() {
    for n in 1..=13 {
        for independent in [false, true] {
            let opts = options(false, independent);
            let d = minimum(n, &opts, &Control::new()).unwrap();
            assert_eq!(check(n, false, &d.queens), Ok(()), "n={n}");
            if independent {
                assert_eq!(first_attack(n, false, &d.queens), None, "n={n}");
            }
            assert!(d.why.proved(), "n={n}");
        }
    }
}

#[test]
fn diagram_marks_queens_and_unwatched_squares() {
    let queens = [Square::new(0, 0)];
    let text = diagram(3, false, &queens);
    assert_eq!(text, "3 . o .\n2 . . o\n1 Q . .\n  a b c\n");
}

#[test]
fn the_exact_search_refuses_more_queens_than_it_takes() {
    let lines = Lines::new(8, false);
    let control = Control::new();
    let p = problem(&lines, exact::MAX_N + 1, &Options::default());
    let refused = Error::TooManyQueens {
        k: exact::MAX_N + 1,
        max: exact::MAX_N,
    };
    assert_eq!(exact::count(p.clone(), &control), Err(refused.clone()));
    assert_eq!(exact::find(p, &control).err(), Some(refused));
    let p = problem(&lines, exact::MAX_N, &Options::default());
    assert!(exact::find(p, &control).unwrap().is_some());
}
