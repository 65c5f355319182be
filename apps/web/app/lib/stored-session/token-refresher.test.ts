import { describe, expect, it, vi } from 'vitest';
import type { User } from '@kiyasla/contracts/user';
import { createTokenRefresher, type TokenRefresherDeps } from './token-refresher';

const user = { _id: 'u1' } as User;

function setup(overrides: Partial<TokenRefresherDeps> = {}) {
  const store = { token: 'old' as string | null, refreshToken: 'r1' as string | null };
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const requestRefresh = vi.fn(async (refreshToken: string) => {
    await gate;
    return { token: `new-from-${refreshToken}`, refreshToken: 'r2', user };
  });
  const deps: TokenRefresherDeps = {
    readTokens: () => ({ ...store }),
    requestRefresh,
    saveSession: (s) => {
      store.token = s.token;
      store.refreshToken = s.refreshToken;
    },
    clearSession: vi.fn(() => {
      store.token = null;
      store.refreshToken = null;
    }),
    withLock: (task) => task(),
    ...overrides,
  };
  return { store, deps, requestRefresh, release: () => release(), refresh: createTokenRefresher(deps) };
}

describe('token refresher', () => {
  it('shares one refresh between parallel 401s', async () => {
    const { refresh, requestRefresh, release, store } = setup();
    const pending = [refresh('old'), refresh('old'), refresh('old')];
    release();
    const outcomes = await Promise.all(pending);
    expect(requestRefresh).toHaveBeenCalledTimes(1);
    expect(outcomes).toEqual(Array(3).fill({ kind: 'refreshed', token: 'new-from-r1' }));
    expect(store).toEqual({ token: 'new-from-r1', refreshToken: 'r2' });
  });

  it('uses a token another tab or request already renewed instead of refreshing again', async () => {
    const { refresh, requestRefresh, store } = setup();
    store.token = 'renewed-elsewhere';
    await expect(refresh('old')).resolves.toEqual({ kind: 'refreshed', token: 'renewed-elsewhere' });
    expect(requestRefresh).not.toHaveBeenCalled();
  });

  it('refreshes again for a later expiry once the first refresh finished', async () => {
    const { refresh, requestRefresh, release, store } = setup();
    release();
    await refresh('old');
    store.refreshToken = 'r9';
    await refresh('new-from-r1');
    expect(requestRefresh).toHaveBeenCalledTimes(2);
    expect(requestRefresh).toHaveBeenLastCalledWith('r9');
  });

  it('signs out silently when the server refuses the refresh token', async () => {
    const { refresh, deps, store } = setup({
      requestRefresh: vi.fn().mockRejectedValue(Object.assign(new Error('x'), { status: 401 })),
    });
    await expect(refresh('old')).resolves.toEqual({ kind: 'signed-out' });
    expect(deps.clearSession).toHaveBeenCalledOnce();
    expect(store.token).toBeNull();
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    const { refresh, deps, store } = setup({
      requestRefresh: vi.fn().mockRejectedValue(Object.assign(new Error('offline'), { status: 0 })),
    });
    await expect(refresh('old')).resolves.toEqual({ kind: 'unavailable' });
    expect(deps.clearSession).not.toHaveBeenCalled();
    expect(store.token).toBe('old');
  });

  it('signs out when there is no refresh token', async () => {
    const { refresh, deps, store, requestRefresh } = setup();
    store.refreshToken = null;
    await expect(refresh('old')).resolves.toEqual({ kind: 'signed-out' });
    expect(requestRefresh).not.toHaveBeenCalled();
    expect(deps.clearSession).toHaveBeenCalledOnce();
  });
});
