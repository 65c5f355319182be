/**
 * `GET /search/trending`: the most searched terms of the last week, for the empty search box
 * and the search page's prompt. The box asks once per visit; the list changes slowly.
 */
import { useEffect, useState } from 'react';
import type { TrendingTerm } from '@kiyasla/contracts/search';
import { apiGet, type ApiRequestInit } from '~/lib/api-client';

export function getTrendingSearches(init?: ApiRequestInit): Promise<TrendingTerm[]> {
  return apiGet<TrendingTerm[]>('/search/trending', init);
}

// One request shared by every search box on the page; a failure is forgotten so that the
// next focus tries again.
let shared: Promise<TrendingTerm[]> | null = null;
let loaded: TrendingTerm[] | null = null;

function loadOnce(): Promise<TrendingTerm[]> {
  shared ??= getTrendingSearches().then(
    (terms) => (loaded = terms),
    (error: unknown) => {
      shared = null;
      throw error;
    },
  );
  return shared;
}

/** For tests: forget the fetched list. */
export function resetTrendingSearches(): void {
  shared = null;
  loaded = null;
}

/** The trending terms; nothing is requested until `enabled` (the box was opened). */
export function useTrendingSearches(enabled: boolean): { terms: readonly TrendingTerm[]; loading: boolean } {
  const [terms, setTerms] = useState<readonly TrendingTerm[] | null>(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled || terms) return;
    let current = true;
    setFailed(false);
    loadOnce().then(
      (result) => current && setTerms(result),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [enabled, terms]);
  return { terms: terms ?? [], loading: enabled && !terms && !failed };
}
