// The theme before the first paint, so a dark page does not flash white: a plain script
// (not a module) loaded from its own file, since the page's Content-Security-Policy runs no
// inline script.
(function () {
  var t = null;
  try { t = localStorage.getItem('queens.theme'); } catch (e) {}
  if (t !== 'light' && t !== 'dark') t = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.dataset.theme = t;
})();
