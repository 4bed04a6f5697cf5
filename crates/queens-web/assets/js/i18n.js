// English and Russian: every label of the page comes from the string tables in ../i18n/,
// looked up by key. Static labels carry data-i18n attributes; the views redraw their own
// text when the language changes. The choice is remembered in localStorage.

import en from '../i18n/en.js';
import ru from '../i18n/ru.js';

const tables = { en, ru };
const listeners = new Set();
let lang = initialLang();

function initialLang() {
  let saved = null;
  try {
    saved = localStorage.getItem('queens.lang');
  } catch {
    saved = null;
  }
  if (saved && tables[saved]) return saved;
  return (navigator.language || 'en').toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

export function currentLang() {
  return lang;
}

/** The text of `key` in the current language; {name} placeholders filled from `vars`. */
export function t(key, vars = {}) {
  let entry = tables[lang][key];
  if (entry === undefined) entry = tables.en[key];
  if (entry === undefined) return key;
  if (typeof entry === 'function') return entry(vars);
  return entry.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** Whether `key` has words in the current language (or in English). */
export function has(key) {
  return tables[lang][key] !== undefined || tables.en[key] !== undefined;
}

/** A whole number with the language's digit grouping; accepts numbers, BigInts and decimal strings. */
export function num(value) {
  if (value === null || value === undefined) return '—';
  const locale = lang === 'ru' ? 'ru-RU' : 'en-US';
  if (typeof value === 'string' && /^-?\d+$/.test(value)) value = BigInt(value);
  if (typeof value === 'bigint' || Number.isInteger(value)) return value.toLocaleString(locale);
  return Number(value).toLocaleString(locale, { maximumFractionDigits: 3 });
}

/** Seconds, as a person reads them. */
export function seconds(s) {
  if (s === null || s === undefined || !Number.isFinite(s)) return '—';
  if (s < 0.001) return t('unit.ms', { v: num(Math.round(s * 1e6) / 1000) });
  if (s < 1) return t('unit.ms', { v: num(Math.round(s * 1000)) });
  if (s < 120) return t('unit.s', { v: num(Math.round(s * 10) / 10) });
  const m = Math.floor(s / 60);
  return t('unit.min', { m: num(m), s: num(Math.round(s - m * 60)) });
}

/**
 * Apply the static labels: data-i18n (text), data-i18n-attr ("aria-label:key;title:key") and
 * data-i18n-options on a select (each option shows its value, the name the command line knows,
 * and what it is in the reader's words: the key is the prefix and the value).
 */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const sel of root.querySelectorAll('select[data-i18n-options]')) {
    for (const opt of sel.options) opt.textContent = `${opt.value}: ${t(sel.dataset.i18nOptions + opt.value)}`;
  }
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(';')) {
      const [attr, k] = pair.split(':');
      if (attr && k) el.setAttribute(attr.trim(), t(k.trim()));
    }
  }
  document.documentElement.lang = lang;
  document.title = t('app.title');
}

export function setLang(next) {
  if (!tables[next] || next === lang) return;
  lang = next;
  try {
    localStorage.setItem('queens.lang', next);
  } catch {
    /* private mode: not remembered */
  }
  applyStatic();
  for (const fn of listeners) fn(lang);
}

/** Call `fn` after every change of language. */
export function onLangChange(fn) {
  listeners.add(fn);
}
