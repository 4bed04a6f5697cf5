// The Web Worker of the static page: the API's answers from the engines compiled to
// WebAssembly (crates/queens-wasm). scripts/static-page.sh puts before this text the
// wasm-bindgen glue (`--target no-modules`: it defines `wasm_bindgen`) and after it the
// module's bytes, gzipped, in base64 (`QUEENS_WASM`), and the page starts the whole as a
// worker from a Blob (a page opened from file:// may start no worker from a file).
//
// Messages in: {warm: true} (compile the module now, for the requests to come), then
// {path, query}, one at a time. Out: {type: 'start', limit} when the work
// starts (the page stops the worker at the time limit), {type: 'progress', data} for each
// progress event of a stream, and {type: 'answer', status, body} at the end.

/* global wasm_bindgen, QUEENS_WASM */
let ready = null;

/** The module compiled, once: its bytes unzipped by the browser's own DecompressionStream. */
function init() {
  ready ??= (async () => {
    const text = atob(QUEENS_WASM);
    const zipped = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) zipped[i] = text.charCodeAt(i);
    const stream = new Blob([zipped]).stream().pipeThrough(new DecompressionStream('gzip'));
    wasm_bindgen.initSync({ module: await new Response(stream).arrayBuffer() });
  })();
  return ready;
}

// Messages that come while the module compiles wait for it, in the order they came.
self.onmessage = async (ev) => {
  const { path, query, warm } = ev.data;
  await init();
  if (warm) return;
  self.postMessage({ type: 'start', limit: wasm_bindgen.time_limit() });
  const text = wasm_bindgen.answer(path, query || '', (data) => {
    self.postMessage({ type: 'progress', data: JSON.parse(data) });
  });
  const { status, body } = JSON.parse(text);
  self.postMessage({ type: 'answer', status, body });
};
