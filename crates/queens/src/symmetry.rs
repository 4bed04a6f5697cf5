//! The symmetry group of the square board (the dihedral group D4, 8 elements) acting on
//! squares and placements, with orbits and canonical forms.
//!
//! A solution's orbit is the set of its images under the 8 symmetries. Seed 004 calls the
//! solutions of orbits of size 8 "simple", of size 4 "symmetric" (fixed by the half turn) and of
//! size 2 "doubly symmetric" (fixed by the quarter turn). For N >= 2 no solution is fixed by a
//! reflection, so those are the only three sizes; N = 1 is the one orbit of size 1. The
//! canonical representative of an orbit is its smallest permutation (lexicographic on the rows).
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

/// The kind of an orbit, by the symmetries that fix its members: the one name every part of
/// the project uses for it (seed 004's simple, symmetric and doubly symmetric solutions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OrbitKind {
    /// 8 distinct images: only the identity fixes it.
    Simple,
    /// 4 distinct images: fixed by the half turn.
    Symmetric,
    /// 2 distinct images: fixed by the quarter turn (and so by the half turn).
    DoublySymmetric,
    /// 1 image: fixed by every symmetry (the single queen of N = 1).
    Invariant,
}

impl OrbitKind {
    /// The kind of an orbit of `size` members (8, 4, 2 or 1).
    pub fn of_size(size: usize) -> OrbitKind {
        match size {
            8 => OrbitKind::Simple,
            4 => OrbitKind::Symmetric,
            2 => OrbitKind::DoublySymmetric,
            _ => OrbitKind::Invariant,
        }
    }

    /// Its name: `simple`, `symmetric`, `doubly symmetric`, `invariant`.
    pub fn name(self) -> &'static str {
        match self {
            OrbitKind::Simple => "simple",
            OrbitKind::Symmetric => "symmetric",
            OrbitKind::DoublySymmetric => "doubly symmetric",
            OrbitKind::Invariant => "invariant",
        }
    }

    /// What fixes its members, in words.
    pub fn fixed_by(self) -> &'static str {
        match self {
            OrbitKind::Simple => "no symmetry but the identity fixes it",
            OrbitKind::Symmetric => "fixed by the half turn",
            OrbitKind::DoublySymmetric => "fixed by the quarter turn",
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
    /// The kind of this orbit.
    pub fn kind(&self) -> OrbitKind {
        OrbitKind::of_size(self.size)
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
/// that swap files and ranks). Cheap enough to run on every solution a count finds.
pub fn torus_stabilizer(rows: &[u32]) -> usize {
    let n = rows.len();
    let mut inverse = [0usize; 64];
    for (c, &r) in rows.iter().enumerate() {
        inverse[r as usize] = c;
    }
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
}
