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

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Progress counters and a cancellation flag, shared between an engine and its caller.
#[derive(Debug, Default)]
pub struct Control {
    cancelled: AtomicBool,
    done: AtomicU64,
    total: AtomicU64,
    found: AtomicU64,
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

    /// Whether [`Control::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
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
