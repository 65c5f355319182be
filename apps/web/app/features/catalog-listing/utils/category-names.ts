import { CATEGORY_SLUG_NAMES, SUBCATEGORY_SLUG_NAMES } from '@kiyasla/contracts/constants';

/** "akilli-saat" → "Akilli Saat": how an unknown slug is shown. */
export function capitaliseSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase('tr-TR') + word.slice(1))
    .join(' ');
}

/** The category's display name: the API's name when known, else the specification's map, else the slug capitalised. */
export function categoryName(slug: string, apiName?: string | null): string {
  return apiName || CATEGORY_SLUG_NAMES[slug] || capitaliseSlug(slug);
}

export function subcategoryName(categorySlug: string, slug: string, apiName?: string | null): string {
  return apiName || SUBCATEGORY_SLUG_NAMES[categorySlug]?.[slug] || capitaliseSlug(slug);
}
