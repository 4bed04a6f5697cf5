//! Knight's tours counted at the frontier: a transfer-matrix dynamic programme over the cells
//! of the board, exact for boards far past the reach of enumeration (8x8: 13,267,364,410,532
//! closed tours).
//!
//! The idea (Knuth, The Art of Computer Programming, Volume 4, pre-fascicle 8A: his program
//! DYNAHAM, Algorithm E for cycles and E+ for paths; the transfer-matrix method as McKay used
//! it for the 8x8 closed tours in 1997). A tour is a set of edges of the knight's graph in
//! which every square has degree 2 and which forms one cycle. Take the squares one at a time
//! along the longer side, a column of R cells after another (R the shorter side), and decide
//! for each cell which of its forward edges (to the cells a knight's move ahead: R - 2, R + 2,
//! 2R - 1 and 2R + 1 cells on) the tour uses, as many as its degree still lacks. Only the next
//! 2R + 1 cells can have edges already: that window is the frontier, and all the past matters
//! to the future only through its state: each cell's degree and, for cells of degree 1, which
//! two are the ends of one path fragment (a pairing, labelled canonically). Partial tours with
//! equal states have the same completions, so the programme keeps one entry per state with the
//! number of partial tours reaching it ([`table`]), and the count is the number of ways the
//! last fragment closes into a cycle through every square. A fragment may close only then.
//!
//! Open tours (Hamiltonian paths) are the cycles through one extra vertex joined to every
//! square, the two neighbours of the extra vertex being the ends of the path (Knuth's E+): the
//! state holds its degree, and which fragment ends on it. Tours from a given square are the
//! cycles in which that square is a neighbour of the extra vertex: each undirected path with an
//! end there is one directed tour from it. Directed open tours are twice the undirected paths.
//!
//! States whose window holds a cell that can no longer reach degree 2 (too few neighbours not
//! yet full, the extra vertex counted once) are dropped at once, and so are those in which the
//! squares still to come cannot all get the edges they lack at once (no b-matching of the rest
//! of the board, [`degrees`]; checked in the last 32 cells): on 6x6 open tours that leaves
//! 1.5 million state moves of 4.9. A state is packed 4 bits a
//! cell: in a `u64` for a shorter side of at most 7 (15 cells), in a `u64` by pairs of cells
//! for 8 (17 cells, [`table::Dense`]), else in a `u128` (at most 25 cells: shorter side up to
//! [`MAX_ROWS`]). Counts are `u64` while the sum of all of them, times the most states one
//! state leads to, fits 64 bits (so that none can overflow), `u128` from that cell on, then
//! 256 bits (`bnum`), then arbitrary precision (`num-bigint`), each from the cell where the
//! narrower might not hold the next; the tours closed are summed in arbitrary precision, so
//! that every count is exact and only the memory budget refuses one. A count of 64 bits is stored in
//! 32 beside its key, the rare wider ones kept aside ([`table`]): 12 bytes a slot. The states
//! between two cells are held as dense arrays and filled, by every thread of the pool, into
//! tables split by hash ([`parts`]): about 21 bytes a state at the peak (8x8 closed).
//!
//! The board's mirror top to bottom maps every column onto itself, so at the end of a column
//! (the window then two whole columns and an empty cell) it maps the cells still to come onto
//! themselves, and a state and its mirror image have the same completions: there they are
//! merged into one ([`state::canonical`]; the transfer-matrix method's use of a symmetry of the
//! strip). Every state after it descends from half as many: about a third fewer state moves in
//! all (7x8 closed: 163.6 million before, 105.4 million after). Not for tours from a square,
//! which the mirror moves.

mod degrees;
mod parts;
mod save;
mod state;
mod table;

pub use save::{Snapshot, MAGIC};

use super::Board;
use crate::control::Control;
#[cfg(target_arch = "x86_64")]
use crate::cpu::{enable, Bmi};
use crate::square::Square;
use crate::symmetry::Symmetry;
use bnum::types::U256;
use degrees::Memo;
use num_bigint::BigUint;
use parts::{Chunks, Parts, GATHER};
use rayon::prelude::*;
use state::{Cells, Joined, EMPTY, FULL};
use std::io::Read;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use table::{Chunk, Count, Dense, Key, Table};
use thiserror::Error;

/// The longest shorter side the packed states hold.
pub const MAX_ROWS: usize = 12;

/// What to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Closed tours, undirected (Hamiltonian cycles of the knight's graph).
    Closed,
    /// Open tours, undirected (Hamiltonian paths); directed tours are twice as many.
    Open,
    /// Directed open tours from this square.
    From(Square),
}

/// Why a count did not end with a number.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FrontierError {
    /// Both sides longer than the states hold.
    #[error("the frontier count takes boards with a side of at most {max} squares, not {board}")]
    #[allow(missing_docs)] // the fields are named in the message
    TooWide { board: Board, max: usize },
    /// The table of states outgrew the memory budget.
    #[error("the states of {board} outgrew the memory budget of {budget} bytes at cell {cell} of {cells} ({states} states held)")]
    #[allow(missing_docs)] // the fields are named in the message
    OverBudget {
        board: Board,
        budget: u64,
        cell: usize,
        cells: usize,
        states: usize,
    },
    /// A count overflowed its width: a defect, as the sweep widens its counts before any can.
    #[error("internal error: a count of tours on {board} overflowed its width")]
    #[allow(missing_docs)] // the field is named in the message
    Overflow { board: Board },
    /// A saved count that cannot be resumed.
    #[error("the saved count cannot be resumed: {0}")]
    Checkpoint(String),
    /// The count could not be saved.
    #[error("the count could not be saved: {0}")]
    Save(String),
    /// The control was cancelled.
    #[error(transparent)]
    Stopped(#[from] crate::Error),
}

/// What a count calls after every cell with the count so far: it writes it (through
/// [`Snapshot::write_to`]) when it chooses to.
pub type Save<'a> = &'a mut dyn FnMut(&dyn Snapshot) -> std::io::Result<()>;

/// How a count saves itself between cells, and where it resumes.
pub struct Saving<'a> {
    /// Called after every cell.
    pub save: Save<'a>,
    /// A saved count of the same board and kind to go on from.
    pub resume: Option<&'a mut dyn Read>,
}

/// What a finished count found and what it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The count asked for (undirected cycles or paths, or directed tours from a square),
    /// exact whatever its size.
    pub count: BigUint,
    /// The states held after each cell.
    pub states: Vec<usize>,
    /// The most bytes the tables held at once.
    pub peak_bytes: u64,
}

/// One cell done, for progress.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// Cells done and in all.
    pub cell: usize,
    /// Cells in all.
    pub cells: usize,
    /// States held after the cell.
    pub states: usize,
    /// Bytes the tables hold.
    pub bytes: u64,
}

/// The board as the sweep sees it: `rows` cells a column (the shorter side), `cols` columns,
/// cell `c * rows + r`.
struct Geometry {
    rows: usize,
    cols: usize,
    /// Positions (cells ahead) of the forward neighbours of each cell.
    forward: Vec<Vec<usize>>,
    /// The neighbours of each cell `j` as a mask: bit `reach + off` for the neighbour at
    /// `j + off` (`reach` = 2R + 1, the longest move in cells).
    around: Vec<u64>,
    /// The knight's moves in cells (`c * R + r` on).
    step: [i32; 8],
    /// For each cell `i` and each move, the window positions p (from 1, on the board) whose
    /// cell `i + p` has a neighbour by that move.
    valid: Vec<[u64; 8]>,
    /// For each cell `i`, the window positions 1.. that are on the board, as masks: the white
    /// ones and the black ones (a knight's move changes the colour, +1 or -1), and twice the
    /// sum of the colours of the cells past the window.
    white: Vec<u64>,
    black: Vec<u64>,
    beyond: Vec<i32>,
    /// The rest of the board after each of the last cells, for the degree check
    /// ([`degrees`]): `rest[k]` follows cell `n - rest.len() + k`.
    rest: Vec<degrees::Rest>,
}

impl Geometry {
    fn new(board: Board) -> Geometry {
        let (rows, cols) = if board.rows <= board.cols {
            (board.rows, board.cols)
        } else {
            (board.cols, board.rows)
        };
        let n = rows * cols;
        let reach = 2 * rows as isize + 1;
        let mut forward = vec![Vec::new(); n];
        let mut around = vec![0u64; n];
        let mut sign = vec![0i32; n];
        for c in 0..cols as isize {
            for r in 0..rows as isize {
                let i = c * rows as isize + r;
                sign[i as usize] = if (c + r) % 2 == 0 { 1 } else { -1 };
                for (dc, dr) in crate::square::KNIGHT {
                    let (c2, r2) = (c + dc as isize, r + dr as isize);
                    if c2 < 0 || r2 < 0 || c2 >= cols as isize || r2 >= rows as isize {
                        continue;
                    }
                    let off = c2 * rows as isize + r2 - i;
                    around[i as usize] |= 1 << (reach + off);
                    if off > 0 {
                        forward[i as usize].push(off as usize);
                    }
                }
                forward[i as usize].sort_unstable();
            }
        }
        let mut sign_from = vec![0i32; n + 1];
        for i in (0..n).rev() {
            sign_from[i] = sign_from[i + 1] + sign[i];
        }
        let len = 2 * rows + 2;
        let (mut white, mut black, mut beyond) = (vec![0; n], vec![0; n], vec![0; n]);
        let step = crate::square::KNIGHT.map(|(dc, dr)| dc * rows as i32 + dr);
        let mut valid = vec![[0u64; 8]; n];
        for i in 0..n {
            for p in 1..len.min(n - i) {
                if sign[i + p] > 0 {
                    white[i] |= 1 << p;
                } else {
                    black[i] |= 1 << p;
                }
                let (c, r) = (((i + p) / rows) as i32, ((i + p) % rows) as i32);
                for (m, (dc, dr)) in crate::square::KNIGHT.into_iter().enumerate() {
                    let (c2, r2) = (c + dc, r + dr);
                    if c2 >= 0 && r2 >= 0 && c2 < cols as i32 && r2 < rows as i32 {
                        valid[i][m] |= 1 << p;
                    }
                }
            }
            beyond[i] = 2 * sign_from[(i + len).min(n)];
        }
        let rest = (0..n)
            .filter_map(|i| degrees::Rest::new(rows, cols, i))
            .collect();
        Geometry {
            rows,
            cols,
            forward,
            around,
            step,
            valid,
            white,
            black,
            beyond,
            rest,
        }
    }

    /// The rest of the board after cell `i`, if the degree check takes it.
    fn rest(&self, i: usize) -> Option<&degrees::Rest> {
        let first = self.cells() - self.rest.len();
        i.checked_sub(first).map(|k| &self.rest[k])
    }

    fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// Cells in a stored window.
    fn width(&self) -> usize {
        2 * self.rows + 1
    }

    /// The sweep's cell of a square.
    fn cell(&self, board: Board, s: Square) -> usize {
        let (c, r) = if board.rows <= board.cols {
            (s.col as usize, s.row as usize)
        } else {
            (s.row as usize, s.col as usize)
        };
        c * self.rows + r
    }
}

/// The counting rules of one run.
struct Rules<'a> {
    geo: &'a Geometry,
    /// Whether the extra vertex takes part (open tours).
    extra: bool,
    /// The cell that must be joined to the extra vertex (tours from a square).
    from: Option<usize>,
}

impl Rules<'_> {
    /// Whether the cell at position 0 (cell `i`) may join the extra vertex.
    fn extra_allowed(&self, i: usize, vdeg: u8) -> bool {
        if !self.extra || vdeg >= 2 {
            return false;
        }
        match self.from {
            Some(s) if i < s => vdeg == 0,
            _ => true,
        }
    }

    /// Whether a cycle just closed while doing cell `i` takes in every square.
    fn complete(&self, cells: &Cells, i: usize) -> bool {
        let n = self.geo.cells();
        if i + cells.len < n {
            return false;
        }
        if self.extra && cells.vdeg != 2 {
            return false;
        }
        if self.from.is_some_and(|s| s > i) {
            return false;
        }
        (0..cells.len)
            .take_while(|p| i + p < n)
            .all(|p| cells.code[p] == FULL)
    }

    /// Whether every cell of the window, cell `i` done, can still reach degree 2, and whether
    /// the colours can still balance. The tour alternates colours, so the paths still to be
    /// laid between the fragment ends through the empty cells take in as many cells of each
    /// colour as the ends ask: each path between ends of colours a and b (+1 or -1) holds
    /// -(a + b) / 2 more white cells than black; twice the imbalance of the empty cells plus
    /// the colours of the ends is 0, give or take one for each edge the extra vertex still
    /// takes (it breaks the alternation).
    ///
    /// The check of a move starts from what the state before it gives ([`Base`]).
    #[inline(always)]
    fn viable(&self, base: &Base, deg: &Degrees, vdeg: u8, balance: i32, i: usize) -> bool {
        let slack = if self.extra { 2 - vdeg as i32 } else { 0 };
        if balance.abs() > slack {
            return false;
        }
        let geo = self.geo;
        // The cells with at least one and at least two neighbours still open: those of the
        // state before, less a neighbour for the cells next to a cell the move fills.
        let filled = deg.full & !base.deg.full;
        let (one_open, two_open) = match filled.count_ones() {
            0 => (base.open[0], base.open[1]),
            1 => {
                let t = filled.trailing_zeros() as usize;
                let near = geo.around[i + t] >> (geo.width() - t);
                (
                    base.open[0] & !(near & !base.open[1]),
                    base.open[1] & !(near & !base.open[2]),
                )
            }
            _ => {
                let open = Base::open(geo, deg, i);
                (open[0], open[1])
            }
        };
        let live = geo.white[i] | geo.black[i];
        let (empty, one) = (deg.empty & live, deg.one & live);
        if empty & !one_open != 0 {
            return false;
        }
        // Cells one edge short: the extra vertex must give it.
        let short = (empty & !two_open) | (one & !one_open);
        short == 0 || self.extra && short.count_ones() + vdeg as u32 <= 2
    }
}

impl Rules<'_> {
    /// Whether the squares after cell `i` can still get the edges they lack, the degrees
    /// `deg` (window positions from cell `i`) and `vdeg` those after the move ([`degrees`]).
    #[inline(always)]
    fn completable(&self, memo: &mut Memo, deg: &Degrees, vdeg: u8, i: usize) -> bool {
        let Some(rest) = self.geo.rest(i) else {
            return true;
        };
        let window = (1u64 << (self.geo.width() + 1)) - 1;
        let two = (deg.empty | !window) & rest.on;
        let one = deg.one & rest.on;
        let extra = if self.extra { 2 - vdeg as u32 } else { 0 };
        memo.feasible(rest, window, one, two, extra)
    }
}

/// What the checks of a state's moves start from: the degrees, the colour balance (see
/// [`Rules::viable`]) and the cells with at least one, two and three neighbours open.
struct Base {
    deg: Degrees,
    balance: i32,
    open: [u64; 3],
}

impl Base {
    #[inline(always)]
    fn new(geo: &Geometry, cells: &Cells, i: usize) -> Base {
        let deg = Degrees::of(cells);
        let (white, black) = (geo.white[i], geo.black[i]);
        let ones = |m: u64| m.count_ones() as i32;
        let balance = geo.beyond[i]
            + 2 * (ones(deg.empty & white) - ones(deg.empty & black))
            + (ones(deg.one & white) - ones(deg.one & black));
        Base {
            deg,
            balance,
            open: Base::open(geo, &deg, i),
        }
    }

    /// The window positions (on the board, from 1) with at least one, two and three
    /// neighbours open (not done, not full), all at once: bit p of `there` tells whether the
    /// cell a knight's move from p is open.
    #[inline(always)]
    fn open(geo: &Geometry, deg: &Degrees, i: usize) -> [u64; 3] {
        let open = !deg.full & !1;
        let mut at_least = [0u64; 3];
        for m in 0..8 {
            let step = geo.step[m];
            let there = if step > 0 {
                open >> step
            } else {
                open << -step
            };
            let a = geo.valid[i][m] & there;
            at_least[2] |= at_least[1] & a;
            at_least[1] |= at_least[0] & a;
            at_least[0] |= a;
        }
        at_least
    }

    /// Plus one for a white cell at position `p`, minus one for a black one.
    #[inline(always)]
    fn colour(geo: &Geometry, i: usize, p: usize) -> i32 {
        2 * (geo.white[i] >> p & 1) as i32 - 1
    }
}

/// The degrees of the window's cells as masks of positions (bit p for the cell at p).
#[derive(Clone, Copy)]
struct Degrees {
    empty: u64,
    one: u64,
    full: u64,
}

impl Degrees {
    #[inline(always)]
    fn of(cells: &Cells) -> Degrees {
        let mut d = Degrees {
            empty: 0,
            one: 0,
            full: 0,
        };
        for (p, &c) in cells.code[..cells.len].iter().enumerate() {
            d.empty |= ((c == EMPTY) as u64) << p;
            d.full |= ((c == FULL) as u64) << p;
        }
        d.one = !(d.empty | d.full) & ((1 << cells.len) - 1);
        d
    }

    /// The cell at `p` takes one more edge.
    #[inline(always)]
    fn bump(&mut self, p: usize) {
        let bit = 1u64 << p;
        if self.empty & bit != 0 {
            self.empty ^= bit;
            self.one |= bit;
        } else {
            self.one ^= bit;
            self.full |= bit;
        }
    }
}

/// The frontier count of `kind` on `board`, within `memory` bytes of tables if given, with
/// `step` called after every cell.
pub fn count(
    board: Board,
    kind: Kind,
    memory: Option<u64>,
    control: &Control,
    step: &mut dyn FnMut(Step),
) -> Result<Outcome, FrontierError> {
    count_with(board, kind, memory, control, step, First::U64, None)
}

/// [`count`], saving itself between cells as `saving` asks, and going on from a saved count
/// if it gives one (which must be of the same board and kind: anything else is refused,
/// [`FrontierError::Checkpoint`]).
pub fn count_saving(
    board: Board,
    kind: Kind,
    memory: Option<u64>,
    control: &Control,
    step: &mut dyn FnMut(Step),
    saving: Saving,
) -> Result<Outcome, FrontierError> {
    count_with(board, kind, memory, control, step, First::U64, Some(saving))
}

/// The counts a sweep starts with: 64 bits (the count's own choice), or wider from the start
/// (to check the widening against).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum First {
    U64,
    #[cfg(test)]
    U128,
    #[cfg(test)]
    Big,
}

/// [`count`], with counts of `first` to start with.
fn count_with(
    board: Board,
    kind: Kind,
    memory: Option<u64>,
    control: &Control,
    step: &mut dyn FnMut(Step),
    first: First,
    saving: Option<Saving>,
) -> Result<Outcome, FrontierError> {
    check(board)?;
    let geo = Geometry::new(board);
    let n = geo.cells();
    if n == 1 {
        let count = BigUint::from((kind != Kind::Closed) as u32);
        return Ok(Outcome {
            count,
            states: vec![0],
            peak_bytes: 0,
        });
    }
    let rules = Rules {
        geo: &geo,
        extra: kind != Kind::Closed,
        from: match kind {
            Kind::From(s) => Some(geo.cell(board, s)),
            _ => None,
        },
    };
    let (save, resume) = match saving {
        Some(s) => (Some(s.save), s.resume),
        None => (None, None),
    };
    let mut run = Run {
        board,
        kind,
        save,
        resume,
        rules,
        budget: memory.unwrap_or(u64::MAX),
        control,
        step,
        total: BigUint::ZERO,
        held: Vec::with_capacity(n),
        peak: 0,
        #[cfg(target_arch = "x86_64")]
        bmi: Bmi::detect(),
        #[cfg(not(target_arch = "x86_64"))]
        bmi: None,
    };
    // The window's codes and the extra vertex's degree in 64 bits when they fit.
    if 4 * geo.width() + 2 <= 64 {
        run.sweep::<u64>(first)?;
    } else if geo.width() == 17 {
        run.sweep::<Dense>(first)?;
    } else {
        run.sweep::<u128>(first)?;
    }
    Ok(Outcome {
        count: run.total,
        states: run.held,
        peak_bytes: run.peak,
    })
}

/// One count under way.
struct Run<'a, 's> {
    board: Board,
    kind: Kind,
    save: Option<Save<'s>>,
    resume: Option<&'s mut dyn Read>,
    rules: Rules<'a>,
    budget: u64,
    control: &'a Control,
    step: &'a mut dyn FnMut(Step),
    /// Tours closed so far.
    total: BigUint,
    /// States held after each cell done.
    held: Vec<usize>,
    /// The most bytes the states held at once.
    peak: u64,
    /// The bit-count instructions, when the CPU has them.
    #[cfg(target_arch = "x86_64")]
    bmi: Option<Bmi>,
    #[cfg(not(target_arch = "x86_64"))]
    bmi: Option<()>,
}

/// Below this many states a cell's tables start with room for as many as it reads.
const SMALL_CELL: usize = 1 << 22;

/// The most states one state leads to in one cell (two edges of five: ten), with room; also
/// the most tours one state closes in one cell.
const FAN_OUT: u32 = 16;

impl Run<'_, '_> {
    /// The whole sweep with keys `K`: counts of 64 bits while the sum of all the counts held
    /// times [`FAN_OUT`] fits them (then no count of the next cell can overflow), of 128 bits
    /// from the cell where it might not, then 256, then as many as it takes ([`Count`]); of
    /// `first` from the start.
    fn sweep<K: Key>(&mut self, first: First) -> Result<(), FrontierError> {
        let start = match self.resume.take() {
            Some(r) => self.load::<K>(r)?,
            None => {
                let before = K::from_wide(0);
                match first {
                    First::U64 => Loaded::U64(0, Chunks::one(before, Count::one())),
                    #[cfg(test)]
                    First::U128 => Loaded::U128(0, Chunks::one(before, Count::one())),
                    #[cfg(test)]
                    First::Big => Loaded::Big(0, Chunks::one(before, Count::one())),
                }
            }
        };
        match start {
            Loaded::U64(i, now) => self.widening(i, now),
            Loaded::U128(i, now) => self.widening(i, now),
            Loaded::U256(i, now) => self.widening(i, now),
            Loaded::Big(i, now) => self.widening(i, now),
        }
    }

    /// The cells from `first` on with counts `C`, and on with wider counts from the cell
    /// where they might not fit.
    fn widening<K: Key, C: Count>(
        &mut self,
        first: usize,
        now: Chunks<K, C>,
    ) -> Result<(), FrontierError> {
        match self.cells(first, now)? {
            None => Ok(()),
            Some((i, now)) => self.widening(i, now.widen()),
        }
    }

    /// A saved count read back: its record, and its states with the counts it saved them in.
    fn load<K: Key>(&mut self, r: &mut dyn Read) -> Result<Loaded<K>, FrontierError> {
        let geo = self.rules.geo;
        let mut reader = save::Reader::new(r);
        let key_bytes = std::mem::size_of::<K>();
        let h = reader.header(self.board, self.kind, geo.cells(), key_bytes)?;
        let count_bytes = match h.count_bytes {
            0 => 64,
            b => b as usize,
        };
        let bytes = h.states.saturating_mul((key_bytes + count_bytes) as u64);
        if bytes > self.budget {
            return Err(FrontierError::OverBudget {
                board: self.board,
                budget: self.budget,
                cell: h.cell,
                cells: geo.cells(),
                states: h.states.try_into().unwrap_or(usize::MAX),
            });
        }
        let count_bytes = h.count_bytes;
        (self.total, self.held, self.peak) = (h.total, h.held, h.peak);
        let states = h.states as usize;
        let width = geo.width();
        let extra = self.rules.extra;
        fn read<K: Key, C: Count>(
            reader: &mut save::Reader,
            states: usize,
            ok: impl Fn(K) -> bool,
        ) -> Result<Chunks<K, C>, FrontierError> {
            let mut chunks = Vec::new();
            let mut left = states;
            while left > 0 {
                let take = left.min(1 << 21);
                let mut chunk = Vec::with_capacity(take);
                for _ in 0..take {
                    let (k, c) = reader.state::<K, C>()?;
                    if !ok(k) {
                        return Err(save::damaged("it holds a state no count makes"));
                    }
                    chunk.push((k, c));
                }
                chunks.push(Chunk::from_states(chunk));
                left -= take;
            }
            Ok(Chunks::from_chunks(chunks))
        }
        let ok = |k: K| {
            k != K::NONE && K::from_wide(k.wide()) == k && state::sound(k.wide(), width, extra)
        };
        let r = &mut reader;
        let loaded = match count_bytes {
            8 => Loaded::U64(h.cell, read(r, states, ok)?),
            16 => Loaded::U128(h.cell, read(r, states, ok)?),
            32 => Loaded::U256(h.cell, read(r, states, ok)?),
            _ => Loaded::Big(h.cell, read(r, states, ok)?),
        };
        reader.finish()?;
        Ok(loaded)
    }

    /// The cells from `first` on, `now` the states before it; the cell and the states before
    /// it if the counts of that cell might overflow `C`.
    fn cells<K: Key, C: Count>(
        &mut self,
        first: usize,
        mut now: Chunks<K, C>,
    ) -> Result<Option<Resume<K, C>>, FrontierError> {
        let n = self.rules.geo.cells();
        for i in first..n {
            if !now.sum_fits(FAN_OUT) {
                return Ok(Some((i, now)));
            }
            let (next, closed) = self.cell(i, now)?;
            self.total += closed.big();
            now = next;
            self.held.push(now.len());
            self.control.advance(1);
            (self.step)(Step {
                cell: i + 1,
                cells: n,
                states: now.len(),
                bytes: now.bytes(),
            });
            if self.control.is_cancelled() {
                return Err(crate::Error::Cancelled.into());
            }
            if let Some(save) = &mut self.save {
                let (tag, from) = save::kind_tag(self.board, self.kind);
                let snap = Snap {
                    header: save::Header {
                        board: self.board,
                        kind_tag: tag,
                        from,
                        cell: i + 1,
                        total: self.total.clone(),
                        peak: self.peak,
                        held: self.held.clone(),
                        key_bytes: std::mem::size_of::<K>() as u8,
                        count_bytes: C::SAVED_BYTES,
                        states: now.len() as u64,
                    },
                    cells: n,
                    now: &now,
                };
                save(&snap).map_err(|e| FrontierError::Save(e.to_string()))?;
            }
        }
        Ok(None)
    }

    /// Cell `i`: the states of `now` moved into the next cell's, by as many threads as the
    /// pool has (and the states' chunks allow); returns those and the tours closed.
    fn cell<K: Key, C: Count>(
        &mut self,
        i: usize,
        now: Chunks<K, C>,
    ) -> Result<(Chunks<K, C>, C), FrontierError> {
        let states = now.len();
        // An eighth of the states to start with: a part grows (a copy of its own states only)
        // when it must, to what it will hold at the rate so far, while a table sized to the
        // states before would take its whole room beside them at once. Below a few million
        // states, where the room does not matter, as many as before: growths are then rare.
        let room = if states < SMALL_CELL {
            states
        } else {
            states / 8
        };
        let parts = Parts::new((states >> 16).clamp(1, 256), room, states);
        let held = AtomicU64::new(now.bytes());
        let over = |states: usize| FrontierError::OverBudget {
            board: self.board,
            budget: self.budget,
            cell: i,
            cells: self.rules.geo.cells(),
            states,
        };
        if now.bytes() + parts.bytes() > self.budget {
            return Err(over(states));
        }
        let chunks = now.into_chunks();
        let threads = rayon::current_num_threads().min(chunks.len()).max(1);
        // A column done: a state and its mirror image top to bottom become one (the board's
        // mirror maps the cells to come onto themselves; not for tours from a square).
        let rows = self.rules.geo.rows;
        let mirror = self.rules.from.is_none() && (i + 1).is_multiple_of(rows);
        let work = Work {
            rules: &self.rules,
            i,
            mirror,
            queue: Mutex::new(chunks),
            states,
            parts,
            held,
            peak: AtomicU64::new(0),
            budget: self.budget,
            control: self.control,
        };
        let bmi = self.bmi;
        let results: Vec<Result<C, Stop>> = (0..threads)
            .into_par_iter()
            .map(|_| match bmi {
                #[cfg(target_arch = "x86_64")]
                Some(t) => t.run(&work),
                _ => work.run(),
            })
            .collect();
        self.peak = self.peak.max(work.peak.load(Ordering::Relaxed));
        let mut closed = C::default();
        let overflow = FrontierError::Overflow { board: self.board };
        for r in results {
            let more = match r {
                Ok(c) => c,
                Err(Stop::Budget) => return Err(over(states + work.parts_len())),
                Err(Stop::Overflow) => return Err(overflow),
                Err(Stop::Cancelled) => return Err(crate::Error::Cancelled.into()),
            };
            if !closed.add(&more) {
                return Err(overflow);
            }
        }
        if work.parts.overflowed() {
            return Err(FrontierError::Overflow { board: self.board });
        }
        Ok((work.parts.into_chunks(), closed))
    }
}

/// Where a sweep stops for wider counts: the cell, and the states before it.
type Resume<K, C> = (usize, Chunks<K, C>);

/// A count to go on with from a cell (read back from a save, or the first), with the counts
/// it was saved in.
enum Loaded<K> {
    U64(usize, Chunks<K, u64>),
    U128(usize, Chunks<K, u128>),
    U256(usize, Chunks<K, U256>),
    Big(usize, Chunks<K, BigUint>),
}

/// A count between two cells, to be saved.
struct Snap<'a, K, C: Count> {
    header: save::Header,
    cells: usize,
    now: &'a Chunks<K, C>,
}

impl<K: Key, C: Count> Snapshot for Snap<'_, K, C> {
    fn cell(&self) -> (usize, usize) {
        (self.header.cell, self.cells)
    }
    fn states(&self) -> usize {
        self.now.len()
    }
    fn write_to(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        let mut out = save::Checked::new(w);
        out.header(&self.header)?;
        for (k, c) in self.now.iter() {
            out.state(k, &c)?;
        }
        out.finish()
    }
}

/// Why a thread of a cell stopped early.
enum Stop {
    Budget,
    Overflow,
    Cancelled,
}

/// One cell's work, shared by its threads: the chunks of states still to read, the parts
/// being written.
struct Work<'a, K, C: Count> {
    rules: &'a Rules<'a>,
    i: usize,
    /// Whether the states written are taken up to the mirror ([`state::canonical`]).
    mirror: bool,
    queue: Mutex<Vec<Chunk<K, C>>>,
    /// The states read in all.
    states: usize,
    parts: Parts<K, C>,
    /// Bytes of the chunks not yet freed.
    held: AtomicU64,
    peak: AtomicU64,
    budget: u64,
    control: &'a Control,
}

#[cfg(target_arch = "x86_64")]
impl Bmi {
    /// [`Work::run`] built with the bit-count instructions, for this CPU that has them.
    fn run<K: Key, C: Count>(self, work: &Work<K, C>) -> Result<C, Stop> {
        // SAFETY: `work_bmi` is built for the features of `self`, a token that exists only
        // when the CPU has them (`crate::cpu`).
        unsafe { work_bmi(self, work) }
    }
}

#[cfg(target_arch = "x86_64")]
enable! { Bmi:
/// [`Work::run`] built with the bit-count instructions.
fn work_bmi<K: Key, C: Count>(_t: Bmi, work: &Work<K, C>) -> Result<C, Stop> {
    work.run()
}
}

impl<K: Key, C: Count> Work<'_, K, C> {
    /// States held in the parts (after a stop, for the message).
    fn parts_len(&self) -> usize {
        self.parts.bytes() as usize / Table::<K, C>::SLOT_BYTES as usize * 7 / 8
    }

    /// Whether the parts may grow to `bytes` beside the chunks not yet read.
    fn room(&self, bytes: u64) -> bool {
        let total = bytes + self.held.load(Ordering::Relaxed);
        self.peak.fetch_max(total, Ordering::Relaxed);
        total <= self.budget
    }

    /// One thread: chunks taken from the queue until it is empty, the moves of their states
    /// gathered by part and stored; returns the tours closed (which fit `C`: at most the
    /// sum of the counts times [`FAN_OUT`], [`Count::sum_fits`]).
    #[inline(always)]
    fn run(&self) -> Result<C, Stop> {
        let width = self.rules.geo.width();
        let rows = self.rules.geo.rows;
        let mut gather: Vec<Vec<(K, C)>> = (0..self.parts.count())
            .map(|_| Vec::with_capacity(GATHER))
            .collect();
        let mut closed = C::default();
        let mut failed = false;
        let mut memo = Memo::new(self.states);
        self.room(self.parts.bytes());
        loop {
            let chunk = self.queue.lock().expect("never poisoned").pop();
            let Some(chunk) = chunk else { break };
            for (done, (key, ways)) in chunk.iter().enumerate() {
                let cells = Cells::unpack(key.wide(), width);
                let tours = moves(self.rules, &mut memo, &cells, self.i, |k| {
                    let k = match self.mirror {
                        true => state::canonical(k, rows, width),
                        false => k,
                    };
                    let k = K::from_wide(k);
                    let p = self.parts.part_of(k);
                    gather[p].push((k, ways.clone()));
                    if gather[p].len() == GATHER {
                        failed |= !self.parts.store(p, &mut gather[p], |b| self.room(b));
                        gather[p].clear();
                    }
                });
                if failed {
                    return Err(Stop::Budget);
                }
                if tours > 0 {
                    let more = ways.times(tours).ok_or(Stop::Overflow)?;
                    if !closed.add(&more) {
                        return Err(Stop::Overflow);
                    }
                }
                if done % 65536 == 65535 && self.control.is_cancelled() {
                    return Err(Stop::Cancelled);
                }
            }
            let freed = chunk.bytes();
            self.parts.read(chunk.len());
            drop(chunk);
            self.held.fetch_sub(freed, Ordering::Relaxed);
        }
        for (p, g) in gather.iter_mut().enumerate() {
            if !self.parts.store(p, g, |b| self.room(b)) {
                return Err(Stop::Budget);
            }
        }
        Ok(closed)
    }
}

/// Directed open tours from every square (by square index), one count of [`Kind::From`] per
/// orbit of squares under the symmetries of the board; `step` hears of every cell of every
/// count, numbered across them.
pub fn open_from_every(
    board: Board,
    memory: Option<u64>,
    control: &Control,
    step: &mut dyn FnMut(Step),
) -> Result<Vec<BigUint>, FrontierError> {
    check(board)?;
    let n = board.square_count();
    let (rep, reps) = orbits(board);
    let mut counts = Vec::with_capacity(reps.len());
    for (k, &s) in reps.iter().enumerate() {
        let mut each = |st: Step| {
            step(Step {
                cell: k * n + st.cell,
                cells: reps.len() * n,
                ..st
            })
        };
        counts.push(count(board, Kind::From(s), memory, control, &mut each)?.count);
    }
    Ok(rep.into_iter().map(|r| counts[r].clone()).collect())
}

/// The orbits of the squares of `board` under its symmetries: each square's orbit (by index),
/// and a square of each.
fn orbits(board: Board) -> (Vec<usize>, Vec<Square>) {
    let image = |g: Symmetry, s: Square| g.apply_square_on(s, board.cols, board.rows);
    let mut rep = vec![usize::MAX; board.square_count()];
    let mut reps = Vec::new();
    for i in 0..board.square_count() as u32 {
        if rep[i as usize] != usize::MAX {
            continue;
        }
        let s = board.square(i);
        for g in Symmetry::ALL {
            if let Some(t) = image(g, s) {
                rep[board.index(t) as usize] = reps.len();
            }
        }
        reps.push(s);
    }
    (rep, reps)
}

/// The counts [`open_from_every`] makes on `board`: one a orbit of squares.
pub fn counts_from_every(board: Board) -> usize {
    orbits(board).1.len()
}

/// CPU seconds of the frontier programme per state of its peak and per cell swept, about 0.2
/// microseconds in a release build: 6x6 open tours (1.06 million states at the peak, 36
/// cells) take 8.7 s, 7x8 closed tours (23.6 million, 56 cells) 251 s (BENCHMARKS.md,
/// "tour --count: counting tours", and docs/knight-frontier.md).
pub const SECONDS_PER_STATE_CELL: f64 = 2.0e-7;

/// The CPU seconds a count of `kind` on `board` typically takes: its typical peak of states
/// ([`typical_peak_states`]) times the cells swept times [`SECONDS_PER_STATE_CELL`]. A guide
/// (the peak itself is one), not a bound.
pub fn typical_cpu_seconds(board: Board, kind: Kind) -> f64 {
    typical_peak_states(board, kind) as f64 * board.square_count() as f64 * SECONDS_PER_STATE_CELL
}

/// Bytes a state takes at the peak of a count on `board`, as measured (resident, with blocks
/// of a megabyte or more given back to the system when freed, as the command sets it): the
/// dense copy of a cell's states beside the growing tables of the next; 23 bytes a state of
/// the peak on 7x8 closed (397 MB, 17.4 million states, before the degree check) and 20 on
/// 8x8 (6.7 GB, 339 million), rounded up; 20 bytes a slot instead of 12 where a key takes 128 bits (a shorter side past
/// 8).
pub fn bytes_per_state(board: Board) -> u64 {
    if board.rows.min(board.cols) <= 8 {
        24
    } else {
        40
    }
}

/// The memory a count of `kind` on `board` typically wants at its peak (a guide, not a bound).
pub fn typical_peak_bytes(board: Board, kind: Kind) -> u64 {
    typical_peak_states(board, kind).saturating_mul(bytes_per_state(board))
}

/// The peak states of a count, as measured here on boards of 8 columns with the degree check
/// (5 to 8 rows closed, 5 and 6 rows open; 8x8 closed: 339,462,232, at the last cell before
/// the check), extrapolated by 30 a row beyond (open tours of 7 rows by 12 times the closed,
/// the ratio at 6 rows, and of 8 rows by 9 times, the ratio of the unchecked cells where their
/// peak falls; tours from a square, which the mirror does not merge, half as many again), and
/// by a third a column on shorter boards: a guide for the memory a count will want, not a
/// bound.
pub fn typical_peak_states(board: Board, kind: Kind) -> u64 {
    let rows = board.rows.min(board.cols);
    let long = board.rows.max(board.cols);
    let (closed, open): (&[f64], &[f64]) = (
        &[1.0, 1.0, 1.0, 1e2, 1e3, 3.8e3, 2.1e5, 5.7e6, 3.4e8],
        &[1.0, 1.0, 10.0, 1e3, 1e4, 6.6e4, 2.7e6, 7.0e7, 3.1e9],
    );
    let table = if kind == Kind::Closed { closed } else { open };
    // Tours from a square are not merged with their mirror images: half as many again.
    let mirror = if matches!(kind, Kind::From(_)) {
        1.5
    } else {
        1.0
    };
    let base = mirror * table[rows.min(8)] * 30f64.powi(rows.saturating_sub(8) as i32);
    let short = 3f64.powi(-(8i32 - long as i32).max(0));
    (base * short).min(1e18) as u64
}

/// The moves of cell `i` from one state: every new state goes to `emit`; returns the number
/// of moves that closed a tour.
#[inline(always)]
fn moves(
    rules: &Rules,
    memo: &mut Memo,
    cells: &Cells,
    i: usize,
    mut emit: impl FnMut(u128),
) -> u32 {
    let need = match cells.code[0] {
        EMPTY => 2,
        FULL => 0,
        _ => 1,
    };
    // The edges open to the cell: forward neighbours not full, and 0 for the extra vertex.
    let mut cand = [0usize; 5];
    let mut k = 0;
    for &p in &rules.geo.forward[i] {
        if cells.code[p] != FULL {
            cand[k] = p;
            k += 1;
        }
    }
    let extra = rules.extra_allowed(i, cells.vdeg);
    if extra {
        cand[k] = 0;
        k += 1;
    }
    let forced = rules.from == Some(i);
    if forced && (!extra || need == 0) {
        return 0;
    }
    let mut one = Move {
        rules,
        memo,
        cells,
        i,
        base: Base::new(rules.geo, cells, i),
        near_end: i + cells.len >= rules.geo.cells(),
        forced,
    };
    let mut closed = 0;
    match need {
        0 => closed += one.take(&[], &mut emit),
        1 => {
            for &a in &cand[..k] {
                closed += one.take(&[a], &mut emit);
            }
        }
        _ => {
            for a in 0..k {
                for b in a + 1..k {
                    closed += one.take(&[cand[a], cand[b]], &mut emit);
                }
            }
        }
    }
    closed
}

/// One state at cell `i`, whose moves are being made.
struct Move<'a> {
    rules: &'a Rules<'a>,
    /// The degree checks made in this cell ([`degrees`]).
    memo: &'a mut Memo,
    cells: &'a Cells,
    i: usize,
    /// The state before the move.
    base: Base,
    /// Whether a tour may close at this cell.
    near_end: bool,
    /// Whether the cell must join the extra vertex.
    forced: bool,
}

impl Move<'_> {
    /// The move joining the cell to the cells at `edges` (0: the extra vertex): its state goes
    /// to `emit`; returns 1 if it closed a tour, else 0.
    #[inline(always)]
    fn take(&mut self, edges: &[usize], emit: &mut impl FnMut(u128)) -> u32 {
        if self.forced && !edges.contains(&0) {
            return 0;
        }
        let geo = self.rules.geo;
        let mut deg = self.base.deg;
        let mut vdeg = self.cells.vdeg;
        // A cell's share of the balance is twice its colour when empty, its colour with one
        // edge, nothing when full: each edge takes its colour off.
        let mut balance = self.base.balance;
        for &p in edges {
            if p == 0 {
                vdeg += 1;
            } else {
                deg.bump(p);
                balance -= Base::colour(geo, self.i, p);
            }
        }
        // Only a move that closes the tour may leave the window unviable. A cell already full
        // leaves the degrees as they were when its state was written, and checked if the cell
        // before had a rest ([`Geometry::rest`]): the same question, the same answer.
        let checked = edges.is_empty() && self.i > 0 && geo.rest(self.i - 1).is_some();
        let viable = self.rules.viable(&self.base, &deg, vdeg, balance, self.i)
            && (checked || self.rules.completable(self.memo, &deg, vdeg, self.i));
        if !viable && !self.near_end {
            return 0;
        }
        let mut c = *self.cells;
        for (e, &p) in edges.iter().enumerate() {
            let joined = if p == 0 {
                c.join_extra(0)
            } else {
                c.join(0, p)
            };
            if joined == Joined::Cycle {
                let last = e + 1 == edges.len();
                return (last && self.rules.complete(&c, self.i)) as u32;
            }
        }
        if viable {
            emit(c.shift_and_pack());
        }
        0
    }
}

/// Whether the frontier count takes `board`.
pub fn check(board: Board) -> Result<(), FrontierError> {
    if board.rows.min(board.cols) > MAX_ROWS {
        return Err(FrontierError::TooWide {
            board,
            max: MAX_ROWS,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests;
