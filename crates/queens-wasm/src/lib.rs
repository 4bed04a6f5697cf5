//! The page's engines in the browser: the answers of `queens serve`'s API without a server,
//! compiled to WebAssembly for the page's Web Worker (`scripts/static-page.sh` builds it).
//!
//! One function, [`answer`]: the path after `/api` and the raw query string in, the JSON of
//! `{"status", "body"}` out, with the same query parsing, limits (the browser's), engines and
//! records as the server, since it is the server's own code (`queens_web::answer`) without
//! the server.

use queens::Control;
use queens_web::limits::Limits;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// The answer to one API request: `{"status": 200, "body": ...}`, or a refusal's status with
/// its body `{"error", "code", "values"}`. For a stream (`/count`, `/tour/count/stream`),
/// `progress` is called with the text of each progress event's data (JSON), and the body is
/// the result event's data (or, refused, the error event's).
#[wasm_bindgen]
pub fn answer(path: &str, query: &str, progress: &js_sys::Function) -> String {
    let callback = Callback(progress);
    let mut report = move |data: Value| callback.call(&data);
    respond(path, query, &mut report)
}

/// The page's progress callback, called on the worker's thread while the work runs.
struct Callback<'a>(&'a js_sys::Function);

// SAFETY: the answers' work asks for a `Send` callback because the server's engines may run
// on other threads; this crate is built for wasm32-unknown-unknown without the atomics
// feature, where there is one thread, the worker's: the callback is never used from another.
unsafe impl Send for Callback<'_> {}

impl Callback<'_> {
    /// Gives the data of one progress event, as JSON text, to the page.
    fn call(&self, data: &Value) {
        let _ = self
            .0
            .call1(&JsValue::NULL, &JsValue::from_str(&data.to_string()));
    }
}

/// The time limit of the engines in the browser, in seconds (`Limits::browser()`): the page
/// stops a worker that has not answered by then and says so as the server does.
#[wasm_bindgen]
pub fn time_limit() -> f64 {
    Limits::browser().time_limit.as_secs_f64()
}

/// [`answer`] without JavaScript: the status and body as one JSON text. The body of an answer
/// is the library's JSON text as it is, written into the reply without being read again.
pub fn respond(path: &str, query: &str, progress: &mut (dyn FnMut(Value) + Send)) -> String {
    let query = (!query.is_empty()).then_some(query);
    let control = Control::new();
    match queens_web::answer::answer(&Limits::browser(), path, query, &control, progress) {
        Ok(body) => reply(200, body.get()),
        Err(refusal) => reply(refusal.status, &refusal.body.to_string()),
    }
}

/// `{"status":STATUS,"body":BODY}`, BODY being JSON text already.
fn reply(status: u16, body: &str) -> String {
    format!("{{\"status\":{status},\"body\":{body}}}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`respond`] read back as one value.
    fn respond_value(path: &str, query: &str, progress: &mut (dyn FnMut(Value) + Send)) -> Value {
        serde_json::from_str(&respond(path, query, progress)).expect("a reply is JSON")
    }

    #[test]
    fn answers_refusals_and_streams_in_the_shapes_the_page_reads() {
        let ok = respond_value("/check", "n=8&queens=a1,c5", &mut |_| {});
        assert_eq!(ok["status"], 200, "{ok}");
        assert_eq!(ok["body"]["valid"], true, "{ok}");
        let bad = respond_value("/check", "n=abc", &mut |_| {});
        assert_eq!(bad["status"], 400, "{bad}");
        assert_eq!(bad["body"]["code"], "bad_number", "{bad}");
        assert!(bad["body"]["error"].is_string(), "{bad}");
        let none = respond_value("/nowhere", "", &mut |_| {});
        assert_eq!(none["status"], 404, "{none}");
        let mut events = 0;
        let count = respond_value("/count", "n=8", &mut |_| events += 1);
        assert_eq!(count["status"], 200, "{count}");
        assert_eq!(count["body"]["total"], "92", "{count}");
        assert!(events >= 1, "no progress event");
        assert!(time_limit() > 0.0);
    }
}
