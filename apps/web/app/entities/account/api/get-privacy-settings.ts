import { queryOptions } from '@tanstack/react-query';
import type { PrivacySettings } from '@kiyasla/contracts/privacy';
import { apiGet } from '~/lib/api-client';
import { accountKeys } from './query-keys';

/** GET /auth/privacy-settings: the two server-backed toggles (profileVisibility, activitySharing). */
export function getPrivacySettings(): Promise<PrivacySettings> {
  return apiGet<PrivacySettings>('/auth/privacy-settings');
}

export const privacySettingsQuery = () =>
  queryOptions({ queryKey: accountKeys.privacySettings(), queryFn: getPrivacySettings });
