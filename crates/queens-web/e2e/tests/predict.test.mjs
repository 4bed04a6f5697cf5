// The class mode of Watch: predict, then reveal. The page stops before the next step of the
// kind chosen and asks for its square; a guess with the mouse or the keyboard (arrow keys,
// Enter) is marked right or wrong on the board, the player plays on to the true step and the
// score "right k of m" counts. The answers are read here from the same trace the page loads.
// "Skip" reveals without a guess; the score starts again with a new search. In English and
// Russian, at 1366 x 768 and on a phone (390 x 844), and on the projector at 1366 x 768 and
// 1920 x 1080, where the question, the score and the board are on the one screen. Also "to the
// end of this branch" at step 0: the end of the first branch. The mode and its kind are kept in
// the address.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, open, noScriptErrors, shot, api } from '../lib.mjs';

const DESK = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

let b;
let page;
before(async () => {
  b = await browser({ viewport: DESK });
  page = await open(b.context, '#/watch?n=4&a=wirth');
});
after(async () => b.close());

/** A fresh page at `hash` (the class mode off, the score at nought). */
async function fresh(hash, size = DESK) {
  await page.setViewportSize(size);
  const url = new URL(hash, page.url()).href;
  // a new document, not a change of the address's hash
  await page.goto('about:blank');
  await page.goto(url);
  await page.locator('.pane .step-text').first().waitFor();
  await page.locator('#watch-pos[data-step]').waitFor();
}

const step = async () => Number(await page.locator('#watch-pos').getAttribute('data-step'));
const phase = () => page.locator('#predict').getAttribute('data-phase');
const answer = () => page.locator('#predict-prompt').getAttribute('data-answer');
const text = async (sel) => (await page.locator(sel).textContent()).trim();

/** The steps of a trace, as the page loads them. */
async function queensTrace(n, algorithm = 'wirth') {
  const { body } = await api(`api/trace?n=${n}&algorithm=${algorithm}&limit=100000`);
  return body.steps;
}

/** The first step after k for which `pick(e)` gives a square: { k, sq }. */
function nextOf(steps, k, pick) {
  for (let i = k; i < steps.length; i++) {
    const sq = pick(steps[i]);
    if (sq) return { k: i + 1, sq };
  }
  return null;
}
const placed = (e) => (e.event === 'place' ? e.square : null);

async function classMode(on = true) {
  const box = page.locator('#predict-on');
  if ((await box.isChecked()) !== on) await box.click();
  await page.waitForFunction((want) => document.getElementById('predict').dataset.on === String(want), on);
}

/** The screen point of a square of the first pane's board ([col, row] from a name). */
async function pointOf(name) {
  return page.locator('.pane .board-svg').first().evaluate((svg, name) => {
    const col = name.charCodeAt(0) - 96;
    const row = Number(name.slice(1));
    const vb = svg.viewBox.baseVal;
    const rows = Math.round((vb.height - 7) / 10);
    const p = new DOMPoint((col - 0.5) * 10, (rows - row + 0.5) * 10).matrixTransform(svg.getScreenCTM());
    return { x: p.x, y: p.y };
  }, name);
}

async function clickSquare(name) {
  const { x, y } = await pointOf(name);
  await page.mouse.click(x, y);
}

/** The keyboard: the arrow keys take the focus ring from where it is to `name`, Enter chooses. */
async function keySquare(name) {
  const svg = page.locator('.pane .board-svg').first();
  await svg.focus();
  const from = await svg.getAttribute('data-cursor');
  const dc = name.charCodeAt(0) - from.charCodeAt(0);
  const dr = Number(name.slice(1)) - Number(from.slice(1));
  for (let i = 0; i < Math.abs(dc); i++) await page.keyboard.press(dc > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
  assert.equal(await svg.getAttribute('data-cursor'), name, 'the focus ring is on the square chosen');
  await page.keyboard.press('Enter');
}

/** Some square of an n x n board other than `name`. */
const other = (name, n = 8) => (name === 'a1' ? `${String.fromCharCode(96 + n)}${n}` : 'a1');

/** The element's box, wholly on the screen. */
async function inView(sel, size) {
  const box = await page.locator(sel).first().boundingBox();
  assert.ok(box && box.width > 0 && box.height > 0, `${sel} is shown`);
  assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 1 && box.y + box.height <= size.height + 1, `${sel} on the screen: ${JSON.stringify(box)}`);
  return box;
}

async function shown() {
  await page.waitForFunction(() => document.getElementById('predict').dataset.phase === 'shown');
}

/** The page's text in the class bar has no English word: square names and "Enter" aside. */
async function noEnglish(sel = '#predict') {
  const words = (await page.locator(sel).innerText()).replace(/\b[a-h]\d\b/g, '').replace(/\bEnter\b/g, '');
  assert.doesNotMatch(words, /[A-Za-z]/, `no English in: ${words}`);
}

test('class mode in English with the mouse: a right guess scores, a wrong one shows the true square, skip reveals', async () => {
  const steps = await queensTrace(8);
  await fresh('#/watch?n=8&a=wirth&lang=en');
  await classMode(true);
  assert.equal(await phase(), 'ask');
  assert.match(await text('#predict-prompt'), /Where will the next queen be placed\?/);
  assert.equal(await text('#predict-score'), 'Right: 0 of 0');
  // the right answer, read from the trace
  const first = nextOf(steps, 0, placed);
  assert.equal(await answer(), first.sq);
  await clickSquare(first.sq);
  await shown();
  assert.equal(await step(), first.k, 'the player played on to the step guessed');
  assert.equal(await page.locator('#predict-verdict').getAttribute('data-verdict'), 'right');
  assert.match(await text('#predict-verdict'), new RegExp(`^✓ Right: ${first.sq}, 1 step on\\.$`));
  assert.equal(await text('#predict-score'), 'Right: 1 of 1');
  assert.equal(await page.locator(`.pane .layer-top .guess.right[data-square="${first.sq}"]`).count(), 1);
  // the next question: a wrong guess, and the true square framed
  await page.click('#predict-next');
  assert.equal(await phase(), 'ask');
  const second = nextOf(steps, first.k, placed);
  assert.equal(await answer(), second.sq);
  const wrong = other(second.sq);
  await clickSquare(wrong);
  await shown();
  assert.equal(await step(), second.k);
  assert.equal(await page.locator('#predict-verdict').getAttribute('data-verdict'), 'wrong');
  const steps2 = second.k - first.k;
  assert.equal(await text('#predict-verdict'), `✗ Wrong: not ${wrong}. The answer is ${second.sq}, ${steps2} ${steps2 === 1 ? 'step' : 'steps'} on.`);
  assert.equal(await page.locator(`.pane .layer-top .guess.wrong[data-square="${wrong}"]`).count(), 1);
  assert.equal(await page.locator(`.pane .layer-top .guess.answer[data-square="${second.sq}"]`).count(), 1);
  assert.equal(await page.locator('.pane .layer-top .guess-sign.wrong').textContent(), '✗');
  assert.equal(await text('#predict-score'), 'Right: 1 of 2');
  // skip: the answer without a guess, the score as it was
  await page.click('#predict-next');
  const third = nextOf(steps, second.k, placed);
  await page.click('#predict-skip');
  await shown();
  assert.equal(await step(), third.k);
  assert.equal(await page.locator('#predict-verdict').getAttribute('data-verdict'), 'skipped');
  assert.match(await text('#predict-verdict'), new RegExp(`^The answer: ${third.sq},`));
  assert.equal(await text('#predict-score'), 'Right: 1 of 2');
  // Play after an answer asks the next question and stops on the step before it.
  const fourth = nextOf(steps, third.k, placed);
  await page.click('#watch-play');
  await page.waitForFunction((k) => Number(document.getElementById('watch-pos').dataset.step) === k - 1 && document.getElementById('watch-play').getAttribute('aria-pressed') === 'false', fourth.k);
  assert.equal(await phase(), 'ask');
  assert.equal(await answer(), fourth.sq);
  // One step forward does not show it either.
  await page.click('#watch-fwd');
  assert.equal(await step(), fourth.k - 1);
  await shot(page, 'predict-en-1366');
  // Off: normal play again, the board a picture.
  await classMode(false);
  assert.ok(await page.locator('#predict-prompt').isHidden());
  assert.equal(await page.locator('.pane .board-svg').first().getAttribute('role'), 'img');
  assert.equal(await page.locator('.pane .layer-top *').count(), 0);
  await page.click('#watch-fwd');
  assert.equal(await step(), fourth.k);
  // A new search starts the score again.
  await classMode(true);
  assert.equal(await text('#predict-score'), 'Right: 1 of 2');
  await page.fill('#watch-n', '6');
  await page.click('#watch-form button[type=submit]');
  await page.waitForFunction(() => document.querySelector('.pane')?.dataset.n === '6');
  assert.equal(await text('#predict-score'), 'Right: 0 of 0');
  noScriptErrors(page);
});

test('class mode in Russian with the keyboard: arrows and Enter, the verdicts and the score in Russian', async () => {
  const steps = await queensTrace(8);
  await fresh('#/watch?n=8&a=wirth&lang=ru');
  await classMode(true);
  assert.equal(await page.locator('.pane').first().getAttribute('data-n'), '8');
  assert.equal(await text('#predict-prompt strong'), 'Куда встанет следующий ферзь?');
  assert.equal(await text('#predict-score'), 'Верно: 0 из 0');
  // the board has the focus: the arrow keys move its ring
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('board-svg')), true);
  const first = nextOf(steps, 0, placed);
  await keySquare(first.sq);
  await shown();
  assert.equal(await step(), first.k);
  assert.equal(await text('#predict-verdict'), `✓ Верно: ${first.sq}, через 1 шаг.`);
  assert.equal(await text('#predict-score'), 'Верно: 1 из 1');
  await noEnglish();
  // Enter on "next question", then a wrong square by the keyboard
  await page.locator('#predict-next').focus();
  await page.keyboard.press('Enter');
  const second = nextOf(steps, first.k, placed);
  const wrong = other(second.sq);
  await keySquare(wrong);
  await shown();
  const n = second.k - first.k;
  const form = n % 10 === 1 && n % 100 !== 11 ? 'шаг' : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? 'шага' : 'шагов';
  assert.equal(await text('#predict-verdict'), `✗ Неверно: не ${wrong}. Ответ — ${second.sq}, через ${n} ${form}.`);
  assert.equal(await text('#predict-score'), 'Верно: 1 из 2');
  assert.equal(await page.locator(`.pane .layer-top .guess.answer[data-square="${second.sq}"]`).count(), 1);
  await noEnglish();
  // the choice of kind, in Russian
  const kinds = await page.locator('#predict-kind option').allTextContents();
  assert.deepEqual(kinds, ['следующего ферзя', 'следующую отвергнутую клетку', 'следующее решение']);
  await page.click('#predict-next');
  await noEnglish();
  await shot(page, 'predict-ru-1366');
  noScriptErrors(page);
});

test('the next solution and the next rejection: the answers of the trace', async () => {
  const steps = await queensTrace(8);
  await fresh('#/watch?n=8&a=wirth&lang=en');
  await classMode(true);
  await page.selectOption('#predict-kind', 'solution');
  const sol = nextOf(steps, 0, (e) => (e.event === 'solution' ? `h${e.rows[7]}` : null));
  assert.match(await text('#predict-prompt'), /The next solution: where will its queen on file h stand\?/);
  assert.equal(await answer(), sol.sq);
  await clickSquare(sol.sq);
  await shown();
  assert.equal(await step(), sol.k);
  assert.equal(await page.locator('.pane .step-text').first().getAttribute('data-event'), 'solution');
  assert.equal(await page.locator('#predict-verdict').getAttribute('data-verdict'), 'right');
  await page.selectOption('#predict-kind', 'reject');
  const rej = nextOf(steps, sol.k, (e) => (e.event === 'reject' ? e.square : null));
  assert.match(await text('#predict-prompt'), /Which square will be rejected next\?/);
  assert.equal(await answer(), rej.sq);
  await page.click('#predict-skip');
  await shown();
  assert.equal(await step(), rej.k);
  assert.equal(await page.locator('.pane .step-text').first().getAttribute('data-event'), 'reject');
  assert.equal(await text('#predict-score'), 'Right: 1 of 1');
  noScriptErrors(page);
});

test('the class mode is in the address: a reload or a shared link asks the same kind again', async () => {
  await fresh('#/watch?n=8&a=wirth&lang=en');
  await classMode(true);
  await page.selectOption('#predict-kind', 'reject');
  await page.waitForFunction(() => /[?&]class=1(&|$)/.test(location.hash) && /[?&]guess=reject(&|$)/.test(location.hash));
  await fresh(page.url());
  await page.waitForFunction(() => document.getElementById('predict').dataset.on === 'true');
  assert.equal(await page.locator('#predict-kind').inputValue(), 'reject');
  assert.match(await text('#predict-prompt'), /Which square will be rejected next\?/);
  // A kind the problem has not is left aside; off, the address forgets both.
  await fresh('#/watch?n=8&a=wirth&class=1&guess=move&lang=en');
  await page.waitForFunction(() => document.getElementById('predict').dataset.on === 'true');
  assert.equal(await page.locator('#predict-kind').inputValue(), 'place');
  await classMode(false);
  await page.waitForFunction(() => !/class=|guess=/.test(location.hash));
  noScriptErrors(page);
});

test('two searches side by side: the question is about the first board', async () => {
  const steps = await queensTrace(6);
  await fresh('#/watch?n=6&a=wirth&n2=7&a2=wirth&lang=ru');
  await classMode(true);
  assert.equal(await text('#predict-prompt strong'), 'Куда встанет следующий ферзь? (на первой доске)');
  const first = nextOf(steps, 0, placed);
  await clickSquare(first.sq);
  await shown();
  assert.equal(await page.locator('#predict-verdict').getAttribute('data-verdict'), 'right');
  assert.equal(await page.locator('.pane').nth(1).locator('.layer-top *').count(), 0);
  noScriptErrors(page);
});

test("the knight: the square of the knight's next move, in both languages", async () => {
  const { body } = await api('api/tour/trace?board=5x5&from=c3&method=wirth&closed=false&limit=100000');
  const moved = (e) => (e.event === 'move' ? e.to : null);
  await fresh('#/watch?p=knight&b=5&from=c3&m=wirth&lang=en');
  await classMode(true);
  assert.deepEqual(await page.locator('#predict-kind option').allTextContents(), ["the knight's next move"]);
  assert.match(await text('#predict-prompt'), /Where will the knight move next\?/);
  const first = nextOf(body.steps, 0, moved);
  assert.equal(await answer(), first.sq);
  await clickSquare(first.sq);
  await shown();
  assert.equal(await step(), first.k);
  assert.equal(await page.locator('#predict-verdict').getAttribute('data-verdict'), 'right');
  assert.equal(await text('#predict-score'), 'Right: 1 of 1');
  // The next question, then Russian: the address of the first step (the class mode on, as the
  // page writes it) asks again from there.
  await page.click('#predict-next');
  assert.equal(await answer(), nextOf(body.steps, first.k, moved).sq);
  assert.match(page.url(), /[?&]class=1&guess=move(&|$)/);
  await page.goto(new URL('#/watch?p=knight&b=5&from=c3&m=wirth&class=1&lang=ru', page.url()).href);
  await page.locator('#predict-prompt', { hasText: 'Куда конь пойдёт следующим ходом?' }).waitFor();
  assert.equal(await step(), 0);
  const second = first;
  await keySquare(other(second.sq, 5));
  await shown();
  assert.equal(await step(), second.k);
  assert.match(await text('#predict-verdict'), new RegExp(`^✗ Неверно: не ${other(second.sq, 5)}\\. Ответ — ${second.sq}, через \\d+ шаг(а|ов)?\\.$`));
  assert.equal(await text('#predict-score'), 'Верно: 1 из 2');
  await noEnglish();
  await shot(page, 'predict-knight-ru-1366');
  // on the projector: the verdict, the score and the whole board on the screen
  await page.click('#projector');
  await page.waitForFunction(() => document.body.classList.contains('projector'));
  for (const sel of ['#predict-verdict', '#predict-score', '.pane .board-svg']) await inView(sel, DESK);
  await shot(page, 'predict-projector-knight-ru-1366');
  await page.click('#projector');
  noScriptErrors(page);
});

for (const lang of ['en', 'ru']) {
  test(`a phone, 390 x 844 (${lang}): the class mode fits the width and takes a tap`, async () => {
    const steps = await queensTrace(8);
    await fresh(`#/watch?n=8&a=wirth&lang=${lang}`, PHONE);
    await classMode(true);
    const first = nextOf(steps, 0, placed);
    await clickSquare(first.sq);
    await shown();
    await page.click('#predict-next');
    await clickSquare(other(nextOf(steps, first.k, placed).sq));
    await shown();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= PHONE.width, `the page is ${wide} px wide`);
    for (const sel of ['#predict-verdict', '#predict-score', '#predict-next']) {
      const box = await page.locator(sel).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width + 1, `${sel} within the width: ${JSON.stringify(box)}`);
    }
    assert.equal(await text('#predict-score'), lang === 'en' ? 'Right: 1 of 2' : 'Верно: 1 из 2');
    if (lang === 'ru') await noEnglish();
    await page.locator('#predict').scrollIntoViewIfNeeded();
    await shot(page, `predict-phone-${lang}`);
    noScriptErrors(page);
  });
}


for (const lang of ['en', 'ru']) {
  for (const size of [DESK, { width: 1920, height: 1080 }]) {
    test(`projector ${size.width} x ${size.height} (${lang}): the question, the score and the board on one screen, large`, async () => {
      const steps = await queensTrace(8);
      await fresh(`#/watch?n=8&a=wirth&lang=${lang}`, size);
      await page.click('#projector');
      await page.waitForFunction(() => document.body.classList.contains('projector'));
      await classMode(true);
      for (const sel of ['#predict-prompt', '#predict-score', '#predict-skip', '.pane .board-svg']) await inView(sel, size);
      const board = await inView('.pane .board-svg', size);
      assert.ok(board.height >= size.height * 0.55, `the board is ${board.height} px high`);
      const px = async (sel) => parseFloat(await page.locator(sel).evaluate((el) => getComputedStyle(el).fontSize));
      assert.ok((await px('#predict-prompt')) >= 28, 'the question is large');
      assert.ok((await px('#predict-score')) >= 30, 'the score is large');
      await shot(page, `predict-projector-ask-${lang}-${size.width}`);
      const first = nextOf(steps, 0, placed);
      await clickSquare(first.sq);
      await shown();
      await page.click('#predict-next');
      await clickSquare(other(nextOf(steps, first.k, placed).sq));
      await shown();
      for (const sel of ['#predict-verdict', '#predict-score', '#predict-next', '.pane .board-svg', '.pane .layer-top .guess.wrong']) await inView(sel, size);
      assert.ok((await px('#predict-verdict')) >= 28, 'the verdict is large');
      if (lang === 'ru') await noEnglish();
      await shot(page, `predict-projector-${lang}-${size.width}`);
      await page.click('#projector');
      noScriptErrors(page);
    });
  }
}

test('"to the end of this branch" at step 0: the end of the first branch, where its last queen is taken back', async () => {
  const steps = await queensTrace(8);
  const firstRemove = steps.findIndex((e) => e.event === 'remove') + 1;
  await fresh('#/watch?n=8&a=wirth&lang=en');
  assert.equal(await step(), 0);
  await page.click('#watch-branch');
  assert.equal(await step(), firstRemove);
  assert.ok(firstRemove < 100, `the first branch ends early (${firstRemove})`);
  assert.equal(await page.locator('.pane .step-text').first().getAttribute('data-event'), 'remove');
  // The knight's search: from its start, the first move taken back.
  const { body } = await api('api/tour/trace?board=5x5&from=c3&method=wirth&closed=false&limit=100000');
  const firstUndo = body.steps.findIndex((e) => e.event === 'undo') + 1;
  await fresh('#/watch?p=knight&b=5&from=c3&m=wirth&lang=en');
  await page.click('#watch-branch');
  assert.equal(await step(), firstUndo);
  assert.equal(await page.locator('.pane .step-text').first().getAttribute('data-event'), 'undo');
  noScriptErrors(page);
});
