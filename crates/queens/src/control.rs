//! The one small mechanism by which a caller watches and stops a long computation.
//!
//! Engines take a `&Control`, add to its progress as they finish units of work and return
//! [`Error::Cancelled`](crate::Error::Cancelled) soon after [`Control::cancel`] is called. The
//! command line polls it for a progress bar and cancels it on Ctrl-C; a web request or a cluster
//! job can do the same from another thread. An engine that finds solutions one by one (the
//! completion search) also says how many it has found so far ([`Control::found`]), so that a
//! count whose units of work are few and uneven still shows its running total.
//!
//! ```
//! use queens::Control;
//!
//! let control = Control::new();
//! control.set_total(10);
//! control.advance(4);
//! assert_eq!(control.progress(), (4, 10));
//! control.add_found(92);
//! assert_eq!(control.found(), 92);
//! control.cancel();
//! assert!(control.is_cancelled());
//! ```

use crate::clock::Instant;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// Progress counters and a cancellation flag, shared between an engine and its caller.
#[derive(Debug, Default)]
pub struct Control {
    cancelled: AtomicBool,
    done: AtomicU64,
    total: AtomicU64,
    found: AtomicU64,
    /// Without threads (a browser), a child control's end of time, which it watches itself.
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    deadline: std::sync::OnceLock<Instant>,
}

impl Control {
    /// A control with no progress and not cancelled.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks the engine to stop as soon as it can.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether [`Control::cancel`] was called (or, without threads, whether a child's
    /// budget has passed: see [`Control::child`]).
    pub fn is_cancelled(&self) -> bool {
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        if self.deadline.get().is_some_and(|d| Instant::now() >= *d) {
            self.cancel();
        }
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Announces how many units of work there are in all.
    pub fn set_total(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
    }

    /// Records `units` more units finished.
    pub fn advance(&self, units: u64) {
        self.done.fetch_add(units, Ordering::Relaxed);
    }

    /// Units done and units in all (0 in all when the engine did not say).
    pub fn progress(&self) -> (u64, u64) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }

    /// Records `count` more solutions found. Engines report them in batches, never with one
    /// atomic operation per solution, so reporting costs the search nothing measurable.
    pub fn add_found(&self, count: u64) {
        self.found.fetch_add(count, Ordering::Relaxed);
    }

    /// Solutions found so far, by the engines that report them (0 from the others). While
    /// the engine runs this lags a little behind (by one batch: a few thousand nodes of
    /// search at most); once the engine has returned it is exact: a count's `found` equals
    /// the count.
    pub fn found(&self) -> u64 {
        self.found.load(Ordering::Relaxed)
    }
}

/// How a run under a child control ([`Control::child`]) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The run returned by itself.
    Finished,
    /// The parent control was cancelled, and the child with it.
    Cancelled,
    /// The budget ran out first, and the child was cancelled.
    OutOfTime,
}

impl Control {
    /// Runs `run` under a child control: one that is cancelled when this one is, or when
    /// `budget` (if any) has passed. A watcher thread looks every few milliseconds and, when it
    /// cancels the child, also calls `on_stop` (a search that cannot look at a control, such
    /// as an SQL statement, is interrupted there). The result comes with how the run ended:
    /// the one mechanism of the searches that give a part of their work a time of its own.
    ///
    /// Where no thread can be started (WebAssembly in a browser, one thread in all), the child
    /// watches its own time instead: it reads as cancelled once its budget (or its parent's)
    /// has passed, which its engine sees where it looks at the control; `on_stop` is not
    /// called there.
    pub fn child<R>(
        &self,
        budget: Option<Duration>,
        on_stop: impl Fn() + Sync,
        run: impl FnOnce(&Control) -> R,
    ) -> (R, Ended) {
        let (result, late) = self.watched(budget, on_stop, run);
        let ended = match (self.is_cancelled(), late) {
            (true, _) => Ended::Cancelled,
            (false, true) => Ended::OutOfTime,
            (false, false) => Ended::Finished,
        };
        (result, ended)
    }

    /// Runs `run` under a child control watched by a thread of its own, and says whether the
    /// budget stopped it.
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    fn watched<R>(
        &self,
        budget: Option<Duration>,
        on_stop: impl Fn() + Sync,
        run: impl FnOnce(&Control) -> R,
    ) -> (R, bool) {
        let child = Control::new();
        let finished = AtomicBool::new(false);
        let out_of_time = AtomicBool::new(false);
        let start = Instant::now();
        let result = std::thread::scope(|scope| {
            let watcher = scope.spawn(|| {
                while !finished.load(Ordering::Relaxed) {
                    let late = budget.is_some_and(|b| start.elapsed() >= b);
                    if self.is_cancelled() || late {
                        out_of_time.store(late && !self.is_cancelled(), Ordering::Relaxed);
                        child.cancel();
                        on_stop();
                    }
                    std::thread::park_timeout(Duration::from_millis(10));
                }
            });
            let result = run(&child);
            finished.store(true, Ordering::Relaxed);
            watcher.thread().unpark();
            result
        });
        (result, out_of_time.load(Ordering::Relaxed))
    }

    /// [`Control::watched`] on one thread: the child's deadline is its budget's end or its
    /// parent's, whichever comes first, and the child looks at it itself.
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    fn watched<R>(
        &self,
        budget: Option<Duration>,
        on_stop: impl Fn() + Sync,
        run: impl FnOnce(&Control) -> R,
    ) -> (R, bool) {
        let _ = on_stop;
        let child = Control::new();
        let own = budget.and_then(|b| Instant::now().checked_add(b));
        let deadline = match (own, self.deadline.get().copied()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if let Some(d) = deadline {
            let _ = child.deadline.set(d);
        }
        if self.is_cancelled() {
            child.cancel();
        }
        let result = run(&child);
        let late = own.is_some_and(|d| Instant::now() >= d) && child.is_cancelled();
        (result, late)
    }
}

/// Solutions an engine has found but not yet reported to its [`Control`]: counted in a plain
/// integer at each find, added to the control by [`Finds::report`] (which the engine calls
/// now and then, e.g. where it looks for cancellation) and when dropped, so every return path
/// reports them all.
pub(crate) struct Finds<'a> {
    control: &'a Control,
    pending: u64,
}

impl<'a> Finds<'a> {
    /// No finds yet, for `control`.
    pub(crate) fn new(control: &'a Control) -> Self {
        Finds {
            control,
            pending: 0,
        }
    }

    /// One more solution found.
    #[inline]
    pub(crate) fn one(&mut self) {
        self.pending += 1;
    }

    /// Adds the finds not yet reported to the control.
    #[inline]
    pub(crate) fn report(&mut self) {
        if self.pending > 0 {
            self.control.add_found(self.pending);
            self.pending = 0;
        }
    }
}

impl Drop for Finds<'_> {
    fn drop(&mut self) {
        self.report();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Waits, under `control`, until it is cancelled (or 10 s pass: the test then fails).
    fn wait_for_cancel(control: &Control) -> bool {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if control.is_cancelled() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        false
    }

    #[test]
    fn a_child_ends_by_itself_by_its_budget_or_with_its_parent() {
        let parent = Control::new();
        let (r, ended) = parent.child(Some(Duration::from_secs(60)), || {}, |_| 7);
        assert_eq!((r, ended), (7, Ended::Finished));

        let stops = AtomicU64::new(0);
        let on_stop = || {
            stops.fetch_add(1, Ordering::Relaxed);
        };
        let (seen, ended) = parent.child(Some(Duration::from_millis(30)), on_stop, wait_for_cancel);
        assert!(seen && ended == Ended::OutOfTime && stops.load(Ordering::Relaxed) > 0);
        assert!(!parent.is_cancelled(), "the budget stops the child only");

        let (seen, ended) = parent.child(
            None,
            || {},
            |child| {
                parent.cancel();
                wait_for_cancel(child)
            },
        );
        assert!(seen);
        assert_eq!(ended, Ended::Cancelled);
    }
}
