import type { Notification } from '@kiyasla/contracts/notifications';
import { kurusToTry } from '@kiyasla/contracts/money';
import type { NotificationRow } from './notifications.repo';

const money = (v: unknown): number | null | undefined =>
  v === undefined ? undefined : typeof v === 'number' ? kurusToTry(v) : null;

/** A notification as the screens read it: prices in TRY, the product resolved; internal keys dropped. */
export function presentNotification(row: NotificationRow): Notification {
  const d = row.data ?? {};
  const product =
    row.product_id && row.product_name && row.product_slug
      ? {
          _id: row.product_id,
          name: row.product_name,
          slug: row.product_slug,
          images: (row.product_images ?? []).map((i) => ({ url: i.url, alt: i.alt || row.product_name! })),
        }
      : null;
  const data: Notification['data'] = { product };
  if (typeof d.alertId === 'string') data.alertId = d.alertId;
  const oldPrice = money(d.oldPrice);
  const newPrice = money(d.newPrice);
  const targetPrice = money(d.targetPrice);
  if (oldPrice !== undefined) data.oldPrice = oldPrice;
  if (newPrice !== undefined) data.newPrice = newPrice;
  if (targetPrice !== undefined) data.targetPrice = targetPrice;
  if (typeof d.url === 'string') data.url = d.url;
  return {
    _id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.is_read,
    createdAt: new Date(row.created_at).toISOString(),
    data,
  };
}
