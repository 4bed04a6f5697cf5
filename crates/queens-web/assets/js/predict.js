// The class mode of Watch the search: predict, then reveal. Before the player shows the next
// step of a kind the teacher chose (for the queens the next queen placed, the next square
// rejected or the next solution; for the knight the next move), it stops and asks the class
// where it will be. The teacher points at a square (a click, or the arrow keys and Enter on
// the board); the player then plays on up to that step, and the board marks the guess right
// or wrong and frames the true square. A score, "right k of m", stays in view; "skip"
// reveals without a guess, and a new search starts the score again. The answer is always
// read from the steps of the trace the player plays, never worked out anew.

import { t, num, onLangChange } from './i18n.js';
import { fileName, parseSquareName, squareName } from './notation.js';
import { $, h, announce } from './ui.js';

/** The kinds of step a class can predict, for each problem: [kind, words of the choice]. */
const KINDS = {
  queens: [['place', 'predict.kindPlace'], ['reject', 'predict.kindReject'], ['solution', 'predict.kindSolution']],
  knight: [['move', 'predict.kindMove']],
};

/** The square a step of `kind` names ([col, row]), or null when the step is of another kind.
 * A solution names the queen on its last file: the last queen a column-by-column search
 * places, and the one that makes the solution. */
function answerOf(kind, e) {
  if (kind === 'place' && e.event === 'place') return [e.col, e.row];
  if (kind === 'reject' && e.event === 'reject') return [e.col, e.row];
  if (kind === 'solution' && e.event === 'solution') return [e.rows.length, e.rows[e.rows.length - 1]];
  if (kind === 'move' && e.event === 'move') return parseSquareName(e.to);
  return null;
}

/**
 * The class mode of the Watch player. `player`: the player (k, go, playTo); `pane()`: the pane
 * asked about (the first; null before a search is loaded); `two()`: whether a second search
 * runs beside it; `problem()`: 'queens' or 'knight'; `layout()`: called when the bar above
 * the boards changes its height.
 */
export function createPredict({ player, pane, two = () => false, problem, layout }) {
  const s = {
    on: false,
    // ask: a question is open; revealing: the player plays on to the answer; shown: the
    // answer is on the board; none: no step of the kind is left.
    phase: 'ask',
    target: null, // { k, sq } the step asked about and its square
    guess: null,
    right: 0,
    asked: 0,
    from: 0, // the step the answer was revealed from
    steps: null, // the steps of the kind in the pane's trace: [[k, square]] in order
    stepsOf: null, // the pane they were found in
    stepsKey: '', // and the kind they were found for
    height: 0, // the bar's height when last drawn
  };
  const bar = $('predict');

  const kind = () => $('predict-kind').value;

  /** The steps of the chosen kind, found once per trace and kind. */
  function kindSteps() {
    const p = pane();
    if (!p) return [];
    const key = kind();
    if (s.stepsOf !== p || s.stepsKey !== key) {
      s.steps = [];
      p.steps.forEach((e, i) => {
        const sq = answerOf(key, e);
        if (sq) s.steps.push([i + 1, sq]);
      });
      s.stepsOf = p;
      s.stepsKey = key;
    }
    return s.steps;
  }

  /** The first step of the kind after step k: { k, sq }, or null. */
  function nextAfter(k) {
    const list = kindSteps();
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid][0] <= k) lo = mid + 1;
      else hi = mid;
    }
    return lo < list.length ? { k: list[lo][0], sq: list[lo][1] } : null;
  }

  const board = () => pane()?.board;

  /** Opens the question about the next step of the kind after step k. */
  function ask(k) {
    s.target = nextAfter(k);
    s.guess = null;
    s.phase = s.target ? 'ask' : 'none';
    board()?.setTop([]);
    board()?.setInteractive(s.phase === 'ask', choose);
    render();
  }

  /** The teacher's square: the guess is scored, and the player plays on to the answer. */
  function choose(sq) {
    if (!s.on || s.phase !== 'ask') return;
    s.guess = sq;
    s.asked++;
    if (squareName(sq) === squareName(s.target.sq)) s.right++;
    reveal();
  }

  function reveal() {
    if (!s.on || s.phase !== 'ask') return;
    s.phase = 'revealing';
    s.from = player.k;
    board()?.setInteractive(false);
    render();
    player.playTo(s.target.k, 1);
  }

  /** The player is at the answer: the verdict on the board and in words. */
  function arrived() {
    s.phase = 'shown';
    const { sq } = s.target;
    const marks = [];
    if (s.guess && squareName(s.guess) === squareName(sq)) {
      marks.push({ sq, cls: 'right', text: '✓', at: 'corner' });
    } else {
      if (s.guess) marks.push({ sq: s.guess, cls: 'wrong', text: '✗', at: 'corner' });
      marks.push({ sq, cls: 'answer', text: '✓', at: 'corner' });
    }
    board()?.setTop(marks);
    render();
    announce(`${$('predict-verdict').textContent} ${$('predict-score').textContent}`);
    $('predict-next').focus();
  }

  /** Words for the verdict: right, wrong or revealed, and how many steps it took. */
  function verdict() {
    const { sq } = s.target;
    const vars = { sq: squareName(sq), steps: num(s.target.k - s.from), raw: s.target.k - s.from };
    if (!s.guess) return ['skipped', t('predict.skipped', vars)];
    if (squareName(s.guess) === squareName(sq)) return ['right', t('predict.right', vars)];
    return ['wrong', t('predict.wrong', { ...vars, guess: squareName(s.guess) })];
  }

  function question() {
    const words = kind() === 'solution' ? t('predict.askSolution', { file: fileName(s.target.sq[0]) }) : t('predict.ask.' + kind());
    return two() ? `${words} ${t('predict.firstBoard')}` : words;
  }

  function render() {
    draw();
    // A bar of another height leaves the boards another height.
    const height = bar.offsetHeight;
    if (height !== s.height) {
      s.height = height;
      layout();
    }
  }

  function draw() {
    bar.dataset.on = String(s.on);
    bar.dataset.phase = s.on ? s.phase : 'off';
    const on = s.on && !!pane();
    $('predict-kind-field').hidden = !s.on;
    $('predict-score').hidden = !on;
    // The verdict takes the question's place, so that the bar keeps its height.
    $('predict-prompt').hidden = !on || s.phase === 'shown';
    $('predict-skip').hidden = !on || s.phase !== 'ask';
    $('predict-next').hidden = !on || s.phase !== 'shown';
    $('predict-verdict').hidden = !on || s.phase !== 'shown';
    const score = $('predict-score');
    score.textContent = t('predict.score', { k: num(s.right), m: num(s.asked), raw: s.asked });
    score.dataset.right = String(s.right);
    score.dataset.asked = String(s.asked);
    const prompt = $('predict-prompt');
    const v = $('predict-verdict');
    delete prompt.dataset.answer;
    if (!on) return;
    if (s.phase === 'none') {
      prompt.replaceChildren(t('predict.none'));
    } else if (s.phase === 'ask' || s.phase === 'revealing') {
      prompt.replaceChildren(h('strong', { text: question() }), ' ', h('span', { class: 'predict-how', text: t('predict.how') }));
      prompt.dataset.answer = squareName(s.target.sq);
      prompt.dataset.step = String(s.target.k);
    } else {
      prompt.dataset.answer = squareName(s.target.sq);
      prompt.dataset.step = String(s.target.k);
      const [cls, words] = verdict();
      v.className = `predict-verdict ${cls}`;
      v.dataset.verdict = cls;
      v.textContent = words;
    }
  }

  function kindOptions() {
    const sel = $('predict-kind');
    const chosen = sel.value;
    const kinds = KINDS[problem()] || KINDS.queens;
    sel.replaceChildren(...kinds.map(([value, key]) => h('option', { value, text: t(key) })));
    if (kinds.some(([value]) => value === chosen)) sel.value = chosen;
  }

  function setOn(on) {
    s.on = on;
    $('predict-on').checked = on;
    if (on) {
      player.pause();
      ask(player.k);
      if (s.phase === 'ask') board()?.svg.focus();
    } else {
      board()?.setTop([]);
      board()?.setInteractive(false);
      render();
    }
    layout();
  }

  $('predict-on').addEventListener('change', () => setOn($('predict-on').checked));
  $('predict-kind').addEventListener('change', () => {
    if (!s.on) return;
    ask(player.k);
  });
  $('predict-skip').addEventListener('click', reveal);
  $('predict-next').addEventListener('click', () => {
    ask(player.k);
    if (s.phase === 'ask') board()?.svg.focus();
  });
  onLangChange(() => {
    kindOptions();
    render();
  });
  kindOptions();
  render();

  return {
    /** A new search is loaded: a new score, the kinds of its problem, a question if on. */
    reset() {
      s.right = 0;
      s.asked = 0;
      s.stepsOf = null;
      kindOptions();
      if (s.on) ask(player.k);
      else render();
      layout();
    },
    /** The player's hook: a move forward from `from` to `to` stops before the step asked
     * about. After an answer shown, a move on opens the next question. */
    hold(from, to) {
      if (!s.on || !pane()) return null;
      if (s.phase === 'shown' || s.phase === 'none') ask(from);
      if (s.phase !== 'ask' || s.target.k > to) return null;
      board()?.svg.focus();
      return s.target.k;
    },
    /** The player's hook after a pause: a reveal cut short asks anew from where it stopped. */
    paused() {
      if (s.on && s.phase === 'revealing' && player.k !== s.target.k) ask(player.k);
    },
    /** The watch's hook after every step shown: the answer reached, or a jump elsewhere
     * (the timeline, back, a click on the tree) that asks anew from there. */
    shown(k) {
      if (!s.on || !pane()) return;
      if (s.phase === 'revealing') {
        if (k === s.target.k) arrived();
        else if (!player.playing) ask(k);
        return;
      }
      if (s.phase === 'shown' && k === s.target.k) return;
      if (s.phase === 'ask' && s.target && k < s.target.k && nextAfter(k)?.k === s.target.k) return;
      ask(k);
    },
    get on() {
      return s.on;
    },
    /** The kind of step asked about. */
    get kind() {
      return kind();
    },
    /** The class mode as an address gives it: on or off, and the kind (ignored unless it is
     * one of the problem's). */
    restore(on, wanted) {
      kindOptions();
      const before = kind();
      if (wanted && [...$('predict-kind').options].some((o) => o.value === wanted)) $('predict-kind').value = wanted;
      if (on !== s.on) setOn(on);
      else if (on && kind() !== before) ask(player.k);
    },
  };
}
