// Big boards: one solution for N up to 100,000 from the server (the explicit construction or
// min-conflicts), checked there with the library's linear check, drawn on a canvas that zooms
// from the whole board (a queen per pixel or less) down to single squares with their queens.
// Zoom in goes towards the queen nearest the middle of the view, so a close view always shows
// queens, never an empty stretch of squares; a small board fills the picture.

import { getJSON } from './api.js';
import { t, num, seconds, onLangChange } from './i18n.js';
import { writeState } from './router.js';
import { fileName } from './notation.js';
import { $, announce, errorText, formError, setText } from './ui.js';

const MAX_CELL = 64;

export function createBig() {
  const s = { n: 1000, alg: 'explicit', seed: '', rows: null, res: null, scale: 0, cx: 0, cy: 0, key: '', drag: null };
  const canvas = $('big-canvas');
  let queenPath = null;

  function fit() {
    return (canvas.clientWidth || 600) / Math.max(s.n, 1);
  }

  function clampView() {
    const f = fit();
    s.scale = Math.min(Math.max(s.scale || f, f), Math.max(MAX_CELL, f));
    const half = (canvas.clientWidth || 600) / s.scale / 2;
    s.cx = Math.min(Math.max(s.cx, half), Math.max(half, s.n - half));
    s.cy = Math.min(Math.max(s.cy, half), Math.max(half, s.n - half));
    if (s.scale === f) s.cx = s.cy = s.n / 2;
  }

  function save() {
    const zoom = s.rows ? Math.round((s.scale / fit()) * 100) / 100 : 1;
    writeState('big', {
      n: s.n,
      alg: s.alg !== 'explicit' ? s.alg : null,
      seed: s.alg === 'min-conflicts' ? s.seed : null,
      zoom: zoom > 1 ? zoom : null,
      x: zoom > 1 ? Math.round(s.cx) : null,
      y: zoom > 1 ? Math.round(s.cy) : null,
    });
  }

  async function solve(ev) {
    ev?.preventDefault();
    const nText = $('big-n').value.trim();
    const alg = $('big-alg').value;
    const seed = $('big-seed').value.trim();
    formError($('big-error'), '', $('big-n'));
    status('big.solving', { n: nText });
    try {
      const res = await getJSON('solve', { n: nText, algorithm: alg, seed: alg === 'min-conflicts' ? seed || undefined : undefined });
      s.n = res.n;
      s.alg = alg;
      s.seed = seed;
      s.res = res;
      s.key = JSON.stringify([s.n, s.alg, alg === 'min-conflicts' ? seed : '']);
      if (res.exists === false) {
        s.rows = null;
        status(res.n === 2 ? 'big.none2' : 'big.none3', { n: res.n }, 'bad');
      } else {
        s.rows = res.rows;
        if (!s.keepView) {
          s.scale = 0;
          s.cx = s.cy = s.n / 2;
        }
        s.keepView = false;
        renderStatus();
      }
      announce($('big-status').textContent);
      clampView();
      draw();
      rowsText();
      save();
    } catch (e) {
      status('');
      formError($('big-error'), errorText(e), $('big-n'));
    }
  }

  function renderStatus() {
    const r = s.res;
    if (!r || r.exists === false) return;
    status(r.valid ? 'big.valid' : 'big.invalid', { n: () => num(r.n), raw: r.n, alg: r.stats.method, s: () => seconds(r.stats.seconds) }, r.valid ? 'ok' : 'bad');
    $('big-status').dataset.valid = String(r.valid);
    $('big-status').dataset.n = String(r.n);
  }

  function status(key, vars = {}, cls = '') {
    setText($('big-status'), key, vars, 'status ' + cls);
  }

  function rowsText() {
    const pre = $('big-rows');
    if (!s.rows) {
      pre.textContent = '';
      return;
    }
    const head = s.rows.slice(0, 3000).join(' ');
    pre.textContent = s.rows.length > 3000 ? head + ' … ' + t('big.more', { k: num(s.rows.length - 3000) }) : head;
  }

  // --- drawing ---

  function draw() {
    const dpr = window.devicePixelRatio || 1;
    const w = canvas.clientWidth || 600;
    const hgt = w;
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(hgt * dpr);
    const ctx = canvas.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const css = getComputedStyle(document.documentElement);
    const light = css.getPropertyValue('--sq-light').trim();
    const dark = css.getPropertyValue('--sq-dark').trim();
    const piece = css.getPropertyValue('--piece').trim();
    const stroke = css.getPropertyValue('--piece-stroke').trim();
    ctx.fillStyle = light;
    ctx.fillRect(0, 0, w, hgt);
    if (!s.rows) {
      // no board (N = 2 or 3, or none asked yet): no view of an earlier board stays either
      canvas.setAttribute('aria-label', t('big.empty'));
      $('big-view').textContent = '';
      return;
    }
    const n = s.n;
    const sc = s.scale;
    // Column c (1-based) spans x from (c - 1 - left) * sc; rank r spans y from (top - r) * sc.
    const left = s.cx - w / sc / 2;
    const top = n - (s.cy - hgt / sc / 2);
    const c0 = Math.max(1, Math.floor(left) + 1);
    const c1 = Math.min(n, Math.ceil(left + w / sc));
    const rTop = Math.min(n, Math.ceil(top));
    const rBot = Math.max(1, Math.floor(top - hgt / sc) + 1);
    if (sc >= 3) {
      ctx.fillStyle = dark;
      for (let c = c0; c <= c1; c++) {
        for (let r = rBot; r <= rTop; r++) if ((c + r) % 2 === 0) ctx.fillRect((c - 1 - left) * sc, (top - r) * sc, sc + 0.5, sc + 0.5);
      }
    } else {
      ctx.fillStyle = dark;
      ctx.globalAlpha = 0.35;
      ctx.fillRect(0, 0, w, hgt);
      ctx.globalAlpha = 1;
    }
    ctx.fillStyle = piece;
    let shown = 0;
    for (let c = c0; c <= c1; c++) if (s.rows[c - 1] >= rBot && s.rows[c - 1] <= rTop) shown++;
    canvas.dataset.shown = String(shown);
    if (sc >= 14) {
      queenPath ||= queenShapes();
      ctx.lineWidth = 4;
      ctx.strokeStyle = stroke;
      for (let c = c0; c <= c1; c++) {
        const r = s.rows[c - 1];
        if (r < rBot || r > rTop) continue;
        ctx.save();
        ctx.translate((c - 1 - left) * sc + sc * 0.08, (top - r) * sc + sc * 0.08);
        ctx.scale((sc * 0.84) / 100, (sc * 0.84) / 100);
        for (const p of queenPath) {
          ctx.fill(p);
          ctx.stroke(p);
        }
        ctx.restore();
      }
    } else {
      const dot = Math.max(1, sc * 0.8);
      for (let c = c0; c <= c1; c++) {
        const r = s.rows[c - 1];
        if (r < rBot || r > rTop) continue;
        ctx.fillRect((c - 1 - left) * sc + (sc - dot) / 2, (top - r) * sc + (sc - dot) / 2, dot, dot);
      }
    }
    const view = t('big.view', { f0: fileName(c0), f1: fileName(c1), c0: num(c0), c1: num(c1), r0: num(rBot), r1: num(rTop), n: num(n), zoom: num(Math.round((sc / fit()) * 10) / 10) });
    $('big-view').textContent = view;
    canvas.setAttribute('aria-label', t('big.canvasLabel', { n: num(n) }) + ' ' + view);
  }

  function queenShapes() {
    return [...document.querySelectorAll('#i-queen path, #i-queen circle')].map((el) => {
      if (el.tagName === 'path') return new Path2D(el.getAttribute('d'));
      const p = new Path2D();
      const cx = Number(el.getAttribute('cx'));
      const cy = Number(el.getAttribute('cy'));
      const r = Number(el.getAttribute('r'));
      p.arc(cx, cy, r, 0, 2 * Math.PI);
      return p;
    });
  }

  // --- zoom and pan ---

  function zoomAt(factor, px, py) {
    if (!s.rows) return;
    const w = canvas.clientWidth;
    const before = s.scale;
    const atX = s.cx + (px - w / 2) / before;
    const atY = s.cy + (py - w / 2) / before;
    s.scale = before * factor;
    clampView();
    s.cx = atX - (px - w / 2) / s.scale;
    s.cy = atY - (py - w / 2) / s.scale;
    clampView();
    draw();
    save();
  }

  /** The centre of the queen nearest the middle of the view, in board units (x from the left, y from the top). */
  function nearestQueen() {
    let best = null;
    let bestD = Infinity;
    for (let c = 1; c <= s.n; c++) {
      const x = c - 0.5;
      const y = s.n - s.rows[c - 1] + 0.5;
      const d = Math.abs(x - s.cx) + Math.abs(y - s.cy);
      if (d < bestD) {
        bestD = d;
        best = [x, y];
      }
    }
    return best;
  }

  /** Zoom in by `factor` with the queen nearest the middle of the view in the middle. */
  function zoomToQueen(factor) {
    if (!s.rows) return;
    const q = nearestQueen();
    s.scale *= factor;
    clampView();
    [s.cx, s.cy] = q;
    clampView();
    draw();
    save();
  }

  function pan(dx, dy) {
    s.cx += dx / s.scale;
    s.cy += dy / s.scale;
    clampView();
    draw();
  }

  canvas.addEventListener('wheel', (ev) => {
    if (!s.rows) return;
    ev.preventDefault();
    const rect = canvas.getBoundingClientRect();
    zoomAt(ev.deltaY < 0 ? 1.25 : 0.8, ev.clientX - rect.left, ev.clientY - rect.top);
  }, { passive: false });
  canvas.addEventListener('pointerdown', (ev) => {
    s.drag = { x: ev.clientX, y: ev.clientY };
    canvas.setPointerCapture(ev.pointerId);
  });
  canvas.addEventListener('pointermove', (ev) => {
    if (!s.drag) return;
    pan(s.drag.x - ev.clientX, s.drag.y - ev.clientY);
    s.drag = { x: ev.clientX, y: ev.clientY };
  });
  canvas.addEventListener('pointerup', () => {
    s.drag = null;
    save();
  });
  canvas.addEventListener('keydown', (ev) => {
    const w = canvas.clientWidth;
    const step = w / 8;
    const keys = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (keys[ev.key]) {
      ev.preventDefault();
      pan(...keys[ev.key]);
      save();
    } else if (ev.key === '+' || ev.key === '=') zoomToQueen(1.5);
    else if (ev.key === '-') zoomAt(1 / 1.5, w / 2, w / 2);
  });
  $('big-zoom-in').addEventListener('click', () => zoomToQueen(2));
  $('big-zoom-out').addEventListener('click', () => zoomAt(0.5, canvas.clientWidth / 2, canvas.clientWidth / 2));
  $('big-zoom-fit').addEventListener('click', () => {
    s.scale = 0;
    clampView();
    draw();
    save();
  });
  $('big-form').addEventListener('submit', solve);
  $('big-alg').addEventListener('change', () => ($('big-seed').disabled = $('big-alg').value !== 'min-conflicts'));
  window.addEventListener('resize', () => {
    if (document.getElementById('panel-big').hidden) return;
    clampView();
    draw();
  });
  onLangChange(() => {
    rowsText();
    draw();
  });

  return {
    show(params) {
      const n = /^\d{1,6}$/.test(params.get('n') || '') ? Number(params.get('n')) : 1000;
      const alg = params.get('alg') === 'min-conflicts' ? 'min-conflicts' : 'explicit';
      const seed = /^\d{1,19}$/.test(params.get('seed') || '') ? params.get('seed') : '7';
      $('big-n').value = String(n);
      $('big-alg').value = alg;
      $('big-seed').value = seed;
      $('big-seed').disabled = alg !== 'min-conflicts';
      const key = JSON.stringify([n, alg, alg === 'min-conflicts' ? seed : '']);
      const zoom = Number(params.get('zoom')) || 1;
      const view = () => {
        s.scale = ((canvas.clientWidth || 600) / n) * zoom;
        s.cx = Number(params.get('x')) || n / 2;
        s.cy = Number(params.get('y')) || n / 2;
      };
      if (key !== s.key) {
        s.n = n;
        if (zoom > 1) {
          s.keepView = true;
          view();
        }
        solve();
      } else {
        if (zoom > 1) view();
        else s.scale = 0;
        clampView();
        draw();
      }
    },
    retheme: draw,
  };
}
