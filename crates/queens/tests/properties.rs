//! Properties of the domain: notation round trips, symmetry acts on solutions, orbits.

use proptest::prelude::*;
use queens::symmetry::is_canonical;
use queens::{Orbit, Placement, Solutions, Square, Symmetry};

/// A random solution for N in 4..=10: the k-th solution modulo the count.
fn solution() -> impl Strategy<Value = Placement> {
    (4usize..=10, any::<u32>()).prop_map(|(n, k)| {
        let all: Vec<Placement> = Solutions::new(n).unwrap().collect();
        all[k as usize % all.len()].clone()
    })
}

/// A random permutation placement.
fn permutation() -> impl Strategy<Value = Placement> {
    (1usize..=40).prop_flat_map(|n| {
        Just((0..n as u32).collect::<Vec<u32>>())
            .prop_shuffle()
            .prop_map(|rows| Placement::from_rows(rows).unwrap())
    })
}

proptest! {
    #[test]
    fn notations_round_trip(p in permutation()) {
        prop_assert_eq!(Placement::parse(&p.perm()).unwrap(), p.clone());
        prop_assert_eq!(Placement::parse(&p.algebraic()).unwrap(), p.clone());
        let numeric: Vec<String> = p.squares().map(Square::numeric).collect();
        prop_assert_eq!(Placement::parse(&numeric.join(" ")).unwrap(), p);
    }

    #[test]
    fn symmetries_map_solutions_to_solutions(p in solution()) {
        for g in Symmetry::ALL {
            prop_assert!(g.apply(&p).is_solution(), "{} of {}", g, p.perm());
        }
    }

    #[test]
    fn every_member_of_an_orbit_has_the_same_canonical_form(p in solution()) {
        let orbit = Orbit::of(&p);
        let members = Orbit::members(&p);
        prop_assert_eq!(members.len(), orbit.size);
        prop_assert_eq!(&members[0], &orbit.canonical);
        prop_assert!(is_canonical(&orbit.canonical));
        for m in &members {
            prop_assert_eq!(&Orbit::of(m).canonical, &orbit.canonical);
        }
        prop_assert_eq!(8 % orbit.size, 0);
        prop_assert_eq!(orbit.stabilizer.len() * orbit.size, 8);
    }

    #[test]
    fn the_check_agrees_with_pairwise_attacks(p in permutation()) {
        let squares: Vec<Square> = p.squares().collect();
        let attacked = squares.iter().enumerate().any(|(i, a)| {
            squares[i + 1..].iter().any(|b| a.queen_attack(*b).is_some())
        });
        match p.first_conflict() {
            None => prop_assert!(!attacked),
            Some(c) => {
                prop_assert!(attacked);
                prop_assert_eq!(c.a.queen_attack(c.b), Some(c.line));
                prop_assert!(c.a.col < c.b.col);
            }
        }
    }
}
