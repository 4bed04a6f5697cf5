// Watch the search: the trace of a classic algorithm (the server's /api/trace, the same steps
// and counters as `queens trace` and `--stats`) played on a board, step by step, forward and
// back, at any speed, with each step said in words, the counters, and the search tree growing.
// Beside the board, the algorithm's program with the lines of the current step highlighted;
// a click on a node of the tree goes to the step that made it. Two searches can run side by
// side on one clock (the same number of steps each), which is how the 2007 Kharkiv course
// project's question shows: why is the first solution of 6 queens found later than of 7?
// The board is sized to the height the screen leaves, so that the board, the step in words,
// the counters and the tree are seen together (on a 1366 x 768 projector too).

import { Board } from './board.js';
import { getJSON } from './api.js';
import { t, num, onLangChange } from './i18n.js';
import { intParam, writeState } from './router.js';
import { parseSquareName, rowsText, rowsToSquares } from './notation.js';
import { branchEnd, buildTree, drawTree, nodeAt, treeSummary } from './tree.js';
import { $, h, announce, errorText, formError, onProjector, stepsPerSecond, wholeNumber } from './ui.js';
import { createPlayer } from './player.js';
import { Program } from './program.js';

const ALGORITHMS = ['wirth', 'naive', 'bitmask', 'iterative', 'brute', 'permutations'];
const MAX_N = { brute: 8, permutations: 10 };
const LIMIT = 100000;
const SNAP = 256;

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const lineName = (line) => String(line || '').replace('_', '-');
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
        ? t('ev.rejectBy', { sq: e.square, line: t('lineOf.' + lineName(e.line)), by: e.by })
        : t('ev.reject', { sq: e.square, line: t('line.' + lineName(e.line)) });
    case 'candidate': {
      const c = e.clash;
      if (!c) return t('ev.candidateOk', { rows: rowsText(e.rows) });
      return t('ev.candidateBad', { rows: rowsText(e.rows), a: c.a, b: c.b, line: t('line.' + lineName(c.line)) });
    }
    case 'solution':
      return e.mirrored
        ? t('ev.solutionMirror', { k: num(e.solutions), rows: rowsText(e.rows) })
        : t(e.solutions === 1 ? 'ev.solutionFirst' : 'ev.solution', { k: num(e.solutions), rows: rowsText(e.rows), tests: num(e.tests_since), raw: e.tests_since });
    default:
      return e.event;
  }
}

/** One search: its trace, its board, counters, words, program and tree. */
class Pane {
  constructor(host, which, onPick) {
    this.which = which;
    this.data = null;
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
      if (!this.tree) return;
      const r = this.canvas.getBoundingClientRect();
      const node = nodeAt(this.canvas, ev.clientX - r.left, ev.clientY - r.top);
      if (node) onPick(node.born);
    });
    this.canvas.addEventListener('mousemove', (ev) => {
      if (!this.tree) return;
      const r = this.canvas.getBoundingClientRect();
      const node = nodeAt(this.canvas, ev.clientX - r.left, ev.clientY - r.top);
      this.canvas.style.cursor = node ? 'pointer' : '';
      this.canvas.title = node ? `${node.square || '∅'}: ${t('watch.treeNode', { k: num(node.born) })}` : '';
    });
    host.appendChild(this.el);
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

  async load(n, algorithm) {
    this.n = Number(n);
    this.algorithm = algorithm;
    const data = await getJSON('trace', { n: String(n).trim(), algorithm, limit: LIMIT });
    this.data = data;
    this.steps = data.steps;
    this.generate = data.steps.some((e) => e.event === 'candidate');
    this.tree = this.generate ? null : buildTree(data.steps);
    // Snapshots of the board every SNAP steps, to jump anywhere at once.
    this.snaps = [];
    const rows = new Array(this.n).fill(0);
    this.steps.forEach((e, i) => {
      if (i % SNAP === 0) this.snaps.push(rows.slice());
      apply(rows, e);
    });
    this.snaps.push(rows.slice());
    this.solSteps = [];
    this.steps.forEach((e, i) => e.event === 'solution' && this.solSteps.push(i + 1));
    this.board.resize(this.n, this.n);
    this.el.dataset.algorithm = algorithm;
    this.el.dataset.n = String(n);
    this.el.dataset.total = String(this.steps.length);
    return this;
  }

  get total() {
    return this.steps ? this.steps.length : 0;
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
        if (c) lines.push({ a: sq(c.a), b: sq(c.b) });
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
    this.text.replaceChildren(
      h('span', { class: 'num', text: kk ? t('watch.stepN', { k: num(kk) }) : '' }),
      e ? stepWords(e) : t('watch.start'),
    );
    this.text.dataset.step = String(kk);
    this.text.dataset.event = e ? e.event : '';
    this.text.dataset.rows = e && e.event === 'solution' ? rowsText(e.rows) : '';
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
      items.push(h('li', { class: `ev-${e.event}${i === k ? ' now' : ''}` }, `${i}. ${stepWords(e)}`));
    }
    this.log.replaceChildren(...items);
  }

  renderTree(k) {
    if (this.generate) {
      this.canvas.hidden = true;
      this.legend.replaceChildren();
      this.treeNote.textContent = t('tree.generate', { k: num(k) });
      this.treeHint.textContent = '';
      return;
    }
    this.canvas.hidden = false;
    this.treeHint.textContent = t('watch.treeHint');
    drawTree(this.canvas, this.tree, k, this.n);
    const summary = treeSummary(this.tree, k);
    this.canvas.setAttribute('aria-label', summary);
    this.treeNote.textContent = summary;
    this.legend.replaceChildren(
      h('span', {}, h('span', { class: 'dot node' }), t('tree.node')),
      h('span', {}, h('span', { class: 'dot dead' }), t('tree.dead')),
      h('span', {}, h('span', { class: 'dot sol' }), t('tree.sol')),
    );
  }

  setTitle() {
    const k = num(this.total);
    this.title.replaceChildren(
      h('span', {}, t('watch.paneTitle', { alg: capital(t('alg.' + this.algorithm)), n: this.n })),
      h('span', { class: 'small', text: this.data?.truncated ? t('watch.truncated', { k }) : t('watch.stepsTotal', { k }) }),
    );
    this.program.write(this.algorithm);
  }

  /** The step after k at which the branch searched at step k ends: its last queen is taken
   * back (null without a tree, or when the trace ends first). */
  branchEnd(k) {
    if (!this.tree) return null;
    const end = branchEnd(this.tree, Math.min(k, this.total));
    return Number.isFinite(end) ? end : null;
  }
}

function apply(rows, e) {
  if (e.event === 'place') rows[e.col - 1] = e.row;
  else if (e.event === 'remove') rows[e.col - 1] = 0;
  else if (e.event === 'candidate') e.rows.forEach((r, i) => (rows[i] = r));
}

export function createWatch() {
  const s = { k: 0, panes: [], key: '', seq: 0, saveAt: 0 };
  const host = $('watch-panes');
  // The algorithms by the name the command line knows them by, and what each one is.
  const nameOptions = () => {
    for (const id of ['watch-a', 'watch-a2']) {
      const el = $(id);
      const chosen = el.value;
      el.replaceChildren(...ALGORITHMS.map((a) => h('option', { value: a, text: `${a}: ${t('alg.' + a)}` })));
      if (chosen) el.value = chosen;
    }
  };
  nameOptions();

  function total() {
    return Math.max(0, ...s.panes.map((p) => p.total));
  }

  function readForm() {
    return {
      a: $('watch-a').value,
      n: $('watch-n').value.trim(),
      cmp: $('watch-compare').checked,
      a2: $('watch-a2').value,
      n2: $('watch-n2').value.trim(),
    };
  }

  /** The first N of the form that the server would refuse, said in the page's words. */
  function badN(cfg) {
    const wanted = cfg.cmp ? [[cfg.n, cfg.a, 'watch-n'], [cfg.n2, cfg.a2, 'watch-n2']] : [[cfg.n, cfg.a, 'watch-n']];
    for (const [n, a, field] of wanted) {
      const max = MAX_N[a] || 12;
      const v = wholeNumber(n);
      if (v === null || v < 1 || v > max) return { text: t('watch.badN', { value: n, max, alg: t('alg.' + a) }), field };
    }
    return null;
  }

  /** Boards as large as the height the screen leaves below them. */
  function fit() {
    s.panes.forEach((p) => p.fit());
  }

  async function load(cfg, k = 0) {
    const seq = ++s.seq;
    pause();
    formError($('watch-error'), '');
    const bad = badN(cfg);
    if (bad) {
      formError($('watch-error'), bad.text, $(bad.field));
      return;
    }
    const wanted = [[cfg.n, cfg.a]];
    if (cfg.cmp) wanted.push([cfg.n2, cfg.a2]);
    host.replaceChildren();
    const pick = (k) => {
      pause();
      seek(k, true);
    };
    const panes = wanted.map((_, i) => new Pane(host, i ? 'b' : 'a', pick));
    host.classList.toggle('two', panes.length === 2);
    $('watch-pos').textContent = t('watch.loading');
    try {
      await Promise.all(panes.map((p, i) => p.load(wanted[i][0], wanted[i][1])));
    } catch (e) {
      if (seq !== s.seq) return;
      host.replaceChildren();
      s.panes = [];
      $('watch-pos').textContent = '';
      formError($('watch-error'), errorText(e), $('watch-n'));
      return;
    }
    if (seq !== s.seq) return;
    s.panes = panes;
    s.cfg = cfg;
    s.key = JSON.stringify(cfg);
    panes.forEach((p) => p.setTitle());
    fit();
    $('watch-step').max = String(total());
    seek(Math.min(k, total()));
    story();
  }

  function seek(k, say = false) {
    s.k = Math.max(0, Math.min(k, total()));
    for (const p of s.panes) p.show(s.k);
    $('watch-step').value = String(s.k);
    $('watch-step').setAttribute('aria-valuetext', t('watch.pos', { k: num(s.k), total: num(total()) }));
    $('watch-pos').textContent = t('watch.pos', { k: num(s.k), total: num(total()) });
    $('watch-pos').dataset.step = String(s.k);
    if (say) announce(s.panes.map((p) => p.text.textContent).join('. '));
    const now = performance.now();
    if (!player.playing || now - s.saveAt > 700) {
      s.saveAt = now;
      save();
    }
  }

  function save() {
    const c = s.cfg;
    if (!c) return;
    writeState('watch', {
      n: c.n,
      a: c.a,
      n2: c.cmp ? c.n2 : null,
      a2: c.cmp ? c.a2 : null,
      stop: $('watch-stop').checked ? 1 : null,
      step: s.k || null,
    });
  }

  // --- playing ---

  const player = createPlayer({
    button: $('watch-play'),
    rate: () => stepsPerSecond($('watch-speed').value),
    advance(n) {
      let k = s.k;
      const stop = $('watch-stop').checked;
      while (n-- > 0 && k < total()) {
        k++;
        if (stop && s.panes.some((p) => k <= p.total && p.steps[k - 1].event === 'solution')) {
          seek(k);
          return false;
        }
      }
      seek(k);
      return k < total();
    },
    paused() {
      save();
      announce(s.panes.map((p) => p.text.textContent).join('. '));
    },
  });
  const pause = player.pause;

  function play() {
    if (!s.panes.length) return;
    if (s.k >= total()) seek(0);
    player.play();
  }

  function nextSolution() {
    pause();
    const ks = s.panes.flatMap((p) => p.solSteps.filter((k) => k > s.k));
    if (ks.length) seek(Math.min(...ks), true);
    else seek(total(), true);
  }

  /** To the end of the branch being searched: the step that takes back its last queen; at
   * that step already, the end of the branch above it. */
  function toBranchEnd() {
    pause();
    const ends = s.panes.map((p) => p.branchEnd(s.k)).filter((k) => k !== null && k > s.k);
    seek(ends.length ? Math.min(...ends) : total(), true);
  }

  // --- seed 004's story: 6 against 7 ---

  function story() {
    const box = $('watch-story');
    const p6 = s.panes.find((p) => p.n === 6);
    const p7 = s.panes.find((p) => p.n === 7);
    if (!p6 || !p7 || s.panes.length !== 2 || p6.generate || p7.generate) {
      box.hidden = true;
      return;
    }
    const first = (p) => {
      const k = p.solSteps[0];
      const e = p.steps[k - 1];
      return { k, e };
    };
    const a1Done = (p) => {
      const i = p.steps.findIndex((e) => e.event === 'remove' && e.col === 1);
      return i < 0 ? null : { k: i + 1, e: p.steps[i] };
    };
    const f6 = first(p6);
    const f7 = first(p7);
    if (!f6.e || !f7.e) {
      box.hidden = true;
      return;
    }
    const gone = a1Done(p6);
    const nested = f7.e.rows[0] === 1 ? f7.e.rows.slice(1).map((r) => r - 1) : null;
    const same = nested && rowsText(nested) === rowsText(f6.e.rows);
    const row = (label, f) => h('tr', {}, h('td', { text: label }), h('td', { text: num(f.k) }), h('td', { text: num(f.e.nodes) }), h('td', { text: num(f.e.tests) }), h('td', { class: 'nested', text: rowsText(f.e.rows) }));
    $('story-body').replaceChildren(
      h('p', { text: t('story.intro') }),
      h('div', { class: 'table-scroll' }, h('table', {},
        h('thead', {}, h('tr', {}, ['story.board', 'story.steps', 'watch.nodes', 'watch.tests', 'story.first'].map((k) => h('th', { scope: 'col', text: t(k) })))),
        h('tbody', {}, row('6 × 6', f6), row('7 × 7', f7)),
      )),
      gone ? h('p', { text: t('story.a1', { k: num(gone.k), nodes: num(gone.e.nodes), tests: num(gone.e.tests) }) }) : null,
      h('p', { text: t('story.seven', { rows: rowsText(f7.e.rows) }) }),
      same ? h('p', { text: t('story.nested', { seven: rowsText(f7.e.rows), six: rowsText(f6.e.rows) }) }) : null,
      h('p', { class: 'small', text: t('story.try') }),
    );
    box.hidden = false;
  }

  // --- wiring ---

  $('watch-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    load(readForm());
  });
  $('watch-play').addEventListener('click', () => (player.playing ? pause() : play()));
  $('watch-fwd').addEventListener('click', () => {
    pause();
    seek(s.k + 1, true);
  });
  $('watch-back').addEventListener('click', () => {
    pause();
    seek(s.k - 1, true);
  });
  $('watch-first').addEventListener('click', () => {
    pause();
    seek(0, true);
  });
  $('watch-sol').addEventListener('click', nextSolution);
  $('watch-branch').addEventListener('click', toBranchEnd);
  $('watch-step').addEventListener('input', () => {
    pause();
    seek(Number($('watch-step').value));
  });
  const speedOut = () => ($('watch-speed-out').textContent = t('watch.perSecond', { k: num(stepsPerSecond($('watch-speed').value)), raw: stepsPerSecond($('watch-speed').value) }));
  $('watch-speed').addEventListener('input', speedOut);
  $('watch-stop').addEventListener('change', save);
  $('watch-compare').addEventListener('change', () => {
    $('watch-a2').disabled = $('watch-n2').disabled = !$('watch-compare').checked;
  });
  // Keys for a teacher at the projector (anywhere but in a field): Space plays or pauses,
  // the left and right arrows step back and forward.
  document.addEventListener('keydown', (ev) => {
    if ($('panel-watch').hidden || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.target.closest?.('input, select, textarea, [role=tablist]')) return;
    if (ev.key === ' ' && !ev.target.matches?.('button, a')) {
      ev.preventDefault();
      player.playing ? pause() : play();
    } else if (ev.key === 'ArrowRight' || ev.key === 'ArrowLeft') {
      ev.preventDefault();
      pause();
      seek(s.k + (ev.key === 'ArrowRight' ? 1 : -1), true);
    }
  });
  window.addEventListener('resize', () => {
    if ($('panel-watch').hidden) return;
    fit();
    s.panes.forEach((p) => p.data && p.renderTree(p.k));
  });
  onProjector(() => {
    if ($('panel-watch').hidden) return;
    fit();
    s.panes.forEach((p) => p.data && p.renderTree(p.k));
  });
  onLangChange(() => {
    nameOptions();
    speedOut();
    player.icon();
    s.panes.forEach((p) => {
      p.setTitle();
      p.show(s.k);
    });
    seek(s.k);
    story();
  });
  speedOut();

  return {
    show(params) {
      const a = ALGORITHMS.includes(params.get('a')) ? params.get('a') : 'wirth';
      const a2 = ALGORITHMS.includes(params.get('a2')) ? params.get('a2') : null;
      const n = intParam(params, 'n', 1, MAX_N[a] || 12, 4);
      const n2 = a2 ? intParam(params, 'n2', 1, MAX_N[a2] || 12, n) : n;
      const step = intParam(params, 'step', 0, 10_000_000, 0);
      const cfg = { a, n: String(n), cmp: !!a2, a2: a2 || 'bitmask', n2: String(n2) };
      $('watch-a').value = cfg.a;
      $('watch-n').value = cfg.n;
      $('watch-compare').checked = cfg.cmp;
      $('watch-a2').value = cfg.a2;
      $('watch-n2').value = cfg.n2;
      $('watch-a2').disabled = $('watch-n2').disabled = !cfg.cmp;
      $('watch-stop').checked = params.get('stop') === '1';
      const key = JSON.stringify(cfg);
      if (key !== s.key || !s.panes.length) {
        s.key = key;
        load(cfg, step);
      } else if (step !== s.k) seek(step);
    },
    hide: pause,
    retheme() {
      s.panes.forEach((p) => p.data && p.renderTree(p.k));
    },
  };
}
