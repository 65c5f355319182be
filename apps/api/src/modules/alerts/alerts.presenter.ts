import type { PriceAlert } from '@kiyasla/contracts/alerts';
import { kurusToTry } from '@kiyasla/contracts/money';
import type { AlertRow } from './alerts.repo';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const money = (kurus: number | null): number | null => (kurus === null ? null : kurusToTry(Number(kurus)));

/** A price_alerts row with its product, store and watched price, as the screens read it (TRY). */
export function presentAlert(row: AlertRow): PriceAlert {
  const images = row.product_images.map((i) => ({ url: i.url, alt: i.alt || row.product_name }));
  return {
    _id: row.id,
    product: { _id: row.product_id, name: row.product_name, slug: row.product_slug, images },
    currentPrice: money(row.current_price),
    targetPrice: kurusToTry(Number(row.target_price)),
    triggerType: row.trigger_type,
    store: row.store_id && row.store_name ? { _id: row.store_id, name: row.store_name } : null,
    priceAtCreation: money(row.price_at_creation),
    isActive: row.is_active,
    triggered: row.triggered,
    triggeredAt: iso(row.triggered_at),
    triggeredPrice: money(row.triggered_price),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}
