import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COMPARISON_CHANGED_EVENT,
  COMPARISON_LOADED_KEY,
  COMPARISON_STORAGE_KEY,
  addToComparison,
  clearComparison,
  getComparisonList,
  getLoadedComparison,
  isInComparison,
  removeFromComparison,
  replaceComparison,
  setLoadedComparison,
} from './comparison-list';

const product = (n: number) => ({ _id: `id-${n}`, name: `Ürün ${n}` });

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('comparison list', () => {
  it('adds, detects duplicates and removes, announcing each change', () => {
    const listener = vi.fn();
    window.addEventListener(COMPARISON_CHANGED_EVENT, listener);

    expect(addToComparison(product(1))).toBe('added');
    expect(isInComparison('id-1')).toBe(true);
    expect(addToComparison(product(1))).toBe('duplicate');
    expect(getComparisonList()).toHaveLength(1);

    removeFromComparison('id-1');
    expect(getComparisonList()).toHaveLength(0);
    expect(listener).toHaveBeenCalledTimes(2);
    window.removeEventListener(COMPARISON_CHANGED_EVENT, listener);
  });

  it('refuses a sixth product', () => {
    for (let i = 1; i <= 5; i += 1) expect(addToComparison(product(i))).toBe('added');
    expect(addToComparison(product(6))).toBe('full');
    expect(getComparisonList().map((p) => p._id)).toEqual(['id-1', 'id-2', 'id-3', 'id-4', 'id-5']);
  });

  it('stores a JSON array under comparisonList and survives garbage', () => {
    addToComparison(product(1));
    expect(JSON.parse(window.sessionStorage.getItem(COMPARISON_STORAGE_KEY) ?? '[]')).toEqual([product(1)]);
    window.sessionStorage.setItem(COMPARISON_STORAGE_KEY, '{not json');
    expect(getComparisonList()).toEqual([]);
    window.sessionStorage.setItem(COMPARISON_STORAGE_KEY, JSON.stringify([{ name: 'no id' }, product(2)]));
    expect(getComparisonList()).toEqual([product(2)]);
  });

  it('returns a stable array between changes', () => {
    addToComparison(product(1));
    expect(getComparisonList()).toBe(getComparisonList());
  });

  it('follows the configured limit: three when the admin set three', () => {
    for (let i = 1; i <= 3; i += 1) expect(addToComparison(product(i), 3)).toBe('added');
    expect(addToComparison(product(4), 3)).toBe('full');
    expect(getComparisonList()).toHaveLength(3);
    // A duplicate is reported as such even when the list is full.
    expect(addToComparison(product(1), 3)).toBe('duplicate');
  });

  it('clears the list and forgets the saved comparison it came from', () => {
    replaceComparison([product(1), product(2)], { id: 'saved-1', name: 'Telefonlar' });
    const listener = vi.fn();
    window.addEventListener(COMPARISON_CHANGED_EVENT, listener);
    clearComparison();
    expect(getComparisonList()).toEqual([]);
    expect(getLoadedComparison()).toBeNull();
    expect(window.sessionStorage.getItem(COMPARISON_LOADED_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    window.removeEventListener(COMPARISON_CHANGED_EVENT, listener);
  });

  it('is replaced by a loaded saved comparison, without duplicates and within the limit', () => {
    addToComparison(product(9));
    replaceComparison([product(1), product(2), product(1), product(3), product(4)], { id: 's', name: 'Kayıt' }, 3);
    expect(getComparisonList().map((p) => p._id)).toEqual(['id-1', 'id-2', 'id-3']);
    expect(getLoadedComparison()).toEqual({ id: 's', name: 'Kayıt' });
  });

  it('keeps the loaded comparison while products are added or removed, until it is untied', () => {
    replaceComparison([product(1), product(2)], { id: 's', name: 'Kayıt' });
    addToComparison(product(3));
    removeFromComparison('id-1');
    expect(getLoadedComparison()).toEqual({ id: 's', name: 'Kayıt' });
    setLoadedComparison(null);
    expect(getLoadedComparison()).toBeNull();
    expect(getComparisonList().map((p) => p._id)).toEqual(['id-2', 'id-3']);
  });

  it('ignores a damaged loaded-comparison entry', () => {
    window.sessionStorage.setItem(COMPARISON_LOADED_KEY, '{"id":1}');
    expect(getLoadedComparison()).toBeNull();
  });
});
