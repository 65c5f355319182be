import { ALERT_ERROR_CODES } from '@kiyasla/contracts/alerts';
import { COMPARISON_ERROR_CODES } from '@kiyasla/contracts/comparisons';
import { FAVORITE_ERROR_CODES } from '@kiyasla/contracts/favorites';
import { messages } from '@kiyasla/contracts/messages';
import { forbidden, type AppError } from '../../lib/errors';
import type { SettingsService } from './settings.service';

/**
 * The admin switches that turn a feature off for everyone, with the refusal each one answers
 * (403, its stable code and Turkish message). Routes declare them with `requireFeature(key)`
 * (plugins/policies.ts).
 */
const REFUSALS = {
  enableRegistration: { code: 'REGISTRATION_DISABLED', message: messages.auth.registrationDisabled },
  enableSocialLogin: { code: 'SOCIAL_LOGIN_DISABLED', message: messages.auth.socialLoginDisabled },
  enableWishlist: { code: FAVORITE_ERROR_CODES.disabled, message: messages.favorites.disabled },
  enableComparison: { code: COMPARISON_ERROR_CODES.disabled, message: messages.comparisons.disabled },
  enablePriceAlerts: { code: ALERT_ERROR_CODES.disabled, message: messages.alerts.disabled },
} as const;

export type FeatureSwitch = keyof typeof REFUSALS;

export async function isFeatureEnabled(settings: SettingsService, key: FeatureSwitch): Promise<boolean> {
  return (await settings.group('features'))[key];
}

/** The 403 a request gets while `key` is switched off. */
export function featureDisabled(key: FeatureSwitch): AppError {
  return forbidden(REFUSALS[key].code, REFUSALS[key].message);
}
