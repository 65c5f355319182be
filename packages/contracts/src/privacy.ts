import { z } from 'zod';

/** Privacy settings (§3): two server-backed toggles and the toggles kept in the browser. */

export const privacySettingsSchema = z.object({
  profileVisibility: z.boolean(),
  activitySharing: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const privacySettingsUpdateSchema = privacySettingsSchema.partial();
export type PrivacySettingsUpdate = z.infer<typeof privacySettingsUpdateSchema>;
export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = { profileVisibility: true, activitySharing: false };

/** Privacy toggles kept in the browser only (§3); their defaults are the web app's choice. */
export const LOCAL_PRIVACY_KEYS = [
  'dataCollection',
  'marketingEmails',
  'personalizedAds',
  'searchHistory',
  'locationTracking',
  'cookieSettings',
  'thirdPartySharing',
  'analyticsOptIn',
] as const;
