import type { MailMessage } from '../transport';
import { escapeHtml } from '../../lib/html';

const tryFormat = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });
/** Kuruş as Turkish lira: 1249900 → "₺12.499,00". */
export const formatKurus = (kurus: number) => tryFormat.format(kurus / 100);

export interface NotificationMailInput {
  to: string;
  firstName: string;
  siteName: string;
  title: string;
  message: string;
  product?: { name: string; url: string; imageUrl?: string | null };
  /** Kuruş. */
  oldPrice?: number | null;
  newPrice?: number | null;
  /** The page listing the user's notifications. */
  notificationsUrl: string;
  /** The signed one-click link that turns this topic's e-mail off (RFC 8058). */
  unsubscribeUrl: string;
  /** What the unsubscribe link turns off, e.g. "Fiyat alarmları". */
  topicLabel: string;
}

/**
 * A notification as e-mail (price alert, favorite's price drop, system notice): Turkish HTML and
 * plain text with the product's image, the old and the new price, a link to the product and the
 * one-click unsubscribe link, also as `List-Unsubscribe` / `List-Unsubscribe-Post` headers so mail
 * clients show their own "unsubscribe" button.
 */
export function notificationMail(input: NotificationMailInput): MailMessage {
  const { product, oldPrice, newPrice, siteName } = input;
  const priceLines: string[] = [];
  if (typeof oldPrice === 'number' && oldPrice > 0) priceLines.push(`Önceki fiyat: ${formatKurus(oldPrice)}`);
  if (typeof newPrice === 'number' && newPrice > 0) priceLines.push(`Yeni fiyat: ${formatKurus(newPrice)}`);
  const text = [
    `Merhaba ${input.firstName},`,
    '',
    input.message,
    ...(priceLines.length ? ['', ...priceLines] : []),
    ...(product ? ['', `Ürünü görüntüleyin: ${product.url}`] : []),
    '',
    `Tüm bildirimleriniz: ${input.notificationsUrl}`,
    '',
    `${siteName} Ekibi`,
    '',
    `"${input.topicLabel}" e-postalarını almak istemiyorsanız: ${input.unsubscribeUrl}`,
  ].join('\n');

  const image = product?.imageUrl
    ? `<p><a href="${escapeHtml(product.url)}"><img src="${escapeHtml(product.imageUrl)}" alt="${escapeHtml(product.name)}" width="160" style="max-width:160px;height:auto;border:0;border-radius:8px"></a></p>`
    : '';
  const prices = priceLines.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:12px 0;border-collapse:collapse">
${typeof oldPrice === 'number' && oldPrice > 0 ? `<tr><td style="padding:2px 12px 2px 0;color:#555">Önceki fiyat</td><td style="text-decoration:line-through;color:#555">${escapeHtml(formatKurus(oldPrice))}</td></tr>` : ''}
${typeof newPrice === 'number' && newPrice > 0 ? `<tr><td style="padding:2px 12px 2px 0;color:#555">Yeni fiyat</td><td style="font-weight:bold;font-size:18px;color:#15803d">${escapeHtml(formatKurus(newPrice))}</td></tr>` : ''}
</table>`
    : '';
  const button = product
    ? `<p><a href="${escapeHtml(product.url)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">Ürünü Görüntüle</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(input.title)}</title></head>
<body style="font-family:Arial,sans-serif;color:#111;max-width:560px">
<h1 style="font-size:20px">${escapeHtml(input.title)}</h1>
<p>Merhaba ${escapeHtml(input.firstName)},</p>
${image}
<p>${escapeHtml(input.message)}</p>
${prices}
${button}
<p><a href="${escapeHtml(input.notificationsUrl)}">Tüm bildirimleriniz</a></p>
<p>${escapeHtml(siteName)} Ekibi</p>
<hr style="border:0;border-top:1px solid #ddd">
<p style="font-size:12px;color:#666">Bu e-postayı "${escapeHtml(input.topicLabel)}" bildirimleriniz açık olduğu için aldınız.
<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#666">Bu e-postaları almayı bırakın</a>.</p>
</body></html>`;
  return {
    to: input.to,
    subject: product ? `${input.title}: ${product.name}` : input.title,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
