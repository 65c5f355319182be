import { afterEach, describe, expect, it } from 'vitest';
import { hasSessionHint, setSessionHint } from './session-hint';
import { clearSession, saveSession } from './session-store';
import { testUser } from '~/test/fixtures';

afterEach(() => setSessionHint(false));

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
});
