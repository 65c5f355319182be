import { z } from 'zod';

/** SMS notifications need a verified Turkish mobile number (issue 13). */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_SECONDS = 600;
export const PHONE_CODE_RESEND_SECONDS = 60;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/**
 * Codes one number may be sent, whichever accounts ask for them, in the last hour and the last
 * 24 hours: the per-account minute alone let anyone with many accounts flood a stranger's phone.
 */
export const PHONE_CODES_PER_NUMBER_HOUR = 3;
export const PHONE_CODES_PER_NUMBER_DAY = 10;

export const smsMessages = {
  phoneInvalid: 'Geçerli bir cep telefonu numarası girin (5XX XXX XX XX).',
  codeSent: 'Doğrulama kodu telefonunuza gönderildi.',
  codeTooSoon: 'Yeni bir kod istemeden önce biraz bekleyin.',
  numberCodeLimit: 'Bu numaraya çok fazla doğrulama kodu gönderildi. Lütfen daha sonra tekrar deneyin.',
  codeInvalid: 'Doğrulama kodu hatalı.',
  codeExpired: 'Doğrulama kodunun süresi doldu. Yeni bir kod isteyin.',
  tooManyAttempts: 'Çok fazla hatalı deneme. Yeni bir kod isteyin.',
  verified: 'Telefon numaranız doğrulandı.',
  sendFailed: 'SMS şu anda gönderilemiyor. Lütfen daha sonra tekrar deneyin.',
  statusLoadError: 'Telefon bilgileriniz yüklenirken bir hata oluştu.',
  codeText: (code: string, siteName: string) =>
    `${siteName} doğrulama kodunuz: ${code}. Kod 10 dakika geçerlidir; kimseyle paylaşmayın.`,
} as const;

export const SMS_ERROR_CODES = {
  phoneInvalid: 'PHONE_INVALID',
  codeTooSoon: 'PHONE_CODE_TOO_SOON',
  numberCodeLimit: 'PHONE_NUMBER_CODE_LIMIT',
  codeInvalid: 'PHONE_CODE_INVALID',
  codeExpired: 'PHONE_CODE_EXPIRED',
  tooManyAttempts: 'PHONE_CODE_ATTEMPTS',
  sendFailed: 'SMS_SEND_FAILED',
} as const;

export const phoneVerificationRequestSchema = z.object({
  phone: z.string(smsMessages.phoneInvalid).trim().min(1, smsMessages.phoneInvalid).max(30, smsMessages.phoneInvalid),
});
export const phoneVerificationConfirmSchema = z.object({
  code: z
    .string(smsMessages.codeInvalid)
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), smsMessages.codeInvalid),
});
export const phoneStatusSchema = z.object({ phone: z.string().nullable(), verified: z.boolean() });
export type PhoneStatus = z.infer<typeof phoneStatusSchema>;

/** A Turkish mobile number as 905XXXXXXXXX, or null when it is not one. */
export function normalizeTurkishMobile(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  if (digits.startsWith('90') && digits.length === 12) digits = digits.slice(2);
  else if (digits.startsWith('0') && digits.length === 11) digits = digits.slice(1);
  return /^5\d{9}$/.test(digits) ? `90${digits}` : null;
}
