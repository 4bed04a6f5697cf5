// Guard the board: queens put by clicking, the unwatched squares counted and shaded, the
// server's minimum set for N = 8 (five queens, proved by the search over four), a permalink
// that restores the board, the Russian page without English, and the screenshots.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, open, noScriptErrors, record, shot, api } from '../lib.mjs';

let b;
let page;
before(async () => {
  b = await browser({ viewport: { width: 1366, height: 768 } });
  page = await open(b.context, '#/guard?n=8');
});
after(async () => b.close());

/** Clicks square [col, row] of the Guard board. */
async function click(col, row, n = 8) {
  const svg = page.locator('#guard-svg');
  const box = await svg.boundingBox();
  const [x0, , w, hgt] = (await svg.getAttribute('viewBox')).split(' ').map(Number);
  const sx = box.width / w;
  const sy = box.height / hgt;
  const cell = 10;
  await page.mouse.click(box.x + (-x0 + (col - 0.5) * cell) * sx, box.y + (n - row + 0.5) * cell * sy);
}

const unwatched = async () => Number(await page.locator('#guard-svg').getAttribute('data-unwatched'));

test('each queen put by a click leaves fewer squares unwatched', async () => {
  await page.locator('#guard-svg').waitFor();
  assert.equal(await unwatched(), 64);
  await click(4, 4);
  await page.waitForFunction(() => document.querySelector('#guard-svg').dataset.queens === 'd4');
  // d4 watches its rank, file and both diagonals: 8 + 7 + 7 + 6 = 28 squares with its own.
  assert.equal(await unwatched(), 64 - 28);
  await page.locator('#guard-status', { hasText: '1 queen; 36 squares unwatched' }).waitFor();
  assert.equal(await page.locator('#guard-svg rect.unwatched').count(), 36, 'each unwatched square is shaded');
  await click(5, 5);
  await page.waitForFunction(() => document.querySelector('#guard-svg').dataset.queens === 'd4,e5');
  assert.ok((await unwatched()) < 36);
  assert.match(page.url(), /#\/guard\?n=8&q=d4,e5&lang=en$/);
  await click(4, 4);
  await page.waitForFunction(() => document.querySelector('#guard-svg').dataset.queens === 'e5');
  noScriptErrors(page);
});

test('a minimum set of N = 8 is five queens that watch every square', async () => {
  await page.click('#guard-minimum');
  await page.locator('#guard-result[data-why="searched"]').waitFor();
  assert.equal(await page.locator('#guard-result').getAttribute('data-size'), '5');
  assert.match(await page.locator('#guard-result').textContent(), /5 queens watch the whole 8 by 8 board\. No fewer can do it: a search through every set of 4 queens found none/);
  assert.equal(await unwatched(), 0);
  await page.locator('#guard-status', { hasText: '5 queens watch all 64 squares' }).waitFor();
  const list = (await page.locator('#guard-svg').getAttribute('data-queens')).split(',');
  assert.equal(list.length, 5);
  const answer = await api('/api/dominate?n=8');
  assert.deepEqual([...answer.body.queens].sort(), [...list].sort(), 'the page shows the server\'s set');
  record('dominating', { n: 8, squares: list, from: 'guard: minimum of 8' });
  await shot(page, 'guard-desktop-en');
  noScriptErrors(page);
});

test('the permalink restores the board after a reload', async () => {
  await page.goto(new URL('#/guard?n=6&q=a1,c5', page.url()).href);
  await page.waitForFunction(() => document.querySelector('#guard-svg').dataset.queens === 'a1,c5');
  await page.reload();
  await page.waitForFunction(() => document.querySelector('#guard-svg')?.dataset.queens === 'a1,c5');
  assert.equal(await page.locator('#guard-n').inputValue(), '6');
  const before = await unwatched();
  assert.ok(before > 0 && before < 36);
  await page.locator('#guard-status', { hasText: `2 queens; ${before} squares unwatched` }).waitFor();
});

test('a bad size is refused in words, and independent sets are asked for', async () => {
  await page.fill('#guard-n', '26');
  await page.press('#guard-n', 'Enter');
  await page.locator('#guard-n-error', { hasText: 'from 1 to 25' }).waitFor();
  await page.fill('#guard-n', '9');
  await page.press('#guard-n', 'Enter');
  await page.waitForFunction(() => document.querySelector('#guard-svg').dataset.unwatched !== undefined && /n=9/.test(location.hash));
  await page.check('#guard-independent');
  await page.click('#guard-minimum');
  await page.locator('#guard-result[data-why="bound"]').waitFor();
  assert.match(await page.locator('#guard-result').textContent(), /5 queens that attack no other watch the whole 9 by 9 board\. No fewer can do it: every 9 by 9 board needs at least ceil\(9\/2\) = 5 queens/);
  assert.equal(await unwatched(), 0);
  assert.match(page.url(), /independent=1/);
});

test('on 20 by 20 the minimum is the published number, in both languages', async () => {
  await page.goto(new URL('#/guard?n=20', page.url()).href);
  await page.waitForFunction(() => document.querySelector('#guard-svg')?.dataset.unwatched === '400');
  await page.click('#guard-minimum');
  await page.locator('#guard-result[data-why="published"]').waitFor();
  assert.match(await page.locator('#guard-result').textContent(), /11 queens watch the whole 20 by 20 board\. No fewer can do it: a published computer search \(Bird 2017, OEIS A075458\) showed that the 20 by 20 board needs 11 queens/);
  assert.equal(await unwatched(), 0);
  await page.click('[data-lang="ru"]');
  const ru = await page.locator('#guard-result').textContent();
  assert.match(ru, /Меньше нельзя: компьютерный перебор \(У\. Бёрд, 2017\) показал, что доске 20 на 20 нужно 11 ферзей/);
  assert.deepEqual(ru.match(/[A-Za-z]{2,}/g), null, 'English words in the Russian result');
  await page.click('[data-lang="en"]');
});

test('the Russian page says everything in Russian', async () => {
  await page.goto(new URL('#/guard?n=8', page.url()).href);
  await page.click('[data-lang="ru"]');
  await page.click('#guard-clear');
  await click(1, 1);
  await page.locator('#guard-status', { hasText: '1 ферзь; без охраны 42 поля' }).waitFor();
  await page.click('#guard-minimum');
  await page.locator('#guard-result[data-why="searched"]').waitFor();
  await page.locator('#guard-status', { hasText: '5 ферзей охраняют все 64 поля' }).waitFor();
  assert.equal(await page.locator('#tab-guard').textContent(), 'Охрана доски');
  const english = await page.evaluate(() => {
    const panel = document.getElementById('panel-guard');
    const text = [panel.innerText, document.querySelector('header').innerText, ...[...panel.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label'))].join(' ');
    // Square names (a1), N and the key names are not English words.
    return (text.match(/[A-Za-z]{2,}/g) || []).filter((w) => !['Enter', 'queens', 'EN', 'RU', 'ceil'].includes(w));
  });
  assert.deepEqual(english, [], 'English words on the Russian page');
  await shot(page, 'guard-desktop-ru');
  noScriptErrors(page);
});

test('screenshots at phone width, English and Russian, without sideways scrolling', async () => {
  const phone = await browser({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  try {
    const p = await open(phone.context, '#/guard?n=8&q=c4,d4,e4');
    for (const lang of ['en', 'ru']) {
      await p.click(`[data-lang="${lang}"]`);
      await p.locator('#guard-svg[data-unwatched]').waitFor();
      const wide = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wide <= 1, `the guard page scrolls sideways by ${wide}px at phone width`);
      await shot(p, `guard-phone-${lang}`);
    }
    noScriptErrors(p);
  } finally {
    await phone.close();
  }
});
