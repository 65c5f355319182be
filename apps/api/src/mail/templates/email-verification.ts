import type { MailMessage } from '../transport';
import { escapeHtml } from '../../lib/html';

/** The link that verifies a new account's e-mail address (registration, or the member's resend). */
export function emailVerificationMail(input: {
  to: string;
  firstName: string;
  link: string;
  validHours: number;
  siteName: string;
}): MailMessage {
  const { firstName, link, validHours, siteName } = input;
  const text = [
    `Merhaba ${firstName},`,
    '',
    `${siteName} hesabınızın e-posta adresini doğrulamak için aşağıdaki bağlantıyı açın:`,
    '',
    link,
    '',
    `Bağlantı ${validHours} saat geçerlidir ve yalnızca bir kez kullanılabilir; yeni bir bağlantı istediğinizde bu bağlantı geçersiz olur.`,
    `${siteName} hesabını siz açmadıysanız bu e-postayı yok sayabilirsiniz.`,
    '',
    `${siteName} Ekibi`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="tr"><body style="font-family:Arial,sans-serif;color:#111">
<p>Merhaba ${escapeHtml(firstName)},</p>
<p>${escapeHtml(siteName)} hesabınızın e-posta adresini doğrulamak için aşağıdaki düğmeye tıklayın:</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">E-posta Adresimi Doğrula</a></p>
<p>Düğme çalışmazsa bu adresi tarayıcınıza yapıştırın:<br>${escapeHtml(link)}</p>
<p>Bağlantı ${validHours} saat geçerlidir ve yalnızca bir kez kullanılabilir; yeni bir bağlantı istediğinizde bu bağlantı geçersiz olur. ${escapeHtml(siteName)} hesabını siz açmadıysanız bu e-postayı yok sayabilirsiniz.</p>
<p>${escapeHtml(siteName)} Ekibi</p>
</body></html>`;
  return { to: input.to, subject: `${siteName} e-posta adresinizi doğrulayın`, text, html };
}
