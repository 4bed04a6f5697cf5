// The page in a classroom: the address holds the part on screen and its language (a hidden
// part never writes it, an invalid value never enters it), and the server speaks the page's
// language, so a Russian page shows no English message.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, open, noScriptErrors, shot } from '../lib.mjs';

let b;
let page;
before(async () => {
  b = await browser({ viewport: { width: 1366, height: 850 } });
  page = await open(b.context, '#/place');
});
after(async () => b.close());

/** Clicks square [col, row] of an n x n board drawn by board.js. */
async function clickSquare(selector, col, row, n) {
  const box = await page.locator(selector).boundingBox();
  const vb = (await page.locator(selector).getAttribute('viewBox')).split(' ').map(Number);
  const s = box.width / vb[2];
  await page.mouse.click(box.x + (-vb[0] + (col - 0.5) * 10) * s, box.y + (-vb[1] + (n - row + 0.5) * 10) * s);
}

/** Latin words of four letters or more in a text (squares, N and numbers are not words). */
function englishWords(text) {
  return (text.match(/[A-Za-z']{4,}/g) || []).filter((w) => !['Warnsdorff', 'wirth', 'warnsdorff', 'divide', 'narrow', 'auto'].includes(w));
}

test('after Watch, Place and a switch to Russian, the address is the Place board in Russian', async () => {
  await page.click('[data-lang="en"]');
  await page.click('#tab-watch');
  await page.locator('#panel-watch:not([hidden])').waitFor();
  await page.click('#tab-place');
  await page.locator('#place-svg').waitFor();
  await page.click('#place-clear');
  await clickSquare('#place-svg', 1, 1, 8);
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === 'a1');
  await page.click('[data-lang="ru"]');
  // the Watch part loads its trace late: wait, then the address must still be Place's
  await page.waitForTimeout(1500);
  assert.match(page.url(), /#\/place\?n=8&q=a1&lang=ru$/);
  await page.reload();
  await page.waitForFunction(() => document.querySelector('#place-svg')?.dataset.queens === 'a1');
  assert.equal(await page.locator('#panel-place').isHidden(), false, 'Place is shown after the reload');
  assert.equal(await page.locator('#tab-place').textContent(), 'Расстановка');
  // the language in a shared address wins over the one remembered
  await page.goto(new URL('#/place?n=8&q=a1&lang=en', page.url()).href);
  await page.locator('#tab-place', { hasText: 'Place' }).waitFor();
  noScriptErrors(page);
});

test('the Knight part keeps its address through a switch of language', async () => {
  await page.goto(new URL('#/knight?b=5x5&from=c3&lang=en', page.url()).href);
  await page.locator('#knight-status', { hasText: 'A tour of the 5 × 5 board' }).waitFor();
  await page.click('#tab-watch');
  await page.locator('#panel-watch:not([hidden])').waitFor();
  await page.click('#tab-knight');
  await page.click('[data-lang="ru"]');
  await page.waitForTimeout(1000);
  assert.match(page.url(), /#\/knight\?b=5x5&from=c3.*&lang=ru$/);
  await page.click('[data-lang="en"]');
});

test('an invalid value never enters the address', async () => {
  await page.goto(new URL('#/count?n=12&lang=en', page.url()).href);
  await page.fill('#count-n', '0');
  await page.click('#count-start');
  await page.locator('#count-error:not(:empty), #count-status.bad').first().waitFor();
  assert.doesNotMatch(page.url(), /n=0/);
  await page.goto(new URL('#/place?n=8&q=a1,z9&lang=en', page.url()).href);
  await page.waitForFunction(() => /#\/place/.test(location.hash) && document.querySelector('#place-svg')?.dataset.queens === 'a1');
  assert.doesNotMatch(page.url(), /z9/);
  noScriptErrors(page);
});

test('a Russian page shows no English message of the server', async () => {
  await page.goto(new URL('#/knight?b=4x4&from=a1&lang=ru', page.url()).href);
  const status = page.locator('#knight-status');
  await status.locator('xpath=self::*[contains(@class, "bad")]').waitFor();
  const text = await status.textContent();
  assert.match(text, /^На доске 4 × 4 обхода конём нет/, 'said once, not "Обхода нет: ... обхода нет"');
  assert.match(text, /Парберри/, 'the source is named, in Russian');
  assert.deepEqual(englishWords(text), []);
  await shot(page, 'classroom-ru-knight-no-tour');
  // a bad board size typed: the server's message, in Russian
  await page.fill('#knight-rows', '0');
  await page.click('#knight-form button[type=submit]');
  await page.locator('#knight-error:not(:empty)').waitFor();
  assert.deepEqual(englishWords(await page.locator('#knight-error').textContent()), []);
  // no solution for N = 3, in Russian
  await page.goto(new URL('#/place?n=3&lang=ru', page.url()).href);
  await page.click('#place-complete');
  await page.locator('#place-status.bad').waitFor();
  const none = await page.locator('#place-status').textContent();
  assert.deepEqual(englishWords(none), []);
  assert.doesNotMatch(none, / \.|на \./, 'no empty list of queens');
  await page.click('[data-lang="en"]');
  noScriptErrors(page);
});

test('Solutions: a number past the last is brought back, N = 2 writes the address, N = 16 knows its total', async () => {
  await page.goto(new URL('#/solutions?n=8&i=500&lang=en', page.url()).href);
  await page.locator('#sol-clamped', { hasText: 'There is no solution #500: N = 8 has 92' }).waitFor();
  await page.waitForFunction(() => /i=92/.test(location.hash));
  await page.locator('#sol-title', { hasText: /^Solution 92:/ }).waitFor();
  await page.locator('#sol-summary', { hasText: 'N = 8: 92 solutions; 1–92 listed' }).waitFor();
  assert.equal(await page.locator('#sol-page').textContent(), 'page: 1–92');
  assert.ok(await page.locator('#sol-next-page').isDisabled());
  await shot(page, 'classroom-solutions-clamped');
  // go to solution #k
  await page.fill('#sol-k', '40');
  await page.click('#sol-goto button[type=submit]');
  await page.waitForFunction(() => /i=40/.test(location.hash));
  await page.locator('#sol-title', { hasText: /^Solution 40:/ }).waitFor();
  // N = 2: the address follows, the orbit box says why it is empty
  await page.fill('#sol-n', '2');
  await page.click('#sol-form button[type=submit]');
  await page.waitForFunction(() => /#\/solutions\?n=2&lang=en$/.test(location.hash));
  await page.locator('#orbit-summary', { hasText: 'N = 2 has no solution' }).waitFor();
  // N = 16: the total from the table of counts, and rows on one line
  await page.fill('#sol-n', '16');
  await page.click('#sol-form button[type=submit]');
  await page.locator('#sol-summary', { hasText: '14,772,512 solutions' }).waitFor();
  const heights = await page.$$eval('#sol-list li', (lis) => lis.slice(0, 5).map((li) => li.getBoundingClientRect().height));
  assert.ok(Math.max(...heights) < 40, `a row of N = 16 wraps: ${heights}`);
  // a solution without symmetry is left unchanged by no turn or mirror, said in words
  await page.goto(new URL('#/solutions?n=8&i=1&lang=en', page.url()).href);
  await page.locator('#sol-facts dd', { hasText: 'no turn or mirror' }).waitFor();
  assert.doesNotMatch(await page.locator('#sol-facts').textContent(), /as it is/);
  noScriptErrors(page);
});

test('Place: Check shows a verdict, the size is bounded to what is readable, 1 queen is one', async () => {
  await page.goto(new URL('#/place?n=8&q=a1,b3&lang=en', page.url()).href);
  await page.locator('#panel-place:not([hidden])').waitFor();
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === 'a1,b3', null, { timeout: 40000 });
  await page.click('#place-check');
  await page.locator('#place-verdict:not([hidden])', { hasText: 'Checked: no two of the 2 queens attack' }).waitFor();
  await page.goto(new URL('#/place?n=8&q=a1,b2&lang=en', page.url()).href);
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === 'a1,b2');
  assert.ok(await page.locator('#place-verdict').isHidden(), 'a change hides the old verdict');
  await page.click('#place-check');
  await page.locator('#place-verdict.bad', { hasText: '1 pair attacks' }).waitFor();
  await shot(page, 'classroom-place-verdict');
  await page.fill('#place-n', '40');
  await page.click('#place-form button[type=submit]');
  await page.locator('#place-n-error', { hasText: 'from 1 to 32' }).waitFor();
  await page.goto(new URL('#/place?n=1&q=a1&lang=en', page.url()).href);
  await page.locator('#place-status', { hasText: 'Solved: 1 queen and' }).waitFor();
  noScriptErrors(page);
});

test('Knight: a 30x30 tour in colours with milestones, numbers on hover', async () => {
  await page.goto(new URL('#/knight?b=30x30&from=a1&m=auto&lang=en', page.url()).href);
  await page.locator('#knight-status', { hasText: 'A tour of the 30 × 30 board' }).waitFor();
  await page.click('#knight-last');
  const marks = await page.locator('#knight-svg .mark.visit').allTextContents();
  assert.ok(marks.length <= 15, `${marks.length} numbers on 900 squares`);
  assert.ok(marks.includes('1') && marks.includes('900') && marks.includes('100'));
  assert.ok((await page.locator('#knight-svg polyline.path.gradient').count()) >= 20, 'the path in colours');
  const box = await page.locator('#knight-svg').boundingBox();
  const vb = (await page.locator('#knight-svg').getAttribute('viewBox')).split(' ').map(Number);
  const s = box.width / vb[2];
  await page.mouse.move(box.x + (-vb[0] + 5) * s, box.y + (-vb[1] + 295) * s);
  await page.locator('#knight-hover', { hasText: 'a1: square 1 of 900' }).waitFor();
  assert.equal(await page.locator('#knight-error').textContent(), '', 'no error left from an earlier board');
  assert.equal(await page.locator('#knight-rows').getAttribute('aria-invalid'), 'false', 'no field left marked wrong');
  await shot(page, 'classroom-knight-30x30');
  noScriptErrors(page);
});

test('Knight: the start shows its 1, onward counts are badges, bad input is said, no tour resets the timeline', async () => {
  await page.goto(new URL('#/knight?b=8x8&from=a1&m=warnsdorff&lang=en', page.url()).href);
  await page.locator('#knight-status', { hasText: 'by warnsdorff' }).waitFor();
  await page.click('#knight-first');
  assert.equal(await page.locator('#knight-svg .mark.visit.start').textContent(), '1');
  assert.equal(await page.locator('#knight-svg .mark-badge').count(), 2, 'the two onward counts in badges');
  assert.match(await page.locator('#knight-method-help').textContent(), /Warnsdorff's rule \(1823\)/);
  await page.fill('#knight-rows', '99999');
  await page.click('#knight-form button[type=submit]');
  await page.locator('#knight-error', { hasText: "Bad number of rows '99999'" }).waitFor();
  await page.fill('#knight-rows', '8');
  await page.fill('#knight-from', '');
  await page.click('#knight-form button[type=submit]');
  await page.locator('#knight-error', { hasText: 'Say where the knight starts' }).waitFor();
  await page.fill('#knight-rows', '4');
  await page.fill('#knight-cols', '4');
  await page.fill('#knight-from', 'a1');
  await page.click('#knight-form button[type=submit]');
  await page.locator('#knight-status', { hasText: /No knight's tour|No tour/ }).waitFor();
  assert.equal(await page.locator('#knight-pos').textContent(), '');
  assert.equal(await page.locator('#knight-step').getAttribute('max'), '0');
  noScriptErrors(page);
});

test('Knight: counting 8x8 says before it starts that it cannot finish', async () => {
  await page.goto(new URL('#/knight?b=8x8&from=a1&lang=en', page.url()).href);
  await page.locator('#knight-count-plan', { hasText: 'This count cannot finish here' }).waitFor();
  assert.ok(await page.locator('#knight-count').isDisabled());
  await page.goto(new URL('#/knight?b=5x5&from=a1&lang=en', page.url()).href);
  await page.locator('#knight-count-plan', { hasText: /should take about|less than a second/ }).waitFor();
  assert.ok(await page.locator('#knight-count').isEnabled());
});

test('Knight by hand: legal moves and the hint, a refused move, undo', async () => {
  await page.goto(new URL('#/knight?b=5x5&from=a1&lang=en', page.url()).href);
  await page.locator('#knight-status', { hasText: 'A tour of the 5 × 5 board' }).waitFor();
  await page.click('#knight-hand');
  await page.locator('#knight-move', { hasText: 'The knight is on a1' }).waitFor();
  assert.equal(await page.locator('#knight-svg .mark.onward').count(), 2, 'b3 and c2');
  await clickSquare('#knight-svg', 3, 3, 5);
  await page.locator('#knight-move', { hasText: 'is not a knight’s move' }).waitFor();
  await clickSquare('#knight-svg', 2, 3, 5);
  await page.waitForFunction(() => document.querySelector('#knight-svg').dataset.hand === 'a1 b3');
  await shot(page, 'classroom-knight-by-hand');
  await page.click('#knight-hand-undo');
  await page.waitForFunction(() => document.querySelector('#knight-svg').dataset.hand === 'a1');
  await page.click('#knight-hand');
  assert.ok(await page.locator('#knight-hand-undo').isHidden());
  noScriptErrors(page);
});

test('Big boards: zooming in keeps queens in view, a small board fills the picture, the last file has its number', async () => {
  await page.goto(new URL('#/big?n=1000&lang=en', page.url()).href);
  await page.locator('#big-status[data-valid="true"][data-n="1000"]').waitFor();
  assert.match(await page.locator('#big-view').textContent(), /files a–all \(numbers 1–1,000\)/);
  for (let i = 0; i < 6; i++) {
    await page.click('#big-zoom-in');
    const shown = Number(await page.locator('#big-canvas').getAttribute('data-shown'));
    assert.ok(shown > 0, `no queen in view after ${i + 1} presses of Zoom in`);
  }
  await shot(page, 'classroom-big-zoomed');
  await page.goto(new URL('#/big?n=8&lang=en', page.url()).href);
  await page.locator('#big-status[data-valid="true"][data-n="8"]').waitFor();
  assert.match(await page.locator('#big-view').textContent(), /zoom ×1$/);
  assert.equal(await page.locator('#big-canvas').getAttribute('data-shown'), '8');
  await shot(page, 'classroom-big-8');
  noScriptErrors(page);
});

test('no developer wording: no undefined, NaN or [object in any text or label, in both languages', async () => {
  const views = ['#/place?n=8&q=a1,c5', '#/place?n=3', '#/solutions?n=8&f=1&i=10', '#/solutions?n=2', '#/solutions?n=1', '#/knight?b=8x8&from=a1&m=warnsdorff&k=20', '#/knight?b=4x4', '#/big?n=8', '#/guard?n=8&q=d4', '#/count?n=8&run=1'];
  for (const lang of ['en', 'ru']) {
    for (const view of views) {
      await page.goto(new URL(`${view}&lang=${lang}`, page.url()).href);
      await page.waitForTimeout(700);
      const bad = await page.evaluate(() => {
        const panel = document.querySelector('.panel:not([hidden])');
        const texts = [panel.innerText];
        for (const el of panel.querySelectorAll('[aria-label], [title]')) texts.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
        return texts.filter((x) => /undefined|NaN|\[object|\{\w+\}/.test(x)).map((x) => x.slice(0, 120));
      });
      assert.deepEqual(bad, [], `${view} in ${lang}`);
    }
  }
  noScriptErrors(page);
});

test('Torus and superqueens on Place and Solutions, and a cover in colours', async () => {
  // b1 and d3 share a diagonal; a1 and e1... on the torus c1 and a3 wrap: a knight's move for superqueens
  await page.goto(new URL('#/place?n=5&q=a1,c2&lang=en', page.url()).href);
  await page.locator('#place-status', { hasText: 'no two attack' }).waitFor();
  await page.check('#place-super');
  await page.locator('#place-conflicts li', { hasText: "a1 and c2 attack each other by a knight's move" }).waitFor();
  await page.waitForFunction(() => /piece=superqueen/.test(location.hash));
  assert.ok(await page.locator('#place-complete').isDisabled(), 'Complete keeps to the classic board');
  await page.uncheck('#place-super');
  await page.goto(new URL('#/place?n=5&q=a1,e2&lang=en', page.url()).href);
  await page.locator('#place-status', { hasText: 'no two attack' }).waitFor();
  await page.check('#place-torus');
  await page.locator('#place-conflicts li', { hasText: 'a1 and e2 attack each other on an anti-diagonal' }).waitFor();
  await shot(page, 'classroom-place-torus');
  await page.uncheck('#place-torus');
  // Solutions: 10 on the torus of 5, 4 superqueen solutions of 10
  await page.goto(new URL('#/solutions?n=5&torus=1&lang=en', page.url()).href);
  await page.locator('#sol-summary', { hasText: 'N = 5: 10 solutions' }).waitFor();
  await page.goto(new URL('#/solutions?n=10&piece=superqueen&lang=en', page.url()).href);
  await page.locator('#sol-summary', { hasText: 'N = 10: 4 solutions' }).waitFor();
  // the word of older addresses still reads
  await page.goto(new URL('#/solutions?n=8&lang=en', page.url()).href);
  await page.goto(new URL('#/solutions?n=10&super=1&lang=en', page.url()).href);
  await page.locator('#sol-summary', { hasText: 'N = 10: 4 solutions' }).waitFor();
  await page.waitForFunction(() => /piece=superqueen/.test(location.hash));
  await page.goto(new URL('#/solutions?n=6&torus=1&lang=en', page.url()).href);
  await page.locator('#sol-facts', { hasText: 'Pólya 1918' }).waitFor();
  // a cover of 5 x 5: every square coloured once
  await page.goto(new URL('#/solutions?n=5&lang=en', page.url()).href);
  await page.locator('#sol-summary', { hasText: 'N = 5: 10 solutions' }).waitFor();
  await page.click('#cover-show');
  await page.locator('#cover-status', { hasText: "A cover of the 5 × 5 board by Pólya's modular construction" }).waitFor();
  assert.equal(await page.locator('#cover-svg rect.coloured').count(), 25);
  assert.equal(await page.locator('#cover-legend li').count(), 5);
  await page.locator('#cover-keeps', { hasText: 'The same cover after: turn 90°, turn 180°, turn 270°' }).waitFor();
  await page.locator('#cover-box').scrollIntoViewIfNeeded();
  await shot(page, 'classroom-cover-5');
  await page.goto(new URL('#/solutions?n=8&lang=en', page.url()).href);
  await page.click('#cover-show');
  await page.locator('#cover-status', { hasText: 'No cover of the 8 × 8 board exists' }).waitFor();
  // a cover of 20 x 20 by quads (at once), in both languages
  for (const [lang, words] of [['en', 'by quads'], ['ru', 'четвёрки']]) {
    await page.goto(new URL(`#/solutions?n=20&lang=${lang}`, page.url()).href);
    await page.locator('#cover-show').waitFor();
    await page.click('#cover-show');
    await page.locator('#cover-status', { hasText: words }).waitFor({ timeout: 90_000 });
    assert.equal(await page.locator('#cover-svg rect.coloured').count(), 400);
    assert.equal(await page.locator('#cover-legend li').count(), 20);
    await page.locator('#cover-box').scrollIntoViewIfNeeded();
    await shot(page, `classroom-cover-20-${lang}`);
  }
  // the panel's own N goes past the list's 20: 24 by quads, the address keeps it
  await page.goto(new URL('#/solutions?n=8&lang=en', page.url()).href);
  await page.locator('#sol-summary', { hasText: 'N = 8: 92 solutions' }).waitFor();
  assert.equal(await page.inputValue('#cover-n'), '8', 'the panel starts at the list N');
  await page.fill('#cover-n', '24');
  await page.press('#cover-n', 'Enter');
  await page.locator('#cover-status', { hasText: 'A cover of the 24 × 24 board by quads' }).waitFor({ timeout: 90_000 });
  assert.equal(await page.locator('#cover-svg rect.coloured').count(), 576);
  assert.equal(await page.locator('#cover-legend li').count(), 24);
  await page.waitForFunction(() => /cover=24/.test(location.hash));
  // quads of 24: the mirrors and the half-turn keep it
  await page.locator('#cover-keeps', { hasText: 'The same cover after: turn 180°, mirror left–right, mirror top–bottom' }).waitFor();
  assert.equal(await page.locator('#sol-summary', { hasText: 'N = 8: 92 solutions' }).count(), 1, 'the list keeps its N');
  // 15: pairs under the half-turn, and what keeps them
  await page.fill('#cover-n', '15');
  await page.press('#cover-n', 'Enter');
  await page.locator('#cover-status', { hasText: 'A cover of the 15 × 15 board by pairs under the half-turn' }).waitFor({ timeout: 90_000 });
  await page.locator('#cover-keeps', { hasText: 'The same cover after: turn 180° (only' }).waitFor();
  assert.equal(await page.locator('#cover-svg rect.coloured').count(), 225);
  // the open case and the slow one are refused at once, with the reason, in both languages
  await page.fill('#cover-n', '27');
  await page.click('#cover-show');
  await page.locator('#cover-error', { hasText: 'is an open question' }).waitFor();
  assert.equal(await page.locator('#cover-svg rect.coloured').count(), 0, 'no cover drawn for 27');
  assert.equal(await page.getAttribute('#cover-n', 'aria-invalid'), 'true');
  await page.waitForFunction(() => !/cover=/.test(location.hash));
  await page.goto(new URL('#/solutions?n=8&lang=ru', page.url()).href);
  await page.fill('#cover-n', '30');
  await page.click('#cover-show');
  await page.locator('#cover-error', { hasText: 'покрытие доски 30 × 30 не находится' }).waitFor();
  // a link with the cover's N opens it: 32 x 32 in Russian
  await page.goto(new URL('#/solutions?n=8&cover=32&lang=ru', page.url()).href);
  await page.locator('#cover-status', { hasText: 'Покрытие доски 32 × 32 (четвёрки' }).waitFor({ timeout: 90_000 });
  assert.equal(await page.locator('#cover-svg rect.coloured').count(), 1024);
  assert.equal(await page.locator('#cover-legend li').count(), 32);
  assert.equal(await page.inputValue('#cover-n'), '32');
  await page.locator('#cover-keeps', { hasText: 'То же покрытие после: поворот на 180°' }).waitFor();
  await page.locator('#cover-box').scrollIntoViewIfNeeded();
  await shot(page, 'classroom-cover-32-ru');
  // a new list N takes the panel with it, and clears the cover
  await page.fill('#sol-n', '6');
  await page.press('#sol-n', 'Enter');
  await page.locator('#sol-summary', { hasText: 'N = 6' }).waitFor();
  assert.equal(await page.inputValue('#cover-n'), '6');
  assert.equal(await page.locator('#cover-svg rect.coloured').count(), 0);
  noScriptErrors(page);
});

test('Place: the next solution from here, in the order of the search', async () => {
  await page.goto(new URL('#/place?n=8&q=a1&lang=en', page.url()).href);
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === 'a1');
  await page.click('#place-next');
  await page.locator('#place-note', { hasText: 'your 1 queen stays' }).waitFor();
  // 1 5 8 6 3 7 2 4, the first solution of queens list 8, then the one after it
  assert.equal(await page.locator('#place-svg').getAttribute('data-queens'), 'a1,b5,c8,d6,e3,f7,g2,h4');
  await page.click('#place-next');
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === 'a1,b6,c8,d3,e7,f4,g2,h5');
  await page.locator('#place-note', { hasText: 'moved the queen of file' }).waitFor();
  await page.locator('#place-status', { hasText: 'Solved: 8 queens' }).waitFor();
  await page.goto(new URL('#/place?n=8&q=c5&lang=en', page.url()).href);
  await page.waitForFunction(() => document.querySelector('#place-svg').dataset.queens === 'c5');
  await page.click('#place-next');
  await page.locator('#place-status', { hasText: 'starts from queens on files a, b, c' }).waitFor();
  noScriptErrors(page);
});
