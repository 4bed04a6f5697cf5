//! `queens-web`: the local web page of `queens` and its JSON API, over the `queens` library.
//!
//! With the feature `server` (default), `router` gives the whole application as an axum `Router`: the page's files, embedded
//! at build time (`assets`), and the API under `/api/` ([`api`]). `serve` runs it on a
//! listener until a shutdown signal. Every request is bounded ([`limits`]): caps on N, a few
//! heavy requests at once under a time limit, engines cancelled when their client goes
//! (`heavy`). Only requests that name a host of this server are answered, and every answer
//! tells the browser to run the page's own files only (`guard`); request heads are bounded
//! in bytes and in time (`head`, `server`). HTTP stays here: the library knows nothing of
//! it.
//!
//! Every endpoint reads its request into the work that answers it ([`api::ENDPOINTS`]) without
//! HTTP; the server runs that work under its permits, and [`answer`] runs it on the caller's
//! thread. Without the default feature `server` the crate is that alone (no axum, no tokio),
//! which the page's in-browser back end compiles to WebAssembly: its answers are the server's.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! queens_web::serve(listener, async { let _ = tokio::signal::ctrl_c().await; }).await
//! # }
//! ```

#![warn(missing_docs)]

pub mod answer;
pub mod api;
#[cfg(feature = "server")]
pub mod assets;
pub mod error;
#[cfg(feature = "server")]
pub mod guard;
#[cfg(feature = "server")]
pub mod head;
#[cfg(feature = "server")]
pub mod heavy;
pub mod lang;
pub mod limits;
pub mod query;
#[cfg(feature = "server")]
pub mod server;

#[cfg(feature = "server")]
pub use served::*;

/// The server: its state, its application and its loop (the default feature `server`).
#[cfg(feature = "server")]
mod served {
    use crate::heavy::Heavy;
    use crate::limits::Limits;
    use crate::{api, assets, guard, server};
    use axum::Router;
    use std::future::Future;
    use std::sync::Arc;

    /// What every handler shares: the limits, the heavy requests' permits, caches.
    #[derive(Debug)]
    pub struct State {
        /// The bounds of this server.
        pub limits: Limits,
        /// Permits, time limit and running engines of the heavy requests.
        pub heavy: Heavy,
    }

    impl State {
        /// The state of a server with these limits.
        pub fn new(limits: Limits) -> Arc<State> {
            Arc::new(State {
                heavy: Heavy::new(limits.heavy_at_once, limits.time_limit),
                limits,
            })
        }
    }

    /// The application with the default limits.
    pub fn router() -> Router {
        router_with(State::new(Limits::default()))
    }

    /// The application over a given state (tests keep the state to watch its running engines).
    pub fn router_with(state: Arc<State>) -> Router {
        Router::new()
            .nest("/api", api::router(state))
            .fallback(assets::serve)
            .layer(axum::middleware::from_fn(guard::safety))
    }

    /// Serves [`router`] on `listener` until `shutdown` completes; then the listener closes, a
    /// count under way ends with an error event, open requests get [`crate::limits::SHUTDOWN_GRACE`] to
    /// end, and whatever still runs is dropped (which cancels it).
    pub async fn serve(
        listener: tokio::net::TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        serve_with(listener, router(), shutdown).await
    }

    /// [`serve`] with a given application (the `Host` check of [`guard`] is added here, since
    /// it depends on the address listened on).
    pub async fn serve_with(
        listener: tokio::net::TcpListener,
        app: Router,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        server::serve(listener, app, shutdown).await
    }
}
