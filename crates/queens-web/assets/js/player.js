// One play/pause player for the parts that replay a sequence step by step (Watch the search,
// the knight's tour): a button that shows play or pause, and a clock that turns the elapsed
// time into whole steps at the rate asked for (steps per second), carrying the fraction over
// to the next animation frame so that any rate, slow or fast, keeps its pace.

import { t } from './i18n.js';

/**
 * `button`: the play/pause button (an <svg><use> inside, #i-play or #i-pause);
 * `rate()`: steps per second now; `advance(k)`: take up to k steps, and return false to stop
 * (the end, or a stop asked for); `paused()`: called after every pause.
 */
export function createPlayer({ button, rate, advance, paused = () => {} }) {
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
