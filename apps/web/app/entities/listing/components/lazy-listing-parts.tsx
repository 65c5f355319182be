/**
 * Parts of the listing pages without their code in the initial JavaScript (see lazyHydrated):
 * the error and empty states and the active-filter chips are not what a listing usually shows
 * (their code arrives once the page is idle, with the house-ad slot), and the pagination links work before hydration
 * (its code arrives after the first paint).
 */
import { lazyHydrated } from '~/lib/lazy-component';

export const ListingError = lazyHydrated(() => import('./listing-states').then((m) => m.ListingError), {
  clientPreload: 'idle',
});
export const ListingEmpty = lazyHydrated(() => import('./listing-states').then((m) => m.ListingEmpty), {
  clientPreload: 'idle',
});
export const Pagination = lazyHydrated(() => import('./pagination').then((m) => m.Pagination));
/** The active-filter chips and the house-ad slot under them (listing-notices). */
export const ListingNotices = lazyHydrated(() => import('./listing-notices').then((m) => m.ListingNotices), {
  clientPreload: 'idle',
});
