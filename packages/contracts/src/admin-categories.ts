import { z } from 'zod';
import { adminListQuerySchema } from './admin-stores';
import { isPictureAddress } from './image-mirror-messages';
import { slugify } from './text';

/*
 * The admin categories API (`/api/admin/categories`, admins and moderators: ADR 016). The
 * specification's screen: search, table, create and edit modals, delete with confirmation. The
 * tree has two levels (a category and its subcategories: the public routes are
 * /category/{category}/{subcategory}), slugs are unique among siblings (ADR 003).
 */

/** The product form's dropdown asks for 100 at once (specification §9). */
export const CATEGORY_DROPDOWN_LIMIT = 100;

export const adminCategoryMessages = {
  notFound: 'Kategori bulunamadı',
  loadError: 'Kategoriler yüklenirken hata oluştu',
  created: 'Kategori oluşturuldu',
  updated: 'Kategori güncellendi',
  deleted: 'Kategori silindi',
  nameRequired: 'Kategori adı zorunludur',
  nameTooLong: 'Kategori adı en fazla 100 karakter olabilir',
  slugInvalid: 'Slug yalnızca küçük harf, rakam ve tire içerebilir',
  slugEmpty: 'Kategori adından slug üretilemedi; bir slug girin',
  slugTaken: 'Bu slug aynı üst kategoride başka bir kategoride kullanılıyor',
  orderInvalid: 'Sıra bir tam sayı olmalıdır',
  urlInvalid: 'Geçerli bir http(s) adresi girin',
  textTooLong: (max: number) => `Bu alan en fazla ${max} karakter olabilir`,
  parentNotFound: 'Seçilen üst kategori bulunamadı',
  parentSelf: 'Bir kategori kendi üst kategorisi olamaz',
  parentNotTopLevel: 'Üst kategori bir ana kategori olmalıdır (kategoriler iki seviyelidir)',
  parentHasChildren: 'Alt kategorileri olan bir kategori başka bir kategorinin altına taşınamaz',
  hasProducts: (count: number) =>
    `Bu kategoride ${count} ürün bulunuyor. Kategoriyi silmeden önce ürünleri başka bir kategoriye taşıyın veya silin.`,
  hasChildren: (count: number) =>
    `Bu kategorinin ${count} alt kategorisi var. Önce alt kategorileri taşıyın veya silin.`,
  deleteConfirm: (name: string) => `${name} kategorisini silmek istediğinizden emin misiniz?`,
} as const;

/** The specification's slug rule after transliterating Turkish letters ('Beyaz Eşya' → `beyaz-esya`). */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, adminCategoryMessages.textTooLong(max))
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const imageUrl = z
  .union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(2000, adminCategoryMessages.urlInvalid)
      .refine(isPictureAddress, adminCategoryMessages.urlInvalid),
    z.null(),
  ])
  .optional()
  .transform((v) => (v === '' ? null : v));

/** The order as the form sends it: an integer or a numeric string; empty is 0. */
const orderValue = z.union([z.number(adminCategoryMessages.orderInvalid), z.string().trim()]).transform((v, ctx) => {
  if (v === '') return 0;
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isInteger(n) || Math.abs(n) > 1_000_000) {
    ctx.addIssue({ code: 'custom', message: adminCategoryMessages.orderInvalid });
    return z.NEVER;
  }
  return n;
});

const categoryFields = {
  name: z
    .string(adminCategoryMessages.nameRequired)
    .trim()
    .min(1, adminCategoryMessages.nameRequired)
    .max(100, adminCategoryMessages.nameTooLong),
  /** Omitted or empty: made from the name with `slugify`. */
  slug: z
    .string()
    .trim()
    .max(100, adminCategoryMessages.slugInvalid)
    .refine((v) => v === '' || CATEGORY_SLUG_PATTERN.test(v), adminCategoryMessages.slugInvalid)
    .optional(),
  description: optionalText(2000),
  image: imageUrl,
  icon: optionalText(16),
  /** The parent category's id; null or empty: a top-level category. */
  parent: z
    .union([z.literal(''), z.string().uuid(adminCategoryMessages.parentNotFound), z.null()])
    .optional()
    .transform((v) => (v === '' ? null : v)),
  isActive: z.boolean().optional(),
  order: orderValue.optional().transform((v) => v ?? 0),
  /** Empty: the name (specification §5 copies the name into the SEO title). */
  seoTitle: optionalText(200),
  seoDescription: optionalText(500),
};

/** `POST /admin/categories` body: the form's fields. */
export const adminCategoryCreateSchema = z.object(categoryFields);
export type AdminCategoryCreate = z.output<typeof adminCategoryCreateSchema>;
export type AdminCategoryInput = z.input<typeof adminCategoryCreateSchema>;

/** `PUT /admin/categories/{id}` body: the form's fields (an omitted one keeps its value). */
export const adminCategoryUpdateSchema = z.object({
  ...categoryFields,
  name: categoryFields.name.optional(),
  order: orderValue.optional(),
});
export type AdminCategoryUpdate = z.output<typeof adminCategoryUpdateSchema>;

export function categorySlugFor(name: string, slug?: string): string {
  return slug && slug !== '' ? slug : slugify(name);
}

/** `GET /admin/categories` query: `search` looks in names and slugs (Turkish-insensitive). */
export const adminCategoryListQuerySchema = adminListQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export type AdminCategoryListQuery = z.output<typeof adminCategoryListQuerySchema>;

export const adminCategoryIdParamsSchema = z.object({ id: z.string().uuid('Geçersiz kategori kimliği') });

/** The specification's Category, as the back office sees it (inactive ones too). */
export const adminCategorySchema = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  icon: z.string().nullable(),
  parent: z.object({ _id: z.string().uuid(), name: z.string() }).nullable(),
  isActive: z.boolean(),
  order: z.number().int(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  /** Products in it or in it as their subcategory (active or not). */
  productCount: z.number().int(),
  childCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
