//! What a count will cost, before it is made: a random sample of choices, each drawn with a
//! probability proportional to its modelled cost ([`super::cost`]), counted and timed. The
//! time of the whole is the modelled cost of the whole times the mean ratio of time to model
//! (importance sampling: the better the model, the smaller the spread of the ratios), and the
//! standard error of that mean says how far to trust it. A choice of N = 27 takes seconds, so
//! a sample of a few dozen gives an estimate of a year-long count in minutes.
//!
//! The sample is drawn in two stages, a part in proportion to its modelled cost, then one of
//! its choices in proportion to theirs, with a seeded generator: the same seed draws the same
//! choices. Each drawn choice is timed as the count would run it: the pieces of its south
//! quarters are built inside the timing when the budget leaves them unheld, those of the north
//! ones (built once for all the choices of a part) are not.

use super::cost::FrameCost;
use super::frames::{choices, Reduce};
use super::join::{self, Buffers, Choice, Path};
use super::layout::Layout;
use super::pieces::Quarter;
use super::{parts, plan, Hold, Part};
use crate::clock::Instant;
use crate::control::Control;
use crate::error::Error;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashMap;

/// An estimate of the CPU time of a count.
#[derive(Clone, Debug, Serialize)]
pub struct Estimate {
    /// The board size.
    pub n: usize,
    /// The estimated CPU seconds of the whole count.
    pub cpu_seconds: f64,
    /// The standard error of that estimate, in seconds.
    pub standard_error: f64,
    /// The choices counted and timed.
    pub samples: usize,
    /// The seed of the draw.
    pub seed: u64,
    /// Their CPU seconds (wall seconds of one thread each).
    pub sample_seconds: f64,
    /// The parts and choices of the whole count.
    pub parts: usize,
    /// The choices of the whole count.
    pub choices: u64,
    /// The solutions the sampled choices stand for, scaled up like the time: a check of the
    /// sample against the known totals.
    pub total: f64,
}

/// Estimates the CPU time of counting `n` (4 to [`super::MAX_N`]) within the budget
/// `memory`, from `samples` choices drawn with the generator seeded by `seed`, timed one by
/// one in the current rayon pool.
pub fn estimate(
    n: usize,
    memory: Option<usize>,
    samples: usize,
    seed: u64,
    control: &Control,
) -> Result<Estimate, Error> {
    let parts = parts(n);
    let models = models(&parts);
    let part_cost: Vec<f64> = parts
        .par_iter()
        .map(|p| models[&p.frame_key()].part(p))
        .collect();
    let whole: f64 = part_cost.iter().sum();
    let choices: u64 = parts
        .par_iter()
        .map(|p| choices(&models[&p.frame_key()].layout, p.reduce, p.north as usize).len() as u64)
        .sum();
    let drawn = draw(&parts, &part_cost, &models, samples, seed);
    let (hold, _) = plan(n, memory, 1);
    control.set_total(drawn.len() as u64);
    let timed: Vec<(f64, f64, f64)> = drawn
        .par_iter()
        .map_init(
            || None,
            |buf, &(i, es, model)| {
                if control.is_cancelled() {
                    return Err(Error::Cancelled);
                }
                let (seconds, count) = time_choice(&parts[i], es, hold == Hold::Nothing, buf);
                control.advance(1);
                Ok((seconds / model, count / model, seconds))
            },
        )
        .collect::<Result<_, _>>()?;
    let k = timed.len() as f64;
    let mean = timed.iter().map(|t| t.0).sum::<f64>() / k;
    let var = timed.iter().map(|t| (t.0 - mean).powi(2)).sum::<f64>() / (k - 1.0).max(1.0);
    Ok(Estimate {
        n,
        cpu_seconds: whole * mean,
        standard_error: whole * (var / k).sqrt(),
        samples: timed.len(),
        seed,
        sample_seconds: timed.iter().map(|t| t.2).sum(),
        parts: parts.len(),
        choices,
        total: whole * timed.iter().map(|t| t.1).sum::<f64>() / k,
    })
}

/// The cost model of each frame, by the frame's key.
type Models = HashMap<([(u8, u8); 2], u8), FrameCost>;

/// The cost model of each frame of `parts`.
fn models(parts: &[Part]) -> Models {
    let mut firsts: Vec<&Part> = Vec::new();
    for p in parts {
        if firsts.last().map(|f| f.frame_key()) != Some(p.frame_key()) {
            firsts.push(p);
        }
    }
    firsts
        .par_iter()
        .map(|p| (p.frame_key(), FrameCost::new(p)))
        .collect()
}

/// Draws `k` choices, a part in proportion to its modelled cost and then one of its choices in
/// proportion to theirs: (part, south ranks, the choice's modelled cost), so that a choice is
/// drawn with a probability of its modelled cost over the whole's.
fn draw(
    parts: &[Part],
    part_cost: &[f64],
    models: &Models,
    k: usize,
    seed: u64,
) -> Vec<(usize, usize, f64)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut cumulative = Vec::with_capacity(part_cost.len());
    let mut sum = 0.0;
    for c in part_cost {
        sum += c;
        cumulative.push(sum);
    }
    (0..k)
        .map(|_| {
            let x = rng.random::<f64>() * sum;
            let i = cumulative.partition_point(|&c| c <= x).min(parts.len() - 1);
            let model = &models[&parts[i].frame_key()];
            let en = parts[i].north as usize;
            let costs: Vec<(usize, f64)> = choices(&model.layout, parts[i].reduce, en)
                .iter()
                .map(|&(es, _)| (es, model.choice(en, es)))
                .collect();
            let y = rng.random::<f64>() * part_cost[i];
            let mut acc = 0.0;
            let &(es, c) = costs
                .iter()
                .find(|&&(_, c)| {
                    acc += c;
                    acc > y
                })
                .unwrap_or(costs.last().expect("a part has a choice"));
            (i, es, c)
        })
        .collect()
}

/// Counts one choice of `part` as the count would, without holding any quarter: the seconds
/// it took (the north pieces excluded, the south ones included when `south` says they are
/// built per choice) and the solutions it stands for; `buf` is the working memory of the
/// thread, kept from its last choice.
fn time_choice(
    part: &Part,
    es: usize,
    south: bool,
    buf: &mut Option<(u32, Buffers)>,
) -> (f64, f64) {
    let l = Layout::new(part.n(), &part.fixed_squares());
    // The working memory kept from the thread's last choice when it fits, as a count keeps it
    // from choice to choice: made anew for each, the sample timed its allocation and first
    // touch too (BENCHMARKS.md, "count --estimate").
    if buf.as_ref().is_some_and(|(bits, _)| *bits != l.bits()) {
        *buf = None;
    }
    let (_, buf) =
        buf.get_or_insert_with(|| (l.bits(), Buffers::new(&l, usize::MAX, Path::best())));
    let drop = if part.reduce == Reduce::FlipDiagonals {
        l.longest()
    } else {
        0
    };
    let q = |rows: &[usize], cols, drop| Quarter::new(&l, rows, cols, drop, false);
    let en = part.north as usize;
    let ne = q(&l.north, l.east, 0).build(&l, en);
    let nw = q(&l.north, l.west, drop).build(&l, l.all_north() ^ en);
    let start = Instant::now();
    let se = q(&l.south, l.east, 0).build(&l, es);
    let sw = q(&l.south, l.west, drop).build(&l, l.all_south() ^ es);
    let built = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let choice = Choice {
        layout: &l,
        reduce: part.reduce,
        ne: &ne,
        se: &se,
        nw: &nw,
        sw: &sw,
    };
    let count = join::join(&choice, buf);
    let seconds = start.elapsed().as_secs_f64() + if south { built } else { 0.0 };
    let w = choices(&l, part.reduce, en)
        .iter()
        .find(|c| c.0 == es)
        .map_or(0, |c| c.1);
    (seconds, count as f64 * w as f64 * part.weight as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_scales_up_to_about_the_total() {
        // 14: 365,596 solutions; 400 choices of 1,716 drawn by modelled cost.
        let e = estimate(14, None, 400, 7, &Control::new()).unwrap();
        assert_eq!((e.n, e.samples), (14, 400));
        assert!(e.cpu_seconds > 0.0 && e.standard_error >= 0.0);
        assert!(e.choices > 400 && e.parts > 0);
        let ratio = e.total / 365_596.0;
        assert!((0.8..1.25).contains(&ratio), "{ratio}");
        // The same seed draws the same choices.
        let again = estimate(14, None, 400, 7, &Control::new()).unwrap();
        assert_eq!(again.total, e.total);
    }

    #[test]
    fn a_choice_counts_the_same_on_working_memory_kept_from_others() {
        let parts = parts(15);
        let models = models(&parts);
        let costs: Vec<f64> = parts
            .iter()
            .map(|p| models[&p.frame_key()].part(p))
            .collect();
        // One thread's working memory, kept from choice to choice as the sample keeps it.
        let (mut kept, mut sum) = (None, 0.0);
        for &(i, es, _) in &draw(&parts, &costs, &models, 80, 3) {
            let (_, fresh) = time_choice(&parts[i], es, false, &mut None);
            let (_, reused) = time_choice(&parts[i], es, false, &mut kept);
            assert_eq!(reused, fresh, "part {i}, south ranks {es}");
            sum += fresh;
        }
        assert!(kept.is_some() && sum > 0.0);
    }
}
