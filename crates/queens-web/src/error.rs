//! The API's errors, as one type: each has its status and a message that names the bad value
//! and what is accepted, sent as `{"error": "..."}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// Why a request got no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// 400: a bad parameter; the message names it and what is accepted.
    Bad(String),
    /// 404: no such path.
    NotFound(String),
    /// 405: the path exists, the method does not.
    Method(String),
    /// 429: every permit for heavy requests is taken.
    Busy(usize),
    /// 503: the time limit stopped the work.
    Timeout(std::time::Duration),
    /// 500: the work ended without an answer (it should not happen).
    Internal(String),
    /// 503: the heavy request was stopped to give its permit to another client (one client
    /// may not hold every permit).
    Preempted,
    /// 503: the server is stopping.
    Stopping,
    /// A request the server does not serve at all (a foreign `Host`: 421; no `Host`: 400).
    Refused(StatusCode, String),
    /// 403: a request to the API that a page of another site made ([`crate::guard`]).
    CrossSite(String),
    /// 400: a value that asks an open question of mathematics (a cover of 27), not bad input:
    /// sent with `"open_question": true` so that the page can say so in its own words.
    OpenQuestion(String),
}

/// The result of a handler.
pub type ApiResult<T> = Result<T, ApiError>;

/// A 400 with a message: `return Err(bad(format!(...)))`.
pub fn bad(message: impl Into<String>) -> ApiError {
    ApiError::Bad(message.into())
}

impl ApiError {
    /// The HTTP status of the error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Bad(_) | ApiError::OpenQuestion(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Method(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Busy(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Timeout(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Preempted | ApiError::Stopping => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Refused(status, _) => *status,
            ApiError::CrossSite(_) => StatusCode::FORBIDDEN,
        }
    }

    /// The error as the JSON object the API sends.
    /// The message is in the language of the request ([`crate::lang`]).
    pub fn body(&self) -> serde_json::Value {
        let mut body = self.english();
        if let Some(message) = body["error"].as_str() {
            body["error"] = json!(crate::lang::say(message));
        }
        body
    }

    /// The error as the JSON object the API sends, its message in English.
    pub fn english(&self) -> serde_json::Value {
        match self {
            ApiError::Bad(m) | ApiError::NotFound(m) | ApiError::Method(m) => json!({"error": m}),
            ApiError::Internal(m) | ApiError::Refused(_, m) => json!({"error": m}),
            ApiError::CrossSite(m) => json!({"error": m, "cross_site": true}),
            ApiError::OpenQuestion(m) => json!({"error": m, "open_question": true}),
            ApiError::Preempted => json!({
                "error": "stopped to give its permit to another client: one client may not hold every heavy permit; try again shortly",
                "preempted": true,
            }),
            ApiError::Stopping => json!({
                "error": "the server is stopping: the work was stopped",
                "shutdown": true,
            }),
            ApiError::Busy(k) => json!({
                "error": format!("busy: {k} heavy requests are running, the most at once; try again shortly"),
                "busy": true,
            }),
            ApiError::Timeout(limit) => json!({
                "error": format!("time limit of {} s reached: the work was stopped", limit.as_secs_f64()),
                "timeout": true,
            }),
        }
    }
}

impl From<queens::Error> for ApiError {
    fn from(e: queens::Error) -> ApiError {
        match e {
            // A cancelled engine whose request is still waiting: only the time limit or a
            // shutdown can have stopped it.
            queens::Error::Cancelled => ApiError::Internal("the work was stopped".into()),
            other => ApiError::Bad(other.to_string()),
        }
    }
}

impl From<queens::ParseError> for ApiError {
    fn from(e: queens::ParseError) -> ApiError {
        ApiError::Bad(e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status(), Json(self.body())).into_response();
        if let ApiError::Method(_) = self {
            response.headers_mut().insert(
                axum::http::header::ALLOW,
                axum::http::HeaderValue::from_static("GET, HEAD"),
            );
        }
        response
    }
}
