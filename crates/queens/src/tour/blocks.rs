//! The small boards that the divide-and-conquer construction glues together: on a w x h block,
//! a closed tour (or a path from a given square) that contains some prescribed knight's moves,
//! the "structured" moves of Parberry (1997) by which neighbouring blocks are joined.
//!
//! Each block is found once by a depth-first search (Warnsdorff's ordering with Roth's
//! tie-break, as in [`warnsdorff`](super::warnsdorff)) that is forced along the prescribed
//! moves: a square at one end of a prescribed move must be entered or left through it. Blocks
//! have sides from 5 to 13, so every search is small; the results are kept in a cache shared by
//! all constructions, keyed by the block's size, start and prescribed moves. Whether every block
//! the construction can ask for exists is checked by the tests, over all of them.

use crate::square::KNIGHT;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// No neighbour: the end of a path.
pub const NONE: u16 = u16::MAX;

/// A block's tour as neighbours: square `r * w + c` is joined to `adj[r * w + c][0]` and `[1]`.
pub type Adjacency = Arc<Vec<[u16; 2]>>;

/// What a block must be: its size, its start (a path) or none (a closed tour), and the moves it
/// must contain, as pairs of (col, row) in the block.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    /// Width in files.
    pub w: u16,
    /// Height in ranks.
    pub h: u16,
    /// The square the path must start on, if any.
    pub start: Option<(u16, u16)>,
    /// Moves the path must make, as pairs of squares.
    pub required: Vec<((u16, u16), (u16, u16))>,
}

/// One attempt gives up after this many moves; the next one breaks ties differently.
const BUDGET: u64 = 20_000;
/// Attempts before giving up on a block (no block the construction asks for needs as many).
const ATTEMPTS: u64 = 200;

static CACHE: OnceLock<Mutex<HashMap<Spec, Option<Adjacency>>>> = OnceLock::new();

/// The block's tour, from the cache or by a search; `None` if the search found none.
pub fn block(spec: &Spec) -> Option<Adjacency> {
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(found) = cache.lock().ok().and_then(|c| c.get(spec).cloned()) {
        return found;
    }
    let found = (0..ATTEMPTS).find_map(|a| search(spec, a)).map(Arc::new);
    if let Ok(mut c) = cache.lock() {
        c.insert(spec.clone(), found.clone());
    }
    found
}

/// The knight's moves from every square of a `w` x `h` block, by index.
fn neighbours(w: i32, h: i32) -> Vec<Vec<u16>> {
    (0..(w * h) as usize)
        .map(|i| {
            let (c, r) = (i as i32 % w, i as i32 / w);
            KNIGHT
                .iter()
                .map(|&(dc, dr)| (c + dc, r + dr))
                .filter(|&(c, r)| c >= 0 && r >= 0 && c < w && r < h)
                .map(|(c, r)| (r * w + c) as u16)
                .collect()
        })
        .collect()
}

/// The tie-break key of every square: Roth's distance from the centre on the first attempt,
/// seeded random numbers (xorshift) on the others.
fn tie_keys(w: i32, h: i32, attempt: u64) -> Vec<i32> {
    let mut seed = attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..(w * h) as usize)
        .map(|i| {
            let (c, r) = (i as i32 % w, i as i32 / w);
            let (dc, dr) = (2 * c - (w - 1), 2 * r - (h - 1));
            if attempt == 0 {
                dc * dc + dr * dr
            } else {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed >> 40) as i32
            }
        })
        .collect()
}

/// The state of one attempt: the block, its prescribed moves, the squares visited and the
/// onward degrees of the others.
struct Attempt {
    total: usize,
    closed: bool,
    start: u16,
    nbrs: Vec<Vec<u16>>,
    far: Vec<i32>,
    /// The square each square must be joined to by a prescribed move (`NONE`: free).
    partner: Vec<u16>,
    visited: Vec<bool>,
    degree: Vec<u8>,
}

impl Attempt {
    fn new(spec: &Spec, attempt: u64) -> Attempt {
        let (w, h) = (spec.w as i32, spec.h as i32);
        let total = (w * h) as usize;
        let idx = |c: u16, r: u16| r as usize * w as usize + c as usize;
        let nbrs = neighbours(w, h);
        let mut partner = vec![NONE; total];
        for &((c1, r1), (c2, r2)) in &spec.required {
            partner[idx(c1, r1)] = idx(c2, r2) as u16;
            partner[idx(c2, r2)] = idx(c1, r1) as u16;
        }
        let start = match (spec.start, spec.required.first()) {
            (Some((c, r)), _) => idx(c, r) as u16,
            (None, Some(&((c, r), _))) => idx(c, r) as u16,
            (None, None) => 0,
        };
        Attempt {
            total,
            closed: spec.start.is_none(),
            start,
            degree: nbrs.iter().map(|n| n.len() as u8).collect(),
            nbrs,
            far: tie_keys(w, h, attempt),
            partner,
            visited: vec![false; total],
        }
    }

    /// Visits square `i` (or leaves it, `on` false), keeping the degrees.
    fn mark(&mut self, i: u16, on: bool) {
        self.visited[i as usize] = on;
        for &q in &self.nbrs[i as usize] {
            if on {
                self.degree[q as usize] -= 1;
            } else {
                self.degree[q as usize] += 1;
            }
        }
    }

    /// The candidates after `path`, best last; none when the branch is dead.
    fn candidates(&self, path: &[u16]) -> Vec<u16> {
        let s = *path.last().expect("non-empty");
        let prev = if path.len() > 1 {
            path[path.len() - 2]
        } else {
            NONE
        };
        let remaining = self.total - path.len();
        if self.closed && self.degree[self.start as usize] == 0 {
            return vec![];
        }
        let p = self.partner[s as usize];
        if p != NONE && p != prev {
            // Forced along the prescribed move (or closing through it at the very end).
            return if !self.visited[p as usize] {
                vec![p]
            } else {
                vec![]
            };
        }
        let mut out: Vec<(u8, i32, u16)> = Vec::with_capacity(8);
        for &q in &self.nbrs[s as usize] {
            if self.visited[q as usize] {
                continue;
            }
            let d = self.degree[q as usize];
            if d == 0 && remaining > 1 {
                return vec![];
            }
            let pq = self.partner[q as usize];
            if pq != NONE
                && pq != s
                && self.visited[pq as usize]
                && !(remaining == 1 && pq == self.start)
            {
                continue;
            }
            out.push((d, -self.far[q as usize], q));
        }
        out.sort_unstable_by_key(|&(d, f, _)| std::cmp::Reverse((d, f)));
        out.into_iter().map(|(_, _, q)| q).collect()
    }

    /// The adjacency of a path through every square, if it closes where asked and makes every
    /// prescribed move.
    fn complete(&self, path: &[u16]) -> Option<Vec<[u16; 2]>> {
        let mut adj = vec![[NONE, NONE]; self.total];
        let join = |a: u16, b: u16, adj: &mut Vec<[u16; 2]>| {
            let slot = if adj[a as usize][0] == NONE { 0 } else { 1 };
            adj[a as usize][slot] = b;
        };
        for pair in path.windows(2) {
            join(pair[0], pair[1], &mut adj);
            join(pair[1], pair[0], &mut adj);
        }
        if self.closed {
            let (a, b) = (path[0], path[self.total - 1]);
            if !self.nbrs[a as usize].contains(&b) {
                return None;
            }
            join(a, b, &mut adj);
            join(b, a, &mut adj);
        }
        let partner = &self.partner;
        let all = (0..self.total).all(|i| partner[i] == NONE || adj[i].contains(&partner[i]));
        all.then_some(adj)
    }
}

/// One attempt: the first breaks ties by Roth's rule, the others at random (seeded by the
/// attempt's number, so that the blocks are the same on every run). A depth-first search in
/// Warnsdorff's order, within a budget of moves.
fn search(spec: &Spec, attempt: u64) -> Option<Vec<[u16; 2]>> {
    let mut a = Attempt::new(spec, attempt);
    let mut path: Vec<u16> = vec![a.start];
    // Per depth: the candidates still to try, best last.
    let mut stack: Vec<Vec<u16>> = Vec::with_capacity(a.total);
    a.mark(a.start, true);
    stack.push(a.candidates(&path));
    let mut moves = 0u64;
    while let Some(top) = stack.last_mut() {
        let Some(q) = top.pop() else {
            stack.pop();
            if let Some(s) = path.pop() {
                a.mark(s, false);
            }
            continue;
        };
        moves += 1;
        if moves > BUDGET {
            return None;
        }
        a.mark(q, true);
        path.push(q);
        if path.len() == a.total {
            if let Some(adj) = a.complete(&path) {
                return Some(adj);
            }
            a.mark(q, false);
            path.pop();
            continue;
        }
        stack.push(a.candidates(&path));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_contain_their_prescribed_moves() {
        let spec = Spec {
            w: 6,
            h: 6,
            start: None,
            required: vec![((4, 0), (5, 2)), ((0, 1), (1, 3))],
        };
        let adj = block(&spec).expect("a structured 6x6 tour");
        assert!(adj[4].contains(&(2 * 6 + 5)));
        assert!(adj[6].contains(&(3 * 6 + 1)));
        assert!(adj.iter().all(|a| a[0] != NONE && a[1] != NONE));
        let path = block(&Spec {
            w: 5,
            h: 5,
            start: Some((2, 2)),
            required: vec![],
        })
        .expect("a 5x5 path from the centre");
        assert_eq!(path.iter().filter(|a| a.contains(&NONE)).count(), 2);
        assert!(path[12].contains(&NONE));
    }

    /// Every block the construction of [`divide`](super::super::divide) can ask for: sides from
    /// 5 to 15 (5 and 6 only as a whole side of the board, so with no join across that side),
    /// the prescribed moves of each combination of joins, and for odd by odd blocks a path from
    /// every square of the colour of the block's corner.
    #[test]
    fn every_block_the_construction_needs_exists() {
        for h in 5..=15u16 {
            for w in 5..=15u16 {
                for joins in 0..16u8 {
                    let (right, left, up, down) = (
                        joins & 1 != 0,
                        joins & 2 != 0,
                        joins & 4 != 0,
                        joins & 8 != 0,
                    );
                    if (left && (up || down))
                        || (w <= 6 && (left || right))
                        || (h <= 6 && (up || down))
                    {
                        continue;
                    }
                    let mut required = vec![];
                    if right {
                        required.push(((w - 2, 0), (w - 1, 2)));
                    }
                    if left {
                        required.push(((0, 1), (1, 3)));
                    }
                    if up {
                        required.push(((0, h - 2), (2, h - 1)));
                    }
                    if down {
                        required.push(((1, 0), (3, 1)));
                    }
                    let starts: Vec<Option<(u16, u16)>> = if h % 2 == 1 && w % 2 == 1 {
                        (0..h)
                            .flat_map(|r| (0..w).map(move |c| (c, r)))
                            .filter(|(c, r)| (c + r) % 2 == 0)
                            .map(Some)
                            .collect()
                    } else {
                        vec![None]
                    };
                    for start in starts {
                        let spec = Spec {
                            w,
                            h,
                            start,
                            required: required.clone(),
                        };
                        assert!(block(&spec).is_some(), "{spec:?}");
                    }
                }
            }
        }
    }
}
