import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COMPARISON_CHANGED_EVENT,
  COMPARISON_STORAGE_KEY,
  addToComparison,
  getComparisonList,
  isInComparison,
  removeFromComparison,
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
});
