// The page's only way to the server: GET requests to /api/..., JSON answers, and the
// server's {"error", "code", "values"} turned into an ApiError that a form shows in the page's
// words for the code (ui.js: errorText). The server's answers are the same in every language:
// the page words codes and values itself.
//
// On the static page (no server: engine.js) the same requests go to the engines in the page
// and come back in the same shapes: the rest of the page does not know which answered.

import { codeText } from './ui.js';
import { inPage, run } from './engine.js';

export class ApiError extends Error {
  constructor(message, status, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** The URL of an endpoint with its query parameters (undefined and null values left out). */
export function apiUrl(path, params = {}) {
  const s = queryString(params);
  return '/api/' + path + (s ? '?' + s : '');
}

function queryString(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  }
  return q.toString();
}

const aborted = () => new DOMException('aborted', 'AbortError');

/** The error of a refused answer, as from the server. */
function refused(status, body) {
  const msg = body && typeof body.error === 'string' ? body.error : `HTTP ${status}`;
  return new ApiError(msg, status, body);
}

const BUSY_RETRIES = [250, 500, 1000, 2000, 4000];

/**
 * GET an endpoint; resolves with its JSON, rejects with an ApiError (or an AbortError).
 * While the server is busy with its few long requests at once (429), the request is repeated
 * a few times after a growing pause before the error is shown.
 */
export async function getJSON(path, params = {}, { signal } = {}) {
  if (inPage) return getInPage(path, params, signal);
  for (const pause of BUSY_RETRIES) {
    try {
      return await getOnce(path, params, signal);
    } catch (e) {
      if (e.status !== 429) throw e;
      await new Promise((resolve) => setTimeout(resolve, pause));
      if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    }
  }
  return getOnce(path, params, signal);
}

async function getOnce(path, params, signal) {
  let res;
  try {
    res = await fetch(apiUrl(path, params), { signal, headers: { Accept: 'application/json' } });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError('network', 0, null);
  }
  let body = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok) throw refused(res.status, body);
  return body;
}

/** getJSON on the static page: the engines in the page answer; the signal ends their work. */
async function getInPage(path, params, signal) {
  if (signal?.aborted) throw aborted();
  const job = run('/' + path, queryString(params));
  const cancel = () => job.cancel();
  signal?.addEventListener('abort', cancel);
  const answer = await job.done;
  signal?.removeEventListener('abort', cancel);
  if (!answer) throw aborted();
  if (answer.status >= 400) throw refused(answer.status, answer.body);
  return answer.body;
}

/**
 * Follow a server-sent event stream. Handlers: progress(data), result(data), error(message).
 * Returns a function that closes the stream (the server then cancels the engine).
 */
export function stream(path, params, handlers) {
  if (inPage) return streamInPage(path, params, handlers);
  const source = new EventSource(apiUrl(path, params));
  let finished = false;
  const close = () => {
    finished = true;
    source.close();
  };
  const parse = (ev) => {
    try {
      return JSON.parse(ev.data);
    } catch {
      return null;
    }
  };
  source.addEventListener('progress', (ev) => handlers.progress?.(parse(ev)));
  source.addEventListener('result', (ev) => {
    close();
    handlers.result?.(parse(ev));
  });
  // A server-sent `error` event carries data; a broken connection is an error without data.
  // A refused request (400, 429) closes the stream before any event: ask once more with a
  // plain GET to read the server's JSON error, which EventSource cannot show.
  source.addEventListener('error', async (ev) => {
    if (finished) return;
    const data = ev.data ? parse(ev) : null;
    close();
    if (data && data.error) return handlers.error?.(streamWords(data));
    handlers.error?.(await refusal(path, params));
  });
  return close;
}

/** stream on the static page: the same events from the engines in the page. */
function streamInPage(path, params, handlers) {
  const job = run('/' + path, queryString(params), (data) => handlers.progress?.(data));
  job.done.then((answer) => {
    if (!answer) return;
    if (answer.status < 400) return handlers.result?.(answer.body);
    const body = answer.body;
    handlers.error?.(body && body.error ? streamWords(body) : `HTTP ${answer.status}`);
  });
  return job.cancel;
}

/** The words of an error event: its code in the page's words. */
function streamWords(data) {
  return codeText(data.code, data.values, data.error);
}

async function refusal(path, params) {
  const ctl = new AbortController();
  try {
    const res = await fetch(apiUrl(path, params), { signal: ctl.signal });
    if (res.ok) return null;
    const body = await res.json().catch(() => null);
    return body && body.error ? codeText(body.code, body.values, body.error) : `HTTP ${res.status}`;
  } catch {
    return null;
  } finally {
    ctl.abort();
  }
}
