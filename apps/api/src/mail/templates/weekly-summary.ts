import type { MailMessage } from '../transport';
import { formatKurus } from './notification';
import { escapeHtml } from '../../lib/html';

export interface WeeklySummaryItem {
  name: string;
  url: string;
  /** Price changes recorded during the week. */
  changes: number;
  /** Kuruş: the lowest price recorded during the week, and the lowest price now. */
  weekLowest: number | null;
  currentPrice: number | null;
  /** Whether it is on the user's favorites, alerts, or both. */
  source: 'favorite' | 'alert' | 'both';
}

const SOURCE_LABEL = { favorite: 'Favori', alert: 'Fiyat alarmı', both: 'Favori, fiyat alarmı' } as const;

/** The weekly summary (weekly_summary topic): the week's price changes on favorites and alerts. */
export function weeklySummaryMail(input: {
  to: string;
  firstName: string;
  siteName: string;
  /** "16–22 Kasım 2026". */
  weekLabel: string;
  items: WeeklySummaryItem[];
  notificationsUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const line = (i: WeeklySummaryItem) =>
    [
      `${i.name} (${SOURCE_LABEL[i.source]})`,
      `  ${i.changes} fiyat değişikliği` +
        (i.weekLowest !== null ? `, haftanın en düşük fiyatı ${formatKurus(i.weekLowest)}` : '') +
        (i.currentPrice !== null ? `, şu an ${formatKurus(i.currentPrice)}` : ''),
      `  ${i.url}`,
    ].join('\n');
  const text = [
    `Merhaba ${input.firstName},`,
    '',
    `${input.weekLabel} haftasında takip ettiğiniz ürünlerin fiyat değişiklikleri:`,
    '',
    ...input.items.map(line).flatMap((l) => [l, '']),
    `Tüm bildirimleriniz: ${input.notificationsUrl}`,
    '',
    `${input.siteName} Ekibi`,
    '',
    `Haftalık özet e-postalarını almak istemiyorsanız: ${input.unsubscribeUrl}`,
  ].join('\n');
  const rows = input.items
    .map(
      (i) => `<tr>
<td style="padding:8px 12px 8px 0;border-bottom:1px solid #eee"><a href="${escapeHtml(i.url)}">${escapeHtml(i.name)}</a><br><span style="font-size:12px;color:#666">${SOURCE_LABEL[i.source]}</span></td>
<td style="padding:8px 12px 8px 0;border-bottom:1px solid #eee;text-align:right">${i.changes}</td>
<td style="padding:8px 12px 8px 0;border-bottom:1px solid #eee;text-align:right">${i.weekLowest !== null ? escapeHtml(formatKurus(i.weekLowest)) : '–'}</td>
<td style="padding:8px 0;border-bottom:1px solid #eee;text-align:right;font-weight:bold">${i.currentPrice !== null ? escapeHtml(formatKurus(i.currentPrice)) : '–'}</td>
</tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><title>Haftalık özet</title></head>
<body style="font-family:Arial,sans-serif;color:#111;max-width:640px">
<h1 style="font-size:20px">Haftalık özetiniz</h1>
<p>Merhaba ${escapeHtml(input.firstName)},</p>
<p>${escapeHtml(input.weekLabel)} haftasında takip ettiğiniz ürünlerin fiyat değişiklikleri:</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%;font-size:14px">
<thead><tr><th style="text-align:left;padding:0 12px 6px 0">Ürün</th><th style="text-align:right;padding:0 12px 6px 0">Değişiklik</th><th style="text-align:right;padding:0 12px 6px 0">Haftanın en düşüğü</th><th style="text-align:right;padding:0 0 6px">Şu an</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p><a href="${escapeHtml(input.notificationsUrl)}">Tüm bildirimleriniz</a></p>
<p>${escapeHtml(input.siteName)} Ekibi</p>
<hr style="border:0;border-top:1px solid #ddd">
<p style="font-size:12px;color:#666">Bu e-postayı "Haftalık özet" açık olduğu için aldınız. <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#666">Haftalık özeti almayı bırakın</a>.</p>
</body></html>`;
  return {
    to: input.to,
    subject: `${input.siteName} haftalık özetiniz: ${input.weekLabel}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
