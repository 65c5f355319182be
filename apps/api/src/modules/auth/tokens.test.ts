import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'tokens-test-secret-tokens-test-secret-1234';
const claims = {
  sub: '5b0e2c8a-3d1f-4c7e-9a2b-6f8e1d3c5a7b',
  sid: '9c4d7e2f-1a3b-4c5d-8e6f-7a8b9c0d1e2f',
  role: 'user' as const,
};

afterEach(() => vi.useRealTimers());

describe('verifyAccessToken', () => {
  it('keeps refusing a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.now();
    const token = await signAccessToken(SECRET, claims, new Date(now + 60_000));
    expect(await verifyAccessToken(SECRET, token)).toEqual(claims);
    expect(await verifyAccessToken(SECRET, token)).toEqual(claims);
    vi.setSystemTime(now + 61_000);
    await expect(verifyAccessToken(SECRET, token)).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
  });

  it('does not accept a token verified under another secret', async () => {
    const token = await signAccessToken(SECRET, claims, new Date(Date.now() + 60_000));
    expect(await verifyAccessToken(SECRET, token)).toEqual(claims);
    await expect(verifyAccessToken(`${SECRET}-rotated`, token)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });
});
