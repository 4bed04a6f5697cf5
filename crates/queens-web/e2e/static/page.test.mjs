// The static page opened from a folder (file://), in English and in Russian: the engines in
// the page's worker answer Watch (Wirth's first solution of 8 after 876 tests), Solutions (92
// and 12), Place (a completion), Count (N = 14), the knight's tour and its count on 5 x 5,
// and Guard (five queens for 8); no request leaves the folder. What the page produced is
// checked by the cargo test with the library, as for the server's page.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, record, shot, EXPECT } from '../lib.mjs';
import { openStatic, stayedInFolder } from './static.mjs';

let b;
before(async () => {
  b = await browser({ viewport: { width: 1366, height: 768 } });
});
after(async () => b?.close());

const WORDS = {
  en: { tab: 'Place', counted: /N = 14 counted in/, foot: /^No server: every answer is computed in this browser/ },
  ru: { tab: 'Расстановка', counted: /N = 14 посчитано за/, foot: /^Без сервера: каждый ответ вычисляет/ },
};

for (const lang of ['en', 'ru']) {
  test(`${lang}: the first board is drawn from the folder, in the page's language`, async () => {
    const start = Date.now();
    const page = await openStatic(b.context, `#/place?n=8&lang=${lang}`);
    await page.locator('#place-svg').waitFor();
    const ms = Date.now() - start;
    console.log(`static page, ${lang}: the first board drawn ${ms} ms after the page was asked for`);
    assert.equal(await page.locator('html').getAttribute('lang'), lang);
    assert.equal(await page.locator('#tab-place').textContent(), WORDS[lang].tab);
    assert.match(await page.locator('footer.foot').textContent(), WORDS[lang].foot, 'the footer says where the answers come from');
    await shot(page, `static-place-${lang}`);
    stayedInFolder(page);
    assert.deepEqual(page.scriptErrors, []);
    await page.close();
  });

  test(`${lang}: Watch reaches Wirth's first solution of 8 after 876 tests`, async () => {
    const w = EXPECT.wirth8;
    assert.ok(w, 'the cargo test passes the library trace');
    assert.equal(w.tests_at_first, 876, "Wirth's book: 876 positions tested");
    const step = w.first_solution_step;
    const page = await openStatic(b.context, `#/watch?n=8&a=wirth&step=${step}&lang=${lang}`);
    const text = page.locator('.pane .step-text').first();
    await page.locator(`.pane .step-text[data-step="${step}"]`).first().waitFor();
    assert.equal(await text.getAttribute('data-event'), 'solution');
    assert.equal(await text.getAttribute('data-rows'), '1 5 8 6 3 7 2 4');
    const counter = (name) => page.locator('.pane').first().locator(`[data-counter="${name}"]`).textContent();
    assert.equal(Number((await counter('tests')).replace(/\D/g, '')), 876);
    assert.equal(Number((await counter('nodes')).replace(/\D/g, '')), w.nodes_at_first);
    await shot(page, `static-watch-${lang}`);
    stayedInFolder(page);
    assert.deepEqual(page.scriptErrors, []);
    await page.close();
  });

  test(`${lang}: Solutions lists the 92 of 8 and the gallery its 12`, async () => {
    const page = await openStatic(b.context, `#/solutions?n=8&lang=${lang}`);
    await page.locator('#sol-list li').nth(91).waitFor();
    assert.equal(await page.locator('#sol-list li').count(), 92);
    assert.equal(await page.locator('#sol-list li .rows').first().textContent(), '1 5 8 6 3 7 2 4');
    await page.locator('#gallery-grid .gallery-card').nth(11).waitFor();
    assert.equal(await page.locator('#gallery-grid .gallery-card').count(), 12);
    assert.equal(await page.locator('#gallery-sum').textContent(), '11 · 8 + 1 · 4 = 92');
    stayedInFolder(page);
    assert.deepEqual(page.scriptErrors, []);
    await page.close();
  });

  test(`${lang}: Place completes a1 and c5 to eight queens`, async () => {
    const page = await openStatic(b.context, `#/place?n=8&q=a1,c5&lang=${lang}`);
    await page.waitForFunction(() => document.querySelector('#place-svg')?.dataset.queens === 'a1,c5');
    await page.click('#place-complete');
    await page.waitForFunction(() => (document.querySelector('#place-svg')?.dataset.queens || '').split(',').length === 8);
    const list = (await page.locator('#place-svg').getAttribute('data-queens')).split(',');
    assert.ok(list.includes('a1') && list.includes('c5'), 'the preset queens are kept');
    assert.equal(await page.locator('#place-svg use.piece.added').count(), 6);
    record('placement', { n: 8, squares: list, from: `static page (${lang}): a1, c5 completed` });
    await shot(page, `static-place-completed-${lang}`);
    stayedInFolder(page);
    assert.deepEqual(page.scriptErrors, []);
    await page.close();
  });

  test(`${lang}: Count counts N = 14`, async () => {
    const page = await openStatic(b.context, `#/count?lang=${lang}`);
    await page.fill('#count-n', '14');
    await page.click('#count-start');
    const total = page.locator('.big-number[data-name="total"] .value');
    await total.waitFor({ timeout: 60000 });
    const fmt = (s) => BigInt(s).toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-US');
    assert.equal(await total.textContent(), fmt(EXPECT.count14.total));
    assert.equal(await page.locator('.big-number[data-name="fundamental"] .value').textContent(), fmt(EXPECT.count14.fundamental));
    assert.match(await page.locator('#count-status').textContent(), WORDS[lang].counted);
    await shot(page, `static-count-14-${lang}`);
    stayedInFolder(page);
    assert.deepEqual(page.scriptErrors, []);
    await page.close();
  });

  test(`${lang}: a knight's tour of 5 x 5 from a1, and its tours counted`, async () => {
    const page = await openStatic(b.context, `#/knight?b=5x5&from=a1&lang=${lang}`);
    await page.click('#knight-form button[type=submit]');
    await page.waitForFunction(() => (document.querySelector('#knight-svg')?.dataset.path || '').split(' ').length === 25);
    await page.click('#knight-last');
    const path = (await page.locator('#knight-svg').getAttribute('data-path')).split(' ');
    assert.equal(path[0], 'a1');
    assert.equal(new Set(path).size, 25);
    record('tour', { rows: 5, cols: 5, closed: false, from: 'a1', path });
    await page.click('#knight-count');
    await page.locator('#knight-count-result[data-count]').waitFor();
    const count = Number(await page.locator('#knight-count-result').getAttribute('data-count'));
    assert.equal(count, 304, 'the open tours of 5 x 5 from a corner');
    record('tour_count', { rows: 5, cols: 5, from: 'a1', closed: false, tours: count });
    await shot(page, `static-knight-${lang}`);
    stayedInFolder(page);
    assert.deepEqual(page.scriptErrors, []);
    await page.close();
  });

  test(`${lang}: Guard finds five queens that watch the 8 by 8 board`, async () => {
    const page = await openStatic(b.context, `#/guard?n=8&lang=${lang}`);
    await page.locator('#guard-svg').waitFor();
    await page.click('#guard-minimum');
    await page.locator('#guard-result[data-why="searched"]').waitFor({ timeout: 60000 });
    assert.equal(await page.locator('#guard-result').getAttribute('data-size'), '5');
    const list = (await page.locator('#guard-svg').getAttribute('data-queens')).split(',');
    assert.equal(list.length, 5);
    record('dominating', { n: 8, squares: list, from: `static page (${lang}): minimum of 8` });
    await shot(page, `static-guard-${lang}`);
    stayedInFolder(page);
    assert.deepEqual(page.scriptErrors, []);
    await page.close();
  });
}

test('a count cancelled ends its worker, and the next count is answered by a fresh one', async () => {
  const page = await openStatic(b.context, '#/count?lang=en');
  await page.fill('#count-n', '17');
  await page.click('#count-start');
  await page.waitForTimeout(300);
  assert.ok(await page.locator('#count-cancel').isEnabled());
  await page.click('#count-cancel');
  await page.locator('#count-status', { hasText: 'Cancelled' }).waitFor();
  assert.ok(await page.locator('#count-start').isEnabled());
  await page.fill('#count-n', '10');
  await page.click('#count-start');
  await page.locator('.big-number[data-name="total"] .value', { hasText: '724' }).waitFor();
  stayedInFolder(page);
  assert.deepEqual(page.scriptErrors, []);
  await page.close();
});
