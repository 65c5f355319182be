/**
 * The app's TanStack Query client, and the one place where a failed call becomes a toast.
 *
 * Every mutation that fails is told by its cache (`MutationCache.onError`), in the words of the
 * specification's error catalogue (§8): by default the server's Turkish message ('Bir hata
 * oluştu' when it gave none); a mutation's `meta.errorToast` names its own title, maps the error
 * to the specification's messages, or opts out (`false`) when its form shows the error in place
 * or the specification wants it only logged. Features do not call `toast.error` for a failed call.
 *
 * A 401 never reaches this as a reason to sign out: the API client has already renewed the token
 * or ended the session silently (lib/api-client, ADR 009).
 */
import { useEffect } from 'react';
import { MutationCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { errorMessage } from './api-client';
import { toast, type ToastOptions } from './toast';

/** A toast titled `title`; under it the server's message, or `fallback` when it gave none. */
export interface ErrorToastSpec {
  title: string;
  /** Without a fallback the toast has its title only (the specification's fixed messages). */
  fallback?: string;
}

/**
 * How a failed mutation is told: a spec (see above), a function choosing the toast for the error
 * (null: nothing to tell), or false when the caller tells it itself or it is only logged.
 */
export type ErrorToastMeta = ErrorToastSpec | ((error: Error) => ToastOptions | null) | false;

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { errorToast?: ErrorToastMeta };
  }
}

/** The error toast of `spec` for `error`; without a spec, the server's message as the title. */
export function errorToast(error: unknown, spec?: ErrorToastSpec): ToastOptions {
  if (!spec) return { type: 'error', title: errorMessage(error) };
  return spec.fallback === undefined
    ? { type: 'error', title: spec.title }
    : { type: 'error', title: spec.title, message: errorMessage(error, spec.fallback) };
}

function tellFailure(error: Error, meta: ErrorToastMeta | undefined): void {
  if (meta === false) return;
  const shown = typeof meta === 'function' ? meta(error) : errorToast(error, meta);
  if (shown) toast(shown);
}

/** One client per browser session (and per request on the server); tests pass their defaults. */
export function createQueryClient(defaults: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => tellFailure(error, mutation.meta?.errorToast),
    }),
    defaultOptions: {
      ...defaults,
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false, ...defaults.queries },
    },
  });
}

/**
 * A page whose data failed to load says so in a toast as well as in place (spec §8: 'Favoriler
 * yüklenirken bir hata oluştu', 'Ürün detayları yüklenirken bir hata oluştu'), once per failure.
 * The page, not the query, decides: the same query may serve the header silently.
 */
export function useLoadErrorToast(failed: boolean, title: string): void {
  useEffect(() => {
    if (failed) toast.error(title);
  }, [failed, title]);
}
