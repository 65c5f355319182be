import { z } from 'zod';
import { paymentRecordSchema } from './account';
import { notificationSettingsSchema } from './notification-settings';
import { privacySettingsSchema } from './privacy';
import { userSchema } from './user';

/** Data export (GET /auth/export, KVKK right of access). */

const iso = z.string();
const productRef = z.object({ _id: z.string(), name: z.string().nullable() });

/** The downloaded JSON file itself (not wrapped in the envelope). Money in TRY. */
export const accountExportSchema = z.object({
  format: z.literal('kiyasla-account-export/v1'),
  generatedAt: iso,
  profile: userSchema,
  notificationSettings: notificationSettingsSchema,
  privacySettings: privacySettingsSchema,
  favorites: z.array(z.object({ product: productRef, createdAt: iso })),
  priceAlerts: z.array(
    z.object({
      _id: z.string(),
      product: productRef,
      store: z.string().nullable(),
      targetPrice: z.number(),
      triggerType: z.string(),
      isActive: z.boolean(),
      triggered: z.boolean(),
      triggeredAt: iso.nullable(),
      triggeredPrice: z.number().nullable(),
      createdAt: iso,
    }),
  ),
  savedComparisons: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      productIds: z.array(z.string()),
      isPublic: z.boolean(),
      tags: z.array(z.string()),
      createdAt: iso,
    }),
  ),
  notifications: z.array(
    z.object({
      _id: z.string(),
      type: z.string(),
      title: z.string(),
      message: z.string(),
      isRead: z.boolean(),
      createdAt: iso,
    }),
  ),
  reviews: z.array(
    z.object({
      _id: z.string(),
      product: productRef,
      rating: z.number(),
      title: z.string().nullable(),
      comment: z.string().nullable(),
      createdAt: iso,
    }),
  ),
  payments: z.array(paymentRecordSchema),
  sessions: z.array(
    z.object({
      createdAt: iso,
      lastUsedAt: iso.nullable(),
      expiresAt: iso,
      active: z.boolean(),
      userAgent: z.string().nullable(),
      ip: z.string().nullable(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
