//! The `lang` parameter of the API: the page's language, which the server accepts and takes
//! out of the query before the endpoint reads it, and which changes nothing in the answer.
//!
//! The server sends no words in any language but English: errors and reasons go out as codes
//! with their values (see [`crate::error`]), and the page words them in its own language from
//! its dictionaries. `lang=en|ru` stays accepted (a value other than these is refused), so that
//! an address written with it keeps working.

use crate::error::{bad, Code};
#[cfg(feature = "server")]
use axum::{
    extract::Request,
    http::Uri,
    middleware::Next,
    response::{IntoResponse, Response},
};
use serde_json::json;

/// A language of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Russian.
    Ru,
}

impl Lang {
    /// `en` or `ru`.
    pub fn parse(text: &str) -> Option<Lang> {
        match text {
            "en" => Some(Lang::En),
            "ru" => Some(Lang::Ru),
            _ => None,
        }
    }
}

/// The middleware of the API: reads `lang` (refusing a value other than `en` or `ru`) and
/// removes it from the query.
#[cfg(feature = "server")]
pub async fn scope(mut request: Request, next: Next) -> Response {
    let rest = match split_lang(request.uri().query()) {
        Ok((_, rest)) => rest,
        Err(e) => return e.into_response(),
    };
    if let Some(uri) = without_query(request.uri(), rest) {
        *request.uri_mut() = uri;
    }
    next.run(request).await
}

/// The `lang` of a raw query and the query without it (`None` when there was no `lang`).
pub(crate) type Split = (Option<Lang>, Option<String>);

/// Reads `lang` out of a raw query, as the middleware does.
pub(crate) fn split_lang(query: Option<&str>) -> Result<Split, crate::error::ApiError> {
    let Some(query) = query else {
        return Ok((None, None));
    };
    let mut lang = None;
    let mut kept: Vec<&str> = Vec::new();
    for pair in query.split('&') {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        if name != "lang" {
            kept.push(pair);
            continue;
        }
        if lang.is_some() {
            return Err(crate::query::twice("lang"));
        }
        let shown = crate::query::shorten(value);
        lang = Some(Lang::parse(value).ok_or_else(|| {
            bad(
                Code::BadLang,
                json!({"text": shown}),
                format!("bad lang '{shown}': expected en or ru"),
            )
        })?);
    }
    match lang {
        None => Ok((None, None)),
        Some(_) => Ok((lang, Some(kept.join("&")))),
    }
}

#[cfg(feature = "server")]
fn without_query(uri: &Uri, rest: Option<String>) -> Option<Uri> {
    let rest = rest?;
    let path = uri.path();
    let target = match rest.is_empty() {
        true => path.to_string(),
        false => format!("{path}?{rest}"),
    };
    let mut parts = uri.clone().into_parts();
    parts.path_and_query = Some(target.parse().ok()?);
    Uri::from_parts(parts).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_is_taken_out_of_the_query() {
        assert_eq!(
            split_lang(Some("n=8&lang=ru")).unwrap(),
            (Some(Lang::Ru), Some("n=8".into()))
        );
        assert_eq!(split_lang(Some("n=8")).unwrap(), (None, None));
        let de = split_lang(Some("lang=de")).unwrap_err().said();
        assert_eq!(de.code, Code::BadLang);
        assert_eq!(de.values, json!({"text": "de"}));
        let twice = split_lang(Some("lang=ru&lang=en")).unwrap_err().said();
        assert_eq!(twice.code, Code::DuplicateParameter);
    }
}
