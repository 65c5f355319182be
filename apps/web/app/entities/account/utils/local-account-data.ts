/**
 * Per-account data the browser keeps for itself (local privacy toggles, demo payment
 * methods). Keys carry the user id so two accounts on one browser never see each other's.
 */
const PREFIX = 'kiyasla:';

export function accountStorageKey(name: string, userId: string): string {
  return `${PREFIX}${name}:${userId}`;
}

export function readAccountData(name: string, userId: string): unknown {
  try {
    const raw = window.localStorage.getItem(accountStorageKey(name, userId));
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Returns false when the browser refused to store it. */
export function writeAccountData(name: string, userId: string, value: unknown): boolean {
  try {
    window.localStorage.setItem(accountStorageKey(name, userId), JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** Removes everything stored locally for `userId` (after the account is deleted). */
export function forgetLocalAccountData(userId: string): void {
  try {
    const store = window.localStorage;
    const doomed: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX) && key.endsWith(`:${userId}`)) doomed.push(key);
    }
    for (const key of doomed) store.removeItem(key);
  } catch {
    // Nothing stored, or storage blocked.
  }
}
