// Watch: the wirth trace of N = 4 reaches 2 4 1 3 at the step the library says, the
// counters equal the library's at the end, stepping back and forth, the search tree, and the
// 6-against-7 story side by side.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, open, noScriptErrors, EXPECT, shot } from '../lib.mjs';

let b;
let page;
before(async () => {
  b = await browser();
  page = await open(b.context, '#/watch?n=4&a=wirth');
});
after(async () => b.close());

const paneA = () => page.locator('.pane').first();
const step = async () => Number(await page.locator('#watch-pos').getAttribute('data-step'));

test('the wirth animation of N = 4 reaches 2 4 1 3 at the step of queens trace 4', async () => {
  assert.ok(EXPECT.wirth4, 'the cargo test passes the library trace');
  await paneA().locator('.step-text').waitFor();
  await page.locator('#watch-stop').check();
  // full speed, then play: it stops by itself at the first solution
  await page.locator('#watch-speed').fill('100');
  await page.click('#watch-play');
  await page.locator('.pane .step-text[data-event="solution"]').waitFor();
  assert.equal(await paneA().locator('.step-text').getAttribute('data-rows'), '2 4 1 3');
  assert.equal(await step(), EXPECT.wirth4.first_solution_step);
  assert.match(await paneA().locator('.step-text').textContent(), /Solution #1: 2 4 1 3/);
  const counter = (name) => paneA().locator(`[data-counter="${name}"]`).textContent();
  assert.equal(await counter('solutions'), '1');
  assert.equal(Number(await counter('nodes')), EXPECT.wirth4.nodes_at_first);
  assert.equal(Number(await counter('tests')), EXPECT.wirth4.tests_at_first);
  assert.match(page.url(), new RegExp(`step=${EXPECT.wirth4.first_solution_step}`));
  await shot(page, 'watch-wirth4');
});

test('step back and forward say each step in words', async () => {
  const k = await step();
  await page.click('#watch-back');
  assert.equal(await step(), k - 1);
  const words = await paneA().locator('.step-text').textContent();
  assert.match(words, /Place a queen on|is attacked|Take the queen/);
  await page.click('#watch-fwd');
  assert.equal(await step(), k);
  await page.click('#watch-first');
  assert.equal(await step(), 0);
  await page.click('#watch-fwd');
  assert.match(await paneA().locator('.step-text').textContent(), /Place a queen on a1/);
  await page.click('#watch-fwd');
  assert.match(await paneA().locator('.step-text').textContent(), /b1 is attacked: on the row of a1/);
});

test('at the last step the counters are those of queens list --stats, and the tree has one node per board', async () => {
  await page.locator('#watch-step').fill(String(EXPECT.wirth4.steps));
  assert.equal(await step(), EXPECT.wirth4.steps);
  const counter = (name) => paneA().locator(`[data-counter="${name}"]`).textContent();
  assert.equal(Number(await counter('nodes')), EXPECT.wirth4.stats.nodes);
  assert.equal(Number(await counter('tests')), EXPECT.wirth4.stats.tests);
  assert.equal(Number(await counter('solutions')), EXPECT.wirth4.stats.solutions);
  assert.equal(Number(await counter('placements')), EXPECT.wirth4.stats.placements);
  const tree = await paneA().locator('.tree-note').textContent();
  assert.match(tree, new RegExp(`${EXPECT.wirth4.stats.nodes} nodes, \\d+ dead ends, 2 solutions`));
});

test('the 6-against-7 preset runs both searches on one clock and tells the story', async () => {
  await page.click('#preset-67');
  await page.locator('.pane').nth(1).locator('.step-text').waitFor();
  await page.locator('#watch-story:not([hidden])').waitFor();
  const story = await page.locator('#watch-story').textContent();
  assert.match(story, /1 3 5 7 2 4 6/);
  assert.match(story, /2 4 6 1 3 5/);
  assert.match(story, /a1 is searched in vain/);
  assert.ok(await page.locator('#watch-stop').isChecked());
  await page.locator('#watch-speed').fill('100');
  await page.click('#watch-play');
  await page.locator('.pane').nth(1).locator('.step-text[data-event="solution"]').waitFor();
  assert.equal(await step(), EXPECT.first7, 'the 7x7 search stops first, at its first solution');
  assert.notEqual(await paneA().locator('.step-text').getAttribute('data-event'), 'solution');
  await page.click('#watch-play');
  await paneA().locator('.step-text[data-event="solution"]').waitFor();
  assert.equal(await step(), EXPECT.first6, 'then the 6x6 one');
  await shot(page, 'watch-6-7');
});

test('every algorithm loads, and a reload restores algorithm, N and step', async () => {
  for (const a of ['naive', 'bitmask', 'iterative', 'brute', 'permutations']) {
    await page.goto(new URL(`#/watch?n=5&a=${a}&step=7`, page.url()).href);
    await page.waitForFunction((alg) => document.querySelector('.pane')?.dataset.algorithm === alg, a);
    await page.waitForFunction(() => document.querySelector('#watch-pos')?.dataset.step === '7');
  }
  await page.reload();
  await page.waitForFunction(() => document.querySelector('#watch-pos')?.dataset.step === '7');
  assert.equal(await page.locator('#watch-a').inputValue(), 'permutations');
  assert.equal(await page.locator('#watch-n').inputValue(), '5');
  assert.match(await paneA().locator('.tree-note').textContent(), /no tree/);
});

test('a bad N is refused with the reason', async () => {
  await page.selectOption('#watch-a', 'brute');
  await page.fill('#watch-n', '11');
  await page.click('#watch-form button[type=submit]');
  await page.locator('#watch-error', { hasText: /11/ }).waitFor();
  noScriptErrors(page);
});
