//! Where the queens of the quarters may go once a frame's fixed queens are placed, and the
//! *key* of a square: the diagonals through it that cross the middle file line, the only ones
//! an east and a west half board can share.

/// The board of one frame; squares are (rank, file), 0-based.
pub(super) struct Layout {
    pub n: usize,
    pub h: usize,
    /// The free ranks of the north and south halves.
    pub north: Vec<usize>,
    pub south: Vec<usize>,
    /// The free files of the west and east halves.
    pub west: u32,
    pub east: u32,
    /// The diagonals r + c and r - c + n - 1 taken by the fixed queens.
    pub d1: u64,
    pub d2: u64,
}

impl Layout {
    pub fn new(n: usize, fixed: &[(usize, usize)]) -> Layout {
        let h = n / 2;
        let used_rows: Vec<usize> = fixed.iter().map(|q| q.0).collect();
        let used_cols: u32 = fixed.iter().fold(0, |m, q| m | 1 << q.1);
        Layout {
            n,
            h,
            north: (0..h).filter(|r| !used_rows.contains(r)).collect(),
            south: (n - h..n).filter(|r| !used_rows.contains(r)).collect(),
            west: ((1u32 << h) - 1) & !used_cols,
            east: (((1u64 << n) - (1u64 << (n - h))) as u32) & !used_cols,
            d1: fixed.iter().fold(0, |m, &(r, c)| m | 1 << (r + c)),
            d2: fixed.iter().fold(0, |m, &(r, c)| m | 1 << (r + n - 1 - c)),
        }
    }

    /// The crossing diagonals of one direction.
    pub fn width(&self) -> usize {
        2 * self.h - 1
    }

    /// The width of a key.
    pub fn bits(&self) -> u32 {
        2 * self.width() as u32
    }

    /// All north ranks and all south ranks, as masks.
    pub fn all_north(&self) -> usize {
        (1 << self.north.len()) - 1
    }

    pub fn all_south(&self) -> usize {
        (1 << self.south.len()) - 1
    }

    /// The key bit of a crossing diagonal: `dir` 0 for the diagonals r + c, 1 for r - c, and
    /// `i` its index among the crossing ones of its direction. The longer a diagonal, the more
    /// often it is occupied and the higher its bit; the two longest take the top two bits.
    fn bit(&self, dir: usize, i: usize) -> u32 {
        let dist = i.abs_diff(self.h - 1);
        let side = (i > self.h - 1) as usize;
        let rank = if dist == 0 {
            dir
        } else {
            2 + 4 * (dist - 1) + 2 * side + dir
        };
        self.bits() - 1 - rank as u32
    }

    /// The key bits of the two longest diagonals.
    pub fn longest(&self) -> u64 {
        3 << (self.bits() - 2)
    }

    /// The crossing diagonals through square (r, c), as key bits.
    pub fn key(&self, r: usize, c: usize) -> u64 {
        let s = self.n - self.h;
        let mut key = 0;
        if let Some(i) = (r + c).checked_sub(s).filter(|&i| i < self.width()) {
            key |= 1 << self.bit(0, i);
        }
        if let Some(i) = (r + self.n - 1 - c)
            .checked_sub(s)
            .filter(|&i| i < self.width())
        {
            key |= 1 << self.bit(1, i);
        }
        key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_put_the_longest_diagonals_on_top() {
        let l = Layout::new(8, &[]);
        // (0, 0) lies on the diagonal r = c, (0, 7) on r + c = 7.
        assert_eq!(l.key(0, 0) & l.longest(), 1 << (l.bits() - 1 - 1));
        assert_eq!(l.key(0, 7) & l.longest(), 1 << (l.bits() - 1));
        // Every crossing diagonal has its own bit.
        let all: u64 = (0..8)
            .flat_map(|r| (0..8).map(move |c| (r, c)))
            .fold(0, |m, (r, c)| m | l.key(r, c));
        assert_eq!(all.count_ones(), l.bits());
    }

    #[test]
    fn keys_fit_a_word_up_to_27() {
        let l = Layout::new(27, &[(13, 13)]);
        assert_eq!(l.bits(), 50);
        assert_eq!((l.north.len(), l.south.len()), (13, 13));
        assert_eq!((l.west.count_ones(), l.east.count_ones()), (13, 13));
    }
}
