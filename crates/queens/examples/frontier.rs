//! Times the frontier count of knight's tours. `frontier all40` counts every board with both
//! sides from 3 to 12 and at most 40 squares, paths and cycles (the benchmark of OEIS A390833
//! and A392000); `frontier RxC closed|open ...` counts the boards named. With `FRONTIER_CELLS`
//! set in the environment it prints the states held after every cell.

use queens::control::Control;
use queens::tour::frontier::{count, Kind, Step};
use queens::tour::{BigUint, Board};
use std::time::Instant;

fn run(board: Board, kind: Kind) -> BigUint {
    let start = Instant::now();
    let verbose = std::env::var_os("FRONTIER_CELLS").is_some();
    let mut each = |st: Step| {
        if verbose {
            eprintln!(
                "  cell {}/{}: {} states, {} MB, {:.1} s",
                st.cell,
                st.cells,
                st.states,
                st.bytes >> 20,
                start.elapsed().as_secs_f64()
            );
        }
    };
    let out = count(board, kind, None, &Control::new(), &mut each).expect("count");
    let peak = out.states.iter().max().copied().unwrap_or(0);
    let sum: usize = out.states.iter().sum();
    eprintln!("  {sum} states over all cells");
    eprintln!(
        "{board} {kind:?}: {} ({peak} states at the peak, {} bytes, {:.3} s)",
        out.count,
        out.peak_bytes,
        start.elapsed().as_secs_f64()
    );
    out.count
}

fn main() {
    // As the command does: blocks of a megabyte or more from the system and back to it, the
    // smaller ones kept in the heap (up to 64 MB free) rather than given back at every turn.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets parameters of the allocator, before any thread starts.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let start = Instant::now();
    if args.first().map(String::as_str) == Some("all40") {
        for r in 3..=12 {
            for c in 3..=12 {
                if r * c <= 40 {
                    run(Board::new(r, c), Kind::Open);
                    run(Board::new(r, c), Kind::Closed);
                }
            }
        }
    } else {
        for pair in args.chunks(2) {
            let (r, c) = pair[0].split_once('x').expect("RxC");
            let board = Board::new(r.parse().unwrap(), c.parse().unwrap());
            let kind = if pair.get(1).map(String::as_str) == Some("open") {
                Kind::Open
            } else {
                Kind::Closed
            };
            run(board, kind);
        }
    }
    eprintln!("wall {:.3} s", start.elapsed().as_secs_f64());
}
