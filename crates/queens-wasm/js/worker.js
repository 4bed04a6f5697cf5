// The Web Worker of the static page: the API's answers from the engines compiled to
// WebAssembly (crates/queens-wasm). scripts/static-page.sh puts before this text the
// wasm-bindgen glue (`--target no-modules`: it defines `wasm_bindgen`) and after it the
// module's bytes in base64 (`QUEENS_WASM`), and the page starts the whole as a worker from a
// Blob (a page opened from file:// may start no worker from a file).
//
// Messages in: {warm: true} (compile the module now, for the requests to come), then
// {path, query}, one at a time. Out: {type: 'start', limit} when the work
// starts (the page stops the worker at the time limit), {type: 'progress', data} for each
// progress event of a stream, and {type: 'answer', status, body} at the end.

/* global wasm_bindgen, QUEENS_WASM */
let ready = false;

function init() {
  if (ready) return;
  const text = atob(QUEENS_WASM);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  wasm_bindgen.initSync({ module: bytes });
  ready = true;
}

self.onmessage = (ev) => {
  const { path, query, warm } = ev.data;
  init();
  if (warm) return;
  self.postMessage({ type: 'start', limit: wasm_bindgen.time_limit() });
  const text = wasm_bindgen.answer(path, query || '', (data) => {
    self.postMessage({ type: 'progress', data: JSON.parse(data) });
  });
  const { status, body } = JSON.parse(text);
  self.postMessage({ type: 'answer', status, body });
};
