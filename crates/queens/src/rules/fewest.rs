//! Queens on the torus, most constrained file first: the search behind the torus counter.
//!
//! On the torus every line is a class mod N: a queen on (c, r) takes rank r, the diagonal
//! (r - c) mod N and the anti-diagonal (r + c) mod N, and since there are N queens, every rank,
//! file and diagonal of both kinds holds exactly one. So the search need not go file by file:
//! like Knuth's dancing links with its "fewest options first" rule, it takes next the file with
//! the fewest open squares, and gives up as soon as some file, rank or diagonal has no open
//! square left to take it.
//!
//! The state is three words in fixed frames: `ranks` taken, `ups` (diagonal classes r - c
//! taken) and `downs` (anti-diagonal classes r + c). In file j the ranks closed by the
//! diagonals are `ups` rotated up by j and `downs` rotated down by j (a rotation within the N
//! bits: nothing runs off the torus). One pass over the files left finds the fewest and, from
//! the open squares moved back into the class frames, whether every rank and diagonal can
//! still be taken, and which of them have a single open square left: such a square is forced,
//! and is taken first when no file is down to one square.

use crate::control::Control;
#[cfg(target_arch = "x86_64")]
use crate::cpu::{enable, Bmi};
use crate::error::Error;
use std::ops::ControlFlow;

/// The builds of the search, one per instruction set. The x86-64 one holds the token of its
/// features ([`crate::cpu`]), so it cannot be made on a CPU that lacks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// Built for any CPU of the target.
    Plain,
    /// Built with the bit count and the bit-manipulation instructions (the search counts the
    /// open squares of every file at every node: 26 % of its time without them, measured on
    /// N = 19).
    #[cfg(target_arch = "x86_64")]
    Bmi(Bmi),
}

impl Path {
    /// Every path this CPU can run, the plain one first and the fastest last.
    pub fn all_available() -> Vec<Path> {
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut paths = vec![Path::Plain];
        #[cfg(target_arch = "x86_64")]
        paths.extend(Bmi::detect().map(Path::Bmi));
        paths
    }

    /// The fastest path of this CPU, detected once.
    pub fn best() -> Path {
        static BEST: std::sync::LazyLock<Path> = std::sync::LazyLock::new(|| {
            *Path::all_available()
                .last()
                .expect("the plain path is always there")
        });
        *BEST
    }
}

/// The search on the `n` x `n` torus.
pub struct Fewest {
    n: usize,
    full: u64,
    path: Path,
}

/// Where the search stands.
#[derive(Clone, Copy)]
struct State {
    ranks: u64,
    ups: u64,
    downs: u64,
    files_left: u64,
}

impl Fewest {
    /// The search for N from 1 to 63 (an even N has no torus solution anyway), on the
    /// fastest path of the CPU.
    pub fn new(n: usize) -> Fewest {
        Fewest::on(n, Path::best())
    }

    /// [`Fewest::new`] on `path` (any of [`Path::all_available`]).
    pub fn on(n: usize, path: Path) -> Fewest {
        assert!((1..64).contains(&n));
        let full = (1u64 << n) - 1;
        Fewest { n, full, path }
    }

    /// `x` rotated up by `k` (0 to N-1) within the N bits. With N below 64 the shift by N - k
    /// is at most 63 and leaves nothing when k = 0, so no branch is needed.
    #[inline(always)]
    fn rotate_up(&self, x: u64, k: usize) -> u64 {
        ((x << k) | (x >> (self.n - k))) & self.full
    }

    /// `x` rotated down by `k` (0 to N-1) within the N bits.
    #[inline(always)]
    fn rotate_down(&self, x: u64, k: usize) -> u64 {
        ((x >> k) | (x << (self.n - k))) & self.full
    }

    /// The state after a queen on file `j`, rank `r`.
    #[inline(always)]
    fn place(&self, s: State, j: usize, r: usize) -> State {
        let n = self.n;
        State {
            ranks: s.ranks | 1 << r,
            ups: s.ups | 1 << ((r + n - j) % n),
            downs: s.downs | 1 << ((r + j) % n),
            files_left: s.files_left & !(1 << j),
        }
    }

    /// The file with the fewest open squares and those squares, or `None` when some file,
    /// rank or diagonal can no longer be taken. A rank or diagonal with one open square left
    /// anywhere is taken first (that square is the only choice), when no file is down to one.
    #[inline(always)]
    fn choose(&self, s: State) -> Option<(usize, u64)> {
        let open_ranks = self.full & !s.ranks;
        let mut seen = [0u64; 3];
        let mut twice = [0u64; 3];
        let mut best = (u32::MAX, 0, 0);
        let mut files = s.files_left;
        while files != 0 {
            let j = files.trailing_zeros() as usize;
            files &= files - 1;
            let open = open_ranks & !self.rotate_up(s.ups, j) & !self.rotate_down(s.downs, j);
            let count = open.count_ones();
            if count == 0 {
                return None;
            }
            if count < best.0 {
                best = (count, j, open);
            }
            let lines = [open, self.rotate_down(open, j), self.rotate_up(open, j)];
            for k in 0..3 {
                twice[k] |= seen[k] & lines[k];
                seen[k] |= lines[k];
            }
        }
        let needed = [open_ranks, self.full & !s.ups, self.full & !s.downs];
        if seen[0] != needed[0] || seen[1] != needed[1] || seen[2] != needed[2] {
            return None;
        }
        if best.0 > 1 {
            for k in 0..3 {
                let single = seen[k] & !twice[k];
                if single != 0 {
                    return self.forced(s, k, single);
                }
            }
        }
        Some((best.1, best.2))
    }

    /// The one open square of the first line of kind `k` (0 ranks, 1 diagonals, 2
    /// anti-diagonals) among `single`, the lines with one open square left.
    fn forced(&self, s: State, k: usize, single: u64) -> Option<(usize, u64)> {
        if single == 0 {
            return None;
        }
        let line = single & single.wrapping_neg();
        let open_ranks = self.full & !s.ranks;
        let mut files = s.files_left;
        while files != 0 {
            let j = files.trailing_zeros() as usize;
            files &= files - 1;
            let open = open_ranks & !self.rotate_up(s.ups, j) & !self.rotate_down(s.downs, j);
            let rank = match k {
                0 => line,
                1 => self.rotate_up(line, j),
                _ => self.rotate_down(line, j),
            };
            if open & rank != 0 {
                return Some((j, rank));
            }
        }
        None
    }

    /// Calls `visit` with the rows of every solution with queens on the squares `fixed`
    /// (file, rank), until it breaks; the order is the search's, not lexicographic.
    pub fn each_with(
        &self,
        fixed: &[(usize, u32)],
        control: &Control,
        mut visit: impl FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        let mut s = State {
            ranks: 0,
            ups: 0,
            downs: 0,
            files_left: self.full,
        };
        let mut rows = vec![0u32; self.n];
        for &(j, r) in fixed {
            let free =
                self.full & !s.ranks & !self.rotate_up(s.ups, j) & !self.rotate_down(s.downs, j);
            if s.files_left & (1 << j) == 0 || free & (1 << r) == 0 {
                return Ok(());
            }
            s = self.place(s, j, r as usize);
            rows[j] = r;
        }
        let flow = match self.path {
            Path::Plain => Plain.walk(self, s, &mut rows, control, &mut visit),
            #[cfg(target_arch = "x86_64")]
            Path::Bmi(t) => t.walk(self, s, &mut rows, control, &mut visit),
        };
        match flow {
            Some(ControlFlow::Break(Stop::Cancelled)) => Err(Error::Cancelled),
            _ => Ok(()),
        }
    }

    #[cfg(target_arch = "x86_64")]
    enable! { Bmi:
    /// [`Fewest::walk_body`] built with the bit-count instructions.
    fn walk_bmi(
        &self,
        t: Bmi,
        s: State,
        rows: &mut [u32],
        control: &Control,
        visit: &mut impl FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<Stop>> {
        self.walk_body(t, s, rows, control, visit)
    }
    }

    /// The walk below `s`, going on below each child in the build of `path`.
    #[inline(always)]
    fn walk_body(
        &self,
        path: impl Walk,
        s: State,
        rows: &mut [u32],
        control: &Control,
        visit: &mut impl FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<Stop>> {
        if s.files_left == 0 {
            return Some(match visit(rows) {
                ControlFlow::Continue(()) => ControlFlow::Continue(()),
                ControlFlow::Break(()) => ControlFlow::Break(Stop::Asked),
            });
        }
        if s.files_left.count_ones() as usize + 4 > self.n && control.is_cancelled() {
            return Some(ControlFlow::Break(Stop::Cancelled));
        }
        let (j, mut open) = self.choose(s)?;
        while open != 0 {
            let r = open.trailing_zeros() as usize;
            open &= open - 1;
            rows[j] = r as u32;
            if let Some(ControlFlow::Break(stop)) =
                path.walk(self, self.place(s, j, r), rows, control, visit)
            {
                return Some(ControlFlow::Break(stop));
            }
        }
        Some(ControlFlow::Continue(()))
    }
}

/// How a walk goes on below a node: in the build of its path.
trait Walk: Copy {
    fn walk(
        self,
        f: &Fewest,
        s: State,
        rows: &mut [u32],
        control: &Control,
        visit: &mut impl FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<Stop>>;
}

/// The walk built for any CPU.
#[derive(Clone, Copy)]
struct Plain;

impl Walk for Plain {
    #[inline(always)]
    fn walk(
        self,
        f: &Fewest,
        s: State,
        rows: &mut [u32],
        control: &Control,
        visit: &mut impl FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<Stop>> {
        f.walk_body(self, s, rows, control, visit)
    }
}

#[cfg(target_arch = "x86_64")]
impl Walk for Bmi {
    #[inline(always)]
    fn walk(
        self,
        f: &Fewest,
        s: State,
        rows: &mut [u32],
        control: &Control,
        visit: &mut impl FnMut(&[u32]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<Stop>> {
        // SAFETY: `walk_bmi` is built for the features of `self`, a token that exists only
        // when the CPU has them (`crate::cpu`).
        unsafe { f.walk_bmi(self, s, rows, control, visit) }
    }
}

/// Why a walk stopped early.
#[derive(Clone, Copy)]
enum Stop {
    Asked,
    Cancelled,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{search::RulesBoard, Piece, Rules};

    #[test]
    fn the_same_solutions_as_the_file_by_file_search() {
        let torus = Rules {
            piece: Piece::Queen,
            torus: true,
        };
        for n in 1..=13 {
            let mut plain = Vec::new();
            RulesBoard::new(n, torus)
                .unwrap()
                .each(&Control::new(), |r| {
                    plain.push(r.to_vec());
                    ControlFlow::Continue(())
                })
                .unwrap();
            let mut fewest = Vec::new();
            Fewest::new(n)
                .each_with(&[], &Control::new(), |r| {
                    fewest.push(r.to_vec());
                    ControlFlow::Continue(())
                })
                .unwrap();
            fewest.sort();
            assert_eq!(fewest, plain, "n = {n}");
        }
    }
}
