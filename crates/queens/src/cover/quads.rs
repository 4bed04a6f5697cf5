//! Covers fixed by a group of symmetries, built from quads (or pairs): a random start, then an
//! exact completion over every solution that still fits.
//!
//! Let G be a group of symmetries of the board: the quarter-turns (N = 0 or 1 mod 4), the
//! mirrors with the half-turn (N = 0 mod 4), or the half-turn alone (odd N). A solution s
//! whose squares lie in distinct orbits of G gives |G| disjoint solutions g(s), a *quad* (a
//! pair under the half-turn), that cover every square of the orbits s meets. A cover fixed by
//! G is then N/|G| quads that together meet every orbit once, plus, for odd N, one solution
//! that G maps onto itself, the class of the centre. For N = 3 mod 4 (15, 27) the half-turn is
//! the only symmetry a cover can have: no solution is fixed by a mirror, nor by a quarter-turn
//! for such N, but some are fixed by the half-turn, and one of those is the centre's class.
//! Vasquez and Habet ("Using symmetries for coloring queen graphs", ECAI 2004) found covers of
//! 15 to 28 by searching symmetric colourings; this search is the one of [`super::pairs`] (a
//! random start, an exact completion) with these groups:
//!
//! - the start draws the solution of the centre (odd N) and all but [`Group::left`] quads at
//!   random, each the least crowding of a few draws that leave no diagonal overfull (a
//!   diagonal with u open squares needs u <= the solutions still to place);
//! - the listing finds every solution of the squares still free that meets distinct orbits and
//!   crosses every diagonal whose open squares equal the solutions still to place (the long
//!   ones always), one of each quad: the one whose queen on the long diagonal a1-h8 stands on
//!   the lowest file of its images;
//! - Knuth's Algorithm X covers the free orbits with them, the orbit with the fewest candidates
//!   first, with the diagonal rule at every node (a diagonal more open than the solutions left
//!   is a dead end; one exactly as open must be crossed by every candidate kept). A completion
//!   that fails within its node budget draws a new start.
//!
//! Where all the quads are left to the completion (small N) the search is exhaustive and a
//! failure proves that no cover has this symmetry: 12 has none fixed by a quarter-turn. Our own
//! code.

use super::listing::{self, crossing_all, shuffle, tightest_file, tried, At, Listing, Path};
use super::starts;
use super::symmetric::Turn;
use crate::control::Control;
use crate::error::Error;
use crate::placement::Placement;
use crate::square::Square;
use crate::symmetry::Symmetry;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The largest N: the orbits of the board fit 512 bits.
pub const MAX_N: usize = 32;

/// The nodes a random draw of one solution may visit before it is drawn again.
const DRAW_NODES: u64 = 20_000;

/// The draws of one solution of the start; the least crowding is kept.
const DRAWS: usize = 10;

/// The most candidates one completion lists (beyond it the start is drawn again).
const MAX_CANDIDATES: usize = 20_000_000;

/// The nodes a completion may visit before the search draws a new start: at least this many,
/// and one for every [`SHARE`] nodes of the listing, so that a start whose listing cost much
/// is not given up too soon.
const NODES: u64 = 2_000_000;

/// See [`NODES`].
const SHARE: u64 = 16;

type Orbits = [u64; 8];

/// A solution: the rank of each file.
type Ranks = [u8; MAX_N];

/// The group a cover is asked to be fixed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Group {
    /// The elements, the first `order` of them distinct.
    elements: [Symmetry; 4],
    order: usize,
    /// The quads left to the exact completion.
    left: usize,
}

impl Group {
    /// The group of `turn` on the `n` x `n` board, `None` where it cannot fix a cover.
    fn of(turn: Turn, n: usize) -> Option<Group> {
        use Symmetry::*;
        match turn {
            Turn::Quarter if n % 4 < 2 => Some(Group {
                elements: [Identity, Rotate90, Rotate180, Rotate270],
                order: 4,
                left: 3,
            }),
            Turn::Both if n.is_multiple_of(4) => Some(Group {
                elements: [Identity, FlipFiles, FlipRanks, Rotate180],
                order: 4,
                left: 2,
            }),
            Turn::Half if n % 2 == 1 => Some(Group {
                elements: [Identity, Rotate180, Identity, Rotate180],
                order: 2,
                left: if n <= 15 { 6 } else { 5 },
            }),
            _ => None,
        }
    }
}

/// A cover of the `n` x `n` board fixed by `turn` ([`Turn::Quarter`] for N = 0 or 1 mod 4,
/// [`Turn::Both`] for N = 0 mod 4, [`Turn::Half`] for odd N; N to [`MAX_N`]), from `seed`;
/// `Ok(None)` for a turn this search does not take for this N, and where the search is
/// exhaustive (the whole cover left to the completion) and proves none exists.
/// Runs until it finds one or the control stops it; the starts are completed a batch at a time
/// on the current rayon pool, and the seed alone decides the cover.
pub fn find(
    n: usize,
    turn: Turn,
    seed: u64,
    control: &Control,
) -> Result<Option<Vec<Placement>>, Error> {
    if !(1..=MAX_N).contains(&n) {
        return Err(Error::TooLarge { n, max: MAX_N });
    }
    let Some(group) = Group::of(turn, n) else {
        return Ok(None);
    };
    let board = Board::new(n, group);
    if board.quads() <= group.left {
        return exhaustive(&board, control);
    }
    let drawn = board.quads() - group.left;
    let cover = starts::first_completed(
        seed,
        control,
        |rng| board.start(drawn, rng),
        |start, stop| match start {
            Some(start) => board.complete(start, None, stop),
            None => Ok(None),
        },
    )?;
    Ok(Some(cover))
}

/// Every quad left to the completion (and every centre solution tried): a proof when it fails.
fn exhaustive(board: &Board, control: &Control) -> Result<Option<Vec<Placement>>, Error> {
    let stop = || control.is_cancelled();
    let centres = match board.n % 2 {
        0 => vec![None],
        _ => board.centres().into_iter().map(Some).collect(),
    };
    for centre in centres {
        let start = Start::new(board, centre);
        if let Some(cover) = board.complete(start, Some(u64::MAX), &stop)? {
            return Ok(Some(cover));
        }
    }
    Ok(None)
}

/// The board's orbits under the group.
struct Board {
    n: usize,
    group: Group,
    /// The diagonals (r - f + N - 1, then 2N - 1 + f + r) of the squares of each orbit.
    lines: Vec<Vec<u16>>,
    /// The orbit of each square (file * n + rank); `u16::MAX` for the centre of an odd board.
    orbit: Vec<u16>,
}

/// The part of a cover fixed so far.
struct Start {
    /// The solution of the centre (odd N).
    centre: Option<Ranks>,
    quads: Vec<Ranks>,
    covered: Orbits,
}

impl Start {
    fn new(board: &Board, centre: Option<Ranks>) -> Start {
        let covered = centre.map_or([0; 8], |c| board.orbits_of(&c));
        Start {
            centre,
            quads: Vec::new(),
            covered,
        }
    }
}

impl Board {
    fn new(n: usize, group: Group) -> Board {
        let mut orbit = vec![u16::MAX; n * n];
        let mut next = 0u16;
        for f in 0..n {
            for r in 0..n {
                if orbit[f * n + r] != u16::MAX || (n % 2 == 1 && 2 * f + 1 == n && f == r) {
                    continue;
                }
                for (g, s) in Board::images(n, group, f, r) {
                    orbit[g * n + s] = next;
                }
                next += 1;
            }
        }
        let mut lines = vec![Vec::new(); usize::from(next)];
        for f in 0..n {
            for r in 0..n {
                if let Some(line) = lines.get_mut(usize::from(orbit[f * n + r])) {
                    line.push((r + n - 1 - f) as u16);
                    line.push((2 * n - 1 + f + r) as u16);
                }
            }
        }
        Board {
            n,
            group,
            lines,
            orbit,
        }
    }

    /// The diagonals every one of the `units` still to choose must cross, as bits r - f + N - 1
    /// and f + r: those with one open square for each solution left (each solution crosses a
    /// diagonal at most once); `None` when a diagonal has more open squares than that.
    fn tight_lines(&self, covered: &Orbits, units: usize) -> Option<(u64, u64)> {
        let mut open = [0u16; 4 * MAX_N];
        let most = (units * self.group.order) as u16;
        for (o, lines) in self.lines.iter().enumerate() {
            if !has(covered, o) {
                for &d in lines {
                    open[usize::from(d)] += 1;
                }
            }
        }
        let diagonals = 2 * self.n - 1;
        let (mut up, mut down) = (0u64, 0u64);
        for (d, &u) in open[..2 * diagonals].iter().enumerate() {
            if u > most {
                return None;
            }
            if u == most && d < diagonals {
                up |= 1 << d;
            } else if u == most {
                down |= 1 << (d - diagonals);
            }
        }
        Some((up, down))
    }

    /// The orbits of `order` squares (the centre of an odd board is in none).
    fn orbits(&self) -> usize {
        self.n * self.n / self.group.order
    }

    /// The quads (or pairs) of a cover.
    fn quads(&self) -> usize {
        self.n / self.group.order
    }

    /// The images of square (f, r) under the elements of the group, in their order.
    fn images(n: usize, group: Group, f: usize, r: usize) -> [(usize, usize); 4] {
        group.elements.map(|g| {
            let s = g.apply_square(Square::new(f as u32, r as u32), n);
            (s.col as usize, s.row as usize)
        })
    }

    fn orbits_of(&self, ranks: &Ranks) -> Orbits {
        let mut orbits = [0u64; 8];
        for (f, &r) in ranks[..self.n].iter().enumerate() {
            let o = self.orbit[f * self.n + r as usize];
            if o != u16::MAX {
                orbits[o as usize / 64] |= 1 << (o % 64);
            }
        }
        orbits
    }

    /// The diagonals a solution crosses, as bits r - f + N - 1 and f + r.
    fn crossing(&self, ranks: &Ranks) -> (u64, u64) {
        let n = self.n;
        ranks[..n]
            .iter()
            .enumerate()
            .fold((0, 0), |(up, down), (f, &r)| {
                let r = usize::from(r);
                (up | 1 << (r + n - 1 - f), down | 1 << (f + r))
            })
    }

    /// The open ranks of each file, given the orbits covered.
    fn open(&self, covered: &Orbits) -> Vec<u64> {
        let n = self.n;
        (0..n)
            .map(|f| {
                (0..n)
                    .filter(|&r| {
                        let o = self.orbit[f * n + r];
                        o != u16::MAX && !has(covered, o as usize)
                    })
                    .fold(0u64, |m, r| m | 1 << r)
            })
            .collect()
    }

    /// The open squares of each diagonal: r - f + N - 1 first, then f + r from 2N.
    fn open_diagonals(&self, open: &[u64]) -> Vec<u32> {
        let n = self.n;
        let mut diagonals = vec![0u32; 4 * n];
        for (f, &ranks) in open.iter().enumerate() {
            let mut bits = ranks;
            while bits != 0 {
                let r = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                diagonals[r + n - 1 - f] += 1;
                diagonals[2 * n + f + r] += 1;
            }
        }
        diagonals
    }

    /// The sum of the squares of the diagonals' open counts, `None` when a diagonal has more
    /// open squares than the `solutions` still to place can fill.
    fn crowding(&self, open: &[u64], solutions: usize) -> Option<u64> {
        let diagonals = self.open_diagonals(open);
        if diagonals.iter().any(|&u| u as usize > solutions) {
            return None;
        }
        Some(diagonals.iter().map(|&u| u64::from(u) * u64::from(u)).sum())
    }

    /// A start: the centre's solution (odd N) and `drawn` quads at random, each the least
    /// crowding of [`DRAWS`] draws; `None` when a draw finds nothing.
    fn start(&self, drawn: usize, rng: &mut Xoshiro256PlusPlus) -> Option<Start> {
        let centre = match self.n % 2 {
            0 => None,
            _ => Some(self.random_centre(rng)?),
        };
        let mut start = Start::new(self, centre);
        let mut placed = usize::from(centre.is_some());
        for _ in 0..drawn {
            let open = self.open(&start.covered);
            placed += self.group.order;
            let mut best: Option<(u64, Ranks, Orbits)> = None;
            for _ in 0..DRAWS {
                let mut list = List::new(self, open.clone());
                list.limit = 1;
                list.budget = DRAW_NODES;
                list.random = Some(rng.random::<u64>() | 1);
                list.fill(&|| false)?;
                let Some(&ranks) = list.found.first() else {
                    continue;
                };
                let covered = or(&start.covered, &self.orbits_of(&ranks));
                let crowding = self.crowding(&self.open(&covered), self.n - placed);
                if let Some(c) = crowding.filter(|&c| best.is_none_or(|b| c < b.0)) {
                    best = Some((c, ranks, covered));
                }
            }
            let (_, ranks, covered) = best?;
            start.quads.push(ranks);
            start.covered = covered;
        }
        Some(start)
    }

    /// The exact completion of a start: the cover, or `None` when there is none within
    /// `budget` nodes (by default [`NODES`] or the listing's share), or the listing was cut
    /// short.
    fn complete(
        &self,
        start: Start,
        budget: Option<u64>,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<Vec<Placement>>, Error> {
        let left = self.quads() - start.quads.len();
        let Some(must) = self.tight_lines(&start.covered, left) else {
            return Ok(None);
        };
        let mut list = List::new(self, self.open(&start.covered));
        list.must = must;
        list.canonical = true;
        list.limit = MAX_CANDIDATES;
        list.fill(stop).ok_or(Error::Cancelled)?;
        if list.found.len() >= MAX_CANDIDATES {
            return Ok(None);
        }
        let mut cands: Vec<(Orbits, Ranks)> = list
            .found
            .iter()
            .map(|ranks| (self.orbits_of(ranks), *ranks))
            .collect();
        cands.sort_unstable_by_key(|c| c.0);
        cands.dedup_by_key(|c| c.0);
        let sets: Vec<Orbits> = cands.iter().map(|c| c.0).collect();
        let crossing: Vec<(u64, u64)> = cands.iter().map(|c| self.crossing(&c.1)).collect();
        let budget = budget.unwrap_or(NODES.max(list.nodes / SHARE));
        let mut walk = Walk::new((&sets, &crossing), self, left, budget, stop);
        let all: Vec<u32> = (0..sets.len() as u32).collect();
        if walk.step(&all, start.covered)? != Some(true) {
            return Ok(None);
        }
        let mut quads = start.quads;
        quads.extend(walk.chosen.iter().map(|&i| cands[i as usize].1));
        Ok(Some(self.unfold(start.centre, &quads)))
    }

    /// The cover: the centre's solution, and the four images of each quad's solution.
    fn unfold(&self, centre: Option<Ranks>, quads: &[Ranks]) -> Vec<Placement> {
        let placement = |ranks: &Ranks| {
            Placement::from_rows_unchecked(ranks[..self.n].iter().map(|&r| u32::from(r)).collect())
        };
        let mut cover: Vec<Placement> = centre.iter().map(placement).collect();
        for quad in quads {
            let p = placement(quad);
            let elements = &self.group.elements[..self.group.order];
            cover.extend(elements.iter().map(|g| g.apply(&p)));
        }
        cover
    }

    /// A random solution that the group maps onto itself (odd N): its queen at the centre and
    /// the rest placed orbit by orbit; `None` when the draws find none.
    fn random_centre(&self, rng: &mut Xoshiro256PlusPlus) -> Option<Ranks> {
        (0..50).find_map(|_| {
            let mut centre = Centre::new(self.n, self.group);
            centre.random = Some(rng.random::<u64>() | 1);
            centre.budget = DRAW_NODES;
            centre.place(0);
            centre.found.pop()
        })
    }

    /// Every solution that the group maps onto itself (odd N).
    fn centres(&self) -> Vec<Ranks> {
        let mut centre = Centre::new(self.n, self.group);
        centre.limit = usize::MAX;
        centre.place(0);
        centre.found
    }
}

/// The solutions that the group maps onto itself, for odd N: the queen of the centre, then the
/// files of the lower half in turn, each queen with its images.
struct Centre {
    n: usize,
    group: Group,
    ranks: Ranks,
    used: (u64, u64, u64),
    found: Vec<Ranks>,
    limit: usize,
    budget: u64,
    nodes: u64,
    random: Option<u64>,
}

const UNSET: u8 = u8::MAX;

impl Centre {
    fn new(n: usize, group: Group) -> Centre {
        let mut ranks = [UNSET; MAX_N];
        let mid = n / 2;
        ranks[mid] = mid as u8;
        Centre {
            n,
            group,
            ranks,
            used: (1 << mid, 1 << (n - 1), 1 << (2 * mid)),
            found: Vec::new(),
            limit: 1,
            budget: u64::MAX,
            nodes: 0,
            random: None,
        }
    }

    /// Places file `f` and the files after it; `true` stops.
    fn place(&mut self, f: usize) -> bool {
        let n = self.n;
        if f == n / 2 {
            self.found.push(self.ranks);
            return self.found.len() >= self.limit;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return true;
        }
        if self.ranks[f] != UNSET {
            return self.place(f + 1);
        }
        let mut order: Vec<u8> = (0..n as u8).collect();
        if let Some(state) = self.random.as_mut() {
            shuffle(&mut order, state);
        }
        for r in order {
            let images = Board::images(n, self.group, f, r as usize);
            let squares = &images[..self.group.order];
            let saved = (self.ranks, self.used);
            if squares.iter().all(|&(g, s)| self.put(g, s)) && self.place(f + 1) {
                return true;
            }
            (self.ranks, self.used) = saved;
        }
        false
    }

    /// Puts a queen on file `g`, rank `s` if nothing attacks it.
    fn put(&mut self, g: usize, s: usize) -> bool {
        let (ranks, up, down) = self.used;
        let (u, d) = (1u64 << (s + self.n - 1 - g), 1u64 << (g + s));
        if self.ranks[g] != UNSET || ranks >> s & 1 == 1 || up & u != 0 || down & d != 0 {
            return false;
        }
        self.ranks[g] = s as u8;
        self.used = (ranks | 1 << s, up | u, down | d);
        true
    }
}

/// The solutions of the open squares that meet distinct orbits and cross the diagonals they
/// must: a depth-first search that places next the file with the fewest open squares.
struct List<'a> {
    board: &'a Board,
    open: Vec<u64>,
    /// The squares each file may not take because its orbit is met already.
    blocked: Vec<u64>,
    ranks: Ranks,
    /// The files still empty, as bits.
    empty: u64,
    found: Vec<Ranks>,
    limit: usize,
    budget: u64,
    nodes: u64,
    random: Option<u64>,
    /// The diagonals (bits r - f + N - 1) and anti-diagonals (bits f + r) to cross.
    must: (u64, u64),
    /// Keep one solution of each quad (see the module's documentation).
    canonical: bool,
}

impl<'a> List<'a> {
    fn new(board: &'a Board, open: Vec<u64>) -> List<'a> {
        let n = board.n;
        List {
            board,
            open,
            blocked: vec![0; n],
            ranks: [UNSET; MAX_N],
            empty: (1u64 << n) - 1,
            found: Vec::new(),
            limit: usize::MAX,
            budget: u64::MAX,
            nodes: 0,
            random: None,
            must: (1 << (n - 1), 1 << (n - 1)),
            canonical: false,
        }
    }

    /// Lists until done or cut short; `None` when `stop` said so.
    fn fill(&mut self, stop: &dyn Fn() -> bool) -> Option<()> {
        if self.canonical {
            // The queen on the long diagonal stands on a file of the lower half.
            for f in 0..self.board.n {
                if 2 * f >= self.board.n {
                    self.open[f] &= !(1 << f);
                }
            }
        }
        listing::list(self, At::start(self.board.n), stop).map(|_| ())
    }

    /// Whether the solution is the one its quad keeps: the file of its queen on the long
    /// diagonal a1-h8 is the lowest of the four images' (for both groups these are a, c,
    /// N - 1 - a and N - 1 - c, with c the file of its queen on the other long diagonal).
    fn kept(&self) -> bool {
        let n = self.board.n;
        let ranks = &self.ranks[..n];
        let a = (0..n).find(|&f| ranks[f] as usize == f);
        let c = (0..n).find(|&f| ranks[f] as usize == n - 1 - f);
        // Under the half-turn the two images' files are a and N - 1 - a: the mask decides.
        self.board.group.order == 2
            || matches!((a, c), (Some(a), Some(c)) if a < c && a < n - 1 - c)
    }
}

impl Listing for List<'_> {
    /// `Some(true)` stops the listing, `None`: `stop` said so.
    type Out = Option<bool>;

    /// Places the `at.left` files still empty.
    #[inline(always)]
    fn node(&mut self, path: impl Path, at: At, stop: &dyn Fn() -> bool) -> Option<bool> {
        let n = self.board.n;
        if at.left == 0 {
            if !self.canonical || self.kept() {
                self.found.push(self.ranks);
            }
            return Some(self.found.len() >= self.limit);
        }
        self.nodes += 1;
        if self.nodes >= self.budget {
            return Some(true);
        }
        if self.nodes.is_multiple_of(1 << 16) && stop() {
            return None;
        }
        let own = |f: usize| self.open[f] & !self.blocked[f];
        let found = tightest_file(n, self.empty, self.must, (at.ranks, at.up, at.down), own);
        let Some((file, open)) = found else {
            return Some(false);
        };
        let (order, count) = tried(open, self.random.as_mut());
        for &r in &order[..count] {
            let r = r as usize;
            let images = Board::images(n, self.board.group, file, r);
            let saved = images.map(|(g, _)| self.blocked[g]);
            for &(g, s) in &images[1..] {
                self.blocked[g] |= 1 << s;
            }
            self.ranks[file] = r as u8;
            self.empty &= !(1 << file);
            let done = path.descend(self, at.with(n, file, r), stop);
            self.empty |= 1 << file;
            for (k, &(g, _)) in images.iter().enumerate().rev() {
                self.blocked[g] = saved[k];
            }
            if done? {
                return Some(true);
            }
        }
        self.ranks[file] = UNSET;
        Some(false)
    }
}

/// The exact completion: Algorithm X over the free orbits, the one with the fewest
/// candidates first.
struct Walk<'a> {
    sets: &'a [Orbits],
    /// The diagonals each candidate crosses (see [`Board::crossing`]).
    crossing: &'a [(u64, u64)],
    board: &'a Board,
    chosen: Vec<u32>,
    left: usize,
    nodes: u64,
    budget: u64,
    stop: &'a dyn Fn() -> bool,
}

impl<'a> Walk<'a> {
    fn new(
        (sets, crossing): (&'a [Orbits], &'a [(u64, u64)]),
        board: &'a Board,
        left: usize,
        budget: u64,
        stop: &'a dyn Fn() -> bool,
    ) -> Walk<'a> {
        Walk {
            sets,
            crossing,
            board,
            chosen: Vec::with_capacity(left),
            left,
            nodes: 0,
            budget,
            stop,
        }
    }

    /// `Some(true)` when a cover is chosen, `Some(false)` when none completes these,
    /// `None` when the node budget ran out.
    fn step(&mut self, cands: &[u32], covered: Orbits) -> Result<Option<bool>, Error> {
        if self.chosen.len() == self.left {
            return Ok(Some(true));
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Ok(None);
        }
        if self.nodes.is_multiple_of(1024) && (self.stop)() {
            return Err(Error::Cancelled);
        }
        // The diagonal rule: no diagonal more open than the solutions left can fill, and the
        // candidates kept are those that cross every diagonal all of them must cross.
        let need = self.left - self.chosen.len();
        let Some((up, down)) = self.board.tight_lines(&covered, need) else {
            return Ok(Some(false));
        };
        let kept = crossing_all(cands, self.crossing, (up, down));
        let cands = &kept[..];
        let Some(orbit) = self.tightest(cands, &covered) else {
            return Ok(Some(false));
        };
        for &i in cands {
            let s = self.sets[i as usize];
            if !has(&s, orbit) {
                continue;
            }
            let next: Vec<u32> = cands
                .iter()
                .copied()
                .filter(|&j| disjoint(&self.sets[j as usize], &s))
                .collect();
            self.chosen.push(i);
            match self.step(&next, or(&covered, &s))? {
                Some(false) => {}
                other => return Ok(other),
            }
            self.chosen.pop();
        }
        Ok(Some(false))
    }

    /// The open orbit with the fewest candidates, `None` when one has none.
    fn tightest(&self, cands: &[u32], covered: &Orbits) -> Option<usize> {
        let mut through = [0u32; 512];
        for &i in cands {
            for (w, &word) in self.sets[i as usize].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    through[w * 64 + bits.trailing_zeros() as usize] += 1;
                    bits &= bits - 1;
                }
            }
        }
        let best = (0..self.board.orbits())
            .filter(|&o| !has(covered, o))
            .min_by_key(|&o| through[o])?;
        (through[best] > 0).then_some(best)
    }
}

fn has(b: &Orbits, bit: usize) -> bool {
    b[bit / 64] >> (bit % 64) & 1 == 1
}

fn or(a: &Orbits, b: &Orbits) -> Orbits {
    std::array::from_fn(|k| a[k] | b[k])
}

fn disjoint(a: &Orbits, b: &Orbits) -> bool {
    (0..8).all(|k| a[k] & b[k] == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cover::check;

    fn fixed_by(cover: &[Placement], group: Group) -> bool {
        let kept = crate::cover::symmetries(cover);
        (group.elements[..group.order].iter()).all(|g| *g == Symmetry::Identity || kept.contains(g))
    }

    /// The solutions of the empty `n` x `n` board that meet distinct orbits of the group of
    /// `turn`, all of them and one of each quad.
    fn listed(n: usize, turn: Turn) -> (usize, usize) {
        let board = Board::new(n, Group::of(turn, n).unwrap());
        let count = |canonical: bool| {
            let mut list = List::new(&board, board.open(&[0; 8]));
            list.canonical = canonical;
            list.fill(&|| false).unwrap();
            list.found.len()
        };
        (count(false), count(true))
    }

    /// The listing of the empty board in the build of `path`.
    fn listed_by(path: impl Path, n: usize, turn: Turn) -> Vec<Ranks> {
        let board = Board::new(n, Group::of(turn, n).unwrap());
        let mut list = List::new(&board, board.open(&[0; 8]));
        list.canonical = true;
        path.descend(&mut list, At::start(n), &|| false).unwrap();
        list.found
    }

    #[test]
    fn every_build_of_the_listing_lists_the_same() {
        for (n, turn) in [(12, Turn::Both), (13, Turn::Quarter), (11, Turn::Half)] {
            let plain = listed_by(listing::Plain, n, turn);
            assert!(!plain.is_empty(), "N = {n}");
            #[cfg(target_arch = "x86_64")]
            if let Some(t) = crate::cpu::Bmi::detect() {
                assert_eq!(listed_by(t, n, turn), plain, "N = {n}");
            }
        }
    }

    #[test]
    fn finds_checked_covers_fixed_by_the_group() {
        for (n, turn) in [
            (13, Turn::Quarter),
            (16, Turn::Both),
            (17, Turn::Quarter),
            (20, Turn::Both),
            (24, Turn::Both),
        ] {
            let cover = find(n, turn, 1, &Control::new()).unwrap().unwrap();
            assert_eq!(check(n, &cover), Ok(()), "N = {n}");
            assert!(fixed_by(&cover, Group::of(turn, n).unwrap()), "N = {n}");
        }
    }

    #[test]
    fn the_exhaustive_search_proves_none() {
        // Twelve has covers (fixed by the mirrors), but none fixed by a quarter-turn.
        assert_eq!(find(12, Turn::Quarter, 1, &Control::new()), Ok(None));
        for n in [4, 8, 9] {
            assert_eq!(
                find(n, Turn::Quarter, 1, &Control::new()),
                Ok(None),
                "N = {n}"
            );
        }
        assert_eq!(find(8, Turn::Both, 1, &Control::new()), Ok(None));
        let five = find(5, Turn::Quarter, 1, &Control::new()).unwrap().unwrap();
        assert_eq!(check(5, &five), Ok(()));
    }

    #[test]
    fn the_half_turn_finds_covers_of_odd_boards() {
        // A cover of 15, 3 mod 4: seven pairs and a centre class the half-turn fixes.
        for n in [11, 15] {
            let cover = find(n, Turn::Half, 1, &Control::new()).unwrap().unwrap();
            assert_eq!(check(n, &cover), Ok(()), "N = {n}");
            assert!(
                fixed_by(&cover, Group::of(Turn::Half, n).unwrap()),
                "N = {n}"
            );
        }
        // Every pair is listed once, with its queen on the long diagonal in the lower half.
        let (all, kept) = listed(9, Turn::Half);
        assert!(kept > 0);
        assert_eq!(2 * kept, all);
    }

    #[test]
    fn groups_fit_their_sizes() {
        assert!(Group::of(Turn::Quarter, 21).is_some());
        assert!(Group::of(Turn::Quarter, 15).is_none());
        assert!(Group::of(Turn::Half, 27).is_some());
        assert!(Group::of(Turn::Half, 26).is_none());
        assert!(Group::of(Turn::Both, 22).is_none());
        assert_eq!(find(22, Turn::Both, 1, &Control::new()), Ok(None));
        assert!(find(36, Turn::Both, 1, &Control::new()).is_err());
    }

    #[test]
    fn the_seed_alone_decides_the_cover_on_any_number_of_threads() {
        let on = |threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| find(20, Turn::Both, 3, &Control::new()).unwrap().unwrap())
        };
        assert_eq!(on(1), on(4));
    }

    #[test]
    fn the_listing_keeps_one_solution_of_each_quad() {
        // With nothing covered, the canonical listing of 16 under the quarter-turns finds each
        // quad once: a quarter of the solutions that meet distinct orbits.
        for turn in [Turn::Quarter, Turn::Both] {
            let (all, kept) = listed(16, turn);
            assert!(kept > 0);
            assert_eq!(4 * kept, all, "{turn:?}");
        }
    }
}
