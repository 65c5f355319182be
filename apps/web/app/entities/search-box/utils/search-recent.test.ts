import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import {
  RECENT_SEARCHES_KEY,
  RECENT_SEARCHES_LIMIT,
  clearRecentSearches,
  normalizeRecentSearches,
  parseRecentSearches,
  readRecentSearches,
  recordRecentSearch,
  removeRecentSearch,
  useRecentSearches,
  withRecentSearch,
} from './search-recent';

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('recent searches list', () => {
  it('puts the newest first and drops earlier spellings of the same term', () => {
    let list: string[] = [];
    list = withRecentSearch(list, 'laptop');
    list = withRecentSearch(list, 'kulaklik');
    list = withRecentSearch(list, '  Kulaklık ');
    expect(list).toEqual(['Kulaklık', 'laptop']);
    expect(withRecentSearch(list, 'LAPTOP')).toEqual(['LAPTOP', 'Kulaklık']);
  });

  it('keeps at most eight, losing the oldest', () => {
    let list: string[] = [];
    for (let i = 1; i <= RECENT_SEARCHES_LIMIT + 2; i++) list = withRecentSearch(list, `arama ${i}`);
    expect(list).toHaveLength(8);
    expect(list[0]).toBe('arama 10');
    expect(list).not.toContain('arama 2');
  });

  it('ignores a blank term', () => {
    expect(withRecentSearch(['tv'], '   ')).toEqual(['tv']);
  });

  it('reads corrupt or foreign storage content as no searches', () => {
    expect(parseRecentSearches('{not json')).toEqual([]);
    expect(parseRecentSearches('{"a":1}')).toEqual([]);
    expect(parseRecentSearches('null')).toEqual([]);
    expect(parseRecentSearches(null)).toEqual([]);
    expect(normalizeRecentSearches(['tv', 3, null, '', ' tv ', 'TV', 'airpods'])).toEqual(['tv', 'airpods']);
  });
});

describe('recent searches storage', () => {
  it('records, removes and clears under localStorage "recentSearches"', () => {
    recordRecentSearch('iphone 16');
    recordRecentSearch('şarj aleti');
    expect(JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual(['şarj aleti', 'iphone 16']);
    removeRecentSearch('SARJ ALETI');
    expect(readRecentSearches()).toEqual(['iphone 16']);
    clearRecentSearches();
    expect(window.localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });

  it('recovers from a corrupt stored value on the next search', () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, '[[[');
    expect(readRecentSearches()).toEqual([]);
    recordRecentSearch('tablet');
    expect(readRecentSearches()).toEqual(['tablet']);
  });

  it('keeps every search box in step', () => {
    const { result } = renderHook(() => useRecentSearches());
    expect(result.current).toEqual([]);
    act(() => recordRecentSearch('airpods'));
    expect(result.current).toEqual(['airpods']);
    act(() => {
      // Another tab wrote the list.
      window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['kamera', 'airpods']));
      window.dispatchEvent(new StorageEvent('storage', { key: RECENT_SEARCHES_KEY }));
    });
    expect(result.current).toEqual(['kamera', 'airpods']);
  });
});
