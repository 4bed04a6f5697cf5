// The page's frame: tabs (each a view created when first shown), the address as the state,
// the language and theme switches, and one polite live region for announcements.

import { applyStatic, setLang, currentLang, onLangChange, t } from './i18n.js';
import { resay, setupProjector } from './ui.js';
import { parseHash, setShown, withLang, TABS } from './router.js';
import { createPlace } from './place.js';
import { createSolutions } from './solutions.js';
import { createWatch } from './watch.js';
import { createKnight } from './knight.js';
import { createCount } from './count.js';
import { createBig } from './big.js';
import { createGuard } from './guard.js';

const factories = {
  place: createPlace,
  solutions: createSolutions,
  watch: createWatch,
  knight: createKnight,
  count: createCount,
  big: createBig,
  guard: createGuard,
};
const views = {};
const lastHash = {};
let current = null;

function tabButton(tab) {
  return document.getElementById('tab-' + tab);
}

function route() {
  const { tab, params, lang } = parseHash();
  if (lang && lang !== currentLang()) setLang(lang);
  if (current && current !== tab) views[current]?.hide?.();
  for (const name of TABS) {
    const on = name === tab;
    const btn = tabButton(name);
    btn.setAttribute('aria-selected', String(on));
    btn.tabIndex = on ? 0 : -1;
    document.getElementById('panel-' + name).hidden = !on;
  }
  const nav = tabButton(tab).parentElement;
  const btn = tabButton(tab);
  if (nav.scrollWidth > nav.clientWidth) nav.scrollLeft = btn.offsetLeft - nav.offsetLeft - (nav.clientWidth - btn.offsetWidth) / 2;
  markScroll(nav);
  if (!views[tab]) views[tab] = factories[tab]();
  current = tab;
  setShown(tab);
  views[tab].show(params);
  document.body.dataset.tab = tab;
}

/** Remember each tab's address when it changes, to come back to it from the tab bar. */
function remember() {
  const { tab } = parseHash();
  lastHash[tab] = location.hash;
}

function selectTab(tab) {
  remember();
  const target = withLang(lastHash[tab] || '#/' + tab);
  // The part left stops writing the address now: a late answer of its own would otherwise put
  // its address back before the hashchange shows the new part (and the new part never shows).
  setShown(tab);
  if (location.hash === target) route();
  else location.hash = target;
}

/** A strip of tabs wider than the screen fades where more tabs wait (a sign that it scrolls). */
function markScroll(nav) {
  nav.classList.toggle('more-left', nav.scrollLeft > 2);
  nav.classList.toggle('more-right', nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 2);
}

function setupTabs() {
  const nav = tabButton(TABS[0]).parentElement;
  nav.addEventListener('scroll', () => markScroll(nav), { passive: true });
  window.addEventListener('resize', () => markScroll(nav));
  const buttons = TABS.map(tabButton);
  buttons.forEach((btn, i) => {
    btn.addEventListener('click', () => selectTab(TABS[i]));
    btn.addEventListener('keydown', (ev) => {
      const d = { ArrowRight: 1, ArrowLeft: -1, Home: -i, End: TABS.length - 1 - i }[ev.key];
      if (d === undefined) return;
      ev.preventDefault();
      const j = (i + d + TABS.length) % TABS.length;
      buttons[j].focus();
      selectTab(TABS[j]);
    });
  });
}

function setupLang() {
  const buttons = document.querySelectorAll('[data-lang]');
  const mark = () => buttons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.lang === currentLang())));
  buttons.forEach((b) => b.addEventListener('click', () => setLang(b.dataset.lang)));
  onLangChange(() => {
    // The language is part of the address: a reload or a shared link keeps it.
    const hash = withLang(location.hash || '#/' + (current || 'place'));
    if (location.hash !== hash) history.replaceState(null, '', hash);
    remember();
    mark();
    resay();
    for (const v of Object.values(views)) v.relabel?.();
    markTheme();
  });
  mark();
}

function theme() {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

function markTheme() {
  const btn = document.getElementById('theme');
  const dark = theme() === 'dark';
  btn.querySelector('use').setAttribute('href', dark ? '#i-sun' : '#i-moon');
  const label = t(dark ? 'app.toLight' : 'app.toDark');
  btn.setAttribute('aria-label', label);
  btn.title = label;
}

function setupTheme() {
  document.getElementById('theme').addEventListener('click', () => {
    const next = theme() === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem('queens.theme', next);
    } catch {
      /* not remembered */
    }
    markTheme();
    for (const v of Object.values(views)) v.retheme?.();
  });
  markTheme();
}

const first = parseHash().lang;
if (first) setLang(first);
applyStatic();
setupTabs();
setupLang();
setupTheme();
setupProjector();
window.addEventListener('hashchange', () => {
  remember();
  route();
});
route();
remember();
