// Guard the board (queens domination): queens put and taken by click or keyboard, the squares
// no queen watches shaded, a sentence saying how many are left, and the server's minimum set
// (`/api/dominate`, the library's exact search) with the reason its size is least: Weakley's
// bound ceil(N/2) (Finozhenok and Weakley 2007), the search over one queen fewer, or not proved.

import { Board } from './board.js';
import { getJSON } from './api.js';
import { t, onLangChange } from './i18n.js';
import { intParam, writeState } from './router.js';
import { parseSquareList, squareList, squareName } from './notation.js';
import { $, announce, errorText, formError, setText } from './ui.js';

const MAX_N = 25;
/** The largest N whose independent minimum the server searches (its time limit allows no more). */
const MAX_INDEPENDENT = 17;

export function createGuard() {
  const s = { n: 8, queens: [], minimum: null, seq: 0 };
  const board = new Board({
    cols: 8,
    rows: 8,
    interactive: true,
    onActivate: (sq) => toggle(sq),
    onCursor: (sq) => announce(describeSquare(sq)),
  });
  $('guard-board').appendChild(board.el);
  board.svg.id = 'guard-svg';

  function has(sq) {
    return s.queens.some((q) => q[0] === sq[0] && q[1] === sq[1]);
  }

  function sorted(list) {
    return [...list].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  }

  /** Whether some queen watches [c, r] (holds it, or shares its rank, file or a diagonal). */
  function watched([c, r]) {
    return s.queens.some((q) => q[0] === c || q[1] === r || q[0] + q[1] === c + r || q[0] - q[1] === c - r);
  }

  function unwatched() {
    const out = [];
    for (let c = 1; c <= s.n; c++) {
      for (let r = 1; r <= s.n; r++) if (!watched([c, r])) out.push([c, r]);
    }
    return out;
  }

  function set(queens, { say = null, minimum = null } = {}) {
    s.queens = sorted(queens);
    s.minimum = minimum;
    render();
    save();
    if (say) announce(say + '. ' + $('guard-status').textContent);
  }

  function toggle(sq) {
    const name = squareName(sq);
    if (has(sq)) set(s.queens.filter((q) => q[0] !== sq[0] || q[1] !== sq[1]), { say: t('guard.removed', { sq: name }) });
    else set([...s.queens, sq], { say: t('guard.placed', { sq: name }) });
  }

  function save() {
    writeState('guard', { n: s.n, q: squareList(s.queens), independent: $('guard-independent').checked });
  }

  function render() {
    if (board.cols !== s.n) board.resize(s.n, s.n);
    const open = unwatched();
    board.setShade(open.map((sq) => ({ sq, cls: 'unwatched' })));
    board.setPieces(s.queens.map((q) => ({ sq: q, cls: '' })));
    board.svg.dataset.queens = squareList(s.queens);
    board.svg.dataset.unwatched = String(open.length);
    board.setLabel(
      t('guard.boardLabel', {
        n: s.n,
        count: s.queens.length,
        list: s.queens.length ? s.queens.map(squareName).join(', ') : t('place.none'),
      }),
    );
    // the field says the size of the board when it changes; a redraw (a check's answer, a
    // language) never rewrites what is being typed there
    if (s.fieldN !== s.n) {
      $('guard-n').value = String(s.n);
      s.fieldN = s.n;
    }
    const st = $('guard-status');
    st.className = 'status' + (open.length ? '' : ' ok');
    if (!s.queens.length) st.textContent = t('guard.empty', { squares: s.n * s.n });
    else if (!open.length) st.textContent = t('guard.all', { count: s.queens.length, squares: s.n * s.n });
    else st.textContent = t('guard.some', { count: s.queens.length, open: open.length });
    renderMinimum();
  }

  /** The reason the server's set is least, in words. */
  function renderMinimum() {
    const out = $('guard-result');
    const m = s.minimum;
    if (!m) {
      setText(out, '');
      delete out.dataset.size;
      delete out.dataset.why;
      return;
    }
    const why = m.proof;
    const independent = m.independent;
    const reason = () =>
      why.kind === 'one'
        ? t('guard.whyOne')
        : why.kind === 'bound'
          ? t('guard.whyBound', { n: m.n, bound: why.bound })
          : why.kind === 'searched'
            ? t('guard.whySearched', { fewer: why.fewer, independent })
            : why.kind === 'published'
              ? t('guard.whyPublished', { n: m.n, gamma: why.gamma, by: why.by })
              : t('guard.whyNot', { fewer: m.size - 1, independent });
    setText(out, 'guard.found', { size: m.size, n: m.n, independent, reason }, 'result' + (m.minimum ? '' : ' warn'));
    out.dataset.size = String(m.size);
    out.dataset.why = why.kind;
  }

  function describeSquare(sq) {
    const name = squareName(sq);
    if (has(sq)) return t('guard.sqQueen', { sq: name });
    return t(watched(sq) ? 'guard.sqWatched' : 'guard.sqOpen', { sq: name });
  }

  async function showMinimum() {
    const seq = ++s.seq;
    const independent = $('guard-independent').checked;
    if (independent && s.n > MAX_INDEPENDENT) {
      setText($('guard-result'), 'guard.independentMax', { max: MAX_INDEPENDENT }, 'result bad');
      return;
    }
    const btn = $('guard-minimum');
    btn.disabled = true;
    setText($('guard-result'), 'guard.searching', {}, 'result');
    try {
      const res = await getJSON('dominate', { n: s.n, independent: independent ? 1 : 0 });
      if (seq !== s.seq) return;
      const queens = parseSquareList(res.queens.join(','));
      set(queens, { minimum: res });
      announce($('guard-result').textContent + ' ' + $('guard-status').textContent);
    } catch (e) {
      if (seq !== s.seq) return;
      setText($('guard-result'), '', {}, 'result bad');
      $('guard-result').textContent = errorText(e);
    } finally {
      if (seq === s.seq) btn.disabled = false;
    }
  }

  function resize(ev) {
    ev.preventDefault();
    const field = $('guard-n');
    const text = field.value.trim();
    const n = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(n >= 1 && n <= MAX_N)) {
      formError($('guard-n-error'), t('guard.badN', { text, max: MAX_N }), field);
      return;
    }
    formError($('guard-n-error'), '', field);
    s.n = n;
    s.seq++;
    $('guard-minimum').disabled = false;
    // A new board is an empty board.
    set([], { say: t('place.newBoard', { n }) });
  }

  $('guard-form').addEventListener('submit', resize);
  $('guard-minimum').addEventListener('click', showMinimum);
  $('guard-clear').addEventListener('click', () => set([], { say: t('place.cleared') }));
  $('guard-independent').addEventListener('change', save);
  onLangChange(render);

  return {
    show(params) {
      const n = intParam(params, 'n', 1, MAX_N, 8);
      const queens = sorted(parseSquareList(params.get('q') || '').filter((q) => q[0] <= n && q[1] <= n));
      $('guard-independent').checked = params.get('independent') === '1';
      if (n !== s.n || squareList(queens) !== squareList(s.queens)) {
        s.n = n;
        s.queens = queens;
        s.minimum = null;
      }
      render();
      save();
    },
    relabel: render,
  };
}
