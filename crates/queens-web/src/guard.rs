//! Who may use the server: only requests that name a host it serves, and only its own page
//! may run in the browser (the defence against DNS rebinding and framing).
//!
//! DNS rebinding: a page on `evil.example` makes its own name resolve to 127.0.0.1; the
//! browser then sends the page's requests to this server, with `Host: evil.example`. So every
//! request must name a host this server is known by ([`Hosts`]): `localhost`, `127.0.0.1`,
//! `[::1]` or the address it listens on, with no port or the port it listens on; and when it
//! listens on every interface (0.0.0.0 or ::), any IP address written as such (an address is
//! never rebound: only names are). Anything else gets 421, as JSON under `/api/` and as plain
//! text elsewhere; an HTTP/1.1 request without `Host` gets 400. A target in absolute form
//! (`GET http://host/...`) must name such a host too.
//!
//! Cross-site requests: a page of another site may not start work here (a heavy count on the
//! user's machine). A request under `/api/` whose browser says it comes from elsewhere gets
//! 403 (`{"error": "...", "cross_site": true}`): a `Sec-Fetch-Site` other than `same-origin`
//! or `none` (typed in the address bar), or an `Origin` other than `http://` and the
//! request's own `Host`. The page's own requests say `same-origin`; programs that are not
//! browsers (curl) send neither header and are answered. The page's files are not under this
//! rule: a shared link to the page is a cross-site navigation, and must work.
//!
//! Every answer also carries the usual headers of a local tool ([`SAFETY`]): a
//! Content-Security-Policy that lets the page load and connect to its own files and API only
//! (no inline script or style, nothing from elsewhere), no framing by any page, no MIME
//! sniffing, no referrer.

use crate::error::{ApiError, Code, Said};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode, Version};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

/// The headers every answer carries.
pub const SAFETY: [(&str, &str); 4] = [
    (
        "content-security-policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; \
         connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'",
    ),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
];

/// Adds [`SAFETY`] to an answer (the router puts it on every route).
pub async fn safety(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in SAFETY {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// The host names a server listening on one address answers to.
#[derive(Debug, Clone)]
pub struct Hosts {
    address: SocketAddr,
}

impl Hosts {
    /// The names of a server listening on `address`.
    pub fn new(address: SocketAddr) -> Hosts {
        Hosts { address }
    }

    /// True when `authority` (`host` or `host:port`, as in a `Host` header) names this server.
    pub fn allows(&self, authority: &str) -> bool {
        let Some((host, port)) = split(authority) else {
            return false;
        };
        if port.is_some_and(|p| p != self.address.port()) {
            return false;
        }
        if host.eq_ignore_ascii_case("localhost") {
            return true;
        }
        let Some(ip) = literal(host) else {
            return false;
        };
        let listen = self.address.ip();
        ip == IpAddr::V4(Ipv4Addr::LOCALHOST)
            || ip == IpAddr::V6(Ipv6Addr::LOCALHOST)
            || ip == listen
            || listen.is_unspecified()
    }
}

/// `host[:port]` split; None when the port is not a number (an empty port is no port).
fn split(authority: &str) -> Option<(&str, Option<u16>)> {
    let (host, port) = match authority.rfind(':') {
        // An IPv6 address's colons are inside its brackets.
        Some(i) if !authority[i..].contains(']') => (&authority[..i], &authority[i + 1..]),
        _ => (authority, ""),
    };
    let port = match port {
        "" => None,
        p if p.bytes().all(|b| b.is_ascii_digit()) => Some(p.parse().ok()?),
        _ => return None,
    };
    Some((host, port))
}

/// An IP address written as such: `127.0.0.1`, or `[::1]` in brackets.
fn literal(host: &str) -> Option<IpAddr> {
    match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        Some(v6) => v6.parse::<Ipv6Addr>().ok().map(IpAddr::V6),
        None => host.parse::<Ipv4Addr>().ok().map(IpAddr::V4),
    }
}

/// Why a request names no host of this server, if it does not.
fn refusal(hosts: &Hosts, request: &Request) -> Option<(StatusCode, Said)> {
    let mut named = request.headers().get_all(header::HOST).iter();
    let host = named.next();
    if named.next().is_some() {
        let said = Said::new(
            Code::MissingHost,
            json!({"twice": true}),
            "more than one Host header",
        );
        return Some((StatusCode::BAD_REQUEST, said));
    }
    let version = request.version();
    if host.is_none() && version != Version::HTTP_10 && version != Version::HTTP_09 {
        let message = "missing Host header: HTTP/1.1 requests must name the host";
        return Some((
            StatusCode::BAD_REQUEST,
            Said::new(Code::MissingHost, json!({}), message),
        ));
    }
    let names = host
        .map(|h| h.to_str().unwrap_or("\u{fffd}"))
        .into_iter()
        .chain(request.uri().authority().map(|a| a.as_str()));
    for name in names {
        if !hosts.allows(name) {
            let shown = crate::query::shorten(name);
            let port = hosts.address.port();
            let message = format!(
                "host '{shown}' is not served here: this server answers to localhost, 127.0.0.1, [::1] and the address it listens on, port {port}",
            );
            let said = Said::new(
                Code::ForeignHost,
                json!({"host": shown, "port": port}),
                message,
            );
            return Some((StatusCode::MISDIRECTED_REQUEST, said));
        }
    }
    None
}

/// Why a request comes from a page of another site, if its browser says so.
fn cross_site(request: &Request) -> Option<String> {
    let headers = request.headers();
    for site in headers.get_all("sec-fetch-site") {
        if site != "same-origin" && site != "none" {
            return Some(format!("Sec-Fetch-Site: {}", shown(site)));
        }
    }
    let own = headers
        .get(header::HOST)
        .map(|host| format!("http://{}", shown(host)));
    for origin in headers.get_all(header::ORIGIN) {
        let origin = shown(origin);
        match &own {
            Some(own) if origin.eq_ignore_ascii_case(own) => {}
            Some(own) => return Some(format!("Origin: {origin}, not {own}")),
            None => return Some(format!("Origin: {origin}, and no Host")),
        }
    }
    None
}

/// A header's value as text, at most 40 characters of it.
fn shown(value: &HeaderValue) -> String {
    crate::query::shorten(value.to_str().unwrap_or("\u{fffd}"))
}

/// True when `path` is under `/api/`.
fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// The middleware: refuses a request that names no host of this server, and a request to the
/// API from a page of another site.
pub async fn check(State(hosts): State<Arc<Hosts>>, request: Request, next: Next) -> Response {
    let api = is_api(request.uri().path());
    let (status, message) = match refusal(&hosts, &request) {
        Some(refused) => refused,
        None => match cross_site(&request).filter(|_| api) {
            Some(why) => return ApiError::CrossSite(from_elsewhere(&why)).into_response(),
            None => return next.run(request).await,
        },
    };
    if api {
        return ApiError::Refused(status, message).into_response();
    }
    let message = message.text;
    let mut response = (status, format!("{status}: {message}\n")).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

/// The message of a cross-site request refused, `why` naming the header that says so.
fn from_elsewhere(why: &str) -> Said {
    Said::new(
        Code::CrossSite,
        json!({"why": why}),
        format!(
            "request from another site refused ({why}): the API answers this server's own page, and programs that are not browsers"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_ports_are_checked() {
        let hosts = Hosts::new("127.0.0.1:8080".parse().unwrap());
        for name in [
            "localhost",
            "localhost:8080",
            "LOCALHOST:",
            "127.0.0.1",
            "127.0.0.1:8080",
            "[::1]",
            "[::1]:8080",
        ] {
            assert!(hosts.allows(name), "{name}");
        }
        for name in [
            "",
            "evil.example",
            "localhost:80",
            "localhost:8080:8080",
            "localhost:x",
            "localhost:99999",
            "127.0.0.1:080x",
            "127.1",
            "127.0.0.2",
            "::1",
            "[::1",
            "localhost.",
            "0.0.0.0:8080",
        ] {
            assert!(!hosts.allows(name), "{name}");
        }
    }

    #[test]
    fn every_interface_means_every_address_but_no_other_name() {
        let hosts = Hosts::new("[::]:8080".parse().unwrap());
        for name in ["10.0.0.3:8080", "[fe80::1]:8080", "localhost"] {
            assert!(hosts.allows(name), "{name}");
        }
        for name in ["box.local:8080", "10.0.0.3:8081"] {
            assert!(!hosts.allows(name), "{name}");
        }
        let hosts = Hosts::new("[::1]:8080".parse().unwrap());
        assert!(hosts.allows("[::1]:8080"));
        assert!(!hosts.allows("[::2]:8080"));
    }
}
