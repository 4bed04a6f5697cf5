// Watch the knight's search: Wirth's backtracking and Warnsdorff's rule on 5 x 5 from c3, side
// by side on one clock. At their tours the counters are those of `queens tour --stats` and
// Wirth's board is his table 3.1 (both from the library, through the cargo test); a rejected
// move is said with its reason, with the line of his program 3.3 highlighted; the search tree
// has one node per square placed and one dead end per step back; the player's buttons and keys;
// a search longer than the page plays says where it stops; projector mode; English and Russian
// at 1366 x 768 and at phone width.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, open, noScriptErrors, EXPECT, record, shot } from '../lib.mjs';

const K = EXPECT.knight;
const viewport = { width: 1366, height: 768 };
const HASH = '#/watch?p=knight&b=5&from=c3&m=wirth&m2=warnsdorff';

let b;
let page;
before(async () => {
  b = await browser({ viewport });
  page = await open(b.context, HASH);
});
after(async () => b.close());

const pane = (i) => page.locator('.pane').nth(i);
const words = (i) => pane(i).locator('.step-text');
const step = async (p = page) => Number(await p.locator('#watch-pos').getAttribute('data-step'));
const counter = async (i, name) => Number((await pane(i).locator(`[data-counter="${name}"]`).textContent()).replace(/\D/g, ''));
const counters = async (i) => ({ placed: await counter(i, 'placed'), tried: await counter(i, 'tried'), backtracks: await counter(i, 'backtracks') });
const fmt = (n, lang = 'en') => n.toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-US');

/** Loads `hash` (a knight's search) and waits for its panes at step `k`. */
async function goto(p, hash, k = 0) {
  await p.goto(new URL(hash, p.url()).href);
  const q = new URLSearchParams(hash.split('?')[1]);
  const methods = [q.get('m'), q.get('m2')].filter(Boolean);
  await p.waitForFunction(
    ([ms, kk]) => {
      const panes = [...document.querySelectorAll('.pane')];
      return panes.length === ms.length && panes.every((el, i) => el.dataset.method === ms[i] && el.querySelector('.step-text')?.dataset.step === kk);
    },
    [methods, String(k)],
  );
}

/** Goes to step k with the timeline. */
async function seek(p, k) {
  await p.locator('#watch-step').fill(String(k));
  await p.waitForFunction((kk) => document.querySelector('#watch-pos').dataset.step === kk, String(k));
}

/** The numbers on a pane's board as Wirth prints his table: rank 5 first, files a to e. */
async function table(i, rows = 5, cols = 5) {
  const order = (await pane(i).locator('.board-svg').getAttribute('data-numbers')).split(' ');
  const lines = [];
  for (let r = rows; r >= 1; r--) {
    const line = [];
    for (let c = 0; c < cols; c++) line.push(order.indexOf(String.fromCharCode(97 + c) + r) + 1);
    lines.push(line.join(' '));
  }
  return { text: lines.join(' / '), order };
}

test('Wirth against Warnsdorff on one clock, each to its tour with the counters of queens tour --stats', async () => {
  assert.ok(K, 'the cargo test passes the library facts');
  await goto(page, HASH);
  assert.equal(Number(await pane(0).getAttribute('data-total')), K.wirth.steps);
  assert.equal(Number(await pane(1).getAttribute('data-total')), K.warnsdorff.steps);
  assert.match(await pane(0).locator('h2').textContent(), /Wirth's backtracking, 5 × 5 from c3/);
  assert.match(await pane(1).locator('h2').textContent(), /Warnsdorff's rule, 5 × 5 from c3/);
  await page.click('#watch-fwd');
  assert.match(await words(0).textContent(), /The knight starts on c3: square 1\./);
  assert.match(await words(1).textContent(), /The knight starts on c3: square 1\./);
  // On to the first tour: Warnsdorff's, while Wirth is still searching.
  await page.click('#watch-mark');
  assert.equal(await step(), K.warnsdorff.steps);
  assert.equal(await words(1).getAttribute('data-event'), 'tour');
  assert.notEqual(await words(0).getAttribute('data-event'), 'tour');
  assert.deepEqual(await counters(1), K.warnsdorff.work);
  assert.match(await words(1).textContent(), /A tour! All 25 squares visited/);
  // On to Wirth's: the last step of his search.
  await page.click('#watch-mark');
  assert.equal(await step(), K.wirth.steps);
  assert.equal(await words(0).getAttribute('data-event'), 'tour');
  assert.deepEqual(await counters(0), K.wirth.work);
  assert.equal(await pane(0).locator('[data-counter="placed"]').textContent(), fmt(K.wirth.work.placed));
  const wirth = await table(0);
  assert.equal(wirth.text, K.table, "Wirth's board is his table 3.1");
  record('tour', { rows: 5, cols: 5, closed: false, from: 'c3', path: wirth.order });
  record('tour', { rows: 5, cols: 5, closed: false, from: 'c3', path: (await table(1)).order });
  // The tree: a node per square placed, a dead end per step back, and the tour.
  const tree = await pane(0).locator('.tree-note').textContent();
  assert.equal(tree, `Search tree: ${fmt(K.wirth.work.placed)} nodes, ${fmt(K.wirth.work.backtracks)} dead ends, 1 tour.`);
  assert.equal(await pane(0).locator('.tree-canvas').evaluate((c) => c.layout.m), K.wirth.work.placed);
  assert.match(page.url(), new RegExp(`step=${K.wirth.steps}`));
  await shot(page, 'knight-watch-tour-1366-en');
});

test('a rejected move is said with its reason, the line of program 3.3 highlighted', async () => {
  await goto(page, '#/watch?p=knight&b=5&from=c3&m=wirth');
  const lines = () => pane(0).locator('.program').getAttribute('data-lines');
  const now = () => pane(0).locator('.program li.now').allTextContents();
  assert.match(await pane(0).locator('.program-src').textContent(), /Wirth.*program 3\.3/);
  await seek(page, 2);
  assert.match(await words(0).textContent(), /Move 1 from c3 lands on d1: square 2\./);
  assert.match((await now()).join(''), /h\[u, v\] := i/);
  // d1 is on the edge: move 1 from it leaves the board.
  await page.keyboard.press('ArrowRight');
  assert.equal(await step(), 3);
  assert.equal(await words(0).getAttribute('data-reason'), 'off_board');
  assert.match(await words(0).textContent(), /Move 1 from d1 leaves the board\./);
  assert.equal(await lines(), '5');
  assert.match((await now()).join(''), /if \(1 ≤ u ≤ n\) and \(1 ≤ v ≤ n\) then/);
  await shot(page, 'knight-watch-reject-1366-en');
  // A square visited already is named with its number.
  await seek(page, 12);
  assert.equal(await words(0).getAttribute('data-reason'), 'visited');
  assert.match(await words(0).textContent(), /Move 1 from d5 lands on e3, visited already: square 3\./);
  assert.equal(await lines(), '6');
  assert.match((await now()).join(''), /if h\[u, v\] = 0 then/);
  // The board, the words, the counters, the tree and the program line on the one screen.
  for (const sel of ['.board-svg', '.step-text', '[data-counter="tried"]', '.tree-canvas', '.program li.now']) {
    const box = await pane(0).locator(sel).first().boundingBox();
    assert.ok(box && box.y >= 0 && box.y + Math.min(box.height, 60) <= viewport.height, `${sel} starts on the screen: ${JSON.stringify(box)}`);
  }
});

test('to the end of this branch: the step that takes its last move back', async () => {
  await seek(page, 30);
  await page.click('#watch-branch');
  const end = await step();
  assert.ok(end > 30, `${end} is after step 30`);
  assert.equal(await words(0).getAttribute('data-event'), 'undo');
  assert.match(await words(0).textContent(), /No move from \w+\d leads on: back to \w+\d, and \w+\d \(square \d+\) is free again\./);
  assert.match(await pane(0).locator('.program li.now').textContent(), /if not q1 then h\[u, v\] := 0/);
  await page.click('#watch-back');
  assert.equal(await step(), end - 1);
});

test('a start with no tour is refused with the reason; the knight part says the work and links here', async () => {
  await page.goto(new URL('#/watch?p=knight&b=5&from=b1&m=wirth', page.url()).href);
  await page.locator('#watch-error', { hasText: /No knight's tour from b1 on the 5 × 5 board: .*b1 has the other colour/ }).waitFor();
  await page.goto(new URL('#/knight?b=5x5&from=c3&m=wirth', page.url()).href);
  await page.locator('#knight-status', { hasText: 'by wirth' }).waitFor();
  // The knight part says the work of the search, as queens tour --stats does.
  const w = K.wirth.work;
  assert.equal(await page.locator('#knight-work').textContent(), `The search’s work: squares placed ${fmt(w.placed)}, moves tried ${fmt(w.tried)}, steps back ${fmt(w.backtracks)}.`);
  await page.click('#knight-watch');
  await page.waitForFunction(() => [...document.querySelectorAll('.pane')].map((p) => p.dataset.method).join(' ') === 'wirth warnsdorff');
  assert.ok(await page.locator('#watch-p-knight').isChecked());
  noScriptErrors(page);
});

test('a search longer than the page plays says so where it stops', async () => {
  await goto(page, '#/watch?p=knight&b=6&from=a6&m=wirth');
  const total = Number(await pane(0).getAttribute('data-total'));
  assert.match(await pane(0).locator('h2').textContent(), new RegExp(`the first ${fmt(total)} steps only`));
  await seek(page, total);
  assert.match(await words(0).textContent(), /The trace stops here: the page plays only the first [\d,]+ steps, and the search goes on without a tour so far/);
  assert.notEqual(await words(0).getAttribute('data-event'), 'tour');
});

test('projector mode: both boards and their words on the screen', async () => {
  await goto(page, `${HASH}&step=26`, 26);
  await page.locator('body').press('p');
  await page.waitForFunction(() => document.body.classList.contains('projector'));
  for (const i of [0, 1]) {
    for (const sel of ['.board-svg', '.step-text', '.counters']) {
      const box = await pane(i).locator(sel).boundingBox();
      assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 1 && box.y + box.height <= viewport.height + 1, `pane ${i} ${sel} inside the window: ${JSON.stringify(box)}`);
    }
  }
  const wideBy = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wideBy <= 1, `projector mode scrolls sideways by ${wideBy}px`);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await step(), 25);
  await shot(page, 'knight-watch-projector-en');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.body.classList.contains('projector'));
});

test('every word of the Russian knight search is Russian', async () => {
  await page.click('[data-lang="ru"]');
  await goto(page, `${HASH}&step=12`, 12);
  assert.match(await words(0).textContent(), /Ход 1 с d5 ведёт на e3, а там конь уже был: поле 3\./);
  await seek(page, 3);
  assert.match(await words(0).textContent(), /Ход 1 с d1 уводит с доски\./);
  assert.match(await pane(0).locator('h2').textContent(), /Возврат Вирта, 5 × 5 с c3/);
  assert.match(await pane(1).locator('h2').textContent(), /Правило Варнсдорфа, 5 × 5 с c3/);
  assert.match(await pane(0).locator('.program').textContent(), /процедура Попытка\(i, x, y; перем q\)/);
  assert.match(await pane(0).locator('.program-src').textContent(), /Вирт.*программа 3\.3/);
  assert.match(await page.locator('#watch-mark').getAttribute('aria-label'), /К найденному обходу/);
  await page.click('#watch-mark');
  assert.equal(await step(), K.warnsdorff.steps);
  assert.equal(await pane(1).locator('[data-counter="tried"]').textContent(), fmt(K.warnsdorff.work.tried, 'ru'));
  await shot(page, 'knight-watch-1366-ru');
  const english = await page.evaluate(() => {
    const panel = document.getElementById('panel-watch');
    const clone = panel.cloneNode(true);
    // The programs' variables are names in the code, each method's option starts with the
    // name the command line knows it by, and the board's coordinates are square names.
    clone.querySelectorAll('.program, option, svg').forEach((el) => el.remove());
    const labels = [...panel.querySelectorAll('[aria-label], [title]')].flatMap((el) => [el.getAttribute('aria-label'), el.getAttribute('title')]);
    const text = [clone.textContent, ...labels].join(' ');
    return (text.match(/[A-Za-z]{2,}/g) || []).filter((w) => !['queens', 'tour', 'trace', 'stats', 'Erlang', 'PHP', 'SQL'].includes(w));
  });
  assert.deepEqual(english, [], 'English words on the Russian page');
  await page.click('[data-lang="en"]');
  noScriptErrors(page);
});

test('at phone width, in English and Russian, the board, the words and the counters without sideways scrolling', async () => {
  const phone = await browser({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  try {
    const p = await open(phone.context, `${HASH}&step=12`);
    for (const lang of ['en', 'ru']) {
      await p.click(`[data-lang="${lang}"]`);
      await p.waitForFunction(() => document.querySelectorAll('.pane .step-text[data-step="12"]').length === 2);
      const wideBy = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wideBy <= 1, `${lang}: the page scrolls sideways by ${wideBy}px`);
      const board = await p.locator('.pane .board-svg').first().boundingBox();
      assert.ok(board.width >= 300, `the board takes the phone's width: ${board.width}px`);
      const reason = lang === 'en' ? /visited already: square 3/ : /а там конь уже был: поле 3/;
      assert.match(await p.locator('.pane .step-text').first().textContent(), reason);
      await p.evaluate(() => window.scrollTo(0, document.querySelector('.pane').getBoundingClientRect().top + window.scrollY - document.querySelector('.top').offsetHeight - 6));
      await shot(p, `knight-watch-390-${lang}`);
    }
    noScriptErrors(p);
  } finally {
    await phone.close();
  }
});
