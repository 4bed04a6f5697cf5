//! Whether the squares still to come can get the edges they lack: a degree check of the whole
//! rest of the board, made on every state a move writes in the last [`MAX_REST`] cells.
//!
//! The idea. A partial tour is completed by edges between squares not yet done (and, for open
//! tours, the extra vertex), each square taking exactly as many as it lacks: 2 for an empty
//! one, 1 for the end of a fragment, 0 for a full one. Such an edge set is a b-matching of the
//! rest of the knight's graph, and when there is none the state has no completion, however
//! its fragments are paired. The per-cell test of [`super::Rules::viable`] only asks each
//! square of the window for enough open neighbours; two squares that both need the same
//! neighbour pass it. On small boards most states die that way: of the 4.9 million states of
//! the 6x6 open count, 3.9 million have no completion, and most of those have no b-matching
//! either: 86 to 92 % of them from the 16th cell to the 24th (measured by a backward pass over
//! all the states).
//!
//! The knight's graph is bipartite (a move changes the colour), so the b-matching is a flow
//! from the white squares to the black ones: each white square sends what it lacks along
//! edges of capacity 1 to black squares that take what they lack (Ford and Fulkerson's
//! augmenting paths, as in Hopcroft and Karp's matching; here one path at a time, since the
//! graphs have at most 32 squares). The extra vertex touches both colours: the colour balance
//! fixes how many of its edges go to white squares (`x`) and to black ones (`y`), so it enters
//! the flow as a black vertex taking `x` and a white one giving `y`. Squares are bits of a
//! `u64` (position 0 the cell just done), the sets of a search are masks, and a path is found
//! by a breadth-first search over them.

/// The bit of the extra vertex on the black side (it takes `x` edges from white squares).
const EXTRA_TAKES: u32 = 63;
/// The bit of the extra vertex on the white side (it gives `y` edges to black squares).
const EXTRA_GIVES: u32 = 62;

/// The most squares after a cell that the check takes. A flow costs more as the rest grows,
/// and most states that die of the check die near the end: on 8x8 closed, checked from the
/// third cell on, the 27th cell took 54 s of wall for 40.8 million states, against 10 s for
/// 50.7 million unchecked; checked over the last 40 cells the count had done 30 cells in 320 s,
/// over the last 32 in 174 s (and all 64 in 706 s). On the small boards of the 80 counts the
/// check over the last 32 cells costs the same as over all of them.
pub const MAX_REST: usize = 32;

/// The rest of the board after one cell `i`: positions 1.. are cells `i + 1`, ...
#[derive(Clone, Debug)]
pub struct Rest {
    /// Positions on the board (1 to the number of cells left).
    pub on: u64,
    /// The white positions.
    pub white: u64,
    /// The knight's neighbours of each position, among positions 1...
    pub adj: [u64; 64],
}

impl Rest {
    /// The rest after cell `i` of a board of `rows` x `cols` cells swept column by column
    /// (cell `c * rows + r`), or none if more than [`MAX_REST`] cells are left.
    pub fn new(rows: usize, cols: usize, i: usize) -> Option<Rest> {
        let n = rows * cols;
        let left = n - i - 1;
        if left > MAX_REST {
            return None;
        }
        let mut rest = Rest {
            on: ((1u64 << left) - 1) << 1,
            white: 0,
            adj: [0; 64],
        };
        for p in 1..=left {
            let (c, r) = (((i + p) / rows) as i32, ((i + p) % rows) as i32);
            if (c + r) % 2 == 0 {
                rest.white |= 1 << p;
            }
            for (dc, dr) in crate::square::KNIGHT {
                let (c2, r2) = (c + dc, r + dr);
                if c2 < 0 || r2 < 0 || c2 >= cols as i32 || r2 >= rows as i32 {
                    continue;
                }
                let j = c2 as usize * rows + r2 as usize;
                if j > i {
                    rest.adj[p] |= 1 << (j - i);
                }
            }
        }
        Some(rest)
    }

    /// Whether the squares lacking one edge (`one`) and two (`two`), both within [`Rest::on`],
    /// and the extra vertex lacking `extra` can all get them by edges between themselves.
    #[inline]
    pub fn feasible(&self, one: u64, two: u64, extra: u32) -> bool {
        let white = self.white;
        let lack = |m: u64| (m & one).count_ones() as i32 + 2 * (m & two).count_ones() as i32;
        let needy = one | two;
        let diff = lack(white) - lack(!white);
        let e = extra as i32;
        if (e + diff) % 2 != 0 || diff.abs() > e {
            return false;
        }
        let (x, y) = (((e + diff) / 2) as u8, ((e - diff) / 2) as u8);
        let mut flow = Flow {
            adj: &self.adj,
            whites: needy & white,
            blacks: needy & !white,
            cap: [0; 64],
            sends: [0; 64],
            from: [0; 64],
            x,
            y,
        };
        flow.fill(one, two);
        flow.complete()
    }
}

/// A flow under way: what each square still lacks, and which edges carry a unit.
struct Flow<'a> {
    adj: &'a [u64; 64],
    whites: u64,
    blacks: u64,
    /// What each square (and the extra vertex's two sides) still lacks.
    cap: [u8; 64],
    /// For a white square, the black squares it sends a unit to.
    sends: [u64; 64],
    /// For a black square, the white squares that send it a unit.
    from: [u64; 64],
    x: u8,
    y: u8,
}

impl Flow<'_> {
    /// The capacities, and a first greedy flow.
    #[inline(always)]
    fn fill(&mut self, one: u64, two: u64) {
        for_each(one | two, |p| self.cap[p] = 1 + (two >> p & 1) as u8);
        self.cap[EXTRA_TAKES as usize] = self.x;
        self.cap[EXTRA_GIVES as usize] = self.y;
        let mut open_black = self.blacks | ((self.x > 0) as u64) << EXTRA_TAKES;
        let mut whites = self.whites | ((self.y > 0) as u64) << EXTRA_GIVES;
        while whites != 0 {
            let w = whites.trailing_zeros() as usize;
            whites &= whites - 1;
            let mut free = self.out(w) & open_black;
            while self.cap[w] > 0 && free != 0 {
                let b = free.trailing_zeros() as usize;
                free &= free - 1;
                self.push(w, b);
                if self.cap[b] == 0 {
                    open_black &= !(1 << b);
                }
            }
        }
    }

    /// The black squares (and the extra vertex) a white square `w` has an edge to.
    #[inline(always)]
    fn out(&self, w: usize) -> u64 {
        if w == EXTRA_GIVES as usize {
            return self.blacks;
        }
        let extra = ((self.x > 0) as u64) << EXTRA_TAKES;
        self.adj[w] & self.blacks | extra
    }

    /// One unit from white `w` to black `b`.
    #[inline(always)]
    fn push(&mut self, w: usize, b: usize) {
        self.sends[w] |= 1 << b;
        self.from[b] |= 1 << w;
        self.cap[w] -= 1;
        self.cap[b] -= 1;
    }

    /// Whether every white square (and the extra vertex's white side) can send all it lacks:
    /// an augmenting path from each that still lacks some. A white square with none now has
    /// none later either (the paths found after it only reverse edges it cannot reach).
    fn complete(&mut self) -> bool {
        let mut whites = self.whites | 1 << EXTRA_GIVES;
        while whites != 0 {
            let w = whites.trailing_zeros() as usize;
            whites &= whites - 1;
            while self.cap[w] > 0 {
                if !self.augment(w) {
                    return false;
                }
            }
        }
        // Every white square is satisfied; the sums are equal, so every black one is too.
        true
    }

    /// A shortest path from white `start` to a black square that still lacks a unit, along
    /// edges not carrying one (white to black) and edges carrying one (back, black to white);
    /// the flow moved along it.
    fn augment(&mut self, start: usize) -> bool {
        let mut queue = [0u8; 64];
        let (mut head, mut tail) = (0, 1);
        queue[0] = start as u8;
        let mut seen_white = 1u64 << start;
        let mut seen_black = 0u64;
        let mut parent = [0u8; 64];
        while head < tail {
            let w = queue[head] as usize;
            head += 1;
            let mut next = self.out(w) & !self.sends[w] & !seen_black;
            seen_black |= next;
            while next != 0 {
                let b = next.trailing_zeros() as usize;
                next &= next - 1;
                parent[b] = w as u8;
                if self.cap[b] > 0 {
                    self.flip(start, b, &parent);
                    return true;
                }
                let mut back = self.from[b] & !seen_white;
                seen_white |= back;
                while back != 0 {
                    let w2 = back.trailing_zeros() as usize;
                    back &= back - 1;
                    // A white square's parent is the black square it reached us through.
                    parent[w2] = b as u8;
                    queue[tail] = w2 as u8;
                    tail += 1;
                }
            }
        }
        false
    }

    /// The flow moved along the path found to black `end`.
    fn flip(&mut self, start: usize, end: usize, parent: &[u8; 64]) {
        self.cap[end] -= 1;
        let mut b = end;
        loop {
            let w = parent[b] as usize;
            self.sends[w] |= 1 << b;
            self.from[b] |= 1 << w;
            if w == start {
                self.cap[start] -= 1;
                return;
            }
            let back = parent[w] as usize;
            self.sends[w] &= !(1 << back);
            self.from[back] &= !(1 << w);
            b = back;
        }
    }
}

/// The checks made in one cell by one thread, remembered: the answer depends only on the
/// degrees in the window (the squares past it all lack two edges), and the states of a cell
/// share far fewer degree patterns than pairings. A direct-mapped table of whole keys (no
/// answer is taken for another key).
pub struct Memo {
    slots: Vec<u64>,
    shift: u32,
}

/// Window positions a key holds, for each of its two masks.
const KEY_BITS: u32 = 26;

impl Memo {
    /// A table for a cell of `states` states.
    pub fn new(states: usize) -> Memo {
        let size = (8 * states).next_power_of_two().clamp(1 << 8, 1 << 16);
        Memo {
            slots: vec![0; size],
            shift: 64 - size.trailing_zeros(),
        }
    }

    /// [`Rest::feasible`], remembered by the degrees within `window` (at most
    /// [`KEY_BITS`] positions; past it every square of the rest lacks two edges).
    #[inline]
    pub fn feasible(&mut self, rest: &Rest, window: u64, one: u64, two: u64, extra: u32) -> bool {
        if window >> KEY_BITS != 0 {
            return rest.feasible(one, two, extra);
        }
        let key = (one & window) | (two & window) << KEY_BITS | (extra as u64) << 52 | 1 << 62;
        let at = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize;
        let slot = self.slots[at];
        if slot & !(1 << 63) == key {
            return slot >> 63 == 1;
        }
        let ok = rest.feasible(one, two, extra);
        self.slots[at] = key | (ok as u64) << 63;
        ok
    }
}

/// `f` for every set bit of `mask`.
#[inline(always)]
fn for_each(mut mask: u64, mut f: impl FnMut(usize)) {
    while mask != 0 {
        f(mask.trailing_zeros() as usize);
        mask &= mask - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a b-matching exists, by trying every edge set (small graphs only).
    fn brute(rest: &Rest, one: u64, two: u64, extra: u32) -> bool {
        let mut lack = [0u8; 65];
        for (p, l) in lack.iter_mut().enumerate().take(64) {
            *l = (one >> p & 1) as u8 + 2 * (two >> p & 1) as u8;
        }
        lack[64] = extra as u8;
        let needy = one | two;
        let mut edges = Vec::new();
        for p in (0..62).filter(|&p| needy >> p & 1 == 1) {
            for q in (p + 1..62).filter(|&q| needy >> q & 1 == 1) {
                if rest.adj[p] >> q & 1 == 1 {
                    edges.push((p, q));
                }
            }
            if extra > 0 {
                edges.push((p, 64));
            }
        }
        fn go(k: usize, edges: &[(usize, usize)], lack: &mut [u8; 65]) -> bool {
            if lack.iter().all(|&l| l == 0) {
                return true;
            }
            if k == edges.len() {
                return false;
            }
            let (p, q) = edges[k];
            if lack[p] > 0 && lack[q] > 0 {
                lack[p] -= 1;
                lack[q] -= 1;
                let ok = go(k + 1, edges, lack);
                lack[p] += 1;
                lack[q] += 1;
                if ok {
                    return true;
                }
            }
            go(k + 1, edges, lack)
        }
        go(0, &edges, &mut lack)
    }

    #[test]
    fn agrees_with_trying_every_edge_set() {
        // The last 12 cells of a 4x5 board and of a 3x6 one, every need in {0, 1, 2} drawn
        // by a small generator, with and without the extra vertex.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut yes, mut no) = (0, 0);
        for (rows, cols, i) in [(4, 5, 7), (3, 6, 5), (5, 5, 12)] {
            let rest = Rest::new(rows, cols, i).unwrap();
            for _ in 0..3000 {
                let (a, b) = (next() & rest.on, next() & rest.on);
                let (one, two) = (a & !b, a & b);
                let extra = (next() % 3) as u32;
                let want = brute(&rest, one, two, extra);
                assert_eq!(
                    rest.feasible(one, two, extra),
                    want,
                    "{one:b} {two:b} {extra}"
                );
                if want {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
        }
        assert!(yes > 100 && no > 100, "{yes} {no}");
    }

    #[test]
    fn too_long_a_rest_is_not_taken() {
        assert!(Rest::new(8, 8, 30).is_none());
        assert!(Rest::new(8, 8, 31).is_some());
    }
}
