import { redirect } from 'react-router';

let firstCall = true;

/**
 * For the `clientLoader` of a route with `clientLoader.hydrate` (category, search). React Router
 * hands the server-rendered data to the first call of such a loader, as `serverLoader()`'s answer
 * without a request. On an address with route parameters its start-up first fetches the route
 * manifest; a filter applied in that moment (a price typed right after the page appeared) made
 * the navigation's call the first one, so the new address showed the old results. `ownData` says
 * whether the data answered is the request's own; if the first call's is not, the same address is
 * loaded again, this time from the server. Once per page load: never a loop.
 */
export function requireOwnLoaderData(request: Request, ownData: boolean): void {
  const first = firstCall;
  firstCall = false;
  if (first && !ownData) {
    const url = new URL(request.url);
    throw redirect(`${url.pathname}${url.search}`);
  }
}
