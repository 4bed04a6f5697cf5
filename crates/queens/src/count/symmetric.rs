//! Counting the solutions fixed by the half turn and by the quarter turn, by searching over
//! symmetric placements only.
//!
//! A solution fixed by the half turn is determined by its left half: a queen on (c, r) forces
//! one on (N-1-c, N-1-r), so the search places the two together, column pair by column pair
//! (for odd N the middle column must hold the middle row). A solution fixed by the quarter turn
//! is determined by a quarter: a queen on (c, r) forces the whole cycle (c, r), (r, N-1-c),
//! (N-1-c, N-1-r), (N-1-r, c), which exists only for N = 0 or 1 mod 4. The searches are about
//! the square root and the fourth root of the full one, so they cost little beside the total.
//! Diagonals are bits of 64-bit words: the anti-diagonal c + r and the diagonal c - r + N - 1.

#[derive(Clone, Copy)]
struct Board {
    n: u32,
    cols: u64,
    rows: u64,
    sums: u64,
    diffs: u64,
}

impl Board {
    fn new(n: usize) -> Board {
        Board {
            n: n as u32,
            cols: 0,
            rows: 0,
            sums: 0,
            diffs: 0,
        }
    }

    /// The board with a queen added on (c, r), or `None` if a queen already attacks it.
    #[inline]
    fn with(self, c: u32, r: u32) -> Option<Board> {
        let (col, row) = (1u64 << c, 1u64 << r);
        let sum = 1u64 << (c + r);
        let diff = 1u64 << (c + self.n - 1 - r);
        if self.cols & col != 0
            || self.rows & row != 0
            || self.sums & sum != 0
            || self.diffs & diff != 0
        {
            return None;
        }
        Some(Board {
            cols: self.cols | col,
            rows: self.rows | row,
            sums: self.sums | sum,
            diffs: self.diffs | diff,
            ..self
        })
    }

    fn with_all(self, squares: &[(u32, u32)]) -> Option<Board> {
        squares.iter().try_fold(self, |b, &(c, r)| b.with(c, r))
    }
}

/// The number of solutions fixed by the half turn (N up to 32).
///
/// Bit sets, as in the main counters: the ranks taken, and the diagonals by absolute index
/// (rank - file + N - 1 and rank + file, up to 2N - 2 < 64). All three sets are symmetric under
/// the half turn, so a queen that avoids them has a partner that avoids them too; the pair
/// itself clashes only on rank `c` (the main diagonal) and rank `m - c` (the anti-diagonal).
pub fn count_fixed180(n: usize) -> u64 {
    assert!((1..=32).contains(&n));
    let m = n - 1;
    let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let (mut taken, mut diag, mut anti) = (0u32, 0u64, 0u64);
    if n % 2 == 1 {
        taken = 1 << (m / 2);
        diag = 1 << m;
        anti = 1 << m;
    }
    // Columns c and m - c are filled together, for c below n / 2.
    fn go(c: usize, m: usize, full: u32, taken: u32, diag: u64, anti: u64) -> u64 {
        if 2 * c >= m {
            return 1;
        }
        let mut free = full
            & !(taken | (diag >> (m - c)) as u32 | (anti >> c) as u32 | (1 << c) | (1 << (m - c)));
        let mut count = 0;
        while free != 0 {
            let r = free.trailing_zeros() as usize;
            free &= free - 1;
            count += go(
                c + 1,
                m,
                full,
                taken | 1 << r | 1 << (m - r),
                diag | 1 << (r + m - c) | 1 << (c + m - r),
                anti | 1 << (r + c) | 1 << (2 * m - r - c),
            );
        }
        count
    }
    go(0, m, full, taken, diag, anti)
}

/// The number of solutions fixed by the quarter turn (N up to 32).
pub fn count_fixed90(n: usize) -> u64 {
    assert!((1..=32).contains(&n));
    if n % 4 == 2 || n % 4 == 3 {
        return 0;
    }
    let m = n as u32 - 1;
    let mut start = Board::new(n);
    if n % 2 == 1 {
        start = start.with(m / 2, m / 2).expect("empty board");
    }
    let full = (1u64 << n) - 1;
    fn go(b: Board, m: u32, full: u64) -> u64 {
        if b.cols == full {
            return 1;
        }
        let c = (!b.cols).trailing_zeros();
        (0..=m)
            .filter_map(|r| b.with_all(&[(c, r), (r, m - c), (m - c, m - r), (m - r, c)]))
            .map(|next| go(next, m, full))
            .sum()
    }
    go(start, m, full)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_counts_match_oeis() {
        let fixed180 = [1u64, 0, 0, 2, 2, 4, 8, 4, 16, 12, 48, 80, 136, 420];
        let fixed90 = [1u64, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 8, 8, 0];
        for n in 1..=14 {
            assert_eq!(count_fixed180(n), fixed180[n - 1], "fixed180 N = {n}");
            assert_eq!(count_fixed90(n), fixed90[n - 1], "fixed90 N = {n}");
        }
    }
}
