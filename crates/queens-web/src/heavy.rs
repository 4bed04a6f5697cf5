//! Heavy requests: a few at once, each under a time limit, each cancelled when its client goes.
//!
//! A heavy request takes one of a fixed number of permits (none left: 429 at once, never a
//! queue that grows). Its engine runs on a blocking thread with its own [`Control`]; the
//! handler's future holds a [`CancelOnDrop`] guard, so when the client disconnects and the
//! server drops the future, the guard cancels the control and the engine stops at its next
//! look. The time limit cancels the same way and answers 503. The permit goes back only when
//! the engine has really stopped, so the CPU in use stays bounded too.
//!
//! One client may not hold every permit. A client is a peer address ([`Client`]); when every
//! permit is held by one client, there are at least two permits and another client asks, the
//! holder's newest request is stopped (its answer: 503, or an error event, with
//! `"preempted": true`) and the asker waits a moment for that permit ([`PREEMPT_WAIT`]).
//! The newest is stopped because it has done the least work. A client that asks while it
//! holds a permit, or while a preemption is under way, gets 429 as before; so does everyone
//! when there is a single permit (two clients would only take it from each other in turn).
//! A stalled stream (its client reads nothing) is stopped by its endpoint ([`STALL`]).
//!
//! Each permit has its own thread pool for the engines' parallel loops (rayon's, made on first
//! use, as many threads as the machine has): with one pool for all, a request's loops queue
//! behind another's long tasks, so a request stopped (or preempted) waits for the other
//! before it can even look at its control, and two permits do not run side by side.

use crate::error::{ApiError, ApiResult};
use crate::limits::PREEMPT_WAIT;
#[cfg(doc)]
use crate::limits::STALL;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use queens::Control;
use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
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
    holders: Arc<Mutex<Vec<Holder>>>,
    next_id: AtomicU64,
    pools: Arc<Pools>,
}

/// One thread pool per permit, and which of them are free.
#[derive(Debug)]
struct Pools {
    pools: Vec<OnceLock<Option<rayon::ThreadPool>>>,
    free: Mutex<Vec<usize>>,
}

impl Pools {
    fn new(at_once: usize) -> Pools {
        Pools {
            pools: (0..at_once).map(|_| OnceLock::new()).collect(),
            free: Mutex::new((0..at_once).rev().collect()),
        }
    }

    /// Runs `work` with pool `slot` as the pool of its parallel loops (the global pool if
    /// this one cannot be made).
    fn install<T: Send>(&self, slot: usize, work: impl FnOnce() -> T + Send) -> T {
        let pool = self.pools[slot].get_or_init(|| rayon::ThreadPoolBuilder::new().build().ok());
        match pool {
            Some(pool) => pool.install(work),
            None => work(),
        }
    }
}

/// Who sent a request: its peer's address, as the server puts it in the request's extensions
/// (a request made in process, with none, is the unspecified address).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Client(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Client, Infallible> {
        let unknown = Client(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        Ok(parts.extensions.get::<Client>().copied().unwrap_or(unknown))
    }
}

/// One held permit, as the preemption sees it.
#[derive(Debug)]
struct Holder {
    id: u64,
    client: Client,
    control: Arc<Control>,
    preempted: Arc<AtomicBool>,
}

/// Cancels a control when dropped: the tie between a request's future and its engine.
#[derive(Debug)]
pub struct CancelOnDrop(pub Arc<Control>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// A permit for one heavy request, the control of its engine, and the count of running
/// engines it keeps.
#[derive(Debug)]
pub struct Ticket {
    _permit: OwnedSemaphorePermit,
    running: Arc<AtomicUsize>,
    control: Arc<Control>,
    preempted: Arc<AtomicBool>,
    id: u64,
    holders: Arc<Mutex<Vec<Holder>>>,
    pools: Arc<Pools>,
    slot: usize,
}

impl Drop for Ticket {
    // The pool goes back before the permit (a field, dropped after this).
    fn drop(&mut self) {
        lock(&self.holders).retain(|h| h.id != self.id);
        lock(&self.pools.free).push(self.slot);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Ticket {
    /// The control of this request's engine.
    pub fn control(&self) -> Arc<Control> {
        self.control.clone()
    }

    /// Set when the request was stopped to give its permit to another client.
    pub fn preempted(&self) -> Arc<AtomicBool> {
        self.preempted.clone()
    }

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
            holders: Arc::new(Mutex::new(Vec::new())),
            next_id: AtomicU64::new(0),
            pools: Arc::new(Pools::new(at_once)),
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

    /// A permit for `client`: a free one, or one taken from a client that holds them all;
    /// else 429.
    pub async fn ticket(&self, client: Client) -> ApiResult<Ticket> {
        let permit = match self.permits.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) if self.preempt(client) => {
                let freed = self.permits.clone().acquire_owned();
                match tokio::time::timeout(PREEMPT_WAIT, freed).await {
                    Ok(Ok(permit)) => permit,
                    _ => return Err(ApiError::Busy(self.at_once)),
                }
            }
            Err(_) => return Err(ApiError::Busy(self.at_once)),
        };
        let holder = Holder {
            id: self.next_id.fetch_add(1, Ordering::SeqCst),
            client,
            control: Arc::new(Control::new()),
            preempted: Arc::new(AtomicBool::new(false)),
        };
        // As many pools as permits: a permit held means a pool free.
        let slot = lock(&self.pools.free).pop().unwrap_or(0);
        let ticket = Ticket {
            _permit: permit,
            running: self.running.clone(),
            control: holder.control.clone(),
            preempted: holder.preempted.clone(),
            id: holder.id,
            holders: self.holders.clone(),
            pools: self.pools.clone(),
            slot,
        };
        lock(&self.holders).push(holder);
        Ok(ticket)
    }

    /// Stops the newest request of the one client that holds every permit, when `client` is
    /// another; true when it did.
    fn preempt(&self, client: Client) -> bool {
        let holders = lock(&self.holders);
        let one = holders.first().map(|h| h.client);
        let every = holders.len() >= self.at_once && holders.iter().all(|h| Some(h.client) == one);
        let under_way = holders.iter().any(|h| h.preempted.load(Ordering::SeqCst));
        if self.at_once < 2 || !every || under_way || one == Some(client) {
            return false;
        }
        let Some(newest) = holders.iter().max_by_key(|h| h.id) else {
            return false;
        };
        newest.preempted.store(true, Ordering::SeqCst);
        newest.control.cancel();
        true
    }

    /// Runs `work` on a blocking thread under a permit, the time limit and cancellation on
    /// drop; its `Err(Cancelled)` after the time limit becomes 503, and after a preemption
    /// [`ApiError::Preempted`].
    pub async fn run<T, F>(&self, client: Client, work: F) -> ApiResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&Control) -> Result<T, ApiError> + Send + 'static,
    {
        let ticket = self.ticket(client).await?;
        let guard = CancelOnDrop(ticket.control());
        let preempted = ticket.preempted();
        let task = spawn(ticket, work);
        let answer = match tokio::time::timeout(self.time_limit, task).await {
            Ok(joined) => joined.unwrap_or_else(|e| {
                Err(ApiError::Internal(crate::error::Said::internal(
                    e.to_string(),
                )))
            }),
            Err(_) => Err(ApiError::Timeout(self.time_limit)),
        };
        drop(guard);
        match answer {
            Err(_) if preempted.load(Ordering::SeqCst) => Err(ApiError::Preempted),
            answer => answer,
        }
    }
}

/// Starts `work` on a blocking thread with the ticket's control; the ticket is held until it
/// returns.
pub fn spawn<T, F>(ticket: Ticket, work: F) -> tokio::task::JoinHandle<Result<T, ApiError>>
where
    T: Send + 'static,
    F: FnOnce(&Control) -> Result<T, ApiError> + Send + 'static,
{
    // Counted from here, not from the blocking thread's start: a request that has begun to
    // answer (its first progress event) is running, however late the thread comes.
    let running = ticket.run();
    tokio::task::spawn_blocking(move || {
        let _running = running;
        let answer = ticket.pools.install(ticket.slot, || work(&ticket.control));
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

    fn client(last: u8) -> Client {
        Client(IpAddr::V4(Ipv4Addr::new(10, 0, 0, last)))
    }

    #[tokio::test]
    async fn beyond_the_permits_is_busy() {
        let heavy = Heavy::new(1, Duration::from_secs(5));
        let held = heavy.ticket(client(1)).await.unwrap();
        assert_eq!(
            heavy.ticket(client(1)).await.unwrap_err(),
            ApiError::Busy(1)
        );
        // A single permit is never taken from its holder.
        assert_eq!(
            heavy.ticket(client(2)).await.unwrap_err(),
            ApiError::Busy(1)
        );
        drop(held);
        assert!(heavy.ticket(client(1)).await.is_ok());
    }

    #[tokio::test]
    async fn a_client_holding_every_permit_gives_its_newest_up() {
        let heavy = Heavy::new(2, Duration::from_secs(5));
        let old = heavy.ticket(client(1)).await.unwrap();
        let new = heavy.ticket(client(1)).await.unwrap();
        let (old_control, new_control) = (old.control(), new.control());
        let preempted = new.preempted();
        // The engine of the newest stops when cancelled, which frees its permit.
        let task = spawn(new, |c: &Control| {
            while !c.is_cancelled() {
                std::thread::sleep(Duration::from_millis(5));
            }
            Ok(())
        });
        let other = heavy.ticket(client(2)).await.unwrap();
        assert!(new_control.is_cancelled() && preempted.load(Ordering::SeqCst));
        assert!(!old_control.is_cancelled());
        task.await.unwrap().unwrap();
        // Two clients with a permit each: nobody is preempted.
        assert_eq!(
            heavy.ticket(client(3)).await.unwrap_err(),
            ApiError::Busy(2)
        );
        drop((old, other));
    }

    #[tokio::test]
    async fn the_time_limit_cancels_the_engine() {
        let heavy = Heavy::new(1, Duration::from_millis(50));
        let answer = heavy
            .run(client(1), |control: &Control| {
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
        assert!(heavy.ticket(client(1)).await.is_ok());
    }
}
