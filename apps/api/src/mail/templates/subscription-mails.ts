import type { MailMessage } from '../transport';
import { escapeHtml } from '../../lib/html';

/** E-mails of the premium subscription: receipt and expiry notice (issue 14); the renewal's are in renewal-mails.ts. */

function page(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="tr"><body style="font-family:Arial,sans-serif;color:#111">
${body}
${button}
</body></html>`;
}

export interface ReceiptInput {
  to: string;
  firstName: string;
  siteName: string;
  orderId: string;
  planName: string;
  /** Formatted amounts (₺337,50). */
  amount: string;
  tax: string;
  taxRatePercent: number;
  credit: string | null;
  paidAt: string;
  /** Formatted end date, or null for a lifetime plan. */
  endDate: string | null;
  provider: string;
  profileUrl: string;
}

export function paymentReceiptMail(i: ReceiptInput): MailMessage {
  const lines = [
    `Merhaba ${i.firstName},`,
    `${i.planName} üyeliğiniz başladı. Ödemeniz için teşekkür ederiz.`,
    `Sipariş no: ${i.orderId}`,
    `Plan: ${i.planName}`,
    ...(i.credit ? [`Önceki planınızın kullanılmayan kısmı için indirim: ${i.credit}`] : []),
    `Ödenen tutar: ${i.amount} (%${i.taxRatePercent} KDV dahil; KDV: ${i.tax})`,
    `Ödeme tarihi: ${i.paidAt}`,
    `Ödeme yöntemi: ${i.provider}`,
    i.endDate ? `Üyeliğiniz ${i.endDate} tarihine kadar geçerlidir.` : 'Üyeliğiniz ömür boyu geçerlidir.',
    `Bu ödeme tarihinden itibaren 14 gün içinde iade talep edebilirsiniz.`,
    `${i.siteName} Ekibi`,
  ];
  return {
    to: i.to,
    subject: `${i.siteName} ödeme makbuzunuz – ${i.planName}`,
    text: [...lines, '', i.profileUrl].join('\n'),
    html: page(lines, { href: i.profileUrl, label: 'Premium Üyeliğimi Gör' }),
  };
}

export function subscriptionExpiredMail(i: {
  to: string;
  firstName: string;
  siteName: string;
  planName: string;
  plansUrl: string;
}): MailMessage {
  const lines = [
    `Merhaba ${i.firstName},`,
    `${i.planName} üyeliğinizin süresi doldu; hesabınız ücretsiz plana geçti.`,
    'Fiyat alarmlarınız silinmedi, duraklatıldı. Kayıtlı karşılaştırmalarınızı ve favorilerinizi görmeye devam edebilirsiniz; ücretsiz planın sınırını aşan yeni kayıt ve favori eklenemez.',
    'Premium’a döndüğünüzde alarmlarınızı Fiyat Alarmları sayfasından yeniden açabilirsiniz.',
    `${i.siteName} Ekibi`,
  ];
  return {
    to: i.to,
    subject: `${i.siteName} Premium üyeliğinizin süresi doldu`,
    text: [...lines, '', i.plansUrl].join('\n'),
    html: page(lines, { href: i.plansUrl, label: 'Premium’a Geri Dön' }),
  };
}
