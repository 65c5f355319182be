/**
 * Which parts of a suggestion match what the shopper typed, compared the way the search
 * itself compares (Turkish-folded): typing "kulaklik" highlights "Kulaklık", "iph" highlights
 * the "iPh" of "Apple iPhone 15".
 */
import { foldTurkish } from '@kiyasla/contracts/text';

export interface HighlightPart {
  text: string;
  match: boolean;
}

/** The folded text with, for every folded character, the index of the original it came from. */
function foldWithMap(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const ch of text) {
    // Folding one character at a time keeps the mapping exact ("İ" → "i", "ş" → "s").
    const f = foldTurkish(ch);
    for (let k = 0; k < f.length; k++) origin.push(index);
    folded += f;
    index += ch.length;
  }
  return { folded, origin };
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

function isWordStart(folded: string, at: number): boolean {
  return at === 0 || !WORD_CHAR.test(folded[at - 1] ?? '');
}

/** Where each query word occurs: at word starts (the search matches prefixes), else anywhere once. */
function matchRanges(folded: string, tokens: readonly string[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const token of tokens) {
    const found: Array<[number, number]> = [];
    for (let at = folded.indexOf(token); at !== -1; at = folded.indexOf(token, at + 1)) {
      if (isWordStart(folded, at)) found.push([at, at + token.length]);
    }
    if (found.length === 0) {
      const at = folded.indexOf(token);
      if (at !== -1) found.push([at, at + token.length]);
    }
    ranges.push(...found);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** The text split into matching and non-matching parts, in order; one plain part when nothing matches. */
export function highlightParts(text: string, query: string): HighlightPart[] {
  const tokens = foldTurkish(query).split(/\s+/).filter(Boolean);
  if (!text || tokens.length === 0) return text ? [{ text, match: false }] : [];
  const { folded, origin } = foldWithMap(text);
  const ranges = matchRanges(folded, tokens);
  if (ranges.length === 0) return [{ text, match: false }];

  const parts: HighlightPart[] = [];
  let cursor = 0;
  for (const [start, end] of ranges) {
    const from = origin[start] ?? text.length;
    // The original index just past the last matched folded character.
    const lastOrigin = origin[end - 1] ?? text.length;
    const to = lastOrigin + ((text.codePointAt(lastOrigin) ?? 0) > 0xffff ? 2 : 1);
    if (from > cursor) parts.push({ text: text.slice(cursor, from), match: false });
    parts.push({ text: text.slice(Math.max(from, cursor), to), match: true });
    cursor = Math.max(cursor, to);
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), match: false });
  return parts;
}
