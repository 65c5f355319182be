import type { StoreOffer } from '@kiyasla/contracts/catalog';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * An offer that counts: active and not stale. Only these are the lowest price and the stores
 * that sell the product; a stale one (its store has a feed and has not confirmed the price
 * lately) is listed after them, muted.
 */
export function offerCounts(offer: StoreOffer): boolean {
  return offer.isActive && !offer.stale;
}

/**
 * How long ago the store last confirmed a stale price: 'Fiyat N gün önce doğrulandı' in whole
 * days, or 'Fiyat N saat önce doğrulandı' under a day (a store's window can be shorter than a
 * day), never less than 1.
 */
export function staleNote(confirmedAt: string, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - Date.parse(confirmedAt));
  if (elapsed < DAY) return `Fiyat ${Math.max(1, Math.floor(elapsed / HOUR))} saat önce doğrulandı`;
  return `Fiyat ${Math.floor(elapsed / DAY)} gün önce doğrulandı`;
}
