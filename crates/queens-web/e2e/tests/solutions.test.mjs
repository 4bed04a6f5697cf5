// Solutions: the listing, the orbit of the symmetric 8-queens solution (4 distinct boards),
// the gallery of the 12 fundamental solutions with 11·8 + 1·4 = 92, the table of counts.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, open, noScriptErrors, shot, api } from '../lib.mjs';

let b;
let page;
before(async () => {
  b = await browser();
  page = await open(b.context, '#/solutions?n=8');
});
after(async () => b.close());

test('all 92 solutions of 8 are listed in the order of queens list', async () => {
  await page.locator('#sol-list li').nth(91).waitFor();
  assert.equal(await page.locator('#sol-list li').count(), 92);
  assert.match(await page.locator('#sol-summary').textContent(), /92 solutions/);
  const first = await page.locator('#sol-list li .rows').first().textContent();
  assert.equal(first, '1 5 8 6 3 7 2 4');
  await page.locator('#sol-list li').nth(2).click();
  await page.locator('#sol-title', { hasText: 'Solution 3: 1 7 4 6 8 2 5 3' }).waitFor();
  assert.match(page.url(), /#\/solutions\?n=8&i=3&lang=en$/);
  // the keyboard walks the list
  await page.locator('#sol-list').focus();
  await page.keyboard.press('ArrowDown');
  await page.locator('#sol-title', { hasText: 'Solution 4:' }).waitFor();
});

test('the gallery shows the 12 fundamental solutions and 11 · 8 + 1 · 4 = 92', async () => {
  await page.locator('#gallery-grid .gallery-card').nth(11).waitFor();
  assert.equal(await page.locator('#gallery-grid .gallery-card').count(), 12);
  assert.equal(await page.locator('#gallery-sum').textContent(), '11 · 8 + 1 · 4 = 92');
  assert.equal(await page.locator('#gallery-grid .gallery-card[data-orbit="4"]').count(), 1);
});

test('the orbit of the symmetric solution shows 4 distinct boards', async () => {
  await page.locator('#gallery-grid .gallery-card[data-orbit="4"]').click();
  await page.locator('#orbit-grid[data-distinct="4"]').waitFor();
  assert.equal(await page.locator('#orbit-grid .orbit-card').count(), 4);
  assert.match(await page.locator('#orbit-summary').textContent(), /^4 different boards among the 8 images: symmetric\. 2 symmetries leave it unchanged/);
  assert.equal(await page.locator('#orbit-grid .orbit-card.canonical').count(), 1);
  // each board appears under the two symmetries that give it
  const chips = await page.locator('#orbit-grid .orbit-card').evaluateAll((cards) => cards.map((c) => c.querySelectorAll('.sym').length));
  assert.deepEqual(chips, [2, 2, 2, 2]);
  assert.match(await page.locator('#sol-facts').textContent(), /symmetric/);
  assert.ok(await page.locator('#sol-fund').isChecked(), 'the gallery switched the list to one per class');
  // and a simple one has 8
  await page.locator('#sol-list li').first().click();
  await page.locator('#orbit-grid[data-distinct="8"]').waitFor();
  await shot(page, 'solutions-orbit');
});

test('the counts table runs from 1 to 27, computed for small N, published beyond', async () => {
  await page.locator('#counts-table tbody tr').nth(26).waitFor();
  const rows = await page.locator('#counts-table tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.n, tr.dataset.source, tr.children[1].textContent]));
  assert.equal(rows.length, 27);
  const server = (await api('/api/counts')).body.rows;
  rows.forEach(([n, source], i) => {
    assert.equal(Number(n), i + 1);
    assert.equal(source, server[i].source);
  });
  assert.equal(rows[7][2], '92');
  assert.equal(rows[11][2], '14,200');
  assert.equal(rows[0][1], 'computed');
  assert.equal(rows[26][1], 'published');
  assert.equal(rows[26][2], BigInt(server[26].total).toLocaleString('en-US'));
});

test('a bad N is refused with the reason; paging walks a long listing', async () => {
  await page.fill('#sol-n', '0');
  await page.click('#sol-form button[type=submit]');
  await page.locator('#sol-error', { hasText: /'0'/ }).waitFor();
  await page.locator('#sol-fund').uncheck();
  await page.fill('#sol-n', '10');
  await page.click('#sol-form button[type=submit]');
  await page.locator('#sol-summary', { hasText: '724 solutions' }).waitFor();
  assert.equal(await page.locator('#sol-list li').count(), 100);
  await page.click('#sol-next-page');
  await page.locator('#sol-title', { hasText: 'Solution 101:' }).waitFor();
  assert.equal(await page.locator('#sol-list li').first().getAttribute('data-i'), '101');
  noScriptErrors(page);
});
