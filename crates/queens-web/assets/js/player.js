// The player of the parts that replay a sequence step by step (Watch the search, for the
// queens and for the knight's tour; the knight's tour path): play and pause, one step back
// and forward, back to the start, on to the next solution or tour, to the end of this branch,
// to the end, the speed, the timeline, and the keys (Space plays or pauses, the arrows step).
// The clock turns the elapsed time into whole steps at the rate asked for (steps per second),
// carrying the fraction over to the next animation frame, so that any rate keeps its pace.

import { t, num, onLangChange } from './i18n.js';
import { $, stepsPerSecond } from './ui.js';

/**
 * The clock and its button. `button`: the play/pause button (an <svg><use> inside, #i-play or
 * #i-pause); `rate()`: steps per second now; `advance(k)`: take up to k steps, and return false
 * to stop (the end, or a stop asked for); `paused()`: called after every pause.
 */
export function createClock({ button, rate, advance, paused = () => {} }) {
  const s = { playing: false, last: 0, acc: 0 };

  function icon() {
    button.querySelector('use').setAttribute('href', s.playing ? '#i-pause' : '#i-play');
    const label = t(s.playing ? 'watch.pause' : 'watch.play');
    button.setAttribute('aria-label', label);
    button.title = label;
    button.setAttribute('aria-pressed', String(s.playing));
  }

  function tick(now) {
    if (!s.playing) return;
    s.acc += ((now - s.last) / 1000) * rate();
    s.last = now;
    const k = Math.floor(s.acc);
    if (k > 0) {
      s.acc -= k;
      if (advance(k) === false) {
        pause();
        return;
      }
    }
    requestAnimationFrame(tick);
  }

  function play() {
    s.playing = true;
    s.last = performance.now();
    s.acc = 0;
    icon();
    requestAnimationFrame(tick);
  }

  function pause() {
    if (!s.playing) return;
    s.playing = false;
    icon();
    paused();
  }

  return {
    play,
    pause,
    icon,
    get playing() {
      return s.playing;
    },
  };
}

/**
 * The whole player of one part. Its controls are the elements whose ids are `prefix` and
 * -first, -back, -play, -fwd, -mark (on to the next solution or tour), -branch (to the end of
 * this branch), -last (to the end), -speed (the speed slider), -speed-out, -stop (pause at each
 * solution or tour), -step (the timeline) and -pos; those missing are left out. The keys work
 * while `panel` is shown.
 *
 * The replay says: `first`, the first step (0, or 1 when there is no empty start); `total()`,
 * the last; `show(k, say)`, draw step k (and say it when `say`); `pos(k, total)`, the position
 * in words; `isMark(k)`, whether step k is a solution or tour; `nextMark(k)`, the next such
 * step after k (null: none); `branchEnd(k)`, where the branch searched at step k ends (null:
 * unknown); `slower`, the speed's divisor (steps per second over the slider's); `canPlay()`;
 * `paused()`, after every pause; `hold(from, to)`, a step in (from, to] that a move forward
 * must not show yet (it stops on the step before), or null (the class mode's question).
 */
export function createPlayer({
  prefix,
  panel,
  first = 0,
  total,
  show,
  pos,
  isMark = () => false,
  nextMark = () => null,
  branchEnd = () => null,
  slower = 1,
  canPlay = () => true,
  paused = () => {},
  hold = () => null,
}) {
  const el = (name) => $(`${prefix}-${name}`);
  // until: the step that playTo plays to (null: the end); rush: its pace, steps per second.
  const s = { k: first, until: null, rush: 0 };
  const rate = () => s.rush || Math.max(1, stepsPerSecond(el('speed').value) / slower);

  const clock = createClock({
    button: el('play'),
    rate,
    advance(n) {
      let k = s.k;
      const end = s.until ?? total();
      const stop = s.until === null && el('stop')?.checked;
      const held = s.until === null ? hold(k, Math.min(k + n, end)) : null;
      while (n-- > 0 && k < end) {
        if (held !== null && k + 1 >= held) {
          seek(held - 1);
          return false;
        }
        k++;
        if (stop && isMark(k)) {
          seek(k);
          return false;
        }
      }
      seek(k);
      return k < end;
    },
    paused() {
      s.until = null;
      s.rush = 0;
      paused();
    },
  });

  /** Shows step k (kept within the steps); `say` announces it. */
  function seek(k, say = false) {
    s.k = Math.max(first, Math.min(k, total()));
    show(s.k, say);
    const step = el('step');
    if (step) {
      step.min = String(first);
      step.max = String(Math.max(first, total()));
      step.value = String(s.k);
      step.setAttribute('aria-valuetext', pos(s.k, total()));
    }
    const where = el('pos');
    if (where) {
      where.textContent = total() ? pos(s.k, total()) : '';
      where.dataset.step = String(s.k);
    }
  }

  /** A user's jump: the clock stops first; forward, it stops before a step held back. */
  function go(k) {
    clock.pause();
    const held = k > s.k ? hold(s.k, Math.min(k, total())) : null;
    seek(held !== null ? held - 1 : k, true);
  }

  /** Plays on from here to step `to` and stops there, in `seconds` at most (faster than the
   * speed asked for when there are many steps), past any step held back. */
  function playTo(to, seconds = 1) {
    clock.pause();
    if (to <= s.k) return seek(to, true);
    s.until = Math.min(to, total());
    s.rush = Math.max(rate(), (s.until - s.k) / seconds);
    clock.play();
  }

  function play() {
    if (!canPlay() || total() <= first) return;
    if (s.k >= total()) seek(first);
    clock.play();
  }

  function toggle() {
    if (clock.playing) clock.pause();
    else play();
  }

  const on = (name, event, fn) => el(name)?.addEventListener(event, fn);
  on('play', 'click', toggle);
  on('fwd', 'click', () => go(s.k + 1));
  on('back', 'click', () => go(s.k - 1));
  on('first', 'click', () => go(first));
  on('last', 'click', () => go(total()));
  on('mark', 'click', () => {
    const k = nextMark(s.k);
    go(k === null ? total() : k);
  });
  // To the end of the branch being searched: the step that takes back its last move; at that
  // step already, the end of the branch above it.
  on('branch', 'click', () => {
    const k = branchEnd(s.k);
    go(k !== null && k > s.k ? k : total());
  });
  on('step', 'input', () => {
    clock.pause();
    seek(Number(el('step').value));
  });
  const speedOut = () => {
    if (el('speed-out')) el('speed-out').textContent = t('watch.perSecond', { k: num(rate()), raw: rate() });
  };
  on('speed', 'input', speedOut);
  // Keys for a teacher at the projector (anywhere but in a field or on an interactive board):
  // Space plays or pauses, the left and right arrows step back and forward.
  document.addEventListener('keydown', (ev) => {
    if (panel.hidden || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.target.closest?.('input, select, textarea, [role=tablist], [role=application]')) return;
    if (ev.key === ' ' && !ev.target.matches?.('button, a')) {
      ev.preventDefault();
      toggle();
    } else if (ev.key === 'ArrowRight' || ev.key === 'ArrowLeft') {
      ev.preventDefault();
      go(s.k + (ev.key === 'ArrowRight' ? 1 : -1));
    }
  });
  onLangChange(() => {
    speedOut();
    clock.icon();
  });
  speedOut();

  return {
    seek,
    go,
    play,
    playTo,
    pause: clock.pause,
    get k() {
      return s.k;
    },
    get playing() {
      return clock.playing;
    },
  };
}
