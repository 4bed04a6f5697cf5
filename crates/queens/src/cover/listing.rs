//! Pieces shared by the listings of [`super::pairs`] and [`super::quads`]: both list the
//! solutions of a board's open squares depth first, placing next the empty file with the fewest
//! open ranks, both draw random solutions by shuffling the order of the ranks tried, and both
//! completions keep only the candidates that cross the diagonals every solution left must cross.

/// The empty file (of the bits `empty`) with the fewest open ranks, and those ranks; `None` at
/// a dead end: a file with no open rank, a rank (of those not in `ranks`) no empty file can
/// reach, or a diagonal of `must` (bits r - f + N - 1 and f + r, as `up` and `down`) that is
/// not crossed yet and that no empty file can reach. `open(f)` gives the ranks file `f` may
/// take before the queens placed are counted; the reach of the diagonals is followed only while
/// one that must be crossed is not yet.
pub(super) fn tightest_file(
    n: usize,
    empty: u64,
    must: (u64, u64),
    (ranks, up, down): (u64, u64, u64),
    open: impl Fn(usize) -> u64,
) -> Option<(usize, u64)> {
    let free = !ranks & ((1u64 << n) - 1);
    let crossed = up & must.0 == must.0 && down & must.1 == must.1;
    let (mut best, mut best_open, mut fewest) = (0, 0, u32::MAX);
    let (mut reach, mut reach_up, mut reach_down) = (0u64, up, down);
    let mut files = empty;
    while files != 0 {
        let f = files.trailing_zeros() as usize;
        files &= files - 1;
        let open = open(f) & free & !((down >> f) | (up >> (n - 1 - f)));
        if open == 0 {
            return None;
        }
        reach |= open;
        if !crossed {
            reach_up |= open << (n - 1 - f);
            reach_down |= open << f;
        }
        if fewest > 1 {
            let k = open.count_ones();
            if k < fewest {
                (best, best_open, fewest) = (f, open, k);
            }
        }
    }
    let crossable = crossed || reach_up & must.0 == must.0 && reach_down & must.1 == must.1;
    (reach == free && crossable).then_some((best, best_open))
}

/// Shuffles `order` in place from the xorshift state `state` (Fisher and Yates).
pub(super) fn shuffle(order: &mut [u8], state: &mut u64) {
    for k in (1..order.len()).rev() {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        order.swap(k, (*state % (k as u64 + 1)) as usize);
    }
}

/// The candidates (of `cands`, indices into `crossing`) that cross every diagonal of `must`:
/// `crossing[i]` and `must` are diagonals r - f + N - 1 and anti-diagonals f + r, as bits.
pub(super) fn crossing_all(cands: &[u32], crossing: &[(u64, u64)], must: (u64, u64)) -> Vec<u32> {
    let (up, down) = must;
    cands
        .iter()
        .copied()
        .filter(|&i| {
            let (u, d) = crossing[i as usize];
            u & up == up && d & down == down
        })
        .collect()
}
