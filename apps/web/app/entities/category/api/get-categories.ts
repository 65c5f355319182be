import type { Category } from '@kiyasla/contracts/catalog';
import { apiGet, type ApiRequestInit } from '~/lib/api-client';

/** `GET /categories`: the flat list (top-level and subcategories), ordered by `order`. */
export function getCategories(init?: ApiRequestInit): Promise<Category[]> {
  return apiGet<Category[]>('/categories', init);
}
