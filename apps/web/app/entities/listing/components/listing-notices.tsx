import { HouseAd } from '~/entities/promotions/components/house-ad';
import { ActiveFilters } from './active-filters';

/**
 * What sits between a listing's toolbar and its results: the active-filter chips ('Aktif
 * Filtreler') and the house-ad slot of free and anonymous visitors. One lazily hydrated boundary
 * for both (lazy-listing-parts), so the listing pages' initial JavaScript pays for one (ADR 011).
 */
export function ListingNotices(props: Parameters<typeof ActiveFilters>[0]) {
  return (
    <>
      <ActiveFilters {...props} />
      <HouseAd placement="listing" />
    </>
  );
}
