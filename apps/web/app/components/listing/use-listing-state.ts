import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { listingSearch, parseListingParams, type ListingState } from './listing-params';

/**
 * The listing state of the current address, and a way to change it. While a change is being
 * loaded the pending address is shown (a ticked box stays ticked at once), and `pending` says
 * the results on screen are about to be replaced.
 */
export function useListingState() {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();

  const pendingLocation =
    navigation.state === 'loading' && navigation.location.pathname === location.pathname ? navigation.location : null;
  const search = pendingLocation?.search ?? location.search;
  const state = useMemo(() => parseListingParams(new URLSearchParams(search)), [search]);

  const setState = useCallback(
    (next: ListingState, options: { scrollToTop?: boolean } = {}) => {
      void navigate(
        { pathname: location.pathname, search: listingSearch(next) },
        { preventScrollReset: !options.scrollToTop },
      );
    },
    [navigate, location.pathname],
  );

  return { state, setState, pending: pendingLocation !== null };
}
