// Place: a board of any size from 1 to 64, queens put and taken by click or keyboard, the
// attacked squares shaded and every attack drawn and said in words (the server's check:
// every attacking pair), completion and counting of completions by the library's engines,
// undo and redo, and the arithmetic form of the placement (the 2007 course project's). The
// torus and superqueen switches check the board under those rules (the library's), and mark
// the attacked squares as those rules attack; completion stays with the classic rules.

import { Board } from './board.js';
import { getJSON, stream } from './api.js';
import { t, num, seconds, onLangChange } from './i18n.js';
import { intParam, isSuperqueen, writeState } from './router.js';
import { fileName, key, parseSquareList, squareList, squareName } from './notation.js';
import { conflictText } from './conflict.js';
import { $, h, announce, errorText, formError, reasonWords, sentence, setText, wholeNumber } from './ui.js';

// The server checks boards of up to 64 files, but past 32 the squares are too small to read or
// click on a screen; Big boards draws the large ones.
const MAX_N = 32;

export function createPlace() {
  const s = {
    n: 8,
    queens: [],
    added: new Set(),
    undo: [],
    redo: [],
    check: null,
    note: '',
    checkSeq: 0,
    countClose: null,
    busy: false,
    torus: false,
    superq: false,
  };
  const board = new Board({
    cols: 8,
    rows: 8,
    interactive: true,
    onActivate: (sq) => toggle(sq),
    onCursor: (sq) => announce(describeSquare(sq)),
  });
  $('place-board').appendChild(board.el);
  board.svg.id = 'place-svg';

  // --- state changes ---

  function has(sq) {
    return s.queens.some((q) => q[0] === sq[0] && q[1] === sq[1]);
  }

  function sorted(list) {
    return [...list].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  }

  /** The board as the history keeps it: its size, its queens, the ones the server added. */
  function snapshot() {
    return { n: s.n, queens: s.queens, added: s.added };
  }

  function restore(saved) {
    ({ n: s.n, queens: s.queens, added: s.added } = saved);
  }

  function commit(next, { added = new Set(), say = null, note = null, n = s.n } = {}) {
    s.note = note;
    s.undo.push(snapshot());
    if (s.undo.length > 500) s.undo.shift();
    s.redo = [];
    s.n = n;
    s.queens = sorted(next);
    s.added = added;
    changed(say);
  }

  function toggle(sq) {
    const name = squareName(sq);
    if (has(sq)) {
      commit(s.queens.filter((q) => q[0] !== sq[0] || q[1] !== sq[1]), { say: t('place.removed', { sq: name }) });
    } else {
      commit([...s.queens, sq], { say: t('place.placed', { sq: name }) });
    }
  }

  function undo() {
    if (!s.undo.length) return;
    s.redo.push(snapshot());
    restore(s.undo.pop());
    changed(t('place.undone'));
  }

  function redo() {
    if (!s.redo.length) return;
    s.undo.push(snapshot());
    restore(s.redo.pop());
    changed(t('place.redone'));
  }

  /** Every change of the board: what was said of the board before (its check, its verdict,
   * its count of completions) no longer describes it, so it goes before anything is drawn. */
  function changed(say) {
    s.check = null;
    $('place-verdict').hidden = true;
    forgetCount();
    render();
    save();
    runCheck(say);
  }

  function save() {
    writeState('place', { n: s.n, q: squareList(s.queens), torus: s.torus ? 1 : null, piece: s.superq ? 'superqueen' : null });
  }

  /** The rules' parameters of the API (none for the classic board). */
  function rules() {
    return { piece: s.superq ? 'superqueen' : undefined, torus: s.torus ? true : undefined };
  }

  function classic() {
    return !s.torus && !s.superq;
  }

  /** Whether a queen on q attacks square [c, r] under the chosen rules. */
  function attacks(q, c, r) {
    const n = s.n;
    const wrap = (d) => (s.torus ? ((d % n) + n) % n : d);
    const dc = c - q[0];
    const dr = r - q[1];
    if (dc === 0 || dr === 0 || wrap(dc - dr) === 0 || wrap(dc + dr) === 0) return true;
    if (!s.superq) return false;
    const k = (d, m) => wrap(d - m) === 0 || wrap(d + m) === 0;
    return (k(dc, 1) && k(dr, 2)) || (k(dc, 2) && k(dr, 1));
  }

  function setRules() {
    s.torus = $('place-torus').checked;
    s.superq = $('place-super').checked;
    $('place-complete').disabled = !classic();
    $('place-count').disabled = !classic();
    setText($('place-rules-note'), classic() ? '' : 'rules.placeNote');
  }

  // --- drawing ---

  function attacked() {
    const out = [];
    if (!$('place-shade').checked || !s.queens.length) return out;
    for (let c = 1; c <= s.n; c++) {
      for (let r = 1; r <= s.n; r++) {
        if (has([c, r])) continue;
        if (s.queens.some((q) => attacks(q, c, r))) out.push({ sq: [c, r], cls: 'attacked' });
      }
    }
    return out;
  }

  function clashing() {
    const bad = new Set();
    for (const c of s.check?.conflicts || []) {
      bad.add(key(c.a));
      bad.add(key(c.b));
    }
    return bad;
  }

  function render() {
    if (board.cols !== s.n) board.resize(s.n, s.n);
    const bad = clashing();
    board.setDots(attacked());
    board.setPieces(
      s.queens.map((q) => ({ sq: q, cls: bad.has(key(q)) ? 'clash' : s.added.has(key(q)) ? 'added' : '' })),
    );
    const lines = $('place-lines').checked ? (s.check?.conflicts || []).map((c) => ({ a: c.a, b: c.b })) : [];
    board.setLines(lines);
    board.svg.dataset.queens = squareList(s.queens);
    board.setLabel(
      t('place.boardLabel', {
        n: s.n,
        count: s.queens.length,
        list: s.queens.length ? s.queens.map(squareName).join(', ') : t('place.none'),
      }),
    );
    // the field says the size of the board when it changes; a redraw (a check's answer, a
    // language) never rewrites what is being typed there
    if (s.fieldN !== s.n) {
      $('place-n').value = String(s.n);
      s.fieldN = s.n;
    }
    $('place-undo').disabled = !s.undo.length;
    $('place-redo').disabled = !s.redo.length;
    renderConflicts();
    renderArith();
  }

  function renderConflicts() {
    if (s.note) setText($('place-note'), ...s.note);
    else setText($('place-note'), '');
    const list = $('place-conflicts');
    list.replaceChildren(...(s.check?.conflicts || []).map((c) => h('li', { text: conflictText(c) })));
    const st = $('place-status');
    st.className = 'status';
    if (!s.check) {
      // the check of this board is on its way: nothing said of an earlier board stays
      st.textContent = '';
      return;
    }
    const k = s.check.conflicts.length;
    if (s.check.complete) {
      st.textContent = t('place.solved', { n: s.n });
      st.classList.add('ok');
    } else if (k === 0) {
      st.textContent = t('place.peaceful', { count: s.queens.length, left: s.n - s.queens.length });
    } else {
      st.textContent = t('place.attacks', { count: s.queens.length, pairs: k });
      st.classList.add('bad');
    }
  }

  /** Seed 004's form: t(i) and the sums and differences, repeats marked. */
  function renderArith() {
    const table = $('place-arith');
    if (!s.queens.length) {
      table.replaceChildren(h('caption', { text: t('arith.empty') }));
      return;
    }
    const qs = s.queens;
    const rows = [
      ['arith.square', qs.map((q) => squareName(q)), false],
      ['arith.i', qs.map((q) => q[0]), true],
      ['arith.t', qs.map((q) => q[1]), true],
      ['arith.sum', qs.map((q) => q[1] + q[0]), true],
      ['arith.diff', qs.map((q) => q[1] - q[0]), true],
    ];
    const body = rows.map(([label, values, mark]) => {
      const seen = new Map();
      for (const v of values) seen.set(v, (seen.get(v) || 0) + 1);
      return h(
        'tr',
        {},
        h('th', { scope: 'row', text: t(label) }),
        values.map((v) => {
          const rep = mark && seen.get(v) > 1;
          const text = typeof v === 'number' && v < 0 ? '−' + -v : String(v);
          return h('td', { class: rep ? 'repeat' : '', title: rep ? t('arith.repeated') : null }, text, rep ? h('span', { class: 'sr-only', text: ' ' + t('arith.repeated') }) : null);
        }),
      );
    });
    const repeats = rows.slice(1).filter(([, values]) => new Set(values).size < values.length).length;
    table.replaceChildren(h('tbody', {}, body), h('caption', { text: repeats ? t('arith.someRepeat') : t('arith.noRepeat') }));
  }

  function describeSquare(sq) {
    const name = squareName(sq);
    if (has(sq)) return t('place.sqQueen', { sq: name });
    const c = sq[0];
    const r = sq[1];
    const hit = s.queens.some((q) => attacks(q, c, r));
    return t(hit ? 'place.sqAttacked' : 'place.sqFree', { sq: name });
  }

  // --- the server ---

  async function runCheck(say = null, explicit = false) {
    const seq = ++s.checkSeq;
    try {
      const res = await getJSON('check', { n: s.n, queens: squareList(s.queens), ...rules() });
      if (seq !== s.checkSeq) return;
      s.check = res;
      render();
      if (explicit) showVerdict(res);
      if (say || explicit) announce([say, $('place-status').textContent, ...res.conflicts.map(conflictText)].filter(Boolean).join('. '));
    } catch (e) {
      if (seq !== s.checkSeq) return;
      setError(e);
    }
  }

  /** Check's verdict, large and framed, shown again at each press (it stays until a change). */
  function showVerdict(res) {
    const el = $('place-verdict');
    const k = res.conflicts.length;
    const key = res.complete ? 'place.verdictSolved' : k ? 'place.verdictBad' : 'place.verdictOk';
    setText(el, key, { n: s.n, pairs: k, count: s.queens.length, left: s.n - s.queens.length }, 'verdict ' + (res.complete ? 'ok' : k ? 'bad' : 'open'));
    el.hidden = false;
    el.classList.remove('flash');
    void el.offsetWidth;
    el.classList.add('flash');
  }

  /** A message in place of the check's verdict: a key and its values, or a server's error. */
  function setStatus(key, vars = {}, cls = '') {
    setText($('place-status'), key, vars, 'status ' + cls);
    s.note = null;
    setText($('place-note'), '');
  }

  function setError(e) {
    setStatus('');
    const st = $('place-status');
    st.className = 'status bad';
    st.textContent = errorText(e);
  }

  async function complete() {
    setStatus('place.completing');
    const preset = s.queens;
    try {
      const res = await getJSON('complete', { n: s.n, queens: squareList(preset) });
      if (res.status === 'solved') {
        const presetKeys = new Set(preset.map(key));
        const all = res.rows.map((r, i) => [i + 1, r]);
        const added = new Set(all.map(key).filter((k) => !presetKeys.has(k)));
        const note = ['place.completed', { kept: preset.length, added: added.size }];
        commit(all, { added, say: t(...note), note });
      } else {
        const bad = (s.check?.conflicts || []).length;
        const first = bad ? s.check.conflicts[0] : null;
        if (first) setStatus('place.impossibleClash', { what: () => conflictText(first) }, 'bad');
        else if (!preset.length) setStatus('place.impossibleNone', { n: s.n }, 'bad');
        else setStatus('place.impossible', { n: s.n, list: preset.map(squareName).join(', ') }, 'bad');
        announce($('place-status').textContent);
      }
    } catch (e) {
      setError(e);
    }
  }

  /**
   * The next solution from here, in the order backtracking meets them: the queens must stand
   * on files a, b, ... one each (the state of a search); the server resumes the search there.
   */
  async function nextSolution() {
    const byFile = new Map(s.queens.map((q) => [q[0], q[1]]));
    const k = s.queens.length;
    const shaped = byFile.size === k && [...byFile.keys()].every((c) => c <= k);
    if (!shaped) {
      setStatus('place.nextShape', {}, 'bad');
      announce($('place-status').textContent);
      return;
    }
    setStatus('place.nextSearching');
    const rows = [...byFile.keys()].sort((a, b) => a - b).map((c) => byFile.get(c));
    try {
      const res = await getJSON('next', { n: s.n, rows: rows.join(','), ...rules() });
      if (!res.rows) {
        setStatus('place.nextNone', { n: s.n }, 'bad');
        announce($('place-status').textContent);
        return;
      }
      const before = new Set(s.queens.map(key));
      const all = res.rows.map((r, i) => [i + 1, r]);
      const added = new Set(all.map(key).filter((x) => !before.has(x)));
      const note = [res.kept === k ? 'place.nextKept' : 'place.nextMoved', { kept: res.kept, k, file: res.kept < k ? fileName(res.kept + 1) : '' }];
      commit(all, { added, say: t(...note), note });
    } catch (e) {
      setError(e);
    }
  }

  /**
   * Counts the completions of the board on the server, following its stream: the running
   * count (the completions found so far and the time) while it searches, then the number.
   * Cancel, another count, or leaving the part closes the stream, and the server stops.
   */
  function countCompletions() {
    const out = $('place-count-result');
    const cap = wholeNumber($('place-cap').value);
    stopCount();
    $('place-cancel').hidden = false;
    $('place-count').disabled = true;
    delete out.dataset.count;
    delete out.dataset.found;
    const started = performance.now();
    let last = null;
    const found = () => num(last ? last.found : 0);
    // a time never broken from its unit at the end of a line ("600 ms", "2,5 с")
    const time = (x) => seconds(x).replace(/ /g, '\u00a0');
    const running = () =>
      setText(out, 'place.foundSoFar', { count: found, s: () => time(last ? last.elapsed : (performance.now() - started) / 1000) }, 'result counting busy');
    running();
    const finished = () => {
      s.countClose = null;
      $('place-cancel').hidden = true;
      $('place-count').disabled = false;
    };
    const close = stream('completions', { n: s.n, queens: squareList(s.queens), cap: cap === null ? $('place-cap').value : cap }, {
      progress(p) {
        if (!p || s.countClose !== close) return;
        last = p;
        out.dataset.found = String(p.found);
        running();
      },
      result(r) {
        if (s.countClose !== close) return;
        finished();
        if (!r) return;
        const count = () => num(r.completions);
        if (r.reason) setText(out, 'place.noneBecause', { reason: () => reasonWords(r) }, 'result counted');
        else if (r.capped) setText(out, 'place.capped', { count }, 'result counted');
        else setText(out, 'place.completionsCount', { count, raw: r.completions, s: () => time(r.seconds) }, 'result counted');
        out.dataset.found = String(r.completions);
        out.dataset.count = String(r.completions);
        announce(out.textContent);
      },
      error(message) {
        if (s.countClose !== close) return;
        finished();
        const why = message ? sentence(message) : t('error.network');
        // what was found before the stop is still a lower bound
        if (last && last.found > 0) setText(out, 'place.stoppedAfter', { why, count: found }, 'result bad');
        else setText(out, 'place.stopped', { why }, 'result bad');
      },
    });
    s.countClose = close;
  }

  /** Stops any count and clears its result: it was the count of another board. */
  function forgetCount() {
    stopCount();
    const out = $('place-count-result');
    setText(out, '', {}, 'result');
    delete out.dataset.count;
    delete out.dataset.found;
  }

  /** Stops a count under way; `say` tells what it had found when it was cancelled. */
  function stopCount(say = false) {
    if (!s.countClose) return;
    s.countClose();
    s.countClose = null;
    $('place-cancel').hidden = true;
    $('place-count').disabled = false;
    if (!say) return;
    const out = $('place-count-result');
    const count = out.dataset.found;
    if (count && count !== '0') setText(out, 'place.cancelledAfter', { count: () => num(count) }, 'result bad');
    else setText(out, 'common.cancelled', {}, 'result bad');
    announce(out.textContent);
  }

  async function resize(ev) {
    ev.preventDefault();
    const field = $('place-n');
    const text = field.value.trim();
    // This part's own bound (32, what is readable), said in its own words.
    const n = wholeNumber(text);
    if (n === null || n < 1) {
      formError($('place-n-error'), t('place.badN', { text, max: MAX_N }), field);
      return;
    }
    if (n > MAX_N) {
      formError($('place-n-error'), t('place.tooBig', { text, max: MAX_N }), field);
      return;
    }
    formError($('place-n-error'), '', field);
    // A new board is an empty board (Undo brings the queens and the size back).
    commit([], { n, say: t('place.newBoard', { n }) });
  }

  // --- wiring ---

  $('place-form').addEventListener('submit', resize);
  $('place-check').addEventListener('click', () => runCheck(null, true));
  $('place-complete').addEventListener('click', complete);
  $('place-next').addEventListener('click', nextSolution);
  $('place-undo').addEventListener('click', undo);
  $('place-redo').addEventListener('click', redo);
  $('place-clear').addEventListener('click', () => commit([], { say: t('place.cleared') }));
  $('place-count').addEventListener('click', countCompletions);
  $('place-cancel').addEventListener('click', () => stopCount(true));
  $('place-shade').addEventListener('change', render);
  for (const id of ['place-torus', 'place-super']) {
    $(id).addEventListener('change', () => {
      setRules();
      changed(null);
    });
  }
  $('place-lines').addEventListener('change', render);
  $('panel-place').addEventListener('keydown', (ev) => {
    if (ev.target.matches('input, select, textarea')) return;
    const k = ev.key.toLowerCase();
    if ((ev.ctrlKey || ev.metaKey) && k === 'z') {
      ev.preventDefault();
      if (ev.shiftKey) redo();
      else undo();
    } else if ((ev.ctrlKey || ev.metaKey) && k === 'y') {
      ev.preventDefault();
      redo();
    }
  });
  onLangChange(render);

  return {
    show(params) {
      const n = intParam(params, 'n', 1, MAX_N, 8);
      const queens = sorted(parseSquareList(params.get('q') || '').filter((q) => q[0] <= n && q[1] <= n));
      $('place-torus').checked = params.get('torus') === '1';
      $('place-super').checked = isSuperqueen(params);
      const sameRules = s.torus === $('place-torus').checked && s.superq === $('place-super').checked;
      setRules();
      const same = sameRules && n === s.n && squareList(queens) === squareList(s.queens) && s.check;
      if (!same) {
        s.n = n;
        s.queens = queens;
        s.added = new Set();
        s.check = null;
        $('place-verdict').hidden = true;
        forgetCount();
        render();
        runCheck();
      }
      save();
    },
    hide() {
      stopCount();
    },
    relabel: render,
  };
}
