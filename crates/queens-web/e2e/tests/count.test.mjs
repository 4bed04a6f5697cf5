// Count: N = 12 gives 14,200 and 1,787 with the orbits, live progress on a larger N, cancel,
// bad input.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, open, noScriptErrors, EXPECT, shot } from '../lib.mjs';

let b;
let page;
before(async () => {
  b = await browser();
  page = await open(b.context, '#/count');
});
after(async () => b.close());

test('a count of N = 12 shows 14,200 and 1,787', async () => {
  assert.ok(EXPECT.count12, 'the cargo test passes the library count');
  await page.fill('#count-n', '12');
  await page.click('#count-start');
  const total = page.locator('.big-number[data-name="total"] .value');
  await total.waitFor();
  const fmt = (s) => BigInt(s).toLocaleString('en-US');
  assert.equal(await total.textContent(), fmt(EXPECT.count12.total));
  assert.equal(await page.locator('.big-number[data-name="fundamental"] .value').textContent(), fmt(EXPECT.count12.fundamental));
  assert.equal(await total.textContent(), '14,200');
  assert.equal(await page.locator('.big-number[data-name="fundamental"] .value').textContent(), '1,787');
  for (const [size, k] of Object.entries(EXPECT.count12.orbits)) {
    assert.equal(await page.locator(`tr[data-size="${size}"] td`).first().textContent(), fmt(k));
  }
  assert.match(await page.locator('#count-status').textContent(), /N = 12 counted in/);
  assert.match(page.url(), /#\/count\?n=12&run=1/);
  await shot(page, 'count-12');
});

test('a longer count shows progress and can be cancelled', async () => {
  await page.fill('#count-n', '18');
  await page.click('#count-start');
  await page.locator('#count-status', { hasText: /Done [\d,]+ of [\d,]+ parts; .+ so far, about .+ to go/ }).waitFor({ timeout: 30000 });
  assert.ok(await page.locator('#count-cancel').isEnabled());
  await page.click('#count-cancel');
  await page.locator('#count-status', { hasText: 'Cancelled' }).waitFor();
  assert.ok(await page.locator('#count-start').isEnabled());
  assert.equal(await page.locator('.big-number').count(), 0);
});

test('bad input is refused with the reason', async () => {
  await page.fill('#count-n', '99');
  await page.click('#count-start');
  await page.locator('#count-error', { hasText: /99/ }).waitFor();
  noScriptErrors(page);
});
