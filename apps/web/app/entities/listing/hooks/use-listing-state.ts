import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import {
  CATALOG_SORTS,
  listingSearch,
  parseListingParams,
  type ListingState,
  type SortConfig,
} from '../utils/listing-params';

export interface UseListingStateOptions {
  /** The sorts this listing offers (search results add relevance). */
  sorts?: SortConfig;
  /** Address parameters outside the listing state that every change keeps (the search term `q`). */
  keep?: readonly string[];
}

const NOTHING_KEPT: readonly string[] = [];

/**
 * The listing state of the current address, and a way to change it. While a change is being
 * loaded the pending address is shown (a ticked box stays ticked at once), and `pending` says
 * the results on screen are about to be replaced.
 */
export function useListingState({ sorts = CATALOG_SORTS, keep = NOTHING_KEPT }: UseListingStateOptions = {}) {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();

  const pendingLocation =
    navigation.state === 'loading' && navigation.location.pathname === location.pathname ? navigation.location : null;
  const search = pendingLocation?.search ?? location.search;
  const state = useMemo(() => parseListingParams(new URLSearchParams(search), sorts), [search, sorts]);

  const setState = useCallback(
    (next: ListingState, options: { scrollToTop?: boolean } = {}) => {
      const current = new URLSearchParams(location.search);
      const kept = keep.flatMap((key) => current.getAll(key).map((value): [string, string] => [key, value]));
      void navigate(
        { pathname: location.pathname, search: listingSearch(next, { sorts, keep: kept }) },
        { preventScrollReset: !options.scrollToTop },
      );
    },
    [navigate, location.pathname, location.search, sorts, keep],
  );

  return { state, setState, pending: pendingLocation !== null };
}
