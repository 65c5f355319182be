/**
 * The visitor's cookie consent, kept in the browser only (localStorage key `cookiePreferences`).
 * Necessary cookies cannot be refused, so `necessary` is always true whatever is stored.
 */
export const COOKIE_PREFERENCES_KEY = 'cookiePreferences';

/** Fired on `window` after preferences are saved, so other parts of the page can react. */
export const COOKIE_PREFERENCES_EVENT = 'cookiePreferencesChanged';

export type OptionalCookieCategory = 'functional' | 'analytics' | 'marketing';

export type CookieChoices = Record<OptionalCookieCategory, boolean>;

export interface CookiePreferences extends CookieChoices {
  necessary: true;
  /** ISO timestamp of the last save; null while the defaults apply. */
  updatedAt: string | null;
}

export const DEFAULT_COOKIE_PREFERENCES: Readonly<CookiePreferences> = Object.freeze({
  necessary: true,
  functional: true,
  analytics: true,
  marketing: false,
  updatedAt: null,
});

export const ALL_COOKIES_ACCEPTED: Readonly<CookieChoices> = Object.freeze({
  functional: true,
  analytics: true,
  marketing: true,
});

export const ONLY_NECESSARY_COOKIES: Readonly<CookieChoices> = Object.freeze({
  functional: false,
  analytics: false,
  marketing: false,
});

export class CookieStorageError extends Error {
  constructor(cause?: unknown) {
    super('Çerez tercihleri tarayıcıya kaydedilemedi.', { cause });
    this.name = 'CookieStorageError';
  }
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Accessing localStorage throws when the browser blocks site data.
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pickBoolean(record: Record<string, unknown>, key: OptionalCookieCategory): boolean {
  const value = record[key];
  return typeof value === 'boolean' ? value : DEFAULT_COOKIE_PREFERENCES[key];
}

/** Parses a stored value; anything missing, corrupt or of the wrong type falls back to the defaults. */
export function parseCookiePreferences(raw: string | null): CookiePreferences {
  if (raw === null) return { ...DEFAULT_COOKIE_PREFERENCES };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ...DEFAULT_COOKIE_PREFERENCES };
  }
  if (!isRecord(parsed)) return { ...DEFAULT_COOKIE_PREFERENCES };

  const updatedAt =
    typeof parsed.updatedAt === 'string' && !Number.isNaN(Date.parse(parsed.updatedAt)) ? parsed.updatedAt : null;
  return {
    necessary: true,
    functional: pickBoolean(parsed, 'functional'),
    analytics: pickBoolean(parsed, 'analytics'),
    marketing: pickBoolean(parsed, 'marketing'),
    updatedAt,
  };
}

/** Reads the raw stored value, or null when nothing is stored or storage is unavailable. */
export function readStoredCookiePreferences(storage: Storage | null = browserStorage()): string | null {
  if (!storage) return null;
  try {
    return storage.getItem(COOKIE_PREFERENCES_KEY);
  } catch {
    return null;
  }
}

export function loadCookiePreferences(storage: Storage | null = browserStorage()): CookiePreferences {
  return parseCookiePreferences(readStoredCookiePreferences(storage));
}

/**
 * Stores the visitor's choices with a fresh timestamp and announces the change.
 * Throws CookieStorageError when the browser refuses to store them.
 */
export function saveCookiePreferences(
  choices: CookieChoices,
  { storage = browserStorage(), now = new Date() }: { storage?: Storage | null; now?: Date } = {},
): CookiePreferences {
  const preferences: CookiePreferences = {
    necessary: true,
    functional: choices.functional === true,
    analytics: choices.analytics === true,
    marketing: choices.marketing === true,
    updatedAt: now.toISOString(),
  };
  if (!storage) throw new CookieStorageError();
  try {
    storage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify(preferences));
  } catch (error) {
    throw new CookieStorageError(error);
  }
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent(COOKIE_PREFERENCES_EVENT, { detail: preferences }));
  }
  return preferences;
}

/** Subscribes to changes made in this tab (custom event) or in another tab (storage event). */
export function subscribeToCookiePreferences(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === COOKIE_PREFERENCES_KEY) onChange();
  };
  window.addEventListener(COOKIE_PREFERENCES_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(COOKIE_PREFERENCES_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
