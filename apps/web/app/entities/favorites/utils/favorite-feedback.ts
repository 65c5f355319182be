/**
 * What the favorite toggle says when a call fails (spec §8), as plain data so it can be tested
 * without rendering.
 */
import { FAVORITE_ERROR_CODES } from '@kiyasla/contracts/favorites-constants';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { favoritesMessages } from '@kiyasla/contracts/messages/favorites';
import { genericMessages } from '@kiyasla/contracts/messages/generic';
import { isApiError } from '~/lib/api-client';
import type { ToastOptions } from '~/lib/toast';

const m = favoritesMessages;

export type FavoriteOutcome =
  /** Show this toast; the favorite state stays as it was. */
  | { kind: 'toast'; toast: ToastOptions }
  /** The server already has it: mark it favorite and say so. */
  | { kind: 'already-favorite'; toast: ToastOptions }
  /** The server does not have it: mark it not favorite. */
  | { kind: 'not-favorite'; toast: ToastOptions };

/** 401 after the client could not renew the session; the same for adding and removing. */
function sessionExpired(): ToastOptions {
  return { type: 'error', title: authMessages.sessionErrorTitle, message: authMessages.sessionExpired };
}

/** Adding failed: the 403 limit, the 401 session, the 400 duplicate, or anything else. */
export function addFailureOutcome(error: unknown): FavoriteOutcome {
  if (!isApiError(error) || error.status === 0) {
    return { kind: 'toast', toast: { type: 'error', title: genericMessages.errorRetry } };
  }
  if (error.status === 401) return { kind: 'toast', toast: sessionExpired() };
  if (error.status === 403 && error.code !== FAVORITE_ERROR_CODES.disabled) {
    const server = error.code === 'HTTP_ERROR' ? '' : error.message;
    return {
      kind: 'toast',
      toast: { type: 'warning', title: m.limitTitle, message: server || m.limitFallback },
    };
  }
  if (error.status === 400 && (error.message === m.alreadyExists || error.code === FAVORITE_ERROR_CODES.exists)) {
    return { kind: 'already-favorite', toast: { type: 'info', title: m.alreadyExistsShown } };
  }
  const server = error.code === 'HTTP_ERROR' ? '' : error.message;
  return { kind: 'toast', toast: { type: 'error', title: server || m.addError } };
}

/** Removing failed: the 401 session, a product that was not a favorite after all, or anything else. */
export function removeFailureOutcome(error: unknown): FavoriteOutcome {
  if (isApiError(error) && error.status === 401) return { kind: 'toast', toast: sessionExpired() };
  if (isApiError(error) && error.code === FAVORITE_ERROR_CODES.notFavorite) {
    return { kind: 'not-favorite', toast: { type: 'info', title: error.message } };
  }
  return { kind: 'toast', toast: { type: 'error', title: m.removeError } };
}

/**
 * The favorites page's remove button failed: the 401 session, nothing for a product that was no
 * longer a favorite (the page simply catches up), or the page's own message.
 */
export function removeItemFailureToast(error: unknown): ToastOptions | null {
  if (isApiError(error) && error.code === FAVORITE_ERROR_CODES.notFavorite) return null;
  if (isApiError(error) && error.status === 401) return sessionExpired();
  return { type: 'error', title: m.removeItemError };
}

/** 'Tümünü Temizle' failed: the 401 session, or the page's own message. */
export function clearFailureToast(error: unknown): ToastOptions {
  if (isApiError(error) && error.status === 401) return sessionExpired();
  return { type: 'error', title: m.clearError };
}
