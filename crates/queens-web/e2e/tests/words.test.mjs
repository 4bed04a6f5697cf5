// Every word in the reader's language, in the right form: plurals by the language's own rules
// (one step, 14 шагов в секунду, 41 вертикаль), methods and authors named in Russian on the
// Russian page, a reason said once, the knight's count button saying what it counts, a count
// that cannot finish here not started, and the open question of N = 27 said as one.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, open, noScriptErrors } from '../lib.mjs';

let b;
let page;
before(async () => {
  b = await browser({ viewport: { width: 1366, height: 768 } });
  page = await open(b.context, '#/watch?n=4');
});
after(async () => b.close());

const go = (hash) => page.goto(new URL(hash, page.url()).href);
const text = (sel) => page.locator(sel).textContent();

async function speed(value) {
  await page.locator('#watch-speed').fill(String(value));
  await page.locator('#watch-speed').dispatchEvent('input');
  return (await text('#watch-speed-out')).trim();
}

test('Watch: steps per second agree with their number in both languages', async () => {
  await go('#/watch?n=4&lang=en');
  assert.equal(await speed(0), '1 step/s');
  assert.match(await speed(35), /^\d+ steps\/s$/);
  await go('#/watch?n=4&lang=ru');
  assert.equal(await speed(0), '1 шаг в секунду');
  // 10^(0.35 · log10 2000) = 14: "14 шагов", never the abbreviation "шаг./с"
  assert.equal(await speed(35), '14 шагов в секунду');
  noScriptErrors(page);
});

test('Place: a board too large for the part is said with the right form of the noun', async () => {
  await go('#/place?n=8&lang=ru');
  for (const [n, word] of [['41', '41 вертикаль'], ['33', '33 вертикали'], ['40', '40 вертикалей']]) {
    await page.fill('#place-n', n);
    await page.click('#place-form button[type=submit]');
    await page.locator('#place-n-error', { hasText: word }).waitFor();
  }
  await go('#/place?n=8&lang=en');
  await page.fill('#place-n', '33');
  await page.click('#place-form button[type=submit]');
  await page.locator('#place-n-error', { hasText: 'squares too small to read' }).waitFor();
  await go('#/place?n=8&q=a1&lang=ru');
  await page.waitForFunction(() => document.querySelector('#place-svg')?.dataset.queens === 'a1');
  await page.click('#place-complete');
  await page.locator('#place-note', { hasText: 'ваших на месте — 1' }).waitFor();
  assert.doesNotMatch(await text('#place-note'), /к вашим 1/);
  noScriptErrors(page);
});

test('Knight: no tour is said once, methods and authors in Russian', async () => {
  await go('#/knight?b=3x3&from=b1&lang=en');
  await page.locator('#knight-status.bad').waitFor();
  const en = await text('#knight-status');
  assert.match(en, /^No knight's tour exists on a 3 × 3 board/);
  assert.doesNotMatch(en, /No tour: no/);
  await go('#/knight?b=4x4&from=a1&lang=ru');
  await page.locator('#knight-status.bad').waitFor();
  const ru = await text('#knight-status');
  assert.match(ru, /^На доске 4 × 4 обхода конём нет/);
  assert.match(ru, /Парберри/);
  await go('#/knight?b=8x8&from=a1&m=divide&lang=ru');
  await page.locator('#knight-status', { hasText: 'методом разбиения' }).waitFor();
  assert.doesNotMatch(await text('#knight-status'), /divide/);
  assert.match(await text('#knight-method-help'), /Парберри, 1997; Линь и Вэй, 2005/);
  noScriptErrors(page);
});

test('Knight: the count button says what it counts; what cannot finish here is not started', async () => {
  await go('#/knight?b=5x5&from=a1&lang=en');
  await page.locator('#knight-count', { hasText: 'from this square' }).waitFor();
  await page.check('#knight-closed');
  await page.locator('#knight-count', { hasText: 'Count the closed tours of this board' }).waitFor();
  await page.locator('#knight-count-plan', { hasText: 'less than a second' }).waitFor();
  assert.doesNotMatch(await text('#knight-count-plan'), /about 0 ms/);
  await page.uncheck('#knight-closed');
  await page.locator('#knight-count', { hasText: 'from this square' }).waitFor();
  await go('#/knight?b=7x7&from=a1&lang=en');
  await page.locator('#knight-count-plan', { hasText: 'cannot finish here' }).waitFor();
  assert.ok(await page.locator('#knight-count').isDisabled(), 'a count past the limit is not started');
  await go('#/knight?b=7x7&from=a1&lang=ru');
  await page.locator('#knight-count-plan:not(:empty)').waitFor();
  await page.locator('#knight-count', { hasText: 'Посчитать обходы с этого поля' }).waitFor();
  noScriptErrors(page);
});

test('Solutions: a cover of 27 is an open question, not bad input, in both languages', async () => {
  for (const [lang, words] of [['en', 'open question'], ['ru', 'открытый вопрос']]) {
    await go(`#/solutions?n=8&lang=${lang}`);
    await page.fill('#cover-n', '27');
    await page.click('#cover-show');
    await page.locator('#cover-error', { hasText: words }).waitFor();
    assert.doesNotMatch(await text('#cover-error'), /[Bb]ad n/);
  }
  noScriptErrors(page);
});
