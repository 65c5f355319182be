/**
 * Renews an expired access token with the refresh token (POST /api/auth/refresh).
 *
 * The server rotates refresh tokens strictly: presenting one that was already used revokes the
 * whole session (ADR 004). So refreshing must be single-flight — parallel 401s in this tab share
 * one refresh, and tabs take turns through a Web Lock. Inside the lock the stored token is read
 * again: when another request or tab has already refreshed, its token is used and no second
 * refresh is sent.
 */
import type { AuthSession } from '@kiyasla/contracts/auth';

export type RefreshOutcome =
  /** A usable access token: retry the request with it. */
  | { kind: 'refreshed'; token: string }
  /** The session is over (no refresh token, or the server refused it); it has been cleared. */
  | { kind: 'signed-out' }
  /** The refresh could not be tried (offline, server error): keep the session, fail the request. */
  | { kind: 'unavailable' };

export interface TokenRefresherDeps {
  readTokens: () => { token: string | null; refreshToken: string | null };
  /** POST /auth/refresh. Rejects with an error whose `status` is the HTTP status (0 offline). */
  requestRefresh: (refreshToken: string) => Promise<Pick<AuthSession, 'token' | 'refreshToken' | 'user'>>;
  saveSession: (session: Pick<AuthSession, 'token' | 'refreshToken' | 'user'>) => void;
  clearSession: () => void;
  /** Runs `task` while holding a lock shared by every tab of the site; defaults to the Web Locks API. */
  withLock?: <T>(task: () => Promise<T>) => Promise<T>;
}

const LOCK_NAME = 'kiyasla:auth-refresh';

function webLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // `request` resolves with the task's own result once the lock is released.
  return locks ? (locks.request(LOCK_NAME, task) as Promise<T>) : task();
}

function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

/**
 * Returns `refresh(failedToken)`: given the token a request was refused with, it resolves to
 * the outcome. Concurrent calls share one attempt.
 */
export function createTokenRefresher(deps: TokenRefresherDeps): (failedToken: string) => Promise<RefreshOutcome> {
  const withLock = deps.withLock ?? webLock;
  let inFlight: Promise<RefreshOutcome> | null = null;

  async function attempt(failedToken: string): Promise<RefreshOutcome> {
    const { token, refreshToken } = deps.readTokens();
    if (!token) return { kind: 'signed-out' };
    // Someone (another request, another tab) refreshed while this request was out.
    if (token !== failedToken) return { kind: 'refreshed', token };
    if (!refreshToken) {
      deps.clearSession();
      return { kind: 'signed-out' };
    }
    try {
      const session = await deps.requestRefresh(refreshToken);
      deps.saveSession(session);
      return { kind: 'refreshed', token: session.token };
    } catch (error) {
      const status = statusOf(error);
      // Offline, rate-limited or a server failure says nothing about the session: keep it.
      if (status === 0 || status === 429 || status >= 500) return { kind: 'unavailable' };
      deps.clearSession();
      return { kind: 'signed-out' };
    }
  }

  return function refresh(failedToken: string): Promise<RefreshOutcome> {
    if (!inFlight) {
      inFlight = withLock(() => attempt(failedToken)).finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  };
}
