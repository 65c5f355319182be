import { MAX_TARGET_PRICE_TRY } from '@kiyasla/contracts/alerts-constants';
import { alertsMessages } from '@kiyasla/contracts/messages/alerts';

/** Parses a Turkish-typed amount ("1.299,90", "1299.9", "1299"); NaN when it is not one. */
export function parseTargetPrice(raw: string): number {
  const text = raw.trim().replace(/\s|₺/g, '');
  if (!text) return Number.NaN;
  const normalised = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  return /^\d+(\.\d{1,2})?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

/**
 * §5: a target present and greater than 0 ('Geçerli bir hedef fiyat girin.'); a 'below' target
 * lower than the current price ('Hedef fiyat mevcut fiyattan düşük olmalıdır'). Null when valid.
 */
export function targetError(raw: string, triggerType: 'below' | 'above', currentPrice: number | null): string | null {
  const value = parseTargetPrice(raw);
  if (!Number.isFinite(value) || value <= 0 || value > MAX_TARGET_PRICE_TRY) return alertsMessages.targetInvalid;
  if (currentPrice !== null && triggerType === 'below' && value >= currentPrice) return alertsMessages.targetNotBelow;
  if (currentPrice !== null && triggerType === 'above' && value <= currentPrice) return alertsMessages.targetNotAbove;
  return null;
}
