//! The rules of the game: which piece, on which board. The classic problem puts queens on a
//! flat board; its relatives change one of the two.
//!
//! - **Superqueens** (amazons) move as a queen and as a knight, so no two may stand a knight's
//!   move apart either. Every superqueen solution is a queen solution; the first exist at N = 10
//!   (4 of them, OEIS A051223).
//! - **The torus**: the board's edges are glued, left to right and top to bottom, so the
//!   diagonals wrap around: two queens share a diagonal when their `col - row` or `col + row`
//!   agree mod N. Pólya (1918) showed solutions exist exactly when gcd(N, 6) = 1; the counts are
//!   OEIS A051906 (10, 28, 88, 4524 for N = 5, 7, 11, 13).
//!
//! [`Rules`] says whether two squares attack under the rules; [`search`] lists, counts and
//! completes placements under any rules; [`torus`] counts the torus with its structure.
//!
//! ```
//! use queens::rules::{Piece, Rules};
//! use queens::Placement;
//!
//! let torus = Rules { piece: Piece::Queen, torus: true };
//! let five = Placement::parse("1 3 5 2 4").unwrap();
//! assert!(torus.first_conflict(&five).is_none()); // rows 2c mod 5: a torus solution
//! let eight = Placement::parse("1 5 8 6 3 7 2 4").unwrap();
//! assert!(eight.is_solution() && torus.first_conflict(&eight).is_some());
//! ```

pub mod fewest;
pub mod search;
pub mod torus;

use crate::placement::{Conflict, Placement};
use crate::square::KNIGHT;
use crate::square::{Line, Square};
use crate::symmetry::{is_canonical, Orbit, TorusOrbit};
use serde::Serialize;
use std::fmt;

/// The piece placed on every square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Piece {
    /// The chess queen: rows, columns, diagonals.
    #[default]
    Queen,
    /// The queen that also moves as a knight (an amazon).
    Superqueen,
}

impl Piece {
    /// Its name on the command line and in output.
    pub fn name(self) -> &'static str {
        match self {
            Piece::Queen => "queen",
            Piece::Superqueen => "superqueen",
        }
    }
}

/// A piece and a board: the rules a placement keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Rules {
    /// The piece.
    pub piece: Piece,
    /// Whether the board is a torus (the diagonals, and a knight's moves, wrap around).
    pub torus: bool,
}

impl Rules {
    /// Queens on the flat board: the classic problem.
    pub const QUEENS: Rules = Rules {
        piece: Piece::Queen,
        torus: false,
    };

    /// Superqueens on the flat board.
    pub const SUPERQUEENS: Rules = Rules {
        piece: Piece::Superqueen,
        torus: false,
    };

    /// Queens on the torus.
    pub const TORUS: Rules = Rules {
        piece: Piece::Queen,
        torus: true,
    };

    /// Whether these are the classic rules (the fast engines apply).
    pub fn is_classic(self) -> bool {
        self == Rules::QUEENS
    }

    /// Whether the rules leave no solution for `n`, known without a search: on the torus
    /// (queens or superqueens), N divisible by 2 or 3 (Pólya 1918; superqueen solutions are
    /// queen solutions).
    pub fn none_known(self, n: usize) -> bool {
        self.torus && n > 1 && (n.is_multiple_of(2) || n.is_multiple_of(3))
    }

    /// The line on which pieces on `a` and `b` attack each other on an `n` x `n` board.
    pub fn attack(self, n: usize, a: Square, b: Square) -> Option<Line> {
        if a == b {
            return None;
        }
        let n = n as i64;
        let wrap = |d: i64| if self.torus { d.rem_euclid(n) } else { d };
        let (dc, dr) = (b.col as i64 - a.col as i64, b.row as i64 - a.row as i64);
        if dr == 0 {
            return Some(Line::Row);
        }
        if dc == 0 {
            return Some(Line::Column);
        }
        if wrap(dc - dr) == 0 {
            return Some(Line::Diagonal);
        }
        if wrap(dc + dr) == 0 {
            return Some(Line::AntiDiagonal);
        }
        let knight = |d: i64, k: i64| wrap(d - k) == 0 || wrap(d + k) == 0;
        let is_knight = (knight(dc, 1) && knight(dr, 2)) || (knight(dc, 2) && knight(dr, 1));
        (self.piece == Piece::Superqueen && is_knight).then_some(Line::Knight)
    }

    /// The first two pieces among `squares` (in the order given) that attack each other on an
    /// `n` x `n` board. Linear time: the lines seen so far are kept by their key (wrapped on
    /// the torus), and a superqueen looks up the eight squares a knight's move away.
    pub fn first_attack(self, n: usize, squares: &[Square]) -> Option<Conflict> {
        use std::collections::HashMap;
        if self.is_classic() {
            return Placement::first_attack(squares);
        }
        let m = n as i64;
        let wrap = |d: i64| if self.torus { d.rem_euclid(m) } else { d };
        let mut seen: [HashMap<i64, Square>; 4] = Default::default();
        let mut at: HashMap<(i64, i64), Square> = HashMap::new();
        for &b in squares {
            let (c, r) = (b.col as i64, b.row as i64);
            let keys = [
                (Line::Row, r),
                (Line::Column, c),
                (Line::Diagonal, wrap(c - r)),
                (Line::AntiDiagonal, wrap(c + r)),
            ];
            for (k, (line, key)) in keys.into_iter().enumerate() {
                if let Some(&a) = seen[k].get(&key) {
                    return Some(Conflict { a, b, line });
                }
                seen[k].insert(key, b);
            }
            if self.piece == Piece::Superqueen {
                if let Some(&a) = KNIGHT.iter().find_map(|&(dc, dr)| {
                    let (kc, kr) = (c + i64::from(dc), r + i64::from(dr));
                    match self.torus {
                        true => at.get(&(kc.rem_euclid(m), kr.rem_euclid(m))),
                        false => at.get(&(kc, kr)),
                    }
                }) {
                    return Some(Conflict {
                        a,
                        b,
                        line: Line::Knight,
                    });
                }
                at.insert((c, r), b);
            }
        }
        None
    }

    /// Every attacking pair among `squares` on the `n` x `n` board, each once, the later piece
    /// of each pair as `b` (the order given): [`Placement::all_attacks`] under these rules.
    /// Quadratic in the number of squares, as the answer can be.
    pub fn all_attacks(self, n: usize, squares: &[Square]) -> Vec<Conflict> {
        if self.is_classic() {
            return Placement::all_attacks(squares);
        }
        let mut attacks = Vec::new();
        for (j, &b) in squares.iter().enumerate() {
            for &a in &squares[..j] {
                if let Some(line) = self.attack(n, a, b) {
                    attacks.push(Conflict { a, b, line });
                }
            }
        }
        attacks
    }

    /// How many symmetries the board has under these rules: the square's 8 (turns and
    /// reflections), or on the torus 8N² (each of the 8 followed by a translation of files
    /// and ranks). Both pieces keep every one of them (a knight's moves are as symmetric as a
    /// queen's).
    pub fn symmetries(self, n: usize) -> usize {
        match self.torus {
            true => 8 * n * n,
            false => 8,
        }
    }

    /// The size of the class of the permutation `p` under the board's symmetries
    /// ([`Rules::symmetries`]): its orbit under the 8 on the square, under the 8N² on the
    /// torus.
    pub fn class_size(self, p: &Placement) -> usize {
        match self.torus {
            true => TorusOrbit::of(p).size,
            false => Orbit::of(p).size,
        }
    }

    /// `Some(class size)` when the permutation `p` represents its class under the board's
    /// symmetries (it is the smallest member, lexicographic on the rows), `None` otherwise:
    /// the one choice of the fundamental solutions that `list --fundamental` and the server's
    /// `fundamental=true` give, and that the counts "up to symmetry" count.
    pub fn representative(self, p: &Placement) -> Option<usize> {
        if !self.torus {
            return is_canonical(p).then(|| Orbit::of(p).size);
        }
        // The smallest member of a torus class has its first queen on the first rank (a
        // translation of ranks takes it there), so the others are passed at once.
        if p.rows().first() != Some(&0) {
            return None;
        }
        let orbit = TorusOrbit::of(p);
        (orbit.canonical == *p).then_some(orbit.size)
    }

    /// The first clash of a placement under these rules; `None` when it is a solution.
    pub fn first_conflict(self, p: &Placement) -> Option<Conflict> {
        if self.is_classic() {
            return p.first_conflict();
        }
        let squares: Vec<Square> = p.squares().collect();
        self.first_attack(p.n(), &squares)
    }
}

impl fmt::Display for Rules {
    /// `queens`, `superqueens`, `queens on the torus`, `superqueens on the torus`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}s", self.piece.name())?;
        if self.torus {
            f.write_str(" on the torus")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
