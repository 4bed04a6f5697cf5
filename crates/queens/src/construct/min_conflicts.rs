//! Local search: a random greedy start, then swaps that lower the number of attacking pairs,
//! after Minton, Johnston, Philips and Laird (1992, min-conflicts repair of a greedy start) and
//! Sosic and Gu (1991, queens kept a permutation and repaired by swaps: 3,000,000 queens in
//! under a minute).
//!
//! The board is always a permutation (one queen per row and per column), so queens can only
//! clash on diagonals: `up` (c + r constant) and `down` (c + n - 1 - r constant). The number of
//! attacking pairs is the sum of `k (k - 1) / 2` over the diagonals, k the queens on each.
//!
//! 1. The greedy start fills the columns left to right. Column c draws random rows among those
//!    not used yet, up to [`DRAWS`] times, and keeps the first whose two diagonals are free.
//!    Almost every column finds one; the few that do not take a random unused row and are
//!    noted as attacked. (The first draws of each column are made a few columns early, so that
//!    the memory they read on a large board is fetched while other columns are placed.)
//! 2. The repair takes the attacked columns one by one: for column i, random columns j are
//!    drawn and the rows of i and j swapped when that lowers the number of attacking pairs
//!    (Sosic and Gu's swap of a queen in conflict). Columns still attacked after a swap go back
//!    on the list; when the list is empty, a scan of the board refills it.
//! 3. Every swap lowers the count, so the repair ends: with no attacking pair (a solution), or
//!    stuck in a local minimum (rounds that improve nothing however many partners they try),
//!    after which the search starts afresh from a new greedy start (small boards only).
//!
//! A seed fixes every random draw, so a seed gives the same solution on every run.

use crate::construct::{exists, rng};
use crate::control::Control;
use crate::error::Error;
use crate::placement::Placement;
use crate::prefetch::prefetch;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;
use std::collections::HashMap;

/// The largest N (about 4.5 bytes of memory per queen).
pub const MAX_N: usize = 1_000_000_000;

/// Random rows a column of the greedy start draws before it settles for an attacked one.
const DRAWS: usize = 64;
/// The most draws of a column made in advance (two at first, ten at the end, where about one
/// row in six is free).
const BATCH: usize = 10;
/// How many columns in advance the greedy start draws.
const AHEAD: usize = 16;
/// Random partners a column of the repair tries before it waits for the next round (at first).
const PARTNERS: usize = 64;

/// The work the search took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Fresh greedy starts after the first (when the repair got stuck).
    pub restarts: u64,
    /// Random rows drawn by the greedy starts.
    pub draws: u64,
    /// Columns of the greedy starts that found no free row and took an attacked one.
    pub attacked_at_start: u64,
    /// Swaps looked at by the repair.
    pub swaps_tried: u64,
    /// Swaps made by the repair.
    pub swaps: u64,
}

/// A solution for `n` found by the seeded local search, with the work it took; `None` when no
/// solution exists (N = 2, 3). Obeys cancellation, and reports the columns of the greedy start
/// as progress (the repair is short).
pub fn solve(n: usize, seed: u64, control: &Control) -> Result<Option<(Placement, Stats)>, Error> {
    if n == 0 || n > MAX_N {
        return Err(Error::TooLarge { n, max: MAX_N });
    }
    if !exists(n as u64) {
        return Ok(None);
    }
    let mut rng = rng(seed);
    let mut stats = Stats::default();
    let mut board = Board::new(n);
    loop {
        if control.is_cancelled() {
            return Err(Error::Cancelled);
        }
        let attacked = board
            .greedy_start(&mut rng, &mut stats, control)
            .ok_or(Error::Cancelled)?;
        if board.repair(attacked, &mut rng, &mut stats, control)? {
            return Ok(Some((Placement::from_rows_unchecked(board.rows), stats)));
        }
        stats.restarts += 1;
    }
}

/// The queens on each diagonal of one direction: a bit per diagonal for "at least one", and
/// the few diagonals with more in a small map (count - 1). The bits take N / 4 bytes, so even
/// for a large board they mostly stay in the processor's cache.
struct Diagonals {
    bits: Vec<u64>,
    more: HashMap<usize, u32>,
}

impl Diagonals {
    fn new(count: usize) -> Diagonals {
        Diagonals {
            bits: vec![0; count.div_ceil(64)],
            more: HashMap::new(),
        }
    }

    fn clear(&mut self) {
        self.bits.fill(0);
        self.more.clear();
    }

    #[inline(always)]
    fn is_empty(&self, d: usize) -> bool {
        self.bits[d / 64] & (1 << (d % 64)) == 0
    }

    /// Whether two or more queens share diagonal d.
    #[inline(always)]
    fn is_crowded(&self, d: usize) -> bool {
        !self.more.is_empty() && self.more.contains_key(&d)
    }

    /// Adds a queen on diagonal d; returns the queens that were there.
    #[inline(always)]
    fn add(&mut self, d: usize) -> u64 {
        if self.is_empty(d) {
            self.bits[d / 64] |= 1 << (d % 64);
            return 0;
        }
        let more = self.more.entry(d).or_insert(0);
        *more += 1;
        *more as u64
    }

    /// Removes a queen from diagonal d; returns the queens left there.
    #[inline(always)]
    fn remove(&mut self, d: usize) -> u64 {
        match self.more.get_mut(&d) {
            Some(more) => {
                *more -= 1;
                let left = *more as u64 + 1;
                if *more == 0 {
                    self.more.remove(&d);
                }
                left
            }
            None => {
                self.bits[d / 64] &= !(1 << (d % 64));
                0
            }
        }
    }
}

struct Board {
    n: usize,
    rows: Vec<u32>,
    /// Diagonals c + r.
    up: Diagonals,
    /// Diagonals c + n - 1 - r.
    down: Diagonals,
    /// Attacking pairs.
    pairs: u64,
}

impl Board {
    fn new(n: usize) -> Board {
        Board {
            n,
            rows: Vec::new(),
            up: Diagonals::new(2 * n - 1),
            down: Diagonals::new(2 * n - 1),
            pairs: 0,
        }
    }

    #[inline(always)]
    fn diagonals(&self, c: usize, r: u32) -> (usize, usize) {
        let r = r as usize;
        (c + r, c + self.n - 1 - r)
    }

    #[inline(always)]
    fn add(&mut self, c: usize, r: u32) {
        let (u, d) = self.diagonals(c, r);
        self.pairs += self.up.add(u) + self.down.add(d);
    }

    #[inline(always)]
    fn remove(&mut self, c: usize, r: u32) {
        let (u, d) = self.diagonals(c, r);
        self.pairs -= self.up.remove(u) + self.down.remove(d);
    }

    #[inline(always)]
    fn is_free(&self, c: usize, r: u32) -> bool {
        let (u, d) = self.diagonals(c, r);
        self.up.is_empty(u) && self.down.is_empty(d)
    }

    /// Whether the queen of column c shares a diagonal with another.
    #[inline(always)]
    fn is_attacked(&self, c: usize) -> bool {
        let (u, d) = self.diagonals(c, self.rows[c]);
        self.up.is_crowded(u) || self.down.is_crowded(d)
    }

    /// Step 1; returns the attacked columns (`None` when cancelled).
    ///
    /// The first draws of each column (its batch: two rows early on, up to ten at the end,
    /// where free rows get rare) are made [`AHEAD`] columns in advance, and the memory they
    /// will read is fetched in two stages while earlier columns are placed: the rows of the
    /// drawn positions first, their diagonals half-way. A position drawn for a later column c'
    /// is uniform on `c'..n`, and whatever row sits there when c' comes is an unused one, so
    /// drawing early changes nothing but the waiting.
    fn greedy_start(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        stats: &mut Stats,
        control: &Control,
    ) -> Option<Vec<usize>> {
        let n = self.n;
        self.rows.clear();
        self.rows.extend(0..n as u32);
        self.up.clear();
        self.down.clear();
        self.pairs = 0;
        let batch = |c: usize| 2 + (BATCH - 2) * c / n;
        let mut ahead = [[0usize; BATCH]; AHEAD];
        let draw_ahead = |c: usize, rng: &mut Xoshiro256PlusPlus, slot: &mut [usize; BATCH]| {
            for k in &mut slot[..batch(c)] {
                *k = rng.random_range(c..n);
            }
        };
        for (c, slot) in ahead.iter_mut().enumerate().take(n) {
            draw_ahead(c, rng, slot);
        }
        let mut attacked = Vec::new();
        control.set_total(n as u64);
        for c in 0..n {
            if c % (1 << 16) == 0 {
                if control.is_cancelled() {
                    return None;
                }
                if c > 0 {
                    control.advance(1 << 16);
                }
            }
            // Stage two for column c + AHEAD / 2, then this column's batch.
            let half = c + AHEAD / 2;
            if half < n {
                for &k in &ahead[half % AHEAD][..batch(half)] {
                    let (u, d) = self.diagonals(half, self.rows[k]);
                    prefetch(&self.up.bits, u / 64);
                    prefetch(&self.down.bits, d / 64);
                }
            }
            let slot = ahead[c % AHEAD];
            stats.draws += batch(c) as u64;
            let mut chosen = slot[..batch(c)]
                .iter()
                .copied()
                .find(|&k| self.is_free(c, self.rows[k]));
            // Then more draws, four at a time so that their reads overlap.
            for _ in 0..(DRAWS - batch(c)) / 4 {
                if chosen.is_some() {
                    break;
                }
                stats.draws += 4;
                let ks: [usize; 4] = std::array::from_fn(|_| rng.random_range(c..n));
                let rs = ks.map(|k| self.rows[k]);
                let free = rs.map(|r| self.is_free(c, r));
                chosen = (0..4).find(|&i| free[i]).map(|i| ks[i]);
            }
            // Stage one for column c + AHEAD, in the slot just used.
            if c + AHEAD < n {
                let slot = &mut ahead[c % AHEAD];
                draw_ahead(c + AHEAD, rng, slot);
                for &k in &slot[..batch(c + AHEAD)] {
                    prefetch(&self.rows, k);
                }
            }
            let k = chosen.unwrap_or_else(|| {
                attacked.push(c);
                rng.random_range(c..n)
            });
            self.rows.swap(c, k);
            self.add(c, self.rows[c]);
        }
        stats.attacked_at_start += attacked.len() as u64;
        Some(attacked)
    }

    /// Swaps the rows of columns i and j if that lowers the number of attacking pairs.
    fn try_swap(&mut self, i: usize, j: usize) -> bool {
        if i == j {
            return false;
        }
        let (ri, rj) = (self.rows[i], self.rows[j]);
        let before = self.pairs;
        self.remove(i, ri);
        self.remove(j, rj);
        self.add(i, rj);
        self.add(j, ri);
        if self.pairs < before {
            self.rows[i] = rj;
            self.rows[j] = ri;
            return true;
        }
        self.remove(j, ri);
        self.remove(i, rj);
        self.add(i, ri);
        self.add(j, rj);
        false
    }

    /// Steps 2 and 3: true when the board is a solution, false when the repair got stuck.
    ///
    /// A column that finds no better partner waits for the next round. A round in which no
    /// column found one doubles the number of partners each column tries, up to about 4N:
    /// on a large board some column is always one lucky draw away, on a small one the board
    /// is then taken to be a local minimum.
    fn repair(
        &mut self,
        mut todo: Vec<usize>,
        rng: &mut Xoshiro256PlusPlus,
        stats: &mut Stats,
        control: &Control,
    ) -> Result<bool, Error> {
        let n = self.n;
        let mut partners = PARTNERS;
        loop {
            let mut improved = false;
            let mut waiting = Vec::new();
            while let Some(i) = todo.pop() {
                if !self.is_attacked(i) {
                    continue;
                }
                if control.is_cancelled() {
                    return Err(Error::Cancelled);
                }
                let mut swapped = false;
                for _ in 0..partners {
                    let j = rng.random_range(0..n);
                    stats.swaps_tried += 1;
                    if self.try_swap(i, j) {
                        stats.swaps += 1;
                        swapped = true;
                        todo.extend([i, j].into_iter().filter(|&c| self.is_attacked(c)));
                        break;
                    }
                }
                if swapped {
                    improved = true;
                } else {
                    waiting.push(i);
                }
            }
            if self.pairs == 0 {
                return Ok(true);
            }
            if !improved {
                partners *= 2;
                if partners > 4 * n + PARTNERS {
                    return Ok(false);
                }
            }
            todo = waiting;
            if todo.is_empty() {
                todo.extend((0..n).filter(|&c| self.is_attacked(c)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve_ok(n: usize, seed: u64) -> (Placement, Stats) {
        solve(n, seed, &Control::new()).unwrap().unwrap()
    }

    #[test]
    fn solutions_for_a_range_of_n_and_seeds() {
        for n in (1..=60).chain([100, 257, 1000, 4099, 20_000]) {
            if n == 2 || n == 3 {
                continue;
            }
            for seed in 0..4 {
                let (p, _) = solve_ok(n, seed);
                assert_eq!(p.n(), n);
                assert!(p.is_solution(), "N = {n}, seed {seed}");
            }
        }
    }

    #[test]
    fn a_large_board() {
        let (p, stats) = solve_ok(300_000, 7);
        assert!(p.is_solution());
        assert!(stats.draws >= 300_000);
    }

    #[test]
    fn a_seed_gives_the_same_solution_and_seeds_differ() {
        for n in [8, 50, 1000] {
            assert_eq!(solve_ok(n, 42), solve_ok(n, 42), "N = {n}");
        }
        let distinct: std::collections::HashSet<Placement> =
            (0..10).map(|seed| solve_ok(1000, seed).0).collect();
        assert_eq!(distinct.len(), 10);
    }

    #[test]
    fn no_solution_for_two_and_three() {
        for n in [2, 3] {
            assert_eq!(solve(n, 1, &Control::new()), Ok(None));
        }
        assert!(matches!(
            solve(0, 1, &Control::new()),
            Err(Error::TooLarge { .. })
        ));
    }

    #[test]
    fn cancel_stops_the_search() {
        let control = Control::new();
        control.cancel();
        assert_eq!(solve(100, 1, &control), Err(Error::Cancelled));
    }

    /// The attacking pairs of a placement, and whether each queen is attacked, by brute force.
    fn brute_force(rows: &[u32]) -> (u64, Vec<bool>) {
        let p = Placement::from_rows_unchecked(rows.to_vec());
        let squares: Vec<_> = p.squares().collect();
        let mut attacked = vec![false; rows.len()];
        let mut pairs = 0;
        for (i, a) in squares.iter().enumerate() {
            for (j, b) in squares.iter().enumerate().skip(i + 1) {
                if a.queen_attack(*b).is_some() {
                    pairs += 1;
                    attacked[i] = true;
                    attacked[j] = true;
                }
            }
        }
        (pairs, attacked)
    }

    #[test]
    fn the_counts_follow_starts_and_swaps() {
        for n in [5, 9, 12] {
            for seed in 0..20 {
                let mut rng = rng(seed);
                let mut board = Board::new(n);
                board.greedy_start(&mut rng, &mut Stats::default(), &Control::new());
                for step in 0..40 {
                    let (pairs, attacked) = brute_force(&board.rows);
                    assert_eq!(board.pairs, pairs, "N = {n}, seed {seed}, step {step}");
                    let seen: Vec<bool> = (0..n).map(|c| board.is_attacked(c)).collect();
                    assert_eq!(seen, attacked);
                    let before = board.pairs;
                    let (i, j) = (rng.random_range(0..n), rng.random_range(0..n));
                    if board.try_swap(i, j) {
                        assert!(board.pairs < before);
                    } else {
                        assert_eq!(board.pairs, before);
                    }
                }
                assert!(board.rows.iter().all(|&r| (r as usize) < n));
                assert!(Placement::from_rows_unchecked(board.rows).is_permutation());
            }
        }
    }
}
