//! The one small mechanism by which a caller watches and stops a long computation.
//!
//! Engines take a `&Control`, add to its progress as they finish units of work and return
//! [`Error::Cancelled`](crate::Error::Cancelled) soon after [`Control::cancel`] is called. The
//! command line polls it for a progress bar and cancels it on Ctrl-C; a web request or a cluster
//! job can do the same from another thread.
//!
//! ```
//! use queens::Control;
//!
//! let control = Control::new();
//! control.set_total(10);
//! control.advance(4);
//! assert_eq!(control.progress(), (4, 10));
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
}
