//! Random starts completed a batch at a time: the driver shared by the searches that fix part
//! of a cover at random and complete the rest exactly ([`super::pairs`], [`super::quads`]).
//!
//! The starts are drawn in turn from one seeded generator, on the calling thread, and completed
//! a batch (one start per thread of the current rayon pool) at a time. The answer is that of
//! the first start, in the order drawn, that completes: a later start that completes sooner
//! waits for the earlier ones of its batch, and those after a completed one stop. So the seed
//! alone decides the answer, on any number of threads. The idea is the restart strategy of
//! large-neighbourhood searches made reproducible; our own code.

use crate::control::Control;
use crate::error::Error;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Draws starts with `draw` and completes them with `complete` until one completes, and
/// returns its answer; [`Error::Cancelled`] when the control stops it first. `complete` gets
/// a `stop` that turns true when the control is cancelled or an earlier start completed; it
/// returns `Ok(None)` for a start that does not complete. Each completed start advances the
/// control by one.
pub(super) fn first_completed<S, T>(
    seed: u64,
    control: &Control,
    mut draw: impl FnMut(&mut Xoshiro256PlusPlus) -> S,
    complete: impl Fn(S, &dyn Fn() -> bool) -> Result<Option<T>, Error> + Sync,
) -> Result<T, Error>
where
    S: Send,
    T: Send,
{
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let batch = rayon::current_num_threads().max(1);
    let mut drawn = 0;
    // The index of the first start known to complete: the starts after it stop.
    let first = AtomicUsize::new(usize::MAX);
    loop {
        if control.is_cancelled() {
            return Err(Error::Cancelled);
        }
        let starts: Vec<_> = (drawn..drawn + batch)
            .map(|index| (index, draw(&mut rng)))
            .collect();
        drawn += batch;
        let done = starts.into_par_iter().find_map_first(|(index, start)| {
            let stop = || control.is_cancelled() || first.load(Ordering::Relaxed) < index;
            let done = complete(start, &stop);
            control.advance(1);
            if let Ok(Some(_)) = done {
                first.fetch_min(index, Ordering::Relaxed);
            }
            done.transpose()
        });
        match done {
            Some(Err(Error::Cancelled)) if !control.is_cancelled() => {
                unreachable!("a start stops early only after an earlier one completed")
            }
            Some(done) => return done,
            None => {}
        }
    }
}
