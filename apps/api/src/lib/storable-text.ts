/**
 * Text PostgreSQL cannot store: U+0000 (refused by `text` and `jsonb` alike) and a UTF-16
 * surrogate without its pair (a `jsonb` value refuses its `\ud800` escape; the driver's UTF-8
 * turns one in `text` into U+FFFD, changing the text without a word). JSON carries both
 * (`"\u0000"`, `"\ud800"`), so a request can.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The text with each unstorable character replaced by U+FFFD (for reports that quote bad input). */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE_ALL, '\uFFFD');
}

/**
 * Whether any string of a parsed JSON value, keys included, is unstorable. Iterative: a body
 * nested thousands deep is walked without growing the call stack.
 */
export function hasUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!isStorableText(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (!isStorableText(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
