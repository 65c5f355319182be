import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_COOKIES_ACCEPTED,
  COOKIE_PREFERENCES_EVENT,
  COOKIE_PREFERENCES_KEY,
  CookieStorageError,
  DEFAULT_COOKIE_PREFERENCES,
  loadCookiePreferences,
  ONLY_NECESSARY_COOKIES,
  parseCookiePreferences,
  saveCookiePreferences,
  subscribeToCookiePreferences,
} from './cookie-preferences';

const NOW = new Date('2025-03-10T12:30:00.000Z');

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('defaults', () => {
  it('turns necessary, functional and analytics on and marketing off when nothing is stored', () => {
    expect(loadCookiePreferences()).toEqual({
      necessary: true,
      functional: true,
      analytics: true,
      marketing: false,
      updatedAt: null,
    });
  });

  it('returns a copy, so callers cannot change the defaults', () => {
    const loaded = loadCookiePreferences();
    loaded.marketing = true;
    expect(loadCookiePreferences().marketing).toBe(false);
    expect(DEFAULT_COOKIE_PREFERENCES.marketing).toBe(false);
  });
});

describe('persistence', () => {
  it('stores choices as JSON under the cookiePreferences key and reads them back', () => {
    const saved = saveCookiePreferences({ functional: false, analytics: true, marketing: true }, { now: NOW });

    expect(JSON.parse(localStorage.getItem(COOKIE_PREFERENCES_KEY) ?? 'null')).toEqual({
      necessary: true,
      functional: false,
      analytics: true,
      marketing: true,
      updatedAt: NOW.toISOString(),
    });
    expect(loadCookiePreferences()).toEqual(saved);
  });

  it('accepting all and keeping only necessary store the matching choices', () => {
    saveCookiePreferences(ALL_COOKIES_ACCEPTED, { now: NOW });
    expect(loadCookiePreferences()).toMatchObject({ functional: true, analytics: true, marketing: true });

    saveCookiePreferences(ONLY_NECESSARY_COOKIES, { now: NOW });
    expect(loadCookiePreferences()).toMatchObject({
      necessary: true,
      functional: false,
      analytics: false,
      marketing: false,
    });
  });

  it('announces a save on window and to subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToCookiePreferences(listener);
    const eventListener = vi.fn();
    window.addEventListener(COOKIE_PREFERENCES_EVENT, eventListener);

    saveCookiePreferences(ONLY_NECESSARY_COOKIES, { now: NOW });
    expect(listener).toHaveBeenCalledTimes(1);
    expect((eventListener.mock.calls[0]?.[0] as CustomEvent).detail).toMatchObject({ marketing: false });

    unsubscribe();
    window.removeEventListener(COOKIE_PREFERENCES_EVENT, eventListener);
    saveCookiePreferences(ALL_COOKIES_ACCEPTED, { now: NOW });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('throws a CookieStorageError when the browser refuses to store', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(() => saveCookiePreferences(ALL_COOKIES_ACCEPTED, { storage })).toThrow(CookieStorageError);
    expect(() => saveCookiePreferences(ALL_COOKIES_ACCEPTED, { storage: null })).toThrow(CookieStorageError);
  });
});

describe('corrupt or unexpected stored values', () => {
  it.each(['{not json', '', 'null', '42', '"text"', '[true, true]'])('falls back to the defaults for %j', (raw) => {
    localStorage.setItem(COOKIE_PREFERENCES_KEY, raw);
    expect(loadCookiePreferences()).toEqual(DEFAULT_COOKIE_PREFERENCES);
  });

  it('falls back per field when a value has the wrong type', () => {
    const parsed = parseCookiePreferences(
      JSON.stringify({ functional: 'no', analytics: false, marketing: 1, updatedAt: 'yesterday' }),
    );
    expect(parsed).toEqual({ necessary: true, functional: true, analytics: false, marketing: false, updatedAt: null });
  });

  it('falls back to the defaults when reading storage throws', () => {
    const storage = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    } as unknown as Storage;
    expect(loadCookiePreferences(storage)).toEqual(DEFAULT_COOKIE_PREFERENCES);
  });
});

describe('necessary cookies', () => {
  it('are on even when the stored value says otherwise', () => {
    localStorage.setItem(
      COOKIE_PREFERENCES_KEY,
      JSON.stringify({ necessary: false, functional: false, analytics: false, marketing: false }),
    );
    expect(loadCookiePreferences().necessary).toBe(true);
  });

  it('are saved as on even if a caller passes necessary: false', () => {
    const choices = { ...ONLY_NECESSARY_COOKIES, necessary: false };
    const saved = saveCookiePreferences(choices, { now: NOW });
    expect(saved.necessary).toBe(true);
    expect(JSON.parse(localStorage.getItem(COOKIE_PREFERENCES_KEY) ?? '{}').necessary).toBe(true);
  });
});
