//! Local search for a watching set of a given size, for boards too large to search whole.
//!
//! The idea is the weighted two-stage exchange of the local searches for set cover and
//! minimum dominating set (square weighting after Morris's breakout method, 1993; the split
//! of a swap into a removal and an addition as in NuMVC, Cai, Su, Luo and Sattar 2013): keep
//! `k` queens on the board and give every square a weight, which grows by one at every step the
//! square stays unwatched, so that squares that are hard to watch pull the queens towards
//! them. A step removes the queen whose loss (the weight of the squares only it watches) is
//! least, then picks an unwatched square at random and puts a queen on the square of greatest
//! gain (the weight of the unwatched squares it would watch) among those on the four lines
//! through it. A queen just placed may not be removed at the next step and a square just left
//! stays empty for a few steps (tabu), so the search does not undo its last move.
//!
//! Both scores cost four look-ups: a queen watches the squares of its four lines, and two lines
//! through a square meet only there. So for every line the walk keeps the weight of its
//! unwatched squares and of its squares watched exactly once; the gain of a square is the sum
//! over its lines of the first, its loss the sum of the second (the square itself, on all four,
//! counted once). A move touches the squares of eight lines. A seed fixes every draw.

use super::lines::{Lines, KINDS};
use crate::control::Control;
use crate::error::Error;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Steps between two looks at the control.
const POLL: u64 = 1 << 12;
/// Steps during which a square just left may not take a queen again.
const TENURE: u64 = 3;
/// When the mean weight passes this, every weight is scaled down (so that old pressure fades).
const MEAN_WEIGHT_LIMIT: u64 = 50;
/// The scale of that smoothing, in tenths.
const SMOOTH_TENTHS: u64 = 3;
/// The chance, in thousandths, that a step removes a random queen instead of the least loss.
const NOISE_PER_MILLE: u32 = 5;

const NOWHERE: u32 = u32::MAX;

/// Queens on lines, square weights, and the scores the moves are chosen by.
struct Walk {
    /// The squares of every line.
    members: Vec<Vec<u16>>,
    /// For every square, its four lines.
    line_of: Vec<[u16; KINDS]>,
    /// For every square, how many queens watch it (a queen watches its own square).
    cover: Vec<u16>,
    weight: Vec<u64>,
    /// For every line, the weight of its unwatched squares.
    open_weight: Vec<u64>,
    /// For every line, the weight of its squares watched by exactly one queen.
    once_weight: Vec<u64>,
    /// The unwatched squares, and where each is in that list.
    open: Vec<u16>,
    at: Vec<u32>,
    queens: Vec<usize>,
    taken: Vec<bool>,
    /// The step at which each square last lost its queen.
    left_at: Vec<u64>,
    weight_sum: u64,
}

impl Walk {
    fn new(lines: &Lines) -> Walk {
        let n2 = lines.n * lines.n;
        let mut members = vec![Vec::new(); lines.count()];
        for s in 0..n2 {
            for l in lines.of(s) {
                members[l as usize].push(s as u16);
            }
        }
        let mut walk = Walk {
            members,
            line_of: (0..n2).map(|s| lines.of(s)).collect(),
            cover: vec![0; n2],
            weight: vec![1; n2],
            open_weight: vec![0; lines.count()],
            once_weight: vec![0; lines.count()],
            open: (0..n2 as u16).collect(),
            at: (0..n2 as u32).collect(),
            queens: Vec::new(),
            taken: vec![false; n2],
            left_at: vec![0; n2],
            weight_sum: n2 as u64,
        };
        walk.resum();
        walk
    }

    /// Recomputes the line sums from the weights and covers.
    fn resum(&mut self) {
        self.open_weight.iter_mut().for_each(|w| *w = 0);
        self.once_weight.iter_mut().for_each(|w| *w = 0);
        for s in 0..self.cover.len() {
            for l in self.line_of[s] {
                match self.cover[s] {
                    0 => self.open_weight[l as usize] += self.weight[s],
                    1 => self.once_weight[l as usize] += self.weight[s],
                    _ => {}
                }
            }
        }
    }

    /// Changes the cover of `t` by `up` (+1 or -1 as a wrapping add), keeping the sums.
    #[inline]
    fn bump(&mut self, t: usize, up: bool) {
        let old = self.cover[t];
        let new = if up { old + 1 } else { old - 1 };
        self.cover[t] = new;
        let w = self.weight[t];
        for l in self.line_of[t] {
            let l = l as usize;
            match old {
                0 => self.open_weight[l] -= w,
                1 => self.once_weight[l] -= w,
                _ => {}
            }
            match new {
                0 => self.open_weight[l] += w,
                1 => self.once_weight[l] += w,
                _ => {}
            }
        }
        if old == 0 {
            self.unlist(t);
        } else if new == 0 {
            self.at[t] = self.open.len() as u32;
            self.open.push(t as u16);
        }
    }

    /// Every square a queen on `q` watches, `q` itself once.
    fn touch(&mut self, q: usize, up: bool) {
        for k in 0..KINDS {
            let l = self.line_of[q][k] as usize;
            for i in 0..self.members[l].len() {
                let t = self.members[l][i] as usize;
                if t != q {
                    self.bump(t, up);
                }
            }
        }
        self.bump(q, up);
    }

    fn add(&mut self, q: usize) {
        self.queens.push(q);
        self.taken[q] = true;
        self.touch(q, true);
    }

    fn remove(&mut self, slot: usize, step: u64) -> usize {
        let q = self.queens.swap_remove(slot);
        self.taken[q] = false;
        self.left_at[q] = step;
        self.touch(q, false);
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

    /// The weight of the unwatched squares a queen on the empty square `p` would watch.
    #[inline]
    fn gain(&self, p: usize) -> u64 {
        let sum: u64 = self.line_of[p]
            .iter()
            .map(|&l| self.open_weight[l as usize])
            .sum();
        if self.cover[p] == 0 {
            sum - 3 * self.weight[p]
        } else {
            sum
        }
    }

    /// The weight of the squares that only the queen on `q` watches.
    #[inline]
    fn loss(&self, q: usize) -> u64 {
        let sum: u64 = self.line_of[q]
            .iter()
            .map(|&l| self.once_weight[l as usize])
            .sum();
        if self.cover[q] == 1 {
            sum - 3 * self.weight[q]
        } else {
            sum
        }
    }

    /// One more unit of weight on every unwatched square; smoothing when weights grow large.
    fn weigh(&mut self) {
        for i in 0..self.open.len() {
            let s = self.open[i] as usize;
            self.weight[s] += 1;
            for l in self.line_of[s] {
                self.open_weight[l as usize] += 1;
            }
        }
        self.weight_sum += self.open.len() as u64;
        if self.weight_sum > MEAN_WEIGHT_LIMIT * self.weight.len() as u64 {
            for w in &mut self.weight {
                *w = (*w * SMOOTH_TENTHS / 10).max(1);
            }
            self.weight_sum = self.weight.iter().sum();
            self.resum();
        }
    }

    /// The slot of the queen to remove: least loss, not the one just placed; ties to the
    /// first met from a random start.
    fn victim(&self, fresh: usize, rng: &mut impl Rng) -> usize {
        let k = self.queens.len();
        if k > 1 && rng.random_ratio(NOISE_PER_MILLE, 1000) {
            return rng.random_range(0..k);
        }
        let from = rng.random_range(0..k);
        let mut best = (u64::MAX, from);
        for j in 0..k {
            let slot = (from + j) % k;
            let q = self.queens[slot];
            if q == fresh && k > 1 {
                continue;
            }
            let loss = self.loss(q);
            if loss < best.0 {
                best = (loss, slot);
            }
        }
        best.1
    }

    /// The empty square of greatest gain on the lines of the unwatched square `s`, outside
    /// the tabu (unless nothing else is left).
    fn newcomer(&self, s: usize, step: u64, rng: &mut impl Rng) -> usize {
        let mut best = (0u64, usize::MAX, 0u32);
        for &l in &self.line_of[s] {
            for &p in &self.members[l as usize] {
                let p = p as usize;
                if self.taken[p] || (self.left_at[p] > 0 && step < self.left_at[p] + TENURE) {
                    continue;
                }
                let g = self.gain(p);
                if best.1 == usize::MAX || g > best.0 {
                    best = (g, p, 1);
                } else if g == best.0 {
                    best.2 += 1;
                    if rng.random_ratio(1, best.2) {
                        best.1 = p;
                    }
                }
            }
        }
        if best.1 == usize::MAX {
            s
        } else {
            best.1
        }
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
    if k == n2 {
        return Ok(Some((0..n2).collect()));
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut walk = Walk::new(lines);
    start(&mut walk, k, &mut rng);
    let mut fresh = usize::MAX;
    for step in 1..=steps {
        if walk.open.is_empty() {
            let mut set = walk.queens.clone();
            set.sort_unstable();
            return Ok(Some(set));
        }
        if step.is_multiple_of(POLL) && control.is_cancelled() {
            return Err(Error::Cancelled);
        }
        let slot = walk.victim(fresh, &mut rng);
        walk.remove(slot, step);
        let s = walk.open[rng.random_range(0..walk.open.len())] as usize;
        fresh = walk.newcomer(s, step, &mut rng);
        walk.add(fresh);
        walk.weigh();
    }
    Ok(walk.open.is_empty().then(|| {
        let mut set = walk.queens.clone();
        set.sort_unstable();
        set
    }))
}

/// Puts `k` queens one by one, each on a square of greatest gain among those watching a
/// random unwatched square (random squares once everything is watched).
fn start(walk: &mut Walk, k: usize, rng: &mut impl Rng) {
    let n2 = walk.taken.len();
    while walk.queens.len() < k {
        let q = if walk.open.is_empty() {
            rng.random_range(0..n2)
        } else {
            let s = walk.open[rng.random_range(0..walk.open.len())] as usize;
            walk.newcomer(s, 0, rng)
        };
        if !walk.taken[q] {
            walk.add(q);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line sums kept along the walk agree with sums taken from scratch.
    #[test]
    fn scores_agree_with_a_recount() {
        let lines = Lines::new(9, false);
        let mut walk = Walk::new(&lines);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        start(&mut walk, 5, &mut rng);
        for step in 1..200 {
            let slot = rng.random_range(0..5);
            walk.remove(slot, step);
            let s = walk.open[rng.random_range(0..walk.open.len())] as usize;
            let p = walk.newcomer(s, step, &mut rng);
            walk.add(p);
            walk.weigh();
            let (open, once) = (walk.open_weight.clone(), walk.once_weight.clone());
            walk.resum();
            assert_eq!(
                (open, once),
                (walk.open_weight.clone(), walk.once_weight.clone())
            );
            for s in 0..81 {
                let c = walk.queens.iter().filter(|&&q| lines.watches(q, s)).count();
                assert_eq!(walk.cover[s] as usize, c);
                if !walk.taken[s] {
                    let g: u64 = (0..81)
                        .filter(|&t| walk.cover[t] == 0 && lines.watches(s, t))
                        .map(|t| walk.weight[t])
                        .sum();
                    assert_eq!(walk.gain(s), g);
                } else {
                    let l: u64 = (0..81)
                        .filter(|&t| walk.cover[t] == 1 && lines.watches(s, t))
                        .map(|t| walk.weight[t])
                        .sum();
                    assert_eq!(walk.loss(s), l);
                }
            }
        }
    }

    #[test]
    fn finds_the_minimum_of_small_boards() {
        for (n, k) in [(8, 5), (10, 5), (12, 6)] {
            let lines = Lines::new(n, false);
            let set = search(&lines, k, 1, 1_000_000, &Control::new())
                .unwrap()
                .expect("found");
            assert_eq!(set.len(), k);
            for s in 0..n * n {
                assert!(set.iter().any(|&q| lines.watches(q, s)), "n={n}");
            }
        }
    }
}
