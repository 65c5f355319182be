import { data } from 'react-router';
import { isApiError } from './api-client';

/** Whether the visitor's rate limit refused this call (the API's 429). */
export function isRateLimited(reason: unknown): boolean {
  return isApiError(reason) && reason.status === 429;
}

/**
 * A page whose API call the visitor's rate limit refused is refused as a whole (ADR 001): the
 * loader throws a 429 and the route's error boundary shows 'Çok Fazla İstek' with the Turkish
 * message, instead of the page's own failure panel. The server's document render gets there
 * through the root loader (web/ssr.ts); a navigation in the browser asks only the new page's
 * loaders, and the browser's own calls (advanced filters) never pass the server's render, so the
 * loaders say it themselves.
 */
export function refuseIfRateLimited(reason: unknown): void {
  if (isRateLimited(reason)) throw data(null, { status: 429 });
}
