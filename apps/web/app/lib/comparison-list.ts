/**
 * The session comparison list (spec: "compare up to 5 products in a session-only list").
 * Stored in sessionStorage `comparisonList` as a JSON array of product cards; every change
 * dispatches the `comparisonChanged` window event so the header badge and other views recount.
 */
import { useSyncExternalStore } from 'react';
import type { ProductCard } from '@kiyasla/contracts/catalog';
import { DEFAULT_MAX_COMPARISON_ITEMS } from '@kiyasla/contracts/constants';

export const COMPARISON_STORAGE_KEY = 'comparisonList';
export const COMPARISON_CHANGED_EVENT = 'comparisonChanged';

export type ComparisonEntry = Pick<ProductCard, '_id' | 'name'> & Partial<ProductCard>;

export type AddResult = 'added' | 'duplicate' | 'full';

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

function write(list: readonly ComparisonEntry[]): void {
  try {
    window.sessionStorage.setItem(COMPARISON_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the list simply does not persist.
  }
  window.dispatchEvent(new Event(COMPARISON_CHANGED_EVENT));
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

export function clearComparison(): void {
  write(EMPTY);
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
