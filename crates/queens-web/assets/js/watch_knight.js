// The knight's tour on the Watch page: a search for a tour (the server's /api/tour/trace, the
// same steps and counters as `queens tour --trace` and `--stats`) drawn on its board: every
// square numbered with the move that reached it (Wirth's h[x, y]), the path, the knight, the
// move tried, rejected (off the board, or the square visited already, and Warnsdorff's
// prunings) or taken back, each said in words; the counters, the search tree with its dead
// ends, and the program: Wirth's program 3.3 or Warnsdorff's rule.

import { ApiError, getJSON } from './api.js';
import { t, num } from './i18n.js';
import { parseSquareName, squareName } from './notation.js';
import { buildTree, knightStep } from './tree.js';
import { Pane } from './pane.js';
import { reasonText } from './ui.js';

export const METHODS = ['wirth', 'warnsdorff'];
/** The largest board searched here: the server's limit for the searches. */
export const MAX_SQUARES = 64;
/** The most steps played; a longer search says where it was cut. */
export const LIMIT = 100000;
const SNAP = 256;

const sq = (name) => parseSquareName(name);
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Words for one step of a knight's search, in the current language. */
export function knightWords(e) {
  switch (e.event) {
    case 'start':
      return t('kev.start', { sq: e.square });
    case 'move':
      return e.k ? t('kev.move', { k: e.k, from: e.from, to: e.to, i: e.i }) : t('kev.rule', { from: e.from, to: e.to, i: e.i, onward: e.onward, rank: e.rank, ties: e.ties });
    case 'reject':
      return t('kev.' + e.reason, { k: e.k, from: e.from, to: e.to, i: e.i, at: e.visited_at });
    case 'undo':
      return t('kev.undo', { from: e.from, to: e.to, i: e.i });
    case 'tour':
      return t('kev.tour', { n: num(e.path.length), end: e.path[e.path.length - 1] });
    default:
      return e.event;
  }
}

/** The board's numbers after a step: h[square] is the move that reached it, 0 if none. */
function apply(h, cols, e) {
  const at = (name) => {
    const [c, r] = sq(name);
    return (r - 1) * cols + (c - 1);
  };
  if (e.event === 'start') h[at(e.square)] = 1;
  else if (e.event === 'move') h[at(e.to)] = e.i;
  else if (e.event === 'undo') h[at(e.to)] = 0;
}

/** One search for a knight's tour. */
export class KnightPane extends Pane {
  async load({ rows, cols, from, method, closed }) {
    Object.assign(this, { rows, cols, from, method, closed });
    const board = `${rows}x${cols}`;
    const data = await getJSON('tour/trace', { board, from, method, closed, limit: LIMIT });
    if (data.found === false && !data.steps) throw new ApiError(t('knight.noTour', { reason: reasonText(data) }), 200, data);
    this.keep(data, (e) => e.event === 'tour', { method, board, from });
    this.tree = buildTree(data.steps, knightStep);
    this.snaps = [];
    const h = new Int32Array(rows * cols);
    this.steps.forEach((e, i) => {
      if (i % SNAP === 0) this.snaps.push(h.slice());
      apply(h, cols, e);
    });
    this.snaps.push(h.slice());
    this.board.resize(cols, rows);
    return this;
  }

  words(e) {
    return knightWords(e);
  }

  numbersAt(k) {
    const base = Math.floor(k / SNAP);
    const h = this.snaps[Math.min(base, this.snaps.length - 1)].slice();
    for (let i = base * SNAP; i < k; i++) apply(h, this.cols, this.steps[i]);
    return h;
  }

  /** Shows the state after global step k (this pane stops at its last step). */
  show(k) {
    if (!this.data) return;
    const kk = Math.min(k, this.total);
    this.k = kk;
    const e = kk > 0 ? this.steps[kk - 1] : null;
    const h = this.numbersAt(kk);
    const path = [];
    h.forEach((v, j) => v && (path[v - 1] = [(j % this.cols) + 1, Math.floor(j / this.cols) + 1]));
    const cur = path[path.length - 1];
    const tour = e?.event === 'tour';
    const hl = path.map((s) => ({ sq: s, cls: tour ? 'hl-solution' : 'hl-visited' }));
    const lines = [];
    // Off the board, the move is drawn to the edge it crosses, the knight faded to show it.
    const off = e?.event === 'reject' && !e.to;
    const pieces = cur ? [{ sq: cur, piece: 'knight', cls: off ? 'dim' : '' }] : [];
    if (e?.event === 'move') hl.push({ sq: sq(e.to), cls: 'hl-place' });
    if (e?.event === 'reject') {
      const target = [e.col, e.row];
      if (e.to) hl.push({ sq: target, cls: 'hl-reject' });
      lines.push({ a: sq(e.from), b: off ? this.toEdge(sq(e.from), target) : target, cls: off ? 'knight-try off' : 'knight-try', both: false });
    }
    if (e?.event === 'undo') {
      hl.push({ sq: sq(e.to), cls: 'hl-candidate' });
      pieces.push({ sq: sq(e.to), piece: 'knight', cls: 'dim' });
    }
    if (cur && !tour) hl.push({ sq: cur, cls: 'hl-current' });
    this.board.setHighlights(hl);
    this.board.setPath(path, { closed: tour && this.closed });
    this.board.setLines(lines);
    this.board.setMarks(path.map((s, i) => ({ sq: s, text: i + 1, cls: i === 0 ? 'visit start' : 'visit', at: i === path.length - 1 ? 'corner' : 'centre' })));
    this.board.setPieces(pieces);
    this.board.svg.dataset.numbers = path.map((s) => squareName(s)).join(' ');
    const boardName = `${this.rows} × ${this.cols}`;
    this.board.setLabel(cur ? t('kwatch.boardLabel', { board: boardName, k: num(path.length), sq: squareName(cur) }) : t('kwatch.boardEmpty', { board: boardName }));
    this.renderCounters(e);
    let words = e ? this.words(e) : t('kwatch.start', { sq: this.from });
    if (kk === this.total && this.data.truncated) words += ' ' + t(this.data.timeout ? 'kwatch.timeout' : 'kwatch.cut', { k: num(this.total) });
    this.say(kk, e, words, { reason: e?.reason || '' });
    this.renderLog(kk);
    this.renderTree(kk);
    this.program.mark(e);
  }

  /** A move off the board drawn as far as the board's edge: the point where the line from
   * `from` to `target` (square centres, 1-based) leaves it. */
  toEdge(from, target) {
    const reach = (f, d, lo, hi) => (d > 0 ? (hi - f) / d : d < 0 ? (lo - f) / d : 1);
    const [dc, dr] = [target[0] - from[0], target[1] - from[1]];
    const s = Math.min(1, reach(from[0], dc, 0.6, this.cols + 0.4), reach(from[1], dr, 0.6, this.rows + 0.4));
    return [from[0] + s * dc, from[1] + s * dr];
  }

  renderCounters(e) {
    const c = e || { placed: 0, tried: 0, backtracks: 0 };
    this.count([
      ['kwatch.placed', c.placed, 'placed'],
      ['kwatch.tried', c.tried, 'tried'],
      ['kwatch.backtracks', c.backtracks, 'backtracks'],
    ]);
  }

  renderTree(k) {
    super.renderTree(k, {
      depth: null,
      summary: 'ktree.summary',
      legend: [['node', 'ktree.node'], ['dead', 'tree.dead'], ['sol', 'ktree.sol']],
    });
  }

  setTitle() {
    this.heading(t('kwatch.paneTitle', { method: capital(t('kalg.' + this.method)), board: `${this.rows} × ${this.cols}`, from: this.from }));
    this.program.write('tour-' + this.method);
  }
}
