// Small helpers the views share: elements, announcements, form errors, number fields.

import { t, has, onLangChange } from './i18n.js';

export const $ = (id) => document.getElementById(id);

/** An element with attributes and children (strings become text). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Say something in the page's polite live region (screen readers). */
export function announce(text) {
  const el = $('announce');
  el.textContent = '';
  window.setTimeout(() => {
    el.textContent = text;
  }, 30);
}

/** Show (or clear, with '') an error under a form and mark the field. */
export function formError(errorEl, message, field = null) {
  errorEl.textContent = message ? message : '';
  if (field) field.setAttribute('aria-invalid', message ? 'true' : 'false');
}

/** The text of an error for a person: the server's code in the page's words. */
export function errorText(e) {
  if (!e) return t('error.network');
  if (e.name === 'AbortError') return t('common.cancelled');
  if (e.message === 'network') return t('error.network');
  if (e.body && e.body.code) return codeText(e.body.code, e.body.values, e.body.error);
  return sentence(e.message);
}

/**
 * The server sends each error and reason as a code with its values (and its English
 * sentence): the page words it from its dictionary, `err.<code>`, in its language; only a
 * code it does not know is shown in the server's English.
 */
export function codeText(code, values, english) {
  return sentence(codeWords(code, values, english));
}

/** The words of a code, as a clause (no capital added, no full stop). */
export function codeWords(code, values, english) {
  if (code && has('err.' + code)) return t('err.' + code, values || {});
  return english || '';
}

/** The reason inside an answer (`reason_code`, `reason_values`, `reason`), as a sentence. */
export function reasonText(answer) {
  return codeText(answer.reason_code, answer.reason_values, answer.reason);
}

/** The reason inside an answer, as a clause. */
export function reasonWords(answer) {
  return codeWords(answer.reason_code, answer.reason_values, answer.reason);
}

/** The server's message as a sentence: a capital first, a full stop last. */
export function sentence(text) {
  const s = String(text).trim();
  if (!s) return s;
  return s[0].toUpperCase() + s.slice(1) + (/[.!?…)]$/.test(s) ? '' : '.');
}

/** A whole number typed in a field: the number, or null when it is not one. */
export function wholeNumber(text) {
  const s = String(text).trim().replace(/[\s_,]/g, '');
  return /^\d{1,9}$/.test(s) ? Number(s) : null;
}

/** Playback speed: a slider value 0..100 mapped to steps per second, 1 to 2000 (log scale). */
export function stepsPerSecond(slider) {
  return Math.round(Math.pow(10, (Number(slider) / 100) * Math.log10(2000)));
}

const said = new Set();

/**
 * Sets an element's text from a string key, and keeps the key so that the text follows a
 * change of language. Values may be functions, called each time (for nested translations).
 * An empty key clears the text.
 */
export function setText(el, key, vars = {}, cls = null) {
  if (cls !== null) el.className = cls;
  if (!key) {
    el.textContent = '';
    said.delete(el);
    return;
  }
  el.__text = [key, vars];
  said.add(el);
  el.textContent = t(key, resolve(vars));
}

function resolve(vars) {
  return Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, typeof v === 'function' ? v() : v]));
}

/** Re-says every text set by setText in the current language (called on a change of language). */
export function resay() {
  for (const el of said) {
    if (!el.isConnected || !el.__text) {
      said.delete(el);
      continue;
    }
    const [key, vars] = el.__text;
    el.textContent = t(key, resolve(vars));
  }
}

// --- projector mode: one key (P) or the button makes the board and its words as large as the
// screen allows and hides the rest (the header, the introductions, the forms); Esc leaves it.

const projectorListeners = new Set();

/** Call `fn(on)` after projector mode is switched on or off. */
export function onProjector(fn) {
  projectorListeners.add(fn);
}

export function projectorOn() {
  return document.body.classList.contains('projector');
}

function setProjector(on) {
  document.body.classList.toggle('projector', on);
  labelProjector();
  if (on) window.scrollTo(0, 0);
  for (const fn of projectorListeners) fn(on);
}

function labelProjector() {
  const btn = $('projector');
  const label = t(projectorOn() ? 'watch.projectorOff' : 'watch.projector');
  btn.setAttribute('aria-label', label);
  btn.title = label;
  btn.setAttribute('aria-pressed', String(projectorOn()));
}

/** The button and the keys: P (the key, whatever the keyboard's language) and Esc. */
export function setupProjector() {
  $('projector').addEventListener('click', () => setProjector(!projectorOn()));
  document.addEventListener('keydown', (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.target.matches?.('input[type=text], input:not([type]), input[type=number], select, textarea')) return;
    if (ev.code === 'KeyP') {
      ev.preventDefault();
      setProjector(!projectorOn());
    } else if (ev.key === 'Escape' && projectorOn()) setProjector(false);
  });
  onLangChange(labelProjector);
  labelProjector();
}
