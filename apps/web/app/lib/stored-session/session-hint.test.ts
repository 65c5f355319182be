import { afterEach, describe, expect, it } from 'vitest';
import { hasSessionHint } from './session-hint';
import { hasPremiumHint } from './premium-hint';
import { clearSession, saveSession, saveStoredUser } from './session-store';
import { testUser } from '~/test/fixtures';

afterEach(() => clearSession());

describe('the session hint cookie', () => {
  it('is read from a Cookie header only when set to 1', () => {
    expect(hasSessionHint(null)).toBe(false);
    expect(hasSessionHint('theme=dark')).toBe(false);
    expect(hasSessionHint('theme=dark; kiyasla_session=1')).toBe(true);
    expect(hasSessionHint('kiyasla_session=0')).toBe(false);
    expect(hasSessionHint('xkiyasla_session=1')).toBe(false);
  });

  it('follows the stored session: set at sign-in, cleared at sign-out', () => {
    saveSession({ token: 't', refreshToken: 'r', user: testUser() });
    expect(hasSessionHint(document.cookie)).toBe(true);
    clearSession();
    expect(hasSessionHint(document.cookie)).toBe(false);
  });

  it('says whether the stored member is premium: at sign-in, when the profile comes back, and not after sign-out', () => {
    saveSession({ token: 't', refreshToken: 'r', user: testUser({ isPremium: true }) });
    expect(hasPremiumHint(document.cookie)).toBe(true);
    saveStoredUser(testUser({ isPremium: false }));
    expect(hasPremiumHint(document.cookie)).toBe(false);
    saveStoredUser(testUser({ isPremium: true }));
    expect(hasPremiumHint(document.cookie)).toBe(true);
    clearSession();
    expect(hasPremiumHint(document.cookie)).toBe(false);
    saveSession({ token: 't', refreshToken: 'r', user: testUser() });
    expect(hasPremiumHint(document.cookie)).toBe(false);
  });
});
