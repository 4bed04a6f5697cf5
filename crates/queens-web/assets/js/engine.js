// The engines without a server: on the static page (scripts/static-page.sh builds it; a folder
// opened from file:// or put on any static host) the API's answers come from the server's own
// code compiled to WebAssembly, run in Web Workers. That page carries the workers' source
// (`globalThis.queensEngine.source`, set by its engine script); the page `queens serve` sends
// has none, and api.js asks the server instead.
//
// One worker per request at a time (a slow count does not hold up a check), kept for the next
// one when it answers. Cancelling a request, or its reaching the time limit, ends its worker:
// an engine in WebAssembly cannot be interrupted otherwise.

const source = globalThis.queensEngine?.source;

/** Whether the answers come from the engines in the page (the static page). */
export const inPage = typeof source === 'string';

/**
 * A little over the time limit: an engine that stops itself at the limit (a trace, which
 * then answers with what it found) is let answer, as the server does.
 */
const GRACE_SECONDS = 1;
const IDLE_KEPT = 2;

let url = null;
const idle = [];

function worker() {
  if (idle.length) return idle.pop();
  url ??= URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  return new Worker(url);
}

// One worker made ready (its module compiled) once the page has loaded, so that the first
// answer does not wait for it.
if (inPage) {
  addEventListener('load', () => {
    const w = worker();
    w.postMessage({ warm: true });
    idle.push(w);
  });
}

/** The answer the server gives when its time limit stops the work (503, code time_limit). */
function timeLimit(seconds) {
  return {
    status: 503,
    body: {
      error: `time limit of ${seconds} s reached: the work was stopped`,
      code: 'time_limit',
      values: { seconds },
      timeout: true,
    },
  };
}

/** The answer of an engine that failed (500, code internal). */
function internal(detail) {
  return { status: 500, body: { error: detail, code: 'internal', values: { detail } } };
}

/**
 * Starts one request: `path` as after /api ("/check"), `query` the query string; `progress`
 * gets each progress event's data. Returns `{ done, cancel }`: `done` resolves with
 * `{status, body}` as the server would answer, or with null once cancelled.
 */
export function run(path, query, progress) {
  const w = worker();
  let settled = false;
  let timer = null;
  let resolve;
  const done = new Promise((r) => {
    resolve = r;
  });
  const finish = (answer, keep) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    w.onmessage = null;
    w.onerror = null;
    if (keep && idle.length < IDLE_KEPT) idle.push(w);
    else w.terminate();
    resolve(answer);
  };
  w.onmessage = (ev) => {
    const m = ev.data;
    if (m.type === 'start') {
      timer = setTimeout(() => finish(timeLimit(m.limit), false), (m.limit + GRACE_SECONDS) * 1000);
    } else if (m.type === 'progress') {
      progress?.(m.data);
    } else if (m.type === 'answer') {
      finish({ status: m.status, body: m.body }, true);
    }
  };
  w.onerror = (e) => {
    e.preventDefault();
    finish(internal(e.message || 'the engine stopped'), false);
  };
  w.postMessage({ path, query });
  return { done, cancel: () => finish(null, false) };
}
