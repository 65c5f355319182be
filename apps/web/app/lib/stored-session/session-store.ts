/**
 * The signed-in session as the browser keeps it (spec §3/§9): localStorage keys `token`,
 * `user` and `refreshToken`. This module is the only one that reads or writes them; the
 * API client (token attach, refresh) and the AuthProvider (React state) both go through it,
 * so there is a single source of truth.
 *
 * Listeners hear about every change: writes from this tab (notified directly) and writes
 * from other tabs (the browser's `storage` event), so signing in or out in one tab follows
 * in the others.
 */
import type { AuthSession } from '@kiyasla/contracts/auth';
import type { User } from '@kiyasla/contracts/user';
import { setPremiumHint } from './premium-hint';
import { setSessionHint } from './session-hint';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
export const REFRESH_TOKEN_KEY = 'refreshToken';
const SESSION_KEYS: ReadonlySet<string> = new Set([TOKEN_KEY, USER_KEY, REFRESH_TOKEN_KEY]);

export interface StoredSession {
  token: string;
  refreshToken: string | null;
  user: User;
}

export interface StoredTokens {
  token: string | null;
  refreshToken: string | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage;
  } catch {
    // Blocked site data: the visitor simply stays signed out.
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

let cachedKey: string | null = null;
let cachedSession: StoredSession | null = null;

type UserValidator = (value: unknown) => User | null;

/**
 * The contract check of the stored user needs zod, which public pages do not otherwise load: it
 * is imported only when a session is stored (see `whenSessionReadable`). Until it has loaded the
 * stored session reads as absent, and the AuthProvider stays `loading`.
 */
let validateUser: UserValidator | null = null;
let validatorLoad: Promise<void> | null = null;

/**
 * Offline with a cold cache the check cannot be downloaded: trust the user this app wrote,
 * as long as it looks like one (the profile re-fetch replaces it once the server answers).
 */
function looksLikeUser(value: unknown): User | null {
  if (typeof value !== 'object' || value === null) return null;
  const user = value as Partial<User>;
  return typeof user._id === 'string' && typeof user.firstName === 'string' ? (value as User) : null;
}

function loadUserValidator(): Promise<void> {
  validatorLoad ??= import('./stored-user')
    .then(
      (module) => module.validateStoredUser,
      () => looksLikeUser,
    )
    .then((validate) => {
      validateUser = validate;
      cachedKey = null;
      notify();
    });
  return validatorLoad;
}

function hasStoredSession(): boolean {
  return read(TOKEN_KEY) !== null && read(USER_KEY) !== null;
}

/**
 * Resolves once `getStoredSession` can answer: at once without a stored session, else when the
 * contract check of the stored user has loaded.
 */
export function whenSessionReadable(): Promise<void> | null {
  if (validateUser || !hasStoredSession()) return null;
  return loadUserValidator();
}

/** The user this tab stored last: it came from the API, so it needs no check to be shown. */
let written: { raw: string; user: User } | null = null;

/** Parses a stored user; anything that does not fit the contract is treated as absent. */
function parseStoredUser(raw: string | null): User | null {
  if (!raw) return null;
  if (!validateUser) return written?.raw === raw ? written.user : null;
  try {
    return validateUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * The stored session when both a token and a valid user exist (spec §4: "authenticated means
 * both user and token exist"), else null. Returns the same object until storage changes,
 * as useSyncExternalStore requires.
 */
export function getStoredSession(): StoredSession | null {
  const token = read(TOKEN_KEY);
  const userRaw = read(USER_KEY);
  const refreshToken = read(REFRESH_TOKEN_KEY);
  if (token && userRaw && !validateUser) void loadUserValidator();
  const key = `${token}\u0000${userRaw}\u0000${refreshToken}`;
  if (key !== cachedKey) {
    cachedKey = key;
    const user = parseStoredUser(userRaw);
    cachedSession = token && user ? { token, refreshToken, user } : null;
  }
  return cachedSession;
}

export function getStoredTokens(): StoredTokens {
  return { token: read(TOKEN_KEY), refreshToken: read(REFRESH_TOKEN_KEY) };
}

function write(entries: Record<string, string | null>): void {
  const store = storage();
  if (!store) return;
  try {
    for (const [key, value] of Object.entries(entries)) {
      if (value === null) store.removeItem(key);
      else store.setItem(key, value);
    }
  } catch {
    // Quota or blocked storage: the session lasts for this page only.
  }
  notify();
}

function rememberWritten(user: User): string {
  const raw = JSON.stringify(user);
  written = { raw, user };
  return raw;
}

/** Stores what login, register, Google sign-in and refresh return. */
export function saveSession(session: Pick<AuthSession, 'token' | 'refreshToken' | 'user'>): void {
  write({
    [TOKEN_KEY]: session.token,
    [REFRESH_TOKEN_KEY]: session.refreshToken,
    [USER_KEY]: rememberWritten(session.user),
  });
  setSessionHint(true);
  // The next server render of a page with a house-ad slot leaves it out for a premium member.
  setPremiumHint(session.user.isPremium);
}

/** Replaces the stored user (profile re-fetch, profile edit) and keeps the tokens. */
export function saveStoredUser(user: User): void {
  write({ [USER_KEY]: rememberWritten(user) });
  setPremiumHint(user.isPremium);
}

/** Forgets token, user and refresh token (sign-out, invalid session). */
export function clearSession(): void {
  write({ [TOKEN_KEY]: null, [USER_KEY]: null, [REFRESH_TOKEN_KEY]: null });
  setSessionHint(false);
  setPremiumHint(false);
}

// A signed-in visitor: fetch the check while the page hydrates, so the header greets them sooner.
if (typeof window !== 'undefined' && hasStoredSession()) void loadUserValidator();
// The server-rendered header follows the cookie hint: keep it true to what this browser holds.
if (typeof window !== 'undefined') setSessionHint(hasStoredSession());

function onStorage(event: StorageEvent): void {
  // `key` is null when another tab called localStorage.clear().
  if (event.key === null || SESSION_KEYS.has(event.key)) notify();
}

/** Calls `listener` after every session change, in this tab or another. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
