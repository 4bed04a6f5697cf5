// Big boards: 10,000 queens by the explicit construction, checked by the server, drawn on a
// canvas that zooms; min-conflicts with a seed; N = 3 has none; bad input.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, open, noScriptErrors, shot, api } from '../lib.mjs';

let b;
let page;
before(async () => {
  b = await browser();
  page = await open(b.context, '#/big?n=10000');
});
after(async () => b.close());

/** How many pixels of the canvas are darker than the board's squares (queens drawn). */
async function inked() {
  return page.locator('#big-canvas').evaluate((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let k = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 150) k++;
    return k;
  });
}

test('10,000 queens are solved, checked by the server and drawn', async () => {
  await page.locator('#big-status[data-valid="true"][data-n="10000"]').waitFor();
  assert.match(await page.locator('#big-status').textContent(), /Valid: 10,000 queens by explicit/);
  assert.ok((await inked()) > 500, 'the queens are drawn');
  assert.match(await page.locator('#big-view').textContent(), /files a–ntp \(numbers 1–10,000\), ranks 1–10,000 of 10,000/);
  await shot(page, 'big-10000');
});

test('zooming shows single squares and is kept in the address', async () => {
  for (let i = 0; i < 4; i++) await page.click('#big-zoom-in');
  const view = await page.locator('#big-view').textContent();
  const m = /files (\w+)–(\w+)/.exec(view);
  assert.ok(m && m[1] !== 'a', 'a part of the board is shown: ' + view);
  assert.match(page.url(), /zoom=16&x=\d+&y=\d+/);
  await page.click('#big-zoom-fit');
  assert.match(await page.locator('#big-view').textContent(), /files a–ntp/);
  // a permalink to the queen of file e, close enough to see the queen itself
  const rows = (await api('/api/solve?n=10000&algorithm=explicit')).body.rows;
  await page.goto(new URL(`#/big?n=10000&zoom=400&x=5&y=${10000 - rows[4]}`, page.url()).href);
  await page.waitForFunction(() => /zoom ×400/.test(document.querySelector('#big-view').textContent));
  assert.match(await page.locator('#big-view').textContent(), /files a–/);
  assert.ok((await inked()) > 100, 'the queen is drawn at this zoom');
  await shot(page, 'big-zoomed');
});

test('min-conflicts with a seed; N = 3 has no solution; bad input is refused', async () => {
  await page.fill('#big-n', '2000');
  await page.selectOption('#big-alg', 'min-conflicts');
  await page.fill('#big-seed', '7');
  await page.click('#big-form button[type=submit]');
  await page.locator('#big-status[data-valid="true"][data-n="2000"]').waitFor();
  assert.match(page.url(), /n=2000&alg=min-conflicts&seed=7/);
  await page.fill('#big-n', '3');
  await page.click('#big-form button[type=submit]');
  await page.locator('#big-status', { hasText: 'No solution for N = 3' }).waitFor();
  await page.fill('#big-n', '-5');
  await page.click('#big-form button[type=submit]');
  await page.locator('#big-error', { hasText: /-5/ }).waitFor();
  assert.equal(await page.locator('#big-n').getAttribute('aria-invalid'), 'true');
  noScriptErrors(page);
});
