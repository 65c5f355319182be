/**
 * The profile's Aktivite tab: what the user did, newest first, from the account's activity
 * events (GET /auth/overview: favorites, price alerts, saved comparisons, reviews, payments and
 * the sign-up itself). The server says what happened; the Turkish wording is the web app's.
 */
import type { AccountActivityEvent, AccountActivityKind } from '@kiyasla/contracts/account';
import { PLANS } from '@kiyasla/contracts/plans';
import { formatPrice } from '~/lib/format';

export type ActivityKind = AccountActivityKind;

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

function describe(event: AccountActivityEvent): Pick<ActivityItem, 'title' | 'detail' | 'href'> {
  switch (event.kind) {
    case 'favorite':
      return { title: 'Favorilere eklendi', detail: productName(event.product), href: productHref(event.product._id) };
    case 'alert':
      return {
        title: 'Fiyat alarmı kuruldu',
        detail: `${productName(event.product)} · hedef ${formatPrice(event.targetPrice)}`,
        href: productHref(event.product._id),
      };
    case 'alert-triggered':
      return {
        title: 'Fiyat alarmı tetiklendi',
        detail:
          event.price == null
            ? productName(event.product)
            : `${productName(event.product)} · ${formatPrice(event.price)}`,
        href: productHref(event.product._id),
      };
    case 'comparison':
      return {
        title: 'Karşılaştırma kaydedildi',
        detail: `${event.name} · ${event.productCount} ürün`,
        href: '/comparison',
      };
    case 'review':
      return {
        title: 'Değerlendirme yazıldı',
        detail: `${productName(event.product)} · ${event.rating}/5`,
        href: productHref(event.product._id),
      };
    case 'payment':
      return { title: 'Premium ödemesi', detail: `${planName(event.plan)} · ${formatPrice(event.amount)}` };
    case 'joined':
      return { title: "Kıyasla'ya katıldınız" };
  }
}

/** Events of the same moment (the demo data has some) keep the order of kinds the tab always used. */
const KIND_ORDER: readonly ActivityKind[] = [
  'favorite',
  'alert',
  'alert-triggered',
  'comparison',
  'review',
  'payment',
  'joined',
];

/** The timeline entries of the events, newest first. */
export function buildActivity(events: readonly AccountActivityEvent[]): ActivityItem[] {
  return [...events]
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind))
    .map((event) => ({ id: event.id, kind: event.kind, date: event.date, ...describe(event) }));
}
