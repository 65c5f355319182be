import type { PrivacySettings, PrivacySettingsUpdate } from '@kiyasla/contracts/privacy';
import { apiRequest } from '~/lib/api-client';

/** PUT /auth/privacy-settings: any subset of the two toggles; answers the full object. */
export async function updatePrivacySettings(input: PrivacySettingsUpdate): Promise<PrivacySettings> {
  const { data } = await apiRequest<PrivacySettings>('/auth/privacy-settings', { method: 'PUT', json: input });
  return data;
}
