//! The frames of a count and the choices of a frame, each taken once per class under the
//! symmetries that keep the frame (see the module comment of [`super`]).

use super::layout::Layout;
use crate::square::Square;
use crate::symmetry::Symmetry;
use serde::Serialize;

/// How a frame's choices are reduced by symmetry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Reduce {
    /// None (a frame of two fixed queens: the frames themselves were reduced).
    None,
    /// The mirror and the flip (odd N, the centre queen alone).
    MirrorFlip,
    /// The flip, and the diagonal trick (even N).
    FlipDiagonals,
}

/// A frame's fixed queens as (rank, file), the size of its class, its reduction.
pub(super) type FrameClass = (Vec<(usize, usize)>, u32, Reduce);

/// The frames for `n` with their weights and reductions: none for even N; for odd N the
/// centre queen, and the pairs of a queen on the middle rank and one on the middle file, one
/// pair per class under the 8 symmetries.
pub(super) fn frames(n: usize) -> Vec<FrameClass> {
    let h = n / 2;
    if n.is_multiple_of(2) {
        return vec![(vec![], 1, Reduce::FlipDiagonals)];
    }
    let mut out = vec![(vec![(h, h)], 1, Reduce::MirrorFlip)];
    let image = |fixed: &[(usize, usize)], g: Symmetry| {
        let mut v: Vec<(usize, usize)> = fixed
            .iter()
            .map(|&(r, c)| {
                let s = g.apply_square(Square::new(c as u32, r as u32), n);
                (s.row as usize, s.col as usize)
            })
            .collect();
        v.sort_unstable();
        v
    };
    for rm in 0..n {
        for cm in 0..n {
            if rm == h || cm == h || rm.abs_diff(h) == cm.abs_diff(h) {
                continue;
            }
            let fixed = image(&[(h, cm), (rm, h)], Symmetry::Identity);
            let mut class: Vec<Vec<(usize, usize)>> =
                Symmetry::ALL.iter().map(|&g| image(&fixed, g)).collect();
            if class.iter().any(|f| *f < fixed) {
                continue;
            }
            class.sort_unstable();
            class.dedup();
            out.push((fixed, class.len() as u32, Reduce::None));
        }
    }
    out
}

/// Reverses the low `bits` bits of `x`.
fn reverse(x: usize, bits: usize) -> usize {
    if bits == 0 {
        0
    } else {
        x.reverse_bits() >> (usize::BITS as usize - bits)
    }
}

/// The choices `(north, south)` of a frame with the north ranks `en` (the ranks of the east
/// queens) that represent their class under the frame's reduction, as `(south, class size)`.
/// The flip (ranks reversed) maps a choice to its reversed choice with the same count, and
/// the mirror (files reversed) to its complement.
pub(super) fn choices(l: &Layout, reduce: Reduce, en: usize) -> Vec<(usize, u32)> {
    let (nn, ns) = (l.north.len(), l.south.len());
    let k = l.east.count_ones();
    let (all_n, all_s) = (l.all_north(), l.all_south());
    let mut out = Vec::new();
    for es in 0..=all_s {
        if en.count_ones() + es.count_ones() != k {
            continue;
        }
        let flip = (reverse(es, ns), reverse(en, nn));
        let mut class = match reduce {
            Reduce::None => vec![(en, es)],
            Reduce::FlipDiagonals => vec![(en, es), flip],
            Reduce::MirrorFlip => vec![
                (en, es),
                (all_n ^ en, all_s ^ es),
                flip,
                (reverse(all_s ^ es, ns), reverse(all_n ^ en, nn)),
            ],
        };
        if class.iter().all(|&x| x >= (en, es)) {
            class.sort_unstable();
            class.dedup();
            out.push((es, class.len() as u32));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_cover_the_middle_rank_and_file() {
        // N = 5: the centre queen, or a queen on the middle rank and one on the middle file
        // not attacking each other, (4 * 4 - 8) = 8 placements in 8 / weight classes.
        let f = frames(5);
        assert_eq!(f[0], (vec![(2, 2)], 1, Reduce::MirrorFlip));
        let placements: u32 = f[1..].iter().map(|x| x.1).sum();
        assert_eq!(placements, 8);
        assert!(frames(6) == vec![(vec![], 1, Reduce::FlipDiagonals)]);
    }

    #[test]
    fn the_classes_of_choices_cover_every_choice_once() {
        for (n, reduce) in [(8, Reduce::FlipDiagonals), (9, Reduce::MirrorFlip)] {
            let fixed = if n % 2 == 1 {
                vec![(n / 2, n / 2)]
            } else {
                vec![]
            };
            let l = Layout::new(n, &fixed);
            let k = l.east.count_ones();
            let every = (0..=l.all_north())
                .flat_map(|en| (0..=l.all_south()).map(move |es| (en, es)))
                .filter(|&(en, es)| en.count_ones() + es.count_ones() == k)
                .count() as u32;
            let weighed: u32 = (0..=l.all_north())
                .flat_map(|en| choices(&l, reduce, en))
                .map(|(_, w)| w)
                .sum();
            assert_eq!(weighed, every, "N = {n}");
        }
    }
}
