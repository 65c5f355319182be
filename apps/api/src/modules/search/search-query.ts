import { foldTurkish } from '@kiyasla/contracts/text';
import type { WordConjunction, WordTerm } from './word-index';

export const MAX_QUERY_LENGTH = 200;
const MAX_TOKENS = 8;
const MAX_TOKEN_LENGTH = 40;

export interface ParsedQuery {
  /** What the shopper typed, trimmed and with inner whitespace collapsed. */
  display: string;
  /** tr lower-case, used for the search log (keeps Turkish letters for display). */
  normalized: string;
  /** Folded words: the units matched against the folded search text. */
  tokens: string[];
}

/**
 * Splits a query the way the index splits product text: tr lower-case, ASCII-fold, keep
 * letters and digits only. "IPHONE 16 Pro", "ıphone 16 pro" and "iPhone-16 PRO" all give
 * ["iphone", "16", "pro"]; SQL and regex metacharacters simply disappear.
 */
export function parseQuery(raw: string): ParsedQuery {
  const display = raw.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
  const normalized = display.toLocaleLowerCase('tr-TR');
  const tokens = [
    ...new Set(
      foldTurkish(display)
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .map((t) => t.slice(0, MAX_TOKEN_LENGTH)),
    ),
  ].slice(0, MAX_TOKENS);
  return { display, normalized, tokens };
}

/**
 * A `to_tsquery('simple', ...)` text: every token must match (AND) as a word prefix, and a
 * token may have alternatives (spelling corrections) that are OR-ed. With `wholeSingleLetters`
 * a one-character token matches that word only: as a prefix, "e" (of "e-kitap") would match
 * every word starting with an e, which makes the index scan read a large part of the index for
 * no useful match (the search page; suggestions keep it a prefix, the shopper is still typing).
 * Tokens only contain [a-z0-9], so nothing here can break the tsquery syntax.
 */
export function prefixTsQuery(alternatives: string[][], opts: { wholeSingleLetters?: boolean } = {}): string {
  const term = (a: string) => (opts.wholeSingleLetters && a.length === 1 ? a : `${a}:*`);
  return alternatives
    .filter((alts) => alts.length > 0)
    .map((alts) => {
      const parts = alts.map(term);
      return parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`;
    })
    .join(' & ');
}

/** A lexeme as a `tsquery` literal: quoted, its quotes and backslashes doubled. */
function quotedLexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The query of `prefixTsQuery(alternatives, { wholeSingleLetters: true })` as a `tsquery` literal
 * (for `::tsquery`) in which each prefix is replaced by the indexed words that start with it:
 * `words` maps a prefix to those words (`search_lexemes`, which holds every word of every
 * product's vector), or to null when they are too many to list. Both match the same products: a
 * prefix matches a vector exactly when one of its words starts with it. The full-text index
 * answers words as exact keys, skipping through their posting lists, where it merges every
 * posting list a prefix covers before the AND (ADR 006, amendment of 2026-12-02). A prefix that
 * no word starts with, or that stands for too many, stays a prefix.
 */
export function wordsTsQuery(alternatives: string[][], words: ReadonlyMap<string, readonly string[] | null>): string {
  const term = (a: string): string[] => {
    if (a.length === 1) return [quotedLexeme(a)];
    const listed = words.get(a);
    return listed && listed.length > 0 ? listed.map(quotedLexeme) : [`${quotedLexeme(a)}:*`];
  };
  return alternatives
    .filter((alts) => alts.length > 0)
    .map((alts) => {
      const parts = [...new Set(alts.flatMap(term))];
      return parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`;
    })
    .join(' & ');
}

/** A search's condition as conjunctions of the word index (`wordConjunctions`). */
export interface WordSearch {
  /** A product matches when it matches any of them. */
  conjunctions: WordConjunction[];
  /**
   * False when a phrase of separate words (`'16' <-> '-50'`) was read as its words: the
   * conjunctions then match every product the search matches, and some more, which the database
   * tells apart (it holds the words' positions, the index does not).
   */
  exact: boolean;
}

/**
 * The search page's condition (`textSearchSql`: the folded query of `prefixTsQuery(alternatives,
 * { wholeSingleLetters: true })` or the Turkish-stemmed query) as conjunctions of the word index:
 * a product matches when it matches either. `stemmed` is the stemmed query as PostgreSQL prints
 * it (`websearch_to_tsquery('turkish', …)::text`, empty when the query was only stop words).
 * Undefined when the stemmed query is more than words and phrases joined by AND (an "or", a
 * negation): the database answers those.
 */
export function wordConjunctions(alternatives: string[][], stemmed: string): WordSearch | undefined {
  const read = stemmedWords(stemmed);
  if (!read) return undefined;
  const folded = alternatives
    .filter((alts) => alts.length > 0)
    .map((alts) => alts.map((a) => ({ word: a, prefix: a.length > 1 })));
  return { conjunctions: read.words.length > 0 ? [folded, read.words] : [folded], exact: read.exact };
}

/**
 * The words of a stemmed query as printed by PostgreSQL, each a group of its own (an AND), none for
 * an empty query; undefined when it is more than words and phrases joined by AND. `exact` is false
 * when a phrase of separate words was read as its words (`WordSearch`).
 */
export function stemmedWords(stemmed: string): { words: WordTerm[][]; exact: boolean } | undefined {
  if (stemmed.trim() === '') return { words: [], exact: true };
  const words = new Map<string, WordTerm[]>();
  let exact = true;
  for (const part of stemmed.trim().split(' & ')) {
    // Quoted lexemes with nothing the output would have escaped, followed (<->) or a few words
    // apart (<2>).
    const lexemes = part.split(/ <(?:-|\d+)> /).map((p) => /^'([^'\\\s]+)'$/.exec(p)?.[1]);
    if (lexemes.some((l) => l === undefined)) return undefined;
    const [word, ...parts] = lexemes as string[];
    // A hyphenated word is the phrase of the whole word and its parts ('usb-c' <-> 'usb' <-> 'c'):
    // the parser puts them at consecutive positions wherever the word occurs, so a product matches
    // the phrase exactly when it has the whole word. Any other phrase needs positions: its words
    // are required, each anywhere.
    const hyphenated = parts.length > 0 && !/ <\d+> /.test(part) && word!.split('-').join(' ') === parts.join(' ');
    if (parts.length > 0 && !hyphenated) exact = false;
    for (const lexeme of hyphenated ? [word!] : [word!, ...parts]) words.set(lexeme, [{ word: lexeme, prefix: false }]);
  }
  return { words: [...words.values()], exact };
}
