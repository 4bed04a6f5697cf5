//! One frontier state and the moves of one cell: the codes of the window's cells, unpacked
//! into bytes, the edges joined one by one (fragments merged, a cycle closed only when it
//! takes in everything), the window shifted, the labels made canonical and packed again.
//!
//! Codes, packed 4 bits a cell from bit 0 (the first cell of the window): [`EMPTY`] (degree
//! 0), a label 1..=13 (degree 1: the two ends of a fragment share its label, numbered in order
//! of first appearance), [`VEND`] (degree 1, the fragment's other end is the extra vertex
//! joined to every square, used for open tours) and [`FULL`] (degree 2). The degree of the
//! extra vertex sits in the two bits after the window's (bits 60 and 61 for a window of 15
//! cells, the widest that packs in 64 bits).

/// Degree 0.
pub const EMPTY: u8 = 0;
/// A label no canonical state holds, for the fragment a step starts.
const FRESH: u8 = 13;
/// Degree 1, the other end of the fragment is the extra vertex.
pub const VEND: u8 = 14;
/// Degree 2.
pub const FULL: u8 = 15;

/// The window unpacked: `len` cells (the stored window and the cell that enters it) and the
/// degree of the extra vertex.
#[derive(Clone, Copy)]
pub struct Cells {
    pub code: [u8; 32],
    pub len: usize,
    pub vdeg: u8,
}

/// What an edge did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Joined {
    /// The partial tour grew.
    Grew,
    /// A fragment closed into a cycle.
    Cycle,
}

impl Cells {
    /// Unpacks `key`, a window of `width` cells, and appends one empty cell.
    #[inline(always)]
    pub fn unpack(key: u128, width: usize) -> Cells {
        let bits = 4 * width as u32;
        let window = key & ((1u128 << bits) - 1);
        let low = spread(window as u64).to_le_bytes();
        let high = spread((window >> 64) as u64).to_le_bytes();
        let mut code = [EMPTY; 32];
        code[..16].copy_from_slice(&low);
        code[16..].copy_from_slice(&high);
        Cells {
            code,
            len: width + 1,
            vdeg: (key >> bits) as u8 & 3,
        }
    }

    /// The window without its first cell (which is full), labels canonical, packed.
    #[inline(always)]
    pub fn shift_and_pack(&self) -> u128 {
        // The new code of each code: labels numbered as they first appear, 0 until then.
        let mut map = [0u8; 16];
        (map[VEND as usize], map[FULL as usize]) = (VEND, FULL);
        let mut next = 1u8;
        let mut packed = [EMPTY; 32];
        for p in 1..self.len {
            let c = self.code[p & 31] as usize & 15;
            if c != EMPTY as usize && map[c] == 0 {
                map[c] = next;
                next += 1;
            }
            packed[(p - 1) & 31] = map[c];
        }
        let low = u128::from_le_bytes(packed[..16].try_into().expect("16 bytes"));
        let high = u128::from_le_bytes(packed[16..].try_into().expect("16 bytes"));
        let window = gather(low) as u128 | (gather(high) as u128) << 64;
        window | (self.vdeg as u128) << (4 * (self.len - 1))
    }

    /// The position of the other end of the fragment ending at `at` with label `label`.
    #[inline(always)]
    fn mate(&self, at: usize, label: u8) -> usize {
        (0..self.len)
            .find(|&p| p != at && self.code[p] == label)
            .expect("a labelled fragment has two ends in the window")
    }

    /// Joins the cells at positions `a` and `b` (neither full).
    #[inline(always)]
    pub fn join(&mut self, a: usize, b: usize) -> Joined {
        let (ca, cb) = (self.code[a], self.code[b]);
        match (ca, cb) {
            (EMPTY, EMPTY) => {
                self.code[a] = FRESH;
                self.code[b] = FRESH;
            }
            (EMPTY, l) => {
                self.code[a] = l;
                self.code[b] = FULL;
            }
            (l, EMPTY) => {
                self.code[b] = l;
                self.code[a] = FULL;
            }
            (la, lb) if la == lb => {
                self.code[a] = FULL;
                self.code[b] = FULL;
                return Joined::Cycle;
            }
            (VEND, lb) => {
                let m = self.mate(b, lb);
                self.code[m] = VEND;
                self.code[a] = FULL;
                self.code[b] = FULL;
            }
            (la, lb) => {
                let m = self.mate(a, la);
                self.code[m] = lb;
                self.code[a] = FULL;
                self.code[b] = FULL;
            }
        }
        Joined::Grew
    }

    /// Joins the cell at position `a` (not full) to the extra vertex (degree below 2).
    #[inline(always)]
    pub fn join_extra(&mut self, a: usize) -> Joined {
        let ca = self.code[a];
        self.vdeg += 1;
        if self.vdeg == 1 {
            if ca == EMPTY {
                self.code[a] = VEND;
            } else {
                let m = self.mate(a, ca);
                self.code[m] = VEND;
                self.code[a] = FULL;
            }
            return Joined::Grew;
        }
        if ca == VEND {
            self.code[a] = FULL;
            return Joined::Cycle;
        }
        let w = self.mate(a, VEND);
        if ca == EMPTY {
            self.code[a] = FRESH;
            self.code[w] = FRESH;
        } else {
            self.code[w] = ca;
            self.code[a] = FULL;
        }
        Joined::Grew
    }
}

/// The 16 nibbles of `x`, nibble k into byte k (its low half).
#[inline(always)]
fn spread(x: u64) -> u128 {
    let mut v = x as u128;
    v = (v | v << 32) & 0x0000_0000_ffff_ffff_0000_0000_ffff_ffff;
    v = (v | v << 16) & 0x0000_ffff_0000_ffff_0000_ffff_0000_ffff;
    v = (v | v << 8) & 0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff;
    (v | v << 4) & 0x0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f
}

/// The 16 bytes of `v`, each below 16, as nibbles: the inverse of [`spread`].
#[inline(always)]
fn gather(v: u128) -> u64 {
    let mut v = v;
    v = (v | v >> 4) & 0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff;
    v = (v | v >> 8) & 0x0000_ffff_0000_ffff_0000_ffff_0000_ffff;
    v = (v | v >> 16) & 0x0000_0000_ffff_ffff_0000_0000_ffff_ffff;
    (v | v >> 32) as u64
}

/// The state `key` seen in the board's mirror top to bottom, when its window starts a column
/// of `rows` cells: two whole columns, each read the other way, and an empty last cell (no
/// edge reaches two columns ahead). The labels are made canonical again. The mirror maps the
/// cells still to come onto themselves, so a state and its image have the same completions.
#[inline]
pub fn mirrored(key: u128, rows: usize, width: usize) -> u128 {
    let c = Cells::unpack(key, width);
    debug_assert_eq!(c.code[width - 1], EMPTY, "a window that starts a column");
    // The image one cell on, since `shift_and_pack` leaves out the first cell.
    debug_assert_eq!(width, 2 * rows + 1);
    let mut m = c;
    for r in 0..rows {
        m.code[(1 + r) & 31] = c.code[(rows - 1 - r) & 31];
        m.code[(1 + rows + r) & 31] = c.code[(2 * rows - 1 - r) & 31];
    }
    m.code[width & 31] = EMPTY;
    m.shift_and_pack()
}

/// The smaller of `key` and its mirror image ([`mirrored`]): one state for the two.
#[inline]
pub fn canonical(key: u128, rows: usize, width: usize) -> u128 {
    key.min(mirrored(key, rows, width))
}

/// Whether `key`, a window of `width` cells, is a state a count can hold: every label twice
/// and numbered in order of first appearance, at most one end on the extra vertex and its
/// degree at most 2 (both none without it), no code that is not stored.
pub fn sound(key: u128, width: usize, extra: bool) -> bool {
    let c = Cells::unpack(key, width);
    if key >> (4 * width + 2) != 0 || c.vdeg > 2 || !extra && c.vdeg > 0 {
        return false;
    }
    let mut seen = [0u8; 16];
    let mut next = 1;
    for &x in &c.code[..width] {
        if (1..FRESH).contains(&x) {
            if seen[x as usize] == 0 {
                if x != next {
                    return false;
                }
                next += 1;
            }
        } else if x == FRESH {
            return false;
        }
        seen[x as usize] += 1;
    }
    let vend = seen[VEND as usize] as usize;
    (1..FRESH as usize).all(|l| seen[l] == 0 || seen[l] == 2) && vend <= 1 && (extra || vend == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(codes: &[u8], vdeg: u8) -> Cells {
        let mut code = [EMPTY; 32];
        code[..codes.len()].copy_from_slice(codes);
        Cells {
            code,
            len: codes.len(),
            vdeg,
        }
    }

    #[test]
    fn nibbles_spread_into_bytes_and_back() {
        let x = 0xfedc_ba98_7654_3210u64;
        let v = spread(x);
        assert_eq!(v.to_le_bytes(), core::array::from_fn(|k| k as u8));
        assert_eq!(gather(v), x);
        // A window of 25 cells (a shorter side of 12) and the extra vertex's degree.
        let key =
            (2u128 << 100) | 0x0_0123_4567_89ab_cdef_fedc_ba98_7654_3210u128 & ((1 << 100) - 1);
        let c = Cells::unpack(key, 25);
        assert_eq!(c.vdeg, 2);
        assert_eq!(c.code[0], 0);
        assert_eq!(c.code[1], 1);
        assert_eq!((c.code[16], c.code[24]), (15, 7));
        assert_eq!(c.code[25], EMPTY);
    }

    #[test]
    fn joins_merge_fragments_and_pack_canonically() {
        // Fragments 1 (positions 1, 3) and 2 (positions 2, 4); joining 1 and 2 leaves one
        // fragment from 3 to 4.
        let mut c = cells(&[FULL, 1, 2, 1, 2, EMPTY], 0);
        assert_eq!(c.join(1, 2), Joined::Grew);
        assert_eq!(&c.code[..6], &[FULL, FULL, FULL, 2, 2, EMPTY]);
        // Shifted and relabelled: FULL FULL 1 1 EMPTY.
        let key = c.shift_and_pack();
        let back = Cells::unpack(key, 5);
        assert_eq!(&back.code[..5], &[FULL, FULL, 1, 1, EMPTY]);
        let mut c = cells(&[1, EMPTY, 1], 0);
        assert_eq!(c.join(0, 2), Joined::Cycle);
    }

    #[test]
    fn mirrored_states_read_each_column_the_other_way() {
        // Rows 3: window of 7 cells, columns (0 1 2) and (3 4 5), cell 6 empty.
        let codes = [1, FULL, 2, EMPTY, 2, 1, EMPTY];
        let key = cells(&[FULL, 1, FULL, 2, EMPTY, 2, 1, EMPTY], 1).shift_and_pack();
        assert_eq!(&Cells::unpack(key, 7).code[..7], &codes);
        let m = mirrored(key, 3, 7);
        // Columns reversed: (2 FULL 1) (1 2 EMPTY), relabelled: (1 FULL 2) (2 1 EMPTY).
        let back = Cells::unpack(m, 7);
        assert_eq!(&back.code[..7], &[1, FULL, 2, 2, 1, EMPTY, EMPTY]);
        assert_eq!(back.vdeg, 1);
        assert_eq!(mirrored(m, 3, 7), key);
        assert_eq!(canonical(key, 3, 7), canonical(m, 3, 7));
    }

    #[test]
    fn the_extra_vertex_makes_paths_into_cycles() {
        let mut c = cells(&[EMPTY, 1, 1, EMPTY], 0);
        assert_eq!(c.join_extra(1), Joined::Grew);
        assert_eq!(&c.code[..4], &[EMPTY, FULL, VEND, EMPTY]);
        assert_eq!(c.join_extra(0), Joined::Grew);
        assert_eq!(&c.code[..4], &[FRESH, FULL, FRESH, EMPTY]);
        assert_eq!(c.vdeg, 2);
        let mut c = cells(&[VEND, 1, 1], 1);
        assert_eq!(c.join_extra(0), Joined::Cycle);
    }
}
