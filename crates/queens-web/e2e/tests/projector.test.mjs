// Projector mode keeps what a lesson needs on one screen: Count its N and its Count button,
// Knight its board-size form with the whole board under it, Solutions the chosen solution with
// its facts and its eight images side by side, Watch its board with the step, the tree and the
// program beside it (two searches: both boards, programs and steps), nothing cut at the right edge. At 1366 x 768 and
// 1920 x 1080, in both languages.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, open, noScriptErrors, shot } from '../lib.mjs';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

let b;
let page;
before(async () => {
  b = await browser();
  page = await open(b.context, '#/count?n=8');
});
after(async () => b.close());

async function projector(on = true) {
  const now = await page.evaluate(() => document.body.classList.contains('projector'));
  if (now !== on) await page.click('#projector');
  await page.waitForFunction((want) => document.body.classList.contains('projector') === want, on);
}

/** The element's box, asserted to lie wholly inside the screen. */
async function inView(selector, size, what) {
  const box = await page.locator(selector).first().boundingBox();
  assert.ok(box, `${what}: ${selector} is shown`);
  assert.ok(box.width > 0 && box.height > 0, `${what}: ${selector} has a size`);
  assert.ok(box.x >= 0 && box.y >= 0, `${what}: ${selector} starts on the screen (${JSON.stringify(box)})`);
  assert.ok(box.x + box.width <= size.width + 1, `${what}: ${selector} ends before the right edge (${JSON.stringify(box)})`);
  assert.ok(box.y + box.height <= size.height + 1, `${what}: ${selector} ends above the bottom (${JSON.stringify(box)})`);
  return box;
}

for (const lang of ['en', 'ru']) {
  for (const size of SIZES) {
    const tag = `${lang}-${size.width}`;

    test(`projector (${tag}): Count keeps N and its button, and counts`, async () => {
      await page.setViewportSize(size);
      await page.goto(new URL(`#/count?n=10&lang=${lang}`, page.url()).href);
      await projector();
      await inView('#count-n', size, 'Count');
      await inView('#count-start', size, 'Count');
      await page.fill('#count-n', '9');
      await page.click('#count-start');
      await page.locator('.big-number[data-name="total"] .value', { hasText: '352' }).waitFor();
      await inView('.big-number[data-name="total"]', size, 'Count');
      await shot(page, `projector-count-${tag}`);
      noScriptErrors(page);
    });

    test(`projector (${tag}): Knight keeps its form and the whole board under it`, async () => {
      await page.setViewportSize(size);
      await page.goto(new URL(`#/knight?b=8x8&from=a1&lang=${lang}`, page.url()).href);
      await projector();
      await inView('#knight-form', size, 'Knight');
      await page.locator('#panel-knight .board-svg').first().waitFor();
      await inView('#panel-knight .board-svg', size, 'Knight');
      await shot(page, `projector-knight-${tag}`);
      noScriptErrors(page);
    });

    test(`projector (${tag}): Watch keeps the board, the step, the tree and the program on the screen`, async () => {
      await page.setViewportSize(size);
      await page.goto(new URL(`#/watch?n=8&a=wirth&lang=${lang}`, page.url()).href);
      await projector();
      await page.locator('#panel-watch .pane .step-text:not(:empty)').first().waitFor();
      await page.click('#watch-fwd');
      await page.click('#watch-fwd');
      await page.locator('#panel-watch .program li.now').first().waitFor();
      const board = await inView('#panel-watch .pane-board .board-svg', size, 'Watch');
      const words = await inView('#panel-watch .step-text', size, 'Watch');
      await inView('#panel-watch .counters', size, 'Watch');
      await inView('#panel-watch .tree-canvas', size, 'Watch');
      const code = await inView('#panel-watch .pane-code', size, 'Watch');
      await inView('#panel-watch .program li.now', size, 'Watch');
      assert.ok(board.x + board.width <= words.x && board.x + board.width <= code.x, 'the words and the program are beside the board');
      assert.ok(board.height >= size.height * 0.7, `the board takes the screen's height (${board.height} px)`);
      const font = await page.locator('#panel-watch .program li').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
      assert.ok(font >= 14, `the program is readable from the back (${font} px)`);
      await shot(page, `projector-watch-${tag}`);
      noScriptErrors(page);
    });

    test(`projector (${tag}): Watch side by side keeps both boards, both programs and both steps on the screen`, async () => {
      await page.setViewportSize(size);
      await page.goto(new URL(`#/watch?n=6&a=wirth&n2=7&a2=wirth&lang=${lang}`, page.url()).href);
      await projector();
      await page.locator('#panel-watch .pane:nth-child(2) .step-text:not(:empty)').waitFor();
      await page.click('#watch-fwd');
      for (const k of [1, 2]) {
        const pane = `#panel-watch .pane:nth-child(${k})`;
        const board = await inView(`${pane} .pane-board .board-svg`, size, `pane ${k}`);
        await inView(`${pane} .step-text`, size, `pane ${k}`);
        await inView(`${pane} .pane-code`, size, `pane ${k}`);
        assert.ok(board.width >= size.width * 0.22, `pane ${k}: the board is not a thumbnail (${board.width} px)`);
      }
      await shot(page, `projector-watch-two-${tag}`);
      await projector(false);
      noScriptErrors(page);
    });

    // solution 1 has eight different images, 14 (the symmetric one) four with longer words
    for (const [i, distinct] of [[1, 8], [14, 4]]) {
    test(`projector (${tag}): Solutions shows solution ${i}, its facts and its images together`, async () => {
      await page.setViewportSize(size);
      await page.goto(new URL(`#/solutions?n=8&i=${i}&lang=${lang}`, page.url()).href);
      await projector();
      await page.locator(`#orbit-grid[data-distinct="${distinct}"] > :nth-child(${distinct})`).waitFor();
      await inView('#sol-board', size, 'Solutions');
      const facts = await inView('#sol-facts', size, 'Solutions');
      const grid = await inView('#orbit-grid', size, 'Solutions');
      assert.ok(facts.x + facts.width <= grid.x, 'the facts end before the eight images begin');
      for (let k = 1; k <= distinct; k++) await inView(`#orbit-grid > :nth-child(${k})`, size, `image ${k}`);
      await inView('#sol-next', size, 'Solutions');
      await shot(page, `projector-solutions-${i}-${tag}`);
      await projector(false);
      noScriptErrors(page);
    });
    }
  }
}
