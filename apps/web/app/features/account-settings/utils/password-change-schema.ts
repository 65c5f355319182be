import { z } from 'zod';
import { DEFAULT_PASSWORD_MIN_LENGTH } from '@kiyasla/contracts/user';
import { authMessages } from '@kiyasla/contracts/messages/auth';

export const CURRENT_PASSWORD_REQUIRED = 'Mevcut şifrenizi girin';

/** "Şifre en az 8 karakter olmalıdır!" — the specification's wording, with the operators' minimum. */
export function minLengthMessage(minLength: number): string {
  return `Şifre en az ${minLength} karakter olmalıdır!`;
}

/**
 * The password form of account settings (spec §5): new and confirmation must match ('Yeni
 * şifreler eşleşmiyor!') and be at least the minimum length; case, digit and symbol are shown as
 * hints only — the server still applies the full policy and explains when it refuses.
 */
export function passwordChangeSchema(minLength = DEFAULT_PASSWORD_MIN_LENGTH, needsCurrent = true) {
  return z
    .object({
      currentPassword: needsCurrent ? z.string().min(1, CURRENT_PASSWORD_REQUIRED) : z.string(),
      newPassword: z.string().refine((v) => [...v].length >= minLength, minLengthMessage(minLength)),
      confirmPassword: z.string(),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      path: ['confirmPassword'],
      message: authMessages.newPasswordsMismatch,
    });
}
export type PasswordChangeValues = z.output<ReturnType<typeof passwordChangeSchema>>;
