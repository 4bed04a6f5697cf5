// A cover: N solutions of the N-queens problem that together fill the N x N board, drawn with
// one colour per solution and its number on every square it holds. The panel has its own N,
// 1 to 32 (the Solutions list stops at 20): it starts at the list's N and follows it, and the
// server finds the cover as `queens cover N` does (/api/cover), or says why it will not.

import { Board } from './board.js';
import { getJSON } from './api.js';
import { t, onLangChange } from './i18n.js';
import { rowsText } from './notation.js';
import { $, h, errorText, formError, setText } from './ui.js';

export const COVER_MAX_N = 32;

/** The cover panel; `saved(n)` is told the N of the cover on show (null when it is cleared). */
export function createCover(saved) {
  let board = null;
  let asked = 0; // the number of the newest request: an older answer is not drawn
  let shown = null; // the N of the cover (or of the proof of none) on show
  let drawn = null; // { n, solutions, method, symmetries } of the cover on show
  let listN = null; // the Solutions list's N that the panel last followed
  let asking = null; // the N text of the request under way

  function boardOf(n) {
    $('cover-board').hidden = false;
    if (!board) {
      board = new Board({ cols: n, rows: n });
      board.svg.id = 'cover-svg';
      $('cover-board').appendChild(board.el);
    }
    board.resize(n, n);
    return board;
  }

  function draw(n, solutions, method, symmetries) {
    drawn = { n, solutions, method, symmetries };
    // Past 20 a row of the legend is too long to sit beside the board: the board gets the
    // panel's width and the legend goes under it.
    $('cover-board').parentElement.classList.toggle('stacked', n > 20);
    const b = boardOf(n);
    const colour = (k) => `hsl(${Math.round((360 * k) / n)}, 70%, 62%)`;
    const cells = solutions.flatMap((rows, k) => rows.map((r, c) => ({ sq: [c + 1, r], colour: colour(k), text: k + 1 })));
    b.setColours(cells);
    b.setMarks(cells.map(({ sq, text }) => ({ sq, text, cls: 'cover-num' })));
    b.setLabel(t('cover.label', { n }));
    b.svg.dataset.cover = solutions.map((rows) => rows.join(' ')).join(' | ');
    const items = solutions.map((rows, k) => h('li', {}, h('span', { class: 'swatch', dataset: { k: String(k) } }), rowsText(rows)));
    $('cover-legend').replaceChildren(...items);
    $('cover-legend').querySelectorAll('.swatch').forEach((el, k) => (el.style.background = colour(k)));
    setText($('cover-status'), 'cover.found', { n, method: () => t('cover.m.' + method) }, 'status ok');
    // What the board may do and leave the cover as it is (only the colours change places).
    const kept = () => symmetries.map((g) => t('sym.' + g)).join(', ');
    setText($('cover-keeps'), symmetries.length ? 'cover.keeps' : 'cover.keepsNone', { kept });
  }

  // No board is shown while a cover is looked for, or after an error: only the one found.
  function clear() {
    drawn = null;
    setText($('cover-keeps'), '');
    $('cover-legend').replaceChildren();
    $('cover-board').hidden = true;
    board?.clear();
    board?.setLabel('');
  }

  async function show(ev) {
    ev?.preventDefault();
    const text = $('cover-n').value.trim();
    const seq = ++asked;
    asking = text;
    shown = null;
    const out = $('cover-status');
    formError($('cover-error'), '', $('cover-n'));
    setText(out, 'cover.searching', { n: text }, 'status busy');
    clear();
    try {
      // The server says what it accepts (1 to 32, not 27 or 30) and why; the page only asks.
      const res = await getJSON('cover', { n: text });
      if (seq !== asked) return;
      asking = null;
      const n = res.n;
      shown = n;
      saved(n);
      if (!res.exists) {
        clear();
        boardOf(n);
        board.setLabel(t('cover.none', { n }));
        setText(out, 'cover.none', { n }, 'status bad');
        return;
      }
      draw(n, res.solutions, res.method, res.symmetries);
    } catch (e) {
      if (seq !== asked) return;
      asking = null;
      saved(null);
      setText(out, '', {}, 'status');
      // an open question of mathematics (27) is said as one, in the reader's words
      const why = errorText(e);
      formError($('cover-error'), why, $('cover-n'));
    }
  }

  $('cover-form').addEventListener('submit', show);
  onLangChange(() => {
    if (drawn) draw(drawn.n, drawn.solutions, drawn.method, drawn.symmetries);
    else if (shown !== null) board.setLabel(t('cover.none', { n: shown }));
  });

  return {
    /** Follows the list's N `n` when that changes (the panel is cleared); hides the panel
     * under other rules than the classic ones. */
    reset(n, hidden) {
      $('cover-box').hidden = hidden;
      if (n === listN) return;
      listN = n;
      asked++;
      asking = null;
      shown = null;
      $('cover-n').value = String(n);
      formError($('cover-error'), '', $('cover-n'));
      setText($('cover-status'), '', {}, 'status');
      clear();
    },
    /** Shows the cover of N at once (from the address). */
    open(n) {
      $('cover-n').value = String(n);
      if (shown !== n && asking !== String(n)) show();
    },
    /** The N of the cover shown, or null. */
    shown: () => shown,
  };
}
