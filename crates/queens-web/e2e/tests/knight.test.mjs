// Knight: a 4x30 tour from b1 is drawn (and checked by the cargo test with the library),
// warnsdorff's onward counts, the reason when there is no tour, the count of tours, a large
// board as one picture.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, open, noScriptErrors, record, shot } from '../lib.mjs';

let b;
let page;
before(async () => {
  b = await browser();
  page = await open(b.context, '#/knight');
});
after(async () => b.close());

test('a 4x30 tour from b1 is drawn move by move', async () => {
  await page.fill('#knight-rows', '4');
  await page.fill('#knight-cols', '30');
  await page.fill('#knight-from', 'b1');
  await page.click('#knight-form button[type=submit]');
  await page.locator('#knight-status', { hasText: 'A tour of the 4 × 30 board' }).waitFor();
  await page.click('#knight-last');
  const path = (await page.locator('#knight-svg').getAttribute('data-path')).split(' ');
  assert.equal(path.length, 120);
  assert.equal(path[0], 'b1');
  assert.equal(new Set(path).size, 120);
  assert.equal(await page.locator('#knight-svg .layer-marks text').count(), 120, 'every square numbered');
  assert.equal(await page.locator('#knight-svg polyline.path').count(), 1);
  assert.match(await page.locator('#knight-move').textContent(), /all 120 squares/);
  record('tour', { rows: 4, cols: 30, closed: false, from: 'b1', path });
  assert.match(page.url(), /#\/knight\?b=4x30&from=b1&m=auto/);
  await shot(page, 'knight-4x30');
});

test("warnsdorff's rule shows the onward moves of the candidate squares", async () => {
  await page.goto(new URL('#/knight?b=8x8&from=a1&m=warnsdorff', page.url()).href);
  await page.locator('#knight-status', { hasText: 'by warnsdorff' }).waitFor();
  assert.ok(await page.locator('#knight-onward').isChecked());
  await page.click('#knight-first');
  // from a1 the knight can go to b3 and c2; the page counts their onward moves
  const marks = await page.locator('#knight-svg .mark.onward').allTextContents();
  assert.equal(marks.length, 2);
  assert.match(await page.locator('#knight-move').textContent(), /2 squares to go on to; the tour takes (b3|c2), with \d onward moves?/);
  await page.click('#knight-fwd');
  await page.click('#knight-fwd');
  assert.match(await page.locator('#knight-move').textContent(), /^Move 2:/);
  await shot(page, 'knight-warnsdorff');
});

test('a click on a square starts the tour there', async () => {
  const box = await page.locator('#knight-svg').boundingBox();
  const vb = (await page.locator('#knight-svg').getAttribute('viewBox')).split(' ').map(Number);
  const s = box.width / vb[2];
  // d4: column 4, rank 4 of 8
  await page.mouse.click(box.x + (-vb[0] + 35) * s, box.y + 45 * s);
  await page.waitForFunction(() => (document.querySelector('#knight-svg').dataset.path || '').startsWith('d4 '));
  assert.equal(await page.locator('#knight-from').inputValue(), 'd4');
});

test('what a teacher types in "from" while a tour plays stays, and Find starts there', async () => {
  await page.goto(new URL('#/knight?b=5&from=c3&m=divide', page.url()).href);
  await page.locator('#knight-status', { hasText: 'A tour of the 5 × 5 board' }).waitFor();
  await page.click('#knight-first');
  await page.click('#knight-play');
  await page.fill('#knight-from', 'a1');
  // steps go on playing: the field keeps what was typed
  const shown = await page.locator('#knight-svg').getAttribute('data-shown');
  await page.waitForFunction((k) => document.querySelector('#knight-svg').dataset.shown !== k, shown);
  assert.equal(await page.locator('#knight-from').inputValue(), 'a1');
  await page.click('#knight-form button[type=submit]');
  await page.waitForFunction(() => (document.querySelector('#knight-svg').dataset.path || '').startsWith('a1 '));
  assert.equal(await page.locator('#knight-from').inputValue(), 'a1');
});

test("moving the knight by hand clears the search's answer, which comes back with its tour", async () => {
  await page.goto(new URL('#/knight?b=5&from=a1&m=warnsdorff', page.url()).href);
  await page.locator('#knight-status', { hasText: 'by warnsdorff' }).waitFor();
  assert.match(await page.locator('#knight-work').textContent(), /squares placed/);
  await page.click('#knight-hand');
  assert.equal((await page.locator('#knight-status').textContent()).trim(), '');
  assert.equal((await page.locator('#knight-work').textContent()).trim(), '');
  assert.equal(await page.locator('#knight-pos').textContent(), 'square 1 of 25');
  await page.click('#knight-hand');
  await page.locator('#knight-status', { hasText: 'by warnsdorff' }).waitFor();
  assert.match(await page.locator('#knight-work').textContent(), /squares placed/);
});

test('the keyboard alone chooses the start square', async () => {
  await page.locator('#knight-svg').focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => (document.querySelector('#knight-svg').dataset.path || '').startsWith('b2 '));
  assert.equal(await page.locator('#knight-from').inputValue(), 'b2');
});

test('no tour: the reason is given', async () => {
  await page.fill('#knight-rows', '4');
  await page.fill('#knight-cols', '4');
  await page.fill('#knight-from', 'a1');
  await page.click('#knight-form button[type=submit]');
  await page.locator('#knight-status', { hasText: /^No knight's tour exists on a 4 × 4 board \(.*Parberry, 1997\)/ }).waitFor();
});

test('the tours of 5x5 from a1 are counted', async () => {
  await page.fill('#knight-rows', '5');
  await page.fill('#knight-cols', '5');
  await page.fill('#knight-from', 'a1');
  await page.click('#knight-form button[type=submit]');
  await page.locator('#knight-status', { hasText: 'A tour of the 5 × 5 board' }).waitFor();
  await page.click('#knight-count');
  await page.locator('#knight-count-result[data-count]').waitFor();
  const count = Number(await page.locator('#knight-count-result').getAttribute('data-count'));
  record('tour_count', { rows: 5, cols: 5, from: 'a1', closed: false, tours: count });
  assert.match(await page.locator('#knight-count-result').textContent(), /open tours from a1 on the 5 × 5 board/);
});

test('the closed tours of 3x22, past 64 squares, are counted by the frontier programme', async () => {
  await page.fill('#knight-rows', '3');
  await page.fill('#knight-cols', '22');
  await page.fill('#knight-from', 'a1');
  await page.check('#knight-closed');
  await page.selectOption('#knight-method', 'auto');
  await page.click('#knight-form button[type=submit]');
  await page.locator('#knight-status', { hasText: '3 × 22' }).waitFor();
  await page.click('#knight-count');
  await page.locator('#knight-count-result[data-count]').waitFor();
  // OEIS A383660: 14,060,048 closed tours of 3 x 22.
  assert.equal(await page.locator('#knight-count-result').getAttribute('data-count'), '14060048');
  assert.match(await page.locator('#knight-count-result').textContent(), /14,060,048 closed tours on the 3 × 22 board/);
  await page.uncheck('#knight-closed');
});

test('a long count shows its progress and stops when cancelled', async () => {
  await page.fill('#knight-rows', '6');
  await page.fill('#knight-cols', '12');
  await page.fill('#knight-from', 'a1');
  await page.check('#knight-closed');
  await page.selectOption('#knight-method', 'auto');
  await page.click('#knight-form button[type=submit]');
  await page.locator('#knight-status', { hasText: '6 × 12' }).waitFor();
  await page.click('#knight-count');
  await page.locator('#knight-count-result', { hasText: /squares swept/ }).waitFor();
  await page.click('#knight-count-cancel');
  await page.locator('#knight-count-result', { hasText: 'The count was stopped.' }).waitFor();
  assert.ok(await page.locator('#knight-count-cancel').isHidden());
  await page.uncheck('#knight-closed');
});

test('a 60x60 board is drawn as one picture; bad input is refused', async () => {
  await page.goto(new URL('#/knight?b=60x60&from=a1', page.url()).href);
  await page.locator('#knight-status', { hasText: 'A tour of the 60 × 60 board' }).waitFor();
  assert.ok(await page.locator('#knight-canvas').isVisible());
  assert.match(await page.locator('#knight-move').textContent(), /3,600 squares/);
  await page.fill('#knight-rows', 'x');
  await page.click('#knight-form button[type=submit]');
  await page.locator('#knight-error', { hasText: /x/ }).waitFor();
  noScriptErrors(page);
});
