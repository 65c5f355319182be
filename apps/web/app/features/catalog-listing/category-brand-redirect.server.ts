/**
 * A brand in a category address in another case than the catalogue's (`?brand=apple`,
 * `?brand=ARÇELİK`) lists the same products as the catalogue's spelling (the API folds it), so it
 * is another address of one listing: it moves there for good (301), like a slug that folds
 * (category-slug-redirect.server.ts), and search engines index one address. The spellings come
 * from the listing's own facets (the brand counts, which leave out the brand filter): no request
 * of its own. Server only: the browser never runs the category loader.
 */
import type { Facets } from '@kiyasla/contracts/catalog';
import { sameBrand } from '~/entities/listing/utils/listing-params';

/** The catalogue's spelling of a typed brand; the typed value when it is one, or folds to none. */
function catalogSpelling(typed: string, brands: Facets['brands']): string {
  const brand = typed.trim();
  if (brands.some((b) => b.value === brand)) return typed;
  return brands.find((b) => sameBrand(b.value, brand))?.value ?? typed;
}

/**
 * The query with the catalogue's spellings of its brands (every other parameter kept, in its
 * order; a brand repeated in several cases once), or null when they are spelt so already.
 */
export function catalogBrandSearch(search: URLSearchParams, brands: Facets['brands']): string | null {
  const typed = [...search];
  const entries = typed.map(([key, value]): [string, string] =>
    key === 'brand' ? [key, catalogSpelling(value, brands)] : [key, value],
  );
  if (entries.every(([, value], i) => value === typed[i]![1])) return null;
  const seen = new Set<string>();
  const kept = entries.filter(([key, value]) => key !== 'brand' || (!seen.has(value) && seen.add(value)));
  return `?${new URLSearchParams(kept)}`;
}
