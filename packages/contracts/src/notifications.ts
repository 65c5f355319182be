import { z } from 'zod';
import { wholeNumberParam } from './query-number';

/**
 * Notification contracts (/api/notifications, spec §3 "Notification", §7 "Notifications"). Money
 * in `data` is TRY with two decimals; `data.product` is resolved from the stored product id.
 */

export const NOTIFICATION_TYPES = ['price_drop', 'price_alert', 'system', 'promotion'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The page's tabs: Fiyat shows price drops and triggered alerts, Sistem the rest. */
export const NOTIFICATION_TYPE_GROUPS = {
  price: ['price_drop', 'price_alert'],
  system: ['system', 'promotion'],
} as const satisfies Record<string, readonly NotificationType[]>;

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The header badges show 99+ above this. */
export const BADGE_MAX = 99;

export const NOTIFICATION_ERROR_CODES = { notFound: 'NOTIFICATION_NOT_FOUND' } as const;

export const notificationsQuerySchema = z.object({
  page: wholeNumberParam(1, 10_000).default(1),
  limit: wholeNumberParam(1, 100).default(NOTIFICATIONS_PAGE_SIZE),
  /** One type, several separated by commas, or a tab's group (`price`, `system`). */
  type: z
    .string()
    .max(100)
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      if (value === 'price' || value === 'system') return [...NOTIFICATION_TYPE_GROUPS[value]];
      const types = value.split(',').map((s) => s.trim());
      for (const t of types) {
        if (!(NOTIFICATION_TYPES as readonly string[]).includes(t)) {
          ctx.addIssue({ code: 'custom', message: 'Geçersiz bildirim türü' });
          return z.NEVER;
        }
      }
      return types as NotificationType[];
    }),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationSchema = z.object({
  _id: z.string().uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  data: z.object({
    product: z
      .object({
        _id: z.string().uuid(),
        name: z.string(),
        slug: z.string(),
        images: z.array(z.object({ url: z.string(), alt: z.string() })),
      })
      .nullable(),
    alertId: z.string().optional(),
    oldPrice: z.number().nullable().optional(),
    newPrice: z.number().nullable().optional(),
    targetPrice: z.number().nullable().optional(),
    url: z.string().optional(),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsListSchema = z.array(notificationSchema);

/** The header badges: unread notifications and armed price alerts. */
export const notificationCountsSchema = z.object({
  unread: z.number().int().min(0),
  activeAlerts: z.number().int().min(0),
});
export type NotificationCounts = z.infer<typeof notificationCountsSchema>;

export const notificationsUpdatedSchema = z.object({ updated: z.number().int().min(0) });
export const notificationDeletedSchema = z.object({ _id: z.string().uuid() });
