import { z } from 'zod';

/*
 * The admin system settings API (`/api/admin/settings`, admins only: ADR 016). The shapes and
 * ranges are those of ./settings; this module holds what only the back office uses.
 */

export const adminSettingsMessages = {
  loading: 'Ayarlar yükleniyor...',
  loadError: 'Ayarlar yüklenirken hata oluştu',
  empty: 'Ayarlar bulunamadı',
  saveError: 'Ayarlar kaydedilirken hata oluştu',
  saved: 'Ayarlar başarıyla kaydedildi',
  saving: 'Kaydediliyor...',
  unsaved: 'Kaydedilmemiş değişiklikleriniz var',
  resetConfirm: 'Tüm ayarları varsayılan değerlere sıfırlamak istediğinizden emin misiniz?',
  reset: 'Ayarlar varsayılan değerlere sıfırlandı',
  resetError: 'Ayarlar sıfırlanırken hata oluştu',
  exportError: 'Ayarlar dışa aktarılırken hata oluştu',
  exportLinkInvalid: 'İndirme bağlantısı geçersiz veya süresi dolmuş. Dışa aktarmayı yeniden başlatın.',
  emailTest: 'Deneme e-postası gönder',
  emailTestSending: 'Gönderiliyor...',
  emailTestSent: (to: string) => `Deneme e-postası ${to} adresine gönderildi`,
  emailTestLogged: (to: string) =>
    `SMTP sunucusu girilmediğinden (ne bu sekmede ne SMTP_URL ile) ${to} adresine gönderilecek deneme e-postası yalnızca sunucu günlüğüne yazıldı`,
  emailTestFailed: 'Deneme e-postası gönderilemedi. SMTP sunucusu bağlantıyı reddetti veya yanıt vermedi.',
  emailTestSubject: 'Kıyasla deneme e-postası',
} as const;

export const SETTINGS_TAB_LABELS = {
  general: 'Genel',
  api: 'API',
  security: 'Güvenlik',
  email: 'E-posta',
  payment: 'Ödeme',
  features: 'Özellikler',
  maintenance: 'Bakım',
} as const;

/** `GET /admin/settings/export`: a short-lived signed link to the JSON file (secrets left out). */
export const settingsExportSchema = z.object({ downloadUrl: z.string(), expiresAt: z.string() });
export type SettingsExport = z.infer<typeof settingsExportSchema>;

export const settingsExportQuerySchema = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/**
 * `POST /admin/settings/email/test`: one message to the signed-in admin's own address, sent at once
 * (not through the outbox) so the answer tells whether the mail server took it. `delivery` is
 * 'log' when no SMTP_URL is configured and the message only went to the server's log.
 */
export const emailTestResultSchema = z.object({ to: z.string(), delivery: z.enum(['smtp', 'log']) });
export type EmailTestResult = z.infer<typeof emailTestResultSchema>;

/** How long an export link works. */
export const SETTINGS_EXPORT_LINK_SECONDS = 300;
