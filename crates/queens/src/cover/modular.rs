//! Pólya's modular cover: for N prime to 6, the N solutions `row(c) = (2c + b) mod N`, one for
//! each shift b, fill the board.
//!
//! Source: G. Pólya, "Über die 'doppelt-periodischen' Lösungen des n-Damen-Problems", in W.
//! Ahrens, Mathematische Unterhaltungen und Spiele, 1918 (OEIS A168553 cites it for this
//! construction). The placement `c -> 2c + b (mod N)` is a solution even on the torus when
//! gcd(N, 6) = 1: two queens in columns c and d share a row only if 2(c - d) = 0, a diagonal
//! only if (2 - 1)(c - d) = 0 or (2 + 1)(c - d) = 0 (mod N), and 2, 1 and 3 are all invertible
//! mod N. A square (c, r) lies on exactly one of them, the one with b = r - 2c, so the N
//! shifts are disjoint and cover all N² squares.

use crate::placement::Placement;

/// Whether the modular construction applies: gcd(N, 6) = 1.
pub fn applies(n: usize) -> bool {
    !n.is_multiple_of(2) && !n.is_multiple_of(3)
}

/// The N shifted solutions, shift b = 0, 1, ..., N - 1; `None` unless gcd(N, 6) = 1.
pub fn cover(n: usize) -> Option<Vec<Placement>> {
    if !applies(n) {
        return None;
    }
    let shifted = |b: usize| {
        let rows = (0..n).map(|c| ((2 * c + b) % n) as u32).collect();
        Placement::from_rows_unchecked(rows)
    };
    Some((0..n).map(shifted).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn applies_exactly_when_prime_to_six() {
        let yes: Vec<usize> = (1..30).filter(|&n| applies(n)).collect();
        assert_eq!(yes, [1, 5, 7, 11, 13, 17, 19, 23, 25, 29]);
        assert!(cover(8).is_none());
    }

    #[test]
    fn every_shift_is_a_solution_for_large_n() {
        for n in [5, 7, 11, 13, 25, 35, 101] {
            let c = cover(n).unwrap();
            assert_eq!(c.len(), n);
            assert!(c.iter().all(Placement::is_solution), "n = {n}");
        }
    }
}
