import { z } from 'zod';
import { adminListQuerySchema } from './admin-stores';
import { AVAILABILITY_VALUES } from './constants';
import { isPictureAddress } from './image-mirror-messages';
import { slugify } from './text';

/*
 * The admin products API (`/api/admin/products`, admins and moderators: ADR 016). The
 * specification's screen: filters (search, category, active), a table, create and edit modals,
 * delete with confirmation. Prices are not edited here: they come from store offers only (feeds).
 */

export const adminProductMessages = {
  notFound: 'Ürün bulunamadı',
  loadError: 'Ürünler yüklenirken hata oluştu',
  created: 'Ürün oluşturuldu',
  updated: 'Ürün güncellendi',
  deleted: 'Ürün silindi',
  nameRequired: 'Ürün adı zorunludur',
  brandRequired: 'Marka zorunludur',
  categoryRequired: 'Kategori seçin',
  categoryNotFound: 'Seçilen kategori bulunamadı',
  tooLong: (max: number) => `Bu alan en fazla ${max} karakter olabilir`,
  slugInvalid: 'Slug yalnızca küçük harf, rakam ve tire içerebilir',
  slugEmpty: 'Ürün adından slug üretilemedi; bir slug girin',
  slugTaken: 'Bu slug başka bir üründe kullanılıyor',
  gtinInvalid: 'GTIN 8, 12, 13 veya 14 haneli olmalıdır',
  gtinTaken: 'Bu GTIN başka bir üründe kullanılıyor',
  imagesRequired: 'En az bir görsel ekleyin',
  imageUrlInvalid: 'Görsel adresi geçerli bir http(s) adresi olmalıdır',
  tooManyImages: 'En fazla 20 görsel eklenebilir',
  availabilityInvalid: 'Stok durumu geçersiz',
  specificationsInvalid: 'Özellik adları ve değerleri boş olamaz (en fazla 100 özellik)',
  listTooLong: 'En fazla 50 madde eklenebilir',
  isActiveInvalid: 'Aktiflik true veya false olmalıdır',
  inUse: (parts: string) => `Bu ürünün ${parts} var; silinemez. Ürünü pasif yapabilirsiniz.`,
  deleteConfirm: (name: string) => `${name} ürününü silmek istediğinizden emin misiniz?`,
} as const;

/** The specification's labels; `limited` is ours. An unknown value reads as in stock (§4). */
export const AVAILABILITY_LABELS: Record<(typeof AVAILABILITY_VALUES)[number], string> = {
  'in-stock': 'Stokta',
  limited: 'Sınırlı Stok',
  'out-of-stock': 'Tükendi',
  'pre-order': 'Ön Sipariş',
  discontinued: 'Üretim Durduruldu',
};

export function availabilityLabel(value: string): string {
  return (AVAILABILITY_LABELS as Record<string, string>)[value] ?? AVAILABILITY_LABELS['in-stock'];
}

export const PRODUCT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const m = adminProductMessages;

const text = (max: number) => z.string().trim().max(max, m.tooLong(max));
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const httpUrl = z
  .string(m.imageUrlInvalid)
  .trim()
  .max(2000, m.imageUrlInvalid)
  .refine(isPictureAddress, m.imageUrlInvalid);

export const productImageSchema = z.object({
  url: httpUrl,
  alt: text(200).optional().default(''),
  isPrimary: z.boolean().optional().default(false),
});

const stringList = z.array(text(200)).max(50, m.listTooLong);

const productFields = {
  name: z.string(m.nameRequired).trim().min(1, m.nameRequired).max(200, m.tooLong(200)),
  /** Omitted or empty: made from the name (Turkish letters transliterated). */
  slug: z
    .string()
    .trim()
    .max(200, m.slugInvalid)
    .refine((v) => v === '' || PRODUCT_SLUG_PATTERN.test(v), m.slugInvalid)
    .optional(),
  brand: z.string(m.brandRequired).trim().min(1, m.brandRequired).max(100, m.tooLong(100)),
  model: optionalText(100),
  gtin: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^(\d{8}|\d{12,14})$/, m.gtinInvalid),
      z.null(),
    ])
    .optional()
    .transform((v) => (v === '' ? null : v)),
  description: optionalText(10_000),
  shortDescription: optionalText(500),
  /** A category or a subcategory id: a subcategory also sets its parent as the product's category. */
  category: z.string(m.categoryRequired).uuid(m.categoryRequired),
  /** At least one row (specification §5); the first primary one is the card image. */
  images: z.array(productImageSchema).min(1, m.imagesRequired).max(20, m.tooManyImages),
  specifications: z
    .record(
      z.string().trim().min(1, m.specificationsInvalid).max(100),
      z.string(m.specificationsInvalid).trim().min(1, m.specificationsInvalid).max(500, m.tooLong(500)),
      // A name that breaks its rule (empty, too long) is reported on the whole list.
      m.specificationsInvalid,
    )
    .refine((v) => Object.keys(v).length <= 100, m.specificationsInvalid)
    .optional()
    .default({}),
  features: stringList.optional().default([]),
  tags: stringList.optional().default([]),
  /** Missing: in stock. */
  availability: z.enum(AVAILABILITY_VALUES, m.availabilityInvalid).optional().default('in-stock'),
  isActive: z.boolean(m.isActiveInvalid).optional().default(true),
  isFeatured: z.boolean(m.isActiveInvalid).optional().default(false),
  seo: z
    .object({
      title: optionalText(200),
      description: optionalText(500),
      keywords: stringList.optional().default([]),
    })
    .optional(),
};

/** `POST /admin/products` body: the form's fields plus the seo object. */
export const adminProductCreateSchema = z.object(productFields);
export type AdminProductCreate = z.output<typeof adminProductCreateSchema>;
export type AdminProductInput = z.input<typeof adminProductCreateSchema>;

/** `PUT /admin/products/{id}` body: the form's fields (the screen sends them all). */
export const adminProductUpdateSchema = adminProductCreateSchema;
export type AdminProductUpdate = AdminProductCreate;

export function productSlugFor(name: string, slug?: string): string {
  return slug && slug !== '' ? slug : slugify(name);
}

const queryBoolean = z.enum(['true', 'false'], m.isActiveInvalid).transform((v) => v === 'true');

/** `GET /admin/products` query: `search` in name, brand and model (Turkish-insensitive). */
export const adminProductListQuerySchema = adminListQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  category: z.string().uuid(m.categoryNotFound).optional(),
  isActive: queryBoolean.optional(),
});
export type AdminProductListQuery = z.output<typeof adminProductListQuerySchema>;

export const adminProductIdParamsSchema = z.object({ id: z.string().uuid('Geçersiz ürün kimliği') });

/** The specification's "Admin product", plus the offer figures prices come from. */
export const adminProductSchema = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  model: z.string().nullable(),
  gtin: z.string().nullable(),
  description: z.string().nullable(),
  shortDescription: z.string().nullable(),
  category: z.object({ _id: z.string().uuid(), name: z.string() }),
  subcategory: z.object({ _id: z.string().uuid(), name: z.string() }).nullable(),
  images: z.array(z.object({ url: z.string(), alt: z.string(), isPrimary: z.boolean() })),
  specifications: z.record(z.string(), z.string()),
  features: z.array(z.string()),
  tags: z.array(z.string()),
  availability: z.enum(AVAILABILITY_VALUES),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  seo: z.object({ title: z.string().nullable(), description: z.string().nullable(), keywords: z.array(z.string()) }),
  averageRating: z.number(),
  ratingsCount: z.number().int(),
  /** From store offers (product_prices): null until a store offers it. TRY. */
  lowestPrice: z.number().nullable(),
  offerCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** One store offer of the product, as its edit screen shows it (`GET /admin/products/{id}/offers`). */
export const adminProductOfferSchema = z.object({
  _id: z.string().uuid(),
  store: z.object({ _id: z.string().uuid(), name: z.string(), isActive: z.boolean() }),
  /** TRY. */
  price: z.number(),
  availability: z.enum(AVAILABILITY_VALUES),
  isActive: z.boolean(),
  /** When the store last confirmed it, ISO. */
  confirmedAt: z.string(),
  /** Not confirmed within the store's freshness window (ADR 014): never the lowest price. */
  stale: z.boolean(),
});
export type AdminProductOffer = z.infer<typeof adminProductOfferSchema>;
