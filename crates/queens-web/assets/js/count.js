// Count: the exact number of solutions of N by the server's counting engines, followed live
// over server-sent events (progress, the library's estimate of the whole made before the work
// and the time left, the same figures as `queens count` on a terminal), cancellable (closing
// the stream stops the engine), and the result: total, fundamental, the orbits by size.

import { stream } from './api.js';
import { t, num, seconds, onLangChange } from './i18n.js';
import { intParam, writeState } from './router.js';
import { $, h, announce, formError, setText } from './ui.js';

// The engines by the library's names (the reference backtracker is `somers`; `bitmask` is its
// older name, still read from old links).
const ENGINE_NAMES = { bitmask: 'somers' };

function engineName(value) {
  return ENGINE_NAMES[value] || value;
}

export function createCount() {
  const s = { n: 12, engine: 'auto', close: null, result: null, progress: null, running: false, started: 0, autorun: false };

  function save() {
    const shown = s.running || (s.result && s.result.n === s.n);
    writeState('count', { n: s.n, engine: s.engine !== 'auto' ? s.engine : null, run: shown ? 1 : null });
  }

  function setRunning(on) {
    s.running = on;
    $('count-start').disabled = on;
    $('count-cancel').disabled = !on;
    $('count-progress').hidden = false;
  }

  function start(ev) {
    ev?.preventDefault();
    stop(false);
    const text = $('count-n').value.trim();
    s.engine = engineName($('count-engine').value);
    formError($('count-error'), '', $('count-n'));
    s.result = null;
    s.progress = null;
    renderResult();
    setRunning(true);
    s.started = performance.now();
    // The address takes the new N only once the server has accepted it (its first progress
    // or its result): a refused value never enters it.
    const before = s.n;
    let accepted = false;
    const accept = () => {
      if (accepted || !/^\d+$/.test(text)) return;
      accepted = true;
      s.n = Number(text);
      save();
    };
    $('count-progress').removeAttribute('value');
    status('count.starting', { n: text });
    s.close = stream('count', { n: text, engine: s.engine }, {
      progress(p) {
        if (!p) return;
        accept();
        s.progress = p;
        renderProgress();
      },
      result(r) {
        accept();
        s.close = null;
        setRunning(false);
        s.result = r;
        $('count-progress').value = 1;
        status('count.done', { n: r.n, s: () => seconds(r.seconds) }, 'ok');
        renderResult();
        save();
        announce(t('count.announce', { n: r.n, total: num(r.total), fundamental: num(r.fundamental) }));
      },
      error(message) {
        s.close = null;
        setRunning(false);
        if (!accepted) s.n = before;
        save();
        $('count-progress').value = 0;
        status('');
        formError($('count-error'), message || t('error.network'), $('count-n'));
      },
    });
  }

  function stop(say = true) {
    if (!s.close) return;
    s.close();
    s.close = null;
    setRunning(false);
    save();
    $('count-progress').value = 0;
    if (say) {
      status('count.cancelled', {}, 'bad');
      announce(t('count.cancelled'));
    }
  }

  function status(key, vars = {}, cls = '') {
    setText($('count-status'), key, vars, 'status ' + cls);
  }

  function renderProgress() {
    const p = s.progress;
    if (!p || !s.running) return;
    if (p.total) {
      $('count-progress').max = p.total;
      $('count-progress').value = p.done;
    }
    const e = p.estimate;
    const estimate = {
      wall: () => (e ? seconds(e.wall_seconds) : '—'),
      threads: () => num(e ? e.threads : 1),
      source: () => source(e),
    };
    if (!p.total) {
      status(e ? 'count.preparingEstimated' : 'count.preparing', { elapsed: () => seconds(p.elapsed), ...estimate });
      return;
    }
    status(e ? 'count.progressEstimated' : 'count.progress', {
      done: () => num(p.done),
      total: () => num(p.total),
      elapsed: () => seconds(p.elapsed),
      eta: () => (p.eta === null || p.eta === undefined ? '—' : seconds(p.eta)),
      ...estimate,
    });
  }

  // Where the estimate comes from, in words: a timed sample of parts or choices, or the model.
  function source(e) {
    if (!e) return '';
    if (e.sample && e.sample.parts !== undefined) return t('count.fromParts', { k: num(e.sample.parts) });
    if (e.sample) return t('count.fromChoices', { k: num(e.sample.choices) });
    return t('count.fromModel');
  }

  function renderResult() {
    const box = $('count-result');
    const r = s.result;
    if (!r) {
      box.replaceChildren();
      return;
    }
    const card = (label, value, name) =>
      h('div', { class: 'big-number', dataset: { name } }, h('div', { class: 'label', text: label }), h('div', { class: 'value', text: value }));
    const orbits = Object.entries(r.orbits || {}).sort((a, b) => Number(b[0]) - Number(a[0]));
    const kinds = { 8: 'kind.simple', 4: 'kind.symmetric', 2: 'kind.doubly symmetric', 1: 'kind.invariant' };
    box.replaceChildren(
      card(t('count.total', { n: r.n }), num(r.total), 'total'),
      card(t('count.fundamental'), num(r.fundamental), 'fundamental'),
      h(
        'div',
        { class: 'big-number' },
        h('div', { class: 'label', text: t('count.orbits') }),
        h('table', { class: 'numbers' },
          h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('count.size') }), h('th', { scope: 'col', text: t('count.classes') }), h('th', { scope: 'col', text: t('count.solutionsCol') }))),
          h('tbody', {}, orbits.map(([size, k]) =>
            h('tr', { dataset: { size } },
              h('th', { scope: 'row', text: `${size} (${t(kinds[size] || 'kind.simple')})` }),
              h('td', { text: num(k) }),
              h('td', { text: num(BigInt(k) * BigInt(size)) }),
            ),
          )),
        ),
        h('p', { class: 'small', text: orbits.map(([size, k]) => `${num(k)} · ${size}`).join(' + ') + ' = ' + num(r.total) }),
      ),
    );
  }

  $('count-form').addEventListener('submit', start);
  $('count-cancel').addEventListener('click', () => stop(true));
  onLangChange(() => {
    renderResult();
  });

  return {
    show(params) {
      const n = intParam(params, 'n', 1, 64, 12);
      const engine = engineName(params.get('engine') || 'auto');
      $('count-n').value = String(n);
      $('count-engine').value = [...$('count-engine').options].some((o) => o.value === engine) ? engine : 'auto';
      const same = s.n === n && s.engine === $('count-engine').value;
      s.n = n;
      s.engine = $('count-engine').value;
      if (params.get('run') === '1' && !s.running && !(same && s.result)) start();
      else save();
    },
  };
}
