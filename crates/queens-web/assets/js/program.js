// The program beside the board: each classic algorithm written as short pseudocode in the
// reader's language (the text is in the string tables, one key per algorithm, one line per
// line of code), with the lines of the current step highlighted. The pseudocode follows the
// library's file of each algorithm (crates/queens/src/classic/), which follows its source:
// Wirth's program 3.5, the C++, SQL, C, PHP and Erlang programs, Tkachenko's loops; and for
// the knight's tour (crates/queens/src/tour/), Wirth's program 3.3 and Warnsdorff's rule.
//
// Which lines a step belongs to depends only on its event (and, for a rejected move, its
// reason): a queen is placed by the lines that put it down, a square is rejected by the safety
// test, a knight's move leaves the board at the test of u and v, and so on. STEP_LINES says,
// per algorithm, the line numbers (from 0) of each event; every language writes the same lines.

import { t } from './i18n.js';
import { h } from './ui.js';

const STEP_LINES = {
  wirth: { reject: [2], place: [3, 4], solution: [6], remove: [7] },
  naive: { reject: [2], place: [3], solution: [4], remove: [6] },
  bitmask: { solution: [1], reject: [2], place: [4, 5], remove: [7] },
  iterative: { reject: [3], place: [4], solution: [6], remove: [7, 8] },
  brute: { candidate: [1, 2], solution: [3] },
  permutations: { candidate: [1, 2], solution: [3] },
  'tour-wirth': { start: [0], move: [7], 'reject.off_board': [5], 'reject.visited': [6], 'reject.open': [11], undo: [10], tour: [11] },
  'tour-warnsdorff': {
    start: [0],
    move: [5],
    'reject.ends_early': [4],
    'reject.two_ends': [4],
    'reject.open': [6],
    'reject.split': [7, 8],
    'reject.outer_rows': [7, 8],
    undo: [10],
    tour: [6],
  },
};

/** The lines (from 0) of `algorithm`'s program that step `e` runs; none before the first step. */
export function stepLines(algorithm, e) {
  if (!e) return [];
  const lines = STEP_LINES[algorithm] || {};
  return lines[`${e.event}.${e.reason}`] || lines[e.event] || [];
}

/** The program of one algorithm as an element: its source, its lines, a note on its variables. */
export class Program {
  constructor() {
    this.title = h('p', { class: 'program-src' });
    this.list = h('ol', { class: 'program', start: '1' });
    this.note = h('p', { class: 'small program-note' });
    this.el = h('figure', { class: 'program-box' }, h('figcaption', {}, this.title), this.list, this.note);
  }

  /** Writes the program of `algorithm` in the current language. */
  write(algorithm) {
    this.algorithm = algorithm;
    this.title.textContent = t(`code.${algorithm}.src`);
    const lines = t(`code.${algorithm}`).split('\n');
    this.list.replaceChildren(...lines.map((line, i) => h('li', { dataset: { line: String(i) } }, h('code', { text: line }))));
    this.note.textContent = t(`code.${algorithm}.note`);
  }

  /** Highlights the lines of step `e` (null: none). */
  mark(e) {
    const on = new Set(stepLines(this.algorithm, e));
    for (const li of this.list.children) li.classList.toggle('now', on.has(Number(li.dataset.line)));
    this.list.dataset.lines = [...on].join(' ');
  }
}
