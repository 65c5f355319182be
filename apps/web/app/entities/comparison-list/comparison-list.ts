/**
 * The session comparison list (spec §4: add, remove, clear, or replaced by loading a saved
 * comparison). Stored in sessionStorage `comparisonList` as a JSON array of product cards, so
 * it survives reloads but not the end of the browser session; every change dispatches the
 * `comparisonChanged` window event so the header badge and other views recount.
 *
 * The most products it holds is the admin `maxComparisonItems` (GET /config, default 5): callers
 * pass it in. When the list came from a saved comparison, that comparison is remembered under
 * `comparisonLoaded` so the page can offer to update it; clearing the list forgets it.
 */
import { useSyncExternalStore } from 'react';
import type { ProductCard } from '@kiyasla/contracts/catalog';
import { DEFAULT_MAX_COMPARISON_ITEMS } from '@kiyasla/contracts/constants';

export const COMPARISON_STORAGE_KEY = 'comparisonList';
export const COMPARISON_LOADED_KEY = 'comparisonLoaded';
export const COMPARISON_CHANGED_EVENT = 'comparisonChanged';

export type ComparisonEntry = Pick<ProductCard, '_id' | 'name'> & Partial<ProductCard>;

export type AddResult = 'added' | 'duplicate' | 'full';

/** The saved comparison the current list was loaded from. */
export interface LoadedComparison {
  id: string;
  name: string;
}

const EMPTY: readonly ComparisonEntry[] = [];
let cachedRaw: string | null = null;
let cachedList: readonly ComparisonEntry[] = EMPTY;

function readRaw(): string | null {
  try {
    return window.sessionStorage.getItem(COMPARISON_STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): readonly ComparisonEntry[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    return value.filter(
      (item): item is ComparisonEntry =>
        typeof item === 'object' && item !== null && typeof (item as { _id?: unknown })._id === 'string',
    );
  } catch {
    return EMPTY;
  }
}

/** The current list; the same array instance until storage changes (useSyncExternalStore needs that). */
export function getComparisonList(): readonly ComparisonEntry[] {
  if (typeof window === 'undefined') return EMPTY;
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedList = parse(raw);
  }
  return cachedList;
}

function write(list: readonly ComparisonEntry[], loaded?: LoadedComparison | null): void {
  try {
    window.sessionStorage.setItem(COMPARISON_STORAGE_KEY, JSON.stringify(list));
    if (loaded === null) window.sessionStorage.removeItem(COMPARISON_LOADED_KEY);
    else if (loaded) window.sessionStorage.setItem(COMPARISON_LOADED_KEY, JSON.stringify(loaded));
  } catch {
    // Storage full or blocked: the list simply does not persist.
  }
  window.dispatchEvent(new Event(COMPARISON_CHANGED_EVENT));
}

let cachedLoadedRaw: string | null = null;
let cachedLoaded: LoadedComparison | null = null;

function parseLoaded(raw: string | null): LoadedComparison | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LoadedComparison> | null;
    return value && typeof value.id === 'string' && typeof value.name === 'string'
      ? { id: value.id, name: value.name }
      : null;
  } catch {
    return null;
  }
}

/** The saved comparison the list was loaded from, or null; stable between changes. */
export function getLoadedComparison(): LoadedComparison | null {
  if (typeof window === 'undefined') return null;
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(COMPARISON_LOADED_KEY);
  } catch {
    raw = null;
  }
  if (raw !== cachedLoadedRaw) {
    cachedLoadedRaw = raw;
    cachedLoaded = parseLoaded(raw);
  }
  return cachedLoaded;
}

export function isInComparison(id: string): boolean {
  return getComparisonList().some((p) => p._id === id);
}

export function addToComparison(product: ComparisonEntry, max: number = DEFAULT_MAX_COMPARISON_ITEMS): AddResult {
  const list = getComparisonList();
  if (list.some((p) => p._id === product._id)) return 'duplicate';
  if (list.length >= max) return 'full';
  write([...list, product]);
  return 'added';
}

export function removeFromComparison(id: string): void {
  write(getComparisonList().filter((p) => p._id !== id));
}

/** Empties the list and forgets the saved comparison it came from. */
export function clearComparison(): void {
  write(EMPTY, null);
}

/**
 * Replaces the list with a saved comparison's products (at most `max`, duplicates dropped) and
 * remembers which comparison it was.
 */
export function replaceComparison(
  products: readonly ComparisonEntry[],
  loaded: LoadedComparison | null,
  max: number = DEFAULT_MAX_COMPARISON_ITEMS,
): void {
  const seen = new Set<string>();
  const list = products.filter((p) => !seen.has(p._id) && seen.add(p._id)).slice(0, Math.max(0, max));
  write(list, loaded);
}

/** Keeps the list but no longer ties it to a saved comparison (that one was deleted, or saved anew). */
export function setLoadedComparison(loaded: LoadedComparison | null): void {
  write(getComparisonList(), loaded);
}

export function subscribeComparison(onChange: () => void): () => void {
  window.addEventListener(COMPARISON_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(COMPARISON_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The list, empty during server rendering and hydration. */
export function useComparisonList(): readonly ComparisonEntry[] {
  return useSyncExternalStore(subscribeComparison, getComparisonList, () => EMPTY);
}

/** The saved comparison the list came from; null during server rendering and hydration. */
export function useLoadedComparison(): LoadedComparison | null {
  return useSyncExternalStore(subscribeComparison, getLoadedComparison, () => null);
}

const noopSubscribe = () => () => {};

/** Whether the list has been read from storage yet (false during server rendering and hydration). */
export function useComparisonHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}
