import { z } from 'zod';
import { adminListQuerySchema } from './admin-stores';

/*
 * Review moderation in the back office (`/api/admin/reviews`, admins and moderators: ADR 016).
 * A new review waits unapproved; only approved ones are shown on the product page and counted in
 * its rating.
 */

export const adminReviewMessages = {
  loading: 'Yorumlar yükleniyor...',
  loadError: 'Yorumlar yüklenirken hata oluştu',
  empty: 'Yorum bulunamadı',
  notFound: 'Yorum bulunamadı',
  approved: 'Yorum onaylandı; ürün sayfasında gösteriliyor',
  unapproved: 'Yorumun onayı kaldırıldı; ürün sayfasında gösterilmiyor',
  deleted: 'Yorum silindi',
  deleteConfirm: 'Bu yorumu silmek istediğinizden emin misiniz?',
  statusInvalid: 'Durum bekleyen, onaylı veya tümü olmalıdır',
  isApprovedInvalid: 'Onay durumu true veya false olmalıdır',
} as const;

export const REVIEW_MODERATION_STATUSES = ['pending', 'approved', 'all'] as const;
export type ReviewModerationStatus = (typeof REVIEW_MODERATION_STATUSES)[number];
export const REVIEW_MODERATION_STATUS_LABELS: Record<ReviewModerationStatus, string> = {
  pending: 'Onay bekleyen',
  approved: 'Onaylı',
  all: 'Tümü',
};

/** `GET /admin/reviews`: pending first by default; `search` looks in the product, author, title and text. */
export const adminReviewListQuerySchema = adminListQuerySchema.extend({
  status: z.enum(REVIEW_MODERATION_STATUSES, adminReviewMessages.statusInvalid).default('pending'),
  search: z.string().trim().max(100).optional(),
});
export type AdminReviewListQuery = z.output<typeof adminReviewListQuerySchema>;

export const adminReviewIdParamsSchema = z.object({ id: z.string().uuid('Geçersiz yorum kimliği') });

export const adminReviewUpdateSchema = z.object({
  isApproved: z.boolean(adminReviewMessages.isApprovedInvalid),
});
export type AdminReviewUpdate = z.infer<typeof adminReviewUpdateSchema>;

export const adminReviewSchema = z.object({
  _id: z.string().uuid(),
  product: z.object({ _id: z.string().uuid(), name: z.string() }),
  authorName: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string().nullable(),
  comment: z.string().nullable(),
  isApproved: z.boolean(),
  createdAt: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
