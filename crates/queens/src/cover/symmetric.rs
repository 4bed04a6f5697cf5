//! Tabu search for covers fixed by a symmetry of the board: a colouring of the queen graph with
//! N colours in which a symmetry of the board (a turn, the mirror, or the mirror with the
//! half-turn) moves every colour class onto another one. Then every class is a solution (each
//! rank is a clique of N squares, so a proper N-colouring holds each colour once per rank, file
//! and at most once per diagonal), and the N classes are a cover.
//!
//! The symmetry shrinks the search. The squares fall into orbits under its group G (4 squares
//! for a quarter-turn or for the mirror with the half-turn, 2 for a half-turn or the mirror, the
//! centre of an odd board alone), and the colours into blocks on which G acts the same way (plus,
//! for odd N, one colour a turn fixes: the class through the centre, a solution the turn maps
//! onto itself). Colouring the first square p of an orbit with c colours g(p) with g(c), so the
//! search chooses one colour per orbit: N²/4 or N²/2 choices in place of N². A group with a
//! diagonal reflection cannot serve: a square on that diagonal would need a colour class the
//! reflection fixes, and no solution is fixed by a reflection. The mirror with the half-turn
//! (N = 0 mod 4) finds covers far sooner than the quarter-turn; see BENCHMARKS.md.
//!
//! The search over those choices is TabuCol (A. Hertz and D. de Werra, "Using tabu search
//! techniques for graph coloring", Computing 39, 1987): minimise the number of attacking pairs
//! of one colour; at each step recolour the orbit, among those holding a conflict, whose new
//! colour lowers that number most, and forbid giving it back its old colour for a tenure that
//! grows with the conflicts (a forbidden move is still taken when it beats the best seen). For
//! every square and colour a table counts the attackers of that colour, so a move's effect is
//! read off a few entries. Looking for covers fixed by a turn follows the remark of M. Vasquez
//! ("On the queen graph coloring problem", 2006, HAL hal-00354882) that the board's structure
//! should guide the search; the orbit formulation and the code are our own.

use crate::control::Control;
use crate::error::Error;
use crate::placement::Placement;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The largest N the search takes.
pub const MAX_N: usize = 64;

/// Moves between looks at the control: few, since a move of the 64x64 board weighs every
/// colour of every conflicted orbit (a look is one atomic read; at 1024 moves a time limit of a
/// second was overrun by seconds there).
const REPORT_EVERY: u64 = 64;

/// The most missing classes handed to the exact completion.
const MISSING: usize = 10;

/// Moves without a new best of the current run, per orbit, before a restart.
const STALL_PER_ORBIT: u64 = 2_000;

/// The symmetry a searched cover is fixed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// None: a plain tabu search over all colourings.
    None,
    /// The half-turn about the centre (any N).
    Half,
    /// The quarter-turn about the centre (N = 0 or 1 mod 4).
    Quarter,
    /// The mirror that exchanges the files a and N, b and N - 1, ... (even N).
    Mirror,
    /// The mirror and the half-turn together, a group of four (N = 0 mod 4).
    Both,
}

impl Turn {
    /// The symmetry used for a board of size `n`, the one that found covers soonest: the
    /// mirror with the half-turn for N = 0 mod 4, a quarter-turn for N = 1 mod 4, the mirror
    /// for N = 2 mod 4, the half-turn for N = 3 mod 4 (the only symmetry a cover of such N can
    /// have: the class of the centre is a solution the half-turn fixes, and 15 and 27 have
    /// such solutions, while no solution is fixed by a mirror or, for N = 3 mod 4, a
    /// quarter-turn).
    pub fn for_size(n: usize) -> Turn {
        match n % 4 {
            0 => Turn::Both,
            1 => Turn::Quarter,
            2 => Turn::Mirror,
            _ => Turn::Half,
        }
    }

    /// The order of the turn.
    pub fn order(self) -> usize {
        match self {
            Turn::None => 1,
            Turn::Half => 2,
            Turn::Quarter => 4,
            Turn::Mirror => 2,
            Turn::Both => 4,
        }
    }

    /// Its name in output.
    pub fn name(self) -> &'static str {
        match self {
            Turn::None => "no symmetry",
            Turn::Half => "half-turn",
            Turn::Quarter => "quarter-turn",
            Turn::Mirror => "mirror",
            Turn::Both => "mirror and half-turn",
        }
    }

    /// Whether covers of the `n` x `n` board fixed by this turn can be searched this way.
    pub fn fits(self, n: usize) -> bool {
        match self {
            Turn::None => true,
            Turn::Half => true,
            Turn::Quarter => n % 4 < 2,
            Turn::Mirror => n.is_multiple_of(2),
            Turn::Both => n.is_multiple_of(4),
        }
    }

    /// The image of square (x, y) (file, rank) under the turn.
    fn apply(self, n: usize, x: usize, y: usize) -> (usize, usize) {
        match self {
            Turn::None => (x, y),
            Turn::Half => (n - 1 - x, n - 1 - y),
            Turn::Quarter => (y, n - 1 - x),
            Turn::Mirror | Turn::Both => (n - 1 - x, y),
        }
    }
}

/// The best a search reached: a cover when `conflicts` is 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best {
    /// The fewest conflicting pairs seen (two squares of one colour on one rank or diagonal).
    pub conflicts: u64,
    /// The most colours seen at once free of conflicts, that is disjoint solutions.
    pub disjoint: Vec<Placement>,
    /// Moves made in all.
    pub moves: u64,
    /// Restarts made.
    pub restarts: u64,
}

/// The fixed parts of a search: orbits, colour permutations, attacks.
struct Shape {
    n: usize,
    /// The squares of each orbit, g(p) for the elements g of the group in order, each square
    /// once (square = x * n + y), and the element that gives each.
    orbits: Vec<Vec<u16>>,
    elements: Vec<Vec<u8>>,
    /// `power[g][c]`: the colour element g of the group gives colour c.
    power: Vec<Vec<u8>>,
    /// The colours each orbit may take (those its square's stabiliser fixes).
    allowed: Vec<Vec<u8>>,
    /// The squares attacking each square, flattened: `attacks[start[s]..start[s + 1]]`.
    attacks: Vec<u16>,
    start: Vec<usize>,
    /// The pairs (j, k) of squares of one orbit that attack each other, j < k.
    inside: Vec<Vec<(u8, u8)>>,
}

/// The elements of the group as maps of squares, and of colours.
pub(super) fn group(n: usize, turn: Turn) -> (Vec<Vec<usize>>, Vec<Vec<u8>>) {
    if turn == Turn::Both {
        // The mirror and the half-turn generate {1, mirror, flip of ranks, half-turn}; the
        // colours come in blocks of four on which the group acts by exclusive or.
        let squares = (0..4)
            .map(|g| {
                (0..n * n)
                    .map(|s| {
                        let (mut x, mut y) = (s / n, s % n);
                        if g & 1 == 1 {
                            x = n - 1 - x;
                        }
                        if g & 2 == 2 {
                            y = n - 1 - y;
                        }
                        x * n + y
                    })
                    .collect()
            })
            .collect();
        let colours = (0..4)
            .map(|g| (0..n).map(|c| (c ^ g) as u8).collect())
            .collect();
        return (squares, colours);
    }
    let order = turn.order();
    let fixed = n % order;
    let sigma: Vec<u8> = (0..n)
        .map(|c| {
            if c >= n - fixed {
                c as u8
            } else {
                (c / order * order + (c % order + 1) % order) as u8
            }
        })
        .collect();
    let mut colours = vec![(0..n as u8).collect::<Vec<u8>>()];
    let mut squares = vec![(0..n * n).collect::<Vec<usize>>()];
    for j in 1..order {
        colours.push(colours[j - 1].iter().map(|&c| sigma[c as usize]).collect());
        let last = &squares[j - 1];
        let next = last
            .iter()
            .map(|&s| {
                let (x, y) = turn.apply(n, s / n, s % n);
                x * n + y
            })
            .collect();
        squares.push(next);
    }
    (squares, colours)
}

impl Shape {
    fn new(n: usize, turn: Turn) -> Shape {
        let (images, power) = group(n, turn);
        let mut seen = vec![false; n * n];
        let (mut orbits, mut elements, mut allowed) = (Vec::new(), Vec::new(), Vec::new());
        for p in 0..n * n {
            if seen[p] {
                continue;
            }
            let (mut orbit, mut element) = (Vec::new(), Vec::new());
            for (g, image) in images.iter().enumerate() {
                if !seen[image[p]] {
                    seen[image[p]] = true;
                    orbit.push(image[p] as u16);
                    element.push(g as u8);
                }
            }
            // Elements that give the same square must give the same colour.
            let fits = |c: &u8| {
                (0..images.len()).all(|g| {
                    (0..images.len()).all(|h| {
                        images[g][p] != images[h][p]
                            || power[g][*c as usize] == power[h][*c as usize]
                    })
                })
            };
            allowed.push((0..n as u8).filter(fits).collect());
            orbits.push(orbit);
            elements.push(element);
        }
        let (attacks, start) = attack_lists(n);
        let inside = orbits
            .iter()
            .map(|o: &Vec<u16>| {
                let mut pairs = Vec::new();
                for j in 0..o.len() {
                    for k in j + 1..o.len() {
                        if attack(n, o[j] as usize, o[k] as usize) {
                            pairs.push((j as u8, k as u8));
                        }
                    }
                }
                pairs
            })
            .collect();
        Shape {
            n,
            orbits,
            elements,
            power,
            allowed,
            attacks,
            start,
            inside,
        }
    }

    fn attackers(&self, s: usize) -> &[u16] {
        &self.attacks[self.start[s]..self.start[s + 1]]
    }

    /// The colour of the j-th square of orbit `o` when its first square has colour c.
    fn colour(&self, o: usize, j: usize, c: u8) -> u8 {
        self.power[self.elements[o][j] as usize][c as usize]
    }
}

/// Whether two different squares attack each other (queen moves).
fn attack(n: usize, a: usize, b: usize) -> bool {
    let (xa, ya, xb, yb) = (a / n, a % n, b / n, b % n);
    xa == xb || ya == yb || xa.abs_diff(xb) == ya.abs_diff(yb)
}

fn attack_lists(n: usize) -> (Vec<u16>, Vec<usize>) {
    let mut attacks = Vec::new();
    let mut start = vec![0];
    for a in 0..n * n {
        attacks.extend(
            (0..n * n)
                .filter(|&b| b != a && attack(n, a, b))
                .map(|b| b as u16),
        );
        start.push(attacks.len());
    }
    (attacks, start)
}

/// A colouring fixed by the turn: the colour of each orbit's first square, and per square and
/// colour the number of attackers of that colour.
struct State<'a> {
    shape: &'a Shape,
    choice: Vec<u8>,
    colour: Vec<u8>,
    gamma: Vec<u16>,
    conflicts: u64,
}

impl<'a> State<'a> {
    fn new(shape: &'a Shape, choice: Vec<u8>) -> State<'a> {
        let n = shape.n;
        let mut colour = vec![0u8; n * n];
        for (o, orbit) in shape.orbits.iter().enumerate() {
            for (j, &s) in orbit.iter().enumerate() {
                colour[s as usize] = shape.colour(o, j, choice[o]);
            }
        }
        let mut gamma = vec![0u16; n * n * n];
        let mut twice = 0u64;
        for s in 0..n * n {
            for &t in shape.attackers(s) {
                gamma[s * n + colour[t as usize] as usize] += 1;
                twice += u64::from(colour[t as usize] == colour[s]);
            }
        }
        State {
            shape,
            choice,
            colour,
            gamma,
            conflicts: twice / 2,
        }
    }

    /// Attacking pairs inside orbit `o` when its first square has colour c.
    fn inside(&self, o: usize, c: u8) -> i64 {
        let sh = self.shape;
        sh.inside[o]
            .iter()
            .filter(|&&(j, k)| sh.colour(o, j as usize, c) == sh.colour(o, k as usize, c))
            .count() as i64
    }

    /// Squares of orbit `o` (now coloured from c) counted in `gamma` for the colours the orbit
    /// would take from `to`.
    fn counted_inside(&self, o: usize, c: u8, to: u8) -> i64 {
        let sh = self.shape;
        sh.inside[o]
            .iter()
            .map(|&(j, k)| {
                let (j, k) = (j as usize, k as usize);
                i64::from(sh.colour(o, k, c) == sh.colour(o, j, to))
                    + i64::from(sh.colour(o, j, c) == sh.colour(o, k, to))
            })
            .sum()
    }

    /// The change in conflicts if orbit `o` takes colour `to` for its first square.
    fn delta(&self, o: usize, to: u8) -> i64 {
        let sh = self.shape;
        let n = sh.n;
        let c = self.choice[o];
        let (mut old, mut new) = (0i64, 0i64);
        for (j, &s) in sh.orbits[o].iter().enumerate() {
            let s = s as usize;
            old += i64::from(self.gamma[s * n + sh.colour(o, j, c) as usize]);
            new += i64::from(self.gamma[s * n + sh.colour(o, j, to) as usize]);
        }
        let inside_old = self.inside(o, c);
        let outside_old = old - 2 * inside_old;
        let outside_new = new - self.counted_inside(o, c, to);
        outside_new + self.inside(o, to) - outside_old - inside_old
    }

    fn recolour(&mut self, o: usize, to: u8) {
        let sh = self.shape;
        let n = sh.n;
        let delta = self.delta(o, to);
        for (j, &s) in sh.orbits[o].iter().enumerate() {
            let s = s as usize;
            let (from, into) = (self.colour[s] as usize, sh.colour(o, j, to) as usize);
            for &t in sh.attackers(s) {
                let t = t as usize;
                self.gamma[t * n + from] -= 1;
                self.gamma[t * n + into] += 1;
            }
            self.colour[s] = into as u8;
        }
        self.choice[o] = to;
        self.conflicts = (self.conflicts as i64 + delta) as u64;
    }

    fn conflicted(&self, o: usize) -> bool {
        let n = self.shape.n;
        self.shape.orbits[o]
            .iter()
            .any(|&s| self.gamma[s as usize * n + self.colour[s as usize] as usize] > 0)
    }

    /// The colour classes that are solutions (no square attacked by its own colour).
    fn clean_classes(&self) -> Vec<Placement> {
        let n = self.shape.n;
        let mut rows = vec![vec![u32::MAX; n]; n];
        let mut dirty = vec![false; n];
        for s in 0..n * n {
            let c = self.colour[s] as usize;
            let (x, y) = (s / n, s % n);
            dirty[c] |= self.gamma[s * n + c] > 0 || rows[c][x] != u32::MAX;
            rows[c][x] = y as u32;
        }
        rows.into_iter()
            .zip(dirty)
            .filter(|(r, d)| !d && r.iter().all(|&y| y != u32::MAX))
            .map(|(r, _)| Placement::from_rows_unchecked(r))
            .collect()
    }
}

/// Searches for a cover of the `n` x `n` board fixed by `turn`, from `seed`, until it finds one
/// or the control is cancelled; returns the cover (checked by [`super::check`]) if found, and
/// the best reached.
pub fn run(
    n: usize,
    turn: Turn,
    seed: u64,
    control: &Control,
) -> Result<(Option<Vec<Placement>>, Best), Error> {
    if n == 0 || n > MAX_N {
        return Err(Error::TooLarge { n, max: MAX_N });
    }
    let turn = if turn.fits(n) { turn } else { Turn::None };
    let shape = Shape::new(n, turn);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut best = Best {
        conflicts: u64::MAX,
        disjoint: Vec::new(),
        moves: 0,
        restarts: 0,
    };
    let stall = STALL_PER_ORBIT * shape.orbits.len() as u64;
    loop {
        let choice = shape
            .allowed
            .iter()
            .map(|a| a[rng.random_range(0..a.len())])
            .collect();
        let mut state = State::new(&shape, choice);
        if let Some(cover) = descend(&mut state, &mut rng, &mut best, stall, control) {
            return Ok((Some(cover), best));
        }
        if control.is_cancelled() {
            return Ok((None, best));
        }
        best.restarts += 1;
    }
}

/// The best non-tabu recolouring of a conflicted orbit (a tabu one only when it beats the best
/// of the run), ties broken at random: (orbit, colour, delta).
fn best_move(
    state: &State,
    tabu: &[u64],
    iter: u64,
    run_best: u64,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<(usize, u8, i64)> {
    let sh = state.shape;
    let n = sh.n;
    let mut chosen: Option<(usize, u8, i64)> = None;
    let mut ties = 0u32;
    for o in 0..sh.orbits.len() {
        if !state.conflicted(o) {
            continue;
        }
        for &to in &sh.allowed[o] {
            if to == state.choice[o] {
                continue;
            }
            let delta = state.delta(o, to);
            let aspires = (state.conflicts as i64 + delta) < run_best as i64;
            if tabu[o * n + to as usize] > iter && !aspires {
                continue;
            }
            match chosen {
                Some((_, _, d)) if delta > d => {}
                Some((_, _, d)) if delta == d => {
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        chosen = Some((o, to, delta));
                    }
                }
                _ => {
                    ties = 1;
                    chosen = Some((o, to, delta));
                }
            }
        }
    }
    chosen
}

/// One tabu search from `state` until a cover, a stall, or the control says stop.
fn descend(
    state: &mut State,
    rng: &mut Xoshiro256PlusPlus,
    best: &mut Best,
    stall: u64,
    control: &Control,
) -> Option<Vec<Placement>> {
    let n = state.shape.n;
    let mut tabu = vec![0u64; state.shape.orbits.len() * n];
    let mut run_best = state.conflicts;
    if let Some(cover) = record(state, best) {
        return Some(cover);
    }
    let (mut iter, mut since) = (0u64, 0u64);
    while state.conflicts > 0 && since < stall {
        iter += 1;
        since += 1;
        if iter.is_multiple_of(REPORT_EVERY) {
            control.advance(REPORT_EVERY);
            if control.is_cancelled() {
                break;
            }
        }
        let Some((o, to, _)) = best_move(state, &tabu, iter, run_best, rng) else {
            continue;
        };
        let from = state.choice[o];
        state.recolour(o, to);
        let tenure = rng.random_range(0..10) + state.conflicts * 6 / 10;
        tabu[o * n + from as usize] = iter + tenure;
        if state.conflicts < run_best {
            run_best = state.conflicts;
            since = 0;
            if let Some(cover) = record(state, best) {
                best.moves += iter;
                return Some(cover);
            }
        }
    }
    best.moves += iter;
    if state.conflicts > 0 {
        return None;
    }
    let cover = state.clean_classes();
    super::check(n, &cover).ok().map(|()| cover)
}

/// Notes a new fewest conflicts and, when it is more, the classes that are solutions; when
/// few classes are missing, asks the exact completion of [`super::repair`] for the rest.
fn record(state: &State, best: &mut Best) -> Option<Vec<Placement>> {
    let n = state.shape.n;
    best.conflicts = best.conflicts.min(state.conflicts);
    let clean = state.clean_classes();
    let found = if clean.len() + MISSING >= n && clean.len() < n {
        super::repair::complete(n, &clean).filter(|c| super::check(n, c).is_ok())
    } else {
        None
    };
    if clean.len() > best.disjoint.len() {
        best.disjoint = clean;
    }
    if found.is_some() {
        best.conflicts = 0;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_covers_of_small_boards_fixed_by_each_turn() {
        for (n, turn) in [
            (1, Turn::None),
            (5, Turn::Quarter),
            (5, Turn::Half),
            (7, Turn::None),
            (7, Turn::Half),
        ] {
            let (found, best) = run(n, turn, 2, &Control::new()).unwrap();
            let cover = found.unwrap();
            assert_eq!(super::super::check(n, &cover), Ok(()), "n = {n}");
            assert_eq!(best.conflicts, 0);
        }
    }

    #[test]
    fn a_stopped_search_reports_disjoint_solutions() {
        let control = Control::new();
        control.cancel();
        let (found, best) = run(12, Turn::Quarter, 5, &control).unwrap();
        assert!(found.is_none());
        for (i, p) in best.disjoint.iter().enumerate() {
            assert!(p.is_solution());
            for q in &best.disjoint[..i] {
                assert!(p.rows().iter().zip(q.rows()).all(|(a, b)| a != b));
            }
        }
    }

    #[test]
    fn turns_fit_the_sizes_they_are_chosen_for() {
        for n in 1..40 {
            assert!(Turn::for_size(n).fits(n), "n = {n}");
        }
        assert!(!Turn::Quarter.fits(18) && !Turn::Quarter.fits(15) && Turn::Half.fits(15));
        assert_eq!(
            run(65, Turn::None, 1, &Control::new()).err(),
            Some(Error::TooLarge { n: 65, max: 64 })
        );
    }

    #[test]
    fn the_delta_is_the_change_in_conflicts() {
        for (n, turn) in [
            (9, Turn::Quarter),
            (10, Turn::Half),
            (8, Turn::Quarter),
            (7, Turn::None),
        ] {
            let shape = Shape::new(n, turn);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(n as u64);
            let choice = shape
                .allowed
                .iter()
                .map(|a| a[rng.random_range(0..a.len())])
                .collect();
            let mut state = State::new(&shape, choice);
            for _ in 0..300 {
                let o = rng.random_range(0..shape.orbits.len());
                let a = &shape.allowed[o];
                let to = a[rng.random_range(0..a.len())];
                let expected = state.conflicts as i64 + state.delta(o, to);
                state.recolour(o, to);
                assert_eq!(state.conflicts as i64, expected, "n = {n}");
                let fresh = State::new(&shape, state.choice.clone());
                assert_eq!(fresh.conflicts, state.conflicts, "n = {n}");
                assert_eq!(fresh.gamma, state.gamma, "n = {n}");
            }
        }
    }
}
