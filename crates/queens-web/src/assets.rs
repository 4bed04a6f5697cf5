//! The page's files, embedded in the binary at build time (rust-embed, with `debug-embed` so
//! that debug builds embed them too): the server reads nothing from the disk.
//!
//! A path is looked up by its exact name in the embedded table, so `..`, encoded dots and any
//! other name that is not one of the files get 404: there is no file system to escape into.

use crate::error::{ApiError, Code, Said};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;
use serde_json::json;

#[derive(Embed)]
#[folder = "assets/"]
struct Assets;

/// The names of every embedded file, `index.html` among them.
pub fn names() -> impl Iterator<Item = String> {
    Assets::iter().map(|name| name.into_owned())
}

/// Serves `/` as `index.html` and any other path by its exact embedded name; GET and HEAD only.
pub async fn serve(method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return ApiError::Method(Said::new(
            Code::MethodNotAllowed,
            json!({"method": method.as_str(), "path": null}),
            format!("method {method} not allowed: the page's files take GET"),
        ))
        .into_response();
    }
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        let shown = crate::query::shorten(path);
        return ApiError::NotFound(Said::new(
            Code::NoEndpoint,
            json!({"path": shown}),
            format!("no such endpoint: {shown}"),
        ))
        .into_response();
    }
    let name = match path {
        "/" => "index.html",
        _ => path.strip_prefix('/').unwrap_or(path),
    };
    match Assets::get(name) {
        Some(file) => {
            let mime = file.metadata.mimetype();
            let mut response = (StatusCode::OK, file.data.into_owned()).into_response();
            let headers = response.headers_mut();
            if let Ok(value) = HeaderValue::from_str(&content_type(mime)) {
                headers.insert(header::CONTENT_TYPE, value);
            }
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            headers.insert(
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            );
            response
        }
        None => not_found(path),
    }
}

/// Text types carry their character set.
fn content_type(mime: &str) -> String {
    match mime.starts_with("text/") || mime == "application/javascript" {
        true => format!("{mime}; charset=utf-8"),
        false => mime.to_string(),
    }
}

/// A 404 for a path that is no file of the page.
fn not_found(path: &str) -> Response {
    let shown: String = path.chars().take(200).collect();
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!("404: no such page: {shown}\n"),
    )
        .into_response()
}
