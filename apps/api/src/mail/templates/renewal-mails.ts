import type { MailMessage } from '../transport';
import { escapeHtml } from '../../lib/html';

/**
 * E-mails of a renewing premium plan (ADR 018): the reminder before the date (a card on file is
 * charged; without one, a payment link), the renewal's receipt, and a failed renewal.
 */

function page(paragraphs: string[], link: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html>
<html lang="tr"><body style="font-family:Arial,sans-serif;color:#111">
${body}
<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
</body></html>`;
}

function mail(to: string, subject: string, lines: string[], link: { href: string; label: string }): MailMessage {
  return { to, subject, text: [...lines, '', link.href].join('\n'), html: page(lines, link) };
}

interface Base {
  to: string;
  firstName: string;
  siteName: string;
  planName: string;
}

/** A card on file: it is charged on the date. */
export function autoRenewalReminderMail(
  i: Base & { renewalDate: string; amount: string; provider: string; profileUrl: string },
): MailMessage {
  return mail(
    i.to,
    `${i.siteName} Premium üyeliğiniz ${i.renewalDate} tarihinde yenileniyor`,
    [
      `Merhaba ${i.firstName},`,
      `${i.planName} üyeliğiniz ${i.renewalDate} tarihinde otomatik olarak yenilenecek ve kayıtlı kartınızdan (${i.provider}) ${i.amount} tahsil edilecek.`,
      'Yenilenmesini istemiyorsanız bu tarihten önce profilinizin Premium sekmesinden aboneliğinizi iptal edebilirsiniz; Premium ayrıcalıklarınız dönem sonuna kadar sürer.',
      `${i.siteName} Ekibi`,
    ],
    { href: i.profileUrl, label: 'Premium Üyeliğimi Yönet' },
  );
}

/** No card on file (Shopier has no recurring charge): the renewal is paid through a link. */
export function renewalPaymentLinkMail(
  i: Base & { renewalDate: string; amount: string; payUrl: string; profileUrl: string },
): MailMessage {
  return mail(
    i.to,
    `${i.siteName} Premium üyeliğinizi ${i.renewalDate} tarihine kadar yenileyin`,
    [
      `Merhaba ${i.firstName},`,
      `${i.planName} üyeliğinizin dönemi ${i.renewalDate} tarihinde bitiyor. Ödeme yönteminiz otomatik tahsilat desteklemediği için yenileme ödemesini aşağıdaki bağlantıdan yapabilirsiniz (${i.amount}).`,
      `Ödeme ${i.renewalDate} tarihine kadar yapılmazsa üyeliğiniz ücretsiz plana geçer. Yenilemek istemiyorsanız bir şey yapmanız gerekmez.`,
      `${i.siteName} Ekibi`,
    ],
    { href: i.payUrl, label: 'Yenileme Ödemesini Yap' },
  );
}

export function renewalReceiptMail(
  i: Base & {
    orderId: string;
    amount: string;
    tax: string;
    taxRatePercent: number;
    paidAt: string;
    endDate: string;
    provider: string;
    profileUrl: string;
  },
): MailMessage {
  return mail(
    i.to,
    `${i.siteName} Premium üyeliğiniz yenilendi – ${i.planName}`,
    [
      `Merhaba ${i.firstName},`,
      `${i.planName} üyeliğiniz yenilendi. Ödemeniz için teşekkür ederiz.`,
      `Sipariş no: ${i.orderId}`,
      `Ödenen tutar: ${i.amount} (%${i.taxRatePercent} KDV dahil; KDV: ${i.tax})`,
      `Ödeme tarihi: ${i.paidAt}`,
      `Ödeme yöntemi: ${i.provider}`,
      `Üyeliğiniz ${i.endDate} tarihine kadar geçerlidir.`,
      'Bu ödeme tarihinden itibaren 14 gün içinde iade talep edebilirsiniz.',
      `${i.siteName} Ekibi`,
    ],
    { href: i.profileUrl, label: 'Premium Üyeliğimi Gör' },
  );
}

/** A declined renewal: when it is tried again, or that it will not be and the plan ends. */
export function renewalFailedMail(
  i: Base & { reason: string; nextAttempt: string | null; graceEnd: string; profileUrl: string },
): MailMessage {
  const lines = [
    `Merhaba ${i.firstName},`,
    `${i.planName} üyeliğinizin yenileme ödemesi alınamadı (${i.reason}).`,
    ...(i.nextAttempt
      ? [
          `Ödemeyi ${i.nextAttempt} tarihinde yeniden deneyeceğiz. Premium ayrıcalıklarınız ${i.graceEnd} tarihine kadar devam ediyor; bu tarihe kadar ödeme alınamazsa üyeliğiniz ücretsiz plana geçer.`,
          'Kartınızın limitini ve geçerlilik tarihini kontrol edebilir ya da farklı bir kartla yeniden satın alabilirsiniz.',
        ]
      : [
          'Ödeme tekrar denemelere rağmen alınamadığı için üyeliğiniz ücretsiz plana geçti. Dilediğiniz zaman Premium’u yeniden satın alabilirsiniz.',
        ]),
    `${i.siteName} Ekibi`,
  ];
  return mail(i.to, `${i.siteName} Premium yenileme ödemeniz alınamadı`, lines, {
    href: i.profileUrl,
    label: i.nextAttempt ? 'Premium Üyeliğimi Gör' : 'Premium Planları Gör',
  });
}

/** A payment refunded (the member's request or an operator's): the amount and what became of the plan. */
export function refundedMail(
  i: Base & { amount: string; paidAt: string; provider: string; planEnded: boolean; profileUrl: string },
): MailMessage {
  return mail(
    i.to,
    `${i.siteName} ödemeniz iade edildi – ${i.planName}`,
    [
      `Merhaba ${i.firstName},`,
      `${i.paidAt} tarihli ${i.planName} ödemeniz (${i.amount}) iade edildi. Tutarın ödeme yönteminize (${i.provider}) yansıması bankanıza göre birkaç iş günü sürebilir.`,
      i.planEnded
        ? 'Bu ödemeyle alınan Premium üyeliğiniz sona erdi; hesabınız ücretsiz plana geçti. Favorileriniz ve karşılaştırmalarınız yerinde duruyor.'
        : 'Premium üyeliğinizin durumu değişmedi.',
      `${i.siteName} Ekibi`,
    ],
    { href: i.profileUrl, label: 'Premium Üyeliğimi Gör' },
  );
}

/** An operator cancelled the member's renewing plan: premium stays until the end date, then it does not renew. */
export function cancelledByOperatorMail(i: Base & { endDate: string; profileUrl: string }): MailMessage {
  return mail(
    i.to,
    `${i.siteName} Premium aboneliğiniz iptal edildi`,
    [
      `Merhaba ${i.firstName},`,
      `${i.planName} aboneliğiniz ekibimiz tarafından iptal edildi ve artık yenilenmeyecek. Premium ayrıcalıklarınız ${i.endDate} tarihine kadar devam ediyor; ardından hesabınız ücretsiz plana geçer.`,
      'Bir yanlışlık olduğunu düşünüyorsanız bize iletişim sayfasından ulaşabilirsiniz.',
      `${i.siteName} Ekibi`,
    ],
    { href: i.profileUrl, label: 'Premium Üyeliğimi Gör' },
  );
}
