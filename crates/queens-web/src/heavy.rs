//! Heavy requests: a few at once, each under a time limit, each cancelled when its client goes.
//!
//! A heavy request takes one of a fixed number of permits (none left: 429 at once, never a
//! queue that grows). Its engine runs on a blocking thread with its own [`Control`]; the
//! handler's future holds a [`CancelOnDrop`] guard, so when the client disconnects and the
//! server drops the future, the guard cancels the control and the engine stops at its next
//! look. The time limit cancels the same way and answers 503. The permit goes back only when
//! the engine has really stopped, so the CPU in use stays bounded too.

use crate::error::{ApiError, ApiResult};
use queens::Control;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_stream::Stream;

/// The permits and the time limit shared by every heavy request of one server.
#[derive(Debug)]
pub struct Heavy {
    permits: Arc<Semaphore>,
    at_once: usize,
    time_limit: Duration,
    running: Arc<AtomicUsize>,
}

/// Cancels a control when dropped: the tie between a request's future and its engine.
#[derive(Debug)]
pub struct CancelOnDrop(pub Arc<Control>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// A permit for one heavy request, and the count of running engines it keeps.
#[derive(Debug)]
pub struct Ticket {
    _permit: OwnedSemaphorePermit,
    running: Arc<AtomicUsize>,
}

impl Ticket {
    /// Counts an engine as running until the returned guard is dropped.
    fn run(&self) -> Running {
        self.running.fetch_add(1, Ordering::SeqCst);
        Running(self.running.clone())
    }
}

/// One running engine; dropped when the engine has returned.
struct Running(Arc<AtomicUsize>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Heavy {
    /// `at_once` permits and a time limit.
    pub fn new(at_once: usize, time_limit: Duration) -> Heavy {
        Heavy {
            permits: Arc::new(Semaphore::new(at_once)),
            at_once,
            time_limit,
            running: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// Engines running now (a request whose client left counts until its engine stops).
    pub fn running(&self) -> usize {
        self.running.load(Ordering::SeqCst)
    }

    /// The time limit of one heavy request.
    pub fn time_limit(&self) -> Duration {
        self.time_limit
    }

    /// A permit, or 429 when all are taken.
    pub fn ticket(&self) -> ApiResult<Ticket> {
        let permit = self
            .permits
            .clone()
            .try_acquire_owned()
            .map_err(|_| ApiError::Busy(self.at_once))?;
        Ok(Ticket {
            _permit: permit,
            running: self.running.clone(),
        })
    }

    /// Runs `work` on a blocking thread under a permit, the time limit and cancellation on
    /// drop; its `Err(Cancelled)` after the time limit becomes 503.
    pub async fn run<T, F>(&self, work: F) -> ApiResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&Control) -> Result<T, ApiError> + Send + 'static,
    {
        let ticket = self.ticket()?;
        let control = Arc::new(Control::new());
        let guard = CancelOnDrop(control.clone());
        let task = spawn(ticket, control, work);
        let answer = match tokio::time::timeout(self.time_limit, task).await {
            Ok(joined) => joined.unwrap_or_else(|e| Err(ApiError::Internal(e.to_string()))),
            Err(_) => Err(ApiError::Timeout(self.time_limit)),
        };
        drop(guard);
        answer
    }
}

/// Starts `work` on a blocking thread; the ticket is held until it returns.
pub fn spawn<T, F>(
    ticket: Ticket,
    control: Arc<Control>,
    work: F,
) -> tokio::task::JoinHandle<Result<T, ApiError>>
where
    T: Send + 'static,
    F: FnOnce(&Control) -> Result<T, ApiError> + Send + 'static,
{
    tokio::task::spawn_blocking(move || {
        let _running = ticket.run();
        let answer = work(&control);
        drop(ticket);
        answer
    })
}

/// A response stream tied to an engine: dropping it (the client went away) cancels the
/// engine.
#[derive(Debug)]
pub struct Guarded<S> {
    /// The stream of the response.
    pub inner: S,
    /// Cancels the engine when the stream is dropped.
    pub guard: CancelOnDrop,
}

impl<S: Stream + Unpin> Stream for Guarded<S> {
    type Item = S::Item;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<S::Item>> {
        Pin::new(&mut self.inner).poll_next(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn beyond_the_permits_is_busy() {
        let heavy = Heavy::new(1, Duration::from_secs(5));
        let held = heavy.ticket().unwrap();
        assert_eq!(heavy.ticket().unwrap_err(), ApiError::Busy(1));
        drop(held);
        assert!(heavy.ticket().is_ok());
    }

    #[tokio::test]
    async fn the_time_limit_cancels_the_engine() {
        let heavy = Heavy::new(1, Duration::from_millis(50));
        let answer = heavy
            .run(|control: &Control| {
                while !control.is_cancelled() {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Ok(())
            })
            .await;
        assert!(matches!(answer, Err(ApiError::Timeout(_))));
        while heavy.running() > 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert!(heavy.ticket().is_ok());
    }
}
