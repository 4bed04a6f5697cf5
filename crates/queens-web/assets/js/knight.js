// The knight's tour: a board of m rows and n columns, the start chosen by a click, a method
// (the server's: wirth, warnsdorff, divide, narrow, auto), open or closed. The path is
// animated move by move on boards up to 30 x 30 and drawn as one picture on larger ones. At
// each move the page shows the candidate squares with their onward moves (Warnsdorff's rule:
// go where the fewest moves lead on), computed here from the path the server sent. Past
// 12 x 12 the path is drawn in colours from blue to red, numbered at a few milestones, and a
// square's number shows under the pointer. By hand: the student moves the knight by clicking,
// the legal moves and Warnsdorff's hint shown, with undo. On boards of up to 64 squares, a
// link opens the searches step by step (Watch the search).

import { Board } from './board.js';
import { getJSON, stream } from './api.js';
import { t, num, seconds, onLangChange } from './i18n.js';
import { writeState } from './router.js';
import { key, parseSquareName, squareName } from './notation.js';
import { $, announce, errorText, formError, reasonText, setText, stepsPerSecond } from './ui.js';
import { createPlayer } from './player.js';

const ANIMATED = 30;
// Past 12 x 12 squares every number makes an unreadable mat: milestones and colours instead.
const NUMBERED = 12;
const SIDE_MAX = 1000;
// The searches are watched step by step on boards of up to 64 squares (the server's limit).
const WATCHED = 64;
const JUMPS = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];

export function createKnight() {
  const s = { rows: 8, cols: 8, from: [1, 1], method: 'auto', closed: false, path: null, k: 0, seq: 0, countClose: null, key: '', hand: null, noTour: false };
  let board = null;
  const canvas = $('knight-canvas');

  function big() {
    return s.rows > ANIMATED || s.cols > ANIMATED;
  }

  function ensureBoard() {
    if (big()) {
      if (board) board.el.hidden = true;
      canvas.hidden = false;
      return;
    }
    canvas.hidden = true;
    if (!board) {
      board = new Board({ cols: s.cols, rows: s.rows, interactive: true, onActivate: (sq) => (s.hand ? handMove(sq) : chooseStart(sq)), onCursor: (sq) => announce(squareName(sq)) });
      board.svg.id = 'knight-svg';
      board.svg.addEventListener('mousemove', (ev) => hover(board.squareAt(ev.clientX, ev.clientY)));
      board.svg.addEventListener('mouseleave', () => hover(null));
      $('knight-board').appendChild(board.el);
    }
    board.el.hidden = false;
    if (board.cols !== s.cols || board.rows !== s.rows) board.resize(s.cols, s.rows);
  }

  function boardText() {
    return `${s.rows}x${s.cols}`;
  }

  function save() {
    writeState('knight', { b: boardText(), from: squareName(s.from), m: s.method, closed: s.closed ? 1 : null, k: s.path && s.k !== s.path.length ? s.k : null });
  }

  function status(key, vars = {}, cls = '') {
    setText($('knight-status'), key, vars, 'status ' + cls);
  }

  // --- the server ---

  async function find() {
    const seq = ++s.seq;
    // the field says the start of the search begun now; playing never rewrites it, so what a
    // teacher types meanwhile stays until Find
    $('knight-from').value = squareName(s.from);
    s.key = JSON.stringify([s.rows, s.cols, s.from, s.method, s.closed]);
    pause();
    s.path = null;
    s.k = 0;
    s.noTour = false;
    s.found = null;
    endHand(false);
    ensureBoard();
    drawStatic();
    status('knight.searching');
    formError($('knight-error'), '');
    for (const id of ['knight-rows', 'knight-cols', 'knight-from']) $(id).setAttribute('aria-invalid', 'false');
    explainMethod();
    countPlan();
    watchLink();
    setText($('knight-count-result'), '');
    setText($('knight-work'), '');
    try {
      const res = await getJSON('tour', { board: boardText(), from: squareName(s.from), method: s.method, closed: s.closed });
      if (seq !== s.seq) return;
      if (res.found === false || !res.path) {
        s.noTour = true;
        status('knight.noTour', { reason: () => reasonText(res) }, 'bad');
        announce($('knight-status').textContent);
        render();
        return;
      }
      s.path = res.path;
      s.usedMethod = res.method;
      s.tourClosed = res.closed;
      s.found = [res.closed ? 'knight.foundClosed' : 'knight.found', { board: `${s.rows} × ${s.cols}`, method: res.method, moves: () => num(res.path.length - 1) }, 'ok'];
      status(...s.found.slice(0, 3));
      // The work of a search, as queens tour --stats prints it (the constructions count none).
      if (res.work && (res.method === 'wirth' || res.method === 'warnsdorff')) {
        s.found.push({ placed: () => num(res.work.placed), tried: () => num(res.work.tried), back: () => num(res.work.backtracks) });
        setText($('knight-work'), 'knight.work', s.found[3]);
      }
      $('knight-onward').checked = res.method === 'warnsdorff' || s.method === 'warnsdorff';
      $('knight-step').max = String(res.path.length);
      const len = res.path.length;
      s.k = big() ? len : s.autoplay ? 1 : s.pendingK && s.pendingK <= len ? s.pendingK : len;
      s.pendingK = null;
      render();
      announce($('knight-status').textContent);
      if (!big() && s.k < res.path.length && res.path.length <= 400 && s.autoplay) player.play();
    } catch (e) {
      if (seq !== s.seq) return;
      status('');
      formError($('knight-error'), errorText(e));
      render();
    }
  }

  // The count streams from the server's frontier programme: progress in squares swept, a
  // cancel that stops the engine (closing the stream), and the count as a decimal string.
  function countTours() {
    const out = $('knight-count-result');
    stopCount();
    setText(out, 'knight.counting', {}, 'result');
    delete out.dataset.count;
    $('knight-count-cancel').hidden = false;
    const params = { board: boardText(), from: squareName(s.from), closed: s.closed };
    s.countClose = stream('tour/count/stream', params, {
      progress(p) {
        if (!p || !p.total) return;
        setText(out, 'knight.countProgress', {
          done: () => num(p.done),
          total: () => num(p.total),
          eta: () => (p.eta === null || p.eta === undefined ? '—' : seconds(p.eta)),
        }, 'result');
      },
      result(res) {
        countEnded();
        setText(out, s.closed ? 'knight.countClosed' : 'knight.countOpen', { count: () => num(res.tours), raw: res.tours, from: res.from, board: `${res.rows} × ${res.cols}` });
        out.dataset.count = String(res.tours);
        announce(out.textContent);
      },
      error(message) {
        countEnded();
        out.className = 'result bad';
        out.textContent = message || t('error.network');
      },
    });
  }

  function countEnded() {
    s.countClose = null;
    $('knight-count-cancel').hidden = true;
  }

  function stopCount(say = false) {
    if (!s.countClose) return;
    s.countClose();
    countEnded();
    if (say) setText($('knight-count-result'), 'knight.countCancelled', {}, 'result bad');
  }

  // --- drawing ---

  function onward(sq, visited) {
    let n = 0;
    for (const [dc, dr] of JUMPS) {
      const c = sq[0] + dc;
      const r = sq[1] + dr;
      if (c >= 1 && c <= s.cols && r >= 1 && r <= s.rows && !visited.has(key([c, r]))) n++;
    }
    return n;
  }

  function candidates(sq, visited) {
    const out = [];
    for (const [dc, dr] of JUMPS) {
      const c = sq[0] + dc;
      const r = sq[1] + dr;
      if (c >= 1 && c <= s.cols && r >= 1 && r <= s.rows && !visited.has(key([c, r]))) out.push([c, r]);
    }
    return out;
  }

  function drawStatic() {
    if (big()) return drawCanvas();
    board.setPath([]);
    board.setMarks([]);
    board.setHighlights([{ sq: s.from, cls: 'hl-current' }]);
    board.setPieces([{ sq: s.from, piece: 'knight' }]);
    board.setLabel(t('knight.boardLabel', { board: `${s.rows} × ${s.cols}`, from: squareName(s.from) }));
  }

  function render() {
    const path = s.path;
    if (s.hand) return renderHand();
    if (!path) {
      drawStatic();
      $('knight-move').textContent = '';
      $('knight-pos').textContent = '';
      // No tour on screen: the timeline starts again from nothing.
      $('knight-step').max = '0';
      $('knight-step').value = '0';
      save();
      return;
    }
    if (big()) {
      drawCanvas();
      $('knight-move').textContent = t('knight.static', { k: num(path.length) });
      save();
      return;
    }
    const k = s.k;
    const shown = path.slice(0, k);
    const visited = new Set(shown.map(key));
    const cur = shown[shown.length - 1];
    const closedNow = s.tourClosed && k === path.length;
    const dense = s.rows * s.cols > NUMBERED * NUMBERED;
    board.setPath(shown, { closed: closedNow, gradient: dense });
    const marks = visitMarks(shown, dense, path.length);
    const hl = shown.map((sq) => ({ sq, cls: 'hl-visited' }));
    let words = t('knight.moveStart', { sq: squareName(path[0]) });
    if (k > 1) words = t('knight.move', { k: num(k - 1), from: squareName(path[k - 2]), to: squareName(cur) });
    if (k < path.length && $('knight-onward').checked) {
      const next = path[k];
      const cands = candidates(cur, visited);
      const counts = cands.map((c) => ({ sq: c, n: onward(c, new Set([...visited, key(c)])) }));
      const least = Math.min(...counts.map((c) => c.n));
      for (const c of counts) {
        const chosen = c.sq[0] === next[0] && c.sq[1] === next[1];
        hl.push({ sq: c.sq, cls: chosen ? 'hl-best' : 'hl-candidate' });
        marks.push({ sq: c.sq, text: c.n, cls: 'onward' + (chosen ? ' best' : ''), badge: true });
      }
      const nextCount = counts.find((c) => c.sq[0] === next[0] && c.sq[1] === next[1]);
      words += ' ' + t('knight.candidates', { n: cands.length, next: squareName(next), onward: nextCount ? nextCount.n : 0, fewest: nextCount && nextCount.n === least ? t('knight.fewest') : '' });
    } else if (k === path.length) {
      words = t(s.tourClosed ? 'knight.doneClosed' : 'knight.done', { k: num(path.length), end: squareName(cur) });
    }
    hl.push({ sq: cur, cls: 'hl-current' });
    board.setHighlights(hl);
    board.setMarks(marks);
    board.setPieces([{ sq: cur, piece: 'knight' }]);
    board.svg.dataset.path = path.map(squareName).join(' ');
    board.svg.dataset.shown = String(k);
    board.setLabel(t('knight.pathLabel', { board: `${s.rows} × ${s.cols}`, k: num(k), total: num(path.length) }));
    $('knight-move').textContent = words;
    $('knight-step').value = String(k);
    $('knight-pos').textContent = t('knight.pos', { k: num(k), total: num(path.length) });
    if (!player.playing) save();
  }

  /**
   * The visit numbers: every square on boards up to 12 x 12, else the start, the end and a
   * few round milestones. The current square's number goes in its corner, beside the knight.
   * On a dense board a milestone is drawn larger than its square, so one that would touch a
   * number already drawn (the start first, then the milestones in order) is left out: no two
   * numbers ever overlap into one ("101" beside "25" read as "10125"). Mid-tour the knight's own
   * square has no number (the piece would cover it; the line under the player says it).
   */
  function visitMarks(shown, dense, length) {
    const step = dense ? milestone(length) : 1;
    const last = shown.length - 1;
    const mark = (i) => ({
      sq: shown[i],
      text: i + 1,
      cls: (i === 0 ? 'visit start' : 'visit') + (dense ? ' milestone' : ''),
      at: i === last && !dense ? 'corner' : 'centre',
      scale: dense ? 2.2 : 1,
    });
    if (!dense) return shown.map((_, i) => mark(i));
    // the last number only once the tour is whole (its end); mid-tour the knight stands there
    const wanted = shown.length === length ? [0, last] : [0];
    for (let i = step - 1; i < last; i += step) wanted.push(i);
    const placed = [];
    const marks = [];
    for (const i of wanted) {
      if (i >= last && last > 0 && shown.length < length) continue;
      const m = mark(i);
      const box = markBox(m);
      if (placed.some((b) => overlaps(b, box))) continue;
      placed.push(box);
      marks.push(m);
    }
    return marks;
  }

  /** The box a centred number covers, in squares (the board's own sizing: see setMarks). */
  function markBox({ sq, text, scale }) {
    const len = String(text).length;
    const size = Math.min(0.42, 0.9 / Math.max(len, 1.6)) * scale;
    return { x: sq[0], y: sq[1], w: 0.62 * size * len + 0.15, h: size + 0.15 };
  }

  function overlaps(a, b) {
    return Math.abs(a.x - b.x) * 2 < a.w + b.w && Math.abs(a.y - b.y) * 2 < a.h + b.h;
  }

  /** A round step (10, 20, 25, 50, 100, ...) that gives about a dozen milestones. */
  function milestone(len) {
    const raw = Math.max(1, len / 12);
    const p = Math.pow(10, Math.floor(Math.log10(raw)));
    return [1, 2, 2.5, 5, 10].map((m) => m * p).find((m) => m >= raw && Number.isInteger(m)) || 10 * p;
  }

  /** The pointer over a square: its number in the tour (or in the student's path). */
  function hover(sq) {
    s.hoverSq = sq;
    const out = $('knight-hover');
    const path = s.hand || (s.path ? s.path.slice(0, s.k) : null);
    if (!sq || !path) return setText(out, '');
    const i = path.findIndex((p) => p[0] === sq[0] && p[1] === sq[1]);
    if (i < 0) setText(out, 'knight.hoverNone', { sq: squareName(sq) });
    else setText(out, 'knight.hover', { sq: squareName(sq), k: () => num(i + 1), total: () => num(s.hand ? s.rows * s.cols : s.path.length) });
  }

  /** A large board: one picture on a canvas, the path coloured from start (blue) to end (red). */
  function drawCanvas() {
    const dpr = window.devicePixelRatio || 1;
    const w = canvas.clientWidth || 600;
    const cell = w / s.cols;
    const hgt = cell * s.rows;
    canvas.style.aspectRatio = `${s.cols} / ${s.rows}`;
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(hgt * dpr);
    const ctx = canvas.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const css = getComputedStyle(document.documentElement);
    ctx.fillStyle = css.getPropertyValue('--sq-light');
    ctx.fillRect(0, 0, w, hgt);
    if (cell >= 2) {
      ctx.fillStyle = css.getPropertyValue('--sq-dark');
      for (let c = 1; c <= s.cols; c++) for (let r = 1; r <= s.rows; r++) if ((c + r) % 2 === 0) ctx.fillRect((c - 1) * cell, (s.rows - r) * cell, cell, cell);
    }
    const path = s.path;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', path ? t('knight.pathLabel', { board: `${s.rows} × ${s.cols}`, k: num(path.length), total: num(path.length) }) : t('knight.boardLabel', { board: `${s.rows} × ${s.cols}`, from: squareName(s.from) }));
    if (!path) return;
    const X = (sq) => (sq[0] - 0.5) * cell;
    const Y = (sq) => (s.rows - sq[1] + 0.5) * cell;
    ctx.lineWidth = Math.max(0.6, cell * 0.18);
    ctx.lineJoin = 'round';
    const chunks = 24;
    const per = Math.ceil(path.length / chunks);
    for (let j = 0; j < chunks; j++) {
      const a = j * per;
      const b = Math.min(path.length - 1, (j + 1) * per);
      if (a >= b) break;
      ctx.strokeStyle = `hsl(${220 - (200 * j) / chunks}, 70%, 42%)`;
      ctx.beginPath();
      ctx.moveTo(X(path[a]), Y(path[a]));
      for (let i = a + 1; i <= b; i++) ctx.lineTo(X(path[i]), Y(path[i]));
      ctx.stroke();
    }
  }

  // --- playing: the page's one player (player.js), from square 1 to the last ---

  const player = createPlayer({
    prefix: 'knight',
    panel: $('panel-knight'),
    first: 1,
    total: () => (s.path && !big() ? s.path.length : 0),
    show(k, say) {
      s.k = k;
      render();
      if (say) announce($('knight-move').textContent);
    },
    pos: (k, all) => t('knight.pos', { k: num(k), total: num(all) }),
    slower: 10,
    paused: save,
  });
  const pause = player.pause;

  function chooseStart(sq) {
    s.from = sq;
    s.autoplay = true;
    find();
  }

  /** The link to the searches step by step, Wirth's beside Warnsdorff's, on this board. */
  function watchLink() {
    const link = $('knight-watch');
    link.hidden = s.rows * s.cols > WATCHED;
    link.href = `#/watch?p=knight&b=${boardText()}&from=${squareName(s.from)}&m=wirth&m2=warnsdorff${s.closed ? '&closed=1' : ''}`;
  }

  // --- what the methods do, and whether a count can end ---

  function explainMethod() {
    setText($('knight-method-help'), 'knight.m.' + $('knight-method').value);
  }

  /** Before any count starts, the server's estimate says whether it can end here. */
  async function countPlan() {
    const out = $('knight-count-plan');
    // closed tours are counted over the whole board, open ones from the start square
    const button = $('knight-count');
    button.dataset.i18n = s.closed ? 'knight.countClosedButton' : 'knight.count';
    button.textContent = t(button.dataset.i18n);
    const board = boardText();
    try {
      const p = await getJSON('tour/count/plan', { board, from: squareName(s.from), closed: s.closed });
      if (board !== boardText()) return;
      const vars = { board: `${s.rows} × ${s.cols}`, need: () => num(p.memory_mib), limit: () => num(p.memory_limit_mib), secs: () => seconds(p.seconds), tlimit: () => seconds(p.time_limit) };
      if (!p.fits_memory) setText(out, 'knight.planMemory', vars, 'note warn');
      else if (!p.fits_time) setText(out, 'knight.planTime', vars, 'note warn');
      else if (p.seconds < 1) setText(out, 'knight.planQuick', vars, 'small');
      else setText(out, 'knight.planOk', vars, 'small');
      // what cannot finish within the server's limits is not started (the plan says why)
      $('knight-count').disabled = !p.fits_memory || !p.fits_time;
    } catch (e) {
      if (board !== boardText()) return;
      setText(out, '', {}, 'note warn');
      out.textContent = errorText(e);
      $('knight-count').disabled = true;
    }
  }

  // --- by hand: the student moves the knight ---

  function startHand() {
    if (big()) return;
    pause();
    s.hand = [s.from];
    $('knight-hand-undo').hidden = false;
    setText($('knight-hand'), 'knight.handStop');
    // the search's answer and its work describe its tour, not the student's path
    status('');
    setText($('knight-work'), '');
    render();
    hover(s.hoverSq);
    announce($('knight-move').textContent);
  }

  function endHand(draw = true) {
    if (!s.hand) return;
    s.hand = null;
    delete board?.svg.dataset.hand;
    $('knight-hand-undo').hidden = true;
    setText($('knight-hand'), 'knight.hand');
    if (!draw) return;
    // back to the search's tour: its answer said again
    if (s.found) status(...s.found.slice(0, 3));
    if (s.found?.[3]) setText($('knight-work'), 'knight.work', s.found[3]);
    render();
    hover(s.hoverSq);
  }

  function handMove(sq) {
    const cur = s.hand[s.hand.length - 1];
    const visited = new Set(s.hand.map(key));
    const legal = candidates(cur, visited).some((c) => c[0] === sq[0] && c[1] === sq[1]);
    if (!legal) {
      setText($('knight-move'), 'knight.handIllegal', { sq: squareName(sq), from: squareName(cur) }, 'step-text bad');
      announce($('knight-move').textContent);
      return;
    }
    s.hand.push(sq);
    renderHand();
    hover(s.hoverSq);
    announce($('knight-move').textContent);
  }

  function handUndo() {
    if (!s.hand || s.hand.length < 2) return;
    s.hand.pop();
    renderHand();
    hover(s.hoverSq);
    announce($('knight-move').textContent);
  }

  /** The student's path, the legal moves with their onward counts, the fewest (the hint) marked. */
  function renderHand() {
    const path = s.hand;
    const cur = path[path.length - 1];
    const visited = new Set(path.map(key));
    const cands = candidates(cur, visited).map((c) => ({ sq: c, n: onward(c, new Set([...visited, key(c)])) }));
    const least = Math.min(...cands.map((c) => c.n));
    const dense = s.rows * s.cols > NUMBERED * NUMBERED;
    const hl = path.map((sq) => ({ sq, cls: 'hl-visited' }));
    const marks = visitMarks(path, dense, s.rows * s.cols);
    for (const c of cands) {
      const hint = c.n === least;
      hl.push({ sq: c.sq, cls: hint ? 'hl-best' : 'hl-candidate' });
      marks.push({ sq: c.sq, text: c.n, cls: 'onward' + (hint ? ' best' : ''), badge: true });
    }
    hl.push({ sq: cur, cls: 'hl-current' });
    board.setPath(path, { gradient: dense });
    board.setHighlights(hl);
    board.setMarks(marks);
    board.setPieces([{ sq: cur, piece: 'knight' }]);
    board.svg.dataset.hand = path.map(squareName).join(' ');
    const total = s.rows * s.cols;
    const hint = cands.filter((c) => c.n === least).map((c) => squareName(c.sq)).join(', ');
    const vars = { k: () => num(path.length), total: () => num(total), sq: squareName(cur), n: cands.length, hint, least };
    let which = 'knight.handMove';
    if (path.length === total) which = 'knight.handDone';
    else if (!cands.length) which = 'knight.handStuck';
    const cls = { 'knight.handDone': ' ok', 'knight.handStuck': ' bad' }[which] || '';
    setText($('knight-move'), which, vars, 'step-text' + cls);
    $('knight-pos').textContent = t('knight.pos', { k: num(path.length), total: num(total) });
    $('knight-hand-undo').disabled = path.length < 2;
    board.setLabel(t('knight.handLabel', { board: `${s.rows} × ${s.cols}`, k: num(path.length), sq: squareName(cur) }));
  }

  // --- the form ---

  function readForm() {
    const rows = $('knight-rows').value.trim();
    const cols = $('knight-cols').value.trim();
    const from = parseSquareName($('knight-from').value);
    return { rows, cols, from, fromText: $('knight-from').value.trim() };
  }

  $('knight-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const f = readForm();
    const okSize = (v) => /^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= SIDE_MAX;
    formError($('knight-error'), '', $('knight-rows'));
    $('knight-cols').setAttribute('aria-invalid', 'false');
    $('knight-from').setAttribute('aria-invalid', 'false');
    for (const [text, field, what] of [[f.rows, 'knight-rows', 'knight.rows'], [f.cols, 'knight-cols', 'knight.cols']]) {
      if (!okSize(text)) return formError($('knight-error'), t('knight.badSide', { what: t(what), text, max: num(SIDE_MAX) }), $(field));
    }
    if (!f.fromText) return formError($('knight-error'), t('knight.noFrom'), $('knight-from'));
    if (!f.from) return formError($('knight-error'), t('knight.badFrom', { text: f.fromText }), $('knight-from'));
    if (f.from[0] > Number(f.cols) || f.from[1] > Number(f.rows)) {
      return formError($('knight-error'), t('knight.offBoard', { text: f.fromText, board: `${f.rows} × ${f.cols}` }), $('knight-from'));
    }
    s.rows = Number(f.rows);
    s.cols = Number(f.cols);
    s.from = f.from;
    s.method = $('knight-method').value;
    s.closed = $('knight-closed').checked;
    s.autoplay = true;
    find();
  });
  $('knight-onward').addEventListener('change', render);
  $('knight-count').addEventListener('click', countTours);
  $('knight-count-cancel').addEventListener('click', () => stopCount(true));
  canvas.addEventListener('click', (ev) => {
    const rect = canvas.getBoundingClientRect();
    const c = Math.floor(((ev.clientX - rect.left) / rect.width) * s.cols) + 1;
    const r = s.rows - Math.floor(((ev.clientY - rect.top) / rect.height) * s.rows);
    if (c >= 1 && c <= s.cols && r >= 1 && r <= s.rows) chooseStart([c, r]);
  });
  $('knight-method').addEventListener('change', explainMethod);
  // The count (and its button and plan) follows the box at once: closed tours of the board, or
  // open tours from the square; the tour in view keeps what it was found as.
  $('knight-closed').addEventListener('change', () => {
    s.closed = $('knight-closed').checked;
    stopCount();
    setText($('knight-count-result'), '');
    countPlan();
  });
  $('knight-hand').addEventListener('click', () => (s.hand ? endHand() : startHand()));
  $('knight-hand-undo').addEventListener('click', handUndo);
  onLangChange(() => {
    // The reason for "no tour" is worded again by the page, from its code.
    if (s.noTour) find();
    else render();
    explainMethod();
    countPlan();
  });

  return {
    show(params) {
      const m = /^(\d{1,4})(?:x(\d{1,4}))?$/i.exec(params.get('b') || '8x8');
      const rows = m ? Number(m[1]) : 8;
      const cols = m ? Number(m[2] || m[1]) : 8;
      const from = parseSquareName(params.get('from') || 'a1') || [1, 1];
      const method = ['auto', 'warnsdorff', 'wirth', 'divide', 'narrow'].includes(params.get('m')) ? params.get('m') : 'auto';
      const closed = params.get('closed') === '1';
      const k = Number(params.get('k')) || null;
      $('knight-rows').value = String(rows);
      $('knight-cols').value = String(cols);
      $('knight-method').value = method;
      $('knight-closed').checked = closed;
      const key = JSON.stringify([rows, cols, from, method, closed]);
      if (key !== s.key) {
        Object.assign(s, { rows, cols, from, method, closed, pendingK: k, autoplay: false });
        find();
      }
    },
    hide() {
      pause();
      stopCount();
    },
    retheme() {
      if (big()) drawCanvas();
    },
  };
}
