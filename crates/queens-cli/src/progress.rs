//! Progress on stderr and Ctrl-C for long computations.
//!
//! [`interruptible`] hands out a [`Control`] that Ctrl-C cancels (a second Ctrl-C exits at
//! once). [`watch`] runs a computation while a thread reports the control's progress: an
//! indicatif bar when stderr is a terminal, a plain line every ten seconds otherwise, and
//! nothing at all for computations that end within a second.

use indicatif::{ProgressBar, ProgressStyle};
use queens::Control;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

static CURRENT: OnceLock<Mutex<Option<Arc<Control>>>> = OnceLock::new();

/// A control that the next Ctrl-C cancels.
pub fn interruptible() -> Arc<Control> {
    let control = Arc::new(Control::new());
    let slot = CURRENT.get_or_init(|| {
        let _ = ctrlc::set_handler(|| {
            let current = CURRENT
                .get()
                .and_then(|m| m.lock().ok().and_then(|g| g.clone()));
            match current {
                Some(c) if !c.is_cancelled() => c.cancel(),
                _ => std::process::exit(130),
            }
        });
        Mutex::new(None)
    });
    if let Ok(mut guard) = slot.lock() {
        *guard = Some(control.clone());
    }
    control
}

/// Runs `work` while reporting the progress of `control` under `label`.
pub fn watch<T>(control: &Arc<Control>, label: &str, work: impl FnOnce() -> T) -> T {
    let finished = Arc::new(AtomicBool::new(false));
    let watcher = {
        let (control, finished, label) = (control.clone(), finished.clone(), label.to_string());
        std::thread::spawn(move || report_until(&control, &finished, &label))
    };
    let result = work();
    finished.store(true, Ordering::Relaxed);
    watcher.thread().unpark();
    let _ = watcher.join();
    result
}

fn report_until(control: &Control, finished: &AtomicBool, label: &str) {
    let start = Instant::now();
    let tick = Duration::from_millis(100);
    while start.elapsed() < Duration::from_secs(1) {
        if finished.load(Ordering::Relaxed) {
            return;
        }
        std::thread::park_timeout(tick);
    }
    if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} [{bar:40}] {pos}/{len} {elapsed_precise} (eta {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        bar.set_message(label.to_string());
        while !finished.load(Ordering::Relaxed) {
            let (done, total) = control.progress();
            bar.set_length(total);
            bar.set_position(done);
            std::thread::park_timeout(tick);
        }
        bar.finish_and_clear();
    } else {
        let mut last = Instant::now() - Duration::from_secs(10);
        while !finished.load(Ordering::Relaxed) {
            if last.elapsed() >= Duration::from_secs(10) {
                let (done, total) = control.progress();
                let pct = if total > 0 {
                    100.0 * done as f64 / total as f64
                } else {
                    0.0
                };
                eprintln!(
                    "queens: {label}: {done}/{total} parts ({pct:.1}%), {:.0} s",
                    start.elapsed().as_secs_f64()
                );
                last = Instant::now();
            }
            std::thread::park_timeout(tick);
        }
    }
}
