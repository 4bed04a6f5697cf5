//! The JSON API under `/api/`: one module per endpoint, all GET with query parameters.
//!
//! Unknown paths get 404 and wrong methods 405, both as `{"error": "..."}` like every other
//! error (see [`crate::error`]).

pub mod health;

use crate::error::ApiError;
use crate::State;
use axum::extract::OriginalUri;
use axum::handler::Handler;
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, MethodRouter};
use axum::Router;
use std::sync::Arc;

/// The routes of the API, relative to `/api`.
pub fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/health", endpoint(health::get))
        .fallback(not_found)
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
    ApiError::Method(format!(
        "method {method} not allowed on {}: the API takes GET",
        crate::query::shorten(uri.path())
    ))
    .into_response()
}

async fn not_found(OriginalUri(uri): OriginalUri) -> Response {
    ApiError::NotFound(format!(
        "no such endpoint: {}",
        crate::query::shorten(uri.path())
    ))
    .into_response()
}
