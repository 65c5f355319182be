/**
 * Renders a component as the app does: the app's QueryClient (with its error toasts; no retries
 * in tests), the AuthProvider and a router at `path`. Tests of pages, cards and the header use
 * it instead of wiring the providers themselves.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { QueryClientProvider, type DefaultOptions, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '~/entities/session/auth-context';
import { createQueryClient } from '~/lib/query-client';

export interface ProvidersOptions {
  /** The address the router starts at (default '/'). */
  path?: string;
  /** Query defaults on top of the app's (e.g. `{ enabled: false }` when nothing may be fetched). */
  queries?: DefaultOptions['queries'];
  /** Without the AuthProvider, for components that never read the session. */
  auth?: boolean;
  /** Without a router, for components without links. */
  router?: boolean;
  /** Puts server state in the cache before the first render (e.g. the public configuration). */
  seed?: (queryClient: QueryClient) => void;
  /**
   * Renders the server's HTML first, lets this do what a visitor does before the scripts have
   * run (type into a box), then hydrates it, as the browser does.
   */
  beforeHydration?: (container: HTMLElement) => void;
}

export function renderWithProviders(
  ui: ReactNode,
  { path = '/', queries, auth = true, router = true, seed, beforeHydration }: ProvidersOptions = {},
) {
  const queryClient = createQueryClient({ queries: { retry: false, ...queries } });
  seed?.(queryClient);
  let tree = ui;
  if (router) {
    const Stub = createRoutesStub([{ path: '*', Component: () => ui }]);
    tree = <Stub initialEntries={[path]} />;
  }
  if (auth) tree = <AuthProvider>{tree}</AuthProvider>;
  const app = <QueryClientProvider client={queryClient}>{tree}</QueryClientProvider>;
  if (!beforeHydration) return { queryClient, ...render(app) };
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(app);
  beforeHydration(container);
  return { queryClient, ...render(app, { container, hydrate: true }) };
}

/** The router's current address, for tests that follow a navigation (`getByTestId('where')`). */
export function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** The text of the toasts on screen (the Toaster's region). */
export const toastText = () => screen.getByRole('region', { name: 'Bildirim mesajları' }).textContent ?? '';
