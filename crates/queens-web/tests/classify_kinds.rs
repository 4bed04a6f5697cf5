//! `/api/classify` gives the class the library decides, and its label follows the symmetries
//! that fix the placement, for every placement of up to 6 queens.

mod common;

use common::{app, ok};
use queens::{Orbit, Placement};

/// Every permutation of `n` rows (0-based).
fn permutations(n: u32) -> Vec<Vec<u32>> {
    let mut all = vec![Vec::new()];
    for _ in 0..n {
        let mut longer = Vec::new();
        for rows in &all {
            for r in (0..n).filter(|r| !rows.contains(r)) {
                let mut next: Vec<u32> = rows.clone();
                next.push(r);
                longer.push(next);
            }
        }
        all = longer;
    }
    all
}

#[tokio::test]
async fn the_served_class_is_the_librarys_and_follows_the_stabilizer() {
    let app = app();
    for n in 1..=6 {
        for rows in permutations(n) {
            let p = Placement::from_rows(rows).unwrap();
            let query: Vec<String> = p.rows_1based().iter().map(u64::to_string).collect();
            let v = ok(&app, &format!("/api/classify?rows={}", query.join(","))).await;
            let orbit = Orbit::of(&p);
            let fixed_by: Vec<&str> = v["fixed_by"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g.as_str().unwrap())
                .collect();
            let names: Vec<&str> = orbit.stabilizer.iter().map(|g| g.name()).collect();
            assert_eq!(fixed_by, names, "{}", p.perm());
            assert_eq!(
                v["kind"],
                orbit.kind().name().replace(' ', "_"),
                "{}",
                p.perm()
            );
            assert_eq!(v["orbit"].as_u64(), Some(8 / fixed_by.len() as u64));
            let reflections = fixed_by
                .iter()
                .filter(|g| !["identity", "rot90", "rot180", "rot270"].contains(g))
                .count();
            let holds = match v["kind"].as_str().unwrap() {
                "simple" => fixed_by == ["identity"],
                "symmetric" => fixed_by == ["identity", "rot180"],
                "doubly_symmetric" => fixed_by == ["identity", "rot90", "rot180", "rot270"],
                "reflective" => fixed_by.len() == 2 && reflections == 1,
                "doubly_reflective" => fixed_by.len() == 4 && reflections == 2,
                "invariant" => fixed_by.len() == 8,
                _ => false,
            };
            assert!(holds, "{}: {v}", p.perm());
        }
    }
}
