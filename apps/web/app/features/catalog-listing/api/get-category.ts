import type { Category, CategoryNode } from '@kiyasla/contracts/catalog';
import { apiGet, type ApiRequestInit } from '~/lib/api-client';

export type CategoryWithFamily = CategoryNode & { parentCategory: Category | null };

/**
 * `GET /categories/{slug}` for a top-level category, `GET /categories/{sub}?parent={slug}`
 * for a subcategory (subcategory slugs repeat across parents, e.g. 'gaming').
 */
export function getCategory(
  categorySlug: string,
  subcategorySlug: string | undefined,
  init?: ApiRequestInit,
): Promise<CategoryWithFamily> {
  const path = subcategorySlug
    ? `/categories/${encodeURIComponent(subcategorySlug)}?parent=${encodeURIComponent(categorySlug)}`
    : `/categories/${encodeURIComponent(categorySlug)}`;
  return apiGet<CategoryWithFamily>(path, init);
}
