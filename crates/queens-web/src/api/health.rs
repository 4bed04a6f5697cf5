//! `GET /api/health`: the server is up, and its version.

use crate::error::ApiResult;
use crate::query::Query;
use axum::extract::RawQuery;
use axum::Json;
use serde_json::{json, Value};

/// `{"ok":true,"version":"0.1.0"}`.
pub async fn get(RawQuery(raw): RawQuery) -> ApiResult<Json<Value>> {
    Query::parse(raw.as_deref(), &[])?;
    Ok(Json(
        json!({"ok": true, "version": env!("CARGO_PKG_VERSION")}),
    ))
}
