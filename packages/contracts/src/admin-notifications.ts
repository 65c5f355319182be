import { z } from 'zod';
import { USER_ROLES } from './constants';

/** POST /api/admin/notifications: a `system` notification to every user or to one role (admins only). */
export const SYSTEM_NOTIFICATION_AUDIENCES = ['all', ...USER_ROLES] as const;
export type SystemNotificationAudience = (typeof SYSTEM_NOTIFICATION_AUDIENCES)[number];

export const AUDIENCE_LABELS: Record<SystemNotificationAudience, string> = {
  all: 'Tüm kullanıcılar',
  user: 'Kullanıcılar',
  moderator: 'Moderatörler',
  admin: 'Yöneticiler',
};

export const adminNotificationMessages = {
  titleRequired: 'Başlık girin.',
  titleTooLong: 'Başlık en fazla 120 karakter olabilir.',
  messageRequired: 'Mesaj girin.',
  messageTooLong: 'Mesaj en fazla 1000 karakter olabilir.',
  audienceInvalid: 'Geçersiz alıcı grubu.',
  sent: (n: number) => `Bildirim ${n.toLocaleString('tr-TR')} kullanıcıya gönderildi.`,
  sendError: 'Bildirim gönderilirken bir hata oluştu.',
} as const;
const m = adminNotificationMessages;

export const systemNotificationSchema = z.object({
  title: z.string().trim().min(1, m.titleRequired).max(120, m.titleTooLong),
  message: z.string().trim().min(1, m.messageRequired).max(1000, m.messageTooLong),
  audience: z.enum(SYSTEM_NOTIFICATION_AUDIENCES, m.audienceInvalid).default('all'),
});
export type SystemNotificationInput = z.input<typeof systemNotificationSchema>;

export const systemNotificationResultSchema = z.object({ recipients: z.number().int() });
