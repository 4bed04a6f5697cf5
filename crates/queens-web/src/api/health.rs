//! `GET /api/health`: the server is up, and its version.

use super::Job;
use crate::error::ApiResult;
use crate::limits::Limits;
use crate::query::Query;
use serde_json::json;

/// `{"ok":true,"version":"0.1.0"}`.
pub fn ask(_: &Limits, raw: Option<&str>) -> ApiResult<Job> {
    Query::parse(raw, &[])?;
    Ok(Job::done(
        json!({"ok": true, "version": env!("CARGO_PKG_VERSION")}),
    ))
}
