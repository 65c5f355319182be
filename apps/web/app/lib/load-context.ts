import type { MaintenanceState } from '@kiyasla/contracts/maintenance';

/**
 * What the server hands to every loader and action. In production the API runs in the same
 * process, so `apiFetch` dispatches the request in-process (no socket); in `npm run dev` the
 * context is absent and the API client falls back to HTTP against the separate API process.
 */
export interface KiyaslaLoadContext {
  apiFetch: (path: string, init?: RequestInit) => Promise<Response>;
  /**
   * The nonce of this response's Content-Security-Policy (script-src has no 'unsafe-inline'):
   * every inline script of the page carries it. Absent in `npm run dev`, whose Vite server sends
   * no such policy.
   */
  cspNonce: string;
  /** Maintenance mode at this request: the root loader answers public pages with 503 while it is on. */
  maintenance: MaintenanceState;
  /**
   * The visitor's rate limit refused one of this page's API calls: the root loader answers the
   * page as a whole with 429 (the server renders the page again with this set).
   */
  rateLimited: boolean;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface
  interface AppLoadContext extends Partial<KiyaslaLoadContext> {}
}
