// The frame of the page: the Russian switch, light and dark, tabs by keyboard, every control
// labelled, phone width without sideways scrolling, and the screenshots (desktop and phone,
// light and dark, English and Russian).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browser, open, noScriptErrors, shot } from '../lib.mjs';

test('the Russian switch changes the labels, and is remembered', async () => {
  const b = await browser();
  try {
    const page = await open(b.context, '#/place?n=8&q=c8,g4');
    await page.locator('#place-conflicts li').first().waitFor();
    assert.equal(await page.locator('#tab-place').textContent(), 'Place');
    await page.click('[data-lang="ru"]');
    assert.equal(await page.locator('#tab-place').textContent(), 'Расстановка');
    assert.equal(await page.locator('#tab-watch').textContent(), 'Ход поиска');
    assert.equal(await page.locator('#place-check').textContent(), 'Проверить');
    assert.equal(await page.locator('html').getAttribute('lang'), 'ru');
    assert.equal(await page.locator('#place-conflicts li').first().textContent(), 'c8 и g4 бьют друг друга по антидиагонали');
    assert.equal(await page.locator('#place-undo').getAttribute('aria-label'), 'Отменить');
    await page.reload();
    await page.locator('#place-conflicts li').first().waitFor();
    assert.equal(await page.locator('#tab-place').textContent(), 'Расстановка', 'the language survives a reload');
    // messages already shown follow the switch too
    await page.goto(new URL('#/knight?b=5x5&from=a1', page.url()).href);
    await page.locator('#knight-status', { hasText: 'Обход доски 5 × 5' }).waitFor();
    await page.goto(new URL('#/count?n=10&run=1', page.url()).href);
    await page.locator('#count-status', { hasText: 'N = 10 посчитано' }).waitFor();
    await page.click('[data-lang="en"]');
    assert.equal(await page.locator('#tab-place').textContent(), 'Place');
    assert.match(await page.locator('#count-status').textContent(), /^N = 10 counted in/);
    assert.equal(await page.locator('.big-number[data-name="total"] .label').textContent(), 'solutions of N = 10');
    await page.click('#tab-knight');
    assert.match(await page.locator('#knight-status').textContent(), /^A tour of the 5 × 5 board/);
    noScriptErrors(page);
  } finally {
    await b.close();
  }
});

test('light and dark, remembered', async () => {
  const b = await browser({ colorScheme: 'light' });
  try {
    const page = await open(b.context, '#/place');
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'light');
    await page.click('#theme');
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.notEqual(bg, 'rgb(246, 244, 239)');
    await page.reload();
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark');
  } finally {
    await b.close();
  }
});

test('on a 1280-pixel projector every tab shows its whole label, in both languages', async () => {
  const b = await browser({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await open(b.context, '#/place');
    for (const lang of ['en', 'ru']) {
      await page.click(`[data-lang="${lang}"]`);
      await page.waitForTimeout(100);
      const strip = await page.evaluate(() => {
        const tabs = document.querySelector('.tabs');
        const edge = tabs.getBoundingClientRect().right;
        const last = [...tabs.querySelectorAll('button')].pop().getBoundingClientRect().right;
        return { hidden: tabs.scrollWidth - tabs.clientWidth, past: last - edge };
      });
      assert.ok(strip.hidden <= 0, `${lang}: the tab strip hides ${strip.hidden}px`);
      assert.ok(strip.past <= 0.5, `${lang}: the last tab ends ${strip.past}px past the strip`);
    }
    noScriptErrors(page);
  } finally {
    await b.close();
  }
});

test('the tabs work from the keyboard, and every control has a name', async () => {
  const b = await browser();
  try {
    const page = await open(b.context, '#/place');
    await page.locator('#tab-place').focus();
    await page.keyboard.press('ArrowRight');
    await page.locator('#panel-solutions:not([hidden])').waitFor();
    assert.match(page.url(), /#\/solutions/);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-solutions');
    await page.keyboard.press('End');
    await page.locator('#panel-guard:not([hidden])').waitFor();
    for (const tab of ['place', 'solutions', 'watch', 'knight', 'count', 'big', 'guard']) {
      await page.click('#tab-' + tab);
      await page.locator(`#panel-${tab}:not([hidden])`).waitFor();
      const unnamed = await page.evaluate((panel) => {
        const root = document.getElementById('panel-' + panel);
        const controls = [...root.querySelectorAll('button, input, select, [role=listbox], [tabindex="0"]'), ...document.querySelectorAll('header button')];
        return controls
          .filter((el) => el.offsetParent !== null)
          .filter((el) => {
            const named = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || (el.labels && el.labels.length) || el.textContent.trim();
            return !named;
          })
          .map((el) => el.outerHTML.slice(0, 80));
      }, tab);
      assert.deepEqual(unnamed, [], `unnamed controls on ${tab}`);
    }
    assert.equal(await page.locator('[role=status][aria-live], [aria-live=polite]').count() > 5, true, 'live regions');
    noScriptErrors(page);
  } finally {
    await b.close();
  }
});

const views = [
  ['place', '#/place?n=8&q=a1,c5,c8,g4'],
  ['solutions', '#/solutions?n=8&f=1&i=10'],
  ['watch', '#/watch?n=6&a=wirth&n2=7&a2=wirth&stop=1&step=45'],
  ['knight', '#/knight?b=8x8&from=a1&m=warnsdorff&k=20'],
  ['count', '#/count?n=12&run=1'],
  ['big', '#/big?n=200'],
  ['guard', '#/guard?n=8&q=c4,d4,e4'],
];

/** Waits until a view has drawn what it fetched. */
async function settled(page, name) {
  const wait = {
    place: () => page.locator('#place-conflicts li').first().waitFor(),
    solutions: () => page.locator('#orbit-grid .orbit-card').first().waitFor(),
    watch: () => page.locator('#watch-story:not([hidden])').waitFor(),
    knight: () => page.locator('#knight-svg .mark').first().waitFor(),
    count: () => page.locator('.big-number .value').first().waitFor(),
    big: () => page.locator('#big-status[data-valid="true"]').waitFor(),
    guard: () => page.locator('#guard-svg[data-unwatched]').waitFor(),
  }[name];
  await wait();
  await page.waitForTimeout(150);
}

for (const [width, height, device] of [[1366, 850, 'desktop'], [390, 844, 'phone']]) {
  for (const scheme of ['light', 'dark']) {
    test(`screenshots: ${device}, ${scheme}`, async () => {
      const b = await browser({ viewport: { width, height }, colorScheme: scheme, deviceScaleFactor: device === 'phone' ? 2 : 1 });
      try {
        const page = await open(b.context, '#/place');
        for (const lang of scheme === 'light' ? ['en', 'ru'] : ['ru', 'en']) {
          await page.click(`[data-lang="${lang}"]`);
          for (const [name, hash] of views) {
            await page.goto(new URL(hash, page.url()).href);
            await settled(page, name);
            if (device === 'phone') {
              const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
              assert.ok(wide <= 1, `${name} scrolls sideways by ${wide}px at phone width`);
            }
            await shot(page, `${device}-${scheme}-${lang}-${name}`);
          }
        }
        noScriptErrors(page);
      } finally {
        await b.close();
      }
    });
  }
}
