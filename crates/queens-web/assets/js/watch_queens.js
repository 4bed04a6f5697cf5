// The queens on the Watch page: the trace of a classic algorithm (the server's /api/trace, the
// same steps and counters as `queens trace` and `--stats`) drawn on its board, each step said
// in words, the counters, the search tree and the algorithm's program.

import { getJSON } from './api.js';
import { t, num } from './i18n.js';
import { parseSquareName, rowsText, rowsToSquares, squareName } from './notation.js';
import { buildTree, queensStep } from './tree.js';
import { Pane } from './pane.js';

export const ALGORITHMS = ['wirth', 'naive', 'bitmask', 'iterative', 'brute', 'permutations'];
export const MAX_N = { brute: 8, permutations: 10 };
const LIMIT = 100000;
const SNAP = 256;

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const sq = (name) => parseSquareName(name);

/** Words for one step, in the current language. */
export function stepWords(e) {
  switch (e.event) {
    case 'place':
      return t('ev.place', { sq: e.square });
    case 'remove':
      return t('ev.remove', { sq: e.square });
    case 'reject':
      return e.by
        ? t('ev.rejectBy', { sq: e.square, line: t('lineOf.' + e.line), by: e.by })
        : t('ev.reject', { sq: e.square, line: t('line.' + e.line) });
    case 'candidate': {
      const c = e.clash;
      if (!c) return t('ev.candidateOk', { rows: rowsText(e.rows) });
      return t('ev.candidateBad', { rows: rowsText(e.rows), a: squareName(c.a), b: squareName(c.b), line: t('line.' + c.line) });
    }
    case 'solution':
      return e.mirrored
        ? t('ev.solutionMirror', { k: num(e.solutions), rows: rowsText(e.rows) })
        : t(e.solutions === 1 ? 'ev.solutionFirst' : 'ev.solution', { k: num(e.solutions), rows: rowsText(e.rows), tests: num(e.tests_since), raw: e.tests_since });
    default:
      return e.event;
  }
}

function apply(rows, e) {
  if (e.event === 'place') rows[e.col - 1] = e.row;
  else if (e.event === 'remove') rows[e.col - 1] = 0;
  else if (e.event === 'candidate') e.rows.forEach((r, i) => (rows[i] = r));
}

/** One classic algorithm's search. */
export class QueensPane extends Pane {
  async load({ n, algorithm }) {
    this.n = Number(n);
    this.algorithm = algorithm;
    const data = await getJSON('trace', { n: String(n).trim(), algorithm, limit: LIMIT });
    this.keep(data, (e) => e.event === 'solution', { algorithm, n: String(n) });
    this.generate = data.steps.some((e) => e.event === 'candidate');
    this.tree = this.generate ? null : buildTree(data.steps, queensStep);
    // Snapshots of the board every SNAP steps, to jump anywhere at once.
    this.snaps = [];
    const rows = new Array(this.n).fill(0);
    this.steps.forEach((e, i) => {
      if (i % SNAP === 0) this.snaps.push(rows.slice());
      apply(rows, e);
    });
    this.snaps.push(rows.slice());
    this.board.resize(this.n, this.n);
    return this;
  }

  words(e) {
    return stepWords(e);
  }

  rowsAt(k) {
    const base = Math.floor(k / SNAP);
    const rows = this.snaps[Math.min(base, this.snaps.length - 1)].slice();
    for (let i = base * SNAP; i < k; i++) apply(rows, this.steps[i]);
    return rows;
  }

  /** Shows the state after global step k (this pane stops at its last step). */
  show(k) {
    if (!this.data) return;
    const kk = Math.min(k, this.total);
    this.k = kk;
    const e = kk > 0 ? this.steps[kk - 1] : null;
    let rows = this.rowsAt(kk);
    const marks = [];
    const lines = [];
    let pieceCls = '';
    if (e) {
      const at = [e.col, e.row];
      if (e.event === 'place') marks.push({ sq: at, cls: 'hl-place' });
      if (e.event === 'remove') marks.push({ sq: at, cls: 'hl-candidate' });
      if (e.event === 'reject') {
        marks.push({ sq: at, cls: 'hl-reject' });
        const by = sq(e.by);
        if (by) lines.push({ a: by, b: at });
      }
      if (e.event === 'candidate') {
        const c = e.clash;
        if (c) lines.push({ a: c.a, b: c.b });
      }
      if (e.event === 'solution') {
        rows = e.rows.slice();
        for (const s of rowsToSquares(rows)) marks.push({ sq: s, cls: 'hl-solution' });
        pieceCls = 'solution';
      }
    }
    this.board.setHighlights(marks);
    this.board.setLines(lines);
    const pieces = [];
    rows.forEach((r, i) => r && pieces.push({ sq: [i + 1, r], cls: pieceCls }));
    if (e && e.event === 'reject') pieces.push({ sq: [e.col, e.row], cls: 'clash dim' });
    if (e && e.event === 'remove') pieces.push({ sq: [e.col, e.row], cls: 'dim' });
    this.board.setPieces(pieces);
    this.board.setLabel(t('watch.boardLabel', { n: this.n, list: pieces.length ? rowsText(rows.map((r) => r || '·')) : t('place.none') }));
    this.renderCounters(kk, e);
    this.say(kk, e, e ? stepWords(e) : t('watch.start'), { rows: e && e.event === 'solution' ? rowsText(e.rows) : '' });
    this.renderLog(kk);
    this.renderTree(kk);
    this.program.mark(e);
  }

  renderCounters(k, e) {
    const c = e ? e : { nodes: 1, tests: 0, solutions: 0 };
    const first = this.generate ? 0 : 1;
    const items = [
      ['watch.nodes', k ? c.nodes : first, 'nodes'],
      ['watch.tests', c.tests, 'tests'],
      ['watch.solutions', c.solutions, 'solutions'],
    ];
    if (k === this.total && this.data.stats) {
      items.push(['watch.placements', this.data.stats.placements, 'placements'], ['watch.removals', this.data.stats.removals, 'removals']);
    }
    this.count(items);
  }

  renderTree(k) {
    super.renderTree(k, {
      depth: this.n,
      legend: [['node', 'tree.node'], ['dead', 'tree.dead'], ['sol', 'tree.sol']],
      none: t('tree.generate', { k: num(k) }),
    });
  }

  setTitle() {
    this.heading(t('watch.paneTitle', { alg: capital(t('alg.' + this.algorithm)), n: this.n }));
    this.program.write(this.algorithm);
  }
}
