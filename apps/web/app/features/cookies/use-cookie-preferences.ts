import { useMemo, useSyncExternalStore } from 'react';
import {
  parseCookiePreferences,
  readStoredCookiePreferences,
  subscribeToCookiePreferences,
  type CookiePreferences,
} from './cookie-preferences';

const serverSnapshot = () => null;

/**
 * The stored preferences. The server and the hydration pass render the defaults (no stored
 * value); React then re-renders with the browser's stored value, so there is no mismatch.
 * Saves in this tab and in other tabs are picked up automatically.
 */
export function useStoredCookiePreferences(): CookiePreferences {
  const raw = useSyncExternalStore(subscribeToCookiePreferences, () => readStoredCookiePreferences(), serverSnapshot);
  return useMemo(() => parseCookiePreferences(raw), [raw]);
}
