/**
 * The profile's Aktivite tab: what the user did, newest first, built from the account export
 * (favorites, price alerts, saved comparisons, reviews, payments and the sign-up itself).
 */
import type { AccountExport } from '@kiyasla/contracts/account-export';
import { PLANS } from '@kiyasla/contracts/plans';
import { formatPrice } from '~/lib/format';

export type ActivityKind = 'favorite' | 'alert' | 'alert-triggered' | 'comparison' | 'review' | 'payment' | 'joined';

export interface ActivityItem {
  id: string;
  kind: ActivityKind;
  date: string;
  title: string;
  detail?: string;
  href?: string;
}

const productHref = (id: string) => `/product/${encodeURIComponent(id)}`;
const productName = (p: { name: string | null }) => p.name ?? 'Kaldırılmış ürün';

export function planName(planId: string): string {
  return PLANS.find((plan) => plan.id === planId)?.name ?? planId;
}

export function buildActivity(data: AccountExport): ActivityItem[] {
  const items: ActivityItem[] = [];
  data.favorites.forEach((f, i) =>
    items.push({
      id: `favorite-${f.product._id}-${i}`,
      kind: 'favorite',
      date: f.createdAt,
      title: 'Favorilere eklendi',
      detail: productName(f.product),
      href: productHref(f.product._id),
    }),
  );
  for (const a of data.priceAlerts) {
    items.push({
      id: `alert-${a._id}`,
      kind: 'alert',
      date: a.createdAt,
      title: 'Fiyat alarmı kuruldu',
      detail: `${productName(a.product)} · hedef ${formatPrice(a.targetPrice)}`,
      href: productHref(a.product._id),
    });
    if (a.triggered && a.triggeredAt) {
      items.push({
        id: `alert-triggered-${a._id}`,
        kind: 'alert-triggered',
        date: a.triggeredAt,
        title: 'Fiyat alarmı tetiklendi',
        detail:
          a.triggeredPrice == null
            ? productName(a.product)
            : `${productName(a.product)} · ${formatPrice(a.triggeredPrice)}`,
        href: productHref(a.product._id),
      });
    }
  }
  for (const c of data.savedComparisons) {
    items.push({
      id: `comparison-${c._id}`,
      kind: 'comparison',
      date: c.createdAt,
      title: 'Karşılaştırma kaydedildi',
      detail: `${c.name} · ${c.productIds.length} ürün`,
      href: '/comparison',
    });
  }
  for (const r of data.reviews) {
    items.push({
      id: `review-${r._id}`,
      kind: 'review',
      date: r.createdAt,
      title: 'Değerlendirme yazıldı',
      detail: `${productName(r.product)} · ${r.rating}/5`,
      href: productHref(r.product._id),
    });
  }
  for (const p of data.payments) {
    items.push({
      id: `payment-${p._id}`,
      kind: 'payment',
      date: p.createdAt,
      title: 'Premium ödemesi',
      detail: `${planName(p.plan)} · ${formatPrice(p.amount)}`,
    });
  }
  items.push({ id: 'joined', kind: 'joined', date: data.profile.createdAt, title: "Kıyasla'ya katıldınız" });
  return items.sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}
