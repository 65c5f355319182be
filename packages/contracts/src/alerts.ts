import { z } from 'zod';
import { messages } from './messages';

/**
 * Price alert contracts (/api/alerts, spec §3 "Price alert", §7 "Alerts"). Money is TRY with two
 * decimals. One alert per user and product: the product card and the product page show and edit
 * "the" alert of a product (`GET /alerts/check/{productId}`).
 */

export {
  ALERT_ERROR_CODES,
  ALERT_TRIGGER_TYPES,
  ALERTS_PAGE_SIZE,
  MAX_ACTIVE_ALERTS,
  MAX_TARGET_PRICE_TRY,
  type AlertTriggerType,
} from './alerts-constants';
import { ALERT_TRIGGER_TYPES, ALERTS_PAGE_SIZE, MAX_TARGET_PRICE_TRY } from './alerts-constants';
import { wholeNumberParam } from './query-number';

const m = messages.alerts;

/**
 * §5: present and greater than 0 ('Geçerli bir hedef fiyat girin.'); at most MAX_TARGET_PRICE_TRY;
 * kuruş precision. The first rule that fails is the only one reported (ALERT_TARGET_INVALID or
 * ALERT_TARGET_TOO_HIGH, alerts.routes.ts), so one target never gets two answers.
 */
export const targetPriceSchema = z
  .number({ error: m.targetInvalid })
  // At least one kuruş: a positive amount that rounds to 0 kuruş (1e-300) is no price.
  .refine((n) => Number.isFinite(n) && n >= 0.01, { message: m.targetInvalid, abort: true })
  .refine((n) => n <= MAX_TARGET_PRICE_TRY, { message: m.targetTooHigh, abort: true })
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { message: m.targetInvalid });

const uuidish = (message: string) => z.string(message).min(1, message).max(100, message);

/** `POST /alerts`: no store watches the lowest price of any store. */
export const createAlertSchema = z.object({
  product: uuidish(m.productInvalid),
  targetPrice: targetPriceSchema,
  triggerType: z.enum(ALERT_TRIGGER_TYPES, m.triggerTypeInvalid).default('below'),
  store: uuidish(m.storeInvalid).nullish(),
});
export type CreateAlertInput = z.input<typeof createAlertSchema>;

/** `PUT /alerts/{id}`: a new target re-arms the alert. */
export const updateAlertSchema = z.object({ targetPrice: targetPriceSchema });
export type UpdateAlertInput = z.infer<typeof updateAlertSchema>;

export const alertsQuerySchema = z.object({
  page: wholeNumberParam(1, 10_000).default(1),
  limit: wholeNumberParam(1, ALERTS_PAGE_SIZE).default(ALERTS_PAGE_SIZE),
  /** §5 filter: active = active and not triggered. */
  status: z.enum(['all', 'active', 'triggered', 'inactive']).default('all'),
});
export type AlertsQuery = z.infer<typeof alertsQuerySchema>;

/** A price alert as the screens read it (spec §3). */
export const priceAlertSchema = z.object({
  _id: z.string().uuid(),
  product: z.object({
    _id: z.string().uuid(),
    name: z.string(),
    slug: z.string(),
    images: z.array(z.object({ url: z.string(), alt: z.string() })),
  }),
  /** The watched price now: the lowest fresh in-stock price (of the alert's store, if any); null when none. */
  currentPrice: z.number().nullable(),
  targetPrice: z.number(),
  triggerType: z.enum(ALERT_TRIGGER_TYPES),
  store: z.object({ _id: z.string().uuid(), name: z.string() }).nullable(),
  /** The watched price when the alert was last armed (created, switched on, or given a new target). */
  priceAtCreation: z.number().nullable(),
  isActive: z.boolean(),
  triggered: z.boolean(),
  triggeredAt: z.string().nullable(),
  triggeredPrice: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

export const alertsListSchema = z.array(priceAlertSchema);

/** `GET /alerts/check/{productId}`. */
export const alertCheckSchema = z.object({ hasAlert: z.boolean(), alert: priceAlertSchema.nullable() });
export type AlertCheck = z.infer<typeof alertCheckSchema>;

/** `DELETE /alerts/{id}`. */
export const alertDeletedSchema = z.object({ _id: z.string().uuid() });

/** The header badge: armed alerts (`GET /alerts/count`). */
export const alertCountSchema = z.object({ active: z.number().int().min(0) });
