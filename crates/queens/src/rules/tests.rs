//! The rules checked square by square.

use super::*;

const SUPER: Rules = Rules::SUPERQUEENS;
const TORUS: Rules = Rules::TORUS;

#[test]
fn knights_and_wrapped_diagonals_attack() {
    let (a, b) = (Square::new(0, 0), Square::new(1, 2));
    assert_eq!(SUPER.attack(8, a, b), Some(Line::Knight));
    assert_eq!(Rules::QUEENS.attack(8, a, b), None);
    // a1 and h2 on the 8x8 torus: file difference 7 = -1, rank difference 1.
    let (a, b) = (Square::new(0, 0), Square::new(7, 1));
    assert_eq!(TORUS.attack(8, a, b), Some(Line::AntiDiagonal));
    assert_eq!(Rules::QUEENS.attack(8, a, b), None);
}

#[test]
fn the_first_superqueen_solutions_are_at_ten() {
    let c = |n| {
        search::RulesBoard::new(n, SUPER)
            .unwrap()
            .count(&crate::Control::new())
            .unwrap()
            .total
    };
    assert_eq!((1..=9).map(c).sum::<u128>(), 1, "only N = 1 below ten");
    assert_eq!(c(10), 4);
    assert_eq!(c(11), 44);
}

#[test]
fn names() {
    assert_eq!(Rules::QUEENS.to_string(), "queens");
    assert_eq!(
        Rules {
            piece: Piece::Superqueen,
            torus: true
        }
        .to_string(),
        "superqueens on the torus"
    );
}

#[test]
fn the_linear_check_agrees_with_every_pair() {
    use crate::Solutions;
    for rules in [
        SUPER,
        TORUS,
        Rules {
            piece: Piece::Superqueen,
            torus: true,
        },
    ] {
        for p in Solutions::new(7).unwrap() {
            let squares: Vec<Square> = p.squares().collect();
            let pairwise = squares.iter().enumerate().any(|(j, &b)| {
                squares[..j]
                    .iter()
                    .any(|&a| rules.attack(7, a, b).is_some())
            });
            assert_eq!(
                rules.first_attack(7, &squares).is_some(),
                pairwise,
                "{rules} {}",
                p.perm()
            );
        }
    }
}

mod properties {
    use super::*;
    use crate::symmetry::translate;
    use crate::{Placement, Solutions};
    use proptest::prelude::*;

    use search::tests::all as solutions;

    proptest! {
        #[test]
        fn a_torus_solutions_translates_are_solutions(
            n in prop::sample::select(vec![5usize, 7, 11, 13]),
            pick in any::<prop::sample::Index>(),
            a in 0usize..13,
            b in 0usize..13,
        ) {
            let all = solutions(n, TORUS);
            let rows = &all[pick.index(all.len())];
            let moved = translate(rows, a % n, b % n);
            prop_assert!(all.contains(&moved));
            let p = Placement::from_rows(moved).unwrap();
            prop_assert!(TORUS.first_conflict(&p).is_none());
        }

        #[test]
        fn a_superqueen_solution_is_a_queen_solution(
            n in 10usize..=12,
            pick in any::<prop::sample::Index>(),
        ) {
            let all = solutions(n, SUPER);
            let p = Placement::from_rows(all[pick.index(all.len())].clone()).unwrap();
            prop_assert!(p.is_solution());
        }
    }

    #[test]
    fn every_superqueen_solution_is_among_the_queen_solutions() {
        let supers = solutions(11, SUPER);
        let queens: Vec<Vec<u32>> = Solutions::new(11)
            .unwrap()
            .map(|p| p.rows().to_vec())
            .collect();
        assert!(supers.iter().all(|s| queens.contains(s)));
        assert_eq!(supers.len(), 44);
    }
}

/// The fundamental solutions under any rules are one per class of the board's symmetries: as
/// many as the counts give "up to symmetry", their class sizes adding up to the total.
#[test]
fn one_representative_per_class_of_the_boards_symmetries() {
    let control = crate::Control::new();
    let cases = [
        (5, TORUS),
        (7, TORUS),
        (11, TORUS),
        (10, SUPER),
        (11, SUPER),
        (
            11,
            Rules {
                piece: Piece::Superqueen,
                torus: true,
            },
        ),
    ];
    for (n, rules) in cases {
        let board = search::RulesBoard::new(n, rules).unwrap();
        let (mut classes, mut members) = (0u128, 0u128);
        board
            .each(&control, |rows| {
                let p = Placement::from_rows(rows.to_vec()).unwrap();
                if let Some(size) = rules.representative(&p) {
                    assert_eq!(size, rules.class_size(&p));
                    classes += 1;
                    members += size as u128;
                }
                std::ops::ControlFlow::Continue(())
            })
            .unwrap();
        let (total, up_to_symmetry) = match rules.torus {
            true => {
                let c = torus::count(n, rules.piece, &control).unwrap();
                (c.total, c.classes)
            }
            false => {
                let c = board.count(&control).unwrap();
                (c.total, c.fundamental())
            }
        };
        assert_eq!(
            (classes, members),
            (up_to_symmetry, total),
            "{rules}, N = {n}"
        );
    }
    assert_eq!(TORUS.symmetries(7), 392);
    assert_eq!(SUPER.symmetries(7), 8);
}

#[test]
fn all_attacks_under_the_rules_add_the_knight_and_the_wrapped_lines() {
    let squares = Square::parse_list("a1,b3,c1,e2").unwrap();
    let classic = Rules::default().all_attacks(5, &squares);
    assert_eq!(classic, Placement::all_attacks(&squares));
    assert_eq!(classic.len(), 1, "a1 and c1 share the first rank");
    let superqueen = Rules {
        piece: Piece::Superqueen,
        torus: false,
    };
    let lines: Vec<Line> = superqueen
        .all_attacks(5, &squares)
        .iter()
        .map(|c| c.line)
        .collect();
    assert_eq!(lines, [Line::Knight, Line::Row, Line::Knight, Line::Knight]);
    let torus = Rules {
        piece: Piece::Queen,
        torus: true,
    };
    // a1 and e2 (4 files right, 1 rank up) meet on an anti-diagonal that wraps: 4 + 1 = 0 mod 5.
    let wrapped = torus.all_attacks(5, &squares);
    assert_eq!(wrapped.len(), 2, "{wrapped:?}");
    assert_eq!((wrapped[1].a, wrapped[1].b), (squares[0], squares[3]));
    assert_eq!(wrapped[1].line, Line::AntiDiagonal);
}
