//! Covers checked against a second, plain method and against the published facts.

use super::*;
use crate::solutions::Solutions;

/// The plain method: a cover holds exactly one solution whose queen in file a stands on rank r,
/// for each r; choose them rank by rank, each disjoint from those before (two solutions are
/// disjoint when their rows differ in every column).
fn plain_count(n: usize) -> u64 {
    let mut by_first: Vec<Vec<Vec<u32>>> = vec![Vec::new(); n];
    for p in Solutions::new(n).unwrap() {
        by_first[p.rows()[0] as usize].push(p.rows().to_vec());
    }
    fn extend(by_first: &[Vec<Vec<u32>>], chosen: &mut Vec<Vec<u32>>) -> u64 {
        let Some(bucket) = by_first.get(chosen.len()) else {
            return 1;
        };
        let mut total = 0;
        for s in bucket {
            if chosen.iter().all(|c| c.iter().zip(s).all(|(a, b)| a != b)) {
                chosen.push(s.clone());
                total += extend(by_first, chosen);
                chosen.pop();
            }
        }
        total
    }
    extend(&by_first, &mut Vec::new())
}

#[test]
fn the_exact_count_agrees_with_the_plain_method_up_to_8() {
    for n in 1..=8 {
        let counted = count(n, &Control::new()).unwrap();
        assert_eq!(counted.covers, plain_count(n), "n = {n}");
    }
}

#[test]
fn no_cover_for_2_3_4_6_8_9_10() {
    for n in [2, 3, 4, 6, 8, 9, 10] {
        assert_eq!(find(n, &Control::new()).unwrap(), None, "n = {n}");
        assert_eq!(count(n, &Control::new()).unwrap().covers, 0, "n = {n}");
    }
}

#[test]
fn seed_004s_five_by_five_cover() {
    let five = find(5, &Control::new()).unwrap().unwrap();
    let perms: Vec<String> = five.solutions.iter().map(Placement::perm).collect();
    assert_eq!(
        perms,
        [
            "1 3 5 2 4",
            "2 4 1 3 5",
            "3 5 2 4 1",
            "4 1 3 5 2",
            "5 2 4 1 3"
        ]
    );
    // The two covers of 5x5 (slopes 2 and 3) are mirror images: one class.
    let counted = count(5, &Control::new()).unwrap();
    assert_eq!(
        (counted.solutions, counted.covers, counted.classes),
        (10, 2, 1)
    );
}

#[test]
fn the_full_search_finds_a_cover_of_twelve() {
    let exact = exact::Exact::new(12, &Control::new()).unwrap();
    let found = first_cover(&exact, &Control::new()).unwrap().unwrap();
    assert_eq!(check(12, &found), Ok(()));
}

#[test]
fn the_mirror_search_finds_covers_of_twelve_and_fourteen() {
    for n in [12, 14] {
        let found = find(n, &Control::new()).unwrap().unwrap();
        assert_eq!(found.method, Method::Mirror);
        assert_eq!(check(n, &found.solutions), Ok(()), "n = {n}");
        let mirrored: Vec<Placement> = found
            .solutions
            .iter()
            .map(|p| Symmetry::FlipFiles.apply(p))
            .collect();
        assert!(
            mirrored.iter().all(|p| found.solutions.contains(p)),
            "n = {n}"
        );
    }
}

#[test]
fn the_mirror_search_finds_none_where_there_is_none() {
    for n in [2, 4, 6, 8, 10] {
        let mirror = exact::Exact::mirror_pairs(n, &Control::new()).unwrap();
        assert_eq!(
            first_cover(&mirror, &Control::new()).unwrap(),
            None,
            "n = {n}"
        );
    }
}

#[test]
fn modular_covers_check_for_large_n() {
    for n in [7, 11, 13, 19, 23, 29, 31, 49, 97] {
        let c = find(n, &Control::new()).unwrap().unwrap();
        assert_eq!(check(n, &c.solutions), Ok(()), "n = {n}");
    }
}

#[test]
fn check_names_what_is_wrong() {
    let p = |s: &str| Placement::parse(s).unwrap();
    let five: Vec<Placement> = modular::cover(5).unwrap();
    assert_eq!(check(5, &five[..4]), Err(Fault::Count { n: 5, got: 4 }));
    let mut twice = five.clone();
    twice[1] = twice[0].clone();
    assert!(matches!(
        check(5, &twice),
        Err(Fault::Overlap {
            first: 1,
            second: 2,
            ..
        })
    ));
    let mut attack = five.clone();
    attack[2] = p("1 2 3 4 5");
    assert!(matches!(
        check(5, &attack),
        Err(Fault::Attack { index: 3, .. })
    ));
}

#[test]
fn the_count_of_classes_is_consistent_with_the_orbits() {
    // Every class has at most 8 covers in it, at least one.
    for n in [5, 7] {
        let c = count(n, &Control::new()).unwrap();
        assert!(
            c.classes <= c.covers && c.covers <= 8 * c.classes,
            "n = {n}: {c:?}"
        );
    }
}

#[test]
fn cancellation_stops_the_search() {
    let control = Control::new();
    control.cancel();
    assert_eq!(count(12, &control), Err(Error::Cancelled));
}

#[test]
fn the_diagram_names_the_solution_on_each_square() {
    let five = modular::cover(5).unwrap();
    let expected = "5 e c a d b\n4 d b e c a\n3 c a d b e\n2 b e c a d\n1 a d b e c\n  a b c d e\n";
    assert_eq!(diagram(5, &five), expected);
}

#[test]
fn the_classes_times_their_orbits_give_the_covers() {
    // Burnside's bookkeeping done by hand: every cover found lies in the orbit of exactly one
    // canonical cover, and the orbits' sizes add up to the number of covers.
    for n in [7, 11] {
        let exact = exact::Exact::new(n, &Control::new()).unwrap();
        let mut all = std::collections::HashSet::new();
        let mut canonical = Vec::new();
        exact
            .search(&Control::new(), |chosen| {
                let rows: Vec<Vec<u32>> = chosen
                    .iter()
                    .map(|&i| exact.placement(i).rows().to_vec())
                    .collect();
                if is_canonical(&rows) {
                    canonical.push(rows.clone());
                }
                all.insert(key(&rows));
                ControlFlow::Continue(())
            })
            .unwrap();
        let mut covered = std::collections::HashSet::new();
        for rows in &canonical {
            for g in Symmetry::ALL {
                covered.insert(image(rows, g));
            }
        }
        assert_eq!(covered, all, "n = {n}");
        let counted = count(n, &Control::new()).unwrap();
        assert_eq!(
            (counted.covers, counted.classes),
            (all.len() as u64, canonical.len() as u64)
        );
    }
}

/// An independent check of a stored cover, by plain counting: `n` lines of `n` ranks from 1,
/// each line a permutation with no two queens on a diagonal, no square held twice.
fn plainly_a_cover(text: &str) -> usize {
    let lines: Vec<Vec<usize>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|r| r.parse().unwrap()).collect())
        .collect();
    let n = lines.len();
    let mut held = vec![false; n * n];
    for rows in &lines {
        assert_eq!(rows.len(), n);
        for (c, &r) in rows.iter().enumerate() {
            assert!((1..=n).contains(&r));
            assert!(!held[c * n + r - 1], "square held twice");
            held[c * n + r - 1] = true;
            for (c2, &r2) in rows.iter().enumerate().skip(c + 1) {
                assert!(r != r2 && c2 - c != r.abs_diff(r2), "two queens attack");
            }
        }
    }
    assert!(held.iter().all(|&h| h));
    n
}

#[test]
fn the_stored_covers_are_covers() {
    let stored = [
        (include_str!("../../tests/data/cover-18.txt"), 18),
        (include_str!("../../tests/data/cover-20.txt"), 20),
        (include_str!("../../tests/data/cover-22.txt"), 22),
        (include_str!("../../tests/data/cover-26.txt"), 26),
        (include_str!("../../tests/data/cover-24.txt"), 24),
        (include_str!("../../tests/data/cover-28.txt"), 28),
        (include_str!("../../tests/data/cover-21.txt"), 21),
        (include_str!("../../tests/data/cover-15.txt"), 15),
        (include_str!("../../tests/data/cover-32.txt"), 32),
    ];
    for (text, n) in stored {
        assert_eq!(plainly_a_cover(text), n);
        let solutions: Vec<Placement> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| Placement::parse(l).unwrap())
            .collect();
        assert_eq!(check(n, &solutions), Ok(()));
    }
}

#[test]
fn the_symmetries_of_a_cover_are_those_its_search_asked_for() {
    use crate::symmetry::Symmetry::*;
    let read = |text: &str| -> Vec<Placement> {
        (text.lines())
            .filter(|l| !l.starts_with('#'))
            .map(|l| Placement::parse(l).unwrap())
            .collect()
    };
    // Quads under the quarter-turns (21), the half-turn alone (15), the mirrors with the
    // half-turn (32), mirror pairs (26).
    let stored = [
        (
            include_str!("../../tests/data/cover-21.txt"),
            vec![Rotate90, Rotate180, Rotate270],
        ),
        (
            include_str!("../../tests/data/cover-15.txt"),
            vec![Rotate180],
        ),
        (
            include_str!("../../tests/data/cover-32.txt"),
            vec![Rotate180, FlipFiles, FlipRanks],
        ),
    ];
    for (text, expected) in stored {
        assert_eq!(symmetries(&read(text)), expected);
    }
    let mirrored = symmetries(&read(include_str!("../../tests/data/cover-26.txt")));
    assert!(
        mirrored.contains(&FlipFiles) || mirrored.contains(&FlipRanks),
        "{mirrored:?}"
    );
    // Pólya's cover, the solutions (2c + b) mod N: the half-turn maps solution b to 1 - b, a
    // quarter-turn gives the slope -1/2, which is 2 only for N = 5.
    let polya = |n| symmetries(&find(n, &Control::new()).unwrap().unwrap().solutions);
    assert_eq!(polya(5), vec![Rotate90, Rotate180, Rotate270]);
    assert_eq!(polya(7), vec![Rotate180]);
    assert_eq!(polya(11), vec![Rotate180]);
}
