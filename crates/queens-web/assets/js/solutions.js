// Solutions: every solution of N page by page (or one per symmetry class), the chosen one's
// classification and its orbit (the eight images, identical ones grouped, the canonical one
// marked), the gallery of the fundamental solutions with seed 004's sum (11·8 + 1·4 = 92 for
// N = 8), and the table of counts for N = 1..27, computed or published. The torus and
// superqueen switches list the solutions under those rules (the library's search). Below them,
// the cover panel (cover.js) with its own N up to 32.

import { Board, miniBoard } from './board.js';
import { createCover, COVER_MAX_N } from './cover.js';
import { getJSON } from './api.js';
import { t, num, onLangChange } from './i18n.js';
import { intParam, isSuperqueen, writeState } from './router.js';
import { rowsText, rowsToSquares, squareList, squareName } from './notation.js';
import { $, h, announce, errorText, formError, setText, wholeNumber } from './ui.js';

const PAGE = 100;
const MAX_N = 20;
const GALLERY_MAX = 92;

export function createSolutions() {
  const s = {
    n: 8,
    fund: false,
    i: 1, // 1-based number of the chosen solution in the listing
    page: null, // { offset, solutions, more, total }
    detail: null,
    gallery: null,
    counts: null,
    seq: 0,
    torus: false,
    superq: false,
  };
  const board = new Board({ cols: 8, rows: 8 });
  $('sol-board').appendChild(board.el);
  const cover = createCover(() => save());

  // --- listing ---

  /** Drops the listing of the state before this one: an answer still on its way for it is
   * then discarded when it comes (it would otherwise be shown under the new N and rules). */
  function forget() {
    s.page = null;
    s.seq++;
  }

  async function loadPage(offset) {
    const seq = ++s.seq;
    const res = await getJSON('solutions', { n: s.n, fundamental: s.fund, offset, limit: PAGE, ...rules() });
    if (seq !== s.seq) return false;
    // Each solution is the record `queens list --json` writes; its number in the listing is the
    // page's offset and its place on the page.
    const solutions = res.solutions.map((sol, k) => ({ ...sol, index: offset + k }));
    s.page = { offset, solutions, more: res.more, total: res.total };
    renderList();
    return true;
  }

  /** The rules' parameters of the API (none for the classic board). */
  function rules() {
    return { piece: s.superq ? 'superqueen' : undefined, torus: s.torus ? true : undefined };
  }

  /** How many solutions (or classes) N has: the listing's total, else the table of counts. */
  function knownTotal() {
    if (s.page && s.page.total !== null && s.page.total !== undefined) return Number(s.page.total);
    if (s.torus || s.superq) return null;
    const row = s.counts?.find((r) => r.n === s.n);
    if (!row) return null;
    return Number(s.fund ? row.fundamental : row.total);
  }

  async function select(i, { focusList = false, say = false } = {}) {
    if (i < 1) return;
    // A number past the last solution is brought back to the last, and said so.
    let clamped = null;
    if (!s.counts) await loadCountsQuietly();
    const total = knownTotal();
    if (total !== null && total > 0 && i > total) {
      clamped = { asked: i, total };
      i = total;
    }
    const offset = Math.floor((i - 1) / PAGE) * PAGE;
    try {
      if (!s.page || s.page.offset !== offset) {
        if (!(await loadPage(offset))) return;
      }
    } catch (e) {
      formError($('sol-error'), errorText(e), $('sol-n'));
      return;
    }
    const sol = s.page.solutions[i - 1 - offset];
    if (!sol) {
      if (!s.page.solutions.length && s.page.offset === 0) {
        s.i = null;
        save();
        clearDetail();
      }
      return;
    }
    s.i = i;
    if (clamped) setText($('sol-clamped'), s.fund ? 'sol.clampedFund' : 'sol.clamped', { asked: num(clamped.asked), total: num(clamped.total), n: s.n });
    else setText($('sol-clamped'), '');
    save();
    renderList();
    if (focusList) $('sol-list').focus();
    await showDetail(sol, say);
  }

  function save() {
    const c = s.torus || s.superq ? null : cover.shown();
    writeState('solutions', { n: s.n, f: s.fund ? 1 : null, i: s.i, torus: s.torus ? 1 : null, piece: s.superq ? 'superqueen' : null, cover: c });
  }

  function totalText() {
    const p = s.page;
    if (!p) return '';
    const total = knownTotal();
    if (!p.solutions.length && p.offset === 0) return t('sol.none', { n: s.n });
    const from = p.solutions.length ? p.offset + 1 : 0;
    const to = p.offset + p.solutions.length;
    const what = s.fund ? 'sol.summaryFund' : 'sol.summary';
    return t(what, { n: s.n, total: total !== null ? num(total) : t('sol.unknownTotal'), raw: total, from: num(from), to: num(to) });
  }

  function renderList() {
    const p = s.page;
    const list = $('sol-list');
    if (!p) return;
    $('sol-summary').textContent = totalText();
    list.replaceChildren(
      ...p.solutions.map((sol) => {
        const i = sol.index + 1;
        return h(
          'li',
          { id: `sol-opt-${i}`, role: 'option', 'aria-selected': String(i === s.i), dataset: { i: String(i), orbit: String(sol.orbit) }, onclick: () => select(i) },
          h('span', { class: 'idx', text: '#' + i }),
          h('span', { class: 'rows', text: rowsText(sol.rows) }),
          h('span', { class: 'orb', text: t('sol.orbitShort', { k: sol.orbit }) }),
        );
      }),
    );
    if (!p.solutions.length) list.replaceChildren(h('li', { text: t('sol.none', { n: s.n }) }));
    list.setAttribute('aria-activedescendant', `sol-opt-${s.i}`);
    document.getElementById(`sol-opt-${s.i}`)?.scrollIntoView({ block: 'nearest' });
    $('sol-prev-page').disabled = p.offset === 0;
    $('sol-next-page').disabled = !p.more;
    $('sol-page').textContent = p.solutions.length ? t('sol.pageOf', { from: num(p.offset + 1), to: num(p.offset + p.solutions.length) }) : '';
    $('sol-next-page').disabled = !p.more || (knownTotal() !== null && p.offset + PAGE >= knownTotal());
    $('sol-k').max = String(knownTotal() ?? '');
    $('sol-prev').disabled = s.i <= 1;
    $('sol-next').disabled = !p.more && s.i >= p.offset + p.solutions.length;
  }

  // --- one solution and its orbit ---

  async function showDetail(sol, say) {
    const seq = s.seq;
    board.resize(s.n, s.n);
    board.setPieces(rowsToSquares(sol.rows).map((sq) => ({ sq })));
    board.setLabel(t('sol.boardLabel', { n: s.n, rows: rowsText(sol.rows) }));
    $('sol-open-place').href = `#/place?n=${s.n}&q=${squareList(rowsToSquares(sol.rows))}`;
    try {
      const c = await getJSON('classify', { rows: sol.rows.join(',') });
      if (seq !== s.seq) return;
      s.detail = { sol, c };
      renderDetail();
      if (say) announce($('sol-title').textContent);
    } catch (e) {
      formError($('sol-error'), errorText(e));
    }
  }

  /** No solution to show (N = 2 and 3): an empty board and nothing else. */
  function clearDetail() {
    s.detail = null;
    board.resize(s.n, s.n);
    board.setPieces([]);
    board.setLabel(t('sol.none', { n: s.n }));
    $('sol-title').textContent = t('sol.none', { n: s.n });
    const why = s.torus ? 'rules.noneTorus' : s.superq ? 'rules.noneSuper' : s.n === 2 ? 'big.none2' : 'big.none3';
    $('sol-facts').replaceChildren(h('dt', { text: t('sol.why') }), h('dd', { text: t(why, { n: s.n }) }));
    $('orbit-grid').replaceChildren();
    $('orbit-grid').dataset.distinct = '0';
    $('orbit-summary').textContent = t('orbit.none', { n: s.n });
    setText($('sol-clamped'), '');
  }

  function symName(name) {
    return t('sym.' + name);
  }

  /** The kind of an orbit in words: the record names it `doubly_symmetric`, the words' key `kind.doubly symmetric`. */
  function kindName(kind) {
    return t('kind.' + kind.replaceAll('_', ' '));
  }

  function renderDetail() {
    if (!s.detail) return;
    const { sol, c } = s.detail;
    const i = sol.index + 1;
    $('sol-title').textContent = t('sol.title1', { i: num(i), rows: rowsText(sol.rows) });
    const kind = kindName(c.kind);
    // Every board is left as it is by the identity: name the others, or say there are none.
    const others = c.fixed_by.filter((name) => name !== 'identity');
    const fixed = others.length ? others.map(symName).join(', ') : t('sol.fixedNone');
    $('sol-facts').replaceChildren(
      h('dt', { text: t('sol.kind') }),
      h('dd', {}, h('span', { class: 'kind-badge', text: kind })),
      h('dt', { text: t('sol.orbitSize') }),
      h('dd', { text: t('sol.orbitSizeText', { k: c.orbit }) }),
      h('dt', { text: t('sol.fixedBy') }),
      h('dd', { text: fixed }),
      h('dt', { text: t('sol.canonical') }),
      h('dd', { text: rowsText(c.canonical) + (c.is_canonical ? ' ' + t('sol.thisOne') : '') }),
      h('dt', { text: t('sol.squares') }),
      h('dd', { text: rowsToSquares(sol.rows).map(squareName).join(' ') }),
    );
    renderOrbit(c);
  }

  function renderOrbit(c) {
    const groups = [];
    for (const m of c.members) {
      const k = m.rows.join(' ');
      let g = groups.find((x) => x.key === k);
      if (!g) groups.push((g = { key: k, rows: m.rows, syms: [] }));
      g.syms.push(m.symmetry);
    }
    const canon = c.canonical.join(' ');
    const grid = $('orbit-grid');
    grid.dataset.distinct = String(groups.length);
    grid.replaceChildren(
      ...groups.map((g) => {
        const isThis = g.syms.includes('identity');
        const isCanon = g.key === canon;
        const mb = miniBoard(g.rows, t('orbit.cardLabel', { rows: g.key, syms: g.syms.map(symName).join(', ') }));
        return h(
          'figure',
          { class: `orbit-card${isCanon ? ' canonical' : ''}${isThis ? ' this' : ''}` },
          mb.el,
          h('figcaption', {},
            h('div', { class: 'card-title', text: g.key }),
            h('div', { class: 'syms' }, g.syms.map((sym) => h('span', { class: 'sym' + (isThis ? ' fix' : ''), text: symName(sym) }))),
            h('div', { class: 'badges' },
              isCanon ? h('span', { class: 'badge ok', text: t('orbit.canonical') }) : null,
              isThis ? h('span', { class: 'badge pub', text: t('orbit.this') }) : null,
            ),
          ),
        );
      }),
    );
    $('orbit-summary').textContent = t('orbit.summary', {
      distinct: groups.length,
      kind: kindName(c.kind),
      fixed: c.fixed_by.length,
    });
  }

  // --- gallery of the fundamental solutions ---

  async function loadGallery() {
    const n = s.n;
    const box = $('gallery');
    const key = JSON.stringify([n, s.torus, s.superq]);
    if (s.gallery && s.gallery.key === key) return renderGallery();
    s.gallery = { n, key, list: null };
    let res;
    try {
      res = await getJSON('solutions', { n, fundamental: true, offset: 0, limit: GALLERY_MAX + 1, ...rules() });
    } catch (e) {
      box.hidden = true;
      return;
    }
    if (s.gallery.key !== key) return;
    s.gallery.list = res.solutions.length <= GALLERY_MAX ? res.solutions : null;
    s.gallery.total = res.total;
    renderGallery();
  }

  function renderGallery() {
    const g = s.gallery;
    const box = $('gallery');
    if (!g || !g.list || !g.list.length) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const bySize = new Map();
    for (const sol of g.list) bySize.set(sol.orbit, (bySize.get(sol.orbit) || 0) + 1);
    const sizes = [...bySize.keys()].sort((a, b) => b - a);
    const total = sizes.reduce((acc, k) => acc + k * bySize.get(k), 0);
    const sum = sizes.map((k) => `${bySize.get(k)} · ${k}`).join(' + ') + ` = ${num(total)}`;
    $('gallery-title').textContent = t('gallery.title', { n: g.n, count: g.list.length });
    const lead = s.torus ? 'gallery.leadTorus' : g.n === 8 && !s.superq ? 'gallery.lead8' : 'gallery.lead';
    $('gallery-lead').textContent = t(lead, { n: g.n });
    $('gallery-sum').textContent = sum;
    $('gallery-sum').setAttribute('aria-label', t('gallery.sumLabel', { sum }));
    $('gallery-grid').replaceChildren(
      ...g.list.map((sol, k) => {
        const mb = miniBoard(sol.rows, rowsText(sol.rows));
        mb.svg.setAttribute('aria-hidden', 'true');
        return h(
          'button',
          {
            type: 'button',
            class: 'gallery-card' + (sol.orbit < 8 && g.n > 3 ? ' symmetric' : ''),
            dataset: { orbit: String(sol.orbit), rows: rowsText(sol.rows) },
            'aria-label': t('gallery.cardLabel', { k: k + 1, rows: rowsText(sol.rows), orbit: sol.orbit }),
            onclick: () => openFundamental(k + 1),
          },
          mb.el,
          h('span', { class: 'card-title', text: `${k + 1}) ${rowsText(sol.rows)}` }),
          h('span', { class: 'small', text: t('sol.orbitShort', { k: sol.orbit }) }),
        );
      }),
    );
  }

  function openFundamental(k) {
    if (!s.fund) {
      s.fund = true;
      $('sol-fund').checked = true;
      forget();
    }
    select(k, { say: true });
    $('sol-title').scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  function coverReset() {
    cover.reset(s.n, s.torus || s.superq);
  }

  // --- the table of counts ---

  async function loadCountsQuietly() {
    try {
      s.counts = (await getJSON('counts')).rows;
    } catch {
      s.counts = null;
    }
  }

  async function loadCounts() {
    if (!s.counts) {
      try {
        s.counts = (await getJSON('counts')).rows;
      } catch (e) {
        $('counts-table').replaceChildren(h('caption', { text: errorText(e) }));
        return;
      }
    }
    renderCounts();
  }

  function renderCounts() {
    if (!s.counts) return;
    const head = h('thead', {}, h('tr', {}, ['counts.n', 'counts.total', 'counts.fundamental', 'counts.source'].map((k) => h('th', { scope: 'col', text: t(k) }))));
    const body = h(
      'tbody',
      {},
      s.counts.map((r) =>
        h(
          'tr',
          { dataset: { n: String(r.n), source: r.source } },
          h('th', { scope: 'row', text: String(r.n) }),
          h('td', { text: num(r.total) }),
          h('td', { text: num(r.fundamental) }),
          h('td', { class: 'src' }, h('span', { class: 'badge ' + (r.source === 'computed' ? 'ok' : 'pub'), text: t('counts.' + r.source) })),
        ),
      ),
    );
    $('counts-table').replaceChildren(head, body);
  }

  // --- wiring ---

  async function submit(ev) {
    ev?.preventDefault();
    const text = $('sol-n').value.trim();
    const fund = $('sol-fund').checked;
    s.torus = $('sol-torus').checked;
    s.superq = $('sol-super').checked;
    try {
      // The server says what it accepts; the page only asks.
      await getJSON('solutions', { n: text, fundamental: fund, offset: 0, limit: 1, ...rules() });
    } catch (e) {
      formError($('sol-error'), errorText(e), $('sol-n'));
      return;
    }
    formError($('sol-error'), '', $('sol-n'));
    s.n = Number(text);
    s.fund = fund;
    forget();
    coverReset();
    await select(1, { say: true });
    loadGallery();
  }

  $('sol-form').addEventListener('submit', submit);
  $('sol-goto').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const k = wholeNumber($('sol-k').value);
    const total = knownTotal();
    if (k === null || k < 1) {
      formError($('sol-k-error'), t('sol.badK', { text: $('sol-k').value.trim(), total: total === null ? '—' : num(total) }), $('sol-k'));
      return;
    }
    formError($('sol-k-error'), '', $('sol-k'));
    select(k, { say: true });
  });
  $('sol-fund').addEventListener('change', () => submit());
  $('sol-torus').addEventListener('change', () => submit());
  $('sol-super').addEventListener('change', () => submit());
  $('sol-prev').addEventListener('click', () => select(s.i - 1, { say: true }));
  $('sol-next').addEventListener('click', () => select(s.i + 1, { say: true }));
  $('sol-prev-page').addEventListener('click', () => select(Math.max(1, s.page.offset - PAGE + 1), { say: true }));
  $('sol-next-page').addEventListener('click', () => select(s.page.offset + PAGE + 1, { say: true }));
  $('sol-list').addEventListener('keydown', (ev) => {
    const d = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[ev.key];
    if (d) {
      ev.preventDefault();
      select(Math.max(1, s.i + d), { say: true, focusList: true });
    } else if (ev.key === 'Home') {
      ev.preventDefault();
      select(1, { say: true, focusList: true });
    }
  });
  onLangChange(() => {
    renderList();
    renderDetail();
    renderGallery();
    renderCounts();
  });

  return {
    show(params) {
      const n = intParam(params, 'n', 1, MAX_N, 8);
      const fund = params.get('f') === '1';
      const i = intParam(params, 'i', 1, 1e6, 1);
      const torus = params.get('torus') === '1';
      const superq = isSuperqueen(params);
      $('sol-n').value = String(n);
      $('sol-fund').checked = fund;
      $('sol-torus').checked = torus;
      $('sol-super').checked = superq;
      if (n !== s.n || fund !== s.fund || torus !== s.torus || superq !== s.superq || !s.page) {
        s.n = n;
        s.fund = fund;
        s.torus = torus;
        s.superq = superq;
        forget();
        coverReset();
      }
      if (n <= 3 || i !== s.i || !s.detail || s.detail.sol.index + 1 !== i || !s.page) select(i);
      else save();
      const c = intParam(params, 'cover', 1, COVER_MAX_N, null);
      if (c !== null && !torus && !superq) cover.open(c);
      loadGallery();
      loadCounts();
    },
    relabel() {},
  };
}
