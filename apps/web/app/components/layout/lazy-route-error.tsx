import { lazyHydrated } from '~/lib/lazy-component';

/**
 * RouteErrorContent for the error boundaries: only shown when something failed, so its code is
 * not in the pages' initial JavaScript (it arrives once the page is idle; the server renders it
 * in full when the failure happened there).
 */
export const RouteErrorContent = lazyHydrated(() => import('./route-error').then((m) => m.RouteErrorContent), {
  clientPreload: 'idle',
});
