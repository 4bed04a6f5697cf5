// Watch: the wirth trace of N = 4 reaches 2 4 1 3 at the step the library says, the
// counters equal the library's at the end, stepping back and forth, the search tree, and the
// 6-against-7 story side by side. Then the classroom: at 1366 x 768 the board, the step in
// words, the counters and the tree are on the screen together; a click on the tree goes to
// its step; "to the next solution" and "to the end of this branch"; the program beside the
// board with the line of the step highlighted; projector mode; every word in Russian.

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

test('a bad N is refused with the reason, in the words of the page', async () => {
  await page.selectOption('#watch-a', 'brute');
  await page.fill('#watch-n', '11');
  await page.click('#watch-form button[type=submit]');
  await page.locator('#watch-error', { hasText: /N = 11 .*brute force.* from 1 to 8/ }).waitFor();
  noScriptErrors(page);
});

// --- the classroom, at 1366 x 768 ---

let wide;
let room;
after(async () => wide?.close());
const viewport = { width: 1366, height: 768 };
const stepOf = async (p) => Number(await p.locator('#watch-pos').getAttribute('data-step'));
const textOf = (p) => p.locator('.pane .step-text').first();

/** Loads `hash` and waits for its search to be shown at step `k`. */
async function goto(p, hash, k = 0) {
  const q = new URLSearchParams(hash.split('?')[1]);
  await p.goto(new URL(hash, p.url()).href);
  await p.waitForFunction(
    ([a, n, kk]) => {
      const pane = document.querySelector('.pane');
      return pane?.dataset.algorithm === a && pane.dataset.n === n && pane.querySelector('.step-text')?.dataset.step === kk;
    },
    [q.get('a'), q.get('n'), String(k)],
  );
}

/** The element's box lies inside the window. */
async function inView(p, selector) {
  const box = await p.locator(selector).first().boundingBox();
  assert.ok(box, `${selector} is shown`);
  assert.ok(box.x >= 0 && box.y >= 0, `${selector} starts inside the window: ${JSON.stringify(box)}`);
  assert.ok(box.x + box.width <= viewport.width + 1 && box.y + box.height <= viewport.height + 1, `${selector} ends inside the 1366 x 768 window: ${JSON.stringify(box)}`);
  return box;
}

test('at 1366 x 768 the board, the step in words, the counters and the tree are seen together', async () => {
  wide = await browser({ viewport });
  room = await open(wide.context, '#/watch?n=4&a=wirth&step=9');
  await goto(room, '#/watch?n=4&a=wirth&step=9', 9);
  const board = await inView(room, '.pane .board-svg');
  const words = await inView(room, '.pane .step-text');
  await inView(room, '.pane [data-counter="tests"]');
  const tree = await inView(room, '.pane .tree-canvas');
  await inView(room, '.pane .program li.now');
  // The board takes what is left: most of the height below its top.
  assert.ok(board.height >= 0.9 * (viewport.height - board.y - 20), `the board is sized to the room left: ${JSON.stringify(board)}`);
  assert.ok(board.height >= 340, `the board is large: ${board.height}px`);
  // The words and the tree are beside the board, not under it.
  assert.ok(words.x > board.x + board.width - 1 && tree.x > board.x + board.width - 1);
  // Labels of the tree are written at a size read from the back of a room.
  assert.ok(parseFloat(await room.locator('.pane .tree-canvas').getAttribute('data-labels')) >= 12, 'the tree has labels of 12 px or more');
  assert.ok(parseFloat(await textOf(room).evaluate((el) => getComputedStyle(el).fontSize)) >= 18, 'the step is said in large letters');
  await shot(room, 'watch-1366-en');
});

test('a click on a node of the tree goes to the step that made it', async () => {
  await goto(room, '#/watch?n=4&a=wirth&step=30', 30);
  // The node of the queen on b4: its place on the canvas, and the step that placed it.
  const node = await room.locator('.pane .tree-canvas').evaluate((canvas) => {
    const l = canvas.layout;
    const i = l.nodes.findIndex((nd, j) => j < l.m && nd.square === 'b4');
    return { x: l.px[i], y: l.py[i], born: l.nodes[i].born };
  });
  assert.ok(node.born > 0 && node.born < 30);
  await room.locator('.pane .tree-canvas').click({ position: { x: node.x, y: node.y } });
  assert.equal(await stepOf(room), node.born);
  assert.equal(await textOf(room).getAttribute('data-event'), 'place');
  assert.match(await textOf(room).textContent(), /Place a queen on b4/);
  // The root is the empty board, before the first step.
  const root = await room.locator('.pane .tree-canvas').evaluate((canvas) => ({ x: canvas.layout.px[0], y: canvas.layout.py[0] }));
  await room.locator('.pane .tree-canvas').click({ position: root });
  assert.equal(await stepOf(room), 0);
});

test('"to the next solution" and "to the end of this branch" skip what would take minutes', async () => {
  await goto(room, '#/watch?n=4&a=wirth', 0);
  await room.click('#watch-mark');
  assert.equal(await stepOf(room), EXPECT.wirth4.first_solution_step);
  assert.equal(await textOf(room).getAttribute('data-rows'), '2 4 1 3');
  // Wirth on 8 queens: 17,868 steps. After the first step (a queen on a1), the end of the
  // branch is the step that takes a1 back; from there, the end of the whole search.
  await goto(room, '#/watch?n=8&a=wirth&step=1', 1);
  assert.equal(Number(await room.locator('.pane').first().getAttribute('data-total')), 17868);
  await room.click('#watch-branch');
  const end = await stepOf(room);
  assert.equal(await textOf(room).getAttribute('data-event'), 'remove');
  assert.match(await textOf(room).textContent(), /Take the queen on a1 back/);
  // Its tree: every node of a1's branch is closed, and the solutions of a1 are in it.
  assert.match(await room.locator('.pane .tree-note').textContent(), /4 solutions/);
  // From inside a deeper branch, the end of that branch comes first.
  await goto(room, '#/watch?n=8&a=wirth&step=5', 5);
  await room.click('#watch-branch');
  const inner = await stepOf(room);
  assert.ok(inner > 5 && inner < end, `${inner} ends a branch inside a1's, before ${end}`);
  assert.equal(await textOf(room).getAttribute('data-event'), 'remove');
  await room.click('#watch-mark');
  assert.equal(await textOf(room).getAttribute('data-event'), 'solution');
  assert.equal(await textOf(room).getAttribute('data-rows'), '1 5 8 6 3 7 2 4');
});

test('the program beside the board highlights the line of each step', async () => {
  await goto(room, '#/watch?n=4&a=wirth&step=1', 1);
  const lines = () => room.locator('.pane .program').getAttribute('data-lines');
  const now = () => room.locator('.pane .program li.now').allTextContents();
  assert.match(await room.locator('.pane .program-src').textContent(), /Wirth.*program 3\.5/);
  assert.equal(await lines(), '3 4', 'placing a queen: x[i] := j and the arrays set to false');
  assert.match((await now()).join('\n'), /x\[i\] := j/);
  await room.click('#watch-fwd');
  assert.equal(await textOf(room).getAttribute('data-event'), 'reject');
  assert.equal(await lines(), '2', 'a square rejected: the safety test');
  assert.match((await now()).join(''), /if a\[j\] and b\[i\+j\] and c\[i−j\]/);
  await room.click('#watch-mark');
  assert.match((await now()).join(''), /print\(x\)/);
  // Each algorithm has its own program, and its steps their lines.
  await goto(room, '#/watch?n=4&a=permutations&step=1', 1);
  assert.match(await room.locator('.pane .program-src').textContent(), /Erlang/);
  assert.equal(await lines(), '1 2');
  for (const a of ['naive', 'bitmask', 'iterative', 'brute']) {
    await goto(room, `#/watch?n=4&a=${a}&step=1`, 1);
    assert.ok((await now()).length >= 1, `${a}: a line is highlighted at step 1`);
  }
});

test('projector mode: one key makes the board, its words and its program fill the screen, and Esc leaves it', async () => {
  await goto(room, '#/watch?n=6&a=wirth&step=12', 12);
  const before = await room.locator('.pane .board-svg').boundingBox();
  await room.locator('body').press('p');
  await room.waitForFunction(() => document.body.classList.contains('projector'));
  assert.equal(await room.locator('#projector').getAttribute('aria-pressed'), 'true');
  assert.ok(!(await room.locator('.tabs').isVisible()), 'the tabs are hidden');
  assert.ok(!(await room.locator('#watch-form').isVisible()), 'the form is hidden');
  // the program stays, beside the board, for the teacher to point at its line
  await inView(room, '.pane .program li.now');
  await room.waitForFunction((h) => document.querySelector('.pane .board-svg').getBoundingClientRect().height > h + 100, before.height);
  const board = await inView(room, '.pane .board-svg');
  await inView(room, '.pane .step-text');
  await inView(room, '#projector');
  assert.ok(board.height >= 0.75 * viewport.height, `the board fills the height: ${board.height}px`);
  assert.ok(parseFloat(await textOf(room).evaluate((el) => getComputedStyle(el).fontSize)) >= 28, 'the words are large');
  // The player still works from the buttons and from the keys: the arrows step.
  await room.click('#watch-fwd');
  assert.equal(await stepOf(room), 13);
  await room.keyboard.press('ArrowRight');
  await room.keyboard.press('ArrowRight');
  assert.equal(await stepOf(room), 15);
  await room.keyboard.press('ArrowLeft');
  assert.equal(await stepOf(room), 14);
  await shot(room, 'watch-projector-en');
  await room.keyboard.press('Escape');
  await room.waitForFunction(() => !document.body.classList.contains('projector'));
  assert.ok(await room.locator('.tabs').isVisible());
  // The button does the same.
  await room.click('#projector');
  assert.equal(await room.locator('#projector').getAttribute('aria-pressed'), 'true');
  await room.click('#projector');
  assert.equal(await room.locator('#projector').getAttribute('aria-pressed'), 'false');
});

test('every word of the Russian Watch page is Russian', async () => {
  await room.click('[data-lang="ru"]');
  await goto(room, '#/watch?n=4&a=wirth&step=2', 2);
  assert.match(await textOf(room).textContent(), /b1 под боем: по горизонтали от a1/);
  assert.match(await room.locator('.pane .program').textContent(), /процедура Попытка\(i\)/);
  assert.match(await room.locator('.pane .program-src').textContent(), /Вирт.*программа 3\.5/);
  assert.match(await room.locator('.pane h2').textContent(), /Массивы Вирта, N = 4/);
  assert.match(await room.locator('.pane .tree-hint').textContent(), /Щёлкните узел/);
  assert.match(await room.locator('#watch-branch').getAttribute('aria-label'), /К концу этой ветви/);
  await shot(room, 'watch-1366-ru');
  const english = await room.evaluate(() => {
    const panel = document.getElementById('panel-watch');
    const clone = panel.cloneNode(true);
    // The program's variables (a, x, board, free, ...) are names in the code, and each
    // algorithm's option starts with the name the command line knows it by.
    // The board's coordinates (a, b, c, d) are square names.
    clone.querySelectorAll('.program, option, svg').forEach((el) => el.remove());
    const labels = [...panel.querySelectorAll('[aria-label], [title]')].flatMap((el) => [el.getAttribute('aria-label'), el.getAttribute('title')]);
    const text = [clone.textContent, ...labels].join(' ');
    return (text.match(/[A-Za-z]{2,}/g) || []).filter((w) => !['queens', 'trace', 'stats', 'Erlang', 'PHP', 'SQL'].includes(w));
  });
  assert.deepEqual(english, [], 'English words on the Russian Watch page');
  await room.selectOption('#watch-a', 'permutations');
  await room.fill('#watch-n', '0');
  await room.click('#watch-form button[type=submit]');
  await room.locator('#watch-error', { hasText: /N = 0 не подходит: для алгоритма «перестановки» N — целое число от 1 до 10/ }).waitFor();
  noScriptErrors(room);
});

test('screenshots at phone width, English and Russian, without sideways scrolling', async () => {
  const phone = await browser({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  try {
    const p = await open(phone.context, '#/watch?n=5&a=wirth&step=14');
    for (const lang of ['en', 'ru']) {
      await p.click(`[data-lang="${lang}"]`);
      await p.waitForFunction(() => document.querySelector('#watch-pos')?.dataset.step === '14');
      const wideBy = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wideBy <= 1, `Watch scrolls sideways by ${wideBy}px at phone width`);
      const board = await p.locator('.pane .board-svg').boundingBox();
      assert.ok(board.width >= 300, `the board takes the phone's width: ${board.width}px`);
      // The pane just under the sticky header: the board, the step in words and the counters.
      await p.evaluate(() => window.scrollTo(0, document.querySelector('.pane').getBoundingClientRect().top + window.scrollY - document.querySelector('.top').offsetHeight - 6));
      await shot(p, `watch-390-${lang}`);
    }
    noScriptErrors(p);
  } finally {
    await phone.close();
  }
});
