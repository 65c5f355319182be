import { z } from 'zod';

/** Notification settings of the profile (§3): per-topic switches and channels, quiet hours. */

export const NOTIFICATION_TOPICS = [
  'price_drop',
  'price_target',
  'new_products',
  'system_updates',
  'promotions',
  'weekly_summary',
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** The per-topic channel object of each topic. */
export const TOPIC_CHANNEL_KEYS = {
  price_drop: 'priceDropChannels',
  price_target: 'priceTargetChannels',
  new_products: 'newProductChannels',
  system_updates: 'systemUpdateChannels',
  promotions: 'promotionChannels',
  weekly_summary: 'weeklySummaryChannels',
} as const satisfies Record<NotificationTopic, string>;

export const notificationSettingsMessages = {
  toggle: 'Bu ayar açık ya da kapalı olmalıdır',
  timeOfDay: 'Saat SS:DD biçiminde olmalıdır (ör. 22:00)',
} as const;

const toggle = z.boolean(notificationSettingsMessages.toggle);

export const notificationChannelsSchema = z.object({ push: toggle, email: toggle, sms: toggle });
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = z
  .string(notificationSettingsMessages.timeOfDay)
  .regex(TIME_OF_DAY_PATTERN, notificationSettingsMessages.timeOfDay);

export const notificationSettingsSchema = z.object({
  // Quick toggles of the profile settings tab.
  priceAlerts: toggle,
  email: toggle,
  newsletter: toggle,
  // Per-topic switches.
  price_drop: toggle,
  price_target: toggle,
  new_products: toggle,
  system_updates: toggle,
  promotions: toggle,
  weekly_summary: toggle,
  // Per-topic channels.
  priceDropChannels: notificationChannelsSchema,
  priceTargetChannels: notificationChannelsSchema,
  newProductChannels: notificationChannelsSchema,
  systemUpdateChannels: notificationChannelsSchema,
  promotionChannels: notificationChannelsSchema,
  weeklySummaryChannels: notificationChannelsSchema,
  // Global.
  doNotDisturb: toggle,
  soundEnabled: toggle,
  quietHours: z.object({ start: timeOfDay, end: timeOfDay }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * PUT /auth/notification-settings body: any subset; channel objects and quietHours may be
 * partial too. Unknown keys are ignored.
 */
export const notificationSettingsUpdateSchema = notificationSettingsSchema
  .extend({
    priceDropChannels: notificationChannelsSchema.partial(),
    priceTargetChannels: notificationChannelsSchema.partial(),
    newProductChannels: notificationChannelsSchema.partial(),
    systemUpdateChannels: notificationChannelsSchema.partial(),
    promotionChannels: notificationChannelsSchema.partial(),
    weeklySummaryChannels: notificationChannelsSchema.partial(),
    quietHours: z.object({ start: timeOfDay, end: timeOfDay }).partial(),
  })
  .partial();
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

const onChannels: NotificationChannels = { push: true, email: true, sms: false };

/** §9: price_drop, price_target, system_updates, weekly_summary on; new_products, promotions off; quiet 22:00–08:00. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  priceAlerts: true,
  email: true,
  // Marketing e-mail needs an explicit opt-in (ETK/KVKK), so it starts off.
  newsletter: false,
  price_drop: true,
  price_target: true,
  new_products: false,
  system_updates: true,
  promotions: false,
  weekly_summary: true,
  priceDropChannels: onChannels,
  priceTargetChannels: onChannels,
  newProductChannels: onChannels,
  systemUpdateChannels: onChannels,
  promotionChannels: { push: false, email: false, sms: false },
  weeklySummaryChannels: { push: false, email: true, sms: false },
  doNotDisturb: false,
  soundEnabled: true,
  quietHours: { start: '22:00', end: '08:00' },
};

/**
 * Applies a partial update (or a stored, possibly older document) over `base`, one level deep:
 * channel objects and quiet hours merge key by key. A value that does not fit its schema (e.g.
 * written by an older release) keeps the base value; unknown keys are dropped.
 */
export function mergeNotificationSettings(
  base: NotificationSettings,
  patch: NotificationSettingsUpdate | Record<string, unknown>,
): NotificationSettings {
  const merged: Record<string, unknown> = { ...base };
  const shape = notificationSettingsSchema.shape as Record<string, z.ZodType>;
  for (const [key, value] of Object.entries(patch)) {
    const field = shape[key];
    if (!field || value === undefined) continue;
    const current = (base as Record<string, unknown>)[key];
    const next =
      current && typeof current === 'object' && value && typeof value === 'object'
        ? { ...current, ...(value as object) }
        : value;
    const parsed = field.safeParse(next);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as NotificationSettings;
}
