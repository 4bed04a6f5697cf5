//! The last four queens, with the unwatched squares numbered.
//!
//! A node of the exact search with four queens left has some seventy unwatched squares (69 on
//! average on the count at N = 14, at most 100). Numbered 0 to m - 1 in board order, what a
//! queen watches of them is one 128-bit word: `pext` of its watched squares by the unwatched
//! ones, word by word, once per node. Below it, the last three queens need no state at all:
//! what a child leaves unwatched is `open & !cover[q]`, a queen's gain a bit count, whether
//! one queen watches all that is left one test. The line counts of the state, which every
//! child with three queens left copied and lowered, and the pair searches below it lowered and
//! raised again (four counts for each square a queen newly watches), are no longer touched
//! below the node.
//!
//! The node itself is that of [`Engine::branch`], with the same bounds, branching square and
//! order of children. Its children (three queens left) branch on the same square as there,
//! the unwatched square with the fewest allowed watchers; they keep the queen bound but not
//! the line bound, which there cut almost nothing and cost more than it saved (3 % of the
//! count at N = 14). Their children (two queens left) are judged before the pair search by the
//! two largest gains among their allowed queens: too small a sum, and no pair can watch what
//! is left. Reading every gain would cost more than most pair searches, so the queens are read
//! in the order of their gains at the node above (ranked once there by a counting sort), which
//! bound the gains below: the reading stops as soon as two gains make up the unwatched count,
//! or no queen left could change the answer. This refutes 97 % of the pair searches of the
//! count at N = 14 (33.0 of 34.1 million), and the pair searches left try the same pivots in
//! the same order as there. So both ways reach the same sets in the same order (a test
//! checks); the count at N = 14 takes a third of its time the other way (BENCHMARKS.md). The
//! gains read here are exact where the line counts gave an upper bound (on the torus two
//! diagonals may meet twice), which only cuts more.

use super::{and, each_bit, insert_top, sum4, Ahead, Bits, Engine, Flow, State, Tally, Top};
use super::{MAX_LINES, MAX_N};
use crate::cpu::{enable, Bmi};

/// The most unwatched squares a node may have to be numbered.
pub(super) const MOST: u32 = 128;

/// The squares of a node's numbering and, per word of the board, the number of the first
/// unwatched square in it.
struct Numbering<const W: usize> {
    square: [u16; MOST as usize],
    offset: [u32; W],
}

/// The `allowed` queens by `gain`, largest first, into the first half of `ranked` (a
/// counting sort; the second half holds them unsorted meanwhile): how many, and the three
/// largest gains.
#[inline(always)]
fn rank<const W: usize>(
    allowed: &Bits<W>,
    gain: impl Fn(usize) -> u32,
    ranked: &mut [(u16, u16)],
) -> ([u32; 3], usize) {
    let (sorted, unsorted) = ranked.split_at_mut(ranked.len() / 2);
    let mut at = [0u16; MOST as usize + 1];
    let (mut len, mut most) = (0, 0);
    each_bit(allowed, |q| {
        let g = gain(q);
        unsorted[len] = (q as u16, g as u16);
        len += 1;
        at[g as usize] += 1;
        most = most.max(g as usize);
    });
    let mut start = 0;
    for g in (0..=most).rev() {
        (at[g], start) = (start, start + at[g]);
    }
    for &(q, g) in &unsorted[..len] {
        let i = &mut at[g as usize];
        sorted[*i as usize] = (q, g);
        *i += 1;
    }
    let top = std::array::from_fn(|i| sorted[..len].get(i).map_or(0, |&(_, g)| u32::from(g)));
    (top, len)
}

impl<const W: usize> Numbering<W> {
    /// The unwatched squares `open` (at most [`MOST`]), numbered in board order.
    #[inline(always)]
    fn new(open: &Bits<W>) -> Self {
        let mut numbering = Numbering {
            square: [0; MOST as usize],
            offset: [0; W],
        };
        let mut m = 0;
        for (w, &word) in open.iter().enumerate() {
            numbering.offset[w] = m;
            let mut x = word;
            while x != 0 {
                numbering.square[m as usize] = (w * 64 + x.trailing_zeros() as usize) as u16;
                m += 1;
                x &= x - 1;
            }
        }
        numbering
    }

    /// The numbered squares among `mask`, as bits of their numbers.
    #[inline(always)]
    fn pack(&self, bmi: Bmi, open: &Bits<W>, mask: &Bits<W>) -> u128 {
        let mut packed = 0;
        for w in 0..W {
            if open[w] != 0 {
                let bits = bmi.bmi2().pext(mask[w], open[w]);
                packed |= u128::from(bits) << self.offset[w];
            }
        }
        packed
    }

    /// The square of the lowest and of the highest number in `packed` (not empty).
    #[inline(always)]
    fn ends(&self, packed: u128) -> (usize, usize) {
        let low = packed.trailing_zeros() as usize;
        let high = 127 - packed.leading_zeros() as usize;
        (self.square[low] as usize, self.square[high] as usize)
    }
}

/// A node below the numbered one: its unwatched squares, as numbers and as board squares,
/// and its allowed queens.
#[derive(Clone, Copy)]
struct Below<const W: usize> {
    open: u128,
    unwatched: Bits<W>,
    allowed: Bits<W>,
}

/// What every node below the numbered one reads: the numbering, what each allowed queen
/// watches, and the numbered node's count of allowed squares per line.
struct Packed<'a, const W: usize> {
    numbering: &'a Numbering<W>,
    cover: &'a [u128],
    free: &'a [u8; MAX_LINES],
}

impl<const W: usize> Engine<'_, W> {
    /// [`Self::four`] built with `pext` and the bit count, for this CPU that has them (`bmi`).
    pub(super) fn four_packed(
        &self,
        bmi: Bmi,
        st: &mut State<W>,
        path: &mut Vec<usize>,
        t: &mut Tally,
    ) -> Flow {
        // SAFETY: `four_bmi` is built for the features of `bmi`, a token that exists only when
        // the CPU has them (`crate::cpu`).
        unsafe { self.four_bmi(bmi, st, path, t) }
    }

    enable! { Bmi:
    /// [`Self::four`] built with `pext` and the bit count.
    fn four_bmi(
        &self,
        bmi: Bmi,
        st: &mut State<W>,
        path: &mut Vec<usize>,
        t: &mut Tally,
    ) -> Flow {
        self.four(bmi, st, path, t)
    }
    }

    /// A node with four queens left and at most [`MOST`] unwatched squares, not independent
    /// and without a mirror: the node of [`Engine::branch`], and the nodes below it on the
    /// numbered squares.
    #[inline(always)]
    fn four(&self, bmi: Bmi, st: &mut State<W>, path: &mut Vec<usize>, t: &mut Tally) -> Flow {
        if st.left == 0 {
            return self.reached(path, t);
        }
        if !self.enough(st, 4) {
            return Flow::Go;
        }
        let numbering = Numbering::new(&st.open);
        let mut cover = std::mem::take(&mut t.cover);
        let mut gains = [0u32; MAX_N + 1];
        each_bit(&st.allowed, |q| {
            let c = numbering.pack(bmi, &st.open, &self.masks[q]);
            cover[q] = c;
            insert_top(&mut gains, 4, c.count_ones());
        });
        let flow = if gains[..4].iter().sum::<u32>() < st.left {
            Flow::Go
        } else {
            self.four_children(st, &numbering, &cover, &gains, path, t)
        };
        t.cover = cover;
        flow
    }

    /// The children of a numbered node, its top four `gains` given, as in [`Engine::branch`].
    #[inline(always)]
    fn four_children(
        &self,
        st: &mut State<W>,
        numbering: &Numbering<W>,
        cover: &[u128],
        gains: &[u32; MAX_N + 1],
        path: &mut Vec<usize>,
        t: &mut Tally,
    ) -> Flow {
        let Some(s) = self.most_constrained(st) else {
            return Flow::Go;
        };
        let ahead = Ahead::new(&self.top_lines(st, 4), gains, 3);
        let (order, len) = self.watchers(s, &st.allowed, |q| cover[q].count_ones());
        let open = u128::MAX >> (128 - st.left);
        for &q in &order[..len] {
            let q = q as usize;
            let g = cover[q].count_ones();
            if self.child_may(st, &ahead, q, g) {
                let mut allowed = st.allowed;
                allowed[q / 64] &= !(1 << (q % 64));
                let mask = &self.masks[q];
                let child = Below {
                    open: open & !cover[q],
                    unwatched: std::array::from_fn(|i| st.open[i] & !mask[i]),
                    allowed,
                };
                let packed = Packed {
                    numbering,
                    cover,
                    free: &st.free,
                };
                path.push(q);
                let flow = self.three_packed(&packed, &child, path, t);
                path.pop();
                if !matches!(flow, Flow::Go) {
                    return flow;
                }
            }
            if self.forbid(st, q) && !self.enough(st, 4) {
                break;
            }
        }
        Flow::Go
    }

    /// The allowed queens that watch square `s`, in the order the search tries them: board
    /// order when counting, the largest `gain` first when finding.
    #[inline(always)]
    fn watchers(
        &self,
        s: usize,
        allowed: &Bits<W>,
        gain: impl Fn(usize) -> u32,
    ) -> ([u16; 4 * MAX_N], usize) {
        let mut order = [0u16; 4 * MAX_N];
        let mut len = 0;
        each_bit(&and(&self.masks[s], allowed), |q| {
            order[len] = q as u16;
            len += 1;
        });
        if !self.count {
            order[..len].sort_by_key(|&q| std::cmp::Reverse(gain(q as usize)));
        }
        (order, len)
    }

    /// A node with three queens left below a numbered one: the queen bound, then the queens
    /// that watch its most constrained square, each followed by the pair search (unless the
    /// two best gains of the child fall short, see [`Self::two_best`]) and forbidden to the
    /// later ones.
    #[inline(always)]
    fn three_packed(
        &self,
        packed: &Packed<'_, W>,
        node: &Below<W>,
        path: &mut Vec<usize>,
        t: &mut Tally,
    ) -> Flow {
        if self.tick(t) {
            return Flow::Cancelled;
        }
        if node.open == 0 {
            return self.reached(path, t);
        }
        let mut ranked = std::mem::take(&mut t.ranked);
        let flow = self.three_ranked(packed, node, &mut ranked, path, t);
        t.ranked = ranked;
        flow
    }

    /// [`Self::three_packed`] with room for the node's allowed queens `ranked` by gain.
    #[inline(always)]
    fn three_ranked(
        &self,
        packed: &Packed<'_, W>,
        node: &Below<W>,
        ranked: &mut [(u16, u16)],
        path: &mut Vec<usize>,
        t: &mut Tally,
    ) -> Flow {
        let left = node.open.count_ones();
        let gain = |q: usize| (node.open & packed.cover[q]).count_ones();
        let (top, len) = rank(&node.allowed, gain, ranked);
        if top[..3].iter().sum::<u32>() < left {
            return Flow::Go;
        }
        let ranked = &ranked[..len];
        let Some(s) = self.most_constrained_of(packed, node) else {
            return Flow::Go;
        };
        let (order, len) = self.watchers(s, &node.allowed, gain);
        let mut allowed = node.allowed;
        let top = Top::new(&top, 2);
        for &q in &order[..len] {
            let q = q as usize;
            allowed[q / 64] &= !(1 << (q % 64));
            // The queen bound first, as cheap as a bit count: q's gain and the two largest
            // of the others'.
            let g = gain(q);
            if g + top.without(g) < left {
                continue;
            }
            let mask = &self.masks[q];
            let child = Below {
                open: node.open & !packed.cover[q],
                unwatched: std::array::from_fn(|i| node.unwatched[i] & !mask[i]),
                allowed,
            };
            path.push(q);
            let flow = if child.open == 0 {
                self.reached(path, t)
            } else if let Some(other) = self.two_best(packed, &child, ranked) {
                self.two_packed(packed, &child, other, path, t)
            } else {
                Flow::Go
            };
            path.pop();
            if !matches!(flow, Flow::Go) {
                return flow;
            }
        }
        Flow::Go
    }

    /// Whether two allowed queens of `node` may watch all its unwatched squares, judged by
    /// their gains: `None` when the two largest fall short, else the most one queen can watch
    /// there. The gains are read in the order of the parent's gains (`ranked`, largest
    /// first), which bound them, and the reading stops as soon as the answer is known: when
    /// two gains make up the unwatched count, or when no queen left could change the answer.
    /// On the count at N = 14 this refutes 97 % of the pair searches before any pivot is tried.
    #[inline(always)]
    fn two_best(
        &self,
        packed: &Packed<'_, W>,
        node: &Below<W>,
        ranked: &[(u16, u16)],
    ) -> Option<u32> {
        let left = node.open.count_ones();
        let (mut first, mut second) = (0u32, 0u32);
        // What a queen not yet read can watch at most: its gain at the parent.
        let mut rest = 0;
        for &(q, bound) in ranked {
            let bound = u32::from(bound);
            if bound <= second || first.max(bound) + second.max(bound) < left {
                rest = bound;
                break;
            }
            let q = q as usize;
            if !super::has(&node.allowed, q) {
                continue;
            }
            let g = (node.open & packed.cover[q]).count_ones();
            (first, second) = (first.max(g), second.max(first.min(g)));
            if first + second >= left {
                rest = bound;
                break;
            }
        }
        (first.max(rest) + second.max(rest) >= left).then_some(first.max(rest))
    }

    /// The unwatched square of `node` with the fewest allowed watchers (as
    /// [`Engine::most_constrained`]), or `None` when one has none. The numbered node's counts
    /// of allowed squares per line still hold for these squares: the queen placed since, the
    /// only square allowed there and not here, watches none of them.
    #[inline(always)]
    fn most_constrained_of(&self, packed: &Packed<'_, W>, node: &Below<W>) -> Option<usize> {
        let mut best = (u32::MAX, 0);
        let mut bits = node.open;
        while bits != 0 && best.0 > 1 {
            let s = packed.numbering.square[bits.trailing_zeros() as usize] as usize;
            bits &= bits - 1;
            let c = sum4(packed.free, self.line_of[s]) - 3 * super::has(&node.allowed, s) as u32;
            if c == 0 {
                return None;
            }
            if c < best.0 {
                best = (c, s);
            }
        }
        Some(best.1)
    }

    /// Every pair of allowed queens that watches all of `node.open` (not empty), as
    /// [`Engine::pairs`]: one stands on a pivot square; each pivot in turn, forbidden to the
    /// later ones, unless what it watches and `other` fall short.
    #[inline(always)]
    fn two_packed(
        &self,
        packed: &Packed<'_, W>,
        node: &Below<W>,
        other: u32,
        path: &mut Vec<usize>,
        t: &mut Tally,
    ) -> Flow {
        let left = node.open.count_ones();
        let mut order = [0u16; 4 * MAX_N];
        let mut len = 0;
        each_bit(&and(&self.pivots(&node.unwatched), &node.allowed), |p| {
            order[len] = p as u16;
            len += 1;
        });
        // The gain test of every pivot first, without a branch: most fail it.
        let mut pass = [0u8; 4 * MAX_N];
        let mut passed = 0;
        for (i, &p) in order[..len].iter().enumerate() {
            pass[passed] = i as u8;
            passed +=
                usize::from((node.open & packed.cover[p as usize]).count_ones() + other >= left);
        }
        let mut allowed = node.allowed;
        let mut cleared = 0;
        for &i in &pass[..passed] {
            let i = i as usize;
            for &p in &order[cleared..=i] {
                allowed[p as usize / 64] &= !(1 << (p % 64));
            }
            cleared = i + 1;
            let p = order[i] as usize;
            let rest = node.open & !packed.cover[p];
            path.push(p);
            let flow = if rest == 0 {
                self.reached(path, t)
            } else {
                self.last_packed(packed, rest, &allowed, path, t)
            };
            path.pop();
            if !matches!(flow, Flow::Go) {
                return flow;
            }
        }
        Flow::Go
    }

    /// Every `allowed` queen that watches all of `rest` (not empty), added to `path` in turn:
    /// among the watchers of its lowest and its highest square, those whose cover holds it.
    #[inline(always)]
    fn last_packed(
        &self,
        packed: &Packed<'_, W>,
        rest: u128,
        allowed: &Bits<W>,
        path: &mut Vec<usize>,
        t: &mut Tally,
    ) -> Flow {
        let (low, high) = packed.numbering.ends(rest);
        let ends = and(&self.masks[low], &self.masks[high]);
        let mut flow = Flow::Go;
        each_bit(&and(allowed, &ends), |b| {
            if matches!(flow, Flow::Go) && rest & !packed.cover[b] == 0 {
                path.push(b);
                flow = self.reached(path, t);
                path.pop();
            }
        });
        flow
    }
}
