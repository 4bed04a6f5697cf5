//! Spot checks of parts counted elsewhere: a random sample of the parts that a shard or a
//! checkpoint says it counted is counted again here, and a file whose recount differs is
//! refused.
//!
//! The idea is the spot-checking of volunteer computing (Sarmenta, "Sabotage-tolerance
//! mechanisms for volunteer computing systems", Future Generation Computer Systems 18(4),
//! 2002), the cheap form of the redundancy of BOINC and its kin, which count every unit twice.
//! A check value (the CRC-32 of the files) tells a file damaged by chance, not one edited on
//! purpose: whoever edits a count can compute the check value anew, and anything else written
//! beside a count that is a function of the count alone can be computed anew too. Only a part
//! counted again tells whether its count is right. Of the m parts a file claims, s are drawn
//! uniformly without replacement from a seed and recounted: a file with k wrong parts passes
//! only if none of them is drawn, with probability C(m-k, s) / C(m, s) =
//! prod_{j<k} (m-s-j) / (m-j), at most (1 - s/m)^k (the hypergeometric law).

use super::Plan;
use crate::control::Control;
use crate::error::Error;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashMap;
use std::sync::Mutex;

/// How many of the parts a file claims are recounted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SampleSize {
    /// This many parts, or all of them if the file claims fewer.
    Parts(usize),
    /// This percentage of the parts (above 0, at most 100), rounded up: at least one part of
    /// a file that claims any.
    Percent(f64),
}

impl SampleSize {
    /// The parts to recount of a file that claims `claimed` parts.
    pub fn of(self, claimed: usize) -> usize {
        let s = match self {
            SampleSize::Parts(s) => s,
            SampleSize::Percent(p) => {
                let exact = claimed as f64 * p.clamp(0.0, 100.0) / 100.0;
                // Rounded up, without letting the float's error add a part to a whole number.
                let whole = exact.round();
                if (exact - whole).abs() < 1e-9 {
                    whole as usize
                } else {
                    exact.ceil() as usize
                }
            }
        };
        s.min(claimed)
    }
}

/// A claimed part whose recount differs from the claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wrong {
    /// The part, as an index into the plan's list.
    pub part: usize,
    /// The count the file claims, in the plan's units.
    pub claimed: u128,
    /// The count found here; `None` if the plan has no such part.
    pub recounted: Option<u128>,
}

/// The spot check of one file's claims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpotCheck {
    /// The parts the file claims.
    pub claimed: usize,
    /// The parts recounted (drawn at random), in list order.
    pub recounted: Vec<usize>,
    /// The first recounted part (in list order) whose count differs, or a claimed part that
    /// the plan does not have; `None` if every recount agrees.
    pub wrong: Option<Wrong>,
}

impl SpotCheck {
    /// The probability that a file with `forged` wrong parts among its claims passes this
    /// check: none of them drawn (exact, the hypergeometric law).
    pub fn passes_unseen(&self, forged: usize) -> f64 {
        let (m, s) = (self.claimed, self.recounted.len());
        if forged > m.saturating_sub(s) {
            return 0.0;
        }
        (0..forged)
            .map(|j| (m - s - j) as f64 / (m - j) as f64)
            .product()
    }

    /// `1 - s/m`: a file with k wrong parts passes with probability at most this to the power
    /// k (0 when every part was recounted).
    pub fn pass_base(&self) -> f64 {
        if self.claimed == 0 {
            return 0.0;
        }
        1.0 - self.recounted.len() as f64 / self.claimed as f64
    }
}

/// Draws `size` of the positions `0..claimed` with `rng`, uniformly without replacement.
fn draw(claimed: usize, size: usize, rng: &mut Xoshiro256PlusPlus) -> Vec<usize> {
    rand::seq::index::sample(rng, claimed, size.min(claimed)).into_vec()
}

/// Recounts a random sample of the parts of each claim: `claims[j]` lists the parts file j
/// says it counted, as (index into the plan's list, count in the plan's units), each part
/// once. The samples are drawn from `seed`, claim after claim in the order given, then
/// counted together in list order (parts of one set-up together) in the current rayon pool
/// with the plan's own per-part count; `control` counts the parts and stops the work.
pub fn spot_check(
    plan: &Plan,
    claims: &[&[(usize, u128)]],
    size: SampleSize,
    seed: u64,
    control: &Control,
) -> Result<Vec<SpotCheck>, Error> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let drawn: Vec<Vec<(usize, u128)>> = claims
        .iter()
        .map(|claim| {
            let mut picked: Vec<(usize, u128)> = draw(claim.len(), size.of(claim.len()), &mut rng)
                .into_iter()
                .map(|at| claim[at])
                .collect();
            picked.sort_unstable();
            picked
        })
        .collect();
    let mut parts: Vec<usize> = drawn
        .iter()
        .flatten()
        .map(|&(i, _)| i)
        .filter(|&i| i < plan.len())
        .collect();
    parts.sort_unstable();
    parts.dedup();
    control.set_total(parts.len() as u64);
    let found = Mutex::new(HashMap::with_capacity(parts.len()));
    plan.count(&parts, control, &|i, c| {
        if let Ok(mut found) = found.lock() {
            found.insert(i, c);
        }
    })?;
    let found = found.into_inner().unwrap_or_default();
    Ok(claims
        .iter()
        .zip(drawn)
        .map(|(claim, picked)| judge(plan, claim, &picked, &found))
        .collect())
}

/// The check of one claim from the recounts `found`: a claimed part beyond the plan is wrong
/// whether drawn or not; else the first drawn part whose recount differs.
fn judge(
    plan: &Plan,
    claim: &[(usize, u128)],
    picked: &[(usize, u128)],
    found: &HashMap<usize, u128>,
) -> SpotCheck {
    let beyond = claim
        .iter()
        .filter(|&&(i, _)| i >= plan.len())
        .min()
        .map(|&(part, claimed)| Wrong {
            part,
            claimed,
            recounted: None,
        });
    let differs = || {
        picked.iter().find_map(|&(part, claimed)| {
            let recounted = found.get(&part).copied();
            (recounted != Some(claimed)).then_some(Wrong {
                part,
                claimed,
                recounted,
            })
        })
    };
    SpotCheck {
        claimed: claim.len(),
        recounted: picked.iter().map(|&(i, _)| i).collect(),
        wrong: beyond.or_else(differs),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Engine;

    /// The plan of N = 9 (quarters) with every part's count.
    fn counted() -> (Plan, Vec<(usize, u128)>) {
        let plan = Plan::new(9, Engine::Quarters).unwrap();
        let counts = (0..plan.len())
            .map(|i| (i, plan.count(&[i], &Control::new(), &|_, _| {}).unwrap()))
            .collect();
        (plan, counts)
    }

    #[test]
    fn honest_claims_pass_and_a_forged_part_is_caught_when_drawn() {
        let (plan, honest) = counted();
        let c = Control::new();
        let checks = spot_check(&plan, &[&honest], SampleSize::Percent(100.0), 7, &c).unwrap();
        assert_eq!(checks[0].wrong, None);
        assert_eq!(checks[0].recounted.len(), plan.len());
        // A part with solutions, its count moved by 8 (the orbits still add up).
        let (at, &(part, count)) = honest.iter().enumerate().find(|(_, p)| p.1 > 0).unwrap();
        let mut forged = honest.clone();
        forged[at].1 = count + 8;
        let checks = spot_check(
            &plan,
            &[&honest, &forged],
            SampleSize::Parts(usize::MAX),
            7,
            &c,
        )
        .unwrap();
        assert_eq!(checks[0].wrong, None);
        assert_eq!(
            checks[1].wrong,
            Some(Wrong {
                part,
                claimed: count + 8,
                recounted: Some(count)
            })
        );
        // Not drawn, it passes: the check is a sample.
        let none = spot_check(&plan, &[&forged], SampleSize::Parts(0), 7, &c).unwrap();
        assert_eq!((none[0].wrong, none[0].recounted.len()), (None, 0));
    }

    #[test]
    fn a_sample_misses_a_forged_part_about_as_often_as_it_says() {
        // One forged part among m, s drawn: caught in about s/m of the seeds.
        let (plan, honest) = counted();
        let m = honest.len();
        let (at, _) = honest.iter().enumerate().find(|(_, p)| p.1 > 0).unwrap();
        let mut forged = honest.clone();
        forged[at].1 += 8;
        let s = m / 4;
        let seeds = 200;
        let caught = (0..seeds)
            .filter(|&seed| {
                let c = Control::new();
                let check = spot_check(&plan, &[&forged], SampleSize::Parts(s), seed, &c).unwrap();
                assert_eq!(check[0].recounted.len(), s);
                check[0].wrong.is_some()
            })
            .count();
        let expected = seeds as f64 * s as f64 / m as f64;
        // Binomial: within 4 standard deviations.
        let sd = (expected * (1.0 - s as f64 / m as f64)).sqrt();
        assert!(
            (caught as f64 - expected).abs() < 4.0 * sd,
            "{caught} caught, {expected} expected"
        );
    }

    #[test]
    fn the_same_seed_draws_the_same_parts() {
        let (plan, honest) = counted();
        let c = Control::new();
        let a = spot_check(&plan, &[&honest], SampleSize::Parts(5), 3, &c).unwrap();
        let b = spot_check(&plan, &[&honest], SampleSize::Parts(5), 3, &c).unwrap();
        let other = (4..20)
            .map(|seed| spot_check(&plan, &[&honest], SampleSize::Parts(5), seed, &c).unwrap())
            .any(|x| x[0].recounted != a[0].recounted);
        assert_eq!(a, b);
        assert!(other, "other seeds draw other parts");
        assert!(a[0].recounted.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_part_the_plan_does_not_have_is_wrong_even_if_not_drawn() {
        let (plan, mut claim) = counted();
        claim.push((plan.len() + 3, 5));
        let c = Control::new();
        let check = spot_check(&plan, &[&claim], SampleSize::Parts(0), 1, &c).unwrap();
        assert_eq!(
            check[0].wrong,
            Some(Wrong {
                part: plan.len() + 3,
                claimed: 5,
                recounted: None
            })
        );
    }

    #[test]
    fn sizes_and_probabilities() {
        assert_eq!(SampleSize::Percent(1.0).of(1904), 20);
        assert_eq!(SampleSize::Percent(1.0).of(100), 1);
        assert_eq!(SampleSize::Percent(1.0).of(3), 1);
        assert_eq!(SampleSize::Percent(1.0).of(0), 0);
        assert_eq!(SampleSize::Percent(100.0).of(57), 57);
        assert_eq!(SampleSize::Parts(20).of(7), 7);
        let check = |m: usize, s: usize| SpotCheck {
            claimed: m,
            recounted: (0..s).collect(),
            wrong: None,
        };
        let c = check(10, 3);
        // C(9, 3) / C(10, 3) = 84 / 120; C(8, 3) / C(10, 3) = 56 / 120.
        assert!((c.passes_unseen(1) - 0.7).abs() < 1e-12);
        assert!((c.passes_unseen(2) - 56.0 / 120.0).abs() < 1e-12);
        assert_eq!(c.passes_unseen(8), 0.0);
        for k in 0..=10 {
            assert!(c.passes_unseen(k) <= c.pass_base().powi(k as i32) + 1e-12);
        }
        assert_eq!(check(10, 10).pass_base(), 0.0);
        assert_eq!(check(0, 0).pass_base(), 0.0);
    }
}
