// The words for two attacking queens. The server sends each conflict with structured fields
// ({a, b, line}) and the library's English sentence; the page says it in the chosen language
// from the fields, so the Russian page needs no English text.

import { t } from './i18n.js';
import { squareName } from './notation.js';

/** "c8 and g4 attack each other on an anti-diagonal", in the current language. */
export function conflictText(c) {
  return t('conflict', { a: squareName(c.a), b: squareName(c.b), line: t('line.' + c.line), kind: c.line });
}
