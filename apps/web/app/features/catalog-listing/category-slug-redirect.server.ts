/**
 * A category address the API refuses as malformed (400: a slug outside `[a-z0-9-]`, such as
 * `/category/kulaklık`, `/category/beyaz-eşya` or `/category/telefon%20`), or does not know in
 * another case than the catalogue's (404: `/category/Telefon`; slugs are lower case), is not an
 * error of the site but an address people type or paste: when it folds (Turkish letters
 * transliterated, lower-cased, trimmed) to an existing category's slug it moves there for good
 * (301); otherwise it is the category's 404. Server only: the browser never runs the category loader.
 */
import type { AppLoadContext } from 'react-router';
import type { Category } from '@kiyasla/contracts/catalog';
import { foldTurkish } from '@kiyasla/contracts/text';
import { getCategories } from '~/entities/category/api/get-categories';
import { categoryHref } from '~/entities/category/utils/categories';
import { refuseIfRateLimited } from '~/lib/rate-limited';

/** "Kulaklık " → "kulaklik", "Beyaz-Eşya" → "beyaz-esya" (İ → i, I → ı → i). */
export function foldCategorySlug(slug: string): string {
  return foldTurkish(slug.trim());
}

/** Whether the slugs are already folded: `Telefon` is not (no category's slug is), `telefon` is. */
export function isFoldedAddress(categorySlug: string, subcategorySlug: string | undefined): boolean {
  return [categorySlug, subcategorySlug ?? ''].every((slug) => foldCategorySlug(slug) === slug);
}

/** The path of the existing category the slugs fold to, or null when there is none. */
export function foldedCategoryPath(
  categories: readonly Pick<Category, '_id' | 'slug' | 'parent'>[],
  categorySlug: string,
  subcategorySlug: string | undefined,
): string | null {
  const top = categories.find((c) => c.parent === null && c.slug === foldCategorySlug(categorySlug));
  if (!top) return null;
  if (subcategorySlug === undefined) return categoryHref(top.slug);
  const sub = categories.find((c) => c.parent === top._id && c.slug === foldCategorySlug(subcategorySlug));
  return sub ? categoryHref(top.slug, sub.slug) : null;
}

/** Where a malformed category address moves (path and the request's query), or null for a 404. */
export async function movedCategoryAddress(
  categorySlug: string,
  subcategorySlug: string | undefined,
  url: URL,
  init: { context?: AppLoadContext; signal?: AbortSignal },
): Promise<string | null> {
  let categories: Category[];
  try {
    categories = await getCategories(init);
  } catch (reason) {
    refuseIfRateLimited(reason);
    if (reason instanceof DOMException && reason.name === 'AbortError') throw reason;
    return null; // The list is unavailable: the address is still not a category's.
  }
  const path = foldedCategoryPath(categories, categorySlug, subcategorySlug);
  // Never to itself: a slug the API refused cannot be an existing one, but a loop would be worse.
  return path && path !== url.pathname ? `${path}${url.search}` : null;
}
