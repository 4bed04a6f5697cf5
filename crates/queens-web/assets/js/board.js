// A chess board drawn as SVG, crisp at any zoom: the squares (one patterned rectangle, so a
// 64x64 board is as light as an 8x8 one), coordinates, and layers the views fill: shaded
// squares, highlights, attack lines, a knight's path, numbers on squares and the pieces.
// An interactive board takes clicks and the keyboard (arrow keys move a cursor, Enter or
// Space acts on its square). Squares are [col, row], 1-based, rank 1 at the bottom.

import { fileName, squareName } from './notation.js';

const NS = 'http://www.w3.org/2000/svg';
const CELL = 10;
let serial = 0;

function svg(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.appendChild(el);
  return el;
}

export class Board {
  /**
   * cols, rows: the size; label: the accessible name; coords: draw file and rank names;
   * interactive: clicks and keys call onActivate([c, r]); onCursor([c, r]) when the cursor moves.
   */
  constructor({ cols, rows, label = '', coords = true, interactive = false, onActivate, onCursor }) {
    this.id = ++serial;
    this.coords = coords;
    this.interactive = interactive;
    this.onActivate = onActivate;
    this.onCursor = onCursor;
    this.el = document.createElement('div');
    this.el.className = 'board';
    this.svg = svg('svg', { class: 'board-svg', role: 'img', preserveAspectRatio: 'xMidYMid meet' });
    this.el.appendChild(this.svg);
    if (interactive) this.listen();
    this.resize(cols, rows);
    this.setLabel(label);
  }

  setLabel(label) {
    this.svg.setAttribute('aria-label', label);
  }

  /** A new size: everything drawn is cleared. */
  resize(cols, rows) {
    this.cols = cols;
    this.rows = rows;
    this.svg.replaceChildren();
    const m = this.coords ? Math.max(CELL * 0.7, CELL * 0.32 * String(rows).length + 2) : 0;
    this.margin = m;
    const w = cols * CELL + m;
    const h = rows * CELL + (this.coords ? CELL * 0.7 : 0);
    this.svg.setAttribute('viewBox', `${-m} 0 ${w} ${h}`);
    this.svg.style.aspectRatio = `${w} / ${h}`;
    const defs = svg('defs', {}, this.svg);
    const pid = `chk${this.id}`;
    const pat = svg('pattern', { id: pid, width: 2 * CELL, height: 2 * CELL, patternUnits: 'userSpaceOnUse' }, defs);
    // a1 is dark: the square at (x 0, y 0) of the pattern is the top-left one, dark when rows is odd.
    const darkFirst = rows % 2 === 1;
    for (const [i, j] of darkFirst ? [[0, 0], [1, 1]] : [[1, 0], [0, 1]]) {
      svg('rect', { x: i * CELL, y: j * CELL, width: CELL, height: CELL, class: 'sq-dark' }, pat);
    }
    svg('rect', { x: 0, y: 0, width: cols * CELL, height: rows * CELL, class: 'sq-light' }, this.svg);
    svg('rect', { x: 0, y: 0, width: cols * CELL, height: rows * CELL, fill: `url(#${pid})` }, this.svg);
    this.layers = {};
    for (const name of ['shade', 'highlight', 'path', 'lines', 'marks', 'pieces', 'top']) {
      this.layers[name] = svg('g', { class: `layer-${name}` }, this.svg);
    }
    svg('rect', { x: 0, y: 0, width: cols * CELL, height: rows * CELL, class: 'board-edge' }, this.svg);
    if (this.coords) this.drawCoords();
    this.cursorEl = null;
    if (this.interactive) this.addCursor();
  }

  addCursor() {
    this.cursorEl = svg('rect', { class: 'cursor', width: CELL - 1, height: CELL - 1, rx: 1 }, this.svg);
    this.cursor = this.cursor && this.cursor[0] <= this.cols && this.cursor[1] <= this.rows ? this.cursor : [1, 1];
    this.moveCursor(this.cursor, false);
  }

  /** Makes a board that only shows take clicks and keys for a while (or stops it):
   * `onActivate([c, r])` as in the constructor. */
  setInteractive(on, onActivate = null) {
    if (on && !this.listening) this.listen();
    this.interactive = on;
    this.onActivate = onActivate;
    this.svg.classList.toggle('picking', on);
    if (on) {
      this.svg.setAttribute('tabindex', '0');
      this.svg.setAttribute('role', 'application');
      if (!this.cursorEl) this.addCursor();
    } else {
      this.svg.removeAttribute('tabindex');
      this.svg.setAttribute('role', 'img');
      this.cursorEl?.remove();
      this.cursorEl = null;
      delete this.svg.dataset.cursor;
    }
  }

  /** Guesses judged, over everything: [{ sq, cls, text, at }], a framed square with a sign in its
   * middle, or in a round badge at its top right corner (`at: 'corner'`, beside a piece). */
  setTop(list) {
    const g = this.layers.top;
    g.replaceChildren();
    for (const { sq, cls = '', text = '', at = 'centre' } of list) {
      const [x, y] = this.corner(sq);
      svg('rect', { x: x + 0.6, y: y + 0.6, width: CELL - 1.2, height: CELL - 1.2, rx: 0.8, class: `guess ${cls}` }, g).dataset.square = squareName(sq);
      if (!text) continue;
      const corner = at === 'corner';
      const [cx, cy] = corner ? [x + CELL * 0.72, y + CELL * 0.28] : [x + CELL / 2, y + CELL / 2];
      if (corner) svg('circle', { cx, cy, r: CELL * 0.26, class: `guess-badge ${cls}` }, g);
      const mark = svg('text', { x: cx, y: cy, 'font-size': CELL * (corner ? 0.4 : 0.62), 'text-anchor': 'middle', 'dominant-baseline': 'central', class: `guess-sign ${cls}` }, g);
      mark.textContent = text;
    }
  }

  drawCoords() {
    const g = svg('g', { class: 'coords', 'aria-hidden': 'true' }, this.svg);
    const step = this.cols > 40 || this.rows > 40 ? 5 : 1;
    const fs = CELL * (this.cols > 26 ? 0.32 : 0.4);
    for (let c = 1; c <= this.cols; c++) {
      if (step > 1 && c % step !== 0 && c !== 1) continue;
      const t = svg('text', { x: (c - 0.5) * CELL, y: this.rows * CELL + CELL * 0.5, 'font-size': fs, 'text-anchor': 'middle' }, g);
      t.textContent = fileName(c);
    }
    for (let r = 1; r <= this.rows; r++) {
      if (step > 1 && r % step !== 0 && r !== 1) continue;
      const t = svg('text', { x: -CELL * 0.18, y: (this.rows - r + 0.5) * CELL, 'font-size': fs, 'text-anchor': 'end', 'dominant-baseline': 'central' }, g);
      t.textContent = String(r);
    }
  }

  /** The top-left corner of a square in board units. */
  corner([c, r]) {
    return [(c - 1) * CELL, (this.rows - r) * CELL];
  }

  centre(sq) {
    const [x, y] = this.corner(sq);
    return [x + CELL / 2, y + CELL / 2];
  }

  /** Pieces: [{ sq, cls, piece }] with piece 'queen' (default) or 'knight'. */
  setPieces(list) {
    const g = this.layers.pieces;
    g.replaceChildren();
    const size = CELL * 0.84;
    for (const { sq, cls = '', piece = 'queen' } of list) {
      const [x, y] = this.corner(sq);
      const use = svg('use', { href: `#i-${piece}`, x: x + (CELL - size) / 2, y: y + (CELL - size) / 2, width: size, height: size, class: `piece ${piece} ${cls}` }, g);
      use.dataset.square = squareName(sq);
    }
  }

  /** Squares filled with a class: [{ sq, cls }]. */
  setShade(list, layer = 'shade') {
    const g = this.layers[layer];
    g.replaceChildren();
    for (const { sq, cls } of list) {
      const [x, y] = this.corner(sq);
      svg('rect', { x, y, width: CELL, height: CELL, class: cls }, g);
    }
  }

  /** Squares filled with colours: [{ sq, colour }] (a cover, one colour per solution). */
  setColours(list, layer = 'shade') {
    const g = this.layers[layer];
    g.replaceChildren();
    for (const { sq, colour } of list) {
      const [x, y] = this.corner(sq);
      svg('rect', { x, y, width: CELL, height: CELL, class: 'coloured' }, g).style.fill = colour;
    }
  }

  /** A dot in the middle of squares: [{ sq, cls }] (the attacked squares). */
  setDots(list, layer = 'shade') {
    const g = this.layers[layer];
    g.replaceChildren();
    for (const { sq, cls } of list) {
      const [x, y] = this.centre(sq);
      svg('circle', { cx: x, cy: y, r: CELL * 0.16, class: cls }, g);
    }
  }

  setHighlights(list) {
    this.setShade(list, 'highlight');
  }

  /** Lines between square centres: [{ a, b, cls, both }] (attack lines, rejections; `both`
   * false marks the end b alone, as a knight's move tried from a). */
  setLines(list) {
    const g = this.layers.lines;
    g.replaceChildren();
    for (const { a, b, cls = '', both = true } of list) {
      const [x1, y1] = this.centre(a);
      const [x2, y2] = this.centre(b);
      svg('line', { x1, y1, x2, y2, class: `attack ${cls}` }, g);
      for (const [x, y] of both ? [[x1, y1], [x2, y2]] : [[x2, y2]]) svg('circle', { cx: x, cy: y, r: CELL * 0.12, class: `attack-end ${cls}` }, g);
    }
  }

  /**
   * Text on squares: [{ sq, text, cls, at, badge, scale }] (move numbers, onward counts).
   * `at: 'corner'` writes a small number in the square's top left corner (beside a piece),
   * `badge` puts the text in a round badge, so that counts look apart from visit numbers, and
   * `scale` enlarges the text past its square (milestones on a dense board).
   */
  setMarks(list, fontScale = 0.42) {
    const g = this.layers.marks;
    g.replaceChildren();
    for (const { sq, text, cls = '', at = 'centre', badge = false, scale = 1 } of list) {
      let [x, y] = this.centre(sq);
      const len = String(text).length;
      let fs = CELL * Math.min(fontScale, 0.9 / Math.max(len, 1.6)) * scale;
      if (at === 'corner') {
        fs = CELL * Math.min(0.26, 0.5 / Math.max(len, 1.6));
        x -= CELL / 2 - fs * 0.35 * Math.max(len, 1.6);
        y -= CELL / 2 - fs * 0.7;
      }
      if (badge) svg('circle', { cx: x, cy: y, r: CELL * 0.27, class: `mark-badge ${cls}` }, g);
      const t = svg('text', { x, y, 'font-size': fs, 'text-anchor': 'middle', 'dominant-baseline': 'central', class: `mark ${cls}` }, g);
      t.textContent = String(text);
    }
  }

  /**
   * A path through square centres, e.g. a knight's tour; `closed` joins the ends. `gradient`
   * draws it in 24 pieces coloured from blue (start) to red (end), for long paths where the
   * order cannot be read from numbers.
   */
  setPath(squares, { closed = false, cls = '', gradient = false } = {}) {
    const g = this.layers.path;
    g.replaceChildren();
    if (squares.length < 2) return;
    const point = (s) => this.centre(s).map((v) => v.toFixed(2)).join(',');
    if (!gradient) {
      svg(closed ? 'polygon' : 'polyline', { points: squares.map(point).join(' '), class: `path ${cls}` }, g);
    } else {
      const all = closed ? [...squares, squares[0]] : squares;
      const pieces = 24;
      const per = Math.ceil((all.length - 1) / pieces);
      for (let j = 0; j * per < all.length - 1; j++) {
        const part = all.slice(j * per, Math.min(all.length, (j + 1) * per + 1));
        const line = svg('polyline', { points: part.map(point).join(' '), class: `path gradient ${cls}` }, g);
        line.style.stroke = `hsl(${220 - (200 * j) / pieces}, 70%, 45%)`;
      }
    }
    const [sx, sy] = this.centre(squares[0]);
    svg('circle', { cx: sx, cy: sy, r: CELL * 0.16, class: 'path-start' }, g);
  }

  clear() {
    for (const g of Object.values(this.layers)) g.replaceChildren();
  }

  // --- interaction ---

  listen() {
    this.listening = true;
    this.svg.setAttribute('tabindex', '0');
    this.svg.setAttribute('role', 'application');
    this.svg.addEventListener('click', (ev) => {
      if (!this.interactive) return;
      const sq = this.squareAt(ev.clientX, ev.clientY);
      if (!sq) return;
      this.moveCursor(sq, false);
      this.onActivate?.(sq);
    });
    this.svg.addEventListener('keydown', (ev) => this.key(ev));
  }

  squareAt(x, y) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(x, y).matrixTransform(ctm.inverse());
    const c = Math.floor(p.x / CELL) + 1;
    const r = this.rows - Math.floor(p.y / CELL);
    if (c < 1 || c > this.cols || r < 1 || r > this.rows) return null;
    return [c, r];
  }

  key(ev) {
    if (!this.interactive) return;
    const [c, r] = this.cursor;
    const moves = {
      ArrowLeft: [c - 1, r],
      ArrowRight: [c + 1, r],
      ArrowUp: [c, r + 1],
      ArrowDown: [c, r - 1],
      Home: [1, r],
      End: [this.cols, r],
      PageUp: [c, this.rows],
      PageDown: [c, 1],
    };
    if (moves[ev.key]) {
      ev.preventDefault();
      const [nc, nr] = moves[ev.key];
      this.moveCursor([Math.min(Math.max(nc, 1), this.cols), Math.min(Math.max(nr, 1), this.rows)], true);
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      this.onActivate?.(this.cursor);
    }
  }

  moveCursor(sq, tell) {
    this.cursor = sq;
    if (!this.cursorEl) return;
    const [x, y] = this.corner(sq);
    this.cursorEl.setAttribute('x', x + 0.5);
    this.cursorEl.setAttribute('y', y + 0.5);
    this.svg.dataset.cursor = squareName(sq);
    if (tell) this.onCursor?.(sq);
  }
}

/** A small, non-interactive picture of a placement given by its rows (galleries, orbits). */
export function miniBoard(rows, label, cls = '') {
  const b = new Board({ cols: rows.length, rows: rows.length, label, coords: false });
  b.setPieces(rows.map((r, i) => ({ sq: [i + 1, r], cls })));
  b.el.classList.add('mini');
  return b;
}
