// Permalinks: every state of the page is in the address, "#/tab?key=value&...&lang=ru". Views
// read their state from it when shown and write it back (replaceState, so that the history is
// not flooded) whenever it changes; reloading or sharing the address restores the same board,
// in the same language. Only the part on screen writes the address (a hidden part's late
// answer must not take it over), and a value that is not valid (n = 0, a square off the
// board) is left out of it, so the address only ever holds what the page can show.

import { currentLang } from './i18n.js';

export const TABS = ['place', 'solutions', 'watch', 'knight', 'count', 'big', 'guard'];
export const LANGS = ['en', 'ru'];

let shown = null;

/** The part on screen: only it writes the address (set by the page's frame before show). */
export function setShown(tab) {
  shown = tab;
}

/** { tab, params, lang } of a hash such as "#/place?n=8&q=a1,c5&lang=ru" (lang null if absent). */
export function parseHash(hash = location.hash) {
  const m = /^#\/([a-z]+)(?:\?(.*))?$/.exec(hash);
  if (!m || !TABS.includes(m[1])) return { tab: 'place', params: new URLSearchParams(), lang: null };
  const params = new URLSearchParams(m[2] || '');
  const lang = LANGS.includes(params.get('lang')) ? params.get('lang') : null;
  return { tab: m[1], params, lang };
}

/** The hash of a tab and its parameters, the page's language last; commas are kept readable. */
export function formatHash(tab, params, lang = currentLang()) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (k === 'lang') continue;
    if (v === undefined || v === null || v === '' || v === false) continue;
    const text = v === true ? '1' : String(v);
    if (valid(tab, k, text, params)) q.set(k, text);
  }
  if (lang) q.set('lang', lang);
  const s = q.toString().replace(/%2C/gi, ',');
  return '#/' + tab + (s ? '?' + s : '');
}

/** The same address in another language. */
export function withLang(hash, lang = currentLang()) {
  const { tab, params } = parseHash(hash);
  return formatHash(tab, Object.fromEntries(params), lang);
}

/** Write a tab's state into the address without a new history entry; a hidden tab writes nothing. */
export function writeState(tab, params) {
  if (shown !== null && tab !== shown) return;
  const hash = formatHash(tab, params);
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

/** Whether an address asks for superqueens: `piece=superqueen`, the word of the library and
 * the API (`super=1`, the word of older addresses, is read too). */
export function isSuperqueen(params) {
  return params.get('piece') === 'superqueen' || params.get('super') === '1';
}

/** Whole numbers from the address, kept within [lo, hi], else the default. */
export function intParam(params, name, lo, hi, dflt) {
  const v = params.get(name);
  if (v === null || !/^\d+$/.test(v)) return dflt;
  const n = Number(v);
  return n >= lo && n <= hi ? n : dflt;
}

// What each part's parameters accept: a range [lo, hi] for whole numbers, 'squares' for a
// list of squares on the n x n board, 'square' for one square on the knight's board.
const RULES = {
  place: { n: [1, 32], q: 'squares' },
  solutions: { n: [1, 20], i: [1, 1e6], cover: [1, 32] },
  watch: { n: [1, 12], n2: [1, 12], step: [0, 1e7], from: 'square' },
  knight: { from: 'square', k: [0, 1e6] },
  count: { n: [1, 64] },
  big: { n: [1, 1e6] },
  guard: { n: [1, 64], q: 'squares' },
};

/** A square name ("c5") as [col, row], 0-based, or null. */
function squareAt(text) {
  const m = /^([a-z]+)([1-9]\d*)$/.exec(text);
  if (!m) return null;
  let col = 0;
  for (const ch of m[1]) col = col * 26 + (ch.charCodeAt(0) - 96);
  return [col - 1, Number(m[2]) - 1];
}

function valid(tab, key, text, params) {
  const rule = RULES[tab]?.[key];
  if (!rule) return true;
  if (Array.isArray(rule)) return /^\d+$/.test(text) && Number(text) >= rule[0] && Number(text) <= rule[1];
  if (rule === 'squares') {
    const n = Number(params.n);
    return text.split(',').every((w) => {
      const sq = squareAt(w);
      return sq !== null && sq[0] < n && sq[1] < n;
    });
  }
  // One square on the knight's board "8" or "6x5" (rows x columns).
  const board = /^(\d+)(?:x(\d+))?$/.exec(String(params.b || ''));
  const sq = squareAt(text);
  if (!board || !sq) return false;
  const rows = Number(board[1]);
  const cols = board[2] ? Number(board[2]) : rows;
  return sq[0] < cols && sq[1] < rows;
}
