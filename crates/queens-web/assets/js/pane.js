// One search on the Watch page, whatever the problem: its title, its board, the step in words,
// the counters, the last steps, the search tree (a click on a node goes to the step that made
// it) and the program with the lines of the step highlighted. The problems fill it in: the
// queens (watch_queens.js) and the knight's tour (watch_knight.js) each load their trace and
// draw their board; the rest is here. The board is sized to the height the screen leaves, so
// that the board, the step in words, the counters and the tree are seen together (on a
// 1366 x 768 projector too).

import { Board } from './board.js';
import { t, num } from './i18n.js';
import { branchEnd, drawTree, nodeAt, treeSummary } from './tree.js';
import { h } from './ui.js';
import { Program } from './program.js';

export class Pane {
  /** A pane in `host`, called `which` (a or b); `onPick(k)` goes to step k. */
  constructor(host, which, onPick) {
    this.which = which;
    this.data = null;
    this.steps = [];
    this.tree = null;
    this.el = h('article', { class: 'pane', 'aria-labelledby': `pane-${which}-title` });
    this.title = h('h2', { id: `pane-${which}-title` });
    this.board = new Board({ cols: 4, rows: 4 });
    this.counters = h('dl', { class: 'counters' });
    this.text = h('p', { class: 'step-text' });
    this.log = h('ol', { class: 'log', 'aria-hidden': 'true' });
    this.canvas = h('canvas', { class: 'tree-canvas', role: 'img' });
    this.treeNote = h('p', { class: 'small tree-note' });
    this.treeHint = h('p', { class: 'small tree-hint' });
    this.legend = h('div', { class: 'tree-legend', 'aria-hidden': 'true' });
    this.program = new Program();
    this.el.append(
      this.title,
      h('div', { class: 'pane-body' },
        h('div', { class: 'pane-board' }, this.board.el),
        h('div', { class: 'pane-info' },
          this.text,
          this.counters,
          this.log,
          h('div', { class: 'tree-wrap' }, this.canvas, this.legend, this.treeNote, this.treeHint),
        ),
        h('div', { class: 'pane-code' }, this.program.el),
      ),
    );
    // A click on a node of the tree: the step that made that board.
    this.canvas.addEventListener('click', (ev) => {
      const node = this.nodeUnder(ev);
      if (node) onPick(node.born);
    });
    this.canvas.addEventListener('mousemove', (ev) => {
      const node = this.nodeUnder(ev);
      this.canvas.style.cursor = node ? 'pointer' : '';
      this.canvas.title = node ? `${node.square || '∅'}: ${t('watch.treeNode', { k: num(node.born) })}` : '';
    });
    host.appendChild(this.el);
  }

  nodeUnder(ev) {
    if (!this.tree) return null;
    const r = this.canvas.getBoundingClientRect();
    return nodeAt(this.canvas, ev.clientX - r.left, ev.clientY - r.top);
  }

  /** Sizes the board to the height left below its top (the page scrolled to the top), at
   * least a third of the screen; the grid around it keeps the rest beside it. */
  fit() {
    const box = this.el.querySelector('.pane-board');
    const info = this.el.querySelector('.pane-info');
    const least = Math.round(window.innerHeight / 3);
    const top = box.getBoundingClientRect().top + window.scrollY;
    const room = window.innerHeight - top - 14;
    this.el.style.setProperty('--board', `${Math.max(least, Math.min(room, 900))}px`);
    // A narrow pane puts the words under the board: leave them room for three lines.
    if (info.getBoundingClientRect().top > box.getBoundingClientRect().top + 20) {
      const words = parseFloat(getComputedStyle(this.text).fontSize) * 6.5;
      this.el.style.setProperty('--board', `${Math.max(least, Math.min(room - words, 900))}px`);
    }
  }

  get total() {
    return this.steps.length;
  }

  /** Keeps a loaded trace: its steps, the steps of its solutions or tours (`isMark`), and
   * the dataset the tests and the address read. */
  keep(data, isMark, dataset) {
    this.data = data;
    this.steps = data.steps;
    this.marks = [];
    this.steps.forEach((e, i) => isMark(e) && this.marks.push(i + 1));
    Object.assign(this.el.dataset, dataset, { total: String(this.steps.length) });
  }

  /** The step said in words, numbered, with the dataset the tests read. */
  say(k, e, words, rest = {}) {
    this.text.replaceChildren(h('span', { class: 'num', text: k ? t('watch.stepN', { k: num(k) }) : '' }), words);
    this.text.dataset.step = String(k);
    this.text.dataset.event = e ? e.event : '';
    Object.assign(this.text.dataset, rest);
  }

  /** The counters: [label key, value, name] each. */
  count(items) {
    this.counters.replaceChildren(
      ...items.map(([label, v, name]) => h('div', {}, h('dt', { text: t(label) }), h('dd', { text: num(v ?? 0), dataset: { counter: name } }))),
    );
  }

  /** The two steps before the one said in words. */
  renderLog(k) {
    const from = Math.max(1, k - 2);
    const items = [];
    for (let i = from; i < k; i++) {
      const e = this.steps[i - 1];
      items.push(h('li', { class: `ev-${e.event}` }, `${i}. ${this.words(e)}`));
    }
    this.log.replaceChildren(...items);
  }

  /** The tree at step k, `depth` levels deep (null: as deep as it is so far), its summary in `summary`'s words and a legend
   * [class, key] each; without a tree, `none` says why. */
  renderTree(k, { depth, summary = 'tree.summary', legend, none = null }) {
    if (!this.tree) {
      this.canvas.hidden = true;
      this.legend.replaceChildren();
      this.treeNote.textContent = none || '';
      this.treeHint.textContent = '';
      return;
    }
    this.canvas.hidden = false;
    this.treeHint.textContent = t('watch.treeHint');
    drawTree(this.canvas, this.tree, k, depth);
    const text = treeSummary(this.tree, k, summary);
    this.canvas.setAttribute('aria-label', text);
    this.treeNote.textContent = text;
    this.legend.replaceChildren(...legend.map(([cls, key]) => h('span', {}, h('span', { class: `dot ${cls}` }), t(key))));
  }

  /** The title: the search's name and how many steps it has (or that it was cut). */
  heading(name) {
    const k = num(this.total);
    this.title.replaceChildren(
      h('span', {}, name),
      h('span', { class: 'small', text: this.data?.truncated ? t('watch.truncated', { k }) : t('watch.stepsTotal', { k }) }),
    );
  }

  /** The step after k at which the branch searched at step k ends: its last queen (or move)
   * is taken back (null without a tree, or when the trace ends first). */
  branchEnd(k) {
    if (!this.tree) return null;
    const end = branchEnd(this.tree, Math.min(k, this.total));
    return Number.isFinite(end) ? end : null;
  }
}
