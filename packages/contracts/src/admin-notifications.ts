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
  idempotencyKeyRequired: 'Gönderim anahtarı (Idempotency-Key başlığı) eksik. Sayfayı yenileyip yeniden deneyin.',
  idempotencyKeyInvalid: 'Gönderim anahtarı (Idempotency-Key başlığı) bir UUID olmalı.',
  idempotencyKeyReused: 'Bu gönderim anahtarı başka bir bildirim için kullanıldı. Yeni bir bildirim olarak gönderin.',
} as const;
const m = adminNotificationMessages;

export const systemNotificationSchema = z.object({
  title: z.string().trim().min(1, m.titleRequired).max(120, m.titleTooLong),
  message: z.string().trim().min(1, m.messageRequired).max(1000, m.messageTooLong),
  audience: z.enum(SYSTEM_NOTIFICATION_AUDIENCES, m.audienceInvalid).default('all'),
});
export type SystemNotificationInput = z.input<typeof systemNotificationSchema>;

/**
 * The send's idempotency key: a UUID the client makes once per composed message (the form: at the
 * first attempt, kept for its retries, replaced after a success or an edit). The server uses it as
 * the send's id, so the same key sent again resumes that send and answers its outcome instead of
 * notifying anyone twice (apps/api/src/modules/notifications/system-notifications.ts).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const ADMIN_NOTIFICATION_ERROR_CODES = {
  /** 400: no `Idempotency-Key` header (message `idempotencyKeyRequired`). */
  keyRequired: 'IDEMPOTENCY_KEY_REQUIRED',
  /** 400: the header is not a UUID (message `idempotencyKeyInvalid`). */
  keyInvalid: 'IDEMPOTENCY_KEY_INVALID',
  /** 422: the key already names a send of another title, message or audience (`idempotencyKeyReused`). */
  keyReused: 'IDEMPOTENCY_KEY_REUSED',
} as const;

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** The request headers of POST /api/admin/notifications (Fastify reads header names in lower case). */
export const systemNotificationHeadersSchema = z.object({
  'idempotency-key': z
    .string(m.idempotencyKeyRequired)
    .trim()
    .regex(UUID, m.idempotencyKeyInvalid)
    .transform((key) => key.toLowerCase()),
});

export const systemNotificationResultSchema = z.object({ recipients: z.number().int() });
