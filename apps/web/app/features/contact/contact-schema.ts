import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '~/lib/validation';

export const CONTACT_CATEGORIES = [
  { value: 'general', label: 'Genel', responseTime: '24 saat' },
  { value: 'technical', label: 'Teknik Destek', responseTime: '2-4 saat' },
  { value: 'billing', label: 'Fatura ve Ödeme', responseTime: '24 saat' },
  { value: 'partnership', label: 'İş Birliği', responseTime: '1-3 gün' },
  { value: 'feedback', label: 'Geri Bildirim', responseTime: '24 saat' },
  { value: 'other', label: 'Diğer', responseTime: '24 saat' },
] as const;

export type ContactCategory = (typeof CONTACT_CATEGORIES)[number]['value'];

const CATEGORY_VALUES = CONTACT_CATEGORIES.map((category) => category.value) as [ContactCategory, ...ContactCategory[]];

export const CONTACT_MESSAGE_MAX = 2000;

export const contactMessages = {
  nameRequired: 'Ad soyad alanı zorunludur',
  emailRequired: 'E-posta adresi zorunludur',
  emailInvalid: INVALID_EMAIL_MESSAGE,
  categoryRequired: 'Lütfen bir kategori seçin',
  subjectRequired: 'Konu alanı zorunludur',
  messageRequired: 'Mesaj alanı zorunludur',
  messageTooLong: `Mesajınız en fazla ${CONTACT_MESSAGE_MAX} karakter olabilir`,
} as const;

/** All five fields are required (specification §5); the e-mail follows the shared e-mail rule. */
export const contactFormSchema = z.object({
  name: z.string().trim().min(1, contactMessages.nameRequired),
  email: z
    .string()
    .trim()
    .min(1, { error: contactMessages.emailRequired, abort: true })
    .refine(isValidEmail, contactMessages.emailInvalid)
    .transform((email) => email.toLowerCase()),
  category: z.string().pipe(z.enum(CATEGORY_VALUES, { error: contactMessages.categoryRequired })),
  subject: z.string().trim().min(1, contactMessages.subjectRequired),
  message: z
    .string()
    .trim()
    .min(1, { error: contactMessages.messageRequired, abort: true })
    .max(CONTACT_MESSAGE_MAX, contactMessages.messageTooLong),
});

export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;

export function isContactCategory(value: string | null): value is ContactCategory {
  return value !== null && (CATEGORY_VALUES as readonly string[]).includes(value);
}

export function contactCategory(value: ContactCategory) {
  return CONTACT_CATEGORIES.find((category) => category.value === value) ?? CONTACT_CATEGORIES[0];
}
