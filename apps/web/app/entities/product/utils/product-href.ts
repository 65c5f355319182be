/** The address of a product page. */
export function productHref(id: string): string {
  return `/product/${encodeURIComponent(id)}`;
}
