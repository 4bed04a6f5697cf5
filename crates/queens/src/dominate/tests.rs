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

/// Every part of `search` run in turn: the sets found (finding) and the sums (counting).
fn run_parts(search: &exact::Search, count: bool) -> (Vec<Vec<usize>>, u128, u128) {
    let (stop, control) = (std::sync::atomic::AtomicBool::new(false), Control::new());
    let (mut found, mut sets, mut classes) = (Vec::new(), 0, 0);
    for i in 0..search.parts() {
        match search.part(i, count, &stop, &control).unwrap() {
            exact::PartResult::Found(set) => found.push(set),
            exact::PartResult::Counted(s, c) => (sets, classes) = (sets + s, classes + c),
        }
    }
    (found, sets, classes)
}

#[test]
fn a_split_search_proves_finds_and_counts_as_the_whole_one() {
    // (N, the domination number, the minimum sets, their classes: A075458, A002564, A002563).
    for (n, gamma, all, up_to) in [(5, 3, 186, 37), (7, 4, 86, 13), (8, 5, 4860, 638)] {
        let lines = Lines::new(n, false);
        let search = |k| exact::Search::new(problem(&lines, k, &Options::default())).unwrap();
        let (whole, split) = (search(gamma - 1), search(gamma - 1).split());
        assert!(split.parts() >= whole.parts(), "n={n}");
        assert!(
            search(gamma).split().parts() > 2 * search(gamma).parts(),
            "n={n}"
        );
        // Every part of the proof at one queen fewer ends with nothing found.
        assert_eq!(run_parts(&split, false), (vec![], 0, 0), "n={n}");
        // At the minimum, parts find sets, each one watching the board.
        let (found, _, _) = run_parts(&search(gamma).split(), false);
        assert!(!found.is_empty(), "n={n}");
        for set in &found {
            assert_eq!(set.len(), gamma);
            assert_eq!(check(n, false, &squares(&lines, set)), Ok(()), "n={n}");
        }
        // A split count adds up to the published count.
        let at = search(gamma).split();
        let (_, sets, classes) = run_parts(&at, true);
        assert_eq!(at.totals(sets, classes), (all, up_to), "n={n}");
        // So does the whole search in parts, one per first queen.
        let whole = search(gamma);
        let (_, sets, classes) = run_parts(&whole, true);
        assert_eq!(whole.totals(sets, classes), (all, up_to), "n={n}");
        assert!((0..at.parts()).all(|i| at.part_of(i).0 < n * n), "n={n}");
        assert!((0..at.parts()).any(|i| at.part_of(i).1.is_some()), "n={n}");
    }
}

/// The fingerprint of a list of parts: the same for the same search, another for another
/// list (split, or for another number of queens or board).
#[test]
fn the_fingerprint_names_the_list_of_parts() {
    let opts = Options::default();
    let print = |n: usize, k: usize, split: bool| {
        let lines = Lines::new(n, false);
        let search = exact::Search::new(problem(&lines, k, &opts)).unwrap();
        let search = if split { search.split() } else { search };
        search.fingerprint()
    };
    assert_eq!(print(9, 5, false), print(9, 5, false));
    assert_eq!(print(9, 5, false).len(), 16);
    assert_ne!(print(9, 5, false), print(9, 5, true));
    assert_ne!(print(9, 5, false), print(9, 4, false));
    assert_ne!(print(9, 5, false), print(10, 5, false));
}

/// Sums that do not make whole counts (only some of the parts, say) are refused, never
/// rounded.
#[test]
#[should_panic(expected = "do not make whole counts")]
fn totals_refuse_sums_that_do_not_divide() {
    let lines = Lines::new(8, false);
    let search = exact::Search::new(problem(&lines, 5, &Options::default())).unwrap();
    search.totals(1, 0);
}

#[test]
fn the_published_number_settles_twenty_without_tries_at_the_bound() {
    let quick = Options {
        prove: false,
        ..Options::default()
    };
    let d = minimum(20, &quick, &Control::new()).unwrap();
    assert_eq!(d.queens.len(), 11);
    assert_eq!(
        d.why,
        Why::Published {
            gamma: 11,
            by: "Bird 2017"
        }
    );
    assert!(d.why.proved());
    assert_eq!(check(20, false, &d.queens), Ok(()));
    // Not for the torus nor for independent queens, and not past the table.
    let torus = Options {
        torus: true,
        ..quick
    };
    let independent = Options {
        independent: true,
        ..quick
    };
    assert_eq!(published(20, &torus), None);
    assert_eq!(published(20, &independent), None);
    assert_eq!(
        (published(25, &quick), published(26, &quick)),
        (Some(13), None)
    );
}

#[test]
fn a_lattice_is_one_square_in_four() {
    let l = lattice(6, 0, 1);
    assert_eq!(l.iter().filter(|&&b| b).count(), 9);
    // Square 6 is a2: file 0, rank 1.
    assert!(l[6] && !l[0] && !l[7]);
}

/// The nodes with four queens left on numbered squares (`exact::packed`, where the CPU has
/// `pext`) against the way of every CPU: the same sums and, on the plain board, the same set
/// found by every part (same branching, same order); on the torus, where the two ways read
/// gains differently (exact there, a bound here) and so may order a finding's children
/// differently, the same parts find a set. Proofs, finds and counts, at one queen fewer than
/// the minimum, at the minimum and one above.
#[test]
fn numbered_nodes_find_and_count_as_the_portable_way() {
    for (n, torus) in [(7, false), (8, false), (9, false), (10, false), (6, true)] {
        let opts = options(torus, false);
        let gamma = count(n, &opts, &Control::new()).unwrap().size;
        let lines = Lines::new(n, torus);
        for k in gamma - 1..=gamma + 2 {
            let search = || {
                exact::Search::new(problem(&lines, k, &opts))
                    .unwrap()
                    .split()
            };
            let (numbered, portable) = (search(), search().portable());
            for count in [false, true] {
                let (a, b) = (run_parts(&numbered, count), run_parts(&portable, count));
                assert_eq!((a.1, a.2), (b.1, b.2), "n={n} torus={torus} k={k}");
                assert_eq!(a.0.len(), b.0.len(), "n={n} torus={torus} k={k}");
                if !torus {
                    assert_eq!(a.0, b.0, "n={n} k={k} count={count}");
                }
                for set in &a.0 {
                    assert_eq!(check(n, torus, &squares(&lines, set)), Ok(()), "n={n}");
                }
            }
        }
    }
}

/// The boards the exact search answers from the bound up, in one piece, are those of the
/// method `FromBound`: no local search (so no seed) and no parts to record or share.
#[test]
fn the_method_follows_the_board() {
    let plain = options(false, false);
    assert_eq!(method(12, &plain), Method::FromBound);
    assert_eq!(method(13, &plain), Method::LocalThenProof);
    let unproved = Options {
        prove: false,
        ..plain
    };
    assert_eq!(method(20, &unproved), Method::Local);
    assert_eq!(method(25, &options(false, true)), Method::FromBound);
    assert_eq!(method(20, &options(true, false)), Method::FromBound);
}

/// The torus leaves one class of first queens: its exact search is split by the first branch,
/// so that its progress counts parts, and its answer is still the least (N = 13: 7 queens, no
/// set of 6, found in a tenth of a second where the local search took minutes).
#[test]
fn the_torus_search_shows_parts_and_proves_its_minimum() {
    let opts = options(true, false);
    let lines = Lines::new(9, true);
    let control = Control::new();
    exact::find(problem(&lines, 4, &opts), &control).unwrap();
    assert!(control.progress().1 >= 4, "{:?}", control.progress());
    let thirteen = minimum(13, &opts, &Control::new()).unwrap();
    assert_eq!(check(13, true, &thirteen.queens), Ok(()));
    let k = thirteen.queens.len();
    assert_eq!(thirteen.why, Why::Searched { fewer: k - 1 });
    let fewer = exact::find(
        problem(&Lines::new(13, true), k - 1, &opts),
        &Control::new(),
    );
    assert_eq!(fewer, Ok(None));
}
