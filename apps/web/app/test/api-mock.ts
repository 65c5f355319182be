/**
 * The API as a test sees it: `fetch` replaced by a mock for each test of the file, JSON replies,
 * and a stored session (the three localStorage keys of ADR 009).
 */
import { afterEach, beforeEach, vi } from 'vitest';
import type { User } from '@kiyasla/contracts/user';

/** Replaces `fetch` with a fresh mock before each test of the file and restores it after. */
export function mockFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return fetchMock;
}

export const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** Answers each listed path with `{ success: true, data }`, anything else with a 404 envelope. */
export function serveData(fetchMock: ReturnType<typeof mockFetch>, routes: Record<string, unknown>): void {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    return path in routes
      ? jsonResponse(200, { success: true, data: routes[path] })
      : jsonResponse(404, { success: false, message: 'yok', code: 'NOT_FOUND' });
  });
}

/** Signs `user` in as a previous visit would have: a stored token, refresh token and user. */
export function storeSession(user: User): void {
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refreshToken', 'refresh-token-abcdefghijklmnop');
  window.localStorage.setItem('user', JSON.stringify(user));
}
