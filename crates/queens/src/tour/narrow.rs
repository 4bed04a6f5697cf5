//! Tours on boards with 3 or 4 rows (or columns), where the divide-and-conquer blocks do not fit:
//! an exact dynamic programme over the columns of the long side, linear in its length, that
//! builds a tour from a given square (closed if asked) or proves that none exists.
//!
//! The idea is the transfer-matrix method (Stanley, Enumerative Combinatorics I, section 4.7)
//! in its "frontier" form for paths and cycles, as in Knuth's SIMPATH (TAOCP 7.1.4): a graph of
//! small path width is swept once, keeping only what the part already seen can still do. Here
//! the squares are taken column by column along the long side, w = 3 or 4 squares a column; a
//! knight's move spans at most two columns, so when a square is taken its earlier neighbours
//! all lie in the two previous columns, the frontier. For each new square we choose which of
//! its (at most four) moves back into the frontier belong to the tour. The state after a column
//! records, for each square of the last two columns, whether it still has no tour move (`FREE`),
//! has its two (`FULL`), or has one, and then which other frontier square ends the same piece of
//! path (a pair label), or that the piece's other end is already final (`END`). Two flags say
//! whether the free end of an open tour has been placed and whether the tour is complete. An
//! open tour from s is a path with s as one end: s starts with one move already (to an
//! imaginary square before the tour), so it is an `END` piece from the start. A square leaves
//! the frontier once its last neighbour ahead is taken; it must then have two moves, or one if
//! it becomes the free end. Joining the two ends of one piece closes a cycle (allowed only as
//! the last move of a closed tour); joining two `END` pieces completes an open tour (only in
//! the last column). States where a square can no longer get the moves it lacks are dropped.
//!
//! The states form a finite set (about 580 for w = 3, 8,400 for w = 4), so the work and the
//! memory are linear in the length: a forward pass keeps the set of reachable states after
//! every column, each state's moves across a column computed once per kind of column (plain,
//! holding the start, last), and whole sets memoised, as they repeat after a few columns; a
//! backward pass picks, column by column from an accepting end, a reachable predecessor that
//! moves into the chosen state, which gives the tour's moves. No accepting end: no tour exists,
//! and the search, exhaustive over all sets of moves, proves it. The tests check every verdict
//! against the exhaustive counter of [`super::count`] on 3 x n and 4 x n boards.

use super::{Board, FindError, Tour};
use crate::control::Control;
use crate::error::Error;
use crate::square::Square;
use std::collections::HashMap;

/// Whether the method applies: the shorter side is 3 or 4.
pub fn applies(board: Board) -> bool {
    matches!(board.rows.min(board.cols), 3 | 4)
}

const FREE: u8 = 0;
const FULL: u8 = 1;
const END: u8 = 2;
const FIRST_LABEL: u8 = 3;

/// Frontier squares: two previous columns and the current one, w <= 4 each.
const CELLS: usize = 12;

/// A state between columns: the codes of the last two columns (4 bits a square) and the flags.
type State = u64;
const FREE_END_PLACED: u64 = 1 << 32;
const DONE: u64 = 1 << 33;

/// The squares of the current column and the flags while a column is being taken.
#[derive(Clone, Copy)]
struct Work {
    cells: [u8; CELLS],
    flags: u64,
}

/// What is fixed for one column: its start square's row (open tours) and whether it is the last.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Kind {
    start_row: Option<u8>,
    last: bool,
}

struct Programme {
    w: usize,
    closed: bool,
    states: Vec<State>,
    ids: HashMap<State, u32>,
    /// (kind, state id) -> range in `moves`.
    memo: HashMap<(Kind, u32), (u32, u32)>,
    /// (next state id, the column's moves: 4 bits a square, see [`Programme::back`]).
    moves: Vec<(u32, u16)>,
    /// Sets of state ids met between columns, and the sets they lead to.
    sets: Vec<Vec<u32>>,
    set_ids: HashMap<Vec<u32>, u32>,
    set_steps: HashMap<(Kind, u32), u32>,
    /// The moves of `memo` turned round, for the backward pass (built once per kind).
    reverse: HashMap<Kind, HashMap<u32, Vec<(u32, u16)>>>,
    /// Scratch marks by state id.
    mark: Vec<bool>,
    /// For every row, the choices of at most two moves back: frontier squares, and their bits.
    choices: Vec<Vec<([Option<usize>; 2], u16)>>,
}

impl Programme {
    fn new(w: usize, closed: bool) -> Programme {
        let mut p = Programme {
            w,
            closed,
            states: Vec::new(),
            ids: HashMap::new(),
            memo: HashMap::new(),
            moves: Vec::new(),
            sets: Vec::new(),
            set_ids: HashMap::new(),
            set_steps: HashMap::new(),
            reverse: HashMap::new(),
            mark: Vec::new(),
            choices: Vec::new(),
        };
        for row in 0..w {
            let back: Vec<(usize, usize)> = p.back(row).collect();
            let mut list = vec![([None, None], 0u16)];
            for (k, &(a, x)) in back.iter().enumerate() {
                list.push(([Some(a), None], 1 << x));
                for &(b, y) in &back[k + 1..] {
                    list.push(([Some(a), Some(b)], 1 << x | 1 << y));
                }
            }
            p.choices.push(list);
        }
        // Before the board: two absent columns, as squares with no moves left.
        let mut cells = [FREE; CELLS];
        cells[..2 * w].fill(FULL);
        p.id(Work { cells, flags: 0 });
        p
    }

    /// The frontier squares a square of row `row` reaches backwards, as (cell, bit of the
    /// choice): (c-1, row-2), (c-1, row+2), (c-2, row-1), (c-2, row+1).
    fn back(&self, row: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let w = self.w as i64;
        let r = row as i64;
        [(1, r - 2), (1, r + 2), (0, r - 1), (0, r + 1)]
            .into_iter()
            .enumerate()
            .filter(move |&(_, (_, rr))| (0..w).contains(&rr))
            .map(move |(bit, (col, rr))| ((col * w + rr) as usize, bit))
    }

    /// The id of a work state once its column is done: squares 0..2w are the kept columns.
    fn id(&mut self, work: Work) -> u32 {
        // Pair labels renumbered in order of first appearance.
        let mut map = [0u8; 16];
        let mut next = FIRST_LABEL;
        let mut s: State = work.flags;
        for (k, &c) in work.cells[..2 * self.w].iter().enumerate() {
            let code = if c >= FIRST_LABEL {
                if map[c as usize] == 0 {
                    map[c as usize] = next;
                    next += 1;
                }
                map[c as usize]
            } else {
                c
            };
            s |= (code as u64) << (4 * k);
        }
        let n = self.states.len() as u32;
        *self.ids.entry(s).or_insert_with(|| {
            self.states.push(s);
            n
        })
    }

    /// The moves from state `id` across one column of `kind`, computed once.
    fn step(&mut self, kind: Kind, id: u32) -> (u32, u32) {
        if let Some(&r) = self.memo.get(&(kind, id)) {
            return r;
        }
        let s = self.states[id as usize];
        let mut cells = [FREE; CELLS];
        for (k, c) in cells[..2 * self.w].iter_mut().enumerate() {
            *c = (s >> (4 * k) & 0xF) as u8;
        }
        let mut out = Vec::new();
        self.column(
            kind,
            0,
            Work {
                cells,
                flags: s & (FREE_END_PLACED | DONE),
            },
            0,
            &mut out,
        );
        let start = self.moves.len() as u32;
        for (work, choice) in out {
            let next = self.id(work);
            self.moves.push((next, choice));
        }
        let r = (start, self.moves.len() as u32 - start);
        self.memo.insert((kind, id), r);
        self.reverse.remove(&kind);
        r
    }

    /// Takes the squares of the column from `row` on, every choice of moves back; a square two
    /// columns back leaves the frontier as soon as its last neighbour ahead is taken, the rest
    /// after the column (all of them after the last column).
    fn column(&self, kind: Kind, row: usize, work: Work, choice: u16, out: &mut Vec<(Work, u16)>) {
        let w = self.w;
        if row == w {
            let mut work = work;
            if kind.last {
                for cell in w..3 * w {
                    if !self.retire(&mut work, cell, true) {
                        return;
                    }
                }
                work.cells = [FULL; CELLS];
            } else {
                work.cells.copy_within(w..3 * w, 0);
                if !self.may_finish(&work) {
                    return;
                }
            }
            out.push((work, choice));
            return;
        }
        let me = 2 * w + row;
        let mut base = work;
        base.cells[me] = if kind.start_row == Some(row as u8) {
            END
        } else {
            FREE
        };
        // Square (c-2, r) has its neighbours ahead at rows r-1 and r+1 of this column.
        let done_behind = [row.checked_sub(1), (row + 2 == w).then_some(w - 1)];
        for &(cells, bits) in &self.choices[row] {
            let mut next = base;
            let joined = cells
                .iter()
                .flatten()
                .all(|&cell| self.join(&mut next, me, cell, kind.last));
            let retired = joined
                && done_behind
                    .iter()
                    .flatten()
                    .all(|&cell| self.retire(&mut next, cell, kind.last));
            if retired {
                self.column(kind, row + 1, next, choice | bits << (4 * row), out);
            }
        }
    }

    /// Whether every square of the frontier can still get the moves it lacks from the squares
    /// ahead (counted as if the board went on), one of them lacking one as the free end.
    fn may_finish(&self, work: &Work) -> bool {
        let w = self.w as i64;
        let mut short = 0;
        for (k, &code) in work.cells[..2 * self.w].iter().enumerate() {
            let need = match code {
                FULL => continue,
                FREE => 2,
                _ => 1,
            };
            let (col, row) = (k as i64 / w, k as i64 % w);
            let ahead: &[i64] = if col == 0 { &[-1, 1] } else { &[-2, 2, -1, 1] };
            let room = ahead
                .iter()
                .filter(|&&d| (0..w).contains(&(row + d)))
                .count();
            short += need - need.min(room);
        }
        short == 0 || (short == 1 && !self.closed && work.flags & FREE_END_PLACED == 0)
    }

    /// Adds the move between frontier squares `a` and `b`, if the rules allow it.
    fn join(&self, work: &mut Work, a: usize, b: usize, last: bool) -> bool {
        let c = &mut work.cells;
        let (x, y) = (c[a], c[b]);
        if x == FULL || y == FULL {
            return false;
        }
        let fresh = || c.iter().copied().max().unwrap().max(FIRST_LABEL - 1) + 1;
        match (x, y) {
            (FREE, FREE) => {
                let l = fresh();
                c[a] = l;
                c[b] = l;
            }
            (FREE, l) | (l, FREE) => {
                c[a] = l;
                c[b] = l;
                let end = if x == FREE { b } else { a };
                c[end] = FULL;
            }
            _ if x == y => {
                // The two ends of one piece (a cycle), or two pieces with final ends (an open
                // tour): only as the very end of the tour.
                if !last || work.flags & DONE != 0 || (x == END) == self.closed {
                    return false;
                }
                c[a] = FULL;
                c[b] = FULL;
                work.flags |= DONE;
            }
            _ => {
                c[a] = FULL;
                c[b] = FULL;
                // The far end of one piece now ends the joined piece.
                let (from, to) = if x == END { (y, END) } else { (x, y) };
                for v in c.iter_mut() {
                    if *v == from {
                        *v = to;
                    }
                }
            }
        }
        true
    }

    /// A square leaves the frontier: with two moves, or with one as the free end of an open tour.
    fn retire(&self, work: &mut Work, cell: usize, last: bool) -> bool {
        let code = work.cells[cell];
        match code {
            FULL => return true,
            FREE => return false,
            _ => {}
        }
        if self.closed || work.flags & FREE_END_PLACED != 0 {
            return false;
        }
        work.flags |= FREE_END_PLACED;
        work.cells[cell] = FULL;
        if code == END {
            if !last || work.flags & DONE != 0 {
                return false;
            }
            work.flags |= DONE;
        } else {
            for v in work.cells.iter_mut() {
                if *v == code {
                    *v = END;
                }
            }
        }
        true
    }
}

/// The board seen as columns along its long side: square (j, i) is column j, row i of the strip.
struct Strip {
    board: Board,
    w: usize,
    len: usize,
}

impl Strip {
    fn new(board: Board) -> Strip {
        Strip {
            board,
            w: board.rows.min(board.cols),
            len: board.rows.max(board.cols),
        }
    }

    fn square(&self, j: usize, i: usize) -> Square {
        if self.board.rows <= self.board.cols {
            Square::new(j as u32, i as u32)
        } else {
            Square::new(i as u32, j as u32)
        }
    }

    fn place(&self, s: Square) -> (usize, usize) {
        if self.board.rows <= self.board.cols {
            (s.col as usize, s.row as usize)
        } else {
            (s.row as usize, s.col as usize)
        }
    }
}

impl Programme {
    /// The id of a set of state ids (sorted), for memoising whole columns.
    fn set_id(&mut self, mut set: Vec<u32>) -> u32 {
        set.sort_unstable();
        let n = self.sets.len() as u32;
        if let Some(&id) = self.set_ids.get(&set) {
            return id;
        }
        self.set_ids.insert(set.clone(), n);
        self.sets.push(set);
        n
    }

    /// The set of states reachable across a column of `kind` from the states of set `from`.
    fn step_set(&mut self, kind: Kind, from: u32) -> u32 {
        if let Some(&to) = self.set_steps.get(&(kind, from)) {
            return to;
        }
        let mut next = Vec::new();
        for k in 0..self.sets[from as usize].len() {
            let id = self.sets[from as usize][k];
            let (start, len) = self.step(kind, id);
            for m in start..start + len {
                let t = self.moves[m as usize].0;
                if self.mark.len() <= t as usize {
                    self.mark.resize(t as usize + 1, false);
                }
                if !self.mark[t as usize] {
                    self.mark[t as usize] = true;
                    next.push(t);
                }
            }
        }
        for &t in &next {
            self.mark[t as usize] = false;
        }
        let to = self.set_id(next);
        self.set_steps.insert((kind, from), to);
        to
    }

    /// The states and moves leading into `target` across a column of `kind`.
    fn preds(&mut self, kind: Kind, target: u32) -> &[(u32, u16)] {
        let reverse = self.reverse.entry(kind).or_insert_with(|| {
            let mut r: HashMap<u32, Vec<(u32, u16)>> = HashMap::new();
            for (&(k, id), &(start, len)) in &self.memo {
                if k == kind {
                    for &(t, choice) in &self.moves[start as usize..(start + len) as usize] {
                        r.entry(t).or_default().push((id, choice));
                    }
                }
            }
            r
        });
        reverse.get(&target).map_or(&[], |v| v.as_slice())
    }
}

/// The kind of every column of the strip for a tour from `start`.
fn kinds(strip: &Strip, start: Square, closed: bool) -> Vec<Kind> {
    let (sj, si) = strip.place(start);
    (0..strip.len)
        .map(|j| Kind {
            start_row: (!closed && j == sj).then_some(si as u8),
            last: j + 1 == strip.len,
        })
        .collect()
}

/// The forward pass: the set (id) of reachable states after every column, the board's edge
/// first. Runs of equal columns repeat a few sets, so this is memoised set by set.
fn forward(p: &mut Programme, kinds: &[Kind], control: &Control) -> Result<Vec<u32>, Error> {
    let mut layers = Vec::with_capacity(kinds.len() + 1);
    layers.push(p.set_id(vec![0]));
    for (j, &kind) in kinds.iter().enumerate() {
        if j % 256 == 0 && control.is_cancelled() {
            return Err(Error::Cancelled);
        }
        let next = p.step_set(kind, layers[j]);
        layers.push(next);
    }
    Ok(layers)
}

/// An accepting state (the tour complete) in the last set of the forward pass.
fn accepting(p: &Programme, layers: &[u32]) -> Option<u32> {
    let last = *layers.last().expect("the forward pass has a first set");
    p.sets[last as usize]
        .iter()
        .copied()
        .find(|&id| p.states[id as usize] & DONE != 0)
}

/// Whether a tour from `start` (closed if asked) exists on a board with 3 or 4 rows or columns.
pub fn exists(board: Board, start: Square, closed: bool, control: &Control) -> Result<bool, Error> {
    let strip = Strip::new(board);
    let mut p = Programme::new(strip.w, closed);
    let layers = forward(&mut p, &kinds(&strip, start, closed), control)?;
    Ok(accepting(&p, &layers).is_some())
}

/// A tour from `start` (closed if asked), or `None` when none exists; the shorter side of the
/// board is 3 or 4 ([`applies`]).
pub fn tour(
    board: Board,
    start: Square,
    closed: bool,
    control: &Control,
) -> Result<Option<Tour>, FindError> {
    let mut p = Programme::new(board.rows.min(board.cols), closed);
    solve(&mut p, board, start, control)
}

/// [`tour`] with a programme that may hold the states of earlier calls (same width, same
/// closedness).
fn solve(
    p: &mut Programme,
    board: Board,
    start: Square,
    control: &Control,
) -> Result<Option<Tour>, FindError> {
    let strip = Strip::new(board);
    let w = strip.w;
    let kinds = kinds(&strip, start, p.closed);
    let layers = forward(p, &kinds, control)?;
    let Some(mut target) = accepting(p, &layers) else {
        return Ok(None);
    };
    // Backward: the moves of every column, from a reachable state that leads to the chosen one.
    let mut choices = vec![0u16; strip.len];
    let mut members = vec![false; p.states.len()];
    let mut marked = u32::MAX;
    for j in (0..strip.len).rev() {
        if j % 256 == 0 && control.is_cancelled() {
            return Err(Error::Cancelled.into());
        }
        if marked != layers[j] {
            members.fill(false);
            for &id in &p.sets[layers[j] as usize] {
                members[id as usize] = true;
            }
            marked = layers[j];
        }
        let &(id, choice) = p
            .preds(kinds[j], target)
            .iter()
            .find(|m| members[m.0 as usize])
            .expect("every reachable state has a reachable predecessor");
        choices[j] = choice;
        target = id;
    }
    // The moves as neighbour lists, then the walk from the start.
    let count = board.square_count();
    let mut adj = vec![[u32::MAX; 2]; count];
    let mut add = |a: u32, b: u32| {
        for (x, y) in [(a, b), (b, a)] {
            let slot = &mut adj[x as usize];
            if slot[0] == u32::MAX {
                slot[0] = y;
            } else {
                slot[1] = y;
            }
        }
    };
    for (j, &choice) in choices.iter().enumerate() {
        for i in 0..w {
            let me = board.index(strip.square(j, i));
            for (cell, bit) in p.back(i) {
                if choice >> (4 * i + bit) & 1 != 0 {
                    let (col, row) = (cell / w, cell % w);
                    let other = strip.square(j + col - 2, row);
                    add(me, board.index(other));
                }
            }
        }
    }
    let mut path = Vec::with_capacity(count);
    let (mut prev, mut cur) = (u32::MAX, board.index(start));
    while path.len() < count && cur != u32::MAX {
        path.push(cur);
        let [a, b] = adj[cur as usize];
        let next = if a != prev { a } else { b };
        (prev, cur) = (cur, next);
    }
    let tour = Tour::from_indices(board, path)?;
    if p.closed {
        tour.check_closed()?;
    }
    Ok(Some(tour))
}

#[cfg(test)]
mod tests {
    use super::super::count;
    use super::*;

    /// Every verdict on `board` agrees with the exhaustive counter; every tour is valid, starts
    /// where asked and is closed when asked.
    fn agree(board: Board, open: &mut Programme, closed: &mut Programme) {
        let control = Control::new();
        let closed_exists = count::closed(board, &control).unwrap() > 0;
        for index in 0..board.square_count() as u32 {
            let s = board.square(index);
            let want = count::open_from(board, s, &control).unwrap() > 0;
            let got = solve(open, board, s, &control).unwrap();
            assert_eq!(got.is_some(), want, "{board} from {s}");
            if let Some(t) = got {
                assert_eq!(t.start(), s);
            }
            let got = solve(closed, board, s, &control).unwrap();
            assert_eq!(got.is_some(), closed_exists, "{board} closed from {s}");
            if let Some(t) = got {
                assert!(t.is_closed() && t.start() == s, "{board} closed from {s}");
            }
        }
    }

    /// Boards `w` x n and n x `w` for n in `lens`, both orientations when `both`.
    fn agree_on(w: usize, lens: std::ops::RangeInclusive<usize>, both: bool) {
        let mut open = Programme::new(w, false);
        let mut closed = Programme::new(w, true);
        for n in lens {
            agree(Board::new(w, n), &mut open, &mut closed);
            if both {
                agree(Board::new(n, w), &mut open, &mut closed);
            }
        }
    }

    #[test]
    fn verdicts_agree_with_the_counter_on_3_rows() {
        agree_on(3, 3..=12, false);
        agree_on(3, 3..=10, true);
    }

    #[test]
    fn verdicts_agree_with_the_counter_on_4_rows() {
        agree_on(4, 4..=9, false);
        agree_on(4, 4..=8, true);
    }

    /// Slow (minutes: the counter enumerates every tour): `cargo test -p queens --lib narrow --
    /// --ignored`.
    #[test]
    #[ignore = "minutes: the counter enumerates every tour of 4x10 and 4x11"]
    fn verdicts_agree_with_the_counter_on_longer_boards() {
        agree_on(4, 10..=11, false);
        agree_on(3, 13..=16, false);
    }

    #[test]
    fn long_boards_both_ways() {
        let control = Control::new();
        for (board, from, closed) in [
            (Board::new(4, 2000), Square::new(0, 0), false),
            (Board::new(2000, 4), Square::new(3, 1000), false),
            (Board::new(3, 2001), Square::new(1001, 1), false),
            (Board::new(2001, 3), Square::new(2, 2000), false),
            (Board::new(3, 2000), Square::new(7, 2), true),
            (Board::new(2000, 3), Square::new(0, 1999), true),
        ] {
            let t = tour(board, from, closed, &control).unwrap().unwrap();
            assert_eq!((t.board(), t.start()), (board, from));
            assert!(!closed || t.is_closed());
        }
    }

    #[test]
    fn no_tour_is_proven_and_cancellation_stops() {
        let control = Control::new();
        // d2 on 3x7 has the colour of a1 but no tour; on 4 rows, tours start on the edge rows.
        let b37 = Board::new(3, 7);
        assert!(!exists(b37, Square::new(3, 1), false, &control).unwrap());
        assert!(exists(b37, Square::new(1, 1), false, &control).unwrap());
        assert!(!exists(Board::new(3, 8), Square::new(2, 1), false, &control).unwrap());
        assert!(!exists(Board::new(4, 20), Square::new(7, 2), false, &control).unwrap());
        assert!(!exists(Board::new(20, 4), Square::new(1, 7), false, &control).unwrap());
        assert!(exists(Board::new(20, 4), Square::new(0, 7), false, &control).unwrap());
        assert!(!exists(Board::new(4, 20), Square::new(0, 0), true, &control).unwrap());
        control.cancel();
        assert!(matches!(
            tour(Board::new(4, 500), Square::new(0, 0), false, &control),
            Err(FindError::Stopped(Error::Cancelled))
        ));
    }

    thread_local! {
        static PROGRAMMES: std::cell::RefCell<HashMap<(usize, bool), Programme>> =
            std::cell::RefCell::new(HashMap::new());
    }

    /// [`solve`] with a programme kept per width and closedness for the whole test run.
    fn cached(board: Board, start: Square, closed: bool) -> Option<Tour> {
        let w = board.rows.min(board.cols);
        PROGRAMMES.with(|all| {
            let mut all = all.borrow_mut();
            let p = all
                .entry((w, closed))
                .or_insert_with(|| Programme::new(w, closed));
            solve(p, board, start, &Control::new()).unwrap()
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// Every tour starts where asked and is closed when asked; the verdict is the same from
        /// the square's images under the board's symmetries (a turn of the board end to end, a
        /// flip of the short side, and the board given the other way round).
        #[test]
        fn verdicts_follow_the_symmetries(
            w in 3usize..=4,
            n in 3usize..=80,
            at in 0usize..320,
            closed: bool,
        ) {
            let n = n.max(w);
            let board = Board::new(w, n);
            let (col, row) = ((at / w) % n, at % w);
            let start = Square::new(col as u32, row as u32);
            let got = cached(board, start, closed);
            if let Some(t) = &got {
                proptest::prop_assert_eq!(t.start(), start);
                proptest::prop_assert!(!closed || t.is_closed());
            }
            let images = [
                (board, Square::new((n - 1 - col) as u32, (w - 1 - row) as u32)),
                (board, Square::new(col as u32, (w - 1 - row) as u32)),
                (Board::new(n, w), Square::new(row as u32, col as u32)),
            ];
            for (b, s) in images {
                proptest::prop_assert_eq!(cached(b, s, closed).is_some(), got.is_some(), "{} {}", b, s);
            }
        }
    }
}
