//! The accept loop: one task per connection, each connection one request, every request's
//! head read within bounds before HTTP is spoken, and a shutdown that tells streams to end.
//!
//! A connection's head must come whole within [`HEADER_TIMEOUT`] of its accept, or the
//! connection is closed (so a client that sends nothing, or a byte at a time, holds nothing);
//! an oversized head gets the JSON error ([`crate::head`]). The head and the rest of the socket
//! then go to hyper's HTTP/1 server, without keep-alive (a second request on the connection
//! would skip these checks; on this machine a new connection costs little), with the peer's
//! address ([`Client`]) and the shutdown signal ([`Stopping`]) in the request's extensions, and
//! under the `Host` and cross-site checks ([`crate::guard`]), whose refusals carry the safety
//! headers as every answer does. A head hyper itself refuses (not HTTP/1.1, too many header
//! fields) gets our answer in place of its bare one ([`head::Gate`]).
//!
//! At shutdown the listener closes, every connection is told to end after its answer and
//! every stream that listens ([`Stopping`]) ends with an error event; what still runs after
//! [`SHUTDOWN_GRACE`] is dropped, which cancels its engine.

use crate::guard::{self, Hosts};
use crate::head::{self, Gate, Head, Rewind};
use crate::heavy::Client;
use crate::limits::{HEADER_FIELDS, HEADER_TIMEOUT, SHUTDOWN_GRACE};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinSet;

/// The server's shutdown signal, as a handler sees it (a request made in process never stops).
#[derive(Debug, Clone)]
pub struct Stopping(Option<watch::Receiver<bool>>);

impl Stopping {
    /// A signal that never comes.
    pub fn never() -> Stopping {
        Stopping(None)
    }

    /// Completes when the server begins to stop; never for a request made in process.
    pub async fn wait(self) {
        if let Some(mut rx) = self.0 {
            if rx.wait_for(|stopping| *stopping).await.is_ok() {
                return;
            }
        }
        std::future::pending::<()>().await;
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Stopping {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Stopping, Infallible> {
        Ok(parts
            .extensions
            .get::<Stopping>()
            .cloned()
            .unwrap_or_else(Stopping::never))
    }
}

/// Serves `app` on `listener` until `shutdown` completes, then as [`crate::serve`] says.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let hosts = Arc::new(Hosts::new(listener.local_addr()?));
    // The safety headers outermost, so that the guard's refusals carry them too.
    let app = app
        .layer(axum::middleware::from_fn_with_state(hosts, guard::check))
        .layer(axum::middleware::from_fn(guard::safety));
    let (stop, stopping) = watch::channel(false);
    let mut connections = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    let stopping = Stopping(Some(stopping.clone()));
                    connections.spawn(connection(stream, peer, app.clone(), stopping));
                }
                // Out of descriptors and the like: wait a little rather than spin.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            },
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
        }
    }
    drop(listener);
    let _ = stop.send(true);
    let ended = async { while connections.join_next().await.is_some() {} };
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, ended).await;
    connections.abort_all();
    Ok(())
}

/// One connection: its head within bounds and in time, then its one request.
async fn connection(mut stream: TcpStream, peer: SocketAddr, app: Router, stopping: Stopping) {
    let read = match tokio::time::timeout(HEADER_TIMEOUT, head::read(&mut stream)).await {
        Ok(Ok(Head::Whole(read))) => read,
        Ok(Ok(Head::Refused(refusal))) => return refusal.send(&mut stream).await,
        Ok(Ok(Head::Closed) | Err(_)) | Err(_) => return,
    };
    let client = Client(peer.ip().to_canonical());
    let signal = stopping.clone();
    let reached = Arc::new(AtomicBool::new(false));
    let api = head::is_api(&read);
    let io = Gate::new(Rewind::new(read, stream), api, reached.clone());
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        reached.store(true, Ordering::SeqCst);
        request.extensions_mut().insert(client);
        request.extensions_mut().insert(stopping.clone());
        let mut app = app.clone();
        async move {
            let request = request.map(axum::body::Body::new);
            tower_service::Service::call(&mut app, request).await
        }
    });
    let served = http1().serve_connection(TokioIo::new(io), service);
    tokio::pin!(served);
    tokio::select! {
        _ = served.as_mut() => {}
        () = signal.wait() => {
            served.as_mut().graceful_shutdown();
            let _ = served.await;
        }
    }
}

/// The HTTP/1 server of one connection: one request, its head read in time, at most
/// [`HEADER_FIELDS`] header fields.
fn http1() -> hyper::server::conn::http1::Builder {
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .keep_alive(false)
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .max_headers(HEADER_FIELDS);
    builder
}
