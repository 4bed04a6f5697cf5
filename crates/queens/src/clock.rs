//! The engines' wall clock: [`Instant`] is the standard one everywhere but in a browser
//! (WebAssembly without an operating system), where the standard one panics and the page's
//! own clock (`performance.now()`, through the `web-time` crate) stands in with the same API.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use web_time::Instant;

/// Whether this build can start threads of its own: not in a browser's WebAssembly, where the
/// engines run on the calling thread (rayon's pool falls back to it) and a child control
/// watches its own time ([`Control::child`](crate::Control::child)).
pub const THREADS: bool = !cfg!(all(target_arch = "wasm32", target_os = "unknown"));
