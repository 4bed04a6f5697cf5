//! The one mechanism that drives a long computation: its [`Control`], cancelled by Ctrl-C, by
//! the end of a time limit or when the reader of standard output goes away, and its progress
//! on stderr in one format.
//!
//! A [`Job`] starts a watcher thread. Every tenth of a second it looks at the clock and at
//! standard output (a pipe whose reader has closed reports an error to `poll`, so work stops
//! within a second even when nothing is being written); after the first second it shows
//! progress: an indicatif bar when stderr is a terminal, otherwise a plain line every 30
//! seconds. When the engine returns `Cancelled`, [`Job::check`] says why. A count split into
//! parts of known estimated cost measures its progress by cost ([`Job::track`]), and its time
//! left by its own pace, steadied at first by the estimate made before the work.

use crate::exit::Failure;
use indicatif::{ProgressBar, ProgressStyle};
use queens::count::session::{Progress, Tracker};
use queens::Control;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Why a job was cancelled.
const RUNNING: u8 = 0;
const CTRL_C: u8 = 1;
const TIME_LIMIT: u8 = 2;
const CLOSED: u8 = 3;

/// How often the watcher looks, and how long before progress is shown at all.
const TICK: Duration = Duration::from_millis(100);
const QUIET_FOR: Duration = Duration::from_secs(1);
/// Plain progress lines (stderr not a terminal) come this far apart.
const PLAIN_EVERY: Duration = Duration::from_secs(30);

struct Shared {
    control: Control,
    label: Mutex<String>,
    unit: Mutex<&'static str>,
    work: Mutex<Option<Tracker>>,
    start: Instant,
    limit: Option<f64>,
    reason: AtomicU8,
    finished: AtomicBool,
}

impl Shared {
    fn cancel(&self, reason: u8) {
        let _ = self
            .reason
            .compare_exchange(RUNNING, reason, Ordering::Relaxed, Ordering::Relaxed);
        self.control.cancel();
    }
}

/// The job that the next Ctrl-C cancels.
static CURRENT: OnceLock<Mutex<Option<Arc<Shared>>>> = OnceLock::new();

/// A long computation under watch; dropping it stops the watcher.
pub struct Job {
    shared: Arc<Shared>,
    watcher: Option<JoinHandle<()>>,
}

impl Job {
    /// Starts watching a computation called `label` (shown in progress lines), with an
    /// optional time limit in seconds.
    pub fn start(label: impl Into<String>, limit: Option<f64>) -> Job {
        let shared = Arc::new(Shared {
            control: Control::new(),
            label: Mutex::new(label.into()),
            unit: Mutex::new("parts"),
            work: Mutex::new(None),
            start: Instant::now(),
            limit,
            reason: AtomicU8::new(RUNNING),
            finished: AtomicBool::new(false),
        });
        install_ctrl_c(&shared);
        let watcher = {
            let shared = shared.clone();
            std::thread::spawn(move || watch(&shared))
        };
        Job {
            shared,
            watcher: Some(watcher),
        }
    }

    /// The control to hand to the engine.
    pub fn control(&self) -> &Control {
        &self.shared.control
    }

    /// Renames the job (the next progress line shows the new label).
    pub fn relabel(&self, label: impl Into<String>) {
        if let Ok(mut l) = self.shared.label.lock() {
            *l = label.into();
        }
    }

    /// Names the units of the engine's progress (`parts` unless said).
    pub fn units(&self, unit: &'static str) {
        if let Ok(mut u) = self.shared.unit.lock() {
            *u = unit;
        }
    }

    /// Measures the progress from now on by the estimated cost of the parts rather than by
    /// their number: the share done and the time left come from [`Job::finished_part`].
    pub fn track(&self, plan: Progress) {
        if let Ok(mut w) = self.shared.work.lock() {
            *w = Some(Tracker::new(plan));
        }
    }

    /// One part of the tracked work is finished, of estimated cost `cost`.
    pub fn finished_part(&self, cost: f64) {
        if let Ok(guard) = self.shared.work.lock() {
            if let Some(w) = guard.as_ref() {
                w.finished(cost);
            }
        }
    }

    /// Seconds since the job started.
    pub fn seconds(&self) -> f64 {
        self.shared.start.elapsed().as_secs_f64()
    }

    /// Whether the time limit stopped the work.
    pub fn timed_out(&self) -> bool {
        self.shared.reason.load(Ordering::Relaxed) == TIME_LIMIT
    }

    /// Why the work was cancelled, as a failure: the time limit (a legitimate no), a closed
    /// output (a quiet end) or Ctrl-C.
    pub fn failure(&self) -> Failure {
        match self.shared.reason.load(Ordering::Relaxed) {
            TIME_LIMIT => Failure::No(format!(
                "no result within the time limit of {} s: the work was stopped",
                self.shared.limit.unwrap_or_default()
            )),
            CLOSED => Failure::Closed,
            _ => Failure::Interrupted,
        }
    }

    /// An engine's result, with a cancellation explained by [`Job::failure`].
    pub fn check<T>(&self, result: Result<T, queens::Error>) -> Result<T, Failure> {
        match result {
            Err(queens::Error::Cancelled) => Err(self.failure()),
            other => other.map_err(Failure::from),
        }
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.shared.finished.store(true, Ordering::Relaxed);
        if let Some(w) = self.watcher.take() {
            w.thread().unpark();
            let _ = w.join();
        }
    }
}

/// Makes `shared` the job that Ctrl-C cancels; a second Ctrl-C exits at once.
fn install_ctrl_c(shared: &Arc<Shared>) {
    let slot = CURRENT.get_or_init(|| {
        let _ = ctrlc::set_handler(|| {
            let current = CURRENT
                .get()
                .and_then(|m| m.lock().ok().and_then(|g| g.clone()));
            match current {
                Some(job) if !job.control.is_cancelled() => job.cancel(CTRL_C),
                _ => std::process::exit(130),
            }
        });
        Mutex::new(None)
    });
    if let Ok(mut guard) = slot.lock() {
        *guard = Some(shared.clone());
    }
}

/// The watcher thread: time limit, closed output, progress.
fn watch(shared: &Shared) {
    let terminal = std::io::stderr().is_terminal();
    let mut bar: Option<ProgressBar> = None;
    let mut last_line = Instant::now();
    while !shared.finished.load(Ordering::Relaxed) {
        let elapsed = shared.start.elapsed();
        if shared.limit.is_some_and(|l| elapsed.as_secs_f64() >= l) {
            shared.cancel(TIME_LIMIT);
        }
        if stdout_closed() {
            shared.cancel(CLOSED);
            wait_then_leave(shared);
        }
        if elapsed >= QUIET_FOR && !shared.control.is_cancelled() {
            let line = progress_line(shared);
            if terminal {
                bar.get_or_insert_with(new_bar).set_message(line);
            } else if last_line.elapsed() >= PLAIN_EVERY {
                eprintln!("queens: {line}");
                last_line = Instant::now();
            }
        }
        std::thread::park_timeout(TICK);
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

/// Nobody reads the output any more: the engine has half a second to stop, then the process
/// ends quietly (some searches look at their control only between solutions).
fn wait_then_leave(shared: &Shared) {
    let grace = Instant::now();
    while grace.elapsed() < Duration::from_millis(500) {
        if shared.finished.load(Ordering::Relaxed) {
            return;
        }
        std::thread::park_timeout(TICK);
    }
    // SAFETY: `_exit` ends the process at once, without running destructors or flushing
    // buffers, whose contents could not be delivered anyway.
    unsafe { libc::_exit(0) }
}

fn new_bar() -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// The one format of progress: `LABEL: 42.0% (1234 of 2940 parts), 12 s, about 17 s left`,
/// or `LABEL: 12 s` when the engine does not say how much work there is; an engine that
/// reports the solutions it has found (the completion count) adds the running count before
/// the time: `LABEL: 42.9% (3 of 7 parts), 123456 found, 12 s, about 17 s left`.
fn progress_line(shared: &Shared) -> String {
    let label = shared.label.lock().map(|l| l.clone()).unwrap_or_default();
    let unit = shared.unit.lock().map(|u| *u).unwrap_or("parts");
    let elapsed = shared.start.elapsed().as_secs_f64();
    let found = match shared.control.found() {
        0 => String::new(),
        k => format!("{k} found, "),
    };
    let tracked = shared
        .work
        .lock()
        .ok()
        .and_then(|w| w.as_ref().map(Tracker::snapshot));
    let s = match tracked {
        Some(s) => s,
        None => {
            let (done, total) = shared.control.progress();
            if total == 0 || done > total {
                return format!("{label}: {found}{}", duration(elapsed));
            }
            Progress::of_units(total).at(done, done as f64, elapsed)
        }
    };
    let left = s
        .left
        .map_or(String::new(), |l| format!(", about {} left", duration(l)));
    format!(
        "{label}: {:.1}% ({} of {} {unit}), {found}{}{left}",
        100.0 * s.share,
        s.done,
        s.total,
        duration(elapsed)
    )
}

/// Seconds in words a person reads at a glance: `12 s`, `4 min 05 s`, `3 h 20 min`, `2.5 days`.
pub fn duration(seconds: f64) -> String {
    let s = seconds.max(0.0);
    if s < 60.0 {
        format!("{s:.0} s")
    } else if s < 3600.0 {
        format!("{} min {:02} s", (s / 60.0) as u64, (s % 60.0) as u64)
    } else if s < 86_400.0 {
        format!(
            "{} h {:02} min",
            (s / 3600.0) as u64,
            ((s % 3600.0) / 60.0) as u64
        )
    } else if s < 86_400.0 * 365.0 * 1000.0 {
        format!("{:.1} days", s / 86_400.0)
    } else {
        format!("{:.1e} years", s / (86_400.0 * 365.0))
    }
}

/// Whether standard output is a pipe or socket whose reader has gone away. `poll` with no
/// events asked still reports POLLERR (a pipe with no reader) and POLLHUP.
fn stdout_closed() -> bool {
    let mut fd = libc::pollfd {
        fd: libc::STDOUT_FILENO,
        events: 0,
        revents: 0,
    };
    // SAFETY: one valid pollfd, a zero timeout; poll only writes `revents`.
    let ready = unsafe { libc::poll(&mut fd, 1, 0) };
    ready > 0 && fd.revents & (libc::POLLERR | libc::POLLHUP) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_at_a_glance() {
        assert_eq!(duration(3.4), "3 s");
        assert_eq!(duration(245.0), "4 min 05 s");
        assert_eq!(duration(12_000.0), "3 h 20 min");
        assert_eq!(duration(216_000.0), "2.5 days");
        assert!(duration(1e20).ends_with("years"));
    }

    #[test]
    fn the_progress_line_shows_the_solutions_found_so_far() {
        let job = Job::start("counting completions", None);
        job.control().set_total(7);
        job.control().advance(3);
        let line = progress_line(&job.shared);
        assert!(
            line.starts_with("counting completions: 42.9% (3 of 7 parts), 0 s"),
            "{line}"
        );
        job.control().add_found(123_456);
        let line = progress_line(&job.shared);
        assert!(
            line.starts_with("counting completions: 42.9% (3 of 7 parts), 123456 found, 0 s"),
            "{line}"
        );
    }

    #[test]
    fn a_time_limit_cancels_and_says_so() {
        let job = Job::start("test", Some(0.05));
        while !job.control().is_cancelled() {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(job.timed_out());
        assert!(matches!(
            job.check::<()>(Err(queens::Error::Cancelled)),
            Err(Failure::No(_))
        ));
    }
}
