// Watch the search: a search played step by step, forward and back, at any speed, each step
// said in words, with the counters, the search tree growing and the program beside the board.
// Two problems: the queens (a classic algorithm's trace, watch_queens.js) and the knight's tour
// (Wirth's backtracking or Warnsdorff's rule, watch_knight.js). Two searches can run side by
// side on one clock (the same number of steps each): two algorithms on the queens, which is
// how the 2007 Kharkiv course project's question shows (why is the first solution of 6 queens
// found later than of 7?), or Wirth against Warnsdorff on one knight's board (9,909 squares
// placed against 25 on 5 x 5 from c3). One player drives both problems (player.js); the class
// mode (predict.js) stops it before a step and lets the class guess its square.

import { t, num, onLangChange, applyStatic } from './i18n.js';
import { intParam, writeState } from './router.js';
import { parseSquareName, rowsText } from './notation.js';
import { $, h, announce, errorText, formError, onProjector, wholeNumber } from './ui.js';
import { createPlayer } from './player.js';
import { createPredict } from './predict.js';
import { ALGORITHMS, MAX_N, QueensPane } from './watch_queens.js';
import { KnightPane, MAX_SQUARES, METHODS } from './watch_knight.js';

/** The labels that follow the problem: [element id, attribute or '' for the text, queens' key, knight's key]. */
const LABELS = [
  ['watch-lead', '', 'watch.lead', 'kwatch.lead'],
  ['watch-mark', 'aria-label:{}|title:{}', 'watch.toSolution', 'kwatch.toTour'],
  ['watch-branch', 'aria-label:{}|title:{}', 'watch.toBranchEnd', 'kwatch.toBranchEnd'],
  ['watch-stop-label', '', 'watch.stop', 'kwatch.stop'],
];

export function createWatch() {
  const s = { panes: [], key: '', seq: 0, saveAt: 0, cfg: null };
  const host = $('watch-panes');
  // The algorithms by the name the command line knows them by, and what each one is.
  const nameOptions = () => {
    const fill = (ids, names, key) => {
      for (const id of ids) {
        const el = $(id);
        const chosen = el.value;
        el.replaceChildren(...names.map((a) => h('option', { value: a, text: `${a}: ${t(key + a)}` })));
        if (chosen) el.value = chosen;
      }
    };
    fill(['watch-a', 'watch-a2'], ALGORITHMS, 'alg.');
    fill(['watch-m', 'watch-m2'], METHODS, 'kalg.');
  };
  nameOptions();

  function total() {
    return Math.max(0, ...s.panes.map((p) => p.total));
  }

  const problem = () => ($('watch-p-knight').checked ? 'knight' : 'queens');

  /** The form of the problem chosen, the other hidden; the labels that name solutions or tours. */
  function showProblem(p) {
    $('watch-p-' + p).checked = true;
    for (const [id, shown] of [['watch-queens', 'queens'], ['watch-knight', 'knight'], ['presets-queens', 'queens'], ['presets-knight', 'knight']]) {
      $(id).hidden = p !== shown;
    }
    for (const [id, attr, queens, knight] of LABELS) {
      const key = p === 'knight' ? knight : queens;
      if (attr) $(id).dataset.i18nAttr = attr.replaceAll('{}', key).replaceAll('|', ';');
      else $(id).dataset.i18n = key;
    }
    applyStatic($('panel-watch'));
  }

  function readForm() {
    if (problem() === 'knight') {
      return {
        p: 'knight',
        b: $('watch-b').value.trim(),
        from: $('watch-from').value.trim(),
        m: $('watch-m').value,
        closed: $('watch-closed').checked,
        cmp: $('watch-kcompare').checked,
        m2: $('watch-m2').value,
      };
    }
    return {
      p: 'queens',
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

  /** The knight's board and start as the searches take them, or what is wrong, in words. */
  function knightBoard(cfg) {
    const m = /^(\d{1,3})(?:\s*[x×]\s*(\d{1,3}))?$/i.exec(cfg.b);
    const rows = m ? Number(m[1]) : 0;
    const cols = m ? Number(m[2] || m[1]) : 0;
    if (!m || rows < 1 || cols < 1 || rows * cols > MAX_SQUARES) return { bad: t('kwatch.badBoard', { text: cfg.b, max: MAX_SQUARES }), field: 'watch-b' };
    const from = parseSquareName(cfg.from);
    if (!from) return { bad: t('knight.badFrom', { text: cfg.from }), field: 'watch-from' };
    if (from[0] > cols || from[1] > rows) return { bad: t('knight.offBoard', { text: cfg.from, board: `${rows} × ${cols}` }), field: 'watch-from' };
    return { rows, cols, from: cfg.from.toLowerCase() };
  }

  /** The panes' searches: [Pane class, what it loads] each, or an error in words. */
  function searches(cfg) {
    if (cfg.p === 'knight') {
      const b = knightBoard(cfg);
      if (b.bad) return b;
      const one = (method) => [KnightPane, { rows: b.rows, cols: b.cols, from: b.from, method, closed: cfg.closed }];
      return { wanted: cfg.cmp ? [one(cfg.m), one(cfg.m2)] : [one(cfg.m)] };
    }
    const bad = badN(cfg);
    if (bad) return { bad: bad.text, field: bad.field };
    const one = (n, algorithm) => [QueensPane, { n, algorithm }];
    return { wanted: cfg.cmp ? [one(cfg.n, cfg.a), one(cfg.n2, cfg.a2)] : [one(cfg.n, cfg.a)] };
  }

  /** Boards as large as the height the screen leaves below them. */
  function fit() {
    s.panes.forEach((p) => p.fit());
  }

  async function load(cfg, k = 0) {
    const seq = ++s.seq;
    player.pause();
    formError($('watch-error'), '');
    for (const field of $('watch-form').querySelectorAll('[aria-invalid="true"]')) field.setAttribute('aria-invalid', 'false');
    const plan = searches(cfg);
    if (plan.bad) {
      formError($('watch-error'), plan.bad, $(plan.field));
      return;
    }
    host.replaceChildren();
    s.panes = [];
    s.cfg = null;
    const pick = (k) => player.go(k);
    const panes = plan.wanted.map(([Kind], i) => new Kind(host, i ? 'b' : 'a', pick));
    host.classList.toggle('two', panes.length === 2);
    $('watch-pos').textContent = t('watch.loading');
    try {
      await Promise.all(panes.map((p, i) => p.load(plan.wanted[i][1])));
    } catch (e) {
      if (seq !== s.seq) return;
      host.replaceChildren();
      $('watch-pos').textContent = '';
      formError($('watch-error'), errorText(e), $(cfg.p === 'knight' ? 'watch-from' : 'watch-n'));
      return;
    }
    if (seq !== s.seq) return;
    s.panes = panes;
    s.cfg = cfg;
    s.key = JSON.stringify(cfg);
    panes.forEach((p) => p.setTitle());
    fit();
    player.seek(Math.min(k, total()));
    predict.reset();
    story();
  }

  function show(k, say) {
    for (const p of s.panes) p.show(k);
    predict?.shown(k);
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
    const stop = $('watch-stop').checked ? 1 : null;
    const step = player.k || null;
    // The class mode and the kind it asks about, so that a reload or a shared link keeps them.
    const cls = predict?.on ? 1 : null;
    const guess = predict?.on ? predict.kind : null;
    if (c.p === 'knight') {
      writeState('watch', { p: 'knight', b: c.b, from: c.from, m: c.m, m2: c.cmp ? c.m2 : null, closed: c.closed ? 1 : null, stop, step, class: cls, guess });
    } else {
      writeState('watch', { n: c.n, a: c.a, n2: c.cmp ? c.n2 : null, a2: c.cmp ? c.a2 : null, stop, step, class: cls, guess });
    }
  }

  // The class mode, made once the player it stops is.
  let predict = null;
  const player = createPlayer({
    prefix: 'watch',
    panel: $('panel-watch'),
    total,
    show,
    pos: (k, all) => t('watch.pos', { k: num(k), total: num(all) }),
    isMark: (k) => s.panes.some((p) => p.marks.includes(k)),
    nextMark(k) {
      const ks = s.panes.flatMap((p) => p.marks.filter((m) => m > k));
      return ks.length ? Math.min(...ks) : null;
    },
    branchEnd(k) {
      const ends = s.panes.map((p) => p.branchEnd(k)).filter((e) => e !== null && e > k);
      return ends.length ? Math.min(...ends) : null;
    },
    canPlay: () => s.panes.length > 0,
    hold: (from, to) => predict?.hold(from, to) ?? null,
    paused() {
      predict?.paused();
      save();
      announce(s.panes.map((p) => p.text.textContent).join('. '));
    },
  });

  predict = createPredict({
    player,
    pane: () => s.panes[0] || null,
    two: () => s.panes.length > 1,
    problem: () => s.cfg?.p || problem(),
    layout: () => {
      if (!$('panel-watch').hidden) fit();
    },
  });
  $('predict-on').addEventListener('change', save);
  $('predict-kind').addEventListener('change', save);

  // --- seed 004's story: 6 against 7 ---

  function story() {
    const box = $('watch-story');
    const p6 = s.panes.find((p) => p.n === 6);
    const p7 = s.panes.find((p) => p.n === 7);
    if (s.cfg?.p !== 'queens' || !p6 || !p7 || s.panes.length !== 2 || p6.generate || p7.generate) {
      box.hidden = true;
      return;
    }
    const first = (p) => {
      const k = p.marks[0];
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
  for (const p of ['queens', 'knight']) $('watch-p-' + p).addEventListener('change', () => showProblem(problem()));
  $('watch-stop').addEventListener('change', save);
  $('watch-compare').addEventListener('change', () => {
    $('watch-a2').disabled = $('watch-n2').disabled = !$('watch-compare').checked;
  });
  $('watch-kcompare').addEventListener('change', () => {
    $('watch-m2').disabled = !$('watch-kcompare').checked;
  });
  const redraw = () => {
    if ($('panel-watch').hidden) return;
    fit();
    s.panes.forEach((p) => p.data && p.renderTree(p.k));
  };
  window.addEventListener('resize', redraw);
  onProjector(redraw);
  onLangChange(() => {
    nameOptions();
    s.panes.forEach((p) => {
      p.setTitle();
      p.show(player.k);
    });
    player.seek(player.k);
    story();
  });

  /** The form and the search of a queens address: n, a, n2, a2. */
  function queensConfig(params) {
    const a = ALGORITHMS.includes(params.get('a')) ? params.get('a') : 'wirth';
    const a2 = ALGORITHMS.includes(params.get('a2')) ? params.get('a2') : null;
    const n = intParam(params, 'n', 1, MAX_N[a] || 12, 4);
    const n2 = a2 ? intParam(params, 'n2', 1, MAX_N[a2] || 12, n) : n;
    const cfg = { p: 'queens', a, n: String(n), cmp: !!a2, a2: a2 || 'bitmask', n2: String(n2) };
    $('watch-a').value = cfg.a;
    $('watch-n').value = cfg.n;
    $('watch-compare').checked = cfg.cmp;
    $('watch-a2').value = cfg.a2;
    $('watch-n2').value = cfg.n2;
    $('watch-a2').disabled = $('watch-n2').disabled = !cfg.cmp;
    return cfg;
  }

  /** The form and the search of a knight's address: b, from, m, m2, closed. */
  function knightConfig(params) {
    const m = METHODS.includes(params.get('m')) ? params.get('m') : 'wirth';
    const m2 = METHODS.includes(params.get('m2')) ? params.get('m2') : null;
    const cfg = { p: 'knight', b: params.get('b') || '5', from: params.get('from') || 'c3', m, closed: params.get('closed') === '1', cmp: !!m2, m2: m2 || 'warnsdorff' };
    $('watch-b').value = cfg.b;
    $('watch-from').value = cfg.from;
    $('watch-m').value = cfg.m;
    $('watch-closed').checked = cfg.closed;
    $('watch-kcompare').checked = cfg.cmp;
    $('watch-m2').value = cfg.m2;
    $('watch-m2').disabled = !cfg.cmp;
    return cfg;
  }

  return {
    show(params) {
      const knight = params.get('p') === 'knight';
      showProblem(knight ? 'knight' : 'queens');
      const cfg = knight ? knightConfig(params) : queensConfig(params);
      const step = intParam(params, 'step', 0, 10_000_000, 0);
      $('watch-stop').checked = params.get('stop') === '1';
      const key = JSON.stringify(cfg);
      if (key !== s.key || !s.panes.length) {
        s.key = key;
        load(cfg, step);
      } else if (step !== player.k) player.seek(step);
      predict.restore(params.get('class') === '1', params.get('guess'));
    },
    hide: () => player.pause(),
    retheme() {
      s.panes.forEach((p) => p.data && p.renderTree(p.k));
    },
  };
}
