/**
 * The privacy toggles kept in the browser only (spec §3: dataCollection, marketingEmails,
 * personalizedAds, searchHistory, locationTracking, cookieSettings, thirdPartySharing,
 * analyticsOptIn). The specification leaves their defaults open: anything that shares or
 * profiles the user starts off (KVKK asks for explicit consent); what only serves the user
 * on this device starts on.
 */
import { LOCAL_PRIVACY_KEYS } from '@kiyasla/contracts/privacy';

export type LocalPrivacyKey = (typeof LOCAL_PRIVACY_KEYS)[number];
export type LocalPrivacySettings = Record<LocalPrivacyKey, boolean>;

export const LOCAL_PRIVACY_STORAGE_NAME = 'privacySettings';

export const DEFAULT_LOCAL_PRIVACY: LocalPrivacySettings = {
  dataCollection: false,
  marketingEmails: false,
  personalizedAds: false,
  searchHistory: true,
  locationTracking: false,
  cookieSettings: true,
  thirdPartySharing: false,
  analyticsOptIn: false,
};

/** Stored values over the defaults; unknown keys and non-boolean values are ignored. */
export function parseLocalPrivacy(stored: unknown): LocalPrivacySettings {
  const result: LocalPrivacySettings = { ...DEFAULT_LOCAL_PRIVACY };
  if (!stored || typeof stored !== 'object') return result;
  for (const key of LOCAL_PRIVACY_KEYS) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === 'boolean') result[key] = value;
  }
  return result;
}
