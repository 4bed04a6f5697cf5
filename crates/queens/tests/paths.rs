//! Every build of an engine that this CPU can run (plain, AVX2, AVX-512, ...) gives the same
//! counts, and they are the published ones (`tests/data/nqueens-counts.tsv`, OEIS A000170;
//! `tests/data/torus.tsv`, OEIS A051906). A machine checks every path it has, not only the one
//! the engines pick.

use queens::count::quarters::{self, Path};
use queens::rules::fewest::{self, Fewest};
use queens::Control;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::path::PathBuf;

#[path = "support/reference.rs"]
mod reference;

/// Column `col` of the rows of `tests/data/<name>` by N (rows with a value there).
fn column(name: &str, col: usize) -> HashMap<usize, u128> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("n\t") && !l.trim().is_empty())
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter_map(|f| Some((f[0].parse().ok()?, f.get(col)?.parse().ok()?)))
        .collect()
}

/// The count of each part of `n` on `path`, within the budget `memory`.
fn part_counts(path: Path, n: usize, memory: Option<usize>) -> (u128, Vec<u128>) {
    let parts = quarters::parts(n);
    let counts = std::sync::Mutex::new(vec![0; parts.len()]);
    let total = quarters::count_parts_on(path, &parts, memory, &Control::new(), &|i, c| {
        counts.lock().unwrap()[i] = c;
    })
    .unwrap();
    (total, counts.into_inner().unwrap())
}

#[test]
fn this_cpu_has_the_paths_its_engines_pick() {
    let quarters = Path::all_available();
    assert_eq!(quarters[0], Path::Plain);
    assert_eq!(Path::best(), *quarters.last().unwrap());
    let fewest = fewest::Path::all_available();
    assert_eq!(fewest[0], fewest::Path::Plain);
    assert_eq!(fewest::Path::best(), *fewest.last().unwrap());
}

#[test]
fn every_path_of_the_quarters_engine_gives_the_same_parts_and_the_published_totals() {
    let published: HashMap<usize, u128> = reference::table()
        .into_iter()
        .map(|r| (r.n, r.total))
        .collect();
    let paths = Path::all_available();
    // No budget, and a budget of one byte (every frame rebuilt, the half boards in slices).
    let runs = (8..=16)
        .map(|n| (n, None))
        .chain((9..=13).map(|n| (n, Some(1))));
    for (n, memory) in runs {
        let (plain_total, plain_parts) = part_counts(Path::Plain, n, memory);
        assert_eq!(plain_total, published[&n], "N = {n}, plain, {memory:?}");
        for &path in &paths[1..] {
            let (total, parts) = part_counts(path, n, memory);
            assert_eq!(total, plain_total, "N = {n}, {path:?}, {memory:?}");
            assert_eq!(parts, plain_parts, "N = {n}, {path:?}, {memory:?}");
        }
    }
}

/// The solutions of the `n` x `n` torus with a queen on a1 found by the search on `path`.
fn torus_solutions(n: usize, path: fewest::Path) -> Vec<Vec<u32>> {
    let mut found = Vec::new();
    Fewest::on(n, path)
        .each_with(&[(0, 0)], &Control::new(), |rows| {
            found.push(rows.to_vec());
            ControlFlow::Continue(())
        })
        .unwrap();
    found
}

#[test]
fn every_path_of_the_torus_search_finds_the_same_solutions_and_the_published_totals() {
    let published = column("torus.tsv", 1);
    for n in [5, 7, 11, 13, 17] {
        let mut plain = torus_solutions(n, fewest::Path::Plain);
        // N translations of the solutions with a queen on a1 make them all.
        assert_eq!(n as u128 * plain.len() as u128, published[&n], "N = {n}");
        plain.sort();
        for path in fewest::Path::all_available() {
            let mut found = torus_solutions(n, path);
            found.sort();
            assert_eq!(found, plain, "N = {n}, {path:?}");
        }
    }
}
