/**
 * The shopper's recent searches, kept in this browser only (localStorage `recentSearches`):
 * newest first, at most eight, one entry per term however it was spelled ("Kulaklık" and
 * "kulaklik" are the same search; the newest spelling wins).
 */
import { useSyncExternalStore } from 'react';
import { foldTurkish } from '@kiyasla/contracts/text';
import { SEARCH_TERM_MAX_LENGTH } from './search-href';

export const RECENT_SEARCHES_KEY = 'recentSearches';
export const RECENT_SEARCHES_LIMIT = 8;
/** Every search box on the page listens, so a search in one shows up in the other at once. */
const CHANGED_EVENT = 'recentSearchesChanged';

const sameTerm = (a: string, b: string) => foldTurkish(a.trim()) === foldTurkish(b.trim());
const NO_SEARCHES: readonly string[] = Object.freeze([]);

/** A clean list from whatever was stored: strings only, trimmed, de-duplicated, capped. */
export function normalizeRecentSearches(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const list: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const term = item.trim().replace(/\s+/g, ' ');
    if (!term || term.length > SEARCH_TERM_MAX_LENGTH || list.some((t) => sameTerm(t, term))) continue;
    list.push(term);
    if (list.length === RECENT_SEARCHES_LIMIT) break;
  }
  return list;
}

/** The stored JSON read back; unreadable or corrupt content counts as no searches. */
export function parseRecentSearches(raw: string | null): string[] {
  if (!raw) return [];
  try {
    return normalizeRecentSearches(JSON.parse(raw));
  } catch {
    return [];
  }
}

/** `term` first, any earlier spelling of it dropped, the oldest beyond eight dropped. */
export function withRecentSearch(list: readonly string[], term: string): string[] {
  const clean = term.trim().replace(/\s+/g, ' ');
  if (!clean) return [...list];
  return normalizeRecentSearches([clean, ...list.filter((t) => !sameTerm(t, clean))]);
}

export function withoutRecentSearch(list: readonly string[], term: string): string[] {
  return list.filter((t) => !sameTerm(t, term));
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Blocked storage (privacy settings): searching still works, nothing is remembered.
    return null;
  }
}

function readRaw(): string | null {
  try {
    return storage()?.getItem(RECENT_SEARCHES_KEY) ?? null;
  } catch {
    return null;
  }
}

export function readRecentSearches(): string[] {
  return parseRecentSearches(readRaw());
}

function write(list: readonly string[]): void {
  const store = storage();
  if (!store) return;
  try {
    if (list.length === 0) store.removeItem(RECENT_SEARCHES_KEY);
    else store.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    // Full or blocked storage: the list simply is not updated.
  }
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

export function recordRecentSearch(term: string): void {
  write(withRecentSearch(readRecentSearches(), term));
}

export function removeRecentSearch(term: string): void {
  write(withoutRecentSearch(readRecentSearches(), term));
}

export function clearRecentSearches(): void {
  write([]);
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === RECENT_SEARCHES_KEY) onChange();
  };
  window.addEventListener(CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

// useSyncExternalStore needs the same array while the stored text is unchanged.
let cache: { raw: string | null; list: readonly string[] } = { raw: null, list: NO_SEARCHES };
function snapshot(): readonly string[] {
  const raw = readRaw();
  if (raw !== cache.raw) cache = { raw, list: parseRecentSearches(raw) };
  return cache.list;
}
const serverSnapshot = () => NO_SEARCHES;

/** The recent searches, live across search boxes and tabs; empty during server rendering. */
export function useRecentSearches() {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
