//! Bitmask backtracking under any [`Rules`]: Jeff Somers' three words (see
//! [`count::somers`](crate::count::somers)) with two changes.
//!
//! - On the torus the diagonals wrap, so the words of the up- and down-going diagonals *rotate*
//!   within the N row bits instead of shifting off the board: a diagonal that leaves at the top
//!   comes back at the bottom.
//! - A superqueen is also a knight: a queen on row r forbids rows r ± 2 in the next column and
//!   r ± 1 in the column after. Two more words carry these: `near`, the rows knights forbid in
//!   the current column, and `later`, those the last queen forbids two columns on. Placing a
//!   queen on `bit` gives the next column `near = later | ring(bit, 2)` and `later = ring(bit, 1)`.
//!
//! Each pair of columns is checked once, the later against the earlier, which is exact for
//! everything but a knight's move across the torus's seam (the last two columns against the
//! first two): those few complete placements are checked square by square.
//!
//! Searches may fix the rows of some columns (completion of a partly filled board). Counts use
//! the flip of ranks (a queen in the lower half of the first column counts twice) and split the
//! work into sub-problems by the first two columns, run on all cores.

use super::Rules;
use crate::control::Control;
use crate::count::Counts;
use crate::error::Error;
use crate::placement::Placement;
use crate::symmetry::Symmetry;
use rayon::prelude::*;
use std::ops::ControlFlow;

/// The largest N (rows are the bits of a 64-bit word).
pub const MAX_N: usize = 64;

/// The board of a search: its size, rules and the rows fixed in advance.
#[derive(Clone, Debug)]
pub struct RulesBoard {
    n: usize,
    rules: Rules,
    full: u64,
    fixed: Vec<Option<u32>>,
}

/// The words before the next column.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    taken: u64,
    up: u64,
    down: u64,
    near: u64,
    later: u64,
}

impl RulesBoard {
    /// An empty `n` x `n` board under `rules` (N from 1 to [`MAX_N`]).
    pub fn new(n: usize, rules: Rules) -> Result<RulesBoard, Error> {
        RulesBoard::with_fixed(rules, vec![None; n])
    }

    /// A board whose column `c` must hold its queen on row `fixed[c]` when that is `Some`.
    pub fn with_fixed(rules: Rules, fixed: Vec<Option<u32>>) -> Result<RulesBoard, Error> {
        let n = fixed.len();
        if n == 0 || n > MAX_N {
            return Err(Error::TooLarge { n, max: MAX_N });
        }
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Ok(RulesBoard {
            n,
            rules,
            full,
            fixed,
        })
    }

    /// `bit` moved `k` rows up and down: shifted off the flat board, rotated on the torus.
    #[inline(always)]
    fn ring(&self, bit: u64, k: usize) -> u64 {
        self.up_by(bit, k) | self.down_by(bit, k)
    }

    #[inline(always)]
    fn up_by(&self, x: u64, k: usize) -> u64 {
        let k = if self.rules.torus { k % self.n } else { k };
        if k == 0 {
            return x;
        }
        let shifted = if k >= 64 { 0 } else { x << k };
        let back = if self.rules.torus {
            x >> (self.n - k)
        } else {
            0
        };
        (shifted | back) & self.full
    }

    #[inline(always)]
    fn down_by(&self, x: u64, k: usize) -> u64 {
        let k = if self.rules.torus { k % self.n } else { k };
        if k == 0 {
            return x;
        }
        let shifted = if k >= 64 { 0 } else { x >> k };
        let back = if self.rules.torus {
            (x << (self.n - k)) & self.full
        } else {
            0
        };
        shifted | back
    }

    /// The node after a queen on `bit` in the current column.
    #[inline(always)]
    fn place(&self, s: Node, bit: u64) -> Node {
        let knight = self.rules.piece == super::Piece::Superqueen;
        Node {
            taken: s.taken | bit,
            up: self.up_by(s.up | bit, 1),
            down: self.down_by(s.down | bit, 1),
            near: if knight {
                s.later | self.ring(bit, 2)
            } else {
                0
            },
            later: if knight { self.ring(bit, 1) } else { 0 },
        }
    }

    /// The rows still open in column `col`.
    #[inline(always)]
    fn free(&self, s: Node, col: usize) -> u64 {
        let open = self.full & !(s.taken | s.up | s.down | s.near);
        match self.fixed[col] {
            Some(r) => open & (1u64 << r),
            None => open,
        }
    }

    /// Forward checking on the torus, where no line runs off the board: every later column
    /// needs an open row, and every row and every diagonal not yet taken needs an open square
    /// in some later column to take it (else nothing below this node can succeed). A square
    /// open k columns on lies on the diagonals of rows k below and k above in this column, so
    /// the open squares, moved back k rows, show which diagonals remain reachable. Knights and
    /// fixed rows are left to the search.
    #[inline]
    fn dead_ahead(&self, s: Node, col: usize) -> bool {
        let open_rows = self.full & !s.taken;
        let (mut rows, mut ups, mut downs) = (0, 0, 0);
        for k in 0..self.n - col {
            let open = open_rows & !(self.up_by(s.up, k) | self.down_by(s.down, k));
            if open == 0 {
                return true;
            }
            rows |= open;
            ups |= self.down_by(open, k);
            downs |= self.up_by(open, k);
        }
        rows != open_rows || ups != self.full & !s.up || downs != self.full & !s.down
    }

    /// Whether a complete placement passes the checks the words do not make (a knight's move
    /// across the seam of the torus).
    fn seam_ok(&self, rows: &[u32]) -> bool {
        if !(self.rules.torus && self.rules.piece == super::Piece::Superqueen) {
            return true;
        }
        let p = Placement::from_rows_unchecked(rows.to_vec());
        self.rules.first_conflict(&p).is_none()
    }

    /// Calls `visit` with each solution's rows, in lexicographic order, until it breaks.
    pub fn each(
        &self,
        control: &Control,
        visit: impl FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        self.each_from(&[], control, visit)
    }

    fn walk(
        &self,
        s: Node,
        col: usize,
        rows: &mut [u32],
        control: &Control,
        visit: &mut impl FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Walk {
        if col == self.n {
            if !self.seam_ok(rows) {
                return Walk::Go;
            }
            return match visit(rows) {
                ControlFlow::Continue(()) => Walk::Go,
                ControlFlow::Break(()) => Walk::Stop,
            };
        }
        if col < 4 && control.is_cancelled() {
            return Walk::Cancelled;
        }
        let mut free = self.free(s, col);
        if self.rules.torus && self.dead_ahead(s, col) {
            return Walk::Go;
        }
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            rows[col] = bit.trailing_zeros();
            match self.walk(self.place(s, bit), col + 1, rows, control, visit) {
                Walk::Go => {}
                end => return end,
            }
        }
        Walk::Go
    }

    /// The node after the queens of the first columns, or `None` when they clash.
    fn start(&self, first: &[u32]) -> Option<Node> {
        let mut s = Node::default();
        for (col, &r) in first.iter().enumerate() {
            let bit = 1u64 << r;
            if self.free(s, col) & bit == 0 {
                return None;
            }
            s = self.place(s, bit);
        }
        Some(s)
    }

    /// Calls `visit` with each solution whose first columns hold `first`, in lexicographic
    /// order, until it breaks.
    pub fn each_from(
        &self,
        first: &[u32],
        control: &Control,
        mut visit: impl FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        let Some(s) = self.start(first) else {
            return Ok(());
        };
        let mut rows = vec![0u32; self.n];
        rows[..first.len()].copy_from_slice(first);
        match self.walk(s, first.len(), &mut rows, control, &mut visit) {
            Walk::Cancelled => Err(Error::Cancelled),
            _ => Ok(()),
        }
    }

    /// Counts the solutions whose first columns hold `first`, with those fixed by the half and
    /// quarter turns (flat board only; on the torus those stay 0).
    fn count_from(&self, first: &[u32], control: &Control) -> Result<Counts, Error> {
        let mut counts = Counts {
            n: self.n,
            total: 0,
            fixed180: 0,
            fixed90: 0,
        };
        let Some(s) = self.start(first) else {
            return Ok(counts);
        };
        let mut rows = vec![0u32; self.n];
        rows[..first.len()].copy_from_slice(first);
        let symmetric = !self.rules.torus;
        let flow = self.walk(s, first.len(), &mut rows, control, &mut |rows| {
            counts.total += 1;
            if symmetric {
                let p = Placement::from_rows_unchecked(rows.to_vec());
                if Symmetry::Rotate180.apply(&p) == p {
                    counts.fixed180 += 1;
                    counts.fixed90 += u128::from(Symmetry::Rotate90.apply(&p) == p);
                }
            }
            ControlFlow::Continue(())
        });
        match flow {
            Walk::Cancelled => Err(Error::Cancelled),
            _ => Ok(counts),
        }
    }

    /// Counts all solutions, with the symmetric ones (flat board), on all cores. A queen in the
    /// lower half of the first column stands for itself and its mirror image (flip of ranks,
    /// which keeps every rule); the middle row of odd N counts once.
    pub fn count(&self, control: &Control) -> Result<Counts, Error> {
        let n = self.n as u32;
        if self.fixed.iter().any(Option::is_some) || n < 3 {
            return self.count_from(&[], control);
        }
        let tasks: Vec<(u32, u32, u128)> = (0..n.div_ceil(2))
            .flat_map(|r| (0..n).map(move |s| (r, s, if 2 * r + 1 == n { 1 } else { 2 })))
            .collect();
        control.set_total(tasks.len() as u64);
        let parts: Result<Vec<(Counts, u128)>, Error> = tasks
            .par_iter()
            .map(|&(r, s, weight)| {
                let c = self.count_from(&[r, s], control)?;
                control.advance(1);
                Ok((c, weight))
            })
            .collect();
        let mut total = Counts {
            n: self.n,
            total: 0,
            fixed180: 0,
            fixed90: 0,
        };
        for (c, weight) in parts? {
            total.total += weight * c.total;
            total.fixed180 += weight * c.fixed180;
            total.fixed90 += weight * c.fixed90;
        }
        Ok(total)
    }
}

/// How a walk ended.
enum Walk {
    Go,
    Stop,
    Cancelled,
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::Piece;

    const SUPER: Rules = Rules::SUPERQUEENS;
    const TORUS: Rules = Rules::TORUS;

    /// Every solution's rows under `rules`, in the search's order.
    pub(crate) fn all(n: usize, rules: Rules) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        RulesBoard::new(n, rules)
            .unwrap()
            .each(&Control::new(), |r| {
                out.push(r.to_vec());
                ControlFlow::Continue(())
            })
            .unwrap();
        out
    }

    #[test]
    fn classic_rules_give_the_classic_counts() {
        for (n, total) in [(1, 1), (4, 2), (6, 4), (8, 92), (10, 724)] {
            assert_eq!(all(n, Rules::QUEENS).len(), total);
            let c = RulesBoard::new(n, Rules::QUEENS)
                .unwrap()
                .count(&Control::new())
                .unwrap();
            assert_eq!(
                c,
                crate::count::count(n, crate::Engine::Somers, &Control::new()).unwrap()
            );
        }
    }

    #[test]
    fn every_solution_keeps_the_rules_and_brute_force_agrees() {
        for rules in [
            SUPER,
            TORUS,
            Rules {
                piece: Piece::Superqueen,
                torus: true,
            },
        ] {
            for n in 1..=8 {
                let found = all(n, rules);
                let brute: Vec<Vec<u32>> = crate::Solutions::new(n)
                    .unwrap()
                    .filter(|p| rules.first_conflict(p).is_none())
                    .map(|p| p.rows().to_vec())
                    .collect();
                assert_eq!(found, brute, "{rules} n = {n}");
            }
        }
    }

    #[test]
    fn fixed_rows_are_kept() {
        let fixed = vec![Some(0), None, None, None, None];
        let b = RulesBoard::with_fixed(TORUS, fixed).unwrap();
        let mut seen = Vec::new();
        b.each(&Control::new(), |r| {
            seen.push(r.to_vec());
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(seen, vec![vec![0, 2, 4, 1, 3], vec![0, 3, 1, 4, 2]]);
    }

    #[test]
    fn a_break_stops_and_a_cancel_is_an_error() {
        let b = RulesBoard::new(12, SUPER).unwrap();
        let mut k = 0;
        b.each(&Control::new(), |_| {
            k += 1;
            ControlFlow::Break(())
        })
        .unwrap();
        assert_eq!(k, 1);
        let control = Control::new();
        control.cancel();
        assert_eq!(b.count(&control), Err(Error::Cancelled));
    }
}
