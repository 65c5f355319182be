/** `messages.gates` (../messages.ts): pages that need a signed-in or Premium member. */
export const gatesMessages = {
  loginRequired: 'Giriş Gerekli',
  premiumRequired: 'Premium Gerekli',
  mustLogin: 'Giriş Yapmanız Gerekiyor',
  accessDenied: 'Erişim Reddedildi',
  unauthorizedAccess: 'Yetkisiz Erişim',
} as const;
