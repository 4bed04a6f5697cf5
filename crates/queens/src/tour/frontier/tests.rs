//! The frontier count against the enumeration of `tour::count`, and against itself on the
//! transposed board.

use super::*;
use crate::square::Square;
use crate::tour::count;

/// The count of a board whose counts fit 128 bits.
fn frontier(board: Board, kind: Kind) -> u128 {
    let count = count(board, kind, None, &Control::new(), &mut |_| {})
        .unwrap()
        .count;
    u128::try_from(&count).expect("a count of at most 128 bits")
}

/// Every board of at most `max` squares with both sides from 1 to `max`.
fn boards(max: usize) -> impl Iterator<Item = Board> {
    (1..=max).flat_map(move |r| (1..=max / r).map(move |c| Board::new(r, c)))
}

/// Closed tours, open tours and tours from every square, both orientations, against the
/// enumeration.
fn agree_with_enumeration(board: Board) {
    let control = Control::new();
    let closed = count::closed(board, &control).unwrap();
    assert_eq!(
        frontier(board, Kind::Closed),
        closed as u128,
        "{board} closed"
    );
    let every = count::open_from_every(board, &control).unwrap();
    let directed: u64 = every.iter().sum();
    let open = frontier(board, Kind::Open);
    let want = if board.square_count() == 1 {
        1
    } else {
        directed as u128 / 2
    };
    assert_eq!(open, want, "{board} open");
    let t = Board::new(board.cols, board.rows);
    assert_eq!(frontier(t, Kind::Closed), closed as u128, "{t} closed");
    assert_eq!(frontier(t, Kind::Open), want, "{t} open");
    for (i, &n) in every.iter().enumerate() {
        let s = board.square(i as u32);
        assert_eq!(
            frontier(board, Kind::From(s)),
            n as u128,
            "{board} from {s}"
        );
    }
}

#[test]
fn equals_the_enumeration_on_boards_of_at_most_24_squares() {
    for board in boards(24) {
        agree_with_enumeration(board);
    }
}

#[test]
#[ignore = "minutes: cargo test -p queens --release -- --ignored at_most_36"]
fn equals_the_enumeration_on_boards_of_at_most_36_squares() {
    for board in boards(36).filter(|b| b.square_count() > 24) {
        agree_with_enumeration(board);
    }
}

#[test]
fn published_counts() {
    // 6x6: 9,862 closed tours (OEIS A001230); 5x5: 1,728 directed open tours, 304 from a
    // corner (A165134); 3x10: 16 closed tours (A070030).
    assert_eq!(frontier(Board::new(6, 6), Kind::Closed), 9862);
    assert_eq!(frontier(Board::new(5, 5), Kind::Open), 864);
    assert_eq!(
        frontier(Board::new(5, 5), Kind::From(Square::new(0, 0))),
        304
    );
    assert_eq!(frontier(Board::new(3, 10), Kind::Closed), 16);
    assert_eq!(frontier(Board::new(10, 3), Kind::Closed), 16);
}

#[test]
fn states_stay_sound() {
    let board = Board::new(5, 6);
    let geo = Geometry::new(board);
    let rules = Rules {
        geo: &geo,
        extra: true,
        from: None,
    };
    let mut level = vec![0u128];
    let mut memo = degrees::Memo::new(1);
    for i in 0..geo.cells() {
        let mut next = Vec::new();
        for &key in &level {
            let cells = Cells::unpack(key, geo.width());
            moves(&rules, &mut memo, &cells, i, |k| next.push(k));
        }
        next.sort_unstable();
        next.dedup();
        assert!(
            next.iter().all(|&k| state::sound(k, geo.width(), true)),
            "cell {i}"
        );
        level = next;
    }
}

/// The count of `kind` on `board` saved after cell `at` (into bytes), and the count itself.
fn saved_at(board: Board, kind: Kind, at: usize) -> (Vec<u8>, BigUint) {
    let mut saved = Vec::new();
    let mut save = |snap: &dyn Snapshot| {
        if snap.cell().0 == at {
            snap.write_to(&mut saved)?;
        }
        Ok(())
    };
    let saving = Saving {
        save: &mut save,
        resume: None,
    };
    let out = count_saving(board, kind, None, &Control::new(), &mut |_| {}, saving).unwrap();
    (saved, out.count)
}

fn resumed(board: Board, kind: Kind, mut from: &[u8]) -> Result<Outcome, FrontierError> {
    let saving = Saving {
        save: &mut |_| Ok(()),
        resume: Some(&mut from),
    };
    count_saving(board, kind, None, &Control::new(), &mut |_| {}, saving)
}

#[test]
fn a_saved_count_resumes_to_the_same_number() {
    let corner = Square::new(0, 0);
    for (board, kind, at) in [
        (Board::new(6, 6), Kind::Closed, 17),
        (Board::new(5, 6), Kind::Open, 12),
        (Board::new(5, 5), Kind::From(corner), 9),
        (Board::new(8, 3), Kind::Open, 20),
        (Board::new(4, 30), Kind::Open, 100),
    ] {
        let (saved, count) = saved_at(board, kind, at);
        assert!(saved.starts_with(MAGIC), "{board} {kind:?}");
        let again = resumed(board, kind, &saved).unwrap();
        assert_eq!(again.count, count, "{board} {kind:?}");
        assert_eq!(again.states.len(), board.square_count());
    }
}

#[test]
fn a_damaged_or_foreign_saved_count_is_refused() {
    let board = Board::new(6, 6);
    let (saved, _) = saved_at(board, Kind::Closed, 17);
    let refused = |bytes: &[u8], board: Board, kind: Kind| {
        matches!(
            resumed(board, kind, bytes),
            Err(FrontierError::Checkpoint(_))
        )
    };
    assert!(refused(&saved, Board::new(6, 7), Kind::Closed));
    assert!(refused(&saved, board, Kind::Open));
    assert!(refused(&saved[..saved.len() - 1], board, Kind::Closed));
    assert!(refused(&saved[..40], board, Kind::Closed));
    assert!(refused(b"not a count", board, Kind::Closed));
    let mut longer = saved.clone();
    longer.push(0);
    assert!(refused(&longer, board, Kind::Closed));
    // Any byte changed past the first line.
    for at in (MAGIC.len()..saved.len()).step_by(97) {
        let mut bad = saved.clone();
        bad[at] ^= 0x10;
        assert!(refused(&bad, board, Kind::Closed), "byte {at}");
    }
}

#[test]
fn boards_too_wide_and_budgets_too_small_say_so() {
    let wide = Board::new(13, 13);
    assert!(matches!(
        count(wide, Kind::Closed, None, &Control::new(), &mut |_| {}),
        Err(FrontierError::TooWide { .. })
    ));
    let r = count(
        Board::new(8, 8),
        Kind::Closed,
        Some(1 << 16),
        &Control::new(),
        &mut |_| {},
    );
    assert!(matches!(r, Err(FrontierError::OverBudget { .. })), "{r:?}");
    let control = Control::new();
    control.cancel();
    let r = count(Board::new(6, 6), Kind::Closed, None, &control, &mut |_| {});
    assert_eq!(r, Err(FrontierError::Stopped(crate::Error::Cancelled)));
}

/// The published counts of `tests/data/knight-tours.tsv`: (rows, cols, kind, count).
fn published() -> Vec<(usize, usize, String, u128)> {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/knight-tours.tsv"
    ));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].to_string(),
                f[3].parse().unwrap(),
            )
        })
        .collect()
}

/// The frontier count of a published row: undirected paths or cycles, or directed tours.
fn of_row(rows: usize, cols: usize, kind: &str) -> u128 {
    let board = Board::new(rows, cols);
    match kind {
        "cycles" => frontier(board, Kind::Closed),
        "paths" => frontier(board, Kind::Open),
        "directed" => 2 * frontier(board, Kind::Open),
        other => panic!("unknown kind {other}"),
    }
}

/// Rows a test run takes in well under a second each.
fn quick(rows: usize, cols: usize, kind: &str) -> bool {
    let short = rows.min(cols);
    match kind {
        "cycles" => short <= 3 || short <= 6 && rows * cols <= 40,
        _ => rows * cols <= 30 || short <= 4 && rows * cols <= 64,
    }
}

#[test]
fn equals_the_published_counts() {
    let rows = published();
    assert!(rows.len() > 150);
    let mut checked = 0;
    for (r, c, kind, want) in rows {
        if quick(r, c, &kind) {
            assert_eq!(of_row(r, c, &kind), want, "{r}x{c} {kind}");
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
#[ignore = "minutes: cargo test -p queens --release -- --ignored published_counts_of_larger"]
fn equals_the_published_counts_of_larger_boards() {
    for (r, c, kind, want) in published() {
        if !quick(r, c, &kind) && r.min(c) <= 6 && r * c <= 72 {
            assert_eq!(of_row(r, c, &kind), want, "{r}x{c} {kind}");
        }
    }
}

/// The count of `kind` on `board` with counts of `first` from the start.
fn starting_with(board: Board, kind: Kind, first: First) -> BigUint {
    count_with(board, kind, None, &Control::new(), &mut |_| {}, first, None)
        .unwrap()
        .count
}

#[test]
fn counts_past_64_bits_go_on_in_128() {
    // 4x30 open tours: 159,369,001,447,556,818,932 paths, past 2^64; the same with counts of
    // 128 bits from the start.
    let board = Board::new(4, 30);
    let count = starting_with(board, Kind::Open, First::U64);
    assert!(count > BigUint::from(u64::MAX));
    assert_eq!(count, starting_with(board, Kind::Open, First::U128));
}

/// 2^bits.
fn power(bits: u32) -> BigUint {
    BigUint::from(1u32) << bits
}

#[test]
fn counts_past_128_and_256_bits_widen_and_stay_exact() {
    // Boards whose counts pass 2^128 (4x60 open) and 2^256 (3x160 open), the sweep passing
    // through every width on the way: the same count as with counts of arbitrary precision
    // from the start; and on 3x160 the tours from every square add up to twice the open tours
    // (each undirected path is a tour from either end), counted apart.
    for (board, past) in [(Board::new(4, 60), 128), (Board::new(3, 160), 256)] {
        let open = starting_with(board, Kind::Open, First::U64);
        assert!(open > power(past), "{board}: {open}");
        assert_eq!(
            open,
            starting_with(board, Kind::Open, First::Big),
            "{board}"
        );
    }
    let board = Board::new(3, 160);
    let open = starting_with(board, Kind::Open, First::U64);
    let every = open_from_every(board, None, &Control::new(), &mut |_| {}).unwrap();
    let sum: BigUint = every.iter().sum();
    assert_eq!(sum, open * 2u32, "{board}");
}

#[test]
fn a_count_saved_with_wide_counts_resumes_to_the_same_number() {
    // 3x160 open tours, saved at cells where the counts are of 64, 128 and 256 bits and of
    // arbitrary precision (each then saved with its length).
    let board = Board::new(3, 160);
    let mut widths = Vec::new();
    for at in [60, 200, 330, 470] {
        let (saved, count) = saved_at(board, Kind::Open, at);
        assert!(count > power(256));
        // The byte that gives the width of the counts saved: after the magic line, the board
        // (8), the kind (5), the cell (4), the total (a length, then its bytes), the peak (8),
        // the record of cells (4 + 8 a cell) and the key's width (1).
        let total = u32::from_le_bytes(saved[MAGIC.len() + 17..][..4].try_into().unwrap());
        widths.push(saved[MAGIC.len() + 17 + 4 + total as usize + 8 + 4 + 8 * at + 1]);
        let again = resumed(board, Kind::Open, &saved).unwrap();
        assert_eq!(again.count, count, "saved at cell {at}");
    }
    assert_eq!(widths, [8, 16, 32, 0]);
}

#[test]
#[ignore = "seconds: cargo test -p queens --release -- --ignored boards_to_40_squares"]
fn equals_the_published_counts_of_boards_to_40_squares() {
    // The benchmark of OEIS A390833 and A392000: every board with both sides from 3 to 12
    // and at most 40 squares, paths and cycles, 80 counts.
    // Several sources give some of them: each once.
    let mut rows = std::collections::BTreeMap::new();
    for (r, c, kind, want) in published() {
        let inside = (3..=12).contains(&r) && (3..=12).contains(&c) && r * c <= 40;
        if inside && kind != "directed" {
            let other = rows.insert((r, c, kind), want);
            assert!(other.is_none_or(|o| o == want));
        }
    }
    assert_eq!(rows.len(), 80);
    for ((r, c, kind), want) in rows {
        assert_eq!(of_row(r, c, &kind), want, "{r}x{c} {kind}");
    }
}

#[test]
#[ignore = "a minute: cargo test -p queens --release -- --ignored six_by_fifteen"]
fn six_by_fifteen_closed_past_64_bits() {
    // OEIS A175881: 255,967,892,553,030,600,920 closed tours of 6 x 15.
    assert_eq!(
        frontier(Board::new(6, 15), Kind::Closed),
        255_967_892_553_030_600_920
    );
}

#[test]
#[ignore = "about 20 GB and 40 minutes on 2 cores: cargo test -p queens --release -- --ignored eight_by_eight_closed"]
fn eight_by_eight_closed() {
    // McKay 1997; OEIS A001230.
    assert_eq!(frontier(Board::new(8, 8), Kind::Closed), 13_267_364_410_532);
}
