import { z } from 'zod';
import { adminListQuerySchema } from './admin-stores';

/*
 * The audit log of the back office (`GET /api/admin/audit-log`, admins only; ADR 016): every
 * admin write, who made it and when, the entity before and after (secrets masked).
 */

/** Stable action codes, with the Turkish label the log page shows. */
export const AUDIT_ACTION_LABELS = {
  'store.create': 'Mağaza oluşturuldu',
  'store.update': 'Mağaza güncellendi',
  'store.delete': 'Mağaza silindi',
  'store.feed.upload': 'Ürün akışı yüklendi',
  'store.feed.pull': 'Ürün akışı hemen çekildi',
  'store.unmatched.match': 'Eşleşmeyen ürün eşleştirildi',
  'category.create': 'Kategori oluşturuldu',
  'category.update': 'Kategori güncellendi',
  'category.delete': 'Kategori silindi',
  'product.create': 'Ürün oluşturuldu',
  'product.update': 'Ürün güncellendi',
  'product.delete': 'Ürün silindi',
  'user.update': 'Kullanıcı güncellendi',
  'user.delete': 'Kullanıcı silindi',
  'settings.update': 'Ayarlar güncellendi',
  'settings.reset': 'Ayarlar sıfırlandı',
  'search-term.hide': 'Arama terimi gizlendi',
  'search-term.show': 'Arama terimi yeniden gösterildi',
  'notification.send': 'Sistem bildirimi gönderildi',
  'subscription.cancel': 'Abonelik iptal edildi',
  'payment.refund': 'Ödeme iade edildi',
  'review.update': 'Yorum onayı değiştirildi',
  'review.delete': 'Yorum silindi',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

export const AUDIT_ENTITY_LABELS = {
  store: 'Mağaza',
  'feed-unmatched-item': 'Eşleşmeyen ürün',
  'feed-import': 'Akış içe aktarımı',
  category: 'Kategori',
  product: 'Ürün',
  user: 'Kullanıcı',
  settings: 'Sistem ayarları',
  'search-term': 'Arama terimi',
  notification: 'Bildirim',
  subscription: 'Abonelik',
  payment: 'Ödeme',
  review: 'Yorum',
} as const;
export type AuditEntityType = keyof typeof AUDIT_ENTITY_LABELS;
export const AUDIT_ENTITY_TYPES = Object.keys(AUDIT_ENTITY_LABELS) as [AuditEntityType, ...AuditEntityType[]];

/** What replaces a secret's value in an audit entry (and in settings read back). */
export const SECRET_MASK = '••••••••';

export const auditMessages = {
  dateInvalid: 'Tarih YYYY-AA-GG biçiminde olmalıdır',
  rangeInvalid: 'Başlangıç tarihi bitiş tarihinden sonra olamaz',
  actionInvalid: 'Geçersiz işlem türü',
  entityInvalid: 'Geçersiz kayıt türü',
  loadError: 'Denetim kaydı yüklenirken hata oluştu',
  empty: 'Kayıt bulunamadı',
} as const;

/**
 * Whether `YYYY-MM-DD` names a day of the calendar. `Date` rolls an impossible day over
 * (2026-02-30 becomes 2026-03-02), so the day must come back unchanged.
 */
function isCalendarDay(value: string): boolean {
  const [year, month, dayOfMonth] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === dayOfMonth;
}

/** A calendar day (`2025-03-01`), read in Turkey's time (UTC+3 all year since 2016). */
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, auditMessages.dateInvalid)
  .refine(isCalendarDay, auditMessages.dateInvalid);

/** The start of `day` (`to`: the start of the next day) as an instant, Turkish time. */
export function turkishDayStart(value: string, { next = false } = {}): Date {
  const start = new Date(`${value}T00:00:00+03:00`);
  return next ? new Date(start.getTime() + 86_400_000) : start;
}

/** `GET /admin/audit-log` query. `actor`: the actor's id, or part of their e-mail. Days are inclusive. */
export const auditLogQuerySchema = adminListQuerySchema
  .extend({
    actor: z.string().trim().max(200).optional(),
    action: z.enum(AUDIT_ACTIONS, auditMessages.actionInvalid).optional(),
    entityType: z.enum(AUDIT_ENTITY_TYPES, auditMessages.entityInvalid).optional(),
    entityId: z.string().trim().max(200).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: auditMessages.rangeInvalid, path: ['to'] });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  _id: z.string().uuid(),
  actor: z.object({
    /** Null once the acting account was purged. */
    _id: z.string().uuid().nullable(),
    email: z.string(),
    role: z.string(),
  }),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
