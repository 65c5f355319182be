import { lazyHydrated } from '~/lib/lazy-component';

/**
 * RouteErrorContent for the error boundaries: only shown when something failed, so its code is
 * not in the pages' initial JavaScript (it arrives once the page is idle; the server renders it
 * in full when the failure happened there).
 */
export const RouteErrorContent = lazyHydrated(() => import('./route-error').then((m) => m.RouteErrorContent), {
  clientPreload: 'idle',
});

/**
 * The error boundary of every page route (`export { RouteErrorBoundary as ErrorBoundary }`): the
 * Turkish 404 or failure panel in place of the page, inside the site's header and footer. When
 * the site layout itself fails, the root's boundary shows the same panel without them.
 */
export function RouteErrorBoundary({ error }: { error: unknown }) {
  return (
    <div className="px-4 py-20">
      <RouteErrorContent error={error} />
    </div>
  );
}
