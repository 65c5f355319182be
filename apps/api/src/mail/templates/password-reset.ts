import type { MailMessage } from '../transport';
import { escapeHtml } from '../../lib/html';

export function passwordResetMail(input: {
  to: string;
  firstName: string;
  link: string;
  validMinutes: number;
  siteName: string;
}): MailMessage {
  const { firstName, link, validMinutes, siteName } = input;
  const text = [
    `Merhaba ${firstName},`,
    '',
    `${siteName} hesabınız için bir şifre sıfırlama isteği aldık. Yeni şifrenizi belirlemek için aşağıdaki bağlantıyı açın:`,
    '',
    link,
    '',
    `Bağlantı ${validMinutes} dakika geçerlidir ve yalnızca bir kez kullanılabilir.`,
    'Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz; şifreniz değişmeyecektir.',
    '',
    `${siteName} Ekibi`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="tr"><body style="font-family:Arial,sans-serif;color:#111">
<p>Merhaba ${escapeHtml(firstName)},</p>
<p>${escapeHtml(siteName)} hesabınız için bir şifre sıfırlama isteği aldık. Yeni şifrenizi belirlemek için aşağıdaki düğmeye tıklayın:</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">Şifremi Sıfırla</a></p>
<p>Düğme çalışmazsa bu adresi tarayıcınıza yapıştırın:<br>${escapeHtml(link)}</p>
<p>Bağlantı ${validMinutes} dakika geçerlidir ve yalnızca bir kez kullanılabilir. Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz; şifreniz değişmeyecektir.</p>
<p>${escapeHtml(siteName)} Ekibi</p>
</body></html>`;
  return { to: input.to, subject: `${siteName} şifre sıfırlama bağlantınız`, text, html };
}
