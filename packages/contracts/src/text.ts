/**
 * Turkish-aware text helpers shared by the API (search, slugs, seed) and the web app.
 */

const FOLD_MAP: Record<string, string> = {
  ı: 'i',
  i: 'i',
  ş: 's',
  ğ: 'g',
  ü: 'u',
  ö: 'o',
  ç: 'c',
  â: 'a',
  î: 'i',
  û: 'u',
};

/** Lower-cases with Turkish rules (I→ı, İ→i), then folds Turkish letters to ASCII. */
export function foldTurkish(input: string): string {
  const lower = input.toLocaleLowerCase('tr-TR');
  let out = '';
  for (const ch of lower.normalize('NFC')) {
    out += FOLD_MAP[ch] ?? ch;
  }
  // Drop any remaining combining marks (e.g. "i̇" produced by decomposed input).
  return out.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * Slug rule of the specification (lowercase; only a-z, 0-9, spaces and hyphens kept;
 * spaces become hyphens; repeated hyphens collapsed; edge hyphens trimmed), applied after
 * transliterating Turkish letters so "Beyaz Eşya" becomes "beyaz-esya".
 */
export function slugify(input: string): string {
  return foldTurkish(input)
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Bidirectional controls (U+202A–U+202E, U+2066–U+2069, the LRM/RLM/ALM marks) and zero-width
 * characters (U+200B–U+200D, U+2060, U+FEFF): invisible in a text, they can reverse what
 * another reader sees ("gpj.exe" shown as "exe.jpg") or make two equal-looking names differ.
 */
const INVISIBLE_CONTROLS = /[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF\u061C]/g;

/** User text shown to other people (public comparison names, descriptions, tags) without them. */
export function stripInvisibleControls(input: string): string {
  return input.replace(INVISIBLE_CONTROLS, '');
}
