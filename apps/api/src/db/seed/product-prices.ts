import type { PricePoint } from './pricing';

export interface OfferWithHistory {
  id: string;
  price: number;
  originalPrice?: number | null;
  isActive: boolean;
  history: PricePoint[];
}

export interface ProductPrices {
  minPrice: number | null;
  maxPrice: number | null;
  prevMinPrice: number | null;
  originalPrice: number | null;
  offerCount: number;
  priceUpdatedAt: Date | null;
}

/**
 * The denormalised price columns of a product, with the same meaning as the SQL maintenance in
 * db/product-price-aggregates.ts. `prev_min_price` needs the past, so it replays every active
 * offer's history in time order and remembers the lowest price before the last time the
 * product's lowest price moved.
 */
export function computeProductPrices(offers: OfferWithHistory[]): ProductPrices {
  const active = offers.filter((o) => o.isActive);
  if (active.length === 0) {
    return {
      minPrice: null,
      maxPrice: null,
      prevMinPrice: null,
      originalPrice: null,
      offerCount: 0,
      priceUpdatedAt: null,
    };
  }
  const discounted = active
    .filter((o) => o.originalPrice != null && o.originalPrice > o.price)
    .map((o) => o.originalPrice as number);
  const lastChange = lastMinimumChange(active);
  return {
    minPrice: Math.min(...active.map((o) => o.price)),
    maxPrice: Math.max(...active.map((o) => o.price)),
    prevMinPrice: lastChange?.previous ?? null,
    originalPrice: discounted.length > 0 ? Math.max(...discounted) : null,
    offerCount: active.length,
    priceUpdatedAt: lastChange?.at ?? null,
  };
}

function lastMinimumChange(offers: OfferWithHistory[]): { previous: number; at: Date } | null {
  const events = offers
    .flatMap((offer) => offer.history.map((point) => ({ offerId: offer.id, ...point })))
    .sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
  const current = new Map<string, number>();
  let minimum: number | null = null;
  let change: { previous: number; at: Date } | null = null;

  for (const event of events) {
    current.set(event.offerId, event.price);
    const next = Math.min(...current.values());
    if (minimum !== null && next !== minimum) change = { previous: minimum, at: event.recordedAt };
    minimum = next;
  }
  return change;
}
