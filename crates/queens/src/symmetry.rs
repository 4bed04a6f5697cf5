//! The symmetry group of the square board (the dihedral group D4, 8 elements) acting on
//! squares and placements, with orbits and canonical forms.
//!
//! A placement's orbit is the set of its images under the 8 symmetries, and its stabiliser the
//! subgroup of symmetries that map it to itself: the orbit has 8 / |stabiliser| members (the
//! orbit-stabiliser theorem). The kind of an orbit is read off the stabiliser, never off the
//! size alone: seed 004 calls the solutions fixed by no symmetry but the identity "simple", by
//! the half turn "symmetric" and by the quarter turn "doubly symmetric". For N >= 2 no solution
//! is fixed by a reflection (a queen and its mirror image would share a diagonal), so those are
//! the only three kinds of solutions; other permutations may also be fixed by one diagonal
//! reflection ("reflective", as `1 2 4 3`) or by both with the half turn ("doubly reflective",
//! as `1 2 3 4`), orbits of 4 and of 2. N = 1 is the one orbit of size 1. The canonical
//! representative of an orbit is its smallest permutation (lexicographic on the rows).
//!
//! ```
//! use queens::{Orbit, OrbitKind, Placement, Symmetry};
//!
//! let p = Placement::parse("2 4 1 3").unwrap();
//! assert_eq!(Symmetry::Rotate90.apply(&p), p);
//! let orbit = Orbit::of(&p);
//! assert_eq!((orbit.size, orbit.kind()), (2, OrbitKind::DoublySymmetric));
//! ```

use crate::placement::Placement;
use crate::square::Square;
use serde::Serialize;
use std::fmt;

/// One of the 8 symmetries of the square board. Rotations turn clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// A quarter turn.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// Three quarter turns.
    Rotate270,
    /// Mirror left-right: file a swaps with the last file.
    FlipFiles,
    /// Mirror top-bottom: rank 1 swaps with rank N.
    FlipRanks,
    /// Reflection in the a1-h8 diagonal: (col, row) -> (row, col).
    Transpose,
    /// Reflection in the a8-h1 diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All 8, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipFiles,
        Symmetry::FlipRanks,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The short name used in output (`rot90`, `flip-files`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "rot90",
            Symmetry::Rotate180 => "rot180",
            Symmetry::Rotate270 => "rot270",
            Symmetry::FlipFiles => "flip-files",
            Symmetry::FlipRanks => "flip-ranks",
            Symmetry::Transpose => "transpose",
            Symmetry::AntiTranspose => "anti-transpose",
        }
    }

    /// Whether it is a turn (the identity included) rather than a reflection.
    pub fn is_turn(self) -> bool {
        matches!(
            self,
            Symmetry::Identity | Symmetry::Rotate90 | Symmetry::Rotate180 | Symmetry::Rotate270
        )
    }

    /// The image of a square of an `n` x `n` board.
    #[inline]
    pub fn apply_square(self, s: Square, n: usize) -> Square {
        let m = n as u32 - 1;
        let (c, r) = (s.col, s.row);
        let (c2, r2) = match self {
            Symmetry::Identity => (c, r),
            Symmetry::Rotate90 => (r, m - c),
            Symmetry::Rotate180 => (m - c, m - r),
            Symmetry::Rotate270 => (m - r, c),
            Symmetry::FlipFiles => (m - c, r),
            Symmetry::FlipRanks => (c, m - r),
            Symmetry::Transpose => (r, c),
            Symmetry::AntiTranspose => (m - r, m - c),
        };
        Square::new(c2, r2)
    }

    /// The image of a square of a `cols` x `rows` board, or `None` when the symmetry does not
    /// map that board onto itself (a quarter turn or a diagonal reflection of a rectangle).
    pub fn apply_square_on(self, s: Square, cols: usize, rows: usize) -> Option<Square> {
        if cols == rows {
            return Some(self.apply_square(s, cols));
        }
        let (mc, mr) = (cols as u32 - 1, rows as u32 - 1);
        match self {
            Symmetry::Identity => Some(s),
            Symmetry::Rotate180 => Some(Square::new(mc - s.col, mr - s.row)),
            Symmetry::FlipFiles => Some(Square::new(mc - s.col, s.row)),
            Symmetry::FlipRanks => Some(Square::new(s.col, mr - s.row)),
            _ => None,
        }
    }

    /// The image of a placement. The placement must be a permutation (one queen in each row
    /// as well as each column), as every solution is; otherwise two queens could land in one
    /// column.
    pub fn apply(self, p: &Placement) -> Placement {
        let n = p.n();
        debug_assert!(p.is_permutation());
        let mut rows = vec![0u32; n];
        for s in p.squares() {
            let t = self.apply_square(s, n);
            rows[t.col as usize] = t.row;
        }
        Placement::from_rows_unchecked(rows)
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The orbit of a placement under the 8 symmetries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbit {
    /// The smallest permutation in the orbit.
    pub canonical: Placement,
    /// The number of distinct images: 8, 4, 2 or 1.
    pub size: usize,
    /// The symmetries that map the placement to itself (always includes the identity).
    pub stabilizer: Vec<Symmetry>,
    /// A symmetry taking the placement to its canonical representative.
    pub to_canonical: Symmetry,
}

impl Orbit {
    /// The orbit of a permutation placement.
    pub fn of(p: &Placement) -> Orbit {
        let images: Vec<(Symmetry, Placement)> =
            Symmetry::ALL.iter().map(|&g| (g, g.apply(p))).collect();
        let stabilizer: Vec<Symmetry> = images
            .iter()
            .filter(|(_, q)| q == p)
            .map(|(g, _)| *g)
            .collect();
        let (to_canonical, canonical) = images
            .iter()
            .min_by(|a, b| a.1.cmp(&b.1))
            .map(|(g, q)| (*g, q.clone()))
            .expect("eight images");
        Orbit {
            canonical,
            size: 8 / stabilizer.len(),
            stabilizer,
            to_canonical,
        }
    }

    /// All distinct members of the orbit, in increasing order.
    pub fn members(p: &Placement) -> Vec<Placement> {
        let mut all: Vec<Placement> = Symmetry::ALL.iter().map(|g| g.apply(p)).collect();
        all.sort();
        all.dedup();
        all
    }
}

/// The kind of an orbit, by the symmetries that fix its members (its stabiliser, up to
/// conjugacy): the one name every part of the project uses for it (seed 004's simple,
/// symmetric and doubly symmetric solutions, and the kinds of placements that are not
/// solutions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OrbitKind {
    /// 8 distinct images: only the identity fixes it.
    Simple,
    /// 4 distinct images: fixed by the half turn and no reflection.
    Symmetric,
    /// 2 distinct images: fixed by the quarter turn (and so by every turn), no reflection.
    DoublySymmetric,
    /// 4 distinct images: fixed by one reflection and no turn (for a permutation, a reflection
    /// in a diagonal).
    Reflective,
    /// 2 distinct images: fixed by two reflections and the half turn (for a permutation, both
    /// diagonals).
    DoublyReflective,
    /// 1 image: fixed by every symmetry (the single queen of N = 1).
    Invariant,
}

impl OrbitKind {
    /// The kind of an orbit whose members are fixed by `stabilizer` (a subgroup of the 8
    /// symmetries, as [`Orbit::of`] finds it): by how many turns (the identity counted) and how
    /// many reflections it holds.
    pub fn of_stabilizer(stabilizer: &[Symmetry]) -> OrbitKind {
        let turns = stabilizer.iter().filter(|g| g.is_turn()).count();
        let reflections = stabilizer.len() - turns;
        match (turns, reflections) {
            (1, 0) => OrbitKind::Simple,
            (2, 0) => OrbitKind::Symmetric,
            (4, 0) => OrbitKind::DoublySymmetric,
            (1, _) => OrbitKind::Reflective,
            (2, _) => OrbitKind::DoublyReflective,
            _ => OrbitKind::Invariant,
        }
    }

    /// The kind of a solution's orbit of `size` members (8, 4, 2 or 1). For solutions the size
    /// decides the kind, since no solution of N >= 2 is fixed by a reflection; for any other
    /// placement use [`Orbit::kind`], which reads the stabiliser.
    pub fn of_size(size: usize) -> OrbitKind {
        match size {
            8 => OrbitKind::Simple,
            4 => OrbitKind::Symmetric,
            2 => OrbitKind::DoublySymmetric,
            _ => OrbitKind::Invariant,
        }
    }

    /// Its name: `simple`, `symmetric`, `doubly symmetric`, `reflective`, `doubly reflective`,
    /// `invariant`.
    pub fn name(self) -> &'static str {
        match self {
            OrbitKind::Simple => "simple",
            OrbitKind::Symmetric => "symmetric",
            OrbitKind::DoublySymmetric => "doubly symmetric",
            OrbitKind::Reflective => "reflective",
            OrbitKind::DoublyReflective => "doubly reflective",
            OrbitKind::Invariant => "invariant",
        }
    }

    /// What fixes its members, in words.
    pub fn fixed_by(self) -> &'static str {
        match self {
            OrbitKind::Simple => "no symmetry but the identity fixes it",
            OrbitKind::Symmetric => "fixed by the half turn",
            OrbitKind::DoublySymmetric => "fixed by the quarter turn",
            OrbitKind::Reflective => "fixed by one reflection",
            OrbitKind::DoublyReflective => "fixed by two reflections and the half turn",
            OrbitKind::Invariant => "fixed by every symmetry",
        }
    }
}

impl fmt::Display for OrbitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Orbit {
    /// The kind of this orbit, read off its stabiliser.
    pub fn kind(&self) -> OrbitKind {
        OrbitKind::of_stabilizer(&self.stabilizer)
    }
}

/// Whether `p` is the canonical (smallest) member of its orbit; cheaper than [`Orbit::of`]
/// because it stops at the first smaller image.
pub fn is_canonical(p: &Placement) -> bool {
    Symmetry::ALL[1..].iter().all(|g| g.apply(p) >= *p)
}

/// The orbit of a placement on the torus, whose symmetries are the 8 of the board followed by
/// a translation (files moved by `a`, ranks by `b`, mod N): 8N² of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TorusOrbit {
    /// The smallest permutation in the orbit (its first queen on the first rank).
    pub canonical: Placement,
    /// The number of distinct images: 8N² divided by the stabilizer.
    pub size: usize,
    /// How many of the 8N² symmetries map the placement to itself.
    pub stabilizer: usize,
}

impl TorusOrbit {
    /// The torus orbit of a permutation placement.
    pub fn of(p: &Placement) -> TorusOrbit {
        let n = p.n();
        let mut best: Option<Vec<u32>> = None;
        for g in Symmetry::ALL {
            let image = g.apply(p);
            for a in 0..n {
                let moved = translate(image.rows(), a, n - image.rows()[(n - a) % n] as usize);
                if best.as_ref().is_none_or(|b| moved < *b) {
                    best = Some(moved);
                }
            }
        }
        let stabilizer = torus_stabilizer(p.rows());
        TorusOrbit {
            canonical: Placement::from_rows_unchecked(best.expect("eight images")),
            size: 8 * n * n / stabilizer,
            stabilizer,
        }
    }
}

/// The rows of a placement moved `a` files and `b` ranks along the torus.
pub fn translate(rows: &[u32], a: usize, b: usize) -> Vec<u32> {
    let n = rows.len();
    let mut moved = vec![0u32; n];
    for (c, &r) in rows.iter().enumerate() {
        moved[(c + a) % n] = ((r as usize + b) % n) as u32;
    }
    moved
}

/// How many of the torus's 8N² symmetries map the permutation `rows` to itself.
///
/// On the torus a rotation or reflection about any centre is one about the corner a1 followed
/// by a translation, so the group is the 8 maps (c, r) -> (±c, ±r) and (±r, ±c) mod N, each
/// followed by a translation. For each map and each file shift the rank shift is forced (the
/// first queen must come back), so 8N candidates are tried, each given up at its first wrong
/// queen; the image's file k is read in O(1) (through the inverse permutation for the maps
/// that swap files and ranks). Cheap enough to run on every solution a count finds: the
/// inverse stays on the stack up to N = 64 (every count), larger boards put it on the heap.
pub fn torus_stabilizer(rows: &[u32]) -> usize {
    let n = rows.len();
    let mut small = [0usize; 64];
    let mut large = Vec::new();
    let inverse: &mut [usize] = match n <= small.len() {
        true => &mut small[..n],
        false => {
            large.resize(n, 0);
            &mut large
        }
    };
    for (c, &r) in rows.iter().enumerate() {
        inverse[r as usize] = c;
    }
    let inverse = &*inverse;
    let neg = |x: usize, s: bool| if s && x != 0 { n - x } else { x };
    let mut fixed = 0;
    for map in 0..8 {
        let (swap, flip_c, flip_r) = (map & 4 != 0, map & 2 != 0, map & 1 != 0);
        // The rank the map's image holds in file k.
        let image = |k: usize| match swap {
            false => neg(rows[neg(k, flip_c)] as usize, flip_r),
            true => neg(inverse[neg(k, flip_c)], flip_r),
        };
        for a in 0..n {
            let at = |c: usize| image((c + n - a) % n);
            let b = (rows[0] as usize + n - at(0)) % n;
            fixed += usize::from((1..n).all(|c| (at(c) + b) % n == rows[c] as usize));
        }
    }
    fixed
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn rectangles_keep_four_symmetries() {
        let s = Square::new(1, 0);
        let on = |g: Symmetry| g.apply_square_on(s, 5, 3);
        assert_eq!(on(Symmetry::Rotate180), Some(Square::new(3, 2)));
        assert_eq!(on(Symmetry::FlipFiles), Some(Square::new(3, 0)));
        assert_eq!(on(Symmetry::FlipRanks), Some(Square::new(1, 2)));
        assert_eq!(on(Symmetry::Rotate90), None);
        assert_eq!(
            Symmetry::Rotate90.apply_square_on(s, 4, 4),
            Some(Symmetry::Rotate90.apply_square(s, 4))
        );
    }

    #[test]
    fn the_group_acts_on_squares() {
        let n = 8;
        for c in 0..8 {
            for r in 0..8 {
                let s = Square::new(c, r);
                let r90 = Symmetry::Rotate90;
                let twice = r90.apply_square(r90.apply_square(s, n), n);
                assert_eq!(twice, Symmetry::Rotate180.apply_square(s, n));
                let thrice = r90.apply_square(twice, n);
                assert_eq!(thrice, Symmetry::Rotate270.apply_square(s, n));
                for g in Symmetry::ALL[4..].iter() {
                    assert_eq!(
                        g.apply_square(g.apply_square(s, n), n),
                        s,
                        "{g} is an involution"
                    );
                }
            }
        }
        // Clockwise: the top-left corner goes to the top-right.
        assert_eq!(
            Symmetry::Rotate90.apply_square(Square::new(0, 7), 8),
            Square::new(7, 7)
        );
    }

    #[test]
    fn orbits_of_known_solutions() {
        let p = Placement::parse("2 4 1 3").unwrap();
        let o = Orbit::of(&p);
        assert_eq!(o.size, 2);
        assert_eq!(
            o.stabilizer,
            vec![
                Symmetry::Identity,
                Symmetry::Rotate90,
                Symmetry::Rotate180,
                Symmetry::Rotate270
            ]
        );
        let wirth = Placement::parse("1 5 8 6 3 7 2 4").unwrap();
        let o = Orbit::of(&wirth);
        assert_eq!(o.size, 8);
        assert_eq!(o.canonical, wirth);
        assert!(is_canonical(&wirth));
        assert_eq!(o.to_canonical.apply(&wirth), o.canonical);
        assert_eq!(Orbit::members(&wirth).len(), 8);
        let one = Placement::parse("1").unwrap();
        assert_eq!(Orbit::of(&one).size, 1);
    }

    #[test]
    fn the_kind_is_read_off_the_stabilizer() {
        let kind = |text: &str| Orbit::of(&Placement::parse(text).unwrap()).kind();
        assert_eq!(kind("1 2 3 4"), OrbitKind::DoublyReflective);
        assert_eq!(kind("1 2 4 3"), OrbitKind::Reflective);
        assert_eq!(kind("2 4 1 3"), OrbitKind::DoublySymmetric);
        assert_eq!(kind("3 5 2 8 1 7 4 6"), OrbitKind::Symmetric);
        assert_eq!(kind("1 5 8 6 3 7 2 4"), OrbitKind::Simple);
        assert_eq!(kind("1"), OrbitKind::Invariant);
    }

    /// Past N = 64 the stabiliser on the torus is counted as on small boards: checked against
    /// every one of the 8N² symmetries.
    #[test]
    fn torus_stabilizers_of_large_boards() {
        for (n, step) in [(67u32, 2u32), (70, 1), (71, 5)] {
            let p = Placement::from_rows_unchecked((0..n).map(|c| c * step % n).collect());
            let mut fixed = 0;
            for g in Symmetry::ALL {
                let image = g.apply(&p);
                for a in 0..n as usize {
                    for b in 0..n as usize {
                        fixed += usize::from(translate(image.rows(), a, b) == p.rows());
                    }
                }
            }
            assert_eq!(torus_stabilizer(p.rows()), fixed, "N = {n}");
            assert_eq!(TorusOrbit::of(&p).size * fixed, 8 * (n * n) as usize);
        }
    }

    /// Every permutation of `n` rows.
    fn permutations(n: usize) -> Vec<Placement> {
        let mut all = vec![Vec::new()];
        for _ in 0..n {
            let mut longer = Vec::new();
            for rows in &all {
                for r in (0..n as u32).filter(|r| !rows.contains(r)) {
                    let mut next: Vec<u32> = rows.clone();
                    next.push(r);
                    longer.push(next);
                }
            }
            all = longer;
        }
        all.into_iter()
            .map(Placement::from_rows_unchecked)
            .collect()
    }

    /// The orbit of a permutation: its stabiliser is every symmetry that maps its set of
    /// squares onto itself, it has 8 / |stabiliser| distinct members, its kind says what the
    /// stabiliser holds (and its words name nothing the stabiliser lacks), and every member
    /// has the same kind; for a solution, the size alone gives the same kind.
    fn assert_label_follows_stabilizer(p: &Placement) {
        use std::collections::BTreeSet;
        let n = p.n();
        let squares: BTreeSet<Square> = p.squares().collect();
        let fixing: Vec<Symmetry> = Symmetry::ALL
            .into_iter()
            .filter(|g| {
                p.squares()
                    .map(|s| g.apply_square(s, n))
                    .collect::<BTreeSet<_>>()
                    == squares
            })
            .collect();
        let orbit = Orbit::of(p);
        let shown = p.perm();
        assert_eq!(orbit.stabilizer, fixing, "{shown}");
        assert_eq!(orbit.size * fixing.len(), 8, "{shown}");
        assert_eq!(orbit.size, Orbit::members(p).len(), "{shown}");
        let has = |g: Symmetry| fixing.contains(&g);
        let reflections = fixing.iter().filter(|g| !g.is_turn()).count();
        let kind = orbit.kind();
        let holds = match kind {
            OrbitKind::Simple => fixing == [Symmetry::Identity],
            OrbitKind::Symmetric => fixing == [Symmetry::Identity, Symmetry::Rotate180],
            OrbitKind::DoublySymmetric => fixing == Symmetry::ALL[..4],
            OrbitKind::Reflective => fixing.len() == 2 && reflections == 1,
            OrbitKind::DoublyReflective => {
                fixing.len() == 4 && reflections == 2 && has(Symmetry::Rotate180)
            }
            OrbitKind::Invariant => fixing.len() == 8,
        };
        assert!(holds, "{shown}: {kind} but fixed by {fixing:?}");
        let words = kind.fixed_by();
        let says = |w: &str| words.contains(w);
        assert!(
            !says("quarter turn") || has(Symmetry::Rotate90),
            "{shown}: {words}"
        );
        assert!(
            !says("half turn") || has(Symmetry::Rotate180),
            "{shown}: {words}"
        );
        assert_eq!(says("one reflection"), reflections == 1, "{shown}: {words}");
        assert_eq!(
            says("two reflections"),
            reflections == 2,
            "{shown}: {words}"
        );
        assert_eq!(
            says("but the identity"),
            fixing.len() == 1,
            "{shown}: {words}"
        );
        assert_eq!(
            says("every symmetry"),
            fixing.len() == 8,
            "{shown}: {words}"
        );
        for member in Orbit::members(p) {
            assert_eq!(
                Orbit::of(&member).kind(),
                kind,
                "{shown}: member {}",
                member.perm()
            );
        }
        if p.is_solution() {
            assert_eq!(OrbitKind::of_size(orbit.size), kind, "{shown}");
        }
    }

    #[test]
    fn every_permutation_up_to_six_is_labelled_by_its_stabilizer() {
        let mut kinds = std::collections::HashSet::new();
        for n in 1..=6 {
            for p in permutations(n) {
                assert_label_follows_stabilizer(&p);
                kinds.insert(Orbit::of(&p).kind());
            }
        }
        // Every kind is met, so none of the checks above went untried.
        assert_eq!(kinds.len(), 6);
    }

    /// A random permutation of `n` rows, shaped by `shape`: any (0), fixed by the transpose
    /// (an involution, 1), or fixed by the half turn (2); then moved by `g`.
    fn shaped(n: usize, shape: u8, order: &[usize], flips: &[bool], g: Symmetry) -> Placement {
        let m = n as u32 - 1;
        let mut rows: Vec<u32> = vec![u32::MAX; n];
        match shape {
            0 => {
                for (c, &r) in order.iter().enumerate() {
                    rows[c] = r as u32;
                }
            }
            1 => {
                // Pairs of the shuffled order swap; a flip leaves the pair's files fixed.
                for (k, pair) in order.chunks(2).enumerate() {
                    match (pair, flips[k]) {
                        ([a, b], false) => (rows[*a], rows[*b]) = (*b as u32, *a as u32),
                        _ => pair.iter().for_each(|&a| rows[a] = a as u32),
                    }
                }
            }
            _ => {
                // Column pairs (c, m - c) take row pairs (r, m - r) in the shuffled order.
                let halves: Vec<u32> = order
                    .iter()
                    .map(|&r| r as u32)
                    .filter(|&r| r < m - r)
                    .collect();
                for (c, &r) in halves.iter().enumerate() {
                    let r = if flips[c] { m - r } else { r };
                    rows[c] = r;
                    rows[m as usize - c] = m - r;
                }
                if n % 2 == 1 {
                    rows[n / 2] = m / 2;
                }
            }
        }
        g.apply(&Placement::from_rows_unchecked(rows))
    }

    proptest::proptest! {
        #[test]
        fn random_permutations_are_labelled_by_their_stabilizer(
            (n, order, flips) in (7usize..48).prop_flat_map(|n| (
                Just(n),
                Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
                proptest::collection::vec(any::<bool>(), n),
            )),
            shape in 0u8..3,
            g in proptest::sample::select(Symmetry::ALL.to_vec()),
        ) {
            let p = shaped(n, shape, &order, &flips, g);
            prop_assert!(p.is_permutation());
            assert_label_follows_stabilizer(&p);
        }
    }
}
