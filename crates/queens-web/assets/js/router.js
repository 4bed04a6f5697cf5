// Permalinks: every state of the page is in the address, "#/tab?key=value&...". Views read
// their state from it when shown and write it back (replaceState, so that the history is not
// flooded) whenever it changes; reloading or sharing the address restores the same board.

export const TABS = ['place', 'solutions', 'watch', 'knight', 'count', 'big', 'guard'];

/** { tab, params } of a hash such as "#/place?n=8&q=a1,c5". */
export function parseHash(hash = location.hash) {
  const m = /^#\/([a-z]+)(?:\?(.*))?$/.exec(hash);
  if (!m || !TABS.includes(m[1])) return { tab: 'place', params: new URLSearchParams() };
  return { tab: m[1], params: new URLSearchParams(m[2] || '') };
}

/** The hash of a tab and its parameters; commas are kept readable. */
export function formatHash(tab, params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '' && v !== false) q.set(k, v === true ? '1' : String(v));
  }
  const s = q.toString().replace(/%2C/gi, ',');
  return '#/' + tab + (s ? '?' + s : '');
}

/** Write a tab's state into the address without a new history entry. */
export function writeState(tab, params) {
  const hash = formatHash(tab, params);
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

/** Whole numbers from the address, kept within [lo, hi], else the default. */
export function intParam(params, name, lo, hi, dflt) {
  const v = params.get(name);
  if (v === null || !/^\d+$/.test(v)) return dflt;
  const n = Number(v);
  return n >= lo && n <= hi ? n : dflt;
}
