// Shared by the tests of the static page (scripts/static-page.sh): the folder opened from
// file://, every request the page makes noted (none may leave the folder).
//
// Environment (set by crates/queens-web/tests/browser.rs): QUEENS_STATIC, the built folder;
// the rest as for the server's tests (../lib.mjs).

import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const FOLDER = path.resolve(process.env.QUEENS_STATIC || 'static-page');
export const INDEX = pathToFileURL(path.join(FOLDER, 'index.html')).href;
const INSIDE = pathToFileURL(FOLDER).href + '/';

/** The static page at `hash` in a fresh tab of `context`, its requests and errors noted. */
export async function openStatic(context, hash = '') {
  const page = await context.newPage();
  const errors = [];
  const requests = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('request', (r) => requests.push(r.url()));
  page.on('worker', (w) => w.on('console', (m) => m.type() === 'error' && errors.push(m.text())));
  await page.goto(INDEX + hash);
  await page.waitForLoadState('load');
  page.scriptErrors = errors;
  page.requests = requests;
  return page;
}

/** Every request of the page stayed in the folder (or was a blob: or data: of its own). */
export function stayedInFolder(page) {
  assert.ok(page.requests.length > 0, 'no request was seen');
  const outside = page.requests.filter((u) => !(u.startsWith(INSIDE) || u.startsWith('blob:') || u.startsWith('data:')));
  assert.deepEqual(outside, [], 'requests that left the folder');
}
