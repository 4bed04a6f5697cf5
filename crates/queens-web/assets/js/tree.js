// The search tree of a backtracking trace: every partial placement is a node (the empty board
// is the root), a queen placed is a child, a queen removed closes its node. A closed node
// whose subtree holds no solution is a dead end. The knight's search makes the same tree: its
// root is the start square, a move made is a child, a move taken back closes it, a tour is a
// solution. The nodes are made in the order the search visits them (a preorder), so the tree
// at step k is a prefix of that list, laid out afresh at every step (leaves left to right,
// parents over their children) and drawn on a canvas. The places drawn are kept, so that a
// click finds its node (and the step that made it).

import { t, num } from './i18n.js';

/** What a step of the queens' trace does to the tree: [kind, square] or null. */
export function queensStep(e) {
  if (e.event === 'place') return ['place', e.square];
  if (e.event === 'remove') return ['remove'];
  if (e.event === 'solution' && !e.mirrored) return ['solution'];
  return null;
}

/** What a step of the knight's search does to the tree. */
export function knightStep(e) {
  if (e.event === 'start') return ['root', e.square];
  if (e.event === 'move') return ['place', e.to];
  if (e.event === 'undo') return ['remove'];
  if (e.event === 'tour') return ['solution'];
  return null;
}

/**
 * Builds the whole tree of a trace once; `steps` are the trace's step objects, `read` says
 * what each does: ['place', square] a child, ['remove'] its end, ['solution'], or ['root',
 * square] the root's name.
 */
export function buildTree(steps, read = queensStep) {
  const nodes = [{ parent: -1, depth: 0, born: 0, died: Infinity, firstSol: Infinity, square: '', children: [] }];
  const stack = [0];
  steps.forEach((e, k) => {
    const step = k + 1;
    const [kind, square] = read(e) || [];
    if (kind === 'root') {
      nodes[0].square = square;
    } else if (kind === 'place') {
      const parent = stack[stack.length - 1];
      const id = nodes.length;
      nodes.push({ parent, depth: nodes[parent].depth + 1, born: step, died: Infinity, firstSol: Infinity, square, children: [] });
      nodes[parent].children.push(id);
      stack.push(id);
    } else if (kind === 'remove' && stack.length > 1) {
      nodes[stack.pop()].died = step;
    } else if (kind === 'solution') {
      for (let id = stack[stack.length - 1]; id >= 0; id = nodes[id].parent) {
        if (nodes[id].firstSol <= step) break;
        nodes[id].firstSol = step;
      }
    }
  });
  // born[] ascending: the nodes visible at step k are a prefix; deepest[i]: the greatest
  // depth among the first i + 1.
  const deepest = [];
  nodes.forEach((n, i) => deepest.push(Math.max(n.depth, i ? deepest[i - 1] : 0)));
  return { nodes, born: nodes.map((n) => n.born), deepest };
}

/** How many nodes exist at step k (the root included). */
function visibleCount(tree, k) {
  let lo = 0;
  let hi = tree.born.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tree.born[mid] <= k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Counts at step k: nodes, dead ends, solutions found. */
export function treeCounts(tree, k) {
  const m = visibleCount(tree, k);
  let dead = 0;
  let sols = 0;
  for (let i = 0; i < m; i++) {
    const n = tree.nodes[i];
    if (n.died <= k && n.firstSol > n.died) dead++;
    if (n.firstSol <= k && n.children.length === 0) sols++;
  }
  return { nodes: m, dead, solutions: sols };
}

function colour(name) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

/** Draws the tree at step k on `canvas`, `depth` levels deep (the board size for queens; none:
 * as deep as the tree is so far, at least `least` levels, so that a tree that grows deep,
 * as a knight's does, starts large). */
export function drawTree(canvas, tree, k, depth = null, least = 6) {
  const dpr = window.devicePixelRatio || 1;
  const w = canvas.clientWidth || 300;
  const hgt = canvas.clientHeight || 200;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(hgt * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(hgt * dpr);
  }
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, hgt);
  const m = visibleCount(tree, k);
  const nodes = tree.nodes;
  const n = depth ?? Math.max(least, tree.deepest[m - 1]);
  // Layout: leaves in preorder get x = 0, 1, 2, ...; a parent sits over its children.
  const x = new Float64Array(m);
  const lo = new Float64Array(m).fill(Infinity);
  const hi = new Float64Array(m).fill(-Infinity);
  let leaves = 0;
  for (let i = 0; i < m; i++) {
    const hasChild = i + 1 < m && nodes[i + 1].parent === i;
    if (!hasChild) x[i] = leaves++;
  }
  for (let i = m - 1; i >= 0; i--) {
    if (lo[i] !== Infinity) x[i] = (lo[i] + hi[i]) / 2;
    const p = nodes[i].parent;
    if (p >= 0) {
      if (x[i] < lo[p]) lo[p] = x[i];
      if (x[i] > hi[p]) hi[p] = x[i];
    }
  }
  const pad = 10;
  const sx = (v) => pad + ((v + 0.5) / Math.max(leaves, 1)) * (w - 2 * pad);
  const sy = (d) => pad + (d / Math.max(n, 1)) * (hgt - 2 * pad - 4);
  const r = Math.max(1.2, Math.min(7, (w - 2 * pad) / Math.max(leaves, 1) / 3, (hgt - 2 * pad) / Math.max(n, 1) / 3));
  const cNode = colour('--tree-node');
  const cDead = colour('--tree-dead');
  const cSol = colour('--tree-sol');
  const cFg = colour('--fg');
  const alive = (nd) => nd.born <= k && k < nd.died;
  const state = (nd) => (nd.firstSol <= k ? 'sol' : nd.died <= k ? 'dead' : alive(nd) ? 'alive' : 'node');
  // edges
  ctx.lineWidth = Math.min(1.5, r / 2 + 0.3);
  ctx.globalAlpha = 0.45;
  ctx.strokeStyle = cNode;
  ctx.beginPath();
  for (let i = 1; i < m; i++) {
    const p = nodes[i].parent;
    ctx.moveTo(sx(x[p]), sy(nodes[p].depth));
    ctx.lineTo(sx(x[i]), sy(nodes[i].depth));
  }
  ctx.stroke();
  // the branch being searched now
  ctx.globalAlpha = 1;
  ctx.lineWidth = Math.max(2, r * 0.8);
  ctx.strokeStyle = cFg;
  ctx.beginPath();
  for (let i = m - 1; i > 0; i--) {
    if (!alive(nodes[i])) continue;
    const p = nodes[i].parent;
    ctx.moveTo(sx(x[p]), sy(nodes[p].depth));
    ctx.lineTo(sx(x[i]), sy(nodes[i].depth));
  }
  ctx.stroke();
  // nodes, by state
  for (const [st, fill] of [['node', cNode], ['alive', cFg], ['dead', cDead], ['sol', cSol]]) {
    ctx.fillStyle = fill;
    ctx.beginPath();
    for (let i = 0; i < m; i++) {
      if (state(nodes[i]) !== st) continue;
      const rr = st === 'sol' ? r * 1.4 : r;
      ctx.moveTo(sx(x[i]) + rr, sy(nodes[i].depth));
      ctx.arc(sx(x[i]), sy(nodes[i].depth), rr, 0, 2 * Math.PI);
    }
    ctx.fill();
  }
  // square names when there is room for them at a size read from the back of a classroom
  const gap = (w - 2 * pad) / Math.max(leaves, 1);
  const font = 13;
  const level = (hgt - 2 * pad - 4) / Math.max(n, 1);
  const labelled = gap >= 2.3 * font && level >= font && m <= 400;
  canvas.dataset.labels = labelled ? `${font}px` : '';
  if (labelled) {
    ctx.fillStyle = cFg;
    ctx.font = `600 ${font}px system-ui, sans-serif`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    for (let i = 1; i < m; i++) ctx.fillText(nodes[i].square, sx(x[i]) + r + 2, sy(nodes[i].depth));
  }
  canvas.layout = { m, px: Array.from(x, sx), py: nodes.slice(0, m).map((nd) => sy(nd.depth)), r, nodes };
  return m;
}

/** The node drawn at (x, y) of `canvas` (CSS pixels), or null: the nearest within reach. */
export function nodeAt(canvas, x, y) {
  const l = canvas.layout;
  if (!l) return null;
  const reach = Math.max(9, l.r * 2);
  let best = null;
  let bestD = reach * reach;
  for (let i = 0; i < l.m; i++) {
    const d = (l.px[i] - x) ** 2 + (l.py[i] - y) ** 2;
    if (d <= bestD) {
      bestD = d;
      best = l.nodes[i];
    }
  }
  return best;
}

/** The step that ends the branch searched at step k: the removal of the last queen on the
 * board then, or of the knight's last move. Before the first move (step 0, or the knight on
 * its start square alone), the branch is the first one the search goes down, and it ends
 * where its last move is taken back. Infinity when there is none, or it is never
 * taken back. */
export function branchEnd(tree, k) {
  const m = visibleCount(tree, k);
  // The boards alive at step k are a path from the root, and the deepest is the last made.
  for (let i = m - 1; i > 0; i--) {
    const nd = tree.nodes[i];
    if (nd.born <= k && k < nd.died) return nd.died;
  }
  // Before the first move (only the root made): the nodes come in preorder, so the first
  // without a child is the leaf of the first branch. After a branch has ended at the root,
  // the end of the branch above it is the end of the search.
  const nodes = tree.nodes;
  for (let i = m; m === 1 && i < nodes.length; i++) {
    if (i + 1 >= nodes.length || nodes[i + 1].parent !== i) return nodes[i].died;
  }
  return Infinity;
}

/** A sentence for screen readers and tests: the tree at step k (`key`: its words). */
export function treeSummary(tree, k, key = 'tree.summary') {
  const c = treeCounts(tree, k);
  return t(key, { nodes: num(c.nodes), dead: num(c.dead), sols: num(c.solutions), raw: c.solutions });
}
