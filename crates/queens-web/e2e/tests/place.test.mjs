// Place: clicks, the keyboard, attacks drawn and said, completion, undo/redo, counting the
// completions (the running count, then the number, in both languages, on a classroom screen
// and on a phone), and a permalink that restores the board.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, open, noScriptErrors, record, shot, api, EXPECT } from '../lib.mjs';

let b;
let page;
before(async () => {
  b = await browser();
  page = await open(b.context, '#/place?n=8');
});
after(async () => b.close());

/** Clicks square [col, row] of the Place board. */
async function click(col, row, n = 8) {
  const box = await page.locator('#place-svg').boundingBox();
  const vb = await page.locator('#place-svg').getAttribute('viewBox');
  const [x0, , w, hgt] = vb.split(' ').map(Number);
  const sx = box.width / w;
  const sy = box.height / hgt;
  const cell = 10;
  await page.mouse.click(box.x + (-x0 + (col - 0.5) * cell) * sx, box.y + (n - row + 0.5) * cell * sy);
}

const queens = () => page.locator('#place-svg').getAttribute('data-queens');

test('placing a1 and c5 and pressing complete gives eight queens the server accepts', async () => {
  await page.locator('#place-svg').waitFor();
  await click(1, 1);
  await click(3, 5);
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === 'a1,c5');
  assert.match(page.url(), /#\/place\?n=8&q=a1,c5&lang=en$/);
  await page.locator('#place-status', { hasText: 'no two attack' }).waitFor();
  await page.click('#place-complete');
  await page.locator('#place-note', { hasText: 'Completed: 6 queens added around your 2' }).waitFor();
  await page.locator('#place-status', { hasText: 'Solved: 8 queens' }).waitFor();
  const list = (await queens()).split(',');
  assert.equal(list.length, 8);
  assert.ok(list.includes('a1') && list.includes('c5'), 'the preset queens are kept');
  assert.equal(await page.locator('#place-svg use.piece.added').count(), 6, 'six queens added, drawn apart');
  const check = await api(`/api/check?n=8&queens=${list.join(',')}`);
  assert.equal(check.body.valid, true);
  assert.equal(check.body.complete, true);
  record('placement', { n: 8, squares: list, from: 'place: a1, c5 completed' });
  await shot(page, 'place-completed');
});

test('undo and redo walk the history', async () => {
  await page.click('#place-undo');
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === 'a1,c5');
  await page.click('#place-redo');
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens.split(',').length === 8);
  await page.click('#place-clear');
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === '');
  await page.keyboard.press('Control+z');
  assert.equal((await queens()).split(',').length, 8, 'Ctrl+Z brings the cleared board back');
});

test('every attack is drawn as a line and said in words', async () => {
  await page.click('#place-clear');
  await click(3, 8);
  await click(7, 4);
  await click(3, 1);
  await page.locator('#place-conflicts li').nth(1).waitFor();
  const said = await page.locator('#place-conflicts li').allTextContents();
  assert.deepEqual(said.sort(), ['c1 and c8 attack each other on a column', 'c8 and g4 attack each other on an anti-diagonal'].sort());
  assert.equal(await page.locator('#place-svg line.attack').count(), 2);
  assert.equal(await page.locator('#place-svg use.piece.clash').count(), 3);
  assert.match(await page.locator('#place-status').textContent(), /2 pairs attack/);
  // seed 004's arithmetic form marks the repeats: i = 3 twice, t + i = 11 twice
  const repeats = await page.locator('#place-arith td.repeat').allTextContents();
  assert.deepEqual(repeats.map((s) => s.replace(/\D+$/, '').replace(/repeated$/, '')).sort(), ['11', '11', '3', '3'].sort());
  // of the 61 empty squares, 16 are safe from c1, c8 and g4 (a2 a5 a7 b3 b5 b6 d3 d5 d6 e5 e7 f2 f6 f7 h2 h7)
  assert.equal(await page.locator('#place-svg .layer-shade circle.attacked').count(), 61 - 16, 'every attacked square is marked');
  // an impossible completion says why, in words
  await page.click('#place-complete');
  await page.locator('#place-status', { hasText: 'No completion' }).waitFor();
});

test('the keyboard alone places and removes queens', async () => {
  await page.click('#place-clear');
  await page.locator('#place-svg').focus();
  // the cursor starts on a square; go to the corner a1, then to b3
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === 'a1,b3');
  assert.equal(await page.locator('#place-svg').getAttribute('data-cursor'), 'b3');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === 'a1');
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === 'a1,b3');
  await page.waitForFunction(() => /Undone/.test(document.querySelector('#announce').textContent));
  // the cursor's square is said when it moves
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /^c3: empty, (attacked|safe)$/.test(document.querySelector('#announce').textContent));
});

test('the completions of a1 on 8x8 are counted, and the count can be cancelled', async () => {
  await page.click('#place-clear');
  await click(1, 1);
  await page.click('#place-count');
  await page.locator('#place-count-result[data-count]').waitFor();
  const expected = EXPECT.completions['8 a1'];
  assert.equal(await page.locator('#place-count-result').getAttribute('data-count'), String(expected));
  assert.match(await page.locator('#place-count-result').textContent(), new RegExp(`^${expected} completions`));
  // a count that takes a while (20 queens, one preset, a cap of a million): cancel it
  await page.fill('#place-n', '20');
  await page.click('#place-form button[type=submit]');
  // a new board is empty: a1 is put again
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === '');
  await click(1, 1, 20);
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === 'a1');
  await page.fill('#place-cap', '1000000');
  await page.click('#place-count');
  await page.click('#place-cancel');
  await page.locator('#place-count-result', { hasText: 'Cancelled' }).waitFor();
});

test('a bad board size is refused with the reason, and the board stays', async () => {
  await page.fill('#place-n', 'abc');
  await page.click('#place-form button[type=submit]');
  const err = page.locator('#place-n-error');
  await err.filter({ hasText: /abc/ }).waitFor();
  assert.equal(await page.locator('#place-n').getAttribute('aria-invalid'), 'true');
  await page.fill('#place-n', '65');
  await page.click('#place-form button[type=submit]');
  await err.filter({ hasText: /65/ }).waitFor();
});

test('a permalink restores the board after a reload', async () => {
  await page.goto(new URL('#/place?n=6&q=b1,d2,f3', page.url()).href);
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === 'b1,d2,f3');
  await page.reload();
  await page.waitForFunction(() => document.querySelector('#place-svg')?.dataset.queens === 'b1,d2,f3');
  assert.equal(await page.locator('#place-n').inputValue(), '6');
  await page.locator('#place-status', { hasText: '3 queens' }).waitFor();
  noScriptErrors(page);
});

// The count of completions as a class sees it: the running count while the server searches
// (436,228 completions of a1 on 16 x 16, a few seconds), then the number, in the reader's
// language, at 1366 x 768 (a projector) and 390 x 844 (a phone).
const RUNNING = {
  en: /^[\d,]+ found so far, [\d.]+\sm?s$/,
  ru: /^Уже найдено [\d\s]+, прошло [\d,]+\sм?с$/,
};
const DONE = {
  en: (k) => new RegExp(`^${k.toLocaleString('en-US')} completions: ways to finish this board \\(counted in [\\d.]+\\sm?s\\)\\.$`),
  ru: (k) => new RegExp(`^${k.toLocaleString('ru-RU')} способов достроить эту доску \\(подсчёт занял [\\d,]+\\sм?с\\)\\.$`),
};

for (const [width, height] of [[1366, 768], [390, 844]]) {
  for (const lang of ['en', 'ru']) {
    test(`counting the completions shows the running count, then the number (${width} x ${height}, ${lang})`, async () => {
      const room = await browser({ viewport: { width, height }, deviceScaleFactor: width < 500 ? 2 : 1 });
      try {
        const p = await open(room.context, `#/place?n=16&q=a1&lang=${lang}`);
        await p.waitForFunction(() => document.querySelector('#place-svg')?.dataset.queens === 'a1');
        await p.fill('#place-cap', '1000000');
        await p.click('#place-count');
        const out = p.locator('#place-count-result');
        await out.scrollIntoViewIfNeeded();
        await p.waitForFunction(() => {
          const el = document.querySelector('#place-count-result');
          // a second or so into the count: well on the way, well before its end
          return el.classList.contains('counting') && Number(el.dataset.found) >= 100000;
        });
        const [running, found] = await out.evaluate((el) => [el.textContent, Number(el.dataset.found)]);
        await shot(p, `place-count-running-${width}-${lang}`);
        assert.match(running, RUNNING[lang]);
        assert.ok(running.includes(found.toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-US')), `${running} says ${found}`);
        const expected = EXPECT.completions['16 a1'];
        assert.ok(found > 0 && found < expected, `a running count on the way: ${running}`);
        await p.locator('#place-count-result[data-count]').waitFor({ timeout: 120000 });
        assert.equal(await out.getAttribute('data-count'), String(expected));
        assert.match(await out.textContent(), DONE[lang](expected));
        assert.equal(await p.locator('#place-cancel').isHidden(), true);
        await out.scrollIntoViewIfNeeded();
        await shot(p, `place-count-done-${width}-${lang}`);
        noScriptErrors(p);
      } finally {
        await room.close();
      }
    });
  }
}
