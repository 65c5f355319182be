import { describe, expect, it } from 'vitest';
import { passwordChangeSchema } from './password-change-schema';

const messagesOf = (input: Record<string, string>, ...args: Parameters<typeof passwordChangeSchema>) =>
  passwordChangeSchema(...args)
    .safeParse(input)
    .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('passwordChangeSchema', () => {
  it("uses the specification's messages", () => {
    expect(messagesOf({ currentPassword: 'x', newPassword: 'kisa', confirmPassword: 'kisa' })).toEqual([
      'newPassword: Şifre en az 8 karakter olmalıdır!',
    ]);
    expect(messagesOf({ currentPassword: 'x', newPassword: 'uzunsifre1', confirmPassword: 'uzunsifre2' })).toEqual([
      'confirmPassword: Yeni şifreler eşleşmiyor!',
    ]);
  });

  it('does not enforce case, digits or symbols', () => {
    expect(messagesOf({ currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual([]);
  });

  it('asks for the current password only when the account has one', () => {
    expect(messagesOf({ currentPassword: '', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual([
      'currentPassword: Mevcut şifrenizi girin',
    ]);
    expect(messagesOf({ currentPassword: '', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }, 8, false)).toEqual(
      [],
    );
  });

  it('follows the operators’ minimum length', () => {
    expect(messagesOf({ currentPassword: 'x', newPassword: 'abcdefghij', confirmPassword: 'abcdefghij' }, 12)).toEqual([
      'newPassword: Şifre en az 12 karakter olmalıdır!',
    ]);
  });
});
