// The engines in the static page answer as the server does: the same requests, sent to the
// page's worker (from the page opened from its folder) and to `queens serve`, give the same
// JSON, times aside; refusals give the same status and body; the streams the same result.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, BASE } from '../lib.mjs';
import { openStatic, stayedInFolder } from './static.mjs';

const PLAIN = [
  '/check?n=8&queens=a1,c5',
  '/check?n=8&queens=a1,b3',
  '/complete?n=8&queens=a1,c5',
  '/next?n=8&rows=1,5,8',
  '/solutions?n=8&fundamental=true&offset=0&limit=20',
  '/solutions?n=6&offset=0&limit=10',
  '/classify?rows=1,5,8,6,3,7,2,4',
  '/counts',
  '/trace?n=5&algorithm=wirth&limit=200',
  '/trace?n=6&algorithm=bitmask&limit=100',
  '/tour?board=5x5&from=a1&method=warnsdorff',
  '/tour?board=4x4&from=a1',
  '/tour/trace?board=5x5&from=c3&method=wirth&limit=100',
  '/tour/count/plan?board=5x5&from=a1',
  '/dominate?n=8',
  '/cover?n=8',
  '/solve?n=40&algorithm=construct',
  // refused
  '/check?n=abc',
  '/check?n=8&queens=z9',
  '/solutions?n=8&colour=red',
  '/nowhere',
];
const STREAMS = ['/count?n=10&engine=auto', '/tour/count/stream?board=5x5&from=a1', '/completions?n=8&queens=a1', '/count?n=0'];

/** The answer without its times (they differ from run to run). */
function timeless(v) {
  if (Array.isArray(v)) return v.map(timeless);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !/seconds|elapsed|^eta$|^ms$|time_ms/.test(k))
        .map(([k, x]) => [k, timeless(x)]),
    );
  }
  return v;
}

async function server(pathAndQuery) {
  const res = await fetch(new URL('api' + pathAndQuery, BASE));
  return { status: res.status, body: await res.json() };
}

/** The data of the server's last `result` or `error` event, or its JSON refusal. */
async function serverStream(pathAndQuery) {
  const res = await fetch(new URL('api' + pathAndQuery, BASE), { headers: { Accept: 'text/event-stream' } });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) return { status: res.status, body: await res.json() };
  const text = await res.text();
  let last = null;
  for (const block of text.split('\n\n')) {
    const event = block.match(/^event: *(.*)$/m)?.[1];
    const data = block.match(/^data: *(.*)$/m)?.[1];
    if (event === 'result' || event === 'error') last = { status: event === 'result' ? 200 : 503, body: JSON.parse(data) };
  }
  return last;
}

let b;
let page;
before(async () => {
  b = await browser();
  page = await openStatic(b.context, '#/place?n=8&lang=en');
});
after(async () => b?.close());

/** The page's worker's answer, as engine.js gets it: {status, body}, and its progress events. */
async function inPage(pathAndQuery) {
  const [path, query = ''] = pathAndQuery.split('?');
  return page.evaluate(
    ([path, query]) =>
      new Promise((resolve) => {
        const url = URL.createObjectURL(new Blob([globalThis.queensEngine.source], { type: 'text/javascript' }));
        const worker = new Worker(url);
        const progress = [];
        worker.onmessage = (ev) => {
          const m = ev.data;
          if (m.type === 'progress') progress.push(m.data);
          if (m.type === 'answer') {
            worker.terminate();
            resolve({ status: m.status, body: m.body, progress: progress.length });
          }
        };
        worker.onerror = (e) => resolve({ status: 0, body: String(e.message) });
        worker.postMessage({ path, query });
      }),
    [path, query],
  );
}

test('plain requests and refusals: the same status and JSON as the server', async () => {
  for (const req of PLAIN) {
    const here = await inPage(req);
    const there = await server(req);
    assert.equal(here.status, there.status, `${req}: status`);
    assert.deepEqual(timeless(here.body), timeless(there.body), `${req}: body`);
  }
});

test('streams: the same result (or refusal) as the server, after progress events', async () => {
  for (const req of STREAMS) {
    const here = await inPage(req);
    const there = await serverStream(req);
    assert.ok(there, `${req}: the server answered`);
    if (there.status === 200) assert.equal(here.status, 200, `${req}: status`);
    else assert.ok(here.status >= 400, `${req}: refused here too`);
    assert.deepEqual(timeless(here.body), timeless(there.body), `${req}: body`);
  }
  stayedInFolder(page);
});
