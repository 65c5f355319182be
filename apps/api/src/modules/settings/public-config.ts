import { AVATAR_MAX_BYTES } from '@kiyasla/contracts/account';
import { passwordPolicyFromSettings } from '@kiyasla/contracts/user';
import { REMEMBER_ME_DAYS } from '@kiyasla/contracts/auth';
import { COMPARISON_MIN, PREMIUM_WISHLIST_ITEMS } from '@kiyasla/contracts/constants';
import { PLANS, SAVED_COMPARISON_LIMITS } from '@kiyasla/contracts/plans';
import type { PublicConfig } from '@kiyasla/contracts/public-config';
import type { SystemSettings } from '@kiyasla/contracts/settings';
import { maintenanceState } from '@kiyasla/contracts/maintenance';
import type { AppConfig } from '../../config';

/**
 * Picks the public part of the settings field by field (an allow-list), so a secret added to a
 * settings group later can never leak through GET /api/config.
 */
export function presentPublicConfig(settings: SystemSettings, config: AppConfig, now = new Date()): PublicConfig {
  const { features, maintenance, security } = settings;
  const state = maintenanceState(maintenance, now);
  return {
    siteName: settings.general.siteName,
    features: {
      enableRegistration: features.enableRegistration,
      enableSocialLogin: features.enableSocialLogin,
      enablePremium: features.enablePremium,
      enableReviews: features.enableReviews,
      enableComments: features.enableComments,
      enablePriceAlerts: features.enablePriceAlerts,
      enableComparison: features.enableComparison,
      enableWishlist: features.enableWishlist,
    },
    limits: {
      maxComparisonItems: features.maxComparisonItems,
      minComparisonItems: COMPARISON_MIN,
      maxWishlistItems: features.maxWishlistItems,
      premiumWishlistItems: PREMIUM_WISHLIST_ITEMS,
      savedComparisons: { ...SAVED_COMPARISON_LIMITS },
      avatarMaxBytes: AVATAR_MAX_BYTES,
    },
    passwordPolicy: passwordPolicyFromSettings(security),
    plans: PLANS.map((p) => ({ ...p, features: [...p.features] })),
    auth: {
      googleClientId: features.enableSocialLogin ? (config.googleClientId ?? null) : null,
      facebookAppId: features.enableSocialLogin && config.facebookAppSecret ? (config.facebookAppId ?? null) : null,
      rememberMeDays: REMEMBER_ME_DAYS,
      sessionTimeoutMinutes: security.sessionTimeout,
    },
    maintenance: {
      active: state.active,
      endsAt: state.endsAt,
      enabled: maintenance.enableMaintenanceMode,
      message: maintenance.maintenanceMessage,
      scheduled: {
        enabled: maintenance.scheduledMaintenance.enabled,
        startDate: maintenance.scheduledMaintenance.startDate,
        endDate: maintenance.scheduledMaintenance.endDate,
      },
    },
  };
}
