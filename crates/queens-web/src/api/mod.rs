//! The JSON API under `/api/`: one module per endpoint, all GET with query parameters.
//!
//! Unknown paths get 404 and wrong methods 405, both as `{"error","code","values"}` like every
//! other error (see [`crate::error`]). Squares go out as `[col, row]`, 1-based.

pub mod check;
pub mod classify;
pub mod complete;
pub mod count;
pub mod counts;
pub mod cover;
pub mod dominate;
pub mod health;
pub mod next;
pub mod rules;
pub mod solutions;
pub mod solve;
pub mod tour;
pub mod tour_plan;
pub mod tour_trace;
pub mod trace;

use crate::error::{ApiError, Code, Said};
use crate::State;
use axum::extract::OriginalUri;
use axum::handler::Handler;
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, MethodRouter};
use axum::Router;
use queens::Square;
use serde_json::json;
use std::sync::Arc;

/// The routes of the API, relative to `/api`.
pub fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/health", endpoint(health::get))
        .route("/check", endpoint(check::get))
        .route("/complete", endpoint(complete::get))
        .route("/completions", endpoint(complete::count))
        .route("/solutions", endpoint(solutions::get))
        .route("/classify", endpoint(classify::get))
        .route("/counts", endpoint(counts::get))
        .route("/count", endpoint(count::get))
        .route("/trace", endpoint(trace::get))
        .route("/tour", endpoint(tour::get))
        .route("/tour/count", endpoint(tour::count))
        .route("/tour/count/stream", endpoint(tour::count_stream))
        .route("/tour/count/plan", endpoint(tour_plan::get))
        .route("/tour/trace", endpoint(tour_trace::get))
        .route("/solve", endpoint(solve::get))
        .route("/dominate", endpoint(dominate::get))
        .route("/cover", endpoint(cover::get))
        .route("/next", endpoint(next::get))
        .fallback(not_found)
        .layer(axum::middleware::from_fn(crate::lang::scope))
        .with_state(state)
}

/// A GET route whose other methods get a JSON 405.
fn endpoint<H, T>(handler: H) -> MethodRouter<Arc<State>>
where
    H: Handler<T, Arc<State>>,
    T: 'static,
{
    get(handler).fallback(not_allowed)
}

async fn not_allowed(method: Method, OriginalUri(uri): OriginalUri) -> Response {
    let path = crate::query::shorten(uri.path());
    ApiError::Method(Said::new(
        Code::MethodNotAllowed,
        json!({"method": method.as_str(), "path": path}),
        format!("method {method} not allowed on {path}: the API takes GET"),
    ))
    .into_response()
}

async fn not_found(OriginalUri(uri): OriginalUri) -> Response {
    let path = crate::query::shorten(uri.path());
    ApiError::NotFound(Said::new(
        Code::NoEndpoint,
        json!({"path": path}),
        format!("no such endpoint: {path}"),
    ))
    .into_response()
}

/// Squares as `[[col, row], ...]`, 1-based.
pub fn pairs(squares: impl IntoIterator<Item = Square>) -> Vec<[u64; 2]> {
    squares.into_iter().map(Square::pair).collect()
}
