import { z } from 'zod';
import { FEED_FORMATS, FEED_MODES } from './feeds';
import { isPictureAddress } from './image-mirror-messages';
import { slugify } from './text';
import { wholeNumberParam } from './query-number';

/*
 * The admin store API (`/api/admin/stores`, admins and moderators): stores with their feed
 * settings, the feed import history and the unmatched feed items queue. ADR 014.
 */

export const ADMIN_PAGE_SIZE = 10;
/** The scheduler never pulls a feed more often than this. */
export const FEED_MIN_INTERVAL_MINUTES = 15;
export const FEED_MAX_INTERVAL_MINUTES = 7 * 24 * 60;
export const DEFAULT_FRESHNESS_HOURS = 72;
export const MAX_FRESHNESS_HOURS = 24 * 365;

export const FEED_IMPORT_SOURCES = ['upload', 'cli', 'schedule'] as const;
export type FeedImportSource = (typeof FEED_IMPORT_SOURCES)[number];
export const FEED_IMPORT_STATUSES = ['running', 'succeeded', 'refused', 'held', 'failed', 'not-modified'] as const;
export type FeedImportStatus = (typeof FEED_IMPORT_STATUSES)[number];

export const adminStoreMessages = {
  nameRequired: 'Mağaza adı zorunludur',
  nameTooLong: 'Mağaza adı en fazla 100 karakter olabilir',
  slugInvalid: 'Slug yalnızca küçük harf, rakam ve tire içerebilir',
  slugEmpty: 'Mağaza adından slug üretilemedi; bir slug girin',
  slugTaken: 'Bu slug başka bir mağazada kullanılıyor',
  urlInvalid: 'Geçerli bir http(s) adresi girin',
  feedIntervalMin: `Besleme aralığı en az ${FEED_MIN_INTERVAL_MINUTES} dakika olmalıdır`,
  feedIntervalMax: 'Besleme aralığı en fazla 7 gün olabilir',
  feedIntervalInteger: 'Besleme aralığı tam sayı (dakika) olmalıdır',
  freshnessRange: 'Güncellik süresi 1 ile 8760 saat arasında olmalıdır',
  storeHasOffers: (count: number) =>
    `Bu mağazanın ${count} teklifi ve fiyat geçmişi var; silinemez. Mağazayı pasif yapabilirsiniz.`,
  deleted: 'Mağaza silindi',
  created: 'Mağaza oluşturuldu',
  updated: 'Mağaza güncellendi',
  unmatchedNotFound: 'Eşleşmeyen ürün bulunamadı',
  alreadyMatched: 'Bu ürün zaten bir ürünle eşleştirilmiş',
  skuOfferConflict: 'Bu mağazanın bu ürün için başka bir stok koduyla teklifi var',
  matched: 'Ürün eşleştirildi; sonraki içe aktarımda teklif güncellenecek',
  feedUrlMissing: 'Bu mağazanın besleme adresi yok; önce mağazaya bir besleme adresi girin.',
  pulled: 'Besleme çekildi',
  /** `size` as people write it: "50 MB", "64 KB". */
  feedTooLarge: (size: string) => `Akış dosyası en fazla ${size} olabilir.`,
  feedUnsupportedType:
    'Akış application/json, text/csv veya application/xml içerik türüyle gönderilmelidir (gzip sıkıştırılmış olabilir).',
} as const;

const httpUrl = z
  .string()
  .trim()
  .max(2000, adminStoreMessages.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, adminStoreMessages.urlInvalid);

/** Optional URL fields: an empty string clears them, like null. */
const optionalUrl = z
  .union([z.literal(''), httpUrl, z.null()])
  .optional()
  .transform((v) => (v === '' ? null : v));

/**
 * A logo: an http(s) address (a picture on another site is downloaded at save, ADR 021) or a site
 * path (/api/media/files/…), which is how a kept logo comes back to the form.
 */
const optionalLogo = z
  .union([
    z.literal(''),
    z.string().trim().max(2000, adminStoreMessages.urlInvalid).refine(isPictureAddress, adminStoreMessages.urlInvalid),
    z.null(),
  ])
  .optional()
  .transform((v) => (v === '' ? null : v));

/** The specification's slug rule, after transliterating Turkish letters (CONVENTIONS.md). */
export const STORE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const storeFields = {
  name: z
    .string(adminStoreMessages.nameRequired)
    .trim()
    .min(1, adminStoreMessages.nameRequired)
    .max(100, adminStoreMessages.nameTooLong),
  /** Omitted or empty: made from the name with `slugify` ('Çiçek Sepeti' → `cicek-sepeti`). */
  slug: z
    .string()
    .trim()
    .max(100, adminStoreMessages.slugInvalid)
    .refine((v) => v === '' || STORE_SLUG_PATTERN.test(v), adminStoreMessages.slugInvalid)
    .optional(),
  logo: optionalLogo,
  website: optionalUrl,
  feedUrl: optionalUrl,
  feedIntervalMinutes: z
    .number(adminStoreMessages.feedIntervalInteger)
    .int(adminStoreMessages.feedIntervalInteger)
    .min(FEED_MIN_INTERVAL_MINUTES, adminStoreMessages.feedIntervalMin)
    .max(FEED_MAX_INTERVAL_MINUTES, adminStoreMessages.feedIntervalMax)
    .nullable()
    .optional(),
  freshnessHours: z
    .number(adminStoreMessages.freshnessRange)
    .int(adminStoreMessages.freshnessRange)
    .min(1, adminStoreMessages.freshnessRange)
    .max(MAX_FRESHNESS_HOURS, adminStoreMessages.freshnessRange)
    .optional(),
  isActive: z.boolean().optional(),
};

/** `POST /admin/stores` body. */
export const adminStoreCreateSchema = z.object(storeFields);
export type AdminStoreCreate = z.output<typeof adminStoreCreateSchema>;

/** `PUT /admin/stores/{id}` body: the fields to change (an omitted field keeps its value). */
export const adminStoreUpdateSchema = z.object({ ...storeFields, name: storeFields.name.optional() });
export type AdminStoreUpdate = z.output<typeof adminStoreUpdateSchema>;

/** The slug a store gets: the one given, else the name's (empty when the name has no letters or digits). */
export function storeSlugFor(name: string, slug?: string): string {
  return slug && slug !== '' ? slug : slugify(name);
}

export const adminListQuerySchema = z.object({
  page: wholeNumberParam(1, 10_000).default(1),
  limit: wholeNumberParam(1, 100).default(ADMIN_PAGE_SIZE),
});

/** `GET /admin/stores` query: `q` searches names (Turkish-insensitive). */
export const adminStoreListQuerySchema = adminListQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
});
export type AdminStoreListQuery = z.output<typeof adminStoreListQuerySchema>;

export const feedRejectedSampleSchema = z.object({
  /** 1-based line (CSV) or item index (JSON, XML) in the feed. */
  line: z.number().int(),
  sku: z.string().nullable(),
  reason: z.string(),
});

/** What an import did; kept in `feed_imports.report`. */
export const feedImportReportSchema = z.object({
  received: z.number().int(),
  matched: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  deactivated: z.number().int(),
  unmatched: z.number().int(),
  rejected: z.number().int(),
  priceChanges: z.number().int(),
  /** The first rejected items (a bounded sample; `rejected` is the count). */
  rejectedSamples: z.array(feedRejectedSampleSchema),
  /** The first price changes (a bounded sample; `priceChanges` is the count), TRY. */
  priceChangeSamples: z
    .array(
      z.object({
        sku: z.string(),
        productId: z.string().uuid(),
        oldPrice: z.number(),
        newPrice: z.number(),
      }),
    )
    .default([]),
  /**
   * A full feed held as suspicious (status held): the active offers it would have deactivated
   * and how many the store had. Null otherwise.
   */
  held: z.object({ wouldDeactivate: z.number().int(), activeOffers: z.number().int() }).nullable().default(null),
  durationMs: z.number().int(),
});
export type FeedImportReport = z.infer<typeof feedImportReportSchema>;

/** One entry of the import history. */
export const feedImportSchema = z.object({
  _id: z.string().uuid(),
  source: z.enum(FEED_IMPORT_SOURCES),
  format: z.enum(FEED_FORMATS).nullable(),
  mode: z.enum(FEED_MODES).nullable(),
  status: z.enum(FEED_IMPORT_STATUSES),
  forced: z.boolean(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  report: feedImportReportSchema.nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** Who started it (null for the scheduler and the CLI). */
  userId: z.string().uuid().nullable(),
});
export type FeedImport = z.infer<typeof feedImportSchema>;

/** The store as the back office sees it. */
export const adminStoreSchema = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  feedUrl: z.string().nullable(),
  feedIntervalMinutes: z.number().int().nullable(),
  freshnessHours: z.number().int(),
  isActive: z.boolean(),
  offerCount: z.number().int(),
  activeOfferCount: z.number().int(),
  unmatchedCount: z.number().int(),
  feedNextPullAt: z.string().nullable(),
  feedLastSuccessAt: z.string().nullable(),
  lastImport: feedImportSchema
    .pick({ _id: true, source: true, status: true, startedAt: true, finishedAt: true, report: true })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminStore = z.infer<typeof adminStoreSchema>;

/** A feed item that matched no product, as last received. */
export const feedUnmatchedItemSchema = z.object({
  _id: z.string().uuid(),
  sku: z.string(),
  gtin: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  title: z.string().nullable(),
  /** TRY, as in the feed. */
  price: z.number().nullable(),
  url: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  timesSeen: z.number().int(),
  resolvedProductId: z.string().uuid().nullable(),
  resolvedBy: z.string().uuid().nullable(),
  resolvedAt: z.string().nullable(),
});
export type FeedUnmatchedItem = z.infer<typeof feedUnmatchedItemSchema>;

/** `POST /admin/stores/{id}/unmatched/{itemId}/match` body. */
export const feedMatchRequestSchema = z.object({
  productId: z.string('Ürün seçin').uuid('Geçerli bir ürün seçin'),
});
export type FeedMatchRequest = z.infer<typeof feedMatchRequestSchema>;

/** `POST /admin/stores/{id}/feed` query. */
export const feedUploadQuerySchema = z.object({
  /** The mode of a CSV or XML feed (a JSON feed may state its own). */
  mode: z.enum(FEED_MODES, 'mode "full" ya da "partial" olmalıdır').optional(),
  /** Deactivate absent offers even when that is more than half of the store's offers. */
  force: z
    .enum(['true', 'false'], 'force "true" ya da "false" olmalıdır')
    .optional()
    .transform((v) => v === 'true'),
});
export type FeedUploadQuery = z.output<typeof feedUploadQuerySchema>;

export const adminStoreIdParamsSchema = z.object({ id: z.string().uuid('Geçersiz mağaza kimliği') });
export const adminUnmatchedParamsSchema = adminStoreIdParamsSchema.extend({
  itemId: z.string().uuid('Geçersiz kayıt kimliği'),
});
