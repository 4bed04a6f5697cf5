// Shared by the browser tests: Debian's chromium driven by playwright-core (no browser is
// downloaded), a fresh profile per run, the page's address from the cargo test, pages that
// fail the test on any script error, and the files the cargo test reads back.
//
// Environment (set by crates/queens-web/tests/browser.rs):
//   QUEENS_URL      the server's address, e.g. http://127.0.0.1:41234/
//   QUEENS_OUT      a folder for the screenshots
//   QUEENS_RESULTS  a file of JSON lines: the placements and tours the page produced, which
//                   the cargo test checks with the queens library
//   QUEENS_EXPECT   JSON with the answers the library gives (trace steps, counts)
//   CHROMIUM        the browser (default /usr/bin/chromium)

import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BASE = process.env.QUEENS_URL || 'http://127.0.0.1:8080/';
export const OUT = process.env.QUEENS_OUT || path.resolve('build');
export const EXPECT = JSON.parse(process.env.QUEENS_EXPECT || '{}');
const RESULTS = process.env.QUEENS_RESULTS || path.join(OUT, 'results.jsonl');
fs.mkdirSync(path.join(OUT, 'screenshots'), { recursive: true });

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A browser with a fresh profile; `options` are the context's (viewport, colour scheme, locale). */
export async function browser(options = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'queens-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    ...options,
  });
  context.setDefaultTimeout(20000);
  const close = async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

/** A page at `hash` that records every script error; `check()` fails on any. */
export async function open(context, hash = '') {
  const page = context.pages()[0] || (await context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) errors.push(m.text());
  });
  await page.goto(new URL(hash, BASE).href);
  await page.waitForLoadState('load');
  page.scriptErrors = errors;
  return page;
}

export function noScriptErrors(page) {
  assert.deepEqual(page.scriptErrors, [], 'the page logged script errors');
}

/** Appends a record for the cargo test to verify with the library. */
export function record(kind, data) {
  fs.appendFileSync(RESULTS, JSON.stringify({ kind, ...data }) + '\n');
}

export async function shot(page, name) {
  await page.screenshot({ path: path.join(OUT, 'screenshots', name + '.png') });
}

/** The text of an element, once it matches `re`. */
export async function textMatching(page, selector, re, timeout = 20000) {
  const loc = page.locator(selector);
  await loc.filter({ hasText: re }).first().waitFor({ timeout });
  return loc.first().textContent();
}

/** A GET of the API from the test itself (to cross-check what the page shows). */
export async function api(pathAndQuery) {
  const res = await fetch(new URL(pathAndQuery, BASE));
  return { status: res.status, body: await res.json() };
}
