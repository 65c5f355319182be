/** Zod-free constants of the price alert contracts, for browser code (ADR 011). */

export const ALERT_TRIGGER_TYPES = ['below', 'above'] as const;
export type AlertTriggerType = (typeof ALERT_TRIGGER_TYPES)[number];

/** Armed alerts (active and not triggered) one account may hold at a time. */
export const MAX_ACTIVE_ALERTS = 100;
/** Page size of `GET /alerts`: the page shows every alert a user may reasonably have. */
export const ALERTS_PAGE_SIZE = 100;
/** Highest target accepted, in TRY (the catalog's prices stay far below it). */
export const MAX_TARGET_PRICE_TRY = 10_000_000;

export const ALERT_ERROR_CODES = {
  premiumRequired: 'PREMIUM_REQUIRED',
  disabled: 'PRICE_ALERTS_DISABLED',
  notFound: 'ALERT_NOT_FOUND',
  productNotFound: 'PRODUCT_NOT_FOUND',
  storeNotFound: 'ALERT_STORE_NOT_FOUND',
  exists: 'ALERT_EXISTS',
  limit: 'ALERTS_LIMIT',
  targetInvalid: 'ALERT_TARGET_INVALID',
  targetTooHigh: 'ALERT_TARGET_TOO_HIGH',
  targetNotBelow: 'ALERT_TARGET_NOT_BELOW',
  targetNotAbove: 'ALERT_TARGET_NOT_ABOVE',
} as const;
