import { z } from 'zod';

/*
 * Hidden trending searches (`/api/admin/search-terms`, admins and moderators): a term an
 * operator hides never appears in "Popüler aramalar" again, whatever its count. Terms are
 * matched the way trending groups them — by their folded words — so hiding "Samsung <u>" hides
 * "samsung u", "SAMSUNG U" and every other spelling of the same words.
 */

export const adminSearchTermMessages = {
  termRequired: 'Gizlenecek arama terimini girin',
  termTooLong: 'Arama terimi en fazla 100 karakter olabilir',
  termEmpty: 'Arama teriminde harf veya rakam bulunmalıdır',
  hidden: 'Arama terimi popüler aramalardan gizlendi',
  shown: 'Arama terimi yeniden popüler aramalarda gösteriliyor',
  notHidden: 'Bu arama terimi gizli değil',
  loadError: 'Arama terimleri yüklenirken hata oluştu',
} as const;

export const SEARCH_TERM_MAX_LENGTH = 100;

/** A term of the last 7 days' trending candidates, with its count and whether it is hidden. */
export const adminTrendingTermSchema = z.object({
  term: z.string(),
  /** The folded words trending groups by; what hiding acts on. */
  key: z.string(),
  count: z.number().int().nonnegative(),
  hidden: z.boolean(),
});
export type AdminTrendingTerm = z.infer<typeof adminTrendingTermSchema>;

export const hiddenSearchTermSchema = z.object({
  key: z.string(),
  /** The term as the operator hid it. */
  term: z.string(),
  hiddenAt: z.string(),
  hiddenBy: z.string().nullable(),
});
export type HiddenSearchTerm = z.infer<typeof hiddenSearchTermSchema>;

export const adminSearchTermsSchema = z.object({
  /** The most searched terms of the last 7 days (hidden ones included, marked). */
  trending: z.array(adminTrendingTermSchema),
  hidden: z.array(hiddenSearchTermSchema),
});
export type AdminSearchTerms = z.infer<typeof adminSearchTermsSchema>;

export const hideSearchTermSchema = z.object({
  term: z
    .string({ error: adminSearchTermMessages.termRequired })
    .trim()
    .min(1, adminSearchTermMessages.termRequired)
    .max(SEARCH_TERM_MAX_LENGTH, adminSearchTermMessages.termTooLong),
});
export type HideSearchTermRequest = z.infer<typeof hideSearchTermSchema>;

export const hiddenSearchTermParamsSchema = z.object({
  key: z
    .string()
    .min(1)
    .max(SEARCH_TERM_MAX_LENGTH * 2),
});
