// Board notation on the page, as the project writes it: files a, b, ..., z, aa, ab, ... left
// to right (spreadsheet columns), ranks 1..N bottom to top. Squares on the page are [col, row],
// both 1-based, as the API sends them. Only names are made here: every check of a placement is
// the server's (the library's), never the page's.

/** The name of file `col` (1-based): 1 -> a, 26 -> z, 27 -> aa. */
export function fileName(col) {
  let s = '';
  let n = col;
  while (n > 0) {
    const d = (n - 1) % 26;
    s = String.fromCharCode(97 + d) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** The name of square [col, row]: [3, 5] -> "c5". */
export function squareName([col, row]) {
  return fileName(col) + row;
}

/** [col, row] of a square name such as "c5" or "aa10", or null. */
export function parseSquareName(text) {
  const m = /^([a-z]+)([1-9][0-9]*)$/i.exec(text.trim());
  if (!m) return null;
  let col = 0;
  for (const ch of m[1].toLowerCase()) col = col * 26 + (ch.charCodeAt(0) - 96);
  return [col, Number(m[2])];
}

/** Squares written as in a permalink ("a1,c5"): the names that parse, in order. */
export function parseSquareList(text) {
  if (!text) return [];
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(parseSquareName)
    .filter(Boolean);
}

/** A list of squares for a query or a permalink: "a1,c5". */
export function squareList(squares) {
  return squares.map(squareName).join(',');
}

/** The rows of a placement (1-based) as the permutation notation writes them: "2 4 1 3". */
export function rowsText(rows) {
  return rows.join(' ');
}

/** Squares [[col,row],...] of a placement given by its rows. */
export function rowsToSquares(rows) {
  return rows.map((r, i) => [i + 1, r]);
}

/** A key for a square in sets and maps. */
export function key([col, row]) {
  return col + ',' + row;
}
