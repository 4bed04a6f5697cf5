//! `queens cover N --seeds A..B`: the tabu search from one seed after another, each for
//! `--per-seed` seconds, keeping the best reached over all of them; `--checkpoint FILE` saves
//! the schedule after every seed so that the same command resumes it. Seed ranges split the
//! work over the machines of a cluster: each takes its own range, with its own checkpoint.

use crate::exit::{bad, Failure, Result};
use crate::job::Job;
use queens::cover::{self, symmetric, Cover};
use queens::Placement;
use serde::{Deserialize, Serialize};
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

/// The state of a schedule, as the checkpoint file holds it (one JSON object).
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Schedule {
    n: usize,
    from: u64,
    to: u64,
    /// The next seed to run.
    next: u64,
    /// The fewest conflicting pairs reached, and by which seed.
    best_conflicts: Option<u64>,
    best_seed: Option<u64>,
    /// The most disjoint solutions held at once, as permutations (ranks from 1).
    disjoint: Vec<String>,
    disjoint_seed: Option<u64>,
    /// Seconds spent over all runs.
    seconds: f64,
}

impl Schedule {
    fn new(n: usize, (from, to): (u64, u64)) -> Schedule {
        Schedule {
            n,
            from,
            to,
            next: from,
            best_conflicts: None,
            best_seed: None,
            disjoint: Vec::new(),
            disjoint_seed: None,
            seconds: 0.0,
        }
    }

    /// The schedule a checkpoint holds, refused when damaged or of another search.
    fn resume(path: &Path, fresh: Schedule) -> Result<Schedule> {
        if !path.exists() {
            return Ok(fresh);
        }
        let text = std::fs::read_to_string(path).map_err(|e| {
            bad(format!(
                "cannot read the checkpoint {}: {e}",
                path.display()
            ))
        })?;
        let saved: Schedule = serde_json::from_str(&text).map_err(|e| {
            bad(format!(
                "the checkpoint {} is damaged ({e}): remove it to start again",
                path.display()
            ))
        })?;
        let valid = saved
            .disjoint
            .iter()
            .all(|p| Placement::parse(p).is_ok_and(|p| p.n() == saved.n && p.is_solution()));
        let same = (saved.n, saved.from, saved.to) == (fresh.n, fresh.from, fresh.to);
        if !same || !valid || !(saved.from..=saved.to).contains(&saved.next) {
            return Err(bad(format!(
                "the checkpoint {} belongs to another search (N = {}, seeds {}..{}), not N = {}, \
                 seeds {}..{}",
                path.display(),
                saved.n,
                saved.from,
                saved.to,
                fresh.n,
                fresh.from,
                fresh.to
            )));
        }
        Ok(saved)
    }

    fn save(&self, path: &Path) -> Result<()> {
        let tmp = path.with_extension("tmp");
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        std::fs::write(&tmp, text + "\n")?;
        std::fs::rename(&tmp, path)?;
        Ok(())
    }

    fn note(&mut self, seed: u64, best: &queens::cover::symmetric::Best) {
        if self.best_conflicts.is_none_or(|b| best.conflicts < b) {
            self.best_conflicts = Some(best.conflicts);
            self.best_seed = Some(seed);
        }
        if best.disjoint.len() > self.disjoint.len() {
            self.disjoint = best.disjoint.iter().map(Placement::perm).collect();
            self.disjoint_seed = Some(seed);
        }
    }

    fn summary(&self) -> String {
        format!(
            "at best {} conflicting pairs (seed {}), {} disjoint solutions at once (seed {})",
            self.best_conflicts.map_or("-".into(), |c| c.to_string()),
            self.best_seed.map_or("-".into(), |s| s.to_string()),
            self.disjoint.len(),
            self.disjoint_seed.map_or("-".into(), |s| s.to_string()),
        )
    }
}

/// Runs the schedule; a cover found is returned (checked), with its seed and the seconds of
/// its run; no cover in the range is a [`Failure::No`] with the best reached.
pub fn run(
    n: usize,
    turn: symmetric::Turn,
    seeds: (u64, u64),
    per_seed: f64,
    checkpoint: Option<&Path>,
) -> Result<(Cover, u64, f64)> {
    let fresh = Schedule::new(n, seeds);
    let mut schedule = match checkpoint {
        Some(path) => Schedule::resume(path, fresh)?,
        None => fresh,
    };
    while schedule.next < schedule.to {
        let seed = schedule.next;
        let job = Job::start(format!("cover {n} seed {seed}"), Some(per_seed));
        job.units("moves");
        let (found, best) = job.check(cover::search_turned(n, turn, seed, job.control()))?;
        let (seconds, timed_out) = (job.seconds(), job.timed_out());
        let stopped = job.control().is_cancelled() && !timed_out;
        drop(job);
        schedule.seconds += seconds;
        schedule.note(seed, &best);
        schedule.next = seed + 1;
        if let Some(path) = checkpoint {
            schedule.save(path)?;
        }
        if let Some(found) = found {
            return Ok((found, seed, seconds));
        }
        eprintln!(
            "queens: seed {seed}: no cover in {seconds:.1} s ({} conflicting pairs at best, {} \
             disjoint solutions); over seeds {}..{}: {}",
            best.conflicts,
            best.disjoint.len(),
            schedule.from,
            seed + 1,
            schedule.summary()
        );
        if stopped {
            return Err(Failure::Interrupted);
        }
    }
    Err(Failure::No(format!(
        "no cover of the {n}x{n} board found by the tabu search ({}) from seeds {}..{} in {:.0} s \
         (not a proof that none exists): {}",
        turn.name(),
        schedule.from,
        schedule.to,
        schedule.seconds,
        schedule.summary()
    )))
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

    #[test]
    fn a_checkpoint_comes_back_and_another_is_refused() {
        let dir = std::env::temp_dir().join(format!("queens-seeds-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.json");
        let mut s = Schedule::new(12, (1, 5));
        s.next = 3;
        s.best_conflicts = Some(4);
        s.disjoint = vec!["2 4 6 8 10 12 1 3 5 7 9 11".into()];
        s.save(&path).unwrap();
        assert_eq!(
            Schedule::resume(&path, Schedule::new(12, (1, 5))).unwrap(),
            s
        );
        assert!(Schedule::resume(&path, Schedule::new(12, (1, 6))).is_err());
        std::fs::write(&path, "{").unwrap();
        assert!(Schedule::resume(&path, Schedule::new(12, (1, 5))).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
