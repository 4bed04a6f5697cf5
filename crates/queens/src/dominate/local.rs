//! Local search for a watching set of a given size, for boards too large to search whole.
//!
//! The idea: keep `k` queens on the board, and move one at a time so that fewer squares stay
//! unwatched (simulated annealing, Kirkpatrick, Gelatt and Vecchi 1983; the focus on an
//! unwatched square is the min-conflicts heuristic of Minton et al. 1992, as in
//! [`construct`](crate::construct)'s local search). A step picks an unwatched square at
//! random, a square that would watch it (on one of its four lines) and a queen to move there;
//! the move is kept when it leaves no more squares unwatched, and otherwise with a probability
//! that falls with the loss. Watching is kept by lines: for every line the number of queens
//! on it, for every square the number of its lines that hold a queen, and the list of the
//! unwatched squares, so a move costs a few passes along the lines it touches. Restarts come
//! after a stretch without progress. A seed fixes every draw.

use super::lines::{Lines, KINDS};
use crate::control::Control;
use crate::error::Error;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Steps between two looks at the control.
const POLL: u64 = 1 << 12;
/// Steps without a new best before a restart, per square of the board.
const PATIENCE_PER_SQUARE: u64 = 400;

/// Queens on lines, with the squares they leave unwatched.
struct Walk<'a> {
    lines: &'a Lines,
    members: Vec<Vec<u16>>,
    on_line: Vec<u16>,
    watched_by: Vec<u8>,
    open: Vec<u16>,
    at: Vec<u32>,
    queens: Vec<usize>,
    taken: Vec<bool>,
}

const NOWHERE: u32 = u32::MAX;

impl<'a> Walk<'a> {
    fn new(lines: &'a Lines) -> Walk<'a> {
        let n2 = lines.n * lines.n;
        let mut members = vec![Vec::new(); lines.count()];
        for s in 0..n2 {
            for l in lines.of(s) {
                members[l as usize].push(s as u16);
            }
        }
        Walk {
            lines,
            members,
            on_line: vec![0; lines.count()],
            watched_by: vec![0; n2],
            open: (0..n2 as u16).collect(),
            at: (0..n2 as u32).collect(),
            queens: Vec::new(),
            taken: vec![false; n2],
        }
    }

    fn add(&mut self, q: usize) {
        self.queens.push(q);
        self.taken[q] = true;
        for l in self.lines.of(q) {
            let l = l as usize;
            self.on_line[l] += 1;
            if self.on_line[l] == 1 {
                for i in 0..self.members[l].len() {
                    let t = self.members[l][i] as usize;
                    self.watched_by[t] += 1;
                    if self.watched_by[t] == 1 {
                        self.unlist(t);
                    }
                }
            }
        }
    }

    fn remove(&mut self, slot: usize) -> usize {
        let q = self.queens.swap_remove(slot);
        self.taken[q] = false;
        for l in self.lines.of(q) {
            let l = l as usize;
            self.on_line[l] -= 1;
            if self.on_line[l] == 0 {
                for i in 0..self.members[l].len() {
                    let t = self.members[l][i] as usize;
                    self.watched_by[t] -= 1;
                    if self.watched_by[t] == 0 {
                        self.at[t] = self.open.len() as u32;
                        self.open.push(t as u16);
                    }
                }
            }
        }
        q
    }

    fn unlist(&mut self, t: usize) {
        let i = self.at[t] as usize;
        let last = *self.open.last().expect("t is listed");
        self.open.swap_remove(i);
        if last as usize != t {
            self.at[last as usize] = i as u32;
        }
        self.at[t] = NOWHERE;
    }

    /// A random square watching `s` (possibly `s` itself).
    fn watcher(&self, s: usize, rng: &mut impl Rng) -> usize {
        let lines = self.lines.of(s);
        let sizes: [usize; KINDS] = std::array::from_fn(|k| self.members[lines[k] as usize].len());
        let mut pick = rng.random_range(0..sizes.iter().sum::<usize>());
        for k in 0..KINDS {
            if pick < sizes[k] {
                return self.members[lines[k] as usize][pick] as usize;
            }
            pick -= sizes[k];
        }
        s
    }
}

/// Looks for `k` queens watching the board for at most `steps` moves; `None` if none found.
pub fn search(
    lines: &Lines,
    k: usize,
    seed: u64,
    steps: u64,
    control: &Control,
) -> Result<Option<Vec<usize>>, Error> {
    let n2 = lines.n * lines.n;
    if k == 0 || k > n2 {
        return Ok(None);
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut walk = Walk::new(lines);
    let patience = PATIENCE_PER_SQUARE * n2 as u64;
    let mut best = usize::MAX;
    let mut since_best = 0u64;
    let mut step = 0u64;
    restart(&mut walk, k, &mut rng);
    while step < steps {
        step += 1;
        if step.is_multiple_of(POLL) && control.is_cancelled() {
            return Err(Error::Cancelled);
        }
        if walk.open.is_empty() {
            let mut set = walk.queens.clone();
            set.sort_unstable();
            return Ok(Some(set));
        }
        let before = walk.open.len();
        if before < best {
            best = before;
            since_best = 0;
        } else {
            since_best += 1;
            if since_best > patience {
                restart(&mut walk, k, &mut rng);
                best = usize::MAX;
                continue;
            }
        }
        let s = walk.open[rng.random_range(0..before)] as usize;
        let p = walk.watcher(s, &mut rng);
        if walk.taken[p] {
            continue;
        }
        let slot = rng.random_range(0..k);
        let old = walk.remove(slot);
        walk.add(p);
        let after = walk.open.len();
        let keep = after <= before || rng.random::<f64>() < 0.3f64.powi((after - before) as i32);
        if !keep {
            let back = walk.queens.len() - 1;
            walk.remove(back);
            walk.add(old);
        }
    }
    Ok(None)
}

/// Clears the board and puts `k` queens on random distinct squares.
fn restart(walk: &mut Walk, k: usize, rng: &mut impl Rng) {
    while !walk.queens.is_empty() {
        walk.remove(walk.queens.len() - 1);
    }
    let n2 = walk.taken.len();
    while walk.queens.len() < k {
        let q = rng.random_range(0..n2);
        if !walk.taken[q] {
            walk.add(q);
        }
    }
}
