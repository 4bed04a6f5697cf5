//! `queens cover N --seeds A..B`: the tabu search from one seed after another, each for
//! `--per-seed` seconds, keeping the best reached over all of them; `--checkpoint FILE` records
//! the schedule after every seed that ends ([`checkpoint`]) so that the same command resumes
//! it. Seed ranges split the work over the machines of a cluster: each takes its own range,
//! with its own checkpoint.

mod checkpoint;

use crate::exit::{Failure, Result};
use crate::job::Job;
use checkpoint::{Plan, State};
use queens::cover::{self, symmetric, Cover};
use std::path::Path;

/// A range of seeds `A..B` (B not included).
pub fn range(text: &str) -> std::result::Result<(u64, u64), String> {
    let parsed = text
        .split_once("..")
        .and_then(|(a, b)| Some((a.trim().parse::<u64>().ok()?, b.trim().parse::<u64>().ok()?)));
    match parsed {
        Some((a, b)) if a < b => Ok((a, b)),
        _ => Err(format!(
            "'{text}' is not a range of seeds: give A..B with whole numbers A < B (B not included)"
        )),
    }
}

/// What a schedule gives when it ends with a cover: the cover (checked), its seed and the
/// seconds of that seed's run, and whether it was read back from the checkpoint.
pub struct Found {
    pub cover: Cover,
    pub seed: u64,
    pub seconds: f64,
    pub recorded: bool,
}

/// Runs the schedule, resumed from the checkpoint at `path` if given (and recorded there after
/// every seed that ends); a cover found is returned (checked again if read back), with its
/// seed; no cover in the range is a [`Failure::No`] with the best reached. A seed stopped by
/// Ctrl-C is not recorded: the same command runs it again.
pub fn run(
    n: usize,
    turn: symmetric::Turn,
    seeds: (u64, u64),
    per_seed: f64,
    path: Option<&Path>,
) -> Result<Found> {
    let plan = Plan {
        n,
        turn,
        from: seeds.0,
        to: seeds.1,
    };
    let (mut held, mut state) = match path {
        Some(path) => {
            let (held, state) = checkpoint::open(path, plan)?;
            (Some(held), state)
        }
        None => (None, State::new(plan)),
    };
    if let Some((seed, seconds, cover)) = state.cover.take() {
        return Ok(Found {
            cover,
            seed,
            seconds,
            recorded: true,
        });
    }
    if let (Some(path), true) = (path, state.next > plan.from) {
        eprintln!(
            "queens: resuming from '{}': seeds {}..{} done; {}",
            path.display(),
            plan.from,
            state.next,
            summary(&state)
        );
    }
    while state.next < plan.to {
        let seed = state.next;
        let job = Job::start(format!("cover {n} seed {seed}"), Some(per_seed));
        job.units("moves");
        let (found, best) = job.check(cover::search_turned(n, turn, seed, job.control()))?;
        let seconds = job.seconds();
        if found.is_none() && job.control().is_cancelled() && !job.timed_out() {
            // Ctrl-C (or the reader of the output gone) in the middle of the seed: unfinished.
            return Err(job.failure());
        }
        drop(job);
        note(&mut state, seed, &best, seconds);
        if let Some(cover) = &found {
            state.conflicts = Some((0, seed));
            state.cover = Some((seed, seconds, cover.clone()));
        }
        if let Some(held) = &mut held {
            state.save(held)?;
        }
        if let Some(cover) = found {
            return Ok(Found {
                cover,
                seed,
                seconds,
                recorded: false,
            });
        }
        eprintln!(
            "queens: seed {seed}: no cover in {seconds:.1} s ({} conflicting pairs at best, {} \
             disjoint solutions); over seeds {}..{}: {}",
            best.conflicts,
            best.disjoint.len(),
            plan.from,
            seed + 1,
            summary(&state)
        );
    }
    Err(Failure::No(format!(
        "no cover of the {n}x{n} board found by the tabu search ({}) from seeds {}..{} in {:.0} s \
         (not a proof that none exists): {}",
        turn.name(),
        plan.from,
        plan.to,
        state.seconds,
        summary(&state)
    )))
}

/// A finished seed's run, with the best it reached, noted in the state.
fn note(state: &mut State, seed: u64, best: &symmetric::Best, seconds: f64) {
    state.next = seed + 1;
    state.seconds += seconds;
    if state.conflicts.is_none_or(|(c, _)| best.conflicts < c) {
        state.conflicts = Some((best.conflicts, seed));
    }
    if best.disjoint.len() > state.disjoint.len() {
        state.disjoint = best.disjoint.clone();
        state.disjoint_seed = Some(seed);
    }
}

/// The best over the finished seeds, in words.
fn summary(state: &State) -> String {
    format!(
        "at best {} conflicting pairs (seed {}), {} disjoint solutions at once (seed {})",
        state.conflicts.map_or("-".into(), |c| c.0.to_string()),
        state.conflicts.map_or("-".into(), |c| c.1.to_string()),
        state.disjoint.len(),
        state.disjoint_seed.map_or("-".into(), |s| s.to_string()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_of_seeds() {
        assert_eq!(range("3..10"), Ok((3, 10)));
        assert!(range("10..3").unwrap_err().contains("'10..3'"));
        assert!(range("5").is_err() && range("a..b").is_err() && range("4..4").is_err());
    }
}
