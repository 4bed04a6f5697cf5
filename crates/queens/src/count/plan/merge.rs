//! The results of the K shares of one count added up, after checking that they are the shares
//! of one plan and cover every part exactly once.
//!
//! Every shard says which plan it belongs to (N, engine, format version, fingerprint of the
//! list of parts, the number of parts) and which share it is (I of K) and which parts it
//! counted. They must all agree on the plan and on K, hold each share 0..K once, and together
//! cover the parts 0..P once each: then the sum of their sums is the sum over every part, and
//! the counts of the board follow ([`super::counts`]). Anything else is refused, naming the
//! shards at fault by their position in the list given.

use super::counts;
use crate::count::{Counts, Engine};
use thiserror::Error;

/// What one shard says about itself and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardSummary {
    /// The board size.
    pub n: usize,
    /// The engine that counted (quarters or dihedral).
    pub engine: Engine,
    /// The plan's format version.
    pub version: u32,
    /// The plan's fingerprint.
    pub fingerprint: String,
    /// The number of parts of the whole plan.
    pub parts: usize,
    /// Which share: 0 to `shares - 1`.
    pub index: usize,
    /// The number of shares, K.
    pub shares: usize,
    /// The parts counted, as indices into the plan's list.
    pub covered: Vec<usize>,
    /// The sum of their counts, in the engine's units.
    pub sum: u128,
}

/// Why shards do not add up to a count. Shards are named by their position in the list.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[allow(missing_docs)] // the fields are named in the messages
pub enum MergeError {
    #[error("no shard to merge")]
    Empty,
    #[error("shards {first} and {other} differ in {what}: {a} and {b}")]
    Mismatch {
        what: &'static str,
        first: usize,
        other: usize,
        a: String,
        b: String,
    },
    #[error("shard {shard} says it is share {index} of {shares}: shares go from 0 to {last}", last = shares.saturating_sub(1))]
    BadIndex {
        shard: usize,
        index: usize,
        shares: usize,
    },
    #[error("shards {first} and {second} are both share {index}")]
    Duplicate {
        index: usize,
        first: usize,
        second: usize,
    },
    #[error("missing {} of the {shares} shares: {}", missing.len(), list(missing))]
    Missing { missing: Vec<usize>, shares: usize },
    #[error("shard {shard} names part {part}, but the plan has {parts} parts")]
    OutOfRange {
        shard: usize,
        part: usize,
        parts: usize,
    },
    #[error("part {part} is counted in shards {first} and {second}")]
    Overlap {
        part: usize,
        first: usize,
        second: usize,
    },
    #[error("{} of {parts} counted in no shard, such as part {first}", plural(*uncovered, "part"))]
    Gap {
        first: usize,
        uncovered: usize,
        parts: usize,
    },
    #[error("the sums add up to {sum}, which is not a whole number of solutions whose orbits add up to it: a shard is damaged")]
    NotWhole { sum: String },
}

fn plural(k: usize, word: &str) -> String {
    if k == 1 {
        format!("1 {word}")
    } else {
        format!("{k} {word}s")
    }
}

/// At most ten numbers, then how many more.
fn list(xs: &[usize]) -> String {
    let shown: Vec<String> = xs.iter().take(10).map(usize::to_string).collect();
    match xs.len() {
        0..=10 => shown.join(", "),
        k => format!("{}, ... ({} more)", shown.join(", "), k - 10),
    }
}

/// The counts of the board from the results of all the shares of one plan.
pub fn merge(shards: &[ShardSummary]) -> Result<Counts, MergeError> {
    let first = shards.first().ok_or(MergeError::Empty)?;
    for (j, s) in shards.iter().enumerate().skip(1) {
        same(first, s, j)?;
    }
    let shares = first.shares;
    let mut holder: Vec<Option<usize>> = vec![None; shares];
    for (j, s) in shards.iter().enumerate() {
        let slot = holder.get_mut(s.index).ok_or(MergeError::BadIndex {
            shard: j,
            index: s.index,
            shares,
        })?;
        if let Some(first) = slot {
            let (first, second, index) = (*first, j, s.index);
            return Err(MergeError::Duplicate {
                index,
                first,
                second,
            });
        }
        *slot = Some(j);
    }
    let missing: Vec<usize> = (0..shares).filter(|&i| holder[i].is_none()).collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing { missing, shares });
    }
    cover(shards, first.parts)?;
    let mut sum = 0u128;
    for s in shards {
        sum = sum.checked_add(s.sum).ok_or_else(|| MergeError::NotWhole {
            sum: "more than 2^128".into(),
        })?;
    }
    counts(first.n, first.engine, sum).ok_or(MergeError::NotWhole {
        sum: sum.to_string(),
    })
}

/// Shard `j` belongs to the plan of the first shard, with the same K.
fn same(a: &ShardSummary, b: &ShardSummary, j: usize) -> Result<(), MergeError> {
    let fields: [(&'static str, String, String); 6] = [
        ("N", a.n.to_string(), b.n.to_string()),
        ("engine", a.engine.name().into(), b.engine.name().into()),
        (
            "format version",
            a.version.to_string(),
            b.version.to_string(),
        ),
        (
            "number of shares",
            a.shares.to_string(),
            b.shares.to_string(),
        ),
        ("fingerprint", a.fingerprint.clone(), b.fingerprint.clone()),
        ("number of parts", a.parts.to_string(), b.parts.to_string()),
    ];
    for (what, x, y) in fields {
        if x != y {
            return Err(MergeError::Mismatch {
                what,
                first: 0,
                other: j,
                a: x,
                b: y,
            });
        }
    }
    Ok(())
}

/// Every part 0..parts in exactly one shard.
fn cover(shards: &[ShardSummary], parts: usize) -> Result<(), MergeError> {
    let mut owner: Vec<Option<usize>> = vec![None; parts];
    for (j, s) in shards.iter().enumerate() {
        for &part in &s.covered {
            let slot = owner.get_mut(part).ok_or(MergeError::OutOfRange {
                shard: j,
                part,
                parts,
            })?;
            if let Some(first) = slot {
                let first = *first;
                return Err(MergeError::Overlap {
                    part,
                    first,
                    second: j,
                });
            }
            *slot = Some(j);
        }
    }
    let uncovered = owner.iter().filter(|o| o.is_none()).count();
    match owner.iter().position(Option::is_none) {
        Some(first) => Err(MergeError::Gap {
            first,
            uncovered,
            parts,
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{split, Plan};
    use super::*;
    use crate::control::Control;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    /// The plans of a few N with every part's count, computed once.
    fn counted(which: usize) -> &'static (Plan, Vec<u128>) {
        static PLANS: OnceLock<Vec<(Plan, Vec<u128>)>> = OnceLock::new();
        &PLANS.get_or_init(|| {
            [
                (9, Engine::Quarters),
                (10, Engine::Dihedral),
                (12, Engine::Quarters),
            ]
            .into_iter()
            .map(|(n, e)| {
                let plan = Plan::new(n, e).unwrap();
                let counts = (0..plan.len())
                    .map(|i| plan.count(&[i], &Control::new(), &|_, _| {}).unwrap())
                    .collect();
                (plan, counts)
            })
            .collect()
        })[which]
    }

    fn summary(
        plan: &Plan,
        counts: &[u128],
        index: usize,
        parts: Vec<usize>,
        k: usize,
    ) -> ShardSummary {
        ShardSummary {
            n: plan.n(),
            engine: plan.engine(),
            version: super::super::VERSION,
            fingerprint: plan.fingerprint().to_string(),
            parts: plan.len(),
            index,
            shares: k,
            sum: parts.iter().map(|&i| counts[i]).sum(),
            covered: parts,
        }
    }

    /// Shard summaries of `plan` for any assignment of its parts to `k` shares.
    fn shards_of(plan: &Plan, counts: &[u128], owner: &[usize], k: usize) -> Vec<ShardSummary> {
        (0..k)
            .map(|s| {
                let parts = (0..plan.len()).filter(|&i| owner[i] % k == s).collect();
                summary(plan, counts, s, parts, k)
            })
            .collect()
    }

    fn whole(plan: &Plan) -> Counts {
        crate::count::count(plan.n(), plan.engine(), &Control::new()).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn any_partition_merged_in_any_order_is_the_whole_count(
            which in 0usize..3,
            k in 1usize..12,
            owner in prop::collection::vec(0usize..1000, 400),
            order in any::<u64>(),
        ) {
            let (plan, counts) = counted(which);
            let owner: Vec<usize> = (0..plan.len()).map(|i| owner[i % owner.len()] + i).collect();
            let mut shards = shards_of(plan, counts, &owner, k);
            // Any order: rotate and swap by the random number.
            shards.rotate_left(order as usize % k);
            if k > 1 { shards.swap(0, (order >> 8) as usize % k); }
            prop_assert_eq!(merge(&shards).unwrap(), whole(plan));
        }

        #[test]
        fn the_plan_s_own_shares_merge_to_the_whole_count(which in 0usize..3, k in 1usize..20) {
            let (plan, counts) = counted(which);
            let shards: Vec<ShardSummary> = split::shares(plan.costs(), k)
                .into_iter()
                .enumerate()
                .map(|(s, parts)| summary(plan, counts, s, parts, k))
                .collect();
            prop_assert_eq!(merge(&shards).unwrap(), whole(plan));
        }

        #[test]
        fn a_missing_or_duplicated_share_is_refused(which in 0usize..3, k in 2usize..12, pick in 0usize..100) {
            let (plan, counts) = counted(which);
            let owner: Vec<usize> = (0..plan.len()).collect();
            let mut shards = shards_of(plan, counts, &owner, k);
            let gone = shards.remove(pick % k);
            let missing = merge(&shards).unwrap_err();
            prop_assert_eq!(missing, MergeError::Missing { missing: vec![gone.index], shares: k });
            shards.push(shards[pick % (k - 1)].clone());
            let twice = merge(&shards).unwrap_err();
            prop_assert!(matches!(twice, MergeError::Duplicate { .. }), "{:?}", twice);
        }

        #[test]
        fn a_part_in_two_shards_or_in_none_is_refused(which in 0usize..3, k in 2usize..8, part in 0usize..1000) {
            let (plan, counts) = counted(which);
            let owner: Vec<usize> = (0..plan.len()).collect();
            let part = part % plan.len();
            let mut shards = shards_of(plan, counts, &owner, k);
            let other = (part + 1) % k;
            shards[other].covered.push(part);
            shards[other].covered.sort_unstable();
            let overlap = merge(&shards).unwrap_err();
            prop_assert!(matches!(overlap, MergeError::Overlap { part: p, .. } if p == part), "{:?}", overlap);
            let mut shards = shards_of(plan, counts, &owner, k);
            shards[part % k].covered.retain(|&i| i != part);
            let gap = merge(&shards).unwrap_err();
            prop_assert!(matches!(gap, MergeError::Gap { first, uncovered: 1, .. } if first == part), "{:?}", gap);
        }
    }

    #[test]
    fn shards_of_another_plan_are_refused_by_name() {
        let (plan, counts) = counted(0);
        let owner: Vec<usize> = (0..plan.len()).collect();
        let base = shards_of(plan, counts, &owner, 3);
        type Change = (&'static str, fn(&mut ShardSummary));
        let changes: [Change; 6] = [
            ("N", |s| s.n += 1),
            ("engine", |s| s.engine = Engine::Dihedral),
            ("format version", |s| s.version += 1),
            ("number of shares", |s| s.shares += 1),
            ("fingerprint", |s| s.fingerprint = "0123456789abcdef".into()),
            ("number of parts", |s| s.parts += 1),
        ];
        for (what, change) in changes {
            let mut shards = base.clone();
            change(&mut shards[2]);
            let err = merge(&shards).unwrap_err();
            assert!(
                matches!(&err, MergeError::Mismatch { what: w, first: 0, other: 2, .. } if *w == what),
                "{what}: {err:?}"
            );
            assert!(err.to_string().contains(what), "{err}");
        }
        assert_eq!(merge(&[]), Err(MergeError::Empty));
        let mut bad = base.clone();
        bad[1].index = 3;
        assert!(matches!(
            merge(&bad),
            Err(MergeError::BadIndex {
                shard: 1,
                index: 3,
                shares: 3
            })
        ));
        let mut out = base.clone();
        out[0].covered.push(plan.len());
        assert!(matches!(
            merge(&out),
            Err(MergeError::OutOfRange { shard: 0, .. })
        ));
    }

    #[test]
    fn a_sum_that_is_not_whole_is_refused() {
        let (plan, counts) = counted(1); // dihedral: units of 1/840
        let owner: Vec<usize> = (0..plan.len()).collect();
        let mut shards = shards_of(plan, counts, &owner, 2);
        shards[1].sum += 1;
        assert!(matches!(merge(&shards), Err(MergeError::NotWhole { .. })));
    }

    #[test]
    fn messages_name_the_shares() {
        let e = MergeError::Missing {
            missing: (0..13).collect(),
            shares: 20,
        };
        assert_eq!(
            e.to_string(),
            "missing 13 of the 20 shares: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ... (3 more)"
        );
    }
}
