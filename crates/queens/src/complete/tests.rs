//! Tests of completion against an independent oracle: every solution of the board (from the
//! plain [`Solutions`] iterator) that keeps the presets and avoids the excluded diagonals.

use super::*;
use crate::solutions::Solutions;
use crate::symmetry::Symmetry;
use proptest::prelude::*;

fn oracle(instance: &Instance) -> Vec<Placement> {
    Solutions::new(instance.n())
        .unwrap()
        .filter(|p| instance.is_completion(p))
        .collect()
}

fn reference_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/completion-ed")
}

/// The reference instances with their verdicts (true = solvable).
pub(crate) fn reference() -> Vec<(String, Instance, bool)> {
    let dir = reference_dir();
    let verdicts = std::fs::read_to_string(dir.join("verdicts.tsv")).expect("verdicts.tsv");
    verdicts
        .lines()
        .skip(1)
        .map(|line| {
            let (name, verdict) = line.split_once('\t').expect("two columns");
            let text = std::fs::read_to_string(dir.join(name)).expect("instance file");
            let file: InstanceFile = serde_json::from_str(&text).expect("instance JSON");
            let instance = Instance::try_from(file).expect("valid instance");
            (name.to_string(), instance, verdict.trim() == "solved")
        })
        .collect()
}

/// All completions found by one engine, sorted.
fn all_by(
    engine: fn(&Instance, &Control, Visit) -> Result<u64, Error>,
    i: &Instance,
) -> Vec<Placement> {
    let mut found = Vec::new();
    engine(i, &Control::new(), &mut |rows| {
        found.push(Placement::from_rows_unchecked(rows.to_vec()));
        true
    })
    .unwrap();
    found.sort();
    found
}

/// A random instance: presets by the paper's generator, then some excluded diagonals that miss
/// the presets.
fn instance_strategy() -> impl Strategy<Value = Instance> {
    (
        1usize..=10,
        0usize..=5,
        any::<u64>(),
        proptest::collection::vec(any::<u32>(), 0..6),
    )
        .prop_filter_map("presets fit", |(n, m, seed, cuts)| {
            let base = generate::generate(n, m.min(n), seed).ok()?;
            let (mut sums, mut diffs) = (Vec::new(), Vec::new());
            for (i, cut) in cuts.iter().enumerate() {
                let v = (*cut as usize % (2 * n - 1)) as i64;
                if i % 2 == 0 {
                    sums.push(v + 2);
                } else {
                    diffs.push(v - (n as i64 - 1));
                }
            }
            Instance::new(n, base.presets(), &sums, &diffs).ok()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn symmetric_images_have_the_images_of_the_completions(instance in instance_strategy()) {
        let expected = oracle(&instance);
        for sym in Symmetry::ALL {
            let image = instance.transformed(sym);
            let mut mapped: Vec<Placement> = expected.iter().map(|p| sym.apply(p)).collect();
            mapped.sort();
            prop_assert_eq!(oracle(&image), mapped);
        }
    }

    #[test]
    fn both_engines_find_exactly_the_completions_of_the_oracle(instance in instance_strategy()) {
        let expected = oracle(&instance);
        prop_assert_eq!(&all_by(bitboard::search, &instance), &expected);
        prop_assert_eq!(&all_by(wide::search, &instance), &expected);
        let counted = count(&instance, &Control::new()).unwrap();
        prop_assert_eq!(counted.count, expected.len() as u128);
        match solve(&instance, &Control::new()).unwrap() {
            Outcome::Solved(p) => prop_assert!(instance.is_completion(&p) && !expected.is_empty()),
            Outcome::Impossible => prop_assert!(expected.is_empty()),
        }
    }
}

#[test]
fn empty_boards_count_all_solutions() {
    for n in 1..=9 {
        let i = Instance::with_presets(n, &[]).unwrap();
        let expected = Solutions::new(n).unwrap().count() as u128;
        assert_eq!(
            count(&i, &Control::new()).unwrap().count,
            expected,
            "n = {n}"
        );
        assert_eq!(all_by(wide::search, &i).len() as u128, expected, "n = {n}");
    }
}

#[test]
fn a_corner_queen_on_four_is_impossible() {
    // The two solutions for N = 4 are 2 4 1 3 and 3 1 4 2: neither uses a1.
    let i = Instance::with_presets(4, &[Square::new(0, 0)]).unwrap();
    assert_eq!(solve(&i, &Control::new()).unwrap(), Outcome::Impossible);
    let j = Instance::with_presets(4, &[Square::new(0, 1)]).unwrap();
    let expected = Placement::parse("2 4 1 3").unwrap();
    assert_eq!(
        solve(&j, &Control::new()).unwrap(),
        Outcome::Solved(expected)
    );
}

#[test]
fn bad_instances_name_the_fault() {
    let attack = Instance::with_presets(8, &[Square::new(0, 0), Square::new(3, 3)]).unwrap_err();
    assert_eq!(
        attack.to_string(),
        "the preset queens on a1 and d4 attack each other on the same diagonal"
    );
    let off = Instance::with_presets(8, &[Square::new(8, 0)]).unwrap_err();
    assert!(off.to_string().contains("i1 is off the 8x8 board"), "{off}");
    let twice = Instance::with_presets(8, &[Square::new(1, 1), Square::new(1, 1)]).unwrap_err();
    assert!(matches!(twice, InstanceError::Repeated(_)));
    assert!(Instance::new(8, &[], &[1], &[]).is_err());
    assert!(Instance::new(8, &[], &[17], &[]).is_err());
    assert!(Instance::new(8, &[], &[2, 16], &[-7, 7]).is_ok());
    assert!(Instance::new(8, &[], &[], &[8]).is_err());
    let on = Instance::new(8, &[Square::new(2, 4)], &[8], &[]).unwrap_err();
    assert_eq!(
        on.to_string(),
        "the preset queen on c5 stands on the excluded sum diagonal 8"
    );
    let file: InstanceFile = serde_json::from_str(r#"{"n":8,"queens":[[0,3]]}"#).unwrap();
    assert!(Instance::try_from(file)
        .unwrap_err()
        .to_string()
        .contains("[0,3]"));
}

#[test]
fn the_file_form_round_trips() {
    let i = Instance::new(
        9,
        &[Square::new(2, 4), Square::new(0, 0)],
        &[3, 18],
        &[-3, 5],
    )
    .unwrap();
    let text = serde_json::to_string(&i.to_file()).unwrap();
    assert_eq!(
        text,
        r#"{"n":9,"queens":[[3,5],[1,1]],"excluded_sums":[3,18],"excluded_differences":[-3,5]}"#
    );
    let back: InstanceFile = serde_json::from_str(&text).unwrap();
    assert_eq!(Instance::try_from(back).unwrap(), i);
}

#[test]
fn reference_instances_fast_subset_agree_with_the_verdicts() {
    // The quick ones in the test profile; all of them (a few seconds): `cargo test -p queens
    // --release --lib reference_instances_all -- --ignored`.
    for (name, instance, solvable) in reference() {
        if ["id4.", "id5.", "id8.", "id12.", "id259."]
            .iter()
            .any(|slow| name.contains(slow))
        {
            continue;
        }
        check_reference(&name, &instance, solvable);
    }
}

/// All sixteen, with the search effort (nodes) on stderr: `cargo test -p queens --release --lib
/// reference_instances_all -- --ignored --nocapture`.
#[test]
#[ignore = "minutes: all sixteen completion instances"]
fn reference_instances_all_agree_with_the_verdicts() {
    for (name, instance, solvable) in reference() {
        check_reference(&name, &instance, solvable);
        let mut found = false;
        let nodes = search(&instance, &Control::new(), &mut |_| {
            found = true;
            false
        })
        .unwrap();
        assert_eq!(found, solvable, "{name}");
        eprintln!(
            "{name}: {} in {nodes} nodes",
            if found { "solved" } else { "impossible" }
        );
    }
}

fn check_reference(name: &str, instance: &Instance, solvable: bool) {
    match solve(instance, &Control::new()).unwrap() {
        Outcome::Solved(p) => {
            assert!(solvable, "{name}: solved, but the verdict is impossible");
            assert!(
                instance.is_completion(&p),
                "{name}: bad answer {}",
                p.perm()
            );
        }
        Outcome::Impossible => assert!(!solvable, "{name}: impossible, but solvable"),
    }
}

#[test]
fn large_boards_complete_with_the_presets_kept() {
    for (n, m, seed) in [(100, 5, 1), (300, 10, 2), (1000, 16, 3)] {
        let i = generate::generate(n, m, seed).unwrap();
        match solve(&i, &Control::new()).unwrap() {
            Outcome::Solved(p) => assert!(i.is_completion(&p), "n = {n}"),
            Outcome::Impossible => panic!("n = {n}: random sparse presets should complete"),
        }
    }
}

#[test]
fn cancelling_stops_the_search() {
    let control = Control::new();
    control.cancel();
    let i = Instance::with_presets(14, &[]).unwrap();
    assert_eq!(count(&i, &control), Err(Error::Cancelled));
    let w = Instance::with_presets(70, &[]).unwrap();
    assert_eq!(count(&w, &control), Err(Error::Cancelled));
}

#[test]
fn the_running_count_ends_equal_to_the_count() {
    let a1 = Square::new(0, 0);
    let cases = [
        (Instance::with_presets(8, &[]).unwrap(), u128::MAX, 92),
        (Instance::with_presets(10, &[a1]).unwrap(), u128::MAX, 64),
        (Instance::with_presets(12, &[]).unwrap(), u128::MAX, 14_200),
        (Instance::with_presets(12, &[]).unwrap(), 5000, 5000),
        (Instance::with_presets(4, &[a1]).unwrap(), u128::MAX, 0),
        // every queen preset: the one completion is the board itself
        (
            Instance::with_presets(
                4,
                &Placement::parse("2 4 1 3")
                    .unwrap()
                    .squares()
                    .collect::<Vec<_>>(),
            )
            .unwrap(),
            u128::MAX,
            1,
        ),
        // the wide engine, past 64
        (Instance::with_presets(66, &[]).unwrap(), 700, 700),
    ];
    for (instance, cap, expected) in cases {
        let control = Control::new();
        let c = count_up_to(&instance, cap, &control).unwrap();
        assert_eq!(c.count, expected, "n = {}", instance.n());
        assert_eq!(control.found() as u128, c.count, "n = {}", instance.n());
    }
    // the wide engine on small boards too, against the oracle
    for n in [6, 8] {
        let i = Instance::with_presets(n, &[]).unwrap();
        let control = Control::new();
        let mut visits = 0u64;
        wide::search(&i, &control, &mut |_| {
            visits += 1;
            true
        })
        .unwrap();
        assert_eq!(control.found(), visits);
        assert_eq!(visits as usize, oracle(&i).len(), "n = {n}");
    }
}

#[test]
fn the_running_count_rises_during_the_search_and_never_runs_ahead() {
    for (n, engine) in [
        (
            12,
            bitboard::search_unordered as fn(&Instance, &Control, Visit) -> _,
        ),
        (12, wide::search),
    ] {
        let i = Instance::with_presets(n, &[]).unwrap();
        let control = Control::new();
        let mut visits = 0u64;
        let mut seen_before_the_end = 0;
        engine(&i, &control, &mut |_| {
            let so_far = control.found();
            // the find being visited is counted, and perhaps not yet reported
            assert!(
                so_far <= visits + 1,
                "{so_far} reported at find {}",
                visits + 1
            );
            seen_before_the_end = so_far;
            visits += 1;
            true
        })
        .unwrap();
        assert_eq!(visits, 14_200);
        assert!(
            seen_before_the_end > 10_000,
            "the count was seen only at {seen_before_the_end} before the end"
        );
        assert_eq!(control.found(), visits);
    }
}

#[test]
fn the_engines_meet_at_64() {
    for n in [63, 64, 65] {
        let i = generate::generate(n, 8, n as u64).unwrap();
        let mut found = None;
        search(&i, &Control::new(), &mut |rows| {
            found = Some(Placement::from_rows_unchecked(rows.to_vec()));
            false
        })
        .unwrap();
        let p = found.expect("sparse presets complete");
        assert!(i.is_completion(&p), "n = {n}");
    }
}

#[test]
fn local_search_answers_are_completions_or_nothing() {
    // Tight boards too: the local search may give up, but never returns a wrong board.
    for (n, m) in [(200, 5), (300, 150), (250, 200)] {
        for seed in 0..3 {
            let Ok(i) = generate::generate(n, m, seed) else {
                continue;
            };
            if let Some(p) = repair::attempt(&i, seed) {
                assert!(i.is_completion(&p), "n = {n}, m = {m}, seed {seed}");
            }
        }
    }
}
