//! The iterative program of seed 000: nested loops over one array, no recursion, and only half
//! of the board searched.
//!
//! Source: K. S. Tkachenko, "An interesting solution of the eight queens problem" (seed 000),
//! after Lamoitier's Fortran exercises; listings 1-3 (C, Java, Python) and listing 4 (its
//! output, 46 solutions for N = 8). One integer array `d` (`d[i]` is the row of the queen in
//! column `i`, 1-based) and a column index `i`. The outer loop starts a new column at row 1;
//! the inner loop tests the queen of column `i` against columns 1..i-1 (same row, or
//! `|d[i] - d[j]| == |i - j|`). A safe queen moves `i` on to the next column; after the last
//! column the solution is printed and `i` stays on it. Then `i` falls back over every column
//! whose queen is on the last row, and the queen of column `i` moves up one row.
//!
//! The program stops as soon as the first queen passes the middle of its column (`d[1] >= 5`
//! for N = 8): the other solutions are the mirror images (ranks reversed) of those found.
//! With `half`, only the solutions the program itself prints are reported, exactly its
//! listing 4; otherwise each is followed by its mirror image. For odd N the first queen also
//! tries the middle row, whose solutions mirror onto solutions of the same middle row, so
//! those are not reflected. The program's `d[0]`-style indexing past the first column (when
//! N = 1) is guarded here.

use super::{Event, Stats};
use super::{Search, Step};
use crate::placement::Placement;
use crate::square::Square;
use crate::symmetry::Symmetry;
use std::ops::ControlFlow;

pub(crate) fn search<F: FnMut(&Event, &Stats) -> ControlFlow<()>>(
    n: usize,
    half: bool,
    s: &mut Search<F>,
) -> Step {
    // The last row the first queen tries: 4 of 8, and the middle row of an odd board.
    let last_first = n.div_ceil(2);
    let middle = if n % 2 == 1 { n.div_ceil(2) } else { 0 };
    let square = |i: usize, row: usize| Square::new(i as u32 - 1, row as u32 - 1);
    let mut d = vec![0usize; n + 1];
    let mut i = 1;
    // Columns 1..=placed hold queens that passed the test.
    let mut placed = 0;
    s.control().set_total(last_first as u64);
    s.node();
    loop {
        d[i] = 1;
        loop {
            let mut under_attack = None;
            if i != 1 {
                s.tests(1)?;
                for j in 1..i {
                    if d[i] == d[j] || d[i].abs_diff(d[j]) == i - j {
                        under_attack = Some(j);
                        break;
                    }
                }
            } else if d[1] > last_first {
                return Ok(());
            }
            match under_attack {
                None => {
                    s.place(square(i, d[i]))?;
                    placed = i;
                    i += 1;
                    if i <= n {
                        break;
                    }
                    let rows: Vec<u32> = d[1..].iter().map(|&r| r as u32 - 1).collect();
                    let p = Placement::from_rows_unchecked(rows);
                    s.solution(&p, false)?;
                    if !half && d[1] != middle {
                        s.solution(&Symmetry::FlipRanks.apply(&p), true)?;
                    }
                    i = n;
                }
                Some(j) => {
                    let (sq, by) = (square(i, d[i]), square(j, d[j]));
                    s.reject(sq, by.queen_attack(sq).expect("attacked"), || Some(by))?;
                }
            }
            while d[i] >= n {
                if placed >= i {
                    s.remove(square(i, d[i]))?;
                    placed = i - 1;
                }
                i -= 1;
                if i == 0 {
                    return Ok(());
                }
            }
            if placed >= i {
                s.remove(square(i, d[i]))?;
                placed = i - 1;
                if i == 1 {
                    s.control().advance(1);
                }
            }
            d[i] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::classic::{run, Algorithm, Event, Options};
    use crate::Control;
    use std::ops::ControlFlow;

    fn half(n: usize) -> Vec<String> {
        let mut out = Vec::new();
        let options = Options {
            trace: false,
            half: true,
        };
        run(Algorithm::Iterative, n, options, &Control::new(), |e| {
            if let Event::Solution { placement, .. } = e {
                out.push(placement.perm());
            }
            ControlFlow::Continue(())
        })
        .unwrap();
        out
    }

    #[test]
    fn the_half_has_the_first_queen_in_the_lower_half() {
        let h = half(8);
        assert_eq!(h.len(), 46);
        assert!(h.iter().all(|p| p.as_bytes()[0] <= b'4'));
        // Odd boards: the middle row is searched and not mirrored.
        assert_eq!(half(5).len(), 6);
        assert_eq!(half(1), vec!["1"]);
        assert!(half(2).is_empty() && half(3).is_empty());
    }
}
